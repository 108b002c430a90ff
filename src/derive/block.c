/* A block as sections of the document: the block's shape, then its stages
 * in the order they are computed (positions, the input, each head's q, k,
 * v, scores, weights and output, the joined heads, the residuals, the
 * layer norms, the feed-forward sublayer), one entry per row of each
 * stage: every value exact or named, with its forms, its certified
 * decimal, how a row's weights were decided and a ReLU input's sign.
 * What a stage is (its names, symbols, shape) comes from the table of
 * src/block/stages.c. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "derive/derive.h"
#include "block/block.h"

/* Named forms longer than this are written with the labels of the
 * quantities they are built from ("e^{s[2,1]}/(…)"). */
#define INLINE_LIMIT 72

typedef struct
{
    exattn_walk *w;
    const exattn_block *b;
} block_walk;

static int
oom(const block_walk *k)
{
    return exattn_error__set(k->w->err, EXATTN_ENOMEM,
                             k->b->lesson->file, 0, 0, "out of memory");
}

/* A section's heading in its forms: the text line, the title a page
 * shows, the LaTeX formula (src/block/headings.c, definitions.c). */
typedef struct
{
    exattn_sbuf text, title, tex;
} headings;

static void
headings_init(headings *h)
{
    exattn_sbuf__init(&h->text);
    exattn_sbuf__init(&h->title);
    exattn_sbuf__init(&h->tex);
}

static void
headings_clear(headings *h)
{
    exattn_sbuf__clear(&h->text);
    exattn_sbuf__clear(&h->title);
    exattn_sbuf__clear(&h->tex);
}

/* Hand the headings built to section s (NULL for an empty one). */
static int
headings_put(const block_walk *k, headings *h, exattn_doc_section *s)
{
    if (h->text.oom || h->title.oom || h->tex.oom)
        return oom(k);
    s->heading[EXATTN_FORM_TEXT] = h->text.len ? h->text.s : NULL;
    s->heading[EXATTN_FORM_LATEX] = h->tex.len ? h->tex.s : NULL;
    s->title = h->title.len ? h->title.s : NULL;
    return EXATTN_OK;
}

/* A node's forms: in full when short, with its parts' labels when long. */
static char *
node_form(const exattn_xnode *n, unsigned flags)
{
    char *s = exattn_expr__print(n, flags, 0, INLINE_LIMIT);

    return s ? s : exattn_expr__print(n, flags, 1, 0);
}

static int
node_decimal(block_walk *k, exattn_dval *d, const exattn_xnode *n)
{
    exattn_expr *view;
    exattn_error_t local;
    char *s = NULL;
    int rc, exact = 0;

    if (k->w->opts->digits == EXATTN_DIGITS_NONE)
        return EXATTN_OK;
    if ((view = exattn_expr__view(k->b->pool, (exattn_xnode *)n)) == NULL)
        return oom(k);
    exattn_error_init(&local);
    rc = exattn_expr_get_decimal(&s, &exact, view, k->w->opts->digits,
                                 k->w->opts->max_prec, &local);
    exattn_expr_free(view);
    if (rc == EXATTN_ENOMEM)
        return oom(k);
    if (rc != EXATTN_OK && rc != EXATTN_EUNABLE)
    {
        /* beyond a limit, say: an error, as a row's decimal would be */
        if (k->w->err != NULL)
            *k->w->err = local;
        return rc;
    }
    if (rc != EXATTN_OK)
        s = exattn_str__dup(local.message);
    if (!exattn_dval__own(d, s, rc == EXATTN_OK ? &d->v.decimal
                                                : &d->v.undecided))
        return oom(k);
    d->v.decimal_exact = rc == EXATTN_OK && exact;
    return EXATTN_OK;
}

static exattn_why_t
rule_why(exattn_rule_t r)
{
    switch (r)
    {
    case EXATTN_RULE_SINGLE_KEY: return EXATTN_WHY_SINGLE_KEY;
    case EXATTN_RULE_EQUAL_SCORES: return EXATTN_WHY_EQUAL_SCORES;
    case EXATTN_RULE_SOFTMAX: return EXATTN_WHY_SOFTMAX;
    default: return EXATTN_WHY_STAGE;
    }
}

static int
node_value(block_walk *k, exattn_dval *d, const exattn_xnode *n,
           exattn_why_t why)
{
    /* a block's exponents follow the rows': c√s unless kept as written */
    unsigned style = exattn_walk__written_exponents(k->w) ? 0u
                                                          : EXATTN_SIMPLIFIED;
    char *s;
    int f;

    d->v.why = why;
    if (n->exact)
        exattn_dval__exact(d, n->value);
    else
        for (f = 0; f < 2; f++)
        {
            if (!(k->w->notations & (1u << f)))
                continue;
            s = node_form(n, (f ? EXATTN_LATEX : EXATTN_TEXT) | style);
            if (!exattn_dval__own(d, s, &d->v.form[f]))
                return oom(k);
        }
    return node_decimal(k, d, n);
}

/* The attention weights' rule of row i, in the document's terms. */
static exattn_rule_t
weights_rule(exattn_wrule r)
{
    switch (r)
    {
    case EXATTN_WRULE_ONE: return EXATTN_RULE_SINGLE_KEY;
    case EXATTN_WRULE_EQUAL: return EXATTN_RULE_EQUAL_SCORES;
    case EXATTN_WRULE_NAMED: return EXATTN_RULE_SOFTMAX;
    default: return EXATTN_RULE_UNDECIDED;
    }
}

/* Row i of stage bq: one entry, its values the row's columns. */
static int
stage_row(block_walk *k, const exattn_doc_section *s, exattn_stage_t bq,
          size_t i)
{
    const exattn_block *b = k->b;
    exattn_doc_entry e = { 0 };
    exattn_doc_value *vals = malloc((s->cols ? s->cols : 1) * sizeof *vals);
    exattn_dval *d = malloc((s->cols ? s->cols : 1) * sizeof *d);
    size_t c;
    int rc = vals && d ? EXATTN_OK : oom(k);

    e.role = EXATTN_ROLE_STAGE_ROW;
    e.row = i;
    e.key = e.col = SIZE_MAX;
    e.count = s->cols;
    e.rule = !s->weights ? EXATTN_RULE_SOFTMAX
             : weights_rule((s->cross ? b->cross_heads
                                      : b->heads)[s->head].rule[i]);
    if (exattn_block__stage(bq)->kind == EXATTN_KIND_HIDDEN)
        e.signs = b->sign + i * b->dff;
    for (c = 0; d != NULL && c < s->cols; c++)
        exattn_dval__init(&d[c]);
    for (c = 0; rc == EXATTN_OK && c < s->cols; c++)
    {
        rc = node_value(k, &d[c], exattn_block__node(b, bq, s->head, i, c),
                        s->weights ? rule_why(e.rule) : EXATTN_WHY_STAGE);
        vals[c] = d[c].v;
    }
    e.values = vals;
    if (rc == EXATTN_OK)
        rc = exattn_walk__entry(k->w, &e);
    for (c = 0; d != NULL && c < s->cols; c++)
        exattn_dval__clear(&d[c]);
    free(d);
    free(vals);
    return rc;
}

static char *const *
row_labels(const exattn_block *b, exattn_rows_t rows)
{
    switch (rows)
    {
    case EXATTN_ROWS_KEYS: return b->lesson->key_labels;
    case EXATTN_ROWS_MEMORY: return b->spec->cross.labels;
    case EXATTN_ROWS_POSITIONS: return NULL;
    default: return b->lesson->query_labels;
    }
}

static exattn_rows_t
rows_of(exattn_axis axis)
{
    switch (axis)
    {
    case EXATTN_AXIS_KEY: return EXATTN_ROWS_KEYS;
    case EXATTN_AXIS_POSITION: return EXATTN_ROWS_POSITIONS;
    case EXATTN_AXIS_MEMORY: return EXATTN_ROWS_MEMORY;
    default: return EXATTN_ROWS_QUERIES;
    }
}

/* What stage bq's rows are, their labels, and its columns' labels when
 * they are keys or memory rows (scores, weights). */
static void
axes(exattn_doc_section *s, const exattn_block *b, exattn_stage_t bq)
{
    exattn_axis cols = exattn_block__col_axis(bq);

    s->rows_are = rows_of(exattn_block__row_axis(bq));
    s->row_labels = row_labels(b, s->rows_are);
    if (cols == EXATTN_AXIS_KEY || cols == EXATTN_AXIS_MEMORY)
        s->column_labels = row_labels(b, rows_of(cols));
}

/* Stage bq (of head `head`): its section and one entry per row. */
static int
stage(block_walk *k, exattn_stage_t bq, size_t head)
{
    const exattn_block *b = k->b;
    const exattn_stage_info *info = exattn_block__stage(bq);
    exattn_doc_section s;
    headings hd;
    char text[32], tex[48], path[48];
    size_t i;
    int rc;

    exattn_walk__section(k->w, &s, EXATTN_SECTION_STAGE, b->lesson);
    headings_init(&hd);
    exattn_block__stage_heading(&hd.text, &s.opens_part, b, bq, head);
    exattn_block__stage_definition(&hd.title, &hd.tex, b, bq, head);
    if (headings_put(k, &hd, &s) != EXATTN_OK)
    {
        headings_clear(&hd);
        return oom(k);
    }
    s.stage_kind = bq;
    s.repeats = exattn_block__repeats(b, bq);
    s.weights = exattn_block__stage(bq)->kind == EXATTN_KIND_WEIGHTS;
    exattn_block__symbol(text, sizeof text, tex, sizeof tex, bq, head,
                         exattn_block__heads_of(b, bq));
    exattn_block__path(path, sizeof path, bq, head);
    s.stage = info->id;
    s.cross = exattn_block__is_cross(bq);
    s.path = path;
    s.name[EXATTN_FORM_TEXT] = text;
    s.name[EXATTN_FORM_LATEX] = tex;
    s.head = info->sup != EXATTN_SUP_NEVER ? head : SIZE_MAX;
    exattn_block__shape(b->lesson, bq, head, &s.rows, &s.cols);
    axes(&s, b, bq);
    s.per_token = exattn_block__per_token(bq);
    rc = exattn_walk__begin(k->w, &s);
    for (i = 0; rc == EXATTN_OK && i < s.rows; i++)
        rc = stage_row(k, &s, bq, i);
    if (rc == EXATTN_OK)
        rc = exattn_walk__end(k->w, &s);
    headings_clear(&hd);
    return rc;
}

/* Head h of the sublayer whose stages start at `first` (q, k, v, scores,
 * weights, output: the first of the sublayer's per-head stages). */
static int
head(block_walk *k, exattn_stage_t first, size_t h)
{
    const exattn_head_nodes *hn = exattn_block__is_cross(first)
                                      ? &k->b->cross_heads[h]
                                      : &k->b->heads[h];
    exattn_doc_section s;
    headings hd;
    size_t i;
    int rc;

    exattn_walk__section(k->w, &s, EXATTN_SECTION_HEAD, k->b->lesson);
    s.head = h;
    s.cross = exattn_block__is_cross(first);
    s.d_k = hn->dk;
    s.d_v = hn->dv;
    headings_init(&hd);
    exattn_block__head_heading(&hd.text, k->b, s.cross, h);
    exattn_block__head_definition(&hd.title, &hd.tex, k->b, s.cross, h);
    if ((rc = headings_put(k, &hd, &s)) == EXATTN_OK)
        rc = exattn_walk__begin(k->w, &s);
    for (i = 0; rc == EXATTN_OK && i < 6; i++)
        rc = stage(k, (exattn_stage_t)(first + i), h);
    if (rc == EXATTN_OK)
        rc = exattn_walk__end(k->w, &s);
    headings_clear(&hd);
    return rc;
}

/* Every stage the block has, in the order it is computed
 * (src/block/order.c). */
static int
stages(block_walk *k)
{
    const exattn_block *b = k->b;
    size_t count, i, h;
    const exattn_block_step *steps = exattn_block__order(b, &count);
    int rc = EXATTN_OK;

    for (i = 0; rc == EXATTN_OK && i < count; i++)
        switch (steps[i].kind)
        {
        case EXATTN_STEP_HEADS:
            for (h = 0; rc == EXATTN_OK && h < b->heads_count; h++)
                rc = head(k, steps[i].stage, h);
            break;
        case EXATTN_STEP_CROSS_HEADS:
            for (h = 0; rc == EXATTN_OK && h < b->cross_count; h++)
                rc = head(k, steps[i].stage, h);
            break;
        default:
            if (b->q[steps[i].stage] != NULL)
                rc = stage(k, steps[i].stage, 0);
            break;
        }
    return rc;
}

int
exattn_derive__block(exattn_walk *w, const exattn_lesson *l)
{
    exattn_block *b = NULL;
    exattn_doc_block info;
    exattn_doc_section s;
    exattn_sbuf heading;
    block_walk k;
    size_t *dims = NULL, h;
    int rc = exattn_block_new(&b, l, w->opts->max_prec, w->err);

    if (rc != EXATTN_OK)
        return rc;
    k.w = w;
    k.b = b;
    info.n = b->n;
    info.m = b->m;
    info.d_model = b->d;
    info.d_ff = b->spec->has_ffn ? b->dff : 0;
    info.heads = b->heads_count;
    info.cross = b->spec->memory.rows != 0;
    info.positional = b->spec->positional;
    info.post_ln = b->spec->ln1.present && !b->spec->pre_ln;
    info.pre_ln = b->spec->pre_ln;
    info.rms_norm = b->spec->rms;
    info.final_norm = b->spec->final.present;
    info.ffn = b->spec->has_ffn;
    info.w_o = b->spec->wo.rows != 0;
    info.scale_per_head = b->spec->scale_per_head;
    info.decoder = b->spec->cross.present;
    info.memory_rows = b->spec->cross.memory.rows;
    info.cross_heads = b->cross_count;
    info.memory_labels = b->spec->cross.labels;
    info.cross_w_o = b->spec->cross.wo.rows != 0;
    /* d_k of every head, then d_v; then the cross heads' likewise */
    if ((dims = malloc(2 * (b->heads_count + b->cross_count + 1)
                       * sizeof *dims)) == NULL)
        rc = oom(&k);
    for (h = 0; dims != NULL && h < b->heads_count; h++)
    {
        dims[h] = b->heads[h].dk;
        dims[b->heads_count + h] = b->heads[h].dv;
    }
    for (h = 0; dims != NULL && h < b->cross_count; h++)
    {
        dims[2 * b->heads_count + h] = b->cross_heads[h].dk;
        dims[2 * b->heads_count + b->cross_count + h] = b->cross_heads[h].dv;
    }
    info.d_k = dims;
    info.d_v = dims ? dims + b->heads_count : NULL;
    info.cross_d_k = dims ? dims + 2 * b->heads_count : NULL;
    info.cross_d_v = dims ? dims + 2 * b->heads_count + b->cross_count
                          : NULL;
    exattn_walk__section(w, &s, EXATTN_SECTION_BLOCK, l);
    s.block = &info;
    exattn_sbuf__init(&heading);
    exattn_block__block_heading(&heading, b);
    if (heading.oom && rc == EXATTN_OK)
        rc = oom(&k);
    s.heading[EXATTN_FORM_TEXT] = heading.s;
    s.title = heading.s;            /* words only: its own title */
    if (rc == EXATTN_OK && (rc = exattn_walk__begin(w, &s)) == EXATTN_OK
        && (rc = stages(&k)) == EXATTN_OK)
        rc = exattn_walk__end(w, &s);
    free(dims);
    exattn_sbuf__clear(&heading);
    exattn_block_free(b);
    return rc;
}
