/* Expressions built by the library rather than parsed: the named states of
 * an encoder block (src/block/).  Nodes live in a pool and are shared, so
 * the expression is a DAG; every non-exact node keeps its last enclosure
 * (exattn_xmemo) so that evaluating it costs its number of nodes, not the
 * size of its expansion. */
#include <stdlib.h>
#include <string.h>
#include "expr/expr.h"

exattn_expr *
exattn_expr__pool(const char *name)
{
    exattn_expr *e = calloc(1, sizeof *e);

    if (e != NULL && name != NULL && (e->name = exattn_str__dup(name)) == NULL)
    {
        free(e);
        return NULL;
    }
    return e;
}

/* A non-negative integer literal. */
static exattn_xnode *
integer(exattn_expr *pool, const mpz_t z)
{
    exattn_xnode *n = exattn_expr__node(pool, EXATTN_X_NUM, NULL, NULL, 0);

    if (n == NULL)
        return NULL;
    mpz_set(mpq_numref(n->value), z);
    n->exact = 1;
    n->literal = mpz_get_str(NULL, 10, z);
    return n->literal != NULL ? n : NULL;
}

/* Turn n into an exact node holding q's value, written as an integer, -a
 * or p/q so that the printer parenthesizes it like any other term. */
static exattn_xnode *
exact_node(exattn_expr *pool, const mpq_t q)
{
    exattn_xnode *n, *num, *den;
    mpz_t a;

    mpz_init(a);
    mpz_abs(a, mpq_numref(q));
    num = integer(pool, a);
    mpz_clear(a);
    n = num;
    if (num != NULL && mpz_cmp_ui(mpq_denref(q), 1) != 0)
    {
        den = integer(pool, mpq_denref(q));
        n = den ? exattn_expr__node(pool, EXATTN_X_DIV, num, den, 0) : NULL;
    }
    if (n != NULL && mpq_sgn(q) < 0)
        n = exattn_expr__node(pool, EXATTN_X_NEG, n, NULL, 0);
    if (n == NULL)
        return NULL;
    n->exact = 1;
    mpq_set(n->value, q);
    return n;
}

exattn_xnode *
exattn_expr__num(exattn_expr *pool, const mpq_t q)
{
    return exact_node(pool, q);
}

exattn_xnode *
exattn_expr__num_si(exattn_expr *pool, long v)
{
    exattn_xnode *n;
    mpq_t q;

    mpq_init(q);
    mpq_set_si(q, v, 1);
    n = exact_node(pool, q);
    mpq_clear(q);
    return n;
}

exattn_xnode *
exattn_expr__sym(exattn_expr *pool, const char *text, const char *tex,
                 const mpq_t value)
{
    exattn_xnode *n = exattn_expr__node(pool, EXATTN_X_SYM, NULL, NULL, 0);

    if (n == NULL || (n->literal = exattn_str__dup(text)) == NULL
        || (n->label_tex = exattn_str__dup(tex)) == NULL)
        return NULL;
    n->has_value = value != NULL;
    if (value != NULL)
        mpq_set(n->value, value);
    return n;
}

static int
is_value(const exattn_xnode *n, long v)
{
    return n->exact && mpq_cmp_si(n->value, v, 1) == 0;
}

/* The plain result of op(a, b) when one operand is neutral, else NULL. */
static exattn_xnode *
neutral(exattn_xop op, exattn_xnode *a, exattn_xnode *b)
{
    switch (op)
    {
    case EXATTN_X_ADD:
        return is_value(a, 0) ? b : is_value(b, 0) ? a : NULL;
    case EXATTN_X_SUB:
        return is_value(b, 0) ? a : NULL;
    case EXATTN_X_MUL:
        return is_value(a, 1) ? b : is_value(b, 1) ? a : NULL;
    case EXATTN_X_DIV:
        return is_value(b, 1) ? a : NULL;
    default:
        return NULL;
    }
}

exattn_xnode *
exattn_expr__apply(exattn_expr *pool, exattn_xop op, exattn_xnode *a,
                   exattn_xnode *b, exattn_error_t *err)
{
    exattn_xnode *n = neutral(op, a, b);

    if (n != NULL)
        return n;
    n = exattn_expr__node(pool, op, a, b, 0);
    if (n == NULL)
    {
        exattn_error__set(err, EXATTN_ENOMEM, pool->name, 0, 0,
                          "out of memory");
        return NULL;
    }
    if (exattn_expr__fold(n, pool->name, EXATTN_EXPR_MAX_BITS, err)
        != EXATTN_OK)
        return NULL;
    if (!n->exact && (n->lin = exattn_lform__of(n)) != NULL
        && exattn_lform__is_constant(n->lin, n->value))
        n->exact = 1;           /* the named parts cancelled */
    if (n->exact)
        n = exact_node(pool, n->value);     /* printed as its value */
    else
        n->memoize = 1;
    if (n == NULL)
        exattn_error__set(err, EXATTN_ENOMEM, pool->name, 0, 0,
                          "out of memory");
    return n;
}

exattn_xnode *
exattn_expr__exp_written(exattn_expr *pool, exattn_xnode *e, exattn_xnode *x,
                         exattn_error_t *err)
{
    exattn_xnode *n;

    if (!x->exact || mpq_sgn(x->value) != 0)
        return exattn_expr__apply(pool, EXATTN_X_POW, e, x, err);
    /* e^0: exactly 1, but printed as the lesson writes a softmax term */
    n = exattn_expr__node(pool, EXATTN_X_POW, e, x, 0);
    if (n == NULL)
    {
        exattn_error__set(err, EXATTN_ENOMEM, pool->name, 0, 0,
                          "out of memory");
        return NULL;
    }
    n->exact = 1;
    mpq_set_ui(n->value, 1, 1);
    return n;
}

int
exattn_expr__set_label(exattn_xnode *n, const char *text, const char *tex)
{
    /* an exact value prints as itself; a node that is already a named
     * quantity (q = x' when W_Q is the identity) keeps its first name */
    if (n->exact || n->label != NULL)
        return 1;
    n->label = exattn_str__dup(text);
    n->label_tex = exattn_str__dup(tex);
    return n->label != NULL && n->label_tex != NULL;
}

void
exattn_expr__drop_form(exattn_xnode *n)
{
    exattn_lform__free(n->lin);
    n->lin = NULL;
}

exattn_expr *
exattn_expr__view(const exattn_expr *pool, exattn_xnode *n)
{
    exattn_expr *v = exattn_expr__pool(pool->name);

    if (v != NULL)
        v->root = n;
    return v;
}
