/* The LaTeX of a block: one display per row of each stage, each vector
 * exact or named, in the order of the text presentation.  Fragments
 * between $$ ... $$, or a standalone document (amsmath only).  A sink of
 * the derivation document. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "print/block.h"

typedef struct
{
    FILE *f;
    exattn_sbuf out;
    const exattn_doc_block *blk;
    const exattn_doc_section *stage;
    int standalone, paren;
    int markdown;               /* a Markdown page: captions, headings */
    int nested;                 /* inside a lab lesson's document */
    exattn_error_t *err;
} xsink;

static void
open_display(xsink *x, const char *comment)
{
    if (x->markdown)
    {
        /* the stage's symbol as the caption a reader sees */
        exattn_sbuf__puts(&x->out, "$");
        exattn_sbuf__puts(&x->out, comment);
        exattn_sbuf__puts(&x->out, "$\n\n$$\n");
        return;
    }
    exattn_sbuf__puts(&x->out, "% ");
    exattn_sbuf__latex_comment(&x->out, comment);
    exattn_sbuf__puts(&x->out, x->standalone ? "\n\\[\n" : "\n$$\n");
}

static void
close_display(xsink *x)
{
    exattn_sbuf__puts(&x->out, x->standalone ? "\n\\]\n\n" : "\n$$\n\n");
}

/* A named vector, one coordinate a line (its forms are long), in the
 * aligned display its entry opened: "\text{grid}:\ u_{1} &= ... \approx
 * d1 \\ u_{2} &= ...". */
static int
named_rows(xsink *x, const exattn_doc_entry *e, const char *name)
{
    size_t k;

    for (k = 0; k < e->count; k++)
    {
        const exattn_doc_value *v = &e->values[k];

        exattn_sbuf__puts(&x->out, k ? " \\\\\n" : "");
        if (e->count > 1)
            exattn_sbuf__printf(&x->out, "%s_{%zu} &= ", name, k + 1);
        else
            exattn_sbuf__printf(&x->out, "%s &= ", name);
        if (v->status == EXATTN_EXACT)
            exattn_sbuf__mpq_latex(&x->out, v->exact);
        else
            exattn_sbuf__puts(&x->out, v->form[EXATTN_FORM_LATEX]);
        exattn_sbuf__puts(&x->out, v->status == EXATTN_EXACT
                                       ? "\\quad(\\text{exact})"
                                       : "\\quad(\\text{named})");
        if (v->status != EXATTN_EXACT && (v->decimal || v->undecided))
            exattn_sbuf__printf(&x->out, "\\quad\\approx\\ %s",
                                v->decimal ? v->decimal
                                           : "\\text{(undecided)}");
    }
    exattn_sbuf__puts(&x->out, "\n\\end{aligned}");
    close_display(x);
    return EXATTN_OK;
}

/* "\text{grid}:\ q = \begin{bmatrix}...\end{bmatrix}\quad(\text{named})
 * \quad\approx\ d1,\ d2" */
static int
entry(void *ctx, const exattn_doc_entry *e)
{
    xsink *x = ctx;
    const exattn_doc_section *s = x->stage;
    char name[80];
    size_t k;
    int exact = 1;

    /* with one head and no W_O, A is the head's output: not again */
    if (s->repeats == EXATTN_REPEATS_HEAD)
        return EXATTN_OK;
    if (s->row_labels == NULL)
        snprintf(name, sizeof name, "%s(%zu)", s->name[EXATTN_FORM_LATEX],
                 e->row);
    else
        snprintf(name, sizeof name, "%s", s->name[EXATTN_FORM_LATEX]);
    open_display(x, name);
    for (k = 0; k < e->count; k++)
        exact &= e->values[k].status == EXATTN_EXACT;
    if (!exact)         /* the row's label on the first of its lines */
        exattn_sbuf__puts(&x->out, "\\begin{aligned}\n");
    if (s->row_labels != NULL)
    {
        exattn_sbuf__puts(&x->out, "\\text{");
        exattn_sbuf__latex_text(&x->out, s->row_labels[e->row]);
        exattn_sbuf__puts(&x->out, "}:\\ ");
    }
    if (!exact)
        return named_rows(x, e, name);
    /* an exact row: a vector of rationals on one line */
    exattn_sbuf__printf(&x->out, "%s = %s", name,
                        e->count < 2 ? "" : x->paren ? "\\left("
                                                     : "\\begin{bmatrix}");
    for (k = 0; k < e->count; k++)
    {
        exattn_sbuf__puts(&x->out, !k ? "" : x->paren ? ", " : " & ");
        exattn_sbuf__mpq_latex(&x->out, e->values[k].exact);
    }
    exattn_sbuf__puts(&x->out, e->count < 2 ? "" : x->paren
                                                   ? "\\right)"
                                                   : "\\end{bmatrix}");
    exattn_sbuf__puts(&x->out, "\\quad(\\text{exact})");
    close_display(x);
    return EXATTN_OK;
}

/* A document's opening: its title as a heading, a section or a comment
 * (none nested in a lab lesson's document, whose writer has one). */
static void
opening(xsink *x, const char *title)
{
    if (x->markdown)
    {
        exattn_sbuf__puts(&x->out, "# ");
        exattn_sbuf__markdown_text(&x->out, title ? title
                                   : "A Transformer block, derived by "
                                     "exattn");
        exattn_sbuf__puts(&x->out, "\n\n");
    }
    else if (x->standalone)
    {
        exattn_print__latex_preamble(&x->out);
        exattn_sbuf__puts(&x->out, "\\section*{");
        exattn_sbuf__latex_text(&x->out, title ? title
                                : "A Transformer block, derived by exattn");
        exattn_sbuf__puts(&x->out, "}\n\n");
    }
    else
    {
        exattn_sbuf__puts(&x->out, "% ");
        exattn_sbuf__latex_comment(&x->out, title ? title : "block");
        exattn_sbuf__puts(&x->out, "\n\n");
    }
}

static int
begin(void *ctx, const exattn_doc_section *s)
{
    xsink *x = ctx;

    if (s->kind == EXATTN_SECTION_BLOCK && !x->nested)
        opening(x, s->header->title);
    if (s->kind == EXATTN_SECTION_BLOCK)
        x->blk = s->block;
    else if (s->kind == EXATTN_SECTION_STAGE)
        x->stage = s;
    return EXATTN_OK;
}

static int
end(void *ctx, const exattn_doc_section *s)
{
    xsink *x = ctx;

    return exattn_sbuf__flush(&x->out, x->f, s->header->file, x->err);
}

static int
open_sink(void **ctx, exattn_doc_sink *sink, FILE *f, const exattn_lesson *l,
          const exattn_write_opts *opts, int nested, int markdown,
          exattn_error_t *err)
{
    static const exattn_doc_sink init = EXATTN_DOC_SINK_INIT;
    xsink *x = calloc(1, sizeof *x);

    if ((*ctx = x) == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, exattn_lesson_file(l),
                                 0, 0, "out of memory");
    *sink = init;
    sink->notations = EXATTN_NOTATION_LATEX;
    sink->begin = begin;
    sink->entry = entry;
    sink->end = end;
    x->f = f;
    x->err = err;
    x->markdown = markdown;
    x->standalone = !markdown && opts
                    && (opts->latex & EXATTN_LATEX_STANDALONE);
    x->paren = opts && (opts->latex & EXATTN_LATEX_PAREN_VECTORS);
    x->nested = nested;
    exattn_sbuf__init(&x->out);
    return EXATTN_OK;
}

int
exattn_block__latex_open(void **ctx, exattn_doc_sink *sink, FILE *f,
                         const exattn_lesson *l,
                         const exattn_write_opts *opts, int nested,
                         exattn_error_t *err)
{
    return open_sink(ctx, sink, f, l, opts, nested, 0, err);
}

int
exattn_block__markdown_open(void **ctx, exattn_doc_sink *sink, FILE *f,
                            const exattn_lesson *l,
                            const exattn_write_opts *opts, int nested,
                            exattn_error_t *err)
{
    return open_sink(ctx, sink, f, l, opts, nested, 1, err);
}

void
exattn_block__latex_close(void *ctx)
{
    xsink *x = ctx;

    exattn_sbuf__clear(&x->out);
    free(x);
}

static int
write_block(FILE *f, const exattn_lesson *l, const exattn_write_opts *opts,
            int markdown, exattn_error_t *err)
{
    exattn_doc_sink sink;
    void *ctx;
    xsink *x;
    int rc = open_sink(&ctx, &sink, f, l, opts, 0, markdown, err);

    if (rc != EXATTN_OK)
        return rc;
    x = ctx;
    rc = exattn_derive(&sink, x, l, opts, err);
    if (rc == EXATTN_OK && x->standalone)
        exattn_sbuf__puts(&x->out, "\\end{document}\n");
    if (rc == EXATTN_OK)
        rc = exattn_sbuf__flush(&x->out, f, exattn_lesson_file(l), err);
    exattn_block__latex_close(x);
    return rc;
}

int
exattn_block__write_latex(FILE *f, const exattn_lesson *l,
                          const exattn_write_opts *opts, exattn_error_t *err)
{
    return write_block(f, l, opts, 0, err);
}

int
exattn_block__write_markdown(FILE *f, const exattn_lesson *l,
                             const exattn_write_opts *opts,
                             exattn_error_t *err)
{
    return write_block(f, l, opts, 1, err);
}
