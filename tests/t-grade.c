/* Grading floats against exact values (src/eval/grade.c).  Named values
 * are computed a second way, by MPFR's own functions at 4000 bits: the
 * floats next to each value in every format (its correct rounding and
 * the floats one step either side, as MPFR rounds and steps them) must be
 * graded correctly rounded exactly when they are that rounding, and the
 * 4000-bit error must lie in the certified ULP interval, which is at most
 * 2^-24 ULP wide.  Rational values are graded exactly. */
#include <criterion/criterion.h>
#include <string.h>
#include <mpfr.h>
#include "internal.h"
#include "eval/grade.h"
#include "expr/expr.h"

#define HIGH 4000

static const char *const formats[] = { "binary64", "binary32", "binary16",
                                       "bfloat16" };

/* The values, each as exattn parses it and as MPFR computes it. */
static void
y_logistic(mpfr_t y)            /* e^(1/√2) / (1 + e^(1/√2)) */
{
    mpfr_t t;

    mpfr_init2(t, HIGH);
    mpfr_sqrt_ui(t, 2, MPFR_RNDN);
    mpfr_ui_div(t, 1, t, MPFR_RNDN);
    mpfr_exp(t, t, MPFR_RNDN);
    mpfr_add_ui(y, t, 1, MPFR_RNDN);
    mpfr_div(y, t, y, MPFR_RNDN);
    mpfr_clear(t);
}

static void
y_seed_weight(mpfr_t y)         /* e^(3/√2) / (e^(2/√2) + e^(1/√2) + e^(3/√2)) */
{
    mpfr_t r, a, s;

    mpfr_inits2(HIGH, r, a, s, (mpfr_ptr)0);
    mpfr_sqrt_ui(r, 2, MPFR_RNDN);
    mpfr_ui_div(a, 2, r, MPFR_RNDN);
    mpfr_exp(s, a, MPFR_RNDN);
    mpfr_ui_div(a, 1, r, MPFR_RNDN);
    mpfr_exp(a, a, MPFR_RNDN);
    mpfr_add(s, s, a, MPFR_RNDN);
    mpfr_ui_div(a, 3, r, MPFR_RNDN);
    mpfr_exp(a, a, MPFR_RNDN);
    mpfr_add(s, s, a, MPFR_RNDN);
    mpfr_div(y, a, s, MPFR_RNDN);
    mpfr_clears(r, a, s, (mpfr_ptr)0);
}

static void y_sqrt2(mpfr_t y) { mpfr_sqrt_ui(y, 2, MPFR_RNDN); }
static void y_ln3(mpfr_t y) { mpfr_set_ui(y, 3, MPFR_RNDN); mpfr_log(y, y, MPFR_RNDN); }
static void y_tiny(mpfr_t y) { mpfr_set_si(y, -30, MPFR_RNDN); mpfr_exp(y, y, MPFR_RNDN); }
static void y_e11(mpfr_t y) { mpfr_set_ui(y, 11, MPFR_RNDN); mpfr_exp(y, y, MPFR_RNDN); }
static void y_e12(mpfr_t y) { mpfr_set_ui(y, 12, MPFR_RNDN); mpfr_exp(y, y, MPFR_RNDN); }

static void
y_below_one(mpfr_t y)           /* 1 - e^(-40): rounds up across 1 */
{
    mpfr_set_si(y, -40, MPFR_RNDN);
    mpfr_exp(y, y, MPFR_RNDN);
    mpfr_ui_sub(y, 1, y, MPFR_RNDN);
}

static const struct
{
    const char *text;
    void (*mpfr)(mpfr_t);
} values[] = {
    { "e^(1/sqrt(2))/(1+e^(1/sqrt(2)))", y_logistic },
    { "e^(3/sqrt(2))/(e^(2/sqrt(2))+e^(1/sqrt(2))+e^(3/sqrt(2)))",
      y_seed_weight },
    { "sqrt(2)", y_sqrt2 }, { "ln(3)", y_ln3 }, { "e^(-30)", y_tiny },
    { "e^11", y_e11 }, { "e^12", y_e12 }, { "1-e^(-40)", y_below_one },
};

/* MPFR's exponent range for fmt, subnormals included: MPFR's
 * significands are in [1/2, 1), so its exponents are one more. */
static void
to_format(const exattn_float_format *fmt)
{
    mpfr_set_emin(fmt->emin - (long)fmt->precision + 2);
    mpfr_set_emax(fmt->emax + 1);
}

/* x's neighbour in fmt, up (dir 1) or down, as MPFR steps it. */
static int
neighbour(mpq_t out, const mpfr_t rn, int dir, const exattn_float_format *fmt)
{
    mpfr_t x;
    int finite;

    mpfr_init2(x, fmt->precision);
    mpfr_set(x, rn, MPFR_RNDN);
    if (dir > 0)
        mpfr_nextabove(x);
    else
        mpfr_nextbelow(x);
    finite = mpfr_number_p(x) && !mpfr_zero_p(x);
    if (finite)
        mpfr_get_q(out, x);
    mpfr_clear(x);
    return finite;
}

/* The 4000-bit error of f against y, in ULPs of y. */
static void
oracle_error(mpq_t e, const mpq_t f, const mpfr_t y,
             const exattn_float_format *fmt)
{
    mpq_t yq;

    mpq_init(yq);
    mpfr_get_q(yq, y);
    exattn_float__ulp_error(e, f, yq, fmt);
    mpq_clear(yq);
}

static void
grade_one(const exattn_expr *e, const mpq_t f, const mpfr_t y, int is_rn,
          const exattn_float_format *fmt, const char *what)
{
    exattn_grade g;
    exattn_error_t err;
    mpq_t want, slack, lo, hi;

    exattn_grade__init(&g);
    exattn_error_init(&err);
    cr_assert_eq(exattn_grade__enclosed(&g, f, fmt, exattn_expr__enclose, (void *)e,
                                        0, "v", &err), EXATTN_OK,
                 "%s: %s", what, err.message);
    cr_assert_eq(g.correctly_rounded, is_rn, "%s: correctly rounded %d",
                 what, g.correctly_rounded);
    mpq_inits(want, slack, lo, hi, NULL);
    oracle_error(want, f, y, fmt);
    /* the oracle is itself within 2^-3900 ULP of the truth */
    mpq_set_ui(slack, 1, 1);
    mpz_mul_2exp(mpq_denref(slack), mpq_denref(slack), 3900);
    mpq_sub(lo, g.ulps_lo, slack);
    mpq_add(hi, g.ulps_hi, slack);
    cr_assert(mpq_cmp(lo, want) <= 0 && mpq_cmp(want, hi) <= 0,
              "%s: %g not in [%g, %g]", what, mpq_get_d(want),
              mpq_get_d(g.ulps_lo), mpq_get_d(g.ulps_hi));
    mpq_sub(slack, g.ulps_hi, g.ulps_lo);
    mpz_mul_2exp(mpq_numref(slack), mpq_numref(slack), 24);
    mpq_canonicalize(slack);
    cr_assert(mpq_cmp_ui(slack, 1, 1) <= 0, "%s: interval too wide", what);
    mpq_clears(want, slack, lo, hi, NULL);
    exattn_grade__clear(&g);
}

Test(grade, named_values_in_every_format)
{
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    size_t v, k;
    int d, graded = 0;

    for (v = 0; v < sizeof values / sizeof *values; v++)
    {
        exattn_expr *e = NULL;
        exattn_error_t err;
        mpfr_t y, rn;
        mpq_t f;

        exattn_error_init(&err);
        cr_assert_eq(exattn_expr_parse(&e, values[v].text,
                                       strlen(values[v].text), "v", &err),
                     EXATTN_OK, "%s", err.message);
        mpfr_init2(y, HIGH);
        values[v].mpfr(y);
        mpq_init(f);
        for (k = 0; k < 4; k++)
        {
            const exattn_float_format *fmt = exattn_float__format(formats[k]);
            char what[160];
            int inex, finite;

            mpfr_init2(rn, fmt->precision);
            to_format(fmt);
            inex = mpfr_set(rn, y, MPFR_RNDN);
            inex = mpfr_check_range(rn, inex, MPFR_RNDN);
            mpfr_subnormalize(rn, inex, MPFR_RNDN);
            finite = mpfr_number_p(rn);
            mpfr_set_emin(emin);
            mpfr_set_emax(emax);
            if (finite)
            {
                mpfr_get_q(f, rn);
                snprintf(what, sizeof what, "%s in %s, its rounding",
                         values[v].text, fmt->name);
                grade_one(e, f, y, 1, fmt, what);
                graded++;
            }
            /* the floats one step away: never the rounding (the largest
             * finite value is no rounding of a value beyond it either) */
            for (d = -1; d <= 1; d += 2)
            {
                int stepped;

                to_format(fmt);
                stepped = finite && neighbour(f, rn, d, fmt);
                /* the engine computes in MPFR's whole exponent range */
                mpfr_set_emin(emin);
                mpfr_set_emax(emax);
                if (stepped)
                {
                    snprintf(what, sizeof what, "%s in %s, a step %s",
                             values[v].text, fmt->name, d > 0 ? "up" : "down");
                    grade_one(e, f, y, 0, fmt, what);
                    graded++;
                }
            }
            if (!finite)
            {
                exattn_float__max_finite(f, fmt);
                grade_one(e, f, y, 0, fmt, "beyond the format: its largest "
                                           "finite value");
                graded++;
            }
            mpfr_clear(rn);
        }
        mpq_clear(f);
        mpfr_clear(y);
        exattn_expr_free(e);
    }
    cr_assert_geq(graded, 80, "only %d grades", graded);
}

Test(grade, rational_values_exactly)
{
    const exattn_float_format *s = exattn_float__format("binary32");
    exattn_grade g;
    mpq_t f, y;

    exattn_grade__init(&g);
    mpq_inits(f, y, NULL);
    /* 1/3 in binary32 is 11184811/33554432; its error is 1/3 ULP */
    mpq_set_ui(y, 1, 3);
    mpq_set_ui(f, 11184811, 33554432);
    exattn_grade__exact(&g, f, y, s);
    cr_assert(g.exact && g.correctly_rounded);
    cr_assert_eq(mpq_cmp_ui(g.ulps_lo, 1, 3), 0, "%s",
                 mpq_get_str(NULL, 10, g.ulps_lo));
    /* a tie, 1 + 2^-24 in binary32: even is 1, 1 + 2^-23 is not */
    mpq_set_ui(y, 16777217, 16777216);
    mpq_set_ui(f, 1, 1);
    exattn_grade__exact(&g, f, y, s);
    cr_assert(g.correctly_rounded);
    mpq_set_ui(f, 8388609, 8388608);
    exattn_grade__exact(&g, f, y, s);
    cr_assert(!g.correctly_rounded);
    cr_assert_eq(mpq_cmp_ui(g.ulps_lo, 1, 2), 0);
    mpq_clears(f, y, NULL);
    exattn_grade__clear(&g);
}

/* ---- a results file against a lesson (src/claims/grade.c) -------------- */

#include "claims/grade.h"
#include "helpers.h"
#include <stdio.h>
#include <stdlib.h>
#include <yajl/yajl_tree.h>
#include "exattn.h"

typedef struct
{
    size_t graded, rounded;
    mpq_t worst;                /* the largest upper bound, in ULPs */
    size_t worst_row, worst_col;
} tally;

static int
count_grade(void *ctx, const exattn_result_set *s, size_t row, size_t col,
            const exattn_grade_entry *e, exattn_error_t *err)
{
    tally *t = ctx;
    const exattn_grade *g = e->grade;

    (void)s;
    (void)err;
    t->graded++;
    t->rounded += g->correctly_rounded != 0;
    if (mpq_cmp(g->ulps_hi, t->worst) > 0)
    {
        mpq_set(t->worst, g->ulps_hi);
        t->worst_row = row;
        t->worst_col = col;
    }
    return EXATTN_OK;
}

/* The weights of "rises" in seed 002, softmax(2, 1, 3)/sqrt(2), rounded
 * to binary64 by MPFR at 4000 bits: written as hex floats. */
static void
seed_weights_hex(char out[3][64], int bump_last)
{
    mpfr_t r, s, w[3];
    int k;

    mpfr_inits2(HIGH, r, s, w[0], w[1], w[2], (mpfr_ptr)0);
    mpfr_sqrt_ui(r, 2, MPFR_RNDN);
    mpfr_set_ui(s, 0, MPFR_RNDN);
    for (k = 0; k < 3; k++)
    {
        mpfr_ui_div(w[k], (unsigned long[]){ 2, 1, 3 }[k], r, MPFR_RNDN);
        mpfr_exp(w[k], w[k], MPFR_RNDN);
        mpfr_add(s, s, w[k], MPFR_RNDN);
    }
    for (k = 0; k < 3; k++)
    {
        mpfr_t d;

        mpfr_init2(d, 53);
        mpfr_div(w[k], w[k], s, MPFR_RNDN);
        mpfr_set(d, w[k], MPFR_RNDN);
        if (bump_last && k == 2)
            mpfr_nextabove(d);
        mpfr_snprintf(out[k], 64, "%Ra", d);
        mpfr_clear(d);
    }
    mpfr_clears(r, s, w[0], w[1], w[2], (mpfr_ptr)0);
}

static unsigned long
nine(const mpq_t f, const exattn_float_format *fmt)
{
    (void)f;
    (void)fmt;
    return 9;
}

static void
grade_file(const char *results, tally *t, int want)
{
    exattn_grade_how how;
    exattn_lesson *l = NULL;
    exattn_results *r = NULL;
    exattn_error_t err;
    size_t k;
    int rc = EXATTN_OK;

    exattn_error_init(&err);
    cr_assert_eq(exattn_lesson_read_file(&l, th_srcpath(
        "docs/examples/002-grid-load-rises.json"), NULL, &err), EXATTN_OK,
        "%s", err.message);
    cr_assert_eq(exattn_results__read(&r, results, strlen(results), "r.json",
                                      1000, &err), EXATTN_OK, "%s",
                 err.message);
    memset(&how, 0, sizeof how);
    how.fmt = r->format;
    how.digits = EXATTN_DIGITS_NONE;
    how.truth_digits = nine;
    for (k = 0; rc == EXATTN_OK && k < r->count; k++)
        rc = exattn_claims__grade_set(l, &r->sets[k], &how, "r.json",
                                      count_grade, t, &err);
    cr_assert_eq(rc, want, "%s", err.message);
    exattn_results__free(r);
    exattn_lesson_free(l);
}

Test(grade, a_results_file_against_seed_002)
{
    char w[3][64], text[1024];
    tally t;

    memset(&t, 0, sizeof t);

    mpq_init(t.worst);
    seed_weights_hex(w, 0);
    snprintf(text, sizeof text,
             "{\"format\": \"binary64\", \"values\": {\"weights[rises]\": "
             "[\"%s\", \"%s\", \"%s\"], \"weights\": [[1, 0, 0], [0.5, 0.5, "
             "0], [\"%s\", \"%s\", \"%s\"]]}}", w[0], w[1], w[2], w[0], w[1],
             w[2]);
    grade_file(text, &t, EXATTN_OK);
    /* 3 + 9 values, every one the correct rounding, within half a ULP */
    cr_assert_eq(t.graded, 12);
    cr_assert_eq(t.rounded, 12);
    cr_assert(mpq_cmp_ui(t.worst, 1, 2) <= 0);
    /* the last weight a float too high: more than half a ULP, less than
     * one and a half, named at its row and column */
    seed_weights_hex(w, 1);
    snprintf(text, sizeof text,
             "{\"format\": \"binary64\", \"values\": {\"weights\": [[1, 0, "
             "0], [0.5, 0.5, 0], [\"%s\", \"%s\", \"%s\"]]}}", w[0], w[1],
             w[2]);
    t.graded = t.rounded = 0;
    mpq_set_ui(t.worst, 0, 1);
    grade_file(text, &t, EXATTN_OK);
    cr_assert_eq(t.graded, 9);
    cr_assert_eq(t.rounded, 8);
    cr_assert(mpq_cmp_ui(t.worst, 1, 2) > 0 && mpq_cmp_ui(t.worst, 3, 2) < 0);
    cr_assert_eq(t.worst_row, 2);
    cr_assert_eq(t.worst_col, 2);
    mpq_clear(t.worst);
}

Test(grade, a_results_file_of_the_wrong_shape)
{
    tally t;

    memset(&t, 0, sizeof t);

    mpq_init(t.worst);
    grade_file("{\"format\": \"binary64\", \"values\": {\"weights[rises]\": "
               "[\"0.5\", \"0.5\"]}}", &t, EXATTN_ESHAPE);
    grade_file("{\"format\": \"binary64\", \"values\": {\"weights\": "
               "[[\"0.5\", \"0.5\", \"0\"]]}}", &t, EXATTN_ESHAPE);
    grade_file("{\"format\": \"binary64\", \"values\": {\"weight[rises]\": "
               "[\"0.5\"]}}", &t, EXATTN_EFIELD);
    mpq_clear(t.worst);
}

/* The report through the public API: seed 002's row of rises, with a
 * weight written as 0.2846 (it shows 0.285, the truth 0.284) and the
 * float of 1/2; the bound 1/3 ULP. */
static char *
report_of(const char *results, const exattn_grade_options_t *o,
          exattn_grade_summary_t *sum, int json)
{
    exattn_lesson *l = NULL;
    exattn_error_t err;
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);

    exattn_error_init(&err);
    cr_assert_eq(exattn_lesson_read_file(&l, th_srcpath(
        "docs/examples/002-grid-load-rises.json"), NULL, &err), EXATTN_OK,
        "%s", err.message);
    cr_assert_eq((json ? exattn_grade_write_json : exattn_grade_write_text)(
                     f, sum, l, "r.json", results, strlen(results), o, &err),
                 EXATTN_OK, "%s", err.message);
    fclose(f);
    exattn_lesson_free(l);
    return out;
}

Test(grade, the_report_s_verdicts_and_summary)
{
    static const char results[] =
        "{\"format\": \"binary64\", \"values\": {\"weights[rises]\": "
        "[\"0.2846\", \"0.14002924504337802\", \"0.5759753452153619\"], "
        "\"weights[load][grid]\": \"0.5\"}}";
    exattn_grade_options_t o = EXATTN_GRADE_OPTIONS_INIT;
    exattn_grade_summary_t sum;
    yajl_val doc;
    char *out, errbuf[128];

    o.digits = 3;
    o.max_ulp = "1/3";
    out = report_of(results, &o, &sum, 0);
    cr_assert_not_null(strstr(out, "r.json:1:54: FAIL weights[rises][grid] = "
                                   "0.2846: "), "%s", out);
    cr_assert_not_null(strstr(out, "shows 0.285, should show 0.284"), "%s",
                       out);
    /* 0.5759753452153619 is 0.97 ULP off and 0.14002924504337802 0.36
     * (tests/grade.py checks them digit by digit), both over the bound;
     * 1/2 exactly is not */
    cr_assert_not_null(strstr(out, "FAIL weights[rises][rises] = "
                                   "0.5759753452153619: 0.97 ulp, not "
                                   "correctly rounded, over 1/3 ulp"),
                       "%s", out);
    cr_assert_not_null(strstr(out, "PASS weights[load][grid] = 0.5: 0.00 "
                                   "ulp, correctly rounded; shows 0.500, "
                                   "right (true: 1/2)"), "%s", out);
    cr_assert_eq(sum.values, 4);
    cr_assert_eq(sum.wrong_displays, 1);
    cr_assert_eq(sum.over, 3, "%s", out);
    cr_assert_eq(sum.correctly_rounded, 2, "%s", out);
    free(out);

    /* only the flagged values, and the same counts */
    o.report = EXATTN_REPORT_FAILURES;
    out = report_of(results, &o, &sum, 0);
    cr_assert_null(strstr(out, "weights[load][grid] = 0.5"), "%s", out);
    cr_assert_eq(sum.values, 4);
    free(out);

    /* the JSON parses, its totals agree */
    o.report = EXATTN_REPORT_ALL;
    out = report_of(results, &o, &sum, 1);
    doc = yajl_tree_parse(out, errbuf, sizeof errbuf);
    cr_assert_not_null(doc, "%s: %s", errbuf, out);
    {
        const char *count[] = { "summary", "values", NULL };
        const char *over[] = { "summary", "over", NULL };
        const char *worst[] = { "summary", "worst", "entry", NULL };

        cr_assert_eq(YAJL_GET_INTEGER(yajl_tree_get(doc, count,
                                                    yajl_t_number)), 4);
        cr_assert_eq(YAJL_GET_INTEGER(yajl_tree_get(doc, over,
                                                    yajl_t_number)), 3);
        cr_assert_str_eq(YAJL_GET_STRING(yajl_tree_get(doc, worst,
                                                       yajl_t_string)),
                         "weights[rises][grid]");
    }
    yajl_tree_free(doc);
    free(out);
}

/* An error printed next to its bound says which side it is on: 1.1308
 * ULP against 1.13 is "1.131", against 1.1308341 "1.13083411"; a cap
 * too low to decide is an error at the value, never a false grade. */
Test(grade, an_error_beside_its_bound_and_a_low_cap)
{
    static const char results[] =
        "{\"format\": \"binary64\", \"values\": {\"output[rises][2]\": "
        "\"1.4320091805174797\"}}";
    exattn_grade_options_t o = EXATTN_GRADE_OPTIONS_INIT;
    exattn_grade_summary_t sum;
    exattn_lesson *l = NULL;
    exattn_error_t err;
    char *out;
    FILE *f;

    o.max_ulp = "1.13";
    out = report_of(results, &o, &sum, 0);
    cr_assert_not_null(strstr(out, ": 1.131 ulp, not correctly rounded, over "
                                   "1.13 ulp"), "%s", out);
    free(out);
    o.max_ulp = "1.1308341";
    out = report_of(results, &o, &sum, 0);
    cr_assert_not_null(strstr(out, ": 1.13083411 ulp,"), "%s", out);
    free(out);
    o.max_ulp = NULL;
    o.max_prec = 64;            /* too few bits to decide a binary64 */
    exattn_error_init(&err);
    cr_assert_eq(exattn_lesson_read_file(&l, th_srcpath(
        "docs/examples/002-grid-load-rises.json"), NULL, &err), EXATTN_OK);
    f = fopen("/dev/null", "w");
    cr_assert_eq(exattn_grade_write_text(f, &sum, l, "r.json", results,
                                         strlen(results), &o, &err),
                 EXATTN_EUNABLE, "%s", err.message);
    cr_assert_not_null(strstr(err.message, "undecided at 64 bits"), "%s",
                       err.message);
    cr_assert_str_eq(err.file, "r.json");
    fclose(f);
    exattn_lesson_free(l);
}

/* Options the command line would refuse are refused by the library too,
 * before any value is graded (the fast and the exact path alike). */
Test(grade, digits_beyond_the_limit_are_refused)
{
    static const char results[] =
        "{\"format\": \"binary64\", \"values\": {\"weights\": [[1, 0, 0], "
        "[0.5, 0.5, 0], [0.2846, 0.14, 0.57]]}}";
    exattn_grade_options_t o = EXATTN_GRADE_OPTIONS_INIT;
    exattn_lesson *l = NULL;
    exattn_error_t err;
    FILE *f = tmpfile();

    cr_assert_not_null(f);
    exattn_error_init(&err);
    cr_assert_eq(exattn_lesson_read_file(&l, th_srcpath(
        "docs/examples/002-grid-load-rises.json"), NULL, &err), EXATTN_OK);
    o.digits = EXATTN_MAX_DIGITS + 1;
    cr_assert_eq(exattn_grade_write_text(f, NULL, l, "r.json", results,
                                         strlen(results), &o, &err),
                 EXATTN_EINVAL);
    cr_assert_not_null(strstr(err.message, "digits 10000001: at most"),
                       "%s", err.message);
    cr_assert_eq(ftell(f), 0, "nothing written");
    fclose(f);
    exattn_lesson_free(l);
}
