/* The rows a run of claims shares: the audit proves each of a page's
 * numbers and formulas against one or a few quantities, most of them on
 * the same few rows of the lesson, and a row with its evaluated
 * exponentials costs more to build than a claim costs to check.  Kept
 * here by lesson and row index, so they are built once for a site of
 * pages.  A row's evaluation only ever refines its enclosures, so a
 * later claim reads what an earlier one computed. */
#include <stdlib.h>
#include "claims/check.h"
#include "eval/row_eval.h"

/* Rows kept at most: a lesson of many variants and rows is read in
 * pieces, and past this a claim builds its row as it did alone */
#define MAX_ROWS 1024

typedef struct
{
    const exattn_lesson *lesson;
    size_t index;
    exattn_row *row;
    exattn_row_eval *ev;
} kept;

struct exattn_claims_rows
{
    kept *items;
    size_t count, cap;
};

exattn_claims_rows *
exattn_claims__rows_new(void)
{
    return calloc(1, sizeof(exattn_claims_rows));
}

void
exattn_claims__rows_free(exattn_claims_rows *r)
{
    size_t k;

    if (r == NULL)
        return;
    for (k = 0; k < r->count; k++)
    {
        exattn_row_eval_free(r->items[k].ev);
        exattn_row_free(r->items[k].row);
    }
    free(r->items);
    free(r);
}

int
exattn_claims__rows_get(exattn_claims_rows *r, const exattn_lesson *l,
                        size_t index, exattn_row **row, exattn_row_eval **ev,
                        exattn_error_t *err)
{
    kept *more;
    size_t k;
    int rc;

    *row = NULL;
    *ev = NULL;
    for (k = 0; k < r->count; k++)
        if (r->items[k].lesson == l && r->items[k].index == index)
        {
            *row = r->items[k].row;
            *ev = r->items[k].ev;
            return EXATTN_OK;
        }
    if (r->count == MAX_ROWS)
        return EXATTN_OK;       /* not kept: the caller builds its own */
    if (r->count == r->cap)
    {
        size_t cap = r->cap ? 2 * r->cap : 16;

        if ((more = realloc(r->items, cap * sizeof *more)) == NULL)
            return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                     "out of memory");
        r->items = more;
        r->cap = cap;
    }
    if ((rc = exattn_row_new(row, l, index, err)) != EXATTN_OK)
        return rc;
    if ((rc = exattn_row_eval_new(ev, *row, NULL, err)) != EXATTN_OK)
    {
        exattn_row_free(*row);
        *row = NULL;
        return rc;
    }
    r->items[r->count].lesson = l;
    r->items[r->count].index = index;
    r->items[r->count].row = *row;
    r->items[r->count].ev = *ev;
    r->count++;
    return EXATTN_OK;
}
