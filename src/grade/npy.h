/* A NumPy .npy file (format versions 1 to 3) of floats, read exactly:
 * the magic, a header that is a Python dict literal -- 'descr' (a float
 * dtype: '<f8', '>f4', '<f2'), 'fortran_order', 'shape' (zero, one or
 * two dimensions) --, then the values, each the float its bits are.  The
 * format is NumPy's own (numpy.lib.format); this reader is small and
 * strict: anything else is an error naming the file and the byte. */
#ifndef EXATTN_GRADE_NPY_H
#define EXATTN_GRADE_NPY_H

#include "internal.h"
#include "num/binfloat.h"

typedef struct
{
    const exattn_float_format *format;  /* binary64, binary32, binary16 */
    unsigned dims;              /* 0: a scalar, 1: a vector, 2: a matrix */
    size_t rows, cols;          /* a vector is 1 x cols */
    double *values;             /* rows * cols, row-major, exact: every
                                   value of these formats is a double */
} exattn_npy;

/* Read `len` bytes of the .npy file `name`, at most `max_values` values
 * (EXATTN_ELIMIT beyond).  EXATTN_ESYNTAX (magic, header), EXATTN_EFIELD
 * (a dtype that is no float, a shape of three dimensions), EXATTN_ESHAPE
 * (fewer bytes than the shape needs, or more), EXATTN_EDOMAIN (a NaN or
 * an infinity), EXATTN_ENOMEM; the message names the byte. */
int exattn_npy__read(exattn_npy *out, const unsigned char *data, size_t len,
                     const char *name, size_t max_values,
                     exattn_error_t *err);
/* The same for the file `file` names, beside the file `beside_file`
 * (a lesson, a results file) unless absolute; EXATTN_EIO (cannot open or
 * read it, or too large) naming the path. */
int exattn_npy__read_file(exattn_npy *out, const char *beside_file,
                          const char *file, size_t max_values,
                          exattn_error_t *err);
void exattn_npy__clear(exattn_npy *n);

#endif
