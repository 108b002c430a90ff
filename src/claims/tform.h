/* Deciding `named` claims exactly.  Every exponential of a lesson is a
 * power of one transcendental t = e^{sqrt(s)/L}, so a softmax weight, a
 * contribution or an output is a rational function of t with rational
 * coefficients, and so is a claim built from numbers, e^x with x a
 * rational multiple of sqrt(s), + - * / and integer powers.  Two such
 * functions are equal iff P1 Q2 - P2 Q1 is the zero polynomial. */
#ifndef EXATTN_CLAIMS_TFORM_H
#define EXATTN_CLAIMS_TFORM_H

#include "row/model.h"
#include "expr/expr.h"

typedef enum
{
    EXATTN_TFORM_EQUAL = 0,
    EXATTN_TFORM_DIFFERENT = 1,
    EXATTN_TFORM_UNKNOWN = 2    /* the claim is not of that form */
} exattn_tform_t;

/* Compare a row quantity (weight, contribution or output) with an
 * expression; `t` (may be NULL) receives the base used, as text: "e",
 * "e^(1/2)", "e^(√2/4)". */
exattn_tform_t exattn_tform__compare_row(const exattn_row *row,
                                         exattn_kind_t kind, size_t key,
                                         size_t col, const exattn_expr *e,
                                         char **t);

/* Compare a scaled score c*sqrt(s) with an expression of the form
 * (rational)*sqrt(s). */
exattn_tform_t exattn_tform__compare_surd(const mpq_t c, unsigned long s,
                                          const exattn_expr *e);

/* Compare the same quantity of two rows (a lesson and its variant):
 * equal as rational functions of a common t, or different. */
exattn_tform_t exattn_tform__compare_rows(const exattn_row *a,
                                          const exattn_row *b,
                                          exattn_kind_t kind, size_t key,
                                          size_t col);

#endif
