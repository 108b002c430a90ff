/* A results file of `exattn grade` (issue 29): float values a program
 * computed, by claim path, in one binary format, read exactly.
 *
 *   {"format": "binary64",
 *    "values": {"weights[rises]": ["0.28399540974126003", "0x1.1eb8p-3"],
 *               "output": [["0.86", "1.432"], ...]}}
 *
 * Each value is a decimal string (a shortest round-trip printing, which
 * denotes its rounding to the format), a C99 hex float (a value of the
 * format exactly) or a JSON number (as a decimal); a path's values are a
 * scalar, a vector or a matrix.  Which quantity a path names is the
 * lesson's business (src/claims/), not this reader's. */
#ifndef EXATTN_GRADE_RESULTS_H
#define EXATTN_GRADE_RESULTS_H

#include "internal.h"
#include "num/binfloat.h"

/* One path's values, row-major: a scalar is 1 x 1, a vector 1 x cols, a
 * matrix rows x cols (`dims` says which was written). */
typedef struct
{
    char *path;                 /* as written */
    unsigned long line, column; /* of the path in the file */
    unsigned dims;              /* 0: a scalar, 1: a vector, 2: a matrix */
    size_t rows, cols;          /* a vector is 1 x cols */
    double *values;             /* rows * cols floats of the format, each
                                   exactly: every value of the four
                                   formats is a double (a head of n =
                                   4096 keeps 8 bytes a value, not an
                                   mpq's hundred) */
    unsigned long *lines, *columns; /* where each value is written; NULL
                                   for a .npy file's, all at its name */
    unsigned long npy_line, npy_column;
    char **texts;               /* each as written; NULL for a .npy
                                   file's (its exact hex float) */
} exattn_result_set;

/* Value k of s, exactly. */
void exattn_results__value(mpq_t out, const exattn_result_set *s, size_t k);
/* Where value k is written. */
unsigned long exattn_results__line(const exattn_result_set *s, size_t k);
unsigned long exattn_results__column(const exattn_result_set *s, size_t k);
/* Value k as written (a .npy file's as its hex float, in buf). */
#define EXATTN_RESULTS_TEXT_MAX 40
const char *exattn_results__text(const exattn_result_set *s, size_t k,
                                 char buf[EXATTN_RESULTS_TEXT_MAX]);

typedef struct
{
    const exattn_float_format *format;
    size_t count;
    exattn_result_set *sets;    /* in the file's order */
} exattn_results;

/* Read `len` bytes named `name`: exit-status-2 errors name the file, line
 * and column (EXATTN_ESYNTAX, EXATTN_EFIELD, EXATTN_EDOMAIN, EXATTN_ESHAPE,
 * EXATTN_ELIMIT beyond `max_values` values in all). */
int exattn_results__read(exattn_results **out, const char *data, size_t len,
                         const char *name, size_t max_values,
                         exattn_error_t *err);
void exattn_results__free(exattn_results *r);

#endif
