/* Named presentations of row quantities: the lesson's own forms in text
 * and LaTeX. */
#include <criterion/criterion.h>
#include <string.h>
#include "exattn.h"
#include "helpers.h"

static void
expect_str(const exattn_row *r, exattn_kind_t kind, size_t key, size_t col,
           unsigned flags, const char *want)
{
    char *s = exattn_row_get_str(r, kind, key, col, flags);

    cr_assert_not_null(s);
    cr_assert_str_eq(s, want, "kind %d key %zu col %zu flags %u: got %s",
                     kind, key, col, flags, s);
    exattn_free(s);
}

/* Seed 000/002, row "rises": q=[1,1], keys [1,1],[0,1],[1,2], d_k = 2. */
#define RISES "{\"Q\": [[1,1]], \"K\": [[1,1],[0,1],[1,2]], " \
              "\"V\": [[1,0],[0,2],[1,2]], \"query_tokens\": [\"rises\"]}"

Test(row, scores_write_the_dot_product_out)
{
    exattn_lesson *l = th_lesson(RISES);
    exattn_row *r;
    exattn_error_t err;

    cr_assert_eq(exattn_row_new(&r, l, 0, &err), EXATTN_OK);
    expect_str(r, EXATTN_SCORE, 2, 0, EXATTN_TEXT, "1·1+1·2");
    expect_str(r, EXATTN_SCORE, 2, 0, EXATTN_LATEX,
               "1\\cdot 1+1\\cdot 2");
    exattn_row_free(r);
    exattn_lesson_free(l);
}

Test(row, scaled_scores_in_the_lessons_form)
{
    exattn_lesson *l = th_lesson(RISES);
    exattn_row *r;
    exattn_error_t err;

    cr_assert_eq(exattn_row_new(&r, l, 0, &err), EXATTN_OK);
    expect_str(r, EXATTN_SCALED, 0, 0, EXATTN_TEXT, "2/√2");
    expect_str(r, EXATTN_SCALED, 0, 0, EXATTN_SIMPLIFIED, "√2");
    expect_str(r, EXATTN_SCALED, 2, 0, EXATTN_SIMPLIFIED, "3√2/2");
    expect_str(r, EXATTN_SCALED, 2, 0, EXATTN_LATEX,
               "\\frac{3}{\\sqrt{2}}");
    expect_str(r, EXATTN_SCALED, 2, 0, EXATTN_LATEX | EXATTN_SIMPLIFIED,
               "\\frac{3\\sqrt{2}}{2}");
    expect_str(r, EXATTN_SCALED, 1, 0, EXATTN_SIMPLIFIED, "√2/2");
    exattn_row_free(r);
    exattn_lesson_free(l);
}

Test(row, named_weights_list_every_allowed_key_in_order)
{
    exattn_lesson *l = th_lesson(RISES);
    exattn_row *r;
    exattn_error_t err;

    cr_assert_eq(exattn_row_new(&r, l, 0, &err), EXATTN_OK);
    expect_str(r, EXATTN_WEIGHT, 0, 0, EXATTN_TEXT,
               "e^{√2}/(e^{√2}+e^{√2/2}+e^{3√2/2})");
    expect_str(r, EXATTN_WEIGHT, 1, 0, EXATTN_LATEX,
               "\\frac{e^{\\sqrt{2}/2}}{e^{\\sqrt{2}}+"
               "e^{\\sqrt{2}/2}+e^{3\\sqrt{2}/2}}");
    expect_str(r, EXATTN_CONTRIBUTION, 1, 1, EXATTN_TEXT,
               "(e^{√2/2}/(e^{√2}+e^{√2/2}+e^{3√2/2}))·2");
    expect_str(r, EXATTN_OUTPUT, 0, 0, EXATTN_TEXT,
               "(e^{√2}/(e^{√2}+e^{√2/2}+e^{3√2/2}))·1 + "
               "(e^{√2/2}/(e^{√2}+e^{√2/2}+e^{3√2/2}))·0 + "
               "(e^{3√2/2}/(e^{√2}+e^{√2/2}+e^{3√2/2}))·1");
    exattn_row_free(r);
    exattn_lesson_free(l);
}

Test(row, seed_004_forms)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1,0],[0,1],[1,1]], \"K\": "
        "[[1,0],[0,1],[1,1]], \"V\": [[2,0],[0,3],[1,1]], \"scale\": "
        "\"none\", \"mask\": \"causal\"}");
    exattn_row *r;
    exattn_error_t err;

    cr_assert_eq(exattn_row_new(&r, l, 2, &err), EXATTN_OK);
    expect_str(r, EXATTN_WEIGHT, 0, 0, EXATTN_TEXT, "e^1/(e^1+e^1+e^2)");
    expect_str(r, EXATTN_WEIGHT, 0, 0, EXATTN_LATEX,
               "\\frac{e^{1}}{e^{1}+e^{1}+e^{2}}");
    expect_str(r, EXATTN_SCALED, 2, 0, EXATTN_TEXT, "2");
    exattn_row_free(r);
    cr_assert_eq(exattn_row_new(&r, l, 1, &err), EXATTN_OK);
    expect_str(r, EXATTN_WEIGHT, 0, 0, EXATTN_TEXT, "e^0/(e^0+e^1)");
    expect_str(r, EXATTN_WEIGHT, 2, 0, EXATTN_TEXT, "0");
    expect_str(r, EXATTN_CONTRIBUTION, 2, 0, EXATTN_TEXT, "0");
    exattn_row_free(r);
    cr_assert_eq(exattn_row_new(&r, l, 0, &err), EXATTN_OK);
    expect_str(r, EXATTN_WEIGHT, 0, 0, EXATTN_TEXT, "1");
    expect_str(r, EXATTN_OUTPUT, 0, 0, EXATTN_TEXT, "1·2");
    exattn_row_free(r);
    exattn_lesson_free(l);
}

/* Negative and fractional entries stay unambiguous. */
Test(row, negative_and_fractional_entries)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[\"-1/2\", 1]], \"K\": [[1, -3], "
        "[0, 0]], \"V\": [[-2], [\"1/3\"]], \"scale\": \"1/sqrt(2)\"}");
    exattn_row *r;
    exattn_error_t err;

    cr_assert_eq(exattn_row_new(&r, l, 0, &err), EXATTN_OK);
    expect_str(r, EXATTN_SCORE, 0, 0, EXATTN_TEXT, "(-1/2)·1+1·(-3)");
    expect_str(r, EXATTN_SCORE, 0, 0, EXATTN_LATEX,
               "(-\\frac{1}{2})\\cdot 1+1\\cdot (-3)");
    expect_str(r, EXATTN_SCALED, 0, 0, EXATTN_TEXT, "(-7/2)/√2");
    expect_str(r, EXATTN_SCALED, 0, 0, EXATTN_LATEX,
               "-\\frac{7}{2\\sqrt{2}}");
    expect_str(r, EXATTN_SCALED, 0, 0, EXATTN_SIMPLIFIED, "-7√2/4");
    expect_str(r, EXATTN_SCALED, 1, 0, EXATTN_TEXT, "0");
    expect_str(r, EXATTN_WEIGHT, 0, 0, EXATTN_TEXT,
               "e^{-7√2/4}/(e^{-7√2/4}+e^0)");
    expect_str(r, EXATTN_CONTRIBUTION, 1, 0, EXATTN_TEXT,
               "(e^0/(e^{-7√2/4}+e^0))·(1/3)");
    expect_str(r, EXATTN_CONTRIBUTION, 0, 0, EXATTN_LATEX,
               "\\frac{e^{-7\\sqrt{2}/4}}{e^{-7\\sqrt{2}/4}"
               "+e^{0}}\\cdot (-2)");
    exattn_row_free(r);
    exattn_lesson_free(l);
}

Test(row, exact_weights_print_as_fractions)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[0]], \"K\": [[1],[2],[3]], "
                                 "\"V\": [[1],[0],[1]]}");
    exattn_row *r;
    exattn_error_t err;

    cr_assert_eq(exattn_row_new(&r, l, 0, &err), EXATTN_OK);
    expect_str(r, EXATTN_WEIGHT, 1, 0, EXATTN_TEXT, "1/3");
    expect_str(r, EXATTN_WEIGHT, 1, 0, EXATTN_LATEX, "\\frac{1}{3}");
    expect_str(r, EXATTN_OUTPUT, 0, 0, EXATTN_TEXT,
               "(1/3)·1 + (1/3)·0 + (1/3)·1");
    exattn_row_free(r);
    exattn_lesson_free(l);
}
