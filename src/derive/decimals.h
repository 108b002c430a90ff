/* Certified decimals for the printers: one evaluator per row, opened only
 * when decimals were asked for.  A failure (not an undecided rounding,
 * which is shown) is sticky: the printer checks `code` after the row. */
#ifndef EXATTN_PRINT_DECIMALS_H
#define EXATTN_PRINT_DECIMALS_H

#include "internal.h"

typedef struct
{
    exattn_row_eval *ev;        /* NULL: no decimals */
    unsigned long digits;
    mpfr_prec_t max_prec;
    unsigned show;              /* quantities to show (never 0) */
    int named_show;             /* show was given, not the default */
    size_t threshold;           /* rows with more keys are compact */
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

/* Text: append " ≈ 0.269", " = 0.250", or " ≈ (undecided at P bits)";
 * nothing without decimals. */
void exattn_decimals__text(exattn_sbuf *b, exattn_decimals *d,
                           exattn_kind_t kind, size_t key, size_t col);

/* Is this kind of quantity to be shown? */
#define EXATTN_SHOWN(d, kind) (((d)->show & EXATTN_SHOW(kind)) != 0)
/* Contributions of a compact row (m x d_v of them) only when named. */
#define EXATTN_SHOWN_IN(d, compact, kind) \
    (EXATTN_SHOWN(d, kind) \
     && !((compact) && (kind) == EXATTN_CONTRIBUTION && !(d)->named_show))

/* Print a row with `print`, its decimals opened as `opts` asks; a
 * failure of the decimals is returned (err filled). */
typedef void (*exattn_row_printer)(exattn_sbuf *b, const exattn_row *row,
                                   exattn_decimals *d, void *ctx);
int exattn_decimals__print_row(exattn_sbuf *b, const exattn_row *row,
                               const exattn_write_opts *opts,
                               exattn_head_eval *head,
                               exattn_row_printer print, void *ctx,
                               exattn_error_t *err);

/* Every row of l, one at a time: derived (on integers where the lesson
 * allows), printed with `print` into b, and flushed to f.  Nothing of a
 * row outlives its printing. */
int exattn_decimals__write_rows(FILE *f, exattn_sbuf *b,
                                const exattn_lesson *l,
                                const exattn_write_opts *opts,
                                exattn_row_printer print, void *ctx,
                                exattn_error_t *err);

#endif
