/* The verdict on one printed number.  A decimal with d digits is a
 * quantity's value when the quantity's certified rounding to d digits is
 * it (an exact tie accepts both neighbours, as `approx` claims do); a
 * fraction or an integer when the quantity is exactly it.  Each
 * candidate's value is known exact or to AUDIT_DIGITS decimals, so the
 * rounding is decided unless the value lies within 10^-AUDIT_DIGITS of a
 * rounding boundary; then the claim checker decides it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "audit/audit.h"
#include "audit/decide.h"
#include "eval/decimal.h"
#include "eval/ziv.h"
#include "claims/read.h"

#define LISTED 6                /* candidates named in a verdict */


int
exattn_audit__add_bound(exattn_audit_result *r, const char *name)
{
    char **b;

    r->considered++;
    if (r->bound_count == LISTED)
        return 1;
    if ((b = realloc(r->bound, (r->bound_count + 1) * sizeof *b)) == NULL)
        return 0;
    r->bound = b;
    return (r->bound[r->bound_count++] = exattn_str__dup(name)) != NULL;
}

void
exattn_audit__result_clear(exattn_audit_result *r)
{
    size_t i;

    for (i = 0; i < r->bound_count; i++)
        free(r->bound[i]);
    free(r->bound);
    free(r->truth);
    exattn_free(r->rounds_to);
    exattn_free(r->slip);
    free(r->note);
    free(r->evidence);
    memset(r, 0, sizeof *r);
}

/* The candidate's value as a report writes it: exact, or to d + 3
 * digits of its certified rounding. */
/* z = the rounding of a named value known as x to within half a unit of
 * the AUDIT_DIGITS-th decimal, to the most digits up to d that this
 * decides (both ends of that interval round alike): never a digit the
 * bound does not certify.  Returns the digits used. */
static unsigned long
decided_rounding(mpz_t z, const mpq_t x, unsigned long d)
{
    mpz_t hi;
    mpq_t e, t;

    mpz_init(hi);
    mpq_inits(e, t, (mpq_ptr)0);
    mpz_set_ui(mpq_numref(e), 1);
    mpz_ui_pow_ui(mpq_denref(e), 10, AUDIT_DIGITS);
    for (;; d--)
    {
        mpq_sub(t, x, e);
        exattn_ziv__decimal_q(z, t, d, EXATTN_ROUND_NEAREST);
        mpq_add(t, x, e);
        exattn_ziv__decimal_q(hi, t, d, EXATTN_ROUND_NEAREST);
        if (mpz_cmp(z, hi) == 0)
            break;
        if (d == 0)
        {
            d = (unsigned long)-1;  /* not even the integer part */
            break;
        }
    }
    mpq_clears(e, t, (mpq_ptr)0);
    mpz_clear(hi);
    return d;
}

static char *
value_text(const exattn_audit_candidate *c, const exattn_audit_number *p)
{
    return exattn_audit__value_text_at(c, p, 0);
}

/* The same with `fixed` decimals when p is NULL (an empty marker, a
 * named formula's value). */
char *
exattn_audit__value_text_at(const exattn_audit_candidate *c,
                            const exattn_audit_number *p, unsigned long fixed)
{
    exattn_sbuf b;
    size_t i;
    mpz_t z;

    exattn_sbuf__init(&b);
    mpz_init(z);
    /* "= 1", "= 1/3 ≈ 0.333333", "≈ 0.401112", "= (…)" */
    exattn_sbuf__puts(&b, c->count > 1 || c->exact[0] ? "= " : "");
    if (c->count > 1)
        exattn_sbuf__puts(&b, "(");
    for (i = 0; i < c->count; i++)
    {
        unsigned long d = p == NULL ? fixed
                          : (p->v[i].decimal ? p->v[i].d : 3) + 3;
        char *s;

        if (i)
            exattn_sbuf__puts(&b, ", ");
        if (d > AUDIT_DIGITS)
            d = AUDIT_DIGITS;
        if (c->exact[i])
        {
            s = exattn_mpq_get_str(c->value[i]);
            exattn_sbuf__puts(&b, s ? s : "?");
            exattn_free(s);
            if (mpz_cmp_ui(mpq_denref(c->value[i]), 1) == 0)
                continue;
            exattn_sbuf__puts(&b, exattn_ziv__decimal_q(z, c->value[i], d,
                                                        EXATTN_ROUND_NEAREST)
                                  ? " = " : " ≈ ");
        }
        else
        {
            d = decided_rounding(z, c->value[i], d);
            exattn_sbuf__puts(&b, c->count > 1 ? "≈" : "≈ ");
        }
        s = d == (unsigned long)-1 ? exattn_str__dup("(not decided)")
                                   : exattn_decimal__format(z, d);
        exattn_sbuf__puts(&b, s ? s : "?");
        free(s);
    }
    if (c->count > 1)
        exattn_sbuf__puts(&b, ")");
    mpz_clear(z);
    return exattn_sbuf__take(&b);
}

/* The page's own arithmetic, evaluated exactly and rounded as the result
 * is written: "2.028/5.056 = 0.40110…, which rounds to 0.401". */
static char *
page_arithmetic(const exattn_audit_number *p, int *agrees)
{
    exattn_expr *e = NULL;
    exattn_error_t local;
    const exattn_audit_value *v = &p->v[0];
    mpq_t q;
    mpz_t d;
    char *s = NULL, *out = NULL;
    exattn_sbuf b;

    *agrees = 0;
    if (p->n->arithmetic == NULL || p->count != 1 || !v->decimal)
        return NULL;
    exattn_error_init(&local);
    if (exattn_expr_parse(&e, p->n->arithmetic, strlen(p->n->arithmetic),
                          "page", &local) != EXATTN_OK)
        return NULL;
    mpq_init(q);
    mpz_init(d);
    if (exattn_expr_get_mpq(q, e) == EXATTN_OK)
    {
        exattn_ziv__decimal_q(d, q, v->d, EXATTN_ROUND_NEAREST);
        *agrees = mpz_cmp(d, v->c) == 0;
        s = exattn_decimal__format(d, v->d);
        exattn_sbuf__init(&b);
        exattn_sbuf__printf(&b, "the page's own arithmetic %s rounds to %s",
                            p->n->arithmetic, s ? s : "?");
        out = exattn_sbuf__take(&b);
    }
    free(s);
    mpz_clear(d);
    mpq_clear(q);
    exattn_expr_free(e);
    return out;
}

/* The claim checker's verdict on the page's number as an `approx` claim
 * of candidate c: its true value, correct rounding and slip. */
static int
checked(exattn_audit_result *r, exattn_audit_candidate *c,
        exattn_audit_candidates *all, const exattn_audit_number *p,
        mpfr_prec_t max_prec, exattn_verdict_t *verdict, exattn_error_t *err)
{
    exattn_claim_result cr;
    exattn_block *b = NULL;
    size_t i;
    int rc;

    if (c->claim.lesson == NULL)
        return 0;           /* a stated value: compared exactly */
    for (i = 0; i < p->count; i++)
        if (!p->v[i].decimal)
            return 0;       /* fractions are compared exactly */
    rc = exattn_claims__set_values(&c->claim, EXATTN_CLAIM_APPROX,
                                   p->n->values, err);
    if (rc == EXATTN_OK && c->claim.target == EXATTN_TARGET_BLOCK)
        b = exattn_audit__block_of(all, c->claim.lesson, max_prec, err);
    if (rc == EXATTN_OK && (c->claim.target != EXATTN_TARGET_BLOCK || b))
        rc = exattn_claims__verdict(&cr, &c->claim, b,
                                    exattn_audit__rows(all), max_prec, err);
    else if (rc == EXATTN_OK)
        rc = err && err->code ? err->code : EXATTN_ENOMEM;
    /* the claim goes back to having no values */
    for (i = 0; i < c->claim.count; i++)
    {
        free(c->claim.values ? c->claim.values[i] : NULL);
        if (c->claim.exact)
            mpq_clear(c->claim.exact[i]);
    }
    free(c->claim.values);
    free(c->claim.exact);
    c->claim.values = NULL;
    c->claim.exact = NULL;
    if (rc != EXATTN_OK)
        return -1;
    *verdict = cr.verdict;
    for (i = 0; i < cr.count && r->slip == NULL; i++)
        if (cr.entries[i].verdict == EXATTN_FAIL)
        {
            const char *why = NULL;
            size_t at = cr.count > 1 ? i + 1 : 0;

            if (cr.entries[i].rounds_to && r->rounds_to == NULL)
            {
                r->rounds_to = exattn_str__dup(cr.entries[i].rounds_to);
                r->entry = at;
            }
            /* the checker's slip; a tie's two roundings; or one digit */
            if (cr.entries[i].slip)
                why = cr.entries[i].slip;
            else if (cr.entries[i].tie && cr.entries[i].note)
                why = cr.entries[i].note;
            else if (exattn_audit__one_digit_differs(c->value[i], &p->v[i]))
                why = "one digit differs from the correct rounding";
            else if (exattn_audit__digits_transposed(c->value[i], &p->v[i]))
                why = "two neighbouring digits are swapped";
            if (why != NULL)
                r->slip = exattn_audit__entry_text(at, why);
        }
    exattn_claims__clear(&cr);
    return 1;
}

/* PASS, or WORDING when the words around it misstate what it is. */
static void
wording_of(exattn_audit_result *r, const exattn_audit_candidate *c,
           const exattn_audit_number *p)
{
    size_t i;
    int all_exact_equal = 1, named = 0;

    for (i = 0; i < c->count; i++)
    {
        named |= !c->exact[i];
        all_exact_equal &= c->exact[i] && mpq_equal(c->value[i], p->v[i].q);
    }
    if (p->n->exactly && !all_exact_equal)
    {
        r->verdict = EXATTN_AUDIT_WORDING;
        r->note = exattn_str__dup(named
            ? "the page says \"exactly\", but the value is named: the "
              "number is its rounding"
            : "the page says \"exactly\", but the number is a rounding "
              "of the exact value");
    }
    else if (p->n->approx && all_exact_equal)
    {
        r->verdict = EXATTN_AUDIT_WORDING;
        r->note = exattn_str__dup("the page writes \"≈\", but the value "
                                  "is exactly this: write \"=\"");
    }
    else if (p->n->approx && c->count > 1)
        /* a vector "≈" whose entry is exactly what it prints, and not a
         * plain 0: seed 004's output 3, whose first coordinate is 1
         * although its weights are named */
        for (i = 0; i < c->count; i++)
            if (c->exact[i] && mpq_sgn(c->value[i]) != 0
                && mpq_equal(c->value[i], p->v[i].q))
            {
                char *v = exattn_mpq_get_str(c->value[i]);
                exattn_sbuf b;

                exattn_sbuf__init(&b);
                exattn_sbuf__printf(&b, "the page writes \"≈\", but entry "
                                    "%zu is exactly %s", i + 1,
                                    v ? v : "?");
                exattn_free(v);
                r->verdict = EXATTN_AUDIT_WORDING;
                r->note = exattn_sbuf__take(&b);
                break;
            }
}

int
exattn_audit__nomem(exattn_error_t *err)
{
    return exattn_error__set(err, EXATTN_ENOMEM, "audit", 0, 0,
                             "out of memory");
}

/* Candidate c next to a rounding boundary: the checker decides.  1 when
 * it proves the number is c's rounding, 0 when not (*open: c when it
 * could neither prove nor exclude it), or a negative error. */
static int
at_boundary(exattn_audit_result *r, exattn_audit_candidate *c,
            exattn_audit_candidates *all, const exattn_audit_number *p,
            mpfr_prec_t max_prec, exattn_audit_candidate **open,
            exattn_error_t *err)
{
    exattn_verdict_t v;
    int rc = checked(r, c, all, p, max_prec, &v, err);

    if (rc < 0)
        return rc;
    if (rc == 1 && v == EXATTN_UNDECIDED && *open == NULL)
        *open = c;
    exattn_free(r->rounds_to);
    exattn_free(r->slip);
    r->rounds_to = r->slip = NULL;
    return rc == 1 && v == EXATTN_PASS;
}

/* Record candidate c as one the number matches: its family, whether it
 * is alike the first, and its name; 0 when out of memory. */
static int
bind_match(exattn_audit_result *r, exattn_audit_candidate *c,
           const exattn_audit_number *p, exattn_audit_candidate **first)
{
    c->seen_match = p->n;
    r->bound_families |= c->family;
    r->first_alike += *first == NULL || c->family == (*first)->family;
    r->bound_apart |= *first != NULL
                      && (c->count != (*first)->count
                          || !mpq_equal(c->value[0], (*first)->value[0]));
    if (*first == NULL)
    {
        *first = c;
        r->first = c;
        r->first_family = c->family;
        r->first_row = c->row_index;
        r->first_key = c->key_index;
    }
    return exattn_audit__add_bound(r, c->name);
}

/* PASS when any quantity the number matches fits its words; else the
 * words are wrong for all of them (WORDING against the first). */
static void
pass_verdict(exattn_audit_result *r, exattn_audit_candidate **cands,
             size_t count, const exattn_audit_number *p)
{
    exattn_audit_candidate *misworded = NULL;
    size_t k;
    int agrees = 0;

    for (k = 0; k < count; k++)
        if (cands[k]->seen_match == p->n)
        {
            exattn_audit_result w;

            memset(&w, 0, sizeof w);
            w.verdict = EXATTN_AUDIT_PASS;
            wording_of(&w, cands[k], p);
            free(w.note);
            if (w.verdict == EXATTN_AUDIT_PASS)
            {
                misworded = NULL;
                break;
            }
            if (misworded == NULL)
                misworded = cands[k];
        }
    r->verdict = EXATTN_AUDIT_PASS;
    if (misworded != NULL)
    {
        wording_of(r, misworded, p);
        r->truth = value_text(misworded, p);
    }
    else
        r->note = page_arithmetic(p, &agrees);
}

/* FAIL against the nearest candidate: its truth, the checker's slip or a
 * fraction's, and "computed from the page's own rounded values" when the
 * page's arithmetic gives the number. */
static int
fail_verdict(exattn_audit_result *r, exattn_audit_candidate *best,
             exattn_audit_candidates *all, const exattn_audit_number *p,
             mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_verdict_t v;
    exattn_sbuf b;
    int agrees = 0, rc = EXATTN_OK;

    r->verdict = EXATTN_AUDIT_FAIL;
    r->truth = value_text(best, p);
    if (!exattn_audit__add_bound(r, best->name))
        rc = exattn_audit__nomem(err);
    else if (checked(r, best, all, p, max_prec, &v, err) < 0)
        rc = err && err->code ? err->code : EXATTN_ENOMEM;
    if (rc == EXATTN_OK && r->slip == NULL)
        r->slip = exattn_audit__fraction_slip(best, p);
    r->note = page_arithmetic(p, &agrees);
    if (rc == EXATTN_OK && agrees)
    {
        exattn_sbuf__init(&b);
        exattn_sbuf__printf(&b, "%s%scomputed from the page's own rounded "
                            "values (%s)", r->slip ? r->slip : "",
                            r->slip ? "; or " : "", p->n->arithmetic);
        exattn_free(r->slip);
        r->slip = exattn_sbuf__take(&b);
    }
    return rc;
}

/* Verdict against the candidates (or the marker's one). */
int
exattn_audit__decide(exattn_audit_result *r, exattn_audit_candidate **cands,
                     size_t count, exattn_audit_candidates *all,
                     const exattn_audit_number *p, mpfr_prec_t max_prec,
                     int marked, int allow_near, exattn_error_t *err)
{
    exattn_audit_candidate *first = NULL, *best = NULL, *open = NULL;
    size_t k;
    mpq_t u, best_u;
    int m, rc = EXATTN_OK;

    mpq_inits(u, best_u, (mpq_ptr)0);
    for (k = 0; k < count; k++)
    {
        exattn_audit_candidate *c = cands[k];

        if (c->count != p->count
            || (!marked && !exattn_audit__may_relate(c, p)))
            continue;
        m = exattn_audit__candidate_matches(c, p);
        if (m == 2
            && (m = at_boundary(r, c, all, p, max_prec, &open, err)) < 0)
        {
            rc = m;
            break;
        }
        if (m == 1)
        {
            if (!bind_match(r, c, p, &first))
            {
                rc = exattn_audit__nomem(err);
                break;
            }
        }
        else if (first == NULL && allow_near
                 && (marked || exattn_audit__candidate_near(c, p))
                 && (exattn_audit__distance(u, c, p), 1)
                 && (best == NULL || mpq_cmp(u, best_u) < 0))
        {
            best = c;
            mpq_set(best_u, u);
        }
    }
    if (rc != EXATTN_OK)
        ;
    else if (first == NULL && open != NULL)
    {
        r->verdict = EXATTN_AUDIT_UNDECIDED;
        r->note = exattn_str__dup("its rounding is not decided within the "
                                  "precision cap (--max-prec raises it)");
        if (!exattn_audit__add_bound(r, open->name) || r->note == NULL)
            rc = exattn_audit__nomem(err);
    }
    else if (first != NULL)
        pass_verdict(r, cands, count, p);
    else if (best != NULL && exattn_audit__fraction_for_named(best, p))
    {
        r->verdict = EXATTN_AUDIT_WORDING;
        r->truth = value_text(best, p);
        r->note = exattn_str__dup("the page writes an exact number, but "
                                  "the value is named: write its decimal "
                                  "with \"≈\"");
        if (!exattn_audit__add_bound(r, best->name))
            rc = exattn_audit__nomem(err);
    }
    else if (best != NULL)
        rc = fail_verdict(r, best, all, p, max_prec, err);
    else
        r->verdict = EXATTN_AUDIT_UNSOURCED;
    mpq_clears(u, best_u, (mpq_ptr)0);
    return rc;
}

/* UNSOURCED: the nearest candidates, by units of the last digit, among
 * the NEIGHBOURS on either side of the number in the index. */
#define NEIGHBOURS 24

int
exattn_audit__nearest(exattn_audit_result *r, exattn_audit_candidates *all,
                      const exattn_audit_number *p)
{
    const exattn_audit_group *g = exattn_audit__group(all, p->count);
    size_t k, from, to, pick[3], picked = 0, j, lo = 0, hi, mid;
    double x = mpq_get_d(p->v[0].q);
    mpq_t u, d[3];
    exattn_sbuf b;

    if (g == NULL)
        return EXATTN_OK;
    for (hi = g->n; lo < hi;)
    {
        mid = lo + (hi - lo) / 2;
        if (g->by_key[mid]->key < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    from = lo > NEIGHBOURS ? lo - NEIGHBOURS : 0;
    to = lo + NEIGHBOURS < g->n ? lo + NEIGHBOURS : g->n;
    mpq_init(u);
    for (j = 0; j < 3; j++)
        mpq_init(d[j]);
    for (k = from; k < to; k++)
    {
        exattn_audit__distance(u, g->by_key[k], p);
        for (j = picked; j > 0 && mpq_cmp(u, d[j - 1]) < 0; j--)
            if (j < 3)
            {
                mpq_set(d[j], d[j - 1]);
                pick[j] = pick[j - 1];
            }
        if (j < 3)
        {
            mpq_set(d[j], u);
            pick[j] = k;
            if (picked < 3)
                picked++;
        }
    }
    exattn_sbuf__init(&b);
    for (j = 0; j < picked; j++)
    {
        char *t = value_text(g->by_key[pick[j]], p);

        exattn_sbuf__printf(&b, "%s%s %s", j ? "; " : "",
                            g->by_key[pick[j]]->name, t ? t : "?");
        free(t);
    }
    r->truth = picked ? exattn_sbuf__take(&b) : (exattn_sbuf__clear(&b),
                                                 NULL);
    mpq_clear(u);
    for (j = 0; j < 3; j++)
        mpq_clear(d[j]);
    return EXATTN_OK;
}


/* The windows of the values the page's decimal is with two neighbouring
 * digits swapped back (0.4232: 0.4223, 0.4322, 0.2432). */
static int
swapped_windows(exattn_audit_list *list, exattn_audit_candidates *all,
                const exattn_audit_number *p)
{
    const exattn_audit_value *v = &p->v[0];
    char *digits;
    size_t j, len;
    double y, unit = exattn_audit__unit_of(v->d);
    int ok = 1;
    mpz_t c;

    mpz_init(c);
    mpz_abs(c, v->c);
    digits = mpz_get_str(NULL, 10, c);
    len = digits ? strlen(digits) : 0;
    for (j = 0; ok && len <= 30 && j + 1 < len; j++)
    {
        char t = digits[j];

        if (t == digits[j + 1])
            continue;
        digits[j] = digits[j + 1];
        digits[j + 1] = t;
        mpz_set_str(c, digits, 10);
        y = mpz_get_d(c) * unit * (mpz_sgn(v->c) < 0 ? -1 : 1);
        ok = exattn_audit__window(list, all, p->count, y - 0.6 * unit,
                                  y + 0.6 * unit);
        digits[j + 1] = digits[j];
        digits[j] = t;
    }
    free(digits);
    mpz_clear(c);
    return ok;
}

/* The candidates a number may be: those whose first entry is within the
 * widest nearness a verdict uses (NEAR_UNITS of the last digit, 5% of
 * the value; both widened), and those one digit away. */
int
exattn_audit__candidates_for(exattn_audit_list *list,
                             exattn_audit_candidates *all,
                             const exattn_audit_number *p)
{
    static const double tens[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
                                   1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
                                   1e15 };
    const exattn_audit_value *v = &p->v[0];
    double x = mpq_get_d(v->q),
           unit = v->decimal ? exattn_audit__unit_of(v->d) : 0, w, slack, y,
           whole, sign;
    char *digits;
    size_t j, len;
    int ok, dd;
    mpz_t c, step;

    all->stamp++;
    w = (NEAR_UNITS + 1) * unit;
    if (w < 0.06 * (x < 0 ? -x : x))
        w = 0.06 * (x < 0 ? -x : x);
    slack = 1e-9 * ((x < 0 ? -x : x) + w) + 1e-300;
    ok = exattn_audit__window(list, all, p->count, x - w - slack,
                              x + w + slack);
    if (ok && !v->decimal && x != 0)
        ok = exattn_audit__window(list, all, p->count,
                                  1 / x - 1e-9 * fabs(1 / x),
                                  1 / x + 1e-9 * fabs(1 / x));
    if (ok && v->decimal && v->d <= 300)
        ok = swapped_windows(list, all, p);
    if (!ok || !v->decimal || v->d > 300)
        return ok;
    /* one digit off: every other digit in every place */
    mpz_inits(c, step, (mpz_ptr)0);
    mpz_abs(c, v->c);
    digits = mpz_get_str(NULL, 10, c);
    len = digits ? strlen(digits) : 0;
    whole = mpz_get_d(c);
    sign = mpz_sgn(v->c) < 0 ? -1 : 1;
    /* place j counts from the last digit; one place more than written,
     * a leading 0 (0.085 for 0.885) */
    for (j = 0; ok && digits && len <= 30 && j <= len; j++)
        for (dd = 0; ok && dd < 10; dd++)
        {
            int have = j < len ? digits[len - 1 - j] - '0' : 0;

            if (have == dd)
                continue;
            if (len < 15)
                /* |c| with a digit changed, one place more than written
                 * included, below 10^15 < 2^53: exact in a double */
                y = sign * (whole + (dd - have) * tens[j]) * unit;
            else
            {
                mpz_ui_pow_ui(step, 10, (unsigned long)j);
                mpz_mul_si(step, step, (long)(dd - have));
                mpz_abs(c, v->c);
                mpz_add(c, c, step);
                if (mpz_sgn(v->c) < 0)
                    mpz_neg(c, c);
                y = mpz_get_d(c) * unit;
            }
            ok = exattn_audit__window(list, all, p->count,
                                      y - 0.6 * unit - slack,
                                      y + 0.6 * unit + slack);
        }
    mpz_clears(c, step, (mpz_ptr)0);
    free(digits);
    return ok;
}

/* An empty pair of markers: a number the page does not print yet. */
static int
empty_marker(exattn_audit_result *r, const exattn_page_number *n,
             exattn_audit_candidates *all, const exattn_lesson *l,
             mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_audit_candidate marker;
    unsigned long digits;
    int rc = exattn_audit__marker(&marker, all, l, n->marker, max_prec, err);

    if (rc != EXATTN_OK)
        return rc;
    exattn_audit__marker_digits(n->marker, &digits);
    r->verdict = EXATTN_AUDIT_FAIL;
    r->truth = exattn_audit__value_text_at(&marker, NULL, digits);
    r->note = exattn_str__dup("the marker is empty: exattn audit --fill "
                              "writes its number");
    if (!exattn_audit__add_bound(r, marker.name) || r->truth == NULL
        || r->note == NULL)
        rc = exattn_audit__nomem(err);
    exattn_audit__candidate_clear(&marker);
    return rc;
}

/* UNSOURCED among the quantities evaluated, but some could not be: not
 * "no quantity is this", which is not proved. */
int
exattn_audit__unevaluated(exattn_audit_result *r,
                          const exattn_audit_candidates *all)
{
    exattn_sbuf b;

    r->verdict = EXATTN_AUDIT_UNDECIDED;
    exattn_sbuf__init(&b);
    exattn_sbuf__printf(&b, "no quantity evaluated is this, but %zu could "
                        "not be evaluated within the precision cap (%s%s; "
                        "--max-prec raises it)", all->undecided,
                        all->undecided_name ? all->undecided_name : "?",
                        all->undecided > 1 ? ", …" : "");
    free(r->note);
    r->note = exattn_sbuf__take(&b);
    return r->note ? EXATTN_OK : exattn_audit__nomem(NULL);
}

int
exattn_audit__verdict(exattn_audit_result *r, const exattn_page_number *n,
                      exattn_audit_candidates *all, const exattn_lesson *l,
                      mpfr_prec_t max_prec, exattn_error_t *err)
{
    return exattn_audit__verdict_among(r, n, NULL, all, l, max_prec, err);
}

int
exattn_audit__verdict_among(exattn_audit_result *r,
                            const exattn_page_number *n,
                            const exattn_audit_peers *peers,
                            exattn_audit_candidates *all,
                            const exattn_lesson *l, mpfr_prec_t max_prec,
                            exattn_error_t *err)
{
    exattn_audit_number p;
    exattn_audit_candidate marker;
    size_t i;
    int rc = EXATTN_OK;

    memset(r, 0, sizeof *r);
    if (n->count == 0)
        return empty_marker(r, n, all, l, max_prec, err);
    if (n->formula)
        return exattn_audit__formula(r, n, all, l, max_prec, err);
    p.n = n;
    p.count = n->count;
    p.peers = peers;
    if ((p.v = malloc(n->count * sizeof *p.v)) == NULL)
        return exattn_audit__nomem(err);
    for (i = 0; i < n->count; i++)
        if (!exattn_audit__read_value(&p.v[i], n->values[i], n->decimal[i]))
        {
            exattn_audit__value_clear(&p.v[i]);
            /* an exponent past the limits, say: not a number to audit */
            p.count = i;
            rc = -1;
            break;
        }
    if (rc == -1)
    {
        r->verdict = EXATTN_AUDIT_UNSOURCED;
        r->note = exattn_str__dup("not a number exattn can read");
        rc = EXATTN_OK;
    }
    else if (n->marker != NULL)
    {
        rc = exattn_audit__marker(&marker, all, l, n->marker, max_prec, err);
        if (rc == EXATTN_OK && marker.count != n->count)
            rc = exattn_error__set(err, EXATTN_ESHAPE, l->file, 0, 0,
                                   "marker \"%.60s\" names %zu values, the "
                                   "page prints %zu", n->marker,
                                   marker.count, n->count);
        if (rc == EXATTN_OK)
        {
            exattn_audit_candidate *one = &marker;

            rc = exattn_audit__decide(r, &one, 1, all, &p, max_prec, 1, 1,
                                      err);
            r->first = NULL;    /* the marker's, freed below */
        }
        if (rc == EXATTN_OK
            && (r->evidence = exattn_str__dup("a marker")) == NULL)
            rc = exattn_audit__nomem(err);
        if (marker.name != NULL || marker.claim.text != NULL)
            exattn_audit__candidate_clear(&marker);
    }
    else
        rc = exattn_audit__unmarked(r, &p, all, l, max_prec, err);
    for (i = 0; i < p.count; i++)
        exattn_audit__value_clear(&p.v[i]);
    free(p.v);
    if (rc != EXATTN_OK)
        exattn_audit__result_clear(r);
    return rc;
}
