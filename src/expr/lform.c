/* A node's normal form P/Q (linear.c's polynomials, linear.h): the
 * polynomial of an operand (atoms, e^X, rational powers), the forms of
 * sums, products and powers, constants, the proof that a divisor is
 * nonzero, the printer's accessors, and node equality by forms
 * (exattn_expr__same, exattn_expr__identity). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "expr/linear.h"

/* ---- the polynomial of an operand --------------------------------------- */

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
        exattn_lpoly__radical_init(&r[n++], mpq_numref(q), e, 0);
    }
    if (mpz_cmp_ui(mpq_denref(q), 1) != 0)
    {
        exattn_lpoly__radical_init(&r[n++], mpq_denref(q), e, 1);
    }
    if (exattn_lpoly__normalize(r, &n, c))
        p = exattn_lpoly__monomial(c, r, n, NULL, NULL);     /* takes r */
    else
        exattn_lpoly__radicals_free(r, n);
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
        xp = exattn_lpoly__monomial(one, NULL, 0, NULL, NULL);
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
        exattn_lpoly__free(xp);
        xp = NULL;
    }
    p = exattn_lpoly__monomial(one, NULL, 0, xp, NULL);
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
        return exattn_lpoly__monomial(n->value, NULL, 0, NULL, NULL);
    if (n->lin != NULL && !n->atom_in_forms)
        return n->lin->den == NULL ? exattn_lpoly__copy(n->lin->num) : NULL;
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
    p = exattn_lpoly__monomial(one, NULL, 0, NULL, n);
    mpq_clear(one);
    return p;
}

/* ---- forms: P/Q -------------------------------------------------------- */

void
exattn_lform__free(exattn_lform *f)
{
    if (f == NULL)
        return;
    exattn_lpoly__free(f->num);
    exattn_lpoly__free(f->den);
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
        exattn_lpoly__free(num);
        exattn_lpoly__free(den);
        return NULL;
    }
    if (den != NULL && den->count == 1)
    {
        inv = exattn_lpoly__reciprocal(den);
        p = inv ? exattn_lpoly__product(num, inv) : NULL;
        exattn_lpoly__free(inv);
        exattn_lpoly__free(num);
        exattn_lpoly__free(den);
        if (p == NULL)
            return NULL;
        num = p;
        den = NULL;
    }
    f = calloc(1, sizeof *f);
    if (f == NULL)
    {
        exattn_lpoly__free(num);
        exattn_lpoly__free(den);
        return NULL;
    }
    f->num = num;
    f->den = den;
    return f;
}

/* n's own form (copied), or from node_poly. */
static exattn_lform *
own_form(const exattn_xnode *n)
{
    if (n->lin != NULL)
        return form(exattn_lpoly__copy(n->lin->num),
                    n->lin->den ? exattn_lpoly__copy(n->lin->den) : NULL);
    return form(node_poly(n), NULL);
}

/* The form of an operand: its own, or the atom n when forms take it as
 * one. */
static exattn_lform *
operand(const exattn_xnode *n)
{
    if (n->atom_in_forms)
        return form(node_poly(n), NULL);
    return own_form(n);
}

void
exattn_expr__atom_in_forms(exattn_xnode *n)
{
    n->atom_in_forms = !n->exact && n->lin != NULL;
}

int
exattn_expr__large_form(const exattn_xnode *n)
{
    const exattn_lform *f = n->lin;

    return f != NULL
           && f->num->count + (f->den ? f->den->count : 0) > EXATTN_SMALL_FORM;
}

/* Do two denominators (NULL: 1) have the same polynomial? */
static int
same_den(const poly *a, const poly *b)
{
    if (a == NULL || b == NULL)
        return a == b;
    return exattn_lpoly__equal(a, b);
}

static poly *
times(const poly *a, const poly *den)
{
    return den ? exattn_lpoly__product(a, den) : exattn_lpoly__copy(a);
}

/* sa*a + sb*b over the common denominator. */
static exattn_lform *
form_sum(const exattn_lform *a, const mpq_t sa, const exattn_lform *b,
         const mpq_t sb)
{
    poly *x, *y, *num, *den;

    if (same_den(a->den, b->den))
        return form(exattn_lpoly__sum(a->num, sa, b->num, sb),
                    a->den ? exattn_lpoly__copy(a->den) : NULL);
    x = times(a->num, b->den);
    y = times(b->num, a->den);
    num = x && y ? exattn_lpoly__sum(x, sa, y, sb) : NULL;
    exattn_lpoly__free(x);
    exattn_lpoly__free(y);
    den = !a->den ? exattn_lpoly__copy(b->den)
          : !b->den ? exattn_lpoly__copy(a->den)
                    : exattn_lpoly__product(a->den, b->den);
    if (num && den)
        return form(num, den);
    exattn_lpoly__free(num);
    exattn_lpoly__free(den);
    return NULL;
}

static poly *
product_or_copy(const poly *a, const poly *b)
{
    if (a == NULL)
        return b ? exattn_lpoly__copy(b) : NULL;
    return b ? exattn_lpoly__product(a, b) : exattn_lpoly__copy(a);
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
        num = exattn_lpoly__copy(a->num);
        if (num && den)
            return form(num, den);
        exattn_lpoly__free(num);
        exattn_lpoly__free(den);
        return NULL;
    }
    num = exattn_lpoly__product(a->num, bn);
    den = (a->den || bd) ? product_or_copy(a->den, bd) : NULL;
    if (num == NULL || ((a->den || bd) && den == NULL))
    {
        exattn_lpoly__free(num);
        exattn_lpoly__free(den);
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
    if (e == 0)                 /* x^0 = 1, as MPFR's pow has it */
    {
        mpq_t one;

        mpq_init(one);
        mpq_set_ui(one, 1, 1);
        p = form(exattn_lpoly__monomial(one, NULL, 0, NULL, NULL), NULL);
        mpq_clear(one);
        return p;
    }
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
        r = form(exattn_lpoly__sum(a->num, minus, NULL, one),
                 a->den ? exattn_lpoly__copy(a->den) : NULL);
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

/* The rewrite of p by sin² + cos² = 1 when it has no more terms than
 * p (it cancels, or only moves powers of cos), else p: a rewrite that
 * grows a form would bring later sums and products to the caps, and
 * lose forms that exist without it.  Comparisons rewrite in full
 * (same_form).  A new reference either way; NULL out of memory. */
static poly *
pythagorean_poly(const poly *p, int full)
{
    poly *r = exattn_lpoly__pythagoras(p);

    if (r != NULL && (full || r->count <= p->count))
        return r;
    exattn_lpoly__free(r);
    return exattn_lpoly__copy(p);
}

/* f with sin² + cos² = 1 applied to its numerator and denominator
 * (taken; NULL when it is NULL). */
static exattn_lform *
pythagorean(exattn_lform *f, int full)
{
    poly *num, *den = NULL;
    int has_den;

    if (f == NULL)
        return NULL;
    has_den = f->den != NULL;
    num = pythagorean_poly(f->num, full);
    if (has_den)
        den = pythagorean_poly(f->den, full);
    exattn_lform__free(f);
    if (num == NULL || (has_den && den == NULL))
    {
        exattn_lpoly__free(num);
        exattn_lpoly__free(den);
        return NULL;
    }
    return form(num, den);
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
        r = pythagorean(combine(n, a, b), 0);
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
        constant = exattn_lpoly__same_monomial(c, &f->den->t[0], &p->t[k]);
    if (constant)
    {
        /* p_k = coef_k · ratio · monomial of q_0 */
        mpq_mul(c, c, p->t[k - 1].coef);
        mpq_div(c, c, f->den->t[0].coef);
        mpq_set_ui(one, 1, 1);
        mpq_neg(minus_c, c);
        diff = exattn_lpoly__sum(p, one, f->den, minus_c);
        constant = diff != NULL && diff->count == 0;
        exattn_lpoly__free(diff);
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
    exattn_lform *fa = own_form(a), *fb = own_form(b), *d = NULL;
    mpq_t one, minus;
    int same;

    mpq_init(one);
    mpq_init(minus);
    mpq_set_si(one, 1, 1);
    mpq_set_si(minus, -1, 1);
    if (fa != NULL && fb != NULL)
        d = pythagorean(form_sum(fa, one, fb, minus), 1);
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
int
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
