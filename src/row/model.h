/* The row model: one query row's scores, its equal-score groups and the
 * exact-or-named rule's decisions, with the integer views that make a
 * large head fast.  The row layer owns it (src/row/). */
#ifndef EXATTN_ROW_MODEL_H
#define EXATTN_ROW_MODEL_H

#include "lesson/model.h"
#include "row/dyadic_view.h"

/* ---- rows (src/row/) ---------------------------------------------------- */

/* Integer views of Q, K, V (src/row/ints.c): each matrix times the lcm
 * of its denominators, as int64; NULL where that does not fit the
 * bounds. */
typedef struct
{
    int64_t *q, *k, *v;         /* row-major, like the matrices */
    mpz_t den_qk;               /* q.k = (q'.k') / den_qk */
    mpz_t den_v;                /* V = V' / den_v */
    /* Where q and k are NULL and Q and K are dyadic (floats: a float
     * head's common denominator is 2^(its smallest exponent)), each row
     * scaled on its own (src/row/dyadic_view.h): exact dot products on
     * 128-bit or GMP integers instead of d_k rational ones; else NULL. */
    exattn_dview *rows_q, *rows_k;
} exattn_ints;

int exattn_ints__new(exattn_ints **out, const exattn_lesson *l);
void exattn_ints__free(exattn_ints *iv);

struct exattn_row
{
    const exattn_lesson *lesson;
    size_t index;
    /* Scores are stored once per distinct value ("class"): a real head
     * has a few hundred distinct scores among thousands of keys. */
    size_t class_count;
    mpq_t *class_score;         /* distinct raw scores */
    mpq_t *class_coef;          /* their scaled-score coefficients */
    mpq_ptr *score;             /* m: the raw score of key j */
    mpq_ptr *coef;              /* m: its scaled-score coefficient */
    const unsigned char *allowed;
    size_t allowed_count;
    int weights_exact;
    mpq_t weight;               /* 1/|A| when weights_exact */
    unsigned char *out_exact;   /* d_v flags */
    mpq_t *out_value;           /* d_v values, meaningful where exact */
    /* Equal-score groups of the allowed keys, in increasing scaled
     * score: the rule's and the evaluation's unit. */
    size_t *group;              /* m: group of an allowed key, else -1 */
    size_t group_count;
    size_t *group_key;          /* first key (lowest index) of a group */
    unsigned long *group_size;  /* its number of keys */
    mpq_t *group_sum;           /* group_count x d_v: sum of V_jc, or */
    int64_t *group_isum;        /* the same on integers, times den_v
                                   (then group_sum is NULL) */
    mpz_srcptr den_v;           /* of group_isum (borrowed); 1 if none */
    size_t *order;              /* allowed_count keys by scaled score */
    int written_exponents;      /* presentation, set by the derivation:
                                   e^{2/√2} as the lesson writes the
                                   exponent, not e^{√2} */
};

/* Row i of l; with integer views (NULL: none), scores and group sums on
 * machine integers. */
int exattn_row__new_in(exattn_row **out, const exattn_lesson *l, size_t i,
                       const exattn_ints *ints, exattn_error_t *err);

/* The exact-or-named rule (src/row/rule.c): from row->order (allowed keys
 * by scaled score) decide the groups, the weights and every output
 * coordinate; group sums of V on integers when `ints` has a view of V. */
int exattn_rule__decide(exattn_row *row, const exattn_ints *ints);

#endif
