/* The JSON document of a block (docs/output-formats.md, "Blocks"): every
 * entry {"status", "value" (exact only), "why", "text", "latex",
 * "decimal"}, one array per stage.  A sink of the derivation document. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "print/block.h"

typedef struct
{
    FILE *f;
    exattn_sbuf out;
    const exattn_doc_block *blk;
    const exattn_doc_section *stage;
    int heads_open;             /* the "heads" array is open */
    exattn_sbuf extra;          /* a stage's companion array, written after
                                   it: weights_rule, relu_signs */
    int has_signs;              /* the stage's rows carry ReLU signs */
    exattn_error_t *err;
} jsink;

static void
labels(jsink *j, const char *key, char *const *l, size_t count)
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

static void
block_begin(jsink *j, const exattn_doc_section *s)
{
    const exattn_doc_block *k = s->block;

    exattn_sbuf__printf(&j->out, "\"block\": {\"attention_kind\": \"%s\", "
                        "\"n\": %zu, \"m\": %zu, \"d_model\": %zu, "
                        "\"d_ff\": %zu", k->decoder ? "decoder"
                                         : k->cross ? "cross" : "self",
                        k->n, k->m, k->d_model, k->d_ff);
    if (k->post_ln || k->pre_ln)
        exattn_sbuf__printf(&j->out, ", \"order\": \"%s\", \"norm\": \"%s\"",
                            k->pre_ln ? "pre" : "post",
                            k->rms_norm ? "rms_norm" : "layer_norm");
    labels(j, "tokens", s->header->query_labels, k->n);
    labels(j, "keys", s->header->key_labels, k->m);
    if (k->decoder)
        labels(j, "memory", k->memory_labels, k->memory_rows);
}

/* One row: a list however narrow ([[e], [e]] for one column); a mean's
 * or a variance's one value per token, flat. */
static int
entry(void *ctx, const exattn_doc_entry *e)
{
    static const char *const rules[] = { "one allowed key", "equal scores",
                                         "named", "undecided" };
    jsink *j = ctx;
    size_t c;
    int nest = !j->stage->per_token;

    exattn_sbuf__puts(&j->out, e->row ? ",\n      " : "\n      ");
    exattn_sbuf__puts(&j->out, nest ? "[" : "");
    for (c = 0; c < e->count; c++)
    {
        exattn_sbuf__puts(&j->out, c ? ", " : "");
        exattn_print__json_quantity(&j->out, &e->values[c], 0);
    }
    exattn_sbuf__puts(&j->out, nest ? "]" : "");
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
    return EXATTN_OK;
}

static int
begin(void *ctx, const exattn_doc_section *s)
{
    jsink *j = ctx;

    switch (s->kind)
    {
    case EXATTN_SECTION_BLOCK:
        j->blk = s->block;
        block_begin(j, s);
        break;
    case EXATTN_SECTION_HEAD:
        exattn_sbuf__puts(&j->out, s->head ? ","
                                   : s->cross ? ",\n    \"cross_heads\": ["
                                              : ",\n    \"heads\": [");
        exattn_sbuf__printf(&j->out, "\n    {\"d_k\": %zu, \"d_v\": %zu",
                            s->d_k, s->d_v);
        j->heads_open = 1;
        break;
    case EXATTN_SECTION_STAGE:
        if (j->heads_open && s->head == SIZE_MAX)
        {
            exattn_sbuf__puts(&j->out, "]");
            j->heads_open = 0;
        }
        j->stage = s;
        j->extra.len = 0;
        j->has_signs = 0;
        exattn_sbuf__printf(&j->out, ",\n    \"%s\": [", s->stage);
        break;
    default:
        break;
    }
    return EXATTN_OK;
}

static int
end(void *ctx, const exattn_doc_section *s)
{
    jsink *j = ctx;

    switch (s->kind)
    {
    case EXATTN_SECTION_HEAD:
        exattn_sbuf__puts(&j->out, "}");
        break;
    case EXATTN_SECTION_STAGE:
        exattn_sbuf__puts(&j->out, "]");
        /* the rule of each row's weights; the sign of each ReLU input */
        if (s->weights)
            exattn_sbuf__printf(&j->out, ",\n    \"%s_rule\": [%s]", s->stage,
                                j->extra.s ? j->extra.s : "");
        else if (j->has_signs)
            exattn_sbuf__printf(&j->out, ",\n    \"relu_signs\": [%s]",
                                j->extra.s ? j->extra.s : "");
        j->out.oom |= j->extra.oom;
        break;
    case EXATTN_SECTION_BLOCK:
        exattn_sbuf__puts(&j->out, j->heads_open ? "]}" : "}");
        break;
    default:
        break;
    }
    return exattn_sbuf__flush(&j->out, j->f, s->header->file, j->err);
}

int
exattn_block__json_open(void **ctx, exattn_doc_sink *sink, FILE *f,
                        const exattn_lesson *l, const exattn_write_opts *opts,
                        int nested, exattn_error_t *err)
{
    static const exattn_doc_sink init = EXATTN_DOC_SINK_INIT;
    jsink *j = calloc(1, sizeof *j);

    if ((*ctx = j) == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, exattn_lesson_file(l),
                                 0, 0, "out of memory");
    *sink = init;
    sink->notations = EXATTN_NOTATION_TEXT | EXATTN_NOTATION_LATEX;
    sink->begin = begin;
    sink->entry = entry;
    sink->end = end;
    j->f = f;
    j->err = err;
    exattn_sbuf__init(&j->out);
    exattn_sbuf__init(&j->extra);
    if (!nested)
        exattn_print__json_head(&j->out, exattn_lesson_title(l), opts);
    return EXATTN_OK;
}

void
exattn_block__json_close(void *ctx)
{
    jsink *j = ctx;

    exattn_sbuf__clear(&j->out);
    exattn_sbuf__clear(&j->extra);
    free(j);
}

int
exattn_block__write_json(FILE *f, const exattn_lesson *l,
                         const exattn_write_opts *opts, exattn_error_t *err)
{
    exattn_doc_sink sink;
    void *ctx;
    jsink *j;
    int rc = exattn_block__json_open(&ctx, &sink, f, l, opts, 0, err);

    if (rc != EXATTN_OK)
        return rc;
    j = ctx;
    rc = exattn_derive(&sink, j, l, opts, err);
    if (rc == EXATTN_OK)
    {
        exattn_sbuf__puts(&j->out, "}\n");
        rc = exattn_sbuf__flush(&j->out, f, exattn_lesson_file(l), err);
    }
    exattn_block__json_close(j);
    return rc;
}
