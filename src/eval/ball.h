/* Balls: a midpoint at working precision and a radius that bounds the
 * error rigorously (Arb's midpoint-radius arithmetic, on MPFR).  The true
 * value lies in [mid - rad, mid + rad].  Every operation rounds the
 * midpoint to nearest and adds its rounding error and the propagated input
 * radii to the radius, computed upward at 64 bits: certification costs a
 * few low-precision operations per high-precision one. */
#ifndef EXATTN_EVAL_BALL_H
#define EXATTN_EVAL_BALL_H

#include <mpfr.h>
#include <gmp.h>

typedef struct
{
    mpfr_t mid;
    mpfr_t rad;     /* >= 0, 64 bits, +Inf when nothing is known */
} exattn_ball;

#define EXATTN_RAD_PREC 64

void exattn_ball__init(exattn_ball *b, mpfr_prec_t prec);
void exattn_ball__clear(exattn_ball *b);
/* Change the working precision; the value is lost. */
void exattn_ball__set_prec(exattn_ball *b, mpfr_prec_t prec);

void exattn_ball__set(exattn_ball *c, const exattn_ball *a);
void exattn_ball__set_q(exattn_ball *c, const mpq_t q);
void exattn_ball__set_si(exattn_ball *c, long v);
/* z 2^e, whose error the caller bounds by rad (64-bit, rounded up). */
void exattn_ball__set_z_2exp(exattn_ball *c, const mpz_t z, long e,
                             const mpfr_t rad);

/* Operations: 0 on success; non-zero when the result cannot be bounded
 * (a divisor, logarithm or square-root argument whose ball touches 0):
 * the caller raises the precision.  Outputs may alias inputs. */
int exattn_ball__add(exattn_ball *c, const exattn_ball *a,
                     const exattn_ball *b);
int exattn_ball__sub(exattn_ball *c, const exattn_ball *a,
                     const exattn_ball *b);
int exattn_ball__mul(exattn_ball *c, const exattn_ball *a,
                     const exattn_ball *b);
int exattn_ball__mul_q(exattn_ball *c, const exattn_ball *a, const mpq_t q);
int exattn_ball__mul_z(exattn_ball *c, const exattn_ball *a, const mpz_t z);
int exattn_ball__div(exattn_ball *c, const exattn_ball *a,
                     const exattn_ball *b);
int exattn_ball__neg(exattn_ball *c, const exattn_ball *a);
int exattn_ball__exp(exattn_ball *c, const exattn_ball *a);
int exattn_ball__pow_ui(exattn_ball *c, const exattn_ball *a,
                        unsigned long d);
int exattn_ball__sqrt(exattn_ball *c, const exattn_ball *a);
int exattn_ball__log(exattn_ball *c, const exattn_ball *a);
int exattn_ball__sin(exattn_ball *c, const exattn_ball *a);
int exattn_ball__cos(exattn_ball *c, const exattn_ball *a);
/* max(0, a): the ball of [max(0, lo), max(0, hi)]. */
int exattn_ball__relu(exattn_ball *c, const exattn_ball *a);

/* Is the ball finite, and does it exclude 0? */
int exattn_ball__is_finite(const exattn_ball *b);
int exattn_ball__excludes_zero(const exattn_ball *b);

#endif
