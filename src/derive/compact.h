/* Compact rows: a row with more allowed keys than the sum threshold
 * (--sum-threshold, EXATTN_SUM_THRESHOLD by default) and named weights is
 * written around its softmax denominator Z_i, defined once; blocked keys
 * are left out of its per-key lists, its scores are not written out term
 * by term, and its contributions (m x d_v of them) are listed only when
 * asked for by name.  Every form here is O(1) in m, so a row of 4096 keys
 * prints in O(m) characters, not O(m^2). */
#ifndef EXATTN_PRINT_COMPACT_H
#define EXATTN_PRINT_COMPACT_H

#include "internal.h"

/* Is the row compact under `threshold` (EXATTN_SUM_NEVER: never)? */
int exattn_compact__is(const exattn_row *row, size_t threshold);

/* The row's symbol with a letter: "Z3", "Z[rises]"; LaTeX "Z_{3}". */
void exattn_compact__symbol(exattn_sbuf *b, const exattn_row *row,
                            const char *letter, int latex);
/* The allowed keys with runs shortened: text "K1…K7,K9", LaTeX
 * "\{1, \dots, 7, 9\}" (the key indices). */
void exattn_compact__key_set(exattn_sbuf *b, const exattn_row *row,
                             int latex);
/* Z_i's definition: "Σ_{k∈A3} e^{s_k}", "\sum_{k \in A_{3}} e^{s_{3,k}}". */
void exattn_compact__denominator(exattn_sbuf *b, const exattn_row *row,
                                 int latex);
/* Score j named by its factors: "Q3·K1", "q_{3}k_{1}^{\mathsf{T}}". */
void exattn_compact__score(exattn_sbuf *b, const exattn_row *row, size_t j,
                           int latex);
/* Weight j over Z_i: "e^{27/√32}/Z3", "\frac{e^{...}}{Z_{3}}". */
void exattn_compact__weight(exattn_sbuf *b, const exattn_row *row, size_t j,
                            int latex);
/* Output coordinate c (0-based): "(Σ_{k∈A3} e^{s_k}·V_{k,1})/Z3",
 * "\frac{1}{Z_{3}}\sum_{k \in A_{3}} e^{s_{3,k}}\,V_{k,1}". */
void exattn_compact__output(exattn_sbuf *b, const exattn_row *row, size_t c,
                            int latex);

#endif
