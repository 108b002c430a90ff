/* The parts of resolving a lesson, one reader per group of fields. */
#ifndef EXATTN_LESSON_RESOLVE_H
#define EXATTN_LESSON_RESOLVE_H

#include "lesson/fields.h"

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

/* The live lab (`lab`, may be NULL) of a resolved base lesson. */
int exattn_lesson__read_lab_spec(exattn_lesson *l, const exattn_rctx *rc,
                                 const exattn_jnode *lab);

#endif
