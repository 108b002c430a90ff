/* The grade of one float against the exact value it computes (issue 29):
 * whether it is that value's correct rounding in its format, and its
 * error in ULPs of the exact value, certified -- exactly when the value is
 * rational, else in an interval from enclosures refined Ziv's way. */
#ifndef EXATTN_EVAL_GRADE_H
#define EXATTN_EVAL_GRADE_H

#include "internal.h"
#include "eval/ziv.h"
#include "num/binfloat.h"

/* The width an error interval is refined to: a grade reports ULPs to a
 * few digits, and 2^-24 ULP is far below any of them. */
#define EXATTN_GRADE_WIDTH_BITS 24

typedef struct
{
    mpq_t ulps_lo, ulps_hi;     /* the error |f - y| / ulp(y) lies in
                                   [ulps_lo, ulps_hi]; equal when exact */
    int exact;                  /* the error is known exactly */
    int correctly_rounded;      /* f is y rounded to nearest, ties to
                                   even (an infinity when y is beyond the
                                   largest finite value: no float is) */
    mpfr_prec_t wp;             /* the precision that decided it (0:
                                   exact) */
} exattn_grade;

void exattn_grade__init(exattn_grade *g);
void exattn_grade__clear(exattn_grade *g);

/* Grade f (a value of fmt) against the rational y. */
void exattn_grade__exact(exattn_grade *g, const mpq_t f, const mpq_t y,
                         const exattn_float_format *fmt);

/* Grade f against the real value ball b encloses: 1 when b decides
 * everything exattn_grade__enclosed refines for (g filled), 0 when a
 * finer ball would be needed. */
int exattn_grade__ball(exattn_grade *g, const mpq_t f,
                       const exattn_float_format *fmt, const exattn_ball *b);

/* Grade f against the real value `enclose` encloses, refining until the
 * rounding is decided and the error interval is at most
 * 2^-EXATTN_GRADE_WIDTH_BITS ULP wide.  EXATTN_EUNABLE at the precision
 * cap (max_prec, as exattn_ziv__cap) with err saying so; a negative code
 * of `enclose` as it is. */
int exattn_grade__enclosed(exattn_grade *g, const mpq_t f,
                           const exattn_float_format *fmt,
                           exattn_enclose_fn enclose, void *ctx,
                           mpfr_prec_t max_prec, const char *name,
                           exattn_error_t *err);

#endif
