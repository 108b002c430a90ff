/* One query row derived exactly: raw scores, scaled-score coefficients,
 * and the exact-or-named decisions of src/row/rule.c. */
#include <stdlib.h>
#include "internal.h"

static void
row_clear_arrays(exattn_row *row, size_t m, size_t dv)
{
    size_t j;

    if (row->score)
        for (j = 0; j < m; j++)
            mpq_clear(row->score[j]);
    if (row->coef)
        for (j = 0; j < m; j++)
            mpq_clear(row->coef[j]);
    if (row->out_value)
        for (j = 0; j < dv; j++)
            mpq_clear(row->out_value[j]);
    free(row->score);
    free(row->coef);
    free(row->out_value);
    free(row->out_exact);
    free(row->group);
}

void
exattn_row_free(exattn_row *row)
{
    if (row == NULL)
        return;
    row_clear_arrays(row, row->lesson->m, row->lesson->dv);
    mpq_clear(row->weight);
    free(row);
}

static int
row_alloc(exattn_row *row, size_t m, size_t dv)
{
    size_t j;

    row->score = malloc(m * sizeof *row->score);
    row->coef = malloc(m * sizeof *row->coef);
    row->group = malloc(m * sizeof *row->group);
    row->out_value = malloc((dv ? dv : 1) * sizeof *row->out_value);
    row->out_exact = malloc(dv ? dv : 1);
    if (!row->score || !row->coef || !row->group || !row->out_value
        || !row->out_exact)
    {
        free(row->score);
        free(row->coef);
        free(row->group);
        free(row->out_value);
        free(row->out_exact);
        row->score = row->coef = row->out_value = NULL;
        row->group = NULL;
        row->out_exact = NULL;
        return EXATTN_ENOMEM;
    }
    for (j = 0; j < m; j++)
    {
        mpq_init(row->score[j]);
        mpq_init(row->coef[j]);
    }
    for (j = 0; j < dv; j++)
        mpq_init(row->out_value[j]);
    return EXATTN_OK;
}

/* score_j = q_i . k_j exactly; coef_j = score_j * scale_coef. */
static void
compute_scores(exattn_row *row)
{
    const exattn_lesson *l = row->lesson;
    size_t j, c;
    mpq_t prod;

    mpq_init(prod);
    row->allowed_count = 0;
    for (j = 0; j < l->m; j++)
    {
        for (c = 0; c < l->dk; c++)
        {
            mpq_mul(prod, EXATTN_AT(&l->q, row->index, c),
                    EXATTN_AT(&l->k, j, c));
            mpq_add(row->score[j], row->score[j], prod);
        }
        mpq_mul(row->coef[j], row->score[j], l->scale_coef);
        row->allowed_count += row->allowed[j] != 0;
    }
    mpq_clear(prod);
}

int
exattn_row_new(exattn_row **out, const exattn_lesson *l, size_t i,
               exattn_error_t *err)
{
    exattn_row *row;
    int code;

    *out = NULL;
    if (i >= l->n)
        return exattn_error__set(err, EXATTN_EINVAL, l->file, 0, 0,
            "row %zu does not exist: the lesson has %zu query rows", i + 1,
            l->n);
    row = calloc(1, sizeof *row);
    if (row == NULL || row_alloc(row, l->m, l->dv) != EXATTN_OK)
    {
        free(row);
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    }
    row->lesson = l;
    row->index = i;
    row->allowed = l->allowed + i * l->m;
    mpq_init(row->weight);
    compute_scores(row);
    code = exattn_rule__decide(row);
    if (code != EXATTN_OK)
    {
        exattn_row_free(row);
        return exattn_error__set(err, code, l->file, 0, 0, "out of memory");
    }
    *out = row;
    return EXATTN_OK;
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
