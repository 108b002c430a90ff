/* A dyadic head: a lesson whose Q, K and V are dyadic rationals -- floats
 * of any binary format, integers, values such as 0.25 -- evaluated row by
 * row on machine integers, for grading a float head of thousands of keys
 * (issue 29).  Its scores are exact; its weights and outputs are
 * enclosures whose radii are proved below (src/row/dyadic.c), narrow
 * enough to grade a binary32 result in all but rare cases, which the
 * caller grades the exact way.  The exact-or-named rule is not made
 * again here: a row it could call exact or would group (fewer than two
 * allowed keys, two equal scores, an output coordinate whose allowed
 * values are all equal) is refused, and takes the row model's path. */
#ifndef EXATTN_ROW_DYADIC_H
#define EXATTN_ROW_DYADIC_H

#include "lesson/model.h"
#include "eval/ball.h"

typedef struct exattn_dyadic exattn_dyadic;

/* *out: the head of l, or NULL with EXATTN_OK when l is not one this path
 * evaluates (a block lesson; an entry of Q, K or V that is not dyadic; a
 * scale of 0; a compiler without 128-bit integers).  EXATTN_ENOMEM. */
int exattn_dyadic__new(exattn_dyadic **out, const exattn_lesson *l);
void exattn_dyadic__free(exattn_dyadic *h);

/* Evaluate query row i: *fast = 1 when its weights and outputs are
 * enclosed (then read them below until the next call), 0 when the row is
 * one the rule decides (see above).  EXATTN_ENOMEM. */
int exattn_dyadic__row(exattn_dyadic *h, size_t i, int *fast);

/* After a fast row: an enclosure of weight j (a blocked key's weight is
 * exactly 0, *blocked = 1) and of output coordinate c, each its midpoint
 * at b's precision. */
void exattn_dyadic__weight(exattn_ball *b, const exattn_dyadic *h, size_t j,
                           int *blocked);
void exattn_dyadic__output(exattn_ball *b, const exattn_dyadic *h, size_t c);

#endif
