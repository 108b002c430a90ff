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
    mpfr_prec_t max_prec;       /* 0: exattn_ziv__cap's default */
    /* NULL, or a claimed rounding C: stop as soon as the value is proved
     * not to round to C, even when its own rounding is not decided (a
     * value exactly on another boundary). */
    mpz_srcptr target;
} exattn_ziv_opts;

/* Not an error: the rounding is not decided, but it is proved to differ
 * from opts->target; `cert` holds the enclosure that proves it. */
#define EXATTN_ZIV_EXCLUDED 1

/* The precision cap of every refinement loop: max_prec when it is set,
 * else EXATTN_DEFAULT_MAX_PREC bits, or four times what the value needs
 * (plus 1024) when that is more, never above EXATTN_MAX_PREC.  Every
 * loop that raises a precision stops at this cap. */
mpfr_prec_t exattn_ziv__cap(mpfr_prec_t max_prec, mpfr_prec_t needed_bits);

/* Decide D = the rounding of v * 10^digits.  On success `cert` (a ball
 * initialised by the caller) holds the deciding enclosure and *wp_used
 * its precision.  EXATTN_ZIV_EXCLUDED (with a target, above);
 * EXATTN_EUNABLE ("undecided at P bits") when the cap is reached; ELIMIT
 * when the value has more than 10^7 integer digits. */
int exattn_ziv__decimal(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp_used,
                        exattn_enclose_fn enclose, void *ctx,
                        const exattn_ziv_opts *opts, const char *name,
                        exattn_error_t *err);

/* The sign of a value (-1 or 1), proved by an enclosure that excludes 0,
 * refined by half from first_wp up to the cap (exattn_ziv__cap).  A
 * negative code of `enclose` is returned as it is; EXATTN_EUNABLE at the
 * cap, with *wp_used the last precision (the caller words the message). */
int exattn_ziv__sign(int *sign, mpfr_prec_t *wp_used,
                     exattn_enclose_fn enclose, void *ctx,
                     mpfr_prec_t first_wp, mpfr_prec_t max_prec,
                     exattn_error_t *err);

/* The same decision for an exact rational: 1 if exact (no rounding). */
int exattn_ziv__decimal_q(mpz_t d, const mpq_t q, unsigned long digits,
                          exattn_rounding_t mode);

/* Is the exact value q exactly half-way between two decimals of
 * `digits` digits (a tie, where both roundings are right)? */
int exattn_ziv__is_tie(const mpq_t q, unsigned long digits);

#endif
