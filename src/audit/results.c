/* Numbers no marker names: results and mentions (docs/cli.md, "Results
 * and mentions").  The page's evidence (evidence.c) says whether a number
 * is a result and of what kinds and tokens; a result is compared with the
 * quantities in that scope, a slip only with those of the nearest kind;
 * a number with no evidence is a mention unless its value cannot be a
 * coincidence. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "audit/decide.h"

/* Could the number be a coincidence?  An integer, a fraction, or a
 * decimal of fewer than three significant digits (0.5, 0.25) is shared by
 * too many quantities to be bound without the page saying what it is. */
static int
informative(const exattn_audit_number *p)
{
    size_t i, significant = 0;
    const char *t;

    for (i = 0; i < p->count; i++)
    {
        if (!p->v[i].decimal)
            return 0;
        for (t = p->n->values[i]; *t && !(*t >= '1' && *t <= '9'); t++)
            ;
        for (; *t; t++)
            significant += *t >= '0' && *t <= '9';
    }
    return significant >= 3;
}

/* Is candidate c of the kind and the token the evidence names? */
int
exattn_audit__in_scope(const exattn_audit_candidate *c,
                       const exattn_audit_evidence *e)
{
    if (!(c->family & e->families))
        return 0;
    /* "the zero query": that variant's; a coincidence-prone number with
     * no variant named: the base lesson's */
    if (e->variant && !(c->variant && strcmp(c->variant, e->variant) == 0)
        && !(e->variant_by_section && c->variant == NULL))
        return 0;
    if (e->base_only && c->variant)
        return 0;
    /* "query 2": a row's quantity of another row, or of no row (a
     * blend's), is not it */
    if (e->row_index && !c->row_index
        && !(c->family & (EXATTN_FAM_SHAPE | EXATTN_FAM_SCALE
                          | EXATTN_FAM_SUM | EXATTN_FAM_INPUT)))
        return 0;
    if ((e->row_index && c->row_index && c->row_index != e->row_index)
        || (e->key_index && c->key_index && c->key_index != e->key_index))
        return 0;
    /* w_{rises,load}: the row's label, then the key's */
    if (e->key_label)
        return c->row_label && strcasecmp(c->row_label, e->label) == 0
               && (c->key_label == NULL
                   || strcasecmp(c->key_label, e->key_label) == 0);
    /* a label narrows the quantities that carry labels; a shape, a
     * scale, and the quantities of a lesson without token labels carry
     * none */
    return e->label == NULL
           || (c->row_label && strcasecmp(c->row_label, e->label) == 0)
           || (c->key_label && strcasecmp(c->key_label, e->label) == 0)
           || (c->row_label == NULL && c->key_label == NULL);
}

/* Split `list` into the candidates in scope and the others (out may be
 * NULL: they are dropped). */
static int
split(exattn_audit_list *in, exattn_audit_list *out,
      const exattn_audit_list *list, const exattn_audit_evidence *e)
{
    size_t k;

    for (k = 0; k < list->count; k++)
    {
        exattn_audit_list *to = exattn_audit__in_scope(list->items[k], e)
                                ? in : out;

        if (to == NULL)
            continue;
        if (to->count == to->cap)
        {
            size_t cap = to->cap ? 2 * to->cap : 16;
            exattn_audit_candidate **items = realloc(to->items,
                                                     cap * sizeof *items);

            if (items == NULL)
                return 0;
            to->items = items;
            to->cap = cap;
        }
        to->items[to->count++] = list->items[k];
    }
    return 1;
}

int
exattn_audit__mention(exattn_audit_result *r, const char *why,
                      const char *what)
{
    exattn_sbuf b;

    exattn_audit__result_clear(r);
    r->verdict = EXATTN_AUDIT_MENTION;
    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, why);
    if (what && *what)
        exattn_sbuf__printf(&b, ": %s", what);
    return (r->evidence = exattn_sbuf__take(&b)) ? EXATTN_OK
                                                 : exattn_audit__nomem(NULL);
}

#define COMPUTED (EXATTN_FAM_SCORE | EXATTN_FAM_SCALED | EXATTN_FAM_EXP \
                  | EXATTN_FAM_Z | EXATTN_FAM_WEIGHT | EXATTN_FAM_CONTRIB \
                  | EXATTN_FAM_OUTPUT)

/* Is the number written as exact fractions, one of them not an integer
 * (1/4, (1/2, 0); not 2, not a decimal)?  A decimal far from every
 * quantity of its kind is more often another example's than a slip; the
 * near rules catch a decimal's slips. */
static int
exact_fractions(const exattn_audit_number *p)
{
    size_t i;
    int fraction = 0;

    for (i = 0; i < p->count; i++)
    {
        if (p->v[i].decimal)
            return 0;
        fraction |= mpz_cmp_ui(mpq_denref(p->v[i].q), 1) != 0;
    }
    return fraction;
}

/* Is every entry of c within half its size of the page's? */
static int
within_half(const exattn_audit_candidate *c, const exattn_audit_number *p)
{
    size_t i;
    mpq_t d, h;
    int ok = 1;

    mpq_inits(d, h, (mpq_ptr)0);
    for (i = 0; i < c->count && ok; i++)
    {
        mpq_sub(d, c->value[i], p->v[i].q);
        mpq_abs(d, d);
        mpq_abs(h, c->value[i]);
        mpq_div_2exp(h, h, 1);
        ok = mpq_cmp(d, h) <= 0;
    }
    mpq_clears(d, h, (mpq_ptr)0);
    return ok;
}

/* The page sets a symbol of a kind equal to the number, and nothing of
 * that kind is it or near it: FAIL against the nearest of that kind
 * (the number was meant for one of them). */
static int
meant_for(exattn_audit_result *r, exattn_audit_candidates *all,
          const exattn_audit_number *p, const exattn_audit_evidence *e,
          mpfr_prec_t max_prec, exattn_error_t *err)
{
    const exattn_audit_group *g = exattn_audit__group(all, p->count);
    exattn_audit_candidate *best = NULL;
    mpq_t u, best_u;
    size_t k;
    int rc = EXATTN_OK;

    /* only a computed quantity, and a number that is not a count or a
     * size ("d_k = 64" may be another model's) */
    if (g == NULL || !(e->families & COMPUTED) || !exact_fractions(p))
        return EXATTN_OK;
    mpq_inits(u, best_u, (mpq_ptr)0);
    for (k = 0; k < g->n; k++)
        if (exattn_audit__in_scope(g->by_key[k], e)
            && (g->by_key[k]->family & COMPUTED)
            && within_half(g->by_key[k], p))
        {
            exattn_audit__distance(u, g->by_key[k], p);
            if (best == NULL || mpq_cmp(u, best_u) < 0)
            {
                best = g->by_key[k];
                mpq_set(best_u, u);
            }
        }
    if (best != NULL)
    {
        exattn_audit__result_clear(r);
        rc = exattn_audit__decide(r, &best, 1, all, p, max_prec, 1, 1, err);
    }
    mpq_clears(u, best_u, (mpq_ptr)0);
    return rc;
}

/* A table cell's evidence with what its neighbours are: their kind,
 * the only one a slip may be of, and their shared row or key; 0 when
 * out of memory. */
static int
with_peers(exattn_audit_evidence *e, const exattn_audit_peers *peers)
{
    e->families |= peers->family;
    e->nearest = peers->family;
    /* the entry its peers are bound to, in place of the indices its words
     * seem to give: a table's headings may count from 0 ("query 1",
     * "key 2"), which only its bound cells show */
    e->row_index = peers->row_index;
    e->key_index = peers->key_index;
    free(e->why);
    return (e->why = exattn_str__dup(peers->why)) != NULL;
}

/* A number the page sets a symbol of a generically defined letter equal
 * to (A_{12} \approx 1.25, with A_{ij} = q_i \cdot k_j): that symbol's
 * value by the page's definition is what it is, as a marker's quantity
 * is.  *held 0 when the definition names what the lesson cannot say. */
static int
held_to_definition(exattn_audit_result *r, int *held,
                   const exattn_audit_number *p, exattn_audit_candidates *all,
                   const exattn_lesson *l, mpfr_prec_t max_prec,
                   exattn_error_t *err)
{
    exattn_audit_candidate page, *one = &page;
    int rc = exattn_audit__subject_form(&page, held, p->n->subject_form,
                                        p->n->subject ? p->n->subject
                                                      : "its symbol",
                                        l, all, max_prec, err);

    if (rc != EXATTN_OK || !*held)
        return rc;
    if (page.count == p->count)
        rc = exattn_audit__decide(r, &one, 1, all, p, max_prec, 1, 1, err);
    else
        *held = 0;
    r->first = NULL;            /* the definition's, freed below */
    if (rc == EXATTN_OK && *held
        && (r->evidence = exattn_str__dup("its subject, as the page "
                                          "defines its letter")) == NULL)
        rc = exattn_audit__nomem(err);
    exattn_audit__candidate_clear(&page);
    return rc;
}

/* No evidence of a kind: a match by value, if it is no coincidence;
 * else a mention. */
static int
by_value_alone(exattn_audit_result *r, const exattn_audit_list *list,
               exattn_audit_candidates *all, const exattn_audit_number *p,
               mpfr_prec_t max_prec, exattn_error_t *err)
{
    int rc = exattn_audit__decide(r, list->items, list->count, all, p,
                                  max_prec, 0, 0, err);

    if (rc == EXATTN_OK && !(informative(p)
                             && (r->verdict == EXATTN_AUDIT_PASS
                                 || r->verdict == EXATTN_AUDIT_WORDING)))
        rc = exattn_audit__mention(r, "no evidence that it is a result",
                                   NULL);
    else if (rc == EXATTN_OK)
        r->evidence = exattn_str__dup("its value: no other number of the "
                                      "lesson rounds to it by chance");
    return rc;
}

/* A slip only of the nearest kind the words name: the verdict again,
 * among the candidates of that kind, near ones allowed. */
static int
nearest_kind(exattn_audit_result *r, const exattn_audit_list *in,
             exattn_audit_candidates *all, const exattn_audit_number *p,
             const exattn_audit_evidence *e, mpfr_prec_t max_prec,
             exattn_error_t *err)
{
    exattn_audit_evidence nearest = *e;
    exattn_audit_list near = { NULL, 0, 0 };
    int rc;

    nearest.families = e->nearest;
    if (!split(&near, NULL, in, &nearest))
        rc = exattn_audit__nomem(err);
    else
    {
        exattn_audit__result_clear(r);
        rc = exattn_audit__decide(r, near.items, near.count, all, p,
                                  max_prec, 0, 1, err);
    }
    free(near.items);
    return rc;
}

/* The words may name the wrong kind: a match of any other kind that is
 * no coincidence passes. */
static int
other_kind(exattn_audit_result *r, const exattn_audit_list *out,
           exattn_audit_candidates *all, const exattn_audit_number *p,
           mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_audit_result other;
    int rc;

    memset(&other, 0, sizeof other);
    rc = exattn_audit__decide(&other, out->items, out->count, all, p,
                              max_prec, 0, 0, err);
    if (rc == EXATTN_OK && other.verdict == EXATTN_AUDIT_PASS)
    {
        exattn_audit__result_clear(r);
        *r = other;
    }
    else
        exattn_audit__result_clear(&other);
    return rc;
}

/* With evidence of kinds (in: the candidates of those kinds, out: the
 * others): a match of any kind named, a slip of the nearest, a match of
 * another kind, the quantity the words were meant for, the nearest
 * value, an unevaluated kind. */
static int
by_evidence(exattn_audit_result *r, const exattn_audit_list *in,
            const exattn_audit_list *out, exattn_audit_candidates *all,
            const exattn_audit_number *p, exattn_audit_evidence *e,
            mpfr_prec_t max_prec, exattn_error_t *err)
{
    int rc = exattn_audit__decide(r, in->items, in->count, all, p, max_prec,
                                  0, 0, err);

    if (rc == EXATTN_OK && r->verdict == EXATTN_AUDIT_UNSOURCED)
        rc = nearest_kind(r, in, all, p, e, max_prec, err);
    if (rc == EXATTN_OK && r->verdict != EXATTN_AUDIT_PASS
        && r->verdict != EXATTN_AUDIT_WORDING && informative(p))
        rc = other_kind(r, out, all, p, max_prec, err);
    if (rc == EXATTN_OK && r->verdict == EXATTN_AUDIT_UNSOURCED
        && e->direct)
        rc = meant_for(r, all, p, e, max_prec, err);
    if (rc == EXATTN_OK && r->verdict == EXATTN_AUDIT_UNSOURCED)
        rc = exattn_audit__nearest(r, all, p);
    if (rc == EXATTN_OK && r->verdict == EXATTN_AUDIT_UNSOURCED
        && ((e->base_only ? all->undecided_base : all->undecided_families)
            & e->families))
        rc = exattn_audit__unevaluated(r, all);
    if (rc == EXATTN_OK && r->evidence == NULL)
        r->evidence = e->why, e->why = NULL;
    r->by_kind_only = r->verdict == EXATTN_AUDIT_PASS && !informative(p)
                      && p->count == 1 && !e->direct && e->label == NULL
                      && e->key_label == NULL && e->row_index == 0
                      && e->key_index == 0 && p->n->subject == NULL
                      && p->n->row_head == NULL;
    return rc;
}

/* A number no marker names: a result when the page says so (evidence.c),
 * bound within the kind and token it names; else a mention, bound by
 * value alone only when it cannot be a coincidence. */
int
exattn_audit__unmarked(exattn_audit_result *r, const exattn_audit_number *p,
                       exattn_audit_candidates *all, const exattn_lesson *l,
                       mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_audit_list list = { NULL, 0, 0 }, in = { NULL, 0, 0 },
                      out = { NULL, 0, 0 };
    exattn_audit_evidence e;
    int rc;

    if (p->n->mention != NULL)
        return exattn_audit__mention(r, p->n->mention, NULL);
    if ((rc = exattn_audit__evidence(&e, p->n, l, all)) != EXATTN_OK)
        return exattn_audit__nomem(err);
    if (e.mention != NULL)
    {
        rc = exattn_audit__mention(r, e.mention, e.why);
        exattn_audit__evidence_clear(&e);
        return rc;
    }
    if (p->peers != NULL && !with_peers(&e, p->peers))
    {
        exattn_audit__evidence_clear(&e);
        return exattn_audit__nomem(err);
    }
    if (p->n->subject_form != NULL)
    {
        int held = 0;

        rc = held_to_definition(r, &held, p, all,
                                exattn_audit__variant_lesson(l, e.variant),
                                max_prec, err);
        if (rc != EXATTN_OK || held)
        {
            exattn_audit__evidence_clear(&e);
            return rc;
        }
    }
    /* a scalar that many quantities share (1/4, 0.5, 2) is a variant's
     * only when the page names the variant */
    e.base_only = e.variant == NULL && p->count == 1 && !informative(p);
    if (!exattn_audit__candidates_for(&list, all, p))
        rc = exattn_audit__nomem(err);
    else if (e.families == 0)
        rc = by_value_alone(r, &list, all, p, max_prec, err);
    else if (!split(&in, &out, &list, &e))
        rc = exattn_audit__nomem(err);
    else
        rc = by_evidence(r, &in, &out, all, p, &e, max_prec, err);
    free(list.items);
    free(in.items);
    free(out.items);
    exattn_audit__evidence_clear(&e);
    return rc;
}

