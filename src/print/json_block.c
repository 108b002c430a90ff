/* The JSON of a block (docs/output-formats.md, "Blocks"): every entry
 * {"status", "value" (exact only), "why", "text", "latex", "decimal"},
 * one array per stage.  The JSON writer (json.c) hands it a block's
 * sections. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "print/json.h"

typedef exattn_json_block jsink;

static void
labels(jsink *j, const char *key, char *const *l, size_t count)
{
    size_t k;

    exattn_sbuf__printf(j->out, ",\n    \"%s\": [", key);
    for (k = 0; k < count; k++)
    {
        exattn_sbuf__puts(j->out, k ? ", " : "");
        exattn_sbuf__json(j->out, l[k]);
    }
    exattn_sbuf__puts(j->out, "]");
}

static void
block_begin(jsink *j, const exattn_doc_section *s)
{
    const exattn_doc_block *k = s->block;

    exattn_sbuf__printf(j->out, "\"block\": {\"attention_kind\": \"%s\", "
                        "\"n\": %zu, \"m\": %zu, \"d_model\": %zu, "
                        "\"d_ff\": %zu", k->decoder ? "decoder"
                                         : k->cross ? "cross" : "self",
                        k->n, k->m, k->d_model, k->d_ff);
    if (k->post_ln || k->pre_ln)
        exattn_sbuf__printf(j->out, ", \"order\": \"%s\", \"norm\": \"%s\"",
                            k->pre_ln ? "pre" : "post",
                            k->rms_norm ? "rms_norm" : "layer_norm");
    labels(j, "tokens", s->header->query_labels, k->n);
    labels(j, "keys", s->header->key_labels, k->m);
    if (k->decoder)
        labels(j, "memory", k->memory_labels, k->memory_rows);
}

/* One row: a list however narrow ([[e], [e]] for one column); a mean's
 * or a variance's one value per token, flat. */
void
exattn_json__block_entry(jsink *j, const exattn_doc_entry *e)
{
    static const char *const rules[] = { "one allowed key", "equal scores",
                                         "named", "undecided" };
    size_t c;
    int nest = !j->stage->per_token;

    exattn_sbuf__puts(j->out, e->row ? ",\n      " : "\n      ");
    exattn_sbuf__puts(j->out, nest ? "[" : "");
    for (c = 0; c < e->count; c++)
    {
        exattn_sbuf__puts(j->out, c ? ", " : "");
        exattn_print__json_quantity(j->out, &e->values[c], 0);
    }
    exattn_sbuf__puts(j->out, nest ? "]" : "");
    if (j->stage->weights)
        exattn_sbuf__printf(&j->extra, "%s\"%s\"", e->row ? ", " : "",
                            rules[e->rule]);
    if (e->signs != NULL)
    {
        j->has_signs = 1;
        exattn_sbuf__puts(&j->extra, e->row ? ", [" : "[");
        for (c = 0; c < e->count; c++)
            exattn_sbuf__printf(&j->extra, "%s\"%s\"", c ? ", " : "",
                                e->signs[c] == EXATTN_SIGN_UNPROVED
                                    ? "undecided"
                                : e->signs[c] > 0 ? "+"
                                : e->signs[c] < 0 ? "-" : "0");
        exattn_sbuf__puts(&j->extra, "]");
    }
}

void
exattn_json__block_begin(jsink *j, const exattn_doc_section *s)
{
    switch (s->kind)
    {
    case EXATTN_SECTION_BLOCK:
        j->open = 1;
        block_begin(j, s);
        break;
    case EXATTN_SECTION_HEAD:
        exattn_sbuf__puts(j->out, s->head ? ","
                                   : s->cross ? ",\n    \"cross_heads\": ["
                                              : ",\n    \"heads\": [");
        exattn_sbuf__printf(j->out, "\n    {\"d_k\": %zu, \"d_v\": %zu",
                            s->d_k, s->d_v);
        j->heads_open = 1;
        break;
    case EXATTN_SECTION_STAGE:
        if (j->heads_open && s->head == SIZE_MAX)
        {
            exattn_sbuf__puts(j->out, "]");
            j->heads_open = 0;
        }
        j->stage = s;
        j->extra.len = 0;
        j->has_signs = 0;
        exattn_sbuf__printf(j->out, ",\n    \"%s\": [", s->stage);
        break;
    default:
        break;
    }
}

void
exattn_json__block_end(jsink *j, const exattn_doc_section *s)
{
    switch (s->kind)
    {
    case EXATTN_SECTION_HEAD:
        exattn_sbuf__puts(j->out, "}");
        break;
    case EXATTN_SECTION_STAGE:
        exattn_sbuf__puts(j->out, "]");
        /* the rule of each row's weights; the sign of each ReLU input */
        if (s->weights)
            exattn_sbuf__printf(j->out, ",\n    \"%s_rule\": [%s]", s->stage,
                                j->extra.s ? j->extra.s : "");
        else if (j->has_signs)
            exattn_sbuf__printf(j->out, ",\n    \"relu_signs\": [%s]",
                                j->extra.s ? j->extra.s : "");
        j->out->oom |= j->extra.oom;
        break;
    case EXATTN_SECTION_BLOCK:
        exattn_sbuf__puts(j->out, j->heads_open ? "]}" : "}");
        j->heads_open = 0;
        j->open = 0;
        break;
    default:
        break;
    }
}
