/* Integer views of dyadic matrices (dyadic_view.h).  An entry p/2^k is
 * o * 2^x with o odd (x = trailing zeros of p - k); a row's view scales
 * every entry by 2^-e, e the row's least x, so that its integers are as
 * short as the row allows: a row of binary32 floats of similar size is
 * 24 bits and their spread, whatever its exponents. */
#include <stdlib.h>
#include <string.h>
#include "row/dyadic_view.h"

/* q = sign * o * 2^x, o odd (o = |q|'s odd part); 0 when q is not
 * dyadic, 1 when it is, -2 when q is 0. */
static int
split(mpz_t o, long *x, const mpq_t q)
{
    const mpz_srcptr den = mpq_denref(q);
    size_t k = mpz_sizeinbase(den, 2) - 1;
    mp_bitcnt_t tz;

    if (mpz_sgn(mpq_numref(q)) == 0)
        return -2;
    if (mpz_scan1(den, 0) != k)
        return 0;
    tz = mpz_scan1(mpq_numref(q), 0);
    mpz_abs(o, mpq_numref(q));
    mpz_tdiv_q_2exp(o, o, tz);
    *x = (long)tz - (long)k;
    return 1;
}

/* The least x and the largest x + bits(o) of m's entries from `first`,
 * `step` apart (a row or a column); 0 when one is not dyadic.  An all-zero run
 * has lo = hi = 0. */
static int
span(long *lo, long *hi, const exattn_matrix *m, size_t first, size_t count,
     size_t step, mpz_t o)
{
    size_t i;
    long x;
    int any = 0, s;

    *lo = *hi = 0;
    for (i = 0; i < count; i++)
    {
        if ((s = split(o, &x, EXATTN_AT_I(m, first + i * step))) == 0)
            return 0;
        if (s < 0)
            continue;
        if (!any || x < *lo)
            *lo = x;
        if (!any || x + (long)mpz_sizeinbase(o, 2) > *hi)
            *hi = x + (long)mpz_sizeinbase(o, 2);
        any = 1;
    }
    return 1;
}

/* entry * 2^-e (an integer when x >= e), rounded to nearest otherwise;
 * into z. */
static void
scaled(mpz_t z, const mpq_t q, long e, mpz_t o)
{
    long x;
    int s = split(o, &x, q);

    if (s < 0)
    {
        mpz_set_ui(z, 0);
        return;
    }
    if (x >= e)
        mpz_mul_2exp(z, o, (mp_bitcnt_t)(x - e));
    else
    {
        /* o / 2^(e-x) to nearest (o > 0): the quotient, plus one when
         * the first bit shifted out is set -- off by at most 2^(e-x-1) */
        mpz_fdiv_q_2exp(z, o, (mp_bitcnt_t)(e - x));
        if (mpz_tstbit(o, (mp_bitcnt_t)(e - x - 1)))
            mpz_add_ui(z, z, 1);
    }
    if (mpz_sgn(mpq_numref(q)) < 0)
        mpz_neg(z, z);
}

void
exattn_dview__clear(exattn_dview *v)
{
    size_t r, c;

    for (r = 0; v->wide != NULL && r < v->rows; r++)
        if (v->wide[r] != NULL)
        {
            for (c = 0; c < v->cols; c++)
                mpz_clear(v->wide[r][c]);
            free(v->wide[r]);
        }
    free(v->wide);
    free(v->a);
    free(v->exp);
    free(v->bits);
    memset(v, 0, sizeof *v);
}

static int
wide_row(exattn_dview *v, const exattn_matrix *m, size_t r, mpz_t o)
{
    size_t c;

    if ((v->wide[r] = malloc(m->cols * sizeof *v->wide[r])) == NULL)
        return -1;
    for (c = 0; c < m->cols; c++)
    {
        mpz_init(v->wide[r][c]);
        scaled(v->wide[r][c], EXATTN_AT(m, r, c), v->exp[r], o);
    }
    return 1;
}

int
exattn_dview__rows(exattn_dview *v, const exattn_matrix *m)
{
    size_t r, c, count = m->rows * m->cols;
    long lo, hi;
    mpz_t o, z;
    int rc = 1;

    memset(v, 0, sizeof *v);
    v->rows = m->rows;
    v->cols = m->cols;
    v->a = calloc(count ? count : 1, sizeof *v->a);
    v->exp = calloc(m->rows ? m->rows : 1, sizeof *v->exp);
    v->bits = calloc(m->rows ? m->rows : 1, sizeof *v->bits);
    v->wide = calloc(m->rows ? m->rows : 1, sizeof *v->wide);
    if (!v->a || !v->exp || !v->bits || !v->wide)
    {
        exattn_dview__clear(v);
        return -1;
    }
    mpz_inits(o, z, (mpz_ptr)0);
    for (r = 0; rc == 1 && r < m->rows; r++)
    {
        if (!span(&lo, &hi, m, r * m->cols, m->cols, 1, o))
        {
            rc = 0;
            break;
        }
        v->exp[r] = lo;
        v->bits[r] = (unsigned long)(hi - lo);
        if (v->bits[r] > EXATTN_DVIEW_NARROW_BITS)
        {
            rc = wide_row(v, m, r, o);
            continue;
        }
        for (c = 0; c < m->cols; c++)
        {
            scaled(z, EXATTN_AT(m, r, c), lo, o);
            v->a[r * m->cols + c] = exattn_num__get_int64(z);
        }
    }
    mpz_clears(o, z, (mpz_ptr)0);
    if (rc != 1)
        exattn_dview__clear(v);
    return rc;
}

void
exattn_dview__get_z(mpz_t z, const exattn_dview *v, size_t r, size_t c)
{
    if (v->wide[r] != NULL)
        mpz_set(z, v->wide[r][c]);
    else
        exattn_num__set_int64(z, v->a[r * v->cols + c]);
}

unsigned long
exattn_dview__bits_of(size_t n)
{
    unsigned long b = 0;

    while (b < 64 && ((size_t)1 << b) <= n)
        b++;
    return b;
}

#ifdef EXATTN_HAVE_INT128
/* z = x, a signed 128-bit integer */
void
exattn_dview__z_of_i128(mpz_t z, exattn_i128 x)
{
    exattn_u128 u = x < 0 ? -(exattn_u128)x : (exattn_u128)x;
    uint64_t w[2] = { (uint64_t)u, (uint64_t)(u >> 64) };

    mpz_import(z, 2, -1, sizeof w[0], 0, 0, w);
    if (x < 0)
        mpz_neg(z, z);
}
#endif

void
exattn_dview__dot(mpz_t z, const exattn_dview *q, size_t i,
                  const exattn_dview *k, size_t j)
{
    size_t r, n = q->cols;
    mpz_t a, b;

#ifdef EXATTN_HAVE_INT128
    /* |sum| < n 2^(bq + bk) <= 2^126: no partial sum overflows */
    if (q->wide[i] == NULL && k->wide[j] == NULL
        && q->bits[i] + k->bits[j] + exattn_dview__bits_of(n) <= 126)
    {
        const int64_t *x = &q->a[i * n], *y = &k->a[j * n];
        exattn_i128 sum = 0;

        for (r = 0; r < n; r++)
            sum += (exattn_i128)x[r] * y[r];
        exattn_dview__z_of_i128(z, sum);
        return;
    }
#endif
    mpz_inits(a, b, (mpz_ptr)0);
    mpz_set_ui(z, 0);
    for (r = 0; r < n; r++)
    {
        exattn_dview__get_z(a, q, i, r);
        exattn_dview__get_z(b, k, j, r);
        mpz_addmul(z, a, b);
    }
    mpz_clears(a, b, (mpz_ptr)0);
}

#ifdef EXATTN_HAVE_INT128
void
exattn_dcols__clear(exattn_dcols *c)
{
    free(c->w);
    free(c->lo);
    free(c->exp);
    free(c->two);
    free(c->rounded);
    free(c->abs_sum);
    free(c->abs_lo);
    memset(c, 0, sizeof *c);
}

/* |x| as an unsigned 128-bit integer. */
static exattn_u128
magnitude(int64_t x)
{
    return x < 0 ? -(exattn_u128)x : (exattn_u128)x;
}

/* Column c: exact at its least x when its entries span at most 62 bits
 * (one word) or 124 (two words), else at 2^(top - 124), the entries below
 * rounded to nearest: then |v| <= 2^124 (an entry just below 2^top rounds
 * up to it).  A two-word v splits as w 2^62 + lo, w = v / 2^62 truncated
 * toward 0. */
static int
column(exattn_dcols *cv, const exattn_matrix *m, size_t c, mpz_t o, mpz_t z)
{
    size_t r;
    long lo, hi, e;

    if (!span(&lo, &hi, m, c, m->rows, m->cols, o))
        return 0;
    cv->two[c] = hi - lo > EXATTN_DVIEW_NARROW_BITS;
    e = hi - lo <= EXATTN_DCOLS_WIDE_BITS ? lo
                                          : hi - EXATTN_DCOLS_WIDE_BITS;
    cv->exp[c] = e;
    cv->rounded[c] = e != lo;
    cv->abs_sum[c] = cv->abs_lo[c] = 0;
    for (r = 0; r < m->rows; r++)
    {
        size_t at = r * m->cols + c;

        scaled(z, EXATTN_AT_I(m, at), e, o);
        if (cv->two[c])
        {
            mpz_tdiv_r_2exp(o, z, EXATTN_DVIEW_NARROW_BITS);
            cv->lo[at] = exattn_num__get_int64(o);
            mpz_tdiv_q_2exp(z, z, EXATTN_DVIEW_NARROW_BITS);
            cv->abs_lo[c] += magnitude(cv->lo[at]);
        }
        cv->w[at] = exattn_num__get_int64(z);
        cv->abs_sum[c] += magnitude(cv->w[at]);
    }
    return 1;
}

/* Does some column of m span more than one word?  (Its two-word view
 * needs the lo plane.)  0 also when an entry is not dyadic: column()
 * finds it. */
static int
some_column_wide(const exattn_matrix *m, mpz_t o)
{
    size_t c;
    long lo, hi;

    for (c = 0; c < m->cols; c++)
        if (span(&lo, &hi, m, c, m->rows, m->cols, o)
            && hi - lo > EXATTN_DVIEW_NARROW_BITS)
            return 1;
    return 0;
}

int
exattn_dcols__new(exattn_dcols *cv, const exattn_matrix *m)
{
    size_t c, count = m->rows * m->cols, k = m->cols ? m->cols : 1;
    mpz_t o, z;
    int rc = 1, wide;

    memset(cv, 0, sizeof *cv);
    cv->rows = m->rows;
    cv->cols = m->cols;
    mpz_inits(o, z, (mpz_ptr)0);
    wide = some_column_wide(m, o);
    cv->w = malloc((count ? count : 1) * sizeof *cv->w);
    cv->lo = wide ? calloc(count ? count : 1, sizeof *cv->lo) : NULL;
    cv->exp = malloc(k * sizeof *cv->exp);
    cv->two = malloc(k);
    cv->rounded = malloc(k);
    cv->abs_sum = malloc(k * sizeof *cv->abs_sum);
    cv->abs_lo = malloc(k * sizeof *cv->abs_lo);
    if (!cv->w || (wide && !cv->lo) || !cv->exp || !cv->two || !cv->rounded
        || !cv->abs_sum || !cv->abs_lo)
        rc = -1;
    for (c = 0; rc == 1 && c < m->cols; c++)
        rc = column(cv, m, c, o, z);
    mpz_clears(o, z, (mpz_ptr)0);
    if (rc != 1)
        exattn_dcols__clear(cv);
    return rc;
}
#endif
