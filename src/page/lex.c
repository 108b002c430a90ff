/* Lexing a cleaned page: code points, spaces and math spacing, one
 * number (a decimal, a fraction, a \frac of two integers), and what
 * written against a number makes it part of a word, a section number or
 * a coefficient. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/scan.h"

unsigned long
exattn_page__code_point(const char *t, size_t len, size_t i, size_t *n)
{
    const unsigned char *s = (const unsigned char *)t + i;
    unsigned long cp;
    size_t k;

    *n = s[0] < 0x80 ? 1 : s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
    if (i + *n > len)
        return *n = 1, s[0];
    if (*n == 1)
        return s[0];
    cp = s[0] & (0x7Fu >> *n);
    for (k = 1; k < *n; k++)
        cp = (cp << 6) | (s[k] & 0x3Fu);
    return cp;
}

/* Letters that make a following digit part of a word: Latin, Greek,
 * Cyrillic; and the signs that make it a section or a radicand. */
int
exattn_page__is_letter_cp(unsigned long cp)
{
    return (cp < 0x80 && (isalpha((int)cp) || cp == '_'))
           || (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7)
           || (cp >= 0x370 && cp <= 0x4FF) || cp == 0xA7 /* § */
           || cp == 0x221A /* √ */ || cp == 0x23 /* # */;
}

/* The code point ending just before i (0 at the start). */
unsigned long
exattn_page__before(const scanner *s, size_t i)
{
    size_t k = i, n;

    if (i == 0)
        return 0;
    k--;
    while (k > 0 && ((unsigned char)s->t[k] & 0xC0) == 0x80)
        k--;
    return exattn_page__code_point(s->t, s->len, k, &n);
}

static int
is_space(const scanner *s, size_t i)
{
    return i < s->len && isspace((unsigned char)s->t[i]);
}

/* Spaces, and in math the spacing commands. */
size_t
exattn_page__skip_spaces(const scanner *s, size_t i)
{
    size_t n;

    for (;;)
    {
        if (is_space(s, i))
        {
            i++;
            continue;
        }
        if (i >= s->len || !s->c->math[i]
            || (n = exattn_page__gap(s->t, i, s->len)) == 0)
            return i;
        i += n;
    }
}

/* A sign at i: '-', '+', U+2212; its length, or 0. */
size_t
exattn_page__sign_at(const scanner *s, size_t i)
{
    if (i < s->len && (s->t[i] == '-' || s->t[i] == '+'))
        return 1;
    if (i + 3 <= s->len && memcmp(s->t + i, "\xe2\x88\x92", 3) == 0)
        return 3;
    return 0;
}

static size_t
digits(const scanner *s, size_t i)
{
    while (i < s->len && isdigit((unsigned char)s->t[i]))
        i++;
    return i;
}

/* An unsigned integer's text "{12}" of a \frac argument, or one digit
 * unbraced (TeX reads \tfrac14 as 1/4): its end past it, or 0. */
static size_t
braced_integer(const scanner *s, size_t i, size_t *from, size_t *to)
{
    i = exattn_page__skip_spaces(s, i);
    if (i < s->len && isdigit((unsigned char)s->t[i]))
    {
        *from = i;
        *to = i + 1;
        return i + 1;
    }
    if (i >= s->len || s->t[i] != '{')
        return 0;
    *from = exattn_page__skip_spaces(s, i + 1);
    *to = digits(s, *from);
    if (*to == *from)
        return 0;
    i = exattn_page__skip_spaces(s, *to);
    return i < s->len && s->t[i] == '}' ? i + 1 : 0;
}

/* One number at i: [sign] digits [. digits] [/ digits], or in math
 * [sign] \frac{a}{b}.  Writes its ASCII text to `text` (NULL: only
 * measure); returns its end, or 0 for none. */
size_t
exattn_page__number_at(const scanner *s, size_t i, exattn_sbuf *text, int *decimal)
{
    size_t sign = exattn_page__sign_at(s, i), j = i + sign, k, a0, a1, b0, b1;
    int negative = sign && s->t[i] != '+';

    *decimal = 0;
    if (i >= s->len)
        return 0;
    if (sign && s->c->math[i] && strncmp(s->t + j, "\\frac", 5) != 0
        && strncmp(s->t + j, "\\tfrac", 6) != 0
        && strncmp(s->t + j, "\\dfrac", 6) != 0
        && !(j < s->len && isdigit((unsigned char)s->t[j])))
        return 0;
    if (j < s->len && s->t[j] == '\\' && s->c->math[j])
    {
        k = j + 1;
        while (k < s->len && isalpha((unsigned char)s->t[k]))
            k++;
        if (!((k - j == 5 && strncmp(s->t + j, "\\frac", 5) == 0)
              || (k - j == 6 && (strncmp(s->t + j, "\\tfrac", 6) == 0
                                 || strncmp(s->t + j, "\\dfrac", 6) == 0))))
            return 0;
        if ((k = braced_integer(s, k, &a0, &a1)) == 0
            || (k = braced_integer(s, k, &b0, &b1)) == 0)
            return 0;
        if (text)
        {
            if (negative)
                exattn_sbuf__puts(text, "-");
            exattn_sbuf__putn(text, s->t + a0, a1 - a0);
            exattn_sbuf__puts(text, "/");
            exattn_sbuf__putn(text, s->t + b0, b1 - b0);
        }
        return k;
    }
    if (j >= s->len || !isdigit((unsigned char)s->t[j]))
        return 0;
    k = digits(s, j);
    if (k + 1 < s->len && s->t[k] == '.' && isdigit((unsigned char)s->t[k + 1]))
    {
        k = digits(s, k + 1);
        *decimal = 1;
    }
    else if (k + 1 < s->len && s->t[k] == '/'
             && isdigit((unsigned char)s->t[k + 1]))
    {
        size_t b = digits(s, k + 1);

        /* 1/1.414 is a division, not a fraction */
        if (!(b + 1 < s->len && s->t[b] == '.'
              && isdigit((unsigned char)s->t[b + 1])))
            k = b;
    }
    if (text)
    {
        if (negative)
            exattn_sbuf__puts(text, "-");
        exattn_sbuf__putn(text, s->t + j, k - j);
    }
    return k;
}

/* In math, a number written against a symbol is its coefficient, part
 * of a formula and no result: 2a_3, 2e^{1}, 2\sqrt{2}, 3\alpha. */
static int
coefficient(const scanner *s, size_t k)
{
    static const char *const valued[] = {
        "sqrt", "frac", "tfrac", "dfrac", "exp", "log", "ln", "alpha",
        "beta", "gamma", "delta", "epsilon", "varepsilon", "mu", "sigma",
        "pi", "theta", "lambda", "mathbf", "boldsymbol", "bm", "vec",
        "mathrm", "operatorname", "cos", "sin",
        /* a matrix written against its factor: \frac{1}{2}\begin{..} */
        "begin"
    };
    size_t j, n;

    if (isalpha((unsigned char)s->t[k]))
        return 1;
    if (s->t[k] != '\\')
        return 0;
    for (n = 0; k + 1 + n < s->len && isalpha((unsigned char)s->t[k + 1 + n]);
         n++)
        ;
    for (j = 0; j < sizeof valued / sizeof *valued; j++)
        if (strlen(valued[j]) == n && strncmp(s->t + k + 1, valued[j], n) == 0)
            return 1;
    return 0;
}

/* What follows a number that makes it part of a word, a section number,
 * a percentage or a unit (2D, 3rd, 3.2.1, 40%). */
int
exattn_page__attached_after(const scanner *s, size_t k)
{
    size_t n;
    unsigned long cp;

    if (k >= s->len)
        return 0;
    if (s->t[k] == '.' && k + 1 < s->len && isdigit((unsigned char)s->t[k + 1]))
        return 1;
    if (s->t[k] == '%' || s->t[k] == '_')
        return 1;
    cp = exattn_page__code_point(s->t, s->len, k, &n);
    if (s->c->math[k])
    {
        size_t j = k;
        int decimal;

        while (j > 0 && isdigit((unsigned char)s->t[j - 1]))
            j--;
        decimal = j > 0 && s->t[j - 1] == '.';
        /* 2\,w_{2,1}: a thin space still joins an integer coefficient;
         * a decimal so spaced (0.33\,\mathbf{v}_1) is a computed weight */
        while (!decimal && k < s->len
               && (isspace((unsigned char)s->t[k])
                   || (s->t[k] == '\\' && k + 1 < s->len
                       && strchr(",;!:", s->t[k + 1]))))
            k += isspace((unsigned char)s->t[k]) ? 1 : 2;
        return k < s->len && coefficient(s, k);
    }
    return exattn_page__is_letter_cp(cp);
}

/* A brace group or one character from i: its end. */
size_t
exattn_page__skip_argument(const scanner *s, size_t i)
{
    size_t depth = 0, n;

    i = exattn_page__skip_spaces(s, i);
    if (i >= s->len)
        return i;
    if (s->t[i] == '\\')
    {
        for (i++; i < s->len && isalpha((unsigned char)s->t[i]); i++)
            ;
        return i;
    }
    if (s->t[i] != '{')
    {
        exattn_page__code_point(s->t, s->len, i, &n);
        return i + n;
    }
    for (; i < s->len; i++)
        if (s->t[i] == '\\')
            i++;
        else if (s->t[i] == '{')
            depth++;
        else if (s->t[i] == '}' && --depth == 0)
            return i + 1;
    return s->len;
}
