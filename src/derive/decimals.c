/* Certified decimals of a row's quantities, for the document. */
#include "derive/decimals.h"

int
exattn_decimals__open(exattn_decimals *d, const exattn_row *row,
                      const exattn_write_opts *opts, exattn_head_eval *head,
                      exattn_error_t *err)
{
    d->ev = NULL;
    d->digits = 0;
    d->max_prec = 0;
    d->code = EXATTN_OK;
    exattn_error_init(&d->error);
    if (opts == NULL || opts->digits == EXATTN_DIGITS_NONE)
        return EXATTN_OK;
    d->digits = opts->digits;
    d->max_prec = opts->max_prec;
    return exattn_row_eval_new(&d->ev, row, head, err);
}

void
exattn_decimals__close(exattn_decimals *d)
{
    exattn_row_eval_free(d->ev);
    d->ev = NULL;
}

char *
exattn_decimals__get(exattn_decimals *d, exattn_kind_t kind, size_t key,
                     size_t col, int *exact, int *undecided)
{
    char *s = NULL;
    int rc;

    *undecided = 0;
    if (d->ev == NULL || d->code != EXATTN_OK)
        return NULL;
    rc = exattn_row_eval_decimal(&s, exact, d->ev, kind, key, col,
                                 d->digits, d->max_prec, &d->error);
    if (rc == EXATTN_EUNABLE)
        *undecided = 1;
    else if (rc != EXATTN_OK)
        d->code = rc;
    return s;
}

int
exattn_decimals__head(exattn_head_eval **out, const exattn_lesson *l,
                      const exattn_write_opts *opts, exattn_error_t *err)
{
    *out = NULL;
    if (opts == NULL || opts->digits == EXATTN_DIGITS_NONE)
        return EXATTN_OK;
    return exattn_head_eval_new(out, l, err);
}
