/* exattn audit through the API: the shipped pages pass, the wrong ones
 * fail where they are wrong, ties and blocks and empty markers, --fill,
 * and the errors of markers.  (tests/audit.sh runs the command.) */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_tree.h>
#include "exattn.h"
#include "helpers.h"

typedef int (*audit_fn)(FILE *, exattn_audit_summary_t *,
                        const exattn_lesson *, const char *, const char *,
                        size_t, exattn_page_format, mpfr_prec_t,
                        exattn_error_t *);

static exattn_lesson *
example(const char *name)
{
    char *path = th_srcpath(name);
    exattn_lesson *l = NULL;
    exattn_error_t err;

    exattn_error_init(&err);
    cr_assert_eq(exattn_lesson_read_file(&l, path, NULL, &err), EXATTN_OK,
                 "%s", err.message);
    free(path);
    return l;
}

/* The report of `page` (text) against l. */
static char *
report(audit_fn fn, const exattn_lesson *l, const char *name,
       const char *page, exattn_audit_summary_t *sum)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    exattn_error_t err;

    exattn_error_init(&err);
    cr_assert_not_null(f);
    cr_assert_eq(fn(f, sum, l, name, page, strlen(page), EXATTN_PAGE_AUTO, 0,
                    &err), EXATTN_OK, "%s", err.message);
    fclose(f);
    return out;
}

/* The page filled from l; `changed` receives the count. */
static char *
fill(const exattn_lesson *l, const char *page, size_t *changed)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    exattn_error_t err;

    exattn_error_init(&err);
    cr_assert_not_null(f);
    cr_assert_eq(exattn_audit_fill(f, changed, l, "f.md", page, strlen(page),
                                   EXATTN_PAGE_MARKDOWN, 0, &err), EXATTN_OK,
                 "%s", err.message);
    fclose(f);
    return out;
}

static char *
page_file(const char *rel)
{
    char *path = th_srcpath(rel), *text = th_slurp(path, NULL);

    cr_assert_not_null(text, "%s", path);
    free(path);
    return text;
}

Test(audit, every_seed_page_passes)
{
    static const struct { const char *page, *lesson; size_t numbers; } p[] = {
        { "docs/examples/pages/000-scores-to-mixture.md",
          "docs/examples/000-scores-to-mixture.json", 22 },
        { "docs/examples/pages/001-soft-lookup.md",
          "docs/examples/001-soft-lookup.json", 40 },
        { "docs/examples/pages/002-grid-load-rises.md",
          "docs/examples/002-complete.json", 26 },
        { "docs/examples/pages/004-value-weighting.md",
          "docs/examples/004-value-weighting.json", 31 },
    };
    size_t i;

    for (i = 0; i < sizeof p / sizeof *p; i++)
    {
        exattn_lesson *l = example(p[i].lesson);
        char *text = page_file(p[i].page);
        exattn_audit_summary_t sum;
        char *out = report(exattn_audit_write_text, l, "page.md", text, &sum);

        cr_assert_eq(sum.numbers, p[i].numbers, "%s: %s", p[i].page, out);
        cr_assert_eq(sum.passed + sum.mentions, p[i].numbers, "%s: %s",
                     p[i].page, out);
        cr_assert_eq(sum.failed + sum.wording + sum.unsourced
                     + sum.undecided, 0, "%s: %s", p[i].page, out);
        free(out);
        free(text);
        exattn_lesson_free(l);
    }
}

Test(audit, wrong_pages_name_each_slip)
{
    exattn_lesson *l = example("docs/examples/000-scores-to-mixture.json");
    char *text = page_file("tests/data/pages/wrong-000.md");
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "w.md", text, &sum);

    cr_assert_eq(sum.failed, 2, "%s", out);
    cr_assert_eq(sum.wording, 1, "%s", out);
    cr_assert_not_null(strstr(out, "w.md:4:1: FAIL 0.283 (true: "
        "weights[rises][grid] ≈ 0.283995, which rounds to 0.284) -- a "
        "truncation, not a rounding [result by the word \"weight\"]\n"),
        "%s", out);
    free(out);
    out = report(exattn_audit_write_json, l, "w.md", text, &sum);
    {
        char msg[128];
        yajl_val doc = yajl_tree_parse(out, msg, sizeof msg);
        const char *path[] = { "summary", "exact_wording", NULL };

        cr_assert_not_null(doc, "%s: %s", msg, out);
        cr_assert_eq(YAJL_GET_INTEGER(yajl_tree_get(doc, path,
                                                    yajl_t_number)), 1);
        yajl_tree_free(doc);
    }
    free(out);
    free(text);
    exattn_lesson_free(l);
}

/* Eight equal keys weigh exactly 1/8 = 0.125: at two digits a tie, both
 * 0.12 and 0.13 pass, and 0.11 fails saying which two would. */
Test(audit, an_exact_tie_accepts_both_neighbours)
{
    exattn_lesson *l = th_lesson(
        "{\"Q\": [[0]], \"K\": [[0],[0],[0],[0],[0],[0],[0],[0]],"
        " \"V\": [[1],[0],[0],[0],[0],[0],[0],[0]]}");
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "t.md",
                       "each weight is 0.12, or 0.13; not 0.11\n", &sum);

    cr_assert_eq(sum.passed, 2, "%s", out);
    cr_assert_eq(sum.failed, 1, "%s", out);
    cr_assert_not_null(strstr(out, "t.md:1:35: FAIL 0.11 (true: "), "%s",
                       out);
    cr_assert_not_null(strstr(out, "0.125 is exactly halfway between 0.12 "
                                   "and 0.13: either would pass, and 0.11 "
                                   "is neither"), "%s", out);
    cr_assert_null(strstr(out, "rounds to"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

Test(audit, block_stages_are_quantities)
{
    exattn_lesson *l = example("docs/examples/002-encoder-block.json");
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "b.md",
                       "the weights of load are $[0.248, 0.248, 0.503]$\n",
                       &sum);

    cr_assert_eq(sum.passed, 1, "%s", out);
    cr_assert_not_null(strstr(out, "= h1.weights[2]"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

Test(audit, an_empty_marker_fails_until_filled)
{
    exattn_lesson *l = example("docs/examples/001-soft-lookup.json");
    static const char page[] =
        "w = <!-- exattn weights[1][1] digits=4 --><!-- /exattn -->, and "
        "<!-- exattn weights[1] digits=2 --> [0.401, 0.198, 0.401] and "
        "<!-- exattn output[1][1] --> \xe2\x88\x92" "0.9\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "e.md", page, &sum),
         *filled;
    size_t changed = 0;

    cr_assert_not_null(strstr(out, "e.md:1:43: FAIL  (true: weights[1][1] "
                                   "≈ 0.4011); the marker is empty"), "%s",
                       out);
    free(out);
    filled = fill(l, page, &changed);
    cr_assert_str_eq(filled,
        "w = <!-- exattn weights[1][1] digits=4 -->0.4011<!-- /exattn -->, "
        "and <!-- exattn weights[1] digits=2 --> [0.40, 0.20, 0.40] and "
        "<!-- exattn output[1][1] --> 0.8\n");
    cr_assert_eq(changed, 5);
    free(filled);
    exattn_lesson_free(l);
}

Test(audit, markers_that_name_nothing_are_errors)
{
    static const struct { const char *page, *what; unsigned long column; }
    bad[] = {
        { "w = <!-- exattn weights[1][7] --> 0.4\n", "no such key", 35 },
        { "w = <!-- exattn weights[1] --> 0.4\n", "names 3 values, the page "
          "prints 1", 32 },
        { "w = <!-- exattn weights[1][1] digits=x --> 0.4\n",
          "digits=N takes N from 0 to 20", 44 },
        { "w = <!-- exattn nothing --> 0.4\n", "unknown quantity", 29 },
        { "w = <!-- exattn weights[1] variant=none --> [1, 2, 3]\n",
          "no variant", 45 },
        { "<!-- exattn weights[1][1] --> <!-- exattn weights[1][2] --> 1\n",
          "followed by no number", 1 },
    };
    exattn_lesson *l = example("docs/examples/001-soft-lookup.json");
    exattn_error_t err;
    size_t i;
    FILE *f = fopen("/dev/null", "w");

    cr_assert_not_null(f);
    for (i = 0; i < sizeof bad / sizeof *bad; i++)
    {
        exattn_error_init(&err);
        cr_assert_neq(exattn_audit_write_text(f, NULL, l, "m.md", bad[i].page,
                                              strlen(bad[i].page),
                                              EXATTN_PAGE_MARKDOWN, 0, &err),
                      EXATTN_OK, "%s", bad[i].page);
        cr_assert_str_eq(err.file, "m.md");
        cr_assert_eq(err.line, 1);
        cr_assert_eq(err.column, bad[i].column, "%s: %lu", bad[i].page,
                     err.column);
        cr_assert_not_null(strstr(err.message, bad[i].what), "%s",
                           err.message);
        exattn_error_init(&err);
        cr_assert_neq(exattn_audit_fill(f, NULL, l, "m.md", bad[i].page,
                                        strlen(bad[i].page),
                                        EXATTN_PAGE_MARKDOWN, 0, &err),
                      EXATTN_OK);
        cr_assert_not_null(strstr(err.message, bad[i].what), "%s",
                           err.message);
    }
    fclose(f);
    exattn_lesson_free(l);
}

/* --fill keeps an exact fraction that is right as the page writes it,
 * and each entry of a vector at the digits the page wrote for it. */
Test(audit, fill_keeps_what_is_right_as_written)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char page[] =
        "a <!-- exattn blend[assigned] --> $(1, \\frac{5}{4})$ b "
        "<!-- exattn weights[3] --> [0.21, 0.2120, 0.6]\n";
    size_t changed = 0;
    char *filled = fill(l, page, &changed);

    cr_assert_str_eq(filled,
        "a <!-- exattn blend[assigned] --> $(1, \\frac{5}{4})$ b "
        "<!-- exattn weights[3] --> [0.21, 0.2119, 0.6]\n");
    cr_assert_eq(changed, 1);
    free(filled);
    exattn_lesson_free(l);
}

/* Below the precision the quantities need, nothing is said to match
 * nothing: the numbers are UNDECIDED, not UNSOURCED. */
Test(audit, a_cap_too_low_is_undecided_not_unsourced)
{
    exattn_lesson *l = example("docs/examples/001-soft-lookup.json");
    exattn_audit_summary_t sum;
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    exattn_error_t err;
    static const char page[] = "w = 0.401 and the weight 0.987\n";

    exattn_error_init(&err);
    cr_assert_eq(exattn_audit_write_text(f, &sum, l, "u.md", page,
                                         strlen(page), EXATTN_PAGE_MARKDOWN,
                                         20, &err), EXATTN_OK);
    fclose(f);
    cr_assert_eq(sum.undecided, 2, "%s", out);
    cr_assert_eq(sum.unsourced, 0, "%s", out);
    cr_assert_not_null(strstr(out, "u.md:1:5: UNDECIDED 0.401 -- no quantity "
                                   "evaluated is this, but "), "%s", out);
    cr_assert_not_null(strstr(out, ", 2 undecided\n"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* "≈ 1.000" matches the exact weights' sum and a named value alike: the
 * words fit the named one, so it passes, whatever the order. */
Test(audit, words_that_fit_one_match_pass)
{
    exattn_lesson *l = th_lesson(
        "{\"Q\": [[1]], \"K\": [[0],[9]], \"V\": [[1],[1]]}");
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "o.md",
                       "the second weight is about 0.99988\n", &sum);

    /* e^9/(1+e^9) = 0.999877: named; "about" fits */
    cr_assert_eq(sum.passed, 1, "%s", out);
    free(out);
    out = report(exattn_audit_write_text, l, "o.md",
                 "the weights sum to about 1.000 and the output is "
                 "about 1.000\n", &sum);
    /* the sum (exactly 1) and the output (exactly 1: equal values) are
     * exact, but the second weight rounds to 1.000 too: it fits */
    cr_assert_eq(sum.passed, 2, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* Inputs the fuzzer found (tests/data/fuzz/page-*), audited against the
 * harness's lesson: a report, whole, and no undefined behaviour (the
 * suite runs under UBSan in CI). */
Test(audit, fuzzer_findings)
{
    exattn_lesson *l = th_lesson(
        "{\"tokens\": [\"a\", \"b\"], \"Q\": [[1,0],[1,1]],"
        " \"K\": [[1,0],[0,1]], \"V\": [[1,0],[0,2]],"
        " \"blends\": [{\"name\": \"half\", \"weights\": [\"1/2\", \"1/2\"]}],"
        " \"variants\": [{\"name\": \"zero\", \"Q\": [[0,0],[1,1]]}]}");
    char *text = page_file("tests/data/fuzz/page-digit-overflow.txt");
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "f.txt", text, &sum);

    cr_assert_eq(sum.numbers, sum.passed + sum.failed + sum.wording
                              + sum.unsourced + sum.undecided);
    cr_assert_gt(sum.numbers, 0);
    free(out);
    free(text);
    exattn_lesson_free(l);
}
