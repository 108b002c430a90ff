/* Properties of the exact-or-named rule over many random lessons (seeded:
 * EXATTN_TEST_SEED replays a run, EXATTN_TEST_MULTIPLIER scales it).
 * Entries are small integers so that ties, zero scores and equal group
 * means are common. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "exattn.h"
#include "helpers.h"

#define MAXN 6
#define MAXD 3
#define PREC 256

typedef struct
{
    size_t n, m, dk, dv;
    int q[MAXN][MAXD], k[MAXN][MAXD], v[MAXN][MAXD];
    int mask[MAXN][MAXN];       /* -1: no mask field */
    int scale;                  /* 0 default, 1 none, 2 rational 1/2 */
} gen_t;

static void
random_lesson(gen_t *g, gmp_randstate_t st, int all_visible_self)
{
    size_t i, j, c;

    g->n = 1 + th_rand(st, MAXN);
    g->m = all_visible_self ? g->n : 1 + th_rand(st, MAXN);
    g->dk = 1 + th_rand(st, MAXD);
    g->dv = 1 + th_rand(st, MAXD);
    g->scale = (int)th_rand(st, 3);
    for (i = 0; i < MAXN; i++)
        for (c = 0; c < MAXD; c++)
        {
            g->q[i][c] = (int)th_rand(st, 5) - 2;
            g->k[i][c] = (int)th_rand(st, 5) - 2;
            g->v[i][c] = (int)th_rand(st, 5) - 2;
        }
    g->mask[0][0] = -1;
    if (all_visible_self || th_rand(st, 3) == 0)
        return;
    for (i = 0; i < g->n; i++)
    {
        int any = 0;

        for (j = 0; j < g->m; j++)
            any |= g->mask[i][j] = th_rand(st, 3) != 0;
        if (!any)
            g->mask[i][th_rand(st, g->m)] = 1;
    }
}

static void
put_matrix(char **p, const char *name, int a[MAXN][MAXD], size_t rows,
           size_t cols, const size_t *perm)
{
    size_t r, c;

    *p += sprintf(*p, "\"%s\": [", name);
    for (r = 0; r < rows; r++)
    {
        *p += sprintf(*p, r ? ",[" : "[");
        for (c = 0; c < cols; c++)
            *p += sprintf(*p, c ? ",%d" : "%d", a[perm ? perm[r] : r][c]);
        *p += sprintf(*p, "]");
    }
    *p += sprintf(*p, "], ");
}

/* The lesson as JSON, its rows permuted by `perm` (NULL: as they are);
 * the text is overwritten by the next call. */
static const char *
build_json_perm(const gen_t *g, const size_t *perm)
{
    static char buf[8192];
    static const char *const scales[] = { "\"1/sqrt(d_k)\"", "\"none\"",
                                          "\"1/2\"" };
    char *p = buf;
    size_t i, j;

    p += sprintf(p, "{");
    put_matrix(&p, "Q", (int(*)[MAXD])g->q, g->n, g->dk, perm);
    put_matrix(&p, "K", (int(*)[MAXD])g->k, g->m, g->dk, perm);
    put_matrix(&p, "V", (int(*)[MAXD])g->v, g->m, g->dv, perm);
    if (g->mask[0][0] != -1)
    {
        p += sprintf(p, "\"mask\": [");
        for (i = 0; i < g->n; i++)
        {
            p += sprintf(p, i ? ",[" : "[");
            for (j = 0; j < g->m; j++)
                p += sprintf(p, j ? ",%d" : "%d", g->mask[i][j]);
            p += sprintf(p, "]");
        }
        p += sprintf(p, "], ");
    }
    sprintf(p, "\"scale\": %s}", scales[g->scale]);
    return buf;
}

static const char *
build_json(const gen_t *g)
{
    return build_json_perm(g, NULL);
}

static exattn_lesson *
build(const gen_t *g, const size_t *perm)
{
    return th_lesson(build_json_perm(g, perm));
}

/* |d| <= 2^-(PREC-40): far below any difference small integer lessons
 * can produce, far above the evaluation error. */
static int
negligible(const mpfr_t d)
{
    mpfr_t t;
    int c;

    mpfr_init2(t, 64);
    mpfr_set_ui_2exp(t, 1, -(PREC - 40), MPFR_RNDN);
    c = mpfr_cmpabs(d, t);
    mpfr_clear(t);
    return c <= 0;
}

static int
close_to(const mpfr_t a, const mpq_t q)
{
    mpfr_t d;
    int ok;

    mpfr_init2(d, PREC);
    mpfr_sub_q(d, a, q, MPFR_RNDN);
    ok = negligible(d);
    mpfr_clear(d);
    return ok;
}

/* Independently: raw score q_i . k_j from the lesson's matrices. */
static void
raw_score(mpq_t out, const exattn_lesson *l, size_t i, size_t j)
{
    mpq_t t, q, k;
    size_t c;

    mpq_inits(t, q, k, (mpq_ptr)0);
    mpq_set_ui(out, 0, 1);
    for (c = 0; c < exattn_lesson_key_width(l); c++)
    {
        mpq_mul(t, exattn_lesson_q(l, i, c, q), exattn_lesson_k(l, j, c, k));
        mpq_add(out, out, t);
    }
    mpq_clears(t, q, k, (mpq_ptr)0);
}

/* Σ w = 1: exactly for exact weights; for named ones, structurally (every
 * denominator is the sum of the numerators, in key order) and
 * numerically. */
static void
check_weights_sum(const exattn_row *r, size_t m)
{
    mpq_t sum, w;
    mpfr_t total, x;
    char den[4096] = "", numerators[4096] = "";
    size_t j;

    mpq_init(sum);
    mpq_init(w);
    mpfr_init2(total, PREC);
    mpfr_init2(x, PREC);
    mpfr_set_ui(total, 0, MPFR_RNDN);
    for (j = 0; j < m; j++)
    {
        if (!exattn_row_is_allowed(r, j))
        {
            cr_assert_eq(exattn_row_get_mpq(w, r, EXATTN_WEIGHT, j, 0), 0);
            cr_assert_eq(mpq_sgn(w), 0, "blocked key must weigh exactly 0");
            continue;
        }
        th_eval_weight(x, r, j);
        mpfr_add(total, total, x, MPFR_RNDN);
        if (exattn_row_weights_exact(r))
        {
            cr_assert_eq(exattn_row_get_mpq(w, r, EXATTN_WEIGHT, j, 0), 0);
            mpq_add(sum, sum, w);
            continue;
        }
        {
            char *s = exattn_row_get_str(r, EXATTN_WEIGHT, j, 0, 0);
            char *slash = strstr(s, "/(");

            cr_assert_not_null(slash, "named weight %s", s);
            *slash = '\0';
            if (numerators[0])
                strcat(numerators, "+");
            strcat(numerators, s);
            if (den[0] == '\0')
                snprintf(den, sizeof den, "%s", slash + 2);
            cr_assert_str_eq(slash + 2, den, "denominators differ");
            exattn_free(s);
        }
    }
    if (exattn_row_weights_exact(r))
        cr_assert(mpq_cmp_ui(sum, 1, 1) == 0, "exact weights sum to %s",
                  mpq_get_str(NULL, 10, sum));
    else
    {
        strcat(numerators, ")");
        cr_assert_str_eq(den, numerators, "denominator is not the sum of "
                         "the numerators");
    }
    mpq_set_ui(sum, 1, 1);
    cr_assert(close_to(total, sum), "weights do not sum to 1 numerically");
    mpq_clear(sum);
    mpq_clear(w);
    mpfr_clear(total);
    mpfr_clear(x);
}

/* Equal allowed scores <=> exact weights 1/|A|. */
static void
check_equal_scores(const exattn_row *r, const exattn_lesson *l, size_t i)
{
    size_t j, m = exattn_lesson_keys(l), count = 0;
    mpq_t first, s, w;
    int all_equal = 1;

    mpq_init(first);
    mpq_init(s);
    mpq_init(w);
    for (j = 0; j < m; j++)
    {
        if (!exattn_row_is_allowed(r, j))
            continue;
        raw_score(s, l, i, j);
        if (count++ == 0)
            mpq_set(first, s);
        else
            all_equal &= mpq_equal(s, first);
    }
    cr_assert_eq(count, exattn_row_allowed_count(r));
    cr_assert_eq(exattn_row_weights_exact(r), all_equal);
    if (all_equal)
        for (j = 0; j < m; j++)
            if (exattn_row_is_allowed(r, j))
            {
                cr_assert_eq(exattn_row_get_mpq(w, r, EXATTN_WEIGHT, j, 0),
                             0);
                cr_assert(mpq_cmp_ui(w, 1, count) == 0);
            }
    mpq_clear(first);
    mpq_clear(s);
    mpq_clear(w);
}

/* An exact output equals the weighted sum of V computed independently; a
 * named one is at least numerically inside the convex hull. */
static void
check_outputs(const exattn_row *r, const exattn_lesson *l)
{
    size_t c, j, m = exattn_lesson_keys(l);
    mpq_t o, want, lo, hi, entry;
    mpfr_t x;

    mpq_init(entry);
    mpq_init(o);
    mpq_init(want);
    mpq_init(lo);
    mpq_init(hi);
    mpfr_init2(x, PREC);
    for (c = 0; c < exattn_lesson_value_width(l); c++)
    {
        int first = 1;

        mpq_set_ui(want, 0, 1);
        for (j = 0; j < m; j++)
            if (exattn_row_is_allowed(r, j))
            {
                mpq_srcptr v = exattn_lesson_v(l, j, c, entry);

                mpq_add(want, want, v);
                if (first || mpq_cmp(v, lo) < 0)
                    mpq_set(lo, v);
                if (first || mpq_cmp(v, hi) > 0)
                    mpq_set(hi, v);
                first = 0;
            }
        th_eval_output(x, r, c);
        cr_assert(mpfr_cmp_q(x, lo) >= 0 || close_to(x, lo));
        cr_assert(mpfr_cmp_q(x, hi) <= 0 || close_to(x, hi));
        if (exattn_row_status(r, EXATTN_OUTPUT, 0, c) != EXATTN_EXACT)
            continue;
        cr_assert_eq(exattn_row_get_mpq(o, r, EXATTN_OUTPUT, 0, c), 0);
        if (exattn_row_weights_exact(r))
        {
            mpq_set_ui(lo, exattn_row_allowed_count(r), 1);
            mpq_div(want, want, lo);
            cr_assert(mpq_equal(o, want), "exact output %s, want %s",
                      mpq_get_str(NULL, 10, o), mpq_get_str(NULL, 10, want));
        }
        else
            cr_assert(close_to(x, o), "exact output %s is not the value of "
                      "its named sum", mpq_get_str(NULL, 10, o));
    }
    mpq_clear(o);
    mpq_clear(want);
    mpq_clear(lo);
    mpq_clear(hi);
    mpq_clear(entry);
    mpfr_clear(x);
}

Test(props, rule_holds_on_random_lessons)
{
    gmp_randstate_t st;
    unsigned long t, count = th_iterations(1500), named = 0, exact_out = 0;
    gen_t g;
    size_t i;

    th_rand_init(st);
    for (t = 0; t < count; t++)
    {
        exattn_lesson *l;

        random_lesson(&g, st, 0);
        l = build(&g, NULL);
        for (i = 0; i < g.n; i++)
        {
            exattn_row *r;
            exattn_error_t err;
            size_t c;

            cr_assert_eq(exattn_row_new(&r, l, i, &err), EXATTN_OK);
            check_weights_sum(r, g.m);
            check_equal_scores(r, l, i);
            check_outputs(r, l);
            named += !exattn_row_weights_exact(r);
            for (c = 0; c < g.dv; c++)
                exact_out += !exattn_row_weights_exact(r)
                             && exattn_row_status(r, EXATTN_OUTPUT, 0, c)
                                    == EXATTN_EXACT;
            exattn_row_free(r);
        }
        exattn_lesson_free(l);
    }
    /* the generator must reach every case it is meant to test */
    cr_assert_gt(named, count / 4);
    cr_assert_gt(exact_out, 20, "only %lu exact outputs of named rows",
                 exact_out);
    gmp_randclear(st);
}

static void
expect_same_output(const exattn_row *a, const exattn_row *b, size_t dv)
{
    mpq_t x, y;
    mpfr_t fx, fy;
    size_t c;

    mpq_init(x);
    mpq_init(y);
    mpfr_init2(fx, PREC);
    mpfr_init2(fy, PREC);
    for (c = 0; c < dv; c++)
    {
        exattn_status_t s = exattn_row_status(a, EXATTN_OUTPUT, 0, c);

        cr_assert_eq(s, exattn_row_status(b, EXATTN_OUTPUT, 0, c));
        if (s == EXATTN_EXACT)
        {
            cr_assert_eq(exattn_row_get_mpq(x, a, EXATTN_OUTPUT, 0, c), 0);
            cr_assert_eq(exattn_row_get_mpq(y, b, EXATTN_OUTPUT, 0, c), 0);
            cr_assert(mpq_equal(x, y));
            continue;
        }
        th_eval_output(fx, a, c);
        th_eval_output(fy, b, c);
        mpfr_sub(fx, fx, fy, MPFR_RNDN);
        cr_assert(negligible(fx),
                  "permuted output differs");
    }
    mpq_clear(x);
    mpq_clear(y);
    mpfr_clear(fx);
    mpfr_clear(fy);
}

/* All-visible self-attention without positions: permuting the rows of
 * Q, K and V permutes the outputs. */
Test(props, permuting_rows_permutes_outputs)
{
    gmp_randstate_t st;
    unsigned long t, count = th_iterations(1000);
    size_t perm[MAXN], i, k, tmp;
    gen_t g;

    th_rand_init(st);
    for (t = 0; t < count; t++)
    {
        exattn_lesson *l, *p;

        random_lesson(&g, st, 1);
        for (i = 0; i < g.n; i++)
            perm[i] = i;
        for (i = g.n; i > 1; i--)
        {
            k = th_rand(st, i);
            tmp = perm[i - 1];
            perm[i - 1] = perm[k];
            perm[k] = tmp;
        }
        l = build(&g, NULL);
        p = build(&g, perm);
        for (i = 0; i < g.n; i++)
        {
            exattn_row *a, *b;
            exattn_error_t err;

            /* row i of the permuted lesson is row perm[i] of the base */
            cr_assert_eq(exattn_row_new(&a, l, perm[i], &err), 0);
            cr_assert_eq(exattn_row_new(&b, p, i, &err), 0);
            expect_same_output(a, b, g.dv);
            exattn_row_free(a);
            exattn_row_free(b);
        }
        exattn_lesson_free(l);
        exattn_lesson_free(p);
    }
    gmp_randclear(st);
}

/* The lab's value override changes V after projection: on random
 * lessons every weight stays what it was (same status, same exact value
 * or the same named value), and each output coordinate c moves by exactly
 * w_j·(new - old) at the overridden key j. */
Test(props, value_overrides_leave_weights_unchanged)
{
    gmp_randstate_t st;
    unsigned long t, count = th_iterations(300);
    static char json[8400];
    mpfr_t a, b, w;
    gen_t g;

    th_rand_init(st);
    mpfr_inits2(PREC, a, b, w, (mpfr_ptr)0);
    for (t = 0; t < count; t++)
    {
        exattn_lesson *l, *o;
        size_t i, j, key, col;
        int value;
        char *end;

        random_lesson(&g, st, 0);
        key = th_rand(st, g.m);
        col = th_rand(st, g.dv);
        value = (int)th_rand(st, 7) - 3;
        l = build(&g, NULL);
        /* the same lesson with the override */
        snprintf(json, sizeof json, "%s", build_json(&g));
        end = strrchr(json, '}');
        sprintf(end, ", \"value_override\": {\"row\": %zu, \"col\": %zu, "
                "\"value\": %d}}", key + 1, col + 1, value);
        o = th_lesson(json);
        for (i = 0; i < g.n; i++)
        {
            exattn_row *ra, *rb;
            exattn_error_t err;

            cr_assert_eq(exattn_row_new(&ra, l, i, &err), 0);
            cr_assert_eq(exattn_row_new(&rb, o, i, &err), 0);
            for (j = 0; j < g.m; j++)
            {
                cr_assert_eq(exattn_row_status(ra, EXATTN_WEIGHT, j, 0),
                             exattn_row_status(rb, EXATTN_WEIGHT, j, 0));
                th_eval_weight(a, ra, j);
                th_eval_weight(b, rb, j);
                mpfr_sub(a, a, b, MPFR_RNDN);
                cr_assert(negligible(a), "%s: weight %zu moved", json, j);
            }
            /* output[col] moves by w_key * (value - old) */
            th_eval_weight(w, ra, key);
            mpfr_mul_si(w, w, value - g.v[key][col], MPFR_RNDN);
            th_eval_output(a, ra, col);
            th_eval_output(b, rb, col);
            mpfr_sub(b, b, a, MPFR_RNDN);
            mpfr_sub(b, b, w, MPFR_RNDN);
            cr_assert(negligible(b), "%s: output moved by another amount",
                      json);
            exattn_row_free(ra);
            exattn_row_free(rb);
        }
        exattn_lesson_free(l);
        exattn_lesson_free(o);
    }
    mpfr_clears(a, b, w, (mpfr_ptr)0);
    gmp_randclear(st);
}

/* No decimal of a random lesson is undecided at the default cap, at any
 * number of digits from 0 to 200: "undecided" is for true ties, which a
 * named quantity (irrational) never is, and exact ones are rounded with
 * integers.  Every weight, contribution and output of every row. */
Test(props, no_decimal_is_undecided_by_default)
{
    gmp_randstate_t st;
    unsigned long t, count = th_iterations(200), asked = 0;
    gen_t g;
    size_t i, j, c;

    th_rand_init(st);
    for (t = 0; t < count; t++)
    {
        exattn_lesson *l;
        unsigned long digits = th_rand(st, 201);

        random_lesson(&g, st, 0);
        l = build(&g, NULL);
        for (i = 0; i < g.n; i++)
        {
            exattn_row *r;
            exattn_row_eval *ev;
            exattn_error_t err;
            char *s;
            static const exattn_kind_t kinds[] = { EXATTN_WEIGHT,
                EXATTN_CONTRIBUTION, EXATTN_OUTPUT };
            size_t k;

            cr_assert_eq(exattn_row_new(&r, l, i, &err), EXATTN_OK);
            cr_assert_eq(exattn_row_eval_new(&ev, r, NULL, &err), EXATTN_OK);
            for (k = 0; k < 3; k++)
                for (j = 0; j < (kinds[k] == EXATTN_OUTPUT ? 1 : g.m); j++)
                    for (c = 0; c < (kinds[k] == EXATTN_WEIGHT ? 1 : g.dv);
                         c++)
                    {
                        cr_assert_eq(exattn_row_eval_decimal(&s, NULL, ev,
                                         kinds[k], j, c, digits, 0, &err),
                                     EXATTN_OK, "%s (%lu digits): %s",
                                     build_json(&g), digits, err.message);
                        exattn_free(s);
                        asked++;
                    }
            exattn_row_eval_free(ev);
            exattn_row_free(r);
        }
        exattn_lesson_free(l);
    }
    cr_assert_gt(asked, count * 5);
    gmp_randclear(st);
}
