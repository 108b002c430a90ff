/* The symbols in a piece of TeX math (tex_expr.c): indexed ones
 * (w_{2,1}), generic definitions read at an index (s_{ij}), symbols the
 * page defined (Z_1), and the ones kept between EXATTN_PAGE_FREE_SYMBOL's
 * bytes for the audit. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "page/tex_expr.h"

/* Commands that are no symbol of the page's. */
static int
structural(const char *s, size_t n)
{
    static const char *const names[] = {
        "frac", "tfrac", "dfrac", "sqrt", "exp", "sin", "cos", "ln", "log",
        "left", "right", "cdot", "times", "sum", "prod", "quad", "qquad",
        "begin", "end", "approx", "to", "in", "le", "ge", "sim", "text",
        "mathrm"
    };
    size_t k;

    for (k = 0; k < sizeof names / sizeof *names; k++)
        if (strlen(names[k]) == n && strncmp(s, names[k], n) == 0)
            return 1;
    return 0;
}

/* A brace group at k: past its close, or 0. */
static size_t
past_group(tr *x, size_t k, size_t stop)
{
    size_t close;

    if (k >= stop || x->t[k] != '{'
        || (close = exattn_page__group_end(x, k, stop)) >= stop)
        return 0;
    return close + 1;
}

/* "^2" or "^{2}" at j, then an index: a square set before the index
 * (\sigma^2_{2}, {\sigma'}^2_{2}), which TeX sets as \sigma_{2}^2 -- a
 * variance's own symbol.  Its length, or 0. */
static size_t
square_before_index(const tr *x, size_t j, size_t stop)
{
    size_t n = j + 1 < stop && x->t[j] == '^'
               ? (x->t[j + 1] == '2' ? 2
                  : j + 3 < stop && x->t[j + 1] == '{' && x->t[j + 2] == '2'
                    && x->t[j + 3] == '}' ? 4 : 0)
               : 0;

    return n != 0 && j + n < stop && x->t[j + n] == '_' ? n : 0;
}

/* The end of a symbol's letter or command at k (\alpha, \tilde{s},
 * \mathbf{o}) and its primes, or 0. */
static size_t
symbol_base(tr *x, size_t k, size_t stop)
{
    size_t j, n;

    if (isalpha((unsigned char)x->t[k]))
        j = k + 1;
    else if (x->t[k] == '\\')
    {
        for (j = k + 1; j < stop && isalpha((unsigned char)x->t[j]); j++)
            ;
        if (j == k + 1 || structural(x->t + k + 1, j - k - 1))
            return 0;
        if (j < stop && x->t[j] == '{' && (n = past_group(x, j, stop)) != 0)
            j = n;              /* \mathbf{o}, \tilde{s} */
    }
    else
        return 0;
    while (j < stop && x->t[j] == '\'')
        j++;
    return j;
}

/* The end of the page symbol at k -- a letter or a command (\alpha,
 * \tilde{s}, \mathbf{o}), its primes, a layer's superscript ^{(1)}, a
 * square before its index ({\sigma'}^2_{2}) and its index (_{1,2},
 * _j) -- or 0. */
size_t
exattn_page__symbol_token(tr *x, size_t k, size_t stop)
{
    size_t j, n;

    if (k >= stop)
        return 0;
    if (x->t[k] == '{')
    {
        /* {\sigma'}^2_{2}: a braced symbol is one only when squared
         * before its index; other groups are the formula's */
        if ((j = symbol_base(x, k + 1, stop)) == 0 || j >= stop
            || x->t[j] != '}' || square_before_index(x, j + 1, stop) == 0)
            return 0;
        j++;
    }
    else if ((j = symbol_base(x, k, stop)) == 0)
        return 0;
    if (j + 1 < stop && x->t[j] == '^' && x->t[j + 1] == '{'
        && j + 2 < stop && x->t[j + 2] == '(')
        j = past_group(x, j + 1, stop);     /* H^{(1)} */
    if (j != 0 && (n = square_before_index(x, j, stop)) != 0)
        j += n;
    if (j != 0 && j + 1 < stop && x->t[j] == '_')
        j = x->t[j + 1] == '{' ? past_group(x, j + 1, stop) : j + 2;
    while (j != 0 && j < stop && x->t[j] == '\'')
        j++;
    return j;
}

/* Is [k, end) one index of a subscript: digits, or a label in
 * \text{..} or \mathrm{..}? */
static int
index_part(const tr *x, size_t k, size_t end)
{
    static const char *const wraps[] = { "\\text{", "\\mathrm{" };
    size_t w, n, i;

    while (k < end && isspace((unsigned char)x->t[k]))
        k++;
    while (end > k && isspace((unsigned char)x->t[end - 1]))
        end--;
    if (k == end)
        return 0;
    if (end - k == 1 && x->bound != 0 && x->t[k] == x->bound)
        return 1;               /* a sum's index: each of its values */
    for (i = k; i < end && isdigit((unsigned char)x->t[i]); i++)
        ;
    if (i == end)
        return 1;
    for (w = 0; w < sizeof wraps / sizeof *wraps; w++)
        if (end - k > (n = strlen(wraps[w])) + 1
            && strncmp(x->t + k, wraps[w], n) == 0 && x->t[end - 1] == '}')
            return 1;
    return 0;
}

/* Does the symbol [k, end) end in an index that names entries of the
 * lesson -- _{2,1}, _3, _{\text{rises},\text{grid}} -- not a generic one
 * (_j, _{i,j}, d_k)? */
static int
indexed(const tr *x, size_t k, size_t end)
{
    size_t u = end, from, i;
    int depth = 0;

    while (u > k && x->t[u - 1] == '\'')
        u--;
    if (u >= k + 2 && x->t[u - 2] == '_')
        return isdigit((unsigned char)x->t[u - 1])
               || (x->bound != 0 && x->t[u - 1] == x->bound);
    if (u < k + 3 || x->t[u - 1] != '}')
        return 0;
    /* the subscript's group: back to its opening brace */
    for (i = u - 1; i > k; i--)
    {
        depth += x->t[i] == '}';
        depth -= x->t[i] == '{';
        if (depth == 0)
            break;
    }
    if (depth != 0 || i <= k || x->t[i - 1] != '_')
        return 0;
    for (from = ++i, depth = 0; i < u - 1; i++)
    {
        depth += x->t[i] == '{';
        depth -= x->t[i] == '}';
        if (depth == 0 && x->t[i] == ',')
        {
            if (!index_part(x, from, i))
                return 0;
            from = i + 1;
        }
    }
    return index_part(x, from, u - 1);
}

/* Is [k, end) spelled exactly as one of spellings[0, count)? */
static int
spelled_as(const tr *x, size_t k, size_t end, const char *const *spellings,
           size_t count)
{
    size_t w;

    for (w = 0; w < count; w++)
        if (end - k == strlen(spellings[w])
            && strncmp(x->t + k, spellings[w], end - k) == 0)
            return 1;
    return 0;
}

/* Is [k, end) epsilon, a layer norm's stabilizer: the one constant a
 * lesson may give as a symbol ("epsilon": {"symbol": "ε"}), so a
 * formula in it is the lesson's to read? */
static int
stabilizer(const tr *x, size_t k, size_t end)
{
    static const char *const spellings[] = { "\\varepsilon", "\\epsilon" };

    return spelled_as(x, k, end, spellings, 2);
}

/* Is [k, end) the symbol of the keys' width, d_k? */
static int
key_width(const tr *x, size_t k, size_t end)
{
    static const char *const spellings[] = { "d_k", "d_{k}" };

    return spelled_as(x, k, end, spellings, 2);
}

/* Does [k, end) hold a byte the page reader writes around symbols? */
static int
marked_up(const tr *x, size_t k, size_t end)
{
    static const char bytes[] = EXATTN_PAGE_FREE_SYMBOL EXATTN_PAGE_DEFINED
        EXATTN_PAGE_GENERIC EXATTN_PAGE_SUM;
    size_t b;

    for (b = 0; b < sizeof bytes - 1; b++)
        if (memchr(x->t + k, bytes[b], end - k) != NULL)
            return 1;
    return 0;
}

/* The symbol [k, end) of a letter the page defined generically
 * (s_{ij} = q_i^\top k_j): written with that definition at its index,
 * after EXATTN_PAGE_GENERIC's byte; 0 when there is none or its body
 * does not translate (a sum). */
static int
generic_symbol(tr *x, size_t k, size_t end)
{
    char *body;
    exattn_sbuf out;
    tr inner;
    size_t i = 0, len;
    int ok;

    /* a body may name a letter defined so too (\tilde{\alpha}_{ij} =
     * \exp(e_{ij})), a few deep; a letter defined by itself is cut off */
    if (x->in_generic >= MAX_GENERIC_DEPTH || x->budget == NULL
        || end - k > EXATTN_PAGE_SYMBOL_MAX
        || !indexed(x, k, end) || marked_up(x, k, end)
        || (body = exattn_page__symbols_instance(x->syms, x->t + k,
                                                 end - k)) == NULL)
        return 0;
    len = strlen(body);
    if (len > *x->budget)
    {
        free(body);
        return 0;
    }
    *x->budget -= len;
    exattn_sbuf__init(&out);
    memset(&inner, 0, sizeof inner);
    inner.c = x->c;
    inner.t = body;
    inner.end = len;
    inner.out = &out;
    inner.syms = x->syms;
    inner.in_generic = x->in_generic + 1;
    inner.budget = x->budget;
    ok = len <= MAX_FORMULA && exattn_page__tex_expression(&inner, &i, len)
         && exattn_page__tex_spaces(&inner, i, len) == len && !out.oom
         && x->out->len + out.len + end - k + 4 <= MAX_EXPANDED;
    if (ok)
    {
        exattn_sbuf__putn(x->out, EXATTN_PAGE_FREE_SYMBOL, 1);
        exattn_sbuf__putn(x->out, x->t + k, end - k);
        exattn_sbuf__putn(x->out, EXATTN_PAGE_GENERIC, 1);
        exattn_sbuf__puts(x->out, "(");
        exattn_sbuf__putn(x->out, out.s, out.len);
        exattn_sbuf__puts(x->out, ")");
        exattn_sbuf__putn(x->out, &EXATTN_PAGE_FREE_SYMBOL[1], 1);
        x->named = x->symbols = x->generic = 1;
    }
    exattn_sbuf__clear(&out);
    free(body);
    return ok;
}

/* The page's symbol [k, end): its definition written out; or, when the
 * page never defined it and its index names entries, the symbol itself
 * between EXATTN_PAGE_FREE_SYMBOL's bytes, for the audit to read as
 * the lesson's quantity (src/audit/symbols.c). */
int
exattn_page__page_symbol(tr *x, size_t k, size_t end)
{
    int named = 0;
    const char *e;

    if (generic_symbol(x, k, end))
        return 1;
    e = exattn_page__symbols_find(x->syms, x->t + k, end - k, &named);
    if (e == NULL && end - k <= EXATTN_PAGE_SYMBOL_MAX
        && x->out->len + end - k + 2 <= MAX_EXPANDED
        && (indexed(x, k, end) || stabilizer(x, k, end)
            || (x->in_generic && key_width(x, k, end)))
        && !marked_up(x, k, end))
    {
        exattn_sbuf__putn(x->out, EXATTN_PAGE_FREE_SYMBOL, 1);
        exattn_sbuf__putn(x->out, x->t + k, end - k);
        exattn_sbuf__putn(x->out, &EXATTN_PAGE_FREE_SYMBOL[1], 1);
        /* what it names is the lesson's to say: a candidate */
        x->named = 1;
        x->symbols = 1;
        return 1;
    }
    if (e == NULL || x->out->len + strlen(e) + end - k + 2 > MAX_EXPANDED)
        return 0;
    if (indexed(x, k, end)
        && !marked_up(x, k, end))
    {
        /* a symbol that may also be the lesson's: both, for the audit to
         * read either way (a page's wrong definition is its own FAIL,
         * not every later formula's) */
        exattn_sbuf__putn(x->out, EXATTN_PAGE_FREE_SYMBOL, 1);
        exattn_sbuf__putn(x->out, x->t + k, end - k);
        exattn_sbuf__putn(x->out, EXATTN_PAGE_DEFINED, 1);
        exattn_sbuf__puts(x->out, e);
        exattn_sbuf__putn(x->out, &EXATTN_PAGE_FREE_SYMBOL[1], 1);
        x->named = 1;
    }
    else
    {
        exattn_sbuf__puts(x->out, e);
        x->named |= named;
    }
    x->symbols = 1;
    return 1;
}
