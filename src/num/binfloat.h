/* Binary floating-point formats as sets of exact numbers (binfloat.c):
 * reading a float exactly, rounding an exact number to a format, ULPs. */
#ifndef EXATTN_NUM_BINFLOAT_H
#define EXATTN_NUM_BINFLOAT_H

#include <gmp.h>

/* A binary format: `precision` significant bits (the hidden one
 * included); normal numbers 2^emin <= |x| < 2^(emax + 1); below 2^emin
 * the subnormals, spaced as the smallest binade's. */
typedef struct
{
    const char *name;           /* "binary64", "binary32", "binary16",
                                   "bfloat16" */
    unsigned precision;
    long emin, emax;
} exattn_float_format;

/* The format named `name`, or NULL; the names, for a message. */
const exattn_float_format *exattn_float__format(const char *name);
const char *exattn_float__format_names(void);

/* floor(log2 |a|) of a nonzero rational. */
long exattn_float__floor_log2(const mpq_t a);

/* The ULP of the real x in fmt: the spacing of the format's floats in
 * x's binade, 2^(max(floor(log2 |x|), emin) - precision + 1); for x = 0
 * the smallest subnormal. */
void exattn_float__ulp(mpq_t ulp, const mpq_t x,
                       const exattn_float_format *fmt);

/* The largest finite value of fmt. */
void exattn_float__max_finite(mpq_t out, const exattn_float_format *fmt);

/* out = q rounded to fmt, to nearest, ties to even (subnormals included;
 * a value that rounds to zero is 0).  EXATTN_ELIMIT when it rounds beyond
 * the largest finite value (to an infinity); out is then the rounded
 * value as if the exponent range had no top. */
int exattn_float__round(mpq_t out, const mpq_t q,
                        const exattn_float_format *fmt);

/* Is f the rounding of y in fmt (never when y rounds to an infinity)? */
int exattn_float__rounds_to(const mpq_t f, const mpq_t y,
                            const exattn_float_format *fmt);

/* Is q a finite value of fmt (its own rounding)? */
int exattn_float__is_value(const mpq_t q, const exattn_float_format *fmt);

/* |f - y| / ulp(y): the error of f in ULPs of the exact value y. */
void exattn_float__ulp_error(mpq_t out, const mpq_t f, const mpq_t y,
                             const exattn_float_format *fmt);

/* The value of the float written s[0..len) in fmt: a C99 hexadecimal
 * float (0x1.b8p-1), which must be a value of fmt exactly, or a decimal
 * (a shortest round-trip string, 0.28399540974126003), which denotes its
 * rounding to fmt.  EXATTN_ESYNTAX or EXATTN_EDOMAIN (NaN, an infinity, a
 * hex float that is not a value of fmt, beyond its largest finite value)
 * with *why saying which. */
int exattn_float__parse(mpq_t out, const char *s, size_t len,
                        const exattn_float_format *fmt, const char **why);

#endif
