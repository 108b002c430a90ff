/* Decimal rounding to N digits after the point, ties away from zero.
 *
 * R(v) = sign(v) * floor(|v| * 10^N + 1/2) is a non-decreasing step
 * function of v, so when R takes the same value at both ends of an
 * enclosure it takes it everywhere inside: that is the certificate.  The
 * ends are exact dyadic numbers, so R is computed on integers.  (MPFR's
 * mpfr_can_round decides a binary rounding, which is not the question.) */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "eval/decimal.h"

/* floor(|x| / 2^k + 1/2) with the sign of x, for k >= 1: to nearest,
 * ties away from zero. */
static void
round_shift(mpz_t out, const mpz_t x, mp_bitcnt_t k)
{
    int neg = mpz_sgn(x) < 0;
    mpz_t half;

    if (mpz_sizeinbase(x, 2) < k)
    {
        /* |x| < 2^(k-1): rounds to 0, without building 2^(k-1), which
         * for a value near e^-10^9 would take a billion bits */
        mpz_set_ui(out, 0);
        return;
    }
    mpz_init(half);
    mpz_setbit(half, k - 1);
    mpz_abs(out, x);
    mpz_add(out, out, half);
    mpz_clear(half);
    mpz_fdiv_q_2exp(out, out, k);
    if (neg)
        mpz_neg(out, out);
}

int
exattn_decimal__round_q(mpz_t d, const mpq_t q, const mpz_t pow10)
{
    mpz_t num, den, r;
    int exact;

    mpz_inits(num, den, r, (mpz_ptr)0);
    /* floor((2|n| 10^N + den) / (2 den)) */
    mpz_abs(num, mpq_numref(q));
    mpz_mul(num, num, pow10);
    mpz_tdiv_r(r, num, mpq_denref(q));
    exact = mpz_sgn(r) == 0;
    mpz_mul_2exp(num, num, 1);
    mpz_add(num, num, mpq_denref(q));
    mpz_mul_2exp(den, mpq_denref(q), 1);
    mpz_fdiv_q(d, num, den);
    if (mpq_sgn(q) < 0)
        mpz_neg(d, d);
    mpz_clears(num, den, r, (mpz_ptr)0);
    return exact;
}

/* The rounding of x * 2^e * 10^N, x an integer: to nearest (ties away
 * from zero) or toward zero. */
static void
round_dyadic(mpz_t out, const mpz_t x, long e, const mpz_t pow10,
             int truncate)
{
    mpz_mul(out, x, pow10);
    if (e >= 0)
        mpz_mul_2exp(out, out, (mp_bitcnt_t)e);
    else if (truncate)
        mpz_tdiv_q_2exp(out, out, (mp_bitcnt_t)-e);
    else
        round_shift(out, out, (mp_bitcnt_t)-e);
}

/* Keep the integers of a ball small when its midpoint and radius are
 * far apart in scale (a weight of e^-10^9 with a radius of 2^-64, or a
 * midpoint 2^-10^9 with a radius 2^-1): a radius far below the midpoint's
 * last bit is raised to that bit, and midpoint bits far below the radius
 * are truncated into it.  Both only widen the ball, by at most one unit
 * of the coarser scale, so the decision stays sound and the integers
 * differ in scale by at most 64 bits.  m 2^em and r 2^er, r < 2^64. */
static void
coarsen(mpz_t m, mpfr_exp_t *em, mpz_t r, mpfr_exp_t *er)
{
    if (mpz_sgn(m) == 0 || mpz_sgn(r) == 0)
        return;
    if (*er + 64 < *em)
    {
        mpz_set_ui(r, 1);       /* r 2^er < 2^(er+64) < 2^em */
        *er = *em;
    }
    else if (*em + 64 < *er)
    {
        mpz_fdiv_q_2exp(m, m, (mp_bitcnt_t)(*er - 64 - *em));
        *em = *er - 64;
        mpz_mul_2exp(r, r, 64);
        mpz_add_ui(r, r, 1);    /* the truncation, below 2^em */
        *er = *em;
    }
}

void
exattn_decimal__round_ends(mpz_t lo, mpz_t hi, const exattn_ball *b,
                           const mpz_t pow10, int truncate)
{
    mpz_t m, r;
    mpfr_exp_t em, er, e;

    mpz_inits(m, r, (mpz_ptr)0);
    em = mpfr_zero_p(b->mid) ? 0 : mpfr_get_z_2exp(m, b->mid);
    er = mpfr_zero_p(b->rad) ? 0 : mpfr_get_z_2exp(r, b->rad);
    if (mpfr_zero_p(b->mid))
        em = er;
    if (mpfr_zero_p(b->rad))
        er = em;
    coarsen(m, &em, r, &er);
    e = em < er ? em : er;
    mpz_mul_2exp(m, m, (mp_bitcnt_t)(em - e));
    mpz_mul_2exp(r, r, (mp_bitcnt_t)(er - e));
    mpz_sub(lo, m, r);
    mpz_add(hi, m, r);
    round_dyadic(lo, lo, (long)e, pow10, truncate);
    round_dyadic(hi, hi, (long)e, pow10, truncate);
    mpz_clears(m, r, (mpz_ptr)0);
}

int
exattn_decimal__decide_ball(mpz_t d, const exattn_ball *b, const mpz_t pow10,
                            int truncate)
{
    mpz_t lo, hi;
    int decided;

    if (!exattn_ball__is_finite(b))
        return 0;
    mpz_inits(lo, hi, (mpz_ptr)0);
    exattn_decimal__round_ends(lo, hi, b, pow10, truncate);
    decided = mpz_cmp(lo, hi) == 0;
    if (decided)
        mpz_set(d, lo);
    mpz_clears(lo, hi, (mpz_ptr)0);
    return decided;
}

int
exattn_decimal__round_ball(mpz_t d, const exattn_ball *b, const mpz_t pow10)
{
    return exattn_decimal__decide_ball(d, b, pow10, 0);
}

char *
exattn_decimal__format(const mpz_t d, unsigned long digits)
{
    size_t len = mpz_sizeinbase(d, 10);
    char *abs_digits, *out, *p;
    mpz_t a;

    mpz_init(a);
    mpz_abs(a, d);
    abs_digits = malloc(len + 2);
    if (abs_digits == NULL)
    {
        mpz_clear(a);
        return NULL;
    }
    mpz_get_str(abs_digits, 10, a);
    len = strlen(abs_digits);
    /* sign, integer digits (at least one), point, N digits, NUL */
    out = malloc(len + digits + 4);
    if (out != NULL)
    {
        p = out;
        if (mpz_sgn(d) < 0)
            *p++ = '-';
        if (len <= digits)
        {
            *p++ = '0';
            *p++ = '.';
            memset(p, '0', digits - len);
            p += digits - len;
            memcpy(p, abs_digits, len + 1);
        }
        else
        {
            memcpy(p, abs_digits, len - digits);
            p += len - digits;
            if (digits > 0)
                *p++ = '.';
            memcpy(p, abs_digits + len - digits, digits + 1);
        }
    }
    free(abs_digits);
    mpz_clear(a);
    return out;
}

/* An integer z with `digits` zeros after the point, in one allocation. */
static char *
integer_decimal(const mpz_t z, unsigned long digits)
{
    size_t len = mpz_sizeinbase(z, 10) + 2;
    char *out = malloc(len + digits + 2), *p;

    if (out == NULL)
        return NULL;
    mpz_get_str(out, 10, z);
    p = out + strlen(out);
    if (digits > 0)
    {
        *p++ = '.';
        memset(p, '0', digits);
        p += digits;
    }
    *p = '\0';
    return out;
}

char *
exattn_decimal__of_q(const mpq_t q, unsigned long digits, int *exact)
{
    mpz_t pow10, d;
    char *s;

    if (mpz_cmp_ui(mpq_denref(q), 1) == 0)
    {
        *exact = 1;
        return integer_decimal(mpq_numref(q), digits);
    }
    mpz_init(pow10);
    mpz_init(d);
    mpz_ui_pow_ui(pow10, 10, digits);
    *exact = exattn_decimal__round_q(d, q, pow10);
    s = exattn_decimal__format(d, digits);
    mpz_clear(pow10);
    mpz_clear(d);
    return s;
}

char *
exattn_mpq_get_decimal(const mpq_t q, unsigned long digits)
{
    mpz_t pow10, d;
    char *s;

    mpz_init(pow10);
    mpz_init(d);
    mpz_ui_pow_ui(pow10, 10, digits);
    exattn_decimal__round_q(d, q, pow10);
    s = exattn_decimal__format(d, digits);
    mpz_clear(pow10);
    mpz_clear(d);
    return s;
}
