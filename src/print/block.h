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
int exattn_block__write_markdown(FILE *f, const exattn_lesson *l,
                                 const exattn_write_opts *opts,
                                 exattn_error_t *err);

/* A block writer inside another writer's document: a lab lesson's
 * variant that places the lesson in a block.  The outer writer hands the
 * block's sections and entries over (exattn_print__nest_*); the block
 * writer is opened at its block section, with `open`, and closed at the
 * section's end.  Nested, a block writer writes no title or document
 * opening: the outer writer has. */
typedef int (*exattn_print__nest_open)(void **ctx, exattn_doc_sink *sink,
                                       FILE *f, const exattn_lesson *l,
                                       const exattn_write_opts *opts,
                                       int nested, exattn_error_t *err);
typedef void (*exattn_print__nest_close)(void *ctx);

typedef struct
{
    exattn_print__nest_open open;
    exattn_print__nest_close close;
    FILE *f;
    const exattn_write_opts *opts;
    exattn_error_t *err;
    exattn_doc_sink sink;
    void *ctx;                  /* non-NULL inside a block section */
} exattn_print__nest;

void exattn_print__nest_init(exattn_print__nest *n,
                             exattn_print__nest_open open,
                             exattn_print__nest_close close, FILE *f,
                             const exattn_write_opts *opts,
                             exattn_error_t *err);
/* Does section s (an entry's, when s is NULL) belong to a block? */
int exattn_print__nest_takes(const exattn_print__nest *n,
                             const exattn_doc_section *s);
/* At the block's section, `pending` (the outer writer's buffer) is
 * flushed first. */
int exattn_print__nest_begin(exattn_print__nest *n,
                             const exattn_doc_section *s,
                             exattn_sbuf *pending);
int exattn_print__nest_entry(exattn_print__nest *n,
                             const exattn_doc_entry *e);
int exattn_print__nest_end(exattn_print__nest *n,
                           const exattn_doc_section *s);
/* After a failed walk: close a block writer left open. */
void exattn_print__nest_clear(exattn_print__nest *n);

/* The block writers as sinks (src/print/block_*.c). */
int exattn_block__text_open(void **ctx, exattn_doc_sink *sink, FILE *f,
                            const exattn_lesson *l,
                            const exattn_write_opts *opts, int nested,
                            exattn_error_t *err);
void exattn_block__text_close(void *ctx);
int exattn_block__json_open(void **ctx, exattn_doc_sink *sink, FILE *f,
                            const exattn_lesson *l,
                            const exattn_write_opts *opts, int nested,
                            exattn_error_t *err);
void exattn_block__json_close(void *ctx);
int exattn_block__latex_open(void **ctx, exattn_doc_sink *sink, FILE *f,
                             const exattn_lesson *l,
                             const exattn_write_opts *opts, int nested,
                             exattn_error_t *err);
void exattn_block__latex_close(void *ctx);
/* The same displays for a Markdown page (captions, no comments). */
int exattn_block__markdown_open(void **ctx, exattn_doc_sink *sink, FILE *f,
                                const exattn_lesson *l,
                                const exattn_write_opts *opts, int nested,
                                exattn_error_t *err);

/* A document value as JSON (src/print/json_value.c); `scaled` adds the
 * "simplified" form of a scaled score. */
void exattn_print__json_quantity(exattn_sbuf *b, const exattn_doc_value *v,
                                 int scaled);

/* A standalone LaTeX document's preamble, to \begin{document}
 * (src/print/preamble.c). */
void exattn_print__latex_preamble(exattn_sbuf *b);

/* The opening of every JSON derivation: {"title": ..., "digits": ...,. */
void exattn_print__json_head(exattn_sbuf *b, const char *title,
                             const exattn_write_opts *opts);

#endif
