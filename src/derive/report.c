/* The report sections' plumbing (src/derive/report.h). */
#include <stdint.h>
#include <string.h>
#include "derive/report.h"

void
exattn_report__walk(exattn_walk *w, const exattn_doc_sink *sink, void *ctx,
                    exattn_error_t *err)
{
    memset(w, 0, sizeof *w);
    w->sink = sink;
    w->ctx = ctx;
    w->err = err;
}

void
exattn_report__section(const exattn_walk *w, exattn_doc_section *s,
                       exattn_section_t kind, const exattn_lesson *lesson,
                       const char *file)
{
    exattn_walk__section(w, s, kind, lesson);
    s->file = file;
    s->lesson_file = exattn_lesson_file(lesson);
}

/* An entry of a report: no key, no coordinate. */
static void
report_entry(exattn_doc_entry *e, exattn_role_t role, size_t index)
{
    memset(e, 0, sizeof *e);
    e->role = role;
    e->row = index;
    e->key = SIZE_MAX;
    e->col = SIZE_MAX;
    e->rule = EXATTN_RULE_SOFTMAX;
}

int
exattn_report__entry(exattn_walk *w, exattn_role_t role, size_t index,
                     const exattn_doc_claim *claim,
                     const exattn_doc_number *number)
{
    exattn_doc_entry e;

    report_entry(&e, role, index);
    e.claim = claim;
    e.number = number;
    return exattn_walk__entry(w, &e);
}

int
exattn_report__grade_entry(exattn_walk *w, const exattn_doc_grade *grade)
{
    exattn_doc_entry e;

    report_entry(&e, EXATTN_ROLE_GRADE, grade->row);
    e.col = grade->col;
    e.grade = grade;
    return exattn_walk__entry(w, &e);
}
