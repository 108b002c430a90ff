/* Grading a results file's floats against a lesson (src/claims/grade.c). */
#ifndef EXATTN_CLAIMS_GRADE_H
#define EXATTN_CLAIMS_GRADE_H

#include "lesson/model.h"
#include "eval/grade.h"
#include "grade/results.h"

/* One graded value: its grade, and the truth it was graded against as the
 * report shows it (strings valid during the callback). */
typedef struct
{
    const exattn_grade *grade;
    int named;                  /* the truth is no rational */
    const char *truth;          /* an exact truth's text; NULL when named */
    const char *decimal;        /* the truth to the decimals asked for */
    int decimal_exact;          /* and that decimal is the truth itself */
    const char *should_show;    /* its rounding to `digits` decimals, or
                                   NULL without digits */
} exattn_grade_entry;

/* Called with each value's grade: the set, the value's row and column in
 * it. */
typedef int (*exattn_grade_fn)(void *ctx, const exattn_result_set *s,
                               size_t row, size_t col,
                               const exattn_grade_entry *e,
                               exattn_error_t *err);

/* The decimals a truth is shown with, for a float f of fmt. */
typedef unsigned long (*exattn_truth_digits_fn)(const mpq_t f,
                                                const exattn_float_format *fmt);

typedef struct
{
    const char *variant;        /* the lesson's variant; NULL: l itself */
    const exattn_float_format *fmt;
    mpfr_prec_t max_prec;
    unsigned long digits;       /* displays, or EXATTN_DIGITS_NONE */
    exattn_truth_digits_fn truth_digits;
    int exact_path_only;        /* never the dyadic head (tests compare
                                   the two paths) */
} exattn_grade_how;

/* Grade every value of set s against lesson l: s's path names a quantity
 * as a claim's path does, or without brackets a row quantity of every
 * query row (then s is a matrix, a row per query).  Shapes must agree
 * (EXATTN_ESHAPE at the path, in `file`); a path the lesson has no
 * quantity for is the claims layer's error, placed at the path.  The
 * whole weights and outputs of a dyadic head (src/row/dyadic.h) are
 * graded row by row from its enclosures where they decide every value
 * of the row, else the exact way. */
int exattn_claims__grade_set(const exattn_lesson *l, const exattn_result_set *s,
                             const exattn_grade_how *how, const char *file,
                             exattn_grade_fn each, void *ctx,
                             exattn_error_t *err);

#endif
