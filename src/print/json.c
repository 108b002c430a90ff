/* The JSON document of a derivation (schema: docs/output-formats.md): a
 * sink of the derivation document (include/exattn/doc.h).  Every value is
 * {"status", "value" (exact only), "why", "text", "latex", "decimal"
 * (when asked)}; rows carry their rule and notes, variants their
 * contrast.  Written row by row. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "exattn/doc.h"
#include "print/json.h"
#include "print/summary.h"
#include "print/report.h"

typedef struct
{
    FILE *f;
    exattn_sbuf b;
    const exattn_doc_header *l;
    const exattn_doc_section *row;
    int array;              /* the role of the open array of a row or a
                               blend, -1 none */
    size_t items;           /* in the open array */
    int notes;              /* notes written in this row */
    int rows_open;          /* a lesson's "rows" array is open */
    size_t blends;          /* blends of the lesson so far */
    size_t variants;        /* variants so far */
    size_t contrast_rows;
    int owes_separator;     /* a variant's name or contrast was written:
                               what follows it needs a separator */
    char **memo;            /* a row's shared values, serialized once:
                               memo[shared - 1] */
    size_t memo_len;
    exattn_json_block block;
    int block_only;         /* the document is a block's: no lesson, no
                               variants */
    exattn_error_t *err;
    const exattn_doc_section *report;   /* a check's or an audit's */
    size_t report_entries;
} json_sink;

/* The bytes of a row kept before they are written out. */
#define EXATTN_JSON_STREAM_AT ((size_t)1 << 20)

static const char *const rules[] = { "single-key", "equal-scores",
                                     "softmax" };

static const char *const relations[] = { "none", "equal", "different",
                                         "unproved", "increases",
                                         "decreases" };

static const char *const outcomes[] = { "unchanged", "unchanged-blocked",
                                        "weights-change", "weights-same",
                                        "moved", "not-moved" };

static void
memo_clear(json_sink *j)
{
    size_t i;

    for (i = 0; i < j->memo_len; i++)
        free(j->memo[i]);
    free(j->memo);
    j->memo = NULL;
    j->memo_len = 0;
}

/* A shared value's serialization, kept for its next occurrence in the row
 * (a head of 4096 keys has a few hundred distinct weights); unshared
 * values, and any value when memory is short, are serialized afresh. */
static void
shared_quantity(json_sink *j, const exattn_doc_value *v, int scaled)
{
    exattn_sbuf *b = &j->b;
    size_t k = v->shared - 1, from = b->len, n, len;
    char **grown;

    if (v->shared == 0)
    {
        exattn_print__json_quantity(b, v, scaled);
        return;
    }
    if (k < j->memo_len && j->memo[k] != NULL)
    {
        exattn_sbuf__puts(b, j->memo[k]);
        return;
    }
    exattn_print__json_quantity(b, v, scaled);
    if (k >= j->memo_len)
    {
        len = k + 1 > 2 * j->memo_len ? k + 1 : 2 * j->memo_len;
        if ((grown = realloc(j->memo, len * sizeof *grown)) == NULL)
            return;
        memset(grown + j->memo_len, 0,
               (len - j->memo_len) * sizeof *grown);
        j->memo = grown;
        j->memo_len = len;
    }
    n = b->len - from;
    if (!b->oom && (j->memo[k] = malloc(n + 1)) != NULL)
    {
        memcpy(j->memo[k], b->s + from, n);
        j->memo[k][n] = '\0';
    }
}

static void
vector_quantities(exattn_sbuf *b, const exattn_doc_entry *e,
                  const char *sep)
{
    size_t c;

    for (c = 0; c < e->count; c++)
    {
        exattn_sbuf__puts(b, c ? sep : "");
        exattn_print__json_quantity(b, &e->values[c], 0);
    }
}

/* ---- the lesson's head ------------------------------------------------ */

static void
scale_object(exattn_sbuf *b, const exattn_doc_header *l)
{
    static const char *const kinds[] = { "none", "rational", "1/sqrt" };

    exattn_sbuf__printf(b, "\"scale\": {\"kind\": \"%s\"",
                        kinds[l->scale_kind]);
    if (l->scale_kind != EXATTN_SCALE_NONE)
    {
        exattn_sbuf__puts(b, ", \"value\": \"");
        exattn_sbuf__mpq(b, l->scale_value);
        exattn_sbuf__puts(b, "\"");
    }
    if (l->scale_root != NULL)
    {
        exattn_sbuf__puts(b, ", \"root\": \"");
        exattn_sbuf__mpq(b, l->scale_root);
        exattn_sbuf__puts(b, "\"");
    }
    exattn_sbuf__puts(b, "},\n  ");
}

/* "Q": [["1", "0"], ...]: a matrix of exact values. */
static void
matrix_field(exattn_sbuf *b, const char *name, const exattn_matrix *m)
{
    exattn_sbuf__printf(b, "\"%s\": ", name);
    exattn_json__exact_matrix(b, m);
    exattn_sbuf__puts(b, ",\n  ");
}

/* The mask as the lesson wrote it, when a shorthand stands for the
 * matrix: "mask_written": {"key_padding": [1, 1, 1, 0]} or {"valid_lens":
 * 3, "causal": true}. */
static void
mask_written(exattn_sbuf *b, const exattn_doc_header *l)
{
    size_t k;

    switch (l->mask_written)
    {
    case EXATTN_MASK_WRITTEN_KEY_PADDING:
        exattn_sbuf__puts(b, "\"mask_written\": {\"key_padding\": [");
        for (k = 0; k < l->m; k++)
            exattn_sbuf__printf(b, "%s%d", k ? ", " : "",
                                l->key_padding[k] ? 1 : 0);
        exattn_sbuf__puts(b, "]");
        break;
    case EXATTN_MASK_WRITTEN_VALID_LENS:
        exattn_sbuf__puts(b, "\"mask_written\": {\"valid_lens\": ");
        exattn_sbuf__puts(b, l->valid_lens_count > 1 ? "[" : "");
        for (k = 0; k < l->valid_lens_count; k++)
            exattn_sbuf__printf(b, "%s%zu", k ? ", " : "", l->valid_lens[k]);
        exattn_sbuf__puts(b, l->valid_lens_count > 1 ? "]" : "");
        break;
    default:
        return;
    }
    exattn_sbuf__printf(b, ", \"causal\": %s},\n  ",
                        l->mask_causal ? "true" : "false");
}

/* What the lesson gave before projection, and the lab's interventions
 * after it: Q, K and V below are X·W_Q, X·W_K (memory·W_K), X·W_V
 * (memory·W_V) changed by them. */
static void
inputs(exattn_sbuf *b, const exattn_doc_header *l)
{
    matrix_field(b, "X", &l->x);
    if (l->memory.rows > 0)
        matrix_field(b, "memory", &l->memory);
    matrix_field(b, "W_Q", &l->w_q);
    matrix_field(b, "W_K", &l->w_k);
    matrix_field(b, "W_V", &l->w_v);
    exattn_sbuf__printf(b, "\"interventions\": [%s%s%s],\n  ",
                        l->q_multiplied ? "\"query_multiplier\"" : "",
                        l->q_multiplied && l->v_overridden ? ", " : "",
                        l->v_overridden ? "\"value_override\"" : "");
}

static void
lesson_head(exattn_sbuf *b, const exattn_doc_header *l)
{
    static const char *const masks[] = { "none", "causal", "matrix",
                                         "additive" };

    exattn_sbuf__printf(b, "\"shape\": {\"n\": %zu, \"m\": %zu, \"d_k\": %zu,"
                        " \"d_v\": %zu},\n  ", l->n, l->m, l->dk, l->dv);
    scale_object(b, l);
    exattn_sbuf__printf(b, "\"mask\": \"%s\",\n  ", masks[l->mask_kind]);
    mask_written(b, l);
    if (l->x.rows > 0)
        inputs(b, l);
    matrix_field(b, "Q", &l->q);
    matrix_field(b, "K", &l->k);
    matrix_field(b, "V", &l->v);
    exattn_sbuf__puts(b, "\"rows\": [");
}

/* ---- rows ------------------------------------------------------------- */

static void
full_keys(exattn_sbuf *b, const exattn_doc_section *s)
{
    const exattn_doc_header *l = s->header;
    size_t j;

    exattn_sbuf__puts(b, "\"form\": \"full\",\n      \"keys\": [");
    for (j = 0; j < l->m; j++)
    {
        exattn_sbuf__puts(b, j ? ", " : "");
        exattn_sbuf__json(b, l->key_labels[j]);
    }
    exattn_sbuf__puts(b, "],\n      \"allowed\": [");
    for (j = 0; j < l->m; j++)
        exattn_sbuf__printf(b, "%s%s", j ? ", " : "",
                            s->allowed[j] ? "true" : "false");
    exattn_sbuf__puts(b, "]");
}

static void
compact_keys(exattn_sbuf *b, const exattn_doc_section *s)
{
    size_t j;
    int first = 1;

    exattn_sbuf__puts(b, "\"form\": \"compact\",\n      "
                         "\"allowed_keys\": [");
    for (j = 0; j < s->header->m; j++)
        if (s->allowed[j])
        {
            exattn_sbuf__puts(b, first ? "" : ", ");
            exattn_sbuf__size(b, j + 1);
            first = 0;
        }
    exattn_sbuf__puts(b, "],\n      \"denominator\": {\"symbol\": ");
    exattn_sbuf__json(b, s->symbol[EXATTN_FORM_TEXT]);
    exattn_sbuf__puts(b, ", \"text\": ");
    exattn_sbuf__json(b, s->denominator[EXATTN_FORM_TEXT]);
    exattn_sbuf__puts(b, ", \"latex\": ");
    exattn_sbuf__json(b, s->denominator[EXATTN_FORM_LATEX]);
    exattn_sbuf__puts(b, "}");
}

static void
row_begin(json_sink *j, const exattn_doc_section *s)
{
    exattn_sbuf *b = &j->b;

    exattn_sbuf__puts(b, s->row ? ",\n    {\"query\": " : "\n    {\"query\": ");
    exattn_sbuf__json(b, s->header->query_labels[s->row]);
    exattn_sbuf__printf(b, ", \"index\": %zu,\n      ", s->row + 1);
    if (s->same_as_against)
    {
        /* proved the row of the lesson its contrast is against */
        exattn_sbuf__puts(b, "\"unchanged\": true");
        return;
    }
    if (s->compact)
        compact_keys(b, s);
    else
        full_keys(b, s);
    exattn_sbuf__printf(b, ",\n      \"weights_status\": \"%s\", "
                        "\"rule\": \"%s\"",
                        s->rule == EXATTN_RULE_SOFTMAX ? "named" : "exact",
                        rules[s->rule]);
}

/* Close the open array of a row or blend. */
static void
close_array(json_sink *j)
{
    if (j->array >= 0)
        exattn_sbuf__puts(&j->b, "]");
    j->array = -1;
    j->items = 0;
}

/* The next element of the array `name` (opened at a role change). */
static void
element(json_sink *j, int role, const char *name, const char *first,
        const char *sep)
{
    if (j->array != role)
    {
        close_array(j);
        exattn_sbuf__printf(&j->b, ",\n      \"%s\": [%s", name, first);
        j->array = role;
    }
    else
        exattn_sbuf__puts(&j->b, sep);
    j->items++;
}

static void
row_entry(json_sink *j, const exattn_doc_entry *e)
{
    static const char *const names[] = { "scores", "scaled", "weights",
                                         "contributions", "output" };
    exattn_sbuf *b = &j->b;

    element(j, e->role, names[e->role], "\n        ", ",\n        ");
    if (e->role == EXATTN_ROLE_CONTRIBUTION)
    {
        exattn_sbuf__puts(b, "[");
        vector_quantities(b, e, ", ");
        exattn_sbuf__puts(b, "]");
    }
    else if (e->role == EXATTN_ROLE_OUTPUT)
        vector_quantities(b, e, ",\n        ");
    else
        shared_quantity(j, e->values, e->role == EXATTN_ROLE_SCALED);
}

static int
note(void *ctx, const exattn_doc_note *n)
{
    json_sink *j = ctx;
    exattn_sbuf *b = &j->b;
    size_t g, k;

    close_array(j);
    exattn_sbuf__puts(b, j->notes++ ? ",\n        "
                                    : ",\n      \"notes\": [\n        ");
    exattn_sbuf__printf(b, "{\"kind\": \"exact-coordinate\", "
                        "\"coordinate\": %zu, \"value\": \"", n->col + 1);
    exattn_sbuf__mpq(b, n->value);
    exattn_sbuf__printf(b, "\", \"group_count\": %zu, \"groups\": ",
                        n->group_count);
    if (n->groups == NULL)
        exattn_sbuf__puts(b, "null");
    for (g = 0; n->groups != NULL && g < n->group_count; g++)
    {
        exattn_sbuf__puts(b, g ? ", {\"keys\": [" : "[{\"keys\": [");
        for (k = 0; k < n->groups[g].count; k++)
        {
            exattn_sbuf__puts(b, k ? ", " : "");
            exattn_sbuf__json(b, j->l->key_labels[n->groups[g].keys[k]]);
        }
        exattn_sbuf__puts(b, "], \"scaled\": ");
        exattn_sbuf__json(b, n->groups[g].scaled[EXATTN_FORM_TEXT]);
        exattn_sbuf__puts(b, ", \"scaled_latex\": ");
        exattn_sbuf__json(b, n->groups[g].scaled[EXATTN_FORM_LATEX]);
        exattn_sbuf__puts(b, g + 1 == n->group_count ? "}]" : "}");
    }
    exattn_sbuf__puts(b, "}");
    return EXATTN_OK;
}

/* ---- blends ----------------------------------------------------------- */

static void
blend_entry(json_sink *j, const exattn_doc_entry *e)
{
    exattn_sbuf *b = &j->b;

    switch (e->role)
    {
    case EXATTN_ROLE_BLEND_WEIGHT:
        element(j, e->role, "weights", "", ", ");
        exattn_print__json_quantity(b, e->values, 0);
        break;
    case EXATTN_ROLE_BLEND_SUM:
        close_array(j);
        exattn_sbuf__puts(b, ",\n      \"sum\": ");
        exattn_print__json_quantity(b, e->values, 0);
        break;
    case EXATTN_ROLE_BLEND_CONTRIBUTION:
        element(j, e->role, "contributions", "", ", ");
        exattn_sbuf__puts(b, "[");
        vector_quantities(b, e, ", ");
        exattn_sbuf__puts(b, "]");
        break;
    default:
        element(j, e->role, "output", "", ", ");
        vector_quantities(b, e, ", ");
        break;
    }
}

/* ---- contrasts -------------------------------------------------------- */

static void
contrast_begin(json_sink *j, const exattn_doc_section *s)
{
    exattn_sbuf *b = &j->b;

    exattn_sbuf__puts(b, "\"contrast\": {\"against\": ");
    if (s->against_header->name)
        exattn_sbuf__json(b, s->against_header->name);
    else
        exattn_sbuf__puts(b, "null");
    exattn_sbuf__printf(b, ", \"shapes_differ\": %s, \"permuted\": %s,"
                        "\n    \"rows\": [",
                        s->shapes_differ ? "true" : "false",
                        s->permuted ? "true" : "false");
    j->contrast_rows = 0;
}

/* ", "summary": {counts, "changed": [labels], "text": sentence}" */
static void
contrast_summary(exattn_sbuf *b, const exattn_doc_section *s)
{
    const exattn_doc_contrast_summary *c = s->contrast_summary;
    exattn_sbuf text;
    size_t k;

    if (c == NULL)
        return;
    exattn_sbuf__printf(b, ",\n    \"summary\": {\"rows\": %zu, "
                        "\"rows_changed\": %zu, \"changed\": [",
                        c->rows, c->rows_changed);
    for (k = 0; k < c->rows_changed; k++)
    {
        exattn_sbuf__puts(b, k ? ", " : "");
        exattn_sbuf__json(b, s->header->query_labels[c->changed[k]]);
    }
    exattn_sbuf__printf(b, "],\n      \"weights_increase\": %zu, "
                        "\"weights_decrease\": %zu, "
                        "\"outputs_increase\": %zu, "
                        "\"outputs_decrease\": %zu,\n      "
                        "\"different\": %zu, \"unproved\": %zu, "
                        "\"text\": ",
                        c->weights_up, c->weights_down, c->outputs_up,
                        c->outputs_down, c->different, c->unproved);
    exattn_sbuf__init(&text);
    exattn_print__contrast_summary(&text, s, exattn_print__row_name_text);
    b->oom |= text.oom;
    exattn_sbuf__json(b, text.oom || text.s == NULL ? "" : text.s);
    exattn_sbuf__clear(&text);
    exattn_sbuf__puts(b, "}");
}

static void
contrast_row_begin(json_sink *j, const exattn_doc_section *s)
{
    exattn_sbuf *b = &j->b;

    exattn_sbuf__puts(b, j->contrast_rows++ ? ",\n      {\"query\": "
                                            : "\n      {\"query\": ");
    exattn_sbuf__json(b, s->header->query_labels[s->row]);
    exattn_sbuf__printf(b, ", \"index\": %zu, \"outcome\": \"%s\"",
                        s->row + 1, outcomes[s->contrast]);
    if (s->permuted)
        exattn_sbuf__printf(b, ", \"token_of\": %zu", s->token + 1);
    exattn_sbuf__puts(b, ", \"changes\": [");
    j->items = 0;
}

static void
change_entry(json_sink *j, const exattn_doc_entry *e)
{
    exattn_sbuf *b = &j->b;

    exattn_sbuf__puts(b, j->items++ ? ",\n        " : "\n        ");
    if (e->role == EXATTN_ROLE_CHANGE_WEIGHT)
    {
        exattn_sbuf__puts(b, "{\"quantity\": \"weight\", \"key\": ");
        exattn_sbuf__json(b, j->l->key_labels[e->key]);
    }
    else
        exattn_sbuf__printf(b, "{\"quantity\": \"output\", "
                            "\"coordinate\": %zu", e->col + 1);
    exattn_sbuf__printf(b, ", \"relation\": \"%s\",\n         \"from\": ",
                        relations[e->relation]);
    exattn_print__json_quantity(b, e->from, 0);
    exattn_sbuf__puts(b, ",\n         \"to\": ");
    exattn_print__json_quantity(b, e->values, 0);
    if (e->by)
    {
        exattn_sbuf__puts(b, ",\n         \"by\": ");
        exattn_print__json_quantity(b, e->by, 0);
    }
    exattn_sbuf__puts(b, "}");
}

/* ---- the sink --------------------------------------------------------- */

static int
entry(void *ctx, const exattn_doc_entry *e)
{
    json_sink *j = ctx;

    if (j->block.open)
    {
        exattn_json__block_entry(&j->block, e);
        return EXATTN_OK;
    }
    if (e->role == EXATTN_ROLE_GRADE)
        exattn_json__grade_entry(&j->b, e->grade, j->report_entries++);
    else if (e->role == EXATTN_ROLE_CLAIM || e->role == EXATTN_ROLE_NUMBER)
        exattn_json__report_entry(&j->b, e, j->report_entries++);
    if (e->role == EXATTN_ROLE_GRADE || e->role == EXATTN_ROLE_CLAIM
        || e->role == EXATTN_ROLE_NUMBER)
        exattn_sbuf__spool(&j->b, EXATTN_SPOOL_LIMIT);
    else
    {
        if (e->role <= EXATTN_ROLE_OUTPUT)
            row_entry(j, e);
        else if (e->role >= EXATTN_ROLE_CHANGE_WEIGHT)
            change_entry(j, e);
        else
            blend_entry(j, e);
        /* a row of a big head is megabytes (its m d_v contributions):
         * what is written of it goes out before the row ends (a
         * derivation streams; a report above is written whole) */
        if (j->b.len > EXATTN_JSON_STREAM_AT && !j->b.oom)
            return exattn_sbuf__flush(&j->b, j->f, j->l->file, j->err);
    }
    return EXATTN_OK;
}

/* Close a lesson's "rows" and open its "blends". */
static void
to_blends(json_sink *j)
{
    if (!j->rows_open)
        return;
    exattn_sbuf__puts(&j->b, "],\n  \"blends\": [");
    j->rows_open = 0;
}

static int
begin(void *ctx, const exattn_doc_section *s)
{
    json_sink *j = ctx;
    exattn_sbuf *b = &j->b;

    if (j->block.open || s->kind == EXATTN_SECTION_BLOCK)
    {
        /* a block lesson's document is its block alone */
        j->block_only |= j->l == NULL;
        if (s->kind == EXATTN_SECTION_BLOCK && j->owes_separator)
            exattn_sbuf__puts(b, ",\n  ");     /* a variant's block */
        j->owes_separator = 0;
        exattn_json__block_begin(&j->block, s);
        return EXATTN_OK;
    }
    if (s->kind == EXATTN_SECTION_GRADE)
    {
        j->report = s;
        exattn_json__grade_begin(b, s);
        return EXATTN_OK;
    }
    if (s->kind == EXATTN_SECTION_CHECK || s->kind == EXATTN_SECTION_AUDIT)
    {
        j->report = s;
        exattn_json__report_begin(b, s);
        return EXATTN_OK;
    }
    j->l = s->header;
    switch (s->kind)
    {
    case EXATTN_SECTION_LESSON:
        /* a variant's lesson after its contrast (the contrast alone
         * has none) */
        exattn_sbuf__puts(b, j->owes_separator ? ",\n  " : "");
        j->owes_separator = 0;
        lesson_head(b, s->header);
        j->rows_open = 1;
        j->blends = 0;
        break;
    case EXATTN_SECTION_ROW:
        j->row = s;
        j->array = -1;
        j->notes = 0;
        row_begin(j, s);
        break;
    case EXATTN_SECTION_BLEND:
        to_blends(j);
        j->array = -1;
        exattn_sbuf__puts(b, j->blends++ ? ",\n    {\"name\": "
                                         : "\n    {\"name\": ");
        exattn_sbuf__json(b, s->header->blend_names[s->blend]);
        break;
    case EXATTN_SECTION_VARIANT:
        exattn_sbuf__puts(b, j->variants++ ? ",\n  {\"name\": "
                                           : ",\n  \"variants\": [\n  "
                                             "{\"name\": ");
        exattn_sbuf__json(b, s->header->name);
        /* its contrast, its lesson or its block follows */
        j->owes_separator = 1;
        break;
    case EXATTN_SECTION_CONTRAST:
        exattn_sbuf__puts(b, ",\n  ");
        j->owes_separator = 0;
        contrast_begin(j, s);
        break;
    case EXATTN_SECTION_CONTRAST_ROW:
        j->row = s;
        contrast_row_begin(j, s);
        break;
    case EXATTN_SECTION_LAB: exattn_json__lab(b, s); break;
    default:
        break;
    }
    return EXATTN_OK;
}

static int
end(void *ctx, const exattn_doc_section *s)
{
    json_sink *j = ctx;
    exattn_sbuf *b = &j->b;

    if (j->report == s)
    {
        if (s->grade_summary != NULL)
            exattn_json__grade_end(b, s, j->report_entries);
        else
            exattn_json__report_end(b, s, j->report_entries);
        return exattn_sbuf__flush(b, j->f, s->file, j->err);
    }
    if (j->block.open)
    {
        exattn_json__block_end(&j->block, s);
        return exattn_sbuf__flush(b, j->f, s->header->file, j->err);
    }
    switch (s->kind)
    {
    case EXATTN_SECTION_LESSON:
        to_blends(j);
        exattn_sbuf__puts(b, "]");
        break;
    case EXATTN_SECTION_ROW:
        close_array(j);
        exattn_sbuf__puts(b, s->same_as_against ? "}"
                             : j->notes ? "]}"
                                        : ",\n      \"notes\": []}");
        memo_clear(j);
        break;
    case EXATTN_SECTION_BLEND:
        close_array(j);
        exattn_sbuf__puts(b, "}");
        break;
    case EXATTN_SECTION_VARIANT: exattn_sbuf__puts(b, "}"); break;
    case EXATTN_SECTION_CONTRAST:
        exattn_sbuf__puts(b, "]");
        contrast_summary(b, s);
        exattn_sbuf__puts(b, "}");
        j->owes_separator = 1;
        break;
    case EXATTN_SECTION_CONTRAST_ROW: exattn_sbuf__puts(b, "]}"); break;
    default: break;
    }
    return exattn_sbuf__flush(b, j->f, s->header->file, j->err);
}

static void
sink_init(exattn_doc_sink *sink, json_sink *j, FILE *f, exattn_error_t *err)
{
    sink->notations = EXATTN_NOTATION_TEXT | EXATTN_NOTATION_LATEX;
    sink->begin = begin;
    sink->entry = entry;
    sink->note = note;
    sink->end = end;
    j->f = f;
    j->array = -1;
    j->err = err;
    exattn_sbuf__init(&j->b);
    j->block.out = &j->b;
    exattn_sbuf__init(&j->block.extra);
    exattn_sbuf__init(&j->block.outline);
}

static int
finish(json_sink *j, int code, const char *file)
{
    memo_clear(j);
    exattn_sbuf__clear(&j->block.extra);
    exattn_sbuf__clear(&j->block.outline);
    exattn_sbuf__clear(&j->b);
    if (code == EXATTN_OK && ferror(j->f))
        code = exattn_error__set(j->err, EXATTN_EIO, file, 0, 0,
                                 "cannot write the output");
    return code;
}

int
exattn_write_json(FILE *f, const exattn_lesson *l,
                  const exattn_write_opts *opts, exattn_error_t *err)
{
    exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
    json_sink j = { 0 };
    int code;

    sink_init(&sink, &j, f, err);
    exattn_print__json_head(&j.b, exattn_lesson_title(l), opts);
    code = exattn_derive(&sink, &j, l, opts, err);
    if (code == EXATTN_OK)
    {
        exattn_sbuf__puts(&j.b, j.block_only ? "}\n"
                                : j.variants ? "]}\n"
                                             : ",\n  \"variants\": []}\n");
        code = exattn_sbuf__flush(&j.b, f, exattn_lesson_file(l), err);
    }
    return finish(&j, code, exattn_lesson_file(l));
}

int
exattn_json__report(FILE *f, exattn_report_walk walk, const void *arg,
                    const char *file, exattn_error_t *err)
{
    exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
    json_sink j = { 0 };
    int code;

    sink_init(&sink, &j, f, err);
    code = walk(&sink, &j, arg, err);
    /* a report is checked whole, as the audit's always was: what stdio
     * still holds is written before the verdict is returned */
    if (code == EXATTN_OK && fflush(f) != 0)
        code = exattn_error__set(err, EXATTN_EIO, file, 0, 0,
                                 "cannot write the output");
    return finish(&j, code, file);
}
