/* Normal forms: a node built from + - * / and integer powers keeps its
 * value as a rational function P/Q of "atoms" (named nodes, with integer
 * exponents) whose terms also carry
 *   - a radical part, a product of rational powers b^r of integers b >= 2
 *     (0 < r < 1) over pairwise coprime bases: sqrt(8)/sqrt(2) = 2,
 *     sqrt(2) = 2^(1/2), sqrt(100000/100001) = 1/sqrt(1 + 1/100000);
 *   - an exponential part e^X, X itself a polynomial of the same kind:
 *     e^(1/2)·e^(1/2) = e, and e^{1/√2} in a block's softmax.
 * So exact cancellations are seen (the sum of a LayerNorm's centred
 * coordinates; e^(1/2)·e^(1/2) - e = 0), a node whose form is a constant
 * is exact, and two nodes with equal forms are proved equal.
 *
 * Why this is complete where it matters: over pairwise coprime bases a
 * product of rational powers is rational iff each factor is (unique
 * factorisation), and b^(p/q) is rational iff b is a q-th power; products
 * of real radicals whose ratios are irrational are linearly independent
 * over the rationals (Besicovitch), and e^{a_k} for distinct algebraic
 * a_k are linearly independent over the algebraic numbers (Lindemann-
 * Weierstrass).  So for products, quotients and sums of rational powers of
 * rationals and exponentials of their combinations, "the form is not a
 * constant" means "the value is irrational".  Atoms (sin 1, a LayerNorm's
 * sqrt(σ² + ε)) are only as independent as they look: the forms are
 * sound, never complete, there.
 *
 * Sizes are capped (EXATTN_POLY_*, EXATTN_RADICALS, EXATTN_RADICAL_BITS):
 * a node whose form would be larger is an atom of its own.  A divisor
 * with atoms must be proved nonzero before a quotient gets a form:
 * atoms are treated as independent, and a hidden zero (sin² 1 + cos² 1
 * - 1) would otherwise make h/h the exact 1. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "expr/expr.h"

static int exattn_expr__same_tree(const exattn_xnode *a, const exattn_xnode *b);

#define EXATTN_POLY_TERMS 64
#define EXATTN_POLY_PRODUCT 512    /* terms multiplied at most */
#define EXATTN_POLY_POWER 4         /* integer powers expanded */
#define EXATTN_RADICALS 32          /* bases in one term */
#define EXATTN_RADICAL_BITS 4096    /* integer powers pulled out of them */

typedef struct
{
    const exattn_xnode *atom;
    long exp;                       /* non-zero */
} factor;

typedef struct
{
    mpz_t base;                     /* >= 2 */
    mpq_t exp;                      /* 0 < exp < 1 once normalized */
} radical;

typedef struct exattn_lpoly poly;

typedef struct
{
    mpq_t coef;                     /* non-zero */
    size_t nrad;
    radical *rad;                   /* sorted by base, pairwise coprime */
    poly *expo;                     /* NULL, or X != 0: the term has e^X */
    size_t count;
    factor *f;                      /* sorted by atom hash */
} term;

/* A polynomial is immutable once built, so copies share it (refs): an
 * exponential part e^X is shared by every term and form it reaches, which
 * in a block's softmax is most of them.  Only a polynomial being built
 * (fresh from poly_new, refs 1) is ever changed. */
struct exattn_lpoly
{
    size_t count, cap;
    term *t;
    unsigned refs;
    /* A cache of the value in double, for polynomials without atoms:
     * fp_state 0 not computed, 1 fp holds the value and mag a bound of its
     * rounding error, 2 not computable (atoms, out of range). */
    int fp_state;
    double fp, mag;
};

/* P / Q; Q NULL for 1. */
struct exattn_lform
{
    poly *num, *den;
};

static poly *poly_sum(const poly *a, const mpq_t sa, const poly *b,
                      const mpq_t sb);

/* ---- radicals ----------------------------------------------------------- */

/* r = base^(±exp), its fields initialised here. */
static void
radical_init(radical *r, mpz_srcptr base, mpq_srcptr exp, int negate)
{
    mpz_init_set(r->base, base);
    mpq_init(r->exp);
    if (negate)
        mpq_neg(r->exp, exp);
    else
        mpq_set(r->exp, exp);
}

static void
radicals_free(radical *r, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
    {
        mpz_clear(r[i].base);
        mpq_clear(r[i].exp);
    }
    free(r);
}

/* A copy of n radicals with room for `extra` more (their fields not
 * initialised); NULL when out of memory. */
static radical *
radicals_copy(const radical *r, size_t n, size_t extra)
{
    radical *c = malloc((n + extra + 1) * sizeof *c);
    size_t i;

    if (c == NULL)
        return NULL;
    for (i = 0; i < n; i++)
    {
        radical_init(&c[i], r[i].base, r[i].exp, 0);
    }
    return c;
}

/* coef *= b^k for an integer k, within EXATTN_RADICAL_BITS; 0 if not. */
static int
pull_power(mpq_t coef, const mpz_t b, const mpz_t k)
{
    mpz_t p;
    unsigned long e;

    if (mpz_sgn(k) == 0)
        return 1;
    /* |k| bits(b) <= EXATTN_RADICAL_BITS, without overflow */
    if (mpz_cmpabs_ui(k, EXATTN_RADICAL_BITS / mpz_sizeinbase(b, 2)) > 0)
        return 0;
    mpz_init(p);
    mpz_abs(p, k);
    e = mpz_get_ui(p);
    mpz_pow_ui(p, b, e);
    if (mpz_sgn(k) > 0)
        mpz_mul(mpq_numref(coef), mpq_numref(coef), p);
    else
        mpz_mul(mpq_denref(coef), mpq_denref(coef), p);
    mpq_canonicalize(coef);
    mpz_clear(p);
    return 1;
}

/* Split two bases with a common factor g into b1/g, b2/g and g (whose
 * exponent is the sum): the product of the bases falls, so repeating this
 * ends with pairwise coprime bases.  Entries of base 1 are removed.
 * Returns 0 when the list would outgrow EXATTN_RADICALS (then nothing
 * is appended: an array holding n entries needs room for n + 1 only when
 * n < EXATTN_RADICALS, and EXATTN_RADICALS + 1 in all). */
static int
coprime(radical *r, size_t *n)
{
    size_t i, j, k;
    mpz_t g;
    int again = 1, ok = 1;

    mpz_init(g);
    while (again && ok)
    {
        again = 0;
        for (i = 0; i < *n && !again; i++)
            for (j = i + 1; j < *n && !again; j++)
            {
                mpz_gcd(g, r[i].base, r[j].base);
                if (mpz_cmp_ui(g, 1) == 0)
                    continue;
                if (*n >= EXATTN_RADICALS)
                {
                    ok = 0;
                    break;
                }
                mpz_divexact(r[i].base, r[i].base, g);
                mpz_divexact(r[j].base, r[j].base, g);
                radical_init(&r[*n], g, r[i].exp, 0);
                mpq_add(r[*n].exp, r[i].exp, r[j].exp);
                (*n)++;
                again = 1;
            }
        for (i = 0, k = 0; i < *n; i++)
            if (mpz_cmp_ui(r[i].base, 1) == 0 || mpq_sgn(r[i].exp) == 0)
            {
                mpz_clear(r[i].base);
                mpq_clear(r[i].exp);
            }
            else
                r[k++] = r[i];
        *n = k;
    }
    mpz_clear(g);
    return ok;
}

static int
radical_before(const void *x, const void *y)
{
    return mpz_cmp(((const radical *)x)->base, ((const radical *)y)->base);
}

/* Bring each exponent into (0, 1): the integer part of b^e goes to the
 * coefficient, and b^(p/q) of a q-th power b is rational. */
static int
reduce(radical *r, size_t *n, mpq_t coef)
{
    size_t i, k;
    mpz_t fl, root;
    int ok = 1;

    mpz_inits(fl, root, (mpz_ptr)0);
    for (i = 0, k = 0; i < *n; i++)
    {
        mpz_fdiv_q(fl, mpq_numref(r[i].exp), mpq_denref(r[i].exp));
        ok = ok && pull_power(coef, r[i].base, fl);
        mpz_mul(fl, fl, mpq_denref(r[i].exp));
        mpz_sub(mpq_numref(r[i].exp), mpq_numref(r[i].exp), fl);
        if (mpq_sgn(r[i].exp) != 0 && mpz_fits_ulong_p(mpq_denref(r[i].exp))
            && mpz_root(root, r[i].base,
                        mpz_get_ui(mpq_denref(r[i].exp))))
        {
            ok = ok && pull_power(coef, root, mpq_numref(r[i].exp));
            mpq_set_ui(r[i].exp, 0, 1);
        }
        if (mpq_sgn(r[i].exp) == 0)
        {
            mpz_clear(r[i].base);
            mpq_clear(r[i].exp);
        }
        else
            r[k++] = r[i];
    }
    *n = k;
    mpz_clears(fl, root, (mpz_ptr)0);
    qsort(r, *n, sizeof *r, radical_before);
    return ok;
}

/* The normal form of a product of radicals: coprime bases, exponents in
 * (0, 1), sorted; 0 when beyond the caps. */
static int
normalize(radical *r, size_t *n, mpq_t coef)
{
    return coprime(r, n) && reduce(r, n, coef) && *n <= EXATTN_RADICALS;
}

static int
same_radicals(const term *a, const term *b)
{
    size_t i;

    if (a->nrad != b->nrad)
        return 0;
    for (i = 0; i < a->nrad; i++)
        if (mpz_cmp(a->rad[i].base, b->rad[i].base) != 0
            || !mpq_equal(a->rad[i].exp, b->rad[i].exp))
            return 0;
    return 1;
}

/* Is R(b) / R(a) rational, and which rational?  Coprime bases that
 * differ (sqrt(6) and sqrt(2)·sqrt(3)) can still be proportional. */
static int
radical_ratio(mpq_t ratio, const term *a, const term *b)
{
    radical *r;
    size_t i, n = b->nrad;
    int ok;

    mpq_set_ui(ratio, 1, 1);
    if (same_radicals(a, b))
        return 1;
    r = radicals_copy(b->rad, b->nrad, EXATTN_RADICALS);
    if (r == NULL)
        return 0;
    for (i = 0; i < a->nrad && n < EXATTN_RADICALS; i++, n++)
    {
        radical_init(&r[n], a->rad[i].base, a->rad[i].exp, 1);
    }
    ok = i == a->nrad && normalize(r, &n, ratio) && n == 0;
    radicals_free(r, n);
    return ok;
}

/* ---- terms and polynomials ---------------------------------------------- */

static void poly_free(poly *p);

static void
term_clear(term *t)
{
    mpq_clear(t->coef);
    radicals_free(t->rad, t->nrad);
    poly_free(t->expo);
    free(t->f);
}

static void
poly_free(poly *p)
{
    size_t k;

    if (p == NULL || --p->refs > 0)
        return;
    for (k = 0; k < p->count; k++)
        term_clear(&p->t[k]);
    free(p->t);
    free(p);
}

static poly *
poly_new(void)
{
    poly *p = calloc(1, sizeof(poly));

    if (p != NULL)
        p->refs = 1;
    return p;
}

/* Atoms are ordered by structural hash, so that the same atom built
 * twice (sin(1) in two places of a claim) takes the same place.  They are
 * compared as trees: an atom is a node whose form is itself. */
static int
same_atom(const exattn_xnode *x, const exattn_xnode *y)
{
    return x == y || exattn_expr__same_tree(x, y);
}

static int
same_atoms(const term *a, const term *b)
{
    size_t i;

    if (a->count != b->count)
        return 0;
    for (i = 0; i < a->count; i++)
        if (a->f[i].exp != b->f[i].exp || !same_atom(a->f[i].atom,
                                                     b->f[i].atom))
            return 0;
    return 1;
}

static int same_monomial(mpq_t ratio, const term *a, const term *b);

/* The value of a polynomial without atoms in double and a bound of its
 * rounding error; 0 when it has atoms, or a coefficient or term beyond
 * the range where double's relative error holds (below 10^-290, above
 * 10^290 or e^600). */
static int
fingerprint(const poly *cp, double *v, double *err)
{
    poly *p = (poly *)cp;       /* the cache of a pure function */
    const double eps = 0x1p-52;
    size_t k, i;
    double t, c, xv, xe, mag = 0;

    if (p->fp_state == 0)
    {
        p->fp_state = 1;
        p->fp = p->mag = 0;
        for (k = 0; k < p->count && p->fp_state == 1; k++)
        {
            const term *x = &p->t[k];
            double rel = 4 * eps * (double)(x->nrad + 2);

            c = mpq_get_d(x->coef);
            t = c;
            for (i = 0; i < x->nrad; i++)
                t *= pow(mpz_get_d(x->rad[i].base),
                         mpq_get_d(x->rad[i].exp));
            if (x->expo != NULL)
            {
                if (!fingerprint(x->expo, &xv, &xe) || fabs(xv) > 600)
                    p->fp_state = 2;
                t *= exp(xv);
                rel += 2 * xe + 4 * eps;    /* e^{x±xe} = e^x (1 ± ~xe) */
            }
            if (x->count != 0 || !isfinite(t) || fabs(c) < 1e-290
                || fabs(t) < 1e-290 || fabs(t) > 1e290)
                p->fp_state = 2;
            p->fp += t;
            mag += fabs(t);
            p->mag += fabs(t) * rel;
        }
        /* the sum's own roundings */
        p->mag += eps * mag * (double)(p->count + 1);
    }
    *v = p->fp;
    *err = p->mag;
    return p->fp_state == 1;
}

/* Are two polynomials equal?  Their terms are pairwise non-proportional
 * monomials, so they are when the terms of a match those of b one to one,
 * with the same monomial and coefficient: no polynomial is built (the
 * exponents of a block's softmax are compared at every product). */
static int
poly_equal(const poly *a, const poly *b)
{
    size_t i, j;
    mpq_t ratio;
    double va, ea, vb, eb;
    unsigned long long used = 0;    /* polynomials have at most 64 terms */
    int found = 1;

    if (a == b)
        return 1;
    if (a->count != b->count || a->count > 64)
        return 0;
    /* values apart by more than 8 times their rounding error bounds are
     * different: a block's many e^{c√2} are told apart without exact
     * arithmetic */
    if (fingerprint(a, &va, &ea) && fingerprint(b, &vb, &eb)
        && fabs(va - vb) > 8 * (ea + eb))
        return 0;
    mpq_init(ratio);
    for (i = 0; i < a->count && found; i++)
        for (j = 0, found = 0; j < b->count && !found; j++)
            if (!(used >> j & 1) && same_monomial(ratio, &a->t[i], &b->t[j]))
            {
                mpq_mul(ratio, ratio, b->t[j].coef);
                found = mpq_equal(ratio, a->t[i].coef);
                used |= 1ULL << j;
                break;
            }
    mpq_clear(ratio);
    return found;
}

static int
same_expo(const term *a, const term *b)
{
    if (a->expo == NULL || b->expo == NULL)
        return a->expo == b->expo;
    return poly_equal(a->expo, b->expo);
}

/* Is b a rational multiple of a's monomial (the same atoms and e^X, a
 * proportional radical part)?  Then `ratio` is b's monomial over a's. */
static int
same_monomial(mpq_t ratio, const term *a, const term *b)
{
    return same_atoms(a, b) && same_expo(a, b)
           && radical_ratio(ratio, a, b);
}

static poly *poly_copy(const poly *p);

/* A term t = c times the parts of `like` (deep copies); 0 on failure. */
static int
term_init(term *t, const mpq_t c, const term *like)
{
    memset(t, 0, sizeof *t);
    mpq_init(t->coef);
    mpq_set(t->coef, c);
    t->rad = radicals_copy(like->rad, like->nrad, 0);
    t->nrad = t->rad != NULL ? like->nrad : 0;  /* what term_clear frees */
    t->expo = like->expo ? poly_copy(like->expo) : NULL;
    t->count = like->count;
    t->f = malloc((like->count ? like->count : 1) * sizeof *t->f);
    if (t->rad == NULL || t->f == NULL)
    {
        term_clear(t);
        return 0;
    }
    if (like->count)
        memcpy(t->f, like->f, like->count * sizeof *t->f);
    return 1;
}

/* p += c * monomial(like); 0 when out of room or memory. */
static int
add_term(poly *p, const mpq_t c, const term *like)
{
    size_t k;
    mpq_t ratio, cc;
    int done = 0;

    if (mpq_sgn(c) == 0)
        return 1;
    mpq_init(ratio);
    mpq_init(cc);
    for (k = 0; k < p->count && !done; k++)
        if (same_monomial(ratio, &p->t[k], like))
        {
            mpq_mul(cc, c, ratio);
            mpq_add(p->t[k].coef, p->t[k].coef, cc);
            if (mpq_sgn(p->t[k].coef) == 0)
            {
                term_clear(&p->t[k]);
                p->t[k] = p->t[--p->count];
            }
            done = 1;
        }
    mpq_clear(ratio);
    mpq_clear(cc);
    if (done)
        return 1;
    if (p->count == EXATTN_POLY_TERMS)
        return 0;
    if (p->count == p->cap)
    {
        size_t cap = p->cap ? 2 * p->cap : 4;
        term *bigger = realloc(p->t, cap * sizeof *p->t);

        if (bigger == NULL)
            return 0;
        p->t = bigger;
        p->cap = cap;
    }
    if (!term_init(&p->t[p->count], c, like))
        return 0;
    p->count++;
    return 1;
}

/* A copy: the same polynomial, shared (polynomials are immutable). */
static poly *
poly_copy(const poly *p)
{
    poly *shared = (poly *)p;   /* only the count of owners changes */

    shared->refs++;
    return shared;
}

/* sa*a + sb*b (b may be NULL). */
static poly *
poly_sum(const poly *a, const mpq_t sa, const poly *b, const mpq_t sb)
{
    poly *p = poly_new();
    mpq_t c;
    size_t k;
    int ok = p != NULL;

    mpq_init(c);
    for (k = 0; ok && k < a->count; k++)
    {
        mpq_mul(c, a->t[k].coef, sa);
        ok = add_term(p, c, &a->t[k]);
    }
    for (k = 0; ok && b != NULL && k < b->count; k++)
    {
        mpq_mul(c, b->t[k].coef, sb);
        ok = add_term(p, c, &b->t[k]);
    }
    mpq_clear(c);
    if (!ok)
    {
        poly_free(p);
        return NULL;
    }
    return p;
}

static int
factor_before(const factor *x, const factor *y)
{
    return exattn_expr__hash(x->atom) < exattn_expr__hash(y->atom);
}

/* The atoms of x·y, merged in atom order, into out (room for x->count +
 * y->count factors); returns its length. */
static size_t
atom_product(factor *out, const term *x, const term *y)
{
    size_t i = 0, j = 0, n = 0;

    while (i < x->count || j < y->count)
    {
        if (j == y->count || (i < x->count && factor_before(&x->f[i],
                                                            &y->f[j])))
            out[n++] = x->f[i++];
        else if (i == x->count || factor_before(&y->f[j], &x->f[i])
                 || !same_atom(x->f[i].atom, y->f[j].atom))
            out[n++] = y->f[j++];
        else
        {
            out[n] = x->f[i++];
            out[n].exp += y->f[j++].exp;
            n += out[n].exp != 0;
        }
    }
    return n;
}

/* x·y into out (initialised here); 0 when beyond the caps. */
static int
term_product(term *out, const term *x, const term *y)
{
    mpq_t one;
    size_t i, n = x->nrad;
    int ok;

    memset(out, 0, sizeof *out);
    mpq_init(out->coef);
    mpq_mul(out->coef, x->coef, y->coef);
    out->rad = radicals_copy(x->rad, x->nrad, y->nrad + EXATTN_RADICALS);
    out->f = malloc((x->count + y->count + 1) * sizeof *out->f);
    ok = out->rad != NULL && out->f != NULL;
    for (i = 0; ok && i < y->nrad; i++, n++)
    {
        radical_init(&out->rad[n], y->rad[i].base, y->rad[i].exp, 0);
    }
    out->nrad = out->rad != NULL ? n : 0;      /* what term_clear frees */
    ok = ok && normalize(out->rad, &out->nrad, out->coef);
    if (ok)
        out->count = atom_product(out->f, x, y);
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    if (ok && (x->expo || y->expo))
    {
        if (x->expo && y->expo)
            out->expo = poly_sum(x->expo, one, y->expo, one);
        else
            out->expo = poly_copy(x->expo ? x->expo : y->expo);
        ok = out->expo != NULL;
        if (ok && out->expo->count == 0)
        {
            poly_free(out->expo);       /* e^0 = 1 */
            out->expo = NULL;
        }
    }
    mpq_clear(one);
    return ok;
}

static poly *
poly_product(const poly *a, const poly *b)
{
    poly *p;
    term t;
    size_t i, j;
    int ok;

    if (a->count * b->count > EXATTN_POLY_PRODUCT)
        return NULL;
    p = poly_new();
    ok = p != NULL;
    for (i = 0; ok && i < a->count; i++)
        for (j = 0; ok && j < b->count; j++)
        {
            ok = term_product(&t, &a->t[i], &b->t[j]);
            ok = ok && add_term(p, t.coef, &t);
            term_clear(&t);
        }
    if (!ok)
    {
        poly_free(p);
        return NULL;
    }
    return p;
}

/* 1/a for a polynomial of one term: 1/c, radicals and atoms with their
 * exponents negated, e^-X. */
static poly *
poly_reciprocal(const poly *a)
{
    const term *x;
    term t;
    poly *p;
    mpq_t minus, zero;
    size_t i;
    int ok, inited;

    if (a->count != 1)
        return NULL;
    x = &a->t[0];
    mpq_init(minus);
    mpq_init(zero);
    mpq_set_si(minus, -1, 1);
    inited = ok = term_init(&t, x->coef, x);
    if (ok)
    {
        mpq_inv(t.coef, t.coef);
        for (i = 0; i < t.count; i++)
            t.f[i].exp = -t.f[i].exp;
        for (i = 0; i < t.nrad; i++)
            mpq_neg(t.rad[i].exp, t.rad[i].exp);
        ok = normalize(t.rad, &t.nrad, t.coef);
        if (ok && t.expo != NULL)
        {
            poly *neg = poly_sum(t.expo, minus, NULL, zero);

            poly_free(t.expo);
            t.expo = neg;
            ok = neg != NULL;
        }
    }
    p = ok ? poly_new() : NULL;
    if (p != NULL && !add_term(p, t.coef, &t))
    {
        poly_free(p);
        p = NULL;
    }
    if (inited)
        term_clear(&t);
    mpq_clear(minus);
    mpq_clear(zero);
    return p;
}

/* ---- the polynomial of an operand --------------------------------------- */

/* A polynomial of one term: coefficient c, radicals r (taken), e^X (X
 * taken), or the atom a (may be NULL). */
static poly *
monomial(const mpq_t c, radical *r, size_t nrad, poly *expo,
         const exattn_xnode *a)
{
    poly *p = poly_new();
    term t;
    factor f;
    int ok = p != NULL;

    memset(&t, 0, sizeof t);
    mpq_init(t.coef);
    mpq_set(t.coef, c);
    t.rad = r;
    t.nrad = nrad;
    t.expo = expo;
    t.f = &f;
    t.count = a != NULL;
    f.atom = a;
    f.exp = 1;
    ok = ok && add_term(p, t.coef, &t);
    mpq_clear(t.coef);
    radicals_free(r, nrad);
    poly_free(expo);
    if (!ok)
    {
        poly_free(p);
        return NULL;
    }
    return p;
}

/* q^e for an exact q > 0 and a rational e: a radical monomial. */
static poly *
rational_power(const mpq_t q, const mpq_t e)
{
    radical *r = malloc((2 + EXATTN_RADICALS) * sizeof *r);
    mpq_t c;
    size_t n = 0;
    poly *p = NULL;

    if (r == NULL)
        return NULL;
    mpq_init(c);
    mpq_set_ui(c, 1, 1);
    if (mpz_cmp_ui(mpq_numref(q), 1) != 0)
    {
        radical_init(&r[n++], mpq_numref(q), e, 0);
    }
    if (mpz_cmp_ui(mpq_denref(q), 1) != 0)
    {
        radical_init(&r[n++], mpq_denref(q), e, 1);
    }
    if (normalize(r, &n, c))
        p = monomial(c, r, n, NULL, NULL);     /* takes r */
    else
        radicals_free(r, n);
    mpq_clear(c);
    return p;
}

static poly *node_poly(const exattn_xnode *n);

/* e^x: a monomial whose exponential part is x's polynomial. */
static poly *
exponential(const exattn_xnode *x)
{
    poly *xp;
    mpq_t one;
    poly *p;

    if (x == NULL)
    {
        /* e itself: e^1 */
        mpq_init(one);
        mpq_set_ui(one, 1, 1);
        xp = monomial(one, NULL, 0, NULL, NULL);
        mpq_clear(one);
    }
    else
        xp = node_poly(x);
    if (xp == NULL)
        return NULL;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    if (xp->count == 0)
    {
        poly_free(xp);
        xp = NULL;
    }
    p = monomial(one, NULL, 0, xp, NULL);
    mpq_clear(one);
    return p;
}

/* The exponent of an exponential node, or NULL; *is_e for e itself. */
static int
is_exponential(const exattn_xnode *n, const exattn_xnode **x)
{
    *x = NULL;
    if (n->op == EXATTN_X_E)
        return 1;
    if (n->op == EXATTN_X_EXP)
        return (*x = n->a), 1;
    if (n->op == EXATTN_X_POW && n->a->op == EXATTN_X_E)
        return (*x = n->b), 1;
    return 0;
}

/* The polynomial of a node (a copy): its form's when that is one; a
 * constant; a radical or exponential monomial; else the node as an atom.
 * NULL when beyond the caps or out of memory. */
static poly *
node_poly(const exattn_xnode *n)
{
    const exattn_xnode *x;
    mpq_t one, half;
    poly *p;

    if (n->exact)
        return monomial(n->value, NULL, 0, NULL, NULL);
    if (n->lin != NULL)
        return n->lin->den == NULL ? poly_copy(n->lin->num) : NULL;
    if (n->op == EXATTN_X_SQRT && n->a->exact && mpq_sgn(n->a->value) > 0)
    {
        mpq_init(half);
        mpq_set_ui(half, 1, 2);
        p = rational_power(n->a->value, half);
        mpq_clear(half);
        return p;
    }
    if (n->op == EXATTN_X_POW && n->a->exact && n->b->exact
        && mpq_sgn(n->a->value) > 0)
        return rational_power(n->a->value, n->b->value);
    if (is_exponential(n, &x) && (p = exponential(x)) != NULL)
        return p;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    p = monomial(one, NULL, 0, NULL, n);
    mpq_clear(one);
    return p;
}

/* ---- forms: P/Q ----------------------------------------------------------- */

void
exattn_lform__free(exattn_lform *f)
{
    if (f == NULL)
        return;
    poly_free(f->num);
    poly_free(f->den);
    free(f);
}

/* A form from its parts (taken); a one-term denominator is moved into
 * the numerator.  NULL when a part is missing. */
static exattn_lform *
form(poly *num, poly *den)
{
    exattn_lform *f;
    poly *inv, *p;

    if (num == NULL || (den != NULL && den->count == 0))
    {
        poly_free(num);
        poly_free(den);
        return NULL;
    }
    if (den != NULL && den->count == 1)
    {
        inv = poly_reciprocal(den);
        p = inv ? poly_product(num, inv) : NULL;
        poly_free(inv);
        poly_free(num);
        poly_free(den);
        if (p == NULL)
            return NULL;
        num = p;
        den = NULL;
    }
    f = calloc(1, sizeof *f);
    if (f == NULL)
    {
        poly_free(num);
        poly_free(den);
        return NULL;
    }
    f->num = num;
    f->den = den;
    return f;
}

/* The form of an operand: its own (copied), or from node_poly. */
static exattn_lform *
operand(const exattn_xnode *n)
{
    if (n->lin != NULL)
        return form(poly_copy(n->lin->num),
                    n->lin->den ? poly_copy(n->lin->den) : NULL);
    return form(node_poly(n), NULL);
}

/* Do two denominators (NULL: 1) have the same polynomial? */
static int
same_den(const poly *a, const poly *b)
{
    if (a == NULL || b == NULL)
        return a == b;
    return poly_equal(a, b);
}

static poly *
times(const poly *a, const poly *den)
{
    return den ? poly_product(a, den) : poly_copy(a);
}

/* sa*a + sb*b over the common denominator. */
static exattn_lform *
form_sum(const exattn_lform *a, const mpq_t sa, const exattn_lform *b,
         const mpq_t sb)
{
    poly *x, *y, *num, *den;

    if (same_den(a->den, b->den))
        return form(poly_sum(a->num, sa, b->num, sb),
                    a->den ? poly_copy(a->den) : NULL);
    x = times(a->num, b->den);
    y = times(b->num, a->den);
    num = x && y ? poly_sum(x, sa, y, sb) : NULL;
    poly_free(x);
    poly_free(y);
    den = !a->den ? poly_copy(b->den) : !b->den ? poly_copy(a->den)
                                                 : poly_product(a->den,
                                                                b->den);
    return num && den ? form(num, den) : (poly_free(num), poly_free(den),
                                          NULL);
}

static poly *
product_or_copy(const poly *a, const poly *b)
{
    if (a == NULL)
        return b ? poly_copy(b) : NULL;
    return b ? poly_product(a, b) : poly_copy(a);
}

/* (a/b)·(c/d), or (a/b)/(c/d) when `divide`. */
static exattn_lform *
form_product(const exattn_lform *a, const exattn_lform *b, int divide)
{
    const poly *bn = divide ? b->den : b->num, *bd = divide ? b->num
                                                            : b->den;
    poly *num, *den;

    if (divide && b->num->count == 0)
        return NULL;            /* a division by 0: fold reports it */
    if (divide && bn == NULL)
    {
        /* (a/ad) / (b/1) = a / (ad·b) */
        den = product_or_copy(a->den, bd);
        num = poly_copy(a->num);
        return num && den ? form(num, den)
                          : (poly_free(num), poly_free(den), NULL);
    }
    num = poly_product(a->num, bn);
    den = (a->den || bd) ? product_or_copy(a->den, bd) : NULL;
    if (num == NULL || ((a->den || bd) && den == NULL))
    {
        poly_free(num);
        poly_free(den);
        return NULL;
    }
    return form(num, den);
}

static exattn_lform *
form_power(const exattn_lform *a, const exattn_xnode *k)
{
    exattn_lform *p, *next;
    long e, i;

    if (!k->exact || mpz_cmp_ui(mpq_denref(k->value), 1) != 0
        || !mpz_fits_slong_p(mpq_numref(k->value)))
        return NULL;
    e = mpz_get_si(mpq_numref(k->value));
    if (e < 2 || e > EXATTN_POLY_POWER)
        return NULL;            /* x^1 keeps the form of x via fold */
    p = form_product(a, a, 0);
    for (i = 2; p != NULL && i < e; i++)
    {
        next = form_product(p, a, 0);
        exattn_lform__free(p);
        p = next;
    }
    return p;
}

static exattn_lform *
combine(const exattn_xnode *n, const exattn_lform *a, const exattn_lform *b)
{
    exattn_lform *r;
    mpq_t one, minus;

    mpq_init(one);
    mpq_init(minus);
    mpq_set_si(one, 1, 1);
    mpq_set_si(minus, -1, 1);
    switch (n->op)
    {
    case EXATTN_X_ADD: r = form_sum(a, one, b, one); break;
    case EXATTN_X_SUB: r = form_sum(a, one, b, minus); break;
    case EXATTN_X_NEG:
        r = form(poly_sum(a->num, minus, NULL, one),
                 a->den ? poly_copy(a->den) : NULL);
        break;
    case EXATTN_X_MUL: r = form_product(a, b, 0); break;
    case EXATTN_X_DIV: r = form_product(a, b, 1); break;
    case EXATTN_X_POW: r = form_power(a, n->b); break;
    default: r = NULL; break;
    }
    mpq_clear(one);
    mpq_clear(minus);
    return r;
}

/* Does a polynomial have atoms, in a term or in an exponent?  Then its
 * being a nonzero form does not make its value nonzero. */
static int
has_atoms(const poly *p)
{
    size_t k;

    for (k = 0; k < p->count; k++)
        if (p->t[k].count != 0
            || (p->t[k].expo != NULL && has_atoms(p->t[k].expo)))
            return 1;
    return 0;
}

/* Is n positive by its shape alone, wherever it is defined: a positive
 * rational, a symbol with no value (the only such symbol a lesson gives
 * is its symbolic ε, which it takes as positive: docs/lesson-format.md),
 * e^x, and sums, products, quotients and square roots of such?  *budget
 * bounds the nodes looked at (a block's DAG shares them). */
static int
positive_by_shape(const exattn_xnode *n, size_t *budget)
{
    const exattn_xnode *x;

    if (*budget == 0)
        return 0;
    --*budget;
    if (n->exact)
        return mpq_sgn(n->value) > 0;
    if (n->op == EXATTN_X_SYM)
        return !n->has_value || mpq_sgn(n->value) > 0;
    if (is_exponential(n, &x))
        return 1;
    switch (n->op)
    {
    case EXATTN_X_ADD: case EXATTN_X_MUL: case EXATTN_X_DIV:
        return positive_by_shape(n->a, budget)
               && positive_by_shape(n->b, budget);
    case EXATTN_X_SQRT:
        return positive_by_shape(n->a, budget);
    default:
        return 0;
    }
}

/* A divisor whose form has atoms is proved nonzero by an enclosure (a
 * few low precisions: failing only costs exactness), or by its shape
 * when it has no value to enclose (√(1+ε), ε a symbol); one without
 * atoms is nonzero when its form is, by the independence theorems
 * above. */
static int
divisor_proved_nonzero(const exattn_xnode *d, const exattn_lform *f)
{
    exattn_error_t local;
    size_t budget = 64;
    int sign = 0;

    if (!has_atoms(f->num))
        return 1;
    exattn_error_init(&local);
    if (exattn_expr__sign(&sign, d, 256, "divisor", &local) == EXATTN_OK)
        return sign != 0;
    return positive_by_shape(d, &budget);
}

exattn_lform *
exattn_lform__of(const exattn_xnode *n)
{
    exattn_lform *a = NULL, *b = NULL, *r = NULL;
    const exattn_xnode *x;

    if (n->a == NULL || n->op == EXATTN_X_RELU || n->op == EXATTN_X_SQRT
        || n->op == EXATTN_X_SIN || n->op == EXATTN_X_COS
        || n->op == EXATTN_X_LN || n->op == EXATTN_X_EXP
        || is_exponential(n, &x)
        || (n->op == EXATTN_X_POW && n->a->exact && n->b->exact))
        return NULL;            /* atoms, radicals and exponentials */
    a = operand(n->a);
    if (n->b != NULL && n->op != EXATTN_X_POW)
        b = operand(n->b);
    if (a != NULL && (b != NULL || n->b == NULL || n->op == EXATTN_X_POW)
        && (n->op != EXATTN_X_DIV || divisor_proved_nonzero(n->b, b)))
        r = combine(n, a, b);
    exattn_lform__free(a);
    exattn_lform__free(b);
    return r;
}

int
exattn_lform__is_constant(const exattn_lform *f, mpq_t value)
{
    const poly *p = f->num;
    const term *t;
    poly *diff;
    mpq_t c, one, minus_c;
    size_t k;
    int constant = 0;

    if (p->count == 0)
    {
        mpq_set_ui(value, 0, 1);
        return 1;
    }
    if (f->den == NULL)
    {
        t = &p->t[0];
        if (p->count > 1 || t->count || t->nrad || t->expo)
            return 0;
        mpq_set(value, t->coef);
        return 1;
    }
    /* P/Q is constant iff P = cQ, with c read off the term of P that
     * matches Q's first */
    if (p->count != f->den->count)
        return 0;
    mpq_inits(c, one, minus_c, (mpq_ptr)0);
    for (k = 0; k < p->count && !constant; k++)
        constant = same_monomial(c, &f->den->t[0], &p->t[k]);
    if (constant)
    {
        /* p_k = coef_k · ratio · monomial of q_0 */
        mpq_mul(c, c, p->t[k - 1].coef);
        mpq_div(c, c, f->den->t[0].coef);
        mpq_set_ui(one, 1, 1);
        mpq_neg(minus_c, c);
        diff = poly_sum(p, one, f->den, minus_c);
        constant = diff != NULL && diff->count == 0;
        poly_free(diff);
        if (constant)
            mpq_set(value, c);
    }
    mpq_clears(c, one, minus_c, (mpq_ptr)0);
    return constant;
}

/* Have a and b the same form (a - b's is 0)?  A nonzero difference
 * proves nothing by itself: a comparison of radicals or exponents past
 * the caps keeps equal terms apart, and an exponent that is itself
 * transcendental (e^e) is outside Lindemann-Weierstrass. */
static int
same_form(const exattn_xnode *a, const exattn_xnode *b)
{
    exattn_lform *fa = operand(a), *fb = operand(b), *d = NULL;
    mpq_t one, minus;
    int same;

    mpq_init(one);
    mpq_init(minus);
    mpq_set_si(one, 1, 1);
    mpq_set_si(minus, -1, 1);
    if (fa != NULL && fb != NULL)
        d = form_sum(fa, one, fb, minus);
    same = d != NULL && d->num->count == 0;
    exattn_lform__free(fa);
    exattn_lform__free(fb);
    exattn_lform__free(d);
    mpq_clear(one);
    mpq_clear(minus);
    return same;
}

/* Has n a normal form other than itself as an atom (a form, a radical,
 * an exponential)?  Then its form can be compared. */
static int
exattn_lform__normal(const exattn_xnode *n)
{
    const exattn_xnode *x;

    return n->lin != NULL
           || (n->op == EXATTN_X_SQRT && n->a->exact
               && mpq_sgn(n->a->value) > 0)
           || (n->op == EXATTN_X_POW && n->a->exact && n->b->exact
               && mpq_sgn(n->a->value) > 0)
           || is_exponential(n, &x);
}

/* ---- reading a polynomial form (the printer) ---------------------------- */

const exattn_lpoly *
exattn_lform__polynomial(const exattn_lform *f)
{
    return f != NULL && f->den == NULL ? f->num : NULL;
}

size_t
exattn_lpoly__terms(const exattn_lpoly *p)
{
    return p->count;
}

mpq_srcptr
exattn_lpoly__coef(const exattn_lpoly *p, size_t k)
{
    return p->t[k].coef;
}

size_t
exattn_lpoly__factors(const exattn_lpoly *p, size_t k)
{
    return p->t[k].count;
}

const exattn_xnode *
exattn_lpoly__factor(const exattn_lpoly *p, size_t k, size_t i, long *exp)
{
    *exp = p->t[k].f[i].exp;
    return p->t[k].f[i].atom;
}

size_t
exattn_lpoly__radicals(const exattn_lpoly *p, size_t k)
{
    return p->t[k].nrad;
}

mpz_srcptr
exattn_lpoly__radical(const exattn_lpoly *p, size_t k, size_t i,
                      mpq_srcptr *exp)
{
    *exp = p->t[k].rad[i].exp;
    return p->t[k].rad[i].base;
}

const exattn_lpoly *
exattn_lpoly__expo(const exattn_lpoly *p, size_t k)
{
    return p->t[k].expo;
}

/* ---- equality of nodes --------------------------------------------- */

int
exattn_expr__same(const exattn_xnode *a, const exattn_xnode *b)
{
    /* the same normal form, however written; else the same tree */
    if (a != b && !a->exact && !b->exact
        && (exattn_lform__normal(a) || exattn_lform__normal(b))
        && same_form(a, b))
        return 1;
    return exattn_expr__same_tree(a, b);
}

exattn_identity_t
exattn_expr__identity(const exattn_xnode *a, const exattn_xnode *b)
{
    if (a->exact && b->exact)
        return mpq_equal(a->value, b->value) ? EXATTN_IDENTITY_EQUAL
                                             : EXATTN_IDENTITY_DIFFERENT;
    return same_form(a, b) || exattn_expr__same_tree(a, b)
               ? EXATTN_IDENTITY_EQUAL
               : EXATTN_IDENTITY_UNKNOWN;
}

/* The same operation on operands that are the same (exattn_expr__same):
 * how the atoms of normal forms are compared, since an atom's own form is
 * itself -- comparing it by forms would recurse without end. */
static int
exattn_expr__same_tree(const exattn_xnode *a, const exattn_xnode *b)
{
    if (a == b)
        return 1;
    if (a->exact || b->exact)
        return a->exact && b->exact && mpq_equal(a->value, b->value);
    if (exattn_expr__hash(a) != exattn_expr__hash(b))
        return 0;
    if (a->op != b->op)
        return 0;
    if (a->op == EXATTN_X_SYM)
        return strcmp(a->literal, b->literal) == 0
               && a->has_value == b->has_value
               && (!a->has_value || mpq_equal(a->value, b->value));
    if ((a->a == NULL) != (b->a == NULL) || (a->b == NULL) != (b->b == NULL))
        return 0;
    return (a->a == NULL || exattn_expr__same(a->a, b->a))
           && (a->b == NULL || exattn_expr__same(a->b, b->b));
}
