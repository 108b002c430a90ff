/* The lesson's symbols in a page's named formula: a symbol the page
 * never defined but whose index names entries -- w_{2,1}, \alpha_{12},
 * Z_{\text{rises}}, a^{(2)}_{1,3}, x'_{2,1} -- stands for that entry of
 * the lesson, as a path does in a claim (docs/cli.md, "Named formulas").
 * The page reader keeps such a symbol as written between
 * EXATTN_PAGE_FREE_SYMBOL's bytes; here each is replaced by its
 * quantity's exact or named form (a block's named entry by a reference
 * to its node, block_refs.c), so that the formula is evaluated and
 * proved like any other.
 *
 * A head lesson's symbols are the ones textbooks use (w, a, \alpha for
 * weights, s for scores, Z for the denominator, o for outputs, q, k, v
 * for the rows of Q, K, V); a block's are its stage table's
 * (src/block/stages.c).  s is read two ways in a head lesson, as the
 * scaled score (exattn's own pages) and as q k^T (many textbooks): a
 * formula passes under either.  A symbol that names no single entry --
 * a vector (o_2 with d_v > 1), an index out of range, an unknown label
 * or letter -- leaves the formula unread.
 *
 * Here: a symbol as written, in parts (base, font, head, indices as
 * texts); what it names is symbol_refs.c's, the formula written out
 * symbol_forms.c's. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"
#include "audit/decide.h"
#include "audit/symbols.h"
#include "claims/read.h"
#include "expr/expr.h"
#include "expr/row_node.h"
#include "row/named.h"

/* ---- reading a symbol ------------------------------------------------- */

/* Is [s, s + n) digits, and some? */
static int
all_digits(const char *s, size_t n)
{
    size_t k;

    for (k = 0; k < n && isdigit((unsigned char)s[k]); k++)
        ;
    return n > 0 && k == n;
}

/* The base of a symbol starting with a letter: the letter; or, before
 * an index in brackets, exattn's text notation's letters and head
 * number (H1[2,2], ca[2,1], zc[1,2]).  Its length. */
static size_t
text_base(const char *s, size_t n)
{
    size_t k = 0;

    /* μ, σ², σ'², μc: Greek letters, superscripts and primes */
    while (k < n && k < 12
           && (isalpha((unsigned char)s[k]) || (unsigned char)s[k] >= 0x80
               || (k > 0 && s[k] == '\'')))
        k++;
    while (k < n && isdigit((unsigned char)s[k]))
        k++;
    return k < n && s[k] == '[' ? k : 1;
}

/* A square set before the index, "^2" or "^{2}" then '_' (\sigma^2_{2}):
 * part of the symbol's base, written "^2" (a variance's symbol in the
 * stage table, src/block/stages.c).  The bytes it takes. */
static size_t
put_square(symbol *y, const char *s, size_t n)
{
    size_t len = n >= 3 && strncmp(s, "^2_", 3) == 0 ? 2
                 : n >= 5 && strncmp(s, "^{2}_", 5) == 0 ? 4 : 0;
    size_t have = strlen(y->base);

    if (len == 0 || have + 3 > sizeof y->base)
        return 0;
    memcpy(y->base + have, "^2", 3);
    return len;
}

/* {\sigma'}^2_{2}: the braces set the prime under the square; the
 * symbol is the one without them, \sigma'^2_{2}.  [0, end) is the brace
 * group. */
static int
squared_braced(symbol *y, const char *s, size_t end, size_t n)
{
    char buf[160];

    if (end < 3 || n - 2 >= sizeof buf
        || !((n - end > 2 && strncmp(s + end, "^2_", 3) == 0)
             || (n - end > 4 && strncmp(s + end, "^{2}_", 5) == 0)))
        return 0;
    memcpy(buf, s + 1, end - 2);
    memcpy(buf + end - 2, s + end, n - end);
    return exattn_audit__read_symbol(y, buf, n - 2);
}

/* The brace group at s[k] ('{'): past its close, or 0. */
static size_t
past_group(const char *s, size_t k, size_t n)
{
    int depth = 0;

    for (; k < n; k++)
    {
        depth += s[k] == '{';
        depth -= s[k] == '}';
        if (depth == 0)
            return k + 1;
    }
    return 0;
}

/* Copy [s, s + n) into out (size bytes), or fail. */
static int
copy(char *out, size_t size, const char *s, size_t n)
{
    if (n >= size)
        return 0;
    memcpy(out, s, n);
    out[n] = '\0';
    return 1;
}

/* One index [s, s + n) as a bare label or number: \text{rises} and
 * \mathrm{rises} unwrapped, a writer's \( \) switches around a sign
 * dropped ("\text{\(<\)s\(>\)}" is "<s>"). */
static int
index_text(char *out, size_t size, const char *s, size_t n)
{
    static const char *const wraps[] = { "\\text{", "\\mathrm{" };
    size_t w, k, m = 0, len;

    while (n > 0 && isspace((unsigned char)*s))
        s++, n--;
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        n--;
    for (w = 0; w < sizeof wraps / sizeof *wraps; w++)
        if (n > (len = strlen(wraps[w])) && strncmp(s, wraps[w], len) == 0
            && s[n - 1] == '}')
        {
            s += len;
            n -= len + 1;
            break;
        }
    for (k = 0; k < n; k++)
    {
        if (s[k] == '\\' && k + 1 < n && (s[k + 1] == '(' || s[k + 1] == ')'))
        {
            k++;
            continue;
        }
        if (m + 1 >= size)
            return 0;
        out[m++] = s[k];
    }
    out[m] = '\0';
    return m > 0;
}

/* The indices of a symbol written as exattn's text writes it,
 * w[who][sat], from s[k] ('[') to n: into y; 0 when they are not. */
static int
bracket_indices(symbol *y, const char *s, size_t k, size_t n)
{
    const char *close;

    while (k < n && s[k] == '[')
    {
        size_t from = k + 1, to;

        if ((close = memchr(s + k, ']', n - k)) == NULL)
            return 0;
        /* [2,1] is [2][1] */
        for (to = from; to <= (size_t)(close - s); to++)
            if (to == (size_t)(close - s) || s[to] == ',')
            {
                if (y->count == MAX_INDICES
                    || !index_text(y->index[y->count++], sizeof *y->index,
                                   s + from, to - from))
                    return 0;
                from = to + 1;
            }
        k = (size_t)(close - s) + 1;
    }
    return k == n && y->count > 0;
}

/* A font around the symbol at s (\mathbf{o}_{2,1}): the font's argument,
 * then the rest, read as the symbol; -1 when no font wraps s.  A font
 * says how a symbol is set, not what it is. */
static int
font_argument(symbol *y, const char *s, size_t n)
{
    static const char *const fonts[] = { "\\mathbf{", "\\boldsymbol{",
                                         "\\bm{", "\\vec{" };
    size_t f, len, end, rest;
    char buf[160];
    symbol inner;

    for (f = 0; f < sizeof fonts / sizeof *fonts; f++)
        if (n > (len = strlen(fonts[f])) && strncmp(s, fonts[f], len) == 0
            && (end = past_group(s, len - 1, n)) != 0)
        {
            rest = n - end;
            if (end - len - 1 + rest >= sizeof buf)
                return 0;
            memcpy(buf, s + len, end - len - 1);
            memcpy(buf + (end - len - 1), s + end, rest);
            if (!exattn_audit__read_symbol(&inner, buf,
                                           end - len - 1 + rest))
                return 0;
            *y = inner;
            return 1;
        }
    return -1;
}

/* A head's superscript at *k, ^{(2)}: read into y->head (*k past it);
 * 0 when it is malformed, 1 otherwise (also when there is none). */
static int
head_superscript(symbol *y, const char *s, size_t *k, size_t n)
{
    size_t i = *k;

    if (!(i + 3 < n && s[i] == '^' && s[i + 1] == '{' && s[i + 2] == '('))
        return 1;
    for (y->head = 0, i += 3; i < n && isdigit((unsigned char)s[i]); i++)
        if ((y->head = y->head * 10 + (size_t)(s[i] - '0')) > 1000)
            return 0;           /* no block has so many heads */
    if (!(i + 1 < n && s[i] == ')' && s[i + 1] == '}') || y->head == 0
        || y->head > 1000)
        return 0;
    *k = i + 2;
    return 1;
}

/* The subscript at k: _3, or _{a,b,c} split at its top-level commas. */
static int
subscript(symbol *y, const char *s, size_t k, size_t n)
{
    size_t from;
    int depth;

    if (k + 1 >= n || s[k] != '_')
        return 0;
    if (s[k + 1] != '{')
    {
        y->count = 1;
        return k + 2 == n
               && copy(y->index[0], sizeof *y->index, s + k + 1, 1);
    }
    if (past_group(s, k + 1, n) != n)
        return 0;
    for (from = k + 2, k = from, depth = 0; k < n - 1; k++)
    {
        depth += s[k] == '{';
        depth -= s[k] == '}';
        if (depth == 0 && s[k] == ',')
        {
            if (y->count == MAX_INDICES
                || !index_text(y->index[y->count++], sizeof *y->index,
                               s + from, k - from))
                return 0;
            from = k + 1;
        }
    }
    return y->count < MAX_INDICES
           && index_text(y->index[y->count++], sizeof *y->index, s + from,
                         n - 1 - from);
}

/* The symbol [s, s + n) in parts; 0 when it is not one. */
int
exattn_audit__read_symbol(symbol *y, const char *s, size_t n)
{
    size_t k = 0, end;
    int font;

    memset(y, 0, sizeof *y);
    if (n == 0)
        return 0;
    if ((font = font_argument(y, s, n)) >= 0)
        return font;
    if (s[0] == '{' && (end = past_group(s, 0, n)) != 0)
        return squared_braced(y, s, end, n);
    if (s[0] == '\\')
    {
        for (k = 1; k < n && isalpha((unsigned char)s[k]); k++)
            ;
        if (k < n && s[k] == '{' && (end = past_group(s, k, n)) != 0)
            k = end;            /* \tilde{a} */
    }
    else if (isalpha((unsigned char)s[0]) || (unsigned char)s[0] >= 0x80)
        k = text_base(s, n);    /* w, H1[2,2], μ[2] */
    while (k < n && s[k] == '\'')
        k++;
    if (k == 0 || !copy(y->base, sizeof y->base, s, k))
        return 0;
    k += put_square(y, s + k, n - k);
    if (!head_superscript(y, s, &k, n))
        return 0;
    while (k < n && s[k] == '\'')
        k++;
    if (k < n && s[k] == '[')
        return bracket_indices(y, s, k, n);
    if (k < n && all_digits(s + k, n - k))
    {
        /* Z9: exattn's text notation for Z_9 (in a head lesson's rows;
         * a block writes H1 for head 1's output, block_ref says no) */
        y->count = 1;
        y->run_on = 1;
        return copy(y->index[0], sizeof *y->index, s + k, n - k);
    }
    return subscript(y, s, k, n);
}
