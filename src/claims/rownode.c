/* A row quantity as an expression node, built from the row's exact data
 * -- the scaled score c·√s, the softmax weight e^{s_j}/Σ e^{s_k}, a
 * contribution, an output -- so that a claim's expression is compared
 * with the quantity itself, never with its printed form read back. */
#include "claims/check.h"
#include "expr/expr.h"

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

static exattn_xnode *
weight(exattn_expr *pool, const exattn_row *row, size_t j,
       exattn_error_t *err)
{
    exattn_xnode *e, *z = NULL, *t;
    size_t k;

    if (!row->allowed[j])
        return exattn_expr__num_si(pool, 0);
    if (row->weights_exact)
        return exattn_expr__num(pool, row->weight);
    if ((e = exattn_expr__apply(pool, EXATTN_X_E, NULL, NULL, err)) == NULL)
        return NULL;
    for (k = 0; k < row->lesson->m; k++)
    {
        if (!row->allowed[k])
            continue;
        if ((t = term(pool, e, row, k, err)) == NULL)
            return NULL;
        z = z == NULL ? t : exattn_expr__apply(pool, EXATTN_X_ADD, z, t, err);
        if (z == NULL)
            return NULL;
    }
    t = term(pool, e, row, j, err);
    return t ? exattn_expr__apply(pool, EXATTN_X_DIV, t, z, err) : NULL;
}

static exattn_xnode *
contribution(exattn_expr *pool, const exattn_row *row, size_t j, size_t c,
             exattn_error_t *err)
{
    exattn_xnode *w = weight(pool, row, j, err);
    exattn_xnode *v = exattn_expr__num(pool, EXATTN_AT(&row->lesson->v, j, c));

    return w && v ? exattn_expr__apply(pool, EXATTN_X_MUL, w, v, err) : NULL;
}

exattn_xnode *
exattn_claims__row_node(exattn_expr *pool, const exattn_row *row,
                        exattn_kind_t kind, size_t key, size_t col,
                        exattn_error_t *err)
{
    exattn_xnode *sum = NULL, *t;
    size_t j;

    switch (kind)
    {
    case EXATTN_SCORE: return exattn_expr__num(pool, row->score[key]);
    case EXATTN_SCALED: return scaled(pool, row, key, err);
    case EXATTN_WEIGHT: return weight(pool, row, key, err);
    case EXATTN_CONTRIBUTION: return contribution(pool, row, key, col, err);
    default:
        break;
    }
    for (j = 0; j < row->lesson->m; j++)
    {
        if (!row->allowed[j])
            continue;
        t = contribution(pool, row, j, col, err);
        sum = t == NULL ? NULL
              : sum == NULL ? t
                            : exattn_expr__apply(pool, EXATTN_X_ADD, sum, t,
                                                 err);
        if (sum == NULL)
            return NULL;
    }
    return sum;
}
