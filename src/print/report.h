/* The reports of `exattn check` and `exattn audit` through the writers
 * of their formats (src/print/report.c): a report is a document walked
 * into the text or the JSON sink, as a derivation is. */
#ifndef EXATTN_PRINT_REPORT_H
#define EXATTN_PRINT_REPORT_H

#include "internal.h"
#include "exattn/doc.h"

/* A walk of a report document into `sink` (exattn_derive_check or
 * exattn_derive_audit, with its arguments in `arg`). */
typedef int (*exattn_report_walk)(const exattn_doc_sink *sink, void *ctx,
                                  const void *arg, exattn_error_t *err);

/* Write the report `walk` makes, in text (src/print/text.c) or JSON
 * (src/print/json.c), to f: all of it at its section's end, nothing
 * when the walk fails.  `file` names the report in a write error. */
int exattn_text__report(FILE *f, exattn_report_walk walk, const void *arg,
                        const char *file, exattn_error_t *err);
int exattn_json__report(FILE *f, exattn_report_walk walk, const void *arg,
                        const char *file, exattn_error_t *err);

#endif
