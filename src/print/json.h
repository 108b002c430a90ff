/* What the JSON writer's parts share: src/print/json.c (the lesson, its
 * rows, blends, variants and the sink), src/print/json_block.c (a
 * block's stages) and src/print/json_value.c (one value). */
#ifndef EXATTN_PRINT_JSON_H
#define EXATTN_PRINT_JSON_H

#include "internal.h"
#include "exattn/doc.h"

/* Where the writer is in a block: from its section's begin to its end,
 * every section and entry is the block's. */
typedef struct
{
    exattn_sbuf *out;           /* the writer's buffer */
    const exattn_doc_section *stage;    /* the current stage */
    int open;                   /* inside a block section */
    int heads_open;             /* the "heads" array is open */
    exattn_sbuf extra;          /* a stage's companion array, written after
                                   it: weights_rule, relu_signs */
    int has_signs;              /* the stage's rows carry ReLU signs */
    exattn_sbuf outline;        /* the block's heads and stages in order,
                                   with their headings: "outline" */
} exattn_json_block;

/* A block's sections and entries (src/print/json_block.c). */
void exattn_json__block_begin(exattn_json_block *j,
                              const exattn_doc_section *s);
void exattn_json__block_entry(exattn_json_block *j,
                              const exattn_doc_entry *e);
void exattn_json__block_end(exattn_json_block *j,
                            const exattn_doc_section *s);

/* A document value as JSON (src/print/json_value.c); `scaled` adds the
 * "simplified" form of a scaled score. */
void exattn_print__json_quantity(exattn_sbuf *b, const exattn_doc_value *v,
                                 int scaled);

/* ["grid", "load", "rises"]; [["1", "0"], ["1/2", "3"]] (json_value.c). */
void exattn_json__labels(exattn_sbuf *b, char *const *l, size_t count);
void exattn_json__exact_matrix(exattn_sbuf *b, const exattn_doc_matrix *m);

/* The opening of every JSON derivation: {"title": ..., "digits": ...,. */
void exattn_print__json_head(exattn_sbuf *b, const char *title,
                             const exattn_write_opts *opts);

/* A lesson's live lab: ",\n  "lab": {...}" (src/print/json_lab.c). */
void exattn_json__lab(exattn_sbuf *b, const exattn_doc_section *s);

/* A report's opening, its entries (the index-th of the report) and its
 * end with the counts (src/print/json_report.c). */
void exattn_json__report_begin(exattn_sbuf *b, const exattn_doc_section *s);
void exattn_json__report_entry(exattn_sbuf *b, const exattn_doc_entry *e,
                               size_t index);
void exattn_json__report_end(exattn_sbuf *b, const exattn_doc_section *s,
                             size_t entries);
/* A string, or null; and `, "name": value` with it (json_report.c). */
void exattn_json__string_or_null(exattn_sbuf *b, const char *s);
void exattn_json__field(exattn_sbuf *b, const char *name, const char *value);
/* A grade report's opening, its values (the index-th of the report) and
 * its end with each quantity's summary and the totals
 * (src/print/json_grade.c). */
void exattn_json__grade_begin(exattn_sbuf *b, const exattn_doc_section *s);
void exattn_json__grade_entry(exattn_sbuf *b, const exattn_doc_grade *g,
                              size_t index);
void exattn_json__grade_end(exattn_sbuf *b, const exattn_doc_section *s,
                            size_t entries);

#endif
