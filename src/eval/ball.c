/* Midpoint-radius arithmetic on MPFR.  Each function first bounds the
 * propagated error from the input radii (at 64 bits, rounding upward),
 * then rounds the midpoint to nearest and adds one ulp of it when the
 * rounding was inexact (MPFR's ternary value says so). */
#include "eval/ball.h"

void
exattn_ball__init(exattn_ball *b, mpfr_prec_t prec)
{
    mpfr_init2(b->mid, prec);
    mpfr_init2(b->rad, EXATTN_RAD_PREC);
    mpfr_set_ui(b->mid, 0, MPFR_RNDN);
    mpfr_set_ui(b->rad, 0, MPFR_RNDN);
}

void
exattn_ball__clear(exattn_ball *b)
{
    mpfr_clear(b->mid);
    mpfr_clear(b->rad);
}

void
exattn_ball__set_prec(exattn_ball *b, mpfr_prec_t prec)
{
    mpfr_set_prec(b->mid, prec);
    mpfr_set_ui(b->mid, 0, MPFR_RNDN);
    mpfr_set_ui(b->rad, 0, MPFR_RNDN);
}

/* rad += ulp(mid) if the rounding of mid was inexact.  An ulp below the
 * exponent range rounds up to the smallest positive number: still a
 * bound. */
static void
add_rounding(exattn_ball *c, int ternary)
{
    MPFR_DECL_INIT(ulp, EXATTN_RAD_PREC);

    if (ternary == 0)
        return;
    if (!mpfr_number_p(c->mid))
    {
        mpfr_set_inf(c->rad, 1);
        return;
    }
    mpfr_set_zero(ulp, 1);
    mpfr_nextabove(ulp);            /* the smallest positive number */
    if (mpfr_zero_p(c->mid) || mpfr_cmpabs(c->mid, ulp) == 0)
    {
        /* an underflow (e^-10^9): rounded to nearest, a value below the
         * smallest positive number becomes 0 or that number, so that
         * number bounds the error (an ulp would not).  No global MPFR
         * state is changed: nextabove(0) is that number. */
        mpfr_add(c->rad, c->rad, ulp, MPFR_RNDU);
        return;
    }
    mpfr_set_ui_2exp(ulp, 1, mpfr_get_exp(c->mid) - mpfr_get_prec(c->mid),
                     MPFR_RNDU);
    mpfr_add(c->rad, c->rad, ulp, MPFR_RNDU);
}

/* Install the propagated radius r and add the midpoint's rounding error
 * (the midpoint was computed by the operation whose ternary value is
 * given, after r, so outputs may alias inputs).  r is copied, not
 * swapped: the arithmetic operations keep their radius temporaries on
 * the stack (MPFR_DECL_INIT), which a ball must never point into. */
static void
finish(exattn_ball *c, mpfr_t r, int ternary)
{
    mpfr_set(c->rad, r, MPFR_RNDU);
    add_rounding(c, ternary);
}

/* An upper bound of |x| at radius precision. */
static void
abs_up(mpfr_t out, const mpfr_t x)
{
    mpfr_abs(out, x, MPFR_RNDU);
}

void
exattn_ball__set(exattn_ball *c, const exattn_ball *a)
{
    int t;

    if (c == a)
        return;
    mpfr_set(c->rad, a->rad, MPFR_RNDU);
    t = mpfr_set(c->mid, a->mid, MPFR_RNDN);
    add_rounding(c, t);
}

void
exattn_ball__set_q(exattn_ball *c, const mpq_t q)
{
    mpfr_set_ui(c->rad, 0, MPFR_RNDN);
    add_rounding(c, mpfr_set_q(c->mid, q, MPFR_RNDN));
}

void
exattn_ball__set_si(exattn_ball *c, long v)
{
    mpfr_set_ui(c->rad, 0, MPFR_RNDN);
    add_rounding(c, mpfr_set_si(c->mid, v, MPFR_RNDN));
}

int
exattn_ball__add(exattn_ball *c, const exattn_ball *a, const exattn_ball *b)
{
    MPFR_DECL_INIT(r, EXATTN_RAD_PREC);

    mpfr_add(r, a->rad, b->rad, MPFR_RNDU);
    finish(c, r, mpfr_add(c->mid, a->mid, b->mid, MPFR_RNDN));
    return 0;
}

int
exattn_ball__sub(exattn_ball *c, const exattn_ball *a, const exattn_ball *b)
{
    MPFR_DECL_INIT(r, EXATTN_RAD_PREC);

    mpfr_add(r, a->rad, b->rad, MPFR_RNDU);
    finish(c, r, mpfr_sub(c->mid, a->mid, b->mid, MPFR_RNDN));
    return 0;
}

int
exattn_ball__neg(exattn_ball *c, const exattn_ball *a)
{
    exattn_ball__set(c, a);
    mpfr_neg(c->mid, c->mid, MPFR_RNDN);
    return 0;
}

/* |ab - AB| <= |a| rb + |b| ra + ra rb */
int
exattn_ball__mul(exattn_ball *c, const exattn_ball *a, const exattn_ball *b)
{
    MPFR_DECL_INIT(r, EXATTN_RAD_PREC);
    MPFR_DECL_INIT(t, EXATTN_RAD_PREC);

    abs_up(t, a->mid);
    mpfr_mul(r, t, b->rad, MPFR_RNDU);
    abs_up(t, b->mid);
    mpfr_mul(t, t, a->rad, MPFR_RNDU);
    mpfr_add(r, r, t, MPFR_RNDU);
    mpfr_mul(t, a->rad, b->rad, MPFR_RNDU);
    mpfr_add(r, r, t, MPFR_RNDU);
    finish(c, r, mpfr_mul(c->mid, a->mid, b->mid, MPFR_RNDN));
    return 0;
}

int
exattn_ball__mul_q(exattn_ball *c, const exattn_ball *a, const mpq_t q)
{
    exattn_ball qb;
    int rc;

    exattn_ball__init(&qb, mpfr_get_prec(c->mid));
    exattn_ball__set_q(&qb, q);
    rc = exattn_ball__mul(c, a, &qb);
    exattn_ball__clear(&qb);
    return rc;
}

/* z 2^e with a known error rad (a bound computed by the caller), plus
 * the rounding of the midpoint. */
void
exattn_ball__set_z_2exp(exattn_ball *c, const mpz_t z, long e,
                        const mpfr_t rad)
{
    mpfr_set(c->rad, rad, MPFR_RNDU);
    add_rounding(c, mpfr_set_z_2exp(c->mid, z, e, MPFR_RNDN));
}

/* An exact integer factor: |az - Az| <= |z| ra, plus the rounding.  No
 * temporary ball, so a row's output sums stay cheap. */
int
exattn_ball__mul_z(exattn_ball *c, const exattn_ball *a, const mpz_t z)
{
    MPFR_DECL_INIT(r, EXATTN_RAD_PREC);

    /* rad >= 0: round away from zero on either sign of z */
    mpfr_mul_z(r, a->rad, z, mpz_sgn(z) < 0 ? MPFR_RNDD : MPFR_RNDU);
    mpfr_abs(r, r, MPFR_RNDU);
    finish(c, r, mpfr_mul_z(c->mid, a->mid, z, MPFR_RNDN));
    return 0;
}

/* With |b| > rb:  |a/b - A/B| <= (ra |b| + |a| rb) / (|b| (|b| - rb)) */
int
exattn_ball__div(exattn_ball *c, const exattn_ball *a, const exattn_ball *b)
{
    MPFR_DECL_INIT(r, EXATTN_RAD_PREC);
    MPFR_DECL_INIT(t, EXATTN_RAD_PREC);
    MPFR_DECL_INIT(lo, EXATTN_RAD_PREC);
    MPFR_DECL_INIT(babs, EXATTN_RAD_PREC);

    if (!exattn_ball__excludes_zero(b))
        return 1;
    mpfr_abs(babs, b->mid, MPFR_RNDD);
    mpfr_sub(lo, babs, b->rad, MPFR_RNDD);
    abs_up(t, b->mid);
    mpfr_mul(r, a->rad, t, MPFR_RNDU);
    abs_up(t, a->mid);
    mpfr_mul(t, t, b->rad, MPFR_RNDU);
    mpfr_add(r, r, t, MPFR_RNDU);
    mpfr_mul(t, babs, lo, MPFR_RNDD);
    mpfr_div(r, r, t, MPFR_RNDU);
    finish(c, r, mpfr_div(c->mid, a->mid, b->mid, MPFR_RNDN));
    return 0;
}

/* |e^x - e^m| <= e^m (e^r - 1) for |x - m| <= r */
int
exattn_ball__exp(exattn_ball *c, const exattn_ball *a)
{
    mpfr_t r, t;

    mpfr_init2(r, EXATTN_RAD_PREC);
    mpfr_init2(t, EXATTN_RAD_PREC);
    mpfr_exp(t, a->mid, MPFR_RNDU);
    mpfr_expm1(r, a->rad, MPFR_RNDU);
    mpfr_mul(r, r, t, MPFR_RNDU);
    finish(c, r, mpfr_exp(c->mid, a->mid, MPFR_RNDN));
    mpfr_clear(r);
    mpfr_clear(t);
    return 0;
}

/* |x^d - m^d| <= d r (|m| + r)^(d-1) (mean value theorem) */
int
exattn_ball__pow_ui(exattn_ball *c, const exattn_ball *a, unsigned long d)
{
    mpfr_t r, t;

    if (d == 0)
    {
        exattn_ball__set_si(c, 1);
        return 0;
    }
    mpfr_init2(r, EXATTN_RAD_PREC);
    mpfr_init2(t, EXATTN_RAD_PREC);
    abs_up(t, a->mid);
    mpfr_add(t, t, a->rad, MPFR_RNDU);
    mpfr_pow_ui(t, t, d - 1, MPFR_RNDU);
    mpfr_mul_ui(r, a->rad, d, MPFR_RNDU);
    mpfr_mul(r, r, t, MPFR_RNDU);
    finish(c, r, mpfr_pow_ui(c->mid, a->mid, d, MPFR_RNDN));
    mpfr_clear(r);
    mpfr_clear(t);
    return 0;
}

/* The lower end m - r of a ball, rounded down; 0 unless it is > 0. */
static int
positive_lower(mpfr_t lo, const exattn_ball *a)
{
    mpfr_sub(lo, a->mid, a->rad, MPFR_RNDD);
    return mpfr_sgn(lo) > 0;
}

/* |sqrt x - sqrt m| = |x - m| / (sqrt x + sqrt m) <= r / sqrt(m - r) */
int
exattn_ball__sqrt(exattn_ball *c, const exattn_ball *a)
{
    mpfr_t r, lo;

    if (mpfr_zero_p(a->mid) && mpfr_zero_p(a->rad))
    {
        exattn_ball__set_si(c, 0);
        return 0;
    }
    mpfr_init2(r, EXATTN_RAD_PREC);
    mpfr_init2(lo, EXATTN_RAD_PREC);
    if (!positive_lower(lo, a))
    {
        mpfr_clear(r);
        mpfr_clear(lo);
        return 1;
    }
    mpfr_sqrt(lo, lo, MPFR_RNDD);
    mpfr_div(r, a->rad, lo, MPFR_RNDU);
    finish(c, r, mpfr_sqrt(c->mid, a->mid, MPFR_RNDN));
    mpfr_clear(r);
    mpfr_clear(lo);
    return 0;
}

/* |ln x - ln m| <= r / (m - r) */
int
exattn_ball__log(exattn_ball *c, const exattn_ball *a)
{
    mpfr_t r, lo;

    mpfr_init2(r, EXATTN_RAD_PREC);
    mpfr_init2(lo, EXATTN_RAD_PREC);
    if (!positive_lower(lo, a))
    {
        mpfr_clear(r);
        mpfr_clear(lo);
        return 1;
    }
    mpfr_div(r, a->rad, lo, MPFR_RNDU);
    finish(c, r, mpfr_log(c->mid, a->mid, MPFR_RNDN));
    mpfr_clear(r);
    mpfr_clear(lo);
    return 0;
}

/* A 1-Lipschitz function (sin, cos): the radius carries over. */
/* sin and cos are 1-Lipschitz and bounded by 1.  An argument whose
 * radius is 1 or more, or whose magnitude is beyond 2^wp (so that the
 * ball is at least that wide once rounded), gives [-1, 1] at once:
 * evaluating sin(mid) there would reduce mid modulo 2π to as many bits as
 * its exponent, for nothing. */
static int
lipschitz(exattn_ball *c, const exattn_ball *a,
          int (*f)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t))
{
    mpfr_t r;

    if (!exattn_ball__is_finite(a) || mpfr_cmp_ui(a->rad, 1) >= 0
        || (mpfr_regular_p(a->mid)
            && mpfr_get_exp(a->mid) > (mpfr_exp_t)mpfr_get_prec(c->mid)))
    {
        mpfr_set_ui(c->mid, 0, MPFR_RNDN);
        mpfr_set_ui(c->rad, 1, MPFR_RNDU);
        return 0;
    }
    mpfr_init2(r, EXATTN_RAD_PREC);
    mpfr_set(r, a->rad, MPFR_RNDU);
    finish(c, r, f(c->mid, a->mid, MPFR_RNDN));
    mpfr_clear(r);
    return 0;
}

int
exattn_ball__sin(exattn_ball *c, const exattn_ball *a)
{
    return lipschitz(c, a, mpfr_sin);
}

int
exattn_ball__cos(exattn_ball *c, const exattn_ball *a)
{
    return lipschitz(c, a, mpfr_cos);
}

int
exattn_ball__is_finite(const exattn_ball *b)
{
    return mpfr_number_p(b->mid) && mpfr_number_p(b->rad);
}

int
exattn_ball__excludes_zero(const exattn_ball *b)
{
    mpfr_t a;
    int ok;

    if (!exattn_ball__is_finite(b))
        return 0;
    mpfr_init2(a, EXATTN_RAD_PREC);
    mpfr_abs(a, b->mid, MPFR_RNDD);
    ok = mpfr_cmp(a, b->rad) > 0;
    mpfr_clear(a);
    return ok;
}

int
exattn_ball__relu(exattn_ball *c, const exattn_ball *a)
{
    mpfr_t lo, hi;

    if (!exattn_ball__is_finite(a))
        return 1;
    mpfr_inits2(mpfr_get_prec(a->mid) + EXATTN_RAD_PREC, lo, hi,
                (mpfr_ptr)0);
    mpfr_sub(lo, a->mid, a->rad, MPFR_RNDD);
    mpfr_add(hi, a->mid, a->rad, MPFR_RNDU);
    if (mpfr_sgn(lo) >= 0)
        exattn_ball__set(c, a);
    else if (mpfr_sgn(hi) <= 0)
        exattn_ball__set_si(c, 0);
    else
    {
        /* [0, hi]: midpoint hi/2, radius hi/2 rounded up */
        mpfr_div_2ui(hi, hi, 1, MPFR_RNDU);
        mpfr_set(c->rad, hi, MPFR_RNDU);
        add_rounding(c, mpfr_set(c->mid, hi, MPFR_RNDN));
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return 0;
}
