/* The parts of resolving a lesson, one reader per group of fields. */
#ifndef EXATTN_LESSON_RESOLVE_H
#define EXATTN_LESSON_RESOLVE_H

#include "lesson/fields.h"

/* A lesson's fields: names (STRING nodes, for positions) and values. */
typedef struct
{
    const exattn_jnode **names;
    const exattn_jnode **values;
    size_t count;
} exattn_fields;

const exattn_jnode *exattn_lesson__field(const exattn_fields *f,
                                         const char *name);

/* Fail on any member of `obj` not in the NULL-terminated `known`. */
int exattn_lesson__check_members(const exattn_rctx *rc,
                                 const exattn_jnode *obj, const char *what,
                                 const char *const *known);

int exattn_lesson__resolve_fields(exattn_lesson *l, const exattn_rctx *rc,
                                  const exattn_fields *f);

int exattn_lesson__read_labels(exattn_lesson *l, const exattn_rctx *rc,
                               const exattn_fields *f);
int exattn_lesson__read_lab(exattn_lesson *l, const exattn_rctx *rc,
                            const exattn_fields *f);
int exattn_lesson__read_permute(exattn_lesson *l, const exattn_rctx *rc,
                                const exattn_fields *f);
int exattn_lesson__read_scale(exattn_lesson *l, const exattn_rctx *rc,
                              const exattn_fields *f);
int exattn_lesson__read_mask(exattn_lesson *l, const exattn_rctx *rc,
                             const exattn_fields *f);
int exattn_lesson__read_block(exattn_lesson *l, const exattn_rctx *rc,
                              const exattn_fields *f);
int exattn_lesson__read_blends(exattn_lesson *l, const exattn_rctx *rc,
                               const exattn_fields *f);

#endif
