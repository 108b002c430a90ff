/* Row evaluation internals shared with the claim checker. */
#ifndef EXATTN_EVAL_ROW_EVAL_H
#define EXATTN_EVAL_ROW_EVAL_H

#include "eval/ziv.h"

/* Decide the rounding (to nearest or toward zero) of a named quantity of
 * the row to ask->digits digits (ask->first_wp is the row's own); `cert` (initialised by the caller) receives
 * the deciding enclosure and *wp_used its precision.  EXATTN_EUNABLE:
 * "row i: undecided at P bits". */
int exattn_row_eval__decide(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp_used,
                            exattn_row_eval *ev, exattn_kind_t kind,
                            size_t key, size_t col,
                            const exattn_ziv_opts *ask,
                            exattn_error_t *err);

/* The sign of a named quantity of the row (-1 or 1), proved by an
 * enclosure that excludes 0, refined up to the cap: a named quantity is
 * irrational, so the proof ends.  EXATTN_EUNABLE at the cap. */
int exattn_row_eval__sign(int *sign, exattn_row_eval *ev, exattn_kind_t kind,
                          size_t key, size_t col, mpfr_prec_t max_prec,
                          exattn_error_t *err);

/* Enclose a named quantity of the row at precision wp (0, or 1 when the
 * enclosure is too wide at that precision). */
int exattn_row_eval__enclose(exattn_ball *out, exattn_row_eval *ev,
                             exattn_kind_t kind, size_t key, size_t col,
                             mpfr_prec_t wp);

#endif
