/* The writers of a block lesson: sinks of the derivation document's block
 * sections (src/derive/block.c), one per format. */
#ifndef EXATTN_PRINT_BLOCK_H
#define EXATTN_PRINT_BLOCK_H

#include <stdio.h>
#include "internal.h"
#include "exattn/doc.h"

int exattn_block__write_text(FILE *f, const exattn_lesson *l,
                             const exattn_write_opts *opts,
                             exattn_error_t *err);
int exattn_block__write_json(FILE *f, const exattn_lesson *l,
                             const exattn_write_opts *opts,
                             exattn_error_t *err);
int exattn_block__write_latex(FILE *f, const exattn_lesson *l,
                              const exattn_write_opts *opts,
                              exattn_error_t *err);

/* A document value as JSON (src/print/json_value.c); `scaled` adds the
 * "simplified" form of a scaled score. */
void exattn_print__json_quantity(exattn_sbuf *b, const exattn_doc_value *v,
                                 int scaled);

/* The opening of every JSON derivation: {"title": ..., "digits": ...,. */
void exattn_print__json_head(exattn_sbuf *b, const exattn_lesson *l,
                             const exattn_write_opts *opts);

#endif
