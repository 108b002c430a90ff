/* A piece of prose read into exattn's expression syntax (prose.h, for
 * prose_formulas.c): numbers, e, exp, sqrt and other functions, √ and
 * superscripts, the lesson's symbols in text notation (a[2,1], Z9, ε),
 * sums Σ_{k∈A9}, operators and groups, every group in parentheses. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/prose.h"

typedef struct
{
    const char *t;
    exattn_sbuf *out;
    int named;                  /* an exponential, a root or a function */
    int shaped;                 /* an operator, a power or a call */
    int depth;
    char sum_var;               /* in a sum's body: its index letter */
    const char *sum_row;        /* and the row of its set A9: "9" */
    size_t sum_row_len;
} prose;

static int expression(prose *x, size_t *i, size_t stop);

static size_t
spaces(const prose *x, size_t i, size_t stop)
{
    while (i < stop && (x->t[i] == ' ' || x->t[i] == '\t'))
        i++;
    return i;
}

/* Does word w stand at i, not as the start of a longer word? */
static int
word_at(const prose *x, size_t i, size_t stop, const char *w)
{
    size_t n = strlen(w);

    return i + n <= stop && strncmp(x->t + i, w, n) == 0
           && !(i + n < stop && isalpha((unsigned char)x->t[i + n]));
}

/* "√" at i (U+221A). */
static int
root_sign(const prose *x, size_t i, size_t stop)
{
    return i + 3 <= stop && memcmp(x->t + i, "\xe2\x88\x9a", 3) == 0;
}

/* A bracketed expression at i, "(..)" or "{..}": its translation in
 * parentheses. */
static int
group(prose *x, size_t *i, size_t stop)
{
    size_t k = spaces(x, *i, stop);
    char close;

    if (k >= stop || (x->t[k] != '(' && x->t[k] != '{'))
        return 0;
    close = x->t[k] == '(' ? ')' : '}';
    k++;
    exattn_sbuf__puts(x->out, "(");
    if (!expression(x, &k, stop))
        return 0;
    k = spaces(x, k, stop);
    if (k >= stop || x->t[k] != close)
        return 0;
    exattn_sbuf__puts(x->out, ")");
    *i = k + 1;
    return 1;
}

/* An integer at i; a decimal makes the piece the page's approximation
 * (e^1.155), not a named form. */
static int
integer(prose *x, size_t *i, size_t stop)
{
    size_t k = *i, j;

    for (j = k; j < stop && isdigit((unsigned char)x->t[j]); j++)
        ;
    if (j == k || (j + 1 < stop && x->t[j] == '.'
                   && isdigit((unsigned char)x->t[j + 1])))
        return 0;
    exattn_sbuf__putn(x->out, x->t + k, j - k);
    *i = j;
    return 1;
}

static int factor(prose *x, size_t *i, size_t stop);

/* What a power or a root applies to: a group, an integer, a root, e, or
 * a signed one of them (e^-1). */
static int
operand(prose *x, size_t *i, size_t stop)
{
    size_t k = spaces(x, *i, stop);

    if (k < stop && (x->t[k] == '-'
                     || (k + 3 <= stop
                         && memcmp(x->t + k, "\xe2\x88\x92", 3) == 0)))
    {
        k += x->t[k] == '-' ? 1 : 3;
        exattn_sbuf__puts(x->out, "(-");
        if (!operand(x, &k, stop))
            return 0;
        exattn_sbuf__puts(x->out, ")");
        *i = k;
        return 1;
    }
    if (k < stop && (x->t[k] == '(' || x->t[k] == '{'))
        return group(x, i, stop);
    if (k < stop && isdigit((unsigned char)x->t[k]))
    {
        *i = k;
        return integer(x, i, stop);
    }
    if (root_sign(x, k, stop) || word_at(x, k, stop, "e"))
    {
        /* one factor, without its power: e^2^3 is not written */
        *i = k;
        return factor(x, i, stop);
    }
    return 0;
}

/* A function applied: exp(..), sqrt(..), sin(..), cos(..), ln(..). */
static int
call(prose *x, size_t *i, size_t stop)
{
    static const char *const names[] = { "exp", "sqrt", "sin", "cos", "ln",
                                         "log" };
    size_t k = *i, j;

    for (j = 0; j < sizeof names / sizeof *names; j++)
        if (word_at(x, k, stop, names[j]))
            break;
    if (j == sizeof names / sizeof *names)
        return 0;
    k += strlen(names[j]);
    if (k >= stop || x->t[k] != '(')
        return 0;
    exattn_sbuf__puts(x->out, j == 5 ? "ln" : names[j]);
    x->named = x->shaped = 1;
    *i = k;
    return group(x, i, stop);
}

/* The superscript digit or minus sign at k (² U+00B2, ⁻ U+207B): its
 * ASCII spelling, and its bytes in *n; 0 when none. */
static char
superscript_at(const prose *x, size_t k, size_t stop, size_t *n)
{
    static const struct
    {
        const char *utf8;
        char ascii;
    } sup[] = {
        { "\xc2\xb9", '1' }, { "\xc2\xb2", '2' }, { "\xc2\xb3", '3' },
        { "\xe2\x81\xb0", '0' }, { "\xe2\x81\xb4", '4' },
        { "\xe2\x81\xb5", '5' }, { "\xe2\x81\xb6", '6' },
        { "\xe2\x81\xb7", '7' }, { "\xe2\x81\xb8", '8' },
        { "\xe2\x81\xb9", '9' }, { "\xe2\x81\xbb", '-' },
    };
    size_t j;

    for (j = 0; j < sizeof sup / sizeof *sup; j++)
        if (k + (*n = strlen(sup[j].utf8)) <= stop
            && memcmp(x->t + k, sup[j].utf8, *n) == 0)
            return sup[j].ascii;
    return 0;
}

/* A power written in superscripts (e², e⁻¹) after a factor, as
 * ^(2), ^(-1); 1 when there was none, or it was read whole. */
static int
superscript_power(prose *x, size_t *i, size_t stop)
{
    size_t k = *i, n;
    char c;
    int digits = 0;

    if (superscript_at(x, k, stop, &n) == 0)
        return 1;
    x->shaped = 1;
    exattn_sbuf__puts(x->out, "^(");
    while ((c = superscript_at(x, k, stop, &n)) != 0
           && (c != '-' || k == *i))
    {
        exattn_sbuf__putn(x->out, &c, 1);
        digits += c != '-';
        k += n;
    }
    exattn_sbuf__puts(x->out, ")");
    *i = k;
    return digits > 0;
}

/* The bytes of a character of a symbol's name at j: an ASCII letter, a
 * prime, a Greek letter (U+0370..U+03FF) or a superscript ² (σ²); 0
 * for any other. */
static size_t
symbol_char(const char *t, size_t j, size_t stop)
{
    unsigned char c = (unsigned char)t[j];

    if (isalpha(c) || c == '\'')
        return 1;
    if (j + 1 < stop && (c == 0xce || c == 0xcf))
        return 2;
    if (j + 1 < stop && c == 0xc2 && (unsigned char)t[j + 1] == 0xb2)
        return 2;
    return 0;
}

/* A symbol with an index at k -- a[2,1], H1[2,2], w[grid][load], Z9:
 * exattn's text notation -- its end, or 0: letters, then digits (a
 * head's number, or after one letter its index), then bracket groups. */
size_t
exattn_page__prose_indexed_symbol(const char *t, size_t k, size_t stop)
{
    size_t j = k, groups = 0, n, letters;
    const char *close;

    /* letters -- Greek ones too, μ, σ² -- and primes: x', σ'², μc */
    while (j < stop && j - k < 12 && (n = symbol_char(t, j, stop)) != 0
           && !(j == k && t[j] == '\''))
        j += n;
    if (j == k || j - k >= 12)
        return 0;
    letters = j - k;
    while (j < stop && isdigit((unsigned char)t[j]))
        j++;
    /* Z9, s1: one letter and its index, exattn's compact rows */
    if (j >= stop || t[j] != '[')
        return letters == 1 && isalpha((unsigned char)t[k])
               && isdigit((unsigned char)t[j - 1])
               && !(j < stop && isalpha((unsigned char)t[j])) ? j : 0;
    while (j < stop && t[j] == '['
           && (close = memchr(t + j, ']', stop - j)) != NULL
           && close - (t + j) <= 40 && memchr(t + j + 1, '[',
                                              (size_t)(close - t) - j - 1)
                                           == NULL)
    {
        j = (size_t)(close - t) + 1;
        groups++;
    }
    return groups > 0 ? j : 0;
}

/* ---- sums ------------------------------------------------------------ */

/* "Σ_{k∈A9}" (or ∑) at i, a compact row's sum over its allowed keys:
 * its end, with its index letter and the row of its set; 0 when none. */
static size_t
sum_head(const char *t, size_t i, size_t stop, char *var, size_t *row,
         size_t *row_len)
{
    size_t j, r, sigma;

    if (i + 2 <= stop && memcmp(t + i, "\xce\xa3", 2) == 0)
        sigma = 2;              /* Σ, U+03A3 */
    else if (i + 3 <= stop && memcmp(t + i, "\xe2\x88\x91", 3) == 0)
        sigma = 3;              /* ∑, U+2211 */
    else
        return 0;
    i += sigma;
    if (i + 7 > stop || memcmp(t + i, "_{", 2) != 0
        || !isalpha((unsigned char)t[i + 2])
        || memcmp(t + i + 3, "\xe2\x88\x88" "A", 4) != 0)
        return 0;
    for (r = j = i + 7; j < stop && j - r < 10 && isdigit((unsigned char)t[j]);
         j++)
        ;
    if (j == r || j >= stop || t[j] != '}')
        return 0;
    *var = t[i + 2];
    *row = r;
    *row_len = j - r;
    return j + 1;
}

static int
sum_at(const char *t, size_t i, size_t stop)
{
    size_t row, row_len;
    char var;

    return sum_head(t, i, stop, &var, &row, &row_len) != 0;
}

/* Does the byte at j end a sum's body outside brackets: a line's end, a
 * comma, a semicolon, a relation, a sign, or a full stop before a space
 * or the end? */
static int
ends_body(const char *t, size_t j, size_t stop)
{
    if (strchr("\n\r,;=+-", t[j]) != NULL)
        return 1;
    if (j + 3 <= stop && (memcmp(t + j, "\xe2\x88\x92", 3) == 0     /* − */
                          || memcmp(t + j, "\xe2\x89\x88", 3) == 0)) /* ≈ */
        return 1;
    return t[j] == '.' && (j + 1 >= stop || isspace((unsigned char)t[j + 1]));
}

/* Where a sum at i ends: past its head and its body -- everything up to
 * what ends a body outside brackets, or a bracket it did not open -- or
 * 0 when no sum starts at i.  A piece of prose is not cut inside it
 * (its body's V_{k,1} holds a comma, "w_k V_{k,1}" a space): what the
 * sum() below cannot read whole is then no formula, never a part of
 * one. */
size_t
exattn_page__prose_sum_end(const char *t, size_t i, size_t stop)
{
    size_t j, row, row_len;
    long depth = 0;
    char var;

    if ((j = sum_head(t, i, stop, &var, &row, &row_len)) == 0)
        return 0;
    for (; j < stop; j++)
    {
        if (t[j] == '(' || t[j] == '{' || t[j] == '[')
            depth++;
        else if (t[j] == ')' || t[j] == '}' || t[j] == ']')
        {
            if (depth == 0)
                break;
            depth--;
        }
        else if (depth == 0 && ends_body(t, j, stop))
            break;
    }
    return j;
}

/* In a sum's body, a symbol with an index after "_" -- s_k, V_{k,1} --
 * kept for the audit; the row's own letters, s_k and w_k, as s_{9,k}
 * (the sum over A9 is row 9's: exattn's text calls the row's scaled
 * scores s1, s2, .. and its weights w1, w2, .. under it; V_k is a row
 * of V, no row's own); its end, or 0. */
static size_t
sum_symbol(prose *x, size_t k, size_t stop)
{
    const char *t = x->t;
    size_t j = k + 2;
    const char *close;

    if (k + 2 >= stop || !isalpha((unsigned char)t[k]) || t[k + 1] != '_')
        return 0;
    if (t[j] == '{')
    {
        if ((close = memchr(t + j, '}', stop - j)) == NULL
            || close - (t + j) > 40)
            return 0;
        j = (size_t)(close - t) + 1;
    }
    else if (isalnum((unsigned char)t[j]))
        j++;
    else
        return 0;
    exattn_sbuf__putn(x->out, EXATTN_PAGE_FREE_SYMBOL, 1);
    /* s_k or s_{k}: the index letter alone */
    if (((j == k + 3 && t[k + 2] == x->sum_var)
         || (j == k + 5 && t[k + 3] == x->sum_var))
        && (t[k] == 's' || t[k] == 'w'))
    {
        exattn_sbuf__putn(x->out, t + k, 1);
        exattn_sbuf__puts(x->out, "_{");
        exattn_sbuf__putn(x->out, x->sum_row, x->sum_row_len);
        exattn_sbuf__printf(x->out, ",%c}", x->sum_var);
    }
    else
        exattn_sbuf__putn(x->out, t + k, j - k);
    exattn_sbuf__putn(x->out, &EXATTN_PAGE_FREE_SYMBOL[1], 1);
    x->named = 1;
    return j;
}

static const char *operator_at(const prose *x, size_t i, size_t stop,
                               size_t *n);

/* A sum at *i, "Σ_{k∈A9} e^{s_k}·V_{k,1}": written as EXATTN_PAGE_SUM
 * marks it, its body the product after its head, for the audit to write
 * out term by term over row 9's allowed keys.  Sums do not nest. */
static int
sum(prose *x, size_t *i, size_t stop)
{
    size_t k, row, row_len, n;
    const char *op;
    char var;

    if (x->sum_var != 0
        || (k = sum_head(x->t, *i, stop, &var, &row, &row_len)) == 0)
        return 0;
    exattn_sbuf__putn(x->out, EXATTN_PAGE_SUM, 1);
    exattn_sbuf__putn(x->out, &var, 1);
    exattn_sbuf__putn(x->out, &EXATTN_PAGE_SUM[1], 1);
    exattn_sbuf__puts(x->out, "A_{");
    exattn_sbuf__putn(x->out, x->t + row, row_len);
    exattn_sbuf__puts(x->out, "}");
    exattn_sbuf__putn(x->out, &EXATTN_PAGE_SUM[1], 1);
    x->sum_var = var;
    x->sum_row = x->t + row;
    x->sum_row_len = row_len;
    if (!factor(x, &k, stop))
        return 0;
    /* the body: factors joined by products and quotients, or side by
     * side (w_k V_{k,1}), up to a sign or a bracket it did not open; a
     * word that is no factor ("over the keys") makes it none */
    for (;;)
    {
        size_t j = spaces(x, k, stop);

        if (j >= stop || strchr(")}],;=", x->t[j]) != NULL
            || ends_body(x->t, j, stop))
            break;
        if ((op = operator_at(x, j, stop, &n)) != NULL
            && *op != '*' && *op != '/')
            break;
        exattn_sbuf__puts(x->out, op != NULL ? op : "*");
        j += op != NULL ? n : 0;
        if (!factor(x, &j, stop))
            return 0;
        k = j;
    }
    x->sum_var = 0;
    exattn_sbuf__putn(x->out, &EXATTN_PAGE_SUM[2], 1);
    x->named = x->shaped = 1;
    *i = k;
    return 1;
}

/* A symbol of the lesson at k -- indexed (a[2,1]) or ε -- kept as
 * written between EXATTN_PAGE_FREE_SYMBOL's bytes for the audit to
 * read; 0 when none. */
static int
lesson_symbol(prose *x, size_t *i, size_t stop)
{
    size_t k = *i, j;

    if (k + 2 <= stop && memcmp(x->t + k, "\xce\xb5", 2) == 0)
    {
        exattn_sbuf__putn(x->out, EXATTN_PAGE_FREE_SYMBOL, 1);
        exattn_sbuf__puts(x->out, "\\varepsilon");
        exattn_sbuf__putn(x->out, &EXATTN_PAGE_FREE_SYMBOL[1], 1);
        *i = k + 2;
        return 1;
    }
    if (x->sum_var != 0 && (j = sum_symbol(x, k, stop)) != 0)
    {
        *i = j;
        return 1;
    }
    if ((j = exattn_page__prose_indexed_symbol(x->t, k, stop)) == 0)
        return 0;
    exattn_sbuf__putn(x->out, EXATTN_PAGE_FREE_SYMBOL, 1);
    exattn_sbuf__putn(x->out, x->t + k, j - k);
    exattn_sbuf__putn(x->out, &EXATTN_PAGE_FREE_SYMBOL[1], 1);
    x->named = 1;
    *i = j;
    return 1;
}

/* One factor, then its power: an integer, e, e^.., √.., a call, a
 * group, or a symbol of the lesson. */
static int
factor(prose *x, size_t *i, size_t stop)
{
    size_t k = spaces(x, *i, stop);
    int ok;

    if (k >= stop || ++x->depth > 64)
        return 0;
    if (isdigit((unsigned char)x->t[k]))
        ok = integer(x, &k, stop);
    else if (sum_at(x->t, k, stop))
        ok = sum(x, &k, stop);
    else if (lesson_symbol(x, &k, stop))
        ok = 1;
    else if (word_at(x, k, stop, "e"))
    {
        x->named = 1;
        exattn_sbuf__puts(x->out, "e");
        k++;
        ok = 1;
    }
    else if (root_sign(x, k, stop))
    {
        x->named = x->shaped = 1;
        exattn_sbuf__puts(x->out, "sqrt(");
        k += 3;
        ok = operand(x, &k, stop);
        exattn_sbuf__puts(x->out, ")");
    }
    else if (x->t[k] == '(' || x->t[k] == '{')
        ok = group(x, &k, stop);
    else
        ok = call(x, &k, stop);
    if (!ok)
        return 0;
    x->depth--;
    if (!superscript_power(x, &k, stop))
        return 0;
    if (k < stop && x->t[k] == '^')
    {
        k++;
        x->shaped = 1;
        exattn_sbuf__puts(x->out, "^(");
        if (!operand(x, &k, stop))
            return 0;
        exattn_sbuf__puts(x->out, ")");
    }
    *i = k;
    return 1;
}

/* The operator at i (+ - − * · × /): exattn's spelling, its length in
 * *n; NULL when none. */
static const char *
operator_at(const prose *x, size_t i, size_t stop, size_t *n)
{
    static const struct { const char *s, *to; } ops[] = {
        { "+", "+" }, { "-", "-" }, { "\xe2\x88\x92", "-" }, { "*", "*" },
        { "\xc2\xb7", "*" }, { "\xc3\x97", "*" }, { "/", "/" }
    };
    size_t k;

    for (k = 0; k < sizeof ops / sizeof *ops; k++)
        if (i + strlen(ops[k].s) <= stop
            && strncmp(x->t + i, ops[k].s, strlen(ops[k].s)) == 0)
        {
            *n = strlen(ops[k].s);
            return ops[k].to;
        }
    return NULL;
}

/* A factor after an operator, with a sign of its own: a·-(3/2), as
 * exattn's text writes a negative value's factor. */
static int
signed_factor(prose *x, size_t *i, size_t stop)
{
    size_t k = spaces(x, *i, stop), n;
    const char *op = k < stop ? operator_at(x, k, stop, &n) : NULL;

    if (op == NULL || *op != '-')
        return factor(x, i, stop);
    k += n;
    exattn_sbuf__puts(x->out, "(-");
    if (!factor(x, &k, stop))
        return 0;
    exattn_sbuf__puts(x->out, ")");
    *i = k;
    return 1;
}

/* Factors joined by operators, or side by side (3√2, 2e^(1/2)). */
static int
expression(prose *x, size_t *i, size_t stop)
{
    size_t k = spaces(x, *i, stop), n;
    const char *op;

    if (k < stop && (op = operator_at(x, k, stop, &n)) != NULL && *op == '-')
    {
        exattn_sbuf__puts(x->out, "-");
        k += n;
    }
    if (!factor(x, &k, stop))
        return 0;
    for (;;)
    {
        k = spaces(x, k, stop);
        if (k >= stop || x->t[k] == ')' || x->t[k] == '}')
            break;
        if ((op = operator_at(x, k, stop, &n)) != NULL)
        {
            x->shaped = 1;
            exattn_sbuf__puts(x->out, op);
            k += n;
        }
        else if (isdigit((unsigned char)x->t[k]))
            return 0;           /* "2 3" is two numbers */
        else
            exattn_sbuf__puts(x->out, "*");
        if (!signed_factor(x, &k, stop))
            return 0;
    }
    *i = k;
    return 1;
}

/* The piece [from, to) in exattn's syntax, or NULL when it is no named
 * formula. */
char *
exattn_page__prose_translate(const exattn_page_clean *c, size_t from,
                             size_t to)
{
    exattn_sbuf out;
    prose x;
    size_t k = from;

    if (to - from > EXATTN_PAGE_PROSE_PIECE)
        return NULL;
    exattn_sbuf__init(&out);
    memset(&x, 0, sizeof x);
    x.t = c->text.s;
    x.out = &out;
    if (!expression(&x, &k, to) || spaces(&x, k, to) != to || !x.named
        || !x.shaped || out.oom)
    {
        exattn_sbuf__clear(&out);
        return NULL;
    }
    return exattn_sbuf__take(&out);
}
