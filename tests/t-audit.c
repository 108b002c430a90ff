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
#include "audit/decide.h"

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
          "docs/examples/001-soft-lookup.json", 42 },
        { "docs/examples/pages/002-grid-load-rises.md",
          "docs/examples/002-complete.json", 23 },
        { "docs/examples/pages/004-value-weighting.md",
          "docs/examples/004-value-weighting.json", 33 },
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

/* exattn derive writes a block head's softmax denominator once, Z_{2}:
 * a page's Z_{2} is that quantity, its sum proved or refuted, its
 * decimal sourced (h1.Z[2]). */
Test(audit, a_block_denominator_is_a_quantity)
{
    exattn_lesson *l = example("docs/examples/002-encoder-block.json");
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "b.md",
                       "$$Z_{2} = e^{\\sqrt{2}/2}+e^{\\sqrt{2}/2}+e^{\\sqrt{2}}$$\n"
                       "$$a_{2,3} = \\frac{e^{\\sqrt{2}}}{Z_{2}}$$\n"
                       "and $Z_{3} \\approx 8.169$.\n", &sum);

    cr_assert_eq(sum.failed, 0, "%s", out);
    cr_assert_not_null(strstr(out, "= h1.Z[2], h1.Z[3]"), "%s", out);
    cr_assert_not_null(strstr(out, "PASS-NAMED \\frac{e^{\\sqrt{2}}}{Z_{2}}"),
                       "%s", out);
    free(out);
    out = report(exattn_audit_write_text, l, "b.md",
                 "$$Z_{2} = e^{\\sqrt{2}}+e^{\\sqrt{2}}+e^{\\sqrt{2}}$$\n", &sum);
    cr_assert_eq(sum.failed, 1, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* exattn derive's text is wrapped at 100 columns: a line indented four
 * more than the one it goes on from, opening with an operator or inside
 * brackets left open, continues it -- one formula, proved whole; a line
 * that is not indented so is a line of its own. */
Test(audit, a_wrapped_text_formula_is_read_whole)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "w.txt",
                       "output3 = Σ (e^1/(e^1+e^1+e^2))·(2,0)\n"
                       "    + (e^1/(e^1+e^1+e^2))·(0,3) + (e^2/(e^1+e^1\n"
                       "    +e^2))·(1,1) (NAMED)\n"
                       "weights: w3 = e^2/(e^1+e^1+\n"
                       "    e^2) (NAMED)\n", &sum);

    cr_assert_eq(sum.failed, 0, "%s", out);
    cr_assert_not_null(strstr(out, "w.txt:1:11: PASS-NAMED Σ"), "%s", out);
    cr_assert_not_null(strstr(out, "= output[3][2]"), "%s", out);
    cr_assert_not_null(strstr(out, "= weights[3][3]"), "%s", out);
    free(out);
    /* a list under a colon: its items are lines of their own, each
     * read alone (not "... - w2 = 1/2" as one line) */
    out = report(exattn_audit_write_text, l, "w.txt",
                 "Notes:\n    - w3 = e^2/(e^1+e^1+e^2)\n"
                 "    - w1 = 1/4 in the blend\n"
                 "    + w2 = 1/4 too\n", &sum);
    cr_assert_eq(sum.failed, 0, "%s", out);
    cr_assert_not_null(strstr(out, "w.txt:2:12: PASS-NAMED"), "%s", out);
    free(out);
    /* not indented: two lines, neither the whole weight */
    out = report(exattn_audit_write_text, l, "w.txt",
                 "weights: w3 = e^2/(e^1+e^1+\ne^2) (NAMED)\n", &sum);
    cr_assert_null(strstr(out, "= weights[3][3]"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A block whose LayerNorm divides by zero (a constant row, ε = 0) has
 * no quantities to offer, its Z_i included: the page's number is
 * reported undecided, the audit itself is no error. */
Test(audit, a_block_that_cannot_be_built_is_no_error)
{
    exattn_lesson *l = th_lesson(
        "{\"tokens\":[\"a\",\"b\"],\"X\":[[1,1],[2,2]],"
        "\"W_Q\":[[1,0],[0,1]],\"W_K\":[[1,0],[0,1]],"
        "\"W_V\":[[1,0],[0,1]],"
        "\"block\":{\"layer_norm\":{\"epsilon\":0}}}");
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "z.txt",
                       "the value is 0.5\n", &sum);

    cr_assert_eq(sum.failed, 0, "%s", out);
    cr_assert_not_null(strstr(out, "UNDECIDED 0.5"), "%s", out);
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

/* fuzz_formula's findings: a chain whose first side opens no relation
 * ("x &1+x &= 1(1)^{2} + .."), read past the start of the text.  Each
 * page audits, every number counted once. */
Test(audit, formula_fuzzer_findings)
{
    static const char *const pages[] = {
        "tests/data/fuzz/formula-66e62173.md",
        "tests/data/fuzz/formula-a5c5e36c.md"
    };
    exattn_lesson *l = th_lesson(
        "{\"tokens\": [\"a\", \"b\"], \"Q\": [[1,0],[1,1]],"
        " \"K\": [[1,0],[0,1]], \"V\": [[1,0],[0,2]],"
        " \"variants\": [{\"name\": \"zero\", \"Q\": [[0,0],[1,1]]}]}");
    exattn_audit_summary_t sum;
    char *out;
    size_t k;

    for (k = 0; k < sizeof pages / sizeof *pages; k++)
    {
        char *text = page_file(pages[k]);

        out = report(exattn_audit_write_text, l, "f.md", text, &sum);
        cr_assert_eq(sum.numbers, sum.passed + sum.failed + sum.wording
                                  + sum.unsourced + sum.undecided
                                  + sum.mentions, "%s", out);
        free(out);
        free(text);
    }
    exattn_lesson_free(l);
}

/* The verdict word of the report line at LINE:COLUMN, or NULL. */
static char *
verdict_at(const char *out, const char *name, int line, int column)
{
    char key[64], *at, *end;

    snprintf(key, sizeof key, "%s:%d:%d: ", name, line, column);
    if ((at = strstr(out, key)) == NULL)
        return NULL;
    at += strlen(key);
    end = strchr(at, ' ');
    return strndup(at, end ? (size_t)(end - at) : strlen(at));
}

static void
assert_verdict(const char *out, int line, int column, const char *want)
{
    char *got = verdict_at(out, "m.md", line, column);

    cr_assert_not_null(got, "no number at %d:%d in\n%s", line, column, out);
    cr_assert_str_eq(got, want, "%d:%d in\n%s", line, column, out);
    free(got);
}

/* Numbers that are no result, whatever their value: each is a MENTION,
 * and the page exits clean; each would be bound (or fail) if it were
 * read as a result (0.284 is the weight on grid, 1.414 is sqrt(2)). */
Test(audit, structural_numbers_are_mentions)
{
    exattn_lesson *l = example("docs/examples/002-grid-load-rises.json");
    static const char page[] =
        "## 1.414 Scaled scores\n"                                   /* 1 */
        "As Figure 1.414 shows, the weights come from softmax.\n"    /* 2 */
        "See Section~2.121 and Eqs. (1.5) and (2.5).\n"              /* 3 */
        "We use Python 3.11 and $N=6$ layers, $h = 8$ heads.\n"      /* 4 */
        "The base model has $d_{\\text{model}} = 512$, $\\beta_2 = 0.98$.\n"
        "A BLEU score of 41.0 and dropout 0.1 were reported.\n"      /* 6 */
        "Read [section 0.284](s.md); the $6^{th}$ layer.\n"          /* 7 */
        "A negative weight such as -0.5 would indicate a bug.\n"     /* 8 */
        "The weights of term 2024/25 and of 1999/2000.\n"            /* 9 */
        "The value slider: 0 to 4, step 1/2. Set the slider to 0.707.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    cr_assert_eq(sum.failed + sum.wording + sum.unsourced + sum.undecided
                 + sum.passed, 0, "%s", out);
    cr_assert_eq(sum.mentions, sum.numbers, "%s", out);
    cr_assert_eq(sum.numbers, 19, "%s", out);
    /* a control's setting (line 10), though 0.707 is the scale */
    assert_verdict(out, 10, 32, "MENTION");
    assert_verdict(out, 10, 55, "MENTION");
    cr_assert_not_null(strstr(out, "0.707 -- a metric or a setting"), "%s",
                       out);
    /* spans of years, though "weights" and "term" are kind words */
    assert_verdict(out, 9, 21, "MENTION");
    assert_verdict(out, 9, 36, "MENTION");
    cr_assert_not_null(strstr(out, "a span of years"), "%s", out);
    assert_verdict(out, 1, 4, "MENTION");
    assert_verdict(out, 2, 11, "MENTION");
    assert_verdict(out, 4, 15, "MENTION");
    assert_verdict(out, 4, 27, "MENTION");
    assert_verdict(out, 4, 43, "MENTION");
    assert_verdict(out, 6, 17, "MENTION");
    assert_verdict(out, 7, 15, "MENTION");
    assert_verdict(out, 7, 34, "MENTION");
    cr_assert_not_null(strstr(out, "a heading's number"), "%s", out);
    cr_assert_not_null(strstr(out, "a symbol the lesson does not define: N"),
                       "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* The same numbers as results: evidence binds them, and a slip next to
 * its evidence fails. */
Test(audit, evidence_makes_a_result)
{
    exattn_lesson *l = example("docs/examples/002-grid-load-rises.json");
    static const char page[] =
        "The weight on grid is 0.284.\n"                             /* 1 */
        "Scaled by $1/\\sqrt{2} \\approx 0.707$.\n"                   /* 2 */
        "The weight on rises is 0.577.\n"                            /* 3 */
        "Every weight of the zero query is $1/4$.\n"                 /* 4 */
        "Some text with 0.284 and 1 in it.\n"                        /* 5 */
        "With slider 2 the grid weight is 0.285.\n";                /* 6 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 1, 23, "PASS");
    assert_verdict(out, 3, 24, "FAIL");
    cr_assert_not_null(strstr(out, "[result by the word \"weight\"]"), "%s",
                       out);
    /* a bare 0.284 is no coincidence; a bare integer in prose is none */
    assert_verdict(out, 5, 16, "PASS");
    cr_assert_null(verdict_at(out, "m.md", 5, 26), "%s", out);
    /* a result after a slider's setting is still a result */
    assert_verdict(out, 6, 34, "FAIL");
    free(out);
    exattn_lesson_free(l);
}

/* <!-- exattn ignore --> and off ... on, in Markdown and LaTeX: the
 * wrong numbers they cover are mentions; a marker still binds. */
Test(audit, leave_alone_markers)
{
    exattn_lesson *l = example("docs/examples/002-grid-load-rises.json");
    static const char md[] =
        "The weight on grid is <!-- exattn ignore --> 0.999.\n"      /* 1 */
        "<!-- exattn off -->\n"
        "The weight on grid is 0.998, and on load 0.997.\n"          /* 3 */
        "<!-- exattn weights[rises][grid] --> 0.996\n"               /* 4 */
        "<!-- exattn on -->\n"
        "The weight on grid is 0.995.\n";                            /* 6 */
    static const char tex[] =
        "% exattn off\n"
        "The weight on grid is 0.998.\n"
        "% exattn on\n"
        "The weight on grid is 0.284.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", md, &sum);

    assert_verdict(out, 1, 46, "MENTION");
    assert_verdict(out, 3, 23, "MENTION");
    assert_verdict(out, 3, 42, "MENTION");
    assert_verdict(out, 4, 38, "FAIL");
    assert_verdict(out, 6, 23, "FAIL");
    cr_assert_eq(sum.failed, 2, "%s", out);
    free(out);
    out = report(exattn_audit_write_text, l, "m.tex", tex, &sum);
    cr_assert_eq(sum.mentions, 1, "%s", out);
    cr_assert_eq(sum.passed, 1, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* One auditor for several pages reports what one-page audits report;
 * --ignore's patterns make mentions; a bad pattern is EINVAL. */
Test(audit, an_auditor_serves_many_pages)
{
    exattn_lesson *l = example("docs/examples/002-complete.json");
    char *text = page_file("docs/examples/pages/002-grid-load-rises.md");
    exattn_audit_options_t o = EXATTN_AUDIT_OPTIONS_INIT;
    static const char *const bad[] = { "Exercise (" };
    static const char *const patterns[] = { "Exercise [0-9.]+" };
    static const char ex[] = "Exercise 0.284: the weight on grid is 0.284.\n";
    exattn_auditor *a;
    exattn_audit_summary_t sum, one;
    exattn_error_t err;
    char *alone = report(exattn_audit_write_text, l, "p.md", text, &one);
    int k;

    exattn_error_init(&err);
    cr_assert_eq(exattn_auditor_new(&a, l, NULL, &err), EXATTN_OK);
    for (k = 0; k < 3; k++)
    {
        char *out = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&out, &len);

        cr_assert_eq(exattn_auditor_write_text(f, &sum, a, "p.md", text,
                                               strlen(text), EXATTN_PAGE_AUTO,
                                               &err), EXATTN_OK);
        fclose(f);
        cr_assert_str_eq(out, alone);
        free(out);
    }
    exattn_auditor_free(a);
    o.ignore = bad;
    o.ignore_count = 1;
    cr_assert_eq(exattn_auditor_new(&a, l, &o, &err), EXATTN_EINVAL);
    cr_assert_null(a);
    cr_assert_not_null(strstr(err.message, "no regular expression"));
    o.ignore = patterns;
    exattn_error_init(&err);
    cr_assert_eq(exattn_auditor_new(&a, l, &o, &err), EXATTN_OK);
    {
        char *out = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&out, &len);

        cr_assert_eq(exattn_auditor_write_text(f, &sum, a, "m.md", ex,
                                               strlen(ex), EXATTN_PAGE_AUTO,
                                               &err), EXATTN_OK);
        fclose(f);
        assert_verdict(out, 1, 10, "MENTION");
        assert_verdict(out, 1, 39, "PASS");
        free(out);
    }
    exattn_auditor_free(a);
    free(alone);
    free(text);
    exattn_lesson_free(l);
}

/* Named formulas: a closed form equal to the quantity in another
 * spelling is PASS-NAMED (proved, not rounded); a wrong exponent FAILs
 * against the quantity its symbol names; a form with a decimal is the
 * page's approximation, no formula; nothing named: a mention. */
Test(audit, named_formulas_are_proved)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char page[] =
        "Query 2: $w_{2,1} = \\frac{1}{1+e}$ and\n"                 /* 1 */
        "$w_{2,2} = \\frac{e^{1}}{e^{0}+e^{1}}$.\n"                  /* 2 */
        "A slip: $w_{2,2} = \\frac{e^{2}}{e^{0}+e^{2}}$.\n"          /* 3 */
        "Rounded: $w_{2,2} = \\frac{e^{1.0}}{e^{0}+e^{1.0}}$.\n"     /* 4 */
        "Some $\\frac{e^{5}}{7+e^{5}}$ here.\n";                    /* 5 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 1, 21, "PASS-NAMED");
    assert_verdict(out, 2, 12, "PASS-NAMED");
    assert_verdict(out, 3, 20, "FAIL");
    cr_assert_not_null(strstr(out, "m.md:3:20: FAIL \\frac{e^{2}}{e^{0}+e^{2}} "
                                   "(true: weights[2][2]"), "%s", out);
    cr_assert_null(verdict_at(out, "m.md", 4, 21), "%s", out);
    assert_verdict(out, 5, 7, "MENTION");
    free(out);
    exattn_lesson_free(l);
}

/* Symbols the page defines in closed form are read in later formulas:
 * Z_{2} defined, then used as Z_2; a wrong exponent FAILs against the
 * very entry the subject names; a symbol neither the page nor the
 * lesson defines is a mention. */
Test(audit, formulas_in_the_page_s_own_symbols)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char page[] =
        "$$\n\\begin{aligned}\n"                                     /* 1-2 */
        "Z_{2} &= e^{0} + e^{1} \\\\\n"                              /* 3 */
        "w_{2,2} &= \\frac{e^{1}}{Z_2}\n"                            /* 4 */
        "\\end{aligned}\n$$\n"                                       /* 5-6 */
        "A slip: $w_{2,1} = \\frac{e^{1}}{Z_{2}}$.\n"                /* 7 */
        "Unknown: $w_{2,1} = \\frac{e^{0}}{Y_{2}}$.\n";              /* 8 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 3, 10, "PASS-NAMED");
    assert_verdict(out, 4, 12, "PASS-NAMED");
    cr_assert_not_null(strstr(out, "m.md:7:20: FAIL \\frac{e^{1}}{Z_{2}} "
                                   "(true: weights[2][1]"), "%s", out);
    /* Y_2 names nothing of the lesson: said, never judged */
    cr_assert_not_null(strstr(out, "m.md:8:21: MENTION \\frac{e^{0}}{Y_{2}} "
                                   "-- a formula in symbols that name no "
                                   "single entry"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A formula in the lesson's own symbols is read as the entries they
 * name: w_{rises,grid} and Z_1 of a head, s as the scaled score or as
 * q k^T (a textbook's), a^{(h)}_{i,j} and H of a block by its stage
 * table; a subject's entry is the one a wrong formula FAILs against; a
 * symbol the lesson lacks (s_{1,4} of three keys) is a mention. */
Test(audit, formulas_in_the_lesson_s_own_symbols)
{
    exattn_lesson *l = example("docs/examples/000-scores-to-mixture.json");
    exattn_lesson *b = example("docs/examples/002-cross-attention-block.json");
    static const char head[] =
        "Grid: $w_{\\text{rises},\\text{grid}} = \\frac{e^{s_{1,1}}}"
        "{e^{s_{1,1}}+e^{s_{1,2}}+e^{s_{1,3}}}$.\n"                  /* 1 */
        "Raw: $w_{1,3} = \\frac{e^{s_{13}/\\sqrt{2}}}{e^{s_{11}/\\sqrt{2}}"
        "+e^{s_{12}/\\sqrt{2}}+e^{s_{13}/\\sqrt{2}}}$.\n"            /* 2 */
        "Slip: $w_{1,2} = \\frac{e^{s_{1,1}}}{e^{s_{1,1}}+e^{s_{1,2}}"
        "+e^{s_{1,3}}}$.\n"                                          /* 3 */
        "Sum: $Z_{1} = e^{s_{1,1}}+e^{s_{1,2}}+e^{s_{1,3}}$.\n"      /* 4 */
        "None: $w_{1,4} = \\frac{1}{1+e^{s_{1,4}}}$.\n";             /* 5 */
    static const char block[] =
        "$$\\text{power}:\\ H^{(1)}_{1} = a_{2,1}+a_{2,3}$$\n"       /* 1 */
        "Slip: $H^{(1)}_{2,2} = a_{2,2}\\cdot 2+a_{2,1}\\cdot 2$.\n"; /* 2 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", head, &sum);

    assert_verdict(out, 1, 39, "PASS-NAMED");
    assert_verdict(out, 2, 17, "PASS-NAMED");
    cr_assert_not_null(strstr(out, "m.md:3:18: FAIL \\frac{e^{s_{1,1}}}"
                                   "{e^{s_{1,1}}+e^{s_{1,2}}+e^{s_{1,3}}} "
                                   "(true: weights[rises][load]"), "%s", out);
    cr_assert_not_null(strstr(out, "m.md:4:15: PASS-NAMED e^{s_{1,1}}"
                                   "+e^{s_{1,2}}+e^{s_{1,3}} = Z[rises]"),
                       "%s", out);
    assert_verdict(out, 5, 18, "MENTION");
    cr_assert_eq(sum.failed, 1);
    free(out);
    out = report(exattn_audit_write_text, b, "b.md", block, &sum);
    cr_assert_not_null(strstr(out, "b.md:1:32: PASS-NAMED a_{2,1}+a_{2,3} "
                                   "= h1.output[2][1]"), "%s", out);
    /* the subject's entry, [2][2], not the nearest value */
    cr_assert_not_null(strstr(out, "b.md:2:24: FAIL a_{2,2}\\cdot 2"
                                   "+a_{2,1}\\cdot 2 (true: h1.output[2][2]"),
                       "%s", out);
    free(out);
    exattn_lesson_free(b);
    exattn_lesson_free(l);
}

/* A formula continued over a line break is read whole; \left( is no
 * \le; \sin and \cos are named. */
Test(audit, formulas_over_breaks_and_functions)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    exattn_lesson *pe = example("docs/examples/002-positional-encoding.json");
    static const char page[] =
        "$$\n\\begin{aligned}\n"
        "Z_{3} &= e^{1} + e^{1} \\\\\n"                              /* 3 */
        "&\\qquad + e^{2}\n"
        "\\end{aligned}\n$$\n";
    static const char page2[] =
        "$$x'_{3,1} = 1+\\sin\\left(2\\right), \\quad "
        "x'_{3,2} = \\cos(2)$$\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 3, 10, "PASS-NAMED");
    cr_assert_eq(sum.failed, 0, "%s", out);
    free(out);
    out = report(exattn_audit_write_text, pe, "m.md", page2, &sum);
    assert_verdict(out, 1, 14, "PASS-NAMED");
    assert_verdict(out, 1, 53, "PASS-NAMED");
    free(out);
    exattn_lesson_free(pe);
    exattn_lesson_free(l);
}

/* A heading that names a variant scopes its section: the zero query's
 * exact 1/3 passes there, and is no result of the base lesson outside. */
Test(audit, a_heading_names_the_variant_of_its_section)
{
    exattn_lesson *l = example("docs/examples/002-grid-load-rises.json");
    static const char page[] =
        "## Variant: zero query\n"                                   /* 1 */
        "\n"
        "Here $w_{\\text{rises},\\text{grid}} = \\frac{1}{3}$.\n"   /* 3 */
        "\n"
        "## The base lesson\n"                                       /* 5 */
        "\n"
        "Here $w_{\\text{rises},\\text{grid}} = \\frac{1}{3}$.\n";  /* 7 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 3, 38, "PASS");
    cr_assert_null(strstr(out, "m.md:7:38: PASS"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* Parts of formulas are no results: a term joined to a symbol in a
 * bracket, a matrix's factor, an index set, an exponent in prose. */
Test(audit, parts_of_formulas_are_not_results)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char page[] =
        "$$y = 2\\cdot\\left(\\frac{z_1}{3}\\right)+\\frac{1}{2}$$\n"  /* 1 */
        "$$w_{1,1}V_{1} = \\frac{1}{2}\\begin{bmatrix}7 & 9\\end{bmatrix}$$\n"
        "$$A_2 = \\{1, 2\\}$$\n"                                      /* 3 */
        "The weight e^0.25/(e^0.25+e^3) is small.\n";                /* 4 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    cr_assert_eq(sum.failed + sum.unsourced + sum.wording, 0, "%s",
                 out);
    cr_assert_null(verdict_at(out, "m.md", 1, 9), "%s", out);
    cr_assert_null(verdict_at(out, "m.md", 2, 18), "%s", out);
    cr_assert_null(verdict_at(out, "m.md", 3, 10), "%s", out);
    cr_assert_null(verdict_at(out, "m.md", 4, 17), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A FAIL on a named formula says the lesson's form and what differs: a
 * wrong exponent, a missing term, the same change in both parts. */
Test(audit, a_wrong_formula_says_what_differs)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char page[] =
        "$w_{2,1} = \\frac{e^{0}}{e^{0}+e^{2}}$\n"                     /* 1 */
        "$w_{2,2} = \\frac{e^{1}}{e^{1}}$\n"                           /* 2 */
        "$w_{2,2} = \\frac{e^{2}}{e^{0}+e^{2}}$\n";                    /* 3 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    cr_assert_not_null(strstr(out, "m.md:1:12: FAIL \\frac{e^{0}}{e^{0}+e^{2}} "
                                   "(true: weights[2][1] = e^0/(e^0+e^1) ≈ "),
                       "%s", out);
    cr_assert_not_null(strstr(out, "the denominator differs: a wrong "
                                   "exponent: e^2 where the lesson has e^1"),
                       "%s", out);
    cr_assert_not_null(strstr(out, "the denominator differs: a term is "
                                   "missing: e^0"), "%s", out);
    cr_assert_not_null(strstr(out, "where the lesson has e^1, in the "
                                   "numerator and the denominator"),
                       "%s", out);
    cr_assert_eq(sum.failed, 3, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* --fill writes a form=latex marker's named form, as math in prose;
 * the filled page audits, the marker binding the formula: PASS-NAMED,
 * and a FAIL when the form is then edited wrong. */
Test(audit, fill_writes_a_named_form_in_latex)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char page[] =
        "The weight is <!-- exattn weights[2][2] form=latex -->"
        "<!-- /exattn --> and <!-- exattn weights[1][1] form=latex -->0.5.\n";
    static const char want[] =
        "The weight is <!-- exattn weights[2][2] form=latex -->"
        "$\\frac{e^{1}}{e^{0}+e^{1}}$<!-- /exattn --> and "
        "<!-- exattn weights[1][1] form=latex -->$1$.\n";
    exattn_audit_summary_t sum;
    size_t changed = 0;
    char *filled = fill(l, page, &changed), *out, *wrong, *at;

    cr_assert_str_eq(filled, want);
    cr_assert_eq(changed, 2);
    out = report(exattn_audit_write_text, l, "m.md", filled, &sum);
    assert_verdict(out, 1, 56, "PASS-NAMED");
    cr_assert_eq(sum.failed + sum.unsourced + sum.undecided, 0, "%s", out);
    free(out);
    wrong = strdup(filled);
    at = strstr(wrong, "e^{0}+e^{1}");
    at[9] = '2';                                /* e^{0}+e^{2} */
    out = report(exattn_audit_write_text, l, "m.md", wrong, &sum);
    assert_verdict(out, 1, 56, "FAIL");
    cr_assert_not_null(strstr(out, "a wrong exponent: e^2 where the lesson "
                                   "has e^1"), "%s", out);
    free(out);
    free(wrong);
    free(filled);
    exattn_lesson_free(l);
}

/* Found by a second held-out set (tests/audit-heldout2): a line that
 * opens with a relation is its chain's, "\approx F \approx 0.5" in page
 * symbols is read, 2(0.2119) is the page's arithmetic and its "≈" the
 * sum's, a range's index and a grade are mentions, and a heading that
 * holds every word of a variant's name names it. */
Test(audit, chains_ranges_grades_and_headings)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    exattn_lesson *v = example("docs/examples/002-grid-load-rises.json");
    static const char page[] =
        "$$\n\\begin{aligned}\n"                                     /* 1-2 */
        "Z_{3} &= e^{1} + e^{1} \\\\\n"                              /* 3 */
        "  &\\qquad + e^{2} \\\\\n"                                  /* 4 */
        "  &\\approx 12.82\n"                                        /* 5 */
        "\\end{aligned}\n$$\n\n"                                     /* 6-8 */
        "Then $w_{3,1} = \\frac{e^{2}}{Z_3} \\approx 0.5$, and\n"    /* 9 */
        "$o_{3,2} = 3w_{3,2} + w_{3,3} \\approx 3(0.2119) + 0.5761 = "
        "1.2118$.\n"                                                  /* 10 */
        "Token $i$ sees keys $1, \\dots, i$. The median score was "
        "21/25.\n";                                                   /* 11 */
    static const char page2[] =
        "## What if the query were zero?\n\n"
        "Every weight of rises is then "
        "$w_{\\text{rises},\\text{grid}} = \\frac{1}{3}$.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 5, 12, "FAIL");         /* Z_3's truncation */
    assert_verdict(out, 9, 17, "FAIL");         /* a wrong exponent */
    assert_verdict(out, 10, 39, "PASS");        /* not misworded */
    assert_verdict(out, 10, 60, "FAIL");        /* rounded intermediates */
    cr_assert_null(verdict_at(out, "m.md", 11, 22), "%s", out);
    assert_verdict(out, 11, 57, "MENTION");
    cr_assert_eq(sum.failed, 3, "%s", out);
    free(out);
    out = report(exattn_audit_write_text, v, "m.md", page2, &sum);
    assert_verdict(out, 3, 63, "PASS");
    free(out);
    exattn_lesson_free(v);
    exattn_lesson_free(l);
}

/* fuzz_page: a named formula whose value is a blend's stated weight was
 * proved by a claim the weight does not have (a write past a calloc(0);
 * valgrind in CI sees it).  It is that weight, exactly. */
Test(audit, a_formula_equal_to_a_stated_weight)
{
    exattn_lesson *bl = th_lesson(
        "{\"tokens\": [\"a\", \"b\"], \"Q\": [[1,0],[1,1]],"
        " \"K\": [[1,0],[0,1]], \"V\": [[1,0],[0,2]],"
        " \"blends\": [{\"name\": \"half\", \"weights\": [\"1/2\", \"1/2\"]}]}");
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, bl, "m.md",
                       "The half blend weighs $\\frac{\\sqrt{4}}{4}$ "
                       "each.\n", &sum);

    assert_verdict(out, 1, 24, "PASS-NAMED");
    free(out);
    exattn_lesson_free(bl);
}

/* A table of queries by keys: a cell's row and column name its entry,
 * whatever the row's other cells hold, and a slip there FAILs against
 * that very entry -- in Markdown and in HTML, rows written across
 * lines and row labels in <th>. */
Test(audit, a_cell_of_queries_by_keys_is_that_pair_s_entry)
{
    exattn_lesson *l = example("docs/examples/002-grid-load-rises.json");
    static const char md[] =
        "Here is the full matrix: each row is a query, each column a key.\n"
        "\n"
        "| query \\ key | grid | load | rises |\n"                  /* 3 */
        "|---|---|---|---|\n"
        "| load | 0.500 | 0.500 | 0 |\n"                          /* 5 */
        "| rises | 0.284 | 0.140 | 0.567 |\n";                    /* 6 */
    static const char html[] =
        "<p>The weights, a row per query.</p>\n"
        "<table>\n"
        "  <tr><th>w</th><th>grid</th><th>load</th><th>rises</th></tr>\n"
        "  <tr>\n"
        "    <th>rises</th><td>0.284</td>\n"                     /* 5 */
        "    <td>0.141</td><td>0.576</td>\n"                     /* 6 */
        "  </tr>\n"
        "</table>\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", md, &sum);

    assert_verdict(out, 5, 10, "PASS");
    assert_verdict(out, 6, 11, "PASS");
    assert_verdict(out, 6, 27, "FAIL");
    cr_assert_not_null(strstr(out, "weights[rises][rises]"), "%s", out);
    cr_assert_not_null(strstr(out, "its table's row \"rises\" and column "
                                   "\"rises\""), "%s", out);
    free(out);
    out = report(exattn_audit_write_text, l, "m.html", html, &sum);
    cr_assert_not_null(strstr(out, "m.html:5:23: PASS"), "%s", out);
    cr_assert_not_null(strstr(out, "m.html:6:9: FAIL 0.141 (true: "
                                   "weights[rises][load]"), "%s", out);
    cr_assert_not_null(strstr(out, "m.html:6:23: PASS"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A plain-text page's formulas are named formulas: proved, or FAILed
 * with what differs; "exp(2) is about" names an exponential; a word of
 * change ("rises by") names a variant's change. */
Test(audit, a_text_page_s_formulas_and_words)
{
    exattn_lesson *l = example("docs/examples/000-scores-to-mixture.json");
    static const char page[] =
        "w[grid] = exp(sqrt(2))/(exp(sqrt(2))+exp(sqrt(2)/2)+exp(3*sqrt(2)/2))\n"
        "w[load] = e^{√2/2}/(e^{√2}+e^{√2}+e^{3√2/2}).\n"        /* 2 */
        "So exp(3*sqrt(2)/2) is about 8.33.\n";                  /* 3 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.txt", page, &sum);

    cr_assert_not_null(strstr(out, "m.txt:1:11: PASS-NAMED"), "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:2:11: FAIL"), "%s", out);
    cr_assert_not_null(strstr(out, "a wrong exponent"), "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:3:30: FAIL 8.33"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A plain-text page's superscript powers (e¹/(e⁰ + e¹)), a vector of
 * closed forms (its brackets belong to neither entry), and a number set
 * equal to a prose formula, whose slip FAILs; an HTML page's <d-math>
 * and math/tex script are math. */
Test(audit, prose_forms_superscripts_vectors_and_tex_elements)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char text[] =
        "Query 2: w = e/(1 + e) \xe2\x89\x88 0.7312 here.\n"         /* 1 */
        "The output is (2/(1 + e), 3e/(1 + e)) for it.\n"            /* 2 */
        "Its weight e\xc2\xb9/(e\xe2\x81\xb0 + e\xc2\xb9) again.\n"; /* 3 */
    static const char html[] =
        "<p>The weight <d-math>w_{2,2} = \\frac{e}{1+e}</d-math> holds,\n"
        "<script type=\"math/tex\">w_{2,1} = \\frac{1}{1+e^{2}}</script>"
        " does not.</p>\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.txt", text, &sum);

    cr_assert_not_null(strstr(out, "m.txt:1:14: PASS-NAMED e/(1 + e) = "
                                   "weights[2][2]"), "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:1:26: FAIL 0.7312"), "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:2:16: PASS-NAMED 2/(1 + e) = "
                                   "output[2][1]"), "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:2:27: PASS-NAMED 3e/(1 + e) = "
                                   "output[2][2]"), "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:3:12: PASS-NAMED"), "%s", out);
    cr_assert_eq(sum.numbers, 5);
    free(out);
    out = report(exattn_audit_write_text, l, "m.html", html, &sum);
    cr_assert_not_null(strstr(out, "m.html:1:33: PASS-NAMED \\frac{e}{1+e}"),
                       "%s", out);
    cr_assert_not_null(strstr(out, "m.html:2:35: FAIL \\frac{1}{1+e^{2}} "
                                   "(true: weights[2][1]"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A wrong definition of a lesson symbol is its own FAIL, not that of a
 * later formula that uses the symbol rightly; a ```math block and a
 * {math} role are math, not code. */
Test(audit, a_wrong_definition_fails_once_and_math_in_code_syntax)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char page[] =
        "$$\n\\alpha_{2,2} = \\frac{e^{1}}{e^{0}+e^{2}}\n$$\n"      /* 1-3 */
        "\nThen $o_{2,2} = 3\\,\\alpha_{2,2}$ holds.\n"              /* 5 */
        "\n```math\nw_{2,1} = \\frac{1}{1+e}\n```\n"                 /* 7-9 */
        "\nA role: {math}`w_{2,1} \\approx 0.2690`.\n";              /* 11 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 2, 16, "FAIL");
    assert_verdict(out, 5, 17, "PASS-NAMED");
    assert_verdict(out, 8, 11, "PASS-NAMED");
    cr_assert_not_null(strstr(out, "m.md:11:32: FAIL 0.2690"), "%s", out);
    cr_assert_eq(sum.failed, 2);
    free(out);
    exattn_lesson_free(l);
}

/* Found by review: a rational formula nothing names is a mention (not
 * bound to every quantity with its value); GitHub's $`..`$ is math; a
 * head number past any block's is no symbol; a formula's JSON values
 * hold its symbols as written, no marker bytes. */
Test(audit, rational_forms_inline_dollar_code_and_plain_values)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    exattn_lesson *b = example("docs/examples/002-encoder-block.json");
    static const char page[] =
        "$$w_{2,1}+w_{2,2}$$\n"                                      /* 1 */
        "\nThe weight is $`w_{2,1} = \\frac{e^{1}}{e^{1}+e^{2}}`$ here.\n"
        "\n$$Z_{2} = e^{0}+e^{1}$$ and $$w_{2,2} = \\frac{e^{1}}{Z_{2}}$$\n";
    static const char heads[] =
        "$$\nz_{1,1} = 1 + H^{(18446744073709551617)}_{1,1}\n$$\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);
    size_t k;

    assert_verdict(out, 1, 3, "MENTION");
    assert_verdict(out, 3, 27, "PASS-NAMED");
    assert_verdict(out, 5, 41, "PASS-NAMED");
    free(out);
    out = report(exattn_audit_write_json, l, "m.md", page, &sum);
    for (k = 0; out[k]; k++)
        cr_assert(out[k] != '\x01' && out[k] != '\x02' && out[k] != '\x03',
                  "%s", out);
    cr_assert_not_null(strstr(out, "\"values\": [\"((e^(1))/(Z_{2}))\"]"),
                       "%s", out);
    free(out);
    out = report(exattn_audit_write_text, b, "m.md", heads, &sum);
    assert_verdict(out, 2, 11, "MENTION");
    free(out);
    exattn_lesson_free(b);
    exattn_lesson_free(l);
}

/* TeX drops the spaces after a control word: MediaWiki's
 * "\alpha _{3,2}" is the symbol \alpha_{3,2}, so its formula is proved
 * and the slip after it FAILs. */
Test(audit, a_space_after_a_control_word_is_no_part_of_the_symbol)
{
    exattn_lesson *l = example("tests/audit-heldout/"
                               "notebook-softmax-walkthrough.json");
    static const char page[] =
        "<p><math><semantics><annotation encoding=\"application/x-tex\">"
        "{\\displaystyle \\alpha _{3,1}=\\alpha _{3,2}\\approx 0.4459}"
        "</annotation></semantics></math></p>\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.html", page, &sum);

    cr_assert_not_null(strstr(out, "PASS-NAMED \\alpha _{3,2} = "
                                   "weights[books][she]"), "%s", out);
    cr_assert_not_null(strstr(out, "FAIL 0.4459"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* Words that say a number is no result even beside a kind's word (a
 * unit, a grade, "such as" just before it), a factor of a value (a
 * weight, not the side it stands in), an exponential's exponent (no
 * kind), and "For example" that opens a sentence about the lesson. */
Test(audit, measurements_factors_and_examples)
{
    exattn_lesson *l = example("docs/examples/000-scores-to-mixture.json");
    static const char page[] =
        "This page weighs 1.56 MB.\n"                                /* 1 */
        "\n"
        "Quiz 3 average was 8.2/10 for the weights.\n"               /* 3 */
        "\n"
        "So $o \\approx 0.28\\,v_{\\text{grid}} + 0.14\\,"
        "v_{\\text{load}}$.\n"                                       /* 5 */
        "\n"
        "Here $e^{\\sqrt{2}} \\approx 4.1134$.\n"                     /* 7 */
        "\n"
        "For example, the weight on grid is 0.283.\n"                /* 9 */
        "\n"
        "A weight such as 0.284 is common.\n";                       /* 11 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 1, 18, "MENTION");
    assert_verdict(out, 3, 20, "MENTION");
    cr_assert_not_null(strstr(out, "m.md:5:15: PASS 0.28 = "
                                   "weights[rises][grid]"), "%s", out);
    cr_assert_not_null(strstr(out, "m.md:5:39: PASS 0.14 = "
                                   "weights[rises][load]"), "%s", out);
    assert_verdict(out, 7, 28, "FAIL");
    cr_assert_not_null(strstr(out, "e^scaled[rises][grid]"), "%s", out);
    assert_verdict(out, 9, 36, "FAIL");
    assert_verdict(out, 11, 18, "MENTION");
    free(out);
    exattn_lesson_free(l);
}

/* A sentence about another computation: its 1, which a score of the
 * lesson happens to be, is no result when its other numbers are no
 * quantity of the lesson; the same 1 beside the lesson's own numbers is
 * one. */
Test(audit, a_sentence_about_another_computation)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char page[] =
        "Take two scores, say $8$ and $0$. Divided by 8 they become $1$\n"
        "and $0.5$, with weights 0.622 and 0.378.\n"                 /* 2 */
        "\n"
        "The scores of query 3 are $1$, and its weights 0.212.\n";   /* 4 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 1, 61, "MENTION");
    cr_assert_not_null(strstr(out, "another computation's"), "%s", out);
    assert_verdict(out, 4, 28, "PASS");
    free(out);
    exattn_lesson_free(l);
}

/* A lesson of two queries over three keys, scaled by 1/sqrt(2): raw
 * scores (1, 2, 2) and (0, 1, 2). */
static exattn_lesson *
two_by_three(void)
{
    static const char json[] =
        "{\"Q\": [[1, 1], [0, 1]], \"K\": [[1, 0], [1, 1], [0, 2]],"
        " \"V\": [[1, 0], [0, 1], [1, 1]]}";
    exattn_lesson *l = NULL;
    exattn_error_t err;

    exattn_error_init(&err);
    cr_assert_eq(exattn_lesson_read_buffer(&l, json, strlen(json), "l.json",
                                           NULL, &err), EXATTN_OK, "%s",
                 err.message);
    return l;
}

/* A page's generic definition says what its letter means: with s the raw
 * score, a weight written without the scale FAILs (the lesson's scaled
 * reading of s no longer rescues it); with s the exponentiated scaled
 * score, s_{1,1} = e^{1/\sqrt2} is right and s_{1,2} = e^{2} wrong.  A
 * generic definition with a sum leaves its letter the lesson's. */
Test(audit, a_generic_definition_says_what_a_letter_means)
{
    exattn_lesson *l = two_by_three();
    static const char raw[] =
        "Let $s_{ij} = q_i^\\top k_j$ be the raw score.\n"            /* 1 */
        "\n$$w_{2,1} = \\frac{e^{s_{21}/\\sqrt{2}}}{e^{s_{21}/\\sqrt{2}}"
        "+e^{s_{22}/\\sqrt{2}}+e^{s_{23}/\\sqrt{2}}}$$\n"             /* 3 */
        "\n$$w_{2,3} = \\frac{e^{s_{23}}}{e^{s_{21}}+e^{s_{22}}"
        "+e^{s_{23}}}$$\n";                                           /* 5 */
    static const char similarity[] =
        "$$s_{ij} = \\exp\\left(\\frac{q_{i}\\cdot k_{j}}{\\sqrt{d_{k}}}"
        "\\right), \\qquad \\alpha_{ij} = \\frac{s_{ij}}{\\sum_{l} s_{il}}$$\n"
        "\n$s_{1,1} = e^{1/\\sqrt{2}}$ and $s_{1,2} = e^{2}$.\n"       /* 3 */
        "\n$$\\alpha_{1,1} = \\frac{s_{1,1}}{s_{1,1}+s_{1,2}+s_{1,3}}$$\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", raw, &sum);

    assert_verdict(out, 3, 13, "PASS-NAMED");
    assert_verdict(out, 5, 13, "FAIL");
    cr_assert_eq(sum.failed, 1, "%s", out);
    free(out);
    out = report(exattn_audit_write_text, l, "m.md", similarity, &sum);
    assert_verdict(out, 3, 12, "PASS-NAMED");
    assert_verdict(out, 3, 43, "FAIL");
    cr_assert_not_null(strstr(out, "s_{1,2} as the page defines it"), "%s",
                       out);
    assert_verdict(out, 5, 18, "PASS-NAMED");
    cr_assert_eq(sum.failed, 1, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A number inside sized brackets and a power -- the (2/5)^2 of a page's
 * own arithmetic -- is an operand: no fraction "written for" the weight
 * 0.4011 it happens to be near. */
Test(audit, an_operand_inside_brackets_and_powers)
{
    exattn_lesson *l = two_by_three();
    static const char page[] =
        "Here $w_{1,2} = \\tfrac{1}{2}\\Bigl(\\bigl(\\tfrac{2}{5}\\bigr)^2"
        " + 1\\Bigr)$ is no step of ours.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    cr_assert_null(strstr(out, "EXACT-WORDING"), "%s", out);
    cr_assert_not_null(strstr(out, "an operand of the page's arithmetic"),
                       "%s", out);
    cr_assert_eq(sum.failed, 0, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A table cell that no quantity is, in a table whose other cells are
 * weights, its row's those of one query (a page counting from 0, so its
 * "query 1" and "key 1" are no help): a weight of that query, and its
 * last digit off is a FAIL.  A column of entropies beside it stays
 * unsourced (near no weight of its row), and one of timings is a
 * measurement by its heading's unit. */
Test(audit, a_table_row_s_cells_say_what_a_cell_is)
{
    exattn_lesson *l = two_by_three();
    static const char page[] =
        "The notebook prints the weights with its 0-based indices:\n"
        "\n| row | key 0 | key 1 | key 2 | entropy | time (ms) |\n"
        "|---|---|---|---|---|---|\n"
        "| query 0 | 0.1978 | 0.4011 | 0.4011 | 1.05 | 3.7 |\n"      /* 5 */
        "| query 1 | 0.1400 | 0.2841 | 0.5760 | 0.94 | 2.9 |\n";     /* 6 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 6, 22, "FAIL");
    cr_assert_not_null(strstr(out, "true: weights[2][2]"), "%s", out);
    cr_assert_not_null(strstr(out, "its table's 5 audited cells, its row's "
                                   "among them"), "%s", out);
    assert_verdict(out, 5, 40, "UNSOURCED");
    assert_verdict(out, 6, 40, "UNSOURCED");
    assert_verdict(out, 5, 47, "MENTION");
    assert_verdict(out, 6, 47, "MENTION");
    cr_assert_eq(sum.failed, 1, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* Spellings a generic definition takes: \langle q_i, k_j \rangle, a
 * letter defined through another (\tilde{\alpha}_{ij} = \exp(e_{ij})),
 * a row the page set equal to another (k_3 = k_2 names K's third row
 * still); sized brackets (\bigl( \bigr)) and an equation's \label in a
 * formula. */
Test(audit, generic_spellings_brackets_and_labels)
{
    exattn_lesson *l = two_by_three();
    static const char page[] =
        "$$e_{ij} = \\frac{\\langle q_i, k_j \\rangle}{\\sqrt{d_k}}, \\qquad"
        " \\tilde{\\alpha}_{ij} = \\exp(e_{ij})$$\n"                  /* 1 */
        "\nHere $k_3 = k_2$ holds for the page.\n"                   /* 3 */
        "\n$\\tilde{\\alpha}_{12} = e^{\\sqrt{2}}$ and"
        " $\\tilde{\\alpha}_{13} = e^{2}$.\n"                        /* 5 */
        "\n$$\n"
        "Z_1 = 1/\\bigl(1/\\bigl(e^{1/\\sqrt{2}} + 2e^{\\sqrt{2}}\\bigr)"
        "\\bigr) \\label{eq:z}\n"                                    /* 8 */
        "$$\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 5, 24, "PASS-NAMED");
    assert_verdict(out, 5, 65, "FAIL");
    cr_assert_not_null(strstr(out, "\\tilde{\\alpha}_{13} as the page "
                                   "defines it"), "%s", out);
    cr_assert_not_null(strstr(out, "PASS-NAMED 1/\\bigl(1/\\bigl(e^{1/"
                                   "\\sqrt{2}} + 2e^{\\sqrt{2}}\\bigr)"
                                   "\\bigr) = Z[1]"), "%s", out);
    cr_assert_eq(sum.failed, 1, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A LaTeX table in a float: the sentence before \begin{table}[h] and
 * \centering says what its cells are, and a slip in one FAILs. */
Test(audit, a_latex_float_s_table_is_what_the_sentence_before_says)
{
    exattn_lesson *l = two_by_three();
    static const char page[] =
        "Table~\\ref{t} collects the attention weights.\n"            /* 1 */
        "\n\\begin{table}[h]\n  \\centering\n"
        "  \\begin{tabular}{lccc}\n"
        "    query & key 1 & key 2 & key 3 \\\\\n"
        "    1 & 0.1978 & 0.4011 & 0.4011 \\\\\n"                    /* 7 */
        "    2 & 0.1400 & 0.2840 & 0.5761 \\\\\n"                    /* 8 */
        "  \\end{tabular}\n\\end{table}\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.tex", page, &sum);

    cr_assert_not_null(strstr(out, "m.tex:8:27: FAIL 0.5761"), "%s", out);
    cr_assert_eq(sum.failed, 1, "%s", out);
    cr_assert_eq(sum.passed, 5, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A number set equal to a symbol of a generically defined letter is held
 * to that symbol's value by the definition (A_{12} \approx 1.25 when
 * A_{12} is exactly 5/4: misworded); a rational form later in a chain
 * is what the chain's first side is. */
Test(audit, values_of_defined_letters_and_chains)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char page[] =
        "Let $A_{ij} = q_i \\cdot k_j$.\n"                           /* 1 */
        "\nThen $A_{33} = 2$, $A_{32} \\approx 1.0$ and $A_{31} = 3$.\n"
        "\n$$o_{3,1} = 2w_{3,1} + w_{3,3} = \\frac{2e+e^{2}}{2e+e^{2}}$$\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 3, 16, "PASS");
    assert_verdict(out, 3, 36, "EXACT-WORDING");
    assert_verdict(out, 3, 55, "FAIL");
    cr_assert_not_null(strstr(out, "A_{31} as the page defines it"), "%s",
                       out);
    assert_verdict(out, 5, 34, "PASS-NAMED");
    free(out);
    exattn_lesson_free(l);
}

/* Found by held-out set 7: a formula set equal to an entry it is not
 * FAILs against that entry, though another entry has its value (the
 * subject in exattn's text notation, w[2][2]); a column of entropies in
 * bits holds measurements; "(1.6487)^2 \approx 2.7180" is the page's
 * arithmetic, not a symbol "^2". */
Test(audit, a_subject_s_entry_before_any_entry_of_its_value)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char text[] =
        "The weights of query 2: w[2][1] = 1/(1 + e), and\n"       /* 1 */
        "w[2][2] = 1/(1 + e) as well.\n";                            /* 2 */
    static const char page[] =
        "The weights of query 2:\n"
        "\n| query | key 1 | key 2 | entropy (bits) |\n"
        "|---|---|---|---|\n"
        "| 2 | 0.2689 | 0.7311 | 0.8400 |\n"                            /* 5 */
        "\nSo $\\bigl(e^{1/2}\\bigr)^2 = (1.6487)^2 \\approx 2.7180$.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.txt", text, &sum);

    cr_assert_not_null(strstr(out, "m.txt:1:35: PASS-NAMED"), "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:2:11: FAIL 1/(1 + e) (true: "
                                   "weights[2][2]"), "%s", out);
    free(out);
    out = report(exattn_audit_write_text, l, "m.md", page, &sum);
    assert_verdict(out, 5, 25, "MENTION");
    cr_assert_not_null(strstr(out, "FAIL 2.7180 (true: "), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* The page's own arithmetic on audited numbers, done again with the
 * quantities its operands are: e^{\sqrt2} - e^{1/\sqrt2} is 2.085135, so
 * "4.1133 - 2.0281 = 2.0852" was computed from rounded values (FAIL)
 * and "= 2.0851" is right (PASS), though no quantity is either. */
Test(audit, the_page_s_arithmetic_redone_on_its_quantities)
{
    exattn_lesson *l = two_by_three();
    static const char page[] =
        "The exponentials $e^{\\sqrt{2}} \\approx 4.1133$ and"
        " $e^{1/\\sqrt{2}} \\approx 2.0281$\n"                       /* 1 */
        "differ by $4.1133 - 2.0281 = 2.0852$.\n"                    /* 2 */
        "\nIn full: $4.1133 - 2.0281 = 2.0851$.\n";                  /* 4 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 2, 30, "FAIL");
    cr_assert_not_null(strstr(out, "about 2.085135"), "%s", out);
    assert_verdict(out, 4, 29, "PASS");
    free(out);
    exattn_lesson_free(l);
}

/* In exattn's text notation, a chain's first side names its last:
 * "o[2] = 0.2689 V[1] + 0.7311 V[2] = (0.5378, 2.1932)" is output 2,
 * whose first entry rounds to 0.5379. */
Test(audit, a_plain_text_chain_s_first_side)
{
    exattn_lesson *l = example("docs/examples/004-value-weighting.json");
    static const char text[] =
        "The output is o[2] = 0.2689 V[1] + 0.7311 V[2] = "
        "(0.5378, 2.1932).\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.txt", text, &sum);

    cr_assert_not_null(strstr(out, "FAIL (0.5378, 2.1932) (true: output[2]"),
                       "%s", out);
    cr_assert_eq(sum.failed, 1, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* Found by review: operands of the page's arithmetic on a generic
 * letter's symbol are no values of that symbol; an operand too large
 * for a double neither crashes nor binds; definitions that name each
 * other many times over are read within a budget (this page took 89 s
 * before). */
Test(audit, hostile_generic_and_arithmetic_pages)
{
    exattn_lesson *l = two_by_three();
    static const char operands[] =
        "Let $s_{ij} = q_i \\cdot k_j$. Then"
        " $s_{12} = 1 \\cdot 1 + 1 \\cdot 1 = 2$.\n";
    char huge[512], *nested = malloc(4 * 60 * 12 + 64), *p;
    exattn_audit_summary_t sum;
    char *out;
    int k, level;

    out = report(exattn_audit_write_text, l, "m.md", operands, &sum);
    cr_assert_eq(sum.failed, 0, "%s", out);
    cr_assert_not_null(strstr(out, "PASS 2 = s_{12} as the page defines "
                                   "it"), "%s", out);
    free(out);
    strcpy(huge, "The total is $1");
    memset(huge + strlen(huge), '0', 400);
    strcpy(huge + 15 + 400, " + 1 = 0.987654$ here.\n");
    out = report(exattn_audit_write_text, l, "m.md", huge, &sum);
    cr_assert_eq(sum.failed, 0, "%s", out);
    free(out);
    cr_assert_not_null(p = nested);
    for (level = 0; level < 4; level++)
    {
        p += sprintf(p, "$$%c_{ij} = ", "abcf"[level]);
        for (k = 0; k < 60; k++)
            p += sprintf(p, "%s%c_{ij}", k ? "+" : "", "bcfg"[level]);
        p += sprintf(p, "$$\n\n");
    }
    strcpy(p, "$$a_{12} = e^{2}$$\n");
    out = report(exattn_audit_write_text, l, "m.md", nested, &sum);
    cr_assert_gt(sum.numbers, 0, "%s", out);
    free(out);
    free(nested);
    exattn_lesson_free(l);
}

/* A sum over an index is written out term by term: over a range of
 * numbers (\sum_{k=1}^{3}) or over A_i, the keys query i may attend to
 * (exattn's compact rows).  Row 1 of two_by_three scores 1, 2, 2, so
 * Z_1 = e^{1/\sqrt2} + 2e^{\sqrt2} and o_{1,1} = (e^{1/\sqrt2} +
 * e^{\sqrt2})/Z_1: a sum missing a term or reading the wrong column of V
 * is no such form. */
Test(audit, sums_over_an_index_are_written_out)
{
    exattn_lesson *l = two_by_three();
    static const char page[] =
        "$$Z_{1} = \\sum_{k=1}^{3} e^{s_{1,k}}$$\n"                   /* 1 */
        "\n$$Z_{1} = \\sum_{k \\in A_{1}} e^{s_{1,k}}$$\n"            /* 3 */
        "\n$$o_{1,1} = \\frac{1}{Z_{1}}\\sum_{k=1}^{3} e^{s_{1,k}}"
        "\\,V_{k,1}$$\n"                                             /* 5 */
        "\n$$o_{1,2} = \\frac{1}{Z_{1}}\\sum_{k=1}^{3} e^{s_{1,k}}"
        "\\,V_{k,1}$$\n"                                             /* 7 */
        "\n$$Z_{1} = \\sum_{k=1}^{2} e^{s_{1,k}}$$\n";                /* 9 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 1, 11, "PASS-NAMED");
    assert_verdict(out, 3, 11, "PASS-NAMED");
    assert_verdict(out, 5, 13, "PASS-NAMED");
    assert_verdict(out, 7, 13, "FAIL");
    assert_verdict(out, 9, 11, "FAIL");
    cr_assert_eq(sum.failed, 2, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A block's entries in a formula are its own nodes: the encoder's
 * feed-forward entry h_{2,3} is -u_{2,1} + u_{2,2} (u its LayerNorm, of
 * named rows: a square root of a named variance), u_{2,1} is (0 -
 * \mu_2)/\sqrt{\sigma^2_2 + 10^{-5}} (\sigma_2^2 alike); a sign, or ε =
 * 10^{-4}, is no such form. */
Test(audit, a_block_s_entries_are_its_nodes)
{
    exattn_lesson *l = example("docs/examples/002-encoder-block.json");
    static const char page[] =
        "$$h_{2,3} = -u_{2,1}+u_{2,2}$$\n"                            /* 1 */
        "\n$$h_{2,3} = u_{2,1}+u_{2,2}$$\n"                           /* 3 */
        "\n$$u_{2,1} = \\frac{0-\\mu_{2}}{\\sqrt{\\sigma^2_{2}"
        "+\\frac{1}{100000}}}$$\n"                                   /* 5 */
        "\n$$u_{2,1} = \\frac{0-\\mu_{2}}{\\sqrt{\\sigma^{2}_{2}"
        "+\\frac{1}{10000}}}$$\n"                                    /* 7 */
        "\n$$y_{2,2} = \\frac{z'_{2,2}-\\mu'_{2}}{\\sqrt{{\\sigma'}^2_{2}"
        "+\\frac{1}{100000}}}$$\n"                                   /* 9 */
        "\n$$u_{2,1} = \\frac{0-\\mu_2}{\\sqrt{\\sigma_2^2"
        "+\\frac{1}{100000}}}$$\n";                                 /* 11 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 1, 13, "PASS-NAMED");
    assert_verdict(out, 3, 13, "FAIL");
    assert_verdict(out, 5, 13, "PASS-NAMED");
    assert_verdict(out, 7, 13, "FAIL");
    assert_verdict(out, 9, 13, "PASS-NAMED");
    assert_verdict(out, 11, 13, "PASS-NAMED");      /* squared after */
    free(out);
    exattn_lesson_free(l);
}

/* With a symbolic ε there is no value to bind a formula by: the entry
 * its subject names ("a: u_1" is u_{a,1}) is proved by identity, in any
 * spelling of the radicand; a form not proved is UNDECIDED, never a
 * mention that lets a wrong page pass. */
Test(audit, a_symbolic_epsilon_by_identity)
{
    exattn_lesson *l = example("docs/examples/002-layer-norm-symbolic.json");
    static const char page[] =
        "$$\\text{a}:\\ u_{1} = -\\frac{1}{\\sqrt{1+\\varepsilon}}$$\n" /* 1 */
        "\n$$\\text{a}:\\ u_{2} = \\frac{1}{\\sqrt{\\epsilon+1}}$$\n"    /* 3 */
        "\n$$\\text{a}:\\ u_{1} = -\\frac{1}{\\sqrt{1+2\\varepsilon}}$$\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    assert_verdict(out, 1, 22, "PASS-NAMED");
    assert_verdict(out, 3, 22, "PASS-NAMED");
    assert_verdict(out, 5, 22, "UNDECIDED");
    cr_assert_not_null(strstr(out, "which has no value"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* "w_{1,2}V_{2} &= \frac{1}{3}[2] = [2/3]" in an aligned display (one
 * query, three equal scores, V one wide): the product before "&=" is the
 * left side the rest is set equal to, not a formula for w_{1,2} -- whose
 * 1/3 it is not. */
Test(audit, an_aligned_left_side_is_no_formula)
{
    static const char json[] =
        "{\"Q\": [[0]], \"K\": [[0], [0], [0]], \"V\": [[1], [2], [3]]}";
    static const char page[] =
        "$$\n\\begin{aligned}\n"
        "w_{1,1}V_{1} &= \\frac{1}{3}\\begin{bmatrix}1\\end{bmatrix} = "
        "\\begin{bmatrix}\\tfrac{1}{3}\\end{bmatrix} \\\\\n"
        "w_{1,2}V_{2} &= \\frac{1}{3}\\begin{bmatrix}2\\end{bmatrix} = "
        "\\begin{bmatrix}\\tfrac{2}{3}\\end{bmatrix}\n"
        "\\end{aligned}\n$$\n";
    exattn_lesson *l = NULL;
    exattn_audit_summary_t sum;
    exattn_error_t err;
    char *out;

    exattn_error_init(&err);
    cr_assert_eq(exattn_lesson_read_buffer(&l, json, strlen(json), "l.json",
                                           NULL, &err), EXATTN_OK, "%s",
                 err.message);
    out = report(exattn_audit_write_text, l, "m.md", page, &sum);
    cr_assert_eq(sum.failed, 0, "%s", out);
    cr_assert_null(strstr(out, "NAMED w_"), "%s", out);
    cr_assert_not_null(strstr(out, "PASS \\begin{bmatrix}\\tfrac{2}{3}"),
                       "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* exattn's text notation: symbols indexed in brackets (a[2,1], H1[2,2],
 * μ[2], σ²[2]) in plain-text formulas, a vector's entries held to its
 * symbol by place under the row's label, the "(NAMED)" after a form,
 * and an output written as a weighted sum of V's rows, read one formula
 * per coordinate.  The encoder's H1 of "load" is a[2,1]·2 + a[2,2]·5/2 +
 * a[2,3]·9/2 in its second coordinate; ·3 for the last is another form. */
Test(audit, exattn_s_text_notation)
{
    exattn_lesson *enc = example("docs/examples/002-encoder-block.json");
    exattn_lesson *sym = example("docs/examples/002-layer-norm-symbolic.json");
    exattn_lesson *head = example("docs/examples/000-scores-to-mixture.json");
    static const char block[] =
        "  [load] H1 = (0, a[2,1]·2+a[2,2]·5/2+a[2,3]·9/2) (NAMED)\n"  /* 1 */
        "  [load] H1 = (0, a[2,1]·2+a[2,2]·5/2+a[2,3]·3) (NAMED)\n"    /* 2 */
        "  [load] u = ((0-μ[2])/√(σ²[2]+1/100000), "
        "(z[2,2]-μ[2])/√(σ²[2]+1/100000)) (NAMED)\n";                 /* 3 */
    static const char symbolic[] =
        "  [a] u = (-1/√(1+ε), 1/√(1+ε)) (NAMED)\n";
    static const char output[] =
        "output[rises] = Σ (e^{√2}/(e^{√2}+e^{√2/2}+e^{3√2/2}))·(1,0) + "
        "(e^{√2/2}/(e^{√2}+e^{√2/2}+e^{3√2/2}))·(0,2) + "
        "(e^{3√2/2}/(e^{√2}+e^{√2/2}+e^{3√2/2}))·(1,2) (NAMED)\n";
    exattn_audit_summary_t sum;
    char *out;

    out = report(exattn_audit_write_text, enc, "m.txt", block, &sum);
    cr_assert_not_null(strstr(out, "m.txt:1:19: PASS-NAMED"), "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:2:19: FAIL"), "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:3:15: PASS-NAMED"), "%s", out);
    cr_assert_eq(sum.failed, 1, "%s", out);
    free(out);
    out = report(exattn_audit_write_text, sym, "m.txt", symbolic, &sum);
    cr_assert_eq(sum.passed, 2, "%s", out);
    cr_assert_not_null(strstr(out, "= ln1[1][2]"), "%s", out);
    free(out);
    out = report(exattn_audit_write_text, head, "m.txt", output, &sum);
    cr_assert_not_null(strstr(out, "= output[rises][1]"), "%s", out);
    cr_assert_not_null(strstr(out, "= output[rises][2]"), "%s", out);
    cr_assert_eq(sum.passed, 2, "%s", out);
    free(out);
    exattn_lesson_free(enc);
    exattn_lesson_free(sym);
    exattn_lesson_free(head);
}

/* Found by review: a sum's set with the reader's own marker bytes in it
 * is no set (its report once wrote past its buffer); an output's
 * weighted sum with a term it cannot read, or a vector followed by more
 * arithmetic, is not read short -- the first two terms of the seed-002
 * output are not the output; a page of "=(" never closed is read. */
Test(audit, hostile_sums_and_text_notation)
{
    exattn_lesson *head = example("docs/examples/000-scores-to-mixture.json");
    static const char markers[] =
        "$$Z_{1} = \\sum_{k \\in \x05\x05\x05\x05\x05\x05\x05\x05} 2$$\n"
        "\n$$Z_{1} = \\sum_{k \\in &#5;&#5;&#5;&#5;} e^{s_{1,k}}$$\n";
    static const char short_sum[] =
        "output[rises] = Σ (e^{√2}/(e^{√2}+e^{√2/2}+e^{3√2/2}))·(1,0) + "
        "(e^{√2/2}/(e^{√2}+e^{√2/2}+e^{3√2/2}))·(0,2) + "
        "e^{3√2/2}·(1,2)\n"
        "z = (√2, e) + (1, 1)\n";
    exattn_audit_summary_t sum;
    char *out, *unclosed = malloc(2 * 50000 + 16);
    size_t k;

    out = report(exattn_audit_write_text, head, "m.md", markers, &sum);
    cr_assert_eq(sum.failed, 0, "%s", out);
    free(out);
    out = report(exattn_audit_write_text, head, "m.txt", short_sum, &sum);
    cr_assert_null(strstr(out, "output[rises]"), "%s", out);
    cr_assert_null(strstr(out, "z[1]"), "%s", out);
    free(out);
    cr_assert_not_null(unclosed);
    for (k = 0; k < 50000; k++)
        memcpy(unclosed + 2 * k, "=(", 2);
    strcpy(unclosed + 2 * 50000, "\n");
    out = report(exattn_audit_write_text, head, "m.txt", unclosed, &sum);
    cr_assert_eq(sum.failed, 0, "%s", out);
    free(out);
    free(unclosed);
    exattn_lesson_free(head);
}

/* A plain-text table set by spaces is a table: each value is its row's
 * label's and its column heading's, and the text before the table says
 * what it holds.  Row "who" attends to "the", "cat", "sat" with scores
 * 2, 1, 0: its weights are e^2, e, 1 over their sum, 0.66524, 0.24473,
 * 0.09003; 0.6651 is a slip.  Prose with two spaces after a full stop is
 * no table. */
Test(audit, a_plain_text_table_set_by_spaces)
{
    static const char json[] =
        "{\"query_tokens\": [\"who\", \"what\"],"
        " \"tokens\": [\"the\", \"cat\", \"sat\", \"<pad>\"],"
        " \"Q\": [[1], [2]], \"K\": [[2], [1], [0], [3]],"
        " \"V\": [[1, 0], [0, 1], [1, 1], [5, 5]],"
        " \"mask\": {\"valid_lens\": [3, 2]}}";
    static const char page[] =
        "Here are all the weights, columns numbered from 0:\n"        /* 1 */
        "\n"
        "             key 0    key 1    key 2    key 3\n"             /* 3 */
        "    who      0.6651   0.2447   0.0900   0\n"                 /* 4 */
        "\n"
        "It ends here.  Then 2.5  and 3.5  are numbers of a week.\n"; /* 6 */
    exattn_lesson *l = NULL;
    exattn_audit_summary_t sum;
    exattn_error_t err;
    char *out;

    exattn_error_init(&err);
    cr_assert_eq(exattn_lesson_read_buffer(&l, json, strlen(json), "l.json",
                                           NULL, &err), EXATTN_OK, "%s",
                 err.message);
    out = report(exattn_audit_write_text, l, "m.txt", page, &sum);
    cr_assert_not_null(strstr(out, "m.txt:4:14: FAIL 0.6651 (true: "
                                   "weights[who][the]"), "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:4:23: PASS 0.2447 = "
                                   "weights[who][cat]"), "%s", out);
    cr_assert_eq(sum.failed, 1, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A layer norm's parameters as a page prints them beside its formula
 * are the lesson's: the encoder's first has γ = (1, 1), β = (0, 0), ε =
 * 10^-5; γ = (1, 2) is no gain of it (nor anything else γ names). */
Test(audit, a_layer_norm_s_parameters)
{
    exattn_lesson *l = example("docs/examples/002-encoder-block.json");
    static const char page[] =
        "layer norm: u = γ·(z − μ)/√(σ² + ε) + β, γ = (1, 1), "
        "β = (0, 0), ε = 1/100000\n"
        "\nWith $\\gamma = (1, 2)$ instead.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.txt", page, &sum);

    cr_assert_not_null(strstr(out, "PASS (1, 1) = ln1.gamma"), "%s", out);
    cr_assert_not_null(strstr(out, "PASS (0, 0) = ln1.beta"), "%s", out);
    cr_assert_not_null(strstr(out, "PASS 1/100000 = ln1.epsilon"), "%s",
                       out);
    /* no quantity is it: unsourced (--strict fails the page) */
    cr_assert_not_null(strstr(out, "m.txt:3:16: UNSOURCED (1, 2)"), "%s",
                       out);
    free(out);
    exattn_lesson_free(l);
}

/* A block's weights as a page prints them, W_1 = [[3, -1], [1, 1]],
 * b_1 = (-1, 0): given, not derived -- mentions, whatever the words
 * around them ("LayerNorm" in the heading above made 3 a misworded
 * mean). */
Test(audit, a_weight_matrix_is_given)
{
    exattn_lesson *l = example("docs/examples/002-encoder-block.json");
    static const char page[] =
        "\\section{Feed-forward and the second LayerNorm}\n"
        "With $W_1 = \\begin{bmatrix} 3 & -1 & 1 \\\\ 1 & 1 & 1"
        " \\end{bmatrix}$ and $b_1 = (-1, 0, \\frac{1}{2})$ the hidden"
        " units follow.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.tex", page, &sum);

    cr_assert_eq(sum.numbers, 7, "%s", out);
    cr_assert_eq(sum.mentions, 7, "%s", out);
    cr_assert_not_null(strstr(out, "a weight or bias the lesson is given"),
                       "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A formula the page names no variant for is the base lesson's when a
 * base quantity has its value (sqrt 2 is three of the base's and twenty
 * of the variants'), a variant's only when none has (6/sqrt 2 is the
 * doubled query's score alone). */
Test(audit, a_formula_is_the_base_lesson_s_first)
{
    exattn_lesson *l = example("docs/examples/002-complete.json");
    static const char page[] =
        "Dividing by $\\sqrt{2}$ gives the scaled scores.\n\n"
        "The scaled score of the last key is $\\frac{6}{\\sqrt{2}}$ "
        "here.\n\nHere we get $\\sqrt{2}$ again.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "f.md", page, &sum);
    const char *second = strchr(out, '\n');

    cr_assert_eq(sum.numbers, 3, "%s", out);
    cr_assert_eq(sum.passed, 3, "%s", out);
    cr_assert_not_null(second, "%s", out);
    /* no kind named: the base's all the same */
    cr_assert_not_null(strstr(out, "f.md:5:14: PASS-NAMED \\sqrt{2} = "
                                   "scaled[load][rises], scaled[rises][grid], "
                                   "sqrt(d_k) ("), "%s", out);
    static const char first[] = "f.md:1:14: PASS-NAMED \\sqrt{2} = "
                                "scaled[load][rises], scaled[rises][grid], "
                                "sqrt(d_k) (";

    cr_assert_eq(strncmp(out, first, strlen(first)), 0, "%s", out);
    cr_assert_not_null(strstr(second, "PASS-NAMED \\frac{6}{\\sqrt{2}} = "
                              "scaled[rises][rises] variant=\"double "
                              "query\" ("), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* The verdict at line:14 of the text page c.txt is `want`. */
static void
text_verdict(const char *out, int line, const char *want)
{
    char *got = verdict_at(out, "c.txt", line, 14);

    cr_assert_not_null(got, "no number at %d:14 in\n%s", line, out);
    cr_assert_str_eq(got, want, "%d:14 in\n%s", line, out);
    free(got);
}

/* exattn's text writes a compact row's output coordinate by coordinate
 * as a sum over the row's allowed keys: each line is proved, and a
 * coordinate's line with another's form FAILs against the entry its
 * subject spells out, whatever kind the lines before it name. */
Test(audit, a_text_sum_over_a_compact_row)
{
    exattn_lesson *l = example("docs/examples/010-generated-head.json");
    static const char page[] =
        "weights: w1 = e^{-8√3/3}/Z9 (NAMED)\n"
        "output9 = (Σ_{k∈A9} e^{s_k}·V_k)/Z9, by coordinate:\n"
        "output9[1] = (Σ_{k∈A9} e^{s_k}·V_{k,1})/Z9 (NAMED)\n"
        "output9[3] = (Σ_{k∈A9} e^{s_k}·V_{k,2})/Z9 (NAMED)\n"
        "output9[2] = (Σ_{k∈A8} e^{s_k}·V_{k,2})/Z9 (NAMED)\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "c.txt", page, &sum);

    cr_assert_eq(sum.numbers, 5, "%s", out);
    cr_assert_eq(sum.failed, 2, "%s", out);
    /* the vector as a whole (V_k a row of V) names no single entry */
    cr_assert_eq(sum.mentions, 1, "%s", out);
    cr_assert_not_null(strstr(out, "c.txt:2:11: MENTION"), "%s", out);
    text_verdict(out, 3, "PASS-NAMED");
    cr_assert_not_null(strstr(out, "= output[9][1] (proved equal"), "%s", out);
    text_verdict(out, 4, "FAIL");
    cr_assert_not_null(strstr(out, "(true: output[9][3]"), "%s", out);
    /* row 8's keys in row 9's output */
    text_verdict(out, 5, "FAIL");
    cr_assert_not_null(strstr(out, "(true: output[9][2]"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A text sum is read whole or not at all: its body's factors side by
 * side or around a spaced "·", ∑ for Σ, s_{k} for s_k; a sum followed by
 * words is no formula (never its first factors alone); words naming
 * another kind in the formula's own clause ("the contribution ... to
 * output9[1] =") bind it to that kind; o_{9,1} in plain text is a
 * subject too. */
Test(audit, text_sums_read_whole_or_not_at_all)
{
    exattn_lesson *l = example("docs/examples/010-generated-head.json");
    static const char page[] =
        "output9[1] = Σ_{k∈A9} w_k V_{k,1}\n\n"
        "output9[2] = Σ_{k∈A9} w_k · V_{k,2}\n\n"
        "output9[3] = (∑_{k∈A9} e^{s_{k}}·V_{k,3})/Z9\n\n"
        "The first coordinate is o = Σ_{k∈A9} w_k V_{k,1} for row 9.\n\n"
        "a weighted sum Σ_{k∈A9} w_k v_k over the allowed keys\n\n"
        "The contribution of key 9 to output9[1] = -e^{10√3/3}/Z9, the "
        "largest term.\n\n"
        "Then o_{9,1} = (Σ_{k∈A9} e^{s_k}·V_{k,3})/Z9 here.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "c.txt", page, &sum);

    cr_assert_eq(sum.numbers, 5, "%s", out);
    cr_assert_eq(sum.passed, 4, "%s", out);
    /* a TeX index in plain text names the entry: coordinate 3's form
     * for coordinate 1 */
    cr_assert_not_null(strstr(out, "c.txt:13:16: FAIL (Σ_{k∈A9} e^{s_k}·"
                                   "V_{k,3})/Z9 (true: output[9][1]"),
                       "%s", out);
    cr_assert_not_null(strstr(out, "= output[9][1] (proved"), "%s", out);
    cr_assert_not_null(strstr(out, "= output[9][2] (proved"), "%s", out);
    cr_assert_not_null(strstr(out, "= output[9][3] (proved"), "%s", out);
    cr_assert_not_null(strstr(out, "c.txt:11:43: PASS-NAMED -e^{10√3/3}/Z9 = "
                                   "contributions[9][9][1] (proved"),
                       "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* The evidence's vocabulary is searched by halves: a word out of byte
 * order would never be found (the other tests find words of every
 * table: kinds, changes, metrics). */
Test(audit, the_vocabulary_is_in_byte_order)
{
    cr_assert_eq(exattn_audit__vocabulary_sorted(), 1);
}

/* A named form whose next term is a product reaching a symbol ("4/3 +
 * 2·√2/3", "1/3 + 2/√2") is one formula: its leading number is no
 * result of its own, in text as in math. */
Test(audit, a_leading_number_before_a_product_with_a_symbol)
{
    exattn_lesson *pre = example("docs/examples/002-pre-ln-rms-block.json");
    static const char page[] =
        "  [rises] H1 = (2/3+√2/3, 4/3+2·√2/3) (NAMED)\n"       /* 1 */
        "  [rises] z = (8/3+√2/3, 4/3+2·√2/3) (NAMED)\n"        /* 2 */
        "  [rises] z = (8/3+√2/3, 4/3+2·√2/5) (NAMED)\n";       /* 3 */
    exattn_audit_summary_t sum;
    char *out;

    out = report(exattn_audit_write_text, pre, "m.txt", page, &sum);
    cr_assert_not_null(strstr(out, "m.txt:1:27: PASS-NAMED 4/3+2·√2/3"),
                       "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:2:26: PASS-NAMED 4/3+2·√2/3"),
                       "%s", out);
    cr_assert_not_null(strstr(out, "m.txt:3:26: FAIL 4/3+2·√2/5"), "%s",
                       out);
    cr_assert_null(strstr(out, "UNSOURCED"), "%s", out);
    cr_assert_null(strstr(out, "MENTION 4/3"), "%s", out);
    cr_assert_eq(sum.passed, 5, "%s", out);
    cr_assert_eq(sum.failed, 1, "%s", out);
    free(out);
    exattn_lesson_free(pre);
}

/* A symbol the page only bounds ("\varepsilon > 0") no longer has the
 * value an earlier formula gave it: the later formula is read with the
 * lesson's symbolic ε, not with 1/2. */
Test(audit, a_bounded_symbol_forgets_its_earlier_value)
{
    exattn_lesson *l = th_lesson(
        "{\"tokens\": [\"a\", \"b\"], \"X\": [[1, 1], [2, 0]],"
        " \"W_Q\": [[1, 0], [0, 1]], \"W_K\": [[1, 0], [0, 1]],"
        " \"W_V\": [[0, 0], [0, 0]], \"mask\": \"none\", \"block\":"
        " {\"layer_norm\": {\"gamma\": [1, 1], \"beta\": [0, 0],"
        " \"epsilon\": {\"symbol\": \"ε\"}}}}");
    const char *page =
        "Another block used $\\varepsilon = \\frac{1}{2}$. This one leaves\n"
        "it symbolic, $\\varepsilon > 0$:\n\n$$\n\\begin{aligned}\n"
        "\\text{b}:\\ & u_{1} = \\frac{1}{\\sqrt{1+\\varepsilon}}\n"
        "\\end{aligned}\n$$\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "e.md", page, &sum);

    cr_assert_not_null(strstr(out, "PASS-NAMED \\frac{1}{\\sqrt{1+\\varepsilon}}"
                                   " = ln1[2][1]"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A symbol compared with another ("c < d") keeps the value the page gave
 * it: the formula written in it is still proved. */
Test(audit, a_symbol_compared_with_another_keeps_its_value)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1]], \"K\": [[0],[1]], "
                                 "\"V\": [[0],[1]], \"scale\": \"none\"}");
    const char *page = "Write $c = e^{1}$, and $c < d$ for any larger $d$.\n"
                       "So $w_{1,2} = \\frac{c}{e^{0}+c}$.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "c.md", page, &sum);

    cr_assert_not_null(strstr(out, "PASS-NAMED \\frac{c}{e^{0}+c} = "
                                   "weights[1][2]"), "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* Five tokens a..e under a band mask: b sees a, b, c (d blocked); e sees
 * every key.  scaled[e][d] = (0,2).(1,-1)/2 = -1, scaled[b][d] =
 * (0,1).(1,-1)/2 = -1/2, weights[e][d] = e^-1/(2 + 2e + e^-1) = 0.04714. */
static exattn_lesson *
band_mask(void)
{
    return th_lesson(
        "{\"tokens\": [\"a\", \"b\", \"c\", \"d\", \"e\"],"
        " \"Q\": [[1, 0], [0, 1], [1, 1], [2, 0], [0, 2]],"
        " \"K\": [[1, 0], [0, 1], [1, 1], [1, -1], [0, 0]],"
        " \"V\": [[1, 0], [0, 1], [1, 1], [2, 2], [0, 3]],"
        " \"scale\": \"1/2\", \"mask\": [[1,1,0,0,1],[1,1,1,0,0],"
        "[0,1,1,1,0],[1,0,0,1,1],[1,1,1,1,1]]}");
}

/* A table of one query's keys: its row label names the key -- a
 * one-letter label, or the first word of a note ("d blocked (weight
 * exactly 0)") --, its column what the cell is, the heading over it the
 * query; so a cell is that one entry: another query's value there is
 * no pass, and a slip under "scaled score" is a scaled score's slip
 * even when the row's note speaks of a weight.  "The weight of d" in
 * prose is the token d, not the letter. */
Test(audit, a_table_of_one_query_s_keys)
{
    exattn_lesson *l = band_mask();
    static const char page[] =
        "## Query e\n\nQuery e attends to every key.\n\n"
        "| key | score | scaled score | weight |\n"
        "|---|---|---|---|\n"
        "| d | $-2$ | $-1$ | 0.047 |\n"                             /* 7 */
        "| c | $2$ | $-\\frac{1}{2}$ | 0.348 |\n"                  /* 8 */
        "\n## Query b\n\nQuery b attends to a, b and c.\n\n"
        "| key | score | scaled score | weight |\n"
        "|---|---|---|---|\n"
        "| d blocked (weight exactly 0) | $-1$ | $-1/2$ | 0 |\n"  /* 16 */
        "| d blocked (weight exactly 0) | $-1$ | -0.60 | 0 |\n"   /* 17 */
        "\nIn the table of e, the weight of d ≈ 0.047, and the weight of d "
        "≈ 0.057 there is a slip.\n";                              /* 19 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    cr_assert_not_null(strstr(out, "m.md:7:15: PASS -1 = scaled[e][d] "),
                       "%s", out);
    cr_assert_not_null(strstr(out, "m.md:7:21: PASS 0.047 = weights[e][d] "),
                       "%s", out);
    /* -1/2 is scaled[b][d], not c's entry under query e */
    assert_verdict(out, 8, 14, "UNSOURCED");
    cr_assert_not_null(strstr(out, "m.md:16:42: PASS -1/2 = scaled[b][d] "),
                       "%s", out);
    assert_verdict(out, 17, 41, "FAIL");
    cr_assert_not_null(strstr(out, "(true: scaled[b][d] = -1/2"), "%s", out);
    cr_assert_not_null(strstr(out, "m.md:19:38: PASS 0.047 = weights[e][d] "),
                       "%s", out);
    assert_verdict(out, 19, 67, "FAIL");
    cr_assert_not_null(strstr(out, "(true: weights[e][d] ≈ 0.047137"), "%s",
                       out);
    cr_assert_eq(sum.failed, 2, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* A rational scale is a quantity: "the scale is 1/2" is it, 1/3 is no
 * quantity of the lesson. */
Test(audit, a_rational_scale_is_the_factor)
{
    exattn_lesson *l = band_mask();
    static const char page[] = "Here the scale is 1/2.\n\n"
                               "Here the scale is 1/3.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    cr_assert_not_null(strstr(out, "m.md:1:19: PASS 1/2 = scale "), "%s",
                       out);
    assert_verdict(out, 3, 19, "UNSOURCED");
    free(out);
    exattn_lesson_free(l);
}

/* An HTML table without a heading row is read row by row: a row's label
 * names its own cells, never the next row's ("at", too short to name a
 * token in prose, does not inherit "mice"). */
Test(audit, a_headless_table_row_is_a_sentence_of_its_own)
{
    exattn_lesson *l = th_lesson("{\"tokens\": [\"mice\", \"at\"], "
                                 "\"Q\": [[1, 0], [0, 2]], \"K\": [[1, 0], "
                                 "[0, 1]], \"V\": [[1, 0], [0, 1]], "
                                 "\"scale\": \"none\"}");
    static const char page[] =
        "<p>The weights of the query at, key by key:</p>\n"
        "<table><tbody><tr><th>mice</th><td>0.119</td></tr>"
        "<tr><th>at</th><td>0.881</td></tr></tbody></table>\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "h.html", page, &sum);
    const char *at = strstr(out, "h.html:2:70: PASS 0.881 = weights[at][at]");
    char *line;

    cr_assert_not_null(at, "%s", out);
    line = strndup(at, strcspn(at, "\n"));
    cr_assert_null(strstr(line, "the label \"mice\""), "%s", out);
    free(line);
    cr_assert_eq(sum.failed, 0, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* Cross-attention with valid lengths 2 and 3: q1 sees ab and cd only.
 * A set of labels names no one token ("{ab, cd}" is A of q1, and the
 * weight exactly 0 is q1's, not cd's); "the valid lengths (2, 3)" are
 * the mask as written. */
Test(audit, a_set_of_labels_names_no_one_token)
{
    exattn_lesson *l = th_lesson(
        "{\"query_tokens\": [\"q1\", \"q2\"], \"tokens\": [\"ab\", \"cd\","
        " \"ef\"], \"X\": [[1, 2], [2, -1]], \"memory\": [[1, 0, 1], "
        "[0, 1, 1], [1, 1, 0]], \"W_Q\": [[1, 0], [1, 1]], \"W_K\": "
        "[[1, 0], [0, 1], [1, 1]], \"W_V\": [[2, 0], [0, 1], [1, 1]], "
        "\"scale\": \"1/sqrt(8)\", \"mask\": {\"valid_lens\": [2, 3]}}");
    static const char page[] =
        "The mask is written as the valid lengths (2, 3).\n\n"
        "$$\n\\begin{aligned}\n"
        "A_{\\text{q1}} &= \\{\\text{ab}, \\text{cd}\\} \\\\\n"
        "&\\text{blocked, removed from the softmax (weight exactly } "
        "0\\text{):} \\\\\n&\\qquad k_{\\text{ef}}\n\\end{aligned}\n$$\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "s.md", page, &sum);

    cr_assert_not_null(strstr(out, "PASS (2, 3) = mask.valid_lens "), "%s",
                       out);
    cr_assert_not_null(strstr(out, "PASS 0 = weights[q1][ef]"), "%s", out);
    cr_assert_eq(sum.unsourced, 0, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* Token labels that no English word is written like -- "R&D", "e/f" --
 * name their token unquoted in prose, also right before a relation sign
 * ("e/f≈"); a label that is a Greek letter does after "of" just before
 * the number ("the weight of α ≈"), and elsewhere stays the page's own
 * symbol ("significance level α = 0.05": a mention).  A wrong weight said
 * of them fails instead of passing as "a symbol the lesson does not
 * define: D".  (Weights of row e/f: 0.10906, 0.22118, 0.22118, 0.44858;
 * its output (1.89716, 1.11212); row α's weight of e/f 0.16512 --
 * Python, double.) */
Test(audit, labels_with_signs_need_no_quotes)
{
    exattn_lesson *l = th_lesson(
        "{\"tokens\": [\"R&D\", \"e/f\", \"\xce\xb1\", \"is\"], "
        "\"Q\": [[1, 0], [0, 1], [1, 1], [2, 0]], "
        "\"K\": [[1, 0], [0, 1], [1, 1], [0, 2]], "
        "\"V\": [[1, 0], [0, 1], [2, 2], [3, 1]]}");
    static const char page[] =
        "For the query e/f, the weight of R&D \xe2\x89\x88 0.109.\n\n"
        "Output of e/f\xe2\x89\x88 (1.897, 1.112)\n\n"
        "For the query \xce\xb1, the weight of e/f \xe2\x89\x88 0.165.\n\n"
        "For the query e/f, the weight of \xce\xb1 \xe2\x89\x88 0.221.\n\n"
        "For the query e/f, the weight of R&D \xe2\x89\x88 0.190.\n\n"
        "We test at significance level \xce\xb1 = 0.05 throughout.\n";
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "s.md", page, &sum);

    cr_assert_not_null(strstr(out, "PASS 0.109 = weights[e/f][R&D]"), "%s",
                       out);
    cr_assert_not_null(strstr(out, "PASS (1.897, 1.112) = output[e/f]"),
                       "%s", out);
    cr_assert_not_null(strstr(out, "weights[\xce\xb1][e/f]"), "%s", out);
    cr_assert_not_null(strstr(out, "PASS 0.221 = "), "%s", out);
    cr_assert_not_null(strstr(out, "weights[e/f][\xce\xb1]"), "%s", out);
    cr_assert_not_null(strstr(out, "MENTION 0.05 -- a symbol the lesson "
                                   "does not define"), "%s", out);
    cr_assert_not_null(strstr(out, "FAIL 0.190 (true: weights[e/f][R&D]"),
                       "%s", out);
    cr_assert_eq(sum.passed, 4, "%s", out);
    cr_assert_eq(sum.failed, 1, "%s", out);
    free(out);
    exattn_lesson_free(l);
}

/* Two keys of equal score (weights 1/2, 1/2); causal on, query first sees
 * itself alone: its weight rises by 1/2 and its output's second
 * coordinate falls from 2 to 0.  A change said in text inside math is
 * the change; a weight summed over its index is the weights' sum. */
Test(audit, changes_set_as_text_and_a_sum_of_weights)
{
    exattn_lesson *l = th_lesson(
        "{\"tokens\": [\"first\", \"second\"], \"Q\": [[0, 0], [0, 0]], "
        "\"K\": [[1, 0], [0, 1]], \"V\": [[2, 0], [0, 4]], \"blends\": "
        "[{\"name\": \"even\", \"weights\": [\"1/2\", \"1/2\"]}], "
        "\"variants\": [{\"name\": \"causal on\", \"mask\": \"causal\"}]}");
    static const char page[] =
        "## Variant: causal on\n\n$$\n\\begin{aligned}\n"
        "w_{\\text{first},\\text{first}} &: \\tfrac{1}{2} \\;\\to\\; 1 \\\\\n"
        "&\\phantom{:}\\ \\text{(increases by }\\tfrac{1}{2}\\text{)} \\\\\n"
        "o_{\\text{first},2} &: 2 \\;\\to\\; 0 \\\\\n"
        "&\\phantom{:}\\ \\text{(decreases by }3\\text{)}\n"          /* 8 */
        "\\end{aligned}\n$$\n\n"
        "## The blend\n\n$$\\sum_{j} w_{j} = 1$$ and not "
        "$$\\sum_{j} w_{j} = 3$$\n";                                /* 14 */
    exattn_audit_summary_t sum;
    char *out = report(exattn_audit_write_text, l, "m.md", page, &sum);

    cr_assert_not_null(strstr(out, "m.md:6:36: PASS \\tfrac{1}{2} = "), "%s",
                       out);
    cr_assert_not_null(strstr(out, "weights[first][first] variant=\"causal "
                                   "on\" minus=base and 4 more [result by "
                                   "the word \"increases\"]"), "%s", out);
    assert_verdict(out, 8, 36, "UNSOURCED");
    cr_assert_not_null(strstr(out, "m.md:14:20: PASS 1 = the weights' sum"),
                       "%s", out);
    assert_verdict(out, 14, 51, "UNSOURCED");
    free(out);
    exattn_lesson_free(l);
}
