/* A symbol of a page's formula as written, and the lesson's entry it
 * names: shared by symbols.c (reading a symbol), symbol_refs.c (what it
 * names) and symbol_forms.c (the formula written out).  Private to
 * src/audit. */
#ifndef EXATTN_AUDIT_SYMBOLS_H
#define EXATTN_AUDIT_SYMBOLS_H

#include "audit/audit.h"

#define MAX_INDICES 3

/* One symbol as written, in parts. */
typedef struct
{
    char base[64];              /* "w", "\alpha", "\tilde{a}", "x'" */
    size_t head;                /* ^{(h)}: h, from 1; 0 when absent */
    size_t count;               /* indices */
    char index[MAX_INDICES][64];    /* each: digits or a label */
    int run_on;                 /* its index run on, Z9 */
} symbol;

/* An entry of the lesson a symbol names: a head lesson's row quantity,
 * Z, or an entry of Q, K, V; or a block's stage entry, or a block head's
 * softmax denominator (REF_BLOCK_Z: Z_{2}, \tilde{Z}^{(1)}_{2}; bq its
 * weights stage). */
typedef enum { REF_ROW, REF_Z, REF_MATRIX, REF_BLOCK, REF_KEY_WIDTH,
               REF_EPSILON, REF_BLOCK_Z } ref_kind;

typedef struct
{
    ref_kind what;
    exattn_kind_t kind;         /* REF_ROW */
    int matrix;                 /* REF_MATRIX: 0 Q, 1 K, 2 V */
    exattn_stage_t bq;               /* REF_BLOCK */
    size_t head;
    size_t row, key, col;       /* 0-based */
} ref;

/* The symbol [s, s + n) in parts; 0 when it is not one (symbols.c). */
int exattn_audit__read_symbol(symbol *y, const char *s, size_t n);

/* ---- what it names (symbol_refs.c) ------------------------------------ */

/* Index `text` among `count` things labelled `labels` (NULL: none, or
 * a decoder's memory when `memory`): 0-based, or (size_t)-1. */
size_t exattn_audit__symbol_position(const char *text, size_t count,
                                     char *const *labels,
                                     const exattn_lesson *memory);
/* The entry symbol [s, s + n) names in lesson l (blk its block, or
 * NULL; `reading` which of s's two readings); 0 when none. */
int exattn_audit__resolve_symbol(ref *out, const char *s, size_t n,
                                 const exattn_lesson *l,
                                 const exattn_block *blk, int reading);
/* The row of Q, K or V a head lesson's one-index symbol names (q_2,
 * k_{\text{rises}}): its matrix and row; 0 when none. */
int exattn_audit__vector_ref(const exattn_matrix **m, size_t *row,
                             const char *s, size_t n,
                             const exattn_lesson *l);

#endif
