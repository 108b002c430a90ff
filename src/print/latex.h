/* What the LaTeX writer's parts share (Markdown is its page flavour):
 * src/print/latex.c (the lesson, its rows, blends, variants and the
 * sink), latex_display.c (its displays, vectors and matrices),
 * latex_contrast.c (a variant's contrast), latex_block.c (a block's
 * stages) and preamble.c (a standalone document's preamble). */
#ifndef EXATTN_PRINT_LATEX_H
#define EXATTN_PRINT_LATEX_H

#include "internal.h"
#include "exattn/doc.h"

/* Where the writer is in a block: from its section's begin to its end,
 * every section and entry is the block's. */
typedef struct
{
    exattn_sbuf *out;           /* the writer's buffer */
    const exattn_doc_section *stage;    /* the current stage */
    int open;                   /* inside a block section */
    int standalone, paren;
    int labels;                 /* --labels: each display numbered, with a
                                   \label */
    size_t variant;             /* 0 in the lesson, k in its k-th
                                   variant */
    size_t part;                /* displays of the stage so far */
    int markdown;               /* a Markdown page: headings for comments */
    int rows_open;              /* the stage's display of rows is open */
    size_t lines;               /* lines in it */
} exattn_latex_block;

/* The LaTeX writer's state (src/print/latex.c). */
typedef struct
{
    FILE *f;
    exattn_sbuf *b;
    exattn_sbuf buf;
    const exattn_doc_header *l;
    const exattn_doc_section *row;
    int standalone, paren;
    int labels;             /* --labels: each display numbered, with a
                               \label (LaTeX, not Markdown) */
    size_t variant;         /* 0 in the lesson, k in its k-th variant */
    int in_row;             /* inside a row or a blend section */
    int labelled;           /* the open display is an equation */
    int markdown;           /* a Markdown page section (CommonMark with
                               $…$ and $$…$$ math), not LaTeX */
    exattn_sbuf table;      /* Markdown: the row's table of weights, written
                               after the weights' display */
    int display;            /* the role of the open display, -1 none */
    size_t lines;           /* lines in the open display */
    int mask_done;          /* the row's mask step is written */
    int unscaled_done;      /* the row's "no scaling" remark is written */
    int z_done;             /* a compact row's Z_i is defined */
    int opened;             /* the document's opening is written */
    exattn_latex_block block;
    exattn_error_t *err;
} exattn_latex_sink;

/* ---- display primitives (src/print/latex_display.c) -------------------- */

/* A query's and a key's label as a subscript. */
void exattn_latex__qsub(exattn_sbuf *b, const exattn_doc_header *l,
                        size_t i);
void exattn_latex__ksub(exattn_sbuf *b, const exattn_doc_header *l,
                        size_t j);
/* "\tfrac{5}{4}", "-\tfrac{1}{2}", "3" */
void exattn_latex__tfrac(exattn_sbuf *b, const mpq_t q);
/* A row vector: opened, its entries separated, closed (brackets or,
 * with --vectors paren, parentheses). */
void exattn_latex__vector_open(exattn_latex_sink *c);
void exattn_latex__vector_sep(exattn_latex_sink *c);
void exattn_latex__vector_close(exattn_latex_sink *c);
/* Row r of a matrix as a row vector; a whole matrix, a row per token. */
void exattn_latex__matrix_row(exattn_latex_sink *c, const exattn_matrix *m,
                              size_t r);
void exattn_latex__matrix(exattn_latex_sink *c, const exattn_matrix *m);
/* A display's \label key with --labels: "exattn:base:q3:weights",
 * "exattn:v2:h1.weights" -- the lesson ("base") or its k-th variant
 * ("vk"), the query row from 1 when the display is a row's, and the
 * step.  ASCII only, whatever the labels of the lesson. */
void exattn_latex__label_key(exattn_sbuf *b, size_t variant, size_t row,
                             const char *step);
/* A display, its step named in a comment (a caption on a Markdown
 * page) and, with --labels, numbered and labelled by `step` (NULL: not
 * labelled), and its end (a Markdown row's table follows it). */
void exattn_latex__display_open(exattn_latex_sink *c, const char *comment,
                                const char *step);
void exattn_latex__display_close(exattn_latex_sink *c);
/* A display of aligned lines, one per entry of `role`: opened, closed
 * (if open), and its next line (opening it if needed). */
void exattn_latex__aligned_open(exattn_latex_sink *c, int role,
                                const char *comment, const char *step);
void exattn_latex__aligned_close(exattn_latex_sink *c);
void exattn_latex__line(exattn_latex_sink *c, int role, const char *comment);
/* " \approx 0.284" beside a named value, when decimals are asked for;
 * "\quad(\text{exact})"; a vector's decimals; a vector's exact values;
 * a value, exact or its form. */
void exattn_latex__approx(exattn_latex_sink *c, const exattn_doc_value *v);
void exattn_latex__status_tag(exattn_sbuf *b, int exact);
void exattn_latex__approx_vector(exattn_latex_sink *c,
                                 const exattn_doc_entry *e);
void exattn_latex__exact_vector(exattn_latex_sink *c,
                                const exattn_doc_entry *e);
void exattn_latex__value(exattn_latex_sink *c, const exattn_doc_value *v);
/* w_{i,j} */
void exattn_latex__wsym(exattn_latex_sink *c, size_t i, size_t j);

/* ---- a variant's contrast (src/print/latex_contrast.c) ----------------- */

void exattn_latex__contrast_end(exattn_latex_sink *c,
                                const exattn_doc_section *s);
void exattn_latex__contrast_begin(exattn_latex_sink *c,
                                  const exattn_doc_section *s);
void exattn_latex__contrast_row_begin(exattn_latex_sink *c,
                                      const exattn_doc_section *s);
void exattn_latex__change_line(exattn_latex_sink *c,
                               const exattn_doc_entry *e);

/* A block's sections and entries (src/print/latex_block.c). */
void exattn_latex__block_begin(exattn_latex_block *x,
                               const exattn_doc_section *s);
void exattn_latex__block_entry(exattn_latex_block *x,
                               const exattn_doc_entry *e);
void exattn_latex__block_end(exattn_latex_block *x,
                             const exattn_doc_section *s);

/* A standalone LaTeX document's preamble, to \begin{document}
 * (src/print/preamble.c). */
void exattn_print__latex_preamble(exattn_sbuf *b);

#endif
