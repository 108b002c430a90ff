/* The report of `exattn grade` as a document: a GRADE section whose
 * entries are a results file's floats, each graded against the lesson's
 * exact value (src/claims/grade.c) and handed to the sink as it is; each
 * quantity's summary and the totals at its end.  Every decision -- the
 * error's certified digits, correctly rounded or not, over the bound or
 * not, a display right or wrong -- is made here; the writers print. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "derive/report.h"
#include "lesson/model.h"
#include "claims/grade.h"
#include "eval/decimal.h"

/* The most values a results file may hold (its reader's limit). */
#define MAX_VALUES ((size_t)1 << 26)
/* Errors are summed for a mean in units of 2^-SUM_BITS ULP, each end
 * rounded outward: exact sums of integers, however many values. */
#define SUM_BITS 40
/* An error's interval is written to at most this many decimals (its
 * width is at most 2^-24 ULP, so both ends agree well before). */
#define MAX_ULP_DECIMALS 12

/* One path's running summary. */
typedef struct
{
    size_t values, correctly_rounded, wrong_displays, over;
    mpz_t sum_lo, sum_hi;
    mpq_t max_lo, max_hi;
    mpq_t worst_hi;             /* the worst entry's upper bound */
    char *worst;
    unsigned long worst_line, worst_column;
} tally;

typedef struct
{
    exattn_walk *w;
    const exattn_lesson *lesson;
    const exattn_grade_options_t *opts;
    const exattn_float_format *fmt;
    int bounded;
    mpq_t bound;
    tally *path, all;
    exattn_grade_summary_t *sum;
} grading;

static void
tally_init(tally *t)
{
    memset(t, 0, sizeof *t);
    mpz_inits(t->sum_lo, t->sum_hi, (mpz_ptr)0);
    mpq_inits(t->max_lo, t->max_hi, t->worst_hi, (mpq_ptr)0);
}

static void
tally_clear(tally *t)
{
    mpz_clears(t->sum_lo, t->sum_hi, (mpz_ptr)0);
    mpq_clears(t->max_lo, t->max_hi, t->worst_hi, (mpq_ptr)0);
    free(t->worst);
}

/* floor(q * 2^SUM_BITS), or its ceiling with up. */
static void
scaled_sum(mpz_t acc, const mpq_t q, int up)
{
    mpz_t t;

    mpz_init(t);
    mpz_mul_2exp(t, mpq_numref(q), SUM_BITS);
    if (up)
        mpz_cdiv_q(t, t, mpq_denref(q));
    else
        mpz_fdiv_q(t, t, mpq_denref(q));
    mpz_add(acc, acc, t);
    mpz_clear(t);
}

/* ---- certified ULP figures ---------------------------------------------- */

/* q (>= 0) to d decimals rounded down (up) as a string. */
static char *
directed(const mpq_t q, unsigned long d, int up)
{
    mpz_t r, p;
    char *s;

    mpz_inits(r, p, (mpz_ptr)0);
    mpz_ui_pow_ui(p, 10, d);
    mpz_mul(r, mpq_numref(q), p);
    if (up)
        mpz_cdiv_q(r, r, mpq_denref(q));
    else
        mpz_fdiv_q(r, r, mpq_denref(q));
    s = exattn_decimal__format(r, d);
    mpz_clears(r, p, (mpz_ptr)0);
    return s;
}

/* Does the figure `a` (d decimals) say the same as the bound would
 * at d decimals, so that "1.00 ulp, over 1 ulp" would read as a
 * contradiction?  Never for an error that is the bound exactly written
 * out in full. */
static int
reads_as_bound(const char *a, unsigned long d, const mpq_t lo,
               const mpq_t hi, const mpq_t *bound)
{
    char *k;
    int same, exact = 0;

    if (bound == NULL)
        return 0;
    if (mpq_equal(lo, hi) && mpq_equal(lo, *bound))
    {
        free(exattn_decimal__of_q(lo, d, &exact));
        if (exact)
            return 0;           /* the bound itself, written in full */
    }
    if ((k = exattn_decimal__of_q(*bound, d, &exact)) == NULL)
        return 0;
    same = strcmp(a, k) == 0;
    free(k);
    return same;
}

/* The figures of an error known in [lo, hi]: the fewest decimals (two
 * at least) at which both ends round alike -- and, with a bound, differ
 * from the bound's rounding, or are the error exactly --, and the ends
 * to nine decimals, rounded outward.  EXATTN_ENOMEM, or EXATTN_OK. */
static int
ulps_figures(exattn_doc_ulps *u, const mpq_t lo, const mpq_t hi,
             const mpq_t *bound)
{
    unsigned long d;
    char *a = NULL, *b = NULL;
    int exact;

    memset(u, 0, sizeof *u);
    u->exact = mpq_equal(lo, hi);
    for (d = 2; d <= MAX_ULP_DECIMALS; d++)
    {
        a = exattn_decimal__of_q(lo, d, &exact);
        b = exattn_decimal__of_q(hi, d, &exact);
        if (a == NULL || b == NULL
            || (strcmp(a, b) == 0 && !reads_as_bound(a, d, lo, hi, bound)))
            break;
        free(a);
        free(b);
        a = b = NULL;
    }
    if (a != NULL && b != NULL && strcmp(a, b) == 0)
        u->text = a;
    else
        free(a);
    free(b);
    u->lo = directed(lo, 9, 0);
    u->hi = directed(hi, 9, 1);
    if (u->text == NULL)
    {
        /* not decided at MAX_ULP_DECIMALS: the interval itself */
        exattn_sbuf s;

        exattn_sbuf__init(&s);
        exattn_sbuf__printf(&s, "[%s, %s]", u->lo ? u->lo : "",
                            u->hi ? u->hi : "");
        u->text = exattn_sbuf__take(&s);
    }
    return u->text && u->lo && u->hi ? EXATTN_OK : EXATTN_ENOMEM;
}

static void
ulps_free(exattn_doc_ulps *u)
{
    free((char *)u->text);
    free((char *)u->lo);
    free((char *)u->hi);
    memset(u, 0, sizeof *u);
}

/* ---- naming an entry ---------------------------------------------------- */

/* Does the path's quantity run over keys (scores, scaled, weights), so
 * that its vector's entries are named by key labels? */
static int
over_keys(const char *path)
{
    const char *dot = strrchr(path, '.'), *word = dot ? dot + 1 : path;
    size_t n = strcspn(word, "[");

    return (n == 7 && strncmp(word, "weights", 7) == 0)
           || (n == 6 && strncmp(word, "scores", 6) == 0)
           || (n == 6 && strncmp(word, "scaled", 6) == 0);
}

/* "weights[rises][grid]": the entry (row, col) of set s names. */
static char *
entry_name(const exattn_lesson *l, const exattn_result_set *s, size_t row,
           size_t col)
{
    exattn_sbuf b;
    int whole = strchr(s->path, '[') == NULL && s->dims == 2;
    int keys = over_keys(s->path)
               && (whole || strchr(strchr(s->path, '[') + 1, '[') == NULL);

    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, s->path);
    /* a whole matrix's rows: a key's (K, V, memory), a projection's
     * index (W_Q, W_K, W_V), else a query's */
    if (whole && (strcmp(s->path, "K") == 0 || strcmp(s->path, "V") == 0
                  || strcmp(s->path, "memory") == 0) && row < l->m)
        exattn_sbuf__printf(&b, "[%s]", l->key_labels[row]);
    else if (whole && strncmp(s->path, "W_", 2) == 0)
        exattn_sbuf__printf(&b, "[%zu]", row + 1);
    else if (whole && row < l->n)
        exattn_sbuf__printf(&b, "[%s]", l->query_labels[row]);
    if (s->dims > 0)
    {
        if (keys && col < l->m)
            exattn_sbuf__printf(&b, "[%s]", l->key_labels[col]);
        else
            exattn_sbuf__printf(&b, "[%zu]", col + 1);
    }
    return exattn_sbuf__take(&b);
}

/* ---- one value ---------------------------------------------------------- */

/* The decimals a truth is shown with: the format's significant digits
 * and three more, after the leading zeros of a small value. */
static unsigned long
truth_digits(const mpq_t f, const exattn_float_format *fmt)
{
    /* precision * log10(2), rounded up, and three more */
    unsigned long d = (unsigned long)fmt->precision * 30103UL / 100000UL + 4;
    long e;

    if (mpq_sgn(f) != 0 && (e = exattn_float__floor_log2(f)) < 0)
        d += (unsigned long)(-e) * 30103UL / 100000UL + 1;
    return d;
}

/* 1 above the bound, 0 within it, -1 not decided. */
static int
against_bound(const grading *g, const exattn_grade *gr)
{
    if (!g->bounded)
        return 0;
    if (mpq_cmp(gr->ulps_lo, g->bound) > 0)
        return 1;
    if (mpq_cmp(gr->ulps_hi, g->bound) <= 0)
        return 0;
    return -1;
}

static void
count(tally *t, const exattn_doc_grade *d, const exattn_grade *gr)
{
    t->values++;
    t->correctly_rounded += d->correctly_rounded != 0;
    t->wrong_displays += d->shown != NULL && !d->display_right;
    t->over += d->over == 1;
    scaled_sum(t->sum_lo, gr->ulps_lo, 0);
    scaled_sum(t->sum_hi, gr->ulps_hi, 1);
    /* the worst entry: a later one replaces it only when its error is
     * proved larger (equal errors -- 2w's and w's -- known by overlapping
     * intervals keep the first) */
    if (t->values == 1 || mpq_cmp(gr->ulps_lo, t->worst_hi) > 0)
    {
        char *w = exattn_str__dup(d->entry);

        if (w != NULL)
        {
            free(t->worst);
            t->worst = w;
        }
        t->worst_line = d->line;
        t->worst_column = d->column;
        mpq_set(t->worst_hi, gr->ulps_hi);
    }
    if (t->values == 1 || mpq_cmp(gr->ulps_lo, t->max_lo) > 0)
        mpq_set(t->max_lo, gr->ulps_lo);
    if (t->values == 1 || mpq_cmp(gr->ulps_hi, t->max_hi) > 0)
        mpq_set(t->max_hi, gr->ulps_hi);
}

/* Is the value worth a line of a report of failures? */
static int
flagged(const exattn_doc_grade *d)
{
    return !d->correctly_rounded || d->over != 0
           || (d->shown != NULL && !d->display_right);
}

static int
graded(void *ctx, const exattn_result_set *s, size_t row, size_t col,
       const exattn_grade_entry *e, exattn_error_t *err)
{
    grading *g = ctx;
    const exattn_grade *gr = e->grade;
    size_t k = row * s->cols + col;
    exattn_doc_grade d;
    char *entry, *shown = NULL, written[EXATTN_RESULTS_TEXT_MAX];
    int rc = EXATTN_OK;
    mpq_t f;

    memset(&d, 0, sizeof d);
    d.path = s->path;
    d.row = row;
    d.col = col;
    d.line = exattn_results__line(s, k);
    d.column = exattn_results__column(s, k);
    d.written = exattn_results__text(s, k, written);
    d.named = e->named;
    d.correctly_rounded = gr->correctly_rounded;
    d.over = against_bound(g, gr);
    d.max_ulp = g->bounded ? g->opts->max_ulp : NULL;
    d.truth = e->truth;
    d.truth_decimal = e->decimal;
    d.truth_decimal_exact = e->decimal_exact;
    entry = entry_name(g->lesson, s, row, col);
    if (e->should_show != NULL)
    {
        /* the float's display against the truth's certified rounding */
        mpq_init(f);
        exattn_results__value(f, s, k);
        shown = exattn_mpq_get_decimal(f, g->opts->digits);
        mpq_clear(f);
        d.shown = shown;
        d.should_show = e->should_show;
        d.display_right = shown != NULL && strcmp(shown, e->should_show) == 0;
    }
    d.entry = entry;
    if (entry == NULL || (e->should_show != NULL && shown == NULL)
        || ulps_figures(&d.error, gr->ulps_lo, gr->ulps_hi,
                        g->bounded ? (const mpq_t *)&g->bound : NULL)
               != EXATTN_OK)
        rc = exattn_error__set(err, EXATTN_ENOMEM, "grade", 0, 0,
                               "out of memory");
    if (rc == EXATTN_OK)
    {
        count(g->path, &d, gr);
        count(&g->all, &d, gr);
        g->sum->undecided += d.over == -1;
        if (!(g->opts->report & EXATTN_REPORT_FAILURES) || flagged(&d))
            rc = exattn_report__grade_entry(g->w, &d);
    }
    ulps_free(&d.error);
    free(entry);
    free(shown);
    return rc;
}

/* ---- the summary -------------------------------------------------------- */

static int
summed(exattn_doc_grade_quantity *q, const tally *t, const char *path,
       const mpq_t *bound)
{
    mpq_t lo, hi;
    int rc;

    memset(q, 0, sizeof *q);
    q->path = path;
    q->values = t->values;
    q->correctly_rounded = t->correctly_rounded;
    q->wrong_displays = t->wrong_displays;
    q->over = t->over;
    q->worst = t->worst;
    q->worst_line = t->worst_line;
    q->worst_column = t->worst_column;
    if (t->values == 0)
        return EXATTN_OK;
    mpq_inits(lo, hi, (mpq_ptr)0);
    mpq_set_z(lo, t->sum_lo);
    mpq_set_z(hi, t->sum_hi);
    mpz_mul_ui(mpq_denref(lo), mpq_denref(lo), (unsigned long)t->values);
    mpz_mul_2exp(mpq_denref(lo), mpq_denref(lo), SUM_BITS);
    mpz_mul_ui(mpq_denref(hi), mpq_denref(hi), (unsigned long)t->values);
    mpz_mul_2exp(mpq_denref(hi), mpq_denref(hi), SUM_BITS);
    mpq_canonicalize(lo);
    mpq_canonicalize(hi);
    rc = ulps_figures(&q->mean, lo, hi, NULL);
    if (rc == EXATTN_OK)
        rc = ulps_figures(&q->max, t->max_lo, t->max_hi, bound);
    mpq_clears(lo, hi, (mpq_ptr)0);
    return rc;
}

static int
grade_end(grading *g, exattn_doc_section *s, tally *tallies,
          const exattn_results *res)
{
    exattn_doc_grade_quantity *qs;
    exattn_doc_grade_summary sum;
    size_t k;
    int rc = EXATTN_OK;

    if ((qs = calloc(res->count ? res->count : 1, sizeof *qs)) == NULL)
        return exattn_error__set(g->w->err, EXATTN_ENOMEM, "grade", 0, 0,
                                 "out of memory");
    memset(&sum, 0, sizeof sum);
    for (k = 0; k < res->count && rc == EXATTN_OK; k++)
        rc = summed(&qs[k], &tallies[k], res->sets[k].path,
                    g->bounded ? (const mpq_t *)&g->bound : NULL);
    if (rc == EXATTN_OK)
        rc = summed(&sum.all, &g->all, NULL,
                    g->bounded ? (const mpq_t *)&g->bound : NULL);
    sum.format = res->format->name;
    sum.variant = g->opts->variant;
    sum.max_ulp = g->bounded ? g->opts->max_ulp : NULL;
    sum.digits = g->opts->digits;
    sum.quantity_count = res->count;
    sum.quantities = qs;
    sum.counts = g->sum;
    g->sum->values = g->all.values;
    g->sum->correctly_rounded = g->all.correctly_rounded;
    g->sum->wrong_displays = g->all.wrong_displays;
    g->sum->over = g->all.over;
    if (rc == EXATTN_OK)
    {
        s->grade_summary = &sum;
        rc = exattn_walk__end(g->w, s);
    }
    else
        rc = exattn_error__set(g->w->err, EXATTN_ENOMEM, "grade", 0, 0,
                               "out of memory");
    for (k = 0; k < res->count; k++)
    {
        ulps_free(&qs[k].mean);
        ulps_free(&qs[k].max);
    }
    ulps_free(&sum.all.mean);
    ulps_free(&sum.all.max);
    free(qs);
    return rc;
}

/* A variant asked for must be one of the lesson's. */
static int
known_variant(const exattn_lesson *l, const char *name, exattn_error_t *err)
{
    exattn_sbuf names;
    size_t k;

    if (name == NULL)
        return EXATTN_OK;
    for (k = 0; k < l->variant_count; k++)
        if (strcmp(l->variants[k]->name, name) == 0)
            return EXATTN_OK;
    exattn_sbuf__init(&names);
    for (k = 0; k < l->variant_count; k++)
        exattn_sbuf__printf(&names, "%s\"%s\"", k ? ", " : "",
                            l->variants[k]->name);
    exattn_error__set(err, EXATTN_EFIELD, l->file, 0, 0,
                      "no variant \"%.60s\" (%s%s)", name,
                      l->variant_count ? "variants: " : "the lesson has none",
                      names.s ? names.s : "");
    exattn_sbuf__clear(&names);
    return EXATTN_EFIELD;
}

static int
read_bound(grading *g, exattn_error_t *err)
{
    const char *t = g->opts->max_ulp;

    if (t == NULL)
        return EXATTN_OK;
    if (exattn_mpq_set_text(g->bound, t, strlen(t), NULL) != EXATTN_OK
        || mpq_sgn(g->bound) < 0)
        return exattn_error__set(err, EXATTN_EINVAL, "grade", 0, 0,
                                 "max-ulp \"%.40s\": not a number of ULPs "
                                 "(0 or more: 5, 0.5, 1/2)", t);
    g->bounded = 1;
    return EXATTN_OK;
}

int
exattn_derive_grade(const exattn_doc_sink *sink, void *ctx,
                    exattn_grade_summary_t *summary,
                    const exattn_lesson *l, const char *file,
                    const char *results, size_t len,
                    const exattn_grade_options_t *opts, exattn_error_t *err)
{
    static const exattn_grade_options_t defaults = EXATTN_GRADE_OPTIONS_INIT;
    exattn_grade_summary_t sum;
    exattn_results *res = NULL;
    exattn_doc_section s;
    exattn_walk w;
    grading g;
    tally *tallies = NULL;
    size_t k;
    int rc;

    memset(&sum, 0, sizeof sum);
    if (sink == NULL || l == NULL || results == NULL)
        return exattn_error__set(err, EXATTN_EINVAL, NULL, 0, 0,
                                 "exattn_derive_grade: no %s",
                                 sink ? l ? "results" : "lesson" : "sink");
    memset(&g, 0, sizeof g);
    g.opts = opts ? opts : &defaults;
    g.lesson = l;
    g.sum = &sum;
    mpq_init(g.bound);
    tally_init(&g.all);
    rc = read_bound(&g, err);
    if (rc == EXATTN_OK && g.opts->digits != EXATTN_DIGITS_NONE
        && g.opts->digits > EXATTN_MAX_DIGITS)
        rc = exattn_error__set(err, EXATTN_EINVAL, "grade", 0, 0,
                               "digits %lu: at most %lu", g.opts->digits,
                               EXATTN_MAX_DIGITS);
    if (rc == EXATTN_OK)
        rc = known_variant(l, g.opts->variant, err);
    if (rc == EXATTN_OK)
        rc = exattn_results__read(&res, results, len, file, MAX_VALUES, err);
    if (rc == EXATTN_OK
        && (tallies = calloc(res->count, sizeof *tallies)) == NULL)
        rc = exattn_error__set(err, EXATTN_ENOMEM, file, 0, 0,
                               "out of memory");
    for (k = 0; tallies != NULL && k < res->count; k++)
        tally_init(&tallies[k]);
    if (rc == EXATTN_OK)
    {
        g.fmt = res->format;
        exattn_report__walk(&w, sink, ctx, err);
        g.w = &w;
        exattn_report__section(&w, &s, EXATTN_SECTION_GRADE, l, file);
        rc = exattn_walk__begin(&w, &s);
    }
    for (k = 0; rc == EXATTN_OK && k < res->count; k++)
    {
        exattn_grade_how how;

        memset(&how, 0, sizeof how);
        how.variant = g.opts->variant;
        how.fmt = g.fmt;
        how.max_prec = g.opts->max_prec;
        how.digits = g.opts->digits;
        how.truth_digits = truth_digits;
        g.path = &tallies[k];
        rc = exattn_claims__grade_set(l, &res->sets[k], &how, file, graded,
                                      &g, err);
    }
    if (rc == EXATTN_OK)
        rc = grade_end(&g, &s, tallies, res);
    for (k = 0; tallies != NULL && k < res->count; k++)
        tally_clear(&tallies[k]);
    free(tallies);
    tally_clear(&g.all);
    mpq_clear(g.bound);
    exattn_results__free(res);
    if (summary)
        *summary = sum;
    return rc;
}
