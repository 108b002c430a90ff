/* Internals of the per-head base shared by row evaluators. */
#ifndef EXATTN_EVAL_HEAD_EVAL_H
#define EXATTN_EVAL_HEAD_EVAL_H

#include "internal.h"
#include "eval/ball.h"

struct exattn_head_eval
{
    unsigned long surd;         /* s */
    mpz_t lcm;                  /* L: c L is an integer for every score */
    mpfr_prec_t wp;             /* precision of u; 0: none yet */
    exattn_ball u;              /* e^{-sqrt(s)/L} */
    const char *file;
};

/* A base for an explicit L (one row's own). */
int exattn_head_eval__new_lcm(exattn_head_eval **out, unsigned long surd,
                              const mpz_t lcm, const char *file);

/* u at precision wp (computed once at the highest precision asked). */
int exattn_head_eval__u(exattn_ball *out, exattn_head_eval *h,
                        mpfr_prec_t wp);

#endif
