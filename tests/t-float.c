/* Binary floating-point formats as exact numbers (src/num/binfloat.c)
 * against two independent implementations of correct rounding: MPFR
 * (its precision and exponent range set to each format's, subnormals by
 * mpfr_subnormalize) on random rationals of every magnitude, and the C
 * library's strtod/strtof on random decimal and hexadecimal strings;
 * then the cases a reader checks by hand: ties to even, subnormals, a
 * rounding to the next power of two, overflow, and the ULP error. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "internal.h"
#include "num/binfloat.h"

static const char *const names[] = { "binary64", "binary32", "binary16",
                                     "bfloat16" };

/* A fixed generator, so that a failure is reproducible. */
static unsigned long long state = 88172645463325252ULL;

static unsigned long long
next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* A random rational near 2^e: a random numerator of up to 90 bits over a
 * random odd denominator, scaled. */
static void
random_near(mpq_t q, long e)
{
    mpz_set_ui(mpq_numref(q), (unsigned long)(next() >> 4));
    mpz_mul_2exp(mpq_numref(q), mpq_numref(q), 30);
    mpz_add_ui(mpq_numref(q), mpq_numref(q), (unsigned long)(next() >> 34));
    mpz_set_ui(mpq_denref(q), (unsigned long)((next() >> 40) | 1));
    mpq_canonicalize(q);
    while (exattn_float__floor_log2(q) > e)
        mpz_mul_2exp(mpq_denref(q), mpq_denref(q), 1), mpq_canonicalize(q);
    while (exattn_float__floor_log2(q) < e)
        mpz_mul_2exp(mpq_numref(q), mpq_numref(q), 1), mpq_canonicalize(q);
    if (next() & 1)
        mpq_neg(q, q);
}

/* MPFR's rounding of q to fmt: 1 and *out when finite, 0 on overflow. */
static int
mpfr_rounding(mpq_t out, const mpq_t q, const exattn_float_format *fmt)
{
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_t x;
    int inex, finite;

    /* MPFR's significands are in [1/2, 1): its exponents are one more */
    mpfr_set_emin(fmt->emin - (long)fmt->precision + 2);
    mpfr_set_emax(fmt->emax + 1);
    mpfr_init2(x, fmt->precision);
    inex = mpfr_set_q(x, q, MPFR_RNDN);
    inex = mpfr_check_range(x, inex, MPFR_RNDN);
    mpfr_subnormalize(x, inex, MPFR_RNDN);
    finite = mpfr_number_p(x);
    if (finite)
        mpfr_get_q(out, x);
    mpfr_clear(x);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return finite;
}

Test(float, rounding_agrees_with_mpfr_at_every_magnitude)
{
    mpq_t q, mine, theirs;
    size_t f, k;
    long e;

    mpq_inits(q, mine, theirs, NULL);
    for (f = 0; f < 4; f++)
    {
        const exattn_float_format *fmt = exattn_float__format(names[f]);
        long low = fmt->emin - (long)fmt->precision - 3;

        cr_assert_not_null(fmt);
        for (k = 0; k < 2000; k++)
        {
            /* below the subnormals to beyond the largest finite value */
            e = low + (long)(next() % (unsigned long)(fmt->emax - low + 3));
            random_near(q, e);
            int finite = mpfr_rounding(theirs, q, fmt);
            int code = exattn_float__round(mine, q, fmt);

            cr_assert_eq(code == EXATTN_OK, finite,
                         "%s, 2^%ld: overflow disagrees", names[f], e);
            if (finite)
                cr_assert(mpq_equal(mine, theirs), "%s, 2^%ld: %s",
                          names[f], e, mpq_get_str(NULL, 10, q));
        }
    }
    mpq_clears(q, mine, theirs, NULL);
}

/* binary64 through strtod and binary32 through strtof (both round
 * correctly in glibc), on decimal strings of up to 25 digits and on hex
 * floats. */
Test(float, parsing_agrees_with_strtod_and_strtof)
{
    const exattn_float_format *f64 = exattn_float__format("binary64");
    const exattn_float_format *f32 = exattn_float__format("binary32");
    char text[96];
    const char *why;
    mpq_t mine, theirs;
    size_t k;

    mpq_inits(mine, theirs, NULL);
    for (k = 0; k < 8000; k++)
    {
        int digits = 1 + (int)(next() % 25), exp = (int)(next() % 700) - 350;
        int len = snprintf(text, sizeof text, "%s0.", next() & 1 ? "-" : "");

        while (digits-- > 0)
            text[len++] = (char)('0' + next() % 10);
        len += snprintf(text + len, sizeof text - (size_t)len, "e%d", exp);
        double d = strtod(text, NULL);
        if (isinf(d))
            cr_assert_neq(exattn_float__parse(mine, text, strlen(text), f64,
                                              &why), EXATTN_OK, "%s", text);
        else
        {
            cr_assert_eq(exattn_float__parse(mine, text, strlen(text), f64,
                                             &why), EXATTN_OK, "%s", text);
            mpq_set_d(theirs, d);
            cr_assert(mpq_equal(mine, theirs), "binary64 %s", text);
        }
        float g = strtof(text, NULL);
        if (!isinf(g))
        {
            cr_assert_eq(exattn_float__parse(mine, text, strlen(text), f32,
                                             &why), EXATTN_OK, "%s", text);
            mpq_set_d(theirs, (double)g);
            cr_assert(mpq_equal(mine, theirs), "binary32 %s", text);
        }
        /* the double printed as a hex float reads back exactly */
        if (!isinf(d))
        {
            snprintf(text, sizeof text, "%a", d);
            cr_assert_eq(exattn_float__parse(mine, text, strlen(text), f64,
                                             &why), EXATTN_OK, "%s", text);
            mpq_set_d(theirs, d);
            cr_assert(mpq_equal(mine, theirs), "hex %s", text);
        }
    }
    mpq_clears(mine, theirs, NULL);
}

static void
expect_round(const char *format, const char *q_text, const char *want)
{
    const exattn_float_format *fmt = exattn_float__format(format);
    mpq_t q, r, w;

    mpq_inits(q, r, w, NULL);
    cr_assert_eq(mpq_set_str(q, q_text, 10), 0);
    cr_assert_eq(mpq_set_str(w, want, 10), 0);
    mpq_canonicalize(q);
    mpq_canonicalize(w);
    cr_assert_eq(exattn_float__round(r, q, fmt), EXATTN_OK, "%s %s", format,
                 q_text);
    cr_assert(mpq_equal(r, w), "%s: %s rounds to %s, not %s", format, q_text,
              mpq_get_str(NULL, 10, r), want);
    mpq_clears(q, r, w, NULL);
}

Test(float, ties_to_even_subnormals_and_binade_steps)
{
    /* binary16 has 11 bits: 2049 lies halfway between 2048 and 2050 */
    expect_round("binary16", "2049", "2048");
    expect_round("binary16", "2051", "2052");
    /* its smallest subnormal is 2^-24; half of it is a tie with 0 */
    expect_round("binary16", "1/33554432", "0");
    expect_round("binary16", "3/67108864", "1/16777216");
    /* just below 2 in binary32 rounds up to the next binade */
    expect_round("binary32", "33554431/16777216", "2");
    /* bfloat16's 8 bits: 1/3 = 0.0101010101...b is 0.333984375 */
    expect_round("bfloat16", "1/3", "171/512");
    expect_round("binary16", "65519", "65504");
}

Test(float, overflow_is_an_infinity)
{
    const exattn_float_format *h = exattn_float__format("binary16");
    mpq_t q, r;

    mpq_inits(q, r, NULL);
    /* 65520 is the tie between 65504 and 65536: even is 65536, too big */
    mpq_set_ui(q, 65520, 1);
    cr_assert_eq(exattn_float__round(r, q, h), EXATTN_ELIMIT);
    exattn_float__max_finite(r, h);
    cr_assert_eq(mpq_cmp_ui(r, 65504, 1), 0);
    mpq_clears(q, r, NULL);
}

Test(float, ulp_errors_are_exact)
{
    const exattn_float_format *s = exattn_float__format("binary32");
    mpq_t f, y, e;

    mpq_inits(f, y, e, NULL);
    /* 1 + 2^-23 against 1: one ULP */
    mpq_set_ui(f, 8388609, 8388608);
    mpq_set_ui(y, 1, 1);
    exattn_float__ulp_error(e, f, y, s);
    cr_assert_eq(mpq_cmp_ui(e, 1, 1), 0);
    /* 1 against 1 - 2^-25: the exact value's binade has ULP 2^-24, so
     * the error is 2^-25 / 2^-24 = 1/2 */
    mpq_set_ui(f, 1, 1);
    mpq_set_ui(y, 33554431, 33554432);
    exattn_float__ulp_error(e, f, y, s);
    cr_assert_eq(mpq_cmp_ui(e, 1, 2), 0, "%s", mpq_get_str(NULL, 10, e));
    /* the smallest subnormal against 0: one ULP */
    mpq_set_ui(f, 1, 1);
    mpz_mul_2exp(mpq_denref(f), mpq_denref(f), 149);
    mpq_set_ui(y, 0, 1);
    exattn_float__ulp_error(e, f, y, s);
    cr_assert_eq(mpq_cmp_ui(e, 1, 1), 0);
    mpq_clears(f, y, e, NULL);
}

static void
expect_refused(const char *format, const char *text, int code,
               const char *because)
{
    const exattn_float_format *fmt = exattn_float__format(format);
    const char *why = NULL;
    mpq_t q;

    mpq_init(q);
    cr_assert_eq(exattn_float__parse(q, text, strlen(text), fmt, &why), code,
                 "%s %s", format, text);
    cr_assert_not_null(why);
    cr_assert_not_null(strstr(why, because), "%s: %s", text, why);
    mpq_clear(q);
}

Test(float, what_is_not_a_float_is_refused_with_its_reason)
{
    expect_refused("binary64", "nan", EXATTN_EDOMAIN, "NaN");
    expect_refused("binary64", "-Infinity", EXATTN_EDOMAIN, "infinities");
    expect_refused("binary64", "inf", EXATTN_EDOMAIN, "infinities");
    expect_refused("binary16", "0x1.002p0", EXATTN_EDOMAIN, "not a value");
    expect_refused("binary16", "0x1p-30", EXATTN_EDOMAIN, "not a value");
    expect_refused("binary32", "1e400", EXATTN_EDOMAIN, "largest finite");
    expect_refused("binary32", "0x1p128", EXATTN_EDOMAIN, "not a value");
    expect_refused("binary64", "abc", EXATTN_ESYNTAX, "neither");
    expect_refused("binary64", "0x", EXATTN_ESYNTAX, "hex digits");
    expect_refused("binary64", "0x1.8", EXATTN_ESYNTAX, "binary exponent");
    expect_refused("binary64", "0x1p", EXATTN_ESYNTAX, "no digits");
    expect_refused("binary64", "0x1p3z", EXATTN_ESYNTAX, "unexpected");
    cr_assert_null(exattn_float__format("float32"));
}
