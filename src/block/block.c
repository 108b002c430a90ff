/* A block's life: built from a lesson in computation order (attention,
 * then the layers), released with its pool; its quantities by name.  The
 * arithmetic the stages share is in src/block/arith.c. */
#include <stdlib.h>
#include <stdio.h>
#include "block/block.h"

static void
free_heads(exattn_head_nodes *heads, size_t count)
{
    size_t h;

    for (h = 0; heads != NULL && h < count; h++)
    {
        free(heads[h].q);
        free(heads[h].k);
        free(heads[h].v);
        free(heads[h].s);
        free(heads[h].w);
        free(heads[h].out);
        free(heads[h].rule);
    }
    free(heads);
}

void
exattn_block_free(exattn_block *b)
{
    size_t k;

    if (b == NULL)
        return;
    free_heads(b->heads, b->heads_count);
    free_heads(b->cross_heads, b->cross_count);
    free(b->memory);
    if (b->source != b->q[EXATTN_STAGE_INPUT]
        && b->source != b->q[EXATTN_STAGE_LN1])
        free(b->source);        /* memory's own nodes (cross-attention) */
    for (k = 0; k < EXATTN_STAGE_COUNT; k++)
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
    exattn_stage_t bq;
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
