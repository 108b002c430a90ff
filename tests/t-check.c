/* Claims: reading them (every mistake an input error with its position)
 * and checking them (verdicts, ties, slips, proofs, certificates). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "exattn.h"
#include "helpers.h"
#include "internal.h"
#include "claims/check.h"

#define LESSON002 "\"tokens\": [\"grid\",\"load\",\"rises\"], " \
    "\"X\": [[1,0],[0,1],[1,1]], \"W_Q\": [[1,0],[0,1]], " \
    "\"W_K\": [[1,1],[0,1]], \"W_V\": [[1,0],[0,2]], \"mask\": \"causal\", " \
    "\"variants\": [{\"name\": \"zero query\", \"query_multiplier\": " \
    "{\"query\": \"rises\", \"by\": 0}}], " \
    "\"blends\": [{\"name\": \"half\", \"weights\": [\"1/2\", 0, \"1/2\"]}]"

static exattn_lesson *
with_claims(const char *claims)
{
    char buf[8192];

    snprintf(buf, sizeof buf, "{" LESSON002 ", \"claims\": [%s]}", claims);
    return th_lesson(buf);
}

static exattn_verdict_t
verdict(const char *claim)
{
    exattn_lesson *l = with_claims(claim);
    exattn_verdict_t v;
    exattn_error_t err;

    cr_assert_eq(exattn_lesson_claim_count(l), 1);
    cr_assert_eq(exattn_claim_verdict(&v, l, 0, 0, &err), EXATTN_OK, "%s",
                 err.message);
    exattn_lesson_free(l);
    return v;
}

/* The text report of one claim. */
static char *
report(const char *claim)
{
    exattn_lesson *l = with_claims(claim);
    exattn_error_t err;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    cr_assert_eq(exattn_check_write_text(f, NULL, l, 0, &err), EXATTN_OK);
    fclose(f);
    exattn_lesson_free(l);
    return buf;
}

Test(check, verdicts)
{
    static const struct
    {
        const char *claim;
        exattn_verdict_t want;
    } cases[] = {
        { "{\"of\": \"weights[rises]\", \"approx\": [\"0.284\", \"0.140\", "
          "\"0.576\"]}", EXATTN_PASS },
        { "{\"of\": \"output[rises]\", \"approx\": [\"0.860\", \"1.432\"]}",
          EXATTN_PASS },
        { "{\"of\": \"output[grid]\", \"is\": [1, 0]}", EXATTN_PASS },
        { "{\"of\": \"output[rises]\", \"variant\": \"zero query\", "
          "\"is\": [\"2/3\", \"4/3\"]}", EXATTN_PASS },
        { "{\"of\": \"output[rises]\", \"is\": [\"2/3\", \"4/3\"]}",
          EXATTN_FAIL },
        { "{\"expr\": \"2.028/5.056\", \"approx\": \"0.401\"}", EXATTN_PASS },
        { "{\"expr\": \"exp(0.707)\", \"approx\": \"2.028\"}", EXATTN_PASS },
        { "{\"expr\": \"0.401 + 0.198 + 0.401\", \"approx\": \"1.000\"}",
          EXATTN_PASS },
        { "{\"of\": \"scores[rises]\", \"is\": [2, 1, 3]}", EXATTN_PASS },
        { "{\"of\": \"scaled[rises]\", \"approx\": [\"1.414\", \"0.707\", "
          "\"2.121\"]}", EXATTN_PASS },
        { "{\"of\": \"contributions[rises][rises]\", \"approx\": "
          "[\"0.576\", \"1.152\"]}", EXATTN_PASS },
        { "{\"of\": \"blend[half]\", \"is\": [1, 1]}", EXATTN_PASS },
        { "{\"of\": \"weights[load][grid]\", \"is\": \"1/2\"}", EXATTN_PASS },
        { "{\"of\": \"weights[load][rises]\", \"is\": 0}", EXATTN_PASS },
        /* named: proved equal, proved different, undecided */
        { "{\"of\": \"scaled[rises][grid]\", \"named\": \"2/√2\"}",
          EXATTN_PASS },
        { "{\"of\": \"scaled[rises][grid]\", \"named\": \"√2/2\"}",
          EXATTN_FAIL },
        { "{\"of\": \"weights[rises][grid]\", \"named\": "
          "\"1/(1+e^(-1/√2)+e^(1/√2))\"}", EXATTN_PASS },
        { "{\"of\": \"weights[rises][grid]\", \"named\": "
          "\"1/(1+e^(-1/√2)+e^(1/√3))\"}", EXATTN_FAIL },
        { "{\"of\": \"weights[rises][grid]\", \"named\": \"0.284\"}",
          EXATTN_FAIL },
        { "{\"of\": \"output[grid][1]\", \"named\": \"sin(1)^2+cos(1)^2\"}",
          EXATTN_PASS },
        { "{\"of\": \"output[grid][1]\", \"named\": \"cos(2)+2*sin(1)^2\"}",
          EXATTN_UNDECIDED },
        { "{\"of\": \"output[grid][1]\", \"named\": \"e^0\"}", EXATTN_PASS },
        /* shapes, exactly */
        { "{\"of\": \"shape.n\", \"is\": 3}", EXATTN_PASS },
        { "{\"of\": \"shape.d_k\", \"is\": 2}", EXATTN_PASS },
        { "{\"of\": \"shape.d_v\", \"is\": 3}", EXATTN_FAIL },
        { "{\"of\": \"shape.m\", \"approx\": \"3.0\"}", EXATTN_PASS },
    };
    size_t i;

    for (i = 0; i < sizeof cases / sizeof *cases; i++)
        cr_assert_eq(verdict(cases[i].claim), cases[i].want, "%s",
                     cases[i].claim);
}

/* 1/2 at 0 digits is a tie: both 0 and 1 are correct roundings. */
Test(check, exact_ties_accept_both_neighbours)
{
    char *r;

    cr_assert_eq(verdict("{\"of\": \"output[load][1]\", \"approx\": \"1\"}"),
                 EXATTN_PASS);
    cr_assert_eq(verdict("{\"of\": \"output[load][1]\", \"approx\": \"0\"}"),
                 EXATTN_PASS);
    cr_assert_eq(verdict("{\"of\": \"output[load][1]\", \"approx\": \"2\"}"),
                 EXATTN_FAIL);
    r = report("{\"of\": \"output[load][1]\", \"approx\": \"0\"}");
    cr_assert_not_null(strstr(r, "0.5 is exactly halfway between 0 and 1: "
                                 "either rounding passes"), "%s", r);
    free(r);
    /* a FAIL on a tie names the two roundings that would pass */
    r = report("{\"of\": \"output[load][1]\", \"approx\": \"2\"}");
    cr_assert_not_null(strstr(r, "FAIL"), "%s", r);
    cr_assert_not_null(strstr(r, "0.5 is exactly halfway between 0 and 1: "
                                 "either would pass, and 2 is neither"),
                       "%s", r);
    /* nor "rounds to 1": a tie has two roundings */
    cr_assert_null(strstr(r, "rounds to"), "%s", r);
    cr_assert_null(strstr(r, "accepted"), "%s", r);
    free(r);
}

Test(check, slips)
{
    char *r = report("{\"of\": \"weights[rises][grid]\", \"approx\": "
                     "\"0.283\"}");

    cr_assert_not_null(strstr(r, "FAIL"));
    cr_assert_not_null(strstr(r, "rounds to 0.284: a truncation, not a "
                                 "rounding"), "%s", r);
    free(r);
    r = report("{\"of\": \"weights[rises][load]\", \"approx\": \"0.141\"}");
    cr_assert_not_null(strstr(r, "rounds to 0.140: the last digit is off by "
                                 "one"), "%s", r);
    free(r);
    r = report("{\"of\": \"weights[rises]\", \"is\": [\"1/3\", \"1/3\", "
               "\"1/3\"]}");
    cr_assert_not_null(strstr(r, "entry 2: the value is named "
                                 "(irrational)"), "%s", r);
    free(r);
}

/* A value computed from rounded intermediates: search small lessons for
 * an output whose sum of rounded contributions differs from its correct
 * rounding, claim that sum, and expect the slip to be named. */
Test(check, rounded_intermediates_are_recognised)
{
    int a, b, found = 0;
    char claim[4096], lesson[4096];

    for (a = 1; a <= 9 && !found; a++)
        for (b = 1; b <= 9 && !found; b++)
        {
            exattn_lesson *l;
            exattn_row *row;
            exattn_row_eval *ev;
            exattn_error_t err;
            char *w[3], *o, *v;
            double sum = 0;
            int j;

            snprintf(lesson, sizeof lesson, "{\"Q\": [[1]], \"K\": [[0],[%d],"
                     "[%d]], \"V\": [[3],[5],[7]], \"scale\": \"1/%d\"}", a,
                     a + b, 3 + a);
            l = th_lesson(lesson);
            cr_assert_eq(exattn_row_new(&row, l, 0, &err), 0);
            cr_assert_eq(exattn_row_eval_new(&ev, row, NULL, &err), 0);
            /* the correct rounding of the output and of w_j V_j */
            cr_assert_eq(exattn_row_eval_decimal(&o, NULL, ev, EXATTN_OUTPUT,
                                                 0, 0, 2, 0, &err), 0);
            for (j = 0; j < 3; j++)
            {
                cr_assert_eq(exattn_row_eval_decimal(&w[j], NULL, ev,
                    EXATTN_CONTRIBUTION, (size_t)j, 0, 2, 0, &err), 0);
                sum += strtod(w[j], NULL);
                exattn_free(w[j]);
            }
            v = malloc(32);
            snprintf(v, 32, "%.2f", sum);
            if (strcmp(v, o) != 0)
            {
                char *r;
                exattn_lesson *with;

                found = 1;
                snprintf(claim, sizeof claim, "{\"of\": \"output[1][1]\", "
                         "\"approx\": \"%s\"}", v);
                lesson[strlen(lesson) - 1] = '\0';
                snprintf(lesson + strlen(lesson), 200, ", \"claims\": [%s]}",
                         claim);
                with = th_lesson(lesson);
                {
                    char *buf = NULL;
                    size_t len = 0;
                    FILE *f = open_memstream(&buf, &len);

                    cr_assert_eq(exattn_check_write_text(f, NULL, with, 0,
                                                         &err), 0);
                    fclose(f);
                    r = buf;
                }
                cr_assert_not_null(strstr(r, "computed from rounded "
                                             "intermediates"), "%s", r);
                free(r);
                exattn_lesson_free(with);
            }
            free(v);
            exattn_free(o);
            exattn_row_eval_free(ev);
            exattn_row_free(row);
            exattn_lesson_free(l);
        }
    cr_assert(found, "no lesson in the search shows the slip");
}

Test(check, json_report_carries_certificates)
{
    exattn_lesson *l = with_claims(
        "{\"of\": \"weights[rises][grid]\", \"approx\": \"0.284\"},"
        "{\"of\": \"output[grid]\", \"is\": [1, 0]}");
    exattn_check_summary_t sum;
    exattn_error_t err;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    cr_assert_eq(exattn_check_write_json(f, &sum, l, 0, &err), EXATTN_OK);
    fclose(f);
    cr_assert_eq(sum.passed, 2);
    cr_assert_not_null(strstr(buf, "\"certificate\": {\"enclosure\": "
                                   "[\"2.8399"), "%s", buf);
    cr_assert_not_null(strstr(buf, "\"precision\": "));
    cr_assert_not_null(strstr(buf, "{\"exact\": true}"));
    cr_assert_not_null(strstr(buf, "\"summary\": {\"passed\": 2, "
                                   "\"failed\": 0, \"undecided\": 0}"));
    free(buf);
    exattn_lesson_free(l);
}

static void
bad_claim(const char *claim, int code, const char *part)
{
    char buf[8192];
    exattn_error_t err;

    snprintf(buf, sizeof buf, "{" LESSON002 ", \"claims\": [%s]}", claim);
    cr_assert_eq(th_lesson_fails(buf, &err), code, "%s: %s", claim,
                 err.message);
    cr_assert_gt(err.line, 0);
    cr_assert_not_null(strstr(err.message, part), "%s: %s", claim,
                       err.message);
}

Test(check, mistakes_in_claims_are_input_errors)
{
    bad_claim("{\"of\": \"weight[rises]\", \"is\": 1}", EXATTN_EFIELD,
              "unknown quantity");
    bad_claim("{\"of\": \"weights[fall]\", \"is\": [1,1,1]}", EXATTN_EFIELD,
              "no such query row");
    bad_claim("{\"of\": \"weights[rises][sky]\", \"is\": 1}", EXATTN_EFIELD,
              "no such key");
    bad_claim("{\"of\": \"output[rises][3]\", \"is\": 1}", EXATTN_EFIELD,
              "no such output coordinate");
    bad_claim("{\"of\": \"weights[rises]\", \"approx\": [\"0.284\"]}",
              EXATTN_ESHAPE, "1 values for 3 entries");
    bad_claim("{\"of\": \"weights[rises][1]\", \"approx\": \"about 0.3\"}",
              EXATTN_EFIELD, "is not a decimal");
    bad_claim("{\"of\": \"weights[rises][1]\", \"is\": \"1/0\"}",
              EXATTN_ENUMBER, "division by zero");
    bad_claim("{\"of\": \"weights[rises][1]\", \"named\": \"1/(1+\"}",
              EXATTN_ESYNTAX, "unexpected end");
    bad_claim("{\"of\": \"output[rises]\", \"variant\": \"nope\", "
              "\"is\": [1, 1]}", EXATTN_EFIELD, "no variant \"nope\"");
    bad_claim("{\"of\": \"output[rises]\", \"expr\": \"1\", \"is\": 1}",
              EXATTN_EFIELD, "either \"of\" (a path) or \"expr\"");
    bad_claim("{\"of\": \"output[rises][1]\", \"is\": 1, \"approx\": "
              "\"1\"}", EXATTN_EFIELD, "one of \"is\", \"approx\"");
    bad_claim("{\"of\": \"output[rises][1]\"}", EXATTN_EFIELD,
              "needs \"is\", \"approx\", \"named\" or \"holds\"");
    bad_claim("{\"of\": \"output[rises][1]\", \"is\": 1, \"why\": 2}",
              EXATTN_EFIELD, "claim: unknown field \"why\"");
    bad_claim("{\"expr\": \"ln(0)\", \"approx\": \"1\"}", EXATTN_EDOMAIN,
              "ln of a number that is not positive");
    bad_claim("{\"of\": \"blend[none]\", \"is\": [1, 1]}", EXATTN_EFIELD,
              "no such blend");
    bad_claim("7", EXATTN_EFIELD, "claim: expected an object");
}

/* Identities the normal forms prove: equal surds however written, and a
 * block's head output as a rational function of e^{1/√2} (the row
 * engine's identity test, now the expression layer's too). */
Test(check, named_claims_proved_by_normal_forms)
{
    static const struct
    {
        const char *claim;
        exattn_verdict_t want;
        const char *note;
    } cases[] = {
        { "{\"expr\": \"sqrt(2)\", \"named\": \"2^(1/2)\"}", EXATTN_PASS,
          "proved equal" },
        { "{\"expr\": \"sqrt(100000/100001)\", "
          "\"named\": \"1/sqrt(1+1/100000)\"}", EXATTN_PASS, "proved equal" },
        { "{\"expr\": \"e^(1/2)*e^(1/2)\", \"named\": \"e\"}", EXATTN_PASS,
          "proved equal" },
        { "{\"expr\": \"sqrt(2)\", \"named\": \"2^(1/3)\"}", EXATTN_FAIL,
          "proved different" },
    };
    size_t i;

    for (i = 0; i < sizeof cases / sizeof *cases; i++)
    {
        char *r = report(cases[i].claim);

        cr_assert_eq(verdict(cases[i].claim), cases[i].want, "%s", r);
        cr_assert_not_null(strstr(r, cases[i].note), "%s", r);
        free(r);
    }
}

Test(check, block_outputs_as_rational_functions)
{
    char *path = th_srcpath("docs/examples/002-encoder-block.json");
    size_t len;
    char *text = th_slurp(path, &len), *at, *end, buf[16384];
    exattn_lesson *l;
    exattn_verdict_t v;
    exattn_error_t err;
    static const char *const claims =
        "\"claims\": ["
        "{\"of\": \"attention[load][2]\", \"named\": "
        "\"(9/2 + 9/2*e^(1/sqrt(2)))/(2+e^(1/sqrt(2)))\"},"
        "{\"of\": \"residual[load][2]\", \"named\": "
        "\"1+(9 + 9*e^(1/sqrt(2)))/(4+2*e^(1/sqrt(2)))\"},"
        "{\"of\": \"attention[load][2]\", \"named\": "
        "\"(9/2 + 9/2*e^(1/sqrt(2)))/(2+e^(1/sqrt(3)))\"}],";
    static const exattn_verdict_t want[] = { EXATTN_PASS, EXATTN_PASS,
                                             EXATTN_FAIL };
    size_t i;

    cr_assert_not_null(text);
    at = strstr(text, "\"claims\"");
    end = at ? strstr(at, "\n  ]") : NULL;
    cr_assert_not_null(end);
    /* the claims replaced: the text before them, ours, the rest */
    snprintf(buf, sizeof buf, "%.*s%.*s%s", (int)(at - text), text,
             (int)strlen(claims) - 1, claims, end + 4);
    l = th_lesson(buf);
    for (i = 0; i < sizeof want / sizeof *want; i++)
    {
        cr_assert_eq(exattn_claim_verdict(&v, l, i, 0, &err), EXATTN_OK,
                     "%s", err.message);
        cr_assert_eq(v, want[i], "claim %zu", i + 1);
    }
    exattn_lesson_free(l);
    free(text);
    free(path);
}

/* A block's shapes: widths, the joined heads, matrices as rows and
 * columns; a shape the lesson lacks is an error naming those it has. */
Test(check, shapes_of_a_block)
{
    char *path = th_srcpath("docs/examples/002-multi-head.json");
    char *data = th_slurp(path, NULL), *at, json[8192];
    static const struct { const char *claim; exattn_verdict_t want; }
    cases[] = {
        { "{\"of\": \"shape.heads\", \"is\": 2}", EXATTN_PASS },
        { "{\"of\": \"shape.concat\", \"is\": 2}", EXATTN_PASS },
        { "{\"of\": \"shape.h2.d_v\", \"is\": 1}", EXATTN_PASS },
        { "{\"of\": \"shape.W_O\", \"is\": [2, 2]}", EXATTN_PASS },
        { "{\"of\": \"shape.h1.W_Q\", \"is\": [2, 3]}", EXATTN_FAIL },
    };
    exattn_lesson *l;
    exattn_verdict_t v;
    exattn_error_t err;
    size_t i;

    cr_assert_not_null(data);
    at = strstr(data, "\"claims\"");
    cr_assert_not_null(at);
    for (i = 0; i < sizeof cases / sizeof *cases; i++)
    {
        snprintf(json, sizeof json, "%.*s\"claims\": [%s]}",
                 (int)(at - data), data, cases[i].claim);
        l = th_lesson(json);
        cr_assert_eq(exattn_claim_verdict(&v, l, 0, 0, &err), EXATTN_OK);
        cr_assert_eq(v, cases[i].want, "%s", cases[i].claim);
        exattn_lesson_free(l);
    }
    snprintf(json, sizeof json, "%.*s\"claims\": [{\"of\": \"shape.d_ff\", "
             "\"is\": 3}]}", (int)(at - data), data);
    cr_assert_eq(th_lesson_fails(json, &err), EXATTN_EFIELD);
    cr_assert_not_null(strstr(err.message, "no such shape (a block has"),
                       "%s", err.message);
    snprintf(json, sizeof json, "%.*s\"claims\": [{\"of\": \"shape.n[1]\", "
             "\"is\": 3}]}", (int)(at - data), data);
    cr_assert_eq(th_lesson_fails(json, &err), EXATTN_EFIELD);
    cr_assert_not_null(strstr(err.message, "a shape has no indices"), "%s",
                       err.message);
    free(data);
    free(path);
}

/* Properties, proved on every row of seed 002's lab. */
Test(check, properties_hold_and_say_what_was_proved)
{
    static const char *const rows[] = { "grid", "load", "rises" };
    char claim[256], *text;
    size_t i;

    for (i = 0; i < 3; i++)
    {
        snprintf(claim, sizeof claim, "{\"of\": \"weights[%s]\", \"holds\": "
                 "\"distribution\"}", rows[i]);
        cr_assert_eq(verdict(claim), EXATTN_PASS, "%s", claim);
        snprintf(claim, sizeof claim, "{\"of\": \"output[%s]\", \"holds\": "
                 "\"convex\"}", rows[i]);
        cr_assert_eq(verdict(claim), EXATTN_PASS, "%s", claim);
        snprintf(claim, sizeof claim, "{\"of\": \"weights[%s]\", \"holds\": "
                 "\"ties\"}", rows[i]);
        cr_assert_eq(verdict(claim), EXATTN_PASS, "%s", claim);
    }
    text = report("{\"of\": \"weights[load]\", \"holds\": \"ties\"}");
    cr_assert_not_null(strstr(text, "proved: the 1 pair of allowed keys "
                                    "with equal scores has equal weights"),
                       "%s", text);
    free(text);
}

/* A false property names its counterexample: rows whose decisions are
 * corrupted on purpose, as a bug in the rule would corrupt them. */
Test(check, a_false_property_names_its_counterexample)
{
    exattn_lesson *l = th_lesson(
        "{\"Q\": [[1]], \"K\": [[0],[0],[1]], \"V\": [[3],[3],[9]],"
        " \"mask\": [[1, 1, 0]], \"scale\": \"none\","
        " \"claims\": [{\"of\": \"weights[1]\", \"holds\": \"distribution\"},"
        "  {\"of\": \"output[1]\", \"holds\": \"convex\"},"
        "  {\"of\": \"weights[1]\", \"holds\": \"ties\"}]}");
    exattn_entry_result r;
    exattn_row *row;
    exattn_error_t err;

    cr_assert_eq(exattn_row_new(&row, l, 0, &err), EXATTN_OK);
    /* two keys of equal score, weights 1/2: corrupt them to 1/3 */
    cr_assert(row->weights_exact);
    mpq_set_ui(row->weight, 1, 3);
    memset(&r, 0, sizeof r);
    cr_assert_eq(exattn_claims__property(&r, &l->claims[0], row, 0, &err),
                 EXATTN_OK);
    cr_assert_eq(r.verdict, EXATTN_FAIL);
    cr_assert_str_eq(r.note, "the weights sum to less than 1");
    free(r.truth);
    free(r.note);
    memset(&r, 0, sizeof r);
    cr_assert_eq(exattn_claims__property(&r, &l->claims[1], row, 0, &err),
                 EXATTN_OK);
    cr_assert_eq(r.verdict, EXATTN_FAIL);
    cr_assert_str_eq(r.note, "coordinate 1 lies below the allowed values "
                             "[3, 3]");
    free(r.truth);
    free(r.note);
    /* the same scores, but a named row whose second key's exponent was
     * changed: its weights differ */
    row->weights_exact = 0;
    mpq_set_ui(row->coef[1], 1, 1);
    memset(&r, 0, sizeof r);
    cr_assert_eq(exattn_claims__property(&r, &l->claims[2], row, 0, &err),
                 EXATTN_OK);
    cr_assert_eq(r.verdict, EXATTN_FAIL);
    cr_assert_str_eq(r.note, "keys 1 and 2 have equal scores but different "
                             "weights");
    free(r.truth);
    free(r.note);
    exattn_row_free(row);
    exattn_lesson_free(l);
}

/* Convexity against values of different sizes, held as integers: the
 * smallest and largest allowed values are each their own (keeping views
 * of them, not copies, once made every bound the last key's). */
Test(check, convexity_bounds_are_the_smallest_and_largest_values)
{
    exattn_lesson *l = th_lesson(
        "{\"Q\": [[1]], \"K\": [[0],[0],[1],[0]], "
        " \"V\": [[2, -7],[8, 5],[100, 0],[4, 1]],"
        " \"mask\": [[1, 1, 0, 1]], \"scale\": \"none\","
        " \"claims\": [{\"of\": \"output[1]\", \"holds\": \"convex\"}]}");
    exattn_entry_result r;
    exattn_row *row;
    exattn_error_t err;

    cr_assert_not_null(l->v.ints);
    cr_assert_eq(exattn_row_new(&row, l, 0, &err), EXATTN_OK);
    memset(&r, 0, sizeof r);
    cr_assert_eq(exattn_claims__property(&r, &l->claims[0], row, 0, &err),
                 EXATTN_OK);
    cr_assert_eq(r.verdict, EXATTN_PASS, "%s", r.note);
    free(r.truth);
    free(r.note);
    /* three equal scores, weights 1/3: corrupt them to 1/10, and the
     * output (2 + 8 + 4)/10 = 1.4 falls below the smallest value, 2 */
    cr_assert(row->weights_exact);
    mpq_set_ui(row->weight, 1, 10);
    memset(&r, 0, sizeof r);
    cr_assert_eq(exattn_claims__property(&r, &l->claims[0], row, 0, &err),
                 EXATTN_OK);
    cr_assert_eq(r.verdict, EXATTN_FAIL);
    cr_assert_str_eq(r.note, "coordinate 1 lies below the allowed values "
                             "[2, 8]");
    free(r.truth);
    free(r.note);
    exattn_row_free(row);
    exattn_lesson_free(l);
}

Test(check, a_property_of_the_wrong_quantity_is_an_error)
{
    exattn_error_t err;
    char buf[4096];

    snprintf(buf, sizeof buf, "{" LESSON002 ", \"claims\": [{\"of\": "
             "\"output[rises]\", \"holds\": \"distribution\"}]}");
    cr_assert_eq(th_lesson_fails(buf, &err), EXATTN_EFIELD);
    cr_assert_not_null(strstr(err.message, "\"distribution\" is a property "
                                           "of a row's weights"),
                       "%s", err.message);
    snprintf(buf, sizeof buf, "{" LESSON002 ", \"claims\": [{\"of\": "
             "\"weights[rises]\", \"holds\": \"monotone\"}]}");
    cr_assert_eq(th_lesson_fails(buf, &err), EXATTN_EFIELD);
    cr_assert_not_null(strstr(err.message, "holds: expected"), "%s",
                       err.message);
}

/* Differences: a variant's quantity minus the base's (or another
 * variant's), with is, approx and named as for any claim. */
Test(check, differences_of_variants)
{
    static const struct { const char *claim; exattn_verdict_t want; }
    cases[] = {
        /* zero query: the weights of rises become 1/3 each */
        { "{\"of\": \"weights[rises][grid]\", \"variant\": \"zero query\", "
          "\"minus\": \"base\", \"approx\": \"0.049\"}", EXATTN_PASS },
        { "{\"of\": \"weights[grid]\", \"variant\": \"zero query\", "
          "\"minus\": \"base\", \"is\": [0, 0, 0]}", EXATTN_PASS },
        { "{\"of\": \"output[rises][1]\", \"variant\": \"zero query\", "
          "\"minus\": \"base\", \"is\": 0}", EXATTN_FAIL },
        { "{\"of\": \"scores[rises]\", \"minus\": \"zero query\", "
          "\"is\": [2, 1, 3]}", EXATTN_PASS },
        { "{\"of\": \"weights[rises][grid]\", \"variant\": \"zero query\", "
          "\"minus\": \"base\", \"named\": "
          "\"1/3 - 1/(1+e^(-1/√2)+e^(1/√2))\"}", EXATTN_PASS },
    };
    size_t i;

    for (i = 0; i < sizeof cases / sizeof *cases; i++)
        cr_assert_eq(verdict(cases[i].claim), cases[i].want, "%s",
                     cases[i].claim);
    bad_claim("{\"of\": \"weights[rises]\", \"minus\": \"nowhere\", "
              "\"is\": [0, 0, 0]}", EXATTN_EFIELD,
              "minus: no variant \"nowhere\"");
    bad_claim("{\"expr\": \"1+1\", \"minus\": \"base\", \"is\": 2}",
              EXATTN_EFIELD, "a difference (\"minus\") is of a row quantity");
}

/* A difference of lessons of different shapes is refused. */
Test(check, a_difference_of_different_shapes_is_an_error)
{
    exattn_error_t err;

    cr_assert_eq(th_lesson_fails(
        "{\"Q\": [[1]], \"K\": [[0],[1]], \"V\": [[1],[2]],"
        " \"variants\": [{\"name\": \"wider\", \"V\": [[1, 0],[2, 0]]}],"
        " \"claims\": [{\"of\": \"output[1]\", \"variant\": \"wider\","
        "  \"minus\": \"base\", \"is\": [0, 0]}]}", &err), EXATTN_ESHAPE);
    cr_assert_not_null(strstr(err.message, "different shapes"), "%s",
                       err.message);
}

/* Rows are paired by position: a permuted variant cannot be subtracted
 * row by row (its contrast follows each token instead). */
Test(check, a_difference_with_a_permuted_variant_is_refused)
{
    exattn_error_t err;

    cr_assert_eq(th_lesson_fails(
        "{\"Q\": [[1],[2]], \"K\": [[0],[1]], \"V\": [[1],[2]],"
        " \"tokens\": [\"a\", \"b\"],"
        " \"variants\": [{\"name\": \"swapped\", \"permute\": [2, 1]}],"
        " \"claims\": [{\"of\": \"output[a]\", \"variant\": \"swapped\","
        "  \"minus\": \"base\", \"is\": [0]}]}", &err), EXATTN_EFIELD);
    cr_assert_not_null(strstr(err.message, "cannot be paired"), "%s",
                       err.message);
}

/* A named value may name the lesson's quantities by path: the claim is
 * then compared with an expression built from those quantities' exact
 * data (seed 002: "increases by 2a3"). */
Test(check, named_values_may_name_quantities)
{
    static const struct { const char *claim; exattn_verdict_t want; }
    cases[] = {
        /* v = (1,0), (0,2), (1,2): o1 = a1 + a3, o2 = 2a2 + 2a3 */
        { "{\"of\": \"output[rises][1]\", \"named\": "
          "\"weights[rises][grid] + weights[rises][rises]\"}", EXATTN_PASS },
        { "{\"of\": \"output[rises][2]\", \"named\": "
          "\"2*weights[rises][load] + 2*weights[rises][3]\"}", EXATTN_PASS },
        { "{\"of\": \"output[rises][2]\", \"named\": "
          "\"3*weights[rises][load] + 2*weights[rises][3]\"}", EXATTN_FAIL },
        { "{\"of\": \"contributions[rises][rises][2]\", \"named\": "
          "\"2*weights[3][3]\"}", EXATTN_PASS },
        { "{\"of\": \"weights[rises][1]\", \"named\": "
          "\"1 - weights[rises][2] - weights[rises][3]\"}", EXATTN_PASS },
        /* in a difference, paths name the claim's own lesson: here the
         * zero query's weights, 1/3 each */
        { "{\"of\": \"weights[rises][grid]\", \"variant\": \"zero query\", "
          "\"minus\": \"base\", \"named\": "
          "\"weights[rises][grid] - 1/(1+e^(-1/√2)+e^(1/√2))\"}",
          EXATTN_PASS },
        { "{\"of\": \"output[grid][2]\", \"named\": \"2*weights[grid][2]\"}",
          EXATTN_PASS },   /* exact: 0 = 2·0 */
    };
    size_t i;

    for (i = 0; i < sizeof cases / sizeof *cases; i++)
        cr_assert_eq(verdict(cases[i].claim), cases[i].want, "%s",
                     cases[i].claim);
    bad_claim("{\"of\": \"output[rises][1]\", \"named\": "
              "\"weights[rises]\"}", EXATTN_EFIELD, "with every index given");
    bad_claim("{\"of\": \"output[rises][1]\", \"named\": "
              "\"weights[nobody][1]\"}", EXATTN_EFIELD, "no such query row");
    bad_claim("{\"of\": \"output[rises][1]\", \"named\": "
              "\"weights[rises][1\"}", EXATTN_ESYNTAX, "expected ']'");
    bad_claim("{\"expr\": \"2*weights[rises][3]\", \"approx\": \"1.152\"}",
              EXATTN_ESYNTAX, "unknown name 'weights'");
}

/* Seed 002's lab with its multiplier steps and a reordering of tokens. */
#define STEPS "\"tokens\": [\"grid\",\"load\",\"rises\"], " \
    "\"X\": [[1,0],[0,1],[1,1]], \"W_Q\": [[1,0],[0,1]], " \
    "\"W_K\": [[1,1],[0,1]], \"W_V\": [[1,0],[0,2]], \"mask\": \"causal\", " \
    "\"variants\": [" \
    "{\"name\": \"zero\", \"query_multiplier\": {\"query\": \"rises\", " \
    "\"by\": 0}}, " \
    "{\"name\": \"half\", \"query_multiplier\": {\"query\": \"rises\", " \
    "\"by\": \"1/2\"}}, " \
    "{\"name\": \"double\", \"query_multiplier\": {\"query\": \"rises\", " \
    "\"by\": 2}}, " \
    "{\"name\": \"load up\", \"query_multiplier\": {\"query\": \"load\", " \
    "\"by\": 3}}, " \
    "{\"name\": \"visible\", \"mask\": \"none\"}, " \
    "{\"name\": \"swap\", \"mask\": \"none\", \"permute\": [3, 2, 1], " \
    "\"contrast\": \"visible\"}, " \
    "{\"name\": \"swap causal\", \"permute\": [3, 2, 1]}]"

static char *
step_report(const char *claim, exattn_check_summary_t *sum)
{
    char json[4096], *buf = NULL;
    size_t len = 0;
    exattn_lesson *l;
    exattn_error_t err;
    FILE *f = open_memstream(&buf, &len);

    snprintf(json, sizeof json, "{" STEPS ", \"claims\": [%s]}", claim);
    l = th_lesson(json);
    cr_assert_eq(exattn_check_write_text(f, sum, l, 0, &err), EXATTN_OK,
                 "%s", err.message);
    fclose(f);
    exattn_lesson_free(l);
    return buf;
}

/* "The largest fixed score gets a larger share, while tied scores remain
 * tied", and "the output follows the same permutation": proved, each
 * false case with its counterexample. */
Test(check, sharpening_and_equivariance_are_proved)
{
    static const struct { const char *claim, *note; size_t passed; }
    cases[] = {
        { "{\"of\": \"weights[rises]\", \"holds\": \"sharpens\", \"along\": "
          "[\"zero\", \"half\", \"base\", \"double\"]}",
          "proved: along 4 lessons the weight of the largest score "
          "increases at each step", 1 },
        { "{\"of\": \"weights[rises]\", \"holds\": \"sharpens\", \"along\": "
          "[\"double\", \"base\"]}",
          "the weight of key rises (the largest score) decreases from "
          "\"double\" to \"base\"", 0 },
        { "{\"of\": \"weights[rises]\", \"holds\": \"sharpens\", \"along\": "
          "[\"base\", \"base\"]}", "stays the same", 0 },
        /* load sees grid and load, tied: neither can grow */
        { "{\"of\": \"weights[load]\", \"holds\": \"sharpens\", \"along\": "
          "[\"base\", \"load up\"]}",
          "every allowed key has the largest score", 0 },
        { "{\"of\": \"output[rises]\", \"variant\": \"swap\", \"holds\": "
          "\"equivariant\"}", "proved: token rises's output is its output "
          "in \"visible\" (row 3 there), all 2 coordinates", 1 },
        { "{\"of\": \"output[grid]\", \"variant\": \"swap\", \"holds\": "
          "\"equivariant\"}", "proved", 1 },
        /* a fixed causal mask: grid now sees every token */
        { "{\"of\": \"output[grid]\", \"variant\": \"swap causal\", "
          "\"holds\": \"equivariant\"}", "coordinate 1 of token grid's "
          "output differs from its output in \"base\" (row 1 there)", 0 },
    };
    exattn_check_summary_t sum;
    size_t i;

    for (i = 0; i < sizeof cases / sizeof *cases; i++)
    {
        char *text = step_report(cases[i].claim, &sum);

        cr_assert_not_null(strstr(text, cases[i].note), "%s", text);
        cr_assert_eq(sum.passed, cases[i].passed, "%s", text);
        cr_assert_eq(sum.failed, 1 - cases[i].passed, "%s", text);
        free(text);
    }
}

/* Ties: keys tied in score at the end have equal weights all along (at
 * multiplier 0 every key is tied; keys 1 and 2 stay tied after), and the
 * report says so. */
Test(check, a_sharpening_keeps_its_ties)
{
    exattn_lesson *l = th_lesson(
        "{\"Q\": [[1]], \"K\": [[1],[1],[2]], \"V\": [[3],[3],[9]],"
        " \"scale\": \"none\", \"variants\": [{\"name\": \"zero\","
        " \"query_multiplier\": {\"query\": 1, \"by\": 0}}],"
        " \"claims\": [{\"of\": \"weights[1]\", \"holds\": \"sharpens\","
        " \"along\": [\"zero\", \"base\"]}]}");
    exattn_check_summary_t sum;
    exattn_error_t err;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    cr_assert_eq(exattn_check_write_text(f, &sum, l, 0, &err), EXATTN_OK);
    fclose(f);
    cr_assert_eq(sum.passed, 1, "%s", buf);
    cr_assert_not_null(strstr(buf, "and keys tied in score keep equal "
                                   "weights"), "%s", buf);
    free(buf);
    exattn_lesson_free(l);
}

Test(check, sharpens_and_equivariant_need_their_lessons)
{
    static const struct { const char *claim, *message; } cases[] = {
        { "{\"of\": \"weights[rises]\", \"holds\": \"sharpens\"}",
          "\"sharpens\" needs \"along\"" },
        { "{\"of\": \"weights[rises]\", \"holds\": \"sharpens\", \"along\": "
          "[\"zero\"]}", "at least two" },
        { "{\"of\": \"weights[rises]\", \"holds\": \"sharpens\", \"along\": "
          "[\"zero\", \"triple\"]}", "along: no variant \"triple\"" },
        { "{\"of\": \"weights[rises]\", \"holds\": \"sharpens\", \"along\": "
          "[\"zero\", \"swap\"]}", "does not pair its rows" },
        { "{\"of\": \"weights[rises]\", \"variant\": \"zero\", \"holds\": "
          "\"sharpens\", \"along\": [\"zero\", \"base\"]}",
          "leave \"variant\" out" },
        { "{\"of\": \"weights[rises]\", \"holds\": \"ties\", \"along\": "
          "[\"zero\", \"base\"]}", "\"along\" belongs to \"sharpens\"" },
        { "{\"of\": \"output[rises]\", \"holds\": \"sharpens\", \"along\": "
          "[\"zero\", \"base\"]}", "is a property of a row's weights" },
        { "{\"of\": \"output[rises]\", \"holds\": \"equivariant\"}",
          "compares a variant that permutes the tokens" },
        { "{\"of\": \"output[rises]\", \"variant\": \"double\", \"holds\": "
          "\"equivariant\"}", "compares a variant that permutes" },
        { "{\"of\": \"weights[rises]\", \"variant\": \"swap\", \"holds\": "
          "\"equivariant\"}", "is a property of a row's output" },
        /* grid sees only itself under the causal mask, every key without:
         * a weight would "grow" from an exact 0 */
        { "{\"of\": \"weights[grid]\", \"holds\": \"sharpens\", \"along\": "
          "[\"base\", \"visible\"]}", "other allowed keys for the row" },
    };
    exattn_error_t err;
    char json[4096];
    size_t i;

    for (i = 0; i < sizeof cases / sizeof *cases; i++)
    {
        snprintf(json, sizeof json, "{" STEPS ", \"claims\": [%s]}",
                 cases[i].claim);
        cr_assert_eq(th_lesson_fails(json, &err), EXATTN_EFIELD, "%s",
                     cases[i].claim);
        cr_assert_gt(err.line, 0);
        cr_assert_not_null(strstr(err.message, cases[i].message), "%s: %s",
                           cases[i].claim, err.message);
    }
}

/* Equivariance compares rows of the same shape: a permuted variant whose
 * contrast has wider values is refused, not read out of bounds. */
Test(check, equivariance_of_different_shapes_is_an_error)
{
    exattn_error_t err;

    cr_assert_eq(th_lesson_fails(
        "{\"Q\": [[1],[0]], \"K\": [[1],[0]], \"V\": [[1],[2]],"
        " \"variants\": [{\"name\": \"wide\", \"V\": [[1, 0],[2, 0]]},"
        " {\"name\": \"swap\", \"permute\": [2, 1], \"contrast\": \"wide\"}],"
        " \"claims\": [{\"of\": \"output[1]\", \"variant\": \"swap\","
        " \"holds\": \"equivariant\"}]}", &err), EXATTN_ESHAPE, "%s",
        err.message);
    cr_assert_not_null(strstr(err.message, "different shapes"), "%s",
                       err.message);
}

/* Each line is FILE:LINE:COLUMN: VERDICT, the claim's place, so that an
 * editor jumps to it; a line that does not pass quotes the claim's
 * "source", and --quiet's writer keeps those lines only. */
Test(check, lines_name_their_place_and_quote_the_source)
{
    exattn_lesson *l = with_claims(
        "{\"of\": \"weights[rises][load]\", \"approx\": \"0.140\","
        " \"source\": \"the load gets 0.140\"},\n"
        "{\"of\": \"weights[rises][load]\", \"approx\": \"0.141\","
        " \"source\": \"the load gets \\\"0.141\\\"\\nat most\"}");
    exattn_check_summary_t sum;
    exattn_error_t err;
    char *all = NULL, *quiet = NULL;
    size_t len = 0, qlen = 0;
    FILE *f = open_memstream(&all, &len), *q = open_memstream(&quiet, &qlen);

    cr_assert_eq(exattn_check_write_text(f, NULL, l, 0, &err), EXATTN_OK,
                 "%s", err.message);
    cr_assert_eq(exattn_check_write_failures(q, &sum, l, 0, &err), EXATTN_OK,
                 "%s", err.message);
    fclose(f);
    fclose(q);
    cr_assert_not_null(strstr(all, "test.json:1:"), "%s", all);
    cr_assert_not_null(strstr(all, ": PASS weights[rises][load] ≈ 0.140  "
                                   "(true: 0.140029)\n"), "%s", all);
    cr_assert_not_null(strstr(all, "test.json:2:1: FAIL weights[rises][load]"
                                   " ≈ 0.141  (true: 0.140029) — rounds to "
                                   "0.140: the last digit is off by one — "
                                   "the page: \"the load gets \\\"0.141\\\" "
                                   "at most\"\n"),
                       "%s", all);
    cr_assert_not_null(strstr(all, "1 passed, 1 failed, 0 undecided\n"));
    /* the failures alone, every count still summed */
    cr_assert_eq(strncmp(quiet, "test.json:2:1: FAIL ", 20), 0, "%s", quiet);
    cr_assert_eq(strchr(quiet, '\n') - quiet + 1, (long)qlen, "%s", quiet);
    cr_assert_eq(sum.passed, 1);
    cr_assert_eq(sum.failed, 1);
    free(all);
    free(quiet);
    exattn_lesson_free(l);
}
