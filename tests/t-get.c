/* exattn get and exattn_lesson_get: one quantity by its path, each entry
 * exact when it is, else named, with its certified decimal -- compared
 * with values computed apart (MPFR at 256 bits, exact fractions), and
 * every error with the bad input itself. */
#include <criterion/criterion.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "helpers.h"

/* w_j = e^{s_j}/sum e^{s_k} at 256 bits, rounded to 3 digits as text
 * ("0.284"): the expectation, apart from exattn's evaluator. */
static void
softmax_3(char out[][16], const double *coef, size_t n)
{
    mpfr_t s[8], z, t, r2;
    size_t j;

    mpfr_inits2(256, z, t, r2, (mpfr_ptr)0);
    mpfr_set_ui(z, 0, MPFR_RNDN);
    mpfr_sqrt_ui(r2, 2, MPFR_RNDN);
    for (j = 0; j < n; j++)
    {
        /* the scores are coef_j·√2, coef_j a half-integer */
        mpfr_init2(s[j], 256);
        mpfr_mul_d(s[j], r2, coef[j], MPFR_RNDN);
        mpfr_exp(s[j], s[j], MPFR_RNDN);
        mpfr_add(z, z, s[j], MPFR_RNDN);
    }
    for (j = 0; j < n; j++)
    {
        mpfr_div(t, s[j], z, MPFR_RNDN);
        mpfr_snprintf(out[j], 16, "%.3Rf", t);
        mpfr_clear(s[j]);
    }
    mpfr_clears(z, t, r2, (mpfr_ptr)0);
}

Test(get, named_weights_with_certified_decimals)
{
    /* seed 002, row rises: scaled scores √2, √2/2, 3√2/2 */
    static const double coef[] = { 1, 0.5, 1.5 };
    char want[3][16], line[160];
    char *path = th_srcpath("docs/examples/002-grid-load-rises.json");
    const char *argv[] = { "get", path, "weights[rises]", NULL };
    char *out, *err;
    size_t j;

    softmax_3(want, coef, 3);
    cr_assert_eq(th_run(argv, &out, &err), 0, "%s", err);
    for (j = 0; j < 3; j++)
    {
        snprintf(line, sizeof line, "weights[rises][%zu] = ", j + 1);
        cr_assert_not_null(strstr(out, line), "%s", out);
        snprintf(line, sizeof line, " ≈ %s (NAMED)\n", want[j]);
        cr_assert_not_null(strstr(out, line), "no \"%s\" in\n%s", line,
                           out);
    }
    cr_assert_not_null(strstr(out, "e^{√2}/(e^{√2}+"), "%s", out);
    free(out);
    free(err);
    free(path);
}

Test(get, exact_values_are_written_exactly)
{
    /* the zero query: every allowed score ties, so the output is the mean
     * of the values (1,0), (0,2), (1,2): (2/3, 4/3) */
    char *path = th_srcpath("docs/examples/002-grid-load-rises.json");
    const char *text[] = { "get", path, "output[rises]", "--variant",
                           "zero query", NULL };
    const char *latex[] = { "get", path, "output[rises]", "--variant",
                            "zero query", "--format", "latex", NULL };
    const char *md[] = { "get", path, "weights[grid]", "--format",
                         "markdown", NULL };
    char *out, *err;

    cr_assert_eq(th_run(text, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, "output[rises][1] = 2/3 ≈ 0.667 (EXACT)\n"
                          "output[rises][2] = 4/3 ≈ 1.333 (EXACT)\n");
    free(out);
    free(err);
    cr_assert_eq(th_run(latex, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, "\\begin{bmatrix}\\frac{2}{3} & \\frac{4}{3}"
                          "\\end{bmatrix} \\approx \\begin{bmatrix}0.667 & "
                          "1.333\\end{bmatrix}\n");
    free(out);
    free(err);
    /* causal: grid sees itself only; exact values need no decimal */
    cr_assert_eq(th_run(md, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, "$\\begin{bmatrix}1 & 0 & 0\\end{bmatrix}$\n");
    free(out);
    free(err);
    free(path);
}

Test(get, a_block_quantity_and_json)
{
    /* 013: head 2's output for rises is exactly 0 (equal weights of grid
     * and load over values 1 and -1, rises' value 0) */
    char *path = th_srcpath("docs/examples/013-two-head-pre-ln-block.json");
    const char *argv[] = { "get", path, "h2.output[rises]", "--format",
                           "json", NULL };
    char *out, *err;

    cr_assert_eq(th_run(argv, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "{\"path\": \"h2.output[rises]\", "
                                   "\"variant\": null, \"entries\": [\n"
                                   "  {\"status\": \"exact\", \"value\": "
                                   "\"0\""), "%s", out);
    cr_assert_not_null(strstr(out, "\"decimal\": \"0.000\", "
                                   "\"decimal_exact\": true"), "%s", out);
    free(out);
    free(err);
    free(path);
}

Test(get, the_library_call_and_its_release)
{
    char *path = th_srcpath("docs/examples/004-value-weighting.json");
    exattn_lesson *l = NULL;
    exattn_quantity_entry *q;
    exattn_error_t err;
    size_t n;

    exattn_error_init(&err);
    cr_assert_eq(exattn_lesson_read_file(&l, path, NULL, &err), EXATTN_OK,
                 "%s", err.message);
    /* output 3: coordinate 1 exactly 1 although its weights are named */
    cr_assert_eq(exattn_lesson_get(&q, &n, l, NULL, "output[3]", 6, 0,
                                   &err), EXATTN_OK, "%s", err.message);
    cr_assert_eq(n, 2);
    cr_assert_eq(q[0].status, EXATTN_EXACT);
    cr_assert_str_eq(q[0].exact, "1");
    cr_assert_eq(q[1].status, EXATTN_NAMED);
    cr_assert_null(q[1].exact);
    cr_assert_str_eq(q[1].decimal, "1.211942");
    exattn_quantity_entries_free(q, n);
    /* no decimal asked for: none */
    cr_assert_eq(exattn_lesson_get(&q, &n, l, NULL, "weights[2][1]",
                                   EXATTN_DIGITS_NONE, 0, &err), EXATTN_OK);
    cr_assert_eq(n, 1);
    cr_assert_null(q[0].decimal);
    cr_assert_str_eq(q[0].text, "e^0/(e^0+e^1)");
    exattn_quantity_entries_free(q, n);
    cr_assert_eq(exattn_lesson_get(&q, &n, l, NULL, "weights[9]", 3, 0,
                                   &err), EXATTN_EFIELD);
    cr_assert_null(q);
    cr_assert_eq(n, 0);
    exattn_lesson_free(l);
    free(path);
}

/* A bad call: status 2, stderr naming the file and saying why, nothing
 * on stdout. */
static void
expect_refused(const char *const *argv, const char *part)
{
    char *out, *err;
    int status = th_run(argv, &out, &err);

    cr_assert_eq(status, 2, "status %d; stderr: %s", status, err);
    cr_assert_str_empty(out, "stdout not empty: %s", out);
    cr_assert_not_null(strstr(err, part), "stderr \"%s\" lacks \"%s\"", err,
                       part);
    free(out);
    free(err);
}

Test(get, bad_paths_and_usage_are_refused)
{
    char *path = th_srcpath("docs/examples/002-grid-load-rises.json");
    const char *misspelt[] = { "get", path, "wieghts[rises]", NULL };
    const char *no_row[] = { "get", path, "weights[sky]", NULL };
    const char *variant[] = { "get", path, "weights[rises]", "--variant",
                              "zero qery", NULL };
    const char *no_path[] = { "get", path, NULL };
    const char *two[] = { "get", path, "weights", "output", NULL };
    const char *missing[] = { "get", "no-such-lesson.json", "weights",
                              NULL };
    const char *format[] = { "get", path, "weights", "--format", "svg",
                             NULL };

    expect_refused(misspelt, "unknown quantity");
    expect_refused(no_row, "path \"weights[sky]\": no such query row "
                           "\"sky\"");
    expect_refused(variant, "no variant \"zero qery\"");
    expect_refused(no_path, "get needs a path");
    expect_refused(two, "get takes one path; 'output' is a second");
    expect_refused(missing, "no-such-lesson.json");
    expect_refused(format, "svg");
    free(path);
}

/* The named weights of every row, as get and as derive write them: the
 * same text, exponents and all (e^{√2/2}, never e^{1/2·√2}). */
typedef struct
{
    const exattn_lesson *l;
    size_t checked;
    int in_variant;             /* the base lesson's rows only */
} same_forms;

static int
weight_section(void *ctx, const exattn_doc_section *s)
{
    same_forms *f = ctx;

    f->in_variant |= s->kind == EXATTN_SECTION_VARIANT;
    return EXATTN_OK;
}

static int
weight_entry(void *ctx, const exattn_doc_entry *e)
{
    same_forms *f = ctx;
    exattn_quantity_entry *q;
    exattn_error_t err;
    char path[64];
    size_t n;

    if (f->in_variant || e->role != EXATTN_ROLE_WEIGHT
        || e->values->status != EXATTN_NAMED)
        return EXATTN_OK;
    snprintf(path, sizeof path, "weights[%zu][%zu]", e->row + 1, e->key + 1);
    cr_assert_eq(exattn_lesson_get(&q, &n, f->l, NULL, path,
                                   EXATTN_DIGITS_NONE, 0, &err), EXATTN_OK,
                 "%s", err.message);
    cr_assert_str_eq(q[0].text, e->values->form[EXATTN_FORM_TEXT],
                     "%s: get %s, derive %s", path, q[0].text,
                     e->values->form[EXATTN_FORM_TEXT]);
    exattn_quantity_entries_free(q, n);
    f->checked++;
    return EXATTN_OK;
}

Test(get, forms_are_derive_s)
{
    static const char *const lessons[] = {
        "docs/examples/002-grid-load-rises.json",
        "docs/examples/004-value-weighting.json",
        "docs/examples/011-padded-head.json" };
    size_t k, total = 0;

    for (k = 0; k < sizeof lessons / sizeof *lessons; k++)
    {
        char *path = th_srcpath(lessons[k]);
        exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
        exattn_lesson *l = NULL;
        exattn_error_t err;
        same_forms f = { 0 };

        cr_assert_eq(exattn_lesson_read_file(&l, path, NULL, &err),
                     EXATTN_OK, "%s", err.message);
        f.l = l;
        sink.notations = EXATTN_NOTATION_TEXT;
        sink.entry = weight_entry;
        sink.begin = weight_section;
        cr_assert_eq(exattn_derive(&sink, &f, l, NULL, &err), EXATTN_OK);
        total += f.checked;
        exattn_lesson_free(l);
        free(path);
    }
    cr_assert_gt(total, 6, "only %zu named weights compared", total);
}
