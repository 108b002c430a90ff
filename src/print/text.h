/* The text writer's state and what its parts share: src/print/text.c
 * (the lesson, its rows, blends and the sink), src/print/text_contrast.c
 * (a variant's contrast with the lesson it changes) and src/print/
 * text_block.c (a block's stages). */
#ifndef EXATTN_PRINT_TEXT_H
#define EXATTN_PRINT_TEXT_H

#include "internal.h"
#include "exattn/doc.h"
#include "print/value.h"

/* Where the writer is in a block: from its section's begin to its end,
 * every section and entry is the block's. */
typedef struct
{
    exattn_sbuf *out;           /* the writer's buffer */
    const exattn_doc_section *stage;    /* the current stage */
    int open;                   /* inside a block section */
    int nested;                 /* in a lab lesson's document, whose
                                   title is written */
} exattn_text_block;

typedef struct
{
    FILE *f;
    exattn_sbuf b;
    exattn_sbuf tail;           /* a row's decimal output line, written
                                   after its notes */
    const exattn_doc_header *l; /* of the current section */
    const exattn_doc_section *row;      /* the current row or contrast
                                           row */
    int line;                   /* the role of the open line, -1 none */
    int items;                  /* items on the open line */
    const exattn_write_opts *opts;
    exattn_text_block block;
    exattn_error_t *err;
    const exattn_doc_section *report;   /* a check's or an audit's */
} exattn_text_sink;

/* Write b's lines to f, each longer than 100 columns wrapped over lines
 * indented four columns more (text_wrap.c), and empty b. */
int exattn_text__flush_wrapped(exattn_sbuf *b, FILE *f, const char *file,
                               exattn_error_t *err);
/* The mask's kind in words: "causal (key j visible ...)" (text.c). */
const char *exattn_text__mask_kind(exattn_mask_kind_t kind);
/* A value: exact as a fraction, or its named form. */
void exattn_text__value(exattn_sbuf *b, const exattn_doc_value *v);
/* "K3" for default labels, "K[grid]" for token labels (with `prefix`). */
void exattn_text__klabel(exattn_sbuf *b, const exattn_doc_header *l,
                         const char *prefix, size_t j);
/* A lesson's live lab, a line per control (src/print/text_lab.c). */
void exattn_text__lab(exattn_sbuf *b, const exattn_doc_section *s);
/* End the open line of entries, if one is open. */
void exattn_text__close_line(exattn_text_sink *t);

/* A contrast's heading, a contrast row's, and its change entries
 * (src/print/text_contrast.c). */
void exattn_text__contrast_end(exattn_text_sink *t,
                               const exattn_doc_section *s);
void exattn_text__contrast_begin(exattn_text_sink *t,
                                 const exattn_doc_section *s);
void exattn_text__contrast_row_begin(exattn_text_sink *t,
                                     const exattn_doc_section *s);
void exattn_text__weight_change(exattn_text_sink *t,
                                const exattn_doc_entry *e);
void exattn_text__output_change(exattn_text_sink *t,
                                const exattn_doc_entry *e);

/* A block's sections and entries (src/print/text_block.c). */
void exattn_text__block_begin(exattn_text_block *t,
                              const exattn_doc_section *s);
void exattn_text__block_entry(exattn_text_block *t,
                              const exattn_doc_entry *e);
void exattn_text__block_end(exattn_text_block *t,
                            const exattn_doc_section *s);

/* A report's lines (src/print/text_report.c): a claim's, a page
 * number's, and the counts at the report's end (when it has them). */
void exattn_text__claim_line(exattn_sbuf *b, const char *file,
                             const exattn_doc_claim *c);
void exattn_text__number_line(exattn_sbuf *b, const char *file,
                              const exattn_doc_number *n);
void exattn_text__report_end(exattn_sbuf *b, const exattn_doc_section *s);
/* A grade report's line per value, and its quantities' and totals' lines
 * (src/print/text_grade.c). */
void exattn_text__grade_line(exattn_sbuf *b, const char *file,
                             const exattn_doc_grade *g);
void exattn_text__grade_end(exattn_sbuf *b, const exattn_doc_section *s);

#endif
