/* The exact-or-named rule: weights and outputs, on hand-made rows whose
 * answers are known. */
#include <criterion/criterion.h>
#include <string.h>
#include "exattn.h"
#include "helpers.h"

static exattn_row *
row_of(const exattn_lesson *l, size_t i)
{
    exattn_row *r = NULL;
    exattn_error_t err;

    cr_assert_eq(exattn_row_new(&r, l, i, &err), EXATTN_OK);
    return r;
}

static void
expect_exact(const exattn_row *r, exattn_kind_t kind, size_t key,
             size_t col, const char *want)
{
    mpq_t q;

    mpq_init(q);
    cr_assert_eq(exattn_row_status(r, kind, key, col), EXATTN_EXACT,
                 "kind %d key %zu col %zu should be exact", kind, key, col);
    cr_assert_eq(exattn_row_get_mpq(q, r, kind, key, col), EXATTN_OK);
    cr_assert(th_mpq_is(q, want), "kind %d key %zu col %zu = %s, want %s",
              kind, key, col, mpq_get_str(NULL, 10, q), want);
    mpq_clear(q);
}

static void
expect_named(const exattn_row *r, exattn_kind_t kind, size_t key, size_t col)
{
    mpq_t q;

    mpq_init(q);
    cr_assert_eq(exattn_row_status(r, kind, key, col), EXATTN_NAMED,
                 "kind %d key %zu col %zu should be named", kind, key, col);
    cr_assert_eq(exattn_row_get_mpq(q, r, kind, key, col), EXATTN_ENOTEXACT);
    mpq_clear(q);
}

#define SEED004 "{\"Q\": [[1,0],[0,1],[1,1]], \"K\": [[1,0],[0,1],[1,1]], " \
    "\"V\": [[2,0],[0,3],[1,1]], \"scale\": \"none\", \"mask\": \"causal\"}"

Test(rule, single_key_is_exactly_one)
{
    exattn_lesson *l = th_lesson(SEED004);
    exattn_row *r = row_of(l, 0);

    cr_assert_eq(exattn_row_allowed_count(r), 1);
    cr_assert(exattn_row_weights_exact(r));
    expect_exact(r, EXATTN_WEIGHT, 0, 0, "1");
    expect_exact(r, EXATTN_WEIGHT, 1, 0, "0");
    expect_exact(r, EXATTN_WEIGHT, 2, 0, "0");
    expect_exact(r, EXATTN_OUTPUT, 0, 0, "2");
    expect_exact(r, EXATTN_OUTPUT, 0, 1, "0");
    exattn_row_free(r);
    exattn_lesson_free(l);
}

Test(rule, different_scores_are_named)
{
    exattn_lesson *l = th_lesson(SEED004);
    exattn_row *r = row_of(l, 1);

    cr_assert_not(exattn_row_weights_exact(r));
    expect_named(r, EXATTN_WEIGHT, 0, 0);
    expect_named(r, EXATTN_WEIGHT, 1, 0);
    expect_exact(r, EXATTN_WEIGHT, 2, 0, "0");     /* blocked */
    expect_named(r, EXATTN_OUTPUT, 0, 0);
    expect_named(r, EXATTN_OUTPUT, 0, 1);
    /* a named weight times an exact zero is exactly zero */
    expect_exact(r, EXATTN_CONTRIBUTION, 0, 1, "0");
    expect_named(r, EXATTN_CONTRIBUTION, 0, 0);
    expect_exact(r, EXATTN_CONTRIBUTION, 2, 0, "0");
    exattn_row_free(r);
    exattn_lesson_free(l);
}

/* Seed 004, query 3: scores 1, 1, 2.  Coordinate 1: group means
 * (2+0)/2 = 1 and 1/1 = 1 agree, so the output is exactly 1 although the
 * lesson calls it named.  Coordinate 2: 3/2 and 1 differ: named. */
Test(rule, output_exact_when_group_means_agree)
{
    exattn_lesson *l = th_lesson(SEED004);
    exattn_row *r = row_of(l, 2);

    cr_assert_not(exattn_row_weights_exact(r));
    expect_exact(r, EXATTN_OUTPUT, 0, 0, "1");
    expect_named(r, EXATTN_OUTPUT, 0, 1);
    exattn_row_free(r);
    exattn_lesson_free(l);
}

Test(rule, equal_scores_give_one_over_count)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[0,0],[1,1]], \"K\": [[1,0],[0,1],"
        "[5,-4]], \"V\": [[1,0],[0,2],[1,2]], \"mask\": [[1,1,1],[1,1,0]]}");
    exattn_row *r = row_of(l, 0);

    cr_assert(exattn_row_weights_exact(r));
    expect_exact(r, EXATTN_WEIGHT, 1, 0, "1/3");
    expect_exact(r, EXATTN_OUTPUT, 0, 0, "2/3");
    expect_exact(r, EXATTN_OUTPUT, 0, 1, "4/3");
    expect_exact(r, EXATTN_CONTRIBUTION, 2, 1, "2/3");
    exattn_row_free(r);
    /* row 2: scores 1 and 1 over the allowed keys, 1 blocked */
    r = row_of(l, 1);
    cr_assert(exattn_row_weights_exact(r));
    expect_exact(r, EXATTN_WEIGHT, 0, 0, "1/2");
    expect_exact(r, EXATTN_WEIGHT, 2, 0, "0");
    expect_exact(r, EXATTN_OUTPUT, 0, 0, "1/2");
    expect_exact(r, EXATTN_OUTPUT, 0, 1, "1");
    exattn_row_free(r);
    exattn_lesson_free(l);
}

/* Scores compare as c*sqrt(s): with 1/sqrt(8), raw 2 and raw 2 are equal
 * (√2/2 both), raw 1 differs. */
Test(rule, scaled_scores_compare_exactly)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1,1,0,0,0,0,0,0]], \"K\": "
        "[[2,0,0,0,0,0,0,0],[1,1,0,0,0,0,0,0],[1,0,0,0,0,0,0,0]], "
        "\"V\": [[3],[5],[4]]}");
    exattn_row *r = row_of(l, 0);
    mpq_t c;

    mpq_init(c);
    cr_assert_eq(exattn_row_scaled_coef(c, r, 0), 2);
    cr_assert(th_mpq_is(c, "1/2"), "2/sqrt(8) = sqrt(2)/2");
    cr_assert_eq(exattn_row_scaled_coef(c, r, 2), 2);
    cr_assert(th_mpq_is(c, "1/4"));
    expect_named(r, EXATTN_SCALED, 0, 0);
    expect_exact(r, EXATTN_SCORE, 0, 0, "2");
    /* keys 1 and 2 tie (mean 4), key 3 alone (mean 4): exactly 4 */
    expect_exact(r, EXATTN_OUTPUT, 0, 0, "4");
    expect_named(r, EXATTN_WEIGHT, 0, 0);
    mpq_clear(c);
    exattn_row_free(r);
    exattn_lesson_free(l);
}

Test(rule, rational_scale_and_zero_scale)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1,2]], \"K\": [[1,0],[0,1]], "
                                 "\"V\": [[1],[3]], \"scale\": \"1/2\"}");
    exattn_row *r = row_of(l, 0);

    expect_exact(r, EXATTN_SCALED, 1, 0, "1");
    expect_exact(r, EXATTN_SCALED, 0, 0, "1/2");
    expect_named(r, EXATTN_OUTPUT, 0, 0);
    exattn_row_free(r);
    exattn_lesson_free(l);
    l = th_lesson("{\"Q\": [[1,2]], \"K\": [[1,0],[0,1]], \"V\": [[1],[3]], "
                  "\"scale\": 0}");
    r = row_of(l, 0);
    cr_assert(exattn_row_weights_exact(r));
    expect_exact(r, EXATTN_OUTPUT, 0, 0, "2");
    exattn_row_free(r);
    exattn_lesson_free(l);
}

/* d_k = 4: 1/sqrt(4) = 1/2 is rational, so scaled scores are exact. */
Test(rule, perfect_square_width_gives_exact_scaled_scores)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1,1,1,1]], \"K\": [[1,1,1,0]], "
                                 "\"V\": [[1]]}");
    exattn_row *r = row_of(l, 0);

    expect_exact(r, EXATTN_SCALED, 0, 0, "3/2");
    exattn_row_free(r);
    exattn_lesson_free(l);
}

Test(rule, out_of_range_arguments)
{
    exattn_lesson *l = th_lesson(SEED004);
    exattn_row *r = row_of(l, 0), *none = (exattn_row *)1;
    exattn_error_t err;
    mpq_t q;

    mpq_init(q);
    cr_assert_eq(exattn_row_get_mpq(q, r, EXATTN_WEIGHT, 3, 0),
                 EXATTN_EINVAL);
    cr_assert_eq(exattn_row_get_mpq(q, r, EXATTN_OUTPUT, 0, 2),
                 EXATTN_EINVAL);
    cr_assert_null(exattn_row_get_str(r, EXATTN_SCORE, 9, 0, 0));
    cr_assert_eq(exattn_row_new(&none, l, 3, &err), EXATTN_EINVAL);
    cr_assert_null(none);
    cr_assert_not_null(strstr(err.message, "row 4 does not exist"));
    mpq_clear(q);
    exattn_row_free(r);
    exattn_row_free(NULL);
    exattn_lesson_free(l);
}
