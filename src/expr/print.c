/* Expressions in named form: text with the fewest parentheses, and
 * LaTeX. */
#include <string.h>
#include "expr/expr.h"

/* Binding strength: larger binds tighter. */
enum { LEVEL_SUM = 1, LEVEL_PRODUCT = 2, LEVEL_UNARY = 3, LEVEL_POWER = 4,
       LEVEL_ATOM = 5 };

static int
level(const exattn_xnode *n)
{
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

static void text(exattn_sbuf *b, const exattn_xnode *n);
static void latex(exattn_sbuf *b, const exattn_xnode *n);

static void
text_wrapped(exattn_sbuf *b, const exattn_xnode *n, int wrap)
{
    if (wrap)
        exattn_sbuf__puts(b, "(");
    text(b, n);
    if (wrap)
        exattn_sbuf__puts(b, ")");
}

static void
text_binary(exattn_sbuf *b, const exattn_xnode *n, const char *sym)
{
    int lv = level(n);
    /* a - (b + c) and a / (b · c) keep their parentheses */
    int tight = n->op == EXATTN_X_SUB || n->op == EXATTN_X_DIV;

    text_wrapped(b, n->a, level(n->a) < lv);
    exattn_sbuf__puts(b, sym);
    text_wrapped(b, n->b, level(n->b) < lv || (tight && level(n->b) == lv));
}

static void
text_power(exattn_sbuf *b, const exattn_xnode *n)
{
    const exattn_xnode *x = n->b;
    int plain = x->op == EXATTN_X_NUM
                && mpz_cmp_ui(mpq_denref(x->value), 1) == 0;

    text_wrapped(b, n->a, level(n->a) <= LEVEL_POWER);
    exattn_sbuf__puts(b, plain ? "^" : "^{");
    text(b, x);
    if (!plain)
        exattn_sbuf__puts(b, "}");
}

static void
text_function(exattn_sbuf *b, const char *name, const exattn_xnode *arg)
{
    exattn_sbuf__puts(b, name);
    text_wrapped(b, arg, 1);
}

static void
text(exattn_sbuf *b, const exattn_xnode *n)
{
    switch (n->op)
    {
    case EXATTN_X_NUM: exattn_sbuf__puts(b, n->literal); break;
    case EXATTN_X_E: exattn_sbuf__puts(b, "e"); break;
    case EXATTN_X_ADD: text_binary(b, n, "+"); break;
    case EXATTN_X_SUB: text_binary(b, n, "-"); break;
    case EXATTN_X_MUL: text_binary(b, n, "·"); break;
    case EXATTN_X_DIV: text_binary(b, n, "/"); break;
    case EXATTN_X_POW: text_power(b, n); break;
    case EXATTN_X_NEG:
        exattn_sbuf__puts(b, "-");
        text_wrapped(b, n->a, level(n->a) < LEVEL_POWER);
        break;
    case EXATTN_X_SQRT:
        exattn_sbuf__puts(b, "√");
        text_wrapped(b, n->a, level(n->a) < LEVEL_ATOM);
        break;
    case EXATTN_X_EXP: text_function(b, "exp", n->a); break;
    case EXATTN_X_SIN: text_function(b, "sin", n->a); break;
    case EXATTN_X_COS: text_function(b, "cos", n->a); break;
    case EXATTN_X_LN: text_function(b, "ln", n->a); break;
    }
}

static void
latex_wrapped(exattn_sbuf *b, const exattn_xnode *n, int wrap)
{
    if (wrap)
        exattn_sbuf__puts(b, "\\left(");
    latex(b, n);
    if (wrap)
        exattn_sbuf__puts(b, "\\right)");
}

static void
latex_function(exattn_sbuf *b, const char *name, const exattn_xnode *arg)
{
    exattn_sbuf__puts(b, name);
    latex_wrapped(b, arg, 1);
}

/* "2.5e-3" as 2.5\times 10^{-3}; other literals as written. */
static void
latex_literal(exattn_sbuf *b, const char *lit)
{
    const char *x = strpbrk(lit, "eE");

    if (x == NULL)
    {
        exattn_sbuf__puts(b, lit);
        return;
    }
    exattn_sbuf__putn(b, lit, (size_t)(x - lit));
    exattn_sbuf__puts(b, "\\times 10^{");
    exattn_sbuf__puts(b, x[1] == '+' ? x + 2 : x + 1);
    exattn_sbuf__puts(b, "}");
}

static void
latex(exattn_sbuf *b, const exattn_xnode *n)
{
    int lv = level(n);

    switch (n->op)
    {
    case EXATTN_X_NUM: latex_literal(b, n->literal); break;
    case EXATTN_X_E: exattn_sbuf__puts(b, "e"); break;
    case EXATTN_X_ADD:
    case EXATTN_X_SUB:
        latex(b, n->a);
        exattn_sbuf__puts(b, n->op == EXATTN_X_ADD ? "+" : "-");
        latex_wrapped(b, n->b, level(n->b) < lv
                               || (n->op == EXATTN_X_SUB
                                   && level(n->b) == lv));
        break;
    case EXATTN_X_MUL:
        latex_wrapped(b, n->a, level(n->a) < lv);
        exattn_sbuf__puts(b, "\\cdot ");
        latex_wrapped(b, n->b, level(n->b) <= LEVEL_UNARY);
        break;
    case EXATTN_X_DIV:
        exattn_sbuf__puts(b, "\\frac{");
        latex(b, n->a);
        exattn_sbuf__puts(b, "}{");
        latex(b, n->b);
        exattn_sbuf__puts(b, "}");
        break;
    case EXATTN_X_POW:
        if (n->a->op == EXATTN_X_E
            || (n->a->op == EXATTN_X_NUM && !strpbrk(n->a->literal, "eE")))
            latex(b, n->a);
        else
        {
            exattn_sbuf__puts(b, "{");
            latex_wrapped(b, n->a, n->a->op != EXATTN_X_SQRT);
            exattn_sbuf__puts(b, "}");
        }
        exattn_sbuf__puts(b, "^{");
        latex(b, n->b);
        exattn_sbuf__puts(b, "}");
        break;
    case EXATTN_X_NEG:
        exattn_sbuf__puts(b, "-");
        latex_wrapped(b, n->a, level(n->a) < LEVEL_PRODUCT);
        break;
    case EXATTN_X_SQRT:
        exattn_sbuf__puts(b, "\\sqrt{");
        latex(b, n->a);
        exattn_sbuf__puts(b, "}");
        break;
    case EXATTN_X_EXP:
        exattn_sbuf__puts(b, "e^{");
        latex(b, n->a);
        exattn_sbuf__puts(b, "}");
        break;
    case EXATTN_X_SIN: latex_function(b, "\\sin", n->a); break;
    case EXATTN_X_COS: latex_function(b, "\\cos", n->a); break;
    case EXATTN_X_LN: latex_function(b, "\\ln", n->a); break;
    }
}

char *
exattn_expr_get_str(const exattn_expr *e, unsigned flags)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    if (flags & EXATTN_LATEX)
        latex(&b, e->root);
    else
        text(&b, e->root);
    return exattn_sbuf__take(&b);
}
