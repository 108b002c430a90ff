/* Named formulas written in prose, outside math: the ASCII and Unicode
 * forms of a plain-text page, a mailing-list answer or exattn's own text
 * output -- exp(1)/(exp(1)+exp(2)+exp(0)), e^{√2}/(e^{√2}+e^{√2/2}),
 * 1/(1+e^-1), sqrt(2)/2 (docs/cli.md, "Named formulas").  Prose is cut
 * into pieces at relations (=, ≈), commas, semicolons, colons before a
 * space, line breaks and words; a piece is a named formula when it reads
 * whole in this grammar and names something (an exponential, a root, a
 * function) with an operator, a power or a call in it -- a lone "e" is a
 * letter.  The piece is written out in exattn's expression syntax, every
 * group in parentheses, for the audit to parse.  A symbol before "="
 * (w[apple], Z) is its subject.  The lesson's symbols in exattn's text
 * notation (a[2,1], H1[2,2], μ[2], Z9, ε) are kept for the audit, a
 * vector's entries are its subject's by place, and an output written
 * as Σ (w_1)·(v_1) + ... is read coordinate by coordinate. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/page.h"

#define MAX_PIECE 2000          /* bytes of one prose formula */

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
static size_t
indexed_symbol(const char *t, size_t k, size_t stop)
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
static size_t
sum_end(const char *t, size_t i, size_t stop)
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
    if ((j = indexed_symbol(x->t, k, stop)) == 0)
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
static char *
translate(const exattn_page_clean *c, size_t from, size_t to)
{
    exattn_sbuf out;
    prose x;
    size_t k = from;

    if (to - from > MAX_PIECE)
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

/* ---- pieces of prose ------------------------------------------------ */

/* Can byte k of the cleaned text be part of a prose formula? */
static int
prose_byte(const exattn_page_clean *c, size_t k)
{
    return !c->math[k]
           && !(c->where[k] & (EXATTN_PAGE_IN_CODE | EXATTN_PAGE_IN_HEADING
                               | EXATTN_PAGE_IN_LINK | EXATTN_PAGE_IN_ALT));
}

/* A relation at k (=, ≈, ~): its length, or 0. */
static size_t
relation_at(const char *t, size_t k, size_t stop)
{
    if (t[k] == '=' || t[k] == '~')
        return 1;
    if (k + 3 <= stop && memcmp(t + k, "\xe2\x89\x88", 3) == 0)
        return 3;
    return 0;
}

/* A word at k that ends a piece (letters that are no e, exp, sqrt, sin,
 * cos, ln, log), with an index or label after it ("w[apple]", "s_12");
 * its end, or k when there is none. */
static size_t
word_end(const char *t, size_t k, size_t stop)
{
#define KEPT(w) { w, sizeof w - 1 }
    /* with their lengths: asked for every word of the page's prose */
    static const struct
    {
        const char *word;
        size_t len;
    } kept[] = { KEPT("e"), KEPT("exp"), KEPT("sqrt"), KEPT("sin"),
                 KEPT("cos"), KEPT("ln"), KEPT("log") };
#undef KEPT
    size_t j = k, n;

    while (j < stop && isalpha((unsigned char)t[j]))
        j++;
    if (j == k)
        return k;
    for (n = 0; n < sizeof kept / sizeof *kept; n++)
        if (kept[n].len == j - k && kept[n].word[0] == t[k]
            && memcmp(t + k, kept[n].word, j - k) == 0)
            return k;
    for (;;)
    {
        /* w[apple], and o_{9,1} as TeX writes an index in plain text */
        if (j < stop && (t[j] == '[' || (t[j] == '{' && t[j - 1] == '_')))
        {
            const char *close = memchr(t + j, t[j] == '[' ? ']' : '}',
                                       stop - j);

            if (close == NULL || close - (t + j) > 40)
                break;
            j = (size_t)(close - t) + 1;
        }
        else if (j < stop && (t[j] == '_' || t[j] == '\''
                              || isalnum((unsigned char)t[j])))
            j++;
        else
            break;
    }
    return j;
}

/* The subject of a piece after the relation at rel: the word before it
 * ("w[apple]  = ..."), as [*a, *b); 0 when there is none. */
static int
prose_subject(const exattn_page_clean *c, size_t lo, size_t rel, size_t *a,
              size_t *b)
{
    const char *t = c->text.s;
    size_t k = rel, depth = 0;

    while (k > lo && (t[k - 1] == ' ' || t[k - 1] == '\t'))
        k--;
    *b = k;
    while (k > lo)
    {
        char ch = t[k - 1];

        if (ch == ']' || ch == '}')
            depth++;
        else if (ch == '[' || ch == '{')
        {
            if (depth == 0)
                break;
            depth--;
        }
        else if (depth == 0 && !(isalnum((unsigned char)ch) || ch == '_'
                                 || ch == '\''))
            break;
        k--;
    }
    *a = k;
    /* "weight·V1 = ..", "1/3·V4 = ..": the left side is a product, not
     * the symbol it ends in -- the whole of it is the subject */
    if (k > lo && (strchr("*/", t[k - 1]) != NULL
                   || (k >= lo + 2 && memcmp(t + k - 2, "\xc2\xb7", 2) == 0)
                   || (k >= lo + 2 && memcmp(t + k - 2, "\xc3\x97", 2) == 0)))
    {
        while (k > lo && !isspace((unsigned char)t[k - 1]) && t[k - 1] != ';'
               && t[k - 1] != ',')
            k--;
        *a = k;
        return *b > *a && depth == 0;
    }
    return *b > *a && isalpha((unsigned char)t[*a]) && depth == 0;
}

/* A vector's brackets around its entries, cut apart at its commas --
 * "(2e/(1 + e)" and "2/(1 + e))" -- are no part of either entry: an
 * opening bracket the piece never closes, or a closing one it never
 * opened, at its edges, is left out (with the spaces after it). */
static void
unbracket(const char *t, size_t *from, size_t *to)
{
    long depth = 0, low = 0;
    size_t k;

    /* an opener at its end, the word after it cut away: "e^{√2}/(..)
     * (NAMED)", "0.2 (rounded)" */
    while (*to > *from && t[*to - 1] == '(')
        for (--*to; *to > *from && isspace((unsigned char)t[*to - 1]);)
            --*to;
    for (k = *from; k < *to; k++)
    {
        depth += t[k] == '(';
        depth -= t[k] == ')';
        if (depth < low)
            low = depth;
    }
    /* closers with no opener: the piece ends in them */
    for (; low < 0 && *to > *from && t[*to - 1] == ')'; low++, depth++)
        --*to;
    for (; depth > 0 && *from < *to && t[*from] == '('; depth--)
        for (++*from; *from < *to && isspace((unsigned char)t[*from]);)
            ++*from;
}

/* Read the piece [from, to) (trimmed, a sentence's full stop left out);
 * after a relation at rel (or (size_t)-1), its subject is the word
 * before it. */
static void
piece(exattn_page_formula_list *l, const exattn_page_clean *c, size_t lo,
      size_t from, size_t to, size_t rel, size_t entry, int left_side)
{
    const char *t = c->text.s;
    size_t a = 0, b = 0;
    char *expr;

    while (from < to && isspace((unsigned char)t[from]))
        from++;
    while (to > from && (isspace((unsigned char)t[to - 1])
                         || t[to - 1] == '.'))
        to--;
    unbracket(t, &from, &to);
    if (to <= from || (expr = translate(c, from, to)) == NULL)
        return;
    /* a left side in the lesson's symbols (1/3·V1 = ..) is what the
     * right side is set equal to, not a formula of its own */
    if (left_side && rel == (size_t)-1
        && strchr(expr, EXATTN_PAGE_FREE_SYMBOL[0]) != NULL)
    {
        free(expr);
        return;
    }
    if (rel == (size_t)-1 || !prose_subject(c, lo, rel, &a, &b))
        a = b = entry = 0;
    exattn_page__formula_push(l, c, from, to, expr, a, b, 1);
    if (!l->oom)
        l->items[l->count - 1].entry = entry;
}

/* The closing bracket of the group opening at k, or stop: within
 * MAX_PIECE bytes, so that a page of unclosed brackets after every "="
 * stays linear. */
static size_t
group_close(const char *t, size_t k, size_t stop)
{
    size_t end = stop - k > MAX_PIECE ? k + MAX_PIECE : stop;
    long depth = 0;

    for (; k < end; k++)
    {
        depth += t[k] == '(';
        depth -= t[k] == ')';
        if (depth == 0)
            return k;
    }
    return stop;
}

/* Does what follows a right side at k end it: the end of the run, a
 * relation, a separator, or a word in parentheses ("(NAMED)")?  Not an
 * operator -- "(√2, e) + (1, 1)" is no vector set equal to the left. */
static int
whole_side(const char *t, size_t k, size_t stop)
{
    while (k < stop && (t[k] == ' ' || t[k] == '\t'))
        k++;
    if (k >= stop || strchr(";,.\n\r=~", t[k]) != NULL
        || relation_at(t, k, stop) != 0)
        return 1;
    return t[k] == '(' && k + 1 < stop && isalpha((unsigned char)t[k + 1]);
}

/* Where a vector opens after the relation at rel (past spaces): a "("
 * with a comma at its own depth, closed, and not multiplied or raised
 * after it ("(e^1/Z)·(1,0)" is a product); (size_t)-1 when none. */
static size_t
vector_after(const char *t, size_t rel, size_t n, size_t stop)
{
    size_t k = rel + n, open, commas = 0, close;
    long depth = 0;

    while (k < stop && (t[k] == ' ' || t[k] == '\t'))
        k++;
    if (k >= stop || t[k] != '('
        || (close = group_close(t, k, stop)) >= stop)
        return (size_t)-1;
    /* commas at its own level: not inside an entry's brackets or an
     * index, a[2,1] */
    for (open = k; k < close; k++)
    {
        depth += (t[k] == '(' || t[k] == '[') - (t[k] == ')' || t[k] == ']');
        commas += t[k] == ',' && depth == 1;
    }
    if (commas == 0)
        return (size_t)-1;
    return whole_side(t, close + 1, stop) ? open : (size_t)-1;
}

/* A number of a vector written out at k ("-3", "5/2"): its end, or k. */
static size_t
vector_number(const char *t, size_t k, size_t stop)
{
    size_t j = k + (k < stop && t[k] == '-');
    size_t digits = j;

    while (j < stop && isdigit((unsigned char)t[j]))
        j++;
    if (j == digits)
        return k;
    if (j + 1 < stop && t[j] == '/' && isdigit((unsigned char)t[j + 1]))
        for (j++; j < stop && isdigit((unsigned char)t[j]); j++)
            ;
    return j;
}

#define MAX_WIDTH 64            /* coordinates of a weighted sum read */

/* exattn's text notation for an output, "Σ (w_1)·(1,0) + (w_2)·(0,2)":
 * after the relation at rel, a sum of named weights times vectors of
 * numbers, read as one formula per coordinate (the weights times that
 * coordinate), each the subject's entry by place.  The end of what was
 * read, or 0 when it is not one. */
static size_t
weighted_sum(exattn_page_formula_list *l, const exattn_page_clean *c,
             size_t lo, size_t rel, size_t n, size_t stop)
{
    const char *t = c->text.s;
    exattn_sbuf coord[MAX_WIDTH];
    size_t k = rel + n, width = 0, terms = 0, j, close, a, b, from, end = 0;
    char *weight;
    int ok = 1;

    while (k < stop && t[k] == ' ')
        k++;
    if (k + 2 > stop || memcmp(t + k, "\xce\xa3", 2) != 0
        || !prose_subject(c, lo, rel, &a, &b))
        return 0;
    from = k;
    for (j = 0; j < MAX_WIDTH; j++)
        exattn_sbuf__init(&coord[j]);
    for (k += 2; ok; terms++)
    {
        while (k < stop && t[k] == ' ')
            k++;
        /* (weight)·(v_1, ..., v_d); a term that is not one leaves the
         * sum unread, never read short */
        if (k >= stop || t[k] != '(' || (close = group_close(t, k, stop))
                                            >= stop
            || (weight = translate(c, k + 1, close)) == NULL)
        {
            ok = 0;
            break;
        }
        k = close + 1;
        if (k + 2 <= stop && memcmp(t + k, "\xc2\xb7", 2) == 0)
            k += 2;
        else
            ok = 0;
        for (j = 0; ok && k < stop && t[k] == (j ? ',' : '('); j++)
        {
            size_t e = vector_number(t, k + 1, stop);

            if (e == k + 1 || j == MAX_WIDTH || (terms && j >= width))
                ok = 0;
            else
                exattn_sbuf__printf(&coord[j], "%s(%s)*(%.*s)",
                                    terms ? "+" : "", weight,
                                    (int)(e - k - 1), t + k + 1);
            k = e;
        }
        free(weight);
        if (!ok || k >= stop || t[k] != ')' || j < 1
            || (terms && j != width))
            ok = 0;
        width = j;
        end = ++k;
        while (k < stop && t[k] == ' ')
            k++;
        if (k >= stop || t[k] != '+')
        {
            terms++;
            ok = ok && whole_side(t, end, stop);
            break;
        }
        k++;
    }
    if (ok && terms > 0)
        for (j = 0; j < width && !l->oom; j++)
        {
            char *expr = exattn_sbuf__take(&coord[j]);

            if (expr == NULL)
            {
                l->oom = 1;
                break;
            }
            exattn_page__formula_push(l, c, from, end, expr, a, b, 1);
            if (!l->oom)
                l->items[l->count - 1].entry = j + 1;
        }
    for (j = 0; j < MAX_WIDTH; j++)
        exattn_sbuf__clear(&coord[j]);
    return ok && terms > 0 ? end : 0;
}

/* The prose run [a, b): its pieces, cut at relations, separators and
 * words. */
static void
run(exattn_page_formula_list *l, const exattn_page_clean *c, size_t a,
    size_t b)
{
    const char *t = c->text.s;
    size_t k = a, start = a, rel = (size_t)-1, last_rel = (size_t)-1, n,
           end, vector = (size_t)-1, vector_rel = (size_t)-1, entry = 0,
           last_entry;
    long depth = 0;

    while (k <= b && !l->oom)
    {
        int cut = k == b, closing = 0;

        /* a vector set equal to a symbol, "u = (f1, f2)": its entries
         * are the symbol's, by place */
        if (k == vector)
            depth = 0, entry = 1;
        if (k < b && entry != 0)
        {
            depth += t[k] == '(';
            depth -= t[k] == ')';
            closing = depth <= 0 && t[k] == ')';
        }
        n = 1;
        if (closing)
            cut = 1;            /* its last entry ends here */
        else if (!cut && (n = relation_at(t, k, b)) != 0
                 && (end = weighted_sum(l, c, a, k, n, b)) != 0)
        {
            /* read whole: the piece before it, then on past it */
            piece(l, c, a, start, k, last_rel, 0, 1);
            last_rel = rel = (size_t)-1;
            start = k = end;
            continue;
        }
        else if (!cut && n != 0)
        {
            cut = 1, rel = k;
            if ((vector = vector_after(t, k, n, b)) != (size_t)-1)
                vector_rel = k;
        }
        else if (!cut && (end = sum_end(t, k, b)) != 0)
            n = end - k;        /* Σ_{k∈A9} e^{s_k}·V_{k,1}: read whole */
        else if (!cut && !(t[k] == ',' && entry != 0 && depth > 1)
                 && (strchr(",;\n\r\"`!?", t[k]) != NULL
                          || (t[k] == ':' && k + 1 < b
                              && isspace((unsigned char)t[k + 1]))))
            cut = 1, n = 1;
        else if (!cut && isalpha((unsigned char)t[k])
                 && (k == a || !isalnum((unsigned char)t[k - 1]))
                 && (end = indexed_symbol(t, k, b)) != 0)
            n = end - k;        /* a[2,1]: a symbol of the formula */
        else if (!cut && isalpha((unsigned char)t[k])
                 && (k == a || !isalnum((unsigned char)t[k - 1]))
                 && (end = word_end(t, k, b)) != k)
            cut = 1, n = end - k;
        else
            n = 1;
        if (cut)
        {
            /* a piece inside the vector, cut at its commas at its depth */
            last_entry = entry != 0 && (depth == 1 || closing) ? entry : 0;
            piece(l, c, a, start, k, last_entry ? vector_rel : last_rel,
                  last_entry, rel == k);
            if (last_entry && t[k] == ',')
                entry++;
            if (closing)
                entry = 0, vector_rel = (size_t)-1;
            last_rel = rel;
            rel = (size_t)-1;
            start = k + n;
        }
        k += n;
    }
}

int
exattn_page__prose_formulas(exattn_page_formula_list *l,
                            const exattn_page_clean *c)
{
    size_t k = 0, a;

    while (k < c->text.len && !l->oom)
    {
        if (!prose_byte(c, k))
        {
            k++;
            continue;
        }
        for (a = k; k < c->text.len && prose_byte(c, k); k++)
            ;
        run(l, c, a, k);
    }
    return !l->oom;
}
