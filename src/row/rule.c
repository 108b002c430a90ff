/* The exact-or-named rule, in one place (PRODUCT.md).
 *
 * Scaled scores are c_j*sqrt(s) with one s per lesson, so two scores are
 * equal exactly when their rationals c_j are.  Sorting the allowed keys by
 * c_j gives the equal-score groups in O(m log m).
 *
 * Weights: one group (all allowed scores equal, or one key) gives exactly
 * 1/|A| each; otherwise they are named, and provably irrational.
 *
 * Output coordinate c: o = sum_d N_d e^d mean_d / sum_d N_d e^d over the
 * groups d, with mean_d the mean of V_jc over group d.  The e^d of
 * distinct algebraic d are linearly independent over the algebraic numbers
 * (Lindemann-Weierstrass), so o is rational exactly when all mean_d are
 * equal, and then o is that common mean.  One group is the case of exact
 * weights, so the same test covers both. */
#include <stdlib.h>
#include "internal.h"

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

/* group[j] for allowed keys, (size_t)-1 for blocked ones. */
static int
find_groups(exattn_row *row)
{
    const exattn_lesson *l = row->lesson;
    keyed *order = malloc(row->allowed_count * sizeof *order);
    size_t j, k = 0;

    if (order == NULL)
        return EXATTN_ENOMEM;
    for (j = 0; j < l->m; j++)
    {
        row->group[j] = (size_t)-1;
        if (row->allowed[j])
        {
            order[k].coef = row->coef[j];
            order[k++].key = j;
        }
    }
    qsort(order, k, sizeof *order, by_coef);
    row->group_count = 0;
    for (j = 0; j < k; j++)
    {
        if (j > 0 && mpq_cmp(order[j].coef, order[j - 1].coef) != 0)
            row->group_count++;
        row->group[order[j].key] = row->group_count;
    }
    row->group_count++;
    free(order);
    return EXATTN_OK;
}

/* Output coordinate c: exact iff every group has the same mean of V_jc. */
static void
decide_output(exattn_row *row, size_t c, mpq_t *sum, unsigned long *count)
{
    const exattn_lesson *l = row->lesson;
    size_t g, j;
    mpq_t first, mean;

    for (g = 0; g < row->group_count; g++)
    {
        mpq_set_ui(sum[g], 0, 1);
        count[g] = 0;
    }
    for (j = 0; j < l->m; j++)
        if (row->allowed[j])
        {
            mpq_add(sum[row->group[j]], sum[row->group[j]],
                    EXATTN_AT(&l->v, j, c));
            count[row->group[j]]++;
        }
    mpq_init(first);
    mpq_init(mean);
    mpq_set_ui(mean, count[0], 1);
    mpq_div(first, sum[0], mean);
    row->out_exact[c] = 1;
    for (g = 1; g < row->group_count && row->out_exact[c]; g++)
    {
        mpq_set_ui(mean, count[g], 1);
        mpq_div(mean, sum[g], mean);
        row->out_exact[c] = mpq_equal(mean, first);
    }
    if (row->out_exact[c])
        mpq_set(row->out_value[c], first);
    else
        mpq_set_ui(row->out_value[c], 0, 1);
    mpq_clear(first);
    mpq_clear(mean);
}

int
exattn_rule__decide(exattn_row *row)
{
    size_t c, g;
    mpq_t *sum;
    unsigned long *count;
    int rc = find_groups(row);

    if (rc != EXATTN_OK)
        return rc;
    row->weights_exact = row->group_count == 1;
    if (row->weights_exact)
        mpq_set_ui(row->weight, 1, (unsigned long)row->allowed_count);
    sum = malloc(row->group_count * sizeof *sum);
    count = malloc(row->group_count * sizeof *count);
    if (sum == NULL || count == NULL)
    {
        free(sum);
        free(count);
        return EXATTN_ENOMEM;
    }
    for (g = 0; g < row->group_count; g++)
        mpq_init(sum[g]);
    for (c = 0; c < row->lesson->dv; c++)
        decide_output(row, c, sum, count);
    for (g = 0; g < row->group_count; g++)
        mpq_clear(sum[g]);
    free(sum);
    free(count);
    return EXATTN_OK;
}
