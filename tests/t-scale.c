/* Scale (issue 7): compact rows at a small threshold in all three
 * formats, compact against full rows entry by entry, the integer path
 * against the rational one, and a derivation whose output is many times
 * the memory it holds while writing. */
#define _GNU_SOURCE     /* fopencookie, mallinfo2 */
#include <criterion/criterion.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_tree.h>
#include "exattn.h"
#include "helpers.h"

/* A causal head: n tokens, Q, K, V of width d with entries in [-3, 3]
 * from a fixed LCG.  `halve` 1: Q written as halves and K doubled -- the
 * same scores, reached through rationals; 2: every entry a tenth of
 * itself, written as a decimal ("-0.3"). */
static char *
head_lesson_scaled(size_t n, size_t d, int halve, const char *scale)
{
    unsigned long x = 12345;
    size_t i, c, len = 0;
    char *buf = NULL;
    FILE *f = open_memstream(&buf, &len);
    int m, v;

    fprintf(f, "{\"mask\": \"causal\"");
    if (scale != NULL)
        fprintf(f, ", \"scale\": %s", scale);
    for (m = 0; m < 3; m++)
    {
        fprintf(f, ", \"%c\": [", "QKV"[m]);
        for (i = 0; i < n; i++)
            for (c = 0; c < d; c++)
            {
                x = x * 6364136223846793005UL + 1442695040888963407UL;
                v = (int)((x >> 33) % 7) - 3;
                fprintf(f, "%s", c ? ", " : i ? "], [" : "[");
                if (halve == 2)
                    fprintf(f, "%s0.%d", v < 0 ? "-" : "", v < 0 ? -v : v);
                else if (halve && m == 0)
                    fprintf(f, "\"%d/2\"", v);
                else
                    fprintf(f, "%d", halve && m == 1 ? 2 * v : v);
            }
        fprintf(f, "]]");
    }
    fprintf(f, "}");
    fclose(f);
    return buf;
}

static char *
head_lesson(size_t n, size_t d, int halve)
{
    return head_lesson_scaled(n, d, halve, NULL);
}

static yajl_val
parse(const char *json)
{
    char msg[256];
    yajl_val doc = yajl_tree_parse(json, msg, sizeof msg);

    cr_assert_not_null(doc, "the JSON does not parse: %s", msg);
    return doc;
}

static yajl_val
member(yajl_val obj, const char *name)
{
    const char *path[] = { name, NULL };

    return yajl_tree_get(obj, path, yajl_t_any);
}

static const char *
str(yajl_val obj, const char *name)
{
    yajl_val v = member(obj, name);

    cr_assert(v != NULL && YAJL_IS_STRING(v), "no string \"%s\"", name);
    return YAJL_GET_STRING(v);
}

static yajl_val
rows_of(yajl_val doc)
{
    yajl_val rows = member(doc, "rows");

    cr_assert(rows != NULL && YAJL_IS_ARRAY(rows));
    return rows;
}

/* ---- compact forms at a small threshold -------------------------------- */

Test(scale, compact_rows_in_json_at_a_small_threshold)
{
    char *json = head_lesson(12, 3, 0), *out, z[32], tail[40];
    exattn_lesson *l = th_lesson(json);
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    yajl_val doc, rows, row, keys, w;
    size_t i, j, compact = 0, len;

    o.digits = 5;
    o.sum_threshold = 4;
    out = th_write(l, EXATTN_FORMAT_JSON, &o);
    doc = parse(out);
    rows = rows_of(doc);
    for (i = 0; i < rows->u.array.len; i++)
    {
        row = rows->u.array.values[i];
        if (strcmp(str(row, "form"), "compact") != 0)
        {
            cr_assert(member(row, "allowed") != NULL);
            continue;
        }
        compact++;
        /* causal: row i+1 attends keys 1..i+1, and has more than 4 */
        keys = member(row, "allowed_keys");
        cr_assert_eq(keys->u.array.len, i + 1);
        cr_assert_gt(i + 1, 4);
        for (j = 0; j < i + 1; j++)
            cr_assert_eq(YAJL_GET_INTEGER(keys->u.array.values[j]),
                         (long long)j + 1);
        snprintf(z, sizeof z, "Z%zu", i + 1);
        cr_assert_str_eq(str(member(row, "denominator"), "symbol"), z);
        cr_assert(strstr(str(member(row, "denominator"), "latex"),
                         "\\sum_{k \\in A_{") != NULL);
        w = member(row, "weights");
        cr_assert_eq(w->u.array.len, i + 1, "only the allowed keys");
        snprintf(tail, sizeof tail, "}/Z%zu", i + 1);
        for (j = 0; j < w->u.array.len; j++)
        {
            const char *t = str(w->u.array.values[j], "text");

            len = strlen(t);
            cr_assert(len > strlen(tail) && (strcmp(t + len - strlen(tail),
                tail) == 0 || strstr(t, "/Z") != NULL), "%s", t);
            cr_assert(strstr(t, "+") == NULL, "no sum of exponentials: %s",
                      t);
        }
        cr_assert_null(member(row, "contributions"),
                       "contributions only when asked for");
        cr_assert_eq(member(row, "output")->u.array.len, 3);
    }
    cr_assert_gt(compact, 0);
    yajl_tree_free(doc);
    free(out);
    /* asked for by name, a compact row lists them, allowed keys only */
    o.quantities = EXATTN_SHOW(EXATTN_CONTRIBUTION);
    out = th_write(l, EXATTN_FORMAT_JSON, &o);
    doc = parse(out);
    row = rows_of(doc)->u.array.values[11];
    cr_assert_str_eq(str(row, "form"), "compact");
    cr_assert_eq(member(row, "contributions")->u.array.len, 12);
    yajl_tree_free(doc);
    free(out);
    exattn_lesson_free(l);
    free(json);
}

Test(scale, compact_rows_in_text_and_latex)
{
    char *json = head_lesson(12, 3, 0), *text, *tex, *line;
    exattn_lesson *l = th_lesson(json);
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;

    o.sum_threshold = 4;
    text = th_write(l, EXATTN_FORMAT_TEXT, &o);
    line = strstr(text, "\nquery Q12 attends 12 keys {K1…K12} — multiple "
                        "keys: NAMED weights over Z12 = Σ_{k∈A12} e^{s_k}\n");
    cr_assert_not_null(line, "%s", text);
    cr_assert_not_null(strstr(line, "\noutput12 = (Σ_{k∈A12} e^{s_k}·V_k)"
                                    "/Z12, by coordinate:\n"
                                    "output12[1] = (Σ_{k∈A12} e^{s_k}·"
                                    "V_{k,1})/Z12 (NAMED)\n"), "%s", line);
    cr_assert_not_null(strstr(text, "/Z12 (NAMED)"));
    /* row 4 is at the threshold: full forms */
    cr_assert_not_null(strstr(text, "\nquery Q4 attends {K1,K2,K3,K4} — "));
    cr_assert_null(strstr(text, "Z4"));
    /* compact rows list no blocked key one by one */
    line = strstr(text, "\nquery Q5 attends");
    cr_assert_null(strstr(line, "(blocked)"));
    tex = th_write(l, EXATTN_FORMAT_LATEX, &o);
    cr_assert_not_null(strstr(tex, "Z_{12} &= \\sum_{k \\in A_{12}} "
                                   "e^{s_{12,k}}"));
    cr_assert_not_null(strstr(tex, "}{Z_{12}}"));
    free(text);
    free(tex);
    exattn_lesson_free(l);
    free(json);
}

/* ---- compact against full, integers against rationals ------------------ */

/* The decimal of entry j of a row's list `name`, given by key index (the
 * compact form lists allowed keys only). */
static const char *
entry_decimal(yajl_val row, const char *name, size_t key)
{
    yajl_val list = member(row, name), keys;
    size_t j;

    if (strcmp(str(row, "form"), "full") == 0)
        return str(list->u.array.values[key], "decimal");
    keys = member(row, "allowed_keys");
    for (j = 0; j < keys->u.array.len; j++)
        if ((size_t)YAJL_GET_INTEGER(keys->u.array.values[j]) == key + 1)
            return str(list->u.array.values[j], "decimal");
    return NULL;
}

/* Every decimal of every allowed key and output of a and b agrees. */
static size_t
same_decimals(yajl_val a, yajl_val b, size_t n, size_t d)
{
    static const char *const lists[] = { "scores", "scaled", "weights" };
    yajl_val ra, rb;
    size_t i, j, k, compared = 0;

    for (i = 0; i < n; i++)
    {
        ra = rows_of(a)->u.array.values[i];
        rb = rows_of(b)->u.array.values[i];
        for (k = 0; k < 3; k++)
            for (j = 0; j <= i; j++)
            {
                const char *x = entry_decimal(ra, lists[k], j);
                const char *y = entry_decimal(rb, lists[k], j);

                cr_assert(x != NULL && y != NULL);
                cr_assert_str_eq(x, y, "row %zu %s key %zu", i + 1,
                                 lists[k], j + 1);
                compared++;
            }
        for (j = 0; j < d; j++)
        {
            cr_assert_str_eq(
                str(member(ra, "output")->u.array.values[j], "decimal"),
                str(member(rb, "output")->u.array.values[j], "decimal"),
                "row %zu output %zu", i + 1, j + 1);
            compared++;
        }
    }
    return compared;
}

Test(scale, compact_rows_match_full_rows_entry_by_entry)
{
    char *json = head_lesson(64, 16, 0), *compact, *full;
    exattn_lesson *l = th_lesson(json);
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    yajl_val a, b;
    size_t count = 0, i;

    o.digits = 30;
    compact = th_write(l, EXATTN_FORMAT_JSON, &o);
    o.sum_threshold = 1000000;
    full = th_write(l, EXATTN_FORMAT_JSON, &o);
    a = parse(compact);
    b = parse(full);
    for (i = 0; i < 64; i++)
        count += strcmp(str(rows_of(a)->u.array.values[i], "form"),
                        "compact") == 0;
    cr_assert_gt(count, 50, "most rows of n = 64 are compact");
    cr_assert_eq(strcmp(str(rows_of(b)->u.array.values[63], "form"),
                        "full"), 0);
    cr_assert_eq(same_decimals(a, b, 64, 16), 3 * 64 * 65 / 2 + 64 * 16);
    yajl_tree_free(a);
    yajl_tree_free(b);
    free(compact);
    free(full);
    exattn_lesson_free(l);
    free(json);
}

/* A lesson and its halved twin (Q written as halves, K doubled: the same
 * scores over a denominator) give the same decimals. */
static void
same_as_halved(size_t n, size_t d, const char *scale,
               const exattn_write_opts *o)
{
    char *ji = head_lesson_scaled(n, d, 0, scale);
    char *jr = head_lesson_scaled(n, d, 1, scale);
    exattn_lesson *li = th_lesson(ji), *lr = th_lesson(jr);
    char *a = th_write(li, EXATTN_FORMAT_JSON, o), *b = th_write(lr, EXATTN_FORMAT_JSON, o);
    yajl_val da = parse(a), db = parse(b);

    cr_assert_eq(same_decimals(da, db, n, d), 3 * n * (n + 1) / 2 + n * d,
                 "scale %s", scale ? scale : "default");
    yajl_tree_free(da);
    yajl_tree_free(db);
    free(a);
    free(b);
    exattn_lesson_free(li);
    exattn_lesson_free(lr);
    free(ji);
    free(jr);
}

/* The printers' rows (integer views) against the API's rows, which use
 * the rationals: the same certified weights and outputs, digit for digit,
 * for every row of a causal lesson of n rows and width d. */
static void
same_as_api(const char *json, size_t n, size_t d,
            const exattn_write_opts *o)
{
    exattn_lesson *l = th_lesson(json);
    char *out = th_write(l, EXATTN_FORMAT_JSON, o), *s;
    yajl_val doc = parse(out), r;
    exattn_row_eval *ev;
    exattn_row *row;
    exattn_error_t err;
    size_t i, j, compared = 0;
    const char *want;

    for (i = 0; i < n; i++)
    {
        r = rows_of(doc)->u.array.values[i];
        cr_assert_eq(exattn_row_new(&row, l, i, &err), EXATTN_OK);
        cr_assert_eq(exattn_row_eval_new(&ev, row, NULL, &err), EXATTN_OK);
        for (j = 0; j < i + 1 + d; j++)
        {
            int w = j <= i;

            want = w ? entry_decimal(r, "weights", j)
                     : str(member(r, "output")->u.array.values[j - i - 1],
                           "decimal");
            cr_assert_eq(exattn_row_eval_decimal(&s, NULL, ev,
                             w ? EXATTN_WEIGHT : EXATTN_OUTPUT, w ? j : 0,
                             w ? 0 : j - i - 1, (unsigned long)o->digits, 0,
                             &err), EXATTN_OK, "%s", err.message);
            cr_assert_str_eq(s, want, "row %zu entry %zu", i + 1, j + 1);
            exattn_free(s);
            compared++;
        }
        exattn_row_eval_free(ev);
        exattn_row_free(row);
    }
    cr_assert_eq(compared, n * (n + 1) / 2 + n * d);
    yajl_tree_free(doc);
    free(out);
    exattn_lesson_free(l);
}

Test(scale, a_common_denominator_changes_nothing)
{
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;

    o.digits = 30;
    same_as_halved(64, 16, NULL, &o);
}

/* Every kind of scale: a negative one reverses the order of the groups,
 * zero makes one group, none keeps the integers. */
Test(scale, every_scale_matches_the_rational_path)
{
    static const char *const scales[] = { "\"-1/2\"", "0", "\"none\"",
                                          "\"1/sqrt(3)\"", "\"3/7\"" };
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    size_t k;
    char *json;

    o.digits = 25;
    o.sum_threshold = 3;
    for (k = 0; k < sizeof scales / sizeof *scales; k++)
    {
        same_as_halved(24, 3, scales[k], &o);
        json = head_lesson_scaled(24, 3, 0, scales[k]);
        same_as_api(json, 24, 3, &o);
        free(json);
    }
}

/* Decimal entries: every matrix scaled by 10 in the integer views. */
Test(scale, a_decimal_lesson_matches_the_rational_path)
{
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    char *json = head_lesson(40, 4, 2);

    o.digits = 30;
    same_as_api(json, 40, 4, &o);
    free(json);
}

/* ---- streaming ---------------------------------------------------------- */

/* A sink that counts bytes and samples the heap in use at every write. */
typedef struct
{
    size_t bytes;
    size_t peak;
} sink;

static ssize_t
sink_write(void *cookie, const char *buf, size_t size)
{
    sink *s = cookie;
    struct mallinfo2 mi = mallinfo2();

    (void)buf;
    s->bytes += size;
    if (mi.uordblks > s->peak)
        s->peak = mi.uordblks;
    return (ssize_t)size;
}

Test(scale, a_long_derivation_is_streamed)
{
    char *json = head_lesson(320, 8, 0);
    exattn_lesson *l = th_lesson(json);
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    cookie_io_functions_t io = { NULL, sink_write, NULL, NULL };
    sink s = { 0, 0 };
    exattn_error_t err;
    size_t before;
    FILE *f;

    free(json);
    o.digits = 30;
    before = mallinfo2().uordblks;
    f = fopencookie(&s, "w", io);
    cr_assert_not_null(f);
    cr_assert_eq(exattn_write_json(f, l, &o, &err), EXATTN_OK, "%s",
                 err.message);
    fclose(f);
    cr_assert_gt(s.bytes, (size_t)12 << 20, "%zu bytes", s.bytes);
    /* Under a sanitizer or valgrind malloc is not glibc's and the heap
     * reads as unchanged; with glibc this bounds what the writer holds:
     * about one row, not the document. */
    cr_assert_lt(s.peak > before ? s.peak - before : 0, s.bytes / 16,
                 "%zu bytes held for %zu written", s.peak - before,
                 s.bytes);
    exattn_lesson_free(l);
}
