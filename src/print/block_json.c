/* The JSON document of a block (docs/output-formats.md, "Blocks"): every
 * entry {"status", "value" (exact only), "text", "latex", "decimal"}. */
#include <stdio.h>
#include "print/block.h"

typedef struct
{
    exattn_sbuf out;
    const exattn_block *b;
    const exattn_write_opts *opts;
    exattn_error_t *err;
} jctx;

static int
entry(jctx *j, const exattn_xnode *n)
{
    exattn_bentry text, tex;
    int rc = exattn_bentry__make(&text, n, j->b, EXATTN_TEXT, j->opts,
                                 j->err);

    if (rc != EXATTN_OK)
        return rc;
    rc = exattn_bentry__make(&tex, n, j->b, EXATTN_LATEX, NULL, j->err);
    if (rc == EXATTN_OK)
    {
        exattn_sbuf__printf(&j->out, "{\"status\": \"%s\", ",
                            n->exact ? "exact" : "named");
        if (n->exact)
        {
            exattn_sbuf__puts(&j->out, "\"value\": ");
            exattn_sbuf__json(&j->out, text.text);
            exattn_sbuf__puts(&j->out, ", ");
        }
        exattn_sbuf__puts(&j->out, "\"text\": ");
        exattn_sbuf__json(&j->out, text.text);
        exattn_sbuf__puts(&j->out, ", \"latex\": ");
        exattn_sbuf__json(&j->out, tex.text);
        if (j->opts != NULL && j->opts->digits != EXATTN_DIGITS_NONE)
        {
            exattn_sbuf__puts(&j->out, ", \"decimal\": ");
            if (text.decimal)
                exattn_sbuf__json(&j->out, text.decimal);
            else
            {
                exattn_sbuf__puts(&j->out, "null, \"undecided\": ");
                exattn_sbuf__json(&j->out, text.why ? text.why : "");
            }
        }
        exattn_sbuf__puts(&j->out, "}");
        exattn_bentry__clear(&tex);
    }
    exattn_bentry__clear(&text);
    return rc;
}

/* "key": [[...], ...] for a row-major table, a list of rows however
 * narrow (a width-1 table is [[e], [e]]); with `per_token` the one
 * entry per token of a mean or a variance, a flat list. */
static int
rows_of(jctx *j, const char *key, exattn_xnode **t, size_t rows,
        size_t cols, int per_token)
{
    size_t r, c;
    int rc = EXATTN_OK, nest = !per_token || t == NULL;

    exattn_sbuf__printf(&j->out, ",\n    \"%s\": [", key);
    for (r = 0; rc == EXATTN_OK && r < rows; r++)
    {
        exattn_sbuf__puts(&j->out, r ? ",\n      " : "\n      ");
        if (nest)
            exattn_sbuf__puts(&j->out, "[");
        for (c = 0; rc == EXATTN_OK && t != NULL && c < cols; c++)
        {
            exattn_sbuf__puts(&j->out, c ? ", " : "");
            rc = entry(j, t[r * cols + c]);
        }
        if (nest)
            exattn_sbuf__puts(&j->out, "]");
    }
    exattn_sbuf__puts(&j->out, "]");
    return rc;
}

static int
table(jctx *j, const char *key, exattn_xnode **t, size_t rows, size_t cols)
{
    return rows_of(j, key, t, rows, cols, 0);
}

static void
labels(jctx *j, const char *key, char *const *l, size_t count)
{
    size_t k;

    exattn_sbuf__printf(&j->out, ",\n    \"%s\": [", key);
    for (k = 0; k < count; k++)
    {
        exattn_sbuf__puts(&j->out, k ? ", " : "");
        exattn_sbuf__json(&j->out, l[k]);
    }
    exattn_sbuf__puts(&j->out, "]");
}

static int
head(jctx *j, size_t k)
{
    static const char *const rules[] = { "one allowed key", "equal scores",
                                         "named", "undecided" };
    const exattn_block *b = j->b;
    const exattn_head_nodes *h = &b->heads[k];
    size_t i;
    int rc;

    exattn_sbuf__printf(&j->out, "%s\n    {\"d_k\": %zu, \"d_v\": %zu",
                        k ? "," : "", h->dk, h->dv);
    if ((rc = table(j, "q", h->q, b->n, h->dk)) != EXATTN_OK
        || (rc = table(j, "k", h->k, b->m, h->dk)) != EXATTN_OK
        || (rc = table(j, "v", h->v, b->m, h->dv)) != EXATTN_OK
        || (rc = table(j, "scores", h->s, b->n, b->m)) != EXATTN_OK
        || (rc = table(j, "weights", h->w, b->n, b->m)) != EXATTN_OK)
        return rc;
    exattn_sbuf__puts(&j->out, ",\n    \"weights_rule\": [");
    for (i = 0; i < b->n; i++)
        exattn_sbuf__printf(&j->out, "%s\"%s\"", i ? ", " : "",
                            rules[h->rule[i]]);
    exattn_sbuf__puts(&j->out, "]");
    rc = table(j, "output", h->out, b->n, h->dv);
    exattn_sbuf__puts(&j->out, "}");
    return rc;
}

static int
norm(jctx *j, const char *key, exattn_bq mean, exattn_bq var, exattn_bq out)
{
    const exattn_block *b = j->b;
    char name[64];
    int rc;

    snprintf(name, sizeof name, "%s_mean", key);
    if ((rc = rows_of(j, name, b->q[mean], b->n, 1, 1)) != EXATTN_OK)
        return rc;
    snprintf(name, sizeof name, "%s_variance", key);
    if ((rc = rows_of(j, name, b->q[var], b->n, 1, 1)) != EXATTN_OK)
        return rc;
    return table(j, key, b->q[out], b->n, b->d);
}

static void
signs(jctx *j)
{
    const exattn_block *b = j->b;
    size_t i, k;

    exattn_sbuf__puts(&j->out, ",\n    \"relu_signs\": [");
    for (i = 0; i < b->n; i++)
    {
        exattn_sbuf__puts(&j->out, i ? ", [" : "[");
        for (k = 0; k < b->dff; k++)
        {
            signed char s = b->sign[i * b->dff + k];

            exattn_sbuf__printf(&j->out, "%s\"%s\"", k ? ", " : "",
                                s == EXATTN_SIGN_UNDECIDED ? "undecided"
                                : s > 0 ? "+" : s < 0 ? "-" : "0");
        }
        exattn_sbuf__puts(&j->out, "]");
    }
    exattn_sbuf__puts(&j->out, "]");
}

static int
layers(jctx *j)
{
    const exattn_block *b = j->b;
    const exattn_block_spec *s = b->spec;
    int rc;

    if ((rc = table(j, "attention", b->q[EXATTN_BQ_ATTN], b->n, b->d))
            != EXATTN_OK
        || (rc = table(j, "residual", b->q[EXATTN_BQ_RES1], b->n, b->d))
               != EXATTN_OK
        || !s->ln1.present
        || (rc = norm(j, "ln1", EXATTN_BQ_MEAN1, EXATTN_BQ_VAR1,
                      EXATTN_BQ_LN1)) != EXATTN_OK
        || !s->has_ffn
        || (rc = table(j, "ffn_hidden", b->q[EXATTN_BQ_HIDDEN], b->n,
                       b->dff)) != EXATTN_OK)
        return rc;
    signs(j);
    if ((rc = table(j, "ffn_relu", b->q[EXATTN_BQ_RELU], b->n, b->dff))
            != EXATTN_OK
        || (rc = table(j, "ffn", b->q[EXATTN_BQ_FFN], b->n, b->d))
               != EXATTN_OK
        || (rc = table(j, "residual2", b->q[EXATTN_BQ_RES2], b->n, b->d))
               != EXATTN_OK)
        return rc;
    return norm(j, "ln2", EXATTN_BQ_MEAN2, EXATTN_BQ_VAR2, EXATTN_BQ_LN2);
}

static int
body(jctx *j)
{
    const exattn_block *b = j->b;
    size_t k;
    int rc = EXATTN_OK;

    exattn_sbuf__printf(&j->out, "\"block\": {\"attention_kind\": \"%s\", "
                        "\"n\": %zu, \"m\": %zu, \"d_model\": %zu, "
                        "\"d_ff\": %zu",
                        b->spec->memory.rows ? "cross" : "self", b->n, b->m,
                        b->d, b->dff);
    labels(j, "tokens", b->lesson->query_labels, b->n);
    labels(j, "keys", b->lesson->key_labels, b->m);
    if (b->spec->positional)
        rc = table(j, "pe", b->q[EXATTN_BQ_PE], b->n, b->d);
    if (rc == EXATTN_OK)
        rc = table(j, "input", b->q[EXATTN_BQ_INPUT], b->n, b->d);
    exattn_sbuf__puts(&j->out, ",\n    \"heads\": [");
    for (k = 0; rc == EXATTN_OK && k < b->heads_count; k++)
        rc = head(j, k);
    exattn_sbuf__puts(&j->out, "]");
    if (rc == EXATTN_OK)
        rc = layers(j);
    exattn_sbuf__puts(&j->out, "}");
    return rc;
}

int
exattn_block__write_json(FILE *f, const exattn_lesson *l,
                         const exattn_write_opts *opts, exattn_error_t *err)
{
    exattn_block *b = NULL;
    jctx j;
    int rc = exattn_block_new(&b, l, opts ? opts->max_prec : 0, err);

    if (rc != EXATTN_OK)
        return rc;
    j.b = b;
    j.opts = opts;
    j.err = err;
    exattn_sbuf__init(&j.out);
    exattn_sbuf__puts(&j.out, "{\"title\": ");
    if (l->title)
        exattn_sbuf__json(&j.out, l->title);
    else
        exattn_sbuf__puts(&j.out, "null");
    if (opts != NULL && opts->digits != EXATTN_DIGITS_NONE)
        exattn_sbuf__printf(&j.out, ",\n  \"digits\": %lu,\n  ",
                            opts->digits);
    else
        exattn_sbuf__puts(&j.out, ",\n  \"digits\": null,\n  ");
    rc = body(&j);
    exattn_sbuf__puts(&j.out, "}\n");
    if (rc == EXATTN_OK)
        rc = exattn_sbuf__flush(&j.out, f, l->file, err);
    exattn_sbuf__clear(&j.out);
    exattn_block_free(b);
    return rc;
}
