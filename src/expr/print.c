/* Expressions in named form: text with the fewest parentheses, and
 * LaTeX. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "expr/print.h"

static char *exattn_expr__print_tree(const exattn_xnode *n, unsigned flags,
                                     int labels, size_t limit);

typedef exattn_pctx pctx;


static void
put(pctx *b, const char *s)
{
    if (b->over)
        return;
    exattn_sbuf__puts(&b->out, s);
    b->over = b->limit != 0 && b->out.len > b->limit;
}

static void
putn(pctx *b, const char *s, size_t n)
{
    if (b->over)
        return;
    exattn_sbuf__putn(&b->out, s, n);
    b->over = b->limit != 0 && b->out.len > b->limit;
}

/* Is x c·√s in disguise -- r/√d, r·√d, √d·r, √d/r or √d of exact r
 * and d > 0, or the negation of one?  Then *c and *s its canonical form
 * (s square-free). */
static int
as_surd(mpq_t c, unsigned long *s, const exattn_xnode *x)
{
    const exattn_xnode *root, *r = NULL;
    int divide_by_root = 0, divide_by_r = 0;

    if (x->op == EXATTN_X_NEG)
    {
        if (!as_surd(c, s, x->a))
            return 0;
        mpq_neg(c, c);
        return 1;
    }
    if (x->op == EXATTN_X_SQRT)
        root = x;
    else if ((x->op == EXATTN_X_MUL || x->op == EXATTN_X_DIV)
             && x->b->op == EXATTN_X_SQRT && x->a->exact)
    {
        root = x->b;
        r = x->a;
        divide_by_root = x->op == EXATTN_X_DIV;
    }
    else if ((x->op == EXATTN_X_MUL || x->op == EXATTN_X_DIV)
             && x->a->op == EXATTN_X_SQRT && x->b->exact
             && !(x->op == EXATTN_X_DIV && mpq_sgn(x->b->value) == 0))
    {
        root = x->a;
        r = x->b;
        divide_by_r = x->op == EXATTN_X_DIV;
    }
    else
        return 0;
    if (!root->a->exact || mpq_sgn(root->a->value) <= 0
        || exattn_num__inv_sqrt(c, s, root->a->value) != EXATTN_OK)
        return 0;
    /* 1/√d = c√s, so √d = d·c√s */
    if (!divide_by_root)
        mpq_mul(c, c, root->a->value);
    if (r != NULL && divide_by_r)
        mpq_div(c, c, r->value);
    else if (r != NULL)
        mpq_mul(c, c, r->value);
    return 1;
}

/* With EXATTN_SIMPLIFIED, an exponent that is c·√s in disguise (a
 * block's scaled score r/√d, built as the lesson writes it; a claim's
 * 1/2·√2) is printed in the canonical form of a row's exponents, on one
 * line: e^{√2/2}, not e^{1/√2} or e^{1/2·√2}.  Then it was printed. */
static int
simplified_exponent(pctx *b, const exattn_xnode *x, int tex)
{
    exattn_sbuf t;
    unsigned long s;
    mpq_t c;
    int ok;

    if (!b->simplified || (b->labels && x != b->root && x->label != NULL))
        return 0;
    mpq_init(c);
    ok = as_surd(c, &s, x);
    if (ok)
    {
        exattn_sbuf__init(&t);
        exattn_num__put_surd(&t, c, s, tex);
        ok = !t.oom;
        if (ok)
            putn(b, t.s, t.len);
        else
            b->over = 1;
        exattn_sbuf__clear(&t);
    }
    mpq_clear(c);
    return ok;
}

/* With EXATTN_SIMPLIFIED, r/√d of exact r and a whole d (a scaled score
 * 2/√4, 1/√2) is written c√s wherever it stands, as a head row writes
 * it: √2/2.  Not a fraction under the root: 1/√(100001/100000) keeps the
 * lesson's 1 + ε.  Then it was printed. */
static int
whole_surd(pctx *b, const exattn_xnode *x, int tex)
{
    mpq_t c, num;
    unsigned long s;
    int ok;

    if (!(x->b->op == EXATTN_X_SQRT && x->b->a->exact
          && mpz_cmp_ui(mpq_denref(x->b->a->value), 1) == 0))
        return 0;
    if (!tex)
        return simplified_exponent(b, x, tex);
    /* in a LaTeX display: \frac{\sqrt{2}}{2}, as a head row writes it */
    if (!b->simplified || !x->a->exact || mpq_sgn(x->b->a->value) <= 0)
        return 0;
    mpq_inits(c, num, (mpq_ptr)0);
    ok = exattn_num__inv_sqrt(c, &s, x->b->a->value) == EXATTN_OK;
    if (ok)
    {
        exattn_sbuf t;

        mpq_mul(c, c, x->a->value);
        mpz_set(mpq_numref(num), mpq_numref(c));    /* c's numerator */
        exattn_sbuf__init(&t);
        if (mpz_cmp_ui(mpq_denref(c), 1) != 0)
        {
            if (mpq_sgn(c) < 0)
                exattn_sbuf__puts(&t, "-");
            mpq_abs(num, num);
            exattn_sbuf__puts(&t, "\\frac{");
            exattn_num__put_surd(&t, num, s, 1);
            exattn_sbuf__puts(&t, "}{");
            exattn_sbuf__mpz(&t, mpq_denref(c));
            exattn_sbuf__puts(&t, "}");
        }
        else
            exattn_num__put_surd(&t, c, s, 1);
        ok = !t.oom;
        if (ok)
            putn(b, t.s, t.len);
        exattn_sbuf__clear(&t);
    }
    mpq_clears(c, num, (mpq_ptr)0);
    return ok;
}

/* Print n's label instead of n?  Then it was printed. */
static int
as_label(pctx *b, const exattn_xnode *n, int tex)
{
    if (!b->labels || n == b->root || n->label == NULL)
        return 0;
    put(b, tex ? n->label_tex : n->label);
    return 1;
}

/* Binding strength: larger binds tighter. */
enum { LEVEL_SUM = 1, LEVEL_PRODUCT = 2, LEVEL_UNARY = 3, LEVEL_POWER = 4,
       LEVEL_ATOM = 5 };

/* x·(-1), a value times a literal -1 (a head's output with a value -1,
 * say): printed -x, as a reader writes it, not x·-1. */
static int
times_minus_one(const exattn_xnode *n)
{
    const exattn_xnode *m;

    if (n->op != EXATTN_X_MUL)
        return 0;
    m = n->b->op == EXATTN_X_NEG ? n->b->a : n->b;  /* -1, or -(1) */
    return m->op == EXATTN_X_NUM
           && mpq_cmp_si(m->value, m == n->b ? -1 : 1, 1) == 0;
}

static int
level(const pctx *b, const exattn_xnode *n)
{
    if (b->labels && n != b->root && n->label != NULL)
        return LEVEL_ATOM;      /* printed as its label */
    switch (n->op)
    {
    case EXATTN_X_NUM:          /* a literal; a negative one as -x */
        return n->literal[0] == '-' ? LEVEL_UNARY : LEVEL_ATOM;
    case EXATTN_X_ADD:
    case EXATTN_X_SUB: return LEVEL_SUM;
    case EXATTN_X_MUL:
        return times_minus_one(n) ? LEVEL_UNARY : LEVEL_PRODUCT;
    case EXATTN_X_DIV: return LEVEL_PRODUCT;
    case EXATTN_X_NEG: return LEVEL_UNARY;
    case EXATTN_X_POW: return LEVEL_POWER;
    default: return LEVEL_ATOM;
    }
}

static void text(pctx *b, const exattn_xnode *n);
static void latex(pctx *b, const exattn_xnode *n);

static void
text_wrapped(pctx *b, const exattn_xnode *n, int wrap)
{
    if (wrap)
        put(b, "(");
    text(b, n);
    if (wrap)
        put(b, ")");
}

/* After the sign at `at` ("+" or "-") and a term that printed with a
 * leading minus ("-1", "-1/2", "-(1+√3)"): a plus goes and two minuses
 * become a plus, so a sum reads y-1 and a difference y+1, not y+-1 or
 * y--1. */
static void
merge_signs(pctx *b, size_t at)
{
    exattn_sbuf *o = &b->out;

    if (b->over || o->s == NULL || at + 1 >= o->len || o->s[at + 1] != '-'
        || (o->s[at] != '+' && o->s[at] != '-'))
        return;
    if (o->s[at] == '-')
        o->s[at + 1] = '+';
    memmove(o->s + at, o->s + at + 1, o->len - at);
    o->len--;
}

static void
text_binary(pctx *b, const exattn_xnode *n, const char *sym)
{
    int lv = level(b, n);
    /* a - (b + c) and a / (b · c) keep their parentheses */
    int tight = n->op == EXATTN_X_SUB || n->op == EXATTN_X_DIV;
    size_t plus;

    /* (1/3)/√x rather than 1/3/√x: a quotient divided again is wrapped */
    text_wrapped(b, n->a, level(b, n->a) < lv
                          || (n->op == EXATTN_X_DIV
                              && level(b, n->a) == lv
                              && n->a->op == EXATTN_X_DIV));
    plus = b->out.len;
    put(b, sym);
    /* x·(-y), x/(-3): a sign after a product's sign is bracketed */
    text_wrapped(b, n->b,
                 level(b, n->b) < lv || (tight && level(b, n->b) == lv)
                 || (lv == LEVEL_PRODUCT && level(b, n->b) == LEVEL_UNARY));
    if (n->op == EXATTN_X_ADD || n->op == EXATTN_X_SUB)
        merge_signs(b, plus);
}

static void
text_power(pctx *b, const exattn_xnode *n)
{
    const exattn_xnode *x = n->b;
    int plain = x->op == EXATTN_X_NUM
                && mpz_cmp_ui(mpq_denref(x->value), 1) == 0;

    text_wrapped(b, n->a, level(b, n->a) <= LEVEL_POWER);
    put(b, plain ? "^" : "^{");
    if (!simplified_exponent(b, x, 0))
        text(b, x);
    if (!plain)
        put(b, "}");
}

static void
text_function(pctx *b, const char *name, const exattn_xnode *arg)
{
    put(b, name);
    text_wrapped(b, arg, 1);
}

static void
text(pctx *b, const exattn_xnode *n)
{
    if (b->over || as_label(b, n, 0))
        return;
    switch (n->op)
    {
    case EXATTN_X_SYM: put(b, n->literal); break;
    case EXATTN_X_RELU:
        put(b, "max(0, ");
        text(b, n->a);
        put(b, ")");
        break;
    case EXATTN_X_NUM: put(b, n->literal); break;
    case EXATTN_X_E: put(b, "e"); break;
    case EXATTN_X_ADD: text_binary(b, n, "+"); break;
    case EXATTN_X_SUB: text_binary(b, n, "-"); break;
    case EXATTN_X_MUL:
        if (!times_minus_one(n))
        {
            text_binary(b, n, "·");
            break;
        }
        put(b, "-");
        text_wrapped(b, n->a, level(b, n->a) < LEVEL_PRODUCT
                              || level(b, n->a) == LEVEL_UNARY);
        break;
    case EXATTN_X_DIV:
        if (!whole_surd(b, n, 0))
            text_binary(b, n, "/");
        break;
    case EXATTN_X_POW: text_power(b, n); break;
    case EXATTN_X_NEG:         /* -a/b, -a·b; -(a+b), -(-a) */
        put(b, "-");
        text_wrapped(b, n->a, level(b, n->a) < LEVEL_PRODUCT
                              || level(b, n->a) == LEVEL_UNARY);
        break;
    case EXATTN_X_SQRT:
        put(b, "√");
        text_wrapped(b, n->a, level(b, n->a) < LEVEL_ATOM);
        break;
    case EXATTN_X_EXP: text_function(b, "exp", n->a); break;
    case EXATTN_X_SIN: text_function(b, "sin", n->a); break;
    case EXATTN_X_COS: text_function(b, "cos", n->a); break;
    case EXATTN_X_LN: text_function(b, "ln", n->a); break;
    }
}

static void
latex_wrapped(pctx *b, const exattn_xnode *n, int wrap)
{
    if (wrap)
        put(b, "\\left(");
    latex(b, n);
    if (wrap)
        put(b, "\\right)");
}

static void
latex_function(pctx *b, const char *name, const exattn_xnode *arg)
{
    put(b, name);
    latex_wrapped(b, arg, 1);
}

/* "2.5e-3" as 2.5\times 10^{-3}; other literals as written. */
static void
latex_literal(pctx *b, const char *lit)
{
    const char *x = strpbrk(lit, "eE");

    if (x == NULL)
    {
        put(b, lit);
        return;
    }
    putn(b, lit, (size_t)(x - lit));
    put(b, "\\times 10^{");
    put(b, x[1] == '+' ? x + 2 : x + 1);
    put(b, "}");
}

/* \frac{a}{b}; -\frac{1}{\sqrt{8}} for a negative numerator, as a
 * textbook writes it, not \frac{-1}{...} */
static void
latex_fraction(pctx *b, const exattn_xnode *n)
{
    if (n->a->op == EXATTN_X_NUM && n->a->literal[0] == '-'
        && !(b->labels && n->a->label != NULL))
    {
        put(b, "-\\frac{");
        latex_literal(b, n->a->literal + 1);
    }
    else if (n->a->op == EXATTN_X_NEG && !(b->labels && n->a->label != NULL))
    {
        put(b, "-\\frac{");
        latex(b, n->a->a);
    }
    else
    {
        put(b, "\\frac{");
        latex(b, n->a);
    }
    put(b, "}{");
    latex(b, n->b);
    put(b, "}");
}

/* a^{b}: e and plain numbers bare, anything else braced (and in
 * parentheses unless a root) */
static void
latex_power(pctx *b, const exattn_xnode *n)
{
    if (n->a->op == EXATTN_X_E
        || (n->a->op == EXATTN_X_NUM && !strpbrk(n->a->literal, "eE")))
        latex(b, n->a);
    else
    {
        put(b, "{");
        latex_wrapped(b, n->a, n->a->op != EXATTN_X_SQRT);
        put(b, "}");
    }
    put(b, "^{");
    if (!simplified_exponent(b, n->b, 1))
        latex(b, n->b);
    put(b, "}");
}

/* Is x printed as its label here (a quantity with indices, s_{1,2})?
 * e to such a power is written exp(s_{1,2}): a label's scripts inside an
 * exponent are too small to read. */
static int
labelled(const pctx *b, const exattn_xnode *x)
{
    return b->labels && x != b->root && x->label != NULL;
}

/* exp(s_{1,2}): a label needs no grown parentheses */
static void
latex_exp_of_label(pctx *b, const exattn_xnode *x)
{
    put(b, "\\exp(");
    put(b, x->label_tex);
    put(b, ")");
}

static void
latex(pctx *b, const exattn_xnode *n)
{
    int lv = level(b, n);
    size_t plus;

    if (b->over || as_label(b, n, 1))
        return;
    switch (n->op)
    {
    case EXATTN_X_SYM: put(b, n->label_tex ? n->label_tex : n->literal);
        break;
    case EXATTN_X_RELU:
        put(b, "\\max\\left(0, ");
        latex(b, n->a);
        put(b, "\\right)");
        break;
    case EXATTN_X_NUM: latex_literal(b, n->literal); break;
    case EXATTN_X_E: put(b, "e"); break;
    case EXATTN_X_ADD:
    case EXATTN_X_SUB:
        latex(b, n->a);
        plus = b->out.len;
        put(b, n->op == EXATTN_X_ADD ? "+" : "-");
        latex_wrapped(b, n->b, level(b, n->b) < lv
                               || (n->op == EXATTN_X_SUB
                                   && level(b, n->b) == lv));
        merge_signs(b, plus);
        break;
    case EXATTN_X_MUL:
        if (times_minus_one(n))
        {
            put(b, "-");
            latex_wrapped(b, n->a, level(b, n->a) < LEVEL_PRODUCT
                                   || level(b, n->a) == LEVEL_UNARY);
            break;
        }
        latex_wrapped(b, n->a, level(b, n->a) < lv);
        put(b, "\\cdot ");
        latex_wrapped(b, n->b, level(b, n->b) <= LEVEL_UNARY);
        break;
    case EXATTN_X_DIV:
        if (!whole_surd(b, n, 1))
            latex_fraction(b, n);
        break;
    case EXATTN_X_POW:
        if (n->a->op == EXATTN_X_E && labelled(b, n->b))
            latex_exp_of_label(b, n->b);
        else
            latex_power(b, n);
        break;
    case EXATTN_X_NEG:
        put(b, "-");
        latex_wrapped(b, n->a, level(b, n->a) < LEVEL_PRODUCT
                               || level(b, n->a) == LEVEL_UNARY);
        break;
    case EXATTN_X_SQRT:
        put(b, "\\sqrt{");
        latex(b, n->a);
        put(b, "}");
        break;
    case EXATTN_X_EXP:
        if (labelled(b, n->a))
            latex_exp_of_label(b, n->a);
        else
        {
            put(b, "e^{");
            latex(b, n->a);
            put(b, "}");
        }
        break;
    case EXATTN_X_SIN: latex_function(b, "\\sin", n->a); break;
    case EXATTN_X_COS: latex_function(b, "\\cos", n->a); break;
    case EXATTN_X_LN: latex_function(b, "\\ln", n->a); break;
    }
}

/* ---- what the polynomial form's printer borrows ---------------------- */

void
exattn_pctx__put(pctx *b, const char *s)
{
    put(b, s);
}

char *
exattn_pctx__take(pctx *s)
{
    if (s->over)
    {
        exattn_sbuf__clear(&s->out);
        return NULL;
    }
    return exattn_sbuf__take(&s->out);
}

char *
exattn_pctx__atom(const pctx *b, const exattn_xnode *a, long e, int tex)
{
    pctx s;
    char pw[32];

    exattn_pctx__sub_init(&s, b);
    if (tex)
        latex_wrapped(&s, a, level(&s, a) < LEVEL_ATOM);
    else
        text_wrapped(&s, a, level(&s, a) <= LEVEL_UNARY
                            || (e != 1 && e != -1
                                && level(&s, a) < LEVEL_ATOM));
    if (e != 1 && e != -1)
    {
        snprintf(pw, sizeof pw, tex ? "^{%ld}" : "^%ld", e < 0 ? -e : e);
        put(&s, pw);
    }
    return exattn_pctx__take(&s);
}

/* The radicands of square roots of exact numbers under n (a bounded
 * walk of the DAG), the ways its author's roots can be kept. */
static void
collect_hints(pctx *b, const exattn_xnode *n, size_t *budget)
{
    size_t i;

    if (*budget == 0 || n->exact)
        return;
    (*budget)--;
    if (n->op == EXATTN_X_SQRT && n->a->exact && mpq_sgn(n->a->value) > 0)
    {
        for (i = 0; i < b->hint_count; i++)
            if (mpq_equal(b->hint[i], n->a->value))
                return;
        if (b->hint_count < EXATTN_PRINT_HINTS)
            mpq_set(b->hint[b->hint_count++], n->a->value);
        return;
    }
    if (n->a != NULL)
        collect_hints(b, n->a, budget);
    if (n->b != NULL)
        collect_hints(b, n->b, budget);
}

/* The shorter of a node's tree and its polynomial form, both expanded. */
static char *
shorter(const exattn_xnode *n, unsigned flags, size_t limit, char *tree)
{
    pctx b;
    mpq_t hint[EXATTN_PRINT_HINTS];
    size_t i, budget = 256;

    exattn_sbuf__init(&b.out);
    b.labels = 0;
    b.root = n;
    b.limit = tree ? strlen(tree) : limit;
    b.over = 0;
    for (i = 0; i < EXATTN_PRINT_HINTS; i++)
        mpq_init(hint[i]);
    b.hint = hint;
    b.hint_count = 0;
    b.simplified = (flags & EXATTN_SIMPLIFIED) != 0;
    collect_hints(&b, n, &budget);
    exattn_pctx__poly(&b, exattn_lform__polynomial(n->lin),
                      (flags & EXATTN_LATEX) != 0);
    for (i = 0; i < EXATTN_PRINT_HINTS; i++)
        mpq_clear(hint[i]);
    if (b.over || b.out.oom)
    {
        exattn_sbuf__clear(&b.out);
        return tree;
    }
    if (tree != NULL && b.out.len >= strlen(tree))
    {
        exattn_sbuf__clear(&b.out);
        return tree;
    }
    free(tree);
    return exattn_sbuf__take(&b.out);
}

char *
exattn_expr__print(const exattn_xnode *n, unsigned flags, int labels,
                   size_t limit)
{
    char *tree = exattn_expr__print_tree(n, flags, labels, limit);

    /* the form is printed only when it reads as coefficients times
     * atoms: radicals and exponentials read better as written */
    /* built nodes (a block's states) print by their form when it is
     * shorter; parsed expressions as their author wrote them */
    if (labels || !n->memoize || n->lin == NULL
        || exattn_lform__polynomial(n->lin) == NULL)
        return tree;
    return shorter(n, flags, limit, tree);
}

/* The same, always as the tree was built (no polynomial form). */
static char *
exattn_expr__print_tree(const exattn_xnode *n, unsigned flags, int labels,
                        size_t limit)
{
    pctx b;

    exattn_sbuf__init(&b.out);
    b.labels = labels;
    b.root = n;
    b.limit = limit;
    b.over = 0;
    b.hint = NULL;
    b.hint_count = 0;
    b.simplified = (flags & EXATTN_SIMPLIFIED) != 0;
    if (flags & EXATTN_LATEX)
        latex(&b, n);
    else
        text(&b, n);
    if (b.over)
    {
        exattn_sbuf__clear(&b.out);
        return NULL;
    }
    return exattn_sbuf__take(&b.out);
}

/* Named forms longer than this print with the labels of the quantities
 * they are built from (block quantities; parsed expressions have none). */
#define EXATTN_EXPR_INLINE 72

char *
exattn_expr_get_str(const exattn_expr *e, unsigned flags)
{
    char *s = exattn_expr__print(e->root, flags, 0, EXATTN_EXPR_INLINE);

    return s ? s : exattn_expr__print(e->root, flags, 1, 0);
}
