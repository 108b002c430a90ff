/* What the LaTeX writer's parts share (Markdown is its page flavour):
 * src/print/latex.c (the lesson, its rows, blends, variants and the
 * sink), src/print/latex_block.c (a block's stages) and src/print/
 * preamble.c (a standalone document's preamble). */
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
    int markdown;               /* a Markdown page: captions for comments */
} exattn_latex_block;

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
