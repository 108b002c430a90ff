/* Exact numbers: reading and writing GMP rationals the way lessons spell
 * them.  Never through floating point. */
#ifndef EXATTN_NUM_H
#define EXATTN_NUM_H

#include <stddef.h>
#include <gmp.h>
#include <exattn/error.h>

/* Largest decimal exponent accepted in a number ("1e-3" has exponent -3);
 * a larger one would make GMP allocate without bound. */
#define EXATTN_MAX_EXPONENT 100000L

/* Set `out` to the exact value of the `len` bytes at `text`: an integer
 * ("-2"), a decimal ("0.125", "1e-3", "2.5E+2"), or a fraction of two
 * such numbers ("3/4", "-1/2", "0.5/3").  The result is canonical.  On
 * failure returns EXATTN_ENUMBER (or EXATTN_ELIMIT for an exponent beyond
 * EXATTN_MAX_EXPONENT), leaves `out` unchanged, and explains why in
 * err->message (position fields untouched). */
EXATTN_WUR int exattn_mpq_set_text(mpq_t out, const char *text, size_t len,
                                   exattn_error_t *err);

/* Canonical text of `q`: "5/4", "-2", "0".  Release with exattn_free().
 * Returns NULL only when out of memory. */
char *exattn_mpq_get_str(const mpq_t q);

/* LaTeX of `q`: "\frac{5}{4}", "-\frac{1}{2}", "3".  Release with
 * exattn_free().  Returns NULL only when out of memory. */
char *exattn_mpq_get_str_latex(const mpq_t q);

#endif
