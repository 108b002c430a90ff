/* The numbers of a page that are parts of a formula, not results: a
 * term joined by an operator to a symbol ("1 + H_{2,2}"), a function's
 * argument ("\sigma(0.5)"), and the names that make a bracket an
 * argument list rather than a vector. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/scan.h"

/* bytes a bracketed group is followed through: a longer group is no
 * operand, so a page of unclosed brackets stays linear */
#define GROUP_SCAN 512

/* A command that names a function: \sigma(0.5) is its argument. */
static int
is_function_name(const char *name, size_t n)
{
    static const char *const names[] = {
        "sigma", "exp", "log", "ln", "sin", "cos", "tan", "tanh", "max",
        "min", "softmax", "phi", "varphi", "psi", "mathrm", "text"
    };
    size_t k;

    for (k = 0; k < sizeof names / sizeof *names; k++)
        if (strlen(names[k]) == n && strncmp(name, names[k], n) == 0)
            return 1;
    return 0;
}

/* Does i follow a math command that is not a function's name
 * (a\approx[0.284, …], x=\left…), so that a bracket there opens a
 * vector? */
int
exattn_page__after_relation(const scanner *s, size_t i)
{
    size_t k = i;

    if (!s->c->math[i])
        return 0;
    while (k > 0 && isalpha((unsigned char)s->t[k - 1]))
        k--;
    return k < i && k > 0 && s->t[k - 1] == '\\'
           && !(i - k == 4 && strncmp(s->t + k, "sqrt", 4) == 0);
}

/* The operator at i ("+", "-", "−", "/", "*", "\cdot", "\times"): its
 * length, or 0. */
static size_t
operator_at(const scanner *s, size_t i)
{
    static const char *const ops[] = { "+", "-", "\xe2\x88\x92", "/", "*",
                                       "\\cdot", "\\times", "\xc2\xb7" };
    size_t k, n;

    for (k = 0; k < sizeof ops / sizeof *ops; k++)
    {
        n = strlen(ops[k]);
        if (i + n <= s->len && strncmp(s->t + i, ops[k], n) == 0
            && !(n > 2 && i + n < s->len
                 && isalpha((unsigned char)s->t[i + n])))
            return n;
    }
    return 0;
}

/* Is byte i the start of a √ (U+221A)? */
static int
root_sign(const scanner *s, size_t i)
{
    return i + 3 <= s->len && memcmp(s->t + i, "\xe2\x88\x9a", 3) == 0;
}

/* The length of the command at i that is punctuation of a formula, not
 * a symbol (\frac, \left, \right, \cdot, \times), or 0. */
static size_t
structural_command(const scanner *s, size_t i)
{
    static const char *const names[] = { "frac", "tfrac", "dfrac", "left",
                                         "right", "cdot", "times" };
    size_t k, j;

    if (i >= s->len || s->t[i] != '\\')
        return 0;
    for (k = i + 1; k < s->len && isalpha((unsigned char)s->t[k]); k++)
        ;
    for (j = 0; j < sizeof names / sizeof *names; j++)
        if (strlen(names[j]) == k - i - 1
            && strncmp(s->t + i + 1, names[j], k - i - 1) == 0)
            return k - i;
    return 0;
}

/* Does a symbol start at i: a letter, a √, a command that is no
 * fraction, delimiter or operator? */
static int
symbol_starts(const scanner *s, size_t i)
{
    size_t n;

    if (i >= s->len)
        return 0;
    if (isalpha((unsigned char)s->t[i]) || root_sign(s, i))
        return 1;
    /* a Greek or accented letter written as itself (σ, μ') */
    if ((unsigned char)s->t[i] >= 0xC0
        && exattn_page__is_letter_cp(
               exattn_page__code_point(s->t, s->len, i, &n)))
        return 1;
    return s->t[i] == '\\' && i + 1 < s->len
           && isalpha((unsigned char)s->t[i + 1])
           && structural_command(s, i) == 0;
}

/* Does [a, b) hold a symbol? */
static int
has_symbol(const scanner *s, size_t a, size_t b)
{
    size_t k, n;

    for (k = a; k < b; k++)
    {
        if (symbol_starts(s, k))
            return 1;
        if ((n = structural_command(s, k)) != 0)
            k += n - 1;
    }
    return 0;
}

/* The end just past the bracket that the opening at i ("(", "\left(",
 * "{") closes, within GROUP_SCAN bytes; 0 when none. */
static size_t
group_close(const scanner *s, size_t i)
{
    size_t k, stop = i + GROUP_SCAN < s->len ? i + GROUP_SCAN : s->len;
    int depth = 0;

    if (strncmp(s->t + i, "\\left", 5) == 0 && i + 5 < s->len)
        i += 5;
    for (k = i; k < stop; k++)
    {
        if (s->t[k] == '\\' && k + 1 < stop && strchr("{}", s->t[k + 1]))
        {
            k++;
            continue;
        }
        if (s->t[k] == '(' || s->t[k] == '{')
            depth++;
        else if ((s->t[k] == ')' || s->t[k] == '}') && --depth == 0)
            return k + 1;
    }
    return 0;
}

/* The opening of the group that closes at b - 1 (")" or "}"), within
 * GROUP_SCAN bytes; (size_t)-1 when none. */
static size_t
group_open(const scanner *s, size_t b)
{
    size_t k, stop = b > GROUP_SCAN ? b - GROUP_SCAN : 0;
    int depth = 0;

    for (k = b; k > stop; k--)
    {
        char ch = s->t[k - 1];

        if (k >= 2 && s->t[k - 2] == '\\' && strchr("{}", ch))
        {
            k--;
            continue;
        }
        if (ch == ')' || ch == '}')
            depth++;
        else if ((ch == '(' || ch == '{') && --depth == 0)
            return k - 1;
    }
    return (size_t)-1;
}

/* Does the command named [name, name + n) set a label's words
 * (\text{grid})? */
static int
is_label_command(const char *name, size_t n)
{
    static const char *const names[] = { "text", "textrm", "textbf",
                                         "textit", "textsf", "texttt",
                                         "mbox", "hbox" };
    size_t k;

    for (k = 0; k < sizeof names / sizeof *names; k++)
        if (strlen(names[k]) == n && strncmp(name, names[k], n) == 0)
            return 1;
    return 0;
}

/* Does a term end at i: a sum's sign, a relation or a separator at the
 * top level? */
static int
term_ends(const scanner *s, size_t i)
{
    char ch = s->t[i];

    return strchr("+-=,;&<>", ch) != NULL
           || (ch == '\\' && i + 1 < s->len
               && (s->t[i + 1] == '\\'
                   || strncmp(s->t + i, "\\quad", 5) == 0
                   || strncmp(s->t + i, "\\approx", 7) == 0
                   || strncmp(s->t + i, "\\text", 5) == 0))
           || (unsigned char)ch == 0xE2;    /* −, ≈ */
}

/* In prose, does the term at i reach a symbol through a product or a
 * quotient of numbers ("2·√2/3", "1/√2", "3 × e^1", "2 * x")? */
static int
prose_product_symbolic(const scanner *s, size_t i)
{
    size_t k = i;

    while (k < s->len)
    {
        while (k < s->len && (isdigit((unsigned char)s->t[k])
                              || s->t[k] == '.'))
            k++;
        while (k < s->len && s->t[k] == ' ')
            k++;
        if (k < s->len && (s->t[k] == '/' || s->t[k] == '*'))
            k++;
        else if (k + 1 < s->len && (memcmp(s->t + k, "\xc2\xb7", 2) == 0
                                    || memcmp(s->t + k, "\xc3\x97", 2) == 0))
            k += 2;
        else
            return 0;
        while (k < s->len && s->t[k] == ' ')
            k++;
        if (k < s->len && symbol_starts(s, k))
            return 1;
    }
    return 0;
}

/* Does an operand with a symbol stand at i (after an operator): a
 * symbol, a bracketed group that holds one, or in math a product that
 * has one ("2\cdot\cos\left(1\right)")? */
static int
symbolic_after(const scanner *s, size_t i)
{
    size_t close, k, stop = i + GROUP_SCAN < s->len ? i + GROUP_SCAN : s->len;
    int depth = 0;

    if (i >= s->len)
        return 0;
    if (s->t[i] == '(' || s->t[i] == '{'
        || strncmp(s->t + i, "\\left(", 6) == 0)
        return (close = group_close(s, i)) != 0 && has_symbol(s, i, close);
    if (symbol_starts(s, i))
        return 1;
    if (!s->c->math[i])
        return prose_product_symbolic(s, i);
    /* the rest of the term, to its end at the top level */
    for (k = i; k < stop && s->c->math[k]; k++)
    {
        char ch = s->t[k];

        if (ch == '{' || ch == '(')
            depth++;
        else if ((ch == '}' || ch == ')') && --depth < 0)
            break;
        else if (depth == 0 && k > i && term_ends(s, k))
            break;
    }
    return has_symbol(s, i, k);
}

/* Does the brace group closing just before i end a symbol: an index or
 * exponent (a_{2,1}, e^{2}), a command's argument (\mathbf{o},
 * \sqrt{2}), a group holding a symbol -- and not a fraction of numbers
 * (\frac{1}{2})? */
static int
braced_symbolic(const scanner *s, size_t i)
{
    size_t open = group_open(s, i), w;

    if (open == (size_t)-1)
        return 1;               /* too long to follow: a formula's */
    if (open > 0 && (s->t[open - 1] == '_' || s->t[open - 1] == '^'))
        return 1;
    if (open > 0 && s->t[open - 1] == '}')
    {
        /* a command's second argument: \frac{1}{2} is a number */
        size_t first = group_open(s, open);

        if (first == (size_t)-1)
            return 1;
        for (w = first; w > 0 && isalpha((unsigned char)s->t[w - 1]); w--)
            ;
        if (w > 0 && s->t[w - 1] == '\\' && structural_command(s, w - 1))
            return has_symbol(s, first, i);
        return 1;
    }
    for (w = open; w > 0 && isalpha((unsigned char)s->t[w - 1]); w--)
        ;
    if (w < open && w > 0 && s->t[w - 1] == '\\')
        return 1;
    return has_symbol(s, open, i);
}

/* In prose, does the term that ends at i hold a symbol, a root or an
 * exponent ("-200000/√10000100001" before "+1/2")?  The term runs back
 * to a space, a comma, a bracket or a relation. */
static int
prose_term_symbolic(const scanner *s, size_t i)
{
    size_t k, stop = i > 128 ? i - 128 : 0, n;
    int depth = 0;

    for (k = i; k > stop; k--)
    {
        unsigned char ch = (unsigned char)s->t[k - 1];

        if (ch == ')' || ch == ']')
            depth++;
        else if (ch == '(' || ch == '[')
        {
            if (depth == 0)
                return 0;
            depth--;
        }
        else if (depth == 0 && (isspace(ch) || strchr(",;=", ch)))
            return 0;
        else if (isalpha(ch) || ch == '^'
                 || (ch >= 0xC0 && exattn_page__is_letter_cp(
                         exattn_page__code_point(s->t, s->len, k - 1, &n))))
            return 1;
    }
    return 0;
}

/* Does an operand with a symbol end just before i (before an operator):
 * a letter, a prime, an index's brace, a bracketed group that holds a
 * symbol; in prose also an index's "]" (a[2,1]·2)? */
static int
symbolic_before(const scanner *s, size_t i)
{
    size_t open;
    char ch;

    if (i == 0)
        return 0;
    ch = s->t[i - 1];
    if (isalpha((unsigned char)ch) || ch == '\''
        || (!s->c->math[i - 1] && ch == ']'))
        return 1;
    if (!s->c->math[i - 1])
        return prose_term_symbolic(s, i);
    if (ch == '}')
        return braced_symbolic(s, i);
    return ch == ')' && (open = group_open(s, i)) != (size_t)-1
           && has_symbol(s, open, i);
}

/* Past the openings of brackets before i ("\left(", "("), and spaces. */
static size_t
back_over_openings(const scanner *s, size_t i)
{
    for (;;)
    {
        while (i > 0 && isspace((unsigned char)s->t[i - 1]))
            i--;
        if (i >= 6 && strncmp(s->t + i - 6, "\\left(", 6) == 0)
            i -= 6;
        else if (i > 0 && s->t[i - 1] == '(' && s->c->math[i - 1])
            i--;
        else
            return i;
    }
}

/* Past the closings of brackets from i ("\right)", ")"), and spaces. */
static size_t
over_closings(const scanner *s, size_t i)
{
    for (;;)
    {
        i = exattn_page__skip_spaces(s, i);
        if (strncmp(s->t + i, "\\right)", 7) == 0)
            i += 7;
        else if (i < s->len && s->t[i] == ')' && s->c->math[i])
            i++;
        else
            return i;
    }
}

/* Is the number at [i, end) a decimal or a fraction that multiplies a
 * value ("0.14\,v_{load}", "\frac{1}{2}(0, 2)")?  An integer there is a
 * coefficient of the formula (1 \cdot V_1). */
static int
weight_of_product(const scanner *s, size_t i, size_t end)
{
    char *times;
    size_t k;
    int weight = 0;

    for (k = i; k < end && !weight; k++)
        weight = s->t[k] == '.' || s->t[k] == '/'
                 || strncmp(s->t + k, "frac", 4) == 0;
    if (!weight || (times = exattn_page__factor_after(s->c, end)) == NULL)
        return 0;
    free(times);
    return 1;
}

/* Is the number at [i, end) a term of a formula with symbols ("1 +
 * H_{2,2}", "a_{2,1} \cdot 2", "1/\sqrt{2}", "2\cdot\left(\frac{z}{y}
 * \right)")?  Joined by an operator to a symbol, it is part of a named
 * form, not a result.  In prose the operator must touch both sides
 * ("a[2,1]·5/2+a[2,2]"): "0.25 - a quarter" is a dash. */
int
exattn_page__formula_term(const scanner *s, size_t i, size_t end)
{
    int math = s->c->math[i];
    size_t k = math ? over_closings(s, end) : end, n, b;

    /* "+ 0.14\,v_{load}": a weight of its own product, which the sign
     * joins to the sum, not a term of the formula */
    if (weight_of_product(s, i, end))
        return 0;
    /* in prose, brackets touching the number: (1/2)/√2 */
    while (!math && k < s->len && s->t[k] == ')')
        k++;

    if ((n = operator_at(s, k)) != 0
        && symbolic_after(s, math ? exattn_page__skip_spaces(s, k + n)
                                  : k + n))
        return 1;
    k = math ? back_over_openings(s, i) : i;
    while (!math && k > 0 && s->t[k - 1] == '(')
        k--;
    for (n = 1; n <= 6 && n <= k; n++)
        if (operator_at(s, k - n) == n)
        {
            b = k - n;
            while (math && b > 0 && isspace((unsigned char)s->t[b - 1]))
                b--;
            /* "= -2": a sign, not an operator */
            return symbolic_before(s, b);
        }
    return 0;
}

/* Is the number at [i, end) an end of a range of indices ("1, \dots,
 * i", "1, 2, \ldots, n", "1,…,n")? */
int
exattn_page__range_end(const scanner *s, size_t i, size_t end)
{
    static const char *const dots[] = { "\\dots", "\\ldots", "\\cdots",
                                        "\xe2\x80\xa6", "..." };
    size_t k, d, n;

    /* after: ", \dots" within a few bytes */
    k = exattn_page__skip_spaces(s, end);
    if (k < s->len && s->t[k] == ',')
        k = exattn_page__skip_spaces(s, k + 1);
    for (d = 0; d < sizeof dots / sizeof *dots; d++)
        if (strncmp(s->t + k, dots[d], strlen(dots[d])) == 0)
            return 1;
    /* before: "\dots, " */
    for (k = i; k > 0 && (isspace((unsigned char)s->t[k - 1])
                          || s->t[k - 1] == ','); k--)
        ;
    for (d = 0; d < sizeof dots / sizeof *dots; d++)
    {
        n = strlen(dots[d]);
        if (k >= n && strncmp(s->t + k - n, dots[d], n) == 0)
            return 1;
    }
    return 0;
}

/* Is the vector at [i, end) a factor of a product written against what
 * stands before it ("w_{1,1}\begin{bmatrix}1 & 0\end{bmatrix}",
 * "\tfrac{1}{4}\begin{bmatrix}..", "1\begin{bmatrix}..")?  A label's
 * braces (\text{grid}) and a relation's command are no factor. */
int
exattn_page__vector_factor(const scanner *s, size_t i)
{
    size_t k = i, open, w;
    char ch;

    while (k > 0 && (isspace((unsigned char)s->t[k - 1])
                     || (k >= 2 && s->t[k - 2] == '\\'
                         && strchr(",;!:", s->t[k - 1]))))
        k -= isspace((unsigned char)s->t[k - 1]) ? 1 : 2;
    if (k == 0)
        return 0;
    /* (e^0/Z)·(2,0), 1/4·(2,0): a vector times what stands before */
    if (!s->c->math[k - 1])
        return (k >= 2 && memcmp(s->t + k - 2, "\xc2\xb7", 2) == 0)
               || (k >= 2 && memcmp(s->t + k - 2, "\xc3\x97", 2) == 0)
               || s->t[k - 1] == '*';
    ch = s->t[k - 1];
    if (isdigit((unsigned char)ch) || ch == '\'' || ch == ')')
        return 1;
    if (isalpha((unsigned char)ch))
        return !exattn_page__after_relation(s, k);
    if (ch != '}' || (open = group_open(s, k)) == (size_t)-1)
        return 0;
    for (w = open; w > 0 && isalpha((unsigned char)s->t[w - 1]); w--)
        ;
    /* \text{grid}, \mathrm{load}: a label before the vector */
    return !(w > 0 && w < open && s->t[w - 1] == '\\'
             && is_label_command(s->t + w, open - w));
}

/* A \{ .. \} set at i in math (A_2 = \{1, 2\}: indices, no results):
 * its end, or 0. */
size_t
exattn_page__set_at(const scanner *s, size_t i)
{
    size_t k, stop = i + GROUP_SCAN < s->len ? i + GROUP_SCAN : s->len;

    if (!s->c->math[i] || strncmp(s->t + i, "\\{", 2) != 0)
        return 0;
    for (k = i + 2; k + 1 < stop; k++)
        if (s->t[k] == '\\' && s->t[k + 1] == '}')
            return k + 2;
    return 0;
}

/* Is the number at [i, end) a function's argument written against its
 * name, alone in its parentheses ("\sigma(0.5)", "f(2)", "\exp(1)")?
 * A vector after a name was refused already (score(1,1)). */
int
exattn_page__argument_of(const scanner *s, size_t i, size_t end)
{
    size_t k = i, w;

    while (k > 0 && isspace((unsigned char)s->t[k - 1]))
        k--;
    /* \sin 1, \exp 2: a function command's argument, unbracketed */
    for (w = k; w > 0 && isalpha((unsigned char)s->t[w - 1]); w--)
        ;
    if (w < k && w > 0 && s->t[w - 1] == '\\' && s->c->math[w - 1]
        && is_function_name(s->t + w, k - w))
        return 1;
    if (k == 0 || s->t[k - 1] != '(')
        return 0;
    k--;                        /* written against its name: no space */
    if (k >= 3 && memcmp(s->t + k - 3, "\xe2\x88\x9a", 3) == 0)
        return 1;               /* √(100001/100000): a radicand */
    if (k >= 5 && strncmp(s->t + k - 5, "\\left", 5) == 0)
    {
        /* \sin\left(2\right): the delimiter's size is no name */
        k -= 5;
        while (k > 0 && isspace((unsigned char)s->t[k - 1]))
            k--;
        if (strncmp(s->t + exattn_page__skip_spaces(s, end), "\\right)", 7)
            == 0)
            end = exattn_page__skip_spaces(s, end) + 6;
    }
    if (k > 0 && s->t[k - 1] == '}')
        return 1;               /* \operatorname{softmax}(2) */
    for (w = k; w > 0 && isalpha((unsigned char)s->t[w - 1]); w--)
        ;
    if (w == k)
        return 0;
    /* a relation or an operator (\approx (0.5)) is no function */
    if (w > 0 && s->t[w - 1] == '\\' && exattn_page__after_relation(s, k)
        && !is_function_name(s->t + w, k - w))
        return 0;
    end = exattn_page__skip_spaces(s, end);
    return end < s->len && s->t[end] == ')';
}
