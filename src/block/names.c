/* The names and shapes of a block's quantities, as claims and the API
 * write them ("h2.weights", "ln1.mean": the names of src/block/stages.c),
 * and whether a block has them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "block/block.h"

static exattn_stage_kind
kind_of(exattn_stage_t bq)
{
    return exattn_block__stage(bq)->kind;
}

int
exattn_block__per_head(exattn_stage_t bq)
{
    exattn_stage_kind k = kind_of(bq);

    return k >= EXATTN_KIND_QUERY && k <= EXATTN_KIND_HEAD_OUTPUT;
}

#define per_head exattn_block__per_head

int
exattn_block__is_cross(exattn_stage_t bq)
{
    return exattn_block__stage(bq)->part == EXATTN_PART_CROSS;
}

size_t
exattn_block__heads_of(const exattn_block *b, exattn_stage_t bq)
{
    return exattn_block__is_cross(bq) ? b->cross_count : b->heads_count;
}

void
exattn_block__path(char *buf, size_t size, exattn_stage_t bq, size_t head)
{
    const char *cross = exattn_block__is_cross(bq) ? "cross." : "";
    const char *name = exattn_block__stage(bq)->name;

    if (per_head(bq))
        snprintf(buf, size, "%sh%zu.%s", cross, head + 1, name);
    else
        snprintf(buf, size, "%s%s", cross, name);
}

int
exattn_block__lookup(const char *name, exattn_stage_t *bq, size_t *head)
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
    for (i = 0; i < EXATTN_STAGE_COUNT; i++)
        if (strcmp(rest, exattn_block__stage((exattn_stage_t)i)->name) == 0
            && per_head((exattn_stage_t)i) == (h > 0)
            && exattn_block__is_cross((exattn_stage_t)i) == cross)
        {
            *bq = (exattn_stage_t)i;
            *head = h ? h - 1 : 0;
            return 1;
        }
    return 0;
}

exattn_axis
exattn_block__row_axis(exattn_stage_t bq)
{
    exattn_stage_kind k = kind_of(bq);

    if (k == EXATTN_KIND_POSITIONS)
        return EXATTN_AXIS_POSITION;
    if (k == EXATTN_KIND_KEY || k == EXATTN_KIND_VALUE)
        return exattn_block__is_cross(bq) ? EXATTN_AXIS_MEMORY
                                          : EXATTN_AXIS_KEY;
    return EXATTN_AXIS_QUERY;
}

exattn_axis
exattn_block__col_axis(exattn_stage_t bq)
{
    exattn_stage_kind k = kind_of(bq);

    if (k == EXATTN_KIND_SCORES || k == EXATTN_KIND_WEIGHTS)
        return exattn_block__is_cross(bq) ? EXATTN_AXIS_MEMORY
                                          : EXATTN_AXIS_KEY;
    return EXATTN_AXIS_COORD;
}

/* The norm of a part of the block (NULL: none). */
const exattn_norm_spec *
exattn_block__norm_spec(const exattn_block_spec *s, exattn_stage_part part)
{
    switch (part)
    {
    case EXATTN_PART_SELF: return &s->ln1;
    case EXATTN_PART_CROSS: return &s->cross.ln;
    case EXATTN_PART_FFN: return &s->ln2;
    case EXATTN_PART_FINAL: return &s->final;
    default: return NULL;
    }
}

int
exattn_block__present(const exattn_block_spec *s, exattn_stage_t bq)
{
    const exattn_stage_info *st = exattn_block__stage(bq);
    const exattn_norm_spec *norm = exattn_block__norm_spec(s, st->part);

    if (st->part == EXATTN_PART_CROSS && !s->cross.present)
        return 0;
    if (st->part == EXATTN_PART_FFN && !s->has_ffn)
        return 0;
    switch (st->kind)
    {
    case EXATTN_KIND_POSITIONS: return s->positional;
    case EXATTN_KIND_MEAN: case EXATTN_KIND_VARIANCE:
        return norm->present && !s->rms;
    case EXATTN_KIND_MEAN_SQUARE: return norm->present && s->rms;
    case EXATTN_KIND_NORM: return norm->present;
    default: return 1;
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
exattn_block__shape(const exattn_lesson *l, exattn_stage_t bq, size_t head,
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
    switch (exattn_block__stage(bq)->kind)
    {
    case EXATTN_KIND_QUERY: case EXATTN_KIND_KEY: *cols = h->wq.cols; break;
    case EXATTN_KIND_VALUE: case EXATTN_KIND_HEAD_OUTPUT:
        *cols = h->wv.cols;
        break;
    case EXATTN_KIND_SCORES: case EXATTN_KIND_WEIGHTS:
        *cols = exattn_block__is_cross(bq) ? s->cross.memory.rows : l->m;
        break;
    case EXATTN_KIND_MEAN: case EXATTN_KIND_VARIANCE:
    case EXATTN_KIND_MEAN_SQUARE:
        *cols = 1;
        break;
    case EXATTN_KIND_HIDDEN: case EXATTN_KIND_RELU: *cols = s->w1.cols; break;
    default: *cols = d; break;
    }
}

exattn_xnode *
exattn_block__node(const exattn_block *b, exattn_stage_t bq, size_t head,
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
        h = exattn_block__is_cross(bq) ? &b->cross_heads[head]
                                       : &b->heads[head];
        switch (kind_of(bq))
        {
        case EXATTN_KIND_QUERY: t = h->q; break;
        case EXATTN_KIND_KEY: t = h->k; break;
        case EXATTN_KIND_VALUE: t = h->v; break;
        case EXATTN_KIND_SCORES: t = h->s; break;
        case EXATTN_KIND_WEIGHTS: t = h->w; break;
        default: t = h->out; break;
        }
    }
    return t ? t[i * cols + j] : NULL;
}

exattn_xnode *
exattn_block__denominator(const exattn_block *b, exattn_stage_t bq,
                          size_t head, size_t i)
{
    size_t rows, cols, j;
    exattn_xnode *w;

    if (kind_of(bq) != EXATTN_KIND_WEIGHTS)
        return NULL;
    exattn_block__shape(b->lesson, bq, head, &rows, &cols);
    /* every named weight of the row is e^{s_j} over the same sum */
    for (j = 0; j < cols; j++)
        if ((w = exattn_block__node(b, bq, head, i, j)) != NULL
            && !w->exact && w->op == EXATTN_X_DIV)
            return w->b;
    return NULL;
}

/* Stage k's base name ("ln1" of "ln1.mean") and its length. */
static size_t
base_len(const char *name)
{
    const char *dot = strchr(name, '.');

    return dot ? (size_t)(dot - name) : strlen(name);
}

/* The non-head stages of `part`: each base once, with its suffixes
 * ("ln1[.mean|.variance]", "ffn[.hidden|.relu]"). */
static void
part_paths(exattn_sbuf *out, exattn_stage_part part, const char *prefix,
           int *first)
{
    int k, j, done[EXATTN_STAGE_COUNT] = { 0 };

    for (k = 0; k < EXATTN_STAGE_COUNT; k++)
    {
        const exattn_stage_info *a = exattn_block__stage((exattn_stage_t)k);
        size_t len = base_len(a->name);
        int suffixes = 0;

        if (a->part != part || per_head(a->bq) || done[k])
            continue;
        exattn_sbuf__printf(out, "%s%s%.*s", *first ? "" : ", ", prefix,
                            (int)len, a->name);
        *first = 0;
        for (j = k; j < EXATTN_STAGE_COUNT; j++)
        {
            const exattn_stage_info *b =
                exattn_block__stage((exattn_stage_t)j);

            if (b->part != part || per_head(b->bq) || base_len(b->name) != len
                || strncmp(a->name, b->name, len) != 0)
                continue;
            done[j] = 1;
            if (b->name[len] == '.')
                exattn_sbuf__printf(out, "%s%s", suffixes++ ? "|" : "[",
                                    b->name + len);
        }
        exattn_sbuf__puts(out, suffixes ? "]" : "");
    }
}

/* A head's stages: "hH.q|k|v|scores|weights|output". */
static void
head_paths(exattn_sbuf *out, exattn_stage_part part, const char *prefix,
           const char *sep)
{
    int k, n = 0;

    exattn_sbuf__printf(out, "%s%shH.", sep, prefix);
    for (k = 0; k < EXATTN_STAGE_COUNT; k++)
        if (exattn_block__stage((exattn_stage_t)k)->part == part
            && per_head((exattn_stage_t)k))
            exattn_sbuf__printf(out, "%s%s", n++ ? "|" : "",
                                exattn_block__stage((exattn_stage_t)k)->name);
}

void
exattn_block__paths(exattn_sbuf *out)
{
    int first = 1;

    part_paths(out, EXATTN_PART_INPUT, "", &first);
    head_paths(out, EXATTN_PART_SELF, "", ", ");
    part_paths(out, EXATTN_PART_SELF, "", &first);
    part_paths(out, EXATTN_PART_FFN, "", &first);
    part_paths(out, EXATTN_PART_FINAL, "", &first);
    head_paths(out, EXATTN_PART_CROSS, "cross.", "; a decoder's ");
    first = 0;
    part_paths(out, EXATTN_PART_CROSS, "cross.", &first);
}
