/* The named formulas a page prints: closed forms in math such as
 * \frac{e^{1}}{e^{1}+e^{1}+e^{2}}, \frac{1}{1+e}, e^{\sqrt{2}/2} or
 * 2\sqrt{2}, read into exattn's expression syntax so that the audit can
 * compare them with the lesson's quantities by exact identity
 * (docs/cli.md, "Named formulas").  A math run is cut at its relations
 * (=, \approx, ≈) and separators (&, \\, commas, \quad, \text); a piece
 * is a named formula when it translates whole -- numbers, e, e^{..},
 * \exp, \sqrt, \frac, + - \cdot \times /, parentheses and braces -- and
 * names something (an exponential, a root, \sin, \cos, \ln).  A symbol
 * the page defined above in closed form ("Z_{1} = e^{1}+e^{2}", kept in
 * symbols.c) is read as its definition, so \frac{e^{1}}{Z_{1}} is a
 * named formula too; a symbol the page never defined is kept for the
 * audit to read as the lesson's (an indexed one, w_{2,1}; \varepsilon),
 * and a sum over an index with a range (\sum_{k=1}^{3}, \sum_{k \in
 * A_9}) is kept with its body for the audit to write out; any other
 * such piece is not read. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "page/page.h"

#define MAX_FORMULA 2000        /* bytes of one piece */

typedef struct
{
    const exattn_page_clean *c;
    const char *t;
    size_t end;                 /* of the piece */
    exattn_sbuf *out;
    int named;                  /* an exponential or a root was read */
    int depth;
    const exattn_page_symbols *syms;    /* the page's definitions */
    int symbols;                /* page symbols were read */
    int in_generic;             /* reading a generic definition's body:
                                   how deep in such bodies */
    int generic;                /* a generic definition was read */
    size_t *budget;             /* bytes of generic bodies the formula
                                   may still read */
    char bound;                 /* in a sum's body: its index letter */
} tr;

/* Terms a sum with a range of numbers may have */
#define MAX_SUM_TERMS 64

/* Bytes a formula may grow to with the page's symbols written out: a
 * chain of definitions that doubles each time is cut off, not followed */
#define MAX_EXPANDED 8192

/* Generic definitions read inside one another, at most, and the bytes
 * of their bodies one formula may read in all: definitions that name
 * each other many times over stay linear */
#define MAX_GENERIC_DEPTH 4
#define MAX_GENERIC_WORK 32768

static int expression(tr *x, size_t *i, size_t stop);

/* A style switch at i (\displaystyle, as MediaWiki wraps its TeX): no
 * part of the formula; its length, or 0. */
static size_t
style_at(const tr *x, size_t i, size_t stop)
{
    static const char *const styles[] = { "\\displaystyle", "\\textstyle",
                                          "\\scriptstyle" };
    size_t k, n;

    for (k = 0; k < sizeof styles / sizeof *styles; k++)
        if (i + (n = strlen(styles[k])) <= stop
            && strncmp(x->t + i, styles[k], n) == 0
            && !(i + n < stop && isalpha((unsigned char)x->t[i + n])))
            return n;
    return 0;
}

/* An equation's numbering at i (\label{eq:z3}, \tag{2}, \nonumber,
 * \notag): no part of the formula; its length, or 0. */
static size_t
numbering_at(const tr *x, size_t i, size_t stop)
{
    static const char *const words[] = { "\\nonumber", "\\notag" };
    static const char *const groups[] = { "\\label{", "\\tag{", "\\tag*{" };
    size_t k, n, j;
    int depth;

    if (i >= stop || x->t[i] != '\\')
        return 0;
    for (k = 0; k < sizeof words / sizeof *words; k++)
        if (i + (n = strlen(words[k])) <= stop
            && strncmp(x->t + i, words[k], n) == 0
            && !(i + n < stop && isalpha((unsigned char)x->t[i + n])))
            return n;
    for (k = 0; k < sizeof groups / sizeof *groups; k++)
        if (i + (n = strlen(groups[k])) <= stop
            && strncmp(x->t + i, groups[k], n) == 0)
        {
            for (j = i + n, depth = 1; j < stop; j++)
                if (x->t[j] == '{')
                    depth++;
                else if (x->t[j] == '}' && --depth == 0)
                    return j + 1 - i;
            return 0;
        }
    return 0;
}

/* Past spaces, math spacing and a line break that a formula continues
 * over ("\\ &\qquad + e^{0}": run() keeps such a break in its piece). */
static size_t
spaces(tr *x, size_t i, size_t stop)
{
    size_t n;

    for (;;)
    {
        while (i < stop && (isspace((unsigned char)x->t[i])
                            || x->t[i] == '&'))
            i++;
        if (i + 1 < stop && x->t[i] == '\\' && x->t[i + 1] == '\\')
            n = 2;
        else if ((n = style_at(x, i, stop)) == 0
                 && (n = numbering_at(x, i, stop)) == 0
                 && (n = exattn_page__gap(x->t, i, stop)) == 0)
            return i;
        i += n;
    }
}

static int
word(tr *x, size_t i, size_t stop, const char *w)
{
    size_t n;

    if (i >= stop || x->t[i] != w[0])
        return 0;
    n = strlen(w);
    return i + n <= stop && strncmp(x->t + i, w, n) == 0
           && !(i + n < stop && isalpha((unsigned char)x->t[i + n])
                && isalpha((unsigned char)w[n - 1]));
}

/* The closing brace of the group opening at i, or stop. */
static size_t
group_end(tr *x, size_t i, size_t stop)
{
    int depth = 0;

    for (; i < stop; i++)
        if (x->t[i] == '\\' && i + 1 < stop)
            i++;
        else if (x->t[i] == '{')
            depth++;
        else if (x->t[i] == '}' && --depth == 0)
            return i;
    return stop;
}

/* An argument: {..} or one character; its translation in parentheses. */
static int
argument(tr *x, size_t *i, size_t stop)
{
    size_t k = spaces(x, *i, stop), close;

    if (k >= stop)
        return 0;
    exattn_sbuf__puts(x->out, "(");
    if (x->t[k] == '{')
    {
        close = group_end(x, k, stop);
        if (close >= stop)
            return 0;
        k++;
        if (!expression(x, &k, close) || spaces(x, k, close) != close)
            return 0;
        *i = close + 1;
    }
    else if (isdigit((unsigned char)x->t[k]))
    {
        exattn_sbuf__putn(x->out, x->t + k, 1);
        *i = k + 1;
    }
    else
        return 0;
    exattn_sbuf__puts(x->out, ")");
    return 1;
}

/* ---- functions and the page's symbols --------------------------------- */

/* A spelling and what it stands for in exattn's syntax. */
typedef struct
{
    const char *tex, *to;
} spelling;

/* The entry of `table` whose spelling stands at k: what it stands for,
 * its length in *n; NULL when none. */
static const char *
spelled_at(tr *x, size_t k, size_t stop, const spelling *table,
           size_t count, size_t *n)
{
    size_t j;

    for (j = 0; j < count; j++)
        if (word(x, k, stop, table[j].tex))
        {
            *n = strlen(table[j].tex);
            return table[j].to;
        }
    return NULL;
}

/* \sin, \cos, \ln, \log, \exp at k: exattn's name for it, its length
 * in *n. */
static const char *
function_name(tr *x, size_t k, size_t stop, size_t *n)
{
    static const spelling fns[] = {
        { "\\sin", "sin" }, { "\\cos", "cos" }, { "\\ln", "ln" },
        { "\\log", "ln" }, { "\\exp", "exp" }
    };

    return spelled_at(x, k, stop, fns, sizeof fns / sizeof *fns, n);
}

static size_t
function_at(tr *x, size_t k, size_t stop)
{
    size_t n;

    return function_name(x, k, stop, &n) ? k + n : 0;
}

/* A function applied: \sin\left(2\right), \cos(1), \ln{2}, \sin 1. */
static int
function_call(tr *x, size_t *i, size_t after, size_t stop)
{
    size_t n, k;
    const char *name = function_name(x, *i, stop, &n);

    x->named = 1;
    exattn_sbuf__printf(x->out, "%s(", name);
    k = spaces(x, after, stop);
    if (word(x, k, stop, "\\left(") || (k < stop && x->t[k] == '('))
    {
        k += x->t[k] == '(' ? 1 : 6;
        if (!expression(x, &k, stop))
            return 0;
        k = spaces(x, k, stop);
        if (word(x, k, stop, "\\right)"))
            k += 7;
        else if (k < stop && x->t[k] == ')')
            k++;
        else
            return 0;
    }
    else if (!argument(x, &k, stop))
        return 0;
    exattn_sbuf__puts(x->out, ")");
    *i = k;
    return 1;
}

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
        || (close = group_end(x, k, stop)) >= stop)
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
static size_t
symbol_token(tr *x, size_t k, size_t stop)
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
    ok = len <= MAX_FORMULA && expression(&inner, &i, len)
         && spaces(&inner, i, len) == len && !out.oom
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
static int
page_symbol(tr *x, size_t k, size_t end)
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

/* A transpose at k (^\top, ^{T}, ^\intercal, ^{\mathsf{T}}): its
 * length, or 0. */
static size_t
transpose_at(tr *x, size_t k, size_t stop)
{
    static const char *const marks[] = {
        "^\\top", "^{\\top}", "^T", "^{T}", "^\\intercal", "^{\\intercal}",
        "^\\mathsf{T}", "^{\\mathsf{T}}", "^\\mathrm{T}", "^{\\mathrm{T}}"
    };
    size_t m, n;

    for (m = 0; m < sizeof marks / sizeof *marks; m++)
        if (k + (n = strlen(marks[m])) <= stop
            && strncmp(x->t + k, marks[m], n) == 0
            /* a command whole: \top is no part of \topology */
            && !(isalpha((unsigned char)marks[m][n - 1]) && k + n < stop
                 && isalpha((unsigned char)x->t[k + n])))
            return n;
    return 0;
}

/* A power after a factor: ^{2}, ^2. */
static int
power(tr *x, size_t *i, size_t stop)
{
    size_t k = spaces(x, *i, stop);

    if (k >= stop || x->t[k] != '^')
        return 1;
    k++;
    exattn_sbuf__puts(x->out, "^");
    if (!argument(x, &k, stop))
        return 0;
    *i = k;
    return 1;
}

/* A round bracket `c` at k, bare or sized: its length, or 0. */
static size_t
sized_bracket(tr *x, size_t k, size_t stop, char c)
{
    return exattn_page__bracket(x->t, k, stop, c);
}

/* \langle a, b \rangle in a generic definition's body: the two
 * symbols side by side, for the reader of two rows (their inner
 * product). */
static int
inner_product(tr *x, size_t *i, size_t stop)
{
    size_t k = spaces(x, *i + strlen("\\langle"), stop), j;

    if ((j = symbol_token(x, k, stop)) == 0 || !page_symbol(x, k, j))
        return 0;
    k = spaces(x, j, stop);
    if (k >= stop || x->t[k] != ',')
        return 0;
    exattn_sbuf__puts(x->out, "*");
    k = spaces(x, k + 1, stop);
    if ((j = symbol_token(x, k, stop)) == 0 || !page_symbol(x, k, j))
        return 0;
    k = spaces(x, j, stop);
    if (!word(x, k, stop, "\\rangle"))
        return 0;
    *i = k + strlen("\\rangle");
    return 1;
}

static const char *operator_at(tr *x, size_t i, size_t stop, size_t *n);
static int factor(tr *x, size_t *i, size_t stop);

/* A number's digits at *k, as an unsigned value (*k past them); 0 when
 * none or too many. */
static int
small_number(tr *x, size_t *k, size_t stop, unsigned long *v)
{
    size_t j = *k;

    for (*v = 0; j < stop && isdigit((unsigned char)x->t[j]); j++)
        if ((*v = *v * 10 + (unsigned long)(x->t[j] - '0')) > 100000)
            return 0;
    if (j == *k)
        return 0;
    *k = j;
    return 1;
}

/* Is [j, close) a set's name as a symbol writes it (A_{9},
 * A_{\text{rises}}): letters, digits, _ { } \ and spaces? */
static int
set_text(const char *t, size_t j, size_t close)
{
    for (; j < close; j++)
        if (!isalnum((unsigned char)t[j]) && !strchr("_{}\\ ", t[j]))
            return 0;
    return 1;
}

/* A sum's opening as EXATTN_PAGE_SUM writes it: its index letter, then
 * its range [range, range + n). */
static void
put_sum_head(tr *x, char var, const char *range, size_t n)
{
    exattn_sbuf__putn(x->out, EXATTN_PAGE_SUM, 1);
    exattn_sbuf__putn(x->out, &var, 1);
    exattn_sbuf__putn(x->out, &EXATTN_PAGE_SUM[1], 1);
    exattn_sbuf__putn(x->out, range, n);
    exattn_sbuf__putn(x->out, &EXATTN_PAGE_SUM[1], 1);
}

/* The head of \sum at k, past "\sum": _{k \in A_{9}} or _{j=1}^{3}
 * (also ^3 and \limits), its index letter into *var and its range,
 * written ("A_{9}", "1..3"); its end, or 0 when it names no range of
 * the lesson's (\sum_j, \sum_{j=1}^{n}). */
static size_t
sum_head(tr *x, size_t k, size_t stop, char *var)
{
    size_t close, j, n;
    unsigned long lo, hi;
    char range[48];

    if (word(x, k, stop, "\\limits"))
        k += strlen("\\limits");
    if (k + 1 >= stop || x->t[k] != '_' || x->t[k + 1] != '{'
        || (close = group_end(x, k + 1, stop)) >= stop)
        return 0;
    j = spaces(x, k + 2, close);
    if (j >= close || !isalpha((unsigned char)x->t[j]))
        return 0;
    *var = x->t[j];
    j = spaces(x, j + 1, close);
    if (word(x, j, close, "\\in"))
    {
        /* the set as written, for the reader: A_{9}, A_9 -- a symbol's
         * bytes only, and short */
        j = spaces(x, j + 3, close);
        if (j >= close || close - j > 32 || !set_text(x->t, j, close))
            return 0;
        put_sum_head(x, *var, x->t + j, close - j);
        return close + 1;
    }
    if (j >= close || x->t[j] != '=')
        return 0;
    j = spaces(x, j + 1, close);
    if (!small_number(x, &j, close, &lo) || spaces(x, j, close) != close)
        return 0;
    k = close + 1;
    if (k + 1 >= stop || x->t[k] != '^')
        return 0;
    if (x->t[k + 1] == '{')
    {
        if ((close = group_end(x, k + 1, stop)) >= stop)
            return 0;
        j = spaces(x, k + 2, close);
        if (!small_number(x, &j, close, &hi) || spaces(x, j, close) != close)
            return 0;
        k = close + 1;
    }
    else if (isdigit((unsigned char)x->t[k + 1]))
    {
        hi = (unsigned long)(x->t[k + 1] - '0');
        k += 2;
    }
    else
        return 0;
    if (hi < lo || hi - lo >= MAX_SUM_TERMS)
        return 0;
    n = (size_t)snprintf(range, sizeof range, "%lu..%lu", lo, hi);
    put_sum_head(x, *var, range, n);
    return k;
}

/* \sum with a range at *i: its head, then its body -- the factors after
 * it up to a + or - (\sum_{k} w_{2,k} v_{k,1}) -- in which the index
 * letter is an index of the lesson's symbols. */
static int
sum(tr *x, size_t *i, size_t stop)
{
    size_t k, n;
    char var, outer = x->bound;
    const char *op;
    int ok;

    if (outer != 0 || (k = sum_head(x, *i + 4, stop, &var)) == 0)
        return 0;               /* a sum in a sum is not read */
    x->bound = var;
    ok = factor(x, &k, stop);
    while (ok)
    {
        size_t j = spaces(x, k, stop);

        if (j >= stop || sized_bracket(x, j, stop, ')'))
            break;
        if ((op = operator_at(x, j, stop, &n)) != NULL)
        {
            if (*op != '*')
                break;          /* + - /: the sum's body ends */
            j += n;
        }
        exattn_sbuf__puts(x->out, "*");
        ok = factor(x, &j, stop);
        k = j;
    }
    x->bound = outer;
    if (!ok)
        return 0;
    exattn_sbuf__putn(x->out, &EXATTN_PAGE_SUM[2], 1);
    x->named = 1;
    x->symbols = 1;
    *i = k;
    return 1;
}

/* One factor: a number, e, e^{..}, \exp(..), \sqrt{..}, \frac{..}{..},
 * a bracketed expression. */
static int
factor(tr *x, size_t *i, size_t stop)
{
    size_t k = spaces(x, *i, stop), j;

    if (k >= stop || ++x->depth > 64)
        return 0;
    if (isdigit((unsigned char)x->t[k]))
    {
        for (j = k; j < stop && isdigit((unsigned char)x->t[j]); j++)
            ;
        /* a decimal makes it the page's approximation (e^{1.155}), not
         * a named form */
        if (j + 1 < stop && x->t[j] == '.'
            && isdigit((unsigned char)x->t[j + 1]))
            return 0;
        exattn_sbuf__putn(x->out, x->t + k, j - k);
        *i = j;
    }
    else if (x->t[k] == 'e'
             && !(k + 1 < stop && (isalpha((unsigned char)x->t[k + 1])
                                   || x->t[k + 1] == '_')))
    {
        x->named = 1;
        k = spaces(x, k + 1, stop);
        if (k < stop && x->t[k] == '^')
        {
            exattn_sbuf__puts(x->out, "e^");
            k++;
            if (!argument(x, &k, stop))
                return 0;
        }
        else
            exattn_sbuf__puts(x->out, "e");
        *i = k;
    }
    else if (word(x, k, stop, "\\sum"))
    {
        if (!sum(x, &k, stop))
            return 0;
        *i = k;
    }
    else if (word(x, k, stop, "\\sqrt"))
    {
        x->named = 1;
        k += 5;
        if (spaces(x, k, stop) < stop && x->t[spaces(x, k, stop)] == '[')
            return 0;           /* an n-th root */
        exattn_sbuf__puts(x->out, "sqrt");
        if (!argument(x, &k, stop))
            return 0;
        *i = k;
    }
    else if (word(x, k, stop, "\\frac") || word(x, k, stop, "\\tfrac")
             || word(x, k, stop, "\\dfrac"))
    {
        k += x->t[k + 1] == 'f' ? 5 : 6;
        exattn_sbuf__puts(x->out, "(");
        if (!argument(x, &k, stop))
            return 0;
        exattn_sbuf__puts(x->out, "/");
        if (!argument(x, &k, stop))
            return 0;
        exattn_sbuf__puts(x->out, ")");
        *i = k;
    }
    else if (x->t[k] == '{' && (j = symbol_token(x, k, stop)) != 0)
    {
        /* {\sigma'}^2_{2} */
        if (!page_symbol(x, k, j))
            return 0;
        *i = j;
    }
    else if (x->t[k] == '{')
    {
        size_t end = group_end(x, k, stop);

        k++;
        exattn_sbuf__puts(x->out, "(");
        if (!expression(x, &k, end))
            return 0;
        k = spaces(x, k, stop);
        if (k >= stop || x->t[k] != '}')
            return 0;
        exattn_sbuf__puts(x->out, ")");
        *i = k + 1;
    }
    else if ((j = sized_bracket(x, k, stop, '(')) != 0)
    {
        /* (..), \left(..\right), \bigl(..\bigr) and their kin */
        k += j;
        exattn_sbuf__puts(x->out, "(");
        if (!expression(x, &k, stop))
            return 0;
        k = spaces(x, k, stop);
        if ((j = sized_bracket(x, k, stop, ')')) == 0)
            return 0;
        exattn_sbuf__puts(x->out, ")");
        *i = k + j;
    }
    else if (x->in_generic && word(x, k, stop, "\\langle"))
    {
        if (!inner_product(x, &k, stop))
            return 0;
        *i = k;
    }
    else if ((j = function_at(x, k, stop)) != 0)
    {
        if (!function_call(x, &k, j, stop))
            return 0;
        *i = k;
    }
    else if ((j = symbol_token(x, k, stop)) != 0)
    {
        if (!page_symbol(x, k, j))
            return 0;
        /* q_i^\top k_j in a generic definition: a vector's transpose,
         * for the reader of two vectors side by side (their inner
         * product) */
        *i = j + (x->in_generic ? transpose_at(x, j, stop) : 0);
    }
    else
        return 0;
    x->depth--;
    return power(x, i, stop);
}

/* The operator at i (+ - − \cdot \times · /): its exattn spelling, and
 * its length in *n; NULL when none. */
static const char *
operator_at(tr *x, size_t i, size_t stop, size_t *n)
{
    static const spelling ops[] = {
        { "+", "+" }, { "-", "-" }, { "\xe2\x88\x92", "-" },
        { "\\cdot", "*" }, { "\\times", "*" }, { "\xc2\xb7", "*" },
        { "/", "/" }, { "*", "*" }
    };

    return spelled_at(x, i, stop, ops, sizeof ops / sizeof *ops, n);
}

/* Factors joined by operators or written side by side (2\sqrt{2}). */
static int
expression(tr *x, size_t *i, size_t stop)
{
    size_t k = spaces(x, *i, stop), n;
    const char *op;

    if (k < stop && (op = operator_at(x, k, stop, &n)) != NULL
        && *op == '-')
    {
        exattn_sbuf__puts(x->out, "-");
        k += n;
    }
    if (!factor(x, &k, stop))
        return 0;
    for (;;)
    {
        k = spaces(x, k, stop);
        if (k >= stop || sized_bracket(x, k, stop, ')'))
            break;
        if ((op = operator_at(x, k, stop, &n)) != NULL)
        {
            exattn_sbuf__puts(x->out, op);
            k += n;
        }
        else
            exattn_sbuf__puts(x->out, "*");     /* 2\sqrt{2} */
        if (!factor(x, &k, stop))
            return 0;
    }
    *i = k;
    return 1;
}

/* The translation of the piece [from, to), or NULL when it is no named
 * formula. */
static char *
translate(const exattn_page_clean *c, size_t from, size_t to,
          const exattn_page_symbols *syms, int *named, int *symbols,
          int *generic)
{
    exattn_sbuf out;
    tr x;
    size_t k = from, budget = MAX_GENERIC_WORK;

    if (to - from > MAX_FORMULA)
        return NULL;
    exattn_sbuf__init(&out);
    memset(&x, 0, sizeof x);
    x.budget = &budget;
    x.c = c;
    x.t = c->text.s;
    x.end = to;
    x.out = &out;
    x.syms = syms;
    if (!expression(&x, &k, to) || spaces(&x, k, to) != to || out.oom
        || out.len > MAX_EXPANDED)
    {
        exattn_sbuf__clear(&out);
        return NULL;
    }
    *named = x.named;
    *symbols = x.symbols;
    *generic = x.generic;
    return exattn_sbuf__take(&out);
}

/* Is [from, to) one symbol of the page's, alone ("Z_{1}", "w_{1,2}")? */
static int
lone_symbol(const exattn_page_clean *c, size_t from, size_t to)
{
    tr x;
    size_t end;

    memset(&x, 0, sizeof x);
    x.c = c;
    x.t = c->text.s;
    x.end = to;
    from = spaces(&x, from, to);
    return from < to && (end = symbol_token(&x, from, to)) != 0
           && spaces(&x, end, to) == to;
}

/* ---- pieces of math ------------------------------------------------- */

/* Does a separator start at k (a relation, &, \\, a comma, \quad, \text,
 * an inequality)?  Its length, or 0; *relation says whether it joins the
 * pieces on its sides as equal (2 for =, 1 for \approx, ≈). */
static size_t
separator(const exattn_page_clean *c, size_t k, size_t stop, int *relation)
{
    static const struct { const char *tex; int relation; } seps[] = {
        { "=", 2 }, { "\\approx", 1 }, { "\xe2\x89\x88", 1 },
        { "\\simeq", 1 }, { "\\sim", 0 }, { "&", 0 }, { "\\\\", 0 },
        { ",", 0 }, { ";", 0 }, { "\\quad", 0 }, { "\\qquad", 0 },
        { "\\text", 0 }, { "\\le", 0 },
        { "\\ge", 0 }, { "<", 0 }, { ">", 0 }, { "\\in", 0 },
        { "\\to", 0 }, { ":", 0 }
    };
    size_t j, n;
    const char *close;

    /* most bytes of a formula start no separator: told at once (it is
     * asked at every byte) */
    if (strchr("=\\\xe2&,;<>:.", c->text.s[k]) == NULL
        || c->text.s[k] == '\0')
        return 0;
    /* \begin{aligned}, \end{aligned}: an environment's edges; a matrix
     * is a factor, kept in its piece (which then names no closed form) */
    if ((strncmp(c->text.s + k, "\\begin{", 7) == 0
         || strncmp(c->text.s + k, "\\end{", 5) == 0)
        && (close = memchr(c->text.s + k, '}', stop - k)) != NULL
        && !((size_t)(close - (c->text.s + k)) >= 6
             && strncmp(close - 6, "matrix", 6) == 0))
    {
        *relation = 0;
        return (size_t)(close - (c->text.s + k)) + 1;
    }
    /* a sentence's full stop in a display: a period after a space or
     * before one ("\frac{..}{..} .") */
    if (c->text.s[k] == '.' && (k + 1 >= stop
                                || isspace((unsigned char)c->text.s[k + 1]))
        && !(k > 0 && isdigit((unsigned char)c->text.s[k - 1])))
    {
        *relation = 0;
        return 1;
    }
    for (j = 0; j < sizeof seps / sizeof *seps; j++)
    {
        if (c->text.s[k] != seps[j].tex[0])
            continue;
        n = strlen(seps[j].tex);
        /* a command whole: \le is no part of \left */
        if (k + n <= stop && strncmp(c->text.s + k, seps[j].tex, n) == 0
            && !(isalpha((unsigned char)seps[j].tex[n - 1]) && k + n < stop
                 && isalpha((unsigned char)c->text.s[k + n])))
        {
            *relation = seps[j].relation;
            return n;
        }
    }
    return 0;
}

void
exattn_page__formula_push(exattn_page_formula_list *l,
                          const exattn_page_clean *c, size_t from, size_t to,
                          char *expr, size_t subject_from, size_t subject_to,
                          int prose)
{
    exattn_page_formula *f;

    while (from < to && isspace((unsigned char)c->text.s[from]))
        from++;
    while (to > from && isspace((unsigned char)c->text.s[to - 1]))
        to--;
    if (l->count == l->cap)
    {
        size_t cap = l->cap ? 2 * l->cap : 16;

        if ((f = realloc(l->items, cap * sizeof *f)) == NULL)
        {
            free(expr);
            l->oom = 1;
            return;
        }
        l->items = f;
        l->cap = cap;
    }
    f = &l->items[l->count++];
    memset(f, 0, sizeof *f);
    f->from = from;
    f->to = to;
    f->expr = expr;
    f->subject_from = subject_from;
    f->subject_to = subject_to;
    f->prose = prose;
}

/* Does the line break "\\" at k continue the formula before it: the next
 * line, past its alignment point and spacing, opens with an operator
 * ("\\ &\qquad + e^{0}")?  Where that operator starts, or 0. */
static size_t
continued_at(const exattn_page_clean *c, size_t k, size_t stop)
{
    const char *t = c->text.s;
    size_t n;

    if (!(k + 1 < stop && t[k] == '\\' && t[k + 1] == '\\'))
        return 0;
    for (k += 2; k < stop;)
        if (isspace((unsigned char)t[k]) || t[k] == '&')
            k++;
        else if ((n = exattn_page__gap(t, k, stop)) != 0)
            k += n;
        else
            break;
    return k < stop && (t[k] == '+' || t[k] == '-'
                        || strncmp(t + k, "\\cdot", 5) == 0
                        || strncmp(t + k, "\xe2\x88\x92", 3) == 0)
           ? k : 0;
}

/* Is [from, to) only spaces? */
static int
blank(const exattn_page_clean *c, size_t from, size_t to)
{
    while (from < to && isspace((unsigned char)c->text.s[from]))
        from++;
    return from == to;
}

/* The end of piece [from, to) before an equation's numbering that closes
 * it ("... \label{eq:z3}"): a formula as the page shows it. */
static size_t
before_numbering(const exattn_page_clean *c, size_t from, size_t to)
{
    tr x;
    size_t k;

    if (to - from > MAX_FORMULA)
        return to;              /* no formula: translate() refuses it */
    memset(&x, 0, sizeof x);
    x.t = c->text.s;
    x.end = to;
    for (k = from; k < to; k++)
        if (x.t[k] == '\\' && numbering_at(&x, k, to) != 0
            && spaces(&x, k, to) == to)
            return k;
    return to;
}

/* The subject [from, to) read through the page's generic definition of
 * its letter (s_{1,1} as \exp(q_1 \cdot k_1/\sqrt{d_k})), or NULL. */
static char *
subject_form(const exattn_page_clean *c, size_t from, size_t to,
             const exattn_page_symbols *syms)
{
    int named, symbols, generic = 0;
    char *form;

    if (!lone_symbol(c, from, to)
        || (form = translate(c, from, to, syms, &named, &symbols,
                             &generic)) == NULL)
        return NULL;
    if (!generic)
    {
        free(form);
        return NULL;
    }
    return form;
}

/* The piece [from, to) -- a number, no formula -- as the value of a
 * symbol read through a generic definition (`form`, taken; NULL: none):
 * kept with the list's values. */
static void
value_of_generic(exattn_page_formula_list *l, const exattn_page_clean *c,
                 size_t from, size_t to, char *form)
{
    exattn_page_formula *v;

    if (form == NULL)
        return;
    while (from < to && isspace((unsigned char)c->text.s[from]))
        from++;
    while (to > from && isspace((unsigned char)c->text.s[to - 1]))
        to--;
    if (l->value_count == l->value_cap)
    {
        size_t cap = l->value_cap ? 2 * l->value_cap : 8;

        if ((v = realloc(l->values, cap * sizeof *v)) == NULL)
        {
            free(form);
            l->oom = 1;
            return;
        }
        l->values = v;
        l->value_cap = cap;
    }
    v = &l->values[l->value_count++];
    memset(v, 0, sizeof *v);
    v->from = from;
    v->to = to;
    v->subject_form = form;
}

/* A generic definition (s_{ij} = q_i^\top k_j): kept for the symbols of
 * its letter after it; 1 when [from, to) was one. */
static int
generic_definition(exattn_page_formula_list *l, exattn_page_symbols *syms,
                   const exattn_page_clean *c, size_t from, size_t to,
                   const size_t subject[2])
{
    exattn_page_generic g;

    if (!exattn_page__generic_subject(&g, c->text.s + subject[0],
                                      subject[1] - subject[0])
        || !exattn_page__generic_uses(&g, c->text.s + from, to - from))
        return 0;
    if (to - from > MAX_FORMULA)
        return 1;               /* a definition no formula could hold */
    if (!exattn_page__symbols_generic(syms, &g, c->text.s + from, to - from))
        l->oom = 1;
    return 1;
}

/* One piece [from, to) read: a definition when "=" joins it to a lone
 * symbol before it (Z_{1} = e^{1}+e^{2}), or a generic one (s_{ij} =
 * ..); a named formula of the page when it names something -- unless it
 * is written in the page's symbols and is a left side (\sqrt{d_k} = ..)
 * or one symbol that nothing is set equal to (o_{1} = w_{1,2} is read).
 * A subject whose letter the page defined generically is kept in that
 * reading too, for the audit to hold the formula to. */
static void
piece_read(exattn_page_formula_list *l, exattn_page_symbols *syms, const exattn_page_clean *c,
           size_t from, size_t to, const size_t subject[2],
           const size_t chain[2], int joined, int left_side)
{
    /* what it is said to be: the symbol before its relation, else the
     * chain's first side ("o_{1,2} = 2\alpha_{11} + \alpha_{13} =
     * \dfrac{..}{..}") when that is a symbol */
    const size_t *named_by = !lone_symbol(c, subject[0], subject[1])
                             && chain[1] > chain[0]
                             && lone_symbol(c, chain[0], chain[1])
                             ? chain : subject;
    int named = 0, symbols = 0, generic = 0;
    char *expr;

    to = before_numbering(c, from, to);
    if (joined == 2 && subject[1] > subject[0]
        && generic_definition(l, syms, c, from, to, subject))
        return;
    if ((expr = translate(c, from, to, syms, &named, &symbols, &generic))
        == NULL)
    {
        if (joined)
            value_of_generic(l, c, from, to,
                             subject_form(c, named_by[0], named_by[1], syms));
        return;
    }
    if (joined == 2 && lone_symbol(c, subject[0], subject[1])
        && !exattn_page__symbols_define(syms, c->text.s + subject[0],
                                        subject[1] - subject[0], expr,
                                        named))
        l->oom = 1;
    /* a left side that is also a right side (a = F \approx 0.1: the
     * middle of a chain) is read */
    if (named && !(symbols && ((left_side && !joined)
                               || (!joined && lone_symbol(c, from, to)))))
    {
        exattn_page__formula_push(l, c, from, to, expr,
                                  joined ? named_by[0] : 0,
                                  joined ? named_by[1] : 0, 0);
        if (joined && !l->oom)
            l->items[l->count - 1].subject_form
                = subject_form(c, named_by[0], named_by[1], syms);
    }
    else
    {
        free(expr);
        /* a plain number ("A_{11} = 1") */
        if (joined && !named)
            value_of_generic(l, c, from, to,
                             subject_form(c, named_by[0], named_by[1], syms));
    }
}

/* The relation (as separator() says) that follows at k past spaces --
 * the "=" of an aligned "&=" -- or 0. */
static int
relation_after(const exattn_page_clean *c, size_t k, size_t b)
{
    int relation = 0;

    while (k < b && (c->text.s[k] == ' ' || c->text.s[k] == '\t'))
        k++;
    return k < b && separator(c, k, b, &relation) ? relation : 0;
}

/* The pieces of one math run [a, b): every named formula, with the piece
 * before it as its subject when a relation joins them; the definitions
 * on the way. */
static void
run(exattn_page_formula_list *l, exattn_page_symbols *syms, const exattn_page_clean *c,
    size_t a, size_t b)
{
    size_t k = a, piece = a, subject[2] = { 0, 0 }, chain[2] = { 0, 0 },
           n = 0;
    int depth = 0, relation = 0, joined = 0, after;

    for (;; k++)
    {
        /* \{ \}, and \, \; \! \: (spacing, no separator) */
        if (k < b && c->text.s[k] == '\\' && k + 1 < b
            && strchr("{},;!: ", c->text.s[k + 1]))
        {
            k++;
            continue;
        }
        depth += k < b && c->text.s[k] == '{';
        depth -= k < b && c->text.s[k] == '}';
        if (k < b && depth == 0 && (n = continued_at(c, k, b)) != 0)
        {
            k = n - 1;          /* the piece goes on over the break */
            continue;
        }
        if (k < b && !(depth == 0 && (n = separator(c, k, b, &relation))))
            continue;
        after = k < b ? relation : 0;
        if (k < b && after == 0)
            after = relation_after(c, k + n, b);    /* "w_{1,2}V_2 &= .." */
        if (blank(c, piece, k))
            joined = after ? after : joined;    /* "w_{1,2} &= ..." */
        else
        {
            if (!joined)
            {
                chain[0] = piece;       /* a chain's first side */
                chain[1] = k;
            }
            piece_read(l, syms, c, piece, k, subject, chain, joined,
                       after != 0);
            joined = after;
            subject[0] = piece;
            subject[1] = k;
        }
        if (k >= b || l->oom)
            return;
        piece = k + n;
        k += n - 1;
    }
}

/* A math run wrapped whole in a style group, as MediaWiki writes its TeX
 * ("{\displaystyle w = {\frac {e}{e+2}} \approx 0.576}"): its pieces
 * are those inside the group. */
static void
unwrapped_run(exattn_page_formula_list *l, exattn_page_symbols *syms,
              const exattn_page_clean *c, size_t a, size_t b)
{
    tr x;
    size_t i, j = b, n, close;

    memset(&x, 0, sizeof x);
    x.t = c->text.s;
    for (i = a; i < b && isspace((unsigned char)x.t[i]); i++)
        ;
    while (j > i && isspace((unsigned char)x.t[j - 1]))
        j--;
    if (i < j && x.t[i] == '{' && (n = style_at(&x, i + 1, j)) != 0
        && (close = group_end(&x, i, j)) == j - 1)
    {
        a = i + 1 + n;
        b = close;
    }
    run(l, syms, c, a, b);
}

static int
by_from(const void *a, const void *b)
{
    const exattn_page_formula *x = a, *y = b;

    return x->from < y->from ? -1 : x->from > y->from;
}

int
exattn_page__formulas(exattn_page_formula **out, size_t *count,
                      exattn_page_formula **values, size_t *value_count,
                      const exattn_page_clean *c)
{
    exattn_page_formula_list l = { NULL, 0, 0, 0, NULL, 0, 0 };
    exattn_page_symbols *syms = exattn_page__symbols_new();
    size_t k = 0, a;

    if (syms == NULL)
        return 0;
    while (k < c->text.len && !l.oom)
    {
        if (!c->math[k] || (c->where[k] & EXATTN_PAGE_IN_CODE))
        {
            k++;
            continue;
        }
        for (a = k; k < c->text.len && c->math[k]; k++)
            ;
            unwrapped_run(&l, syms, c, a, k);
    }
    exattn_page__symbols_free(syms);
    if (!l.oom)
        exattn_page__prose_formulas(&l, c);
    /* in page order, math and prose together */
    if (l.count > 1)
        qsort(l.items, l.count, sizeof *l.items, by_from);
    *out = l.items;
    *count = l.count;
    *values = l.values;
    *value_count = l.value_count;
    return !l.oom;
}
