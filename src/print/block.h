/* Printing a block (src/block/): one entry at a time, in text, LaTeX and
 * JSON. */
#ifndef EXATTN_PRINT_BLOCK_H
#define EXATTN_PRINT_BLOCK_H

#include "block/block.h"
#include "exattn/write.h"

/* One printed entry: its exact value or named form, and the certified
 * decimal when asked for (NULL with `why` when it could not be decided). */
typedef struct
{
    int exact;
    char *text;         /* "1/2", "sin(1)", or a form with labels */
    char *decimal;
    char *why;
} exattn_bentry;

/* Named forms longer than this print with the labels of the quantities
 * they are built from ("e^{s[2,1]}/(…)"). */
#define EXATTN_BLOCK_INLINE 72

int exattn_bentry__make(exattn_bentry *e, const exattn_xnode *n,
                        const exattn_block *b, unsigned flags,
                        const exattn_write_opts *opts, exattn_error_t *err);
void exattn_bentry__clear(exattn_bentry *e);

int exattn_block__write_text(FILE *f, const exattn_lesson *l,
                             const exattn_write_opts *opts,
                             exattn_error_t *err);
int exattn_block__write_json(FILE *f, const exattn_lesson *l,
                             const exattn_write_opts *opts,
                             exattn_error_t *err);
int exattn_block__write_latex(FILE *f, const exattn_lesson *l,
                              const exattn_write_opts *opts,
                              exattn_error_t *err);

#endif
