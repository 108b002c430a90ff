/* The text presentation of a block (docs/output-formats.md, "Blocks"):
 * one section per stage, one line per row, every vector exact or named,
 * certified decimals beneath on request.  The text writer (text.c) hands
 * it a block's sections: the stages, their values and notes were decided
 * in the derivation document. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include "internal.h"
#include "exattn/doc.h"
#include "print/text.h"

typedef exattn_text_block tsink;

static void
header(tsink *t, const exattn_doc_section *s)
{
    const exattn_doc_block *k = s->block;
    size_t h;

    if (s->header->title && !t->nested)
        exattn_sbuf__printf(t->out, "%s\n", s->header->title);
    exattn_sbuf__printf(t->out, "block: %s\n", s->heading[EXATTN_FORM_TEXT]);
    exattn_sbuf__printf(t->out, "shape: n=%zu tokens, m=%zu keys, "
                        "d_model=%zu, %zu head%s (", k->n, k->m, k->d_model,
                        k->heads, k->heads > 1 ? "s" : "");
    for (h = 0; h < k->heads; h++)
        exattn_sbuf__printf(t->out, "%sd_k=%zu, d_v=%zu", h ? "; " : "",
                            k->d_k[h], k->d_v[h]);
    exattn_sbuf__puts(t->out, ")");
    if (k->decoder)
    {
        exattn_sbuf__printf(t->out, "; memory: m=%zu rows, %zu cross "
                            "head%s (", k->memory_rows, k->cross_heads,
                            k->cross_heads > 1 ? "s" : "");
        for (h = 0; h < k->cross_heads; h++)
            exattn_sbuf__printf(t->out, "%sd_k=%zu, d_v=%zu", h ? "; " : "",
                                k->cross_d_k[h], k->cross_d_v[h]);
        exattn_sbuf__puts(t->out, ")");
    }
    if (k->ffn)
        exattn_sbuf__printf(t->out, ", d_ff=%zu", k->d_ff);
    exattn_sbuf__printf(t->out, "\nmask: %s\n",
                        exattn_text__mask_kind(s->header->mask_kind));
    if (k->scale_per_head)
        exattn_sbuf__puts(t->out, "scale: 1/√d_k in each head\n");
}

/* The line that introduces a stage, for the stages that have one: a
 * part of the block (a sublayer, a norm) is set apart by a blank line. */
static void
stage_heading(tsink *t, const exattn_doc_section *s)
{
    if (s->heading[EXATTN_FORM_TEXT] == NULL)
        return;
    exattn_sbuf__printf(t->out, "%s%s\n", s->opens_part ? "\n" : "",
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

    exattn_sbuf__puts(t->out, "      ReLU signs (");
    for (k = 0; k < e->count; k++)
        exattn_sbuf__printf(t->out, "%s%s", k ? ", " : "",
                            e->signs[k] == EXATTN_SIGN_UNPROVED ? "undecided"
                            : e->signs[k] > 0 ? "+ (proved)"
                            : e->signs[k] < 0 ? "− (proved)" : "0 (exact)");
    exattn_sbuf__puts(t->out, ")\n");
}

/* "≈ (d1, d2)" beneath a named row, and why an entry has none. */
static void
decimals(tsink *t, const exattn_doc_entry *e)
{
    size_t k;

    exattn_sbuf__printf(t->out, "      ≈ %s", e->count > 1 ? "(" : "");
    for (k = 0; k < e->count; k++)
        exattn_sbuf__printf(t->out, "%s%s", k ? ", " : "",
                            e->values[k].decimal ? e->values[k].decimal
                                                 : "?");
    exattn_sbuf__puts(t->out, e->count > 1 ? ")\n" : "\n");
    for (k = 0; k < e->count; k++)
        if (e->values[k].undecided)
            exattn_sbuf__printf(t->out, "      (entry %zu: %s)\n", k + 1,
                                e->values[k].undecided);
}

/* "  [grid] q = (e1, e2) (EXACT)" */
void
exattn_text__block_entry(tsink *t, const exattn_doc_entry *e)
{
    const exattn_doc_section *s = t->stage;
    size_t k;
    int exact = 1, asked = 0;

    /* without positions the input is X itself, and with one head and no
     * W_O the heads' output is A: neither is printed again */
    if (s->repeats != EXATTN_REPEATS_NONE)
        return;
    if (s->row_labels == NULL)
        exattn_sbuf__printf(t->out, "  PE(%zu) = ", e->row);
    else
        exattn_sbuf__printf(t->out, "  [%.60s] %s = ",
                            s->row_labels[e->row], s->name[EXATTN_FORM_TEXT]);
    exattn_sbuf__puts(t->out, e->count > 1 ? "(" : "");
    for (k = 0; k < e->count; k++)
    {
        const exattn_doc_value *v = &e->values[k];

        exattn_sbuf__puts(t->out, k ? ", " : "");
        if (v->status == EXATTN_EXACT)
            exattn_sbuf__mpq(t->out, v->exact);
        else
            exattn_sbuf__puts(t->out, v->form[EXATTN_FORM_TEXT]);
        exact &= v->status == EXATTN_EXACT;
        asked |= v->decimal != NULL || v->undecided != NULL;
    }
    exattn_sbuf__printf(t->out, "%s (%s)", e->count > 1 ? ")" : "",
                        exact ? "EXACT" : "NAMED");
    if (s->weights)
        exattn_sbuf__printf(t->out, "; %s", rule_note(e->rule));
    exattn_sbuf__puts(t->out, "\n");
    if (asked && !exact)
        decimals(t, e);
    if (e->signs != NULL)
        signs(t, e);
}

void
exattn_text__block_begin(tsink *t, const exattn_doc_section *s)
{
    switch (s->kind)
    {
    case EXATTN_SECTION_BLOCK:
        t->open = 1;
        header(t, s);
        break;
    case EXATTN_SECTION_HEAD:
        exattn_sbuf__printf(t->out, "\n%s\n", s->heading[EXATTN_FORM_TEXT]);
        break;
    case EXATTN_SECTION_STAGE:
        t->stage = s;
        stage_heading(t, s);
        break;
    default:
        break;
    }
}

void
exattn_text__block_end(tsink *t, const exattn_doc_section *s)
{
    if (s->kind == EXATTN_SECTION_BLOCK)
        t->open = 0;
}
