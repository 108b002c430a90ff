/* A piece of TeX math read into exattn's expression syntax (formulas.c):
 * numbers, e and its powers, \sqrt, \frac, sums over a range, functions,
 * operators and brackets; its symbols are tex_symbols.c's. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "page/tex_expr.h"

/* Terms a sum with a range of numbers may have */
#define MAX_SUM_TERMS 64

/* The bytes of generic definitions' bodies one formula may read in all:
 * definitions that name each other many times over stay linear */
#define MAX_GENERIC_WORK 32768

static int expression(tr *x, size_t *i, size_t stop);

/* A style switch at i (\displaystyle, as MediaWiki wraps its TeX): no
 * part of the formula; its length, or 0. */
size_t
exattn_page__style_at(const tr *x, size_t i, size_t stop)
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
        else if ((n = exattn_page__style_at(x, i, stop)) == 0
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

    if ((j = exattn_page__symbol_token(x, k, stop)) == 0
        || !exattn_page__page_symbol(x, k, j))
        return 0;
    k = spaces(x, j, stop);
    if (k >= stop || x->t[k] != ',')
        return 0;
    exattn_sbuf__puts(x->out, "*");
    k = spaces(x, k + 1, stop);
    if ((j = exattn_page__symbol_token(x, k, stop)) == 0
        || !exattn_page__page_symbol(x, k, j))
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

/* The factors of factor() below: each reads the one starting at k and
 * returns where it ends, or 0 when it is none (a piece that is no named
 * formula). */

/* Digits; a decimal makes it the page's approximation (e^{1.155}), not
 * a named form. */
static size_t
integer_factor(tr *x, size_t k, size_t stop)
{
    size_t j;

    for (j = k; j < stop && isdigit((unsigned char)x->t[j]); j++)
        ;
    if (j + 1 < stop && x->t[j] == '.'
        && isdigit((unsigned char)x->t[j + 1]))
        return 0;
    exattn_sbuf__putn(x->out, x->t + k, j - k);
    return j;
}

/* Is e at k the constant (not a word's first letter, not e_1)? */
static int
e_at(const tr *x, size_t k, size_t stop)
{
    return x->t[k] == 'e'
           && !(k + 1 < stop && (isalpha((unsigned char)x->t[k + 1])
                                 || x->t[k + 1] == '_'));
}

/* e, or e^{..} */
static size_t
e_factor(tr *x, size_t k, size_t stop)
{
    x->named = 1;
    k = spaces(x, k + 1, stop);
    if (k < stop && x->t[k] == '^')
    {
        exattn_sbuf__puts(x->out, "e^");
        k++;
        return argument(x, &k, stop) ? k : 0;
    }
    exattn_sbuf__puts(x->out, "e");
    return k;
}

/* \sqrt{..}; an n-th root \sqrt[n]{..} is none */
static size_t
sqrt_factor(tr *x, size_t k, size_t stop)
{
    x->named = 1;
    k += 5;
    if (spaces(x, k, stop) < stop && x->t[spaces(x, k, stop)] == '[')
        return 0;
    exattn_sbuf__puts(x->out, "sqrt");
    return argument(x, &k, stop) ? k : 0;
}

/* \frac{a}{b}, \tfrac, \dfrac: "(a/b)" */
static size_t
frac_factor(tr *x, size_t k, size_t stop)
{
    k += x->t[k + 1] == 'f' ? 5 : 6;
    exattn_sbuf__puts(x->out, "(");
    if (!argument(x, &k, stop))
        return 0;
    exattn_sbuf__puts(x->out, "/");
    if (!argument(x, &k, stop))
        return 0;
    exattn_sbuf__puts(x->out, ")");
    return k;
}

/* A brace group {..}, read as a parenthesized expression. */
static size_t
braced(tr *x, size_t k, size_t stop)
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
    return k + 1;
}

/* (..), \left(..\right), \bigl(..\bigr) and their kin, k past the
 * opening bracket. */
static size_t
bracketed(tr *x, size_t k, size_t stop)
{
    size_t j;

    exattn_sbuf__puts(x->out, "(");
    if (!expression(x, &k, stop))
        return 0;
    k = spaces(x, k, stop);
    if ((j = sized_bracket(x, k, stop, ')')) == 0)
        return 0;
    exattn_sbuf__puts(x->out, ")");
    return k + j;
}

/* A symbol of the page at [k, j); in a generic definition q_i^\top k_j
 * is a vector's transpose, for the reader of two vectors side by side
 * (their inner product). */
static size_t
symbol_factor(tr *x, size_t k, size_t j, size_t stop)
{
    if (!exattn_page__page_symbol(x, k, j))
        return 0;
    return j + (x->in_generic ? transpose_at(x, j, stop) : 0);
}

/* One factor: a number, e, e^{..}, \exp(..), \sqrt{..}, \frac{..}{..},
 * a sum, a bracketed expression, an inner product, a function, a
 * symbol; then its power. */
static int
factor(tr *x, size_t *i, size_t stop)
{
    size_t k = spaces(x, *i, stop), j, end;

    if (k >= stop || ++x->depth > 64)
        return 0;
    if (isdigit((unsigned char)x->t[k]))
        end = integer_factor(x, k, stop);
    else if (e_at(x, k, stop))
        end = e_factor(x, k, stop);
    else if (word(x, k, stop, "\\sum"))
        end = sum(x, &k, stop) ? k : 0;
    else if (word(x, k, stop, "\\sqrt"))
        end = sqrt_factor(x, k, stop);
    else if (word(x, k, stop, "\\frac") || word(x, k, stop, "\\tfrac")
             || word(x, k, stop, "\\dfrac"))
        end = frac_factor(x, k, stop);
    else if (x->t[k] == '{'
             && (j = exattn_page__symbol_token(x, k, stop)) != 0)
        end = exattn_page__page_symbol(x, k, j) ? j : 0;   /* {\sigma'} */
    else if (x->t[k] == '{')
        end = braced(x, k, stop);
    else if ((j = sized_bracket(x, k, stop, '(')) != 0)
        end = bracketed(x, k + j, stop);
    else if (x->in_generic && word(x, k, stop, "\\langle"))
        end = inner_product(x, &k, stop) ? k : 0;
    else if ((j = function_at(x, k, stop)) != 0)
        end = function_call(x, &k, j, stop) ? k : 0;
    else if ((j = exattn_page__symbol_token(x, k, stop)) != 0)
        end = symbol_factor(x, k, j, stop);
    else
        end = 0;
    if (end == 0)
        return 0;
    *i = end;
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
char *
exattn_page__tex_translate(const exattn_page_clean *c, size_t from,
                           size_t to, const exattn_page_symbols *syms,
                           int *named, int *symbols, int *generic)
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
int
exattn_page__lone_symbol(const exattn_page_clean *c, size_t from,
                         size_t to)
{
    tr x;
    size_t end;

    memset(&x, 0, sizeof x);
    x.c = c;
    x.t = c->text.s;
    x.end = to;
    from = spaces(&x, from, to);
    return from < to && (end = exattn_page__symbol_token(&x, from, to)) != 0
           && spaces(&x, end, to) == to;
}

/* The end of piece [from, to) before an equation's numbering that closes
 * it ("... \label{eq:z3}"): a formula as the page shows it. */
size_t
exattn_page__before_numbering(const exattn_page_clean *c, size_t from,
                              size_t to)
{
    tr x;
    size_t k;

    if (to - from > MAX_FORMULA)
        return to;      /* no formula: exattn_page__tex_translate refuses it */
    memset(&x, 0, sizeof x);
    x.t = c->text.s;
    x.end = to;
    for (k = from; k < to; k++)
        if (x.t[k] == '\\' && numbering_at(&x, k, to) != 0
            && spaces(&x, k, to) == to)
            return k;
    return to;
}

/* The translator's own steps, for tex_symbols.c and formulas.c. */
size_t
exattn_page__tex_spaces(tr *x, size_t i, size_t stop)
{
    return spaces(x, i, stop);
}

int
exattn_page__tex_expression(tr *x, size_t *i, size_t stop)
{
    return expression(x, i, stop);
}

size_t
exattn_page__group_end(tr *x, size_t i, size_t stop)
{
    return group_end(x, i, stop);
}
