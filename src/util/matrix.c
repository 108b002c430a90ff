/* Matrices of exact rationals, row-major, owned by their struct. */
#include <stdlib.h>
#include "internal.h"

void
exattn_matrix__init(exattn_matrix *m)
{
    m->rows = 0;
    m->cols = 0;
    m->a = NULL;
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

void
exattn_matrix__clear(exattn_matrix *m)
{
    size_t i;

    if (m->a != NULL)
        for (i = 0; i < m->rows * m->cols; i++)
            mpq_clear(m->a[i]);
    free(m->a);
    exattn_matrix__init(m);
}

int
exattn_matrix__copy(exattn_matrix *dst, const exattn_matrix *src)
{
    size_t i;
    int rc = exattn_matrix__alloc(dst, src->rows, src->cols);

    if (rc != EXATTN_OK)
        return rc;
    for (i = 0; i < src->rows * src->cols; i++)
        mpq_set(dst->a[i], src->a[i]);
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
                mpq_add(EXATTN_AT(out, r, c), EXATTN_AT(out, r, c), prod);
            }
    mpq_clear(prod);
    return EXATTN_OK;
}
