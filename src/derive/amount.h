/* The decimal of a change's amount (src/derive/amount.c). */
#ifndef EXATTN_DERIVE_AMOUNT_H
#define EXATTN_DERIVE_AMOUNT_H

#include "internal.h"

/* How far past the asked places an amount's first significant digit
 * may lie for it to be given (amount.c). */
#define EXATTN_AMOUNT_EXTRA_PLACES 60

/* The certified decimal of an exact amount q != 0 at `digits` places, or
 * at as many more as it has zeros after the point when it rounds to 0
 * there (when its first significant digit is within
 * EXATTN_AMOUNT_EXTRA_PLACES more); NULL when out of memory. */
char *exattn_amount__decimal_q(const mpq_t q, unsigned long digits,
                               int *exact);

/* A named amount's certified decimal at `places` places, as
 * exattn_expr_get_decimal gives it (max_prec is the callback's). */
typedef int (*exattn_amount_eval)(char **out, int *exact,
                                  unsigned long places, void *arg,
                                  exattn_error_t *err);

/* The same for a named amount: *out at `digits` places, or at more when
 * it rounds to 0 there and the more places are decided (else it stays as
 * it is); the codes of eval at `digits`, and EXATTN_ENOMEM when a
 * refinement runs out of memory. */
int exattn_amount__decimal(char **out, int *exact, unsigned long digits,
                           exattn_amount_eval eval, void *arg,
                           exattn_error_t *err);

#endif
