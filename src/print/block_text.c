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
#include "print/block.h"

typedef struct
{
    FILE *f;
    exattn_sbuf out;
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
header(tsink *t, const exattn_doc_section *s)
{
    const exattn_doc_block *k = s->block;
    size_t h;

    if (s->header->title && !t->nested)
        exattn_sbuf__printf(&t->out, "%s\n", s->header->title);
    exattn_sbuf__printf(&t->out, "block: %s\n", s->heading[EXATTN_FORM_TEXT]);
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
    exattn_sbuf__printf(&t->out, "\nmask: %s\n", masks[s->header->mask_kind]);
    if (k->scale_per_head)
        exattn_sbuf__puts(&t->out, "scale: 1/√d_k in each head\n");
}

/* The line that introduces a stage, for the stages that have one: a
 * part of the block (a sublayer, a norm) is set apart by a blank line. */
static void
stage_heading(tsink *t, const exattn_doc_section *s)
{
    if (s->heading[EXATTN_FORM_TEXT] == NULL)
        return;
    exattn_sbuf__printf(&t->out, "%s%s\n", s->opens_part ? "\n" : "",
                        s->heading[EXATTN_FORM_TEXT]);
}

static const char *
rule_note(exattn_rule_t r)
{
    switch (r)
    {
    case EXATTN_RULE_SINGLE_KEY:
        return "one allowed key: its weight is exactly 1";
    case EXATTN_RULE_EQUAL_SCORES: return "equal scores: exactly 1/|A| each";
    case EXATTN_RULE_SOFTMAX: return "scores not all equal (proved)";
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
    if (s->repeats != EXATTN_REPEATS_NONE)
        return EXATTN_OK;
    if (s->row_labels == NULL)
        exattn_sbuf__printf(&t->out, "  PE(%zu) = ", e->row);
    else
        exattn_sbuf__printf(&t->out, "  [%.60s] %s = ",
                            s->row_labels[e->row], s->name[EXATTN_FORM_TEXT]);
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
    if (s->weights)
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

    switch (s->kind)
    {
    case EXATTN_SECTION_BLOCK:
        t->blk = s->block;
        header(t, s);
        break;
    case EXATTN_SECTION_HEAD:
        exattn_sbuf__printf(&t->out, "\n%s\n", s->heading[EXATTN_FORM_TEXT]);
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

    return exattn_sbuf__flush(&t->out, t->f, s->header->file, t->err);
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
        return exattn_error__set(err, EXATTN_ENOMEM, exattn_lesson_file(l),
                                 0, 0, "out of memory");
    *sink = init;
    sink->notations = EXATTN_NOTATION_TEXT;
    sink->begin = begin;
    sink->entry = entry;
    sink->end = end;
    t->f = f;
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
