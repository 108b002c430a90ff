/* The dyadic head (src/row/dyadic.c) and the grading path built on it
 * (src/claims/grade_fast.c), against arithmetic of their own: every
 * weight and output of random dyadic heads computed here with MPFR at
 * 400 bits straight from the lesson's rationals must lie in the head's
 * enclosure, and grading the same floats the fast way and the exact way
 * must agree on every verdict, truth and display, with error intervals
 * that both hold the 400-bit error.  Heads that exercise each branch:
 * float-like rows, a causal mask and a negative scale, rows whose views
 * need GMP (entries 2^-90 beside 1), V columns of two words (binary64
 * floats; that 2^-90 entry) and rounded to 124 bits,
 * and rows the rule must decide (equal scores, one key, equal values),
 * which the head refuses. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <mpfr.h>
#include "internal.h"
#include "claims/grade.h"
#include "eval/decimal.h"
#include "grade/results.h"
#include "row/dyadic.h"
#include "row/dyadic_view.h"
#include "row/model.h"

#define HIGH 400

/* splitmix64: the same heads on every run */
static uint64_t
next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

typedef enum
{ FLOATS, DOUBLES, WIDE, TIES, CONSTANT, HALVES, NEAR, HUGE, CANCEL } kind;

/* A random entry p/2^e as the lesson writes it. */
static void
entry(exattn_sbuf *b, uint64_t *seed, kind k, size_t row, size_t col)
{
    long p;
    unsigned long e;
    mpz_t den;
    char *t;

    if (k == TIES)
    {
        exattn_sbuf__printf(b, "%d", (int)(next(seed) % 3) - 1);
        return;
    }
    if (k == NEAR)
    {
        /* Q = [1, 2^-80], K_j = [1, j]: scores 1 + j 2^-80, all of one
         * double, none equal */
        exattn_sbuf__printf(b, "\"%s\"", col == 0 ? "1"
                            : row % 2 ? "1/1208925819614629174706176"
                                      : "3");
        return;
    }
    if (k == HUGE && row == 0 && col == 0)
    {
        /* 2^-5000 beside entries near 1: scores of 5,000 bits, beyond
         * what the head holds -- row 1's query takes the exact path */
        mpz_init(den);
        mpz_ui_pow_ui(den, 2, 5000);
        t = mpz_get_str(NULL, 10, den);
        exattn_sbuf__printf(b, "\"1/%s\"", t);
        free(t);
        mpz_clear(den);
        return;
    }
    if (k == HALVES)
    {
        /* V entries near 2 written to 2^-132: a column spanning 134
         * bits, rounded to 124, whose dropped 10 bits are a half or more
         * (the rounding must go up: check_columns sees truncation) */
        mpz_t big, low;

        mpz_inits(big, low, (mpz_ptr)0);
        mpz_ui_pow_ui(big, 2, 133);
        mpz_set_ui(low, (unsigned long)(next(seed) >> 14));
        mpz_mul_2exp(low, low, 64);
        mpz_add_ui(low, low, (unsigned long)(next(seed) >> 2));
        mpz_mul_2exp(low, low, 10);
        mpz_add(big, big, low);
        mpz_add_ui(big, big, (512 + (unsigned long)(next(seed) % 512)) | 1);
        if (next(seed) & 1)
            mpz_neg(big, big);
        t = mpz_get_str(NULL, 10, big);
        mpz_ui_pow_ui(low, 2, 132);
        exattn_sbuf__printf(b, "\"%s/", t);
        free(t);
        t = mpz_get_str(NULL, 10, low);
        exattn_sbuf__printf(b, "%s\"", t);
        free(t);
        mpz_clears(big, low, (mpz_ptr)0);
        return;
    }
    if (k == DOUBLES)
    {
        /* binary64-like: 53-bit significands over sixteen binades, as
         * normal samples are, so a column spans up to 68 bits (two
         * words), and a row's view too */
        uint64_t sig = (next(seed) >> 11) | (1ULL << 52);

        mpz_init(den);
        mpz_ui_pow_ui(den, 2, 52 + (unsigned long)(next(seed) % 16));
        t = mpz_get_str(NULL, 10, den);
        exattn_sbuf__printf(b, "\"%s%llu/%s\"", next(seed) & 1 ? "-" : "",
                            (unsigned long long)sig, t);
        free(t);
        mpz_clear(den);
        return;
    }
    p = (long)(next(seed) % (1UL << 24)) - (1L << 23);
    e = 20 + (unsigned long)(next(seed) % 8);
    /* WIDE: the first entry of every other row 2^-90 of the others */
    if (k == WIDE && col == 0 && row % 2 == 0)
        e += 90;
    mpz_init(den);
    mpz_ui_pow_ui(den, 2, e);
    t = mpz_get_str(NULL, 10, den);
    exattn_sbuf__printf(b, "\"%ld/%s\"", p, t);
    free(t);
    mpz_clear(den);
}

/* CANCEL (d_k = 1): q_i = (i + 1) 2^-60 and k_j = j + 1, so the weights
 * are 1/m within 2^-50 and all distinct; v_j = (-1)^j (1 + r_j 2^-80),
 * two-word, so an output is a near-total cancellation of its terms and
 * its radius is mostly N's, not D's (a radius that forgets the high
 * word's 2^62 misses). */
static void
cancelling(exattn_sbuf *b, uint64_t *seed, const char *name, size_t row)
{
    mpz_t v;
    char *t;

    if (strcmp(name, "Q") == 0)
        exattn_sbuf__printf(b, "\"%zu/1152921504606846976\"", row + 1);
    else if (strcmp(name, "K") == 0)
        exattn_sbuf__printf(b, "%zu", row + 1);
    else
    {
        mpz_init(v);
        mpz_ui_pow_ui(v, 2, 80);
        mpz_add_ui(v, v, 1 + (unsigned long)(next(seed) % 4096));
        t = mpz_get_str(NULL, 10, v);
        exattn_sbuf__printf(b, "\"%s%s/1208925819614629174706176\"",
                            row % 2 ? "-" : "", t);
        free(t);
        mpz_clear(v);
    }
}

static void
matrix(exattn_sbuf *b, const char *name, size_t rows, size_t cols,
       uint64_t *seed, kind k)
{
    size_t r, c;

    exattn_sbuf__printf(b, "\"%s\": [", name);
    for (r = 0; r < rows; r++)
    {
        exattn_sbuf__printf(b, "%s[", r ? ", " : "");
        for (c = 0; c < cols; c++)
        {
            if (c)
                exattn_sbuf__puts(b, ", ");
            if (k == CONSTANT && strcmp(name, "V") == 0 && c == 0)
                exattn_sbuf__puts(b, "\"3/4\"");
            else if (k == HALVES)
                entry(b, seed, strcmp(name, "V") == 0 ? HALVES : FLOATS, r,
                      c);
            else if (k == NEAR && strcmp(name, "V") == 0)
                entry(b, seed, FLOATS, r, c);
            else if (k == NEAR && strcmp(name, "K") == 0)
                exattn_sbuf__printf(b, "%zu", c == 0 ? (size_t)1 : r + 1);
            else if (k == CANCEL)
                cancelling(b, seed, name, r);
            else if (k == HUGE && strcmp(name, "Q") != 0)
                entry(b, seed, FLOATS, r, c);
            else
                entry(b, seed, k, r, c);
        }
        exattn_sbuf__puts(b, "]");
    }
    exattn_sbuf__puts(b, "]");
}

typedef struct
{
    const char *mask;           /* NULL: none */
    const char *scale;          /* NULL: 1/sqrt(d_k) */
    size_t n, dk, dv;
    kind k;
    uint64_t seed;
} head;

static exattn_lesson *
lesson_of(const head *h)
{
    exattn_sbuf b;
    exattn_lesson *l = NULL;
    exattn_error_t err;
    uint64_t seed = h->seed;
    int rc;

    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, "{");
    matrix(&b, "Q", h->n, h->dk, &seed, h->k);
    exattn_sbuf__puts(&b, ", ");
    matrix(&b, "K", h->n, h->dk, &seed, h->k);
    exattn_sbuf__puts(&b, ", ");
    matrix(&b, "V", h->n, h->dv, &seed, h->k);
    if (h->mask)
        exattn_sbuf__printf(&b, ", \"mask\": %s", h->mask);
    if (h->scale)
        exattn_sbuf__printf(&b, ", \"scale\": \"%s\"", h->scale);
    exattn_sbuf__puts(&b, "}");
    memset(&err, 0, sizeof err);
    rc = exattn_lesson_read_buffer(&l, b.s, b.len, "head.json", NULL, &err);
    cr_assert_eq(rc, EXATTN_OK, "lesson: %s", err.message);
    exattn_sbuf__clear(&b);
    return l;
}

/* The weights (n x m) and outputs (n x d_v) of l at HIGH bits, from its
 * rationals and the scale as written. */
static void
reference(mpfr_t *w, mpfr_t *o, const exattn_lesson *l, const head *h)
{
    size_t i, j, r, c, n = l->n, m = l->m;
    mpfr_t *t = malloc(m * sizeof *t), c0, sum, best;
    mpq_t s, p;

    mpq_inits(s, p, (mpq_ptr)0);
    mpfr_inits2(HIGH, c0, sum, best, (mpfr_ptr)0);
    for (j = 0; j < m; j++)
        mpfr_init2(t[j], HIGH);
    if (h->scale == NULL)
    {
        mpfr_set_ui(c0, (unsigned long)l->dk, MPFR_RNDN);
        mpfr_rec_sqrt(c0, c0, MPFR_RNDN);
    }
    else
    {
        mpq_set_str(p, h->scale, 10);
        mpq_canonicalize(p);
        mpfr_set_q(c0, p, MPFR_RNDN);
    }
    for (i = 0; i < n; i++)
    {
        int any = 0;

        for (j = 0; j < m; j++)
        {
            mpq_set_ui(s, 0, 1);
            for (r = 0; r < l->dk; r++)
            {
                mpq_mul(p, EXATTN_AT(&l->q, i, r), EXATTN_AT(&l->k, j, r));
                mpq_add(s, s, p);
            }
            mpfr_set_q(t[j], s, MPFR_RNDN);
            mpfr_mul(t[j], t[j], c0, MPFR_RNDN);
            if (exattn_lesson_allowed(l, i, j)
                && (!any || mpfr_cmp(t[j], best) > 0))
                mpfr_set(best, t[j], MPFR_RNDN);
            any |= exattn_lesson_allowed(l, i, j);
        }
        mpfr_set_ui(sum, 0, MPFR_RNDN);
        for (j = 0; j < m; j++)
        {
            if (exattn_lesson_allowed(l, i, j))
            {
                mpfr_sub(t[j], t[j], best, MPFR_RNDN);
                mpfr_exp(t[j], t[j], MPFR_RNDN);
            }
            else
                mpfr_set_ui(t[j], 0, MPFR_RNDN);
            mpfr_add(sum, sum, t[j], MPFR_RNDN);
        }
        for (j = 0; j < m; j++)
            mpfr_div(w[i * m + j], t[j], sum, MPFR_RNDN);
        for (c = 0; c < l->dv; c++)
        {
            mpfr_set_ui(o[i * l->dv + c], 0, MPFR_RNDN);
            for (j = 0; j < m; j++)
            {
                mpfr_mul_q(best, w[i * m + j], EXATTN_AT(&l->v, j, c),
                           MPFR_RNDN);
                mpfr_add(o[i * l->dv + c], o[i * l->dv + c], best,
                         MPFR_RNDN);
            }
        }
    }
    for (j = 0; j < m; j++)
        mpfr_clear(t[j]);
    free(t);
    mpfr_clears(c0, sum, best, (mpfr_ptr)0);
    mpq_clears(s, p, (mpq_ptr)0);
}

/* A binary32 result near y: its rounding, or a float either side. */
static void
put_float(exattn_sbuf *b, const mpfr_t y, uint64_t *seed)
{
    mpfr_t f;
    char *t;
    int step = (int)(next(seed) % 3) - 1;

    mpfr_init2(f, 24);
    mpfr_set(f, y, MPFR_RNDN);
    if (!mpfr_zero_p(f) && step > 0)
        mpfr_nextabove(f);
    else if (!mpfr_zero_p(f) && step < 0)
        mpfr_nextbelow(f);
    mpfr_asprintf(&t, "%Ra", f);
    exattn_sbuf__printf(b, "\"%s\"", t);
    mpfr_free_str(t);
    mpfr_clear(f);
}

static void
put_matrix(exattn_sbuf *b, const char *name, mpfr_t *y, size_t rows,
           size_t cols, uint64_t *seed)
{
    size_t r, c;

    exattn_sbuf__printf(b, "\"%s\": [", name);
    for (r = 0; r < rows; r++)
    {
        exattn_sbuf__puts(b, r ? ", [" : "[");
        for (c = 0; c < cols; c++)
        {
            if (c)
                exattn_sbuf__puts(b, ", ");
            put_float(b, y[r * cols + c], seed);
        }
        exattn_sbuf__puts(b, "]");
    }
    exattn_sbuf__puts(b, "]");
}

/* One graded value, as the callback saw it. */
typedef struct
{
    int correctly_rounded, named, decimal_exact;
    char *truth, *decimal, *show;
    mpq_t lo, hi;
} seen;

typedef struct
{
    seen *v;
    size_t count;
} collector;

static char *
dup(const char *s)
{
    return s ? strdup(s) : NULL;
}

static int
collect(void *ctx, const exattn_result_set *s, size_t row, size_t col,
        const exattn_grade_entry *e, exattn_error_t *err)
{
    collector *c = ctx;
    seen *v = &c->v[c->count++];

    (void)s;
    (void)row;
    (void)col;
    (void)err;
    v->correctly_rounded = e->grade->correctly_rounded;
    v->named = e->named;
    v->decimal_exact = e->decimal_exact;
    v->truth = dup(e->truth);
    v->decimal = dup(e->decimal);
    v->show = dup(e->should_show);
    mpq_inits(v->lo, v->hi, (mpq_ptr)0);
    mpq_set(v->lo, e->grade->ulps_lo);
    mpq_set(v->hi, e->grade->ulps_hi);
    return EXATTN_OK;
}

static unsigned long
twelve(const mpq_t f, const exattn_float_format *fmt)
{
    (void)f;
    (void)fmt;
    return 12;
}

static void
grade_all(collector *c, const exattn_lesson *l, const exattn_results *res,
          int exact_only)
{
    exattn_grade_how how;
    exattn_error_t err;
    size_t k, total = 0;

    for (k = 0; k < res->count; k++)
        total += res->sets[k].rows * res->sets[k].cols;
    c->v = calloc(total, sizeof *c->v);
    c->count = 0;
    memset(&how, 0, sizeof how);
    how.fmt = res->format;
    how.digits = 3;
    how.truth_digits = twelve;
    how.exact_path_only = exact_only;
    for (k = 0; k < res->count; k++)
    {
        memset(&err, 0, sizeof err);
        cr_assert_eq(exattn_claims__grade_set(l, &res->sets[k], &how,
                                              "results.json", collect, c,
                                              &err), EXATTN_OK,
                     "grade: %s", err.message);
    }
    cr_assert_eq(c->count, total);
}

static void
collector_free(collector *c)
{
    size_t k;

    for (k = 0; k < c->count; k++)
    {
        free(c->v[k].truth);
        free(c->v[k].decimal);
        free(c->v[k].show);
        mpq_clears(c->v[k].lo, c->v[k].hi, (mpq_ptr)0);
    }
    free(c->v);
}

static int
same_text(const char *a, const char *b)
{
    return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

/* |f - y| / ulp(y) at HIGH bits lies in [lo, hi] (binary32, normal y),
 * give or take the reference's own rounding (2^-350 ulp: an exact error
 * is an interval of one point). */
static void
holds_error(const mpq_t lo, const mpq_t hi, const mpq_t f, const mpfr_t y,
            const char *what)
{
    mpfr_t e, u, a, b;

    if (mpfr_zero_p(y))
        return;
    mpfr_inits2(HIGH, e, u, a, b, (mpfr_ptr)0);
    mpfr_set_q(e, f, MPFR_RNDN);
    mpfr_sub(e, e, y, MPFR_RNDN);
    mpfr_abs(e, e, MPFR_RNDN);
    mpfr_set_ui_2exp(u, 1, mpfr_get_exp(y) - 24, MPFR_RNDN);
    mpfr_div(e, e, u, MPFR_RNDN);
    mpfr_set_q(a, lo, MPFR_RNDD);
    mpfr_set_q(b, hi, MPFR_RNDU);
    mpfr_set_ui_2exp(u, 1, -350, MPFR_RNDN);
    mpfr_sub(a, a, u, MPFR_RNDD);
    mpfr_add(b, b, u, MPFR_RNDU);
    cr_expect(mpfr_cmp(e, a) >= 0 && mpfr_cmp(e, b) <= 0,
              "%s: the error %.30g ulp outside [%.30g, %.30g]", what,
              mpfr_get_d(e, MPFR_RNDN), mpq_get_d(lo), mpq_get_d(hi));
    mpfr_clears(e, u, a, b, (mpfr_ptr)0);
}

/* Grade head h's weights and outputs both ways; returns the number of
 * rows the dyadic head evaluated. */
static size_t
compare(const head *h)
{
    exattn_lesson *l = lesson_of(h);
    size_t n = l->n, m = l->m, dv = l->dv, k, i, fast_rows = 0;
    mpfr_t *w = malloc(n * m * sizeof *w), *o = malloc(n * dv * sizeof *o);
    exattn_results *res = NULL;
    exattn_error_t err;
    exattn_dyadic *dh = NULL;
    collector fast, exact;
    exattn_sbuf b;
    uint64_t seed = h->seed ^ 0x5555;

    for (k = 0; k < n * m; k++)
        mpfr_init2(w[k], HIGH);
    for (k = 0; k < n * dv; k++)
        mpfr_init2(o[k], HIGH);
    reference(w, o, l, h);
    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, "{\"format\": \"binary32\", \"values\": {");
    put_matrix(&b, "weights", w, n, m, &seed);
    exattn_sbuf__puts(&b, ", ");
    put_matrix(&b, "output", o, n, dv, &seed);
    exattn_sbuf__puts(&b, "}}");
    memset(&err, 0, sizeof err);
    cr_assert_eq(exattn_results__read(&res, b.s, b.len, "results.json",
                                      1000000, &err), EXATTN_OK, "%s",
                 err.message);

    /* the head's enclosures hold the reference, and are narrow */
    cr_assert_eq(exattn_dyadic__new(&dh, l), EXATTN_OK);
    cr_assert_not_null(dh);
    for (i = 0; i < n; i++)
    {
        exattn_ball ball;
        int is_fast, blocked;

        cr_assert_eq(exattn_dyadic__row(dh, i, &is_fast), EXATTN_OK);
        if (!is_fast)
            continue;
        fast_rows++;
        exattn_ball__init(&ball, 192);
        for (k = 0; k < m + dv; k++)
        {
            mpfr_t *y = k < m ? &w[i * m + k] : &o[i * dv + k - m];
            mpfr_t d;

            if (k < m)
                exattn_dyadic__weight(&ball, dh, k, &blocked);
            else
                exattn_dyadic__output(&ball, dh, k - m);
            mpfr_init2(d, HIGH);
            mpfr_sub(d, *y, ball.mid, MPFR_RNDN);
            mpfr_abs(d, d, MPFR_RNDN);
            cr_expect(mpfr_cmp(d, ball.rad) <= 0,
                      "row %zu entry %zu: %.20g outside %.20g +- %g", i, k,
                      mpfr_get_d(*y, MPFR_RNDN),
                      mpfr_get_d(ball.mid, MPFR_RNDN),
                      mpfr_get_d(ball.rad, MPFR_RNDN));
            /* 2^-100 of the value, one word or two; of a column rounded
             * to 124 bits, 2^-110 absolute (its entries reach 2^2: the
             * rounding, 2^-124 of the largest, is the bound), and so of
             * an output that cancels (terms near 1/8: 2^-126 of each) */
            if (!mpfr_zero_p(ball.mid))
                cr_expect(mpfr_get_exp(ball.rad)
                              < mpfr_get_exp(ball.mid) - 100
                              || ((h->k == HALVES || h->k == CANCEL) && k >= m
                                  && mpfr_cmp_d(ball.rad, 0x1p-110) <= 0),
                          "row %zu entry %zu: radius %g", i, k,
                          mpfr_get_d(ball.rad, MPFR_RNDN));
            mpfr_clear(d);
        }
        exattn_ball__clear(&ball);
    }
    exattn_dyadic__free(dh);

    /* both paths, value by value */
    grade_all(&fast, l, res, 0);
    grade_all(&exact, l, res, 1);
    for (k = 0; k < fast.count; k++)
    {
        seen *a = &fast.v[k], *e = &exact.v[k];
        const exattn_result_set *s = &res->sets[k < n * m ? 0 : 1];
        size_t at = k < n * m ? k : k - n * m;
        mpfr_t *y = k < n * m ? &w[at] : &o[at];
        mpq_t f;

        cr_expect_eq(a->correctly_rounded, e->correctly_rounded,
                     "value %zu: correctly rounded %d / %d", k,
                     a->correctly_rounded, e->correctly_rounded);
        cr_expect_eq(a->named, e->named, "value %zu: named", k);
        cr_expect(same_text(a->truth, e->truth), "value %zu: truth %s / %s",
                  k, a->truth, e->truth);
        cr_expect(same_text(a->decimal, e->decimal),
                  "value %zu: decimal %s / %s", k, a->decimal, e->decimal);
        cr_expect_eq(a->decimal_exact, e->decimal_exact, "value %zu", k);
        cr_expect(same_text(a->show, e->show), "value %zu: shows %s / %s",
                  k, a->show, e->show);
        mpq_init(f);
        exattn_results__value(f, s, at);
        holds_error(a->lo, a->hi, f, *y, "fast");
        holds_error(e->lo, e->hi, f, *y, "exact");
        mpq_clear(f);
    }
    collector_free(&fast);
    collector_free(&exact);
    exattn_results__free(res);
    exattn_sbuf__clear(&b);
    for (k = 0; k < n * m; k++)
        mpfr_clear(w[k]);
    for (k = 0; k < n * dv; k++)
        mpfr_clear(o[k]);
    free(w);
    free(o);
    exattn_lesson_free(l);
    return fast_rows;
}

Test(dyadic, float_like_rows_are_enclosed_and_graded_as_the_exact_path)
{
    const head h = { NULL, NULL, 10, 6, 5, FLOATS, 1 };

    cr_expect_eq(compare(&h), 10, "every row of a float head is fast");
}

Test(dyadic, a_causal_mask_and_a_negative_scale)
{
    const head h = { "\"causal\"", "-1/3", 9, 4, 3, FLOATS, 2 };

    /* the first row has one key: the rule's */
    cr_expect_eq(compare(&h), 8);
}

Test(dyadic, binary64_like_heads_are_fast_with_two_word_value_columns)
{
    const head h = { "\"causal\"", NULL, 9, 5, 4, DOUBLES, 12 };

    /* the first row has one key: the rule's */
    cr_expect_eq(compare(&h), 8);
}

Test(dyadic, outputs_that_cancel_keep_a_two_word_radius)
{
    const head h = { NULL, NULL, 8, 1, 2, CANCEL, 13 };

    cr_expect_eq(compare(&h), 8);
}

/* V's column view entry by entry: exact in one word or two, and to
 * nearest (within half a unit: truncating is off by more) when a column
 * spans more than 124 bits; two-word columns where it spans over 62. */
static void
check_columns(const head *h, int expect_two, int expect_rounded)
{
    exattn_lesson *l = lesson_of(h);
    exattn_dcols cv;
    size_t r, c;
    int two = 0, rounded = 0;
    mpq_t x, half;

    cr_assert_eq(exattn_dcols__new(&cv, &l->v), 1);
    mpq_inits(x, half, (mpq_ptr)0);
    for (c = 0; c < cv.cols; c++)
    {
        two |= cv.two[c];
        rounded |= cv.rounded[c];
        for (r = 0; r < cv.rows; r++)
        {
            size_t at = r * cv.cols + c;
            mpz_t z;

            mpz_init_set_si(z, (long)cv.w[at]);
            if (cv.two[c])
            {
                mpz_mul_2exp(z, z, EXATTN_DVIEW_NARROW_BITS);
                cr_assert(cv.lo[at] == 0 || (cv.lo[at] < 0) == (cv.w[at] < 0)
                          || cv.w[at] == 0);
                if (cv.lo[at] >= 0)
                    mpz_add_ui(z, z, (unsigned long)cv.lo[at]);
                else
                    mpz_sub_ui(z, z, (unsigned long)-cv.lo[at]);
            }
            mpq_set_z(x, z);
            if (cv.exp[c] >= 0)
                mpq_mul_2exp(x, x, (mp_bitcnt_t)cv.exp[c]);
            else
                mpq_div_2exp(x, x, (mp_bitcnt_t)-cv.exp[c]);
            mpq_sub(x, x, EXATTN_AT_I(&l->v, at));
            mpq_abs(x, x);
            /* half a unit: 2^(exp - 1) */
            mpq_set_ui(half, 1, 1);
            if (cv.exp[c] - 1 >= 0)
                mpq_mul_2exp(half, half, (mp_bitcnt_t)(cv.exp[c] - 1));
            else
                mpq_div_2exp(half, half, (mp_bitcnt_t)(1 - cv.exp[c]));
            if (cv.rounded[c])
                cr_expect(mpq_cmp(x, half) <= 0, "V[%zu][%zu] off by more "
                          "than half a unit", r, c);
            else
                cr_expect(mpq_sgn(x) == 0, "V[%zu][%zu] not exact", r, c);
            mpz_clear(z);
        }
    }
    cr_expect_eq(two, expect_two, "kind %d: two-word %d", h->k, two);
    cr_expect_eq(rounded, expect_rounded, "kind %d: rounded %d", h->k,
                 rounded);
    mpq_clears(x, half, (mpq_ptr)0);
    exattn_dcols__clear(&cv);
    exattn_lesson_free(l);
}

Test(dyadic, value_columns_exact_in_two_words_and_rounded_beyond)
{
    const head floats = { NULL, NULL, 10, 6, 5, FLOATS, 1 };
    const head doubles = { NULL, NULL, 9, 5, 4, DOUBLES, 12 };
    const head wide = { NULL, NULL, 8, 5, 4, WIDE, 3 };
    const head halves = { NULL, NULL, 8, 4, 3, HALVES, 9 };

    check_columns(&floats, 0, 0);
    check_columns(&doubles, 1, 0);
    check_columns(&wide, 1, 0);
    check_columns(&halves, 1, 1);
}

Test(dyadic, views_beyond_62_bits_and_two_word_value_columns)
{
    const head h = { NULL, "1/8", 8, 5, 4, WIDE, 3 };

    cr_expect_eq(compare(&h), 8);
}

Test(dyadic, value_columns_rounded_up_from_half_or_more)
{
    const head h = { NULL, NULL, 8, 4, 3, HALVES, 9 };

    cr_expect_eq(compare(&h), 8);
}

Test(dyadic, scores_apart_by_2_to_the_minus_80)
{
    /* the odd rows' queries see scores one double wide; the even rows'
     * (Q = [1, 3]) are integers */
    const head h = { NULL, NULL, 10, 2, 3, NEAR, 10 };

    cr_expect_eq(compare(&h), 10);
}

Test(dyadic, a_score_of_5000_bits_takes_the_exact_path)
{
    const head h = { NULL, NULL, 6, 3, 2, HUGE, 11 };

    cr_expect_eq(compare(&h), 5);
}

Test(dyadic, rows_with_equal_scores_take_the_exact_path)
{
    /* scores of -1, 0, 1 entries over 2 columns: every row has ties */
    const head h = { NULL, NULL, 7, 2, 2, TIES, 4 };

    cr_expect_eq(compare(&h), 0);
}

Test(dyadic, a_column_of_equal_values_takes_the_exact_path)
{
    const head h = { NULL, NULL, 6, 3, 3, CONSTANT, 5 };

    cr_expect_eq(compare(&h), 0);
}

/* The derivation's rows (src/row/row.c) of a dyadic head whose int64
 * views do not fit score each key from the rows' own views: the same
 * exact scores, order and decisions as the rational path's. */
static void
same_rows(const head *h)
{
    exattn_lesson *l = lesson_of(h);
    exattn_ints *iv = NULL;
    exattn_error_t err;
    size_t i, j, c;

    cr_assert_eq(exattn_ints__new(&iv, l), EXATTN_OK);
    cr_assert_null(iv->q, "the head's int64 views fit: no test");
    cr_assert_not_null(iv->rows_q);
    for (i = 0; i < l->n; i++)
    {
        exattn_row *a = NULL, *b = NULL;

        memset(&err, 0, sizeof err);
        cr_assert_eq(exattn_row__new_in(&a, l, i, iv, &err), EXATTN_OK);
        cr_assert_eq(exattn_row__new_in(&b, l, i, NULL, &err), EXATTN_OK);
        for (j = 0; j < l->m; j++)
        {
            cr_expect(mpq_equal(a->score[j], b->score[j]),
                      "row %zu key %zu", i, j);
            cr_expect(mpq_equal(a->coef[j], b->coef[j]));
        }
        for (j = 0; j < a->allowed_count; j++)
            cr_expect_eq(a->order[j], b->order[j]);
        cr_expect_eq(a->group_count, b->group_count);
        cr_expect_eq(a->weights_exact, b->weights_exact);
        for (c = 0; c < l->dv; c++)
            cr_expect_eq(a->out_exact[c], b->out_exact[c]);
        exattn_row_free(a);
        exattn_row_free(b);
    }
    exattn_ints__free(iv);
    exattn_lesson_free(l);
}

Test(dyadic, derivation_rows_score_float_heads_on_integers)
{
    const head floats = { "\"causal\"", NULL, 9, 6, 3, FLOATS, 7 };
    const head wide = { NULL, "-1/8", 8, 5, 4, WIDE, 8 };

    same_rows(&floats);
    same_rows(&wide);
}
