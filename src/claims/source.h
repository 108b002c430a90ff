/* A claim's entry and where its true value comes from, shared by the
 * checker (src/claims/check.c) and the search for the slip behind a
 * wrong decimal (src/claims/slips.c). */
#ifndef EXATTN_CLAIMS_SOURCE_H
#define EXATTN_CLAIMS_SOURCE_H

#include "claims/check.h"
#include "eval/ziv.h"
#include "eval/row_eval.h"
#include "expr/expr.h"
#include "block/block.h"

/* Where an entry's true value comes from. */
typedef struct
{
    const exattn_claim *claim;
    exattn_row *row;            /* row targets */
    exattn_row_eval *ev;
    exattn_kind_t kind;
    size_t key, col;
    int exact;
    mpq_t q;                    /* the exact value */
    mpfr_prec_t max_prec;
    exattn_block *block;        /* block targets */
    exattn_expr *view;          /* block and difference targets: the
                                   entry */
    exattn_row *minus_row;      /* difference targets: what is subtracted */
    exattn_expr *pool;          /* and the pool their entries are built
                                   in */
    int want_truth;             /* a decided entry's truth text: a report
                                   shows it; the audit does not */
    int borrowed;               /* row and ev are a rows cache's */
} exattn_claim_source;

/* The entry rounded to `digits` digits in `mode` (D = value * 10^digits);
 * cert and wp the enclosure that decided a named one (src/claims/check.c). */
int exattn_claims__decide(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp,
                          exattn_claim_source *s, unsigned long digits,
                          exattn_rounding_t mode, exattn_error_t *err);
/* The entry's certified value with `digits` digits, as text (malloc). */
char *exattn_claims__decimal_text(exattn_claim_source *s,
                                  unsigned long digits, exattn_error_t *err);

/* The expression of an expression or block entry; NULL for others. */
const exattn_expr *exattn_claims__source_expr(const exattn_claim_source *s);
/* The true value as a report shows it (malloc). */
char *exattn_claims__truth_text(exattn_claim_source *s, unsigned long digits,
                                exattn_error_t *err);
/* A named claim e decided by enclosures: different when they separate,
 * else undecided. */
int exattn_claims__numeric_verdict(exattn_entry_result *r,
                                   exattn_claim_source *s,
                                   const exattn_expr *e,
                                   exattn_error_t *err);

/* Named claims (src/claims/named.c): entry i of a claim named `claimed`,
 * and one whose named values name quantities by path. */
int exattn_claims__check_named(exattn_entry_result *r, exattn_claim_source *s,
                               const exattn_expr *claimed,
                               exattn_error_t *err);
int exattn_claims__check_named_refs(exattn_entry_result *r,
                                    exattn_claim_source *s, size_t i,
                                    exattn_error_t *err);

/* Slips (src/claims/slips.c).  The claimed decimal as an integer C =
 * claimed * 10^N; N. */
unsigned long exattn_claims__claimed_integer(mpz_t c, const char *text);
/* The usual slips behind a wrong decimal C of N digits when the right one
 * is D, all that match ("; or " between them), or NULL. */
char *exattn_claims__find_slip(exattn_claim_source *s, const mpz_t c,
                               const mpz_t d, unsigned long n,
                               exattn_error_t *err);
/* Does C name the other neighbour of an exact tie (toward zero)? */
int exattn_claims__other_tie_neighbour(exattn_claim_source *s,
                                       const mpz_t c, const mpz_t d,
                                       unsigned long n);
/* The note on an exact tie of N digits whose rounding away from zero is
 * D ("0.125 is exactly halfway between 0.12 and 0.13: either rounding
 * passes"), and on a FAIL why the claim is neither. */
char *exattn_claims__tie_note(exattn_claim_source *s, const mpz_t d,
                              unsigned long n, const char *claimed,
                              int passed, exattn_error_t *err);

#endif
