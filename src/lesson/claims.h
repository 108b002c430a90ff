/* Reading a lesson's claims (after its variants). */
#ifndef EXATTN_LESSON_CLAIMS_H
#define EXATTN_LESSON_CLAIMS_H

#include "lesson/fields.h"

int exattn_lesson__read_claims(exattn_lesson *l, const exattn_jnode *node,
                               const exattn_rctx *rc);
void exattn_lesson__free_claims(exattn_lesson *l);

#endif
