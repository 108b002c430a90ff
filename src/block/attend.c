/* The attention sublayer of a block: sinusoidal positions added to X, each
 * head's projections, scaled scores, softmax weights and output, and W_O
 * over the concatenated heads.  Weights follow the exact-or-named rule of
 * src/row/rule.c, on named scores: one allowed key, or all allowed scores
 * proved equal, gives exact weights; scores proved not all equal give named
 * ones; otherwise the rule is undecided and the weights stay named. */
#include <stdio.h>
#include <stdlib.h>
#include "block/block.h"

/* An attention sublayer: the first (self-attention, or cross-attention
 * to the lesson's memory), or a decoder's cross-attention to its
 * encoder's output.  Its stages are `first` (q) to first + 5 (the heads'
 * output), then `attn`. */
typedef struct
{
    exattn_xnode **queries;         /* n x q_width */
    size_t q_width;
    exattn_xnode **source;          /* m x source_width: keys and values */
    size_t m, source_width;
    int masked;                     /* the lesson's mask applies */
    const exattn_head_spec *specs;
    exattn_head_nodes *heads;
    size_t count;
    const exattn_matrix *wo;
    exattn_stage_t first, attn;
} sublayer;

/* May query i attend to key j?  The lesson's mask, read as data (the
 * lesson model's functions are a layer above); a decoder's
 * cross-attention sees every memory row. */
static int
visible(const exattn_block *b, const sublayer *sl, size_t i, size_t j)
{
    return !sl->masked || b->lesson->allowed[i * b->lesson->m + j] != 0;
}

/* PE(p, 2r) = sin(p / 10000^(2r/d)), PE(p, 2r+1) = cos(the same). */
static exattn_xnode *
positional(exattn_block *b, size_t p, size_t c, exattn_error_t *err)
{
    exattn_xnode *base, *expo, *arg, *pn;
    mpq_t e;

    mpq_init(e);
    mpq_set_ui(e, (unsigned long)(c - c % 2), (unsigned long)b->d);
    mpq_canonicalize(e);
    base = exattn_expr__num_si(b->pool, 10000);
    expo = exattn_expr__num(b->pool, e);
    pn = exattn_expr__num_si(b->pool, (long)p);
    mpq_clear(e);
    if (base == NULL || expo == NULL || pn == NULL)
        return NULL;
    base = exattn_expr__apply(b->pool, EXATTN_X_POW, base, expo, err);
    arg = base ? exattn_expr__apply(b->pool, EXATTN_X_DIV, pn, base, err)
               : NULL;
    return arg ? exattn_expr__apply(b->pool, c % 2 ? EXATTN_X_COS
                                                   : EXATTN_X_SIN,
                                    arg, NULL, err)
               : NULL;
}

static int
inputs(exattn_block *b, exattn_error_t *err)
{
    const exattn_block_spec *s = b->spec;
    size_t i, c, d = b->d;
    exattn_xnode **pe = NULL, **in;

    in = b->q[EXATTN_STAGE_INPUT] = exattn_block__alloc(b, b->n * d);
    if (s->positional)
        pe = b->q[EXATTN_STAGE_PE] = exattn_block__alloc(b, b->n * d);
    if (in == NULL || (s->positional && pe == NULL))
        return exattn_block__nomem(b, err);
    for (i = 0; i < b->n; i++)
        for (c = 0; c < d; c++)
        {
            in[i * d + c] = exattn_expr__num(b->pool, EXATTN_AT(&s->x, i, c));
            if (in[i * d + c] == NULL)
                return exattn_block__nomem(b, err);
            if (pe == NULL)
                continue;
            if ((pe[i * d + c] = positional(b, i, c, err)) == NULL
                || (in[i * d + c] = exattn_expr__apply(
                        b->pool, EXATTN_X_ADD, in[i * d + c],
                        pe[i * d + c], err)) == NULL)
                return exattn_block__failed(b, err);
        }
    return exattn_block__label_stage(b, in, EXATTN_STAGE_INPUT, 0, b->n, d,
                                     err);
}

/* Keys and values come from the input (self-attention) or from the
 * encoder's output, the lesson's memory (cross-attention). */
static int
sources(exattn_block *b, exattn_error_t *err)
{
    const exattn_matrix *mem = &b->spec->memory;
    size_t j, c;

    if (mem->rows == 0)
    {
        b->source = b->q[b->spec->pre_ln ? EXATTN_STAGE_LN1
                                         : EXATTN_STAGE_INPUT];
        b->source_width = b->d;
        return EXATTN_OK;
    }
    b->source_width = mem->cols;
    b->source = exattn_block__alloc(b, mem->rows * mem->cols);
    if (b->source == NULL)
        return exattn_block__nomem(b, err);
    for (j = 0; j < mem->rows; j++)
        for (c = 0; c < mem->cols; c++)
            if ((b->source[j * mem->cols + c] = exattn_expr__num(
                     b->pool, EXATTN_AT(mem, j, c))) == NULL)
                return exattn_block__nomem(b, err);
    return EXATTN_OK;
}

/* out (rows x w->cols) = x (rows x width) · w */
static int
project(exattn_block *b, exattn_xnode ***out, exattn_xnode **x,
        size_t rows, size_t width, const exattn_matrix *w,
        exattn_error_t *err)
{
    size_t i, c;

    if ((*out = exattn_block__alloc(b, rows * w->cols)) == NULL)
        return exattn_block__nomem(b, err);
    for (i = 0; i < rows; i++)
        for (c = 0; c < w->cols; c++)
            if (((*out)[i * w->cols + c] = exattn_block__combine(
                     b, x + i * width, 1, w, c, err)) == NULL)
                return exattn_block__failed(b, err);
    return EXATTN_OK;
}

/* raw times the scale, in the lesson's form: raw/√d for 1/sqrt(d) (d_k
 * of the head by default), raw·c for an exact factor c. */
static exattn_xnode *
scaled(exattn_block *b, exattn_xnode *raw, size_t dk, exattn_error_t *err)
{
    const exattn_lesson *l = b->lesson;
    exattn_xnode *d;

    if (b->spec->scale_per_head || l->scale_kind == EXATTN_SCALE_INV_SQRT)
    {
        d = b->spec->scale_per_head ? exattn_expr__num_si(b->pool, (long)dk)
                                    : exattn_expr__num(b->pool,
                                                       l->scale_value);
        d = d ? exattn_expr__apply(b->pool, EXATTN_X_SQRT, d, NULL, err)
              : NULL;
        return d ? exattn_expr__apply(b->pool, EXATTN_X_DIV, raw, d, err)
                 : NULL;
    }
    if (l->scale_kind == EXATTN_SCALE_NONE)
        return raw;
    d = exattn_expr__num(b->pool, l->scale_value);
    return d ? exattn_expr__apply(b->pool, EXATTN_X_MUL, raw, d, err) : NULL;
}

static int
scores(exattn_block *b, const sublayer *sl, exattn_head_nodes *h,
       exattn_error_t *err)
{
    exattn_xnode *acc, *t;
    size_t i, j, c;
    int fresh = 0;

    if ((h->s = exattn_block__alloc(b, b->n * sl->m)) == NULL)
        return exattn_block__nomem(b, err);
    for (i = 0; i < b->n; i++)
        for (j = 0; j < sl->m; j++)
        {
            acc = NULL;
            for (c = 0; c < h->dk; c++)
            {
                t = exattn_expr__apply(b->pool, EXATTN_X_MUL,
                                       h->q[i * h->dk + c],
                                       h->k[j * h->dk + c], err);
                acc = exattn_block__link(b, EXATTN_X_ADD, acc, t, &fresh,
                                         err);
                if (acc == NULL)
                    return exattn_block__failed(b, err);
            }
            if (acc == NULL)
                acc = exattn_expr__num_si(b->pool, 0);
            h->s[i * sl->m + j] = acc ? scaled(b, acc, h->dk, err) : NULL;
            if (h->s[i * sl->m + j] == NULL)
                return exattn_block__failed(b, err);
        }
    return EXATTN_OK;
}

/* The rule for row i: are the allowed scores all equal, proved so, or is
 * one of them proved different from the first? */
/* Is some visible score of row i proved different from s[first], its
 * sign decided by enclosures up to `prec` bits? */
static int
some_score_differs(exattn_block *b, const sublayer *sl, exattn_head_nodes *h,
                   size_t i, size_t first, mpfr_prec_t prec,
                   exattn_error_t *err)
{
    exattn_xnode **s = h->s + i * sl->m, *diff;
    exattn_error_t local;
    size_t j;
    int sign;

    for (j = first + 1; j < sl->m; j++)
    {
        if (!visible(b, sl, i, j) || exattn_expr__same(s[j], s[first]))
            continue;
        exattn_error_init(&local);
        diff = exattn_expr__apply(b->pool, EXATTN_X_SUB, s[j], s[first],
                                  err);
        if (diff != NULL
            && exattn_expr__sign(&sign, diff, prec, b->lesson->file,
                                 &local) == EXATTN_OK && sign != 0)
            return 1;
    }
    return 0;
}

/* Below this many bits every pair is tried before any is refined to the
 * cap: one pair proved different is the proof, and a pair whose
 * difference is a zero the normal forms do not see would otherwise be
 * refined to the cap first (a block with positions: 7 s instead of
 * 0.07 s). */
#define QUICK_PREC 1024

static exattn_wrule
weight_rule(exattn_block *b, const sublayer *sl, exattn_head_nodes *h,
            size_t i, size_t first, size_t allowed, exattn_error_t *err)
{
    exattn_xnode **s = h->s + i * sl->m;
    mpfr_prec_t cap = b->max_prec ? b->max_prec
                                  : (mpfr_prec_t)EXATTN_DEFAULT_MAX_PREC;
    size_t j;
    int all_same = 1;

    if (allowed == 1)
        return EXATTN_WRULE_ONE;
    for (j = first + 1; j < sl->m; j++)
        if (visible(b, sl, i, j))
            all_same &= exattn_expr__same(s[j], s[first]);
    if (all_same)
        return EXATTN_WRULE_EQUAL;
    if ((cap > QUICK_PREC
         && some_score_differs(b, sl, h, i, first, QUICK_PREC, err))
        || some_score_differs(b, sl, h, i, first, b->max_prec, err))
        return EXATTN_WRULE_NAMED;
    return EXATTN_WRULE_UNDECIDED;
}

static int
weights_of_row(exattn_block *b, const sublayer *sl, exattn_head_nodes *h,
               size_t i, exattn_error_t *err)
{
    exattn_xnode **w = h->w + i * sl->m, **s = h->s + i * sl->m, *z = NULL;
    exattn_xnode *e = exattn_expr__apply(b->pool, EXATTN_X_E, NULL, NULL,
                                         err), *p;
    size_t j, first = sl->m, allowed = 0;
    int fresh = 0;
    mpq_t q;

    for (j = 0; j < sl->m; j++)
        if (visible(b, sl, i, j))
            allowed++, first = first < j ? first : j;
    h->rule[i] = weight_rule(b, sl, h, i, first, allowed, err);
    mpq_init(q);
    mpq_set_ui(q, 1, (unsigned long)allowed);
    for (j = 0; j < sl->m; j++)
    {
        if (!visible(b, sl, i, j))
            w[j] = exattn_expr__num_si(b->pool, 0);
        else if (h->rule[i] <= EXATTN_WRULE_EQUAL)
            w[j] = exattn_expr__num(b->pool, q);
        else
            continue;
        if (w[j] == NULL)
            break;
    }
    mpq_clear(q);
    if (j < sl->m || e == NULL)
        return exattn_block__nomem(b, err);
    if (h->rule[i] <= EXATTN_WRULE_EQUAL)
        return EXATTN_OK;
    for (j = 0; j < sl->m; j++)
        if (visible(b, sl, i, j))
        {
            p = exattn_expr__exp_written(b->pool, e, s[j], err);
            z = exattn_block__link(b, EXATTN_X_ADD, z, p, &fresh, err);
            if (z == NULL)
                return exattn_block__failed(b, err);
        }
    for (j = 0; j < sl->m; j++)
        if (visible(b, sl, i, j))
        {
            p = exattn_expr__exp_written(b->pool, e, s[j], err);
            if (p == NULL || (w[j] = exattn_expr__apply(
                                  b->pool, EXATTN_X_DIV, p, z, err)) == NULL)
                return exattn_block__failed(b, err);
        }
    return EXATTN_OK;
}

/* Output coordinate c of row i is exact when every group of allowed keys
 * with the same score has the same exact mean value (the rule of
 * src/row/rule.c): then it is that mean, whatever the weights. */
static int
common_mean(exattn_block *b, const sublayer *sl, const exattn_head_nodes *h,
            size_t i, size_t c, mpq_t mean)
{
    exattn_xnode **s = h->s + i * sl->m;
    size_t j, k, count, groups = 0;
    mpq_t g, n;
    int ok = 1;

    mpq_init(g);
    mpq_init(n);
    for (j = 0; ok && j < sl->m; j++)
    {
        if (!visible(b, sl, i, j))
            continue;
        for (k = 0; k < j; k++)     /* j opens a group unless seen */
            if (visible(b, sl, i, k)
                && exattn_expr__same(s[k], s[j]))
                break;
        if (k < j)
            continue;
        mpq_set_ui(g, 0, 1);
        count = 0;
        for (k = j; ok && k < sl->m; k++)
            if (visible(b, sl, i, k)
                && exattn_expr__same(s[k], s[j]))
            {
                ok = h->v[k * h->dv + c]->exact;
                if (ok)
                    mpq_add(g, g, h->v[k * h->dv + c]->value);
                count++;
            }
        if (!ok)
            break;
        mpq_set_ui(n, (unsigned long)count, 1);
        mpq_div(g, g, n);
        if (groups++ == 0)
            mpq_set(mean, g);
        else
            ok = mpq_equal(g, mean);
    }
    mpq_clear(g);
    mpq_clear(n);
    return ok;
}

static int
head_output(exattn_block *b, const sublayer *sl, exattn_head_nodes *h,
            size_t i, exattn_error_t *err)
{
    exattn_xnode **out = h->out + i * h->dv, *t, *acc;
    size_t j, c;
    mpq_t mean;
    int exact, fresh = 0;

    mpq_init(mean);
    for (c = 0; c < h->dv; c++)
    {
        exact = h->rule[i] != EXATTN_WRULE_UNDECIDED
                && common_mean(b, sl, h, i, c, mean);
        acc = exact ? exattn_expr__num(b->pool, mean) : NULL;
        for (j = 0; !exact && j < sl->m; j++)
        {
            if (!visible(b, sl, i, j))
                continue;
            t = exattn_expr__apply(b->pool, EXATTN_X_MUL,
                                   h->w[i * sl->m + j],
                                   h->v[j * h->dv + c], err);
            acc = exattn_block__link(b, EXATTN_X_ADD, acc, t, &fresh, err);
            if (acc == NULL)
                break;
        }
        if ((out[c] = acc) == NULL)
            break;
    }
    mpq_clear(mean);
    return c < h->dv ? exattn_block__failed(b, err) : EXATTN_OK;
}

static int
label_head(exattn_block *b, const sublayer *sl, exattn_head_nodes *h,
           size_t k, exattn_error_t *err)
{
    exattn_xnode **tables[6];
    size_t rows[6], cols[6], t;
    int rc = EXATTN_OK;

    tables[0] = h->q, rows[0] = b->n, cols[0] = h->dk;
    tables[1] = h->k, rows[1] = sl->m, cols[1] = h->dk;
    tables[2] = h->v, rows[2] = sl->m, cols[2] = h->dv;
    tables[3] = h->s, rows[3] = b->n, cols[3] = sl->m;
    tables[4] = h->w, rows[4] = b->n, cols[4] = sl->m;
    tables[5] = h->out, rows[5] = b->n, cols[5] = h->dv;
    for (t = 0; rc == EXATTN_OK && t < 6; t++)
        rc = exattn_block__label_stage(b, tables[t],
                                       (exattn_stage_t)(sl->first + t), k,
                                       rows[t], cols[t], err);
    return rc;
}

static int
head(exattn_block *b, const sublayer *sl, size_t k, exattn_error_t *err)
{
    const exattn_head_spec *hs = &sl->specs[k];
    exattn_head_nodes *h = &sl->heads[k];
    size_t i;
    int rc;

    h->dk = hs->wq.cols;
    h->dv = hs->wv.cols;
    if ((rc = project(b, &h->q, sl->queries, b->n, sl->q_width, &hs->wq,
                      err)) != EXATTN_OK
        || (rc = project(b, &h->k, sl->source, sl->m, sl->source_width,
                         &hs->wk, err)) != EXATTN_OK
        || (rc = project(b, &h->v, sl->source, sl->m, sl->source_width,
                         &hs->wv, err)) != EXATTN_OK
        || (rc = scores(b, sl, h, err)) != EXATTN_OK)
        return rc;
    h->w = exattn_block__alloc(b, b->n * sl->m);
    h->out = exattn_block__alloc(b, b->n * h->dv);
    h->rule = calloc(b->n ? b->n : 1, sizeof *h->rule);
    if (h->w == NULL || h->out == NULL || h->rule == NULL)
        return exattn_block__nomem(b, err);
    for (i = 0; i < b->n; i++)
        if ((rc = weights_of_row(b, sl, h, i, err)) != EXATTN_OK
            || (rc = head_output(b, sl, h, i, err)) != EXATTN_OK)
            return rc;
    return label_head(b, sl, h, k, err);
}

/* attention = [H1, ..., HH] · W_O (W_O absent: the one head itself). */
static int
output_projection(exattn_block *b, const sublayer *sl, exattn_error_t *err)
{
    const exattn_matrix *wo = sl->wo;
    size_t i, c, k, width = 0, off;
    exattn_xnode **cat, **attn;
    int rc;

    for (k = 0; k < sl->count; k++)
        width += sl->heads[k].dv;
    attn = b->q[sl->attn] = exattn_block__alloc(b, b->n * b->d);
    cat = exattn_block__alloc(b, width);
    if (attn == NULL || cat == NULL)
    {
        free(cat);
        return exattn_block__nomem(b, err);
    }
    rc = EXATTN_OK;
    for (i = 0; rc == EXATTN_OK && i < b->n; i++)
    {
        for (k = 0, off = 0; k < sl->count; off += sl->heads[k++].dv)
            for (c = 0; c < sl->heads[k].dv; c++)
                cat[off + c] = sl->heads[k].out[i * sl->heads[k].dv + c];
        for (c = 0; rc == EXATTN_OK && c < b->d; c++)
        {
            attn[i * b->d + c] = wo->rows ? exattn_block__combine(
                                     b, cat, 1, wo, c, err) : cat[c];
            if (attn[i * b->d + c] == NULL)
                rc = exattn_block__failed(b, err);
        }
    }
    free(cat);
    if (rc == EXATTN_OK && wo->rows)
        rc = exattn_block__label_stage(b, attn, sl->attn, 0, b->n, b->d,
                                       err);
    return rc;
}

static int
sublayer_attend(exattn_block *b, const sublayer *sl, exattn_error_t *err)
{
    size_t k;
    int rc;

    for (k = 0; k < sl->count; k++)
        if ((rc = head(b, sl, k, err)) != EXATTN_OK)
            return rc;
    return output_projection(b, sl, err);
}

int
exattn_block__attend(exattn_block *b, exattn_error_t *err)
{
    sublayer sl;
    int rc;

    b->heads_count = b->spec->head_count;
    b->heads = calloc(b->heads_count, sizeof *b->heads);
    if (b->heads == NULL)
        return exattn_block__nomem(b, err);
    /* Pre-LN: the heads read the first norm of x' */
    if ((rc = inputs(b, err)) != EXATTN_OK
        || (b->spec->pre_ln && (rc = exattn_block__pre_norm(b, err))
                                   != EXATTN_OK)
        || (rc = sources(b, err)) != EXATTN_OK)
        return rc;
    sl.queries = b->q[b->spec->pre_ln ? EXATTN_STAGE_LN1
                                      : EXATTN_STAGE_INPUT];
    sl.q_width = b->d;
    sl.source = b->source;
    sl.m = b->m;
    sl.source_width = b->source_width;
    sl.masked = 1;
    sl.specs = b->spec->heads;
    sl.heads = b->heads;
    sl.count = b->heads_count;
    sl.wo = &b->spec->wo;
    sl.first = EXATTN_STAGE_Q;
    sl.attn = EXATTN_STAGE_ATTN;
    return sublayer_attend(b, &sl, err);
}

/* A decoder's second sublayer: queries from the first layer norm's
 * output u, keys and values from the encoder's output, every memory row
 * visible. */
int
exattn_block__attend_cross(exattn_block *b, exattn_error_t *err)
{
    const exattn_cross_spec *cs = &b->spec->cross;
    sublayer sl;
    size_t j, c;

    b->cross_count = cs->head_count;
    b->cross_heads = calloc(cs->head_count, sizeof *b->cross_heads);
    b->memory = exattn_block__alloc(b, cs->memory.rows * cs->memory.cols);
    if (b->cross_heads == NULL || b->memory == NULL)
        return exattn_block__nomem(b, err);
    for (j = 0; j < cs->memory.rows; j++)
        for (c = 0; c < cs->memory.cols; c++)
            if ((b->memory[j * cs->memory.cols + c] = exattn_expr__num(
                     b->pool, EXATTN_AT(&cs->memory, j, c))) == NULL)
                return exattn_block__nomem(b, err);
    sl.queries = b->q[EXATTN_STAGE_LN1];
    sl.q_width = b->d;
    sl.source = b->memory;
    sl.m = cs->memory.rows;
    sl.source_width = cs->memory.cols;
    sl.masked = 0;
    sl.specs = cs->heads;
    sl.heads = b->cross_heads;
    sl.count = b->cross_count;
    sl.wo = &cs->wo;
    sl.first = EXATTN_STAGE_CQ;
    sl.attn = EXATTN_STAGE_CATTN;
    return sublayer_attend(b, &sl, err);
}
