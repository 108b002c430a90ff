/* The exact-or-named rule, in one place (docs/design.md).
 *
 * Scaled scores are c_j*sqrt(s) with one s per lesson, so two scores are
 * equal exactly when their rationals c_j are.  The allowed keys sorted by
 * c_j (src/row/row.c) give the equal-score groups in O(m log m), or O(m)
 * with a counting sort on integer scores.
 *
 * Weights: one group (all allowed scores equal, or one key) gives exactly
 * 1/|A| each; otherwise they are named, and provably irrational.
 *
 * Output coordinate c: o = sum_d N_d e^d mean_d / sum_d N_d e^d over the
 * groups d, with mean_d the mean of V_jc over group d.  The e^d of
 * distinct algebraic d are linearly independent over the algebraic numbers
 * (Lindemann-Weierstrass), so o is rational exactly when all mean_d are
 * equal, and then o is that common mean.  One group is the case of exact
 * weights, so the same test covers both.  The group sums are kept: the
 * certified evaluation mixes them rather than the m values. */
#include <stdlib.h>
#include "row/model.h"

static int
same_coef(const exattn_row *row, size_t a, size_t b)
{
    return row->coef[a] == row->coef[b]
           || mpq_equal(row->coef[a], row->coef[b]);
}

/* group[j] for allowed keys, (size_t)-1 for blocked ones; the first key
 * and the size of each group. */
static int
find_groups(exattn_row *row)
{
    const exattn_lesson *l = row->lesson;
    size_t j, g = 0, k = row->allowed_count;

    for (j = 0; j < l->m; j++)
        row->group[j] = (size_t)-1;
    row->group_count = 0;
    for (j = 0; j < k; j++)
        row->group_count += j == 0
                            || !same_coef(row, row->order[j],
                                          row->order[j - 1]);
    row->group_key = malloc(row->group_count * sizeof *row->group_key);
    row->group_size = calloc(row->group_count, sizeof *row->group_size);
    if (row->group_key == NULL || row->group_size == NULL)
        return EXATTN_ENOMEM;
    for (j = 0; j < k; j++)
    {
        if (j > 0 && !same_coef(row, row->order[j], row->order[j - 1]))
            g++;
        if (row->group_size[g]++ == 0)
            row->group_key[g] = row->order[j];
        row->group[row->order[j]] = g;
    }
    return EXATTN_OK;
}

/* group_sum[g*dv + c] = sum of V_jc over group g, or on integers into
 * group_isum (sums of V' = den_v V) when V has an integer view (|V'| m <
 * 2^40: the sums fit). */
static int
group_sums(exattn_row *row, const exattn_ints *ints)
{
    const exattn_lesson *l = row->lesson;
    size_t j, c, g, dv = l->dv, count = row->group_count * dv;
    const int64_t *v = ints ? ints->v : NULL;

    if (v != NULL)
    {
        row->den_v = ints->den_v;
        row->group_isum = calloc(count ? count : 1,
                                 sizeof *row->group_isum);
        if (row->group_isum == NULL)
            return EXATTN_ENOMEM;
        for (j = 0; j < l->m; j++)
            if ((g = row->group[j]) != (size_t)-1)
                for (c = 0; c < dv; c++)
                    row->group_isum[g * dv + c] += v[j * dv + c];
        return EXATTN_OK;
    }
    row->group_sum = malloc((count ? count : 1) * sizeof *row->group_sum);
    if (row->group_sum == NULL)
        return EXATTN_ENOMEM;
    for (j = 0; j < count; j++)
        mpq_init(row->group_sum[j]);
    for (j = 0; j < l->m; j++)
        if ((g = row->group[j]) != (size_t)-1)
            for (c = 0; c < dv; c++)
                mpq_add(row->group_sum[g * dv + c],
                        row->group_sum[g * dv + c], EXATTN_AT(&l->v, j, c));
    return EXATTN_OK;
}

/* Output coordinate c on integer sums: sum_g N_0 = sum_0 N_g for every g
 * (products below 2^60); the value sum_0 / (N_0 den_v). */
static void
decide_output_int(exattn_row *row, size_t c)
{
    size_t g, dv = row->lesson->dv;
    const int64_t *s = row->group_isum;
    int64_t n0 = (int64_t)row->group_size[0];

    row->out_exact[c] = 1;
    for (g = 1; g < row->group_count && row->out_exact[c]; g++)
        row->out_exact[c] = s[g * dv + c] * n0
                            == s[c] * (int64_t)row->group_size[g];
    if (row->out_exact[c])
    {
        exattn_num__set_int64(mpq_numref(row->out_value[c]), s[c]);
        mpz_set_ui(mpq_denref(row->out_value[c]), 1);
        mpz_mul_ui(mpq_denref(row->out_value[c]), row->den_v,
                   (unsigned long)n0);
        mpq_canonicalize(row->out_value[c]);
    }
    else
        mpq_set_ui(row->out_value[c], 0, 1);
}

/* Output coordinate c: exact iff every group has the same mean of V_jc,
 * i.e. sum_g N_0 = sum_0 N_g. */
static void
decide_output(exattn_row *row, size_t c, mpz_t a, mpz_t b)
{
    size_t g, dv = row->lesson->dv;
    mpq_srcptr s0 = row->group_sum[c], sg;

    row->out_exact[c] = 1;
    for (g = 1; g < row->group_count && row->out_exact[c]; g++)
    {
        sg = row->group_sum[g * dv + c];
        mpz_mul(a, mpq_numref(sg), mpq_denref(s0));
        mpz_mul_ui(a, a, row->group_size[0]);
        mpz_mul(b, mpq_numref(s0), mpq_denref(sg));
        mpz_mul_ui(b, b, row->group_size[g]);
        row->out_exact[c] = mpz_cmp(a, b) == 0;
    }
    if (row->out_exact[c])
    {
        mpq_set_ui(row->out_value[c], row->group_size[0], 1);
        mpq_div(row->out_value[c], s0, row->out_value[c]);
    }
    else
        mpq_set_ui(row->out_value[c], 0, 1);
}

int
exattn_rule__decide(exattn_row *row, const exattn_ints *ints)
{
    size_t c;
    mpz_t a, b;
    int rc = find_groups(row);

    if (rc == EXATTN_OK)
        rc = group_sums(row, ints);
    if (rc != EXATTN_OK)
        return rc;
    row->weights_exact = row->group_count == 1;
    if (row->weights_exact)
        mpq_set_ui(row->weight, 1, (unsigned long)row->allowed_count);
    mpz_inits(a, b, (mpz_ptr)0);
    for (c = 0; c < row->lesson->dv; c++)
        if (row->group_isum != NULL)
            decide_output_int(row, c);
        else
            decide_output(row, c, a, b);
    mpz_clears(a, b, (mpz_ptr)0);
    return EXATTN_OK;
}
