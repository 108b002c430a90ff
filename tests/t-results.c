/* The results file of exattn grade (src/grade/results.c): values read as
 * the exact floats they denote, their shapes and positions, and every
 * refusal with its file, line and column. */
#include <criterion/criterion.h>
#include <string.h>
#include "internal.h"
#include "grade/results.h"

static exattn_results *
read_ok(const char *text)
{
    exattn_results *r = NULL;
    exattn_error_t err;

    exattn_error_init(&err);
    cr_assert_eq(exattn_results__read(&r, text, strlen(text), "r.json",
                                      1000, &err), EXATTN_OK, "%s",
                 err.message);
    return r;
}

static void
expect_value(const exattn_result_set *s, size_t k, const char *want)
{
    mpq_t w, v;

    mpq_inits(w, v, (mpq_ptr)0);
    cr_assert_eq(mpq_set_str(w, want, 10), 0);
    mpq_canonicalize(w);
    exattn_results__value(v, s, k);
    cr_assert(mpq_equal(v, w), "%s[%zu] = %s, not %s", s->path, k,
              mpq_get_str(NULL, 10, v), want);
    mpq_clears(w, v, (mpq_ptr)0);
}

Test(results, values_are_the_exact_floats_they_denote)
{
    exattn_results *r = read_ok(
        "{\"format\": \"binary32\",\n"
        " \"values\": {\"weights[rises]\": [\"0.1\", \"0x1.8p-1\", 0.5],\n"
        "            \"output\": [[\"1\", \"2\"], [\"-0x1p-149\", \"3.5\"]],\n"
        "            \"weights[grid][grid]\": \"1\"}}");

    cr_assert_str_eq(r->format->name, "binary32");
    cr_assert_eq(r->count, 3);
    /* 0.1 as binary32 is 13421773 * 2^-27 */
    expect_value(&r->sets[0], 0, "13421773/134217728");
    expect_value(&r->sets[0], 1, "3/4");
    expect_value(&r->sets[0], 2, "1/2");
    cr_assert_eq(r->sets[0].dims, 1);
    cr_assert_eq(r->sets[0].cols, 3);
    cr_assert_eq(r->sets[0].line, 2);
    cr_assert_eq(r->sets[0].columns[1], 39);
    cr_assert_eq(r->sets[1].dims, 2);
    cr_assert_eq(r->sets[1].rows * r->sets[1].cols, 4);
    expect_value(&r->sets[1], 2,
                 "-1/713623846352979940529142984724747568191373312");
    cr_assert_eq(r->sets[2].dims, 0);
    expect_value(&r->sets[2], 0, "1");
    exattn_results__free(r);
}

static void
expect_error(const char *text, int code, const char *where, const char *what)
{
    exattn_results *r = NULL;
    exattn_error_t err;
    char got[2200];

    exattn_error_init(&err);
    cr_assert_eq(exattn_results__read(&r, text, strlen(text), "r.json", 6,
                                      &err), code, "%s: %s", text,
                 err.message);
    cr_assert_null(r);
    snprintf(got, sizeof got, "%s:%lu:%lu: %s", err.file, err.line,
             err.column, err.message);
    cr_assert_not_null(strstr(got, where), "%s", got);
    cr_assert_not_null(strstr(got, what), "%s", got);
}

Test(results, bad_results_are_refused_where_they_are)
{
    expect_error("{\"format\": \"float32\", \"values\": {\"o\": \"1\"}}",
                 EXATTN_EFIELD, "r.json:1:12", "unknown format \"float32\"");
    expect_error("{\"values\": {\"o\": \"1\"}}", EXATTN_EFIELD, "r.json:1:1",
                 "\"format\"");
    expect_error("{\"format\": \"binary64\", \"values\": {\"o\": \"nan\"}}",
                 EXATTN_EDOMAIN, "r.json:1:40", "NaN");
    expect_error("{\"format\": \"binary64\", \"values\": {\"o\": [\"1\", "
                 "\"-Infinity\"]}}", EXATTN_EDOMAIN, "r.json:1:46",
                 "infinities");
    expect_error("{\"format\": \"binary16\", \"values\": {\"o\": "
                 "\"0x1.001p0\"}}", EXATTN_EDOMAIN, "r.json:1:40",
                 "not a value of the format");
    expect_error("{\"format\": \"binary64\", \"values\": {\"o\": [[\"1\", "
                 "\"2\"], [\"3\"]]}}", EXATTN_ESHAPE, "r.json:1:53",
                 "row 2 has 1 values, row 1 has 2");
    expect_error("{\"format\": \"binary64\", \"values\": {\"o\": [[[\"1\"]]]}}",
                 EXATTN_ESHAPE, "r.json:1:42", "two deep");
    expect_error("{\"format\": \"binary64\", \"values\": {\"o\": true}}",
                 EXATTN_EFIELD, "r.json:1:40", "a value is a decimal");
    expect_error("{\"format\": \"binary64\", \"values\": {\"o\": []}}",
                 EXATTN_ESHAPE, "r.json:1:40", "no values");
    expect_error("{\"format\": \"binary64\", \"values\": {}}", EXATTN_EFIELD,
                 "r.json:1:34", "maps claim paths");
    expect_error("{\"format\": \"binary64\", \"value\": {\"o\": \"1\"}}",
                 EXATTN_EFIELD, "r.json:1:24", "unknown field \"value\"");
    expect_error("{\"format\": \"binary64\", \"values\": {\"o\": [\"1\", \"2\", "
                 "\"3\", \"4\", \"5\", \"6\", \"7\"]}}", EXATTN_ELIMIT,
                 "r.json:1:40", "more than 6 values");
    expect_error("{\"format\": \"binary64\", \"values\": {\"o\": \"1\"", 
                 EXATTN_ESYNTAX, "r.json:1:", "");
    expect_error("[1]", EXATTN_EFIELD, "r.json:1:1", "one JSON object");
}
