/* A block's life: built from a lesson in computation order, released with
 * its pool.  The helpers here are the arithmetic every stage shares. */
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

void
exattn_block_free(exattn_block *b)
{
    size_t h, k;

    if (b == NULL)
        return;
    for (h = 0; b->heads != NULL && h < b->heads_count; h++)
    {
        free(b->heads[h].q);
        free(b->heads[h].k);
        free(b->heads[h].v);
        free(b->heads[h].s);
        free(b->heads[h].w);
        free(b->heads[h].out);
        free(b->heads[h].rule);
    }
    free(b->heads);
    if (b->source != b->q[EXATTN_BQ_INPUT])
        free(b->source);        /* memory's own nodes (cross-attention) */
    for (k = 0; k < EXATTN_BQ_COUNT; k++)
        free(b->q[k]);
    free(b->sign);
    exattn_expr_free(b->pool);
    free(b);
}

int
exattn_lesson_has_block(const exattn_lesson *lesson)
{
    return lesson->block != NULL;
}

int
exattn_block_new(exattn_block **out, const exattn_lesson *lesson,
                 mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_block *b;
    int rc;

    *out = NULL;
    if (lesson->block == NULL)
        return exattn_error__set(err, EXATTN_EINVAL, lesson->file, 0, 0,
                                 "the lesson has no \"block\"");
    b = calloc(1, sizeof *b);
    if (b == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, lesson->file, 0, 0,
                                 "out of memory");
    b->lesson = lesson;
    b->spec = lesson->block;
    b->n = lesson->n;
    b->m = lesson->m;
    b->d = lesson->block->x.cols;
    b->dff = lesson->block->w1.cols;
    /* sign proofs (ReLU) and weight-rule proofs: the library's cap */
    b->max_prec = exattn_ziv__cap(max_prec, 64);
    b->pool = exattn_expr__pool(lesson->file);
    rc = b->pool ? exattn_block__attend(b, err)
                 : exattn_block__nomem(b, err);
    if (rc == EXATTN_OK)
        rc = exattn_block__layers(b, err);
    if (rc != EXATTN_OK)
    {
        exattn_block_free(b);
        return rc;
    }
    *out = b;
    return EXATTN_OK;
}

int
exattn_block_quantity(exattn_expr **out, const exattn_block *b,
                      const char *name, size_t i, size_t j,
                      exattn_error_t *err)
{
    exattn_bq bq;
    size_t head;
    exattn_xnode *n;

    *out = NULL;
    if (!exattn_block__lookup(name, &bq, &head)
        || (n = exattn_block__node(b, bq, head, i, j)) == NULL)
        return exattn_error__set(err, EXATTN_EINVAL, b->lesson->file, 0, 0,
            "the block has no quantity %s[%zu][%zu]", name, i, j);
    if ((*out = exattn_expr__view(b->pool, n)) == NULL)
        return exattn_block__nomem(b, err);
    return EXATTN_OK;
}
