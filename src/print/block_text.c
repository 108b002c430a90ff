/* The text presentation of a block (docs/output-formats.md, "Blocks"):
 * one section per stage, one line per row, every vector exact or named,
 * certified decimals beneath on request.  A sink of the derivation
 * document: the stages, their values and notes were decided there. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include "internal.h"
#include "exattn/doc.h"
#include "block/spec.h"
#include "print/block.h"

typedef struct
{
    FILE *f;
    exattn_sbuf out;
    const exattn_lesson *l;
    const exattn_doc_block *blk;
    const exattn_doc_section *stage;
    int nested;                 /* inside a lab lesson's document */
    exattn_error_t *err;
} tsink;

static const char *const masks[] = {
    "none (every key visible)",
    "causal (key j visible to query i iff j <= i)",
    "explicit 0/1 matrix",
    "additive matrix (0: visible, -inf: blocked)" };

static void
header(tsink *t, const exattn_doc_block *k)
{
    const exattn_lesson *l = t->l;
    size_t h;

    if (l->title && !t->nested)
        exattn_sbuf__printf(&t->out, "%s\n", l->title);
    exattn_sbuf__printf(&t->out, "block: %s%s\n",
        k->decoder ? "decoder (self-attention, then cross-attention to the "
                     "encoder's output, memory)"
        : k->cross ? "cross-attention (queries from X, keys and values from "
                     "memory)"
                   : "self-attention",
        k->post_ln ? ", Post-LN (residual, then LayerNorm)" : ", residual");
    exattn_sbuf__printf(&t->out, "shape: n=%zu tokens, m=%zu keys, "
                        "d_model=%zu, %zu head%s (", k->n, k->m, k->d_model,
                        k->heads, k->heads > 1 ? "s" : "");
    for (h = 0; h < k->heads; h++)
        exattn_sbuf__printf(&t->out, "%sd_k=%zu, d_v=%zu", h ? "; " : "",
                            k->d_k[h], k->d_v[h]);
    exattn_sbuf__puts(&t->out, ")");
    if (k->decoder)
    {
        exattn_sbuf__printf(&t->out, "; memory: m=%zu rows, %zu cross "
                            "head%s (", k->memory_rows, k->cross_heads,
                            k->cross_heads > 1 ? "s" : "");
        for (h = 0; h < k->cross_heads; h++)
            exattn_sbuf__printf(&t->out, "%sd_k=%zu, d_v=%zu", h ? "; " : "",
                                k->cross_d_k[h], k->cross_d_v[h]);
        exattn_sbuf__puts(&t->out, ")");
    }
    if (k->ffn)
        exattn_sbuf__printf(&t->out, ", d_ff=%zu", k->d_ff);
    exattn_sbuf__printf(&t->out, "\nmask: %s\n", masks[l->mask_kind]);
    if (k->scale_per_head)
        exattn_sbuf__puts(&t->out, "scale: 1/√d_k in each head\n");
}

/* "γ = (1, 1), β = (0, 0), ε = 1/100": a layer norm's parameters. */
static void
norm_params(tsink *t, const exattn_norm_spec *ns)
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

/* The line that introduces a stage, for the stages that have one. */
static void
stage_heading(tsink *t, const exattn_doc_section *s)
{
    const exattn_doc_block *k = t->blk;
    const char *id = s->stage;
    size_t h;

    if (strcmp(id, "pe") == 0)
        exattn_sbuf__printf(&t->out, "\npositional encoding (sinusoidal, "
            "d_model=%zu): PE(p,2r) = sin(p/10000^(2r/%zu)), PE(p,2r+1) = "
            "cos(p/10000^(2r/%zu))\n", k->d_model, k->d_model, k->d_model);
    else if (strcmp(id, "input") == 0 && k->positional)
        exattn_sbuf__puts(&t->out, "input: x' = X + PE (position p = "
                                   "row - 1)\n");
    else if (strcmp(id, "scores") == 0)
        exattn_sbuf__puts(&t->out, "scaled scores s = q·k × scale, over the "
                          "keys; weights a = softmax over the allowed "
                          "keys\n");
    else if (strcmp(id, "cross_scores") == 0)
        exattn_sbuf__puts(&t->out, "scaled scores cs = cq·ck × scale, over "
                          "the memory rows; weights ca = softmax over all of "
                          "them\n");
    else if (strcmp(id, "output") == 0)
        exattn_sbuf__printf(&t->out, "output %s = Σ a·v\n",
                            s->name[EXATTN_FORM_TEXT]);
    else if (strcmp(id, "cross_output") == 0)
        exattn_sbuf__printf(&t->out, "output %s = Σ ca·cv\n",
                            s->name[EXATTN_FORM_TEXT]);
    else if (strcmp(id, "cross_attention") == 0 && k->cross_w_o)
    {
        exattn_sbuf__puts(&t->out, "\ncross multi-head: Ac = [");
        for (h = 0; h < k->cross_heads; h++)
            exattn_sbuf__printf(&t->out, "%sC%zu", h ? ", " : "", h + 1);
        exattn_sbuf__puts(&t->out, "]·W_O\n");
    }
    else if (strcmp(id, "cross_attention") == 0)
        exattn_sbuf__puts(&t->out, "\none cross head, no W_O: Ac = C1\n");
    else if (strcmp(id, "cross_residual") == 0)
        exattn_sbuf__puts(&t->out, "\nresidual: zc = u + Ac\n");
    else if (strcmp(id, "cross_ln_mean") == 0)
    {
        exattn_sbuf__puts(&t->out, "\nlayer norm: uc = γ·(zc − μc)/√(σc² + "
                                   "ε) + β, ");
        norm_params(t, &t->l->block->cross.ln);
    }
    else if (strcmp(id, "attention") == 0 && k->w_o)
    {
        exattn_sbuf__puts(&t->out, "\nmulti-head: A = [");
        for (h = 0; h < k->heads; h++)
            exattn_sbuf__printf(&t->out, "%sH%zu", h ? ", " : "", h + 1);
        exattn_sbuf__puts(&t->out, "]·W_O\n");
    }
    else if (strcmp(id, "attention") == 0)
        exattn_sbuf__puts(&t->out, "\none head, no W_O: A = H1\n");
    else if (strcmp(id, "residual") == 0)
        exattn_sbuf__puts(&t->out, "\nresidual: z = x' + A\n");
    else if (strcmp(id, "ln1_mean") == 0)
    {
        exattn_sbuf__puts(&t->out, "\nlayer norm: u = γ·(z − μ)/√(σ² + ε) "
                                   "+ β, ");
        norm_params(t, &t->l->block->ln1);
    }
    else if (strcmp(id, "ffn_hidden") == 0)
        exattn_sbuf__printf(&t->out, "\nfeed-forward: h = %s·W_1 + b_1, r = "
                            "max(0, h), f = r·W_2 + b_2\n",
                            k->decoder ? "uc" : "u");
    else if (strcmp(id, "residual2") == 0)
        exattn_sbuf__printf(&t->out, "\nresidual: z' = %s + f\n",
                            k->decoder ? "uc" : "u");
    else if (strcmp(id, "ln2_mean") == 0)
    {
        exattn_sbuf__puts(&t->out, "\nlayer norm: y = γ·(z' − μ')/√(σ'² + "
                                   "ε) + β, ");
        norm_params(t, &t->l->block->ln2);
    }
}

static const char *
rule_note(exattn_rule_t r)
{
    switch (r)
    {
    case EXATTN_RULE_SINGLE_KEY:
        return "one allowed key: its weight is exactly 1";
    case EXATTN_RULE_EQUAL_SCORES: return "equal scores: exactly 1/|A| each";
    case EXATTN_RULE_SOFTMAX: return "scores proved different";
    default: return "exactness undecided: the scores are not proved equal "
                    "or different within the precision cap";
    }
}

static void
signs(tsink *t, const exattn_doc_entry *e)
{
    size_t k;

    exattn_sbuf__puts(&t->out, "      ReLU signs (");
    for (k = 0; k < e->count; k++)
        exattn_sbuf__printf(&t->out, "%s%s", k ? ", " : "",
                            e->signs[k] == EXATTN_SIGN_UNPROVED ? "undecided"
                            : e->signs[k] > 0 ? "+ (proved)"
                            : e->signs[k] < 0 ? "− (proved)" : "0 (exact)");
    exattn_sbuf__puts(&t->out, ")\n");
}

/* "≈ (d1, d2)" beneath a named row, and why an entry has none. */
static void
decimals(tsink *t, const exattn_doc_entry *e)
{
    size_t k;

    exattn_sbuf__printf(&t->out, "      ≈ %s", e->count > 1 ? "(" : "");
    for (k = 0; k < e->count; k++)
        exattn_sbuf__printf(&t->out, "%s%s", k ? ", " : "",
                            e->values[k].decimal ? e->values[k].decimal
                                                 : "?");
    exattn_sbuf__puts(&t->out, e->count > 1 ? ")\n" : "\n");
    for (k = 0; k < e->count; k++)
        if (e->values[k].undecided)
            exattn_sbuf__printf(&t->out, "      (entry %zu: %s)\n", k + 1,
                                e->values[k].undecided);
}

/* "  [grid] q = (e1, e2) (EXACT)" */
static int
entry(void *ctx, const exattn_doc_entry *e)
{
    tsink *t = ctx;
    const exattn_doc_section *s = t->stage;
    size_t k;
    int exact = 1, asked = 0;

    /* without positions the input is X itself, and with one head and no
     * W_O the heads' output is A: neither is printed again */
    if ((strcmp(s->stage, "input") == 0 && !t->blk->positional)
        || (strcmp(s->stage, "attention") == 0 && !t->blk->w_o)
        || (strcmp(s->stage, "cross_attention") == 0 && !t->blk->cross_w_o))
        return EXATTN_OK;
    if (s->rows_are == EXATTN_ROWS_POSITIONS)
        exattn_sbuf__printf(&t->out, "  PE(%zu) = ", e->row);
    else
        exattn_sbuf__printf(&t->out, "  [%.60s] %s = ",
                            s->rows_are == EXATTN_ROWS_KEYS
                                ? t->l->key_labels[e->row]
                            : s->rows_are == EXATTN_ROWS_MEMORY
                                ? t->blk->memory_labels[e->row]
                                : t->l->query_labels[e->row],
                            s->name[EXATTN_FORM_TEXT]);
    exattn_sbuf__puts(&t->out, e->count > 1 ? "(" : "");
    for (k = 0; k < e->count; k++)
    {
        const exattn_doc_value *v = &e->values[k];

        exattn_sbuf__puts(&t->out, k ? ", " : "");
        if (v->status == EXATTN_EXACT)
            exattn_sbuf__mpq(&t->out, v->exact);
        else
            exattn_sbuf__puts(&t->out, v->form[EXATTN_FORM_TEXT]);
        exact &= v->status == EXATTN_EXACT;
        asked |= v->decimal != NULL || v->undecided != NULL;
    }
    exattn_sbuf__printf(&t->out, "%s (%s)", e->count > 1 ? ")" : "",
                        exact ? "EXACT" : "NAMED");
    if (strcmp(s->stage, "weights") == 0
        || strcmp(s->stage, "cross_weights") == 0)
        exattn_sbuf__printf(&t->out, "; %s", rule_note(e->rule));
    exattn_sbuf__puts(&t->out, "\n");
    if (asked && !exact)
        decimals(t, e);
    if (e->signs != NULL)
        signs(t, e);
    return EXATTN_OK;
}

static int
begin(void *ctx, const exattn_doc_section *s)
{
    tsink *t = ctx;
    const char *src;

    switch (s->kind)
    {
    case EXATTN_SECTION_BLOCK:
        t->blk = s->block;
        header(t, s->block);
        break;
    case EXATTN_SECTION_HEAD:
        src = t->blk->cross ? "memory" : "x'";
        if (s->cross)
            exattn_sbuf__printf(&t->out, "\ncross-attention head %zu: cq = "
                                "u·W_Q, ck = memory·W_K, cv = memory·W_V\n",
                                s->head + 1);
        else
            exattn_sbuf__printf(&t->out, "\nhead %zu: q = x'·W_Q, k = "
                                "%s·W_K, v = %s·W_V\n", s->head + 1, src,
                                src);
        break;
    case EXATTN_SECTION_STAGE:
        t->stage = s;
        stage_heading(t, s);
        break;
    default:
        break;
    }
    return EXATTN_OK;
}

/* A stage is written out as soon as it is complete. */
static int
end(void *ctx, const exattn_doc_section *s)
{
    tsink *t = ctx;

    return exattn_sbuf__flush(&t->out, t->f, s->lesson->file, t->err);
}

int
exattn_block__text_open(void **ctx, exattn_doc_sink *sink, FILE *f,
                        const exattn_lesson *l, const exattn_write_opts *opts,
                        int nested, exattn_error_t *err)
{
    static const exattn_doc_sink init = EXATTN_DOC_SINK_INIT;
    tsink *t = calloc(1, sizeof *t);

    (void)opts;
    if ((*ctx = t) == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    *sink = init;
    sink->notations = EXATTN_NOTATION_TEXT;
    sink->begin = begin;
    sink->entry = entry;
    sink->end = end;
    t->f = f;
    t->l = l;
    t->nested = nested;
    t->err = err;
    exattn_sbuf__init(&t->out);
    return EXATTN_OK;
}

void
exattn_block__text_close(void *ctx)
{
    tsink *t = ctx;

    exattn_sbuf__clear(&t->out);
    free(t);
}

int
exattn_block__write_text(FILE *f, const exattn_lesson *l,
                         const exattn_write_opts *opts, exattn_error_t *err)
{
    exattn_doc_sink sink;
    void *t;
    int rc = exattn_block__text_open(&t, &sink, f, l, opts, 0, err);

    if (rc != EXATTN_OK)
        return rc;
    rc = exattn_derive(&sink, t, l, opts, err);
    exattn_block__text_close(t);
    return rc;
}
