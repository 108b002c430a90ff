/* Building blocks of named presentations, shared by the printers. */
#ifndef EXATTN_PRINT_NAMED_H
#define EXATTN_PRINT_NAMED_H

#include "row/model.h"

/* A rational as a factor of a product ("(-2)", "(1/2)" in text). */
void exattn_named__factor(exattn_sbuf *b, const mpq_t q, int latex);
/* Scaled score j in the lesson's form ("2/√2") and simplified ("√2"). */
void exattn_named__scaled(exattn_sbuf *b, const exattn_row *row, size_t j,
                          int latex);
void exattn_named__scaled_simplified(exattn_sbuf *b, const exattn_row *row,
                                     size_t j, int latex);
/* e^{s_j}. */
void exattn_named__exp(exattn_sbuf *b, const exattn_row *row, size_t j,
                       int latex);
/* Weight j ("e^0/(e^0+e^1)", "1/3", "0"), and the same as a factor. */
void exattn_named__weight(exattn_sbuf *b, const exattn_row *row, size_t j,
                          int latex);
void exattn_named__weight_factor(exattn_sbuf *b, const exattn_row *row,
                                 size_t j, int latex);

/* Score j's dot product written out ("1·1+0·1"), contribution (j, c)
 * ("(e^0/(e^0+e^1))·2"), output coordinate c (the named sum): what
 * exattn_row_get_str returns, written into b. */
void exattn_named__dot_product(exattn_sbuf *b, const exattn_row *row,
                               size_t j, int latex);
void exattn_named__contribution(exattn_sbuf *b, const exattn_row *row,
                                size_t j, size_t c, int latex);
void exattn_named__output(exattn_sbuf *b, const exattn_row *row, size_t c,
                          int latex);


#endif
