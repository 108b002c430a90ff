/* Certified decimals for the document: one evaluator per row, opened only
 * when decimals were asked for.  A failure (not an undecided rounding,
 * which is part of the document) is sticky: the walk checks `code` after
 * the row. */
#ifndef EXATTN_DERIVE_DECIMALS_H
#define EXATTN_DERIVE_DECIMALS_H

#include "internal.h"
#include "exattn/write.h"

typedef struct
{
    exattn_row_eval *ev;        /* NULL: no decimals */
    unsigned long digits;
    mpfr_prec_t max_prec;
    int code;                   /* first failure, EXATTN_OK if none */
    exattn_error_t error;       /* its description; also the last
                                   "undecided at P bits" */
} exattn_decimals;

/* The shared base of a lesson's rows, when decimals are asked for (*out
 * stays NULL otherwise). */
int exattn_decimals__head(exattn_head_eval **out, const exattn_lesson *l,
                          const exattn_write_opts *opts, exattn_error_t *err);

int exattn_decimals__open(exattn_decimals *d, const exattn_row *row,
                          const exattn_write_opts *opts,
                          exattn_head_eval *head, exattn_error_t *err);
void exattn_decimals__close(exattn_decimals *d);

/* The decimal of a quantity (release with exattn_free), *exact telling
 * whether it equals the value; NULL when undecided (*undecided set, the
 * reason in d->error.message) or on a failure (d->code set). */
char *exattn_decimals__get(exattn_decimals *d, exattn_kind_t kind,
                           size_t key, size_t col, int *exact,
                           int *undecided);

#endif
