/* The text presentation of a derivation, after seed lesson 004: one block
 * per query row (scores, weights, contributions, output, each marked EXACT
 * or NAMED), then blends and variants with their contrasts.  A sink of the
 * derivation document (include/exattn/doc.h): it writes what the document
 * decided, one row at a time. */
#include <stdio.h>
#include <stdint.h>
#include "internal.h"
#include "exattn/doc.h"
#include "print/text.h"
#include "print/report.h"

typedef exattn_text_sink text_sink;

/* "Q1" for default labels, "Q[rises]" for token labels. */
static void
label(exattn_sbuf *b, const char *prefix, const char *name, int plain)
{
    exattn_sbuf__puts(b, prefix);
    exattn_sbuf__puts(b, plain ? "" : "[");
    exattn_sbuf__puts(b, name);
    exattn_sbuf__puts(b, plain ? "" : "]");
}

static void
qlabel(exattn_sbuf *b, const exattn_doc_header *l, const char *prefix,
       size_t i)
{
    label(b, prefix, l->query_labels[i], l->default_query_labels);
}

void
exattn_text__klabel(exattn_sbuf *b, const exattn_doc_header *l,
                    const char *prefix, size_t j)
{
    label(b, prefix, l->key_labels[j], l->default_key_labels);
}

/* "(2,0)" */
static void
vector(exattn_sbuf *b, const exattn_matrix *m, size_t r)
{
    size_t c;

    exattn_sbuf__puts(b, "(");
    for (c = 0; c < m->cols; c++)
    {
        if (c > 0)
            exattn_sbuf__puts(b, ",");
        exattn_sbuf__mpq(b, EXATTN_AT(m, r, c));
    }
    exattn_sbuf__puts(b, ")");
}

/* ---- the lesson's header -------------------------------------------- */

/* "V: V[grid]=(1,0); ...", or with what it was projected from (`from`,
 * NULL: nothing) and what changed it after: "V = X·W_V: ...", "Q =
 * X·W_Q, then a query row multiplied: ...". */
static void
matrix_line(exattn_sbuf *b, const exattn_doc_header *l, const char *name,
            const char *from, const char *changed, const exattn_matrix *m,
            int queries)
{
    size_t r;

    exattn_sbuf__puts(b, name);
    if (from != NULL)
        exattn_sbuf__printf(b, " = %s·W_%s%s%s", from, name,
                            changed ? ", then " : "", changed ? changed : "");
    exattn_sbuf__puts(b, ": ");
    for (r = 0; r < m->rows; r++)
    {
        if (r > 0)
            exattn_sbuf__puts(b, "; ");
        if (queries)
            qlabel(b, l, name, r);
        else
            exattn_text__klabel(b, l, name, r);
        exattn_sbuf__puts(b, "=");
        vector(b, m, r);
    }
    exattn_sbuf__puts(b, "\n");
}

static void
factor(exattn_sbuf *b, const mpq_t q)
{
    int wrap = mpq_sgn(q) < 0 || mpz_cmp_ui(mpq_denref(q), 1) != 0;

    exattn_sbuf__puts(b, wrap ? "(" : "");
    exattn_sbuf__mpq(b, q);
    exattn_sbuf__puts(b, wrap ? ")" : "");
}

static void
scale_line(exattn_sbuf *b, const exattn_doc_header *l)
{
    exattn_sbuf__puts(b, "scale: ");
    switch (l->scale_kind)
    {
    case EXATTN_SCALE_NONE:
        exattn_sbuf__puts(b, "none (scaled scores are the scores)\n");
        break;
    case EXATTN_SCALE_RATIONAL:
        exattn_sbuf__puts(b, "every score times ");
        exattn_sbuf__mpq(b, l->scale_value);
        exattn_sbuf__puts(b, "\n");
        break;
    case EXATTN_SCALE_INV_SQRT:
        exattn_sbuf__puts(b, "every score divided by √");
        factor(b, l->scale_value);
        if (l->scale_root != NULL)
        {
            exattn_sbuf__puts(b, " = ");
            exattn_sbuf__mpq(b, l->scale_root);
        }
        exattn_sbuf__puts(b, "\n");
        break;
    }
}

/* "((1,0),(0,2))" */
static void
matrix_inline(exattn_sbuf *b, const exattn_matrix *m)
{
    size_t r;

    exattn_sbuf__puts(b, "(");
    for (r = 0; r < m->rows; r++)
    {
        exattn_sbuf__puts(b, r ? "," : "");
        vector(b, m, r);
    }
    exattn_sbuf__puts(b, ")");
}

/* What the lesson gave before projection: X (a row per token), a
 * cross-attention's memory (a row per key) and the projections. */
static void
inputs(exattn_sbuf *b, const exattn_doc_header *l)
{
    matrix_line(b, l, "X", NULL, NULL, &l->x, 1);
    if (l->memory.rows > 0)
        matrix_line(b, l, "memory", NULL, NULL, &l->memory, 0);
    exattn_sbuf__puts(b, "W_Q = ");
    matrix_inline(b, &l->w_q);
    exattn_sbuf__puts(b, "; W_K = ");
    matrix_inline(b, &l->w_k);
    exattn_sbuf__puts(b, "; W_V = ");
    matrix_inline(b, &l->w_v);
    exattn_sbuf__puts(b, "\n");
}

/* A shorthand the mask was written in, after the matrix it stands for:
 * " given as key padding (1,1,1,0)", " given as valid lengths 3". */
static void
mask_written(exattn_sbuf *b, const exattn_doc_header *l)
{
    size_t k;

    switch (l->mask_written)
    {
    case EXATTN_MASK_WRITTEN_KEY_PADDING:
        exattn_sbuf__puts(b, ", given as key padding (");
        for (k = 0; k < l->m; k++)
            exattn_sbuf__printf(b, "%s%d", k ? "," : "",
                                l->key_padding[k] ? 1 : 0);
        exattn_sbuf__puts(b, "): key j visible iff entry j is 1");
        break;
    case EXATTN_MASK_WRITTEN_VALID_LENS:
        exattn_sbuf__puts(b, l->valid_lens_count > 1
                                 ? ", given as valid lengths ("
                                 : ", given as valid length ");
        for (k = 0; k < l->valid_lens_count; k++)
            exattn_sbuf__printf(b, "%s%zu", k ? "," : "", l->valid_lens[k]);
        exattn_sbuf__puts(b, l->valid_lens_count > 1
                                 ? "): row i sees its first k_i keys"
                                 : ": every row sees the first k keys");
        break;
    default:
        return;
    }
    if (l->mask_causal)
        exattn_sbuf__puts(b, ", and causal");
}

static void
header(exattn_sbuf *b, const exattn_doc_header *l)
{
    /* what Q, K and V were projected from, when the lesson projects */
    const char *x = l->x.rows > 0 ? "X" : NULL;
    const char *kv = x && l->memory.rows > 0 ? "memory" : x;

    if (l->title)
        exattn_sbuf__printf(b, "%s\n", l->title);
    exattn_sbuf__printf(b, "shape: n=%zu query rows, m=%zu key/value rows, "
                        "d_k=%zu, d_v=%zu\n", l->n, l->m, l->dk, l->dv);
    if (x != NULL)
        inputs(b, l);
    matrix_line(b, l, "V", kv, l->v_overridden ? "a value overridden" : NULL,
                &l->v, 0);
    matrix_line(b, l, "Q", x,
                l->q_multiplied ? "a query row multiplied" : NULL, &l->q, 1);
    matrix_line(b, l, "K", kv, NULL, &l->k, 0);
    scale_line(b, l);
    exattn_sbuf__printf(b, "mask: %s", exattn_text__mask_kind(l->mask_kind));
    mask_written(b, l);
    exattn_sbuf__puts(b, "\n");
}

/* How the mask is, in words (a block's header says it too). */
const char *
exattn_text__mask_kind(exattn_mask_kind_t kind)
{
    static const char *const masks[] = {
        "none (every key visible)",
        "causal (key j visible to query i iff j <= i)",
        "explicit 0/1 matrix",
        "additive matrix (0: visible, -inf: blocked)" };

    return masks[kind];
}

/* ---- values --------------------------------------------------------- */

/* A value: its exact rational, or its form. */
void
exattn_text__value(exattn_sbuf *b, const exattn_doc_value *v)
{
    if (v->status == EXATTN_EXACT)
        exattn_sbuf__mpq(b, v->exact);
    else
        exattn_sbuf__puts(b, v->form[EXATTN_FORM_TEXT]
                                 ? v->form[EXATTN_FORM_TEXT] : "");
}

/* " ≈ 0.269", " = 0.250", " ≈ (undecided at P bits...)"; nothing when no
 * decimal was asked for. */
static void
decimal(exattn_sbuf *b, const exattn_doc_value *v)
{
    if (v->undecided)
        exattn_sbuf__printf(b, " ≈ (%s)", v->undecided);
    else if (v->decimal)
    {
        exattn_sbuf__puts(b, v->decimal_exact ? " = " : " ≈ ");
        exattn_sbuf__puts(b, v->decimal);
    }
}

static int
all_plain(const exattn_doc_entry *e)
{
    size_t c;

    for (c = 0; c < e->count; c++)
        if (!exattn_print__decimal_adds_nothing(&e->values[c]))
            return 0;
    return 1;
}

/* " ≈ (0.538,0)": the decimals of a vector, an exact coordinate whose
 * decimal is itself written exactly ("≈" is for rounded ones); nothing
 * when every coordinate is such (the exact vector says it all). */
static void
decimal_vector(exattn_sbuf *b, const exattn_doc_entry *e)
{
    size_t c;

    if (e->count == 0 || (!e->values[0].decimal && !e->values[0].undecided))
        return;
    if (all_plain(e))
        return;
    exattn_sbuf__puts(b, " ≈ (");
    for (c = 0; c < e->count; c++)
    {
        exattn_sbuf__puts(b, c ? "," : "");
        if (exattn_print__decimal_adds_nothing(&e->values[c]))
            exattn_sbuf__mpq(b, e->values[c].exact);
        else
            exattn_sbuf__puts(b, e->values[c].decimal ? e->values[c].decimal
                                                      : "undecided");
    }
    exattn_sbuf__puts(b, ")");
}

/* "(1,5/4)", with "named" for coordinates that are not exact. */
static void
value_vector(exattn_sbuf *b, const exattn_doc_entry *e)
{
    size_t c;

    exattn_sbuf__puts(b, "(");
    for (c = 0; c < e->count; c++)
    {
        exattn_sbuf__puts(b, c ? "," : "");
        if (e->values[c].status == EXATTN_EXACT)
            exattn_sbuf__mpq(b, e->values[c].exact);
        else
            exattn_sbuf__puts(b, "named");
    }
    exattn_sbuf__puts(b, ")");
}

/* ---- lines of entries ------------------------------------------------- */

void
exattn_text__close_line(text_sink *t)
{
    const exattn_doc_section *s = t->row;

    /* a compact row does not list its blocked keys: say what they weigh */
    if (t->line == EXATTN_ROLE_WEIGHT && s->compact
        && s->allowed_count < t->l->m)
        exattn_sbuf__puts(&t->b, " ; every other key: 0 (blocked, EXACT)");
    if (t->line >= 0)
        exattn_sbuf__puts(&t->b, "\n");
    t->line = -1;
    t->items = 0;
}

/* Start an item of a line of `role` entries, opening the line with
 * `prefix` when it is a new one; items are separated by `sep`. */
static void
item(text_sink *t, int role, const char *prefix, const char *sep)
{
    if (t->line != role)
    {
        exattn_text__close_line(t);
        exattn_sbuf__puts(&t->b, prefix);
        t->line = role;
    }
    else if (t->items > 0)
        exattn_sbuf__puts(&t->b, sep);
    t->items++;
}

static void
score_item(text_sink *t, const exattn_doc_entry *e)
{
    exattn_sbuf *b = &t->b;

    item(t, e->role, "scores: ", " ; ");
    qlabel(b, t->l, "Q", e->row);
    exattn_sbuf__puts(b, "·");
    exattn_text__klabel(b, t->l, "K", e->key);
    exattn_sbuf__puts(b, " = ");
    if (!t->row->compact)
    {
        exattn_sbuf__puts(b, e->values->form[EXATTN_FORM_TEXT]);
        exattn_sbuf__puts(b, " = ");
    }
    exattn_sbuf__mpq(b, e->values->exact);
    if (e->blocked)
        exattn_sbuf__puts(b, " (blocked)");
}

static void
scaled_item(text_sink *t, const exattn_doc_entry *e)
{
    const exattn_doc_value *v = e->values;
    exattn_sbuf *b = &t->b;

    /* without a scale the scaled scores are the scores: no line */
    if (t->l->scale_kind == EXATTN_SCALE_NONE)
        return;
    item(t, e->role, "scaled: ", " ; ");
    exattn_text__klabel(b, t->l, "s", e->key);
    exattn_sbuf__puts(b, " = ");
    exattn_sbuf__puts(b, v->form[EXATTN_FORM_TEXT]);
    if (v->simplified[EXATTN_FORM_TEXT])
    {
        exattn_sbuf__puts(b, " = ");
        exattn_sbuf__puts(b, v->simplified[EXATTN_FORM_TEXT]);
    }
    if (v->status == EXATTN_NAMED)
        decimal(b, v);
    exattn_sbuf__puts(b, v->status == EXATTN_EXACT ? " (EXACT)"
                                                   : " (NAMED)");
    if (e->blocked)
        exattn_sbuf__puts(b, " (blocked)");
}

static void
weight_item(text_sink *t, const exattn_doc_entry *e)
{
    const exattn_doc_value *v = e->values;
    exattn_sbuf *b = &t->b;

    item(t, e->role, "weights: ", " ; ");
    exattn_text__klabel(b, t->l, "w", e->key);
    exattn_sbuf__puts(b, " = ");
    exattn_sbuf__puts(b, v->form[EXATTN_FORM_TEXT]);
    /* a decimal beside every weight the softmax shares out */
    if (v->why != EXATTN_WHY_BLOCKED && v->why != EXATTN_WHY_SINGLE_KEY)
        decimal(b, v);
    exattn_sbuf__puts(b, e->blocked ? " (blocked, EXACT)"
                         : v->status == EXATTN_EXACT ? " (EXACT)"
                                                     : " (NAMED)");
}

/* An exact weight times V_j: "1/2·V1=1/2·(1,0)=(1/2,0)". */
static void
exact_product(text_sink *t, const exattn_doc_entry *e)
{
    exattn_sbuf *b = &t->b;
    size_t c;

    exattn_sbuf__mpq(b, e->factor->exact);
    exattn_text__klabel(b, t->l, "·V", e->key);
    exattn_sbuf__puts(b, "=");
    exattn_sbuf__mpq(b, e->factor->exact);
    exattn_sbuf__puts(b, "·");
    vector(b, &t->l->v, e->key);
    exattn_sbuf__puts(b, "=(");
    for (c = 0; c < e->count; c++)
    {
        exattn_sbuf__puts(b, c ? "," : "");
        exattn_sbuf__mpq(b, e->values[c].exact);
    }
    exattn_sbuf__puts(b, ")");
}

static void
contribution_item(text_sink *t, const exattn_doc_entry *e)
{
    const exattn_doc_header *l = t->l;
    exattn_sbuf *b = &t->b;

    if (e->blocked)
        return;
    item(t, e->role, "", " ; ");
    switch (t->row->rule)
    {
    case EXATTN_RULE_SINGLE_KEY:
        exattn_text__klabel(b, l, "1·V", e->key);
        exattn_sbuf__puts(b, "=");
        vector(b, &l->v, e->key);
        break;
    case EXATTN_RULE_EQUAL_SCORES:
        exact_product(t, e);
        break;
    default:        /* EXATTN_RULE_SOFTMAX; UNDECIDED is a block's */
        exattn_text__klabel(b, l, "weight·V", e->key);
        exattn_sbuf__printf(b, "=%s·", e->factor->factor[EXATTN_FORM_TEXT]);
        vector(b, &l->v, e->key);
        decimal_vector(b, e);
        break;
    }
}

/* A compact row's output: its form as a whole, which names no entry,
 * then each coordinate's, which the audit proves ("output9[1] = (Σ_{k∈A9}
 * e^{s_k}·V_{k,1})/Z9 (NAMED)"). */
static void
compact_output_lines(text_sink *t, const exattn_doc_entry *e)
{
    exattn_sbuf *b = &t->b;
    size_t c;

    exattn_sbuf__printf(b, " = %s, by coordinate:\n",
                        e->form[EXATTN_FORM_TEXT]);
    for (c = 0; c < e->count; c++)
    {
        qlabel(b, t->l, "output", e->row);
        exattn_sbuf__printf(b, "[%zu] = ", c + 1);
        exattn_text__value(b, &e->values[c]);
        exattn_sbuf__puts(b, e->values[c].status == EXATTN_EXACT
                                 ? " (EXACT)\n" : " (NAMED)\n");
    }
}

static void
output_lines(text_sink *t, const exattn_doc_entry *e)
{
    const exattn_doc_section *s = t->row;
    exattn_sbuf *b = &t->b;
    size_t j;

    exattn_text__close_line(t);
    qlabel(b, t->l, "output", e->row);
    if (s->compact && s->rule == EXATTN_RULE_SOFTMAX
        && e->form[EXATTN_FORM_TEXT] != NULL)
        compact_output_lines(t, e);
    else if (s->rule == EXATTN_RULE_SINGLE_KEY)
    {
        for (j = 0; !s->allowed[j]; j++)
            ;
        exattn_text__klabel(b, t->l, " = 1·V", j);
        exattn_sbuf__puts(b, " = ");
    }
    else if (s->rule == EXATTN_RULE_EQUAL_SCORES)
        exattn_sbuf__puts(b, " = Σ wⱼ·Vⱼ = ");
    else
    {
        exattn_sbuf__printf(b, " = %s", e->form[EXATTN_FORM_TEXT]);
        exattn_sbuf__puts(b, s->exact_outputs ? " = " : "");
    }
    if (!(s->compact && s->rule == EXATTN_RULE_SOFTMAX
          && e->form[EXATTN_FORM_TEXT] != NULL))
    {
        if (s->rule != EXATTN_RULE_SOFTMAX || s->exact_outputs)
            value_vector(b, e);
        exattn_sbuf__puts(b, s->exact_outputs == e->count ? " (EXACT)\n"
                             : s->exact_outputs == 0 ? " (NAMED)\n"
                             : " (NAMED except the exact coordinates "
                               "shown)\n");
    }
    /* the decimals follow the notes, when they say more than the exact
     * values */
    if ((e->values[0].decimal || e->values[0].undecided)
        && !all_plain(e))
    {
        qlabel(&t->tail, t->l, "output", e->row);
        decimal_vector(&t->tail, e);
        exattn_sbuf__puts(&t->tail, "\n");
    }
}

/* "note: output3 coordinate 1 is EXACTLY 1 although ..." */
static int
note(void *ctx, const exattn_doc_note *n)
{
    text_sink *t = ctx;
    exattn_sbuf *b = &t->b;
    size_t g, k;

    exattn_text__close_line(t);
    exattn_sbuf__puts(b, "note: ");
    qlabel(b, t->l, "output", n->row);
    exattn_sbuf__printf(b, " coordinate %zu is EXACTLY ", n->col + 1);
    exattn_sbuf__mpq(b, n->value);
    if (n->groups == NULL)
    {
        exattn_sbuf__printf(b, " although its weights are named: each of "
                            "the %zu groups of keys with equal scores has "
                            "mean ", n->group_count);
        exattn_sbuf__mpq(b, n->value);
        exattn_sbuf__puts(b, " there\n");
        return EXATTN_OK;
    }
    exattn_sbuf__puts(b, " although its weights are named: every group of "
                      "keys with equal scores has the same mean value "
                      "there (");
    for (g = 0; g < n->group_count; g++)
    {
        exattn_sbuf__puts(b, g ? "; {" : "{");
        for (k = 0; k < n->groups[g].count; k++)
        {
            exattn_sbuf__puts(b, k ? "," : "");
            exattn_text__klabel(b, t->l, "K", n->groups[g].keys[k]);
        }
        exattn_sbuf__printf(b, "} at scaled score %s: mean ",
                            n->groups[g].scaled[EXATTN_FORM_TEXT]);
        exattn_sbuf__mpq(b, n->value);
    }
    exattn_sbuf__puts(b, ")\n");
    return EXATTN_OK;
}

/* ---- blends ----------------------------------------------------------- */

static void
blend_item(text_sink *t, const exattn_doc_entry *e)
{
    const exattn_doc_header *l = t->l;
    exattn_sbuf *b = &t->b;

    switch (e->role)
    {
    case EXATTN_ROLE_BLEND_WEIGHT:
        item(t, e->role, "", "; ");
        exattn_text__klabel(b, l, "w", e->key);
        exattn_sbuf__puts(b, "=");
        exattn_sbuf__mpq(b, e->values->exact);
        break;
    case EXATTN_ROLE_BLEND_SUM:
        exattn_text__close_line(t);
        exattn_sbuf__printf(b, "weights sum = %s = 1 (EXACT)\n",
                            e->values->form[EXATTN_FORM_TEXT]);
        break;
    case EXATTN_ROLE_BLEND_CONTRIBUTION:
        item(t, e->role, "", " ; ");
        exact_product(t, e);
        break;
    default:
        exattn_text__close_line(t);
        exattn_sbuf__printf(b, "%s output = Σ wⱼ·Vⱼ = ",
                            l->blend_names[t->row->blend]);
        value_vector(b, e);
        exattn_sbuf__puts(b, " (EXACT)\n");
        if (e->count == 0 || e->values[0].decimal == NULL || all_plain(e))
            break;
        exattn_sbuf__puts(b, l->blend_names[t->row->blend]);
        exattn_sbuf__puts(b, " output");
        decimal_vector(b, e);
        exattn_sbuf__puts(b, "\n");
        break;
    }
}

static int
entry(void *ctx, const exattn_doc_entry *e)
{
    text_sink *t = ctx;

    if (t->block.open)
    {
        exattn_text__block_entry(&t->block, e);
        return EXATTN_OK;
    }
    switch (e->role)
    {
    case EXATTN_ROLE_SCORE: score_item(t, e); break;
    case EXATTN_ROLE_SCALED: scaled_item(t, e); break;
    case EXATTN_ROLE_WEIGHT: weight_item(t, e); break;
    case EXATTN_ROLE_CONTRIBUTION: contribution_item(t, e); break;
    case EXATTN_ROLE_OUTPUT: output_lines(t, e); break;
    case EXATTN_ROLE_CHANGE_WEIGHT: exattn_text__weight_change(t, e); break;
    case EXATTN_ROLE_CHANGE_OUTPUT: exattn_text__output_change(t, e); break;
    case EXATTN_ROLE_CLAIM:
        exattn_text__claim_line(&t->b, t->report->file, e->claim);
        exattn_sbuf__spool(&t->b, EXATTN_SPOOL_LIMIT);
        break;
    case EXATTN_ROLE_NUMBER:
        exattn_text__number_line(&t->b, t->report->file, e->number);
        exattn_sbuf__spool(&t->b, EXATTN_SPOOL_LIMIT);
        break;
    case EXATTN_ROLE_GRADE:
        exattn_text__grade_line(&t->b, t->report->file, e->grade);
        exattn_sbuf__spool(&t->b, EXATTN_SPOOL_LIMIT);
        break;
    default: blend_item(t, e); break;
    }
    return EXATTN_OK;
}

static void
row_heading(text_sink *t, const exattn_doc_section *s)
{
    exattn_sbuf *b = &t->b;
    size_t j;
    int first = 1;

    exattn_sbuf__puts(b, "\nquery ");
    qlabel(b, t->l, "Q", s->row);
    if (s->same_as_against)
    {
        exattn_sbuf__printf(b, ": as in %s%s%s (proved unchanged)\n",
                            s->against_header->name ? "variant \""
                                                    : "the base lesson",
                            s->against_header->name
                                ? s->against_header->name : "",
                            s->against_header->name ? "\"" : "");
        return;
    }
    if (s->compact)
    {
        exattn_sbuf__printf(b, " attends %zu keys %s — multiple keys: NAMED "
                            "weights over %s = %s\n", s->allowed_count,
                            s->key_set[EXATTN_FORM_TEXT],
                            s->symbol[EXATTN_FORM_TEXT],
                            s->denominator[EXATTN_FORM_TEXT]);
        return;
    }
    exattn_sbuf__puts(b, " attends {");
    for (j = 0; j < t->l->m; j++)
        if (s->allowed[j])
        {
            exattn_sbuf__puts(b, first ? "" : ",");
            exattn_text__klabel(b, t->l, "K", j);
            first = 0;
        }
    if (s->rule == EXATTN_RULE_SINGLE_KEY)
        exattn_sbuf__puts(b, "} — single key: weight is EXACTLY 1\n");
    else if (s->rule == EXATTN_RULE_EQUAL_SCORES)
    {
        exattn_sbuf__puts(b, "} — equal scores: every weight is EXACTLY ");
        exattn_sbuf__mpq(b, s->weight);
        exattn_sbuf__puts(b, "\n");
    }
    else
        exattn_sbuf__puts(b, "} — multiple keys: NAMED weights\n");
}

static int
begin(void *ctx, const exattn_doc_section *s)
{
    text_sink *t = ctx;

    if (t->block.open || s->kind == EXATTN_SECTION_BLOCK)
    {
        exattn_text__block_begin(&t->block, s);
        return EXATTN_OK;
    }
    if (s->kind == EXATTN_SECTION_CHECK || s->kind == EXATTN_SECTION_AUDIT
        || s->kind == EXATTN_SECTION_GRADE)
    {
        t->report = s;
        return EXATTN_OK;
    }
    t->l = s->header;
    t->line = -1;
    t->items = 0;
    switch (s->kind)
    {
    case EXATTN_SECTION_LESSON:
        header(&t->b, s->header);
        t->block.nested = 1;
        break;
    case EXATTN_SECTION_ROW: t->row = s; row_heading(t, s); break;
    case EXATTN_SECTION_BLEND:
        t->row = s;
        exattn_sbuf__printf(&t->b, "\nblend \"%s\": assigned exact weights "
                            "(not softmax): ",
                            s->header->blend_names[s->blend]);
        t->line = EXATTN_ROLE_BLEND_WEIGHT;
        break;
    case EXATTN_SECTION_VARIANT:
        exattn_sbuf__printf(&t->b, "\n== variant \"%s\" ==\n",
                            s->header->name);
        break;
    case EXATTN_SECTION_CONTRAST: exattn_text__contrast_begin(t, s); break;
    case EXATTN_SECTION_CONTRAST_ROW:
        t->row = s;
        exattn_text__contrast_row_begin(t, s);
        break;
    case EXATTN_SECTION_LAB: exattn_text__lab(&t->b, s); break;
    default:
        break;
    }
    return EXATTN_OK;
}

/* Every section's end flushes what it wrote: a row is on its way before
 * the next is derived. */
static int
end(void *ctx, const exattn_doc_section *s)
{
    text_sink *t = ctx;

    if (t->report == s)
    {
        if (s->grade_summary != NULL)
            exattn_text__grade_end(&t->b, s);
        else
            exattn_text__report_end(&t->b, s);
        return exattn_sbuf__flush(&t->b, t->f, s->file, t->err);
    }
    if (t->block.open)
        exattn_text__block_end(&t->block, s);
    else
        exattn_text__close_line(t);
    if (!t->block.open && s->kind == EXATTN_SECTION_CONTRAST)
        exattn_text__contrast_end(t, s);
    if (t->tail.len > 0)
    {
        exattn_sbuf__putn(&t->b, t->tail.s, t->tail.len);
        t->b.oom |= t->tail.oom;
        t->tail.len = 0;
    }
    return exattn_text__flush_wrapped(&t->b, t->f, s->header->file,
                                      t->err);
}

static void
sink_init(exattn_doc_sink *sink, text_sink *t, FILE *f,
          const exattn_write_opts *opts, exattn_error_t *err)
{
    sink->notations = EXATTN_NOTATION_TEXT;
    /* decimals beside every quantity but the scores, which are exact
     * integers or fractions written as such */
    sink->decimals = EXATTN_SHOW(EXATTN_SCALED) | EXATTN_SHOW(EXATTN_WEIGHT)
                     | EXATTN_SHOW(EXATTN_CONTRIBUTION)
                     | EXATTN_SHOW(EXATTN_OUTPUT);
    /* a contribution is written as its weight times V_j, an output as a
     * whole (a compact row's also coordinate by coordinate, whose forms
     * the document always has): their coordinates' forms are not asked */
    sink->forms = EXATTN_SHOW(EXATTN_SCORE) | EXATTN_SHOW(EXATTN_SCALED)
                  | EXATTN_SHOW(EXATTN_WEIGHT);
    sink->begin = begin;
    sink->entry = entry;
    sink->note = note;
    sink->end = end;
    t->f = f;
    t->l = NULL;
    t->row = NULL;
    t->report = NULL;
    t->line = -1;
    t->items = 0;
    t->opts = opts;
    t->err = err;
    exattn_sbuf__init(&t->b);
    exattn_sbuf__init(&t->tail);
    t->block.out = &t->b;
    t->block.stage = NULL;
    t->block.open = 0;
    t->block.nested = 0;
}

static int
finish(text_sink *t, int code, const char *file)
{
    exattn_sbuf__clear(&t->b);
    exattn_sbuf__clear(&t->tail);
    if (code == EXATTN_OK && ferror(t->f))
        code = exattn_error__set(t->err, EXATTN_EIO, file, 0, 0,
                                 "cannot write the output");
    return code;
}

int
exattn_write_text(FILE *f, const exattn_lesson *l,
                  const exattn_write_opts *opts, exattn_error_t *err)
{
    exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
    text_sink t;

    sink_init(&sink, &t, f, opts, err);
    return finish(&t, exattn_derive(&sink, &t, l, opts, err),
                  exattn_lesson_file(l));
}

int
exattn_text__report(FILE *f, exattn_report_walk walk, const void *arg,
                    const char *file, exattn_error_t *err)
{
    exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
    text_sink t;
    int code;

    sink_init(&sink, &t, f, NULL, err);
    code = walk(&sink, &t, arg, err);
    /* a report is checked whole, as the audit's always was: what stdio
     * still holds is written before the verdict is returned */
    if (code == EXATTN_OK && fflush(f) != 0)
        code = exattn_error__set(err, EXATTN_EIO, file, 0, 0,
                                 "cannot write the output");
    return finish(&t, code, file);
}
