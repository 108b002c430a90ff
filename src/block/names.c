/* The names and shapes of a block's quantities, as claims and the API
 * write them ("h2.weights", "ln1.mean": the names of src/block/stages.c),
 * and whether a block has them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "block/block.h"

int
exattn_block__per_head(exattn_bq bq)
{
    return (bq >= EXATTN_BQ_Q && bq <= EXATTN_BQ_HEAD)
           || (bq >= EXATTN_BQ_CQ && bq <= EXATTN_BQ_CHEAD);
}

#define per_head exattn_block__per_head

int
exattn_block__is_cross(exattn_bq bq)
{
    return bq >= EXATTN_BQ_CQ && bq <= EXATTN_BQ_CLN;
}

size_t
exattn_block__heads_of(const exattn_block *b, exattn_bq bq)
{
    return exattn_block__is_cross(bq) ? b->cross_count : b->heads_count;
}

void
exattn_block__path(char *buf, size_t size, exattn_bq bq, size_t head)
{
    const char *cross = exattn_block__is_cross(bq) ? "cross." : "";
    const char *name = exattn_block__stage(bq)->name;

    if (per_head(bq))
        snprintf(buf, size, "%sh%zu.%s", cross, head + 1, name);
    else
        snprintf(buf, size, "%s%s", cross, name);
}

int
exattn_block__lookup(const char *name, exattn_bq *bq, size_t *head)
{
    const char *rest = name;
    char *end;
    unsigned long h = 0;
    int i, cross = strncmp(name, "cross.", 6) == 0;

    if (cross)
        name = rest = name + 6;
    if (name[0] == 'h' && name[1] >= '1' && name[1] <= '9')
    {
        h = strtoul(name + 1, &end, 10);
        if (*end != '.' || h > EXATTN_BLOCK_MAX_HEADS)
            return 0;
        rest = end + 1;
    }
    for (i = 0; i < EXATTN_BQ_COUNT; i++)
        if (strcmp(rest, exattn_block__stage((exattn_bq)i)->name) == 0
            && per_head((exattn_bq)i) == (h > 0)
            && exattn_block__is_cross((exattn_bq)i) == cross)
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
    if (bq == EXATTN_BQ_CK || bq == EXATTN_BQ_CV)
        return EXATTN_AXIS_MEMORY;
    return bq == EXATTN_BQ_K || bq == EXATTN_BQ_V ? EXATTN_AXIS_KEY
                                                  : EXATTN_AXIS_QUERY;
}

exattn_axis
exattn_block__col_axis(exattn_bq bq)
{
    if (bq == EXATTN_BQ_CSCORES || bq == EXATTN_BQ_CWEIGHTS)
        return EXATTN_AXIS_MEMORY;
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
    case EXATTN_BQ_CQ: case EXATTN_BQ_CK: case EXATTN_BQ_CV:
    case EXATTN_BQ_CSCORES: case EXATTN_BQ_CWEIGHTS: case EXATTN_BQ_CHEAD:
    case EXATTN_BQ_CATTN: case EXATTN_BQ_CRES: case EXATTN_BQ_CMEAN:
    case EXATTN_BQ_CVAR: case EXATTN_BQ_CLN:
        return s->cross.present;
    case EXATTN_BQ_HIDDEN: case EXATTN_BQ_RELU: case EXATTN_BQ_FFN:
    case EXATTN_BQ_RES2: case EXATTN_BQ_MEAN2: case EXATTN_BQ_VAR2:
    case EXATTN_BQ_LN2:
        return s->has_ffn;
    default:
        return 1;
    }
}

const char *
exattn_block__memory_label(const exattn_lesson *l, size_t j)
{
    const exattn_block_spec *s = l->block;

    return s != NULL && s->cross.present && j < s->cross.memory.rows
                   && !s->cross.default_labels
               ? s->cross.labels[j]
               : NULL;
}

size_t
exattn_block__memory_rows(const exattn_lesson *l)
{
    return l->block != NULL && l->block->cross.present
               ? l->block->cross.memory.rows
               : 0;
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
        || (per_head(bq) && head >= (exattn_block__is_cross(bq)
                                         ? s->cross.head_count
                                         : s->head_count)))
        return;
    d = s->x.cols;
    h = !per_head(bq) ? NULL
        : exattn_block__is_cross(bq) ? &s->cross.heads[head]
                                     : &s->heads[head];
    *rows = exattn_block__row_axis(bq) == EXATTN_AXIS_KEY ? l->m
            : exattn_block__row_axis(bq) == EXATTN_AXIS_MEMORY
                ? s->cross.memory.rows : l->n;
    switch (bq)
    {
    case EXATTN_BQ_Q: case EXATTN_BQ_K: case EXATTN_BQ_CQ:
    case EXATTN_BQ_CK:
        *cols = h->wq.cols;
        break;
    case EXATTN_BQ_V: case EXATTN_BQ_HEAD: case EXATTN_BQ_CV:
    case EXATTN_BQ_CHEAD:
        *cols = h->wv.cols;
        break;
    case EXATTN_BQ_SCORES: case EXATTN_BQ_WEIGHTS: *cols = l->m; break;
    case EXATTN_BQ_CSCORES: case EXATTN_BQ_CWEIGHTS:
        *cols = s->cross.memory.rows;
        break;
    case EXATTN_BQ_MEAN1: case EXATTN_BQ_VAR1: case EXATTN_BQ_MEAN2:
    case EXATTN_BQ_VAR2: case EXATTN_BQ_CMEAN: case EXATTN_BQ_CVAR:
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
        /* the cross sublayer's stages are the first's, in order */
        exattn_bq first = exattn_block__is_cross(bq) ? EXATTN_BQ_CQ
                                                     : EXATTN_BQ_Q;

        h = exattn_block__is_cross(bq) ? &b->cross_heads[head]
                                       : &b->heads[head];
        switch (bq - first)
        {
        case 0: t = h->q; break;
        case 1: t = h->k; break;
        case 2: t = h->v; break;
        case 3: t = h->s; break;
        case 4: t = h->w; break;
        default: t = h->out; break;
        }
    }
    return t ? t[i * cols + j] : NULL;
}
