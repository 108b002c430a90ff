/* The usual slips a wrong number is next to -- one digit off, two
 * digits swapped, a fraction upside down, a value near by -- which make
 * a number a FAIL of a quantity, not UNSOURCED, and name the slip. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "audit/decide.h"
#include "eval/decimal.h"
#include "eval/ziv.h"

/* Do the correct rounding of x and the page's decimal differ in one
 * digit only (0.294 for 0.284, 0.885 for 0.085), with the same sign,
 * both of two significant digits or more? */
int
exattn_audit__one_digit_differs(const mpq_t x, const exattn_audit_value *v)
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
int
exattn_audit__digits_transposed(const mpq_t x, const exattn_audit_value *v)
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

    if (exattn_audit__one_digit_differs(x, v)
        || exattn_audit__digits_transposed(x, v) || inverted(x, v))
        return 1;
    mpq_inits(u, rel, lim, (mpq_ptr)0);
    exattn_audit__entry_distance(u, x, v);
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

int
exattn_audit__candidate_near(const exattn_audit_candidate *c,
                             const exattn_audit_number *p)
{
    size_t i;

    for (i = 0; i < c->count; i++)
        if (!(exattn_audit__entry_may_match(c, i, &p->v[i])
              && exattn_audit__entry_matches(c->value[i], c->exact[i],
                                             &p->v[i]) == 1)
            && !entry_near(c->value[i], &p->v[i]))
            return 0;
    return 1;
}

/* A fraction or an integer written for a named value. */
int
exattn_audit__fraction_for_named(const exattn_audit_candidate *c,
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
int
exattn_audit__may_relate(const exattn_audit_candidate *c,
                         const exattn_audit_number *p)
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

/* "entry 2: TEXT", or TEXT for entry 0 (a scalar). */
char *
exattn_audit__entry_text(size_t entry, const char *text)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    if (entry)
        exattn_sbuf__printf(&b, "entry %zu: ", entry);
    exattn_sbuf__puts(&b, text);
    return exattn_sbuf__take(&b);
}

/* "entry 1: the fraction is written upside down", or NULL. */
char *
exattn_audit__fraction_slip(const exattn_audit_candidate *c,
                            const exattn_audit_number *p)
{
    size_t i;

    for (i = 0; i < c->count; i++)
        if (inverted(c->value[i], &p->v[i]))
            return exattn_audit__entry_text(c->count > 1 ? i + 1 : 0,
                                "the fraction is written upside down");
    return NULL;
}
