/* Deciding a `named` claim: the identity engine (exattn_expr__identity,
 * src/expr/lform.c) compares the quantity -- a row's, built from the
 * row's exact data, or a block's or an expression's node -- with the
 * claim: the same normal form proves it; enclosures that separate prove
 * it different.  A claim naming quantities by path
 * ("2*weights[rises][3]") is parsed again with the quantities
 * themselves. */
#include <stdlib.h>
#include <string.h>
#include "claims/source.h"
#include "expr/row_node.h"
#include "claims/read.h"

typedef exattn_claim_source source;

/* The quantity's node, in `pool` for a row's; NULL when there is none
 * (or beyond a limit: then enclosures decide). */
static const exattn_xnode *
quantity(exattn_expr *pool, const source *s)
{
    exattn_error_t local;

    exattn_error_init(&local);
    if (s->claim->target == EXATTN_TARGET_ROW)
        return pool ? exattn_expr__row_node(pool, s->row, s->kind, s->key,
                                            s->col, &local)
                    : NULL;
    return exattn_claims__source_expr(s)
               ? exattn_claims__source_expr(s)->root
               : NULL;
}

/* The identity engine's verdict on the claim, EXATTN_IDENTITY_UNKNOWN
 * when it has none. */
static exattn_identity_t
identity(const source *s, const exattn_expr *claimed)
{
    exattn_expr *pool = exattn_expr__pool("quantity");
    const exattn_xnode *n = quantity(pool, s);
    exattn_identity_t t = n ? exattn_expr__identity(n, claimed->root)
                            : EXATTN_IDENTITY_UNKNOWN;

    exattn_expr_free(pool);
    return t;
}

int
exattn_claims__check_named(exattn_entry_result *r, source *s,
                           const exattn_expr *claimed, exattn_error_t *err)
{
    mpq_t q;
    int claimed_exact;

    mpq_init(q);
    claimed_exact = exattn_expr_get_mpq(q, claimed) == EXATTN_OK;
    if (s->want_truth)
        r->truth = exattn_claims__truth_text(s, 6, err);
    if (s->exact && claimed_exact)
    {
        r->verdict = mpq_equal(s->q, q) ? EXATTN_PASS : EXATTN_FAIL;
        if (r->verdict == EXATTN_FAIL)
            r->note = exattn_str__dup("a different rational");
    }
    else if (!s->exact && claimed_exact
             && s->claim->target == EXATTN_TARGET_ROW)
    {
        r->verdict = EXATTN_FAIL;
        r->note = exattn_str__dup("the value is named (irrational); the "
                                  "claim is rational");
    }
    else if (identity(s, claimed) == EXATTN_IDENTITY_EQUAL)
    {
        /* equal rational functions of the same radicals, exponentials
         * and named parts */
        r->verdict = EXATTN_PASS;
        r->note = exattn_str__dup("proved equal: the same normal form");
    }
    else
    {
        mpq_clear(q);
        return exattn_claims__numeric_verdict(r, s, claimed, err);
    }
    mpq_clear(q);
    return EXATTN_OK;
}

/* A path inside a claim's expression: the quantity's node, built from
 * its row's exact data in the expression being parsed. */
static exattn_xnode *
quantity_node(void *ctx, exattn_expr *pool, const char *path,
              exattn_error_t *why)
{
    const exattn_lesson *l = ctx;
    exattn_claim_ref ref;
    exattn_row *row;
    exattn_xnode *n;

    if (exattn_claims__ref(&ref, l, path, why) != EXATTN_OK
        || exattn_row_new(&row, l, ref.row, why) != EXATTN_OK)
        return NULL;
    n = exattn_expr__row_node(pool, row, ref.kind, ref.key, ref.col, why);
    exattn_row_free(row);
    return n;
}

/* Named value i, with the quantities it names by path. */
int
exattn_claims__check_named_refs(exattn_entry_result *r, source *s,
                                size_t i, exattn_error_t *err)
{
    const exattn_claim *c = s->claim;
    exattn_limits_t limits = EXATTN_LIMITS_INIT;
    exattn_expr *claimed = NULL;
    int rc;

    /* under the limits the claim was read with */
    limits.max_expr_length = c->expr_length;
    limits.max_expr_depth = c->expr_depth;
    rc = exattn_expr__parse_paths(&claimed, c->values[i],
                                  strlen(c->values[i]), c->lesson->file,
                                  &limits, quantity_node, (void *)c->lesson,
                                  err);

    if (rc == EXATTN_OK)
        rc = exattn_claims__check_named(r, s, claimed, err);
    exattn_expr_free(claimed);
    return rc;
}

