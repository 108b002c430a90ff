/* Certified decimals, only on request.  Every digit printed is proven:
 * exact rationals are rounded with integer arithmetic; named values are
 * enclosed in MPFR balls with rigorous error bounds and refined (Ziv's
 * strategy) until the decimal rounding is decided.  Rounding is to
 * nearest, ties away from zero (school rounding). */
#ifndef EXATTN_EVAL_H
#define EXATTN_EVAL_H

#include <stddef.h>
#include <gmp.h>
#include <mpfr.h>
#include <exattn/error.h>
#include <exattn/row.h>

/* Most digits after the point a decimal may ask for. */
#define EXATTN_MAX_DIGITS 10000000UL
/* The largest precision cap a caller may ask for, in bits (about 80
 * million decimal digits): enough for EXATTN_MAX_DIGITS with room for
 * refinement, small enough that reaching it stays a matter of minutes. */
#define EXATTN_MAX_PREC 268435456UL
/* The precision cap when the caller gives none (max_prec 0), in bits:
 * 2^17, or four times what the value needs plus 1024 when that is more.
 * Generous on purpose: a value 2^-100000 away from a rounding boundary is
 * still decided, so "undecided" means a true tie or a hidden exact zero,
 * not an early stop.  Reaching it costs well under a second for a row or
 * a lesson expression. */
#define EXATTN_DEFAULT_MAX_PREC 131072UL

/* q rounded to `digits` digits after the point, ties away from zero:
 * "0.333", "-1.250", "2" (digits 0).  Release with exattn_free(); NULL
 * when out of memory. */
char *exattn_mpq_get_decimal(const mpq_t q, unsigned long digits);

/* The base of a head's exponentials, e^{-sqrt(s)/L}, shared by the
 * evaluators of its rows: one mpfr_exp per head (per precision).  Borrow
 * the lesson (free the head first); not for concurrent use. */
typedef struct exattn_head_eval exattn_head_eval;

EXATTN_WUR int exattn_head_eval_new(exattn_head_eval **out,
                                    const exattn_lesson *lesson,
                                    exattn_error_t *err);
void exattn_head_eval_free(exattn_head_eval *head);

/* An evaluator for the quantities of one row.  It keeps the row's
 * enclosures at the last working precision, so every quantity of the row
 * shares one exponential and one softmax denominator. */
typedef struct exattn_row_eval exattn_row_eval;

/* Borrow `row` (free the evaluator first).  With `head` (from the row's
 * lesson, borrowed too) the row shares its base; with NULL it has its
 * own. */
EXATTN_WUR int exattn_row_eval_new(exattn_row_eval **out,
                                   const exattn_row *row,
                                   exattn_head_eval *head,
                                   exattn_error_t *err);
void exattn_row_eval_free(exattn_row_eval *ev);

/* The certified decimal of a quantity with `digits` digits after the
 * point.  `max_prec` caps the working precision in bits (0: the default,
 * EXATTN_DEFAULT_MAX_PREC).  Errors: EXATTN_EUNABLE when the rounding is
 * not decided within the cap ("undecided at P bits"), EXATTN_ELIMIT for
 * digits beyond EXATTN_MAX_DIGITS,
 * EXATTN_EINVAL out of range, EXATTN_ENOMEM.  On success *out holds the
 * decimal (release with exattn_free()) and *exact, if not NULL, whether
 * the decimal equals the value exactly. */
EXATTN_WUR int exattn_row_eval_decimal(char **out, int *exact,
                                       exattn_row_eval *ev,
                                       exattn_kind_t kind, size_t key,
                                       size_t col, unsigned long digits,
                                       mpfr_prec_t max_prec,
                                       exattn_error_t *err);

#endif
