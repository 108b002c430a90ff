/* Blocks: a lesson's "block" -- sinusoidal positions, several heads and
 * W_O, residual paths, LayerNorm or RMSNorm and the feed-forward network
 * of a Post-LN or Pre-LN Transformer block, self- or cross-attention --
 * derived as named states.
 * Every quantity is an expression: exact when the arithmetic proves it a
 * rational, named otherwise, evaluated only on request. */
#ifndef EXATTN_BLOCK_H
#define EXATTN_BLOCK_H

#include <stddef.h>
#include <mpfr.h>
#include <exattn/error.h>
#include <exattn/lesson.h>
#include <exattn/expr.h>

typedef struct exattn_block exattn_block;

/* Whether the lesson describes a block. */
int exattn_lesson_has_block(const exattn_lesson *lesson);

/* Derive the lesson's block.  ReLU signs and the equality of named
 * scores are proved with enclosures of at most `max_prec` bits (0: the
 * default cap, EXATTN_DEFAULT_MAX_PREC);
 * what is not proved stays undecided (and is enclosed as such).  Errors:
 * EXATTN_EINVAL (no block), EXATTN_EDOMAIN (a LayerNorm dividing by an
 * exact 0, or an RMSNorm by a mean square of 0), EXATTN_ENOMEM. */
EXATTN_WUR int exattn_block_new(exattn_block **out,
                                const exattn_lesson *lesson,
                                mpfr_prec_t max_prec, exattn_error_t *err);
void exattn_block_free(exattn_block *block);

/* Entry (i, j), 0-based, of a quantity named as in claims ("pe", "input",
 * "h1.weights", "attention", "ln1.mean", "ln1.mean_square", "ffn.relu",
 * "ln2", "final_norm", ... see
 * docs/lesson-format.md); for "pe" i is the position p.  The expression
 * borrows from the block: release it (exattn_expr_free) before the block.
 * EXATTN_EINVAL for an unknown name or an index out of range. */
EXATTN_WUR int exattn_block_quantity(exattn_expr **out,
                                     const exattn_block *block,
                                     const char *name, size_t i, size_t j,
                                     exattn_error_t *err);

#endif
