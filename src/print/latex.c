/* The LaTeX of a derivation, in the lesson's order: shapes, the matrices,
 * then for each query row its scores with the dot product written out,
 * the scaling, the mask (blocked keys removed, not scored 0), the softmax
 * weights, the weighted contributions and the output, each labelled exact
 * or named, with a remark for each exact coordinate of named weights;
 * then blends, and variants with their contrasts as displayed relations.
 * One display per step: fragments between \[ ... \] to paste into a KaTeX
 * page, or a standalone document.  A sink of the derivation document
 * (include/exattn/doc.h): what is shown, and why, was decided there. */
#include <stdint.h>
#include "internal.h"
#include "exattn/doc.h"
#include "print/latex.h"

/* Layout: lists of keys and sums of vectors go on over lines, so that no
 * display is wider than the page. */
#define KEYS_PER_LINE 8
#define TERMS_PER_LINE 4

typedef exattn_latex_sink latex_sink;

/* A_i, the keys row i may attend to. */
static void
aset(latex_sink *c, size_t i)
{
    exattn_sbuf__puts(c->b, "A_{");
    exattn_latex__qsub(c->b, c->l, i);
    exattn_sbuf__puts(c->b, "}");
}

/* ---- a row's steps ------------------------------------------------------ */

static void
score_line(latex_sink *c, const exattn_doc_entry *e)
{
    exattn_sbuf *b = c->b;

    exattn_latex__line(c, e->role,
                       "scores: dot products of the query with every key");
    exattn_sbuf__puts(b, "q_{");
    exattn_latex__qsub(b, c->l, e->row);
    exattn_sbuf__puts(b, "}k_{");
    exattn_latex__ksub(b, c->l, e->key);
    exattn_sbuf__puts(b, "}^{\\mathsf{T}} &= ");
    if (!c->row->compact)
    {
        exattn_sbuf__puts(b, e->values->form[EXATTN_FORM_LATEX]);
        exattn_sbuf__puts(b, " = ");
    }
    exattn_latex__tfrac(b, e->values->exact);
    if (e->blocked)
        exattn_sbuf__puts(b, "\\quad(\\text{blocked})");
}

static void
scaled_line(latex_sink *c, const exattn_doc_entry *e)
{
    const exattn_doc_value *v = e->values;
    exattn_sbuf *b = c->b;

    if (c->l->scale_kind == EXATTN_SCALE_NONE)
    {
        /* the scaled scores are the scores: one remark for the row */
        if (c->unscaled_done)
            return;
        c->unscaled_done = 1;
        exattn_latex__aligned_close(c);
        exattn_latex__display_open(c, "scaled scores", "scaled");
        exattn_sbuf__puts(b, "s_{");
        exattn_latex__qsub(b, c->l, e->row);
        exattn_sbuf__puts(b, ",j} = q_{");
        exattn_latex__qsub(b, c->l, e->row);
        exattn_sbuf__puts(b, "}k_{j}^{\\mathsf{T}}\\quad(\\text{no "
                             "scaling})");
        exattn_latex__display_close(c);
        return;
    }
    if (c->display != (int)e->role
        && c->l->scale_kind == EXATTN_SCALE_INV_SQRT)
    {
        /* the rule once, then each key's value */
        exattn_latex__line(c, e->role, "scaled scores");
        exattn_sbuf__puts(b, "s_{");
        exattn_latex__qsub(b, c->l, e->row);
        exattn_sbuf__puts(b, ",j} &= \\frac{q_{");
        exattn_latex__qsub(b, c->l, e->row);
        exattn_sbuf__puts(b, "}k_{j}^{\\mathsf{T}}}{\\sqrt{d_k}}");
    }
    exattn_latex__line(c, e->role, "scaled scores");
    exattn_sbuf__puts(b, "s_{");
    exattn_latex__qsub(b, c->l, e->row);
    exattn_sbuf__puts(b, ",");
    exattn_latex__ksub(b, c->l, e->key);
    exattn_sbuf__puts(b, "} &= ");
    exattn_sbuf__puts(b, v->form[EXATTN_FORM_LATEX]);
    if (v->simplified[EXATTN_FORM_LATEX])
    {
        exattn_sbuf__puts(b, " = ");
        exattn_sbuf__puts(b, v->simplified[EXATTN_FORM_LATEX]);
    }
    if (v->status == EXATTN_NAMED)
        exattn_latex__approx(c, v);
    exattn_sbuf__printf(b, "\\quad(\\text{%s%s})",
                        v->status == EXATTN_EXACT ? "exact" : "named",
                        e->blocked ? "; blocked" : "");
}

/* Blocked keys are removed from the softmax, not given a score of 0: said
 * once, before the weights. */
static void
mask_step(latex_sink *c)
{
    const exattn_doc_section *s = c->row;
    exattn_sbuf *b = c->b;
    size_t j, listed = 0;

    if (c->mask_done || s->allowed_count == c->l->m)
        return;
    c->mask_done = 1;
    exattn_latex__aligned_close(c);
    exattn_latex__display_open(c, "mask: the keys this query may attend to", "mask");
    exattn_sbuf__puts(b, "\\begin{aligned}\n");
    aset(c, s->row);
    exattn_sbuf__puts(b, " &= ");
    exattn_sbuf__puts(b, s->key_set[EXATTN_FORM_LATEX]);
    exattn_sbuf__puts(b, " \\\\\n&\\text{blocked, removed from the softmax "
                         "(weight exactly } 0\\text{):}");
    if (s->compact)
        exattn_sbuf__printf(b, "\\ \\text{the other %zu keys}",
                            c->l->m - s->allowed_count);
    for (j = 0; j < c->l->m && !s->compact; j++)
        if (!s->allowed[j])
        {
            /* the blocked keys, a few to a line */
            exattn_sbuf__puts(b, listed % KEYS_PER_LINE == 0
                                     ? (listed ? ", \\\\\n&\\qquad k_{"
                                               : " \\\\\n&\\qquad k_{")
                                     : ",\\ k_{");
            exattn_latex__ksub(b, c->l, j);
            exattn_sbuf__puts(b, "}");
            listed++;
        }
    exattn_sbuf__puts(b, "\n\\end{aligned}");
    exattn_latex__display_close(c);
}

/* "Z_{3} = \sum_{k \in A_{3}} e^{s_{3,k}},\quad A_{3} = \{1, \dots, 9\}"
 * for a compact row; "Z_{3} = e^{1} + e^{\sqrt{2}}" for one in symbols. */
static void
z_definition(latex_sink *c, const char *eq)
{
    const exattn_doc_section *s = c->row;

    exattn_sbuf__printf(c->b, "%s%s%s", s->symbol[EXATTN_FORM_LATEX], eq,
                        s->denominator[EXATTN_FORM_LATEX]);
    c->z_done = 1;
    if (!s->compact)
        return;
    exattn_sbuf__puts(c->b, ",\\quad ");
    aset(c, s->row);
    exattn_sbuf__printf(c->b, " = %s", s->key_set[EXATTN_FORM_LATEX]);
}

/* A row whose weights are not shown defines Z_i before the first step
 * that uses it. */
static void
z_step(latex_sink *c)
{
    if (!(c->row->compact || c->row->symbolic) || c->z_done)
        return;
    exattn_latex__aligned_close(c);
    exattn_latex__display_open(c, "the softmax denominator of the row", "denominator");
    exattn_sbuf__puts(c->b, "\\begin{aligned}\n");
    z_definition(c, " &= ");
    exattn_sbuf__puts(c->b, "\n\\end{aligned}");
    exattn_latex__display_close(c);
}

/* A row of the Markdown table of a row's weights, by token: its symbol,
 * its exact value or nothing (a named form is set in the display above,
 * at display size: an inline fraction of exponentials in a cell is too
 * small to read), the status, and the rounded decimal of a named one:
 * "| rises | $w_{…}$ | | named | ≈ 0.576 |", "| load | $w_{…}$ |
 * $\tfrac{1}{3}$ | exact | |". */
static void
table_row(latex_sink *c, const exattn_doc_entry *e)
{
    const exattn_doc_value *v = e->values;
    exattn_sbuf *t = &c->table;

    if (t->len == 0)
        exattn_sbuf__puts(t, "| key | weight | value | | decimal |\n"
                             "|---|---|---|---|---|\n");
    exattn_sbuf__puts(t, "| ");
    exattn_sbuf__markdown_text(t, c->l->key_labels[e->key]);
    exattn_sbuf__puts(t, " | $w_{");
    exattn_sbuf__latex_label(t, c->l->query_labels[e->row],
                            c->l->default_query_labels);
    exattn_sbuf__puts(t, ",");
    exattn_sbuf__latex_label(t, c->l->key_labels[e->key],
                            c->l->default_key_labels);
    exattn_sbuf__puts(t, "}$ | ");
    if (v->status == EXATTN_EXACT)
    {
        exattn_sbuf__puts(t, "$");
        exattn_sbuf__mpq_latex_with(t, v->exact, "\\tfrac");
        exattn_sbuf__puts(t, "$ ");
    }
    /* an exact value is written once, exactly; a named one's decimal
     * is rounded, and says so */
    exattn_sbuf__printf(t, "| %s | %s%s |\n",
                        e->blocked ? "exact: blocked"
                        : v->status == EXATTN_EXACT ? "exact" : "named",
                        v->decimal && v->status != EXATTN_EXACT
                            ? v->decimal_exact ? "= " : "≈ " : "",
                        v->decimal && v->status != EXATTN_EXACT
                            ? v->decimal : "");
}

static void
weight_line(latex_sink *c, const exattn_doc_entry *e)
{
    const exattn_doc_section *s = c->row;
    const exattn_doc_value *v = e->values;
    exattn_sbuf *b = c->b;

    mask_step(c);
    exattn_latex__line(c, e->role, s->rule == EXATTN_RULE_SOFTMAX
                         ? "softmax weights: named"
                         : "softmax weights: equal allowed scores, so "
                           "each is exactly one over their number");
    if (c->lines == 1 && (s->compact || s->symbolic))
    {
        /* Z_i, defined once */
        z_definition(c, " &= ");
        exattn_sbuf__puts(b, " \\\\\n");
    }
    exattn_latex__wsym(c, e->row, e->key);
    exattn_sbuf__puts(b, " &= ");
    if (c->markdown)
        table_row(c, e);
    if (e->blocked)
    {
        exattn_sbuf__puts(b, "0\\quad(\\text{exact: blocked})");
        return;
    }
    exattn_sbuf__puts(b, v->form[EXATTN_FORM_LATEX]);
    if (v->status == EXATTN_NAMED)
        exattn_latex__approx(c, v);
    exattn_latex__status_tag(b, v->status == EXATTN_EXACT);
}

static void
contribution_line(latex_sink *c, const exattn_doc_entry *e)
{
    exattn_sbuf *b = c->b;

    mask_step(c);
    if (e->blocked)
        return;
    z_step(c);
    exattn_latex__line(c, e->role, "weighted contributions of the values");
    exattn_latex__wsym(c, e->row, e->key);
    exattn_sbuf__puts(b, "V_{");
    exattn_latex__ksub(b, c->l, e->key);
    exattn_sbuf__puts(b, "} &= ");
    exattn_sbuf__puts(b, e->factor->factor[EXATTN_FORM_LATEX]);
    exattn_latex__matrix_row(c, &c->l->v, e->key);
    if (c->row->rule == EXATTN_RULE_SOFTMAX)
    {
        /* its decimals on a line of their own */
        if (e->count > 0 && (e->values[0].decimal || e->values[0].undecided))
            exattn_sbuf__puts(b, " \\\\\n&");
        exattn_latex__approx_vector(c, e);
        return;
    }
    exattn_latex__exact_vector(c, e);
}

static void
output_step(latex_sink *c, const exattn_doc_entry *e)
{
    const exattn_doc_section *s = c->row;
    exattn_sbuf *b = c->b;
    int named = s->rule == EXATTN_RULE_SOFTMAX;
    size_t k;

    mask_step(c);
    z_step(c);
    exattn_latex__aligned_close(c);
    exattn_latex__display_open(c, !named
        ? "output: the weighted sum of the values"
        : "output: the weighted sum of the values; a coordinate is exact "
          "when the equal-score groups of keys have equal means there", "output");
    exattn_sbuf__puts(b, named ? "\\begin{aligned}\no_{" : "o_{");
    exattn_latex__qsub(b, c->l, e->row);
    exattn_sbuf__puts(b, named ? "} &= \\sum_{j \\in " : "} = \\sum_{j \\in ");
    aset(c, e->row);
    exattn_sbuf__puts(b, "} w_{");
    exattn_latex__qsub(b, c->l, e->row);
    exattn_sbuf__puts(b, ",j}V_{j}");
    if (!named)
    {
        exattn_latex__exact_vector(c, e);
        exattn_latex__status_tag(b, 1);
        exattn_latex__display_close(c);
        return;
    }
    for (k = 0; k < e->count; k++)
    {
        exattn_sbuf__puts(b, " \\\\\no_{");
        exattn_latex__qsub(b, c->l, e->row);
        exattn_sbuf__printf(b, ",%zu} &= %s", k + 1,
                            e->values[k].form[EXATTN_FORM_LATEX]);
        if (e->values[k].status == EXATTN_EXACT)
        {
            exattn_sbuf__puts(b, " = ");
            exattn_latex__tfrac(b, e->values[k].exact);
            exattn_sbuf__puts(b, "\\quad(\\text{exact})");
        }
        else
        {
            exattn_latex__approx(c, &e->values[k]);
            exattn_latex__status_tag(b, 0);
        }
    }
    exattn_sbuf__puts(b, "\n\\end{aligned}");
    exattn_latex__display_close(c);
}

/* An exact coordinate of named weights, and why: a remark. */
static int
note(void *ctx, const exattn_doc_note *n)
{
    latex_sink *c = ctx;
    exattn_sbuf *b = c->b;
    size_t g, k;
    char note_step[48];

    snprintf(note_step, sizeof note_step, "note%zu", n->col + 1);
    exattn_latex__aligned_close(c);
    exattn_latex__display_open(c, "note: an exact coordinate although the "
                                  "weights are named", note_step);
    /* the claim, why, then each group of keys on its own line */
    exattn_sbuf__puts(b, "\\begin{aligned}\no_{");
    exattn_latex__qsub(b, c->l, n->row);
    exattn_sbuf__printf(b, ",%zu} &= ", n->col + 1);
    exattn_latex__tfrac(b, n->value);
    exattn_sbuf__puts(b, "\\quad\\text{exactly: each group of keys with "
                         "equal scores}\\\\\n&\\phantom{=}\\ \\text{has "
                         "mean }");
    exattn_latex__tfrac(b, n->value);
    if (n->groups == NULL)
        exattn_sbuf__printf(b, "\\text{ there (%zu groups)}", n->group_count);
    else
        exattn_sbuf__puts(b, "\\text{ there:}");
    for (g = 0; n->groups != NULL && g < n->group_count; g++)
    {
        exattn_sbuf__puts(b, "\\\\\n&\\phantom{=}\\quad \\{");
        for (k = 0; k < n->groups[g].count; k++)
        {
            /* a long group breaks every few keys */
            if (k && k % KEYS_PER_LINE == 0)
                exattn_sbuf__puts(b, ",\\\\\n&\\phantom{=}\\qquad k_{");
            else
                exattn_sbuf__puts(b, k ? ", k_{" : "k_{");
            exattn_latex__ksub(b, c->l, n->groups[g].keys[k]);
            exattn_sbuf__puts(b, "}");
        }
        exattn_sbuf__printf(b, "\\}\\ \\text{at } s = %s",
                            n->groups[g].scaled[EXATTN_FORM_LATEX]);
    }
    exattn_sbuf__puts(b, "\n\\end{aligned}");
    exattn_latex__display_close(c);
    return EXATTN_OK;
}

/* ---- blends ------------------------------------------------------------ */

static void
blend_part(latex_sink *c, const exattn_doc_entry *e)
{
    exattn_sbuf *b = c->b;

    switch (e->role)
    {
    case EXATTN_ROLE_BLEND_WEIGHT:
        if (e->key)
            exattn_latex__vector_sep(c);
        exattn_latex__tfrac(b, e->values->exact);
        break;
    case EXATTN_ROLE_BLEND_SUM:
        exattn_latex__vector_close(c);
        exattn_sbuf__puts(b, " \\\\\n\\sum_{j} w_{j} &= 1 \\\\\n\\sum_{j} "
                             "w_{j}V_{j} &= ");
        break;
    case EXATTN_ROLE_BLEND_CONTRIBUTION:
        /* a sum of many terms goes on over lines */
        exattn_sbuf__puts(b, e->key == 0 ? ""
                             : e->key % TERMS_PER_LINE == 0
                                 ? " \\\\\n&\\qquad + " : " + ");
        exattn_latex__tfrac(b, e->factor->exact);
        exattn_latex__matrix_row(c, &c->l->v, e->key);
        break;
    default:
        exattn_sbuf__puts(b, " \\\\\n&");
        exattn_latex__exact_vector(c, e);
        exattn_latex__status_tag(b, 1);
        exattn_sbuf__puts(b, "\n\\end{aligned}");
        exattn_latex__display_close(c);
        break;
    }
}

/* ---- the sink ---------------------------------------------------------- */

static int
entry(void *ctx, const exattn_doc_entry *e)
{
    latex_sink *c = ctx;

    if (c->block.open)
    {
        exattn_latex__block_entry(&c->block, e);
        return EXATTN_OK;
    }
    switch (e->role)
    {
    case EXATTN_ROLE_SCORE: score_line(c, e); break;
    case EXATTN_ROLE_SCALED: scaled_line(c, e); break;
    case EXATTN_ROLE_WEIGHT: weight_line(c, e); break;
    case EXATTN_ROLE_CONTRIBUTION: contribution_line(c, e); break;
    case EXATTN_ROLE_OUTPUT: output_step(c, e); break;
    case EXATTN_ROLE_CHANGE_WEIGHT:
    case EXATTN_ROLE_CHANGE_OUTPUT: exattn_latex__change_line(c, e); break;
    default: blend_part(c, e); break;
    }
    return EXATTN_OK;
}

static void
title(latex_sink *c, const char *text, int variant)
{
    exattn_sbuf *b = c->b;

    if (c->markdown)
    {
        exattn_sbuf__puts(b, variant ? "## Variant: " : "# ");
        exattn_sbuf__markdown_text(b, text);
        exattn_sbuf__puts(b, "\n\n");
    }
    else if (c->standalone)
    {
        exattn_sbuf__puts(b, variant ? "\\section*{Variant: "
                                     : "\\section*{");
        exattn_sbuf__latex_text(b, text);
        exattn_sbuf__puts(b, "}\n\n");
    }
    else
    {
        exattn_sbuf__puts(b, variant ? "% variant: " : "% ");
        exattn_sbuf__latex_comment(b, text);
        exattn_sbuf__puts(b, "\n\n");
    }
}

/* The document's opening, before its first section: the preamble of a
 * standalone document and the title, a lesson's or a block's (whose
 * fragments are headed by a comment "block" when it has none). */
static void
opening(latex_sink *c, const exattn_doc_section *first)
{
    const char *text = first ? first->header->title : NULL;
    int block = first && first->kind == EXATTN_SECTION_BLOCK;

    c->opened = 1;
    if (c->standalone)
        exattn_print__latex_preamble(c->b);
    if (text == NULL)
        text = !block ? "Attention, derived by exattn"
               : c->markdown || c->standalone
                   ? "A Transformer block, derived by exattn"
                   : "block";
    title(c, text, 0);
}

/* What the lesson gave before projection: X, a cross-attention's
 * memory, and W_Q, W_K, W_V; side by side when they are narrow. */
static void
inputs_step(latex_sink *c, const exattn_doc_header *l)
{
    exattn_sbuf *b = c->b;
    const int cross = l->memory.rows > 0;
    const int wide = cross || l->x.cols + l->w_q.cols + l->w_k.cols
                                  + l->w_v.cols > 6;
    const char *sep = wide ? " \\\\\n" : ",\\quad ";
    const char *amp = wide ? "&" : "";

    exattn_latex__display_open(c, cross ? "the inputs: X, a row per query, "
                                          "the memory, a row per key, and "
                                          "the projections"
                                        : "the inputs: X, a row per token, "
                                          "and the projections", "inputs");
    exattn_sbuf__printf(b, "%sX %s= ", wide ? "\\begin{aligned}\n" : "",
                        amp);
    exattn_latex__matrix(c, &l->x);
    if (cross)
    {
        exattn_sbuf__printf(b, "%s\\text{memory} %s= ", sep, amp);
        exattn_latex__matrix(c, &l->memory);
    }
    exattn_sbuf__printf(b, "%sW_Q %s= ", sep, amp);
    exattn_latex__matrix(c, &l->w_q);
    exattn_sbuf__printf(b, "%sW_K %s= ", sep, amp);
    exattn_latex__matrix(c, &l->w_k);
    exattn_sbuf__printf(b, "%sW_V %s= ", sep, amp);
    exattn_latex__matrix(c, &l->w_v);
    exattn_sbuf__puts(b, wide ? "\n\\end{aligned}" : "");
    exattn_latex__display_close(c);
}

/* "Q = XW_Q = ", or "Q = " when the lesson gave Q or the lab changed it
 * after the projection. */
static void
projected(latex_sink *c, const char *name, const char *from,
          const exattn_matrix *w, int changed, const char *sep, int wide)
{
    exattn_sbuf__printf(c->b, "%s%s %s= ", sep, name, wide ? "&" : "");
    if (w->rows > 0 && !changed)
        exattn_sbuf__printf(c->b, "%sW_%s = ", from, name);
}

/* The mask as written, when a shorthand stands for its 0/1 matrix. */
static void
mask_written_step(latex_sink *c, const exattn_doc_header *l)
{
    exattn_sbuf *b = c->b;
    size_t k;

    if (l->mask_written == EXATTN_MASK_WRITTEN_KEY_PADDING)
    {
        exattn_latex__display_open(c, l->mask_causal
            ? "the mask, written as key padding and causal: key j is "
              "visible to query i where its entry is 1 and j <= i"
            : "the mask, written as key padding: key j is visible where "
              "its entry is 1", "mask-written");
        /* a word, not a letter: p is a probability to a reader */
        exattn_sbuf__puts(b, "\\text{padding} = ");
        exattn_latex__vector_open(c);
        for (k = 0; k < l->m; k++)
        {
            if (k)
                exattn_latex__vector_sep(c);
            exattn_sbuf__puts(b, l->key_padding[k] ? "1" : "0");
        }
        exattn_latex__vector_close(c);
        exattn_latex__display_close(c);
    }
    else if (l->mask_written == EXATTN_MASK_WRITTEN_VALID_LENS)
    {
        exattn_latex__display_open(c, l->valid_lens_count == 1
            ? l->mask_causal
                ? "the mask, written as a valid length and causal: query i "
                  "sees key j when j <= k and j <= i"
                : "the mask, written as a valid length: every query sees "
                  "the first k keys"
            : l->mask_causal
                ? "the mask, written as valid lengths and causal: query i "
                  "sees key j when j <= k_i and j <= i"
                : "the mask, written as valid lengths: query i sees its "
                  "first k_i keys", "mask-written");
        exattn_sbuf__puts(b, "k = ");
        if (l->valid_lens_count > 1)
            exattn_latex__vector_open(c);
        for (k = 0; k < l->valid_lens_count; k++)
        {
            if (k)
                exattn_latex__vector_sep(c);
            exattn_sbuf__printf(b, "%zu", l->valid_lens[k]);
        }
        if (l->valid_lens_count > 1)
            exattn_latex__vector_close(c);
        exattn_latex__display_close(c);
    }
}

static void
lesson_step(latex_sink *c, const exattn_doc_header *l)
{
    exattn_sbuf *b = c->b;
    const char *sep, *src = l->memory.rows > 0 ? "\\text{memory}\\," : "X";
    int wide;

    exattn_latex__display_open(c, "shapes: n queries, m keys and values, "
                                  "and their widths", "shapes");
    exattn_sbuf__printf(b, "n = %zu,\\quad m = %zu,\\quad d_k = %zu,"
                        "\\quad d_v = %zu", l->n, l->m, l->dk, l->dv);
    exattn_latex__display_close(c);
    if (l->x.rows > 0)
        inputs_step(c, l);
    /* side by side when they are narrow, one under the other when the
     * three would not fit a line (or are written as projections) */
    wide = 2 * l->dk + l->dv > 6 || l->x.rows > 0;
    sep = wide ? " \\\\\n" : ",\\quad ";
    exattn_latex__display_open(c, l->q_multiplied
                                      ? "queries, keys and values, one row "
                                        "per token (Q after the lab's query "
                                        "multiplier)"
                                  : l->v_overridden
                                      ? "queries, keys and values, one row "
                                        "per token (V after the lab's value "
                                        "override)"
                                      : "queries, keys and values, one row "
                                        "per token", "qkv");
    projected(c, "Q", "X", &l->w_q, l->q_multiplied,
              wide ? "\\begin{aligned}\n" : "", wide);
    exattn_latex__matrix(c, &l->q);
    projected(c, "K", src, &l->w_k, 0, sep, wide);
    exattn_latex__matrix(c, &l->k);
    projected(c, "V", src, &l->w_v, l->v_overridden, sep, wide);
    exattn_latex__matrix(c, &l->v);
    if (l->scale_kind == EXATTN_SCALE_INV_SQRT)
    {
        exattn_sbuf__printf(b, "%s\\sqrt{d_k} %s= \\sqrt{", sep,
                            wide ? "&" : "");
        exattn_latex__tfrac(b, l->scale_value);
        exattn_sbuf__puts(b, "}");
        if (l->scale_root != NULL)
        {
            exattn_sbuf__puts(b, " = ");
            exattn_latex__tfrac(b, l->scale_root);
        }
    }
    exattn_sbuf__puts(b, wide ? "\n\\end{aligned}" : "");
    exattn_latex__display_close(c);
    mask_written_step(c, l);
}

/* A variant's row its contrast proved unchanged: one sentence under
 * its heading (a comment in a fragment), nothing derived again. */
static void
same_row_remark(latex_sink *c, const exattn_doc_section *s)
{
    exattn_sbuf *b = c->b;
    const char *name = s->against_header->name;

    exattn_sbuf__puts(b, c->markdown || c->standalone ? "As in "
                                                       : "% as in ");
    if (name == NULL)
        exattn_sbuf__puts(b, "the base lesson");
    else if (c->markdown)
    {
        exattn_sbuf__puts(b, "variant “");
        exattn_sbuf__markdown_text(b, name);
        exattn_sbuf__puts(b, "”");
    }
    else if (c->standalone)
    {
        exattn_sbuf__puts(b, "variant ``");
        exattn_sbuf__latex_text(b, name);
        exattn_sbuf__puts(b, "''");
    }
    else
    {
        exattn_sbuf__puts(b, "variant \"");
        exattn_sbuf__latex_comment(b, name);
        exattn_sbuf__puts(b, "\"");
    }
    exattn_sbuf__puts(b, c->markdown || c->standalone
                             ? ": proved unchanged, not derived again.\n\n"
                             : ": proved unchanged\n");
}

static void
row_heading(latex_sink *c, const exattn_doc_section *s)
{
    exattn_sbuf *b = c->b;

    c->row = s;
    c->mask_done = 0;
    c->unscaled_done = 0;
    c->z_done = 0;
    if (c->markdown)
    {
        exattn_sbuf__printf(b, "### Query %zu", s->row + 1);
        if (!c->l->default_query_labels)
        {
            exattn_sbuf__puts(b, ": ");
            exattn_sbuf__markdown_text(b, c->l->query_labels[s->row]);
        }
        exattn_sbuf__puts(b, "\n\n");
        return;
    }
    if (c->standalone)
    {
        exattn_sbuf__printf(b, "\\subsection*{Query %zu: ", s->row + 1);
        exattn_sbuf__latex_text(b, c->l->query_labels[s->row]);
        exattn_sbuf__puts(b, "}\n\n");
        return;
    }
    exattn_sbuf__printf(b, "%% query row %zu: ", s->row + 1);
    exattn_sbuf__latex_comment(b, c->l->query_labels[s->row]);
    exattn_sbuf__puts(b, "\n");
}

static void
row_begin(latex_sink *c, const exattn_doc_section *s)
{
    row_heading(c, s);
    c->in_row = 1;
    if (s->same_as_against)
        same_row_remark(c, s);
}

static int
begin(void *ctx, const exattn_doc_section *s)
{
    latex_sink *c = ctx;
    char blend_step[48];

    if (!c->opened)
        opening(c, s);
    if (c->block.open || s->kind == EXATTN_SECTION_BLOCK)
    {
        exattn_latex__block_begin(&c->block, s);
        return EXATTN_OK;
    }
    c->l = s->header;
    if (s->kind != EXATTN_SECTION_CONTRAST_ROW)
    {
        c->display = -1;
        c->lines = 0;
    }
    switch (s->kind)
    {
    case EXATTN_SECTION_LESSON: lesson_step(c, s->header); break;
    case EXATTN_SECTION_ROW: row_begin(c, s); break;
    case EXATTN_SECTION_BLEND:
        c->row = s;
        snprintf(blend_step, sizeof blend_step, "blend%zu", s->blend + 1);
        exattn_latex__display_open(c, "assigned exact weights (not a "
                                      "softmax)", blend_step);
        exattn_sbuf__puts(c->b, "\\begin{aligned}\n\\text{");
        exattn_sbuf__latex_text(c->b, s->header->blend_names[s->blend]);
        exattn_sbuf__puts(c->b, ": } w &= ");
        exattn_latex__vector_open(c);
        break;
    case EXATTN_SECTION_VARIANT:
        c->block.variant = ++c->variant;
        title(c, s->header->name, 1);
        break;
    case EXATTN_SECTION_CONTRAST: exattn_latex__contrast_begin(c, s); break;
    case EXATTN_SECTION_CONTRAST_ROW:
        c->row = s;
        exattn_latex__contrast_row_begin(c, s);
        break;
    default:
        break;
    }
    return EXATTN_OK;
}

static int
end(void *ctx, const exattn_doc_section *s)
{
    latex_sink *c = ctx;

    if (c->block.open)
    {
        exattn_latex__block_end(&c->block, s);
        return exattn_sbuf__flush(c->b, c->f, s->header->file, c->err);
    }
    if (s->kind == EXATTN_SECTION_ROW && !s->same_as_against)
        mask_step(c);
    if (s->kind == EXATTN_SECTION_ROW)
        c->in_row = 0;
    /* a contrast's rows share its display */
    if (s->kind != EXATTN_SECTION_CONTRAST_ROW)
        exattn_latex__aligned_close(c);
    if (s->kind == EXATTN_SECTION_CONTRAST)
        exattn_latex__contrast_end(c, s);
    return exattn_sbuf__flush(c->b, c->f, s->header->file, c->err);
}

static int
write_document(FILE *f, const exattn_lesson *l,
               const exattn_write_opts *opts, int markdown,
               exattn_error_t *err)
{
    static const exattn_write_opts defaults = EXATTN_WRITE_OPTS_INIT;
    exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
    latex_sink c = { 0 };
    int code;

    if (opts == NULL)
        opts = &defaults;
    sink.notations = EXATTN_NOTATION_LATEX;
    /* decimals beside every quantity but the scores, which are exact
     * integers or fractions written as such */
    sink.decimals = EXATTN_SHOW(EXATTN_SCALED) | EXATTN_SHOW(EXATTN_WEIGHT)
                    | EXATTN_SHOW(EXATTN_CONTRIBUTION)
                    | EXATTN_SHOW(EXATTN_OUTPUT);
    /* a contribution is written as its weight times V_j */
    sink.forms = EXATTN_SHOW(EXATTN_SCORE) | EXATTN_SHOW(EXATTN_SCALED)
                 | EXATTN_SHOW(EXATTN_WEIGHT) | EXATTN_SHOW(EXATTN_OUTPUT);
    sink.begin = begin;
    sink.entry = entry;
    sink.note = note;
    sink.end = end;
    /* a textbook's derivation: Z_i and w_{i,j} defined once, used after */
    sink.presentation = EXATTN_PRESENT_SYMBOLS;
    c.f = f;
    c.b = &c.buf;
    c.markdown = markdown;
    c.standalone = !markdown && (opts->latex & EXATTN_LATEX_STANDALONE);
    c.labels = !markdown && (opts->latex & EXATTN_LATEX_LABELS);
    c.paren = (opts->latex & EXATTN_LATEX_PAREN_VECTORS) != 0;
    c.display = -1;
    c.err = err;
    exattn_sbuf__init(&c.buf);
    exattn_sbuf__init(&c.table);
    c.block.out = c.b;
    c.block.markdown = c.markdown;
    c.block.standalone = c.standalone;
    c.block.paren = c.paren;
    c.block.labels = c.labels;
    code = exattn_derive(&sink, &c, l, opts, err);
    if (code == EXATTN_OK && !c.opened)
        opening(&c, NULL);
    if (code == EXATTN_OK && c.standalone)
        exattn_sbuf__puts(&c.buf, "\\end{document}\n");
    if (code == EXATTN_OK)
        code = exattn_sbuf__flush(&c.buf, f, exattn_lesson_file(l), err);
    exattn_sbuf__clear(&c.buf);
    exattn_sbuf__clear(&c.table);
    if (code == EXATTN_OK && ferror(f))
        code = exattn_error__set(err, EXATTN_EIO, exattn_lesson_file(l), 0,
                                 0, "cannot write the output");
    return code;
}

int
exattn_write_latex(FILE *f, const exattn_lesson *l,
                   const exattn_write_opts *opts, exattn_error_t *err)
{
    return write_document(f, l, opts, 0, err);
}

/* A Markdown page section: the same displays as the LaTeX fragments, with
 * headings for the lesson, its rows and variants, captions instead of
 * comments, and a table of each row's weights by token. */
int
exattn_write_markdown(FILE *f, const exattn_lesson *l,
                      const exattn_write_opts *opts, exattn_error_t *err)
{
    return write_document(f, l, opts, 1, err);
}
