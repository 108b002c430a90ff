/* How wide a LaTeX math formula sets, estimated in points at 10 pt (the
 * standalone document's size) from the formula's own text: the
 * document decides where a long display breaks by this, before any
 * writer sees the formula.  The widths are those of Computer Modern (a
 * digit 5 pt, a letter about 5.5, a binary operator 7.8 with 2.2 of
 * space each side, a relation 7.8 with 2.8); scripts set at 75%,
 * scripts of scripts at 55%; a fraction as wide as its wider part.  It
 * errs wide rather than narrow, so that what it passes fits. */
#include <ctype.h>
#include <string.h>
#include "internal.h"

typedef struct
{
    const char *s;
    int matrices;               /* inside \begin{bmatrix} ... \end */
} cursor;

static double group(cursor *c, double scale);

/* "{...}" or a single token after a command or a script sign. */
static double
argument(cursor *c, double scale)
{
    while (*c->s == ' ')
        c->s++;
    if (*c->s == '{')
    {
        double w;

        c->s++;
        w = group(c, scale);
        if (*c->s == '}')
            c->s++;
        return w;
    }
    if (*c->s == '\\')
    {
        /* a command as the whole argument (x^\prime): count it as one
         * glyph */
        c->s++;
        while (isalpha((unsigned char)*c->s))
            c->s++;
        return 6.0 * scale;
    }
    if (*c->s)
    {
        c->s++;
        return 5.5 * scale;
    }
    return 0;
}

/* Skip an environment's "{name}" after \begin or \end. */
static void
skip_name(cursor *c)
{
    if (*c->s != '{')
        return;
    while (*c->s && *c->s != '}')
        c->s++;
    if (*c->s)
        c->s++;
}

/* \text{...}: upright letters, about 5 pt each (a UTF-8 sequence one). */
static double
text_argument(cursor *c, double scale)
{
    double w = 0;
    int depth = 0;

    if (*c->s != '{')
        return argument(c, scale);
    c->s++;
    for (; *c->s && (*c->s != '}' || depth > 0); c->s++)
    {
        if (*c->s == '{')
            depth++;
        else if (*c->s == '}')
            depth--;
        else if (*c->s == '\\')
            continue;
        else if (((unsigned char)*c->s & 0xC0) != 0x80)
            w += 5.4 * scale;
    }
    if (*c->s)
        c->s++;
    return w;
}

static int
named(const char *name, size_t n, const char *want)
{
    return strlen(want) == n && strncmp(name, want, n) == 0;
}

/* A command and its arguments, the backslash read. */
static double
command(cursor *c, double scale)
{
    const char *name = c->s;
    size_t n;
    double a, b;

    while (isalpha((unsigned char)*c->s))
        c->s++;
    n = (size_t)(c->s - name);
    if (n == 0)
    {
        /* "\ ", "\,", "\;", "\!", "\\", "\{" */
        char k = *c->s ? *c->s++ : 0;

        return k == ' ' ? 3.3 * scale : k == ',' ? 1.7 * scale
               : k == ';' ? 2.8 * scale : k == '{' || k == '}' ? 5 * scale
               : 0;
    }
    if (named(name, n, "frac") || named(name, n, "dfrac")
        || named(name, n, "tfrac"))
    {
        double s = named(name, n, "tfrac") ? 0.7 : 1.0;

        a = argument(c, scale * s);
        b = argument(c, scale * s);
        return (a > b ? a : b) + 2.4 * scale;
    }
    if (named(name, n, "sqrt"))
        return argument(c, scale) + 8.3 * scale;
    if (named(name, n, "text") || named(name, n, "textbf")
        || named(name, n, "mathrm") || named(name, n, "operatorname"))
        return text_argument(c, scale);
    if (named(name, n, "begin") || named(name, n, "end"))
    {
        c->matrices += named(name, n, "begin") ? 1 : -1;
        skip_name(c);
        return 10.0 * scale;        /* a bracket of a matrix, its space */
    }
    if (named(name, n, "left") || named(name, n, "right"))
    {
        if (*c->s == '\\')
            c->s++;
        if (*c->s)
            c->s++;
        return 6.0 * scale;         /* a delimiter, often grown */
    }
    if (named(name, n, "tilde") || named(name, n, "hat")
        || named(name, n, "bar") || named(name, n, "mathbf")
        || named(name, n, "mathit") || named(name, n, "boldsymbol"))
        return argument(c, scale);
    if (named(name, n, "quad"))
        return 10.0 * scale;
    if (named(name, n, "qquad"))
        return 20.0 * scale;
    if (named(name, n, "cdot"))
        return 7.2 * scale;
    if (named(name, n, "times") || named(name, n, "odot"))
        return 12.2 * scale;
    if (named(name, n, "approx") || named(name, n, "to")
        || named(name, n, "leq") || named(name, n, "geq"))
        return 13.4 * scale;
    if (named(name, n, "max") || named(name, n, "exp")
        || named(name, n, "sin") || named(name, n, "cos")
        || named(name, n, "ln"))
        return (double)n * 5.0 * scale + 1.7 * scale;
    return 6.0 * scale;             /* a Greek letter, a symbol */
}

/* A sequence up to an unmatched '}' or the end. */
static double
group(cursor *c, double scale)
{
    /* a script's size: 7 pt (5 pt in a script), its glyphs relatively
     * wider than the text's */
    double w = 0, script = scale > 0.75 ? 0.75 : 0.55;

    while (*c->s && *c->s != '}')
    {
        char k = *c->s++;

        if (k == '\\')
            w += command(c, scale);
        else if (k == '{')
        {
            w += group(c, scale);
            if (*c->s == '}')
                c->s++;
        }
        else if (k == '^' || k == '_')
            w += argument(c, script);
        else if (k == '+' || k == '-')
            w += 12.2 * scale;
        else if (k == '=' || k == '<' || k == '>')
            w += 13.4 * scale;
        else if (k == '&' && c->matrices > 0)
            w += 10.0 * scale;      /* between a matrix's columns */
        else if (k == '&' || k == ' ' || k == '\n')
            continue;
        else if (isdigit((unsigned char)k))
            w += 5.0 * scale;
        else if (k == '(' || k == ')' || k == '[' || k == ']')
            w += 3.9 * scale;
        else if (k == ',' || k == '.' || k == ';' || k == ':')
            w += 2.8 * scale;
        else if (isupper((unsigned char)k))
            w += 7.6 * scale;
        else if (((unsigned char)k & 0xC0) != 0x80)
            w += 5.5 * scale;
    }
    return w;
}

double
exattn_latex__width(const char *s)
{
    cursor c;
    double w = 0;

    c.s = s;
    c.matrices = 0;
    while (*c.s)
    {
        w += group(&c, 1.0);
        if (*c.s == '}')            /* an unmatched brace: go on */
            c.s++;
    }
    return w;
}
