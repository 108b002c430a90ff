/* Ziv's strategy for decimals: enclose, try to decide the decimal
 * rounding, raise the working precision by half, until decided or capped.
 * Shared by row quantities, expressions and claims. */
#ifndef EXATTN_EVAL_ZIV_H
#define EXATTN_EVAL_ZIV_H

#include "internal.h"
#include "eval/ball.h"

/* Enclose the value at working precision wp: 0 on success, 1 when the
 * enclosure is too wide to be useful at this precision (refine), or a
 * negative exattn_code_t with err filled (give up). */
typedef int (*exattn_enclose_fn)(exattn_ball *out, void *ctx,
                                 mpfr_prec_t wp, exattn_error_t *err);

typedef enum
{
    EXATTN_ROUND_NEAREST = 0,   /* ties away from zero */
    EXATTN_ROUND_TRUNCATE = 1   /* toward zero */
} exattn_rounding_t;

typedef struct
{
    unsigned long digits;       /* after the point */
    exattn_rounding_t mode;
    mpfr_prec_t first_wp;       /* bits to start with, before magnitude */
    mpfr_prec_t max_prec;       /* 0: four times what the value needs */
} exattn_ziv_opts;

/* Decide D = the rounding of v * 10^digits.  On success `cert` (a ball
 * initialised by the caller) holds the deciding enclosure and *wp_used
 * its precision.  EXATTN_EUNABLE ("undecided at P bits") when the cap is
 * reached; ELIMIT when the value has more than 10^7 integer digits. */
int exattn_ziv__decimal(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp_used,
                        exattn_enclose_fn enclose, void *ctx,
                        const exattn_ziv_opts *opts, const char *name,
                        exattn_error_t *err);

/* The same decision for an exact rational: 1 if exact (no rounding). */
int exattn_ziv__decimal_q(mpz_t d, const mpq_t q, unsigned long digits,
                          exattn_rounding_t mode);

#endif
