/* Certified evaluation: ball arithmetic encloses the truth, decimal
 * rounding is right on and near ties, and row decimals agree with an
 * independent MPFR computation. */
#include <criterion/criterion.h>
#include <string.h>
#include "internal.h"
#include "eval/ball.h"
#include "eval/decimal.h"
#include "helpers.h"

typedef struct
{
    const char *q;
    unsigned long digits;
    const char *want;
    int exact;
} round_t;

static const round_t rounds[] = {
    { "1/3", 3, "0.333", 0 }, { "2/3", 3, "0.667", 0 },
    { "1/4", 3, "0.250", 1 }, { "0", 3, "0.000", 1 }, { "0", 0, "0", 1 },
    /* exact ties go away from zero, not to even */
    { "1/2000", 3, "0.001", 0 }, { "-1/2000", 3, "-0.001", 0 },
    { "3/2000", 3, "0.002", 0 }, { "5/2000", 3, "0.003", 0 },
    { "-5/2000", 3, "-0.003", 0 }, { "5/2", 0, "3", 0 },
    { "-5/2", 0, "-3", 0 },
    { "7/2", 0, "4", 0 },
    /* no negative zero */
    { "-1/3000", 3, "0.000", 0 },
    { "123456789/1000", 2, "123456.79", 0 }, { "-7", 2, "-7.00", 1 },
    { "1/7", 20, "0.14285714285714285714", 0 },
    { "99999/100000", 3, "1.000", 0 },
};

Test(eval, exact_rationals_round_half_away_from_zero)
{
    mpq_t q;
    mpz_t p, d;
    size_t i;

    mpq_init(q);
    mpz_init(p);
    mpz_init(d);
    for (i = 0; i < sizeof rounds / sizeof *rounds; i++)
    {
        char *s;
        int exact;

        mpq_set_str(q, rounds[i].q, 10);
        mpq_canonicalize(q);
        mpz_ui_pow_ui(p, 10, rounds[i].digits);
        exact = exattn_decimal__round_q(d, q, p);
        s = exattn_decimal__format(d, rounds[i].digits);
        cr_assert_str_eq(s, rounds[i].want, "%s at %lu digits: %s",
                         rounds[i].q, rounds[i].digits, s);
        cr_assert_eq(exact, rounds[i].exact, "%s: exactness", rounds[i].q);
        exattn_free(s);
        s = exattn_mpq_get_decimal(q, rounds[i].digits);
        cr_assert_str_eq(s, rounds[i].want);
        exattn_free(s);
    }
    mpq_clear(q);
    mpz_clear(p);
    mpz_clear(d);
}

/* x = 0.4985 + sign * exp(-100), evaluated in balls with a Ziv loop. */
static char *
hair_off_tie(int sign, mpfr_prec_t *used)
{
    exattn_ball a, t;
    mpq_t q;
    mpz_t p, d;
    mpfr_prec_t wp;
    char *s = NULL;

    mpq_init(q);
    mpz_init(p);
    mpz_init(d);
    mpq_set_str(q, "997/2000", 10);
    mpz_ui_pow_ui(p, 10, 3);
    for (wp = 32; wp < 4096 && s == NULL; wp *= 2)
    {
        exattn_ball__init(&a, wp);
        exattn_ball__init(&t, wp);
        exattn_ball__set_si(&t, -100);
        exattn_ball__exp(&t, &t);
        exattn_ball__set_q(&a, q);
        if (sign > 0)
            exattn_ball__add(&a, &a, &t);
        else
            exattn_ball__sub(&a, &a, &t);
        if (exattn_decimal__round_ball(d, &a, p))
        {
            s = exattn_decimal__format(d, 3);
            *used = wp;
        }
        exattn_ball__clear(&a);
        exattn_ball__clear(&t);
    }
    mpq_clear(q);
    mpz_clear(p);
    mpz_clear(d);
    return s;
}

Test(eval, a_hair_off_a_tie)
{
    mpfr_prec_t used = 0;
    char *below = hair_off_tie(-1, &used);

    cr_assert_str_eq(below, "0.498");
    cr_assert_geq(used, 150, "decided at %ld bits: too early to be sure",
                  (long)used);
    exattn_free(below);
    below = hair_off_tie(1, &used);
    cr_assert_str_eq(below, "0.499");
    exattn_free(below);
}

/* The reference value at prec+100 lies inside the ball. */
static void
expect_contains(const exattn_ball *b, const mpfr_t ref, const char *what)
{
    mpfr_t d;

    mpfr_init2(d, mpfr_get_prec(ref) + 64);
    mpfr_sub(d, ref, b->mid, MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDU);
    cr_assert(mpfr_cmp(d, b->rad) <= 0, "%s: reference outside the ball",
              what);
    mpfr_clear(d);
}

Test(eval, balls_enclose_the_truth)
{
    gmp_randstate_t st;
    unsigned long i, n = th_iterations(300);
    exattn_ball a, b, c;
    mpfr_t x, y, ref;
    mpq_t qa, qb;

    th_rand_init(st);
    mpq_init(qa);
    mpq_init(qb);
    for (i = 0; i < n; i++)
    {
        mpfr_prec_t p = 20 + th_rand(st, 300);

        exattn_ball__init(&a, p);
        exattn_ball__init(&b, p);
        exattn_ball__init(&c, p);
        mpfr_inits2(p + 100, x, y, ref, (mpfr_ptr)0);
        mpq_set_si(qa, (long)th_rand(st, 2001) - 1000, 1 + th_rand(st, 97));
        mpq_set_si(qb, 1 + (long)th_rand(st, 1000), 1 + th_rand(st, 89));
        mpq_canonicalize(qa);
        mpq_canonicalize(qb);
        exattn_ball__set_q(&a, qa);
        exattn_ball__set_q(&b, qb);
        mpfr_set_q(x, qa, MPFR_RNDN);
        mpfr_set_q(y, qb, MPFR_RNDN);
        /* a chain: ((a * b + sqrt(b)) / b - exp(a / 1000))^3,
           then log(b) + sin(a) + cos(b) */
        exattn_ball__mul(&c, &a, &b);
        exattn_ball__sqrt(&b, &b);
        exattn_ball__add(&c, &c, &b);
        exattn_ball__set_q(&b, qb);
        cr_assert_eq(exattn_ball__div(&c, &c, &b), 0);
        mpq_set_si(qb, 1, 1000);
        exattn_ball__mul_q(&a, &a, qb);
        exattn_ball__exp(&a, &a);
        exattn_ball__sub(&c, &c, &a);
        exattn_ball__pow_ui(&c, &c, 3);
        mpfr_mul(ref, x, y, MPFR_RNDN);
        mpfr_sqrt(x, y, MPFR_RNDN);
        mpfr_add(ref, ref, x, MPFR_RNDN);
        mpfr_div(ref, ref, y, MPFR_RNDN);
        mpfr_set_q(x, qa, MPFR_RNDN);
        mpfr_div_ui(x, x, 1000, MPFR_RNDN);
        mpfr_exp(x, x, MPFR_RNDN);
        mpfr_sub(ref, ref, x, MPFR_RNDN);
        mpfr_pow_ui(ref, ref, 3, MPFR_RNDN);
        expect_contains(&c, ref, "chain");
        exattn_ball__log(&c, &b);
        mpfr_log(ref, y, MPFR_RNDN);
        expect_contains(&c, ref, "log");
        exattn_ball__sin(&c, &b);
        mpfr_sin(ref, y, MPFR_RNDN);
        expect_contains(&c, ref, "sin");
        exattn_ball__cos(&c, &c);
        mpfr_cos(ref, ref, MPFR_RNDN);
        expect_contains(&c, ref, "cos(sin)");
        exattn_ball__clear(&a);
        exattn_ball__clear(&b);
        exattn_ball__clear(&c);
        mpfr_clears(x, y, ref, (mpfr_ptr)0);
    }
    mpq_clear(qa);
    mpq_clear(qb);
    gmp_randclear(st);
}

Test(eval, division_by_a_ball_around_zero_is_refused)
{
    exattn_ball a, z;

    exattn_ball__init(&a, 64);
    exattn_ball__init(&z, 64);
    exattn_ball__set_si(&a, 1);
    exattn_ball__set_si(&z, 0);
    cr_assert_neq(exattn_ball__div(&a, &a, &z), 0);
    cr_assert_neq(exattn_ball__log(&a, &z), 0);
    cr_assert_eq(exattn_ball__sqrt(&a, &z), 0, "sqrt of exact 0 is 0");
    exattn_ball__clear(&a);
    exattn_ball__clear(&z);
}

/* Row decimals at 10^5 digits against an independent MPFR computation:
 * e^{s_j} / sum e^{s_k}, rounded with mpfr_round (ties away from zero). */
Test(eval, row_decimals_match_independent_mpfr)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1,1]], \"K\": [[1,1],[0,1],"
                                 "[1,2]], \"V\": [[1,0],[0,2],[1,2]]}");
    const unsigned long digits = 100000;
    exattn_row *row;
    exattn_row_eval *ev;
    exattn_error_t err;
    mpfr_t e[3], z, v, t;
    mpz_t want, got;
    char *s, *p;
    int exact, j;
    static const int raw[] = { 2, 1, 3 };

    cr_assert_eq(exattn_row_new(&row, l, 0, &err), 0);
    cr_assert_eq(exattn_row_eval_new(&ev, row, NULL, &err), 0);
    mpfr_inits2((mpfr_prec_t)(digits * 3.33) + 200, z, v, t, (mpfr_ptr)0);
    mpz_init(want);
    mpz_init(got);
    mpfr_set_ui(z, 0, MPFR_RNDN);
    for (j = 0; j < 3; j++)
    {
        mpfr_init2(e[j], mpfr_get_prec(z));
        mpfr_sqrt_ui(t, 2, MPFR_RNDN);
        mpfr_ui_div(t, raw[j], t, MPFR_RNDN);
        mpfr_exp(e[j], t, MPFR_RNDN);
        mpfr_add(z, z, e[j], MPFR_RNDN);
    }
    /* output coordinate 2 = (2 e1 + 2 e2) / z */
    mpfr_add(v, e[1], e[2], MPFR_RNDN);
    mpfr_mul_ui(v, v, 2, MPFR_RNDN);
    mpfr_div(v, v, z, MPFR_RNDN);
    for (j = 0; j < 4; j++)
    {
        if (j < 3)
            mpfr_div(t, e[j], z, MPFR_RNDN);
        else
            mpfr_set(t, v, MPFR_RNDN);
        mpfr_mul_ui(t, t, 10, MPFR_RNDN);
        {
            mpfr_t ten;

            mpfr_init2(ten, mpfr_get_prec(z));
            mpfr_ui_pow_ui(ten, 10, digits - 1, MPFR_RNDN);
            mpfr_mul(t, t, ten, MPFR_RNDN);
            mpfr_clear(ten);
        }
        mpfr_round(t, t);
        mpfr_get_z(want, t, MPFR_RNDN);
        cr_assert_eq(exattn_row_eval_decimal(&s, &exact, ev,
                         j < 3 ? EXATTN_WEIGHT : EXATTN_OUTPUT,
                         j < 3 ? (size_t)j : 0, 1, digits, 0, &err), 0,
                     "%s", err.message);
        cr_assert_not(exact);
        cr_assert_eq(strlen(s), digits + 2);
        p = strchr(s, '.');
        memmove(p, p + 1, strlen(p));
        mpz_set_str(got, s, 10);
        cr_assert(mpz_cmp(got, want) == 0, "quantity %d differs", j);
        exattn_free(s);
    }
    for (j = 0; j < 3; j++)
        mpfr_clear(e[j]);
    mpfr_clears(z, v, t, (mpfr_ptr)0);
    mpz_clear(want);
    mpz_clear(got);
    exattn_row_eval_free(ev);
    exattn_row_free(row);
    exattn_lesson_free(l);
}

Test(eval, undecided_within_the_cap_is_said)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1]], \"K\": [[1],[0]], "
                                 "\"V\": [[1],[0]], \"scale\": \"none\"}");
    exattn_row *row;
    exattn_row_eval *ev;
    exattn_error_t err;
    char *s = (char *)1;

    cr_assert_eq(exattn_row_new(&row, l, 0, &err), 0);
    cr_assert_eq(exattn_row_eval_new(&ev, row, NULL, &err), 0);
    cr_assert_eq(exattn_row_eval_decimal(&s, NULL, ev, EXATTN_WEIGHT, 0, 0,
                                         60, 80, &err), EXATTN_EUNABLE);
    cr_assert_null(s);
    cr_assert_not_null(strstr(err.message, "row 1: undecided at 80 bits"),
                       "%s", err.message);
    cr_assert_eq(exattn_row_eval_decimal(&s, NULL, ev, EXATTN_WEIGHT, 0, 0,
                                         EXATTN_MAX_DIGITS + 1, 0, &err),
                 EXATTN_ELIMIT);
    cr_assert_eq(exattn_row_eval_decimal(&s, NULL, ev, EXATTN_WEIGHT, 7, 0,
                                         3, 0, &err), EXATTN_EINVAL);
    /* e/(1+e) = 0.7310585786... */
    cr_assert_eq(exattn_row_eval_decimal(&s, NULL, ev, EXATTN_WEIGHT, 0, 0,
                                         10, 0, &err), 0);
    cr_assert_str_eq(s, "0.7310585786");
    exattn_free(s);
    exattn_row_eval_free(ev);
    exattn_row_free(row);
    exattn_lesson_free(l);
}

/* Rows sharing their head's base give the decimals they give alone. */
Test(eval, a_shared_head_base_changes_nothing)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1,0],[0,1],[\"1/3\",1]], \"K\": "
        "[[1,0],[0,\"1/2\"],[1,1]], \"V\": [[2,0],[0,3],[1,1]], "
        "\"mask\": \"causal\"}");
    exattn_head_eval *head;
    exattn_error_t err;
    size_t i, j;

    cr_assert_eq(exattn_head_eval_new(&head, l, &err), 0);
    for (i = 1; i < 3; i++)
    {
        exattn_row *row;
        exattn_row_eval *shared, *alone;

        cr_assert_eq(exattn_row_new(&row, l, i, &err), 0);
        cr_assert_eq(exattn_row_eval_new(&shared, row, head, &err), 0);
        cr_assert_eq(exattn_row_eval_new(&alone, row, NULL, &err), 0);
        for (j = 0; j <= i; j++)
        {
            char *a, *b;

            cr_assert_eq(exattn_row_eval_decimal(&a, NULL, shared,
                EXATTN_WEIGHT, j, 0, 200, 0, &err), 0, "%s", err.message);
            cr_assert_eq(exattn_row_eval_decimal(&b, NULL, alone,
                EXATTN_WEIGHT, j, 0, 200, 0, &err), 0, "%s", err.message);
            cr_assert_str_eq(a, b, "row %zu key %zu", i, j);
            exattn_free(a);
            exattn_free(b);
        }
        exattn_row_eval_free(shared);
        exattn_row_eval_free(alone);
        exattn_row_free(row);
    }
    exattn_head_eval_free(head);
    exattn_lesson_free(l);
}
