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
 * or letter -- leaves the formula unread. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"
#include "audit/decide.h"
#include "expr/expr.h"
#include "expr/row_node.h"
#include "claims/read.h"
#include "row/named.h"

/* Bytes of a formula with the lesson's forms written out; past this the
 * formula is not read (a block's entries are references, not forms) */
#define MAX_WRITTEN 65536

#define MAX_INDICES 3

/* One symbol as written, in parts. */
typedef struct
{
    char base[64];              /* "w", "\alpha", "\tilde{a}", "x'" */
    size_t head;                /* ^{(h)}: h, from 1; 0 when absent */
    size_t count;               /* indices */
    char index[MAX_INDICES][64];    /* each: digits or a label */
    int run_on;                 /* its index run on, Z9 */
} symbol;

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

static int read_symbol(symbol *y, const char *s, size_t n);

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
    return read_symbol(y, buf, n - 2);
}

/* Is stage symbol `tex` the base `base` reads as: the same, but for
 * braces that set a prime under a square ({\sigma'}^2 is \sigma'^2)? */
static int
same_base(const char *tex, const char *base)
{
    size_t n;

    if (tex[0] != '{')
        return strcmp(tex, base) == 0;
    n = strcspn(tex, "}");
    return tex[n] == '}' && strncmp(tex + 1, base, n - 1) == 0
           && strcmp(tex + n + 1, base + n - 1) == 0;
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

/* The symbol [s, s + n) in parts; 0 when it is not one. */
static int
read_symbol(symbol *y, const char *s, size_t n)
{
    static const char *const fonts[] = { "\\mathbf{", "\\boldsymbol{",
                                         "\\bm{", "\\vec{" };
    size_t k = 0, f, len, from, end;
    int depth;

    memset(y, 0, sizeof *y);
    if (n == 0)
        return 0;
    /* a font says how it is set, not what it is: \mathbf{o} is o */
    for (f = 0; f < sizeof fonts / sizeof *fonts; f++)
        if (n > (len = strlen(fonts[f])) && strncmp(s, fonts[f], len) == 0
            && (end = past_group(s, len - 1, n)) != 0)
        {
            symbol inner;
            size_t rest = n - end;

            /* \mathbf{o}_{2,1}: the font's argument, then the rest */
            char buf[160];

            if (end - len - 1 + rest >= sizeof buf)
                return 0;
            memcpy(buf, s + len, end - len - 1);
            memcpy(buf + (end - len - 1), s + end, rest);
            if (!read_symbol(&inner, buf, end - len - 1 + rest))
                return 0;
            *y = inner;
            return 1;
        }
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
    if (k + 3 < n && s[k] == '^' && s[k + 1] == '{' && s[k + 2] == '(')
    {
        /* a head's superscript, ^{(2)} */
        for (y->head = 0, k += 3; k < n && isdigit((unsigned char)s[k]); k++)
            if ((y->head = y->head * 10 + (size_t)(s[k] - '0')) > 1000)
                return 0;       /* no block has so many heads */
        if (!(k + 1 < n && s[k] == ')' && s[k + 1] == '}') || y->head == 0
            || y->head > 1000)
            return 0;
        k += 2;
    }
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
    if (k + 1 >= n || s[k] != '_')
        return 0;
    if (s[k + 1] != '{')
    {
        /* _3 */
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

/* ---- indices ---------------------------------------------------------- */

/* Index `text` among `count` things labelled `labels` (NULL: none, or
 * a decoder's memory when `memory`): 0-based, or (size_t)-1. */
static size_t
position(const char *text, size_t count, char *const *labels,
         const exattn_lesson *memory)
{
    size_t k;
    char *end;
    unsigned long v;

    if (isdigit((unsigned char)text[0]))
    {
        v = strtoul(text, &end, 10);
        return *end == '\0' && v >= 1 && v <= count ? (size_t)v - 1
                                                    : (size_t)-1;
    }
    for (k = 0; k < count; k++)
    {
        const char *label = memory ? exattn_block__memory_label(memory, k)
                            : labels ? labels[k] : NULL;

        if (label != NULL && strcmp(label, text) == 0)
            return k;
    }
    return (size_t)-1;
}

/* The two indices of an entry of a rows x cols table: both written
 * (_{2,1}), run together when both are digits under 10 (_{21}), or one
 * when the other has a single value (\alpha_3 of a lesson of one query,
 * H_2 of a head one value wide).  First and second, as texts. */
static int
two_indices(const symbol *y, size_t rows, size_t cols, char *first,
            char *second)
{
    if (y->count == 2)
    {
        strcpy(first, y->index[0]);
        strcpy(second, y->index[1]);
        return 1;
    }
    if (y->count != 1)
        return 0;
    if (strlen(y->index[0]) == 2 && isdigit((unsigned char)y->index[0][0])
        && isdigit((unsigned char)y->index[0][1]) && rows < 10 && cols < 10)
    {
        first[0] = y->index[0][0], first[1] = '\0';
        second[0] = y->index[0][1], second[1] = '\0';
        return 1;
    }
    if (rows == 1)
    {
        strcpy(first, "1");
        strcpy(second, y->index[0]);
        return 1;
    }
    if (cols == 1)
    {
        strcpy(first, y->index[0]);
        strcpy(second, "1");
        return 1;
    }
    return 0;
}

/* ---- what a symbol names ---------------------------------------------- */

/* An entry of the lesson a symbol names: a head lesson's row quantity,
 * Z, or an entry of Q, K, V; or a block's stage entry. */
typedef enum { REF_ROW, REF_Z, REF_MATRIX, REF_BLOCK, REF_KEY_WIDTH,
               REF_EPSILON } ref_kind;

typedef struct
{
    ref_kind what;
    exattn_kind_t kind;         /* REF_ROW */
    int matrix;                 /* REF_MATRIX: 0 Q, 1 K, 2 V */
    exattn_stage_t bq;               /* REF_BLOCK */
    size_t head;
    size_t row, key, col;       /* 0-based */
} ref;

typedef enum { H_WEIGHT, H_SCORE, H_Z, H_OUTPUT, H_Q, H_K, H_V } head_q;

static const struct
{
    const char *base;
    head_q q;
} head_symbols[] = {
    { "w", H_WEIGHT }, { "a", H_WEIGHT }, { "\\alpha", H_WEIGHT },
    { "s", H_SCORE }, { "Z", H_Z }, { "o", H_OUTPUT },
    { "q", H_Q }, { "k", H_K }, { "v", H_V },
    /* the matrices' entries, as exattn's compact rows write them; an
     * output as its text names it, output[rises][1] */
    { "Q", H_Q }, { "K", H_K }, { "V", H_V }, { "output", H_OUTPUT },
};

/* A text symbol whose base ends in its row's number, output1[2]: the
 * number as its first index, into *split; 0 when the base has none. */
static int
row_in_base(symbol *split, const symbol *y)
{
    size_t n = strlen(y->base), d = n;

    while (d > 0 && isdigit((unsigned char)y->base[d - 1]))
        d--;
    if (d == 0 || d == n || y->count >= MAX_INDICES
        || n - d >= sizeof *y->index)
        return 0;
    *split = *y;
    memmove(split->index[1], split->index[0],
            y->count * sizeof *split->index);
    memcpy(split->index[0], y->base + d, n - d + 1);
    split->base[d] = '\0';
    split->count++;
    return 1;
}

/* The entry a head lesson's symbol names, reading s as the scaled score
 * (reading 0) or q k^T (reading 1); 0 when it names none. */
static int
head_ref(ref *out, const symbol *y, const exattn_lesson *l, int reading)
{
    char first[64], second[64];
    symbol split;
    size_t k;
    head_q q;

    for (k = 0; k < sizeof head_symbols / sizeof *head_symbols; k++)
        if (strcmp(head_symbols[k].base, y->base) == 0)
            break;
    if (k == sizeof head_symbols / sizeof *head_symbols
        && row_in_base(&split, y))
        return head_ref(out, &split, l, reading);
    if (k == sizeof head_symbols / sizeof *head_symbols || y->head != 0)
        return 0;
    q = head_symbols[k].q;
    memset(out, 0, sizeof *out);
    if (q == H_Z)
    {
        out->what = REF_Z;
        if (y->count == 0 && l->n == 1)
            return 1;
        return y->count == 1
               && (out->row = position(y->index[0], l->n, l->query_labels,
                                       NULL)) != (size_t)-1;
    }
    if (q == H_WEIGHT || q == H_SCORE)
    {
        out->what = REF_ROW;
        out->kind = q == H_WEIGHT ? EXATTN_WEIGHT
                    : reading == 0 ? EXATTN_SCALED : EXATTN_SCORE;
        return two_indices(y, l->n, l->m, first, second)
               && (out->row = position(first, l->n, l->query_labels, NULL))
                      != (size_t)-1
               && (out->key = position(second, l->m, l->key_labels, NULL))
                      != (size_t)-1;
    }
    if (q == H_OUTPUT)
    {
        out->what = REF_ROW;
        out->kind = EXATTN_OUTPUT;
        return two_indices(y, l->n, l->dv, first, second)
               && (out->row = position(first, l->n, l->query_labels, NULL))
                      != (size_t)-1
               && (out->col = position(second, l->dv, NULL, NULL))
                      != (size_t)-1;
    }
    {
        /* an entry of Q, K or V: its row's token, its coordinate */
        const exattn_matrix *x = q == H_Q ? &l->q : q == H_K ? &l->k : &l->v;

        out->what = REF_MATRIX;
        out->matrix = q == H_Q ? 0 : q == H_K ? 1 : 2;
        return two_indices(y, x->rows, x->cols, first, second)
               && (out->row = position(first, x->rows,
                                       q == H_Q ? l->query_labels
                                                : l->key_labels, NULL))
                      != (size_t)-1
               && (out->col = position(second, x->cols, NULL, NULL))
                      != (size_t)-1;
    }
}

/* The labels of a block's axis (query or key tokens, a decoder's memory
 * rows), for position(). */
static size_t
axis_position(const char *text, exattn_axis axis, size_t count,
              const exattn_lesson *l)
{
    if (axis == EXATTN_AXIS_MEMORY)
        return position(text, count, NULL, l);
    if (axis == EXATTN_AXIS_QUERY)
        return position(text, count,
                        l->default_query_labels ? NULL : l->query_labels,
                        NULL);
    if (axis == EXATTN_AXIS_KEY)
        return position(text, count,
                        l->default_key_labels ? NULL : l->key_labels, NULL);
    return position(text, count, NULL, NULL);
}

/* The stage of the lesson's block whose LaTeX symbol is `base` (u,
 * \sigma^2, {\sigma'}^2 read as \sigma'^2), or NULL. */
static const exattn_stage_info *
tex_stage(const char *base, const exattn_lesson *l)
{
    size_t k;

    for (k = 0; k < EXATTN_STAGE_COUNT; k++)
        if (exattn_block__present(l->block, (exattn_stage_t)k)
            && same_base(exattn_block__stage((exattn_stage_t)k)->tex, base))
            return exattn_block__stage((exattn_stage_t)k);
    return NULL;
}

/* The stage whose symbol in exattn's text notation is `base` ("H1",
 * "a2", "ca", "zc": src/block/stages.c), its head (from 1; 0 for a
 * stage of the whole block) into *head; NULL when none. */
static const exattn_stage_info *
text_stage(size_t *head, const char *base, const exattn_lesson *l,
           const exattn_block *blk)
{
    char text[32], tex[64];
    size_t k, h, heads;

    for (k = 0; k < EXATTN_STAGE_COUNT; k++)
    {
        if (!exattn_block__present(l->block, (exattn_stage_t)k))
            continue;
        heads = exattn_block__per_head((exattn_stage_t)k)
                ? exattn_block__heads_of(blk, (exattn_stage_t)k) : 1;
        for (h = 0; h < heads; h++)
        {
            exattn_block__symbol(text, sizeof text, tex, sizeof tex,
                                 (exattn_stage_t)k, h, heads);
            if (strcmp(text, base) == 0)
            {
                const exattn_stage_info *st =
                    exattn_block__stage((exattn_stage_t)k);

                *head = exattn_block__per_head((exattn_stage_t)k)
                        && (heads > 1 || st->sup == EXATTN_SUP_ALWAYS)
                            ? h + 1 : 0;
                return exattn_block__stage((exattn_stage_t)k);
            }
        }
    }
    return NULL;
}

int
exattn_audit__lesson_letter(const exattn_lesson *l, const char *subject)
{
    char text[32], tex[64];
    symbol y;
    size_t k, h, heads;

    if (!read_symbol(&y, subject, strlen(subject)))
        return 0;
    if (l->block == NULL)
    {
        for (k = 0; k < sizeof head_symbols / sizeof *head_symbols; k++)
            if (strcmp(head_symbols[k].base, y.base) == 0)
                return 1;
        return 0;
    }
    if (tex_stage(y.base, l) != NULL)
        return 1;
    for (k = 0; k < EXATTN_STAGE_COUNT; k++)
    {
        if (!exattn_block__present(l->block, (exattn_stage_t)k))
            continue;
        /* its text symbol, with a head's number or without */
        for (heads = 1; heads <= 2; heads++)
            for (h = 0; h < (heads == 1 ? 1 : 16); h++)
            {
                exattn_block__symbol(text, sizeof text, tex, sizeof tex,
                                     (exattn_stage_t)k, h, heads);
                if (strcmp(text, y.base) == 0)
                    return 1;
            }
    }
    return 0;
}

/* The entry a block's symbol names, by its stage table's symbols. */
static int
block_ref(ref *out, const symbol *y, const exattn_lesson *l,
          const exattn_block *blk)
{
    const exattn_stage_info *st;
    char first[64], second[64];
    size_t heads, rows, cols, head = y->head;

    if (y->run_on)
        return 0;               /* H1 is head 1's output, not H_1 */
    st = tex_stage(y->base, l);
    if (st == NULL && y->head == 0)
        st = text_stage(&head, y->base, l, blk);
    /* a textbook's x is the block's input x' when no positions are added
     * to it (then they are one) */
    if (st == NULL && strcmp(y->base, "x") == 0
        && !exattn_block__present(l->block, EXATTN_STAGE_PE))
        st = exattn_block__stage(EXATTN_STAGE_INPUT);
    if (st == NULL)
        return 0;
    memset(out, 0, sizeof *out);
    out->what = REF_BLOCK;
    out->bq = st->bq;
    heads = exattn_block__per_head(st->bq)
            ? exattn_block__heads_of(blk, st->bq) : 1;
    /* a head's superscript: always for H, with several heads for q, a;
     * never for the stages after the heads */
    if (st->sup == EXATTN_SUP_NEVER ? head != 0
        : head == 0 ? heads != 1 : head > heads)
        return 0;
    out->head = head ? head - 1 : 0;
    exattn_block__shape(l, st->bq, out->head, &rows, &cols);
    return rows > 0 && two_indices(y, rows, cols, first, second)
           && (out->row = axis_position(first,
                                        exattn_block__row_axis(st->bq), rows,
                                        l)) != (size_t)-1
           && (out->col = axis_position(second,
                                        exattn_block__col_axis(st->bq), cols,
                                        l)) != (size_t)-1;
}

/* The entry symbol [s, s + n) names in lesson l (blk its block, or
 * NULL); 0 when none. */
static int
resolve(ref *out, const char *s, size_t n, const exattn_lesson *l,
        const exattn_block *blk, int reading)
{
    symbol y;

    if (blk != NULL
        && ((n == 11 && strncmp(s, "\\varepsilon", n) == 0)
            || (n == 8 && strncmp(s, "\\epsilon", n) == 0)))
    {
        /* the block's layer norms' ε */
        memset(out, 0, sizeof *out);
        out->what = REF_EPSILON;
        return 1;
    }
    if (!read_symbol(&y, s, n))
        return 0;
    if (blk == NULL && strcmp(y.base, "d") == 0 && y.count == 1
        && strcmp(y.index[0], "k") == 0)
    {
        /* d_k, in a page's generic definition (\sqrt{d_k}) */
        memset(out, 0, sizeof *out);
        out->what = REF_KEY_WIDTH;
        return 1;
    }
    return blk != NULL ? block_ref(out, &y, l, blk)
                       : head_ref(out, &y, l, reading);
}

/* The row of Q, K or V a head lesson's one-index symbol names (q_2,
 * k_{\text{rises}}): its matrix and row; 0 when none. */
static int
vector_ref(const exattn_matrix **m, size_t *row, const char *s, size_t n,
           const exattn_lesson *l)
{
    symbol y;
    size_t k;

    if (!read_symbol(&y, s, n) || y.count != 1 || y.head != 0)
        return 0;
    for (k = 0; k < sizeof head_symbols / sizeof *head_symbols; k++)
        if (strcmp(head_symbols[k].base, y.base) == 0)
            break;
    if (k == sizeof head_symbols / sizeof *head_symbols
        || head_symbols[k].q < H_Q)
        return 0;
    *m = head_symbols[k].q == H_Q ? &l->q
         : head_symbols[k].q == H_K ? &l->k : &l->v;
    *row = position(y.index[0], (*m)->rows,
                    head_symbols[k].q == H_Q ? l->query_labels
                                             : l->key_labels, NULL);
    return *row != (size_t)-1;
}

/* ---- writing what it names -------------------------------------------- */

/* A rational, bracketed, into b. */
static void
put_rational(exattn_sbuf *b, const mpq_t q)
{
    char *s = exattn_mpq_get_str(q);

    exattn_sbuf__printf(b, "(%s)", s ? s : "?");
    if (s == NULL)
        b->oom = 1;
    exattn_free(s);
}

/* A head lesson's row quantity or Z, written into b; 0 when it has
 * none. */
static int
put_row(exattn_sbuf *b, const exattn_lesson *l, const ref *x)
{
    exattn_error_t local;
    exattn_expr *pool = exattn_expr__pool("lesson");
    exattn_row *row = NULL;
    exattn_xnode *n;
    char *text = NULL;
    size_t j;
    int first = 1, ok = 0;

    exattn_error_init(&local);
    if (pool != NULL && exattn_row_new(&row, l, x->row, &local) == EXATTN_OK)
    {
        if (x->what == REF_Z)
        {
            /* Z_i: the sum of the allowed keys' exponentials */
            exattn_sbuf__puts(b, "(");
            for (j = 0; j < l->m; j++)
                if (row->allowed[j])
                {
                    if (!first)
                        exattn_sbuf__puts(b, "+");
                    exattn_named__exp(b, row, j, 0);
                    first = 0;
                }
            exattn_sbuf__puts(b, ")");
            ok = !first;
        }
        else if ((n = exattn_expr__row_node(pool, row, x->kind, x->key,
                                            x->col, &local)) != NULL
                 && (text = exattn_expr__print(n, 0, 0, MAX_WRITTEN))
                        != NULL)
        {
            exattn_sbuf__printf(b, "(%s)", text);
            ok = 1;
        }
    }
    free(text);
    exattn_row_free(row);
    exattn_expr_free(pool);
    return ok;
}

/* The entry x names, written into b; 0 when it cannot be.  A block's
 * entry that is not exact is written as a reference to its node
 * (block_refs.c), `block` the block's index in the auditor. */
static int
put_ref(exattn_sbuf *b, const exattn_lesson *l, const exattn_block *blk,
        size_t block, const ref *x)
{
    const exattn_matrix *m;
    exattn_xnode *n;

    switch (x->what)
    {
    case REF_ROW: case REF_Z:
        return put_row(b, l, x);
    case REF_MATRIX:
        m = exattn_claims__matrix(l, (exattn_matrix_t)x->matrix);
        put_rational(b, EXATTN_AT(m, x->row, x->col));
        return 1;
    case REF_KEY_WIDTH:
        exattn_sbuf__printf(b, "(%zu)", l->k.cols);
        return 1;
    case REF_EPSILON:
        return exattn_audit__put_epsilon(b, blk, block);
    default:
        if ((n = exattn_block__node(blk, x->bq, x->head, x->row, x->col))
            == NULL)
            return 0;
        if (n->exact)
            put_rational(b, n->value);
        else
            exattn_audit__put_block_ref(b, block, (unsigned)x->bq, x->head,
                                        x->row, x->col);
        return 1;
    }
}

/* ---- the candidate a subject names ------------------------------------ */

/* Is candidate c the one value x names? */
static int
names(const exattn_audit_candidate *c, const ref *x)
{
    const exattn_claim *cl = &c->claim;

    if (c->count != 1 || cl->vary != 0)
        return 0;
    switch (x->what)
    {
    case REF_ROW:
        return cl->target == EXATTN_TARGET_ROW && cl->kind == x->kind
               && cl->row == x->row
               && (x->kind == EXATTN_OUTPUT ? cl->col == x->col
                                            : cl->key == x->key);
    case REF_MATRIX:
        return cl->target == EXATTN_TARGET_MATRIX
               && (int)cl->kind == x->matrix && cl->row == x->row
               && cl->col == x->col;
    case REF_BLOCK:
        return cl->target == EXATTN_TARGET_BLOCK && cl->block_q == (int)x->bq
               && cl->block_head == x->head && cl->row == x->row
               && cl->col == x->col;
    default:
        return 0;
    }
}

/* The candidate x names in lesson l, or NULL. */
static exattn_audit_candidate *
candidate_named(exattn_audit_candidates *all, const exattn_lesson *l,
                const ref *x)
{
    size_t k;

    /* s is read two ways: it names no one entry */
    if (x->what == REF_ROW && x->kind == EXATTN_SCALED)
        return NULL;
    for (k = 0; k < all->count; k++)
        if (all->items[k].claim.lesson == l && names(&all->items[k], x))
            return &all->items[k];
    return NULL;
}

exattn_audit_candidate *
exattn_audit__subject(exattn_audit_candidates *all, const exattn_lesson *l,
                      const char *subject, mpfr_prec_t max_prec)
{
    exattn_error_t local;
    exattn_block *blk = NULL;
    ref x;

    exattn_error_init(&local);
    if (subject == NULL
        || (l->block != NULL
            && (blk = exattn_audit__block_of(all, l, max_prec, &local))
                   == NULL)
        || !resolve(&x, subject, strlen(subject), l, blk, 0))
        return NULL;
    return candidate_named(all, l, &x);
}

/* The entry x of a block names as a claim of its own, into *scratch,
 * for an entry the lesson's candidates left out (its value depends on a
 * symbol with none): by its claim path, "ln1[1][2]"; NULL for a head's
 * stages, or when the path is refused. */
static exattn_audit_candidate *
entry_claim(exattn_audit_candidate *scratch, const exattn_lesson *l,
            const ref *x)
{
    const exattn_stage_info *st = exattn_block__stage(x->bq);
    exattn_error_t local;
    char path[96];

    char name[64];

    if (x->what != REF_BLOCK || st == NULL)
        return NULL;
    /* cross.ln, h2.weights: the stage's path as claims name it */
    exattn_block__path(name, sizeof name, x->bq, x->head);
    if (exattn_block__per_token(x->bq))
        snprintf(path, sizeof path, "%s[%zu]", name, x->row + 1);
    else
        snprintf(path, sizeof path, "%s[%zu][%zu]", name, x->row + 1,
                 x->col + 1);
    memset(scratch, 0, sizeof *scratch);
    exattn_error_init(&local);
    if (exattn_claims__path_claim(&scratch->claim, l, NULL, path, NULL,
                                  &local) != EXATTN_OK
        || scratch->claim.count != 1
        || (scratch->name = exattn_str__dup(path)) == NULL)
    {
        exattn_audit__candidate_clear(scratch);
        return NULL;
    }
    return scratch;
}

exattn_audit_candidate *
exattn_audit__subject_entry(exattn_audit_candidates *all,
                            const exattn_lesson *l, const char *subject,
                            const char *row_label,
                            exattn_audit_candidate *scratch,
                            mpfr_prec_t max_prec)
{
    exattn_audit_candidate *c;
    exattn_error_t local;
    exattn_block *blk = NULL;
    symbol y;
    ref x;

    exattn_error_init(&local);
    if (subject == NULL || !read_symbol(&y, subject, strlen(subject))
        || (l->block != NULL
            && (blk = exattn_audit__block_of(all, l, max_prec, &local))
                   == NULL))
        return NULL;
    /* u_{1} under "a:" is u_{a,1} */
    if (y.count == 1 && row_label != NULL
        && strlen(row_label) < sizeof *y.index)
    {
        memcpy(y.index[1], y.index[0], sizeof *y.index);
        strcpy(y.index[0], row_label);
        y.count = 2;
    }
    if (!(blk != NULL ? block_ref(&x, &y, l, blk) : head_ref(&x, &y, l, 0)))
        return NULL;
    c = candidate_named(all, l, &x);
    return c != NULL ? c : entry_claim(scratch, l, &x);
}

/* ---- the formula ------------------------------------------------------ */

typedef struct
{
    const exattn_lesson *l;
    const exattn_block *blk;
    size_t block;               /* blk's index in the auditor */
    int s_reading;              /* s as q k^T (1) or scaled (0) */
    int lesson_over_page;       /* a symbol the page defined, read as the
                                   lesson's entry (1) or the page's form */
    unsigned has;               /* EXATTN_READS_ bits met */
    int in_generic;             /* writing a generic definition's body */
    char bound;                 /* writing a sum's term: its index */
    unsigned long value;        /* and the index's value */
    exattn_sbuf *out;
} writer;

/* Terms a sum is written out to at most */
#define MAX_SUM_TERMS 64

/* The first symbol's or sum's opening byte in [p, end), or NULL. */
static const char *
next_marker(const char *p, const char *end)
{
    for (; p < end; p++)
        if (*p == EXATTN_PAGE_FREE_SYMBOL[0] || *p == EXATTN_PAGE_SUM[0])
            return p;
    return NULL;
}

/* The placeholder's close matching the open at a, before end; NULL when
 * there is none (definitions nest). */
static const char *
placeholder_end(const char *a, const char *end)
{
    int depth = 0;

    for (; a < end; a++)
        if (*a == EXATTN_PAGE_FREE_SYMBOL[0])
            depth++;
        else if (*a == EXATTN_PAGE_FREE_SYMBOL[1] && --depth == 0)
            return a;
    return NULL;
}

/* Does symbol [s, s + n) name an s, read two ways?  Its bit in w->has. */
static void
note_s(writer *w, const char *s, size_t n)
{
    ref x;

    if (resolve(&x, s, n, w->l, w->blk, 0) && x.what == REF_ROW
        && x.kind == EXATTN_SCALED)
        w->has |= EXATTN_READS_S;
}

static int put_reading(writer *w, const char *p, const char *end);

/* Symbol [s, s + n) with a sum's index put in: each index part that is
 * the index letter alone (s_{9,k}, v_k) becomes its value; 0 when it
 * does not fit. */
static int
put_index(char *out, size_t size, const char *s, size_t n, char bound,
          unsigned long value)
{
    const char *sub = memchr(s, '_', n);
    exattn_sbuf b;
    size_t k;
    int ok;

    exattn_sbuf__init(&b);
    for (k = 0; k < n; k++)
    {
        /* the letter alone between the index's delimiters, spaces
         * aside: _k, _{9,k}, _{9, k } */
        size_t p = k, q = k + 1;
        char before, after;

        while (p > 0 && s[p - 1] == ' ')
            p--;
        while (q < n && s[q] == ' ')
            q++;
        before = p > 0 ? s[p - 1] : 0;
        after = q < n ? s[q] : 0;
        if (sub != NULL && s + k > sub && s[k] == bound
            && (before == '_' || before == '{' || before == ',')
            && (q == n || after == '}' || after == ','))
            exattn_sbuf__printf(&b, "%s%lu%s", before == '_' ? "{" : "",
                                value, before == '_' ? "}" : "");
        else
            exattn_sbuf__putn(&b, s + k, 1);
    }
    ok = !b.oom && b.len < size;
    if (ok)
        memcpy(out, b.s, b.len + 1);
    exattn_sbuf__clear(&b);
    return ok;
}

/* The lesson's entry named by symbol [s, s + n), written; 0 when none. */
static int
put_symbol(writer *w, const char *s, size_t n)
{
    char term[160];
    ref x;

    if (w->bound != 0)
    {
        if (!put_index(term, sizeof term, s, n, w->bound, w->value))
            return 0;
        s = term;
        n = strlen(term);
    }
    note_s(w, s, n);
    return resolve(&x, s, n, w->l, w->blk, w->s_reading)
           && put_ref(w->out, w->l, w->blk, w->block, &x);
}

/* A symbol squared after its index, \sigma_{2}^2 (placeholder [a, z]
 * then "^(2)"): as \sigma^2_{2}, a variance's own symbol, when the letter
 * squared names a stage and the letter alone does not; *next past the
 * square.  0 when it is no such symbol. */
static int
put_squared(writer *w, const char *a, const char *z, const char *end,
            const char **next)
{
    const char *sub = memchr(a + 1, '_', (size_t)(z - a - 1));
    char text[160];
    size_t base, n;

    if (sub == NULL || end - (z + 1) < 4 || strncmp(z + 1, "^(2)", 4) != 0
        || (n = (size_t)(z - a - 1)) + 3 > sizeof text)
        return 0;
    base = (size_t)(sub - (a + 1));
    memcpy(text, a + 1, base);
    memcpy(text + base, "^2", 2);
    memcpy(text + base + 2, sub, n - base);
    if (!put_symbol(w, text, n + 2))
        return 0;
    *next = z + 5;
    return 1;
}

/* The values a sum's index takes, from its range [r, r + n): "1..3", or
 * a head lesson's A_{9}, the keys row 9 allows (from 1); how many, 0
 * when the range names none. */
static size_t
sum_values(unsigned long *v, const writer *w, const char *r, size_t n)
{
    unsigned long lo, hi;
    size_t count = 0, row, j;
    symbol y;
    char text[64], *end;

    if (n == 0 || n >= sizeof text)
        return 0;
    memcpy(text, r, n);
    text[n] = '\0';
    if (isdigit((unsigned char)text[0]))
    {
        lo = strtoul(text, &end, 10);
        if (strncmp(end, "..", 2) != 0)
            return 0;
        hi = strtoul(end + 2, &end, 10);
        if (*end != '\0' || hi < lo || hi - lo >= MAX_SUM_TERMS)
            return 0;
        for (; lo <= hi; lo++)
            v[count++] = lo;
        return count;
    }
    /* A_i, the keys query i may attend to */
    if (w->blk != NULL || !read_symbol(&y, text, n) || y.count != 1
        || strcmp(y.base, "A") != 0 || y.head != 0
        || (row = position(y.index[0], w->l->n,
                           w->l->default_query_labels ? NULL
                           : w->l->query_labels, NULL)) == (size_t)-1)
        return 0;
    for (j = 0; j < w->l->m; j++)
        if (w->l->allowed[row * w->l->m + j])
        {
            if (count == MAX_SUM_TERMS)
                return 0;       /* written out whole, or not read */
            v[count++] = j + 1;
        }
    return count;
}

/* The sum [a, z] (its marker bytes): each term written with the index's
 * value put in, as one bracketed sum; 0 when it cannot be. */
static int
put_sum(writer *w, const char *a, const char *z)
{
    const char *range = memchr(a + 1, EXATTN_PAGE_SUM[1],
                               (size_t)(z - a - 1)), *body;
    unsigned long values[MAX_SUM_TERMS];
    size_t count, k;
    char outer = w->bound;

    if (outer != 0 || range != a + 2 || !isalpha((unsigned char)a[1])
        || (body = memchr(range + 1, EXATTN_PAGE_SUM[1],
                          (size_t)(z - range - 1))) == NULL
        || (count = sum_values(values, w, range + 1,
                               (size_t)(body - range - 1))) == 0)
        return 0;
    w->bound = a[1];
    exattn_sbuf__puts(w->out, "(");
    for (k = 0; k < count; k++)
    {
        w->value = values[k];
        exattn_sbuf__puts(w->out, k ? "+(" : "(");
        if (!put_reading(w, body + 1, z))
            break;
        exattn_sbuf__puts(w->out, ")");
    }
    w->bound = outer;
    exattn_sbuf__puts(w->out, ")");
    return k == count;
}

/* Undo what was written since `had`. */
static void
put_undo(writer *w, size_t had)
{
    w->out->len = had;
    if (w->out->s)
        w->out->s[had] = '\0';
}

/* The placeholder [a, z] of a symbol the page defined: the lesson's
 * entry or the page's form (def, its byte), as the reading says; a
 * generic definition's form whenever the lesson can read it. */
static int
put_defined(writer *w, const char *a, const char *def, const char *z)
{
    size_t had = w->out->len;

    if (*def == EXATTN_PAGE_GENERIC[0])
    {
        /* the page's own meaning of its letter, else the lesson's */
        unsigned has = w->has;
        int ok;

        w->in_generic++;
        ok = put_reading(w, def + 1, z);
        w->in_generic--;
        if (ok)
        {
            w->has |= EXATTN_READS_GENERIC;
            return 1;
        }
        /* what the abandoned reading met asks for no readings */
        w->has = has;
        put_undo(w, had);
        return !w->out->oom && put_symbol(w, a + 1, (size_t)(def - a - 1));
    }
    w->has |= EXATTN_READS_PAGE;
    note_s(w, a + 1, (size_t)(def - a - 1));
    /* the lesson's entry, or the page's form when the lesson has no such
     * entry */
    if (w->lesson_over_page && put_symbol(w, a + 1, (size_t)(def - a - 1)))
        return 1;
    put_undo(w, had);
    return put_reading(w, def + 1, z);
}

/* The symbol of placeholder [a, z] as written, without a definition the
 * page gave it (a row's name is the lesson's whatever the page set it
 * equal to: k_3 = k_4); its length, or 0 for a generic one's. */
static size_t
written_symbol(const char *a, const char *z)
{
    const char *d = memchr(a + 1, EXATTN_PAGE_DEFINED[0], (size_t)(z - a - 1));

    if (memchr(a + 1, EXATTN_PAGE_GENERIC[0], (size_t)(z - a - 1)) != NULL)
        return 0;
    return (size_t)((d != NULL ? d : z) - a - 1);
}

/* In a generic definition's body, the vector of the placeholder [a, z]
 * times the vector of the placeholder after it (q_2^\top k_1, read as
 * q_2 * k_1): their inner product written out, and *next past the
 * second; 0 when they are not two rows of a length. */
static int
put_dot(writer *w, const char *a, const char *z, const char *end,
        const char **next)
{
    const exattn_matrix *m1, *m2;
    const char *b, *y;
    size_t r1, r2, c;

    for (b = z + 1; b < end && *b == ' '; b++)
        ;
    if (b >= end || *b != '*')
        return 0;
    for (b++; b < end && *b == ' '; b++)
        ;
    if (b >= end || *b != EXATTN_PAGE_FREE_SYMBOL[0]
        || (y = placeholder_end(b, end)) == NULL
        || !vector_ref(&m1, &r1, a + 1, written_symbol(a, z), w->l)
        || !vector_ref(&m2, &r2, b + 1, written_symbol(b, y), w->l)
        || m1->cols != m2->cols)
        return 0;
    exattn_sbuf__puts(w->out, "(");
    for (c = 0; c < m1->cols; c++)
    {
        if (c > 0)
            exattn_sbuf__puts(w->out, "+");
        put_rational(w->out, EXATTN_AT(m1, r1, c));
        exattn_sbuf__puts(w->out, "*");
        put_rational(w->out, EXATTN_AT(m2, r2, c));
    }
    exattn_sbuf__puts(w->out, ")");
    *next = y + 1;
    return 1;
}

/* The first byte of [a, z) that joins a symbol to its definition, or
 * NULL: a symbol as written holds none, so it is the top level's. */
static const char *
definition_byte(const char *a, const char *z)
{
    for (; a < z; a++)
        if (*a == EXATTN_PAGE_DEFINED[0] || *a == EXATTN_PAGE_GENERIC[0])
            return a;
    return NULL;
}

/* [p, end) written with its placeholders read; 0 when a symbol names no
 * entry. */
static int
put_reading(writer *w, const char *p, const char *end)
{
    const char *a, *z, *def, *next;

    while (p < end)
    {
        if ((a = next_marker(p, end)) == NULL)
        {
            exattn_sbuf__putn(w->out, p, (size_t)(end - p));
            return 1;
        }
        exattn_sbuf__putn(w->out, p, (size_t)(a - p));
        if (*a == EXATTN_PAGE_SUM[0])
        {
            if ((z = memchr(a, EXATTN_PAGE_SUM[2], (size_t)(end - a)))
                    == NULL
                || !put_sum(w, a, z))
                return 0;
            p = z + 1;
            continue;
        }
        if ((z = placeholder_end(a, end)) == NULL)
            return 0;
        next = z + 1;
        def = definition_byte(a + 1, z);
        if (w->in_generic && w->l->block == NULL
            && put_dot(w, a, z, end, &next))
            ;                   /* two rows: their inner product */
        else if (def != NULL)
        {
            if (!put_defined(w, a, def, z))
                return 0;
        }
        else if (!put_symbol(w, a + 1, (size_t)(z - a - 1))
                 && !put_squared(w, a, z, end, &next))
            return 0;
        if (w->out->oom || w->out->len > MAX_WRITTEN)
            return 0;
        p = next;
    }
    return 1;
}

int
exattn_audit__readings(unsigned has)
{
    return ((has & EXATTN_READS_S) ? 2 : 1)
           * ((has & EXATTN_READS_PAGE) ? 2 : 1);
}

int
exattn_audit__lesson_symbols(char **out, unsigned *has, const char *expr,
                             const exattn_lesson *l,
                             exattn_audit_candidates *all, int reading,
                             mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_block *blk = NULL;
    exattn_sbuf b;
    writer w;
    int ok;

    *out = NULL;
    if (l->block != NULL
        && (blk = exattn_audit__block_of(all, l, max_prec, err)) == NULL)
        return err && err->code ? err->code : EXATTN_ENOMEM;
    exattn_sbuf__init(&b);
    memset(&w, 0, sizeof w);
    w.l = l;
    w.blk = blk;
    w.block = blk ? exattn_audit__block_index(all, blk) : 0;
    w.out = &b;
    /* reading r: its low bit reads s, the next bit a page's definitions,
     * for those of the two the formula has (found by reading 0) */
    if (reading > 0 && (*has & EXATTN_READS_S))
    {
        w.s_reading = reading & 1;
        reading >>= 1;
    }
    w.lesson_over_page = reading & 1;
    ok = put_reading(&w, expr, expr + strlen(expr));
    *has |= w.has;
    if (!ok || b.oom)
    {
        int oom = b.oom;

        exattn_sbuf__clear(&b);
        return oom ? exattn_audit__nomem(err) : EXATTN_OK;
    }
    *out = exattn_sbuf__take(&b);
    return EXATTN_OK;
}

int
exattn_audit__subject_form(exattn_audit_candidate *out, int *found,
                           const char *form, const char *subject,
                           const exattn_lesson *l,
                           exattn_audit_candidates *all,
                           mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_error_t local;
    exattn_sbuf name;
    unsigned has = 0;
    char *text = NULL;
    int rc;

    *found = 0;
    memset(out, 0, sizeof *out);
    rc = exattn_audit__lesson_symbols(&text, &has, form, l, all, 0,
                                      max_prec, err);
    if (rc != EXATTN_OK || text == NULL || !(has & EXATTN_READS_GENERIC))
    {
        free(text);
        return rc;
    }
    exattn_error_init(&local);
    rc = exattn_audit__expr_value(out, all, l, text, max_prec, &local);
    free(text);
    if (rc == EXATTN_ENOMEM)
        return exattn_audit__nomem(err);
    if (rc != EXATTN_OK)
        return EXATTN_OK;       /* a form exattn cannot evaluate: unread */
    exattn_sbuf__init(&name);
    exattn_sbuf__printf(&name, "%s as the page defines it", subject);
    if ((out->name = exattn_sbuf__take(&name)) == NULL)
    {
        exattn_audit__candidate_clear(out);
        return exattn_audit__nomem(err);
    }
    *found = 1;
    return EXATTN_OK;
}
