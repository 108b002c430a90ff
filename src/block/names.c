/* The names and shapes of a block's quantities, as claims and the API
 * write them ("h2.weights", "ln1.mean": the names of src/block/stages.c),
 * and whether a block has them. */
#include <stdlib.h>
#include <string.h>
#include "block/block.h"

static int
per_head(exattn_bq bq)
{
    return bq >= EXATTN_BQ_Q && bq <= EXATTN_BQ_HEAD;
}

int
exattn_block__lookup(const char *name, exattn_bq *bq, size_t *head)
{
    const char *rest = name;
    char *end;
    unsigned long h = 0;
    int i;

    if (name[0] == 'h' && name[1] >= '1' && name[1] <= '9')
    {
        h = strtoul(name + 1, &end, 10);
        if (*end != '.' || h > EXATTN_BLOCK_MAX_HEADS)
            return 0;
        rest = end + 1;
    }
    for (i = 0; i < EXATTN_BQ_COUNT; i++)
        if (strcmp(rest, exattn_block__stage((exattn_bq)i)->name) == 0
            && per_head((exattn_bq)i) == (h > 0))
        {
            *bq = (exattn_bq)i;
            *head = h ? h - 1 : 0;
            return 1;
        }
    return 0;
}

exattn_axis
exattn_block__row_axis(exattn_bq bq)
{
    if (bq == EXATTN_BQ_PE)
        return EXATTN_AXIS_POSITION;
    return bq == EXATTN_BQ_K || bq == EXATTN_BQ_V ? EXATTN_AXIS_KEY
                                                  : EXATTN_AXIS_QUERY;
}

exattn_axis
exattn_block__col_axis(exattn_bq bq)
{
    return bq == EXATTN_BQ_SCORES || bq == EXATTN_BQ_WEIGHTS
               ? EXATTN_AXIS_KEY : EXATTN_AXIS_COORD;
}

int
exattn_block__present(const exattn_block_spec *s, exattn_bq bq)
{
    switch (bq)
    {
    case EXATTN_BQ_PE: return s->positional;
    case EXATTN_BQ_MEAN1: case EXATTN_BQ_VAR1: case EXATTN_BQ_LN1:
        return s->ln1.present;
    case EXATTN_BQ_HIDDEN: case EXATTN_BQ_RELU: case EXATTN_BQ_FFN:
    case EXATTN_BQ_RES2: case EXATTN_BQ_MEAN2: case EXATTN_BQ_VAR2:
    case EXATTN_BQ_LN2:
        return s->has_ffn;
    default:
        return 1;
    }
}

void
exattn_block__shape(const exattn_lesson *l, exattn_bq bq, size_t head,
                    size_t *rows, size_t *cols)
{
    const exattn_block_spec *s = l->block;
    const exattn_head_spec *h;
    size_t d;

    *rows = *cols = 0;
    if (s == NULL || !exattn_block__present(s, bq)
        || (per_head(bq) && head >= s->head_count))
        return;
    d = s->x.cols;
    h = per_head(bq) ? &s->heads[head] : NULL;
    *rows = exattn_block__row_axis(bq) == EXATTN_AXIS_KEY ? l->m : l->n;
    switch (bq)
    {
    case EXATTN_BQ_Q: case EXATTN_BQ_K: *cols = h->wq.cols; break;
    case EXATTN_BQ_V: case EXATTN_BQ_HEAD: *cols = h->wv.cols; break;
    case EXATTN_BQ_SCORES: case EXATTN_BQ_WEIGHTS: *cols = l->m; break;
    case EXATTN_BQ_MEAN1: case EXATTN_BQ_VAR1: case EXATTN_BQ_MEAN2:
    case EXATTN_BQ_VAR2:
        *cols = 1;
        break;
    case EXATTN_BQ_HIDDEN: case EXATTN_BQ_RELU: *cols = s->w1.cols; break;
    default: *cols = d; break;
    }
}

exattn_xnode *
exattn_block__node(const exattn_block *b, exattn_bq bq, size_t head,
                   size_t i, size_t j)
{
    const exattn_head_nodes *h;
    size_t rows, cols;
    exattn_xnode **t;

    exattn_block__shape(b->lesson, bq, head, &rows, &cols);
    if (i >= rows || j >= cols)
        return NULL;
    if (!per_head(bq))
        t = b->q[bq];
    else
    {
        h = &b->heads[head];
        t = bq == EXATTN_BQ_Q ? h->q : bq == EXATTN_BQ_K ? h->k
            : bq == EXATTN_BQ_V ? h->v : bq == EXATTN_BQ_SCORES ? h->s
            : bq == EXATTN_BQ_WEIGHTS ? h->w : h->out;
    }
    return t ? t[i * cols + j] : NULL;
}
