/* The representation of normal forms, shared by linear.c (radicals,
 * terms, polynomials) and lform.c (a node's form P/Q): factors,
 * radicals, terms, polynomials (struct exattn_lpoly) and forms (struct
 * exattn_lform), and the polynomial arithmetic a form is built with.
 * Private to src/expr. */
#ifndef EXATTN_EXPR_LINEAR_H
#define EXATTN_EXPR_LINEAR_H

#include "expr/expr.h"

#define EXATTN_POLY_TERMS 64
#define EXATTN_POLY_PRODUCT 512    /* terms multiplied at most */
#define EXATTN_POLY_POWER 4         /* integer powers expanded */
#define EXATTN_RADICALS 32          /* bases in one term */
#define EXATTN_RADICAL_BITS 4096    /* integer powers pulled out of them */
#define EXATTN_SMALL_FORM 8         /* terms whose square stays in the caps */

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
 * (fresh from linear.c's poly_new, refs 1) is ever changed. */
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

/* ---- radicals (linear.c) ---------------------------------------------- */

/* r = base^(±exp), its fields initialised here. */
void exattn_lpoly__radical_init(radical *r, mpz_srcptr base,
                                mpq_srcptr exp, int negate);
void exattn_lpoly__radicals_free(radical *r, size_t n);
/* The normal form of a product of radicals: coprime bases, exponents in
 * (0, 1), sorted; 0 when beyond the caps. */
int exattn_lpoly__normalize(radical *r, size_t *n, mpq_t coef);

/* ---- polynomials (linear.c) ------------------------------------------- */

void exattn_lpoly__free(poly *p);
/* A copy: the same polynomial, shared (polynomials are immutable). */
poly *exattn_lpoly__copy(const poly *p);
/* Are two polynomials equal (term by term, as their monomials are
 * pairwise non-proportional)? */
int exattn_lpoly__equal(const poly *a, const poly *b);
/* Is b a rational multiple of a's monomial?  Then `ratio` is b's
 * monomial over a's. */
int exattn_lpoly__same_monomial(mpq_t ratio, const term *a, const term *b);
/* sa·a + sb·b, a·b, and 1/a for a polynomial of one term; NULL beyond
 * the caps or out of memory. */
poly *exattn_lpoly__sum(const poly *a, const mpq_t sa, const poly *b,
                        const mpq_t sb);
poly *exattn_lpoly__product(const poly *a, const poly *b);
poly *exattn_lpoly__reciprocal(const poly *a);
/* A polynomial of one term: coefficient c, radicals r (taken), e^X (X
 * taken), or the atom a (may be NULL). */
poly *exattn_lpoly__monomial(const mpq_t c, radical *r, size_t nrad,
                             poly *expo, const exattn_xnode *a);

/* p with every term's c^k (k >= 2) written c^(k-2)·(1 - s^2): the
 * terms T'·c^2 become T' - T'·s^2 (c, s atoms); NULL beyond the caps or
 * out of memory. */
poly *exattn_lpoly__square_to_one_minus(const poly *p, const exattn_xnode *c,
                                        const exattn_xnode *s);

/* p with sin(a)^2 + cos(a)^2 = 1 applied (src/expr/pythagoras.c) as
 * far as the caps allow: a new reference (p itself when nothing
 * applies); NULL only out of memory. */
poly *exattn_lpoly__pythagoras(const poly *p);

/* ---- nodes (lform.c) -------------------------------------------------- */

/* The same operation on the same operands: how atoms are compared. */
int exattn_expr__same_tree(const exattn_xnode *a, const exattn_xnode *b);

#endif
