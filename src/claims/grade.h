/* Grading a results file's floats against a lesson (src/claims/grade.c). */
#ifndef EXATTN_CLAIMS_GRADE_H
#define EXATTN_CLAIMS_GRADE_H

#include "lesson/model.h"
#include "eval/grade.h"
#include "grade/results.h"

/* Called with each value's grade: the set, the value's row and column in
 * it, the entry's value as an expression (valid during the call). */
typedef int (*exattn_grade_fn)(void *ctx, const exattn_result_set *s,
                               size_t row, size_t col, const exattn_expr *e,
                               const exattn_grade *g, exattn_error_t *err);

/* Grade every value of set s against lesson l (or its variant
 * `variant`, NULL: l itself): s's path names a quantity
 * as a claim's path does, or without brackets a row quantity of every
 * query row (then s is a matrix, a row per query).  Shapes must agree
 * (EXATTN_ESHAPE at the path, in `file`); a path the lesson has no
 * quantity for is the claims layer's error, placed at the path. */
int exattn_claims__grade_set(const exattn_lesson *l, const char *variant,
                             const exattn_result_set *s,
                             const exattn_float_format *fmt,
                             mpfr_prec_t max_prec, const char *file,
                             exattn_grade_fn each, void *ctx,
                             exattn_error_t *err);

#endif
