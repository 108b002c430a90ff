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
    exattn_sbuf__printf(j->out, ",\n    \"%s\": ", key);
    exattn_json__labels(j->out, l, count);
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

static void
string_field(exattn_sbuf *b, const char *name, const char *value)
{
    exattn_sbuf__printf(b, ", \"%s\": ", name);
    if (value)
        exattn_sbuf__json(b, value);
    else
        exattn_sbuf__puts(b, "null");
}

/* A head or a stage in the outline: where its rows are, and the heading
 * a page shows above them (its title, its line in text, its formula in
 * LaTeX), so that a page builder lays out any block in order. */
static void
outline_item(jsink *j, const exattn_doc_section *s)
{
    static const char *const rows[] = { "tokens", "keys", "positions",
                                        "memory" };
    exattn_sbuf *b = &j->outline;

    exattn_sbuf__puts(b, b->len ? ",\n      {" : "\n      {");
    if (s->kind == EXATTN_SECTION_HEAD)
        exattn_sbuf__printf(b, "\"head\": %zu, \"cross\": %s",
                            s->head + 1, s->cross ? "true" : "false");
    else
    {
        exattn_sbuf__printf(b, "\"stage\": \"%s\", \"head\": ",
                            s->stage);
        if (s->head == SIZE_MAX)
            exattn_sbuf__puts(b, "null");
        else
            exattn_sbuf__printf(b, "%zu", s->head + 1);
        string_field(b, "symbol", s->name[EXATTN_FORM_LATEX]);
        exattn_sbuf__printf(b, ", \"rows\": \"%s\", \"columns\": ",
                            rows[s->rows_are]);
        if (s->column_labels)
            exattn_json__labels(b, s->column_labels, s->cols);
        else
            exattn_sbuf__puts(b, "null");
        exattn_sbuf__printf(b, ", \"repeats\": %s",
                            s->repeats != EXATTN_REPEATS_NONE ? "true"
                                                              : "false");
    }
    string_field(b, "title", s->title);
    string_field(b, "text", s->heading[EXATTN_FORM_TEXT]);
    string_field(b, "latex", s->heading[EXATTN_FORM_LATEX]);
    exattn_sbuf__puts(b, "}");
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
        outline_item(j, s);
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
        outline_item(j, s);
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
        exattn_sbuf__puts(j->out, j->heads_open ? "]" : "");
        exattn_sbuf__puts(j->out, ",\n    \"outline\": [");
        exattn_sbuf__putn(j->out, j->outline.s ? j->outline.s : "",
                          j->outline.len);
        exattn_sbuf__puts(j->out, "]}");
        j->out->oom |= j->outline.oom;
        j->outline.len = 0;
        j->heads_open = 0;
        j->open = 0;
        break;
    default:
        break;
    }
}
