/* Grading whole weights and outputs of a dyadic head row by row from its
 * enclosures (src/row/dyadic.h), without an expression per entry: the
 * path that grades a float head of thousands of keys (issue 29). */
#ifndef EXATTN_CLAIMS_GRADE_FAST_H
#define EXATTN_CLAIMS_GRADE_FAST_H

#include "claims/grade.h"

typedef struct exattn_grade_fast exattn_grade_fast;

/* *out for set s of lesson lv (the variant graded), or NULL with
 * EXATTN_OK when s is not the whole "weights" or "output" of a dyadic
 * head with as many values per row as the quantity has entries.
 * EXATTN_ENOMEM. */
int exattn_grade_fast__new(exattn_grade_fast **out, const exattn_lesson *lv,
                           const exattn_result_set *s, exattn_error_t *err);
void exattn_grade_fast__free(exattn_grade_fast *f);

/* Grade row `row` of s: when the head's enclosures decide every value of
 * it, each one is reported through `each` and *done = 1; otherwise
 * nothing is reported and *done = 0 (the caller grades the row the exact
 * way). */
int exattn_grade_fast__row(exattn_grade_fast *f, const exattn_result_set *s,
                           size_t row, const exattn_grade_how *how,
                           exattn_grade_fn each, void *ctx, int *done,
                           exattn_error_t *err);

#endif
