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
#include "lesson/claims.h"

#define NEAR_UNITS 10           /* a FAIL, not UNSOURCED: this close */
#define DOUBT 1e-15             /* relative error of the doubles that
                                   choose whom to compare */
#define LISTED 6                /* candidates named in a verdict */


/* 10^-d as a double (0 past the range of doubles): the compiler's
 * correctly rounded constants for the usual places, strtod's beyond. */
static double
unit_of(unsigned long d)
{
    static const double units[] = { 1e0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5,
                                    1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11,
                                    1e-12, 1e-13, 1e-14, 1e-15, 1e-16 };
    char text[32];

    if (d < sizeof units / sizeof *units)
        return units[d];
    snprintf(text, sizeof text, "1e-%lu", d);
    return strtod(text, NULL);
}

static int
read_value(exattn_audit_value *v, const char *text, int decimal)
{
    const char *point = strchr(text, '.');

    mpq_init(v->q);
    mpz_inits(v->c, v->ten_d, v->ten_rest, (mpz_ptr)0);
    v->decimal = decimal;
    v->d = decimal && point ? (unsigned long)strlen(point + 1) : 0;
    if (exattn_mpq_set_text(v->q, text, strlen(text), NULL) != EXATTN_OK)
        return 0;
    mpz_ui_pow_ui(v->ten_d, 10, v->d);
    if (v->d <= AUDIT_DIGITS)
        mpz_ui_pow_ui(v->ten_rest, 10, AUDIT_DIGITS - v->d);
    if (decimal)
    {
        mpz_mul(v->c, v->ten_d, mpq_numref(v->q));
        mpz_divexact(v->c, v->c, mpq_denref(v->q));
    }
    v->x = mpq_get_d(v->q);
    v->unit = decimal ? unit_of(v->d) : 0;
    return 1;
}

static void
value_clear(exattn_audit_value *v)
{
    mpq_clear(v->q);
    mpz_clears(v->c, v->ten_d, v->ten_rest, (mpz_ptr)0);
}

/* Is x (exact, or within 10^-AUDIT_DIGITS when not exact) clearly inside
 * the rounding interval of decimal v -- more than its slack from either
 * end, so that x and every value it may stand for round to v?  Decided
 * by integers: with N = num(x) 10^d - v 10^d den(x), |x - v| < 1/(2 10^d)
 * less the slack is 2|N| 10^s + 2 den(x) [named] < den(x) 10^s, s =
 * AUDIT_DIGITS - d.  0 sends the entry the long way round. */
static int
clearly_inside(const mpq_t x, int exact, const exattn_audit_value *v)
{
    mpz_t n, lim;
    int inside;

    mpz_inits(n, lim, (mpz_ptr)0);
    mpz_mul(n, mpq_numref(x), v->ten_d);
    mpz_submul(n, v->c, mpq_denref(x));
    mpz_abs(n, n);
    mpz_mul_2exp(n, n, 1);
    if (exact)
        inside = mpz_cmp(n, mpq_denref(x)) < 0;
    else
    {
        mpz_mul(n, n, v->ten_rest);
        mpz_addmul_ui(n, mpq_denref(x), 2);
        mpz_mul(lim, v->ten_rest, mpq_denref(x));
        inside = mpz_cmp(n, lim) < 0;
    }
    mpz_clears(n, lim, (mpz_ptr)0);
    return inside;
}

/* Does entry (x, exact) match page value v?  1 yes, 0 no, 2 not decided
 * at AUDIT_DIGITS (the value is next to a rounding boundary). */
static int
entry_matches(const mpq_t x, int exact, const exattn_audit_value *v)
{
    mpz_t r, lo, hi;
    mpq_t e, t;
    int m;

    if (!v->decimal)
        return exact && mpq_equal(x, v->q);
    if (!exact && v->d + 4 > AUDIT_DIGITS)
        return 2;       /* past what the candidate's decimals decide */
    if (clearly_inside(x, exact, v))
        return 1;       /* most matches: the rounding need not be made */
    mpz_inits(r, lo, hi, (mpz_ptr)0);
    exattn_ziv__decimal_q(r, x, v->d, EXATTN_ROUND_NEAREST);
    m = mpz_cmp(r, v->c) == 0;
    if (exact)
    {
        if (!m && exattn_ziv__is_tie(x, v->d))
        {
            /* the other neighbour of a tie, toward zero */
            mpz_sub_ui(lo, r, mpq_sgn(x) > 0 ? 1 : 0);
            mpz_add_ui(lo, lo, mpq_sgn(x) > 0 ? 0 : 1);
            m = mpz_cmp(lo, v->c) == 0;
        }
        mpz_clears(r, lo, hi, (mpz_ptr)0);
        return m;
    }
    /* named: x is within 10^-AUDIT_DIGITS/2 of the value; both ends of
     * that interval must round alike */
    mpq_inits(e, t, (mpq_ptr)0);
    mpz_ui_pow_ui(mpq_denref(e), 10, AUDIT_DIGITS);
    mpz_set_ui(mpq_numref(e), 1);
    mpq_sub(t, x, e);
    exattn_ziv__decimal_q(lo, t, v->d, EXATTN_ROUND_NEAREST);
    mpq_add(t, x, e);
    exattn_ziv__decimal_q(hi, t, v->d, EXATTN_ROUND_NEAREST);
    if (mpz_cmp(lo, hi) != 0)
        m = 2;
    mpq_clears(e, t, (mpq_ptr)0);
    mpz_clears(r, lo, hi, (mpz_ptr)0);
    return m;
}

/* Units of the last written digit between x and v (a fraction: of the
 * third decimal), into u. */
static void
distance(mpq_t u, const mpq_t x, const exattn_audit_value *v)
{
    mpq_t s;

    mpq_init(s);
    mpq_sub(u, x, v->q);
    mpq_abs(u, u);
    mpz_ui_pow_ui(mpq_numref(s), 10, v->decimal ? v->d : 3);
    mpz_set_ui(mpq_denref(s), 1);
    mpq_mul(u, u, s);
    mpq_clear(s);
}


/* Can entry i match at all?  0 when the doubles prove it cannot (more
 * than half a unit of the last digit apart, with a margin), else 1. */
static int
entry_may_match(const exattn_audit_candidate *c, size_t i,
                const exattn_audit_value *v)
{
    double d, scale;

    if (c->approx == NULL)
        return 1;
    d = c->approx[i] - v->x;
    d = d < 0 ? -d : d;
    scale = (v->x < 0 ? -v->x : v->x)
            + (c->approx[i] < 0 ? -c->approx[i] : c->approx[i]);
    if (d != d || scale > 1e300)
        return 1;
    /* each approximation is within an ulp, 2^-52 of its size: DOUBT
     * covers both and the subtraction */
    if (!v->decimal)
        return d <= scale * DOUBT + 1e-300;
    return d <= (0.5 + 1e-6) * v->unit + scale * DOUBT + 1e-300;
}

/* 1 match, 0 not, 2 undecided at AUDIT_DIGITS. */
static int
candidate_matches(const exattn_audit_candidate *c,
                  const exattn_audit_number *p)
{
    size_t i;
    int all = 1, m;

    for (i = 0; i < c->count && all; i++)
    {
        m = entry_may_match(c, i, &p->v[i])
            ? entry_matches(c->value[i], c->exact[i], &p->v[i]) : 0;
        if (m == 0)
            all = 0;
        else if (m == 2)
            all = 2;
    }
    return all;
}

/* The largest distance of an entry, in units of its last digit. */
void
exattn_audit__distance(mpq_t u, const exattn_audit_candidate *c,
                       const exattn_audit_number *p)
{
    size_t i;
    mpq_t d;

    mpq_init(d);
    mpq_set_ui(u, 0, 1);
    for (i = 0; i < c->count; i++)
    {
        distance(d, c->value[i], &p->v[i]);
        if (mpq_cmp(d, u) > 0)
            mpq_set(u, d);
    }
    mpq_clear(d);
}

/* Do the correct rounding of x and the page's decimal differ in one
 * digit only (0.294 for 0.284, 0.885 for 0.085), with the same sign,
 * both of two significant digits or more? */
static int
one_digit_differs(const mpq_t x, const exattn_audit_value *v)
{
    mpz_t r;
    char *a, *b;
    size_t i, la, lb, n, diff = 0;

    if (!v->decimal)
        return 0;
    mpz_init(r);
    exattn_ziv__decimal_q(r, x, v->d, EXATTN_ROUND_NEAREST);
    if (mpz_sgn(r) * mpz_sgn(v->c) < 0)
    {
        mpz_clear(r);
        return 0;
    }
    mpz_abs(r, r);
    a = mpz_get_str(NULL, 10, r);
    mpz_abs(r, v->c);
    b = mpz_get_str(NULL, 10, r);
    la = a ? strlen(a) : 0;
    lb = b ? strlen(b) : 0;
    n = la > lb ? la : lb;
    /* a number of one significant digit that differs in it is another
     * number, no slip (0.5 for 0): the digit is all it says */
    if (la < 2 || lb < 2)
        n = 0, diff = 2;
    /* compared digit by digit from the right, missing digits as 0; a
     * digit above both leading digits in the integer part is no slip
     * (41.0 is not 1.0 misprinted) */
    for (i = 0; a && b && i < n; i++)
        if ((i < la ? a[la - 1 - i] : '0') != (i < lb ? b[lb - 1 - i] : '0'))
        {
            diff++;
            if ((i >= la || i >= lb) && i > v->d)
                diff += 2;
        }
    free(a);
    free(b);
    mpz_clear(r);
    return diff == 1;
}

/* Are the page's digits the correct rounding's with two neighbours
 * swapped (0.4232 for 0.4223)? */
static int
digits_transposed(const mpq_t x, const exattn_audit_value *v)
{
    mpz_t r;
    char *a, *b;
    size_t i, n, first = (size_t)-1, diff = 0;
    int swapped = 0;

    if (!v->decimal)
        return 0;
    mpz_init(r);
    exattn_ziv__decimal_q(r, x, v->d, EXATTN_ROUND_NEAREST);
    a = mpz_get_str(NULL, 10, r);
    b = mpz_get_str(NULL, 10, v->c);
    n = a && b && strlen(a) == strlen(b) ? strlen(a) : 0;
    for (i = 0; i < n; i++)
        if (a[i] != b[i] && diff++ == 0)
            first = i;
    if (diff == 2 && first + 1 < n)
        swapped = a[first] == b[first + 1] && a[first + 1] == b[first];
    free(a);
    free(b);
    mpz_clear(r);
    return swapped;
}

/* An exact fraction written upside down (2/3 for 3/2)? */
static int
inverted(const mpq_t x, const exattn_audit_value *v)
{
    mpq_t t;
    int yes;

    /* 2/3 for 3/2; an integer is no fraction to turn (1/3 is not 3) */
    if (v->decimal || mpq_sgn(x) == 0
        || mpz_cmp_ui(mpq_denref(x), 1) == 0
        || mpz_cmp_ui(mpq_denref(v->q), 1) == 0)
        return 0;
    mpq_init(t);
    mpq_mul(t, x, v->q);
    yes = mpq_cmp_ui(t, 1, 1) == 0 && !mpq_equal(x, v->q);
    mpq_clear(t);
    return yes;
}

/* A value the page meant but misprinted: within NEAR_UNITS of its last
 * digit and 5% of the value, one digit off, two neighbouring digits
 * swapped, or a fraction upside down. */
static int
entry_near(const mpq_t x, const exattn_audit_value *v)
{
    mpq_t u, rel, lim;
    int near;

    if (one_digit_differs(x, v) || digits_transposed(x, v)
        || inverted(x, v))
        return 1;
    mpq_inits(u, rel, lim, (mpq_ptr)0);
    distance(u, x, v);
    mpq_set_ui(lim, NEAR_UNITS, 1);
    /* a fraction has no last digit: only the 5% */
    near = !v->decimal || mpq_cmp(u, lim) <= 0;
    /* |x - v| <= |x| / 20 */
    mpq_sub(rel, x, v->q);
    mpq_abs(rel, rel);
    mpq_mul_2exp(rel, rel, 2);
    mpz_mul_ui(mpq_numref(rel), mpq_numref(rel), 5);
    mpq_canonicalize(rel);
    mpq_abs(lim, x);
    near = near && mpq_cmp(rel, lim) <= 0;
    mpq_clears(u, rel, lim, (mpq_ptr)0);
    return near;
}

static int
candidate_near(const exattn_audit_candidate *c, const exattn_audit_number *p)
{
    size_t i;

    for (i = 0; i < c->count; i++)
        if (!(entry_may_match(c, i, &p->v[i])
              && entry_matches(c->value[i], c->exact[i], &p->v[i]) == 1)
            && !entry_near(c->value[i], &p->v[i]))
            return 0;
    return 1;
}

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
exattn_audit__value_text_at(const exattn_audit_candidate *c, const exattn_audit_number *p,
              unsigned long fixed)
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

/* "entry 2: TEXT", or TEXT for entry 0 (a scalar). */
static char *
printf_entry(size_t entry, const char *text)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    if (entry)
        exattn_sbuf__printf(&b, "entry %zu: ", entry);
    exattn_sbuf__puts(&b, text);
    return exattn_sbuf__take(&b);
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
    rc = exattn_lesson__claim_values(&c->claim, EXATTN_CLAIM_APPROX,
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
            if (cr.entries[i].rounds_to && r->rounds_to == NULL)
            {
                r->rounds_to = exattn_str__dup(cr.entries[i].rounds_to);
                r->entry = cr.count > 1 ? i + 1 : 0;
            }
            /* the checker's slip; a tie's two roundings; or one digit */
            if (cr.entries[i].slip)
                r->slip = printf_entry(cr.count > 1 ? i + 1 : 0,
                                       cr.entries[i].slip);
            else if (cr.entries[i].tie && cr.entries[i].note)
                r->slip = printf_entry(cr.count > 1 ? i + 1 : 0,
                                       cr.entries[i].note);
            else if (one_digit_differs(c->value[i], &p->v[i]))
                r->slip = printf_entry(cr.count > 1 ? i + 1 : 0,
                                       "one digit differs from the correct "
                                       "rounding");
            else if (digits_transposed(c->value[i], &p->v[i]))
                r->slip = printf_entry(cr.count > 1 ? i + 1 : 0,
                                       "two neighbouring digits are "
                                       "swapped");
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

/* A fraction or an integer written for a named value. */
static int
fraction_for_named(const exattn_audit_candidate *c,
                   const exattn_audit_number *p)
{
    size_t i;

    for (i = 0; i < c->count; i++)
        if (!p->v[i].decimal && !c->exact[i])
            return 1;
    return 0;
}

/* Could a single changed digit take x to v (|x - v| about m*10^j units,
 * m from 1 to 9)?  q is |x - v| in units. */
static int
digit_possible(double q, double tolerance)
{
    double p = 1;
    int j;

    if (tolerance > 0.05 || q != q)
        return 1;           /* the doubles cannot tell: compare exactly */
    for (j = 0; j < 40 && p <= 10 * q + 1; j++, p *= 10)
    {
        double m = q / p;
        double slack = 0.5 + 1e-6 + tolerance + p * 1e-12;
        long r;

        if (!(m > 0.4 && m < 9.6))
            continue;       /* no single digit (and no overflow below) */
        r = (long)(m + 0.5);
        if (r >= 1 && r <= 9 && (q - (double)r * p <= slack)
            && ((double)r * p - q <= slack))
            return 1;
    }
    return 0;
}

/* Can candidate c match the number, or be near it?  Decided on the
 * doubles with margins wide enough that only candidates that can be
 * neither are passed over (0); else 1, and the exact comparison
 * decides. */
static int
may_relate(const exattn_audit_candidate *c, const exattn_audit_number *p)
{
    size_t i;
    double d, ax, scale;

    if (c->approx == NULL)
        return 1;
    for (i = 0; i < c->count; i++)
    {
        const exattn_audit_value *v = &p->v[i];

        d = c->approx[i] - v->x;
        d = d < 0 ? -d : d;
        ax = c->approx[i] < 0 ? -c->approx[i] : c->approx[i];
        scale = (v->x < 0 ? -v->x : v->x) + ax;
        if (d != d || scale != scale || scale > 1e300)
            return 1;
        if (d <= 0.0502 * ax + scale * DOUBT + 1e-300)
            continue;       /* within 5%: maybe near */
        if (!v->decimal && v->x != 0
            && fabs(c->approx[i] * v->x - 1) <= 1e-9
            && fabs(c->approx[i] - floor(c->approx[i] + 0.5)) > 1e-9)
            continue;       /* a fraction upside down */
        if (!v->decimal)
            return 0;       /* a fraction: equal, or within 5% */
        if (d <= (0.5 + 1e-6) * v->unit + scale * DOUBT + 1e-300
            || digit_possible(d / v->unit, scale * DOUBT / v->unit)
            || digit_possible(d / v->unit / 9, scale * DOUBT / v->unit))
            continue;       /* one digit changed, or two swapped */
        return 0;
    }
    return 1;
}

/* "entry 1: the fraction is written upside down", or NULL. */
static char *
fraction_slip(const exattn_audit_candidate *c, const exattn_audit_number *p)
{
    size_t i;

    for (i = 0; i < c->count; i++)
        if (inverted(c->value[i], &p->v[i]))
            return printf_entry(c->count > 1 ? i + 1 : 0,
                                "the fraction is written upside down");
    return NULL;
}

/* Verdict against the candidates (or the marker's one). */
int
exattn_audit__decide(exattn_audit_result *r, exattn_audit_candidate **cands,
                     size_t count, exattn_audit_candidates *all,
                     const exattn_audit_number *p, mpfr_prec_t max_prec,
                     int marked, int allow_near, exattn_error_t *err)
{
    exattn_audit_candidate *first = NULL, *best = NULL, *open = NULL;
    exattn_verdict_t v;
    size_t k;
    mpq_t u, best_u;
    int m, agrees = 0, rc = EXATTN_OK;

    mpq_inits(u, best_u, (mpq_ptr)0);
    for (k = 0; k < count; k++)
    {
        exattn_audit_candidate *c = cands[k];

        if (c->count != p->count || (!marked && !may_relate(c, p)))
            continue;
        m = candidate_matches(c, p);
        if (m == 2)
        {
            /* next to a rounding boundary: the checker decides */
            rc = checked(r, c, all, p, max_prec, &v, err);
            if (rc < 0)
                break;
            m = rc == 1 && v == EXATTN_PASS;
            if (rc == 1 && v == EXATTN_UNDECIDED && open == NULL)
                open = c;       /* neither proved it nor excluded it */
            rc = EXATTN_OK;
            exattn_free(r->rounds_to);
            exattn_free(r->slip);
            r->rounds_to = r->slip = NULL;
        }
        if (m == 1)
        {
            c->seen_match = p->n;
            r->bound_families |= c->family;
            r->first_alike += first == NULL || c->family == first->family;
            r->bound_apart |= first != NULL
                              && (c->count != first->count
                                  || !mpq_equal(c->value[0],
                                                first->value[0]));
            if (first == NULL)
            {
                first = c;
                r->first = c;
                r->first_family = c->family;
                r->first_row = c->row_index;
                r->first_key = c->key_index;
            }
            if (!exattn_audit__add_bound(r, c->name))
            {
                rc = exattn_audit__nomem(err);
                break;
            }
        }
        else if (first == NULL && allow_near
                 && (marked || candidate_near(c, p))
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
    {
        /* PASS when any quantity it is fits its words; else the words
         * are wrong for all of them */
        exattn_audit_candidate *misworded = NULL;

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
    else if (best != NULL && fraction_for_named(best, p))
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
    {
        r->verdict = EXATTN_AUDIT_FAIL;
        r->truth = value_text(best, p);
        if (!exattn_audit__add_bound(r, best->name))
            rc = exattn_audit__nomem(err);
        else if (checked(r, best, all, p, max_prec, &v, err) < 0)
            rc = err && err->code ? err->code : EXATTN_ENOMEM;
        if (rc == EXATTN_OK && r->slip == NULL)
            r->slip = fraction_slip(best, p);
        r->note = page_arithmetic(p, &agrees);
        if (rc == EXATTN_OK && agrees)
        {
            exattn_sbuf b;

            exattn_sbuf__init(&b);
            exattn_sbuf__printf(&b, "%s%scomputed from the page's own "
                                "rounded values (%s)",
                                r->slip ? r->slip : "", r->slip ? "; or " : "",
                                p->n->arithmetic);
            exattn_free(r->slip);
            r->slip = exattn_sbuf__take(&b);
        }
    }
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
    double y, unit = unit_of(v->d);
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
    double x = mpq_get_d(v->q), unit = v->decimal ? unit_of(v->d) : 0, w,
           slack, y, whole, sign;
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
        if (!read_value(&p.v[i], n->values[i], n->decimal[i]))
        {
            value_clear(&p.v[i]);
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
        value_clear(&p.v[i]);
    free(p.v);
    if (rc != EXATTN_OK)
        exattn_audit__result_clear(r);
    return rc;
}
