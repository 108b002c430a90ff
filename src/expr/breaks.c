/* A long sum printed in LaTeX, set over the lines of an aligned display:
 * the printer's own output is split at the operators of its top-level sum
 * (never inside braces, a \left...\right pair or a script), and each line
 * holds terms up to the width the document gives it, the last with room
 * for what follows the formula on its line (or a line of its own when
 * even the last term leaves too little).  A fraction of a long sum,
 * \frac{a+b+c}{4} (a variance), is written \frac{1}{4}\Bigl(a+b+c\Bigr)
 * first: \Bigl and \Bigr, unlike \left and \right, may stand on
 * different lines. */
#include <stdlib.h>
#include <string.h>
#include "expr/expr.h"

/* Continuation lines start at the alignment point, indented by \qquad. */
#define CONTINUE " \\\\\n&\\qquad "
#define CONTINUE_WIDTH 20.0

/* Is the '+' or '-' at tex[i] a top-level binary operator? */
static int
splits_at(const char *tex, size_t i)
{
    size_t k = i;

    while (k > 0 && tex[k - 1] == ' ')
        k--;
    return k > 0 && strchr("{(^_=+-,&", tex[k - 1]) == NULL
           && !(k >= 5 && strncmp(tex + k - 5, "\\left", 5) == 0);
}

/* The offsets where the top-level terms after the first begin. */
static size_t
term_starts(const char *tex, size_t *at, size_t max)
{
    size_t i, n = 0;
    int depth = 0, pairs = 0;

    for (i = 0; tex[i] && n < max; i++)
    {
        if (tex[i] == '\\' && strncmp(tex + i, "\\left", 5) == 0)
            pairs++, i += 4;
        else if (tex[i] == '\\' && strncmp(tex + i, "\\right", 6) == 0)
            pairs--, i += 5;
        else if (tex[i] == '\\' && tex[i + 1])
            i++;                    /* \{, \\, \, ... */
        else if (tex[i] == '{')
            depth++;
        else if (tex[i] == '}')
            depth--;
        else if ((tex[i] == '+' || tex[i] == '-') && depth == 0
                 && pairs == 0 && splits_at(tex, i))
            at[n++] = i;
    }
    return n;
}

static char *break_sum(const char *tex, double first, double budget,
                       double tail);

static double
span_width(const char *tex, size_t from, size_t to)
{
    char *t = malloc(to - from + 1);
    double w;

    if (t == NULL)
        return 0;
    memcpy(t, tex + from, to - from);
    t[to - from] = '\0';
    w = exattn_latex__width(t);
    free(t);
    return w;
}

/* The end of the brace group opening at tex[i] ('{'): the offset of its
 * '}', or 0. */
static size_t
group_end(const char *tex, size_t i)
{
    int depth = 0;

    for (; tex[i]; i++)
    {
        if (tex[i] == '\\' && tex[i + 1])
            i++;
        else if (tex[i] == '{')
            depth++;
        else if (tex[i] == '}' && --depth == 0)
            return i;
    }
    return 0;
}

/* tex is "\frac{N}{D}" with N a sum: "\frac{1}{D}\Bigl(N\Bigr)", else
 * NULL. */
static char *
fraction_of_sum(const char *tex)
{
    size_t num, den, at[1];
    exattn_sbuf out;
    char *n;

    if (strncmp(tex, "\\frac{", 6) != 0 || (num = group_end(tex, 5)) == 0
        || tex[num + 1] != '{' || (den = group_end(tex, num + 1)) == 0
        || tex[den + 1] != '\0')
        return NULL;
    if ((n = exattn_str__dup(tex + 6)) == NULL)
        return NULL;
    n[num - 6] = '\0';
    if (term_starts(n, at, 1) == 0)
    {
        free(n);
        return NULL;
    }
    exattn_sbuf__init(&out);
    exattn_sbuf__puts(&out, "\\frac{1}");
    exattn_sbuf__putn(&out, tex + num + 1, den - num);
    exattn_sbuf__printf(&out, "\\Bigl(%s\\Bigr)", n);
    free(n);
    return exattn_sbuf__take(&out);
}

char *
exattn_expr__break_latex(const char *tex, double first, double budget,
                         double tail)
{
    char *whole = NULL, *t;

    if (first + exattn_latex__width(tex) + tail <= budget)
        return exattn_str__dup(tex);
    if ((whole = fraction_of_sum(tex)) != NULL)
        tex = whole;
    t = break_sum(tex, first, budget, tail);
    free(whole);
    return t;
}

static char *
break_sum(const char *tex, double first, double budget, double tail)
{
    size_t at[256], n = term_starts(tex, at, 256), k, from = 0, len;
    exattn_sbuf out;
    double used, w;

    if (n == 256)
        return exattn_str__dup(tex);
    len = strlen(tex);
    exattn_sbuf__init(&out);
    used = first + span_width(tex, 0, n ? at[0] : len);
    exattn_sbuf__putn(&out, tex, n ? at[0] : len);
    for (k = 0; k < n; k++)
    {
        from = at[k];
        w = span_width(tex, from, k + 1 < n ? at[k + 1] : len);
        if (used + w + (k + 1 == n ? tail : 0) > budget)
        {
            exattn_sbuf__puts(&out, CONTINUE);
            used = CONTINUE_WIDTH;
        }
        used += w;
        exattn_sbuf__putn(&out, tex + from,
                          (k + 1 < n ? at[k + 1] : len) - from);
    }
    /* what follows (a long decimal) does not fit after the last term:
     * it goes on a line of its own */
    if (used + tail > budget)
        exattn_sbuf__puts(&out, CONTINUE);
    return exattn_sbuf__take(&out);
}
