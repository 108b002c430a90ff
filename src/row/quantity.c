/* Status and exact value of each quantity of a row.  These read the
 * decisions made by the rule; they never decide exactness themselves. */
#include "row/model.h"

static int
in_range(const exattn_row *row, exattn_kind_t kind, size_t key, size_t col)
{
    const exattn_lesson *l = row->lesson;

    switch (kind)
    {
    case EXATTN_SCORE:
    case EXATTN_SCALED:
    case EXATTN_WEIGHT: return key < l->m;
    case EXATTN_CONTRIBUTION: return key < l->m && col < l->dv;
    case EXATTN_OUTPUT: return col < l->dv;
    }
    return 0;
}

exattn_status_t
exattn_row_status(const exattn_row *row, exattn_kind_t kind, size_t key,
                  size_t col)
{
    const exattn_lesson *l = row->lesson;

    if (!in_range(row, kind, key, col))
        return EXATTN_NAMED;
    switch (kind)
    {
    case EXATTN_SCORE:
        return EXATTN_EXACT;
    case EXATTN_SCALED:
        return l->surd == 1 || mpq_sgn(row->coef[key]) == 0 ? EXATTN_EXACT
                                                            : EXATTN_NAMED;
    case EXATTN_WEIGHT:
        return !row->allowed[key] || row->weights_exact ? EXATTN_EXACT
                                                        : EXATTN_NAMED;
    case EXATTN_CONTRIBUTION:
        /* a named weight times an exact 0 is exactly 0 */
        return !row->allowed[key] || row->weights_exact
                       || mpq_sgn(EXATTN_AT(&l->v, key, col)) == 0
                   ? EXATTN_EXACT : EXATTN_NAMED;
    case EXATTN_OUTPUT:
        return row->out_exact[col] ? EXATTN_EXACT : EXATTN_NAMED;
    }
    return EXATTN_NAMED;
}

int
exattn_row_get_mpq(mpq_t out, const exattn_row *row, exattn_kind_t kind,
                   size_t key, size_t col)
{
    const exattn_lesson *l = row->lesson;

    if (!in_range(row, kind, key, col))
        return EXATTN_EINVAL;
    if (exattn_row_status(row, kind, key, col) != EXATTN_EXACT)
        return EXATTN_ENOTEXACT;
    switch (kind)
    {
    case EXATTN_SCORE: mpq_set(out, row->score[key]); break;
    case EXATTN_SCALED: mpq_set(out, row->coef[key]); break;
    case EXATTN_WEIGHT:
        if (row->allowed[key])
            mpq_set(out, row->weight);
        else
            mpq_set_ui(out, 0, 1);
        break;
    case EXATTN_CONTRIBUTION:
        if (row->allowed[key] && row->weights_exact)
            mpq_mul(out, row->weight, EXATTN_AT(&l->v, key, col));
        else
            mpq_set_ui(out, 0, 1);
        break;
    case EXATTN_OUTPUT: mpq_set(out, row->out_value[col]); break;
    }
    return EXATTN_OK;
}

unsigned long
exattn_row_scaled_coef(mpq_t c, const exattn_row *row, size_t key)
{
    if (key >= row->lesson->m)
    {
        mpq_set_ui(c, 0, 1);
        return 1;
    }
    mpq_set(c, row->coef[key]);
    return row->lesson->surd;
}
