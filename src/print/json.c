/* The JSON document of a derivation (schema: docs/output-formats.md).
 * Every quantity is {"status", "value" (exact only), "text", "latex"}.
 * Written row by row. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "print/block.h"
#include "print/named.h"
#include "print/decimals.h"
#include "print/compact.h"

/* Take a built string and write it as a JSON string. */
static void
json_take(exattn_sbuf *b, char *s)
{
    if (s == NULL)
    {
        b->oom = 1;
        return;
    }
    exattn_sbuf__json(b, s);
    exattn_free(s);
}

static void
exact_value(exattn_sbuf *b, const mpq_t q)
{
    exattn_sbuf__puts(b, "\"value\": \"");
    exattn_sbuf__mpq(b, q);
    exattn_sbuf__puts(b, "\", ");
}

/* , "decimal": "0.269" -- or null with the reason when undecided. */
static void
decimal_field(exattn_sbuf *b, exattn_decimals *d, exattn_kind_t kind,
              size_t key, size_t col)
{
    int exact, undecided;
    char *s;

    if (d->ev == NULL)
        return;
    s = exattn_decimals__get(d, kind, key, col, &exact, &undecided);
    exattn_sbuf__puts(b, ", \"decimal\": ");
    if (s != NULL)
        json_take(b, s);
    else
    {
        exattn_sbuf__puts(b, "null");
        if (undecided)
        {
            exattn_sbuf__puts(b, ", \"undecided\": ");
            exattn_sbuf__json(b, d->error.message);
        }
    }
}

/* A compact row's presentation of a quantity (src/print/compact.h);
 * scaled scores keep the lesson's form, which is short. */
static char *
compact_str(const exattn_row *row, exattn_kind_t kind, size_t key,
            size_t col, int latex)
{
    exattn_sbuf t;

    if (kind == EXATTN_SCALED)
        return exattn_row_get_str(row, kind, key, col,
                                  latex ? EXATTN_LATEX : EXATTN_TEXT);
    exattn_sbuf__init(&t);
    if (kind == EXATTN_SCORE)
        exattn_compact__score(&t, row, key, latex);
    else if (kind == EXATTN_OUTPUT)
        exattn_compact__output(&t, row, col, latex);
    else
    {
        exattn_sbuf__puts(&t, kind == EXATTN_CONTRIBUTION && !latex ? "("
                                                                    : "");
        exattn_compact__weight(&t, row, key, latex);
        if (kind == EXATTN_CONTRIBUTION)
        {
            exattn_sbuf__puts(&t, latex ? "\\cdot " : ")·");
            exattn_named__factor(&t, EXATTN_AT(&row->lesson->v, key, col),
                                 latex);
        }
    }
    if (t.oom)
    {
        exattn_sbuf__clear(&t);
        return NULL;
    }
    return t.s ? t.s : exattn_row_get_str(row, kind, key, col, 0);
}

/* {"status": ..., "value": ... (exact only), */
static void
quantity_head(exattn_sbuf *b, const exattn_row *row, exattn_kind_t kind,
              size_t key, size_t col)
{
    exattn_status_t st = exattn_row_status(row, kind, key, col);
    mpq_t q;

    exattn_sbuf__puts(b, st == EXATTN_EXACT ? "{\"status\": \"exact\", "
                                            : "{\"status\": \"named\", ");
    if (st == EXATTN_EXACT)
    {
        mpq_init(q);
        if (exattn_row_get_mpq(q, row, kind, key, col) == EXATTN_OK)
            exact_value(b, q);
        mpq_clear(q);
    }
}

/* "text": ..., "latex": ... [, "simplified": ...] */
static void
quantity_forms(exattn_sbuf *b, const exattn_row *row, exattn_kind_t kind,
               size_t key, size_t col, int compact)
{
    exattn_sbuf__puts(b, "\"text\": ");
    json_take(b, compact ? compact_str(row, kind, key, col, 0)
                         : exattn_row_get_str(row, kind, key, col,
                                              EXATTN_TEXT));
    exattn_sbuf__puts(b, ", \"latex\": ");
    json_take(b, compact ? compact_str(row, kind, key, col, 1)
                         : exattn_row_get_str(row, kind, key, col,
                                              EXATTN_LATEX));
    if (kind == EXATTN_SCALED)
    {
        exattn_sbuf__puts(b, ", \"simplified\": ");
        json_take(b, exattn_row_get_str(row, kind, key, col,
                                        EXATTN_SIMPLIFIED));
    }
}

/* One row quantity; `compact`: in the forms of a compact row. */
static void
quantity(exattn_sbuf *b, const exattn_row *row, exattn_kind_t kind,
         size_t key, size_t col, exattn_decimals *d, int compact)
{
    quantity_head(b, row, kind, key, col);
    quantity_forms(b, row, kind, key, col, compact);
    decimal_field(b, d, kind, key, col);
    exattn_sbuf__puts(b, "}");
}

/* Pieces of a compact row's entries that depend only on the key's
 * distinct score, written once and copied: a head of 4096 keys has a few
 * hundred distinct scores.  Slots per distinct score: the scaled entry,
 * the weight entry, the head and the tail of the score entry. */
enum { FRAG_SCALED, FRAG_WEIGHT, FRAG_SCORE_HEAD, FRAG_SCORE_TAIL,
       FRAG_KINDS };

typedef struct
{
    char **slot;                /* FRAG_KINDS x class_count; NULL: none */
    size_t classes;
} frags;

static char **
frag_slot(const frags *f, const exattn_row *row, int kind, size_t key)
{
    if (f->slot == NULL)
        return NULL;
    return &f->slot[kind * f->classes
                    + (size_t)(row->coef[key] - row->class_coef[0])];
}

/* Copy a kept piece into b: 1, or 0 when there is none yet. */
static int
put_kept(exattn_sbuf *b, char **slot)
{
    if (slot == NULL || *slot == NULL)
        return 0;
    exattn_sbuf__puts(b, *slot);
    return 1;
}

/* Keep what b gained since `from` (nothing kept when out of memory). */
static void
keep(const exattn_sbuf *b, size_t from, char **slot)
{
    size_t n = b->len - from;

    if (slot == NULL || b->oom || (*slot = malloc(n + 1)) == NULL)
        return;
    memcpy(*slot, b->s + from, n);
    (*slot)[n] = '\0';
}

static void
frags_free(frags *f)
{
    size_t i;

    if (f->slot != NULL)
        for (i = 0; i < FRAG_KINDS * f->classes; i++)
            free(f->slot[i]);
    free(f->slot);
}

/* A compact row's entry for key j, from kept pieces where it can. */
static void
compact_entry(exattn_sbuf *b, const exattn_row *row, exattn_kind_t kind,
              size_t j, exattn_decimals *d, const frags *f)
{
    char **whole = frag_slot(f, row, kind == EXATTN_WEIGHT ? FRAG_WEIGHT
                                                           : FRAG_SCALED, j);
    size_t from = b->len;

    if (kind != EXATTN_SCORE)
    {
        if (!put_kept(b, whole))
        {
            quantity(b, row, kind, j, 0, d, 1);
            keep(b, from, whole);
        }
        return;
    }
    if (!put_kept(b, frag_slot(f, row, FRAG_SCORE_HEAD, j)))
    {
        quantity_head(b, row, kind, j, 0);
        keep(b, from, frag_slot(f, row, FRAG_SCORE_HEAD, j));
    }
    quantity_forms(b, row, kind, j, 0, 1);
    from = b->len;
    if (!put_kept(b, frag_slot(f, row, FRAG_SCORE_TAIL, j)))
    {
        decimal_field(b, d, kind, j, 0);
        exattn_sbuf__puts(b, "}");
        keep(b, from, frag_slot(f, row, FRAG_SCORE_TAIL, j));
    }
}

/* One entry per key; a compact row lists its allowed keys only. */
static void
key_list(exattn_sbuf *b, const exattn_row *row, exattn_kind_t kind,
         exattn_decimals *d, const frags *f)
{
    int compact = f != NULL;
    size_t j;
    int first = 1;

    exattn_sbuf__puts(b, "[");
    for (j = 0; j < row->lesson->m; j++)
    {
        if (compact && !row->allowed[j])
            continue;
        exattn_sbuf__puts(b, first ? "\n        " : ",\n        ");
        if (compact)
            compact_entry(b, row, kind, j, d, f);
        else
            quantity(b, row, kind, j, 0, d, 0);
        first = 0;
    }
    exattn_sbuf__puts(b, "]");
}

/* "contributions": one array per key, one quantity per coordinate. */
static void
contributions(exattn_sbuf *b, const exattn_row *row, exattn_decimals *d,
              int compact)
{
    const exattn_lesson *l = row->lesson;
    size_t j, c;
    int first = 1;

    exattn_sbuf__puts(b, ",\n      \"contributions\": [");
    for (j = 0; j < l->m; j++)
    {
        if (compact && !row->allowed[j])
            continue;
        exattn_sbuf__puts(b, first ? "\n        [" : ",\n        [");
        first = 0;
        for (c = 0; c < l->dv; c++)
        {
            exattn_sbuf__puts(b, c ? ", " : "");
            quantity(b, row, EXATTN_CONTRIBUTION, j, c, d, compact);
        }
        exattn_sbuf__puts(b, "]");
    }
    exattn_sbuf__puts(b, "]");
}

/* "keys" and "allowed" of a full row. */
static void
full_keys(exattn_sbuf *b, const exattn_row *row)
{
    const exattn_lesson *l = row->lesson;
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
                            row->allowed[j] ? "true" : "false");
    exattn_sbuf__puts(b, "]");
}

/* "allowed_keys" (1-based key indices) and "denominator" of a compact
 * row. */
static void
compact_keys(exattn_sbuf *b, const exattn_row *row)
{
    exattn_sbuf t;
    size_t j;
    int first = 1;

    exattn_sbuf__puts(b, "\"form\": \"compact\",\n      "
                         "\"allowed_keys\": [");
    for (j = 0; j < row->lesson->m; j++)
        if (row->allowed[j])
        {
            exattn_sbuf__puts(b, first ? "" : ", ");
            exattn_sbuf__size(b, j + 1);
            first = 0;
        }
    exattn_sbuf__puts(b, "],\n      \"denominator\": {\"symbol\": ");
    exattn_sbuf__init(&t);
    exattn_compact__symbol(&t, row, "Z", 0);
    exattn_sbuf__json(b, t.s ? t.s : "");
    exattn_sbuf__clear(&t);
    exattn_sbuf__init(&t);
    exattn_compact__denominator(&t, row, 0);
    exattn_sbuf__puts(b, ", \"text\": ");
    exattn_sbuf__json(b, t.s ? t.s : "");
    exattn_sbuf__clear(&t);
    exattn_sbuf__init(&t);
    exattn_compact__denominator(&t, row, 1);
    exattn_sbuf__puts(b, ", \"latex\": ");
    exattn_sbuf__json(b, t.s ? t.s : "");
    b->oom |= t.oom;
    exattn_sbuf__clear(&t);
    exattn_sbuf__puts(b, "}");
}

static void
row_object(exattn_sbuf *b, const exattn_row *row, exattn_decimals *d,
           void *ctx)
{
    const exattn_lesson *l = row->lesson;
    int compact = exattn_compact__is(row, d->threshold);
    frags f = { NULL, row->class_count };
    size_t c;

    (void)ctx;
    if (compact)
        f.slot = calloc(FRAG_KINDS * f.classes, sizeof *f.slot);
    exattn_sbuf__puts(b, row->index ? ",\n    {\"query\": "
                                    : "\n    {\"query\": ");
    exattn_sbuf__json(b, l->query_labels[row->index]);
    exattn_sbuf__printf(b, ", \"index\": %zu,\n      ", row->index + 1);
    if (compact)
        compact_keys(b, row);
    else
        full_keys(b, row);
    exattn_sbuf__printf(b, ",\n      \"weights_status\": \"%s\"",
                        row->weights_exact ? "exact" : "named");
    if (EXATTN_SHOWN(d, EXATTN_SCORE))
    {
        exattn_sbuf__puts(b, ",\n      \"scores\": ");
        key_list(b, row, EXATTN_SCORE, d, compact ? &f : NULL);
    }
    if (EXATTN_SHOWN(d, EXATTN_SCALED))
    {
        exattn_sbuf__puts(b, ",\n      \"scaled\": ");
        key_list(b, row, EXATTN_SCALED, d, compact ? &f : NULL);
    }
    if (EXATTN_SHOWN(d, EXATTN_WEIGHT))
    {
        exattn_sbuf__puts(b, ",\n      \"weights\": ");
        key_list(b, row, EXATTN_WEIGHT, d, compact ? &f : NULL);
    }
    if (EXATTN_SHOWN_IN(d, compact, EXATTN_CONTRIBUTION))
        contributions(b, row, d, compact);
    if (EXATTN_SHOWN(d, EXATTN_OUTPUT))
    {
        exattn_sbuf__puts(b, ",\n      \"output\": [");
        for (c = 0; c < l->dv; c++)
        {
            exattn_sbuf__puts(b, c ? ",\n        " : "\n        ");
            quantity(b, row, EXATTN_OUTPUT, 0, c, d, compact);
        }
        exattn_sbuf__puts(b, "]");
    }
    exattn_sbuf__puts(b, "}");
    frags_free(&f);
}

/* An exact quantity that is not a row's: blend weights and outputs.
 * `text` and `latex` NULL: the value itself is the presentation. */
static void
exact_quantity(exattn_sbuf *b, const mpq_t q, const char *text,
               const char *latex, const exattn_write_opts *opts)
{
    exattn_sbuf__puts(b, "{\"status\": \"exact\", ");
    exact_value(b, q);
    exattn_sbuf__puts(b, "\"text\": ");
    if (text)
        exattn_sbuf__json(b, text);
    else
        json_take(b, exattn_mpq_get_str(q));
    exattn_sbuf__puts(b, ", \"latex\": ");
    if (latex)
        exattn_sbuf__json(b, latex);
    else
        json_take(b, exattn_mpq_get_str_latex(q));
    if (opts != NULL && opts->digits >= 0)
    {
        exattn_sbuf__puts(b, ", \"decimal\": ");
        json_take(b, exattn_mpq_get_decimal(q, (unsigned long)opts->digits));
    }
    exattn_sbuf__puts(b, "}");
}

/* "(1/4)·2 + (1/4)·0 + (1/2)·1" and its LaTeX. */
static void
blend_sum(exattn_sbuf *b, const exattn_lesson *l, size_t k, size_t c,
          int latex)
{
    size_t j;

    for (j = 0; j < l->m; j++)
    {
        if (j > 0)
            exattn_sbuf__puts(b, latex ? "+" : " + ");
        exattn_named__factor(b, l->blends[k].w[j], latex);
        exattn_sbuf__puts(b, latex ? "\\cdot " : "·");
        exattn_named__factor(b, EXATTN_AT(&l->v, j, c), latex);
    }
}

static void
blend_object(exattn_sbuf *b, const exattn_lesson *l, size_t k,
             const exattn_write_opts *opts)
{
    exattn_sbuf text, latex;
    size_t j, c;
    mpq_t q;

    mpq_init(q);
    exattn_sbuf__puts(b, "{\"name\": ");
    exattn_sbuf__json(b, l->blends[k].name);
    exattn_sbuf__puts(b, ",\n      \"weights\": [");
    for (j = 0; j < l->m; j++)
    {
        exattn_sbuf__puts(b, j ? ", " : "");
        exact_quantity(b, l->blends[k].w[j], NULL, NULL, opts);
    }
    exattn_sbuf__puts(b, "],\n      \"output\": [");
    for (c = 0; c < l->dv; c++)
    {
        exattn_sbuf__init(&text);
        exattn_sbuf__init(&latex);
        blend_sum(&text, l, k, c, 0);
        blend_sum(&latex, l, k, c, 1);
        b->oom |= text.oom | latex.oom;
        exattn_lesson_blend_output(q, l, k, c);
        exattn_sbuf__puts(b, c ? ", " : "");
        exact_quantity(b, q, text.s ? text.s : "", latex.s ? latex.s : "",
                       opts);
        exattn_sbuf__clear(&text);
        exattn_sbuf__clear(&latex);
    }
    exattn_sbuf__puts(b, "]}");
    mpq_clear(q);
}

/* "rows": [...] and "blends": [...] of one lesson or variant. */
static int
rows_and_blends(FILE *f, exattn_sbuf *b, const exattn_lesson *l,
                const exattn_write_opts *opts, exattn_error_t *err)
{
    size_t k;
    int code;

    exattn_sbuf__puts(b, "\"rows\": [");
    code = exattn_decimals__write_rows(f, b, l, opts, row_object, NULL, err);
    if (code != EXATTN_OK)
        return code;
    exattn_sbuf__puts(b, "],\n  \"blends\": [");
    for (k = 0; k < l->blend_count; k++)
    {
        exattn_sbuf__puts(b, k ? ",\n    " : "\n    ");
        blend_object(b, l, k, opts);
    }
    exattn_sbuf__puts(b, "]");
    return exattn_sbuf__flush(b, f, l->file, err);
}

static void
scale_object(exattn_sbuf *b, const exattn_lesson *l)
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
    exattn_sbuf__puts(b, "},\n  ");
}

/* "Q": [["1", "0"], ...]: a matrix of exact values. */
static void
matrix_field(exattn_sbuf *b, const char *name, const exattn_matrix *m)
{
    size_t r, c;

    exattn_sbuf__printf(b, "\"%s\": [", name);
    for (r = 0; r < m->rows; r++)
    {
        exattn_sbuf__puts(b, r ? ", [" : "[");
        for (c = 0; c < m->cols; c++)
        {
            exattn_sbuf__puts(b, c ? ", \"" : "\"");
            exattn_sbuf__mpq(b, EXATTN_AT(m, r, c));
            exattn_sbuf__puts(b, "\"");
        }
        exattn_sbuf__puts(b, "]");
    }
    exattn_sbuf__puts(b, "],\n  ");
}

static void
lesson_head(exattn_sbuf *b, const exattn_lesson *l)
{
    static const char *const masks[] = { "none", "causal", "matrix" };

    exattn_sbuf__printf(b, "\"shape\": {\"n\": %zu, \"m\": %zu, \"d_k\": %zu,"
                        " \"d_v\": %zu},\n  ", l->n, l->m, l->dk, l->dv);
    scale_object(b, l);
    exattn_sbuf__printf(b, "\"mask\": \"%s\",\n  ", masks[l->mask_kind]);
    matrix_field(b, "Q", &l->q);
    matrix_field(b, "K", &l->k);
    matrix_field(b, "V", &l->v);
}

int
exattn_write_json(FILE *f, const exattn_lesson *l,
                  const exattn_write_opts *opts, exattn_error_t *err)
{
    exattn_sbuf b;
    size_t k;
    int code;

    if (l->block != NULL)
        return exattn_block__write_json(f, l, opts, err);
    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, "{\"title\": ");
    if (l->title)
        exattn_sbuf__json(&b, l->title);
    else
        exattn_sbuf__puts(&b, "null");
    if (opts != NULL && opts->digits >= 0)
        exattn_sbuf__printf(&b, ",\n  \"digits\": %ld,\n  ", opts->digits);
    else
        exattn_sbuf__puts(&b, ",\n  \"digits\": null,\n  ");
    lesson_head(&b, l);
    code = rows_and_blends(f, &b, l, opts, err);
    exattn_sbuf__puts(&b, ",\n  \"variants\": [");
    for (k = 0; code == EXATTN_OK && k < l->variant_count; k++)
    {
        exattn_sbuf__puts(&b, k ? ",\n  {\"name\": " : "\n  {\"name\": ");
        exattn_sbuf__json(&b, l->variants[k]->name);
        exattn_sbuf__puts(&b, ",\n  ");
        lesson_head(&b, l->variants[k]);
        code = rows_and_blends(f, &b, l->variants[k], opts, err);
        exattn_sbuf__puts(&b, "}");
    }
    exattn_sbuf__puts(&b, "]}\n");
    if (code == EXATTN_OK)
        code = exattn_sbuf__flush(&b, f, l->file, err);
    exattn_sbuf__clear(&b);
    if (code == EXATTN_OK && ferror(f))
        code = exattn_error__set(err, EXATTN_EIO, l->file, 0, 0,
                                 "cannot write the output");
    return code;
}
