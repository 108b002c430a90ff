/* The numbers of a page that are parts of a formula, not results: a
 * term joined by an operator to a symbol ("1 + H_{2,2}"), a function's
 * argument ("\sigma(0.5)"), and the names that make a bracket an
 * argument list rather than a vector. */
#include <ctype.h>
#include <string.h>
#include "page/scan.h"

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

/* Does a symbol stand at i, or end just before i (a letter, an index's
 * brace, a command that is no fraction or delimiter)? */
static int
symbol_at(const scanner *s, size_t i, int before)
{
    size_t k;

    if (before)
    {
        if (i == 0)
            return 0;
        return isalpha((unsigned char)s->t[i - 1]) || s->t[i - 1] == '}'
               || s->t[i - 1] == '\'';
    }
    if (i >= s->len)
        return 0;
    if (isalpha((unsigned char)s->t[i]))
        return 1;
    if (s->t[i] != '\\')
        return 0;
    for (k = i + 1; k < s->len && isalpha((unsigned char)s->t[k]); k++)
        ;
    return k > i + 1 && !(k - i - 1 == 4 && strncmp(s->t + i + 1, "frac", 4)
                          == 0)
           && !(k - i - 1 == 4 && strncmp(s->t + i + 1, "left", 4) == 0)
           && !(k - i - 1 == 5 && (strncmp(s->t + i + 1, "tfrac", 5) == 0
                                   || strncmp(s->t + i + 1, "dfrac", 5)
                                      == 0));
}

/* In math, is the number at [i, end) a term of a formula with symbols
 * ("1 + H_{2,2}", "a_{2,1} \cdot 2", "1/\sqrt{2}")?  Joined by an operator
 * to a symbol, it is part of a named form, not a result. */
int
exattn_page__formula_term(const scanner *s, size_t i, size_t end)
{
    size_t k = exattn_page__skip_spaces(s, end), n;

    if ((n = operator_at(s, k)) != 0 && symbol_at(s, exattn_page__skip_spaces(s, k + n), 0))
        return 1;
    for (k = i; k > 0 && isspace((unsigned char)s->t[k - 1]); k--)
        ;
    for (n = 1; n <= 6 && n <= k; n++)
        if (operator_at(s, k - n) == n)
        {
            size_t b = k - n;

            while (b > 0 && isspace((unsigned char)s->t[b - 1]))
                b--;
            return symbol_at(s, b, 1);
        }
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
