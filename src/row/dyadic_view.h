/* Integer views of a dyadic matrix (src/row/dyadic_view.c), the dyadic
 * head's inputs: Q and K by rows (each row an integer vector times a
 * power of two, exactly), V by columns (each column an integer vector
 * times a power of two, on one word or two, rounded to 124 bits when its
 * entries span more). */
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

/* The bits of a two-word column's integers: a binary64 column (53-bit
 * significands a few binades apart) is exact in them. */
#define EXATTN_DCOLS_WIDE_BITS 124

/* A column is narrow (its integers w, |w| <= 2^62) or, when its entries
 * span more than 62 bits, two-word: w * 2^62 + lo with w and lo of one
 * sign, |w| <= 2^62, |lo| < 2^62, within 124 bits.  Either way it is
 * rounded to nearest only beyond its width. */
typedef struct
{
    size_t rows, cols;
    int64_t *w;         /* rows x cols: entry (r, c) ~ v * 2^exp[c],
                           v = w, or w * 2^62 + lo in a two-word column */
    int64_t *lo;        /* rows x cols, 0 in narrow columns; NULL when
                           every column is narrow */
    long *exp;          /* per column */
    unsigned char *two;         /* per column: two-word */
    unsigned char *rounded;     /* per column: some entry is rounded to
                                   nearest, off by at most 2^(exp-1) */
    exattn_u128 *abs_sum;       /* per column: the sum of |w| */
    exattn_u128 *abs_lo;        /* per column: the sum of |lo| */
} exattn_dcols;

/* The column view of m (dyadic, as exattn_dview__rows says): 1, 0, -1. */
int exattn_dcols__new(exattn_dcols *c, const exattn_matrix *m);
void exattn_dcols__clear(exattn_dcols *c);
#endif

#endif
