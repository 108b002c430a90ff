/* The symbols around a number of the cleaned page: what the page sets it
 * equal to (its subject, a matrix's subject), the value it multiplies
 * (0.88\,v_{the}), and math spacing and sized brackets. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/page.h"

#define SIDE_BYTES 2048         /* the longest formula read as one side */
#define MATRIX_REACH 1024       /* the farthest back a matrix is opened */

/* Math spacing: "\\,", "\\quad" and the like read as spaces. */
static const char *const math_gaps[] = {
    "\\,", "\\;", "\\:", "\\!", "\\ ", "\\quad", "\\qquad", "~", NULL
};

size_t
exattn_page__bracket(const char *t, size_t k, size_t stop, char c)
{
    static const char *const sizes[] = {
        "\\left", "\\right", "\\bigl", "\\bigr", "\\Bigl", "\\Bigr",
        "\\biggl", "\\biggr", "\\Biggl", "\\Biggr", "\\bigg", "\\Bigg",
        "\\big", "\\Big"
    };
    size_t z, n;

    if (k < stop && t[k] == c)
        return 1;
    if (k >= stop || t[k] != '\\')
        return 0;
    for (z = 0; z < sizeof sizes / sizeof *sizes; z++)
        if (k + (n = strlen(sizes[z])) < stop
            && strncmp(t + k, sizes[z], n) == 0 && t[k + n] == c)
            return n + 1;
    return 0;
}

size_t
exattn_page__gap(const char *t, size_t i, size_t stop)
{
    size_t k, n;

    for (k = 0; math_gaps[k] != NULL; k++)
    {
        if (i >= stop || t[i] != math_gaps[k][0])
            continue;
        n = strlen(math_gaps[k]);
        if (i + n <= stop && strncmp(t + i, math_gaps[k], n) == 0)
            return n;
    }
    return 0;
}

/* ---- the subject: what the page sets equal to the number -------------- */

/* The relation ending at `at` ("=", "\approx", "≈", ":", "\simeq"): its
 * start, or (size_t)-1. */
static size_t
relation_before(const exattn_page_clean *c, size_t at)
{
    static const char *const rels[] = {
        "=", "\\approx", "\xe2\x89\x88", "\\simeq", "\\approxeq", "\\sim",
        "\xe2\x89\x83", ":", "\\to", "\\rightarrow", "\\mapsto"
    };
    const char *t = c->text.s;
    size_t k, n;

    for (k = 0; k < sizeof rels / sizeof *rels; k++)
    {
        n = strlen(rels[k]);
        if (at >= n && strncmp(t + at - n, rels[k], n) == 0)
            return at - n;
    }
    return (size_t)-1;
}

/* Skip back over spaces and math spacing ("\,", "\;", "\quad", "~"). */
static size_t
back_over_spaces(const exattn_page_clean *c, size_t at)
{
    const char *const *gaps = math_gaps;
    const char *t = c->text.s;
    size_t k, n;
    int moved = 1;

    while (moved)
    {
        moved = 0;
        while (at > 0 && isspace((unsigned char)t[at - 1]))
            at--, moved = 1;
        for (k = 0; gaps[k] != NULL; k++)
        {
            n = strlen(gaps[k]);
            if (at >= n && strncmp(t + at - n, gaps[k], n) == 0)
            {
                at -= n;
                moved = 1;
            }
        }
    }
    return at;
}

/* The start of the term that ends at `end`: a symbol with its indices,
 * primes and braces, or a word; `end` when none. */
static size_t
term_start(const exattn_page_clean *c, size_t end)
{
    const char *t = c->text.s;
    size_t k, depth = 0;

    for (k = end; k > 0 && end - k < 64; k--)
    {
        char ch = t[k - 1];

        /* braces, and in prose an index's brackets (V[grid]) */
        if (ch == '}' || (ch == ']' && !c->math[k - 1]))
            depth++;
        else if (ch == '{' || (ch == '[' && !c->math[k - 1]))
        {
            if (depth == 0)
                break;
            depth--;
        }
        else if (depth == 0 && !(isalnum((unsigned char)ch) || ch == '_'
                                 || ch == '^' || ch == '\\' || ch == '\''
                                 || (unsigned char)ch >= 0x80))
            break;
    }
    return depth != 0 ? end : k;
}

/* In math, does the term starting at k end an expression ("w_{3,3}" in
 * "o = 2w_{3,1} + w_{3,3} = 1"), an operator or a factor standing
 * before it? */
static int
ends_expression(const exattn_page_clean *c, size_t k)
{
    size_t at = back_over_spaces(c, k);
    char ch;

    if (at == 0 || !c->math[at - 1])
        return 0;
    ch = c->text.s[at - 1];
    return strchr("+-*/}')", ch) != NULL || isalnum((unsigned char)ch);
}

/* In prose, does an operator stand before the term at k, or before its
 * coefficient ("+ 0.0900 V[sat]" in exattn's text notation)? */
static int
prose_operand(const exattn_page_clean *c, size_t k)
{
    size_t at = back_over_spaces(c, k), j = at;

    while (j > 0 && (isdigit((unsigned char)c->text.s[j - 1])
                     || c->text.s[j - 1] == '.'))
        j--;
    if (j < at)
        at = back_over_spaces(c, j);
    return at > 0 && !c->math[at - 1]
           && strchr("+-*", c->text.s[at - 1]) != NULL
           && at >= 2 && c->text.s[at - 2] == ' ';
}

/* In math, is the term starting at k the last operand of a formula: an
 * operator before it ("+ w_{3,3}", "\cdot 2"), or a product written
 * with a thin space after a group ("e^{s_{9,k}}\,V_{k,3}")? */
static int
joined_by_operator(const exattn_page_clean *c, size_t k)
{
    const char *t = c->text.s;
    size_t at = k;

    while (at > 0 && isspace((unsigned char)t[at - 1]))
        at--;
    if (at == 0 || !c->math[at - 1])
        return 0;
    if (strchr("+-*/", t[at - 1]) != NULL)
        return 1;
    if ((at >= 5 && strncmp(t + at - 5, "\\cdot", 5) == 0)
        || (at >= 6 && strncmp(t + at - 6, "\\times", 6) == 0))
        return 1;
    return at >= 3 && t[at - 1] == ',' && t[at - 2] == '\\'
           && (t[at - 3] == '}' || t[at - 3] == ')');
}

/* The first relation of the chain that ends before `at` ("=" in "o &=
 * 2w_{3,1} + w_{3,3} \approx 0.3 = 1"): every side of a chain is the
 * same quantity.  The chain runs back to its line's start (in prose, to
 * a clause's, ";"); with `over_breaks`, over line breaks "\\" until a
 * line with a relation (a line that opens with an operator continues the
 * one above).  (size_t)-1 when none. */
static size_t
chain_start(const exattn_page_clean *c, size_t at, int over_breaks)
{
    const char *t = c->text.s;
    size_t k, stop = at > 1024 ? at - 1024 : 0, r, first = (size_t)-1;
    int depth = 0, math = at > 0 && c->math[at - 1];

    for (k = at; k > stop && c->math[k - 1] == math; k--)
    {
        int line_break = k >= 2 && t[k - 1] == '\\' && t[k - 2] == '\\';

        if (t[k - 1] == '}')
            depth++;
        else if (t[k - 1] == '{')
            depth--;
        else if ((t[k - 1] == '\n' && !over_breaks)
                 || (!math && t[k - 1] == ';')
                 || (line_break && (!over_breaks || first != (size_t)-1)))
            break;
        if (depth == 0 && (r = relation_before(c, k)) != (size_t)-1
            && t[r] != ':')
            first = r;
    }
    return first;
}

static size_t
opening_relation(const exattn_page_clean *c, size_t at)
{
    return chain_start(c, at, 0);
}

static size_t
first_relation_of_line(const exattn_page_clean *c, size_t at)
{
    return chain_start(c, at, 1);
}

/* The end of the side before the relation at rel: past spaces and an
 * alignment point ("w_{1,2} &= 0.28"). */
static size_t
side_end(const exattn_page_clean *c, size_t rel)
{
    size_t end = back_over_spaces(c, rel), first;

    if (end > 0 && c->text.s[end - 1] == '&' && c->math[end - 1])
        end = back_over_spaces(c, end - 1);
    /* "Z &= e^{..} + .. \\ &\approx 9.731": a line that opens with a
     * relation goes on with the line above, whose first side it is */
    if (end >= 2 && c->text.s[end - 1] == '\\' && c->text.s[end - 2] == '\\'
        && c->math[end - 1]
        && (first = first_relation_of_line(c, end - 2)) != (size_t)-1)
        end = side_end(c, first);
    return end;
}

/* The start of the formula that ends at `end` in math and is no term
 * ("\frac{..}{..}\cdot (-1)" before "≈ 0.079"): back to the start of
 * its math, or to a relation, "&", "," or "\\" outside its brackets;
 * `end` when it runs past SIDE_BYTES, too long to be one side. */
static size_t
formula_side(const exattn_page_clean *c, size_t end)
{
    const char *t = c->text.s;
    size_t k;
    int depth = 0;

    for (k = end; k > 0 && c->math[k - 1]; k--)
    {
        char ch = t[k - 1];

        if (end - k > SIDE_BYTES)
            return end;
        if (ch == '}' || ch == ')' || ch == ']')
            depth++;
        else if (ch == '{' || ch == '(' || ch == '[')
        {
            if (depth == 0)
                break;
            depth--;
        }
        else if (depth == 0
                 && (ch == '&' || ch == '=' || ch == '\n'
                     || (ch == ',' && !(k >= 2 && t[k - 2] == '\\'))
                     || (ch == '\\' && k >= 2 && t[k - 2] == '\\')
                     || relation_before(c, k) != (size_t)-1))
            break;
    }
    while (k < end && isspace((unsigned char)t[k]))
        k++;
    return depth != 0 ? end : k;
}

/* Does [s, s + n) hold a "·" (a product written in prose)? */
static int
has_middle_dot(const char *s, size_t n)
{
    size_t k;

    for (k = 0; k + 1 < n; k++)
        if ((unsigned char)s[k] == 0xC2 && (unsigned char)s[k + 1] == 0xB7)
            return 1;
    return 0;
}

/* Inside a matrix (\begin{bmatrix}, pmatrix, matrix, array) opened
 * within MATRIX_REACH bytes before start, in math: where the text before
 * its \begin ends; else `at`. */
static size_t
matrix_open_before(const exattn_page_clean *c, size_t start, size_t at)
{
    const char *t = c->text.s;
    size_t k = start, from = start > MATRIX_REACH ? start - MATRIX_REACH : 0;

    while (k > from && c->math[k - 1])
    {
        k--;
        if (t[k] != '\\')
            continue;
        if (c->text.len - k > 5 && strncmp(t + k, "\\end{", 5) == 0)
            return at;          /* a matrix closed before it */
        if (c->text.len - k > 7 && strncmp(t + k, "\\begin{", 7) == 0)
        {
            const char *close = memchr(t + k, '}', start - k);
            size_t n = close ? (size_t)(close - (t + k)) : 0;

            if (n >= 12 && (strncmp(close - 6, "matrix", 6) == 0
                            || strncmp(close - 5, "array", 5) == 0))
                return back_over_spaces(c, k);
            return at;
        }
    }
    return at;
}

static char *subject_from(const exattn_page_clean *c, size_t at);

char *
exattn_page__subject(const exattn_page_clean *c, size_t start)
{
    size_t at = back_over_spaces(c, start);

    return subject_from(c, at);
}

char *
exattn_page__matrix_subject(const exattn_page_clean *c, size_t start)
{
    size_t at = matrix_open_before(c, start, (size_t)-1);

    return at == (size_t)-1 ? NULL : subject_from(c, at);
}

/* The subject of a number whose text before it ends at `at`. */
static char *
subject_from(const exattn_page_clean *c, size_t at)
{
    const char *t = c->text.s;
    size_t rel, first, end, k;
    exattn_sbuf b;

    /* "= (-1/3)": a value in brackets of its own */
    if (at > 0 && (t[at - 1] == '(' || t[at - 1] == '['))
        at = back_over_spaces(c, at - 1);
    /* "≈ [0.28, ...]": the "\left" of a vector is no gap */
    if ((rel = relation_before(c, at)) == (size_t)-1)
        return NULL;
    if (rel > 0 && t[rel - 1] == ':' && t[rel] == '=')
        rel--;                  /* := */
    end = side_end(c, rel);
    k = term_start(c, end);
    /* "o = 2w_1 + w_3 = 1": the chain's first side is what is equal */
    if ((k == end ? end > 0 && c->text.s[end - 1] == ')'
                  : c->math[rel] ? ends_expression(c, k)
                                 : prose_operand(c, k))
        && (first = opening_relation(c, k)) != (size_t)-1)
    {
        rel = first;
        end = side_end(c, rel);
        k = term_start(c, end);
        if (k < end && (t[k] == '^' || t[k] == '_') && c->math[end - 1])
            k = formula_side(c, end);
    }
    /* "$\frac{1}{Z_9}\sum_k e^{s_{9,k}}\,V_{k,3}$ ≈ -0.030": a formula
     * that opens no chain is the side, not its last term */
    else if (end > 0 && c->math[end - 1]
             && (k == end || joined_by_operator(c, k)
                 /* "(1.7813)^2 \approx": a bracket's power, no symbol */
                 || (k < end && (t[k] == '^' || t[k] == '_'))))
        k = formula_side(c, end);
    if (k == end)
        return NULL;
    /* in math, a symbol of the same math; in prose, a name such as
     * d_model, N or o[who], not a word ("is = 1.000" has no subject) */
    if (c->math[rel] && !c->math[k])
        return NULL;
    /* (a product written with "·", 1/2·V1, is a formula: kept; so is
     * math before a relation in prose, "$\frac{e^{1}}{Z}$ ≈ 0.284") */
    if (!c->math[rel] && !memchr(t + k, '_', end - k)
        && !(isalpha((unsigned char)t[k]) && memchr(t + k, '[', end - k))
        && end - k > 2
        && !has_middle_dot(t + k, end - k) && !c->math[k])
        return NULL;
    if (!c->math[rel] && end - k == 2 && islower((unsigned char)t[k])
        && islower((unsigned char)t[k + 1]))
        return NULL;
    exattn_sbuf__init(&b);
    exattn_sbuf__putn(&b, t + k, end - k);
    return exattn_sbuf__take(&b);
}

/* ---- a factor after a number: 0.88\,v_{the}, \frac{1}{2}(4, 0) ------ */

/* Past the product signs and spacing after a number: spaces, "\,",
 * "\;", "\cdot", "\times", "·", "×". */
static size_t
past_product_sign(const exattn_page_clean *c, size_t k)
{
    static const char *const signs[] = { "\\cdot", "\\times", "\xc2\xb7",
                                         "\xc3\x97", "\\,", "\\;", "\\:",
                                         "\\ " };
    const char *t = c->text.s;
    size_t j, n;
    int moved = 1;

    while (moved && k < c->text.len)
    {
        moved = 0;
        while (k < c->text.len && (t[k] == ' ' || t[k] == '\t'))
            k++, moved = 1;
        for (j = 0; j < sizeof signs / sizeof *signs; j++)
            if (k + (n = strlen(signs[j])) <= c->text.len
                && strncmp(t + k, signs[j], n) == 0)
            {
                k += n;
                moved = 1;
            }
    }
    return k;
}

/* The end of a value's symbol at k -- v or V, plain or in a font
 * (\mathbf{v}), with its index -- or k when there is none. */
static size_t
value_symbol_end(const exattn_page_clean *c, size_t k)
{
    static const char *const fonts[] = { "\\mathbf{", "\\boldsymbol{",
                                         "\\bm{", "\\vec{", "\\mathit{" };
    const char *t = c->text.s;
    size_t len = c->text.len, j = k, f, n;

    for (f = 0; f < sizeof fonts / sizeof *fonts; f++)
        if (k + (n = strlen(fonts[f])) + 2 <= len
            && strncmp(t + k, fonts[f], n) == 0
            && (t[k + n] == 'v' || t[k + n] == 'V') && t[k + n + 1] == '}')
        {
            j = k + n + 2;
            break;
        }
    if (j == k)
    {
        if (k >= len || (t[k] != 'v' && t[k] != 'V')
            || (k + 1 < len && isalpha((unsigned char)t[k + 1])))
            return k;
        j = k + 1;
    }
    if (j < len && t[j] == '_')
    {
        if (j + 1 < len && t[j + 1] == '{')
        {
            int depth = 0;

            for (j++; j < len; j++)
                if (t[j] == '{')
                    depth++;
                else if (t[j] == '}' && --depth == 0)
                    break;
            j = j < len ? j + 1 : len;
        }
        else if (j + 1 < len)
            j += 2;
    }
    return j;
}

/* Does a bracket at k hold a vector of numbers ("(4, 0)", "\left(
 * \tfrac{1}{2}, 1 \right)"): entries with a comma between, and no
 * letter but a command's? */
static int
numbers_in_brackets(const exattn_page_clean *c, size_t k)
{
    const char *t = c->text.s;
    size_t j, stop = k + 256 < c->text.len ? k + 256 : c->text.len;
    int commas = 0;
    char close;

    if (strncmp(t + k, "\\left", 5) == 0)
        k += 5;
    if (k >= c->text.len || (t[k] != '(' && t[k] != '['))
        return 0;
    close = t[k] == '(' ? ')' : ']';
    for (j = k + 1; j < stop; j++)
    {
        if (t[j] == close)
            return commas > 0;
        if (t[j] == ',')
            commas++;
        else if (t[j] == '\\')
            while (j + 1 < stop && isalpha((unsigned char)t[j + 1]))
                j++;
        else if (isalpha((unsigned char)t[j]) || t[j] == '(' || t[j] == '[')
            return 0;
    }
    return 0;
}

/* A bracket at k holding a sum of values, "(\mathbf{v}_1 +
 * \mathbf{v}_2)", "\left(v_1+v_2+v_3\right)": its end, or k.  A number
 * before it is the weight each value has. */
static size_t
values_in_brackets(const exattn_page_clean *c, size_t k)
{
    const char *t = c->text.s;
    size_t len = c->text.len, j = k, end;

    if (strncmp(t + j, "\\left", 5) == 0)
        j += 5;
    if (j >= len || t[j] != '(')
        return k;
    for (j++;;)
    {
        while (j < len && t[j] == ' ')
            j++;
        if ((end = value_symbol_end(c, j)) == j)
            return k;
        for (j = end; j < len && t[j] == ' '; j++)
            ;
        if (strncmp(t + j, "\\right)", 7) == 0)
            return j + 7;
        if (j < len && t[j] == ')')
            return j + 1;
        if (j >= len || t[j] != '+')
            return k;
        j++;
    }
}

char *
exattn_page__factor_after(const exattn_page_clean *c, size_t end)
{
    const char *t = c->text.s;
    size_t k = past_product_sign(c, end), j;
    exattn_sbuf b;

    if (k == end && !(k < c->text.len && (t[k] == '(' || t[k] == '[')))
        return NULL;            /* "0.88v" is one token, read elsewhere */
    if (k >= c->text.len || c->math[k] != c->math[end > 0 ? end - 1 : 0])
        return NULL;
    if ((j = value_symbol_end(c, k)) > k
        || (j = values_in_brackets(c, k)) > k)
    {
        exattn_sbuf__init(&b);
        exattn_sbuf__putn(&b, t + k, j - k);
        return exattn_sbuf__take(&b);
    }
    /* a vector the number multiplies: (4, 0), \left(..\right),
     * \begin{bmatrix}; in prose only when joined to it ("1/2·(1,0)",
     * not "0.5 (about half)") */
    if (!c->math[k] && k > end && t[k - 1] == ' '
        && !has_middle_dot(t + end, k - end) && !memchr(t + end, '*', k - end))
        return NULL;
    if (strncmp(t + k, "\\begin{bmatrix}", 15) == 0
        || strncmp(t + k, "\\begin{pmatrix}", 15) == 0
        || numbers_in_brackets(c, k))
        return exattn_str__dup("(vector)");
    return NULL;
}
