/* The report sections' plumbing (src/derive/report.h). */
#include <stdint.h>
#include <string.h>
#include "derive/report.h"

void
exattn_report__section(exattn_doc_section *s, exattn_section_t kind,
                       const exattn_lesson *lesson, const char *file)
{
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->lesson = lesson;
    s->row = SIZE_MAX;
    s->head = SIZE_MAX;
    s->token = SIZE_MAX;
    s->file = file;
    s->lesson_file = exattn_lesson_file(lesson);
}

int
exattn_report__begin(const exattn_doc_sink *sink, void *ctx,
                     const exattn_doc_section *s)
{
    return sink->begin ? sink->begin(ctx, s) : EXATTN_OK;
}

int
exattn_report__end(const exattn_doc_sink *sink, void *ctx,
                   const exattn_doc_section *s)
{
    return sink->end ? sink->end(ctx, s) : EXATTN_OK;
}

int
exattn_report__entry(const exattn_doc_sink *sink, void *ctx,
                     exattn_role_t role, size_t index,
                     const exattn_doc_claim *claim,
                     const exattn_doc_number *number)
{
    exattn_doc_entry e;

    if (sink->entry == NULL)
        return EXATTN_OK;
    memset(&e, 0, sizeof e);
    e.role = role;
    e.row = index;
    e.key = SIZE_MAX;
    e.col = SIZE_MAX;
    e.rule = EXATTN_RULE_SOFTMAX;
    e.claim = claim;
    e.number = number;
    return sink->entry(ctx, &e);
}
