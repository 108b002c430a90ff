/* Exact numbers: reading the spellings lessons use, writing them back,
 * and reducing 1/sqrt(d) to c*sqrt(s). */
#include <criterion/criterion.h>
#include <string.h>
#include "internal.h"
#include "helpers.h"

typedef struct
{
    const char *text;
    const char *want;
} case_t;

static const case_t good[] = {
    { "0", "0" }, { "-0", "0" }, { "7", "7" }, { "007", "7" },
    { "-2", "-2" }, { "+3", "3" }, { "0.1", "1/10" }, { "0.125", "1/8" },
    { "1e-3", "1/1000" }, { "2.5E+2", "250" }, { "1E2", "100" },
    { ".5", "1/2" }, { "5.", "5" }, { "3/4", "3/4" }, { "6/8", "3/4" },
    { "-3/4", "-3/4" }, { "1/-2", "-1/2" }, { "-0.5/3", "-1/6" },
    { "0/5", "0" }, { "0.1/0.3", "1/3" },
    { "123456789012345678901234567890", "123456789012345678901234567890" },
    { "0.30000000000000004", "30000000000000004/100000000000000000" },
};

Test(num, reads_exact_spellings)
{
    mpq_t q;
    exattn_error_t err;
    size_t i;

    mpq_init(q);
    for (i = 0; i < sizeof good / sizeof *good; i++)
    {
        int rc = exattn_mpq_set_text(q, good[i].text, strlen(good[i].text),
                                     &err);

        cr_assert_eq(rc, EXATTN_OK, "\"%s\": %s", good[i].text, err.message);
        cr_assert(th_mpq_is(q, good[i].want), "\"%s\" read as %s, want %s",
                  good[i].text, mpq_get_str(NULL, 10, q), good[i].want);
        /* canonical: gcd 1, positive denominator */
        {
            mpz_t g;

            mpz_init(g);
            mpz_gcd(g, mpq_numref(q), mpq_denref(q));
            cr_assert(mpz_cmp_ui(g, 1) == 0 && mpz_sgn(mpq_denref(q)) > 0);
            mpz_clear(g);
        }
    }
    mpq_clear(q);
}

typedef struct
{
    const char *text;
    int code;
    const char *message;     /* a part the message must contain */
} bad_t;

static const bad_t bad[] = {
    { "1/0", EXATTN_ENUMBER, "division by zero" },
    { "0.0/0", EXATTN_ENUMBER, "division by zero" },
    { "x", EXATTN_ENUMBER, "not an exact number" },
    { "", EXATTN_ENUMBER, "not an exact number" },
    { "1e", EXATTN_ENUMBER, "exponent has no digits" },
    { "1e+", EXATTN_ENUMBER, "exponent has no digits" },
    { "--1", EXATTN_ENUMBER, "not an exact number" },
    { "1/2/3", EXATTN_ENUMBER, "unexpected '/'" },
    { "1 ", EXATTN_ENUMBER, "unexpected ' '" },
    { " 1", EXATTN_ENUMBER, "not an exact number" },
    { "0x10", EXATTN_ENUMBER, "unexpected 'x'" },
    { "NaN", EXATTN_ENUMBER, "not an exact number" },
    { "Infinity", EXATTN_ENUMBER, "not an exact number" },
    { "1.2.3", EXATTN_ENUMBER, "unexpected '.'" },
    { "1e100001", EXATTN_ELIMIT, "exponent beyond the limit" },
    { "1e-99999999999999999999", EXATTN_ELIMIT, "exponent beyond" },
};

Test(num, rejects_what_is_not_an_exact_number)
{
    mpq_t q;
    exattn_error_t err;
    size_t i;

    mpq_init(q);
    mpq_set_ui(q, 42, 1);
    for (i = 0; i < sizeof bad / sizeof *bad; i++)
    {
        int rc;

        exattn_error_init(&err);
        rc = exattn_mpq_set_text(q, bad[i].text, strlen(bad[i].text), &err);
        cr_assert_eq(rc, bad[i].code, "\"%s\": code %d", bad[i].text, rc);
        cr_assert_not_null(strstr(err.message, bad[i].message),
                           "\"%s\": message \"%s\"", bad[i].text,
                           err.message);
        cr_assert(th_mpq_is(q, "42"), "a failed read changed the output");
    }
    mpq_clear(q);
}

Test(num, round_trips_random_rationals)
{
    gmp_randstate_t st;
    mpq_t q, back;
    unsigned long i, n = th_iterations(2000);
    char *text;

    th_rand_init(st);
    mpq_init(q);
    mpq_init(back);
    for (i = 0; i < n; i++)
    {
        mpz_urandomb(mpq_numref(q), st, 1 + th_rand(st, 200));
        mpz_urandomb(mpq_denref(q), st, 1 + th_rand(st, 200));
        mpz_add_ui(mpq_denref(q), mpq_denref(q), 1);
        if (th_rand(st, 2))
            mpz_neg(mpq_numref(q), mpq_numref(q));
        mpq_canonicalize(q);
        text = exattn_mpq_get_str(q);
        cr_assert_eq(exattn_mpq_set_text(back, text, strlen(text), NULL),
                     EXATTN_OK);
        cr_assert(mpq_equal(q, back), "round trip of %s", text);
        exattn_free(text);
    }
    mpq_clear(q);
    mpq_clear(back);
    gmp_randclear(st);
}

Test(num, writes_text_and_latex)
{
    static const char *const in[] = { "5/4", "-1/2", "3", "0", "-7" };
    static const char *const latex[] = { "\\frac{5}{4}", "-\\frac{1}{2}",
                                         "3", "0", "-7" };
    mpq_t q;
    size_t i;

    mpq_init(q);
    for (i = 0; i < 5; i++)
    {
        char *t, *x;

        cr_assert_eq(exattn_mpq_set_text(q, in[i], strlen(in[i]), NULL), 0);
        t = exattn_mpq_get_str(q);
        x = exattn_mpq_get_str_latex(q);
        cr_assert_str_eq(t, in[i]);
        cr_assert_str_eq(x, latex[i]);
        exattn_free(t);
        exattn_free(x);
    }
    mpq_clear(q);
}

typedef struct
{
    const char *d;
    const char *coef;
    unsigned long surd;
} root_t;

static const root_t roots[] = {
    { "1", "1", 1 }, { "2", "1/2", 2 }, { "4", "1/2", 1 },
    { "8", "1/4", 2 }, { "12", "1/6", 3 }, { "64", "1/8", 1 },
    { "3/2", "1/3", 6 }, { "1/4", "2", 1 }, { "18", "1/6", 2 },
    { "1000000007", "1/1000000007", 1000000007 },
    { "999966000289", "1/999983", 1 },            /* 999983^2 */
};

Test(num, reduces_inverse_square_roots)
{
    mpq_t d, c;
    unsigned long s;
    size_t i;

    mpq_init(d);
    mpq_init(c);
    for (i = 0; i < sizeof roots / sizeof *roots; i++)
    {
        cr_assert_eq(exattn_mpq_set_text(d, roots[i].d, strlen(roots[i].d),
                                         NULL), 0);
        cr_assert_eq(exattn_num__inv_sqrt(c, &s, d), EXATTN_OK);
        cr_assert(th_mpq_is(c, roots[i].coef) && s == roots[i].surd,
                  "1/sqrt(%s) = %s*sqrt(%lu)", roots[i].d,
                  mpq_get_str(NULL, 10, c), s);
    }
    mpq_clear(d);
    mpq_clear(c);
}

/* c^2 * s * d = 1 and s square-free, for random d. */
Test(num, inverse_square_root_identity)
{
    gmp_randstate_t st;
    mpq_t d, c, t;
    unsigned long s, p, i, n = th_iterations(2000);

    th_rand_init(st);
    mpq_init(d);
    mpq_init(c);
    mpq_init(t);
    for (i = 0; i < n; i++)
    {
        mpq_set_ui(d, 1 + th_rand(st, 100000), 1 + th_rand(st, 50));
        mpq_canonicalize(d);
        cr_assert_eq(exattn_num__inv_sqrt(c, &s, d), EXATTN_OK);
        mpq_mul(t, c, c);
        mpq_mul(t, t, d);
        mpz_mul_ui(mpq_numref(t), mpq_numref(t), s);
        mpq_canonicalize(t);
        cr_assert(mpq_cmp_ui(t, 1, 1) == 0, "c^2*s*d != 1");
        for (p = 2; p * p <= s; p++)
            cr_assert(s % (p * p) != 0, "%lu is not square-free", s);
    }
    mpq_clear(d);
    mpq_clear(c);
    mpq_clear(t);
    gmp_randclear(st);
}

/* A radicand past the trial division's reach (a hundred digits, whose
 * cube root no trial reaches) is refused at once, not split for ages --
 * unless it is a square times what the trial finds: 4 * 10^108 is
 * (2*10^54)^2; and 10^12 - 11, a lesson's largest radicand, is split
 * whole (it is the prime 999999999989). */
Test(num, radicands_past_the_trial)
{
    static const char *const huge = "5555555555555555555555555555555555555"
        "5555555555555555555555555555555555555555555555555555555555555555555"
        "5555552";
    mpq_t d, c;
    unsigned long s;

    mpq_init(d);
    mpq_init(c);
    cr_assert_eq(exattn_mpq_set_text(d, huge, strlen(huge), NULL), 0);
    cr_assert_eq(exattn_num__inv_sqrt(c, &s, d), EXATTN_ELIMIT);
    mpz_ui_pow_ui(mpq_numref(d), 10, 108);
    mpz_mul_ui(mpq_numref(d), mpq_numref(d), 4);
    mpz_set_ui(mpq_denref(d), 1);
    cr_assert_eq(exattn_num__inv_sqrt(c, &s, d), EXATTN_OK);
    cr_assert_eq(s, 1);
    /* c = 1/(2*10^54): c * 2*10^54 = 1 */
    mpz_ui_pow_ui(mpq_numref(d), 10, 54);
    mpz_mul_ui(mpq_numref(d), mpq_numref(d), 2);
    mpq_mul(d, d, c);
    cr_assert_eq(mpq_cmp_ui(d, 1, 1), 0);
    mpq_set_ui(d, 999999999989UL, 1);
    cr_assert_eq(exattn_num__inv_sqrt(c, &s, d), EXATTN_OK);
    cr_assert_eq(s, 999999999989UL);
    mpq_clear(d);
    mpq_clear(c);
}

/* int64_t through GMP in 32-bit halves (src/num/int64.c): the values the
 * integer views hold, against their decimal spelling read by GMP. */
Test(num, int64_round_trips_in_halves)
{
    static const char *const values[] = {
        "0", "1", "-1", "4294967295", "4294967296", "4294967297",
        "-4294967296", "-4294967297", "3333333333333333",
        "-3333333333333333", "4611686018427387903", "-4611686018427387903",
        "9223372036854775807", "-9223372036854775807" };
    size_t i;
    mpz_t want, got;

    mpz_inits(want, got, (mpz_ptr)0);
    for (i = 0; i < sizeof values / sizeof *values; i++)
    {
        int64_t v;
        char buf[32];

        mpz_set_str(want, values[i], 10);
        v = exattn_num__get_int64(want);
        snprintf(buf, sizeof buf, "%lld", (long long)v);
        cr_assert_str_eq(buf, values[i]);
        exattn_num__set_int64(got, v);
        cr_assert(mpz_cmp(got, want) == 0, "%s", values[i]);
    }
    mpz_clears(want, got, (mpz_ptr)0);
}
