/* What the reports of `exattn check` and `exattn audit` share as
 * documents (src/derive/check.c, audit.c): a walk that holds no lesson's
 * headers, their section, their entries.  The sink's callbacks are
 * called through the walk's (src/derive/value.c), which skip NULL ones. */
#ifndef EXATTN_DERIVE_REPORT_H
#define EXATTN_DERIVE_REPORT_H

#include "derive/derive.h"

/* A walk into `sink` for a report: no options, no headers. */
void exattn_report__walk(exattn_walk *w, const exattn_doc_sink *sink,
                         void *ctx, exattn_error_t *err);

/* A report section of `kind` for `lesson`, about `file` (the walk's
 * empty section, which points to no header). */
void exattn_report__section(const exattn_walk *w, exattn_doc_section *s,
                            exattn_section_t kind,
                            const exattn_lesson *lesson, const char *file);

/* An entry of `role` carrying `claim`, `number` or `grade` (the others
 * NULL). */
int exattn_report__entry(exattn_walk *w, exattn_role_t role, size_t index,
                         const exattn_doc_claim *claim,
                         const exattn_doc_number *number);
int exattn_report__grade_entry(exattn_walk *w, const exattn_doc_grade *grade);

#endif
