/* Internals of the per-head base shared by row evaluators. */
#ifndef EXATTN_EVAL_HEAD_EVAL_H
#define EXATTN_EVAL_HEAD_EVAL_H

#include "row/model.h"
#include "eval/ball.h"

struct exattn_head_eval
{
    unsigned long surd;         /* s */
    mpz_t lcm;                  /* L: c L is an integer for every score */
    mpfr_prec_t wp;             /* precision of u; 0: none yet */
    exattn_ball u;              /* e^{-sqrt(s)/L} */
    const char *file;
    /* u^d for the d of the head's rows, filled on first use at the
     * precision of u: a head's score range is dense, so its rows share a
     * few hundred powers instead of computing them row by row. */
    exattn_ball *pow;           /* pow_len balls */
    unsigned char *have;        /* pow[d] holds u^d at precision wp */
    size_t pow_len;
};

/* Powers below this are kept in the head's table; larger ones (a sparse
 * score range) are computed each time. */
#define EXATTN_POW_TABLE_MAX 65536

/* A base for an explicit L (one row's own). */
int exattn_head_eval__new_lcm(exattn_head_eval **out, unsigned long surd,
                              const mpz_t lcm, const char *file);


/* u^d at precision wp, from the table when d is small. */
int exattn_head_eval__pow(exattn_ball *out, exattn_head_eval *h,
                          unsigned long d, mpfr_prec_t wp);

#endif
