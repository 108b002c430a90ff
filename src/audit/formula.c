/* The verdict on a named formula of the page (src/page/formulas.c):
 * \frac{e^{1}}{e^{1}+e^{1}+e^{2}} is evaluated, bound to the quantities
 * of the kind the page names (evidence.c) whose values are its own, and
 * then compared with them by exact identity, as a "named" claim is
 * (src/claims/check.c): PASS-NAMED when the forms are proved equal, in
 * any spelling; UNDECIDED when equality is neither proved nor refuted;
 * FAIL, against the nearest quantity of the named kind, when no quantity
 * is the formula's value; a mention when nothing says what it is. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "audit/decide.h"
#include "claims/check.h"
#include "expr/expr.h"
#include "claims/read.h"


/* 2^-79 < 2/10^AUDIT_DIGITS < 2^-78 */
_Static_assert(AUDIT_DIGITS == 24, "the bounds below are 2/10^24's");
#define SAME_BELOW 79
#define SAME_ABOVE 78

/* Is |d| <= 2/10^AUDIT_DIGITS, told by the bits of its numerator and
 * denominator alone (a and b: 2^(a-b-1) < |d| < 2^(a-b+1))?  1 or 0;
 * -1 when they are too close to tell. */
static int
by_size(const mpq_t d)
{
    long a, b;

    if (mpq_sgn(d) == 0)
        return 1;
    a = (long)mpz_sizeinbase(mpq_numref(d), 2);
    b = (long)mpz_sizeinbase(mpq_denref(d), 2);
    if (a - b + 1 <= -SAME_BELOW)
        return 1;
    if (a - b - 1 >= -SAME_ABOVE)
        return 0;
    return -1;
}

/* Do the formula's value f and candidate c agree: equal rationals, or
 * within twice the rounding of AUDIT_DIGITS decimals? */
static int
same_value(const exattn_audit_candidate *f, const exattn_audit_candidate *c)
{
    mpq_t d;
    mpz_t lhs, rhs;
    int same;

    if (c->count != 1)
        return 0;
    if (f->exact[0] && c->exact[0])
        return mpq_equal(f->value[0], c->value[0]);
    /* |d| <= 2/10^AUDIT_DIGITS, as |num d| 10^AUDIT_DIGITS <= 2 den d:
     * 10^AUDIT_DIGITS by squaring, no rational division */
    mpq_init(d);
    mpq_sub(d, f->value[0], c->value[0]);
    if ((same = by_size(d)) != -1)
    {
        mpq_clear(d);
        return same;
    }
    mpz_inits(lhs, rhs, (mpz_ptr)0);
    mpz_ui_pow_ui(lhs, 10, AUDIT_DIGITS);
    mpz_mul(lhs, lhs, mpq_numref(d));
    mpz_abs(lhs, lhs);
    mpz_mul_2exp(rhs, mpq_denref(d), 1);
    same = mpz_cmp(lhs, rhs) <= 0;
    mpz_clears(lhs, rhs, (mpz_ptr)0);
    mpq_clear(d);
    return same;
}

/* The named check of candidate c against the page's expression `text`,
 * parsed as e (borrowed: a formula bound to many quantities is parsed
 * once): the claim checker's verdict and note. */
static int
prove_parsed(exattn_verdict_t *verdict, char **note, exattn_audit_candidate *c,
             exattn_audit_candidates *all, const char *text,
             const exattn_expr *e, mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_claim_result cr;
    exattn_block *b = NULL;
    char *values[1];
    size_t i;
    int rc;

    values[0] = (char *)text;
    *note = NULL;
    rc = exattn_claims__set_values(&c->claim, EXATTN_CLAIM_NAMED, values,
                                   err);
    if (rc == EXATTN_OK
        && (c->claim.named = calloc(c->claim.count, sizeof *c->claim.named))
               == NULL)
        rc = exattn_audit__nomem(err);
    if (rc == EXATTN_OK)
        c->claim.named[0] = (exattn_expr *)e;     /* given back below */
    if (rc == EXATTN_OK && c->claim.target == EXATTN_TARGET_BLOCK
        && (b = exattn_audit__block_of(all, c->claim.lesson, max_prec, err))
               == NULL)
        rc = err && err->code ? err->code : EXATTN_ENOMEM;
    if (rc == EXATTN_OK
        && (rc = exattn_claims__verdict(&cr, &c->claim, b,
                                        exattn_audit__rows(all), max_prec,
                                        err))
               == EXATTN_OK)
    {
        *verdict = cr.verdict;
        if (cr.count > 0 && cr.entries[0].note)
            *note = exattn_str__dup(cr.entries[0].note);
        exattn_claims__clear(&cr);
    }
    /* the claim goes back to having no values */
    if (c->claim.named)
        c->claim.named[0] = NULL;
    for (i = 0; i < c->claim.count; i++)
    {
        free(c->claim.values ? c->claim.values[i] : NULL);
        if (c->claim.exact)
            mpq_clear(c->claim.exact[i]);
        if (c->claim.named)
            exattn_expr_free(c->claim.named[i]);
    }
    free(c->claim.values);
    free(c->claim.exact);
    free(c->claim.named);
    c->claim.values = NULL;
    c->claim.exact = NULL;
    c->claim.named = NULL;
    return rc;
}

/* The same, for a text parsed here. */
static int
prove(exattn_verdict_t *verdict, char **note, exattn_audit_candidate *c,
      exattn_audit_candidates *all, const char *text, mpfr_prec_t max_prec,
      exattn_error_t *err)
{
    exattn_expr *e = NULL;
    int rc;

    *note = NULL;
    if ((rc = exattn_audit__parse(&e, text, all, err)) != EXATTN_OK)
        return rc;
    rc = prove_parsed(verdict, note, c, all, text, e, max_prec, err);
    exattn_expr_free(e);
    return rc;
}

/* "≈ 0.506480" or "= 1/3": a value as the report shows it, every digit
 * certified. */
static char *
shown(const exattn_audit_candidate *c)
{
    return exattn_audit__value_text_at(c, NULL, 6);
}

/* The quantities in scope whose value is the formula's: each proved (or
 * not) equal.  *found counts them. */
static int
matches(exattn_audit_result *r, size_t *found, const exattn_audit_candidate *f,
        exattn_audit_candidates *all, const exattn_audit_evidence *e,
        int scoped, const char *text, mpfr_prec_t max_prec,
        exattn_error_t *err)
{
    exattn_audit_list list = { NULL, 0, 0 };
    double x = mpq_get_d(f->value[0]), w = 1e-9 * fabs(x) + 1e-300;
    exattn_verdict_t v = EXATTN_UNDECIDED;
    exattn_expr *parsed = NULL;
    size_t k;
    char *note;
    int rc = EXATTN_OK, undecided = 0;

    *found = 0;
    all->stamp++;
    if (!exattn_audit__window(&list, all, 1, x - w, x + w))
        return exattn_audit__nomem(err);
    /* parsed once for every quantity it is proved against */
    if ((rc = exattn_audit__parse(&parsed, text, all, err)) != EXATTN_OK)
    {
        free(list.items);
        return rc;
    }
    for (k = 0; k < list.count && rc == EXATTN_OK; k++)
    {
        exattn_audit_candidate *c = list.items[k];

        if ((scoped && e->families && !exattn_audit__in_scope(c, e))
            || (e->base_only && c->variant != NULL) || !same_value(f, c))
            continue;
        (*found)++;
        if (c->claim.lesson == NULL || c->claim.count == 0)
        {
            /* a value the lesson states (a blend's assigned weight): no
             * claim to prove by; an exact form equal to it is it */
            v = f->exact[0] && c->exact[0] ? EXATTN_PASS : EXATTN_UNDECIDED;
            note = exattn_str__dup(v == EXATTN_PASS
                                       ? "equal: the same rational"
                                       : "its value is the stated one's");
        }
        else if ((rc = prove_parsed(&v, &note, c, all, text, parsed,
                                    max_prec, err)) != EXATTN_OK)
            break;
        if (v == EXATTN_PASS && r->verdict != EXATTN_AUDIT_NAMED)
        {
            r->verdict = EXATTN_AUDIT_NAMED;
            free(r->note);
            r->note = note;
            note = NULL;
        }
        undecided |= v != EXATTN_PASS;
        if ((v == EXATTN_PASS || r->verdict != EXATTN_AUDIT_NAMED)
            && !exattn_audit__add_bound(r, c->name))
            rc = exattn_audit__nomem(err);
        free(note);
    }
    if (rc == EXATTN_OK && *found && r->verdict != EXATTN_AUDIT_NAMED
        && undecided)
    {
        r->verdict = EXATTN_AUDIT_UNDECIDED;
        r->note = exattn_str__dup("its value is the quantity's, but the "
                                  "identity is neither proved nor refuted");
    }
    exattn_expr_free(parsed);
    free(list.items);
    return rc;
}

/* The entry the formula's subject names has its value: proved equal to
 * it (PASS-NAMED) or UNDECIDED. */
static int
subject_match(exattn_audit_result *r, size_t *found,
              exattn_audit_candidate *named, exattn_audit_candidates *all,
              const char *text, mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_verdict_t v = EXATTN_UNDECIDED;
    char *note = NULL;
    int rc = prove(&v, &note, named, all, text, max_prec, err);

    if (rc != EXATTN_OK)
        return rc;
    *found = 1;
    free(r->note);
    r->verdict = v == EXATTN_PASS ? EXATTN_AUDIT_NAMED
                                  : EXATTN_AUDIT_UNDECIDED;
    if (v == EXATTN_PASS && note != NULL)
        r->note = note;
    else
    {
        free(note);
        /* the checker gives two equal rationals no note */
        r->note = exattn_str__dup(v == EXATTN_PASS
                                  ? "equal: the same rational"
                                  : "its value is the quantity's, but the "
                                    "identity is neither proved nor "
                                    "refuted");
    }
    if (!exattn_audit__add_bound(r, named->name) || r->note == NULL)
        return exattn_audit__nomem(err);
    return EXATTN_OK;
}

/* No quantity in scope is the formula's value: FAIL against the nearest
 * of the named kind within its size, else UNSOURCED. */
static int
no_match(exattn_audit_result *r, const exattn_audit_candidate *f,
         const char *text, exattn_audit_candidates *all,
         const exattn_audit_evidence *e, const exattn_audit_candidate *named,
         exattn_error_t *err)
{
    const exattn_audit_group *g = exattn_audit__group(all, 1);
    const exattn_audit_candidate *best = NULL;
    double x = mpq_get_d(f->value[0]), d, bd = 0;
    exattn_sbuf b;
    char *page, *truth, *what, *form;
    size_t k;

    r->verdict = EXATTN_AUDIT_UNSOURCED;
    for (k = 0; g != NULL && e->nearest && k < g->n; k++)
    {
        const exattn_audit_candidate *c = g->by_key[k];

        if (!(c->family & e->nearest) || !exattn_audit__in_scope(c, e))
            continue;
        d = fabs(c->key - x);
        /* the base lesson's before a variant's, unless one is named */
        /* near it, or the very entry the subject names by row and key
         * (w_{1,2}, w_{rises,load}) */
        if ((d <= fabs(c->key)
             || (e->direct && ((e->row_index && e->key_index)
                               || (e->label && e->key_label))))
            && (best == NULL
                || (best->variant != NULL && c->variant == NULL)
                || ((best->variant == NULL) == (c->variant == NULL)
                    && d < bd)))
            best = c, bd = d;
    }
    /* the entry its subject names (w_{2,\text{green}}), whatever is
     * nearest */
    if (named != NULL)
        best = named;
    if (best == NULL)
        return EXATTN_OK;
    r->verdict = EXATTN_AUDIT_FAIL;
    page = shown(f);
    truth = shown(best);
    /* the lesson's own form, and what differs in the reader's words */
    what = exattn_audit__what_differs(best, text, &form);
    exattn_sbuf__init(&b);
    if (form != NULL)
        exattn_sbuf__printf(&b, "= %s ", form);
    exattn_sbuf__printf(&b, "%s; the page's form %s", truth ? truth : "?",
                        page ? page : "?");
    r->truth = exattn_sbuf__take(&b);
    free(page);
    free(truth);
    free(form);
    exattn_sbuf__init(&b);
    exattn_sbuf__printf(&b, "not the same named form: %s",
                        what ? what : "its value differs");
    free(what);
    r->slip = exattn_sbuf__take(&b);
    if (!exattn_audit__add_bound(r, best->name) || r->truth == NULL)
        return exattn_audit__nomem(err);
    return EXATTN_OK;
}

/* A formula a marker names (<!-- exattn weights[2][2] form=latex -->
 * before it, as --fill writes): proved against that quantity alone. */
static int
marked(exattn_audit_result *r, const exattn_page_number *n, const char *text,
       exattn_audit_candidates *all, const exattn_lesson *l,
       mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_audit_candidate m;
    exattn_verdict_t v = EXATTN_UNDECIDED;
    char *note = NULL, *what, *form;
    exattn_sbuf b;
    int rc = exattn_audit__marker(&m, all, l, n->marker, max_prec, err);

    if (rc != EXATTN_OK)
        return rc;
    if (m.count != 1)
        rc = exattn_error__set(err, EXATTN_ESHAPE, l->file, 0, 0,
                               "marker \"%.60s\" names %zu values, the "
                               "page prints one formula", n->marker, m.count);
    else
        rc = prove(&v, &note, &m, all, text, max_prec, err);
    if (rc == EXATTN_OK && !exattn_audit__add_bound(r, m.name))
        rc = exattn_audit__nomem(err);
    if (rc == EXATTN_OK)
    {
        r->evidence = exattn_str__dup("a marker");
        r->verdict = v == EXATTN_PASS ? EXATTN_AUDIT_NAMED
                     : v == EXATTN_FAIL ? EXATTN_AUDIT_FAIL
                                        : EXATTN_AUDIT_UNDECIDED;
        r->note = note;
        note = NULL;
    }
    if (rc == EXATTN_OK && r->verdict == EXATTN_AUDIT_FAIL)
    {
        what = exattn_audit__what_differs(&m, text, &form);
        exattn_sbuf__init(&b);
        exattn_sbuf__printf(&b, "%s%s", form ? "= " : "", form ? form : "");
        r->truth = exattn_sbuf__take(&b);
        exattn_sbuf__init(&b);
        exattn_sbuf__printf(&b, "not the same named form: %s",
                            what ? what : "its value differs");
        r->slip = exattn_sbuf__take(&b);
        free(what);
        free(form);
    }
    free(note);
    exattn_audit__candidate_clear(&m);
    return rc;
}

/* The formula's value f held to the value its subject has by the page's
 * own definition (`page`): PASS-NAMED when proved equal, FAIL with what
 * differs. */
static int
held_to(exattn_audit_result *r, const exattn_audit_candidate *f,
        exattn_audit_candidate *page, const char *text,
        exattn_audit_candidates *all, const exattn_audit_evidence *e,
        mpfr_prec_t max_prec, exattn_error_t *err)
{
    size_t found = 0;
    int rc;

    if (same_value(f, page))
        rc = subject_match(r, &found, page, all, text, max_prec, err);
    else
        rc = no_match(r, f, text, all, e, page, err);
    if (rc == EXATTN_OK
        && (r->evidence = exattn_str__dup("its subject, as the page "
                                          "defines its letter")) == NULL)
        rc = exattn_audit__nomem(err);
    return rc;
}

/* The quantities of the formula's value: the base lesson's first when
 * the page names no variant (as a shared scalar is, results.c) -- proved
 * against the variants' only when the base has none of its value --,
 * then of the kinds the page names, then of any kind for an irrational
 * value the words do not point at. */
static int
value_matches(exattn_audit_result *r, size_t *found,
              exattn_audit_candidate *f, exattn_audit_candidates *all,
              const exattn_audit_evidence *e, const char *text,
              mpfr_prec_t max_prec, exattn_error_t *err)
{
    int rc = EXATTN_OK;

    if (e->variant == NULL && !e->base_only)
    {
        exattn_audit_evidence base = *e;

        base.base_only = 1;
        rc = matches(r, found, f, all, &base, 1, text, max_prec, err);
        if (rc == EXATTN_OK && *found && r->verdict != EXATTN_AUDIT_NAMED)
        {
            /* the base's left undecided: a variant's may be proved */
            exattn_audit__result_clear(r);
            r->verdict = EXATTN_AUDIT_UNSOURCED;
            *found = 0;
        }
    }
    if (rc == EXATTN_OK && *found == 0)
        rc = matches(r, found, f, all, e, 1, text, max_prec, err);
    if (rc == EXATTN_OK && *found == 0 && !e->direct && !f->exact[0])
        rc = matches(r, found, f, all, e, 0, text, max_prec, err);
    return rc;
}

/* Bind the formula's value f to what it names, and prove it so: the
 * entry its subject names, the quantities of the kind and entry the page
 * names, or -- an irrational value being no coincidence -- any quantity
 * with its value.  A rational value many quantities may share is bound
 * only by its subject or a kind the page names. */
static int
bind_formula(exattn_audit_result *r, exattn_audit_candidate *f,
             const exattn_page_number *n, const char *text,
             exattn_audit_candidates *all, const exattn_lesson *l,
             const exattn_audit_evidence *e, mpfr_prec_t max_prec,
             exattn_error_t *err)
{
    const exattn_lesson *in = exattn_audit__variant_lesson(l, e->variant);
    exattn_audit_candidate *named = exattn_audit__subject(all, in,
                                                          n->subject,
                                                          max_prec);
    exattn_audit_candidate page;
    size_t found = 0;
    int rc = EXATTN_OK, defined = 0;

    r->verdict = EXATTN_AUDIT_UNSOURCED;
    /* a subject whose letter the page defined generically is the page's
     * own quantity: the formula is held to that */
    if (n->subject_form != NULL && n->subject != NULL
        && (rc = exattn_audit__subject_form(&page, &defined,
                                            n->subject_form, n->subject, in,
                                            all, max_prec, err))
               != EXATTN_OK)
        return rc;
    if (defined)
    {
        rc = held_to(r, f, &page, text, all, e, max_prec, err);
        exattn_audit__candidate_clear(&page);
        return rc;
    }
    if (f->exact[0] && named == NULL
        && (e->families == 0 || e->families == EXATTN_FAM_ALL))
        return exattn_audit__mention(r, "a rational closed form whose "
                                     "entry nothing names", "quantities of "
                                     "any kind may share its value");
    /* a formula set equal to an entry it is not (w_{2,1} = the form of
     * w_{2,2}) is no other entry's that happens to have its value --
     * unless the words name another kind ("the alignment score
     * a_{12} = ..." on a page whose a is a score) */
    if (named != NULL && !same_value(f, named)
        && (e->clause_words == 0 || (e->clause_words & named->family)))
    {
        rc = no_match(r, f, text, all, e, named, err);
        if (rc == EXATTN_OK && r->evidence == NULL
            && (r->evidence = exattn_str__dup(e->why ? e->why
                                              : "its subject")) == NULL)
            rc = exattn_audit__nomem(err);
        return rc;
    }
    if (!(f->exact[0] && named != NULL))
        rc = value_matches(r, &found, f, all, e, text, max_prec, err);
    /* the words point elsewhere ("both she and reads"), or the value is
     * rational: the subject names the very entry */
    if (rc == EXATTN_OK && found == 0 && named != NULL
        && same_value(f, named))
        rc = subject_match(r, &found, named, all, text, max_prec, err);
    if (rc == EXATTN_OK && found == 0 && e->families)
        rc = no_match(r, f, text, all, e, named, err);
    if (rc == EXATTN_OK && found == 0 && e->families == 0)
        return exattn_audit__mention(r, "a closed form no quantity is, and "
                                     "nothing says what it is", NULL);
    if (rc == EXATTN_OK && r->evidence == NULL
        && (r->evidence = exattn_str__dup(e->why ? e->why : "its value"))
               == NULL)
        rc = exattn_audit__nomem(err);
    return rc;
}

/* Does the formula `text` hold a symbol with no value (a symbolic ε),
 * rather than a value past the precision cap? */
static int
valueless(const char *text, const exattn_audit_candidates *all)
{
    exattn_expr *e = NULL;
    exattn_error_t local;
    size_t budget = 4096;
    int has;

    exattn_error_init(&local);
    if (exattn_audit__parse(&e, text, all, &local) != EXATTN_OK)
        return 0;
    has = exattn_expr__has_unvalued(e->root, &budget);
    exattn_expr_free(e);
    return has;
}

/* A formula with no value (it holds a symbol the lesson gives none, a
 * symbolic ε) set equal to the entry `named`: PASS-NAMED when proved
 * its form, UNDECIDED otherwise -- no value, nothing to refute it by.
 * `why` says why it has no value. */
static int
by_identity(exattn_audit_result *r, exattn_audit_candidate *named,
            exattn_audit_candidates *all, const char *text, const char *why,
            mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_verdict_t v = EXATTN_UNDECIDED;
    exattn_error_t local;
    exattn_sbuf b;
    char *note = NULL;
    int rc;

    exattn_error_init(&local);
    rc = prove(&v, &note, named, all, text, max_prec, &local);
    if (rc == EXATTN_ENOMEM)
        return exattn_audit__nomem(err);
    if (rc != EXATTN_OK)
        v = EXATTN_UNDECIDED;   /* the checker needed its value too */
    r->verdict = v == EXATTN_PASS ? EXATTN_AUDIT_NAMED
                                  : EXATTN_AUDIT_UNDECIDED;
    r->valueless = 1;
    if (v == EXATTN_PASS && note != NULL)
        r->note = note;
    else
    {
        free(note);
        exattn_sbuf__init(&b);
        exattn_sbuf__printf(&b, "%s; the identity %s", why,
                            v == EXATTN_PASS ? "is proved"
                                             : "is neither proved nor "
                                               "refuted");
        r->note = exattn_sbuf__take(&b);
    }
    r->evidence = exattn_str__dup("its subject");
    if (r->note == NULL || r->evidence == NULL
        || !exattn_audit__add_bound(r, named->name))
        return exattn_audit__nomem(err);
    return EXATTN_OK;
}

/* The verdict on formula n written as `text` (exattn's syntax), with the
 * evidence of its words e (the same for every reading of its symbols). */
static int
judge(exattn_audit_result *r, const exattn_page_number *n, const char *text,
      exattn_audit_candidates *all, const exattn_lesson *l,
      const exattn_audit_evidence *e, mpfr_prec_t max_prec,
      exattn_error_t *err)
{
    exattn_audit_candidate f;
    exattn_error_t local;
    int rc;

    if (n->marker != NULL)
        return marked(r, n, text, all, l, max_prec, err);
    exattn_error_init(&local);
    rc = exattn_audit__expr_value(&f, all, l, text, max_prec, &local);
    if (rc == EXATTN_ENOMEM)
        return exattn_audit__nomem(err);
    if (rc == EXATTN_EUNABLE && e->mention == NULL && valueless(text, all))
    {
        /* no value (a symbolic ε): the entry its subject names, by
         * identity alone */
        exattn_audit_candidate scratch, *named;

        memset(&scratch, 0, sizeof scratch);
        named = exattn_audit__subject_entry(
            all, exattn_audit__variant_lesson(l, e->variant), n->subject,
            e->label, &scratch, max_prec);
        if (named != NULL)
        {
            rc = by_identity(r, named, all, text, local.message, max_prec,
                             err);
            exattn_audit__candidate_clear(&scratch);
            return rc;
        }
    }
    if (rc != EXATTN_OK)
        return exattn_audit__mention(r, "a closed form exattn cannot "
                                     "evaluate", local.message);
    if (e->mention != NULL)
        rc = exattn_audit__mention(r, e->mention, e->why);
    else
        rc = bind_formula(r, &f, n, text, all, l, e, max_prec, err);
    exattn_audit__candidate_clear(&f);
    return rc;
}

/* The lesson n's symbols are read in: its variant's, when its words or
 * section name one (e), or its marker's. */
static const exattn_lesson *
symbols_lesson(const exattn_page_number *n, exattn_audit_candidates *all,
               const exattn_lesson *l, const exattn_audit_evidence *e,
               mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_audit_candidate m;
    const exattn_lesson *in;

    if (n->marker == NULL)
        return exattn_audit__variant_lesson(l, e->variant);
    if (exattn_audit__marker(&m, all, l, n->marker, max_prec, err)
        != EXATTN_OK)
        return NULL;
    in = m.claim.lesson ? m.claim.lesson : l;
    exattn_audit__candidate_clear(&m);
    return in;
}

/* A formula in the lesson's symbols (a_{2,1}+a_{2,3}): judged with each
 * symbol written out as its quantity's form, under each reading of its
 * symbols (src/audit/symbol_forms.c) until one proves it. */
static int
in_lesson_symbols(exattn_audit_result *r, const exattn_page_number *n,
                  exattn_audit_candidates *all, const exattn_lesson *l,
                  const exattn_audit_evidence *e, mpfr_prec_t max_prec,
                  exattn_error_t *err)
{
    const exattn_lesson *in = symbols_lesson(n, all, l, e, max_prec, err);
    exattn_audit_result other;
    int reading, rc = EXATTN_OK, judged = 0;
    unsigned has = 0;
    char *text;

    if (in == NULL)
        return err && err->code ? err->code : EXATTN_ENOMEM;
    for (reading = 0;
         reading < exattn_audit__readings(has) && rc == EXATTN_OK
         && r->verdict != EXATTN_AUDIT_NAMED;
         reading++)
    {
        rc = exattn_audit__lesson_symbols(&text, &has, n->values[0], in, all,
                                          reading, max_prec, err);
        if (rc != EXATTN_OK || text == NULL)
            continue;           /* this reading names no entry */
        memset(&other, 0, sizeof other);
        rc = judge(&other, n, text, all, l, e, max_prec, err);
        free(text);
        /* the best reading: proved, else not refuted, else the first */
        if (rc == EXATTN_OK
            && (!judged || other.verdict == EXATTN_AUDIT_NAMED
                || (other.verdict == EXATTN_AUDIT_UNDECIDED
                    && r->verdict != EXATTN_AUDIT_UNDECIDED)))
        {
            exattn_audit__result_clear(r);
            *r = other;
            judged = 1;
        }
        else
            exattn_audit__result_clear(&other);
    }
    if (rc == EXATTN_OK && !judged)
        return exattn_audit__mention(r, "a formula in symbols that name no "
                                     "single entry of the lesson", NULL);
    if (rc == EXATTN_OK && r->verdict == EXATTN_AUDIT_UNDECIDED
        && !r->valueless)
    {
        /* before these symbols were read such a formula was not read at
         * all; one whose identity is out of the engine's reach (a
         * variance of named values past its caps) stays a mention, and
         * says so, rather than failing a page that is right */
        char what[96];

        snprintf(what, sizeof what, "its value is the quantity's to %d "
                 "digits, the identity neither proved nor refuted",
                 AUDIT_DIGITS);
        exattn_audit__result_clear(r);
        rc = exattn_audit__mention(r, "a formula in the lesson's symbols "
                                   "beyond exattn's identity engine", what);
    }
    return rc;
}

int
exattn_audit__formula(exattn_audit_result *r, const exattn_page_number *n,
                      exattn_audit_candidates *all, const exattn_lesson *l,
                      mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_audit_evidence e;
    int rc;

    memset(r, 0, sizeof *r);
    if (n->mention != NULL)
        return exattn_audit__mention(r, n->mention, NULL);
    /* the words around it: one evidence for every reading */
    if (exattn_audit__evidence(&e, n, l, all) != EXATTN_OK)
        rc = exattn_audit__nomem(err);
    else if (strchr(n->values[0], EXATTN_PAGE_FREE_SYMBOL[0]) != NULL
             || strchr(n->values[0], EXATTN_PAGE_SUM[0]) != NULL)
        rc = in_lesson_symbols(r, n, all, l, &e, max_prec, err);
    else
        rc = judge(r, n, n->values[0], all, l, &e, max_prec, err);
    exattn_audit__evidence_clear(&e);
    return rc;
}
