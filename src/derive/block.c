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

/* The standalone document's text width in points (article, 10 pt): the
 * line a stage's display must fit. */
#define TEXT_WIDTH 345.0

/* Where a stage's long LaTeX forms break (exattn_expr__break_latex):
 * `budget` points a line beside the row labels' column, `tail` kept on
 * the last line for the tag after the form (and its decimal's width). */
typedef struct
{
    int on;
    double budget, tail;
} line_room;

typedef struct
{
    exattn_walk *w;
    const exattn_block *b;
    line_room room;             /* the current stage's */
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

/* Form f of n (LaTeX set over lines when the sink asks for them; the
 * first line holds "name_{c} = ", `first` points). */
static char *
node_text(const block_walk *k, const exattn_dval *d, const exattn_xnode *n,
          int f, unsigned style, double first)
{
    char *s = node_form(n, (f ? EXATTN_LATEX : EXATTN_TEXT) | style), *t;
    double tail = k->room.tail;

    if (s == NULL || !f || !k->room.on)
        return s;
    /* the decimal follows on the last line: "\quad\approx\ 8.169" */
    if (d->v.decimal != NULL || d->v.undecided != NULL)
        tail += exattn_latex__width("\\quad\\approx\\ ")
                + (d->v.decimal ? exattn_latex__width(d->v.decimal)
                                : exattn_latex__width("\\text{(undecided)}"));
    t = exattn_expr__break_latex(s, first, k->room.budget, tail);
    free(s);
    return t;
}

static int
node_value(block_walk *k, exattn_dval *d, const exattn_xnode *n,
           exattn_why_t why, double first)
{
    /* a block's exponents follow the rows': c√s unless kept as written */
    unsigned style = exattn_walk__written_exponents(k->w) ? 0u
                                                          : EXATTN_SIMPLIFIED;
    char *s;
    int f;

    int rc;

    d->v.why = why;
    /* the decimal first: a long form leaves it room on its last line */
    if ((rc = node_decimal(k, d, n)) != EXATTN_OK)
        return rc;
    if (n->exact)
        exattn_dval__exact(d, n->value);
    else
        for (f = 0; f < 2; f++)
        {
            if (!(k->w->notations & (1u << f)))
                continue;
            s = node_text(k, d, n, f, style, first);
            if (!exattn_dval__own(d, s, &d->v.form[f]))
                return oom(k);
        }
    return EXATTN_OK;
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

/* The width of "name_{c} = " (or "name = " for one column) that opens
 * a named coordinate's line. */
static double
name_width(const exattn_doc_section *s, size_t c)
{
    char line[96];

    if (s->cols > 1)
        snprintf(line, sizeof line, "%s_{%zu} = ", s->name[EXATTN_FORM_LATEX],
                 c + 1);
    else
        snprintf(line, sizeof line, "%s = ", s->name[EXATTN_FORM_LATEX]);
    return exattn_latex__width(line);
}

/* A row's softmax denominator in symbols: its symbol, its value. */
typedef struct
{
    char text[48], tex[64];
    exattn_dval value;
} denominator;

/* Row i of weights stage bq in symbols, as a head row is written in
 * LaTeX (EXATTN_PRESENT_SYMBOLS): its denominator Z_i defined once, each
 * weight e^{s_j}/Z_i -- e^{s_j} in full when short, exp(s_{i,j}) when
 * not -- so that no weight repeats the sum.  Nothing for exact rows. */
static int
weights_in_symbols(block_walk *k, const exattn_doc_section *s,
                   exattn_stage_t bq, exattn_doc_entry *e, exattn_dval *d,
                   denominator *z)
{
    const exattn_block *b = k->b;
    const exattn_xnode *n, *sum = NULL;
    unsigned style = exattn_walk__written_exponents(k->w) ? 0u
                                                          : EXATTN_SIMPLIFIED;
    exattn_sbuf f;
    char *num;
    size_t c;
    int rc;

    if (!s->weights || !k->w->symbols || !(k->w->notations & EXATTN_NOTATION_LATEX)
        || (e->rule != EXATTN_RULE_SOFTMAX
            && e->rule != EXATTN_RULE_UNDECIDED))
        return EXATTN_OK;
    if ((sum = exattn_block__denominator(b, bq, s->head, e->row)) == NULL)
        return EXATTN_OK;
    exattn_block__denominator_symbol(z->text, sizeof z->text, z->tex,
                                     sizeof z->tex, bq, s->head,
                                     exattn_block__heads_of(b, bq), e->row);
    exattn_sbuf__init(&f);
    exattn_sbuf__printf(&f, "%s = ", z->tex);
    rc = f.oom ? oom(k) : node_value(k, &z->value, sum, EXATTN_WHY_STAGE,
                                     exattn_latex__width(f.s));
    exattn_sbuf__clear(&f);
    e->symbol[EXATTN_FORM_TEXT] = z->text;
    e->symbol[EXATTN_FORM_LATEX] = z->tex;
    e->denominator = &z->value.v;
    for (c = 0; rc == EXATTN_OK && c < s->cols; c++)
    {
        n = exattn_block__node(b, bq, s->head, e->row, c);
        if (n->exact || n->op != EXATTN_X_DIV || n->b != sum)
            continue;
        if ((num = node_form(n->a, EXATTN_LATEX | style)) == NULL)
            return oom(k);
        exattn_sbuf__init(&f);
        exattn_sbuf__printf(&f, "\\frac{%s}{%s}", num, z->tex);
        exattn_free(num);
        if (f.oom || !exattn_dval__own(&d[c], exattn_sbuf__take(&f),
                                       &d[c].v.form[EXATTN_FORM_LATEX]))
            return oom(k);
    }
    return rc;
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
    denominator z;
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
    exattn_dval__init(&z.value);
    for (c = 0; rc == EXATTN_OK && c < s->cols; c++)
        rc = node_value(k, &d[c], exattn_block__node(b, bq, s->head, i, c),
                        s->weights ? rule_why(e.rule) : EXATTN_WHY_STAGE,
                        name_width(s, c));
    if (rc == EXATTN_OK)
        rc = weights_in_symbols(k, s, bq, &e, d, &z);
    for (c = 0; rc == EXATTN_OK && c < s->cols; c++)
        vals[c] = d[c].v;
    e.values = vals;
    if (rc == EXATTN_OK)
        rc = exattn_walk__entry(k->w, &e);
    for (c = 0; d != NULL && c < s->cols; c++)
        exattn_dval__clear(&d[c]);
    exattn_dval__clear(&z.value);
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

/* The room of stage s's lines: the text width less its widest row label
 * ("\text{rises}:\ "), and a tag and a decimal kept on the last. */
static int
stage_room(block_walk *k, const exattn_doc_section *s)
{
    exattn_sbuf label;
    double widest = 0, w;
    size_t i;

    k->room.on = k->w->breaks;
    if (!k->room.on)
        return EXATTN_OK;
    for (i = 0; s->row_labels != NULL && i < s->rows; i++)
    {
        exattn_sbuf__init(&label);
        exattn_sbuf__puts(&label, "\\text{");
        exattn_sbuf__latex_text(&label, s->row_labels[i]);
        exattn_sbuf__puts(&label, "}:\\ ");
        if (label.oom)
            return oom(k);
        w = exattn_latex__width(label.s);
        widest = w > widest ? w : widest;
        exattn_sbuf__clear(&label);
    }
    /* a little to spare: the widths are estimates */
    k->room.budget = TEXT_WIDTH - widest - 16.0;
    k->room.tail = exattn_latex__width("\\quad(\\text{named})");
    return EXATTN_OK;
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
    if ((rc = stage_room(k, &s)) == EXATTN_OK)
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
    k.room.on = 0;
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
