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
 * - 1) would otherwise make h/h the exact 1.
 *
 * Here: radicals, terms and polynomials; a node's form P/Q is
 * lform.c's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "expr/linear.h"

/* ---- radicals ----------------------------------------------------------- */

/* r = base^(±exp), its fields initialised here. */
void
exattn_lpoly__radical_init(radical *r, mpz_srcptr base, mpq_srcptr exp,
                           int negate)
{
    mpz_init_set(r->base, base);
    mpq_init(r->exp);
    if (negate)
        mpq_neg(r->exp, exp);
    else
        mpq_set(r->exp, exp);
}

void
exattn_lpoly__radicals_free(radical *r, size_t n)
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
        exattn_lpoly__radical_init(&c[i], r[i].base, r[i].exp, 0);
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
                exattn_lpoly__radical_init(&r[*n], g, r[i].exp, 0);
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
int
exattn_lpoly__normalize(radical *r, size_t *n, mpq_t coef)
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
        exattn_lpoly__radical_init(&r[n], a->rad[i].base, a->rad[i].exp, 1);
    }
    ok = i == a->nrad && exattn_lpoly__normalize(r, &n, ratio) && n == 0;
    exattn_lpoly__radicals_free(r, n);
    return ok;
}

/* ---- terms and polynomials ---------------------------------------------- */

static void
term_clear(term *t)
{
    mpq_clear(t->coef);
    exattn_lpoly__radicals_free(t->rad, t->nrad);
    exattn_lpoly__free(t->expo);
    free(t->f);
}

void
exattn_lpoly__free(poly *p)
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
int
exattn_lpoly__equal(const poly *a, const poly *b)
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
            if (!(used >> j & 1)
                && exattn_lpoly__same_monomial(ratio, &a->t[i], &b->t[j]))
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
    return exattn_lpoly__equal(a->expo, b->expo);
}

/* Is b a rational multiple of a's monomial (the same atoms and e^X, a
 * proportional radical part)?  Then `ratio` is b's monomial over a's. */
int
exattn_lpoly__same_monomial(mpq_t ratio, const term *a, const term *b)
{
    return same_atoms(a, b) && same_expo(a, b)
           && radical_ratio(ratio, a, b);
}

/* A term t = c times the parts of `like` (deep copies); 0 on failure. */
static int
term_init(term *t, const mpq_t c, const term *like)
{
    memset(t, 0, sizeof *t);
    mpq_init(t->coef);
    mpq_set(t->coef, c);
    t->rad = radicals_copy(like->rad, like->nrad, 0);
    t->nrad = t->rad != NULL ? like->nrad : 0;  /* what term_clear frees */
    t->expo = like->expo ? exattn_lpoly__copy(like->expo) : NULL;
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

/* p += c * exattn_lpoly__monomial(like); 0 when out of room or memory. */
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
        if (exattn_lpoly__same_monomial(ratio, &p->t[k], like))
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
poly *
exattn_lpoly__copy(const poly *p)
{
    poly *shared = (poly *)p;   /* only the count of owners changes */

    shared->refs++;
    return shared;
}

/* sa*a + sb*b (b may be NULL). */
poly *
exattn_lpoly__sum(const poly *a, const mpq_t sa, const poly *b, const mpq_t sb)
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
        exattn_lpoly__free(p);
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
        exattn_lpoly__radical_init(&out->rad[n], y->rad[i].base,
                                   y->rad[i].exp, 0);
    }
    out->nrad = out->rad != NULL ? n : 0;      /* what term_clear frees */
    ok = ok && exattn_lpoly__normalize(out->rad, &out->nrad, out->coef);
    if (ok)
        out->count = atom_product(out->f, x, y);
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    if (ok && (x->expo || y->expo))
    {
        if (x->expo && y->expo)
            out->expo = exattn_lpoly__sum(x->expo, one, y->expo, one);
        else
            out->expo = exattn_lpoly__copy(x->expo ? x->expo : y->expo);
        ok = out->expo != NULL;
        if (ok && out->expo->count == 0)
        {
            exattn_lpoly__free(out->expo);       /* e^0 = 1 */
            out->expo = NULL;
        }
    }
    mpq_clear(one);
    return ok;
}

poly *
exattn_lpoly__product(const poly *a, const poly *b)
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
        exattn_lpoly__free(p);
        return NULL;
    }
    return p;
}

/* 1/a for a polynomial of one term: 1/c, radicals and atoms with their
 * exponents negated, e^-X. */
poly *
exattn_lpoly__reciprocal(const poly *a)
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
        ok = exattn_lpoly__normalize(t.rad, &t.nrad, t.coef);
        if (ok && t.expo != NULL)
        {
            poly *neg = exattn_lpoly__sum(t.expo, minus, NULL, zero);

            exattn_lpoly__free(t.expo);
            t.expo = neg;
            ok = neg != NULL;
        }
    }
    p = ok ? poly_new() : NULL;
    if (p != NULL && !add_term(p, t.coef, &t))
    {
        exattn_lpoly__free(p);
        p = NULL;
    }
    if (inited)
        term_clear(&t);
    mpq_clear(minus);
    mpq_clear(zero);
    return p;
}

/* A polynomial of one term: coefficient c, radicals r (taken), e^X (X
 * taken), or the atom a (may be NULL). */
poly *
exattn_lpoly__monomial(const mpq_t c, radical *r, size_t nrad, poly *expo,
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
    exattn_lpoly__radicals_free(r, nrad);
    exattn_lpoly__free(expo);
    if (!ok)
    {
        exattn_lpoly__free(p);
        return NULL;
    }
    return p;
}

/* Term t with atom's exponent lowered by 2 (a factor of it with exponent
 * 2 or more), into out (initialised here); 0 out of memory. */
static int
term_lowered(term *out, const term *t, const exattn_xnode *atom)
{
    size_t i, n = 0;

    if (!term_init(out, t->coef, t))
        return 0;
    for (i = 0; i < out->count; i++)
    {
        out->f[n] = out->f[i];
        if (same_atom(out->f[i].atom, atom))
            out->f[n].exp -= 2;
        n += out->f[n].exp != 0;
    }
    out->count = n;
    return 1;
}

poly *
exattn_lpoly__square_to_one_minus(const poly *p, const exattn_xnode *c,
                                  const exattn_xnode *s)
{
    poly *r = poly_new();
    factor s2f = { s, 2 };
    term s2, low, with_s;
    mpq_t minus;
    size_t k, i;
    int ok = r != NULL, lowered;

    memset(&s2, 0, sizeof s2);
    mpq_init(s2.coef);
    mpq_set_ui(s2.coef, 1, 1);
    s2.f = &s2f;
    s2.count = 1;
    mpq_init(minus);
    for (k = 0; ok && k < p->count; k++)
    {
        const term *t = &p->t[k];

        for (i = 0, lowered = 0; i < t->count && !lowered; i++)
            lowered = t->f[i].exp >= 2 && same_atom(t->f[i].atom, c);
        if (!lowered)
        {
            ok = add_term(r, t->coef, t);
            continue;
        }
        /* T = T'·c^2 = T' - T'·s^2 */
        ok = term_lowered(&low, t, c);
        if (!ok)
            break;
        ok = add_term(r, low.coef, &low) && term_product(&with_s, &low, &s2);
        if (ok)
        {
            mpq_neg(minus, with_s.coef);
            ok = add_term(r, minus, &with_s);
            term_clear(&with_s);
        }
        term_clear(&low);
    }
    mpq_clear(minus);
    mpq_clear(s2.coef);
    if (!ok)
    {
        exattn_lpoly__free(r);
        return NULL;
    }
    return r;
}

