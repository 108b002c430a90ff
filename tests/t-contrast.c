/* Variants shown as contrasts: unchanged quantities proved equal, changes
 * derived exactly or named. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <mpfr.h>
#include <string.h>
#include "exattn.h"
#include "helpers.h"

#define SEED002 "\"tokens\": [\"grid\",\"load\",\"rises\"], " \
    "\"X\": [[1,0],[0,1],[1,1]], \"W_Q\": [[1,0],[0,1]], " \
    "\"W_K\": [[1,1],[0,1]], \"W_V\": [[1,0],[0,2]], \"mask\": \"causal\""

static char *
text_of(const char *json, long digits)
{
    exattn_lesson *l = th_lesson(json);
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    exattn_error_t err;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    o.digits = digits;
    cr_assert_eq(exattn_write_text(f, l, &o, &err), EXATTN_OK, "%s",
                 err.message);
    fclose(f);
    exattn_lesson_free(l);
    return th_unwrap(buf);      /* the lines as composed, before wrapping */
}

static void
expect(const char *text, const char *part)
{
    cr_assert_not_null(strstr(text, part), "missing \"%s\" in\n%s", part,
                       text);
}

Test(contrast, a_value_override_changes_one_output_by_a_named_amount)
{
    char *t = text_of("{" SEED002 ", \"variants\": [{\"name\": \"override\", "
        "\"value_override\": {\"row\": \"rises\", \"col\": 2, "
        "\"value\": 4}}]}", 3);

    expect(t, "contrast with the base lesson:\n");
    expect(t, "row [grid]: unchanged (proved: the same weights; the values "
              "differ only at blocked keys, which weigh exactly 0)\n");
    expect(t, "row [rises]: weights unchanged (proved equal)\n");
    expect(t, "row [rises]: output coordinate 1 unchanged (proved");
    expect(t, "row [rises]: output coordinate 2 increases by "
              "2·(e^{3√2/2}/(e^{√2}+e^{√2/2}+e^{3√2/2})) ≈ 1.152 (NAMED)\n");
    free(t);
}

Test(contrast, a_smaller_value_decreases_the_output)
{
    char *t = text_of("{" SEED002 ", \"variants\": [{\"name\": \"down\", "
        "\"value_override\": {\"row\": \"rises\", \"col\": 2, "
        "\"value\": 1}}]}", -1);

    expect(t, "row [rises]: output coordinate 2 decreases by "
              "(e^{3√2/2}/(e^{√2}+e^{√2/2}+e^{3√2/2})) (NAMED)\n");
    free(t);
}

/* The direction of a named change is proved, not read off its rounded
 * decimal: at 0 digits -0.073 rounds to "0" (never "-0"), and the change
 * is still a decrease; its mirror an increase; at 3 digits and without
 * digits the same. */
Test(contrast, the_direction_is_proved_at_every_precision)
{
    static const long digits[] = { 0, 3, -1 };
    static const char *const decimal[] = { " ≈ 0 (NAMED)", " ≈ 0.073 (NAMED)",
                                           " (NAMED)" };
    size_t i;

    for (i = 0; i < 3; i++)
    {
        char *t = text_of("{\"Q\": [[1]], \"K\": [[0],[1]], "
            "\"V\": [[0],[0]], \"scale\": \"none\", \"variants\": ["
            "{\"name\": \"smaller\", \"V\": [[0],[\"-1/10\"]]},"
            "{\"name\": \"larger\", \"V\": [[0],[\"1/10\"]]}]}",
            digits[i]);
        char want[160];

        snprintf(want, sizeof want, "row 1: output coordinate 1 decreases by "
                 "1/10·(e^1/(e^0+e^1))%s\n", decimal[i]);
        expect(t, want);
        snprintf(want, sizeof want, "row 1: output coordinate 1 increases by "
                 "1/10·(e^1/(e^0+e^1))%s\n", decimal[i]);
        expect(t, want);
        cr_assert_null(strstr(t, "by -"), "%s", t);
        free(t);
    }
}

Test(contrast, exact_changes_are_exact)
{
    char *t = text_of("{\"Q\": [[0,0]], \"K\": [[1,2],[3,4],[5,6]], "
        "\"V\": [[3],[6],[9]], \"variants\": [{\"name\": \"v\", "
        "\"value_override\": {\"row\": 2, \"col\": 1, \"value\": 7}}]}", -1);

    expect(t, "row 1: output coordinate 1 increases by 1/3 (EXACT)\n");
    free(t);
}

Test(contrast, blocking_a_key_makes_its_override_irrelevant)
{
    char *t = text_of("{" SEED002 ", \"variants\": ["
        "{\"name\": \"blocked\", \"mask\": [[1,0,0],[1,1,0],[1,1,0]]},"
        "{\"name\": \"override, blocked\", \"contrast\": \"blocked\", "
        "\"mask\": [[1,0,0],[1,1,0],[1,1,0]], \"value_override\": "
        "{\"row\": \"rises\", \"col\": 2, \"value\": 4}}]}", -1);

    expect(t, "contrast with variant \"blocked\":\n");
    expect(t, "row [rises]: unchanged (proved: the same weights; the values "
              "differ only at blocked keys, which weigh exactly 0)\n");
    free(t);
}

Test(contrast, changed_weights_are_listed_and_outputs_proved)
{
    char *t = text_of("{" SEED002 ", \"variants\": ["
        "{\"name\": \"zero query\", \"query_multiplier\": {\"query\": "
        "\"rises\", \"by\": 0}}, {\"name\": \"causal off\", "
        "\"mask\": \"none\"}]}", 3);

    expect(t, "row [rises]: weights change: w[grid] "
              "e^{√2}/(e^{√2}+e^{√2/2}+e^{3√2/2}) ≈ 0.284 → 1/3 ≈ 0.333 "
              "(increases by ≈ 0.049);");
    expect(t, "row [rises]: output coordinate 1 changes from ");
    expect(t, "≈ 0.860 to 2/3 ≈ 0.667 (decreases by ≈ 0.193)\n");
    expect(t, "In short: 1 of 3 rows changes (row [rises]): 2 weights "
              "increase, 1 decreases; 2 output coordinates decrease.");
    /* the rows it proved unchanged are not derived again */
    expect(t, "query Q[grid]: as in the base lesson (proved unchanged)");
    /* causal off: the last row already sees every key */
    cr_assert_not_null(strstr(strstr(t, "== variant \"causal off\""),
        "row [rises]: unchanged (proved: the same weights and the same "
        "values)"));
    free(t);
}

/* Without decimals a change of named weights says which way, not how
 * much: the amount would be the difference of the two forms beside
 * it. */
Test(contrast, a_named_amount_only_with_its_decimal)
{
    char *t = text_of("{" SEED002 ", \"variants\": ["
        "{\"name\": \"zero query\", \"query_multiplier\": {\"query\": "
        "\"rises\", \"by\": 0}}]}", -1);

    expect(t, "→ 1/3 (increases);");
    cr_assert_null(strstr(t, "by ≈"), "%s", t);
    free(t);
}

/* ---- the summary and the rows derived again ---------------------------- */

typedef struct
{
    size_t up[2], down[2], other, unproved, rows_changed;
    int row_changed, summary_seen, same_rows, derived_rows, in_variant;
    size_t changed[8];
    exattn_doc_contrast_summary got;
    size_t got_changed[8];
} tally;

static int
tally_begin(void *ctx, const exattn_doc_section *s)
{
    tally *t = ctx;

    if (s->kind == EXATTN_SECTION_VARIANT)
        t->in_variant = 1;
    if (s->kind == EXATTN_SECTION_CONTRAST_ROW)
        t->row_changed = 0;
    if (s->kind == EXATTN_SECTION_ROW && t->in_variant)
    {
        t->same_rows += s->same_as_against;
        t->derived_rows += !s->same_as_against;
    }
    return EXATTN_OK;
}

static int
tally_entry(void *ctx, const exattn_doc_entry *e)
{
    tally *t = ctx;
    int w = e->role == EXATTN_ROLE_CHANGE_WEIGHT;

    if (e->role != EXATTN_ROLE_CHANGE_WEIGHT
        && e->role != EXATTN_ROLE_CHANGE_OUTPUT)
        return EXATTN_OK;
    cr_assert(!t->summary_seen);
    switch (e->relation)
    {
    case EXATTN_RELATION_EQUAL: return EXATTN_OK;
    case EXATTN_RELATION_INCREASES: t->up[w]++; break;
    case EXATTN_RELATION_DECREASES: t->down[w]++; break;
    case EXATTN_RELATION_UNPROVED: t->unproved++; break;
    default: t->other++; break;
    }
    if (!t->row_changed)
        t->changed[t->rows_changed++] = e->row;
    t->row_changed = 1;
    return EXATTN_OK;
}

static int
tally_end(void *ctx, const exattn_doc_section *s)
{
    tally *t = ctx;
    size_t k;

    if (s->kind != EXATTN_SECTION_CONTRAST)
        return EXATTN_OK;
    cr_assert_not_null(s->contrast_summary);
    t->summary_seen = 1;
    t->got = *s->contrast_summary;
    for (k = 0; k < t->got.rows_changed && k < 8; k++)
        t->got_changed[k] = s->contrast_summary->changed[k];
    return EXATTN_OK;
}

/* Random three-token heads and one variant that changes Q, K, V or the
 * mask: the summary's counts are those of the contrast's own entries,
 * its changed rows the rows with a change; a row is given as "the same"
 * only when its query, the keys and the values are the lesson's and the
 * contrast proved its weights unchanged -- every other row is derived
 * again. */
Test(contrast, the_summary_counts_the_contrast)
{
    static const char *const fields[] = { "Q", "K", "V" };
    gmp_randstate_t r;
    unsigned long it, n = th_iterations(80);
    size_t same_total = 0, changed_total = 0;

    th_rand_init(r);
    for (it = 0; it < n; it++)
    {
        long m[3][3][2];
        size_t f, i, c, which = it % 4, row = th_rand(r, 3);
        char json[2048], *p = json;
        exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
        exattn_error_t err;
        exattn_lesson *l;
        tally t = { 0 };

        for (f = 0; f < 3; f++)
            for (i = 0; i < 3; i++)
                for (c = 0; c < 2; c++)
                    m[f][i][c] = (long)th_rand(r, 5) - 2;
        p += sprintf(p, "{\"mask\": \"causal\"");
        for (f = 0; f < 3; f++)
        {
            p += sprintf(p, ", \"%s\": [", fields[f]);
            for (i = 0; i < 3; i++)
                p += sprintf(p, "%s[%ld,%ld]", i ? "," : "", m[f][i][0],
                             m[f][i][1]);
            p += sprintf(p, "]");
        }
        if (which == 3)
            p += sprintf(p, ", \"variants\": [{\"name\": \"v\", "
                         "\"mask\": \"none\"}]}");
        else
        {
            m[which][row][th_rand(r, 2)] += 1;
            p += sprintf(p, ", \"variants\": [{\"name\": \"v\", \"%s\": [",
                         fields[which]);
            for (i = 0; i < 3; i++)
                p += sprintf(p, "%s[%ld,%ld]", i ? "," : "",
                             m[which][i][0], m[which][i][1]);
            p += sprintf(p, "]}]}");
        }
        l = th_lesson(json);
        sink.begin = tally_begin;
        sink.entry = tally_entry;
        sink.end = tally_end;
        cr_assert_eq(exattn_derive(&sink, &t, l, NULL, &err), EXATTN_OK,
                     "%s: %s", json, err.message);
        cr_assert(t.summary_seen, "%s", json);
        cr_assert_eq(t.got.rows, 3);
        cr_assert_eq(t.got.rows_changed, t.rows_changed, "%s", json);
        for (i = 0; i < t.rows_changed; i++)
            cr_assert_eq(t.got_changed[i], t.changed[i], "%s", json);
        cr_assert_eq(t.got.weights_up, t.up[1], "%s", json);
        cr_assert_eq(t.got.weights_down, t.down[1], "%s", json);
        cr_assert_eq(t.got.outputs_up, t.up[0], "%s", json);
        cr_assert_eq(t.got.outputs_down, t.down[0], "%s", json);
        cr_assert_eq(t.got.different, t.other, "%s", json);
        cr_assert_eq(t.got.unproved, t.unproved, "%s", json);
        cr_assert_eq(t.same_rows + t.derived_rows, 3);
        /* a changed Q or K row's derivation differs: never "the same" */
        if (which == 0)
            cr_assert_eq(t.same_rows, 2 - 0, "%s", json);
        if (which == 1)
            cr_assert_eq(t.same_rows, 0, "%s", json);
        /* a row with a change entry is derived again */
        cr_assert_leq(t.same_rows, 3 - t.rows_changed, "%s", json);
        same_total += t.same_rows;
        changed_total += t.rows_changed;
        exattn_lesson_free(l);
    }
    cr_assert_gt(same_total, n / 2, "too few rows given as the same");
    cr_assert_gt(changed_total, n / 2, "too few changed rows");
    gmp_randclear(r);
}

/* `--show contrast`: the contrasts alone, no row derived. */
Test(contrast, the_contrast_alone)
{
    exattn_lesson *l = th_lesson("{" SEED002 ", \"variants\": ["
        "{\"name\": \"zero query\", \"query_multiplier\": {\"query\": "
        "\"rises\", \"by\": 0}}]}");
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
    exattn_error_t err;
    tally t = { 0 };

    o.quantities = EXATTN_SHOW_CONTRAST;
    sink.begin = tally_begin;
    sink.entry = tally_entry;
    sink.end = tally_end;
    cr_assert_eq(exattn_derive(&sink, &t, l, &o, &err), EXATTN_OK);
    cr_assert(t.summary_seen);
    cr_assert_eq(t.same_rows + t.derived_rows, 0);
    cr_assert_eq(t.got.rows_changed, 1);
    /* with rows: the contrast too, as before the contrast could be
     * named, and the row it changes */
    memset(&t, 0, sizeof t);
    o.quantities = EXATTN_SHOW(EXATTN_WEIGHT);
    cr_assert_eq(exattn_derive(&sink, &t, l, &o, &err), EXATTN_OK);
    cr_assert(t.summary_seen);
    cr_assert_eq(t.derived_rows, 1);
    cr_assert_eq(t.same_rows, 2);
    exattn_lesson_free(l);
}

Test(contrast, contrast_must_name_another_variant)
{
    exattn_error_t err;

    cr_assert_eq(th_lesson_fails("{" SEED002 ", \"variants\": [{\"name\": "
        "\"v\", \"contrast\": \"v\"}]}", &err), EXATTN_EFIELD);
    cr_assert_not_null(strstr(err.message, "\"contrast\" names no other "
                                           "variant"), "%s", err.message);
}

/* Seed 002: all-visible attention without positions is permutation-
 * equivariant; with a fixed causal mask it is not, and the counterexample
 * is shown. */
Test(contrast, permuted_tokens)
{
    char *t = text_of("{" SEED002 ", \"variants\": ["
        "{\"name\": \"causal off\", \"mask\": \"none\"},"
        "{\"name\": \"swapped\", \"mask\": \"none\", \"permute\": [3,2,1], "
        "\"contrast\": \"causal off\"},"
        "{\"name\": \"causal, swapped\", \"permute\": [3,2,1]}]}", 3);
    const char *all = strstr(t, "== variant \"swapped\"");
    const char *causal = strstr(t, "== variant \"causal, swapped\"");

    cr_assert(all && causal);
    cr_assert_not_null(strstr(all, "row [rises] (the token of row 3): its "
                                    "output moved with it (proved equal)"));
    cr_assert_not_null(strstr(all, "row [grid] (the token of row 1): its "
                                    "output moved with it (proved equal)"));
    cr_assert_not_null(strstr(causal, "row [rises] (the token of row 3): "
                                       "its output did not move with it: "
                                       "coordinate 1 was "));
    cr_assert_not_null(strstr(causal, "≈ 0.860, is 1"));
    cr_assert_null(strstr(causal, "1 = 1.000"));
    free(t);
}

Test(contrast, permute_errors)
{
    exattn_error_t err;

    cr_assert_eq(th_lesson_fails("{" SEED002 ", \"permute\": [1,1,2]}", &err),
                 EXATTN_EFIELD);
    cr_assert_not_null(strstr(err.message, "permute: row 1 appears twice"),
                       "%s", err.message);
    cr_assert_eq(th_lesson_fails("{" SEED002 ", \"permute\": [1,2]}", &err),
                 EXATTN_ESHAPE);
    cr_assert_not_null(strstr(err.message, "a permutation of the 3 rows"));
    cr_assert_eq(th_lesson_fails("{\"Q\": [[1]], \"K\": [[1],[2]], "
                                 "\"V\": [[1],[2]], \"permute\": [1]}", &err),
                 EXATTN_ESHAPE);
    cr_assert_not_null(strstr(err.message, "self-attention (n = m)"));
    cr_assert_eq(th_lesson_fails("{" SEED002 ", \"permute\": [1,2,4]}", &err),
                 EXATTN_EFIELD);
}

/* ---- difference claims against the contrast engine ------------------- */

/* What the contrast of the variant said of each output coordinate and
 * each weight of each row: its relation and, for a proved increase or
 * decrease, the amount's decimal. */
#define RAND_N 3
#define RAND_D 2
typedef struct
{
    exattn_relation_t out[RAND_N][RAND_D], weight[RAND_N][RAND_N];
    char by[RAND_N][RAND_D][64];
    int in_contrast;
} seen_t;

static int
seen_begin(void *ctx, const exattn_doc_section *s)
{
    seen_t *k = ctx;
    size_t c, j;

    if (s->kind == EXATTN_SECTION_CONTRAST)
        k->in_contrast = 1;
    else if (s->kind == EXATTN_SECTION_LESSON)
        k->in_contrast = 0;
    if (s->kind == EXATTN_SECTION_CONTRAST_ROW
        && (s->contrast == EXATTN_CONTRAST_UNCHANGED
            || s->contrast == EXATTN_CONTRAST_UNCHANGED_BLOCKED
            || s->contrast == EXATTN_CONTRAST_WEIGHTS_SAME))
    {
        for (c = 0; c < RAND_D && s->contrast != EXATTN_CONTRAST_WEIGHTS_SAME;
             c++)
            k->out[s->row][c] = EXATTN_RELATION_EQUAL;
        for (j = 0; j < RAND_N; j++)
            k->weight[s->row][j] = EXATTN_RELATION_EQUAL;
    }
    if (s->kind == EXATTN_SECTION_CONTRAST_ROW
        && s->contrast == EXATTN_CONTRAST_WEIGHTS_CHANGE)
        for (j = 0; j < RAND_N; j++)     /* unlisted weights are unchanged */
            k->weight[s->row][j] = EXATTN_RELATION_EQUAL;
    return EXATTN_OK;
}

static int
seen_entry(void *ctx, const exattn_doc_entry *e)
{
    seen_t *k = ctx;

    if (!k->in_contrast)
        return EXATTN_OK;
    if (e->role == EXATTN_ROLE_CHANGE_WEIGHT)
        k->weight[e->row][e->key] = e->relation;
    if (e->role != EXATTN_ROLE_CHANGE_OUTPUT)
        return EXATTN_OK;
    k->out[e->row][e->col] = e->relation;
    if (e->by != NULL && e->by->decimal != NULL)
        snprintf(k->by[e->row][e->col], sizeof k->by[e->row][e->col],
                 "%s%s", e->relation == EXATTN_RELATION_DECREASES ? "-" : "",
                 e->by->decimal);
    return EXATTN_OK;
}

static exattn_verdict_t
claim_verdict(const char *lesson, const char *claim)
{
    char json[4096];
    exattn_lesson *l;
    exattn_verdict_t v;
    exattn_error_t err;

    snprintf(json, sizeof json, "%.*s, \"claims\": [%s]}",
             (int)strlen(lesson) - 1, lesson, claim);
    l = th_lesson(json);
    cr_assert_eq(exattn_claim_verdict(&v, l, 0, 0, &err), EXATTN_OK, "%s",
                 err.message);
    exattn_lesson_free(l);
    return v;
}

/* Random lessons and variants (a value override, a query multiplier, the
 * mask switched): "minus" claims are decided as the contrast proved --
 * an exact 0 passes exactly where it found the quantity unchanged, and
 * the decimal of a proved change passes as the difference. */
Test(contrast, difference_claims_agree_with_the_contrast)
{
    gmp_randstate_t rs;
    unsigned long it, iterations = th_iterations(40);
    size_t i, j, c, checked = 0;

    th_rand_init(rs);
    for (it = 0; it < iterations; it++)
    {
        char lesson[2048], variant[256], claim[512], *p = lesson;
        exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
        exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
        exattn_error_t err;
        exattn_lesson *l;
        seen_t seen;
        unsigned long kind = th_rand(rs, 3);

        p += sprintf(p, "{\"mask\": \"%s\", \"scale\": \"%s\"",
                     th_rand(rs, 2) ? "causal" : "none",
                     th_rand(rs, 2) ? "1/sqrt(2)" : "none");
        for (c = 0; c < 3; c++)
        {
            p += sprintf(p, ", \"%c\": [", "QKV"[c]);
            for (i = 0; i < RAND_N; i++)
                p += sprintf(p, "%s[%ld, %ld]", i ? ", " : "",
                             (long)th_rand(rs, 5) - 2,
                             (long)th_rand(rs, 5) - 2);
            p += sprintf(p, "]");
        }
        if (kind == 0)
            snprintf(variant, sizeof variant, "{\"name\": \"v\", "
                     "\"value_override\": {\"row\": %lu, \"col\": %lu, "
                     "\"value\": %ld}}", th_rand(rs, RAND_N) + 1,
                     th_rand(rs, RAND_D) + 1, (long)th_rand(rs, 7) - 3);
        else if (kind == 1)
            snprintf(variant, sizeof variant, "{\"name\": \"v\", "
                     "\"query_multiplier\": {\"query\": %lu, \"by\": "
                     "\"%ld/2\"}}", th_rand(rs, RAND_N) + 1,
                     (long)th_rand(rs, 7) - 3);
        else
            snprintf(variant, sizeof variant, "{\"name\": \"v\", "
                     "\"mask\": \"none\"}");
        sprintf(p, ", \"variants\": [%s]}", variant);
        memset(&seen, 0, sizeof seen);
        l = th_lesson(lesson);
        sink.begin = seen_begin;
        sink.entry = seen_entry;
        o.digits = 6;
        cr_assert_eq(exattn_derive(&sink, &seen, l, &o, &err), EXATTN_OK,
                     "%s", err.message);
        exattn_lesson_free(l);
        for (i = 0; i < RAND_N; i++)
        {
            for (c = 0; c < RAND_D; c++)
            {
                exattn_relation_t r = seen.out[i][c];

                cr_assert_neq(r, EXATTN_RELATION_NONE, "%s: row %zu col %zu "
                              "not in the contrast", lesson, i, c);
                snprintf(claim, sizeof claim, "{\"of\": \"output[%zu][%zu]\","
                         " \"variant\": \"v\", \"minus\": \"base\", \"is\": "
                         "0}", i + 1, c + 1);
                if (r != EXATTN_RELATION_UNPROVED)
                    cr_assert_eq(claim_verdict(lesson, claim),
                                 r == EXATTN_RELATION_EQUAL ? EXATTN_PASS
                                                            : EXATTN_FAIL,
                                 "%s\n%s: relation %d", lesson, claim, r);
                if (seen.by[i][c][0] == '\0')
                    continue;
                snprintf(claim, sizeof claim, "{\"of\": \"output[%zu][%zu]\","
                         " \"variant\": \"v\", \"minus\": \"base\", "
                         "\"approx\": \"%s\"}", i + 1, c + 1, seen.by[i][c]);
                cr_assert_eq(claim_verdict(lesson, claim), EXATTN_PASS,
                             "%s\n%s", lesson, claim);
                checked++;
            }
            for (j = 0; j < RAND_N; j++)
            {
                exattn_relation_t r = seen.weight[i][j];

                snprintf(claim, sizeof claim, "{\"of\": \"weights[%zu][%zu]\","
                         " \"variant\": \"v\", \"minus\": \"base\", \"is\": "
                         "0}", i + 1, j + 1);
                if (r == EXATTN_RELATION_EQUAL
                    || r == EXATTN_RELATION_DIFFERENT)
                    cr_assert_eq(claim_verdict(lesson, claim),
                                 r == EXATTN_RELATION_EQUAL ? EXATTN_PASS
                                                            : EXATTN_FAIL,
                                 "%s\n%s", lesson, claim);
            }
        }
    }
    /* the loop compared proved changes, not only unchanged rows */
    cr_assert_gt(checked, 0);
    gmp_randclear(rs);
}

/* ---- every direction and amount against MPFR ---------------------------- */

/* The weights and output coordinate `col` of query row 0 of a head with
 * no scale and no mask, from its integer matrices, at 200 bits. */
static void
reference(mpfr_t *w, mpfr_t out, long q[2], long k[4][2], long v[4][2],
          size_t m, size_t col)
{
    mpfr_t z, t;
    size_t j;

    mpfr_inits2(200, z, t, (mpfr_ptr)0);
    mpfr_set_ui(z, 0, MPFR_RNDN);
    for (j = 0; j < m; j++)
    {
        mpfr_set_si(w[j], q[0] * k[j][0] + q[1] * k[j][1], MPFR_RNDN);
        mpfr_exp(w[j], w[j], MPFR_RNDN);
        mpfr_add(z, z, w[j], MPFR_RNDN);
    }
    mpfr_set_ui(out, 0, MPFR_RNDN);
    for (j = 0; j < m; j++)
    {
        mpfr_div(w[j], w[j], z, MPFR_RNDN);
        mpfr_mul_si(t, w[j], v[j][col], MPFR_RNDN);
        mpfr_add(out, out, t, MPFR_RNDN);
    }
    mpfr_clears(z, t, (mpfr_ptr)0);
}

typedef struct
{
    mpfr_t before[4], after[4], out_before[2], out_after[2];
    int weights_kept;       /* the variant changes V alone */
    size_t checked, amounts;
} directions;

/* A change entry's direction and its amount agree with the reference:
 * the sign of after - before; |after - before| exactly, or to its 6
 * digits. */
static int
direction_entry(void *ctx, const exattn_doc_entry *e)
{
    directions *d = ctx;
    mpfr_srcptr a, b;
    mpfr_t diff, by;
    int up;

    if ((e->role != EXATTN_ROLE_CHANGE_WEIGHT
         && e->role != EXATTN_ROLE_CHANGE_OUTPUT)
        || e->row != 0)
        return EXATTN_OK;
    a = e->role == EXATTN_ROLE_CHANGE_WEIGHT ? d->before[e->key]
                                             : d->out_before[e->col];
    b = e->role == EXATTN_ROLE_CHANGE_WEIGHT ? d->after[e->key]
                                             : d->out_after[e->col];
    mpfr_inits2(200, diff, by, (mpfr_ptr)0);
    mpfr_sub(diff, b, a, MPFR_RNDN);
    cr_assert_neq(e->relation, EXATTN_RELATION_UNPROVED);
    if (e->relation == EXATTN_RELATION_EQUAL)
        cr_assert(mpfr_zero_p(diff) || mpfr_get_exp(diff) < -150,
                  "proved equal, but they differ");
    else
    {
        up = e->relation == EXATTN_RELATION_INCREASES;
        cr_assert(up || e->relation == EXATTN_RELATION_DECREASES,
                  "a proved change has a direction");
        cr_assert_eq(mpfr_sgn(diff) > 0, up, "the direction");
        /* decimals are asked for: every proved change states how much,
         * exactly when both values are (then exactly |b - a|), else
         * named with its certified decimal */
        cr_assert_not_null(e->by, "a proved change without its amount");
        cr_assert_eq(e->by->status == EXATTN_EXACT,
                     e->from->status == EXATTN_EXACT
                     && e->values->status == EXATTN_EXACT);
        if (e->by != NULL && e->by->status == EXATTN_EXACT)
            mpfr_set_q(by, e->by->exact, MPFR_RNDN);
        else if (e->by != NULL)
        {
            cr_assert_not_null(e->by->decimal);
            cr_assert_eq(mpfr_set_str(by, e->by->decimal, 10, MPFR_RNDN), 0);
        }
        if (e->by != NULL)
        {
            mpfr_abs(diff, diff, MPFR_RNDN);
            mpfr_sub(diff, diff, by, MPFR_RNDN);
            cr_assert_lt(mpfr_get_d(diff, MPFR_RNDN), 5.0001e-7, "amount");
            cr_assert_gt(mpfr_get_d(diff, MPFR_RNDN), -5.0001e-7, "amount");
            d->amounts++;
        }
        d->checked++;
    }
    mpfr_clears(diff, by, (mpfr_ptr)0);
    return EXATTN_OK;
}

/* Random heads of one query over 2 to 4 keys and a variant that changes
 * K (the weights) or V (the output alone): each change the contrast
 * states has the direction MPFR gives, and the amount where it states
 * one (exact values; an output of unchanged weights, to 6 digits). */
Test(contrast, every_direction_and_amount_agree_with_mpfr)
{
    gmp_randstate_t r;
    unsigned long it, n = th_iterations(60);
    size_t total = 0, amounts = 0;

    th_rand_init(r);
    for (it = 0; it < n; it++)
    {
        long q[2], k[4][2], k2[4][2], v[4][2], v2[4][2];
        size_t m = 2 + th_rand(r, 3), j, c;
        int values = it % 2;
        char json[2048], *p = json;
        exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
        exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
        exattn_error_t err;
        exattn_lesson *l;
        directions d;

        for (c = 0; c < 2; c++)
            q[c] = (long)th_rand(r, 5) - 2;
        for (j = 0; j < m; j++)
            for (c = 0; c < 2; c++)
            {
                k[j][c] = k2[j][c] = (long)th_rand(r, 5) - 2;
                v[j][c] = v2[j][c] = (long)th_rand(r, 7) - 3;
            }
        if (values)
            v2[th_rand(r, m)][th_rand(r, 2)] += 1 + (long)th_rand(r, 3);
        else
            k2[th_rand(r, m)][th_rand(r, 2)] += 1 + (long)th_rand(r, 2);
        p += sprintf(p, "{\"Q\": [[%ld,%ld]], \"scale\": \"none\", "
                     "\"K\": [", q[0], q[1]);
        for (j = 0; j < m; j++)
            p += sprintf(p, "%s[%ld,%ld]", j ? "," : "", k[j][0], k[j][1]);
        p += sprintf(p, "], \"V\": [");
        for (j = 0; j < m; j++)
            p += sprintf(p, "%s[%ld,%ld]", j ? "," : "", v[j][0], v[j][1]);
        p += sprintf(p, "], \"variants\": [{\"name\": \"x\", \"%s\": [",
                     values ? "V" : "K");
        for (j = 0; j < m; j++)
            p += sprintf(p, "%s[%ld,%ld]", j ? "," : "",
                         values ? v2[j][0] : k2[j][0],
                         values ? v2[j][1] : k2[j][1]);
        sprintf(p, "]}]}");
        for (j = 0; j < 4; j++)
            mpfr_inits2(200, d.before[j], d.after[j], (mpfr_ptr)0);
        mpfr_inits2(200, d.out_before[0], d.out_before[1], d.out_after[0],
                    d.out_after[1], (mpfr_ptr)0);
        for (c = 0; c < 2; c++)
        {
            reference(d.before, d.out_before[c], q, k, v, m, c);
            reference(d.after, d.out_after[c], q, k2, v2, m, c);
        }
        d.checked = d.amounts = 0;
        d.weights_kept = values;
        l = th_lesson(json);
        o.digits = 6;
        sink.entry = direction_entry;
        cr_assert_eq(exattn_derive(&sink, &d, l, &o, &err), EXATTN_OK,
                     "%s: %s", json, err.message);
        total += d.checked;
        amounts += d.amounts;
        exattn_lesson_free(l);
        for (j = 0; j < 4; j++)
            mpfr_clears(d.before[j], d.after[j], (mpfr_ptr)0);
        mpfr_clears(d.out_before[0], d.out_before[1], d.out_after[0],
                    d.out_after[1], (mpfr_ptr)0);
    }
    cr_assert_gt(total, n, "too few changes checked: %zu", total);
    cr_assert_eq(amounts, total, "every change states its amount");
    gmp_randclear(r);
}

/* Exact weights change by exact amounts: three equal scores give 1/3
 * each; blocking one key gives the others 1/2 (up by 1/6) and it 0 (down
 * by 1/3). */
Test(contrast, an_exact_change_states_its_exact_amount)
{
    char *t = text_of("{\"Q\": [[0]], \"K\": [[1],[2],[3]], \"V\": [[1],"
                      "[0],[0]], \"variants\": [{\"name\": \"block\", "
                      "\"mask\": [[1,1,0]]}]}", -1);

    expect(t, "w1 1/3 → 1/2 (increases by 1/6)");
    expect(t, "w3 1/3 → 0 (decreases by 1/3)");
    expect(t, "output coordinate 1 changes from 1/3 to 1/2 (increases by "
              "1/6)");
    free(t);
}

/* An amount proved nonzero that rounds to 0 at the asked places is given
 * its significant digits instead ("increases by ≈ 0.0000454", never
 * "≈ 0.000"), each place MPFR's rounding of the true amount: key a's
 * weight is 1/(1 + e^10), so raising V[a] from 0 to 1 raises row a's
 * output by that much (named); V[b] + 1/10000 raises row b's
 * output (weights 1/2, 1/2) by exactly 1/20000 and row a's by
 * e^10/(1 + e^10)/10000 (named, rounding up to 0.0001000). */
Test(contrast, a_tiny_amount_keeps_its_significant_digits)
{
    char *t = text_of("{\"tokens\": [\"a\", \"b\"], \"Q\": [[1], [0]], "
        "\"K\": [[0], [10]], \"V\": [[0], [0]], \"scale\": 1, "
        "\"variants\": [{\"name\": \"bump a\", \"value_override\": "
        "{\"row\": \"a\", \"col\": 1, \"value\": 1}}, {\"name\": \"bump b\", "
        "\"value_override\": {\"row\": \"b\", \"col\": 1, \"value\": "
        "\"1/10000\"}}]}", 3);
    mpfr_t e10, w, u;
    char want[64];

    mpfr_inits2(200, e10, w, u, (mpfr_ptr)0);
    mpfr_set_ui(e10, 10, MPFR_RNDN);
    mpfr_exp(e10, e10, MPFR_RNDN);
    mpfr_add_ui(w, e10, 1, MPFR_RNDN);
    mpfr_ui_div(w, 1, w, MPFR_RNDN);            /* 1/(1 + e^10) */
    mpfr_sprintf(want, "increases by (e^0/(e^0+e^10)) ≈ %.7Rf (NAMED)", w);
    expect(t, want);
    mpfr_ui_sub(u, 1, w, MPFR_RNDN);            /* e^10/(1 + e^10) */
    mpfr_div_ui(u, u, 10000, MPFR_RNDN);
    mpfr_sprintf(want, "≈ %.7Rf (NAMED)", u);
    expect(t, want);
    expect(t, "0.0001000 (NAMED)");
    expect(t, "increases by 1/20000 (EXACT)");
    mpfr_clears(e10, w, u, (mpfr_ptr)0);
    free(t);
    /* the exact amount's decimal too: 0.0000500, not 0.000 */
    {
        exattn_lesson *l = th_lesson("{\"Q\": [[0]], \"K\": [[0], [1]], "
            "\"V\": [[0], [0]], \"variants\": [{\"name\": \"x\", "
            "\"V\": [[0], [\"1/10000\"]]}]}");
        exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
        exattn_error_t err;
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);

        o.digits = 3;
        cr_assert_eq(exattn_write_json(f, l, &o, &err), EXATTN_OK, "%s",
                     err.message);
        fclose(f);
        cr_assert_not_null(strstr(buf, "\"value\": \"1/20000\""), "%s", buf);
        cr_assert_not_null(strstr(buf, "\"decimal\": \"0.0000500\""), "%s",
                           buf);
        free(buf);
        exattn_lesson_free(l);
    }
}
