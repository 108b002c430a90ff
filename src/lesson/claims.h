/* Reading a lesson's claims (after its variants). */
#ifndef EXATTN_LESSON_CLAIMS_H
#define EXATTN_LESSON_CLAIMS_H

#include "lesson/fields.h"

int exattn_lesson__read_claims(exattn_lesson *l, const exattn_jnode *node,
                               const exattn_rctx *rc);
void exattn_lesson__free_claims(exattn_lesson *l);

/* The one row quantity a path inside an expression names: every index
 * given ("weights[rises][3]", "output[2][1]"), in lesson l (a lesson
 * without a block).  EXATTN_EFIELD with `why` filled when it names none. */
int exattn_lesson__claim_ref(exattn_claim_ref *out, const exattn_lesson *l,
                             const char *path, exattn_error_t *why);

#endif
