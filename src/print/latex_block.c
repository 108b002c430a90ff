/* The LaTeX of a block as a textbook sets it: each part of the block
 * under a heading (a norm, a head, a residual, the feed-forward
 * sublayer) with the formula that defines it, then its rows in one
 * aligned display, a row a line (a named vector a coordinate a line),
 * each exact or named.  In Markdown, the headings are the page's; in
 * LaTeX fragments, comments.  The LaTeX writer (latex.c) hands it a
 * block's sections. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "print/latex.h"

typedef exattn_latex_block xsink;

/* A display's lines before it is closed and another opened: amsmath
 * does not break an aligned display across pages. */
#define LINES_PER_DISPLAY 18

/* What a display of section s shows, for its label: a stage's claim
 * path (the document's) and, after its first display of rows, its part
 * (":2"); a head's "h1" ("cross.h1"); ":def" for the formula that
 * introduces either. */
static void
step_of(char *step, size_t size, const xsink *x, const exattn_doc_section *s,
        int definition)
{
    if (s->kind == EXATTN_SECTION_STAGE)
        snprintf(step, size, "%s", s->path);
    else
        snprintf(step, size, "%sh%zu", s->cross ? "cross." : "", s->head + 1);
    if (definition)
        snprintf(step + strlen(step), size - strlen(step), ":def");
    else if (x->part > 1)
        snprintf(step + strlen(step), size - strlen(step), ":%zu", x->part);
}

/* A display: numbered and labelled with --labels (`s` the section it
 * shows), else \[ \] ($$ $$ on a Markdown page). */
static void
display_open(xsink *x, const exattn_doc_section *s, int definition)
{
    char step[160];

    if (x->labels && !x->markdown)
    {
        step_of(step, sizeof step, x, s, definition);
        exattn_sbuf__puts(x->out, "\\begin{equation}\\label{");
        exattn_latex__label_key(x->out, x->variant, SIZE_MAX, step);
        exattn_sbuf__puts(x->out, "}\n");
        return;
    }
    exattn_sbuf__puts(x->out, x->markdown ? "$$\n" : "\\[\n");
}

static void
display_close(xsink *x)
{
    exattn_sbuf__puts(x->out, x->markdown ? "\n$$\n\n"
                              : x->labels ? "\n\\end{equation}\n\n"
                                          : "\n\\]\n\n");
}

/* A part's heading: its title as the page's heading (Markdown),
 * \subsection* (a standalone document) or a comment (fragments). */
static void
heading(xsink *x, const char *title)
{
    if (x->markdown)
    {
        exattn_sbuf__puts(x->out, "### ");
        exattn_sbuf__markdown_text(x->out, title);
        exattn_sbuf__puts(x->out, "\n\n");
    }
    else if (x->standalone)
    {
        exattn_sbuf__puts(x->out, "\\subsection*{");
        exattn_sbuf__latex_text(x->out, title);
        exattn_sbuf__puts(x->out, "}\n\n");
    }
    else
    {
        exattn_sbuf__puts(x->out, "% ");
        exattn_sbuf__latex_comment(x->out, title);
        exattn_sbuf__puts(x->out, "\n");
    }
}

/* What the block is, before its parts. */
static void
block_line(xsink *x, const char *what)
{
    if (x->markdown)
    {
        exattn_sbuf__puts(x->out, "**Block:** ");
        exattn_sbuf__markdown_text(x->out, what);
        exattn_sbuf__puts(x->out, "\n\n");
    }
    else if (x->standalone)
    {
        exattn_sbuf__puts(x->out, "\\noindent\\textbf{Block:} ");
        exattn_sbuf__latex_text(x->out, what);
        exattn_sbuf__puts(x->out, "\n\n");
    }
    else
    {
        exattn_sbuf__puts(x->out, "% block: ");
        exattn_sbuf__latex_comment(x->out, what);
        exattn_sbuf__puts(x->out, "\n\n");
    }
}

/* The heading of a head or a stage, and the display of its formula. */
static void
introduce(xsink *x, const exattn_doc_section *s)
{
    if (s->title)
        heading(x, s->title);
    if (s->heading[EXATTN_FORM_LATEX] == NULL)
        return;
    display_open(x, s, 1);
    exattn_sbuf__puts(x->out, "\\begin{gathered}\n");
    exattn_sbuf__puts(x->out, s->heading[EXATTN_FORM_LATEX]);
    exattn_sbuf__puts(x->out, "\n\\end{gathered}");
    display_close(x);
}

static void
rows_close(xsink *x)
{
    if (!x->rows_open)
        return;
    if (x->standalone)
        exattn_sbuf__puts(x->out, "\n\\end{align*}\n\n");
    else
    {
        exattn_sbuf__puts(x->out, "\n\\end{aligned}");
        display_close(x);
    }
    x->rows_open = 0;
}

/* The next line of the stage's display, opening one if needed. */
static void
next_line(xsink *x)
{
    if (x->rows_open && x->lines >= LINES_PER_DISPLAY)
        rows_close(x);
    if (!x->rows_open)
    {
        if (!x->markdown && !x->standalone)
        {
            exattn_sbuf__puts(x->out, "% ");
            exattn_sbuf__latex_comment(x->out,
                                       x->stage->name[EXATTN_FORM_LATEX]);
            exattn_sbuf__puts(x->out, "\n");
        }
        /* a standalone page breaks between the lines of align* (with
         * \allowdisplaybreaks), never inside \[ aligned \] */
        x->part++;
        if (x->standalone && x->labels)
        {
            /* one number for the display, on its first line: align*
             * breaks across pages, and the forms' own line breaks get
             * no number */
            char step[160];

            step_of(step, sizeof step, x, x->stage, 0);
            exattn_sbuf__puts(x->out, "\\refstepcounter{equation}\\label{");
            exattn_latex__label_key(x->out, x->variant, SIZE_MAX, step);
            exattn_sbuf__puts(x->out, "}\n\\begin{align*}\n"
                                      "\\tag{\\theequation}");
        }
        else if (x->standalone)
            exattn_sbuf__puts(x->out, "\\begin{align*}\n");
        else
        {
            display_open(x, x->stage, 0);
            exattn_sbuf__puts(x->out, "\\begin{aligned}\n");
        }
        x->rows_open = 1;
        x->lines = 0;
    }
    else
        exattn_sbuf__puts(x->out, " \\\\\n");
    x->lines++;
}

/* One named or exact value on its line after `lead` ("\text{grid}:\ & "
 * or "& "): "u_{1} = ...\quad(\text{named})\quad\approx\ d1". */
static void
value_line(xsink *x, const exattn_doc_value *v, const char *lead,
           const char *symbol)
{
    exattn_sbuf__printf(x->out, "%s%s = ", lead, symbol);
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

/* A named vector, one coordinate a line (its forms are long):
 * "\text{grid}:\ & u_{1} = ... \approx d1 \\ & u_{2} = ...", after the
 * row's softmax denominator when the document defines one (Z_{1} = ...). */
static void
named_rows(xsink *x, const exattn_doc_entry *e, const char *label,
           const char *name)
{
    char symbol[112];
    size_t k;

    if (e->denominator != NULL)
    {
        value_line(x, e->denominator, label, e->symbol[EXATTN_FORM_LATEX]);
        next_line(x);
        label = "& ";
    }
    for (k = 0; k < e->count; k++)
    {
        if (k > 0)
            next_line(x);
        if (e->count > 1)
            snprintf(symbol, sizeof symbol, "%s_{%zu}", name, k + 1);
        else
            snprintf(symbol, sizeof symbol, "%s", name);
        value_line(x, &e->values[k], k ? "& " : label, symbol);
    }
}

/* An exact row: a vector of rationals on one line. */
static void
exact_row(xsink *x, const exattn_doc_entry *e, const char *label,
          const char *name)
{
    size_t k;

    exattn_sbuf__printf(x->out, "%s%s = %s", label, name,
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
}

/* A row of the current stage: "\text{grid}:\ & q = ...". */
void
exattn_latex__block_entry(xsink *x, const exattn_doc_entry *e)
{
    const exattn_doc_section *s = x->stage;
    exattn_sbuf label;
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
    exattn_sbuf__init(&label);
    if (s->row_labels != NULL)
    {
        exattn_sbuf__puts(&label, "\\text{");
        exattn_sbuf__latex_text(&label, s->row_labels[e->row]);
        exattn_sbuf__puts(&label, "}:\\ ");
    }
    exattn_sbuf__puts(&label, "& ");
    x->out->oom |= label.oom;
    for (k = 0; k < e->count; k++)
        exact &= e->values[k].status == EXATTN_EXACT;
    next_line(x);
    if (exact)
        exact_row(x, e, label.s ? label.s : "& ", name);
    else
        named_rows(x, e, label.s ? label.s : "& ", name);
    exattn_sbuf__clear(&label);
}

void
exattn_latex__block_begin(xsink *x, const exattn_doc_section *s)
{
    switch (s->kind)
    {
    case EXATTN_SECTION_BLOCK:
        x->open = 1;
        if (s->title)
            block_line(x, s->title);
        break;
    case EXATTN_SECTION_HEAD:
        introduce(x, s);
        break;
    case EXATTN_SECTION_STAGE:
        x->stage = s;
        x->rows_open = 0;
        x->part = 0;
        introduce(x, s);
        break;
    default:
        break;
    }
}

void
exattn_latex__block_end(xsink *x, const exattn_doc_section *s)
{
    if (s->kind == EXATTN_SECTION_STAGE)
        rows_close(x);
    else if (s->kind == EXATTN_SECTION_BLOCK)
        x->open = 0;
}
