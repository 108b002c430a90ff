/* A variant's contrast in one sentence, the same words in every writer:
 * which rows change and how many weights and output coordinates move
 * which way, from the document's counts (exattn_doc_contrast_summary). */
#ifndef EXATTN_PRINT_SUMMARY_H
#define EXATTN_PRINT_SUMMARY_H

#include "exattn/doc.h"
#include "internal.h"

/* How a writer sets a row's name (its label escaped for its format). */
typedef void (*exattn_row_name_fn)(exattn_sbuf *b,
                                   const exattn_doc_header *l, size_t i);

/* "row [rises]", or "row 2" when the lesson names no labels: a row as
 * the text and JSON writers name it. */
void exattn_print__row_name_text(exattn_sbuf *b, const exattn_doc_header *l,
                                 size_t i);

/* "1 of 3 rows changes ([rises]): 2 weights increase, 1 decreases;
 * 2 output coordinates decrease." -- or "No row changes." */
void exattn_print__contrast_summary(exattn_sbuf *b,
                                    const exattn_doc_section *s,
                                    exattn_row_name_fn name);

#endif
