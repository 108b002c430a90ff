/* Correct decimal rounding to N digits after the point, ties away from
 * zero (school rounding), decided with integer arithmetic only. */
#ifndef EXATTN_EVAL_DECIMAL_H
#define EXATTN_EVAL_DECIMAL_H

#include <gmp.h>
#include "eval/ball.h"

/* D = round(q * 10^N); returns 1 when the rounding was exact (q * 10^N is
 * an integer), 0 otherwise.  pow10 = 10^N. */
int exattn_decimal__round_q(mpz_t d, const mpq_t q, const mpz_t pow10);

/* If every value in the ball rounds to the same D, set D and return 1;
 * return 0 when the ball straddles a rounding boundary (or is not
 * finite): the caller refines.  pow10 = 10^N. */
int exattn_decimal__round_ball(mpz_t d, const exattn_ball *b,
                               const mpz_t pow10);

/* The same with truncate != 0: the truncation toward zero. */
int exattn_decimal__decide_ball(mpz_t d, const exattn_ball *b,
                                const mpz_t pow10, int truncate);

/* The roundings of the two ends of a finite ball (to nearest, or toward
 * zero with truncate != 0): every value inside rounds to a D with
 * lo <= D <= hi, the rounding being non-decreasing. */
void exattn_decimal__round_ends(mpz_t lo, mpz_t hi, const exattn_ball *b,
                                const mpz_t pow10, int truncate);

/* "-12.340" from D = -12340 and N = 3; never "-0.000".  NULL if out of
 * memory.  Release with exattn_free(). */
char *exattn_decimal__format(const mpz_t d, unsigned long digits);
/* q rounded to nearest (ties away from zero) with `digits` digits after
 * the point, *exact telling whether the decimal equals q; an integer
 * without a division.  NULL when out of memory. */
char *exattn_decimal__of_q(const mpq_t q, unsigned long digits, int *exact);

#endif
