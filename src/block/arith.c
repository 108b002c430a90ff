/* The arithmetic every stage of a block shares: node arrays, linear
 * combinations with rational weights, labels, and the errors of a failed
 * build. */
#include <stdlib.h>
#include <stdio.h>
#include "block/block.h"

int
exattn_block__nomem(const exattn_block *b, exattn_error_t *err)
{
    return exattn_error__set(err, EXATTN_ENOMEM, b->lesson->file, 0, 0,
                             "out of memory");
}

int
exattn_block__failed(const exattn_block *b, exattn_error_t *err)
{
    if (err != NULL && err->code != EXATTN_OK)
        return err->code;
    return exattn_block__nomem(b, err);
}

exattn_xnode **
exattn_block__alloc(exattn_block *b, size_t count)
{
    (void)b;
    return calloc(count ? count : 1, sizeof(exattn_xnode *));
}

exattn_xnode *
exattn_block__link(exattn_block *b, exattn_xop op, exattn_xnode *acc,
                   exattn_xnode *t, int *fresh, exattn_error_t *err)
{
    exattn_xnode *r;

    if (t == NULL)
        return NULL;
    if (acc == NULL)
    {
        *fresh = 0;
        return op == EXATTN_X_ADD ? t : exattn_expr__apply(
            b->pool, EXATTN_X_NEG, t, NULL, err);
    }
    r = exattn_expr__apply(b->pool, op, acc, t, err);
    if (r != NULL && r != acc && r != t)
    {
        if (*fresh)
            exattn_expr__drop_form(acc);
        *fresh = 1;
    }
    else if (r == t)
        *fresh = 0;
    return r;
}

/* acc + x·|w| or acc - x·|w|, the coefficient left out when it is 1. */
static exattn_xnode *
add_term(exattn_block *b, exattn_xnode *acc, exattn_xnode *x, mpq_srcptr w,
         int *fresh, exattn_error_t *err)
{
    exattn_xnode *term = x;
    mpq_t a;

    if (mpq_sgn(w) == 0)
        return acc;
    mpq_init(a);
    mpq_abs(a, w);
    if (mpq_cmp_ui(a, 1, 1) != 0)
    {
        exattn_xnode *c = exattn_expr__num(b->pool, a);

        term = c ? exattn_expr__apply(b->pool, EXATTN_X_MUL, c, x, err)
                 : NULL;
    }
    mpq_clear(a);
    return exattn_block__link(b, mpq_sgn(w) > 0 ? EXATTN_X_ADD
                                                : EXATTN_X_SUB,
                              acc, term, fresh, err);
}

exattn_xnode *
exattn_block__combine(exattn_block *b, exattn_xnode **x, size_t stride,
                      const exattn_matrix *w, size_t col,
                      exattn_error_t *err)
{
    exattn_xnode *acc = NULL;
    size_t k;
    int fresh = 0;

    for (k = 0; k < w->rows; k++)
    {
        acc = add_term(b, acc, x[k * stride], EXATTN_AT(w, k, col), &fresh,
                       err);
        if (acc == NULL && mpq_sgn(EXATTN_AT(w, k, col)) != 0)
            return NULL;
    }
    if (acc == NULL)
    {
        acc = exattn_expr__num_si(b->pool, 0);
        if (acc == NULL)
            exattn_block__nomem(b, err);
    }
    return acc;
}

int
exattn_block__label(exattn_block *b, exattn_xnode **t, size_t rows,
                    size_t cols, const char *name, const char *tex,
                    exattn_error_t *err)
{
    char text[96], latex[128];
    size_t i, j;

    for (i = 0; i < rows; i++)
        for (j = 0; j < cols; j++)
        {
            if (cols == 1)
            {
                snprintf(text, sizeof text, "%s[%zu]", name, i + 1);
                snprintf(latex, sizeof latex, "%s_{%zu}", tex, i + 1);
            }
            else
            {
                snprintf(text, sizeof text, "%s[%zu,%zu]", name, i + 1,
                         j + 1);
                snprintf(latex, sizeof latex, "%s_{%zu,%zu}", tex, i + 1,
                         j + 1);
            }
            if (!exattn_expr__set_label(t[i * cols + j], text, latex))
                return exattn_block__nomem(b, err);
        }
    return EXATTN_OK;
}

int
exattn_block__label_stage(exattn_block *b, exattn_xnode **t, exattn_stage_t bq,
                          size_t head, size_t rows, size_t cols,
                          exattn_error_t *err)
{
    char text[32], tex[48];

    exattn_block__symbol(text, sizeof text, tex, sizeof tex, bq, head,
                         exattn_block__heads_of(b, bq));
    return exattn_block__label(b, t, rows, cols, text, tex, err);
}
