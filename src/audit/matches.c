/* Does a candidate match a number the page prints: its entries' exact
 * values against the page's decimals at their precision (a rounding
 * decided by integers, or by the claim checker next to a boundary), or
 * its exact fractions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "audit/decide.h"
#include "eval/decimal.h"
#include "eval/ziv.h"

/* 10^-d as a double (0 past the range of doubles): the compiler's
 * correctly rounded constants for the usual places, strtod's beyond. */
double
exattn_audit__unit_of(unsigned long d)
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

int
exattn_audit__read_value(exattn_audit_value *v, const char *text, int decimal)
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
    v->unit = decimal ? exattn_audit__unit_of(v->d) : 0;
    return 1;
}

void
exattn_audit__value_clear(exattn_audit_value *v)
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
int
exattn_audit__entry_matches(const mpq_t x, int exact,
                            const exattn_audit_value *v)
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
void
exattn_audit__entry_distance(mpq_t u, const mpq_t x,
                             const exattn_audit_value *v)
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
int
exattn_audit__entry_may_match(const exattn_audit_candidate *c, size_t i,
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
int
exattn_audit__candidate_matches(const exattn_audit_candidate *c,
                  const exattn_audit_number *p)
{
    size_t i;
    int all = 1, m;

    for (i = 0; i < c->count && all; i++)
    {
        m = exattn_audit__entry_may_match(c, i, &p->v[i])
                ? exattn_audit__entry_matches(c->value[i], c->exact[i],
                                              &p->v[i])
                : 0;
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
        exattn_audit__entry_distance(d, c->value[i], &p->v[i]);
        if (mpq_cmp(d, u) > 0)
            mpq_set(u, d);
    }
    mpq_clear(d);
}
