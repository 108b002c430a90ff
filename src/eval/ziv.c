/* Ziv's strategy for decimal roundings (see ziv.h).  The rounding
 * functions -- to nearest with ties away from zero, and truncation -- are
 * both non-decreasing, so equal roundings of an enclosure's two ends
 * certify the rounding of everything inside it. */
#include <math.h>
#include "eval/ziv.h"
#include "eval/decimal.h"

/* Values with more integer bits than this (10^7 digits) are refused. */
#define EXATTN_MAX_INT_BITS 33219281L

/* Bits the value needs for `digits` digits after the point: the first
 * working precision covers values below 2^32 (it carries 64 guard bits);
 * larger ones need their integer bits on top.  Small values do not cause
 * a re-evaluation, which would repeat the costly exponentials. */
static mpfr_prec_t
needed(const exattn_ball *b, const exattn_ziv_opts *o)
{
    mpfr_prec_t p = o->first_wp;

    if (b != NULL && mpfr_regular_p(b->mid) && mpfr_get_exp(b->mid) > 32)
        p += mpfr_get_exp(b->mid);
    return p;
}

static int
decide(mpz_t d, const exattn_ball *b, const mpz_t pow10,
       exattn_rounding_t mode)
{
    return exattn_decimal__decide_ball(d, b, pow10,
                                       mode == EXATTN_ROUND_TRUNCATE);
}

mpfr_prec_t
exattn_ziv__cap(mpfr_prec_t max_prec, mpfr_prec_t needed_bits)
{
    mpfr_prec_t relative, floor = (mpfr_prec_t)EXATTN_DEFAULT_MAX_PREC,
                ceiling = (mpfr_prec_t)EXATTN_MAX_PREC;

    if (max_prec != 0)
        return max_prec;
    relative = 4 * needed_bits + 1024;
    if (relative < floor)
        return floor;
    return relative < ceiling ? relative : ceiling;
}

/* Why the last attempt failed, for the message at the cap. */
static int
undecided(exattn_error_t *err, const char *name, int enclosed,
          mpfr_prec_t wp)
{
    if (!enclosed)
        return exattn_error__set(err, EXATTN_EUNABLE, name, 0, 0,
            "undecided at %ld bits: a divisor, or the argument of a "
            "square root or logarithm, could not be separated from 0 "
            "(it may be exactly 0)", (long)wp);
    return exattn_error__set(err, EXATTN_EUNABLE, name, 0, 0,
                             "undecided at %ld bits", (long)wp);
}

/* Does every value of the ball round to something other than the
 * target?  The rounding is monotone: true when the target lies outside
 * the roundings of the two ends. */
static int
excludes(const exattn_ball *b, const mpz_t pow10, const exattn_ziv_opts *o)
{
    mpz_t lo, hi;
    int out;

    if (!exattn_ball__is_finite(b))
        return 0;
    mpz_inits(lo, hi, (mpz_ptr)0);
    exattn_decimal__round_ends(lo, hi, b, pow10,
                               o->mode == EXATTN_ROUND_TRUNCATE);
    out = mpz_cmp(o->target, lo) < 0 || mpz_cmp(o->target, hi) > 0;
    mpz_clears(lo, hi, (mpz_ptr)0);
    return out;
}

/* A caller's cap outside 0..EXATTN_MAX_PREC is refused here, before
 * MPFR (which would abort on a precision out of its range). */
static int
cap_out_of_range(mpfr_prec_t max_prec, const char *name, exattn_error_t *err)
{
    if (max_prec >= 0 && max_prec <= (mpfr_prec_t)EXATTN_MAX_PREC)
        return 0;
    exattn_error__set(err, EXATTN_EINVAL, name ? name : "", 0, 0,
                      "a precision cap of %ld bits: expected 0 (the "
                      "default) to %ld", (long)max_prec,
                      (long)EXATTN_MAX_PREC);
    return 1;
}

int
exattn_ziv__decimal(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp_used,
                    exattn_enclose_fn enclose, void *ctx,
                    const exattn_ziv_opts *o, const char *name,
                    exattn_error_t *err)
{
    mpfr_prec_t wp = needed(NULL, o);
    mpfr_prec_t cap = exattn_ziv__cap(o->max_prec, wp);
    mpz_t pow10;
    int rc, decided = 0, excluded = 0;

    if (cap_out_of_range(o->max_prec, name, err))
        return EXATTN_EINVAL;
    if (wp > cap)
        wp = cap;
    mpz_init(pow10);
    mpz_ui_pow_ui(pow10, 10, o->digits);
    /* the cap is always set and wp reaches it: the loop ends */
    for (;;)
    {
        rc = enclose(cert, ctx, wp, err);
        if (rc < 0)
            break;
        if (rc == 0 && mpfr_regular_p(cert->mid)
            && mpfr_get_exp(cert->mid) > EXATTN_MAX_INT_BITS)
        {
            rc = exattn_error__set(err, EXATTN_ELIMIT, name, 0, 0,
                "a result too large to print (about 10^%.0f)",
                (double)mpfr_get_exp(cert->mid) * 0.3010299956639812);
            break;
        }
        if (rc == 0 && o->max_prec == 0)
            cap = exattn_ziv__cap(0, needed(cert, o));
        if (rc == 0 && wp < needed(cert, o) && needed(cert, o) <= cap)
        {
            wp = needed(cert, o);
            continue;
        }
        decided = rc == 0 && decide(d, cert, pow10, o->mode);
        if (!decided && rc == 0 && o->target != NULL
            && excludes(cert, pow10, o))
        {
            excluded = 1;
            break;
        }
        if (decided || wp >= cap)
            break;
        wp = wp + wp / 2;
        if (wp > cap)
            wp = cap;
    }
    mpz_clear(pow10);
    *wp_used = wp;
    if (rc > 0)
        mpfr_set_inf(cert->rad, 1);     /* nothing was enclosed */
    if (rc < 0)
        return rc;
    if (excluded)
        return EXATTN_ZIV_EXCLUDED;
    if (!decided)
        return undecided(err, name, rc == 0, wp);
    return EXATTN_OK;
}

int
exattn_ziv__sign(int *sign, mpfr_prec_t *wp_used, exattn_enclose_fn enclose,
                 void *ctx, mpfr_prec_t first_wp, mpfr_prec_t max_prec,
                 exattn_error_t *err)
{
    mpfr_prec_t wp = first_wp, cap = exattn_ziv__cap(max_prec, first_wp);
    exattn_ball b;
    int rc = EXATTN_EUNABLE, got;

    if (cap_out_of_range(max_prec, NULL, err))
        return EXATTN_EINVAL;
    exattn_ball__init(&b, 64);
    for (;; wp += wp / 2)
    {
        if (wp > cap)
            wp = cap;
        got = enclose(&b, ctx, wp, err);
        if (got < 0)
        {
            rc = got;
            break;
        }
        if (got == 0 && exattn_ball__excludes_zero(&b))
        {
            *sign = mpfr_sgn(b.mid);
            rc = EXATTN_OK;
            break;
        }
        if (wp >= cap)
            break;
    }
    exattn_ball__clear(&b);
    *wp_used = wp;
    return rc;
}

int
exattn_ziv__decimal_q(mpz_t d, const mpq_t q, unsigned long digits,
                      exattn_rounding_t mode)
{
    mpz_t pow10, r;
    int exact;

    mpz_init(pow10);
    mpz_ui_pow_ui(pow10, 10, digits);
    if (mode == EXATTN_ROUND_NEAREST)
        exact = exattn_decimal__round_q(d, q, pow10);
    else
    {
        mpz_init(r);
        mpz_mul(d, mpq_numref(q), pow10);
        mpz_tdiv_qr(d, r, d, mpq_denref(q));
        exact = mpz_sgn(r) == 0;
        mpz_clear(r);
    }
    mpz_clear(pow10);
    return exact;
}

int
exattn_ziv__is_tie(const mpq_t q, unsigned long digits)
{
    mpz_t r, p;
    int tie;

    /* q*10^digits has the fractional part 1/2: twice its remainder modulo
     * the denominator is the denominator */
    mpz_init(r);
    mpz_init(p);
    mpz_ui_pow_ui(p, 10, digits);
    mpz_abs(r, mpq_numref(q));
    mpz_mul(r, r, p);
    mpz_mod(r, r, mpq_denref(q));
    mpz_mul_2exp(r, r, 1);
    tie = mpz_cmp(r, mpq_denref(q)) == 0;
    mpz_clear(r);
    mpz_clear(p);
    return tie;
}
