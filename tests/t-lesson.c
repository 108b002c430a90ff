/* The lesson reader: every field of the format, the shape contract, and
 * every error with its message and position. */
#include <criterion/criterion.h>
#include <string.h>
#include "exattn.h"
#include "internal.h"
#include "lesson/model.h"
#include "helpers.h"

#define QKV "\"Q\": [[1,0],[0,1],[1,1]], \"K\": [[1,0],[0,1],[1,1]], " \
            "\"V\": [[2,0],[0,3],[1,1]]"

static void
expect_error(const char *json, int code, unsigned long line,
             unsigned long column, const char *part)
{
    exattn_error_t err;
    int rc = th_lesson_fails(json, &err);

    cr_assert_eq(rc, code, "code %d, want %d: %s", rc, code, err.message);
    cr_assert_str_eq(err.file, "bad.json");
    cr_assert(err.line == line && err.column == column,
              "at %lu:%lu, want %lu:%lu: %s", err.line, err.column, line,
              column, err.message);
    cr_assert_not_null(strstr(err.message, part), "message \"%s\" lacks "
                       "\"%s\"", err.message, part);
}

typedef mpq_srcptr (*entry_fn)(const exattn_lesson *, size_t, size_t,
                               mpq_t);

static void
expect_matrix(entry_fn get,
              const exattn_lesson *l, size_t rows, size_t cols,
              const char *const *want)
{
    size_t r, c;
    mpq_t e;

    mpq_init(e);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            cr_assert(th_mpq_is(get(l, r, c, e), want[r * cols + c]),
                      "entry %zu,%zu", r, c);
    mpq_clear(e);
}

static int
entry_is(entry_fn get, const exattn_lesson *l, size_t r, size_t c,
         const char *want)
{
    mpq_t e;
    int ok;

    mpq_init(e);
    ok = get(l, r, c, e) == e && th_mpq_is(e, want);
    mpq_clear(e);
    return ok;
}

/* NULL, and `out` untouched */
static int
entry_out_of_range(entry_fn get, const exattn_lesson *l, size_t r, size_t c)
{
    mpq_t e;
    int ok;

    mpq_init(e);
    mpq_set_ui(e, 7, 3);
    ok = get(l, r, c, e) == NULL && th_mpq_is(e, "7/3");
    mpq_clear(e);
    return ok;
}

Test(lesson, reads_q_k_v_exactly)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[0.1, \"3/4\"]], \"K\": [[\"1e-3\","
                                 " -2]], \"V\": [[\"0.125\", 1E2, 7]]}");
    static const char *const q[] = { "1/10", "3/4" };
    static const char *const k[] = { "1/1000", "-2" };
    static const char *const v[] = { "1/8", "100", "7" };

    cr_assert_eq(exattn_lesson_queries(l), 1);
    cr_assert_eq(exattn_lesson_keys(l), 1);
    cr_assert_eq(exattn_lesson_key_width(l), 2);
    cr_assert_eq(exattn_lesson_value_width(l), 3);
    expect_matrix(exattn_lesson_q, l, 1, 2, q);
    expect_matrix(exattn_lesson_k, l, 1, 2, k);
    expect_matrix(exattn_lesson_v, l, 1, 3, v);
    cr_assert_null(exattn_lesson_title(l));
    cr_assert_null(exattn_lesson_name(l));
    cr_assert_str_eq(exattn_lesson_query_label(l, 0), "1");
    cr_assert(entry_out_of_range(exattn_lesson_q, l, 1, 0));
    exattn_lesson_free(l);
}

/* Seed 002: X with W_Q, W_K, W_V; the key of "rises" is [1,2]. */
Test(lesson, projects_x_through_w)
{
    exattn_lesson *l = th_lesson("{\"tokens\": [\"grid\",\"load\",\"rises\"],"
        "\"X\": [[1,0],[0,1],[1,1]], \"W_Q\": [[1,0],[0,1]],"
        "\"W_K\": [[1,1],[0,1]], \"W_V\": [[1,0],[0,2]]}");
    static const char *const k[] = { "1", "1", "0", "1", "1", "2" };
    static const char *const v[] = { "1", "0", "0", "2", "1", "2" };
    static const char *const q[] = { "1", "0", "0", "1", "1", "1" };

    expect_matrix(exattn_lesson_k, l, 3, 2, k);
    expect_matrix(exattn_lesson_v, l, 3, 2, v);
    expect_matrix(exattn_lesson_q, l, 3, 2, q);
    cr_assert_str_eq(exattn_lesson_key_label(l, 2), "rises");
    cr_assert_str_eq(exattn_lesson_query_label(l, 2), "rises");
    exattn_lesson_free(l);
}

Test(lesson, cross_attention_with_memory)
{
    exattn_lesson *l = th_lesson("{\"X\": [[1,2]], \"memory\": [[1,0,0],"
        "[0,1,0],[0,0,1],[1,1,1]], \"W_Q\": [[1],[1]], \"W_K\": [[1],[2],[3]],"
        "\"W_V\": [[1,0],[0,1],[1,1]], \"tokens\": [\"a\",\"b\",\"c\",\"d\"],"
        "\"query_tokens\": [\"dec\"]}");

    cr_assert_eq(exattn_lesson_queries(l), 1);
    cr_assert_eq(exattn_lesson_keys(l), 4);
    cr_assert_eq(exattn_lesson_key_width(l), 1);
    cr_assert_eq(exattn_lesson_value_width(l), 2);
    cr_assert(entry_is(exattn_lesson_q, l, 0, 0, "3"));
    cr_assert(entry_is(exattn_lesson_k, l, 3, 0, "6"));
    cr_assert(entry_is(exattn_lesson_v, l, 3, 1, "2"));
    cr_assert_str_eq(exattn_lesson_query_label(l, 0), "dec");
    exattn_lesson_free(l);
}

Test(lesson, scales)
{
    exattn_lesson *l;
    mpq_t v;

    mpq_init(v);
    l = th_lesson("{" QKV "}");
    cr_assert_eq(exattn_lesson_scale(l, v), EXATTN_SCALE_INV_SQRT);
    cr_assert(th_mpq_is(v, "2"));
    exattn_lesson_free(l);
    l = th_lesson("{" QKV ", \"scale\": \"none\"}");
    cr_assert_eq(exattn_lesson_scale(l, v), EXATTN_SCALE_NONE);
    exattn_lesson_free(l);
    l = th_lesson("{" QKV ", \"scale\": 0.5}");
    cr_assert_eq(exattn_lesson_scale(l, v), EXATTN_SCALE_RATIONAL);
    cr_assert(th_mpq_is(v, "1/2"));
    exattn_lesson_free(l);
    l = th_lesson("{" QKV ", \"scale\": \"1/sqrt(8)\"}");
    cr_assert_eq(exattn_lesson_scale(l, v), EXATTN_SCALE_INV_SQRT);
    cr_assert(th_mpq_is(v, "8"));
    exattn_lesson_free(l);
    l = th_lesson("{" QKV ", \"scale\": \"1/sqrt(d_k)\"}");
    cr_assert(th_mpq_is(v, "8") || 1);
    cr_assert_eq(exattn_lesson_scale(l, v), EXATTN_SCALE_INV_SQRT);
    cr_assert(th_mpq_is(v, "2"));
    exattn_lesson_free(l);
    mpq_clear(v);
}

Test(lesson, masks)
{
    exattn_lesson *l = th_lesson("{" QKV ", \"mask\": \"causal\"}");
    size_t i, j;

    cr_assert_eq(exattn_lesson_mask(l), EXATTN_MASK_CAUSAL);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            cr_assert_eq(exattn_lesson_allowed(l, i, j), j <= i);
    exattn_lesson_free(l);
    l = th_lesson("{" QKV ", \"mask\": [[1,0,1],[true,false,false],"
                  "[0,0,1]]}");
    cr_assert_eq(exattn_lesson_mask(l), EXATTN_MASK_MATRIX);
    cr_assert(exattn_lesson_allowed(l, 0, 2) && !exattn_lesson_allowed(l, 0, 1)
              && exattn_lesson_allowed(l, 1, 0)
              && !exattn_lesson_allowed(l, 2, 0));
    exattn_lesson_free(l);
    l = th_lesson("{" QKV ", \"mask\": \"none\"}");
    cr_assert_eq(exattn_lesson_mask(l), EXATTN_MASK_NONE);
    cr_assert(exattn_lesson_allowed(l, 0, 2));
    exattn_lesson_free(l);
}

Test(lesson, blends_are_exact)
{
    exattn_lesson *l = th_lesson("{" QKV ", \"blends\": [{\"name\": "
        "\"assigned\", \"weights\": [\"1/4\", 0.25, \"1/2\"]}]}");
    mpq_t o;

    mpq_init(o);
    cr_assert_eq(exattn_lesson_blend_count(l), 1);
    cr_assert_str_eq(exattn_lesson_blend_name(l, 0), "assigned");
    cr_assert(th_mpq_is(exattn_lesson_blend_weight(l, 0, 1), "1/4"));
    exattn_lesson_blend_output(o, l, 0, 0);
    cr_assert(th_mpq_is(o, "1"));
    exattn_lesson_blend_output(o, l, 0, 1);
    cr_assert(th_mpq_is(o, "5/4"));
    mpq_clear(o);
    exattn_lesson_free(l);
}

Test(lesson, variants_override_fields_by_name)
{
    exattn_lesson *l = th_lesson("{\"tokens\": [\"grid\",\"load\",\"rises\"],"
        "\"X\": [[1,0],[0,1],[1,1]], \"W_Q\": [[1,0],[0,1]],"
        "\"W_K\": [[1,1],[0,1]], \"W_V\": [[1,0],[0,2]], \"mask\": \"causal\","
        "\"variants\": ["
        " {\"name\": \"zero query\", \"query_multiplier\": {\"query\": "
        "  \"rises\", \"by\": 0}},"
        " {\"name\": \"value override\", \"value_override\": {\"row\": 3, "
        "  \"col\": 2, \"value\": 4}},"
        " {\"name\": \"causal off\", \"mask\": \"none\"},"
        " {\"name\": \"direct\", \"Q\": [[1,1]], \"K\": [[1,2]], "
        "  \"V\": [[5,5]], \"tokens\": [\"z\"]}]}");
    const exattn_lesson *v;

    cr_assert_eq(exattn_lesson_variant_count(l), 4);
    v = exattn_lesson_variant(l, 0);
    cr_assert_str_eq(exattn_lesson_name(v), "zero query");
    cr_assert(entry_is(exattn_lesson_q, v, 2, 0, "0"));
    cr_assert(entry_is(exattn_lesson_q, v, 1, 1, "1"));
    cr_assert_eq(exattn_lesson_mask(v), EXATTN_MASK_CAUSAL);
    v = exattn_lesson_variant(l, 1);
    cr_assert(entry_is(exattn_lesson_v, v, 2, 1, "4"));
    cr_assert(entry_is(exattn_lesson_v, l, 2, 1, "2"), "base unchanged");
    v = exattn_lesson_variant(l, 2);
    cr_assert_eq(exattn_lesson_mask(v), EXATTN_MASK_NONE);
    v = exattn_lesson_variant(l, 3);
    cr_assert_eq(exattn_lesson_queries(v), 1);
    cr_assert(entry_is(exattn_lesson_v, v, 0, 0, "5"));
    cr_assert_null(exattn_lesson_variant(l, 4));
    exattn_lesson_free(l);
}

/* ---- errors: each with the bad input itself ---------------------------- */

Test(lesson, error_unknown_field)
{
    expect_error("{" QKV ",\n \"Wq\": 1}", EXATTN_EFIELD, 2, 2,
                 "unknown field \"Wq\" (known fields: title, tokens");
}

Test(lesson, error_missing_matrix)
{
    expect_error("{\"Q\": [[1]], \"V\": [[1]]}", EXATTN_EFIELD, 0, 0,
                 "missing field \"K\"");
    expect_error("{\"title\": \"x\"}", EXATTN_EFIELD, 0, 0,
                 "missing fields: give Q, K and V, or X");
    expect_error("{\"X\": [[1]], \"W_Q\": [[1]], \"W_K\": [[1]]}",
                 EXATTN_EFIELD, 0, 0, "missing field \"W_V\"");
}

Test(lesson, error_both_forms)
{
    expect_error("{" QKV ", \"X\": [[1,0]]}", EXATTN_EFIELD, 1, 85,
                 "give either Q, K and V, or X with W_Q, W_K and W_V, not "
                 "both");
}

Test(lesson, error_key_width)
{
    expect_error("{\"Q\": [[1,0],[0,1]],\n \"K\": [[1,0,1]], \"V\": [[1]]}",
                 EXATTN_ESHAPE, 2, 7,
                 "Q is 2x2 but K is 1x3: the widths d_k of Q and K must "
                 "match");
}

Test(lesson, error_key_value_rows)
{
    expect_error("{\"Q\": [[1]], \"K\": [[1],[2]], \"V\": [[1,2]]}",
                 EXATTN_ESHAPE, 1, 35,
                 "K is 2x1 but V is 1x2: K and V must have the same number "
                 "of rows m");
}

Test(lesson, error_projection_shapes)
{
    expect_error("{\"X\": [[1,0]], \"W_Q\": [[1]], \"W_K\": [[1],[1]], "
                 "\"W_V\": [[1],[1]]}", EXATTN_ESHAPE, 1, 23,
                 "X is 1x2 but W_Q is 1x1: X·W_Q needs W_Q to have 2 rows");
    expect_error("{\"X\": [[1,0]], \"W_Q\": [[1],[0]], \"W_K\": [[1,1],[1,0]],"
                 " \"W_V\": [[1],[1]]}", EXATTN_ESHAPE, 1, 41,
                 "W_Q is 2x1 but W_K is 2x2: queries and keys must have the "
                 "same width d_k");
}

Test(lesson, error_ragged_rows)
{
    expect_error("{\"Q\": [[1,2],\n [3]], \"K\": [[1,2]], \"V\": [[1]]}",
                 EXATTN_ESHAPE, 2, 2,
                 "Q: ragged rows: row 2 has 1 entries, row 1 has 2");
    expect_error("{\"Q\": [], \"K\": [[1]], \"V\": [[1]]}", EXATTN_ESHAPE, 1,
                 7, "Q: the matrix has no rows");
    expect_error("{\"Q\": [[]], \"K\": [[1]], \"V\": [[1]]}", EXATTN_ESHAPE, 1,
                 8, "Q: row 1 is empty");
    expect_error("{\"Q\": [1, 2], \"K\": [[1]], \"V\": [[1]]}", EXATTN_ESHAPE,
                 1, 8, "Q: row 1 is a number, not an array of numbers");
}

Test(lesson, error_bad_numbers)
{
    expect_error("{\"Q\": [[\"1/0\"]], \"K\": [[1]], \"V\": [[1]]}",
                 EXATTN_ENUMBER, 1, 9,
                 "Q row 1, entry 1: \"1/0\": division by zero");
    expect_error("{\"Q\": [[1]], \"K\": [[1]],\n \"V\": [[\"x\"]]}",
                 EXATTN_ENUMBER, 2, 9,
                 "V row 1, entry 1: \"x\": not an exact number");
    expect_error("{\"Q\": [[true]], \"K\": [[1]], \"V\": [[1]]}",
                 EXATTN_ENUMBER, 1, 9,
                 "Q row 1, entry 1: expected a number, found a boolean");
    expect_error("{\"Q\": [[1e999999]], \"K\": [[1]], \"V\": [[1]]}",
                 EXATTN_ELIMIT, 1, 9, "exponent beyond the limit");
}

Test(lesson, error_every_key_blocked)
{
    expect_error("{" QKV ",\n \"mask\": [[1,0,0],\n [0,0,0], [1,1,1]]}",
                 EXATTN_EDOMAIN, 3, 2,
                 "row 2: every key is blocked; softmax is undefined");
}

Test(lesson, error_mask_shapes)
{
    expect_error("{" QKV ", \"mask\": [[1,0,0],[1,1,0]]}", EXATTN_ESHAPE, 1,
                 88, "mask has 2 rows but there are n=3 query rows: the mask "
                 "must be 3x3");
    expect_error("{" QKV ", \"mask\": [[1,0,0],[1,1],[1,1,1]]}",
                 EXATTN_ESHAPE, 1, 97, "mask row 2 has 2 entries but there "
                 "are m=3 keys: the mask must be 3x3");
    expect_error("{" QKV ", \"mask\": [[1,0,2],[1,1,1],[1,1,1]]}",
                 EXATTN_EFIELD, 1, 94, "mask row 1, entry 3: expected 0 or 1");
    expect_error("{" QKV ", \"mask\": \"upper\"}", EXATTN_EFIELD, 1, 88,
                 "mask: expected \"none\", \"causal\", a 0/1 matrix, a key "
                 "padding vector or {\"additive\" | \"key_padding\" | "
                 "\"valid_lens\": ...}, found a string \"upper\"");
}

Test(lesson, error_blend_sum)
{
    expect_error("{" QKV ", \"blends\": [{\"name\": \"b\", \"weights\": "
                 "[\"1/2\", \"1/2\", \"1/4\"]}]}", EXATTN_EDOMAIN, 1, 116,
                 "blend \"b\": the weights sum to 5/4, not exactly 1");
    expect_error("{" QKV ", \"blends\": [{\"name\": \"b\", \"weights\": "
                 "[1]}]}", EXATTN_ESHAPE, 1, 116,
                 "blend \"b\": 1 weights for m=3 value rows");
    expect_error("{" QKV ", \"blends\": [{\"name\": \"b\", \"w\": [1]}]}",
                 EXATTN_EFIELD, 1, 105, "blend: unknown field \"w\"");
}

Test(lesson, error_labels)
{
    expect_error("{" QKV ", \"tokens\": [\"a\", \"b\"]}", EXATTN_ESHAPE, 1, 90,
                 "tokens (one per key row): 2 labels for 3 rows");
    expect_error("{" QKV ", \"tokens\": [\"a\", 2, \"c\"]}", EXATTN_EFIELD, 1,
                 96, "expected a string, found a number");
}

Test(lesson, error_lab_fields)
{
    expect_error("{" QKV ", \"query_multiplier\": {\"query\": \"nope\", "
                 "\"by\": 0}}", EXATTN_EFIELD, 1, 110,
                 "query_multiplier: no row \"nope\" (rows: 1 to 3)");
    expect_error("{" QKV ", \"value_override\": {\"row\": 1, \"col\": 3, "
                 "\"value\": 0}}", EXATTN_EFIELD, 1, 116,
                 "value_override \"col\": expected an index from 1 to 2, "
                 "found 3");
}

Test(lesson, error_in_a_variant_names_it)
{
    expect_error("{" QKV ", \"variants\": [{\"name\": \"v1\",\n \"mask\": "
                 "[[0,0,0],[1,1,1],[1,1,1]]}]}", EXATTN_EDOMAIN, 2, 11,
                 "variant \"v1\": row 1: every key is blocked");
    expect_error("{" QKV ", \"variants\": [{\"mask\": \"none\"}]}",
                 EXATTN_EFIELD, 1, 93, "a variant needs a \"name\"");
    expect_error("{" QKV ", \"variants\": [{\"name\": \"v\", "
                 "\"claims\": []}]}",
                 EXATTN_EFIELD, 1, 107, "variant: unknown field \"claims\"");
}

Test(lesson, error_scale)
{
    expect_error("{" QKV ", \"scale\": \"1/sqrt(0)\"}", EXATTN_EDOMAIN, 1, 89,
                 "scale: 1/sqrt(N) needs N > 0");
    expect_error("{" QKV ", \"scale\": [1]}", EXATTN_EFIELD, 1, 89,
                 "scale: expected \"1/sqrt(d_k)\", \"none\" or an exact "
                 "number, found an array");
    expect_error("{" QKV ", \"scale\": \"big\"}", EXATTN_ENUMBER, 1, 89,
                 "not an exact number");
    expect_error("{" QKV ", \"scale\": \"1/sqrt(10000000000001)\"}",
                 EXATTN_ELIMIT, 1, 89, "radicand is beyond the limit");
}

Test(lesson, error_not_an_object)
{
    expect_error("[1, 2]", EXATTN_EFIELD, 1, 1,
                 "a lesson file holds one JSON object, found an array");
    expect_error("{\"Q\": [[1]],\n \"K\": [[1]], \"V\": [[1]],}",
                 EXATTN_ESYNTAX, 2, 25, "malformed JSON");
}

/* A byte-order mark and // or block comments are accepted; positions
 * after them stay right (the mark is no column). */
Test(lesson, a_bom_and_comments_are_accepted)
{
    exattn_lesson *l = th_lesson("\xEF\xBB\xBF{\n  // the lab\n"
        "  \"Q\": [[1, 0]], /* one query */ \"K\": [[1, 0], [0, 1]],\n"
        "  \"V\": [[1], [2]] /* two keys */\n}\n");

    cr_assert_eq(exattn_lesson_queries(l), 1);
    cr_assert_eq(exattn_lesson_keys(l), 2);
    exattn_lesson_free(l);
    expect_error("\xEF\xBB\xBF{\"Q\": [[1]], /* a, note */ \"K\": [[1]],"
                 " // x\n  \"V\": [[1]], \"mask\": [[2]]}", EXATTN_EFIELD, 2,
                 25, "mask row 1, entry 1");
    expect_error("{\"Q\": [[1]] /* never closed", EXATTN_ESYNTAX, 1, 13,
                 "an unclosed comment (/* without its */)");
}

Test(lesson, error_limits)
{
    exattn_limits_t lim = EXATTN_LIMITS_INIT;
    exattn_lesson *l = (exattn_lesson *)1;
    exattn_error_t err;
    const char *json = "{\"Q\": [[1],[2],[3]], \"K\": [[1]], "
                       "\"V\": [[1]]}";

    lim.max_rows = 2;
    cr_assert_eq(exattn_lesson_read_buffer(&l, json, strlen(json), "x", &lim,
                                           &err), EXATTN_ELIMIT);
    cr_assert_null(l);
    cr_assert_not_null(strstr(err.message, "Q: 3 rows, more than the limit "
                                           "of 2"));
    lim = (exattn_limits_t)EXATTN_LIMITS_INIT;
    lim.max_cells = 8;
    json = "{\"Q\": [[1],[2],[3]], \"K\": [[1],[2],[3]], "
           "\"V\": [[1],[2],[3]]}";
    cr_assert_eq(exattn_lesson_read_buffer(&l, json, strlen(json), "x", &lim,
                                           &err), EXATTN_ELIMIT);
    cr_assert_not_null(strstr(err.message, "n x m = 3 x 3 query/key pairs, "
                                           "more than the limit of 8"),
                       "%s", err.message);
    lim = (exattn_limits_t)EXATTN_LIMITS_INIT;
    lim.max_file_bytes = 10;
    cr_assert_eq(exattn_lesson_read_buffer(&l, json, strlen(json), "x", &lim,
                                           &err), EXATTN_ELIMIT);
    cr_assert_not_null(strstr(err.message, "more than the limit of 10"));
}

/* Limits, like every options struct, carry the version they were made
 * for: a struct of another version is refused, never misread. */
Test(lesson, limits_of_another_version_are_refused)
{
    exattn_limits_t lim = EXATTN_LIMITS_INIT;
    exattn_lesson *l = (exattn_lesson *)1;
    exattn_expr *e = (exattn_expr *)1;
    exattn_error_t err;
    const char *json = "{\"Q\": [[1]], \"K\": [[1]], \"V\": [[1]]}";
    char *path = th_srcpath("docs/examples/004-value-weighting.json");

    lim.version = EXATTN_LIMITS_VERSION + 1;
    cr_assert_eq(exattn_lesson_read_buffer(&l, json, strlen(json), "x", &lim,
                                           &err), EXATTN_EINVAL);
    cr_assert_null(l);
    cr_assert_not_null(strstr(err.message, "another version"), "%s",
                       err.message);
    l = (exattn_lesson *)1;
    cr_assert_eq(exattn_lesson_read_file(&l, path, &lim, &err),
                 EXATTN_EINVAL);
    cr_assert_null(l);
    cr_assert_eq(exattn_expr_parse_limited(&e, "1+1", 3, "e", &lim, &err),
                 EXATTN_EINVAL);
    cr_assert_null(e);
    free(path);
}

Test(lesson, error_missing_file_and_directory)
{
    exattn_lesson *l = (exattn_lesson *)1;
    exattn_error_t err;

    cr_assert_eq(exattn_lesson_read_file(&l, "/nonexistent/x.json", NULL,
                                         &err), EXATTN_EIO);
    cr_assert_null(l);
    cr_assert_str_eq(err.file, "/nonexistent/x.json");
    cr_assert_not_null(strstr(err.message, "No such file"));
    cr_assert_eq(exattn_lesson_read_file(&l, "/tmp", NULL, &err), EXATTN_EIO);
    cr_assert_not_null(strstr(err.message, "is a directory"));
}

Test(lesson, error_text_has_file_line_column)
{
    exattn_error_t err;
    char buf[256];

    th_lesson_fails("{\"Q\": [[\"x\"]], \"K\": [[1]], \"V\": [[1]]}", &err);
    exattn_error_snprint(buf, sizeof buf, &err);
    cr_assert_str_eq(buf, "bad.json:1:9: Q row 1, entry 1: \"x\": not an "
                     "exact number (write an integer, a decimal such as "
                     "0.125 or 1e-3, or a fraction p/q)");
}

/* An additive mask (0 visible, "-inf" blocked) is the 0/1 mask it
 * encodes: the same visibility entry by entry, the same derivation. */
/* "Q": n x 1, "K" and "V": m x 1, of small integers, into base. */
static void
random_qkv(gmp_randstate_t rs, char *base, size_t size, size_t n, size_t m)
{
    size_t i, j;

    snprintf(base, size, "\"Q\": [");
    for (i = 0; i < n; i++)
        snprintf(base + strlen(base), size - strlen(base), "%s[%lu]",
                 i ? "," : "", th_rand(rs, 4));
    snprintf(base + strlen(base), size - strlen(base), "], \"K\": [");
    for (j = 0; j < m; j++)
        snprintf(base + strlen(base), size - strlen(base), "%s[%lu]",
                 j ? "," : "", th_rand(rs, 3));
    snprintf(base + strlen(base), size - strlen(base), "], \"V\": [");
    for (j = 0; j < m; j++)
        snprintf(base + strlen(base), size - strlen(base), "%s[%lu]",
                 j ? "," : "", th_rand(rs, 5));
    snprintf(base + strlen(base), size - strlen(base), "]");
}

Test(lesson, an_additive_mask_is_its_zero_one_mask)
{
    gmp_randstate_t rs;
    unsigned long it, iters = th_iterations(50);

    th_rand_init(rs);
    for (it = 0; it < iters; it++)
    {
        size_t n = 1 + th_rand(rs, 4), m = 1 + th_rand(rs, 5), i, j, c;
        char zo[2048], add[4096], base[512], a[6000], b[6000];
        exattn_lesson *lz, *la;
        int bit;

        random_qkv(rs, base, sizeof base, n, m);
        strcpy(zo, "[");
        strcpy(add, "{\"additive\": [");
        for (i = 0; i < n; i++)
        {
            size_t keep = th_rand(rs, m);   /* one visible key a row */

            strcat(zo, i ? ",[" : "[");
            strcat(add, i ? ",[" : "[");
            for (j = 0; j < m; j++)
            {
                bit = j == keep || th_rand(rs, 2);
                strcat(zo, j ? (bit ? ",1" : ",0") : (bit ? "1" : "0"));
                strcat(add, j ? (bit ? ",0" : ",\"-inf\"")
                              : (bit ? "0" : "\"-inf\""));
            }
            strcat(zo, "]");
            strcat(add, "]");
        }
        strcat(zo, "]");
        strcat(add, "]}");
        snprintf(a, sizeof a, "{%s, \"mask\": %s}", base, zo);
        snprintf(b, sizeof b, "{%s, \"mask\": %s}", base, add);
        lz = th_lesson(a);
        la = th_lesson(b);
        cr_assert_eq(exattn_lesson_mask(la), EXATTN_MASK_ADDITIVE);
        for (i = 0; i < n; i++)
        {
            exattn_row *rz, *ra;
            exattn_error_t err;
            char *sz, *sa;

            for (j = 0; j < m; j++)
                cr_assert_eq(exattn_lesson_allowed(lz, i, j),
                             exattn_lesson_allowed(la, i, j), "%s", b);
            cr_assert_eq(exattn_row_new(&rz, lz, i, &err), EXATTN_OK);
            cr_assert_eq(exattn_row_new(&ra, la, i, &err), EXATTN_OK);
            for (c = 0; c < 1; c++)
            {
                cr_assert_eq(exattn_row_status(rz, EXATTN_OUTPUT, 0, c),
                             exattn_row_status(ra, EXATTN_OUTPUT, 0, c));
                sz = exattn_row_get_str(rz, EXATTN_OUTPUT, 0, c, 0);
                sa = exattn_row_get_str(ra, EXATTN_OUTPUT, 0, c, 0);
                cr_assert_str_eq(sz, sa, "%s", b);
                exattn_free(sz);
                exattn_free(sa);
            }
            exattn_row_free(rz);
            exattn_row_free(ra);
        }
        exattn_lesson_free(lz);
        exattn_lesson_free(la);
    }
    gmp_randclear(rs);
}

/* The padding shorthands are the matrices they stand for: valid_lens (one
 * length, or one per row) and a key padding vector (flat, or under
 * "key_padding"), each with or without "causal", derive exactly as the
 * 0/1 matrix computed here. */
/* Remove ", given as ..." from the mask line of text `t` (asserted
 * there: the lesson `a` wrote its mask as a shorthand). */
static void
cut_written(char *t, const char *a)
{
    char *from = strstr(t, "\nmask: explicit 0/1 matrix, given as ");
    char *to;

    cr_assert_not_null(from, "the shorthand of %s is not named:\n%s", a, t);
    from += strlen("\nmask: explicit 0/1 matrix");
    to = strchr(from, '\n');
    /* and its continuation lines: a long line is wrapped, indented */
    while (to != NULL && strncmp(to, "\n    ", 5) == 0)
        to = strchr(to + 1, '\n');
    cr_assert_not_null(to);
    memmove(from, to, strlen(to) + 1);
}

Test(lesson, padding_shorthands_are_their_matrices)
{
    gmp_randstate_t rs;
    unsigned long it, iters = th_iterations(60);

    th_rand_init(rs);
    for (it = 0; it < iters; it++)
    {
        size_t n = 1 + th_rand(rs, 4), m = 1 + th_rand(rs, 5), i, j;
        size_t lens[4], one = 1 + th_rand(rs, m);
        int causal = (int)th_rand(rs, 2), form = (int)th_rand(rs, 4);
        unsigned char pad[6];
        char base[512], mask[512], full[1024], a[2048], b[2048];
        exattn_lesson *ls, *lm;
        char *ts, *tm;

        random_qkv(rs, base, sizeof base, n, m);
        for (i = 0; i < n; i++)
            lens[i] = form == 1 ? 1 + th_rand(rs, m) : one;
        /* the first key stays a token, so that every row has one */
        for (j = 0; j < m; j++)
            pad[j] = j == 0 || th_rand(rs, 2);
        if (form >= 2)
        {
            strcpy(mask, form == 2 && !causal ? "[" : "{\"key_padding\": [");
            for (j = 0; j < m; j++)
                strcat(mask, j ? (pad[j] ? ",1" : ",0")
                               : (pad[j] ? "1" : "0"));
            strcat(mask, "]");
            if (!(form == 2 && !causal))
                strcat(mask, causal ? ", \"causal\": true}" : "}");
        }
        else if (form == 1)
        {
            strcpy(mask, "{\"valid_lens\": [");
            for (i = 0; i < n; i++)
                snprintf(mask + strlen(mask), sizeof mask - strlen(mask),
                         "%s%zu", i ? "," : "", lens[i]);
            strcat(mask, causal ? "], \"causal\": true}" : "]}");
        }
        else
            snprintf(mask, sizeof mask, "{\"valid_lens\": %zu%s}", one,
                     causal ? ", \"causal\": true" : "");
        strcpy(full, "[");
        for (i = 0; i < n; i++)
        {
            strcat(full, i ? ",[" : "[");
            for (j = 0; j < m; j++)
            {
                int on = (form >= 2 ? pad[j] : j < lens[i])
                         && (!causal || j <= i);

                strcat(full, j ? (on ? ",1" : ",0") : (on ? "1" : "0"));
            }
            strcat(full, "]");
        }
        strcat(full, "]");
        snprintf(a, sizeof a, "{%s, \"mask\": %s}", base, mask);
        snprintf(b, sizeof b, "{%s, \"mask\": %s}", base, full);
        ls = th_lesson(a);
        lm = th_lesson(b);
        ts = th_write(ls, EXATTN_FORMAT_TEXT, NULL);
        tm = th_write(lm, EXATTN_FORMAT_TEXT, NULL);
        /* the same derivation; the shorthand is named on the mask line */
        cut_written(ts, a);
        cr_assert_str_eq(ts, tm, "%s\nand\n%s", a, b);
        free(ts);
        free(tm);
        exattn_lesson_free(ls);
        exattn_lesson_free(lm);
    }
    gmp_randclear(rs);
}

/* Every entry an integer of 64 bits: held as machine words (8 bytes, not
 * an mpq_t's 96); else as rationals; the same values either way, and a
 * lab's writes turn words into rationals first. */
Test(lesson, holds_integer_matrices_as_words)
{
    exattn_lesson *l = th_lesson(
        "{\"Q\": [[9223372036854775807, -9223372036854775807], [2.0, 1e3]],"
        " \"K\": [[1, 0.5], [0, 1]],"
        " \"V\": [[9223372036854775808, 1], [-9223372036854775808, 0]],"
        " \"variants\": ["
        "  {\"name\": \"m\", \"query_multiplier\": {\"query\": 1, "
        "   \"by\": \"1/3\"}},"
        "  {\"name\": \"o\", \"Q\": [[1, 2], [3, 4]], "
        "   \"value_override\": {\"row\": 1, \"col\": 2, \"value\": 7}}]}");
    const exattn_lesson *m, *o;
    mpq_t e;

    cr_assert_not_null(l->q.ints);
    cr_assert_null(l->q.a);
    cr_assert(entry_is(exattn_lesson_q, l, 0, 0, "9223372036854775807"));
    cr_assert(entry_is(exattn_lesson_q, l, 0, 1, "-9223372036854775807"));
    cr_assert(entry_is(exattn_lesson_q, l, 1, 0, "2"));
    cr_assert(entry_is(exattn_lesson_q, l, 1, 1, "1000"));
    cr_assert_null(l->k.ints, "1/2 is no integer");
    cr_assert(entry_is(exattn_lesson_k, l, 0, 1, "1/2"));
    cr_assert(entry_is(exattn_lesson_k, l, 1, 1, "1"));
    cr_assert_null(l->v.ints, "2^63 and -2^63 pass 63 bits");
    cr_assert(entry_is(exattn_lesson_v, l, 0, 0, "9223372036854775808"));
    cr_assert(entry_is(exattn_lesson_v, l, 1, 0, "-9223372036854775808"));
    cr_assert(entry_is(exattn_lesson_v, l, 0, 1, "1"));
    mpq_init(e);
    exattn_doc_matrix_entry(e, &l->q, 0, 1);
    cr_assert(th_mpq_is(e, "-9223372036854775807"));
    exattn_doc_matrix_entry(e, &l->k, 0, 1);
    cr_assert(th_mpq_is(e, "1/2"));
    mpq_clear(e);
    m = exattn_lesson_variant(l, 0);
    cr_assert_null(m->q.ints, "multiplied: rationals");
    cr_assert(entry_is(exattn_lesson_q, m, 0, 0, "9223372036854775807/3"));
    cr_assert(entry_is(exattn_lesson_q, m, 1, 1, "1000"));
    cr_assert_not_null(l->q.ints, "the base keeps its words");
    o = exattn_lesson_variant(l, 1);
    cr_assert_null(o->v.ints);
    cr_assert(entry_is(exattn_lesson_v, o, 0, 1, "7"));
    cr_assert(entry_is(exattn_lesson_v, o, 1, 0, "-9223372036854775808"));
    cr_assert_not_null(o->q.ints);
    cr_assert(entry_is(exattn_lesson_q, o, 1, 0, "3"));
    exattn_lesson_free(l);
}
