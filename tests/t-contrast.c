/* Variants shown as contrasts: unchanged quantities proved equal, changes
 * derived exactly or named. */
#include <criterion/criterion.h>
#include <stdio.h>
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
    return buf;
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
              "e^{√2}/(e^{√2}+e^{√2/2}+e^{3√2/2}) ≈ 0.284 → 1/3 ≈ 0.333;");
    expect(t, "row [rises]: output coordinate 1 changes from ");
    expect(t, "≈ 0.860 to 2/3 ≈ 0.667\n");
    /* causal off: the last row already sees every key */
    cr_assert_not_null(strstr(strstr(t, "== variant \"causal off\""),
        "row [rises]: unchanged (proved: the same weights and the same "
        "values)"));
    free(t);
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
    cr_assert_not_null(strstr(causal, "≈ 0.860, is 1 = 1.000"));
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
