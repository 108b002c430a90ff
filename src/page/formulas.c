/* The named formulas a page prints: closed forms in math such as
 * \frac{e^{1}}{e^{1}+e^{1}+e^{2}}, \frac{1}{1+e}, e^{\sqrt{2}/2} or
 * 2\sqrt{2}, read into exattn's expression syntax so that the audit can
 * compare them with the lesson's quantities by exact identity
 * (docs/cli.md, "Named formulas").  A math run is cut at its relations
 * (=, \approx, ≈) and separators (&, \\, commas, \quad, \text); a piece
 * is a named formula when it translates whole -- numbers, e, e^{..},
 * \exp, \sqrt, \frac, + - \cdot \times /, parentheses and braces -- and
 * names something (an exponential or a root).  A piece with any other
 * symbol (Z_i, s_{ij}) is a formula in the page's own symbols: not read
 * here. */
#include <ctype.h>
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
} tr;

static int expression(tr *x, size_t *i, size_t stop);

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
        else if ((n = exattn_page__gap(x->t, i, stop)) == 0)
            return i;
        i += n;
    }
}

static int
word(tr *x, size_t i, size_t stop, const char *w)
{
    size_t n = strlen(w);

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
             && !(k + 1 < stop && isalpha((unsigned char)x->t[k + 1])))
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
    else if (word(x, k, stop, "\\exp"))
    {
        x->named = 1;
        exattn_sbuf__puts(x->out, "e^");
        k = spaces(x, k + 4, stop);
        if (word(x, k, stop, "\\left("))
            k += 5;
        else if (k < stop && x->t[k] == '(')
            k++;
        else
            return 0;
        exattn_sbuf__puts(x->out, "(");
        if (!expression(x, &k, stop))
            return 0;
        k = spaces(x, k, stop);
        if (word(x, k, stop, "\\right)"))
            k += 7;
        else if (k < stop && x->t[k] == ')')
            k++;
        else
            return 0;
        exattn_sbuf__puts(x->out, ")");
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
    else if (x->t[k] == '(' || x->t[k] == '{' || word(x, k, stop, "\\left("))
    {
        char close = x->t[k] == '{' ? '}' : ')';
        size_t end;

        if (x->t[k] == '{')
        {
            end = group_end(x, k, stop);
            k++;
        }
        else
        {
            k += x->t[k] == '(' ? 1 : 6;
            end = stop;
        }
        exattn_sbuf__puts(x->out, "(");
        if (!expression(x, &k, end))
            return 0;
        k = spaces(x, k, stop);
        if (close == ')' && word(x, k, stop, "\\right)"))
            k += 6;
        else if (k >= stop || x->t[k] != close)
            return 0;
        exattn_sbuf__puts(x->out, ")");
        *i = k + 1;
    }
    else
        return 0;
    x->depth--;
    return 1;
}

/* The operator at i (+ - − \cdot \times · /): its exattn spelling, and
 * its length in *n; NULL when none. */
static const char *
operator_at(tr *x, size_t i, size_t stop, size_t *n)
{
    static const struct { const char *tex, *op; } ops[] = {
        { "+", "+" }, { "-", "-" }, { "\xe2\x88\x92", "-" },
        { "\\cdot", "*" }, { "\\times", "*" }, { "\xc2\xb7", "*" },
        { "/", "/" }, { "*", "*" }
    };
    size_t k;

    for (k = 0; k < sizeof ops / sizeof *ops; k++)
        if (word(x, i, stop, ops[k].tex))
        {
            *n = strlen(ops[k].tex);
            return ops[k].op;
        }
    return NULL;
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
        if (k >= stop || x->t[k] == ')' || word(x, k, stop, "\\right)"))
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
translate(const exattn_page_clean *c, size_t from, size_t to)
{
    exattn_sbuf out;
    tr x;
    size_t k = from;

    if (to - from > MAX_FORMULA)
        return NULL;
    exattn_sbuf__init(&out);
    memset(&x, 0, sizeof x);
    x.c = c;
    x.t = c->text.s;
    x.end = to;
    x.out = &out;
    if (!expression(&x, &k, to) || spaces(&x, k, to) != to || !x.named
        || out.oom)
    {
        exattn_sbuf__clear(&out);
        return NULL;
    }
    return exattn_sbuf__take(&out);
}

/* ---- pieces of math ------------------------------------------------- */

/* Does a separator start at k (a relation, &, \\, a comma, \quad, \text,
 * an inequality)?  Its length, or 0; *relation says whether it joins the
 * pieces on its sides as equal (=, \approx, ≈). */
static size_t
separator(const exattn_page_clean *c, size_t k, size_t stop, int *relation)
{
    static const struct { const char *tex; int relation; } seps[] = {
        { "=", 1 }, { "\\approx", 1 }, { "\xe2\x89\x88", 1 },
        { "\\simeq", 1 }, { "\\sim", 0 }, { "&", 0 }, { "\\\\", 0 },
        { ",", 0 }, { ";", 0 }, { "\\quad", 0 }, { "\\qquad", 0 },
        { "\\text", 0 }, { "\\mathrm", 0 }, { "\\le", 0 },
        { "\\ge", 0 }, { "<", 0 }, { ">", 0 }, { "\\in", 0 },
        { "\\to", 0 }, { ":", 0 }
    };
    size_t j, n;

    for (j = 0; j < sizeof seps / sizeof *seps; j++)
    {
        n = strlen(seps[j].tex);
        if (k + n <= stop && strncmp(c->text.s + k, seps[j].tex, n) == 0)
        {
            *relation = seps[j].relation;
            return n;
        }
    }
    return 0;
}

typedef struct
{
    exattn_page_formula *items;
    size_t count, cap;
    int oom;
} list;

static void
push(list *l, const exattn_page_clean *c, size_t from, size_t to,
     char *expr, size_t subject_from, size_t subject_to)
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

/* The pieces of one math run [a, b): every named formula, with the piece
 * before it as its subject when a relation joins them. */
static void
run(list *l, const exattn_page_clean *c, size_t a, size_t b)
{
    size_t k = a, piece = a, before_from = 0, before_to = 0, n = 0;
    int depth = 0, relation = 0, joined = 0;
    char *expr;

    for (;; k++)
    {
        if (k < b && c->text.s[k] == '\\' && k + 1 < b
            && strchr("{}", c->text.s[k + 1]))
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
        if ((expr = translate(c, piece, k)) != NULL)
            push(l, c, piece, k, expr, joined ? before_from : 0,
                 joined ? before_to : 0);
        if (k >= b || l->oom)
            return;
        joined = relation;
        before_from = piece;
        before_to = k;
        piece = k + n;
        k += n - 1;
    }
}

int
exattn_page__formulas(exattn_page_formula **out, size_t *count,
                      const exattn_page_clean *c)
{
    list l = { NULL, 0, 0, 0 };
    size_t k = 0, a;

    while (k < c->text.len && !l.oom)
    {
        if (!c->math[k] || (c->where[k] & EXATTN_PAGE_IN_CODE))
        {
            k++;
            continue;
        }
        for (a = k; k < c->text.len && c->math[k]; k++)
            ;
        run(&l, c, a, k);
    }
    *out = l.items;
    *count = l.count;
    return !l.oom;
}
