/* Integer views of a dyadic matrix (src/row/dyadic_view.c), the dyadic
 * head's inputs: Q and K by rows (each row an integer vector times a
 * power of two, exactly), V by columns (each column an integer vector
 * times a power of two, rounded to 62 bits when its entries span more). */
#ifndef EXATTN_ROW_DYADIC_VIEW_H
#define EXATTN_ROW_DYADIC_VIEW_H

#include <stdint.h>
#include "internal.h"

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 exattn_u128;
__extension__ typedef __int128 exattn_i128;
#define EXATTN_HAVE_INT128 1
#endif

/* The bits of a narrow row's integers: |a| < 2^62, so that two of them
 * and a count of terms stay within 127 bits where the caller checks. */
#define EXATTN_DVIEW_NARROW_BITS 62

typedef struct
{
    size_t rows, cols;
    int64_t *a;         /* rows x cols: entry (r, c) = a * 2^exp[r] */
    long *exp;          /* per row */
    unsigned long *bits;    /* per row: every |a| < 2^bits */
    mpz_t **wide;       /* per row: NULL, or its cols integers when bits
                           exceed EXATTN_DVIEW_NARROW_BITS (a is 0 there) */
} exattn_dview;

/* The row view of m: 1, 0 when an entry is not dyadic (v cleared), -1
 * when out of memory. */
int exattn_dview__rows(exattn_dview *v, const exattn_matrix *m);
void exattn_dview__clear(exattn_dview *v);

/* Entry (r, c) of a row view as an integer (its row's scale 2^exp[r]). */
void exattn_dview__get_z(mpz_t z, const exattn_dview *v, size_t r, size_t c);

/* The bits of n: n < 2^bits. */
unsigned long exattn_dview__bits_of(size_t n);

/* Row i of q dotted with row j of k (as many columns), exactly: z times
 * 2^(q->exp[i] + k->exp[j]) -- on 128-bit integers where the rows' bits
 * allow, on GMP's otherwise (the multi-limb path). */
void exattn_dview__dot(mpz_t z, const exattn_dview *q, size_t i,
                       const exattn_dview *k, size_t j);

#ifdef EXATTN_HAVE_INT128
/* z = x */
void exattn_dview__z_of_i128(mpz_t z, exattn_i128 x);

typedef struct
{
    size_t rows, cols;
    int64_t *w;         /* rows x cols: entry (r, c) ~ w * 2^exp[c],
                           |w| <= 2^62 */
    long *exp;          /* per column */
    unsigned char *rounded;     /* per column: some w is the entry rounded
                                   to nearest, off by at most 2^(exp-1) */
    exattn_u128 *abs_sum;       /* per column: the sum of |w| */
} exattn_dcols;

/* The column view of m (dyadic, as exattn_dview__rows says): 1, 0, -1. */
int exattn_dcols__new(exattn_dcols *c, const exattn_matrix *m);
void exattn_dcols__clear(exattn_dcols *c);
#endif

#endif
