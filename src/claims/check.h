/* Checking one claim: the verdict and the evidence of each entry. */
#ifndef EXATTN_CLAIMS_CHECK_H
#define EXATTN_CLAIMS_CHECK_H

#include "row/model.h"
#include "expr/expr.h"

typedef struct
{
    exattn_verdict_t verdict;
    char *truth;                /* "2/3", "0.283995" (3 more digits), ... */
    char *rounds_to;            /* approx FAIL: the correct rounding */
    int tie;                    /* an exact value on a rounding tie */
    char *slip;                 /* the usual slips it matches, or NULL */
    char *note;                 /* why, for is/named verdicts */
    char *enc_lo, *enc_hi;      /* certificate: the deciding enclosure */
    long prec;                  /* and its working precision (0: exact) */
} exattn_entry_result;

typedef struct
{
    exattn_verdict_t verdict;   /* FAIL if any entry fails, else UNDECIDED
                                   if any is undecided, else PASS */
    size_t count;
    exattn_entry_result *entries;
} exattn_claim_result;

/* Check claim c.  `block` (may be NULL: built here when the claim needs
 * it) is the lesson's block, built with the same max_prec and shared by
 * the claims of a report: a block is built once, not once per claim. */
int exattn_claims__check(exattn_claim_result *out, const exattn_claim *c,
                         exattn_block *block, mpfr_prec_t max_prec,
                         exattn_error_t *err);
/* Rows kept from claim to claim (rows.c), for a caller that checks many
 * claims on the same rows. */
typedef struct exattn_claims_rows exattn_claims_rows;
exattn_claims_rows *exattn_claims__rows_new(void);
void exattn_claims__rows_free(exattn_claims_rows *r);
/* Row `index` of lesson l and its evaluation, kept in r (built on first
 * use); both NULL, and EXATTN_OK, when r keeps no more rows. */
int exattn_claims__rows_get(exattn_claims_rows *r, const exattn_lesson *l,
                            size_t index, exattn_row **row,
                            exattn_row_eval **ev, exattn_error_t *err);

/* The same verdicts and notes, but a decided approx or named entry has
 * no truth text (NULL): the audit checks many numbers and formulas and
 * shows the truth its own way, so it skips their extra decimals.  A
 * row claim reads its row from `rows` (NULL: built for the claim). */
int exattn_claims__verdict(exattn_claim_result *out, const exattn_claim *c,
                           exattn_block *block, exattn_claims_rows *rows,
                           mpfr_prec_t max_prec, exattn_error_t *err);
void exattn_claims__clear(exattn_claim_result *r);

/* The entries of claim c's quantity (its values are not read): exact
 * ones exactly (exact[i] = 1), named ones as their certified rounding to
 * nearest with `digits` decimals (exact[i] = 0).  out has c->count
 * initialised entries.  An undecided rounding is an error (EXATTN_EUNABLE
 * with err filled). */
int exattn_claims__values(mpq_t *out, int *exact, const exattn_claim *c,
                          unsigned long digits, exattn_block *block,
                          exattn_claims_rows *rows, mpfr_prec_t max_prec,
                          exattn_error_t *err);

/* A property claim on its row (src/claims/property.c): the verdict and
 * its proof or counterexample in r. */
int exattn_claims__property(exattn_entry_result *r, const exattn_claim *c,
                            const exattn_row *row, mpfr_prec_t max_prec,
                            exattn_error_t *err);

/* Call each(ctx, i, e, err) for every entry i of claim c's quantity,
 * with the entry as an expression of its own, valid during the call: a
 * row's quantity built from the row's exact data, a block's node, an
 * expression, a difference, or an exact value.  The first error ends it
 * (src/claims/check.c; exattn get, src/claims/get.c). */
typedef int (*exattn_claims_each_fn)(void *ctx, size_t i,
                                     const exattn_expr *e,
                                     exattn_error_t *err);
int exattn_claims__each_expr(const exattn_claim *c, mpfr_prec_t max_prec,
                             exattn_claims_each_fn each, void *ctx,
                             exattn_error_t *err);

#endif
