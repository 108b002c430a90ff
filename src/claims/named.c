/* Deciding a `named` claim: the same normal form (src/expr/linear.c), or
 * the same rational function of one transcendental t = e^{√s/L}
 * (src/claims/tform.c), proves it equal; enclosures that separate prove
 * it different; a claim naming quantities by path ("2*weights[rises][3]")
 * is parsed again with the quantities themselves. */
#include <stdlib.h>
#include <string.h>
#include "claims/source.h"
#include "claims/tform.h"
#include "lesson/claims.h"

typedef exattn_claim_source source;

/* The verdict of an identity test; `base` names t (NULL: a surd). */
static void
identity_verdict(exattn_entry_result *r, exattn_tform_t t, const char *base)
{
    const char *how = base ? "the same rational function of t = "
                           : "the same multiple of a square root";
    size_t n = strlen(how) + (base ? strlen(base) : 0) + 32;

    r->verdict = t == EXATTN_TFORM_EQUAL ? EXATTN_PASS : EXATTN_FAIL;
    r->note = malloc(n);
    if (r->note)
        snprintf(r->note, n, "%s: %s%s%s",
                 t == EXATTN_TFORM_EQUAL ? "proved equal" : "proved different",
                 t == EXATTN_TFORM_EQUAL ? "" : "not ", how,
                 base ? base : "");
}

/* Has the row quantity, built as an expression from the row's exact data,
 * the normal form of the claim?  For rows whose exponents are too far
 * apart for polynomials in one t (scores 10^-19 apart): the normal forms
 * compare e^x by their exponents, whatever their size. */
static int
same_normal_form(const source *s, const exattn_expr *claimed)
{
    exattn_expr *pool = exattn_expr__pool("row");
    exattn_xnode *n;
    exattn_error_t local;
    int same = 0;

    exattn_error_init(&local);
    if (pool != NULL
        && (n = exattn_claims__row_node(pool, s->row, s->kind, s->key,
                                        s->col, &local)) != NULL)
        same = exattn_expr__same(n, claimed->root);
    exattn_expr_free(pool);
    return same;
}

int
exattn_claims__check_named(exattn_entry_result *r, source *s,
                           const exattn_expr *claimed, exattn_error_t *err)
{
    exattn_tform_t t = EXATTN_TFORM_UNKNOWN;
    char *base = NULL;
    mpq_t q;
    int claimed_exact, rc;

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
    else if (s->exact && s->claim->target == EXATTN_TARGET_ROW
             && s->kind != EXATTN_SCORE && s->kind != EXATTN_SCALED
             && (t = exattn_tform__compare_row(s->row, s->kind, s->key,
                                               s->col, claimed, &base))
                    != EXATTN_TFORM_UNKNOWN)
        /* an exact output written as its named sum: prove the identity */
        identity_verdict(r, t, base);
    else if (!s->exact && claimed_exact
             && s->claim->target == EXATTN_TARGET_ROW)
    {
        r->verdict = EXATTN_FAIL;
        r->note = exattn_str__dup("the value is named (irrational); the claim is "
                      "rational");
    }
    else if (!s->exact && exattn_claims__source_expr(s) != NULL
             && exattn_expr__same(exattn_claims__source_expr(s)->root,
                                  claimed->root))
    {
        r->verdict = EXATTN_PASS;
        /* the same normal form: equal rational functions of the same
         * radicals, exponentials and named parts */
        r->note = exattn_str__dup("proved equal: the same normal form");
    }
    else
    {
        if (!s->exact && s->claim->target == EXATTN_TARGET_ROW)
        {
            if (s->kind == EXATTN_SCALED)
            {
                mpq_t c;
                unsigned long surd;

                mpq_init(c);
                surd = exattn_row_scaled_coef(c, s->row, s->key);
                t = exattn_tform__compare_surd(c, surd, claimed);
                mpq_clear(c);
            }
            else
                t = exattn_tform__compare_row(s->row, s->kind, s->key,
                                              s->col, claimed, &base);
        }
        if (t != EXATTN_TFORM_UNKNOWN)
            identity_verdict(r, t, base);
        else if (s->claim->target == EXATTN_TARGET_ROW
                 && same_normal_form(s, claimed))
        {
            r->verdict = EXATTN_PASS;
            r->note = exattn_str__dup("proved equal: the same normal form");
        }
        else
        {
            mpq_clear(q);
            return exattn_claims__numeric_verdict(r, s, claimed, err);
        }
    }
    rc = EXATTN_OK;
    exattn_free(base);
    mpq_clear(q);
    return rc;
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

    if (exattn_lesson__claim_ref(&ref, l, path, why) != EXATTN_OK
        || exattn_row_new(&row, l, ref.row, why) != EXATTN_OK)
        return NULL;
    n = exattn_claims__row_node(pool, row, ref.kind, ref.key, ref.col, why);
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

