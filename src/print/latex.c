/* The LaTeX of a derivation, in the lesson's order: shapes, the matrices,
 * then for each query row its scores with the dot product written out,
 * the scaling, the mask (blocked keys removed, not scored 0), the softmax
 * weights, the weighted contributions and the output, each labelled exact
 * or named; then blends and variants.  One display per step: fragments
 * between $$ ... $$ to paste into a KaTeX page, or a standalone document.
 * Rows with many keys write their denominator once, as a sum over an
 * explicit index set. */
#include <string.h>
#include "internal.h"
#include "print/block.h"
#include "print/named.h"
#include "print/decimals.h"

typedef struct
{
    exattn_sbuf *b;
    const exattn_write_opts *opts;
    int standalone, paren;
    size_t threshold;
} latex_ctx;

/* Characters of lesson text that pdflatex (without extra packages) and
 * KaTeX's \text{} do not take as they are: written as their macros. */
static const struct
{
    const char *utf8, *latex;
} text_symbols[] = {
    { "α", "$\\alpha$" }, { "β", "$\\beta$" }, { "γ", "$\\gamma$" },
    { "δ", "$\\delta$" }, { "ε", "$\\varepsilon$" }, { "θ", "$\\theta$" },
    { "λ", "$\\lambda$" }, { "μ", "$\\mu$" }, { "π", "$\\pi$" },
    { "σ", "$\\sigma$" }, { "τ", "$\\tau$" }, { "φ", "$\\phi$" },
    { "ω", "$\\omega$" }, { "≠", "$\\neq$" }, { "≤", "$\\leq$" },
    { "≥", "$\\geq$" }, { "×", "$\\times$" }, { "·", "$\\cdot$" },
    { "≈", "$\\approx$" }, { "—", "---" }, { "–", "--" }, { "’", "'" },
    { "‘", "`" }, { "“", "``" }, { "”", "''" }, { "…", "..." },
};

void
exattn_sbuf__latex_text(exattn_sbuf *b, const char *s)
{
    size_t k, n;

    while (*s)
    {
        for (k = 0; k < sizeof text_symbols / sizeof *text_symbols; k++)
        {
            n = strlen(text_symbols[k].utf8);
            if (strncmp(s, text_symbols[k].utf8, n) == 0)
                break;
        }
        if (k < sizeof text_symbols / sizeof *text_symbols)
        {
            exattn_sbuf__puts(b, text_symbols[k].latex);
            s += n;
            continue;
        }
        switch (*s)
        {
        case '_': case '%': case '&': case '#': case '{': case '}':
        case '$':
            exattn_sbuf__printf(b, "\\%c", *s);
            break;
        case '\\': exattn_sbuf__puts(b, "\\textbackslash{}"); break;
        case '^': exattn_sbuf__puts(b, "\\textasciicircum{}"); break;
        case '~': exattn_sbuf__puts(b, "\\textasciitilde{}"); break;
        case '<': exattn_sbuf__puts(b, "$<$"); break;
        case '>': exattn_sbuf__puts(b, "$>$"); break;
        default: exattn_sbuf__putn(b, s, 1);
        }
        s++;
    }
}

void
exattn_sbuf__latex_comment(exattn_sbuf *b, const char *s)
{
    for (; *s; s++)
        exattn_sbuf__putn(b, *s == '\n' || *s == '\r' ? " " : s, 1);
}

static void
qsub(exattn_sbuf *b, const exattn_lesson *l, size_t i)
{
    exattn_named__sub_label(b, l->query_labels[i], l->default_query_labels);
}

static void
ksub(exattn_sbuf *b, const exattn_lesson *l, size_t j)
{
    exattn_named__sub_label(b, l->key_labels[j], l->default_key_labels);
}

/* "\tfrac{5}{4}", "-\tfrac{1}{2}", "3" */
static void
tfrac(exattn_sbuf *b, const mpq_t q)
{
    exattn_sbuf__mpq_latex_with(b, q, "\\tfrac");
}

static void
vector_open(latex_ctx *c)
{
    exattn_sbuf__puts(c->b, c->paren ? "\\left(" : "\\begin{bmatrix}");
}

static void
vector_sep(latex_ctx *c)
{
    exattn_sbuf__puts(c->b, c->paren ? ", " : " & ");
}

static void
vector_close(latex_ctx *c)
{
    exattn_sbuf__puts(c->b, c->paren ? "\\right)" : "\\end{bmatrix}");
}

/* Row r of a matrix as a row vector. */
static void
matrix_row(latex_ctx *c, const exattn_matrix *m, size_t r)
{
    size_t k;

    vector_open(c);
    for (k = 0; k < m->cols; k++)
    {
        if (k)
            vector_sep(c);
        tfrac(c->b, EXATTN_AT(m, r, k));
    }
    vector_close(c);
}

/* A whole matrix, one row per token. */
static void
matrix(latex_ctx *c, const exattn_matrix *m)
{
    size_t r, k;

    exattn_sbuf__puts(c->b, "\\begin{bmatrix}");
    for (r = 0; r < m->rows; r++)
    {
        exattn_sbuf__puts(c->b, r ? " \\\\ " : "");
        for (k = 0; k < m->cols; k++)
        {
            exattn_sbuf__puts(c->b, k ? " & " : "");
            tfrac(c->b, EXATTN_AT(m, r, k));
        }
    }
    exattn_sbuf__puts(c->b, "\\end{bmatrix}");
}

static void
display_open(latex_ctx *c, const char *comment)
{
    exattn_sbuf__printf(c->b, "%% %s\n%s\n", comment,
                        c->standalone ? "\\[" : "$$");
}

static void
display_close(latex_ctx *c)
{
    exattn_sbuf__printf(c->b, "\n%s\n\n", c->standalone ? "\\]" : "$$");
}

/* " \approx 0.284" beside a named value, when decimals are asked for. */
static void
approx(latex_ctx *c, exattn_decimals *d, exattn_kind_t kind, size_t key,
       size_t col)
{
    int exact, undecided;
    char *s = exattn_decimals__get(d, kind, key, col, &exact, &undecided);

    if (s != NULL)
        exattn_sbuf__printf(c->b, " %s %s", exact ? "=" : "\\approx", s);
    else if (undecided)
        exattn_sbuf__puts(c->b, " \\approx \\text{(undecided)}");
    exattn_free(s);
}

static void
status_tag(exattn_sbuf *b, int exact)
{
    exattn_sbuf__puts(b, exact ? "\\quad(\\text{exact})"
                               : "\\quad(\\text{named})");
}

static int
use_sum(const latex_ctx *c, const exattn_row *row)
{
    return !row->weights_exact && row->allowed_count > c->threshold;
}

/* The allowed set as 1-based indices, runs written a,\dots,b. */
static void
index_set(exattn_sbuf *b, const exattn_row *row)
{
    size_t j = 0, m = row->lesson->m, end;
    int first = 1;

    exattn_sbuf__puts(b, "\\{");
    while (j < m)
    {
        if (!row->allowed[j])
        {
            j++;
            continue;
        }
        for (end = j; end + 1 < m && row->allowed[end + 1]; end++)
            ;
        exattn_sbuf__puts(b, first ? "" : ", ");
        if (end >= j + 2)
            exattn_sbuf__printf(b, "%zu, \\dots, %zu", j + 1, end + 1);
        else if (end == j + 1)
            exattn_sbuf__printf(b, "%zu, %zu", j + 1, end + 1);
        else
            exattn_sbuf__printf(b, "%zu", j + 1);
        first = 0;
        j = end + 1;
    }
    exattn_sbuf__puts(b, "\\}");
}

/* w_{i,j} */
static void
wsym(exattn_sbuf *b, const exattn_row *row, size_t j)
{
    exattn_sbuf__puts(b, "w_{");
    qsub(b, row->lesson, row->index);
    exattn_sbuf__puts(b, ",");
    ksub(b, row->lesson, j);
    exattn_sbuf__puts(b, "}");
}

/* Is key j on the per-key lines of the row?  A compact row lists its
 * allowed keys only (src/print/compact.h). */
static int
listed(const latex_ctx *c, const exattn_row *row, size_t j)
{
    return row->allowed[j] || !use_sum(c, row);
}

/* The last key on the row's per-key lines. */
static size_t
last_listed(const latex_ctx *c, const exattn_row *row)
{
    size_t j = row->lesson->m - 1;

    while (j > 0 && !listed(c, row, j))
        j--;
    return j;
}

/* The end of key j's line in an aligned list: a blocked tag, and a line
 * break unless it is the last key listed. */
static void
key_line_end(const latex_ctx *c, const exattn_row *row, size_t j,
             size_t last)
{
    if (!row->allowed[j])
        exattn_sbuf__puts(c->b, "\\quad(\\text{blocked})");
    exattn_sbuf__puts(c->b, j != last ? " \\\\\n" : "\n");
}

static void
step_scores(latex_ctx *c, const exattn_row *row)
{
    const exattn_lesson *l = row->lesson;
    exattn_sbuf *b = c->b;
    size_t j, last = last_listed(c, row);
    char *dot;

    display_open(c, "scores: dot products of the query with every key");
    exattn_sbuf__puts(b, "\\begin{aligned}\n");
    for (j = 0; j < l->m; j++)
    {
        if (!listed(c, row, j))
            continue;
        exattn_sbuf__puts(b, "q_{");
        qsub(b, l, row->index);
        exattn_sbuf__puts(b, "}k_{");
        ksub(b, l, j);
        exattn_sbuf__puts(b, "}^{\\mathsf{T}} &= ");
        if (!use_sum(c, row))
        {
            dot = exattn_row_get_str(row, EXATTN_SCORE, j, 0, EXATTN_LATEX);
            exattn_sbuf__printf(b, "%s = ", dot ? dot : "");
            exattn_free(dot);
        }
        tfrac(b, row->score[j]);
        key_line_end(c, row, j, last);
    }
    exattn_sbuf__puts(b, "\\end{aligned}");
    display_close(c);
}

static void
step_scaling(latex_ctx *c, const exattn_row *row, exattn_decimals *d)
{
    const exattn_lesson *l = row->lesson;
    exattn_sbuf *b = c->b;
    size_t j, last = last_listed(c, row);
    int exact;

    display_open(c, "scaled scores");
    if (l->scale_kind == EXATTN_SCALE_NONE)
    {
        exattn_sbuf__puts(b, "s_{");
        qsub(b, l, row->index);
        exattn_sbuf__puts(b, ",j} = q_{");
        qsub(b, l, row->index);
        exattn_sbuf__puts(b, "}k_{j}^{\\mathsf{T}}\\quad(\\text{no scaling})");
        display_close(c);
        return;
    }
    exattn_sbuf__puts(b, "\\begin{aligned}\n");
    for (j = 0; j < l->m; j++)
    {
        if (!listed(c, row, j))
            continue;
        exact = exattn_row_status(row, EXATTN_SCALED, j, 0) == EXATTN_EXACT;
        exattn_sbuf__puts(b, "s_{");
        qsub(b, l, row->index);
        exattn_sbuf__puts(b, ",");
        ksub(b, l, j);
        exattn_sbuf__puts(b, "} &= ");
        if (l->scale_kind == EXATTN_SCALE_INV_SQRT)
        {
            exattn_sbuf__puts(b, "\\frac{q_{");
            qsub(b, l, row->index);
            exattn_sbuf__puts(b, "}k_{");
            ksub(b, l, j);
            exattn_sbuf__puts(b, "}^{\\mathsf{T}}}{\\sqrt{d_k}} = ");
        }
        exattn_named__scaled(b, row, j, 1);
        if (l->scale_kind == EXATTN_SCALE_INV_SQRT
            && mpq_sgn(row->score[j]) != 0)
        {
            exattn_sbuf__puts(b, " = ");
            exattn_named__scaled_simplified(b, row, j, 1);
        }
        if (!exact)
            approx(c, d, EXATTN_SCALED, j, 0);
        status_tag(b, exact);
        key_line_end(c, row, j, last);
    }
    exattn_sbuf__puts(b, "\\end{aligned}");
    display_close(c);
}

/* Blocked keys are removed from the softmax, not given a score of 0. */
static void
step_mask(latex_ctx *c, const exattn_row *row)
{
    const exattn_lesson *l = row->lesson;
    exattn_sbuf *b = c->b;
    size_t j;
    int first = 1;

    if (row->allowed_count == l->m)
        return;
    display_open(c, "mask: the keys this query may attend to");
    exattn_sbuf__puts(b, "A_{");
    qsub(b, l, row->index);
    exattn_sbuf__puts(b, "} = ");
    index_set(b, row);
    exattn_sbuf__puts(b, ",\\qquad ");
    if (use_sum(c, row))
        exattn_sbuf__printf(b, "\\text{the other %zu keys}",
                            l->m - row->allowed_count);
    for (j = 0; j < l->m && !use_sum(c, row); j++)
        if (!row->allowed[j])
        {
            exattn_sbuf__puts(b, first ? "k_{" : ",\\ k_{");
            ksub(b, l, j);
            exattn_sbuf__puts(b, "}");
            first = 0;
        }
    exattn_sbuf__puts(b, "\\ \\text{blocked: removed from the softmax, "
                         "weight exactly } 0");
    display_close(c);
}

/* Z_i = sum over A_i, for long rows. */
static void
denominator_line(latex_ctx *c, const exattn_row *row)
{
    exattn_sbuf *b = c->b;

    exattn_sbuf__puts(b, "Z_{");
    qsub(b, row->lesson, row->index);
    exattn_sbuf__puts(b, "} &= \\sum_{k \\in A_{");
    qsub(b, row->lesson, row->index);
    exattn_sbuf__puts(b, "}} e^{s_{");
    qsub(b, row->lesson, row->index);
    exattn_sbuf__puts(b, ",k}},\\quad A_{");
    qsub(b, row->lesson, row->index);
    exattn_sbuf__puts(b, "} = ");
    index_set(b, row);
    exattn_sbuf__puts(b, " \\\\\n");
}

/* A weight as a factor: \frac{e^{..}}{Z_i} for long rows. */
static void
weight_latex(latex_ctx *c, const exattn_row *row, size_t j)
{
    if (!use_sum(c, row))
    {
        exattn_named__weight(c->b, row, j, 1);
        return;
    }
    exattn_sbuf__puts(c->b, "\\frac{");
    exattn_named__exp(c->b, row, j, 1);
    exattn_sbuf__puts(c->b, "}{Z_{");
    qsub(c->b, row->lesson, row->index);
    exattn_sbuf__puts(c->b, "}}");
}

static void
step_weights(latex_ctx *c, const exattn_row *row, exattn_decimals *d)
{
    const exattn_lesson *l = row->lesson;
    exattn_sbuf *b = c->b;
    size_t j, last = last_listed(c, row);

    display_open(c, row->weights_exact
        ? "softmax weights: equal allowed scores, so exactly 1/|A|"
        : "softmax weights: named");
    exattn_sbuf__puts(b, "\\begin{aligned}\n");
    if (use_sum(c, row))
        denominator_line(c, row);
    for (j = 0; j < l->m; j++)
    {
        if (!listed(c, row, j))
            continue;
        wsym(b, row, j);
        exattn_sbuf__puts(b, " &= ");
        if (!row->allowed[j])
            exattn_sbuf__puts(b, "0\\quad(\\text{exact: blocked})");
        else
        {
            weight_latex(c, row, j);
            if (!row->weights_exact)
                approx(c, d, EXATTN_WEIGHT, j, 0);
            status_tag(b, row->weights_exact);
        }
        exattn_sbuf__puts(b, j != last ? " \\\\\n" : "\n");
    }
    exattn_sbuf__puts(b, "\\end{aligned}");
    display_close(c);
}

/* The decimals of a vector quantity: " \approx (0.538, 0.000)". */
static void
approx_vector(latex_ctx *c, exattn_decimals *d, exattn_kind_t kind,
              size_t key, size_t dv)
{
    size_t k;
    int exact, undecided;
    char *s;

    if (d->ev == NULL)
        return;
    exattn_sbuf__puts(c->b, " \\approx ");
    vector_open(c);
    for (k = 0; k < dv; k++)
    {
        if (k)
            vector_sep(c);
        s = exattn_decimals__get(d, kind, key, k, &exact, &undecided);
        exattn_sbuf__puts(c->b, s ? s : "\\text{(undecided)}");
        exattn_free(s);
    }
    vector_close(c);
}

static void
step_contributions(latex_ctx *c, const exattn_row *row, exattn_decimals *d)
{
    const exattn_lesson *l = row->lesson;
    exattn_sbuf *b = c->b;
    mpq_t t;
    size_t j, k, last = 0;

    for (j = 0; j < l->m; j++)
        if (row->allowed[j])
            last = j;
    mpq_init(t);
    display_open(c, "weighted contributions of the values");
    exattn_sbuf__puts(b, "\\begin{aligned}\n");
    for (j = 0; j < l->m; j++)
    {
        if (!row->allowed[j])
            continue;
        wsym(b, row, j);
        exattn_sbuf__puts(b, "V_{");
        ksub(b, l, j);
        exattn_sbuf__puts(b, "} &= ");
        weight_latex(c, row, j);
        matrix_row(c, &l->v, j);
        if (row->weights_exact)
        {
            exattn_sbuf__puts(b, " = ");
            vector_open(c);
            for (k = 0; k < l->dv; k++)
            {
                if (k)
                    vector_sep(c);
                mpq_mul(t, row->weight, EXATTN_AT(&l->v, j, k));
                tfrac(b, t);
            }
            vector_close(c);
        }
        else
            approx_vector(c, d, EXATTN_CONTRIBUTION, j, l->dv);
        exattn_sbuf__puts(b, j != last ? " \\\\\n" : "\n");
    }
    exattn_sbuf__puts(b, "\\end{aligned}");
    display_close(c);
    mpq_clear(t);
}

static void
named_output(latex_ctx *c, const exattn_row *row, size_t k)
{
    exattn_sbuf *b = c->b;
    char *s;

    if (use_sum(c, row))
    {
        exattn_sbuf__puts(b, "\\frac{1}{Z_{");
        qsub(b, row->lesson, row->index);
        exattn_sbuf__puts(b, "}}\\sum_{j \\in A_{");
        qsub(b, row->lesson, row->index);
        exattn_sbuf__puts(b, "}} e^{s_{");
        qsub(b, row->lesson, row->index);
        exattn_sbuf__printf(b, ",j}}\\,V_{j,%zu}", k + 1);
        return;
    }
    s = exattn_row_get_str(row, EXATTN_OUTPUT, 0, k, EXATTN_LATEX);
    exattn_sbuf__puts(b, s ? s : "");
    exattn_free(s);
}

static void
step_output(latex_ctx *c, const exattn_row *row, exattn_decimals *d)
{
    const exattn_lesson *l = row->lesson;
    exattn_sbuf *b = c->b;
    size_t k;

    display_open(c, row->weights_exact
        ? "output: the weighted sum of the values"
        : "output: the weighted sum of the values; a coordinate is exact "
          "when the equal-score groups of keys have equal means there");
    if (!row->weights_exact)
        exattn_sbuf__puts(b, "\\begin{aligned}\n");
    exattn_sbuf__puts(b, "o_{");
    qsub(b, l, row->index);
    exattn_sbuf__puts(b, row->weights_exact ? "} = \\sum_{j \\in A_{"
                                            : "} &= \\sum_{j \\in A_{");
    qsub(b, l, row->index);
    exattn_sbuf__puts(b, "}} w_{");
    qsub(b, l, row->index);
    exattn_sbuf__puts(b, ",j}V_{j}");
    if (row->weights_exact)
    {
        exattn_sbuf__puts(b, " = ");
        vector_open(c);
        for (k = 0; k < l->dv; k++)
        {
            if (k)
                vector_sep(c);
            tfrac(b, row->out_value[k]);
        }
        vector_close(c);
        status_tag(b, 1);
        display_close(c);
        return;
    }
    for (k = 0; k < l->dv; k++)
    {
        exattn_sbuf__puts(b, " \\\\\no_{");
        qsub(b, l, row->index);
        exattn_sbuf__printf(b, ",%zu} &= ", k + 1);
        named_output(c, row, k);
        if (row->out_exact[k])
        {
            exattn_sbuf__puts(b, " = ");
            tfrac(b, row->out_value[k]);
            exattn_sbuf__puts(b, "\\quad(\\text{exact})");
        }
        else
        {
            approx(c, d, EXATTN_OUTPUT, 0, k);
            status_tag(b, 0);
        }
    }
    exattn_sbuf__puts(b, "\n\\end{aligned}");
    display_close(c);
}

static void
row_steps(exattn_sbuf *b, const exattn_row *row, exattn_decimals *d,
          latex_ctx *c)
{
    if (c->standalone)
    {
        exattn_sbuf__printf(b, "\\subsection*{Query %zu: ", row->index + 1);
        exattn_sbuf__latex_text(b, row->lesson->query_labels[row->index]);
        exattn_sbuf__puts(b, "}\n\n");
    }
    else
    {
        exattn_sbuf__printf(b, "%% query row %zu: ", row->index + 1);
        exattn_sbuf__latex_comment(b, row->lesson->query_labels[row->index]);
        exattn_sbuf__puts(b, "\n");
    }
    if (EXATTN_SHOWN(d, EXATTN_SCORE))
        step_scores(c, row);
    if (EXATTN_SHOWN(d, EXATTN_SCALED))
        step_scaling(c, row, d);
    step_mask(c, row);
    if (EXATTN_SHOWN(d, EXATTN_WEIGHT))
        step_weights(c, row, d);
    if (EXATTN_SHOWN_IN(d, use_sum(c, row), EXATTN_CONTRIBUTION))
        step_contributions(c, row, d);
    if (EXATTN_SHOWN(d, EXATTN_OUTPUT))
        step_output(c, row, d);
}

static void
row_block(exattn_sbuf *b, const exattn_row *row, exattn_decimals *d,
          void *ctx)
{
    row_steps(b, row, d, ctx);
}

static void
step_lesson(latex_ctx *c, const exattn_lesson *l)
{
    exattn_sbuf *b = c->b;

    display_open(c, "shapes: n queries, m keys and values, widths d_k, d_v");
    exattn_sbuf__printf(b, "n = %zu,\\quad m = %zu,\\quad d_k = %zu,"
                        "\\quad d_v = %zu", l->n, l->m, l->dk, l->dv);
    display_close(c);
    display_open(c, "queries, keys and values, one row per token");
    exattn_sbuf__puts(b, "Q = ");
    matrix(c, &l->q);
    exattn_sbuf__puts(b, ",\\quad K = ");
    matrix(c, &l->k);
    exattn_sbuf__puts(b, ",\\quad V = ");
    matrix(c, &l->v);
    if (l->scale_kind == EXATTN_SCALE_INV_SQRT)
    {
        exattn_sbuf__puts(b, ",\\quad \\sqrt{d_k} = \\sqrt{");
        tfrac(b, l->scale_value);
        exattn_sbuf__puts(b, "}");
    }
    display_close(c);
}

static void
step_blend(latex_ctx *c, const exattn_lesson *l, size_t k)
{
    exattn_sbuf *b = c->b;
    const exattn_blend *bl = &l->blends[k];
    mpq_t t;
    size_t j, col;

    mpq_init(t);
    display_open(c, "assigned exact weights (not a softmax)");
    exattn_sbuf__puts(b, "\\text{");
    exattn_sbuf__latex_text(b, bl->name);
    exattn_sbuf__puts(b, ": } w = ");
    vector_open(c);
    for (j = 0; j < l->m; j++)
    {
        if (j)
            vector_sep(c);
        tfrac(b, bl->w[j]);
    }
    vector_close(c);
    exattn_sbuf__puts(b, ",\\quad \\sum_{j} w_{j} = 1,\\quad \\sum_{j} "
                         "w_{j}V_{j} = ");
    for (j = 0; j < l->m; j++)
    {
        exattn_sbuf__puts(b, j ? " + " : "");
        tfrac(b, bl->w[j]);
        matrix_row(c, &l->v, j);
    }
    exattn_sbuf__puts(b, " = ");
    vector_open(c);
    for (col = 0; col < l->dv; col++)
    {
        if (col)
            vector_sep(c);
        exattn_lesson_blend_output(t, l, k, col);
        tfrac(b, t);
    }
    vector_close(c);
    status_tag(b, 1);
    display_close(c);
    mpq_clear(t);
}

static int
write_lesson(FILE *f, latex_ctx *c, const exattn_lesson *l,
             exattn_error_t *err)
{
    size_t i;
    int code;

    step_lesson(c, l);
    code = exattn_decimals__write_rows(f, c->b, l, c->opts, row_block, c,
                                       err);
    for (i = 0; code == EXATTN_OK && i < l->blend_count; i++)
        step_blend(c, l, i);
    return code == EXATTN_OK ? exattn_sbuf__flush(c->b, f, l->file, err)
                             : code;
}

static void
title(latex_ctx *c, const char *text, int variant)
{
    exattn_sbuf *b = c->b;

    if (c->standalone)
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

int
exattn_write_latex(FILE *f, const exattn_lesson *l,
                   const exattn_write_opts *opts, exattn_error_t *err)
{
    static const exattn_write_opts defaults = EXATTN_WRITE_OPTS_INIT;
    exattn_sbuf b;
    latex_ctx c;
    size_t k;
    int code;

    exattn_sbuf__init(&b);
    c.b = &b;
    c.opts = opts ? opts : &defaults;
    c.standalone = (c.opts->latex & EXATTN_LATEX_STANDALONE) != 0;
    c.paren = (c.opts->latex & EXATTN_LATEX_PAREN_VECTORS) != 0;
    c.threshold = c.opts->sum_threshold ? c.opts->sum_threshold
                                        : EXATTN_SUM_THRESHOLD;
    if (l->block != NULL)
        return exattn_block__write_latex(f, l, opts, err);
    if (c.standalone)
        exattn_sbuf__puts(&b, "\\documentclass{article}\n"
                              "\\usepackage{amsmath}\n"
                              "\\begin{document}\n\n");
    title(&c, l->title ? l->title : "Attention, derived by exattn", 0);
    code = write_lesson(f, &c, l, err);
    for (k = 0; code == EXATTN_OK && k < l->variant_count; k++)
    {
        title(&c, l->variants[k]->name, 1);
        code = write_lesson(f, &c, l->variants[k], err);
    }
    if (code == EXATTN_OK && c.standalone)
    {
        exattn_sbuf__puts(&b, "\\end{document}\n");
        code = exattn_sbuf__flush(&b, f, l->file, err);
    }
    exattn_sbuf__clear(&b);
    if (code == EXATTN_OK && ferror(f))
        code = exattn_error__set(err, EXATTN_EIO, l->file, 0, 0,
                                 "cannot write the output");
    return code;
}
