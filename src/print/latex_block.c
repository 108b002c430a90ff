/* The LaTeX of a block: one display per row of each stage, each vector
 * exact or named, in the order of the text presentation; in Markdown
 * with captions for comments.  The LaTeX writer (latex.c) hands it a
 * block's sections. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "print/latex.h"

typedef exattn_latex_block xsink;

static void
open_display(xsink *x, const char *comment)
{
    if (x->markdown)
    {
        /* the stage's symbol as the caption a reader sees */
        exattn_sbuf__puts(x->out, "$");
        exattn_sbuf__puts(x->out, comment);
        exattn_sbuf__puts(x->out, "$\n\n$$\n");
        return;
    }
    exattn_sbuf__puts(x->out, "% ");
    exattn_sbuf__latex_comment(x->out, comment);
    exattn_sbuf__puts(x->out, x->standalone ? "\n\\[\n" : "\n$$\n");
}

static void
close_display(xsink *x)
{
    exattn_sbuf__puts(x->out, x->standalone ? "\n\\]\n\n" : "\n$$\n\n");
}

/* A named vector, one coordinate a line (its forms are long), in the
 * aligned display its entry opened: "\text{grid}:\ u_{1} &= ... \approx
 * d1 \\ u_{2} &= ...". */
static void
named_rows(xsink *x, const exattn_doc_entry *e, const char *name)
{
    size_t k;

    for (k = 0; k < e->count; k++)
    {
        const exattn_doc_value *v = &e->values[k];

        exattn_sbuf__puts(x->out, k ? " \\\\\n" : "");
        if (e->count > 1)
            exattn_sbuf__printf(x->out, "%s_{%zu} &= ", name, k + 1);
        else
            exattn_sbuf__printf(x->out, "%s &= ", name);
        if (v->status == EXATTN_EXACT)
            exattn_sbuf__mpq_latex(x->out, v->exact);
        else
            exattn_sbuf__puts(x->out, v->form[EXATTN_FORM_LATEX]);
        exattn_sbuf__puts(x->out, v->status == EXATTN_EXACT
                                       ? "\\quad(\\text{exact})"
                                       : "\\quad(\\text{named})");
        if (v->status != EXATTN_EXACT && (v->decimal || v->undecided))
            exattn_sbuf__printf(x->out, "\\quad\\approx\\ %s",
                                v->decimal ? v->decimal
                                           : "\\text{(undecided)}");
    }
    exattn_sbuf__puts(x->out, "\n\\end{aligned}");
    close_display(x);
}

/* "\text{grid}:\ q = \begin{bmatrix}...\end{bmatrix}\quad(\text{named})
 * \quad\approx\ d1,\ d2" */
void
exattn_latex__block_entry(xsink *x, const exattn_doc_entry *e)
{    const exattn_doc_section *s = x->stage;
    char name[80];
    size_t k;
    int exact = 1;

    /* with one head and no W_O, A is the head's output: not again */
    if (s->repeats == EXATTN_REPEATS_HEAD)
        return;
    if (s->row_labels == NULL)
        snprintf(name, sizeof name, "%s(%zu)", s->name[EXATTN_FORM_LATEX],
                 e->row);
    else
        snprintf(name, sizeof name, "%s", s->name[EXATTN_FORM_LATEX]);
    open_display(x, name);
    for (k = 0; k < e->count; k++)
        exact &= e->values[k].status == EXATTN_EXACT;
    if (!exact)         /* the row's label on the first of its lines */
        exattn_sbuf__puts(x->out, "\\begin{aligned}\n");
    if (s->row_labels != NULL)
    {
        exattn_sbuf__puts(x->out, "\\text{");
        exattn_sbuf__latex_text(x->out, s->row_labels[e->row]);
        exattn_sbuf__puts(x->out, "}:\\ ");
    }
    if (!exact)
    {
        named_rows(x, e, name);
        return;
    }
    /* an exact row: a vector of rationals on one line */
    exattn_sbuf__printf(x->out, "%s = %s", name,
                        e->count < 2 ? "" : x->paren ? "\\left("
                                                     : "\\begin{bmatrix}");
    for (k = 0; k < e->count; k++)
    {
        exattn_sbuf__puts(x->out, !k ? "" : x->paren ? ", " : " & ");
        exattn_sbuf__mpq_latex(x->out, e->values[k].exact);
    }
    exattn_sbuf__puts(x->out, e->count < 2 ? "" : x->paren
                                                   ? "\\right)"
                                                   : "\\end{bmatrix}");
    exattn_sbuf__puts(x->out, "\\quad(\\text{exact})");
    close_display(x);
}

void
exattn_latex__block_begin(xsink *x, const exattn_doc_section *s)
{
    if (s->kind == EXATTN_SECTION_BLOCK)
        x->open = 1;
    else if (s->kind == EXATTN_SECTION_STAGE)
        x->stage = s;
}

void
exattn_latex__block_end(xsink *x, const exattn_doc_section *s)
{
    if (s->kind == EXATTN_SECTION_BLOCK)
        x->open = 0;
}
