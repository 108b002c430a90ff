/* What the reports of `exattn check` and `exattn audit` share as
 * documents (src/derive/check.c, audit.c): their section and the sink's
 * callbacks, which may be NULL. */
#ifndef EXATTN_DERIVE_REPORT_H
#define EXATTN_DERIVE_REPORT_H

#include "internal.h"
#include "exattn/doc.h"

/* A report section of `kind` for `lesson`, about `file`; every field
 * that is not a report's is empty (SIZE_MAX for an index). */
void exattn_report__section(exattn_doc_section *s, exattn_section_t kind,
                            const exattn_lesson *lesson, const char *file);

int exattn_report__begin(const exattn_doc_sink *sink, void *ctx,
                         const exattn_doc_section *s);
int exattn_report__end(const exattn_doc_sink *sink, void *ctx,
                       const exattn_doc_section *s);
/* An entry of `role` carrying `claim` or `number` (one NULL). */
int exattn_report__entry(const exattn_doc_sink *sink, void *ctx,
                         exattn_role_t role, size_t index,
                         const exattn_doc_claim *claim,
                         const exattn_doc_number *number);

#endif
