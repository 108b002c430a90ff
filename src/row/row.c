/* One query row derived exactly: raw scores, scaled-score coefficients,
 * and the exact-or-named decisions of src/row/rule.c.
 *
 * Scores are stored once per distinct value.  With integer views of Q and
 * K (src/row/ints.c) the m dot products are machine integers, sorted by
 * counting when their range is small (a real head's is: a few hundred
 * values) and by qsort otherwise; the sorted order gives the distinct
 * values and, restricted to the allowed keys, the order of the groups.
 * Without them every key has its own rational and the allowed keys are
 * sorted by coefficient. */
#include <stdlib.h>
#include "row/model.h"

static void
free_classes(exattn_row *row)
{
    size_t c;

    if (row->class_score)
        for (c = 0; c < row->class_count; c++)
        {
            mpq_clear(row->class_score[c]);
            mpq_clear(row->class_coef[c]);
        }
    free(row->class_score);
    free(row->class_coef);
}

static void
free_groups(exattn_row *row, size_t dv)
{
    size_t k;

    if (row->group_sum)
        for (k = 0; k < row->group_count * dv; k++)
            mpq_clear(row->group_sum[k]);
    free(row->group_sum);
    free(row->group_isum);
    free(row->group_key);
    free(row->group_size);
}

void
exattn_row_free(exattn_row *row)
{
    size_t c;

    if (row == NULL)
        return;
    free_classes(row);
    free_groups(row, row->lesson->dv);
    if (row->out_value)
        for (c = 0; c < row->lesson->dv; c++)
            mpq_clear(row->out_value[c]);
    free(row->out_value);
    free(row->out_exact);
    free(row->score);
    free(row->coef);
    free(row->group);
    free(row->order);
    mpq_clear(row->weight);
    free(row);
}

static int
row_alloc(exattn_row *row, size_t m, size_t dv)
{
    size_t c;

    row->score = malloc(m * sizeof *row->score);
    row->coef = malloc(m * sizeof *row->coef);
    row->group = malloc(m * sizeof *row->group);
    row->order = malloc(m * sizeof *row->order);
    row->out_value = malloc((dv ? dv : 1) * sizeof *row->out_value);
    row->out_exact = malloc(dv ? dv : 1);
    if (!row->score || !row->coef || !row->group || !row->order
        || !row->out_value || !row->out_exact)
    {
        free(row->out_value);
        row->out_value = NULL;
        return EXATTN_ENOMEM;
    }
    for (c = 0; c < dv; c++)
        mpq_init(row->out_value[c]);
    return EXATTN_OK;
}

static int
classes_alloc(exattn_row *row, size_t count)
{
    size_t c;

    row->class_score = malloc((count ? count : 1)
                              * sizeof *row->class_score);
    row->class_coef = malloc((count ? count : 1) * sizeof *row->class_coef);
    if (row->class_score == NULL || row->class_coef == NULL)
    {
        free(row->class_score);
        free(row->class_coef);
        row->class_score = row->class_coef = NULL;
        return EXATTN_ENOMEM;
    }
    for (c = 0; c < count; c++)
    {
        mpq_init(row->class_score[c]);
        mpq_init(row->class_coef[c]);
    }
    row->class_count = count;
    return EXATTN_OK;
}

/* ---- rational scores: one class per key -------------------------------- */

typedef struct
{
    mpq_srcptr coef;
    size_t key;
} keyed;

static int
by_coef(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    int c = mpq_cmp(x->coef, y->coef);

    if (c != 0)
        return c;
    return x->key < y->key ? -1 : x->key > y->key;
}

/* The allowed keys in increasing coefficient, ties by key. */
static int
order_by_coef(exattn_row *row)
{
    const exattn_lesson *l = row->lesson;
    keyed *tmp = malloc((row->allowed_count ? row->allowed_count : 1)
                        * sizeof *tmp);
    size_t j, k = 0;

    if (tmp == NULL)
        return EXATTN_ENOMEM;
    for (j = 0; j < l->m; j++)
        if (row->allowed[j])
        {
            tmp[k].coef = row->coef[j];
            tmp[k++].key = j;
        }
    qsort(tmp, k, sizeof *tmp, by_coef);
    for (j = 0; j < k; j++)
        row->order[j] = tmp[j].key;
    free(tmp);
    return EXATTN_OK;
}

static int
rational_scores(exattn_row *row)
{
    const exattn_lesson *l = row->lesson;
    size_t j, c;
    mpq_t prod;

    if (classes_alloc(row, l->m) != EXATTN_OK)
        return EXATTN_ENOMEM;
    mpq_init(prod);
    for (j = 0; j < l->m; j++)
    {
        for (c = 0; c < l->dk; c++)
        {
            mpq_mul(prod, EXATTN_AT(&l->q, row->index, c),
                    EXATTN_AT(&l->k, j, c));
            mpq_add(row->class_score[j], row->class_score[j], prod);
        }
        mpq_mul(row->class_coef[j], row->class_score[j], l->scale_coef);
        row->score[j] = row->class_score[j];
        row->coef[j] = row->class_coef[j];
    }
    mpq_clear(prod);
    return order_by_coef(row);
}

/* Scores of a dyadic head whose common denominator is too large for
 * int64 views (a float head): each an exact integer dot product of the
 * two rows' own views (exattn_dview__dot), times a power of two -- one
 * class per key, as the rational path, for d_k integer multiply-adds
 * instead of d_k rational ones. */
static int
dyadic_scores(exattn_row *row, const exattn_ints *iv)
{
    const exattn_lesson *l = row->lesson;
    size_t j;
    long e;
    mpz_t z;

    if (classes_alloc(row, l->m) != EXATTN_OK)
        return EXATTN_ENOMEM;
    mpz_init(z);
    for (j = 0; j < l->m; j++)
    {
        exattn_dview__dot(z, iv->rows_q, row->index, iv->rows_k, j);
        e = iv->rows_q->exp[row->index] + iv->rows_k->exp[j];
        mpq_set_z(row->class_score[j], z);
        if (e >= 0)
            mpq_mul_2exp(row->class_score[j], row->class_score[j],
                         (mp_bitcnt_t)e);
        else
            mpq_div_2exp(row->class_score[j], row->class_score[j],
                         (mp_bitcnt_t)-e);
        mpq_mul(row->class_coef[j], row->class_score[j], l->scale_coef);
        row->score[j] = row->class_score[j];
        row->coef[j] = row->class_coef[j];
    }
    mpz_clear(z);
    return order_by_coef(row);
}

/* ---- integer scores ---------------------------------------------------- */

typedef struct
{
    int64_t s;
    size_t key;
} ikeyed;

static int
by_score(const void *a, const void *b)
{
    const ikeyed *x = a, *y = b;

    if (x->s != y->s)
        return x->s < y->s ? -1 : 1;
    return x->key < y->key ? -1 : x->key > y->key;
}

/* Sort by score, ties by key: counting sort over a small range (stable,
 * so keys stay in order), qsort otherwise. */
static int
sort_scores(ikeyed *a, size_t m, int64_t lo, int64_t hi)
{
    uint64_t range = (uint64_t)(hi - lo) + 1;
    size_t *start, j;
    ikeyed *tmp;

    if (range > 4 * (uint64_t)m + 1024)
    {
        qsort(a, m, sizeof *a, by_score);
        return EXATTN_OK;
    }
    start = calloc((size_t)range + 1, sizeof *start);
    tmp = malloc(m * sizeof *tmp);
    if (start == NULL || tmp == NULL)
    {
        free(start);
        free(tmp);
        return EXATTN_ENOMEM;
    }
    for (j = 0; j < m; j++)
        start[a[j].s - lo + 1]++;
    for (j = 1; j <= range; j++)
        start[j] += start[j - 1];
    for (j = 0; j < m; j++)
        tmp[start[a[j].s - lo]++] = a[j];
    for (j = 0; j < m; j++)
        a[j] = tmp[j];
    free(start);
    free(tmp);
    return EXATTN_OK;
}

/* Classes from the sorted scores: one rational per distinct value, the
 * integer q'.k' over the views' common denominator. */
static int
classes_from_sorted(exattn_row *row, const ikeyed *a, mpz_srcptr den)
{
    const exattn_lesson *l = row->lesson;
    size_t j, count = 0, c = 0;

    for (j = 0; j < l->m; j++)
        count += j == 0 || a[j].s != a[j - 1].s;
    if (classes_alloc(row, count) != EXATTN_OK)
        return EXATTN_ENOMEM;
    for (j = 0; j < l->m; j++)
    {
        if (j > 0 && a[j].s != a[j - 1].s)
            c++;
        if (j == 0 || a[j].s != a[j - 1].s)
        {
            exattn_num__set_int64(mpq_numref(row->class_score[c]), a[j].s);
            mpz_set_ui(mpq_denref(row->class_score[c]), 1);
            if (mpz_cmp_ui(den, 1) != 0)
            {
                mpz_set(mpq_denref(row->class_score[c]), den);
                mpq_canonicalize(row->class_score[c]);
            }
            mpq_mul(row->class_coef[c], row->class_score[c],
                    l->scale_coef);
        }
        row->score[a[j].key] = row->class_score[c];
        row->coef[a[j].key] = row->class_coef[c];
    }
    return EXATTN_OK;
}

/* Runs of equal scores in order[0..k) back to increasing keys. */
static void
reverse_runs(exattn_row *row, size_t k)
{
    size_t j, e, x, y, t;

    for (j = 0; j < k; j = e + 1)
    {
        for (e = j; e + 1 < k && row->score[row->order[e + 1]]
                                     == row->score[row->order[j]]; e++)
            ;
        for (x = j, y = e; x < y; x++, y--)
        {
            t = row->order[x];
            row->order[x] = row->order[y];
            row->order[y] = t;
        }
    }
}

/* The allowed keys in increasing coefficient (score times the scale),
 * ties by key: the sorted order for a positive scale, reversed for a
 * negative one, key order for a zero one (every coefficient is 0). */
static void
order_from_sorted(exattn_row *row, const ikeyed *a)
{
    const exattn_lesson *l = row->lesson;
    int sign = mpq_sgn(l->scale_coef);
    size_t j, k = 0;

    if (sign > 0)
        for (j = 0; j < l->m; j++)
            if (row->allowed[a[j].key])
                row->order[k++] = a[j].key;
    if (sign < 0)
    {
        for (j = l->m; j-- > 0;)
            if (row->allowed[a[j].key])
                row->order[k++] = a[j].key;
        reverse_runs(row, k);
    }
    if (sign == 0)
        for (j = 0; j < l->m; j++)
            if (row->allowed[j])
                row->order[k++] = j;
}

static int
integer_scores(exattn_row *row, const exattn_ints *iv)
{
    const exattn_lesson *l = row->lesson;
    const int64_t *q = iv->q + row->index * l->dk, *k;
    ikeyed *a = malloc(l->m * sizeof *a);
    size_t j, c;
    int64_t s, lo = 0, hi = 0;
    int rc;

    if (a == NULL)
        return EXATTN_ENOMEM;
    for (j = 0; j < l->m; j++)
    {
        k = iv->k + j * l->dk;
        for (s = 0, c = 0; c < l->dk; c++)
            s += q[c] * k[c];
        a[j].s = s;
        a[j].key = j;
        lo = j == 0 || s < lo ? s : lo;
        hi = j == 0 || s > hi ? s : hi;
    }
    rc = sort_scores(a, l->m, lo, hi);
    if (rc == EXATTN_OK)
        rc = classes_from_sorted(row, a, iv->den_qk);
    if (rc == EXATTN_OK)
        order_from_sorted(row, a);
    free(a);
    return rc;
}

/* ---- the row ----------------------------------------------------------- */

int
exattn_row__new_in(exattn_row **out, const exattn_lesson *l, size_t i,
                   const exattn_ints *ints, exattn_error_t *err)
{
    exattn_row *row;
    size_t j;
    int code;

    *out = NULL;
    if (i >= l->n)
        return exattn_error__set(err, EXATTN_EINVAL, l->file, 0, 0,
            "row %zu does not exist: the lesson has %zu query rows", i + 1,
            l->n);
    row = calloc(1, sizeof *row);
    if (row == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    row->lesson = l;
    row->index = i;
    row->allowed = l->allowed + i * l->m;
    mpq_init(row->weight);
    for (j = 0; j < l->m; j++)
        row->allowed_count += row->allowed[j] != 0;
    code = row_alloc(row, l->m, l->dv);
    if (code == EXATTN_OK)
        code = ints && ints->q && ints->k ? integer_scores(row, ints)
               : ints && ints->rows_q        ? dyadic_scores(row, ints)
                                             : rational_scores(row);
    if (code == EXATTN_OK)
        code = exattn_rule__decide(row, ints);
    if (code != EXATTN_OK)
    {
        exattn_row_free(row);
        return exattn_error__set(err, code, l->file, 0, 0, "out of memory");
    }
    *out = row;
    return EXATTN_OK;
}

int
exattn_row_new(exattn_row **out, const exattn_lesson *l, size_t i,
               exattn_error_t *err)
{
    return exattn_row__new_in(out, l, i, NULL, err);
}

const exattn_lesson *
exattn_row_lesson(const exattn_row *row)
{
    return row->lesson;
}

size_t
exattn_row_index(const exattn_row *row)
{
    return row->index;
}

size_t
exattn_row_allowed_count(const exattn_row *row)
{
    return row->allowed_count;
}

int
exattn_row_is_allowed(const exattn_row *row, size_t key)
{
    return key < row->lesson->m && row->allowed[key];
}

int
exattn_row_weights_exact(const exattn_row *row)
{
    return row->weights_exact;
}
