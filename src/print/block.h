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

/* A document value as JSON, {"status", "value", "why", "text", "latex",
 * "decimal"} (src/print/json.c): the same object in every JSON output. */
void exattn_print__json_value(exattn_sbuf *b, const exattn_doc_value *v);

#endif
