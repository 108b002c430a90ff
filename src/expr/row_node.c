/* A row quantity as an expression node, built from the row's exact data
 * -- the scaled score c·√s, the softmax weight e^{s_j}/Σ e^{s_k}, a
 * contribution, an output -- so that a claim's expression is compared
 * with the quantity itself, never with its printed form read back.  The
 * softmax's e and Σ are built once per quantity (an output sums m
 * contributions over one denominator). */
#include <stdlib.h>
#include "expr/row_node.h"

typedef exattn_row_nodes builder;

/* c·√s, or the rational c. */
static exattn_xnode *
scaled(exattn_expr *pool, const exattn_row *row, size_t j,
       exattn_error_t *err)
{
    exattn_xnode *c = exattn_expr__num(pool, row->coef[j]), *root, *n;
    unsigned long s = row->lesson->surd;

    if (c == NULL || s == 1 || mpq_sgn(row->coef[j]) == 0)
        return c;
    if ((n = exattn_expr__num_si(pool, (long)s)) == NULL)
        return NULL;
    root = exattn_expr__apply(pool, EXATTN_X_SQRT, n, NULL, err);
    return root ? exattn_expr__apply(pool, EXATTN_X_MUL, c, root, err)
                : NULL;
}

/* e^{s_j}, written as the softmax writes it (e^0 stays e^0). */
static exattn_xnode *
term(exattn_expr *pool, exattn_xnode *e, const exattn_row *row, size_t j,
     exattn_error_t *err)
{
    exattn_xnode *x = scaled(pool, row, j, err);

    return x ? exattn_expr__exp_written(pool, e, x, err) : NULL;
}

/* e and Z = Σ e^{s_k} over the allowed keys, built at the first weight;
 * each e^{s_k} is kept for its weight's numerator. */
static int
denominator(builder *b)
{
    exattn_xnode *z = NULL, *t;
    size_t k, m = b->row->lesson->m;

    if (b->z != NULL)
        return 1;
    /* after a failure, a second call must not leak the first's */
    if ((b->e == NULL
         && (b->e = exattn_expr__apply(b->pool, EXATTN_X_E, NULL, NULL,
                                       b->err)) == NULL)
        || (b->t == NULL && (b->t = calloc(m, sizeof *b->t)) == NULL))
        return 0;
    for (k = 0; k < m; k++)
    {
        if (!b->row->allowed[k])
            continue;
        if ((t = b->t[k] = term(b->pool, b->e, b->row, k, b->err)) == NULL)
            return 0;
        z = z == NULL ? t : exattn_expr__apply(b->pool, EXATTN_X_ADD, z, t,
                                               b->err);
        if (z == NULL)
            return 0;
    }
    b->z = z;
    return 1;
}

static exattn_xnode *
build_weight(builder *b, size_t j)
{
    if (!b->row->allowed[j])
        return exattn_expr__num_si(b->pool, 0);
    if (b->row->weights_exact)
        return exattn_expr__num(b->pool, b->row->weight);
    if (!denominator(b))
        return NULL;
    return exattn_expr__apply(b->pool, EXATTN_X_DIV, b->t[j], b->z, b->err);
}

/* Weight j, built once (without room for the memo, built each time). */
static exattn_xnode *
weight(builder *b, size_t j)
{
    if (b->w == NULL)
        b->w = calloc(b->row->lesson->m, sizeof *b->w);
    if (b->w == NULL)
        return build_weight(b, j);
    if (b->w[j] == NULL)
        b->w[j] = build_weight(b, j);
    return b->w[j];
}

static exattn_xnode *
contribution(builder *b, size_t j, size_t c)
{
    exattn_xnode *w = weight(b, j);
    exattn_xnode *v = exattn_expr__num(b->pool,
                                       EXATTN_AT(&b->row->lesson->v, j, c));

    return w && v ? exattn_expr__apply(b->pool, EXATTN_X_MUL, w, v, b->err)
                  : NULL;
}

void
exattn_expr__row_nodes_init(builder *b, exattn_expr *pool,
                            const exattn_row *row, exattn_error_t *err)
{
    b->pool = pool;
    b->row = row;
    b->e = b->z = NULL;
    b->t = b->w = NULL;
    b->err = err;
}

void
exattn_expr__row_nodes_clear(builder *b)
{
    free(b->t);
    free(b->w);
    b->t = b->w = NULL;
}

exattn_xnode *
exattn_expr__row_nodes_get(builder *b, exattn_kind_t kind, size_t key,
                           size_t col)
{
    exattn_xnode *sum = NULL, *t;
    size_t j;

    switch (kind)
    {
    case EXATTN_SCORE: return exattn_expr__num(b->pool, b->row->score[key]);
    case EXATTN_SCALED: return scaled(b->pool, b->row, key, b->err);
    case EXATTN_WEIGHT: return weight(b, key);
    case EXATTN_CONTRIBUTION: return contribution(b, key, col);
    default:
        break;
    }
    for (j = 0; j < b->row->lesson->m; j++)
    {
        if (!b->row->allowed[j])
            continue;
        t = contribution(b, j, col);
        sum = t == NULL ? NULL
              : sum == NULL ? t
                            : exattn_expr__apply(b->pool, EXATTN_X_ADD, sum,
                                                 t, b->err);
        if (sum == NULL)
            return NULL;
    }
    return sum;
}

exattn_xnode *
exattn_expr__row_node(exattn_expr *pool, const exattn_row *row,
                      exattn_kind_t kind, size_t key, size_t col,
                      exattn_error_t *err)
{
    builder b;
    exattn_xnode *n;

    exattn_expr__row_nodes_init(&b, pool, row, err);
    n = exattn_expr__row_nodes_get(&b, kind, key, col);
    exattn_expr__row_nodes_clear(&b);
    return n;
}
