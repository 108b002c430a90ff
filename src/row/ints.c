/* Integer views of a lesson's Q, K and V, built once per lesson by the
 * printers.  When every entry of Q and K is an integer of magnitude at
 * most 2^20, a dot product of d_k < 2^22 terms is below 2^62 and is
 * computed exactly on machine integers; likewise V's sums over the keys
 * of a row (m < 2^20; sums pass to GMP as longs, so only where long has
 * 64 bits).  A real head (n = 4096, d = 64) spends its time
 * there: n·m·d_k products that GMP would do one allocation at a time.
 * Otherwise a view is NULL and rows use the rationals. */
#include <limits.h>
#include <stdlib.h>
#include "internal.h"

#define INTS_MAX_ENTRY (1L << 20)
#define INTS_MAX_TERMS ((size_t)1 << 22)

/* The matrix as int64_t, or NULL (nothing allocated) when an entry is
 * not a small integer.  *oom set when the allocation failed. */
static int64_t *
int_matrix(const exattn_matrix *m, int *oom)
{
    size_t i, count = m->rows * m->cols;
    int64_t *out;

    for (i = 0; i < count; i++)
        if (mpz_cmp_ui(mpq_denref(m->a[i]), 1) != 0
            || mpz_cmpabs_ui(mpq_numref(m->a[i]),
                             (unsigned long)INTS_MAX_ENTRY) > 0)
            return NULL;
    out = malloc((count ? count : 1) * sizeof *out);
    if (out == NULL)
    {
        *oom = 1;
        return NULL;
    }
    for (i = 0; i < count; i++)
        out[i] = mpz_get_si(mpq_numref(m->a[i]));
    return out;
}

int
exattn_ints__new(exattn_ints **out, const exattn_lesson *l)
{
    exattn_ints *iv = calloc(1, sizeof *iv);
    int oom = 0;

    *out = iv;
    if (iv == NULL)
        return EXATTN_ENOMEM;
    if (l->dk < INTS_MAX_TERMS)
    {
        iv->q = int_matrix(&l->q, &oom);
        iv->k = iv->q ? int_matrix(&l->k, &oom) : NULL;
    }
    /* group sums below 2^40 and sizes below 2^20: their cross products
     * (src/row/rule.c) stay below 2^60 */
    if (l->m < ((size_t)1 << 20) && LONG_MAX >= INT64_MAX)
        iv->v = int_matrix(&l->v, &oom);
    if (oom)
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
    free(iv);
}
