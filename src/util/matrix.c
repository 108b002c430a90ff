/* Exact matrices, row-major, owned by their struct: rationals, or
 * 64-bit integers when every entry is one (internal.h says how to read
 * and write them). */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

void
exattn_matrix__init(exattn_matrix *m)
{
    m->rows = 0;
    m->cols = 0;
    m->a = NULL;
    m->ints = NULL;
}

int
exattn_matrix__alloc(exattn_matrix *m, size_t rows, size_t cols)
{
    size_t i, count;

    exattn_matrix__clear(m);
    if (cols != 0 && rows > (size_t)-1 / sizeof(mpq_t) / cols)
        return EXATTN_ENOMEM;
    count = rows * cols;
    if (count > 0)
    {
        m->a = malloc(count * sizeof *m->a);
        if (m->a == NULL)
            return EXATTN_ENOMEM;
        for (i = 0; i < count; i++)
            mpq_init(m->a[i]);
    }
    m->rows = rows;
    m->cols = cols;
    return EXATTN_OK;
}

int
exattn_matrix__alloc_ints(exattn_matrix *m, size_t rows, size_t cols)
{
    size_t count;

    exattn_matrix__clear(m);
    if (cols != 0 && rows > (size_t)-1 / sizeof(int64_t) / cols)
        return EXATTN_ENOMEM;
    count = rows * cols;
    if (count > 0 && (m->ints = calloc(count, sizeof *m->ints)) == NULL)
        return EXATTN_ENOMEM;
    m->rows = rows;
    m->cols = cols;
    return EXATTN_OK;
}

void
exattn_matrix__clear(exattn_matrix *m)
{
    size_t i;

    if (m->a != NULL)
        for (i = 0; i < m->rows * m->cols; i++)
            mpq_clear(m->a[i]);
    free(m->a);
    free(m->ints);
    exattn_matrix__init(m);
}

int
exattn_matrix__copy(exattn_matrix *dst, const exattn_matrix *src)
{
    size_t i, count = src->rows * src->cols;
    int rc = src->ints != NULL
        ? exattn_matrix__alloc_ints(dst, src->rows, src->cols)
        : exattn_matrix__alloc(dst, src->rows, src->cols);

    if (rc != EXATTN_OK)
        return rc;
    if (src->ints != NULL)
        memcpy(dst->ints, src->ints, count * sizeof *dst->ints);
    else
        for (i = 0; i < count; i++)
            mpq_set(dst->a[i], src->a[i]);
    return EXATTN_OK;
}

/* v's magnitude on the view's limbs, whatever a limb's width. */
static mpq_srcptr
int_view(exattn_qview *view, int64_t v)
{
    uint64_t mag = v < 0 ? -(uint64_t)v : (uint64_t)v;
    mp_size_t n = 0;

    for (; mag != 0; mag = GMP_NUMB_BITS < 64 ? mag >> (GMP_NUMB_BITS % 64)
                                                : 0)
        view->num[n++] = (mp_limb_t)mag;
    view->one = 1;
    mpz_roinit_n(mpq_numref(view->q), view->num, v < 0 ? -n : n);
    mpz_roinit_n(mpq_denref(view->q), &view->one, 1);
    return view->q;
}

mpq_srcptr
exattn_matrix__get(const exattn_matrix *m, size_t i, exattn_qview *view)
{
    return m->ints != NULL ? int_view(view, m->ints[i]) : m->a[i];
}

void
exattn_doc_matrix_entry(mpq_t out, const exattn_doc_matrix *m, size_t r,
                        size_t c)
{
    mpq_set(out, EXATTN_AT(m, r, c));
}

int
exattn_matrix__rationals(exattn_matrix *m)
{
    exattn_matrix q;
    size_t i, count = m->rows * m->cols;
    int rc;

    if (m->ints == NULL)
        return EXATTN_OK;
    exattn_matrix__init(&q);
    if ((rc = exattn_matrix__alloc(&q, m->rows, m->cols)) != EXATTN_OK)
        return rc;
    for (i = 0; i < count; i++)
        exattn_num__set_int64(mpq_numref(q.a[i]), m->ints[i]);
    exattn_matrix__clear(m);
    *m = q;
    return EXATTN_OK;
}

int
exattn_matrix__mul(exattn_matrix *out, const exattn_matrix *a,
                   const exattn_matrix *b)
{
    size_t r, c, t;
    mpq_t prod;
    int rc = exattn_matrix__alloc(out, a->rows, b->cols);

    if (rc != EXATTN_OK)
        return rc;
    mpq_init(prod);
    for (r = 0; r < a->rows; r++)
        for (c = 0; c < b->cols; c++)
            for (t = 0; t < a->cols; t++)
            {
                mpq_mul(prod, EXATTN_AT(a, r, t), EXATTN_AT(b, t, c));
                mpq_add(EXATTN_ENTRY(out, r, c), EXATTN_ENTRY(out, r, c),
                        prod);
            }
    mpq_clear(prod);
    return EXATTN_OK;
}
