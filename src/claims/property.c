/* Property claims ("holds"), each proved by exact or certified arithmetic
 * on the row's quantities built as expressions (src/claims/rownode.c),
 * never sampled:
 *   distribution  every weight of the row is >= 0 (its sign proved by an
 *                 enclosure) and they sum to exactly 1 (the normal form);
 *   convex        every output coordinate lies between the smallest and
 *                 the largest allowed value of that coordinate;
 *   ties          keys with equal scores have equal weights.
 * A false property names its counterexample; one the precision cap leaves
 * open is undecided, and says where. */
#include <stdio.h>
#include <stdlib.h>
#include "claims/check.h"
#include "expr/expr.h"

typedef struct
{
    exattn_entry_result *r;
    const exattn_row *row;
    exattn_expr *pool;
    mpfr_prec_t cap;
    exattn_error_t *err;
} prop;

/* The sign of n, exact or by enclosures: 0 decided, EXATTN_EUNABLE when
 * the cap leaves it open, another code on a failure. */
static int
sign_of(prop *p, const exattn_xnode *n, int *sign)
{
    exattn_error_t local;
    int rc;

    if (n->exact)
    {
        *sign = mpq_sgn(n->value);
        return EXATTN_OK;
    }
    exattn_error_init(&local);
    rc = exattn_expr__sign(sign, n, p->cap, p->row->lesson->file, &local);
    if (rc != EXATTN_OK && rc != EXATTN_EUNABLE && p->err != NULL)
        *p->err = local;
    return rc;
}

static int
verdict(prop *p, exattn_verdict_t v, const char *truth, const char *note)
{
    p->r->verdict = v;
    p->r->truth = exattn_str__dup(truth);
    p->r->note = exattn_str__dup(note);
    return p->r->truth && p->r->note
           ? EXATTN_OK
           : exattn_error__set(p->err, EXATTN_ENOMEM, p->row->lesson->file,
                               0, 0, "out of memory");
}

static const char *
key_name(const exattn_row *row, size_t j)
{
    return row->lesson->key_labels[j];
}

static int
node_failed(prop *p)
{
    return p->err && p->err->code != EXATTN_OK
           ? p->err->code
           : exattn_error__set(p->err, EXATTN_ENOMEM, p->row->lesson->file,
                               0, 0, "out of memory");
}

static int
distribution(prop *p)
{
    const exattn_row *row = p->row;
    exattn_xnode *w, *sum = NULL, *diff;
    char note[160];
    size_t j;
    int sign, rc;

    for (j = 0; j < row->lesson->m; j++)
    {
        if ((w = exattn_claims__row_node(p->pool, row, EXATTN_WEIGHT, j, 0,
                                         p->err)) == NULL)
            return node_failed(p);
        if ((rc = sign_of(p, w, &sign)) == EXATTN_EUNABLE)
        {
            snprintf(note, sizeof note, "the sign of the weight of key "
                     "%.40s is undecided within the precision cap",
                     key_name(row, j));
            return verdict(p, EXATTN_UNDECIDED, "undecided", note);
        }
        if (rc != EXATTN_OK)
            return rc;
        if (sign < 0)
        {
            snprintf(note, sizeof note, "the weight of key %.40s is "
                     "negative", key_name(row, j));
            return verdict(p, EXATTN_FAIL, "false", note);
        }
        sum = sum == NULL ? w
              : exattn_expr__apply(p->pool, EXATTN_X_ADD, sum, w, p->err);
        if (sum == NULL)
            return node_failed(p);
    }
    if (!(sum->exact && mpq_cmp_ui(sum->value, 1, 1) == 0))
    {
        exattn_xnode *one = exattn_expr__num_si(p->pool, 1);

        diff = one ? exattn_expr__apply(p->pool, EXATTN_X_SUB, sum, one,
                                        p->err)
                   : NULL;
        if (diff == NULL)
            return node_failed(p);
        if ((rc = sign_of(p, diff, &sign)) == EXATTN_EUNABLE)
            return verdict(p, EXATTN_UNDECIDED, "undecided",
                           "the sum of the weights is not proved to be 1 "
                           "within the precision cap");
        if (rc != EXATTN_OK)
            return rc;
        if (sign != 0)
            return verdict(p, EXATTN_FAIL, "false",
                           sign > 0 ? "the weights sum to more than 1"
                                    : "the weights sum to less than 1");
    }
    snprintf(note, sizeof note, "proved: %zu weights, each >= 0, summing to "
             "exactly 1", row->lesson->m);
    return verdict(p, EXATTN_PASS, "holds", note);
}

/* The signs of o - lo and hi - o (output coordinate c against the
 * allowed values). */
static int
inside(prop *p, const exattn_xnode *o, mpq_srcptr lo, mpq_srcptr hi,
       int *sign_lo, int *sign_hi)
{
    exattn_xnode *nlo = exattn_expr__num(p->pool, lo);
    exattn_xnode *nhi = exattn_expr__num(p->pool, hi), *a = NULL, *b = NULL;
    int rc;

    if (nlo != NULL && nhi != NULL)
    {
        a = exattn_expr__apply(p->pool, EXATTN_X_SUB, (exattn_xnode *)o, nlo,
                               p->err);
        b = exattn_expr__apply(p->pool, EXATTN_X_SUB, nhi, (exattn_xnode *)o,
                               p->err);
    }
    if (a == NULL || b == NULL)
        return node_failed(p);
    if ((rc = sign_of(p, a, sign_lo)) != EXATTN_OK)
        return rc;
    return sign_of(p, b, sign_hi);
}

static int
convex(prop *p)
{
    const exattn_row *row = p->row;
    const exattn_lesson *l = row->lesson;
    exattn_xnode *o;
    char note[200], *slo, *shi;
    mpq_srcptr lo, hi, v;
    size_t c, j;
    int rc, sl, sh;

    for (c = 0; c < l->dv; c++)
    {
        lo = hi = NULL;
        for (j = 0; j < l->m; j++)
        {
            if (!row->allowed[j])
                continue;
            v = EXATTN_AT(&l->v, j, c);
            lo = lo == NULL || mpq_cmp(v, lo) < 0 ? v : lo;
            hi = hi == NULL || mpq_cmp(v, hi) > 0 ? v : hi;
        }
        if ((o = exattn_claims__row_node(p->pool, row, EXATTN_OUTPUT, 0, c,
                                         p->err)) == NULL)
            return node_failed(p);
        rc = inside(p, o, lo, hi, &sl, &sh);
        if (rc == EXATTN_EUNABLE)
        {
            snprintf(note, sizeof note, "coordinate %zu is not proved inside "
                     "the allowed values within the precision cap", c + 1);
            return verdict(p, EXATTN_UNDECIDED, "undecided", note);
        }
        if (rc != EXATTN_OK)
            return rc;
        if (sl < 0 || sh < 0)
        {
            slo = exattn_mpq_get_str(lo);
            shi = exattn_mpq_get_str(hi);
            snprintf(note, sizeof note, "coordinate %zu lies %s the allowed "
                     "values [%.30s, %.30s]", c + 1,
                     sl < 0 ? "below" : "above", slo ? slo : "?",
                     shi ? shi : "?");
            exattn_free(slo);
            exattn_free(shi);
            return verdict(p, EXATTN_FAIL, "false", note);
        }
    }
    snprintf(note, sizeof note, "proved: each of the %zu coordinates lies "
             "between the smallest and the largest allowed value", l->dv);
    return verdict(p, EXATTN_PASS, "holds", note);
}

static int
ties(prop *p)
{
    const exattn_row *row = p->row;
    const exattn_lesson *l = row->lesson;
    exattn_xnode *a, *b, *d;
    char note[200];
    size_t j, k, pairs = 0;
    int rc, sign;

    for (j = 0; j < l->m; j++)
        for (k = j + 1; k < l->m; k++)
        {
            if (!row->allowed[j] || !row->allowed[k]
                || !mpq_equal(row->score[j], row->score[k]))
                continue;
            pairs++;
            a = exattn_claims__row_node(p->pool, row, EXATTN_WEIGHT, j, 0,
                                        p->err);
            b = exattn_claims__row_node(p->pool, row, EXATTN_WEIGHT, k, 0,
                                        p->err);
            if (a == NULL || b == NULL)
                return node_failed(p);
            if (exattn_expr__same(a, b))
                continue;
            if ((d = exattn_expr__apply(p->pool, EXATTN_X_SUB, a, b,
                                        p->err)) == NULL)
                return node_failed(p);
            if ((rc = sign_of(p, d, &sign)) == EXATTN_EUNABLE)
            {
                snprintf(note, sizeof note, "the weights of keys %.40s and "
                         "%.40s are not proved equal within the precision "
                         "cap", key_name(row, j), key_name(row, k));
                return verdict(p, EXATTN_UNDECIDED, "undecided", note);
            }
            if (rc != EXATTN_OK)
                return rc;
            if (sign != 0)
            {
                snprintf(note, sizeof note, "keys %.40s and %.40s have equal "
                         "scores but different weights", key_name(row, j),
                         key_name(row, k));
                return verdict(p, EXATTN_FAIL, "false", note);
            }
        }
    if (pairs == 0)
        return verdict(p, EXATTN_PASS, "holds", "no two allowed keys have "
                       "equal scores (nothing to prove)");
    snprintf(note, sizeof note, "proved: the %zu pair%s of allowed keys with "
             "equal scores %s equal weights", pairs, pairs > 1 ? "s" : "",
             pairs > 1 ? "have" : "has");
    return verdict(p, EXATTN_PASS, "holds", note);
}

int
exattn_claims__property(exattn_entry_result *r, const exattn_claim *c,
                        const exattn_row *row, mpfr_prec_t max_prec,
                        exattn_error_t *err)
{
    prop p = { r, row, exattn_expr__pool("property"), 0, err };
    int rc;

    p.cap = max_prec;
    if (p.pool == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, row->lesson->file, 0, 0,
                                 "out of memory");
    switch (c->property)
    {
    case EXATTN_PROPERTY_DISTRIBUTION: rc = distribution(&p); break;
    case EXATTN_PROPERTY_CONVEX: rc = convex(&p); break;
    default: rc = ties(&p); break;
    }
    exattn_expr_free(p.pool);
    return rc;
}
