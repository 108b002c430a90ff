/* The text presentation of a block (docs/output-formats.md, "Blocks"):
 * one section per stage, one line per token, every vector exact or named,
 * certified decimals beneath on request. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "print/block.h"

typedef struct
{
    FILE *f;
    exattn_sbuf out;
    const exattn_block *b;
    const exattn_write_opts *opts;
    exattn_error_t *err;
} tctx;

static const char *const masks[] = {
    "none (every key visible)",
    "causal (key j visible to query i iff j <= i)",
    "explicit 0/1 matrix" };

/* "(e1, e2) (EXACT)" and, with decimals, "≈ (d1, d2)" on the next line. */
static int
vector(tctx *t, const char *lead, exattn_xnode **v, size_t count,
       const char *note)
{
    exattn_bentry *e = calloc(count ? count : 1, sizeof *e);
    size_t k;
    int rc = e ? EXATTN_OK : exattn_block__nomem(t->b, t->err), exact = 1;

    for (k = 0; rc == EXATTN_OK && k < count; k++)
    {
        rc = exattn_bentry__make(&e[k], v[k], t->b, EXATTN_TEXT, t->opts,
                                 t->err);
        exact &= e[k].exact;
    }
    if (rc == EXATTN_OK)
    {
        exattn_sbuf__printf(&t->out, "  %s = %s", lead, count > 1 ? "(" : "");
        for (k = 0; k < count; k++)
            exattn_sbuf__printf(&t->out, "%s%s", k ? ", " : "", e[k].text);
        exattn_sbuf__printf(&t->out, "%s (%s)%s%s\n", count > 1 ? ")" : "",
                            exact ? "EXACT" : "NAMED", note ? "; " : "",
                            note ? note : "");
        if (t->opts != NULL && t->opts->digits != EXATTN_DIGITS_NONE && !exact)
        {
            exattn_sbuf__printf(&t->out, "      ≈ %s", count > 1 ? "(" : "");
            for (k = 0; k < count; k++)
                exattn_sbuf__printf(&t->out, "%s%s", k ? ", " : "",
                                    e[k].decimal ? e[k].decimal : "?");
            exattn_sbuf__puts(&t->out, count > 1 ? ")\n" : "\n");
            for (k = 0; k < count; k++)
                if (e[k].why)
                    exattn_sbuf__printf(&t->out, "      (entry %zu: %s)\n",
                                        k + 1, e[k].why);
        }
    }
    for (k = 0; e != NULL && k < count; k++)
        exattn_bentry__clear(&e[k]);
    free(e);
    return rc;
}

/* One line per row of a row-major table: "[label] name = (...)". */
static int
table(tctx *t, const char *name, exattn_xnode **v, size_t rows,
      size_t cols, char *const *labels)
{
    char lead[160];
    size_t i;
    int rc = EXATTN_OK;

    for (i = 0; rc == EXATTN_OK && i < rows; i++)
    {
        snprintf(lead, sizeof lead, "[%.60s] %s", labels[i], name);
        rc = vector(t, lead, v + i * cols, cols, NULL);
    }
    return rc;
}

static void
header(tctx *t)
{
    const exattn_block *b = t->b;
    const exattn_lesson *l = b->lesson;
    size_t h;

    if (l->title)
        exattn_sbuf__printf(&t->out, "%s\n", l->title);
    exattn_sbuf__printf(&t->out, "block: %s%s\n",
        b->spec->memory.rows
            ? "cross-attention (queries from X, keys and values from "
              "memory)"
            : "self-attention",
        b->spec->ln1.present ? ", Post-LN (residual, then LayerNorm)"
                             : ", residual");
    exattn_sbuf__printf(&t->out, "shape: n=%zu tokens, m=%zu keys, "
                        "d_model=%zu, %zu head%s (", b->n, b->m, b->d,
                        b->heads_count, b->heads_count > 1 ? "s" : "");
    for (h = 0; h < b->heads_count; h++)
        exattn_sbuf__printf(&t->out, "%sd_k=%zu, d_v=%zu", h ? "; " : "",
                            b->heads[h].dk, b->heads[h].dv);
    exattn_sbuf__puts(&t->out, ")");
    if (b->spec->has_ffn)
        exattn_sbuf__printf(&t->out, ", d_ff=%zu", b->dff);
    exattn_sbuf__printf(&t->out, "\nmask: %s\n", masks[l->mask_kind]);
    if (b->spec->scale_per_head)
        exattn_sbuf__puts(&t->out, "scale: 1/√d_k in each head\n");
}

static int
positions(tctx *t)
{
    const exattn_block *b = t->b;
    char lead[64];
    size_t p;
    int rc = EXATTN_OK;

    if (!b->spec->positional)
        return EXATTN_OK;
    exattn_sbuf__printf(&t->out, "\npositional encoding (sinusoidal, "
        "d_model=%zu): PE(p,2r) = sin(p/10000^(2r/%zu)), PE(p,2r+1) = "
        "cos(p/10000^(2r/%zu))\n", b->d, b->d, b->d);
    for (p = 0; rc == EXATTN_OK && p < b->n; p++)
    {
        snprintf(lead, sizeof lead, "PE(%zu)", p);
        rc = vector(t, lead, b->q[EXATTN_BQ_PE] + p * b->d, b->d, NULL);
    }
    if (rc != EXATTN_OK)
        return rc;
    exattn_sbuf__puts(&t->out, "input: x' = X + PE (position p = row - 1)\n");
    return table(t, "x'", b->q[EXATTN_BQ_INPUT], b->n, b->d,
                 b->lesson->query_labels);
}

static const char *
rule_note(exattn_wrule r)
{
    switch (r)
    {
    case EXATTN_WRULE_ONE: return "one allowed key: its weight is exactly 1";
    case EXATTN_WRULE_EQUAL: return "equal scores: exactly 1/|A| each";
    case EXATTN_WRULE_NAMED: return "scores proved different";
    default: return "exactness undecided: the scores are not proved equal "
                    "or different within the precision cap";
    }
}

static int
head(tctx *t, size_t k)
{
    const exattn_block *b = t->b;
    const exattn_head_nodes *h = &b->heads[k];
    const exattn_lesson *l = b->lesson;
    const char *src = b->spec->memory.rows ? "memory" : "x'";
    char lead[160], name[32];
    size_t i;
    int rc;

    exattn_sbuf__printf(&t->out, "\nhead %zu: q = x'·W_Q, k = %s·W_K, "
                        "v = %s·W_V\n", k + 1, src, src);
    if ((rc = table(t, "q", h->q, b->n, h->dk, l->query_labels))
            != EXATTN_OK
        || (rc = table(t, "k", h->k, b->m, h->dk, l->key_labels))
               != EXATTN_OK
        || (rc = table(t, "v", h->v, b->m, h->dv, l->key_labels))
               != EXATTN_OK)
        return rc;
    exattn_sbuf__puts(&t->out, "scaled scores s = q·k × scale, over the "
                      "keys; weights a = softmax over the allowed keys\n");
    if ((rc = table(t, "s", h->s, b->n, b->m, l->query_labels))
        != EXATTN_OK)
        return rc;
    for (i = 0; rc == EXATTN_OK && i < b->n; i++)
    {
        snprintf(lead, sizeof lead, "[%.60s] a", l->query_labels[i]);
        rc = vector(t, lead, h->w + i * b->m, b->m, rule_note(h->rule[i]));
    }
    snprintf(name, sizeof name, "H%zu", k + 1);
    exattn_sbuf__printf(&t->out, "output %s = Σ a·v\n", name);
    return rc ? rc : table(t, name, h->out, b->n, h->dv, l->query_labels);
}

static int
attention(tctx *t)
{
    const exattn_block *b = t->b;
    size_t k;
    int rc = EXATTN_OK;

    for (k = 0; rc == EXATTN_OK && k < b->heads_count; k++)
        rc = head(t, k);
    if (rc != EXATTN_OK)
        return rc;
    if (b->spec->wo.rows)
    {
        exattn_sbuf__puts(&t->out, "\nmulti-head: A = [");
        for (k = 0; k < b->heads_count; k++)
            exattn_sbuf__printf(&t->out, "%sH%zu", k ? ", " : "", k + 1);
        exattn_sbuf__puts(&t->out, "]·W_O\n");
        rc = table(t, "A", b->q[EXATTN_BQ_ATTN], b->n, b->d,
                   b->lesson->query_labels);
    }
    else
        exattn_sbuf__puts(&t->out, "\none head, no W_O: A = H1\n");
    if (rc == EXATTN_OK)
    {
        exattn_sbuf__puts(&t->out, "\nresidual: z = x' + A\n");
        rc = table(t, "z", b->q[EXATTN_BQ_RES1], b->n, b->d,
                   b->lesson->query_labels);
    }
    return rc;
}

static void
norm_params(tctx *t, const exattn_norm_spec *ns)
{
    size_t c;

    exattn_sbuf__puts(&t->out, "γ = (");
    for (c = 0; c < ns->gamma.cols; c++)
    {
        exattn_sbuf__puts(&t->out, c ? ", " : "");
        exattn_sbuf__mpq(&t->out, EXATTN_AT(&ns->gamma, 0, c));
    }
    exattn_sbuf__puts(&t->out, "), β = (");
    for (c = 0; c < ns->beta.cols; c++)
    {
        exattn_sbuf__puts(&t->out, c ? ", " : "");
        exattn_sbuf__mpq(&t->out, EXATTN_AT(&ns->beta, 0, c));
    }
    exattn_sbuf__puts(&t->out, "), ε");
    if (ns->eps_symbol && strcmp(ns->eps_symbol, "ε") != 0)
        exattn_sbuf__printf(&t->out, " written %s", ns->eps_symbol);
    if (ns->eps_symbol && !ns->eps_has_value)
        exattn_sbuf__puts(&t->out, " symbolic (> 0, no value)");
    else
        exattn_sbuf__puts(&t->out, ns->eps_symbol ? " standing for "
                                                  : " = ");
    if (ns->eps_has_value)
        exattn_sbuf__mpq(&t->out, ns->eps);
    exattn_sbuf__puts(&t->out, "\n");
}

static int
norm(tctx *t, const exattn_norm_spec *ns, exattn_bq mean, exattn_bq var,
     exattn_bq out, const char *z, const char *const name[3])
{
    const exattn_block *b = t->b;
    char lead[160];
    size_t i;
    int rc = EXATTN_OK;

    exattn_sbuf__printf(&t->out, "\nlayer norm: %s = γ·(%s − %s)/√(%s + ε)"
                        " + β, ", name[2], z, name[0], name[1]);
    norm_params(t, ns);
    for (i = 0; rc == EXATTN_OK && i < b->n; i++)
    {
        const char *lab = b->lesson->query_labels[i];

        snprintf(lead, sizeof lead, "[%.60s] %s", lab, name[0]);
        rc = vector(t, lead, b->q[mean] + i, 1, NULL);
        snprintf(lead, sizeof lead, "[%.60s] %s", lab, name[1]);
        if (rc == EXATTN_OK)
            rc = vector(t, lead, b->q[var] + i, 1, NULL);
        snprintf(lead, sizeof lead, "[%.60s] %s", lab, name[2]);
        if (rc == EXATTN_OK)
            rc = vector(t, lead, b->q[out] + i * b->d, b->d, NULL);
    }
    return rc;
}

static void
signs(tctx *t, size_t i)
{
    const exattn_block *b = t->b;
    size_t k;

    exattn_sbuf__puts(&t->out, "      ReLU signs (");
    for (k = 0; k < b->dff; k++)
    {
        signed char s = b->sign[i * b->dff + k];

        exattn_sbuf__printf(&t->out, "%s%s", k ? ", " : "",
                            s == EXATTN_SIGN_UNDECIDED ? "undecided"
                            : s > 0 ? "+ (proved)" : s < 0 ? "− (proved)"
                                                          : "0 (exact)");
    }
    exattn_sbuf__puts(&t->out, ")\n");
}

static int
feed_forward(tctx *t)
{
    const exattn_block *b = t->b;
    char lead[160];
    size_t i;
    int rc = EXATTN_OK;

    exattn_sbuf__puts(&t->out, "\nfeed-forward: h = u·W_1 + b_1, r = "
                      "max(0, h), f = r·W_2 + b_2\n");
    for (i = 0; rc == EXATTN_OK && i < b->n; i++)
    {
        snprintf(lead, sizeof lead, "[%.60s] h", b->lesson->query_labels[i]);
        rc = vector(t, lead, b->q[EXATTN_BQ_HIDDEN] + i * b->dff, b->dff,
                    NULL);
        if (rc == EXATTN_OK)
            signs(t, i);
    }
    if (rc == EXATTN_OK)
        rc = table(t, "r", b->q[EXATTN_BQ_RELU], b->n, b->dff,
                   b->lesson->query_labels);
    if (rc == EXATTN_OK)
        rc = table(t, "f", b->q[EXATTN_BQ_FFN], b->n, b->d,
                   b->lesson->query_labels);
    if (rc == EXATTN_OK)
    {
        exattn_sbuf__puts(&t->out, "\nresidual: z' = u + f\n");
        rc = table(t, "z'", b->q[EXATTN_BQ_RES2], b->n, b->d,
                   b->lesson->query_labels);
    }
    return rc;
}

static int
layers(tctx *t)
{
    static const char *const first[3] = { "μ", "σ²", "u" };
    static const char *const second[3] = { "μ'", "σ'²", "y" };
    const exattn_block_spec *s = t->b->spec;
    int rc;

    if (!s->ln1.present)
        return EXATTN_OK;
    if ((rc = norm(t, &s->ln1, EXATTN_BQ_MEAN1, EXATTN_BQ_VAR1,
                   EXATTN_BQ_LN1, "z", first)) != EXATTN_OK
        || !s->has_ffn
        || (rc = feed_forward(t)) != EXATTN_OK)
        return rc;
    return norm(t, &s->ln2, EXATTN_BQ_MEAN2, EXATTN_BQ_VAR2, EXATTN_BQ_LN2,
                "z'", second);
}

int
exattn_block__write_text(FILE *f, const exattn_lesson *l,
                         const exattn_write_opts *opts, exattn_error_t *err)
{
    exattn_block *b = NULL;
    tctx t;
    int rc = exattn_block_new(&b, l, opts ? opts->max_prec : 0, err);

    if (rc != EXATTN_OK)
        return rc;
    t.f = f;
    t.b = b;
    t.opts = opts;
    t.err = err;
    exattn_sbuf__init(&t.out);
    header(&t);
    rc = positions(&t);
    if (rc == EXATTN_OK)
        rc = attention(&t);
    if (rc == EXATTN_OK)
        rc = layers(&t);
    if (rc == EXATTN_OK)
        rc = exattn_sbuf__flush(&t.out, f, l->file, err);
    exattn_sbuf__clear(&t.out);
    exattn_block_free(b);
    return rc;
}
