/* The attention sublayer of a block: sinusoidal positions added to X, each
 * head's projections, scaled scores, softmax weights and output, and W_O
 * over the concatenated heads.  Weights follow the exact-or-named rule of
 * src/row/rule.c, on named scores: one allowed key, or all allowed scores
 * proved equal, gives exact weights; scores proved different give named
 * ones; otherwise the rule is undecided and the weights stay named. */
#include <stdio.h>
#include <stdlib.h>
#include "block/block.h"

/* May query i attend to key j?  The lesson's mask, read as data (the
 * lesson model's functions are a layer above). */
static int
visible(const exattn_block *b, size_t i, size_t j)
{
    return b->lesson->allowed[i * b->lesson->m + j] != 0;
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

    in = b->q[EXATTN_BQ_INPUT] = exattn_block__alloc(b, b->n * d);
    if (s->positional)
        pe = b->q[EXATTN_BQ_PE] = exattn_block__alloc(b, b->n * d);
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
    return exattn_block__label_stage(b, in, EXATTN_BQ_INPUT, 0, b->n, d,
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
        b->source = b->q[EXATTN_BQ_INPUT];
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
scores(exattn_block *b, exattn_head_nodes *h, exattn_error_t *err)
{
    exattn_xnode *acc, *t;
    size_t i, j, c;
    int fresh = 0;

    if ((h->s = exattn_block__alloc(b, b->n * b->m)) == NULL)
        return exattn_block__nomem(b, err);
    for (i = 0; i < b->n; i++)
        for (j = 0; j < b->m; j++)
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
            h->s[i * b->m + j] = acc ? scaled(b, acc, h->dk, err) : NULL;
            if (h->s[i * b->m + j] == NULL)
                return exattn_block__failed(b, err);
        }
    return EXATTN_OK;
}

/* The rule for row i: are the allowed scores all equal, proved so, or is
 * one of them proved different from the first? */
static exattn_wrule
weight_rule(exattn_block *b, exattn_head_nodes *h, size_t i, size_t first,
            size_t allowed, exattn_error_t *err)
{
    exattn_xnode **s = h->s + i * b->m, *diff;
    exattn_error_t local;
    size_t j;
    int all_same = 1, sign;

    if (allowed == 1)
        return EXATTN_WRULE_ONE;
    for (j = first + 1; j < b->m; j++)
        if (visible(b, i, j))
            all_same &= exattn_expr__same(s[j], s[first]);
    if (all_same)
        return EXATTN_WRULE_EQUAL;
    for (j = first + 1; j < b->m; j++)
    {
        if (!visible(b, i, j)
            || exattn_expr__same(s[j], s[first]))
            continue;
        exattn_error_init(&local);
        diff = exattn_expr__apply(b->pool, EXATTN_X_SUB, s[j], s[first],
                                  err);
        if (diff != NULL
            && exattn_expr__sign(&sign, diff, b->max_prec, b->lesson->file,
                                 &local) == EXATTN_OK && sign != 0)
            return EXATTN_WRULE_NAMED;
    }
    return EXATTN_WRULE_UNDECIDED;
}

static int
weights_of_row(exattn_block *b, exattn_head_nodes *h, size_t i,
               exattn_error_t *err)
{
    exattn_xnode **w = h->w + i * b->m, **s = h->s + i * b->m, *z = NULL;
    exattn_xnode *e = exattn_expr__apply(b->pool, EXATTN_X_E, NULL, NULL,
                                         err), *p;
    size_t j, first = b->m, allowed = 0;
    int fresh = 0;
    mpq_t q;

    for (j = 0; j < b->m; j++)
        if (visible(b, i, j))
            allowed++, first = first < j ? first : j;
    h->rule[i] = weight_rule(b, h, i, first, allowed, err);
    mpq_init(q);
    mpq_set_ui(q, 1, (unsigned long)allowed);
    for (j = 0; j < b->m; j++)
    {
        if (!visible(b, i, j))
            w[j] = exattn_expr__num_si(b->pool, 0);
        else if (h->rule[i] <= EXATTN_WRULE_EQUAL)
            w[j] = exattn_expr__num(b->pool, q);
        else
            continue;
        if (w[j] == NULL)
            break;
    }
    mpq_clear(q);
    if (j < b->m || e == NULL)
        return exattn_block__nomem(b, err);
    if (h->rule[i] <= EXATTN_WRULE_EQUAL)
        return EXATTN_OK;
    for (j = 0; j < b->m; j++)
        if (visible(b, i, j))
        {
            p = exattn_expr__exp_written(b->pool, e, s[j], err);
            z = exattn_block__link(b, EXATTN_X_ADD, z, p, &fresh, err);
            if (z == NULL)
                return exattn_block__failed(b, err);
        }
    for (j = 0; j < b->m; j++)
        if (visible(b, i, j))
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
common_mean(exattn_block *b, const exattn_head_nodes *h, size_t i, size_t c,
            mpq_t mean)
{
    exattn_xnode **s = h->s + i * b->m;
    size_t j, k, count, groups = 0;
    mpq_t g, n;
    int ok = 1;

    mpq_init(g);
    mpq_init(n);
    for (j = 0; ok && j < b->m; j++)
    {
        if (!visible(b, i, j))
            continue;
        for (k = 0; k < j; k++)     /* j opens a group unless seen */
            if (visible(b, i, k)
                && exattn_expr__same(s[k], s[j]))
                break;
        if (k < j)
            continue;
        mpq_set_ui(g, 0, 1);
        count = 0;
        for (k = j; ok && k < b->m; k++)
            if (visible(b, i, k)
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
head_output(exattn_block *b, exattn_head_nodes *h, size_t i,
            exattn_error_t *err)
{
    exattn_xnode **out = h->out + i * h->dv, *t, *acc;
    size_t j, c;
    mpq_t mean;
    int exact, fresh = 0;

    mpq_init(mean);
    for (c = 0; c < h->dv; c++)
    {
        exact = h->rule[i] != EXATTN_WRULE_UNDECIDED
                && common_mean(b, h, i, c, mean);
        acc = exact ? exattn_expr__num(b->pool, mean) : NULL;
        for (j = 0; !exact && j < b->m; j++)
        {
            if (!visible(b, i, j))
                continue;
            t = exattn_expr__apply(b->pool, EXATTN_X_MUL,
                                   h->w[i * b->m + j],
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
label_head(exattn_block *b, exattn_head_nodes *h, size_t k,
           exattn_error_t *err)
{
    int rc;

    if ((rc = exattn_block__label_stage(b, h->q, EXATTN_BQ_Q, k, b->n, h->dk,
                                        err)) != EXATTN_OK
        || (rc = exattn_block__label_stage(b, h->k, EXATTN_BQ_K, k, b->m,
                                           h->dk, err)) != EXATTN_OK
        || (rc = exattn_block__label_stage(b, h->v, EXATTN_BQ_V, k, b->m,
                                           h->dv, err)) != EXATTN_OK
        || (rc = exattn_block__label_stage(b, h->s, EXATTN_BQ_SCORES, k,
                                           b->n, b->m, err)) != EXATTN_OK
        || (rc = exattn_block__label_stage(b, h->w, EXATTN_BQ_WEIGHTS, k,
                                           b->n, b->m, err)) != EXATTN_OK)
        return rc;
    return exattn_block__label_stage(b, h->out, EXATTN_BQ_HEAD, k, b->n,
                                     h->dv, err);
}

static int
head(exattn_block *b, size_t k, exattn_error_t *err)
{
    const exattn_head_spec *hs = &b->spec->heads[k];
    exattn_head_nodes *h = &b->heads[k];
    size_t i;
    int rc;

    h->dk = hs->wq.cols;
    h->dv = hs->wv.cols;
    if ((rc = project(b, &h->q, b->q[EXATTN_BQ_INPUT], b->n, b->d, &hs->wq,
                      err)) != EXATTN_OK
        || (rc = project(b, &h->k, b->source, b->m, b->source_width,
                         &hs->wk, err)) != EXATTN_OK
        || (rc = project(b, &h->v, b->source, b->m, b->source_width,
                         &hs->wv, err)) != EXATTN_OK
        || (rc = scores(b, h, err)) != EXATTN_OK)
        return rc;
    h->w = exattn_block__alloc(b, b->n * b->m);
    h->out = exattn_block__alloc(b, b->n * h->dv);
    h->rule = calloc(b->n ? b->n : 1, sizeof *h->rule);
    if (h->w == NULL || h->out == NULL || h->rule == NULL)
        return exattn_block__nomem(b, err);
    for (i = 0; i < b->n; i++)
        if ((rc = weights_of_row(b, h, i, err)) != EXATTN_OK
            || (rc = head_output(b, h, i, err)) != EXATTN_OK)
            return rc;
    return label_head(b, h, k, err);
}

/* attention = [H1, ..., HH] · W_O (W_O absent: the one head itself). */
static int
output_projection(exattn_block *b, exattn_error_t *err)
{
    const exattn_matrix *wo = &b->spec->wo;
    size_t i, c, k, width = 0, off;
    exattn_xnode **cat, **attn;
    int rc;

    for (k = 0; k < b->heads_count; k++)
        width += b->heads[k].dv;
    attn = b->q[EXATTN_BQ_ATTN] = exattn_block__alloc(b, b->n * b->d);
    cat = exattn_block__alloc(b, width);
    if (attn == NULL || cat == NULL)
    {
        free(cat);
        return exattn_block__nomem(b, err);
    }
    rc = EXATTN_OK;
    for (i = 0; rc == EXATTN_OK && i < b->n; i++)
    {
        for (k = 0, off = 0; k < b->heads_count; off += b->heads[k++].dv)
            for (c = 0; c < b->heads[k].dv; c++)
                cat[off + c] = b->heads[k].out[i * b->heads[k].dv + c];
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
        rc = exattn_block__label_stage(b, attn, EXATTN_BQ_ATTN, 0, b->n, b->d,
                                       err);
    return rc;
}

int
exattn_block__attend(exattn_block *b, exattn_error_t *err)
{
    size_t k;
    int rc;

    b->heads_count = b->spec->head_count;
    b->heads = calloc(b->heads_count, sizeof *b->heads);
    if (b->heads == NULL)
        return exattn_block__nomem(b, err);
    if ((rc = inputs(b, err)) != EXATTN_OK
        || (rc = sources(b, err)) != EXATTN_OK)
        return rc;
    for (k = 0; k < b->heads_count; k++)
        if ((rc = head(b, k, err)) != EXATTN_OK)
            return rc;
    return output_projection(b, err);
}
