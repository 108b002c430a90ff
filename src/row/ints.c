/* Integer views of a lesson's Q, K and V, built once per lesson by the
 * printers: each matrix as D·M with D the lcm of its denominators and
 * D·M an int64 matrix.  A real head (n = 4096, d = 64) spends its time in
 * n·m·d_k products that GMP would do one allocation at a time; on the
 * views they are machine integers, exact because the bounds below are
 * checked: |q'|·|k'|·d_k < 2^62 for the dot products, |v'|·m < 2^40 and
 * m < 2^20 for V's group sums (whose cross products, src/row/rule.c, stay
 * below 2^60; they pass to GMP as longs, so only where long has 64 bits;
 * the views pass through src/num/int64.c, right for any long).
 * Decimal lessons (0.25, 1e-3) qualify as well as integer ones.
 * Otherwise a view is NULL and rows use the rationals. */
#include <limits.h>
#include <stdlib.h>
#include "row/model.h"

/* D: the lcm of the matrix's denominators; max: the largest |D·entry|. */
static void
scale_of(mpz_t d, mpz_t max, const exattn_matrix *m)
{
    size_t i, count = m->rows * m->cols;
    mpz_t t;

    mpz_set_ui(d, 1);
    mpz_set_ui(max, 0);
    for (i = 0; i < count; i++)
        mpz_lcm(d, d, mpq_denref(EXATTN_AT_I(m, i)));
    mpz_init(t);
    for (i = 0; i < count; i++)
    {
        mpq_srcptr e = EXATTN_AT_I(m, i);

        mpz_divexact(t, d, mpq_denref(e));
        mpz_mul(t, t, mpq_numref(e));
        if (mpz_cmpabs(t, max) > 0)
            mpz_abs(max, t);
    }
    mpz_clear(t);
}

/* D·M as int64_t (every entry was checked to fit); NULL when out of
 * memory. */
static int64_t *
int_matrix(const exattn_matrix *m, const mpz_t d)
{
    size_t i, count = m->rows * m->cols;
    int64_t *out = malloc((count ? count : 1) * sizeof *out);
    mpz_t t;

    if (out == NULL)
        return NULL;
    mpz_init(t);
    for (i = 0; i < count; i++)
    {
        mpq_srcptr e = EXATTN_AT_I(m, i);

        mpz_divexact(t, d, mpq_denref(e));
        mpz_mul(t, t, mpq_numref(e));
        out[i] = exattn_num__get_int64(t);
    }
    mpz_clear(t);
    return out;
}

/* Is a·b·n below 2^bits? */
static int
product_below(const mpz_t a, const mpz_t b, size_t n, unsigned bits)
{
    mpz_t t;
    int ok;

    mpz_init(t);
    mpz_mul(t, a, b);
    mpz_mul_ui(t, t, (unsigned long)n);
    ok = mpz_sizeinbase(t, 2) <= bits || mpz_sgn(t) == 0;
    mpz_clear(t);
    return ok;
}

/* Every entry below 2^62, and every dot product too. */
static int
dots_fit(const mpz_t mq, const mpz_t mk, size_t dk)
{
    return mpz_sizeinbase(mq, 2) <= 62 && mpz_sizeinbase(mk, 2) <= 62
           && product_below(mq, mk, dk, 62);
}

/* Row views of Q and K when both are dyadic (NULL otherwise). */
static int
row_views(exattn_ints *iv, const exattn_lesson *l)
{
    int q, k = 0;

    iv->rows_q = calloc(1, sizeof *iv->rows_q);
    iv->rows_k = calloc(1, sizeof *iv->rows_k);
    if (iv->rows_q == NULL || iv->rows_k == NULL)
    {
        free(iv->rows_q);
        free(iv->rows_k);
        iv->rows_q = iv->rows_k = NULL;
        return EXATTN_ENOMEM;
    }
    q = exattn_dview__rows(iv->rows_q, &l->q);
    if (q == 1)
        k = exattn_dview__rows(iv->rows_k, &l->k);
    if (q == 1 && k == 1)
        return EXATTN_OK;
    if (q == 1)
        exattn_dview__clear(iv->rows_q);
    free(iv->rows_q);
    free(iv->rows_k);
    iv->rows_q = iv->rows_k = NULL;
    return q < 0 || k < 0 ? EXATTN_ENOMEM : EXATTN_OK;
}

static int
views(exattn_ints *iv, const exattn_lesson *l)
{
    mpz_t dq, dk, mq, mk, mv, one;
    int rc = EXATTN_OK;

    mpz_inits(dq, dk, mq, mk, mv, one, (mpz_ptr)0);
    mpz_set_ui(one, 1);
    scale_of(dq, mq, &l->q);
    scale_of(dk, mk, &l->k);
    if (dots_fit(mq, mk, l->dk))
    {
        mpz_mul(iv->den_qk, dq, dk);
        iv->q = int_matrix(&l->q, dq);
        iv->k = iv->q ? int_matrix(&l->k, dk) : NULL;
        rc = iv->q && iv->k ? EXATTN_OK : EXATTN_ENOMEM;
    }
    else
        rc = row_views(iv, l);
    scale_of(iv->den_v, mv, &l->v);
    if (rc == EXATTN_OK && l->m < ((size_t)1 << 20)
        && LONG_MAX >= INT64_MAX && product_below(mv, one, l->m, 40))
    {
        iv->v = int_matrix(&l->v, iv->den_v);
        rc = iv->v ? EXATTN_OK : EXATTN_ENOMEM;
    }
    mpz_clears(dq, dk, mq, mk, mv, one, (mpz_ptr)0);
    return rc;
}

int
exattn_ints__new(exattn_ints **out, const exattn_lesson *l)
{
    exattn_ints *iv = calloc(1, sizeof *iv);

    *out = iv;
    if (iv == NULL)
        return EXATTN_ENOMEM;
    mpz_init(iv->den_qk);
    mpz_init(iv->den_v);
    if (views(iv, l) != EXATTN_OK)
    {
        exattn_ints__free(iv);
        *out = NULL;
        return EXATTN_ENOMEM;
    }
    return EXATTN_OK;
}

void
exattn_ints__free(exattn_ints *iv)
{
    if (iv == NULL)
        return;
    free(iv->q);
    free(iv->k);
    free(iv->v);
    if (iv->rows_q != NULL)
        exattn_dview__clear(iv->rows_q);
    if (iv->rows_k != NULL)
        exattn_dview__clear(iv->rows_k);
    free(iv->rows_q);
    free(iv->rows_k);
    mpz_clear(iv->den_qk);
    mpz_clear(iv->den_v);
    free(iv);
}
