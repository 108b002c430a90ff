/* Rows: one query row of a lesson, derived exactly.  A row holds its
 * scores, the exact-or-named decision for its weights and for every output
 * coordinate, and nothing else: text and LaTeX are produced on request, so
 * a derivation can be streamed row by row. */
#ifndef EXATTN_ROW_H
#define EXATTN_ROW_H

#include <stddef.h>
#include <gmp.h>
#include <exattn/error.h>
#include <exattn/lesson.h>

typedef struct exattn_row exattn_row;

typedef enum
{
    EXATTN_EXACT = 0,   /* an exact rational, available as an mpq */
    EXATTN_NAMED = 1    /* irrational: kept as a named term */
} exattn_status_t;

/* The quantities of a row.  `key` indexes keys (0..m-1) and `col` value
 * coordinates (0..d_v-1); arguments a kind does not use are ignored. */
typedef enum
{
    EXATTN_SCORE = 0,         /* q_i . k_j, exact (key) */
    EXATTN_SCALED = 1,        /* the score times the scale (key) */
    EXATTN_WEIGHT = 2,        /* softmax weight (key) */
    EXATTN_CONTRIBUTION = 3,  /* weight_j * V_jc (key, col) */
    EXATTN_OUTPUT = 4         /* sum_j weight_j * V_jc (col) */
} exattn_kind_t;

/* Presentation flags for exattn_row_get_str. */
#define EXATTN_TEXT 0u
#define EXATTN_LATEX 1u
#define EXATTN_SIMPLIFIED 2u    /* scaled scores as c·√s: "3√2/2" */

/* Derive query row `i` (0-based) of `lesson`.  Fails only for an index out
 * of range or lack of memory: a lesson that loaded has been checked. */
EXATTN_WUR int exattn_row_new(exattn_row **out, const exattn_lesson *lesson,
                              size_t i, exattn_error_t *err);

/* Release a row.  NULL is a no-op. */
void exattn_row_free(exattn_row *row);

/* The lesson (borrowed) and index the row was derived from. */
const exattn_lesson *exattn_row_lesson(const exattn_row *row);
size_t exattn_row_index(const exattn_row *row);

/* How many keys the row may attend to (|A| >= 1), and whether key j is
 * one of them. */
size_t exattn_row_allowed_count(const exattn_row *row);
int exattn_row_is_allowed(const exattn_row *row, size_t key);

/* Whether the row's softmax weights are exact (all allowed scores equal:
 * every allowed weight is 1/|A|). */
int exattn_row_weights_exact(const exattn_row *row);

/* Status of a quantity; EXATTN_NAMED also for out-of-range arguments. */
exattn_status_t exattn_row_status(const exattn_row *row, exattn_kind_t kind,
                                  size_t key, size_t col);

/* Exact value of a quantity.  EXATTN_ENOTEXACT for a named quantity,
 * EXATTN_EINVAL for an out-of-range argument; `out` is unchanged then.
 * A named scaled score c*sqrt(s) has its rational part c written by
 * exattn_row_scaled_coef instead. */
EXATTN_WUR int exattn_row_get_mpq(mpq_t out, const exattn_row *row,
                                  exattn_kind_t kind, size_t key, size_t col);

/* Scaled score of key j as c * sqrt(s): writes c, returns s (>= 1,
 * square-free; 1 when the scale is rational). */
unsigned long exattn_row_scaled_coef(mpq_t c, const exattn_row *row,
                                     size_t key);

/* The named presentation of a quantity, in the lesson's form (text with
 * flags EXATTN_TEXT, LaTeX with EXATTN_LATEX): "e^0/(e^0+e^1)" for a named
 * weight, "1·1+1·2" for a score.  Release with exattn_free(); NULL when out
 * of memory or for out-of-range arguments. */
char *exattn_row_get_str(const exattn_row *row, exattn_kind_t kind,
                         size_t key, size_t col, unsigned flags);

#endif
