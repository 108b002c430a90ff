/* Certified decimals as the printers show them. */
#include "print/decimals.h"

int
exattn_decimals__open(exattn_decimals *d, const exattn_row *row,
                      const exattn_write_opts *opts, exattn_head_eval *head,
                      exattn_error_t *err)
{
    d->ev = NULL;
    d->digits = 0;
    d->max_prec = 0;
    d->code = EXATTN_OK;
    d->show = opts && opts->quantities ? opts->quantities : ~0u;
    d->named_show = opts && opts->quantities;
    d->threshold = opts && opts->sum_threshold ? opts->sum_threshold
                                               : EXATTN_SUM_THRESHOLD;
    exattn_error_init(&d->error);
    if (opts == NULL || opts->digits < 0)
        return EXATTN_OK;
    d->digits = (unsigned long)opts->digits;
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

void
exattn_decimals__text(exattn_sbuf *b, exattn_decimals *d, exattn_kind_t kind,
                      size_t key, size_t col)
{
    int exact, undecided;
    char *s = exattn_decimals__get(d, kind, key, col, &exact, &undecided);

    if (undecided)
        exattn_sbuf__printf(b, " ≈ (%s)", d->error.message);
    else if (s != NULL)
        exattn_sbuf__printf(b, exact ? " = %s" : " ≈ %s", s);
    exattn_free(s);
}

int
exattn_decimals__print_row(exattn_sbuf *b, const exattn_row *row,
                           const exattn_write_opts *opts,
                           exattn_head_eval *head, exattn_row_printer print,
                           void *ctx, exattn_error_t *err)
{
    exattn_decimals d;
    int code = exattn_decimals__open(&d, row, opts, head, err);

    if (code != EXATTN_OK)
        return code;
    print(b, row, &d, ctx);
    code = d.code;
    if (code != EXATTN_OK && err != NULL)
        *err = d.error;
    exattn_decimals__close(&d);
    return code;
}

int
exattn_decimals__head(exattn_head_eval **out, const exattn_lesson *l,
                      const exattn_write_opts *opts, exattn_error_t *err)
{
    *out = NULL;
    if (opts == NULL || opts->digits < 0)
        return EXATTN_OK;
    return exattn_head_eval_new(out, l, err);
}

int
exattn_decimals__write_rows(FILE *f, exattn_sbuf *b, const exattn_lesson *l,
                            const exattn_write_opts *opts,
                            exattn_row_printer print, void *ctx,
                            exattn_error_t *err)
{
    exattn_head_eval *head = NULL;
    exattn_ints *ints = NULL;
    exattn_row *row;
    size_t i;
    int code = exattn_decimals__head(&head, l, opts, err);

    if (code == EXATTN_OK && exattn_ints__new(&ints, l) != EXATTN_OK)
        code = exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    for (i = 0; code == EXATTN_OK && i < l->n; i++)
    {
        if ((code = exattn_row__new_in(&row, l, i, ints, err)) != EXATTN_OK)
            break;
        code = exattn_decimals__print_row(b, row, opts, head, print, ctx,
                                          err);
        exattn_row_free(row);
        if (code == EXATTN_OK)
            code = exattn_sbuf__flush(b, f, l->file, err);
    }
    exattn_ints__free(ints);
    exattn_head_eval_free(head);
    return code;
}
