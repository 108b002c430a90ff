/* Expressions in named form: text with the fewest parentheses, and
 * LaTeX. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "expr/expr.h"

/* A printing: the text so far, whether labelled nodes print as their
 * labels, the root (always expanded), and a length past which it stops:
 * a node shared many times in a DAG would otherwise expand without
 * bound. */
typedef struct
{
    exattn_sbuf out;
    int labels;
    const exattn_xnode *root;
    size_t limit;
    int over;
} pctx;

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

static int
level(const pctx *b, const exattn_xnode *n)
{
    if (b->labels && n != b->root && n->label != NULL)
        return LEVEL_ATOM;      /* printed as its label */
    switch (n->op)
    {
    case EXATTN_X_NUM: return LEVEL_ATOM;   /* a literal, unsigned */
    case EXATTN_X_ADD:
    case EXATTN_X_SUB: return LEVEL_SUM;
    case EXATTN_X_MUL:
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

static void
text_binary(pctx *b, const exattn_xnode *n, const char *sym)
{
    int lv = level(b, n);
    /* a - (b + c) and a / (b · c) keep their parentheses */
    int tight = n->op == EXATTN_X_SUB || n->op == EXATTN_X_DIV;

    /* (1/3)/√x rather than 1/3/√x: a quotient divided again is wrapped */
    text_wrapped(b, n->a, level(b, n->a) < lv
                          || (n->op == EXATTN_X_DIV
                              && level(b, n->a) == lv
                              && n->a->op == EXATTN_X_DIV));
    put(b, sym);
    text_wrapped(b, n->b,
                 level(b, n->b) < lv || (tight && level(b, n->b) == lv));
}

static void
text_power(pctx *b, const exattn_xnode *n)
{
    const exattn_xnode *x = n->b;
    int plain = x->op == EXATTN_X_NUM
                && mpz_cmp_ui(mpq_denref(x->value), 1) == 0;

    text_wrapped(b, n->a, level(b, n->a) <= LEVEL_POWER);
    put(b, plain ? "^" : "^{");
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
    case EXATTN_X_MUL: text_binary(b, n, "·"); break;
    case EXATTN_X_DIV: text_binary(b, n, "/"); break;
    case EXATTN_X_POW: text_power(b, n); break;
    case EXATTN_X_NEG:
        put(b, "-");
        text_wrapped(b, n->a, level(b, n->a) < LEVEL_POWER);
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

static void
latex(pctx *b, const exattn_xnode *n)
{
    int lv = level(b, n);

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
        put(b, n->op == EXATTN_X_ADD ? "+" : "-");
        latex_wrapped(b, n->b, level(b, n->b) < lv
                               || (n->op == EXATTN_X_SUB
                                   && level(b, n->b) == lv));
        break;
    case EXATTN_X_MUL:
        latex_wrapped(b, n->a, level(b, n->a) < lv);
        put(b, "\\cdot ");
        latex_wrapped(b, n->b, level(b, n->b) <= LEVEL_UNARY);
        break;
    case EXATTN_X_DIV:
        put(b, "\\frac{");
        latex(b, n->a);
        put(b, "}{");
        latex(b, n->b);
        put(b, "}");
        break;
    case EXATTN_X_POW:
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
        latex(b, n->b);
        put(b, "}");
        break;
    case EXATTN_X_NEG:
        put(b, "-");
        latex_wrapped(b, n->a, level(b, n->a) < LEVEL_PRODUCT);
        break;
    case EXATTN_X_SQRT:
        put(b, "\\sqrt{");
        latex(b, n->a);
        put(b, "}");
        break;
    case EXATTN_X_EXP:
        put(b, "e^{");
        latex(b, n->a);
        put(b, "}");
        break;
    case EXATTN_X_SIN: latex_function(b, "\\sin", n->a); break;
    case EXATTN_X_COS: latex_function(b, "\\cos", n->a); break;
    case EXATTN_X_LN: latex_function(b, "\\ln", n->a); break;
    }
}

/* One side of a term of a polynomial form: the integer coefficient
 * (when it is not 1, or when nothing else is there) and the factors whose
 * exponents have the sign `sign`.  Returns how many items it printed. */
static size_t
poly_side(pctx *b, const exattn_lform *p, size_t k, mpz_srcptr c, int sign,
          int tex, int dry)
{
    size_t i, items = 0, count = exattn_lform__factors(p, k);
    long e;
    const exattn_xnode *a;
    char *digits;

    if (mpz_cmp_ui(c, 1) != 0)
    {
        items++;
        if (!dry && (digits = mpz_get_str(NULL, 10, c)) != NULL)
        {
            put(b, digits);
            free(digits);
        }
    }
    for (i = 0; i < count; i++)
    {
        a = exattn_lform__factor(p, k, i, &e);
        if ((e > 0) != (sign > 0))
            continue;
        if (!dry)
        {
            put(b, items ? (tex ? "\\cdot " : "·") : "");
            if (tex)
                latex_wrapped(b, a, level(b, a) < LEVEL_ATOM);
            else
                text_wrapped(b, a, level(b, a) <= LEVEL_UNARY
                                   || (e != 1 && e != -1
                                       && level(b, a) < LEVEL_ATOM));
            if (e != 1 && e != -1)
            {
                char pw[32];

                snprintf(pw, sizeof pw, tex ? "^{%ld}" : "^%ld",
                         e < 0 ? -e : e);
                put(b, pw);
            }
        }
        items++;
    }
    if (items == 0 && sign > 0 && !dry)
        put(b, "1");
    return items ? items : (sign > 0);
}

/* A node by its polynomial form: c·a·b/(d·e) + ... */
static void
poly(pctx *b, const exattn_lform *p, int tex)
{
    size_t k, den;
    mpq_srcptr c;

    if (exattn_lform__terms(p) == 0)
        put(b, "0");
    for (k = 0; k < exattn_lform__terms(p); k++)
    {
        c = exattn_lform__coef(p, k);
        if (mpq_sgn(c) < 0)
            put(b, "-");
        else if (k)
            put(b, "+");
        den = poly_side(b, p, k, mpq_denref(c), -1, tex, 1);
        if (tex && den)
            put(b, "\\frac{");
        {
            mpz_t num;

            mpz_init(num);
            mpz_abs(num, mpq_numref(c));
            poly_side(b, p, k, num, 1, tex, 0);
            mpz_clear(num);
        }
        if (den)
        {
            put(b, tex ? "}{" : "/");
            if (!tex && den > 1)
                put(b, "(");
            poly_side(b, p, k, mpq_denref(c), -1, tex, 0);
            put(b, tex ? "}" : den > 1 ? ")" : "");
        }
    }
}

/* The shorter of a node's tree and its polynomial form, both expanded. */
static char *
shorter(const exattn_xnode *n, unsigned flags, size_t limit, char *tree)
{
    pctx b;

    exattn_sbuf__init(&b.out);
    b.labels = 0;
    b.root = n;
    b.limit = tree ? strlen(tree) : limit;
    b.over = 0;
    poly(&b, n->lin, (flags & EXATTN_LATEX) != 0);
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

    if (labels || n->lin == NULL)
        return tree;
    return shorter(n, flags, limit, tree);
}

char *
exattn_expr__print_tree(const exattn_xnode *n, unsigned flags, int labels,
                        size_t limit)
{
    pctx b;

    exattn_sbuf__init(&b.out);
    b.labels = labels;
    b.root = n;
    b.limit = limit;
    b.over = 0;
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
