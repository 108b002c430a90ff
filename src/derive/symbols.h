/* A named row's LaTeX forms in symbols (src/derive/symbols.c); the text
 * forms these functions give are the row's usual named ones. */
#ifndef EXATTN_DERIVE_SYMBOLS_H
#define EXATTN_DERIVE_SYMBOLS_H

#include "internal.h"
#include "exattn/doc.h"

/* w_{i,j} */
void exattn_symbols__weight(exattn_sbuf *b, const exattn_row *row, size_t j,
                            int latex);
/* e^{s_1} + e^{s_2} + ...: Z_i's definition */
void exattn_symbols__denominator(exattn_sbuf *b, const exattn_row *row,
                                 size_t unused, int latex);
/* Σ_j V_{j,c} w_{i,j} over the allowed keys, zero values left out */
void exattn_symbols__output(exattn_sbuf *b, const exattn_row *row, size_t c,
                            int latex);

/* A_i by the keys' labels, "\\{\\text{grid}, \\text{load}\\}" (a compact
 * row writes index ranges instead) */
void exattn_symbols__key_set(exattn_sbuf *b, const exattn_row *row,
                             size_t unused, int latex);

#endif
