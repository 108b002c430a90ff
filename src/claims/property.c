/* Property claims ("holds"), each proved by exact or certified arithmetic
 * on the row's quantities built as expressions (src/expr/row_node.c),
 * never sampled:
 *   distribution  every weight of the row is >= 0 (its sign proved by an
 *                 enclosure) and they sum to exactly 1 (the normal form);
 *   convex        every output coordinate lies between the smallest and
 *                 the largest allowed value of that coordinate;
 *   ties          keys with equal scores have equal weights;
 *   sharpens      along a sequence of lessons (a growing query multiplier),
 *                 the weight of the largest score increases from each to
 *                 the next, and keys tied in score keep equal weights;
 *   equivariant   a permuted variant's token has the output it had in the
 *                 base lesson (it moved with its row).
 * A false property names its counterexample; one the precision cap leaves
 * open is undecided, and says where. */
#include <stdio.h>
#include <stdlib.h>
#include "claims/check.h"
#include "expr/expr.h"
#include "expr/row_node.h"

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
        if ((w = exattn_expr__row_node(p->pool, row, EXATTN_WEIGHT, j, 0,
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

/* lo and hi: copies, for an entry of V held as an integer is seen
 * through a view that lasts only its block. */
static int
convex_in(prop *p, mpq_t lo, mpq_t hi)
{
    const exattn_row *row = p->row;
    const exattn_lesson *l = row->lesson;
    exattn_xnode *o;
    char note[200], *slo, *shi;
    size_t c, j;
    int rc, sl, sh, first;

    for (c = 0; c < l->dv; c++)
    {
        for (j = 0, first = 1; j < l->m; j++)
        {
            mpq_srcptr v = EXATTN_AT(&l->v, j, c);

            if (!row->allowed[j])
                continue;
            if (first || mpq_cmp(v, lo) < 0)
                mpq_set(lo, v);
            if (first || mpq_cmp(v, hi) > 0)
                mpq_set(hi, v);
            first = 0;
        }
        if ((o = exattn_expr__row_node(p->pool, row, EXATTN_OUTPUT, 0, c,
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
convex(prop *p)
{
    mpq_t lo, hi;
    int rc;

    mpq_inits(lo, hi, (mpq_ptr)0);
    rc = convex_in(p, lo, hi);
    mpq_clears(lo, hi, (mpq_ptr)0);
    return rc;
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
            a = exattn_expr__row_node(p->pool, row, EXATTN_WEIGHT, j, 0,
                                        p->err);
            b = exattn_expr__row_node(p->pool, row, EXATTN_WEIGHT, k, 0,
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

/* The weight of key j in `row` minus its weight in `from`: its sign. */
static int
weight_change(prop *p, const exattn_row *from, const exattn_row *row,
              size_t j, int *sign)
{
    exattn_xnode *a = exattn_expr__row_node(p->pool, from, EXATTN_WEIGHT, j,
                                              0, p->err);
    exattn_xnode *b = exattn_expr__row_node(p->pool, row, EXATTN_WEIGHT, j,
                                              0, p->err);
    exattn_xnode *d;

    if (a == NULL || b == NULL)
        return node_failed(p);
    if (exattn_expr__same(a, b))
    {
        *sign = 0;
        return EXATTN_OK;
    }
    if ((d = exattn_expr__apply(p->pool, EXATTN_X_SUB, b, a, p->err))
        == NULL)
        return node_failed(p);
    return sign_of(p, d, sign);
}

static const char *
lesson_name(const exattn_lesson *l)
{
    return l->name ? l->name : "base";
}

/* Keys j and k have equal weights in `row`? 1 proved equal, 0 proved
 * different; EXATTN_EUNABLE or an error code otherwise (negated). */
static int
tied_weights(prop *p, const exattn_row *row, size_t j, size_t k, int *equal)
{
    exattn_xnode *a = exattn_expr__row_node(p->pool, row, EXATTN_WEIGHT, j,
                                              0, p->err);
    exattn_xnode *b = exattn_expr__row_node(p->pool, row, EXATTN_WEIGHT, k,
                                              0, p->err);
    exattn_xnode *d;
    int rc, sign;

    if (a == NULL || b == NULL)
        return node_failed(p);
    if (exattn_expr__same(a, b))
    {
        *equal = 1;
        return EXATTN_OK;
    }
    if ((d = exattn_expr__apply(p->pool, EXATTN_X_SUB, a, b, p->err))
        == NULL)
        return node_failed(p);
    rc = sign_of(p, d, &sign);
    *equal = sign == 0;
    return rc;
}

/* The largest scaled score of the last lesson's row: its keys (top[j]),
 * how many, and how many keys are allowed. */
static size_t
largest(const exattn_row *row, char *top, size_t *allowed)
{
    const exattn_lesson *l = row->lesson;
    mpq_srcptr best = NULL;
    size_t j, count = 0;

    *allowed = 0;
    for (j = 0; j < l->m; j++)
        if (row->allowed[j])
        {
            (*allowed)++;
            if (best == NULL || mpq_cmp(row->coef[j], best) > 0)
                best = row->coef[j];
        }
    for (j = 0; j < l->m; j++)
        if ((top[j] = row->allowed[j] && mpq_equal(row->coef[j], best)))
            count++;
    return count;
}

/* Along the lessons, pair by pair: the largest score's weight grows. */
static int
sharpening(prop *p, exattn_row *const *rows, size_t count, const char *top)
{
    const exattn_lesson *l = rows[0]->lesson;
    char note[300];
    size_t k, j;
    int rc, sign;

    for (k = 1; k < count; k++)
        for (j = 0; j < l->m; j++)
        {
            if (!top[j])
                continue;
            if ((rc = weight_change(p, rows[k - 1], rows[k], j, &sign))
                == EXATTN_EUNABLE)
            {
                snprintf(note, sizeof note, "the change of key %.40s's weight "
                         "from \"%.60s\" to \"%.60s\" is undecided within "
                         "the precision cap", key_name(rows[0], j),
                         lesson_name(rows[k - 1]->lesson),
                         lesson_name(rows[k]->lesson));
                return verdict(p, EXATTN_UNDECIDED, "undecided", note);
            }
            if (rc != EXATTN_OK)
                return rc;
            if (sign <= 0)
            {
                snprintf(note, sizeof note, "the weight of key %.40s (the "
                         "largest score) %s from \"%.60s\" to \"%.60s\"",
                         key_name(rows[0], j),
                         sign == 0 ? "stays the same" : "decreases",
                         lesson_name(rows[k - 1]->lesson),
                         lesson_name(rows[k]->lesson));
                return verdict(p, EXATTN_FAIL, "false", note);
            }
        }
    return EXATTN_OK;
}

/* In every lesson, keys tied in score in the last one have equal weights:
 * *pairs counts them. */
static int
ties_kept(prop *p, exattn_row *const *rows, size_t count, size_t *pairs)
{
    const exattn_row *last = rows[count - 1];
    const exattn_lesson *l = last->lesson;
    char note[300];
    size_t k, j, i;
    int rc, equal;

    *pairs = 0;
    for (j = 0; j < l->m; j++)
        for (i = j + 1; i < l->m; i++)
        {
            if (!last->allowed[j] || !last->allowed[i]
                || !mpq_equal(last->coef[j], last->coef[i]))
                continue;
            ++*pairs;
            for (k = 0; k < count; k++)
            {
                rc = tied_weights(p, rows[k], j, i, &equal);
                if (rc == EXATTN_EUNABLE || (rc == EXATTN_OK && !equal))
                {
                    snprintf(note, sizeof note, "keys %.40s and %.40s have "
                             "equal scores but %s weights in \"%.60s\"",
                             key_name(last, j), key_name(last, i),
                             rc == EXATTN_EUNABLE ? "not proved equal"
                                                  : "different",
                             lesson_name(rows[k]->lesson));
                    return verdict(p, rc == EXATTN_EUNABLE ? EXATTN_UNDECIDED
                                                           : EXATTN_FAIL,
                                   rc == EXATTN_EUNABLE ? "undecided"
                                                        : "false", note);
                }
                if (rc != EXATTN_OK)
                    return rc;
            }
        }
    return EXATTN_OK;
}

static int
sharpens(prop *p, const exattn_claim *c)
{
    exattn_row **rows = calloc(c->along_count, sizeof *rows);
    char *top = malloc(c->lesson->m ? c->lesson->m : 1), note[300];
    size_t k, tops = 0, allowed = 0, pairs = 0;
    int rc = rows && top ? EXATTN_OK : node_failed(p);

    for (k = 0; rc == EXATTN_OK && k < c->along_count; k++)
        rc = exattn_row_new(&rows[k], c->along[k], c->row, p->err);
    if (rc == EXATTN_OK)
        tops = largest(rows[c->along_count - 1], top, &allowed);
    if (rc == EXATTN_OK && tops == allowed)
        rc = verdict(p, EXATTN_FAIL, "false", "every allowed key has the "
                     "largest score: no weight can grow");
    else if (rc == EXATTN_OK
             && (rc = sharpening(p, rows, c->along_count, top)) == EXATTN_OK
             && p->r->note == NULL
             && (rc = ties_kept(p, rows, c->along_count, &pairs))
                    == EXATTN_OK
             && p->r->note == NULL)
    {
        snprintf(note, sizeof note, "proved: along %zu lessons the weight of "
                 "the largest score increases at each step%s", c->along_count,
                 pairs ? ", and keys tied in score keep equal weights" : "");
        rc = verdict(p, EXATTN_PASS, "holds", note);
    }
    for (k = 0; rows != NULL && k < c->along_count; k++)
        exattn_row_free(rows[k]);
    free(rows);
    free(top);
    return rc;
}

/* The variant's row holds the token of the base's row perm[row]: their
 * outputs, coordinate by coordinate. */
static int
equivariant(prop *p, const exattn_claim *c)
{
    const exattn_lesson *v = p->row->lesson;
    size_t from = v->perm[c->row], col;
    exattn_row *base = NULL;
    exattn_xnode *a, *b, *d;
    char note[300];
    int rc = exattn_row_new(&base, c->minus_lesson, from, p->err), sign = 0;

    for (col = 0; rc == EXATTN_OK && col < v->dv; col++)
    {
        a = exattn_expr__row_node(p->pool, p->row, EXATTN_OUTPUT, 0, col,
                                    p->err);
        b = exattn_expr__row_node(p->pool, base, EXATTN_OUTPUT, 0, col,
                                    p->err);
        if (a == NULL || b == NULL)
            rc = node_failed(p);
        else if (exattn_expr__same(a, b))
            continue;
        else if ((d = exattn_expr__apply(p->pool, EXATTN_X_SUB, a, b,
                                         p->err)) == NULL)
            rc = node_failed(p);
        else if ((rc = sign_of(p, d, &sign)) == EXATTN_OK && sign == 0)
            continue;
        if (rc == EXATTN_OK || rc == EXATTN_EUNABLE)
            break;
    }
    exattn_row_free(base);
    if (rc == EXATTN_EUNABLE || (rc == EXATTN_OK && col < v->dv))
    {
        snprintf(note, sizeof note, "coordinate %zu of token %.40s's output "
                 "%s its output in \"%.60s\" (row %zu there)", col + 1,
                 v->query_labels[c->row],
                 rc == EXATTN_EUNABLE ? "is not proved equal to"
                                      : "differs from",
                 lesson_name(c->minus_lesson), from + 1);
        return verdict(p, rc == EXATTN_EUNABLE ? EXATTN_UNDECIDED
                                               : EXATTN_FAIL,
                       rc == EXATTN_EUNABLE ? "undecided" : "false", note);
    }
    if (rc != EXATTN_OK)
        return rc;
    snprintf(note, sizeof note, "proved: token %.40s's output is its output "
             "in \"%.60s\" (row %zu there), all %zu coordinates",
             v->query_labels[c->row], lesson_name(c->minus_lesson), from + 1,
             v->dv);
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
    case EXATTN_PROPERTY_SHARPENS: rc = sharpens(&p, c); break;
    case EXATTN_PROPERTY_EQUIVARIANT: rc = equivariant(&p, c); break;
    default: rc = ties(&p); break;
    }
    exattn_expr_free(p.pool);
    return rc;
}
