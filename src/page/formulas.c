/* The named formulas a page prints: closed forms in math such as
 * \frac{e^{1}}{e^{1}+e^{1}+e^{2}}, \frac{1}{1+e}, e^{\sqrt{2}/2} or
 * 2\sqrt{2}, read into exattn's expression syntax so that the audit can
 * compare them with the lesson's quantities by exact identity
 * (docs/cli.md, "Named formulas").  A math run is cut at its relations
 * (=, \approx, ≈) and separators (&, \\, commas, \quad, \text); a piece
 * is a named formula when it translates whole -- numbers, e, e^{..},
 * \exp, \sqrt, \frac, + - \cdot \times /, parentheses and braces -- and
 * names something (an exponential, a root, \sin, \cos, \ln).  A symbol
 * the page defined above in closed form ("Z_{1} = e^{1}+e^{2}", kept in
 * symbols.c) is read as its definition, so \frac{e^{1}}{Z_{1}} is a
 * named formula too; a symbol the page never defined is kept for the
 * audit to read as the lesson's (an indexed one, w_{2,1}; \varepsilon),
 * and a sum over an index with a range (\sum_{k=1}^{3}, \sum_{k \in
 * A_9}) is kept with its body for the audit to write out; any other
 * such piece is not read.  The translator is tex_expr.c, the symbols it
 * reads tex_symbols.c. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "page/tex_expr.h"

/* ---- pieces of math ------------------------------------------------- */

/* Does a separator start at k (a relation, &, \\, a comma, \quad, \text,
 * an inequality)?  Its length, or 0; *relation says whether it joins the
 * pieces on its sides as equal (2 for =, 1 for \approx, ≈). */
static size_t
separator(const exattn_page_clean *c, size_t k, size_t stop, int *relation)
{
    static const struct { const char *tex; int relation; } seps[] = {
        { "=", 2 }, { "\\approx", 1 }, { "\xe2\x89\x88", 1 },
        { "\\simeq", 1 }, { "\\sim", 0 }, { "&", 0 }, { "\\\\", 0 },
        { ",", 0 }, { ";", 0 }, { "\\quad", 0 }, { "\\qquad", 0 },
        { "\\text", 0 }, { "\\le", 0 },
        { "\\ge", 0 }, { "<", 0 }, { ">", 0 }, { "\\in", 0 },
        { "\\to", 0 }, { ":", 0 }
    };
    size_t j, n;
    const char *close;

    /* most bytes of a formula start no separator: told at once (it is
     * asked at every byte) */
    if (strchr("=\\\xe2&,;<>:.", c->text.s[k]) == NULL
        || c->text.s[k] == '\0')
        return 0;
    /* \begin{aligned}, \end{aligned}: an environment's edges; a matrix
     * is a factor, kept in its piece (which then names no closed form) */
    if ((strncmp(c->text.s + k, "\\begin{", 7) == 0
         || strncmp(c->text.s + k, "\\end{", 5) == 0)
        && (close = memchr(c->text.s + k, '}', stop - k)) != NULL
        && !((size_t)(close - (c->text.s + k)) >= 6
             && strncmp(close - 6, "matrix", 6) == 0))
    {
        *relation = 0;
        return (size_t)(close - (c->text.s + k)) + 1;
    }
    /* a sentence's full stop in a display: a period after a space or
     * before one ("\frac{..}{..} .") */
    if (c->text.s[k] == '.' && (k + 1 >= stop
                                || isspace((unsigned char)c->text.s[k + 1]))
        && !(k > 0 && isdigit((unsigned char)c->text.s[k - 1])))
    {
        *relation = 0;
        return 1;
    }
    for (j = 0; j < sizeof seps / sizeof *seps; j++)
    {
        if (c->text.s[k] != seps[j].tex[0])
            continue;
        n = strlen(seps[j].tex);
        /* a command whole: \le is no part of \left */
        if (k + n <= stop && strncmp(c->text.s + k, seps[j].tex, n) == 0
            && !(isalpha((unsigned char)seps[j].tex[n - 1]) && k + n < stop
                 && isalpha((unsigned char)c->text.s[k + n])))
        {
            *relation = seps[j].relation;
            return n;
        }
    }
    return 0;
}

void
exattn_page__formula_push(exattn_page_formula_list *l,
                          const exattn_page_clean *c, size_t from, size_t to,
                          char *expr, size_t subject_from, size_t subject_to,
                          int prose)
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
    f->prose = prose;
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

/* Is [from, to) only spaces? */
static int
blank(const exattn_page_clean *c, size_t from, size_t to)
{
    while (from < to && isspace((unsigned char)c->text.s[from]))
        from++;
    return from == to;
}

/* The subject [from, to) read through the page's generic definition of
 * its letter (s_{1,1} as \exp(q_1 \cdot k_1/\sqrt{d_k})), or NULL. */
static char *
subject_form(const exattn_page_clean *c, size_t from, size_t to,
             const exattn_page_symbols *syms)
{
    int named, symbols, generic = 0;
    char *form;

    if (!exattn_page__lone_symbol(c, from, to)
        || (form = exattn_page__tex_translate(c, from, to, syms, &named,
                                              &symbols, &generic)) == NULL)
        return NULL;
    if (!generic)
    {
        free(form);
        return NULL;
    }
    return form;
}

/* The piece [from, to) -- a number, no formula -- as the value of a
 * symbol read through a generic definition (`form`, taken; NULL: none):
 * kept with the list's values. */
static void
value_of_generic(exattn_page_formula_list *l, const exattn_page_clean *c,
                 size_t from, size_t to, char *form)
{
    exattn_page_formula *v;

    if (form == NULL)
        return;
    while (from < to && isspace((unsigned char)c->text.s[from]))
        from++;
    while (to > from && isspace((unsigned char)c->text.s[to - 1]))
        to--;
    if (l->value_count == l->value_cap)
    {
        size_t cap = l->value_cap ? 2 * l->value_cap : 8;

        if ((v = realloc(l->values, cap * sizeof *v)) == NULL)
        {
            free(form);
            l->oom = 1;
            return;
        }
        l->values = v;
        l->value_cap = cap;
    }
    v = &l->values[l->value_count++];
    memset(v, 0, sizeof *v);
    v->from = from;
    v->to = to;
    v->subject_form = form;
}

/* A generic definition (s_{ij} = q_i^\top k_j): kept for the symbols of
 * its letter after it; 1 when [from, to) was one. */
static int
generic_definition(exattn_page_formula_list *l, exattn_page_symbols *syms,
                   const exattn_page_clean *c, size_t from, size_t to,
                   const size_t subject[2])
{
    exattn_page_generic g;

    if (!exattn_page__generic_subject(&g, c->text.s + subject[0],
                                      subject[1] - subject[0])
        || !exattn_page__generic_uses(&g, c->text.s + from, to - from))
        return 0;
    if (to - from > MAX_FORMULA)
        return 1;               /* a definition no formula could hold */
    if (!exattn_page__symbols_generic(syms, &g, c->text.s + from, to - from))
        l->oom = 1;
    return 1;
}

/* One piece [from, to) read: a definition when "=" joins it to a lone
 * symbol before it (Z_{1} = e^{1}+e^{2}), or a generic one (s_{ij} =
 * ..); a named formula of the page when it names something -- unless it
 * is written in the page's symbols and is a left side (\sqrt{d_k} = ..)
 * or one symbol that nothing is set equal to (o_{1} = w_{1,2} is read).
 * A subject whose letter the page defined generically is kept in that
 * reading too, for the audit to hold the formula to. */
static void
piece_read(exattn_page_formula_list *l, exattn_page_symbols *syms,
           const exattn_page_clean *c, size_t from, size_t to,
           const size_t subject[2],
           const size_t chain[2], int joined, int left_side)
{
    /* what it is said to be: the symbol before its relation, else the
     * chain's first side ("o_{1,2} = 2\alpha_{11} + \alpha_{13} =
     * \dfrac{..}{..}") when that is a symbol */
    const size_t *named_by = !exattn_page__lone_symbol(c, subject[0],
                                                       subject[1])
                             && chain[1] > chain[0]
                             && exattn_page__lone_symbol(c, chain[0], chain[1])
                             ? chain : subject;
    int named = 0, symbols = 0, generic = 0;
    char *expr;

    to = exattn_page__before_numbering(c, from, to);
    if (joined == 2 && subject[1] > subject[0]
        && generic_definition(l, syms, c, from, to, subject))
        return;
    if ((expr = exattn_page__tex_translate(c, from, to, syms, &named,
                                           &symbols, &generic)) == NULL)
    {
        if (joined)
            value_of_generic(l, c, from, to,
                             subject_form(c, named_by[0], named_by[1], syms));
        return;
    }
    if (joined == 2 && exattn_page__lone_symbol(c, subject[0], subject[1])
        && !exattn_page__symbols_define(syms, c->text.s + subject[0],
                                        subject[1] - subject[0], expr,
                                        named))
        l->oom = 1;
    /* a left side that is also a right side (a = F \approx 0.1: the
     * middle of a chain) is read */
    if (named
        && !(symbols
             && ((left_side && !joined)
                 || (!joined && exattn_page__lone_symbol(c, from, to)))))
    {
        exattn_page__formula_push(l, c, from, to, expr,
                                  joined ? named_by[0] : 0,
                                  joined ? named_by[1] : 0, 0);
        if (joined && !l->oom)
            l->items[l->count - 1].subject_form
                = subject_form(c, named_by[0], named_by[1], syms);
    }
    else
    {
        free(expr);
        /* a plain number ("A_{11} = 1") */
        if (joined && !named)
            value_of_generic(l, c, from, to,
                             subject_form(c, named_by[0], named_by[1], syms));
    }
}

/* The relation (as separator() says) that follows at k past spaces --
 * the "=" of an aligned "&=" -- or 0. */
static int
relation_after(const exattn_page_clean *c, size_t k, size_t b)
{
    int relation = 0;

    while (k < b && (c->text.s[k] == ' ' || c->text.s[k] == '\t'))
        k++;
    return k < b && separator(c, k, b, &relation) ? relation : 0;
}

/* Is the separator at k an inequality ("<", ">", "\\le", "\\ge")? */
static int
inequality_at(const exattn_page_clean *c, size_t k)
{
    return c->text.s[k] == '<' || c->text.s[k] == '>'
           || strncmp(c->text.s + k, "\\le", 3) == 0
           || strncmp(c->text.s + k, "\\ge", 3) == 0;
}

/* k past spaces and TeX's spacing commands ("\ ", "\,", "\;"). */
static size_t
past_spacing(const exattn_page_clean *c, size_t k, size_t b)
{
    for (;;)
    {
        if (k < b && c->text.s[k] == ' ')
            k++;
        else if (k + 1 < b && c->text.s[k] == '\\'
                 && strchr(" ,;!:", c->text.s[k + 1]))
            k += 2;
        else
            return k;
    }
}

/* Does a plain number ("0", "-1", "0.5") come at k, alone up to the next
 * separator or the run's end b? */
static int
number_follows(const exattn_page_clean *c, size_t k, size_t b)
{
    size_t digits = 0;
    int relation;

    k = past_spacing(c, k, b);
    if (k < b && c->text.s[k] == '-')
        k++;
    for (; k < b && (isdigit((unsigned char)c->text.s[k])
                     || (c->text.s[k] == '.' && digits > 0)); k++)
        digits += isdigit((unsigned char)c->text.s[k]) != 0;
    k = past_spacing(c, k, b);
    return digits > 0 && (k >= b || separator(c, k, b, &relation) > 0);
}

/* The pieces of one math run [a, b): every named formula, with the piece
 * before it as its subject when a relation joins them; the definitions
 * on the way. */
static void
run(exattn_page_formula_list *l, exattn_page_symbols *syms,
    const exattn_page_clean *c, size_t a, size_t b)
{
    size_t k = a, piece = a, subject[2] = { 0, 0 }, chain[2] = { 0, 0 },
           n = 0;
    int depth = 0, relation = 0, joined = 0, after;

    for (;; k++)
    {
        /* \{ \}, and \, \; \! \: (spacing, no separator) */
        if (k < b && c->text.s[k] == '\\' && k + 1 < b
            && strchr("{},;!: ", c->text.s[k + 1]))
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
        /* a symbol only bounded by a number ("\varepsilon > 0") has no
         * value the page gave before it; one compared with another
         * ("s_{1,2} < s_{1,3}") keeps its */
        if (k < b && inequality_at(c, k)
            && exattn_page__lone_symbol(c, piece, k)
            && number_follows(c, k + n, b))
            exattn_page__symbols_forget(syms, c->text.s + piece, k - piece);
        after = k < b ? relation : 0;
        if (k < b && after == 0)
            after = relation_after(c, k + n, b);    /* "w_{1,2}V_2 &= .." */
        if (blank(c, piece, k))
            joined = after ? after : joined;    /* "w_{1,2} &= ..." */
        else
        {
            if (!joined)
            {
                chain[0] = piece;       /* a chain's first side */
                chain[1] = k;
            }
            piece_read(l, syms, c, piece, k, subject, chain, joined,
                       after != 0);
            joined = after;
            subject[0] = piece;
            subject[1] = k;
        }
        if (k >= b || l->oom)
            return;
        piece = k + n;
        k += n - 1;
    }
}

/* A math run wrapped whole in a style group, as MediaWiki writes its TeX
 * ("{\displaystyle w = {\frac {e}{e+2}} \approx 0.576}"): its pieces
 * are those inside the group. */
static void
unwrapped_run(exattn_page_formula_list *l, exattn_page_symbols *syms,
              const exattn_page_clean *c, size_t a, size_t b)
{
    tr x;
    size_t i, j = b, n, close;

    memset(&x, 0, sizeof x);
    x.t = c->text.s;
    for (i = a; i < b && isspace((unsigned char)x.t[i]); i++)
        ;
    while (j > i && isspace((unsigned char)x.t[j - 1]))
        j--;
    if (i < j && x.t[i] == '{'
        && (n = exattn_page__style_at(&x, i + 1, j)) != 0
        && (close = exattn_page__group_end(&x, i, j)) == j - 1)
    {
        a = i + 1 + n;
        b = close;
    }
    run(l, syms, c, a, b);
}

static int
by_from(const void *a, const void *b)
{
    const exattn_page_formula *x = a, *y = b;

    return x->from < y->from ? -1 : x->from > y->from;
}

int
exattn_page__formulas(exattn_page_formula **out, size_t *count,
                      exattn_page_formula **values, size_t *value_count,
                      const exattn_page_clean *c)
{
    exattn_page_formula_list l = { NULL, 0, 0, 0, NULL, 0, 0 };
    exattn_page_symbols *syms = exattn_page__symbols_new();
    size_t k = 0, a;

    if (syms == NULL)
        return 0;
    while (k < c->text.len && !l.oom)
    {
        if (!c->math[k] || (c->where[k] & EXATTN_PAGE_IN_CODE))
        {
            k++;
            continue;
        }
        for (a = k; k < c->text.len && c->math[k]; k++)
            ;
        unwrapped_run(&l, syms, c, a, k);
    }
    exattn_page__symbols_free(syms);
    if (!l.oom)
        exattn_page__prose_formulas(&l, c);
    /* in page order, math and prose together */
    if (l.count > 1)
        qsort(l.items, l.count, sizeof *l.items, by_from);
    *out = l.items;
    *count = l.count;
    *values = l.values;
    *value_count = l.value_count;
    return !l.oom;
}
