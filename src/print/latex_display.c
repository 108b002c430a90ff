/* The LaTeX writer's displays (src/print/latex.h): labels as subscripts,
 * fractions, vectors and matrices, and the displays that hold them --
 * "\\[ ... \\]" in LaTeX (fragments and a standalone document) and
 * "$$ ... $$" on a Markdown page, with the
 * step named in a comment, or on a Markdown page in a caption. */
#include <stdint.h>
#include "print/latex.h"
#include "print/value.h"

typedef exattn_latex_sink latex_sink;

void
exattn_latex__qsub(exattn_sbuf *b, const exattn_doc_header *l, size_t i)
{
    exattn_sbuf__latex_label(b, l->query_labels[i], l->default_query_labels);
}

void
exattn_latex__ksub(exattn_sbuf *b, const exattn_doc_header *l, size_t j)
{
    exattn_sbuf__latex_label(b, l->key_labels[j], l->default_key_labels);
}

/* "\tfrac{5}{4}", "-\tfrac{1}{2}", "3" */
void
exattn_latex__tfrac(exattn_sbuf *b, const mpq_t q)
{
    exattn_sbuf__mpq_latex_with(b, q, "\\tfrac");
}

void
exattn_latex__vector_open(latex_sink *c)
{
    exattn_sbuf__puts(c->b, c->paren ? "\\left(" : "\\begin{bmatrix}");
}

void
exattn_latex__vector_sep(latex_sink *c)
{
    exattn_sbuf__puts(c->b, c->paren ? ", " : " & ");
}

void
exattn_latex__vector_close(latex_sink *c)
{
    exattn_sbuf__puts(c->b, c->paren ? "\\right)" : "\\end{bmatrix}");
}

/* Row r of a matrix as a row vector. */
void
exattn_latex__matrix_row(latex_sink *c, const exattn_matrix *m, size_t r)
{
    size_t k;

    exattn_latex__vector_open(c);
    for (k = 0; k < m->cols; k++)
    {
        if (k)
            exattn_latex__vector_sep(c);
        exattn_latex__tfrac(c->b, EXATTN_AT(m, r, k));
    }
    exattn_latex__vector_close(c);
}

/* A whole matrix, one row per token. */
void
exattn_latex__matrix(latex_sink *c, const exattn_matrix *m)
{
    size_t r, k;

    exattn_sbuf__puts(c->b, "\\begin{bmatrix}");
    for (r = 0; r < m->rows; r++)
    {
        exattn_sbuf__puts(c->b, r ? " \\\\ " : "");
        for (k = 0; k < m->cols; k++)
        {
            exattn_sbuf__puts(c->b, k ? " & " : "");
            exattn_latex__tfrac(c->b, EXATTN_AT(m, r, k));
        }
    }
    exattn_sbuf__puts(c->b, "\\end{bmatrix}");
}

/* A display: in LaTeX its step named in a comment; on a Markdown page,
 * where a comment would show, as a caption the reader sees. */
void
exattn_latex__label_key(exattn_sbuf *b, size_t variant, size_t row,
                        const char *step)
{
    if (variant == 0)
        exattn_sbuf__puts(b, "exattn:base:");
    else
        exattn_sbuf__printf(b, "exattn:v%zu:", variant);
    if (row != SIZE_MAX)
        exattn_sbuf__printf(b, "q%zu:", row + 1);
    exattn_sbuf__puts(b, step);
}

void
exattn_latex__display_open(latex_sink *c, const char *comment,
                           const char *step)
{
    c->labelled = 0;
    if (c->markdown)
        exattn_sbuf__printf(c->b, "*%c%s*\n\n$$\n",
                            comment[0] >= 'a' && comment[0] <= 'z'
                                ? comment[0] - 'a' + 'A' : comment[0],
                            comment + 1);
    else if (c->labels && step != NULL)
    {
        exattn_sbuf__printf(c->b, "%% %s\n\\begin{equation}\\label{",
                            comment);
        exattn_latex__label_key(c->b, c->variant,
                                c->in_row ? c->row->row : SIZE_MAX, step);
        exattn_sbuf__puts(c->b, "}\n");
        c->labelled = 1;
    }
    else
        exattn_sbuf__printf(c->b, "%% %s\n\\[\n", comment);
}

void
exattn_latex__display_close(latex_sink *c)
{
    exattn_sbuf__puts(c->b, c->markdown ? "\n$$\n\n"
                            : c->labelled ? "\n\\end{equation}\n\n"
                                          : "\n\\]\n\n");
    c->labelled = 0;
    if (c->markdown && c->table.len > 0)
    {
        exattn_sbuf__putn(c->b, c->table.s, c->table.len);
        exattn_sbuf__puts(c->b, "\n");
        c->b->oom |= c->table.oom;
        c->table.len = 0;
    }
}

/* A display of aligned lines, one per entry of `role`. */
void
exattn_latex__aligned_open(latex_sink *c, int role, const char *comment,
                           const char *step)
{
    exattn_latex__display_open(c, comment, step);
    exattn_sbuf__puts(c->b, "\\begin{aligned}\n");
    c->display = role;
    c->lines = 0;
}

void
exattn_latex__aligned_close(latex_sink *c)
{
    if (c->display < 0)
        return;
    exattn_sbuf__puts(c->b, "\n\\end{aligned}");
    exattn_latex__display_close(c);
    c->display = -1;
}

/* The step a display of lines of `role` shows, for its label. */
static const char *
step_of(int role)
{
    switch (role)
    {
    case EXATTN_ROLE_SCORE: return "scores";
    case EXATTN_ROLE_SCALED: return "scaled";
    case EXATTN_ROLE_WEIGHT: return "weights";
    case EXATTN_ROLE_CONTRIBUTION: return "contributions";
    case EXATTN_ROLE_OUTPUT: return "output";
    case EXATTN_ROLE_CHANGE_WEIGHT:
    case EXATTN_ROLE_CHANGE_OUTPUT: return "contrast";
    default: return "blend";
    }
}

/* The next line of an aligned display of `role`, opening it if needed. */
void
exattn_latex__line(latex_sink *c, int role, const char *comment)
{
    if (c->display != role)
    {
        exattn_latex__aligned_close(c);
        exattn_latex__aligned_open(c, role, comment, step_of(role));
    }
    exattn_sbuf__puts(c->b, c->lines++ ? " \\\\\n" : "");
}

/* " \approx 0.284" beside a named value, when decimals are asked for. */
void
exattn_latex__approx(latex_sink *c, const exattn_doc_value *v)
{
    if (v->decimal)
    {
        exattn_sbuf__puts(c->b, v->decimal_exact ? " = " : " \\approx ");
        exattn_sbuf__puts(c->b, v->decimal);
    }
    else if (v->undecided)
        exattn_sbuf__puts(c->b, " \\approx \\text{(undecided)}");
}

void
exattn_latex__status_tag(exattn_sbuf *b, int exact)
{
    exattn_sbuf__puts(b, exact ? "\\quad(\\text{exact})"
                               : "\\quad(\\text{named})");
}

/* The decimals of a vector quantity: " \approx (0.538, 0)" -- an exact
 * coordinate whose decimal is itself written exactly, and nothing when
 * every coordinate is such (the exact vector says it all). */
void
exattn_latex__approx_vector(latex_sink *c, const exattn_doc_entry *e)
{
    size_t k, plain = 0;

    if (e->count == 0 || (!e->values[0].decimal && !e->values[0].undecided))
        return;
    for (k = 0; k < e->count; k++)
        plain += exattn_print__decimal_adds_nothing(&e->values[k]);
    if (plain == e->count)
        return;
    exattn_sbuf__puts(c->b, " \\approx ");
    exattn_latex__vector_open(c);
    for (k = 0; k < e->count; k++)
    {
        if (k)
            exattn_latex__vector_sep(c);
        if (exattn_print__decimal_adds_nothing(&e->values[k]))
            exattn_latex__tfrac(c->b, e->values[k].exact);
        else
            exattn_sbuf__puts(c->b, e->values[k].decimal
                                        ? e->values[k].decimal
                                        : "\\text{(undecided)}");
    }
    exattn_latex__vector_close(c);
}

/* " = (\tfrac{1}{2}, 1)": an entry's exact values as a vector. */
void
exattn_latex__exact_vector(latex_sink *c, const exattn_doc_entry *e)
{
    size_t k;

    exattn_sbuf__puts(c->b, " = ");
    exattn_latex__vector_open(c);
    for (k = 0; k < e->count; k++)
    {
        if (k)
            exattn_latex__vector_sep(c);
        exattn_latex__tfrac(c->b, e->values[k].exact);
    }
    exattn_latex__vector_close(c);
}

/* A value: its exact rational, or its form. */
void
exattn_latex__value(latex_sink *c, const exattn_doc_value *v)
{
    if (v->status == EXATTN_EXACT)
        exattn_latex__tfrac(c->b, v->exact);
    else
        exattn_sbuf__puts(c->b, v->form[EXATTN_FORM_LATEX]);
}

/* w_{i,j} */
void
exattn_latex__wsym(latex_sink *c, size_t i, size_t j)
{
    exattn_sbuf__puts(c->b, "w_{");
    exattn_latex__qsub(c->b, c->l, i);
    exattn_sbuf__puts(c->b, ",");
    exattn_latex__ksub(c->b, c->l, j);
    exattn_sbuf__puts(c->b, "}");
}
