/* Every refinement ends, with an answer: the reproducers of refinement
 * without end (hidden zeros, values beyond MPFR's exponent range), of
 * valid lessons refused for the size of an intermediate, of false claims
 * left undecided, and of near ties stopped early.  Each is checked under
 * the default cap and under a small --max-prec, and the answers are
 * compared with independent MPFR computations. */
#include <criterion/criterion.h>
#include <string.h>
#include "internal.h"
#include "eval/decimal.h"
#include "helpers.h"

/* The decimal of an expression: its code, and the text in *out. */
static int
expr_decimal(char **out, const char *text, unsigned long digits,
             mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_expr *e = NULL;
    int rc = exattn_expr_parse(&e, text, strlen(text), "expression", err);

    *out = NULL;
    if (rc == EXATTN_OK)
        rc = exattn_expr_get_decimal(out, NULL, e, digits, max_prec, err);
    exattn_expr_free(e);
    return rc;
}

/* A divisor that is exactly 0 but not seen as such by the exact layer:
 * the loop stops at the cap and says why. */
Test(bounds, a_hidden_zero_divisor_ends_at_the_cap)
{
    static const mpfr_prec_t caps[] = { 0, 300 };
    exattn_error_t err;
    char *s;
    size_t i;

    for (i = 0; i < sizeof caps / sizeof *caps; i++)
    {
        cr_assert_eq(expr_decimal(&s, "1/(cos(2)+2*sin(1)^2-1)", 3, caps[i],
                                  &err), EXATTN_EUNABLE);
        cr_assert_not_null(strstr(err.message, "could not be separated "
                                               "from 0"), "%s", err.message);
        cr_assert_null(s);
        cr_assert_not_null(strstr(err.message, caps[i] ? "300 bits"
                                                       : "131072 bits"),
                           "%s", err.message);
    }
}

/* e^-10^9 is below MPFR's exponent range: a ball around 0, decided. */
Test(bounds, values_below_the_exponent_range_are_enclosed)
{
    exattn_error_t err;
    char *s;

    cr_assert_eq(expr_decimal(&s, "e^(-10^9)", 3, 0, &err), EXATTN_OK,
                 "%s", err.message);
    cr_assert_str_eq(s, "0.000");
    exattn_free(s);
    cr_assert_eq(expr_decimal(&s, "1 - exp(-10^9)", 3, 0, &err), EXATTN_OK,
                 "%s", err.message);
    cr_assert_str_eq(s, "1.000");
    exattn_free(s);
    cr_assert_eq(expr_decimal(&s, "-exp(-10^9)", 0, 200, &err), EXATTN_OK,
                 "%s", err.message);
    cr_assert_str_eq(s, "0");
    exattn_free(s);
    /* above the range it is too large, and says so */
    cr_assert_eq(expr_decimal(&s, "e^(10^9)", 3, 0, &err), EXATTN_ELIMIT);
    cr_assert_not_null(strstr(err.message, "too large"), "%s", err.message);
}

/* The verdicts of a lesson's claims, in order. */
static void
expect_verdicts(const char *json, const exattn_verdict_t *want, size_t n)
{
    exattn_lesson *l = th_lesson(json);
    exattn_verdict_t v;
    exattn_error_t err;
    size_t i;

    for (i = 0; i < n; i++)
    {
        cr_assert_eq(exattn_claim_verdict(&v, l, i, 0, &err), EXATTN_OK,
                     "%s", err.message);
        cr_assert_eq(v, want[i], "claim %zu of %s", i + 1, json);
    }
    exattn_lesson_free(l);
}

/* A weight e^-10^9 in a row: the scale 10^9 lesson derives 0.000 and
 * 1.000, and its claims are decided. */
Test(bounds, a_huge_scale_derives_and_checks)
{
    exattn_lesson *l = th_lesson(
        "{\"Q\":[[1]],\"K\":[[0],[1]],\"V\":[[0],[1]],"
        "\"scale\":1000000000,"
        "\"claims\":[{\"of\":\"weights[1][1]\",\"approx\":\"0.000\"},"
        "{\"of\":\"weights[1][2]\",\"approx\":\"1.000\"},"
        "{\"of\":\"output[1][1]\",\"approx\":\"1.000\"},"
        "{\"of\":\"weights[1][1]\",\"approx\":\"0.001\"}]}");
    static const exattn_verdict_t want[] = { EXATTN_PASS, EXATTN_PASS,
                                             EXATTN_PASS, EXATTN_FAIL };
    exattn_row *row;
    exattn_row_eval *ev;
    exattn_error_t err;
    exattn_verdict_t v;
    char *s;
    size_t i;

    cr_assert_eq(exattn_row_new(&row, l, 0, &err), EXATTN_OK);
    cr_assert_eq(exattn_row_eval_new(&ev, row, NULL, &err), EXATTN_OK);
    cr_assert_eq(exattn_row_eval_decimal(&s, NULL, ev, EXATTN_WEIGHT, 0, 0,
                                         3, 0, &err), EXATTN_OK,
                 "%s", err.message);
    cr_assert_str_eq(s, "0.000");
    exattn_free(s);
    cr_assert_eq(exattn_row_eval_decimal(&s, NULL, ev, EXATTN_WEIGHT, 1, 0,
                                         3, 0, &err), EXATTN_OK,
                 "%s", err.message);
    cr_assert_str_eq(s, "1.000");
    exattn_free(s);
    cr_assert_eq(exattn_row_eval_decimal(&s, NULL, ev, EXATTN_OUTPUT, 0, 0,
                                         40, 0, &err), EXATTN_OK,
                 "%s", err.message);
    cr_assert_str_eq(s, "1.0000000000000000000000000000000000000000");
    exattn_free(s);
    for (i = 0; i < sizeof want / sizeof *want; i++)
    {
        cr_assert_eq(exattn_claim_verdict(&v, l, i, 0, &err), EXATTN_OK,
                     "%s", err.message);
        cr_assert_eq(v, want[i], "claim %zu", i + 1);
    }
    exattn_row_eval_free(ev);
    exattn_row_free(row);
    exattn_lesson_free(l);
}

/* Weights of a row whose exponents do not fit a machine word, against
 * an independent MPFR evaluation at 300 bits. */
static void
check_wide_row(const char *json, unsigned long digits)
{
    exattn_lesson *l = th_lesson(json);
    exattn_row *row;
    exattn_row_eval *ev;
    exattn_error_t err;
    mpfr_t w;
    mpz_t pow10, d;
    char *s, *want;
    size_t j;

    mpfr_init2(w, 300);
    mpz_inits(pow10, d, (mpz_ptr)0);
    mpz_ui_pow_ui(pow10, 10, digits);
    cr_assert_eq(exattn_row_new(&row, l, 0, &err), EXATTN_OK);
    cr_assert_eq(exattn_row_eval_new(&ev, row, NULL, &err), EXATTN_OK,
                 "%s", err.message);
    for (j = 0; j < exattn_lesson_keys(l); j++)
    {
        cr_assert_eq(exattn_row_eval_decimal(&s, NULL, ev, EXATTN_WEIGHT, j,
                                             0, digits, 0, &err), EXATTN_OK,
                     "%s", err.message);
        th_eval_weight(w, row, j);
        mpfr_mul_z(w, w, pow10, MPFR_RNDN);
        mpfr_round(w, w);
        mpfr_get_z(d, w, MPFR_RNDN);
        want = exattn_decimal__format(d, digits);
        cr_assert_str_eq(s, want, "%s key %zu", json, j + 1);
        exattn_free(s);
        exattn_free(want);
    }
    exattn_row_eval_free(ev);
    exattn_row_free(row);
    exattn_lesson_free(l);
    mpfr_clear(w);
    mpz_clears(pow10, d, (mpz_ptr)0);
}

Test(bounds, rows_of_wide_exponents_are_evaluated)
{
    static const exattn_verdict_t pass_fail[] = { EXATTN_PASS,
                                                  EXATTN_FAIL };

    check_wide_row("{\"Q\":[[0.1234567891,0.9876543219]],"
                   "\"K\":[[0.1111111111,0.2222222222],"
                   "[1.2345678912,2.3456789123],[-0.5,2]],"
                   "\"V\":[[1],[2],[3]]}", 6);
    check_wide_row("{\"Q\":[[1]],\"K\":[[0],[2],[0.0000000000000000001]],"
                   "\"V\":[[1],[2],[3]],\"scale\":\"none\"}", 30);
    /* the claim: w1 = 0.109394..., which rounds to 0.1 */
    expect_verdicts("{\"Q\":[[0.1234567891,0.9876543219]],"
                    "\"K\":[[0.1111111111,0.2222222222],"
                    "[1.2345678912,2.3456789123],[-0.5,2]],"
                    "\"V\":[[1],[2],[3]],"
                    "\"claims\":[{\"of\":\"weights[1][1]\",\"approx\":"
                    "\"0.1\"},{\"of\":\"weights[1][1]\",\"approx\":"
                    "\"0.109395\"}]}", pass_fail, 2);
    /* named claims on such a row: no polynomial in one t has degree
     * 10^19, but the normal forms compare the exponents themselves */
    expect_verdicts("{\"Q\":[[1]],\"K\":[[0],[2],[0.0000000000000000001]],"
                    "\"V\":[[1],[2],[3]],\"scale\":\"none\",\"claims\":["
                    "{\"of\":\"weights[1][1]\",\"named\":"
                    "\"1/(1+e^2+e^(1/10000000000000000000))\"},"
                    "{\"of\":\"weights[1][1]\",\"named\":"
                    "\"1/(1+e^2+e^(1/10000000000000000001))\"}]}", pass_fail,
                    2);
}

/* The claim's report for a one-claim lesson, as text. */
static char *
report(const char *claims, mpfr_prec_t max_prec)
{
    char json[512], *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    exattn_lesson *l;
    exattn_error_t err;

    snprintf(json, sizeof json,
             "{\"Q\":[[1]],\"K\":[[1]],\"V\":[[1]],\"claims\":[%s]}", claims);
    l = th_lesson(json);
    cr_assert_eq(exattn_check_write_text(f, NULL, l, max_prec, &err),
                 EXATTN_OK, "%s", err.message);
    fclose(f);
    exattn_lesson_free(l);
    return buf;
}

/* (cos 2 + 2 sin² 1)/8 is exactly 1/8, a tie at 2 digits that the exact
 * layer does not see: a claim of 0.14 is decided against its own
 * interval [0.135, 0.145) and fails at once; 0.12 and 0.13 are the two
 * sides of the boundary and stay undecided, saying which boundary. */
Test(bounds, claims_are_decided_against_their_own_interval)
{
    char *r = report("{\"expr\":\"(cos(2)+2*sin(1)^2)/8\","
                     "\"approx\":\"0.14\"}", 0);

    cr_assert(strncmp(r, "test.json:1:42: FAIL ", 21) == 0, "%s", r);
    cr_assert_not_null(strstr(r, "rounds to a decimal from 0.12 to 0.13"),
                       "%s", r);
    cr_assert_not_null(strstr(r, "true: 0.12500"), "%s", r);
    free(r);
    r = report("{\"expr\":\"(cos(2)+2*sin(1)^2)/8\",\"approx\":\"0.13\"}",
               256);
    cr_assert(strncmp(r, "test.json:1:42: UNDECIDED ", 26) == 0, "%s", r);
    cr_assert_not_null(strstr(r, "undecided at 256 bits"), "%s", r);
    cr_assert_not_null(strstr(r, "boundary between 0.12 and 0.13"), "%s", r);
    free(r);
    r = report("{\"expr\":\"(cos(2)+2*sin(1)^2)/8\",\"approx\":\"0.125\"}",
               0);
    cr_assert(strncmp(r, "test.json:1:42: PASS ", 21) == 0, "%s", r);
    free(r);
}

/* x - e^-k with x a tie at 3 digits: 2^-(1.44 k) below it, so the
 * rounding is decided by the default cap for k up to about 90000 (and
 * for k = 1000 the 0.4985 - exp(-1000)); above the tie the other
 * way.  A small cap gives "undecided", never a wrong digit. */
Test(bounds, near_ties_are_decided_by_default)
{
    gmp_randstate_t st;
    exattn_error_t err;
    char text[64], *s;
    unsigned long i, k;

    cr_assert_eq(expr_decimal(&s, "0.4985 - exp(-1000)", 3, 0, &err),
                 EXATTN_OK, "%s", err.message);
    cr_assert_str_eq(s, "0.498");
    exattn_free(s);
    th_rand_init(st);
    for (i = 0; i < th_iterations(12); i++)
    {
        k = 1 + th_rand(st, 60000);
        snprintf(text, sizeof text, "0.4985 %c exp(-%lu)",
                 i % 2 ? '+' : '-', k);
        cr_assert_eq(expr_decimal(&s, text, 3, 0, &err), EXATTN_OK,
                     "%s: %s", text, err.message);
        cr_assert_str_eq(s, i % 2 ? "0.499" : "0.498", "%s", text);
        exattn_free(s);
    }
    gmp_randclear(st);
    cr_assert_eq(expr_decimal(&s, "0.4985 - exp(-1000)", 3, 1000, &err),
                 EXATTN_EUNABLE);
    cr_assert_not_null(strstr(err.message, "undecided at 1000 bits"), "%s",
                       err.message);
}

/* A named claim on a value that cannot be enclosed (a divisor the exact
 * layer does not see is 0): the proof of difference ends at the cap and
 * says why, instead of "equal to N bits". */
Test(bounds, a_named_claim_on_a_hidden_zero_says_why)
{
    static const mpfr_prec_t caps[] = { 0, 400 };
    size_t i;

    for (i = 0; i < sizeof caps / sizeof *caps; i++)
    {
        char *r = report("{\"expr\":\"1/(cos(2)+2*sin(1)^2-1)\","
                         "\"named\":\"1\"}", caps[i]);

        cr_assert(strncmp(r, "test.json:1:42: UNDECIDED ", 26) == 0, "%s", r);
        cr_assert_not_null(strstr(r, "could not be separated from 0"), "%s",
                           r);
        cr_assert_null(strstr(r, "not proved equal"), "%s", r);
        free(r);
    }
}

/* The review's inputs.  A quotient of two exponentials that both round to
 * the smallest positive number: its ball must hold the truth (e^0.6), so
 * it is either undecided or right, never the 1.000 of equal midpoints. */
Test(bounds, underflow_to_the_smallest_positive_number)
{
    exattn_error_t err;
    char *s;
    int rc = expr_decimal(&s, "e^(-744261118)/e^(-3721305593/5)", 3, 2000,
                          &err);

    cr_assert(rc == EXATTN_EUNABLE || (rc == EXATTN_OK
                                       && strcmp(s, "1.822") == 0),
              "%d %s", rc, rc == EXATTN_OK ? s : err.message);
    if (rc == EXATTN_OK)
        exattn_free(s);
}

/* Hidden zeros under a division are not cancelled by the forms (h/h is
 * not 1 when h is 0), and the report of a claim that cannot be enclosed
 * shows no certificate. */
Test(bounds, a_hidden_zero_divisor_is_not_cancelled)
{
    exattn_expr *e = NULL;
    exattn_error_t err;
    const char *text = "(cos(2)+2*sin(1)^2-1)/(cos(2)+2*sin(1)^2-1)";
    char *r;

    cr_assert_eq(exattn_expr_parse(&e, text, strlen(text), NULL, &err),
                 EXATTN_OK, "%s", err.message);
    cr_assert_eq(exattn_expr_status(e), EXATTN_NAMED);
    exattn_expr_free(e);
    text = "(sin(1)+1)/(sin(1)+1) + e/e";
    cr_assert_eq(exattn_expr_parse(&e, text, strlen(text), NULL, &err),
                 EXATTN_OK, "%s", err.message);
    cr_assert_eq(exattn_expr_status(e), EXATTN_EXACT, "a divisor proved "
                 "nonzero still cancels");
    exattn_expr_free(e);
    r = report("{\"expr\":\"1/(cos(2)+2*sin(1)^2-1)\",\"approx\":\"0.5\"}",
               300);
    cr_assert(strncmp(r, "test.json:1:42: UNDECIDED ", 26) == 0, "%s", r);
    cr_assert_null(strstr(r, "between 0"), "%s", r);
    cr_assert_not_null(strstr(r, "could not be separated from 0"), "%s", r);
    free(r);
}

/* Sizes and exponents at the edges of the normal forms: no overflow, no
 * crash, and equal exponentials of large or tiny exponents still cancel
 * (the double-precision prefilter allows for its own error). */
Test(bounds, normal_forms_at_their_edges)
{
    static const char *const zero[] = {
        "e^(10^12*sqrt(2)*sqrt(15)-5477225575051) - "
        "e^(10^12*sqrt(30)-5477225575051)",
        "e^(10^-316*sqrt(2)*sqrt(3)) - e^(10^-316*sqrt(6))",
    };
    static const char *const any[] = {
        "1+8^(4611686018427387904+1/2)", "1+2^(-9223372036854775808+1/2)",
        "1+2^(9223372036854775807/2)",
    };
    exattn_expr *e = NULL;
    exattn_error_t err;
    exattn_sbuf x, y;
    mpq_t q;
    size_t i;
    unsigned long p, primes[102];

    mpq_init(q);
    for (i = 0; i < sizeof zero / sizeof *zero; i++)
    {
        cr_assert_eq(exattn_expr_parse(&e, zero[i], strlen(zero[i]), NULL,
                                       &err), EXATTN_OK, "%s", err.message);
        cr_assert_eq(exattn_expr_get_mpq(q, e), EXATTN_OK, "%s", zero[i]);
        cr_assert_eq(mpq_sgn(q), 0, "%s", zero[i]);
        exattn_expr_free(e);
    }
    for (i = 0; i < sizeof any / sizeof *any; i++)
        if (exattn_expr_parse(&e, any[i], strlen(any[i]), NULL, &err)
            == EXATTN_OK)
            exattn_expr_free(e);
    /* x·y with 34 square roots of distinct prime pairs each, sharing one
     * prime per pair: 34 splits, more bases than a term may hold */
    for (i = 0, p = 2; i < 102; p++)
    {
        unsigned long d;

        for (d = 2; d * d <= p && p % d; d++)
            ;
        if (d * d > p)
            primes[i++] = p;
    }
    exattn_sbuf__init(&x);
    exattn_sbuf__init(&y);
    for (i = 0; i < 34; i++)
    {
        exattn_sbuf__printf(&x, "%ssqrt(%lu)", i ? "*" : "(",
                            primes[i] * primes[34 + i]);
        exattn_sbuf__printf(&y, "%ssqrt(%lu)", i ? "*" : "*(",
                            primes[i] * primes[68 + i]);
    }
    exattn_sbuf__puts(&x, ")");
    exattn_sbuf__puts(&y, ")");
    exattn_sbuf__puts(&x, y.s);
    cr_assert_eq(exattn_expr_parse(&e, x.s, x.len, NULL, &err), EXATTN_OK,
                 "%s", err.message);
    cr_assert_eq(exattn_expr_status(e), EXATTN_NAMED);
    exattn_expr_free(e);
    exattn_sbuf__clear(&x);
    exattn_sbuf__clear(&y);
    mpq_clear(q);
}
