/* Polynomial forms: a built node that is a polynomial, with rational
 * coefficients, in "atoms" (named nodes, with integer exponents, negative
 * ones for divisions) keeps that polynomial, so that exact cancellations
 * are seen: -1/√(1+ε) + 1/√(1+ε) is the exact 0, and so is the sum of a
 * LayerNorm's centred coordinates (z1 - μ)/σ + (z2 - μ)/σ when μ is their
 * mean.  Two nodes with the same polynomial are proved equal.  Atoms are
 * the same when they are the same expression (exattn_expr__same).  A
 * polynomial that would have more than EXATTN_POLY_TERMS terms is not
 * kept: the node is then an atom of its own. */
#include <stdlib.h>
#include <string.h>
#include "expr/expr.h"

#define EXATTN_POLY_TERMS 64
#define EXATTN_POLY_PRODUCT 512    /* terms multiplied at most */
#define EXATTN_POLY_POWER 4         /* integer powers expanded */

typedef struct
{
    const exattn_xnode *atom;
    long exp;                       /* non-zero */
} factor;

typedef struct
{
    mpq_t coef;                     /* non-zero */
    size_t count;
    factor *f;                      /* sorted by atom hash */
} term;

struct exattn_lform
{
    size_t count, cap;
    term *t;
};

static void
term_clear(term *t)
{
    mpq_clear(t->coef);
    free(t->f);
}

void
exattn_lform__free(exattn_lform *p)
{
    size_t k;

    if (p == NULL)
        return;
    for (k = 0; k < p->count; k++)
        term_clear(&p->t[k]);
    free(p->t);
    free(p);
}

static exattn_lform *
poly_new(void)
{
    return calloc(1, sizeof(exattn_lform));
}

/* Atoms are ordered by structural hash, so that the same atom built
 * twice (sin(1) in two places of a claim) takes the same place. */
static int
same_atom(const exattn_xnode *x, const exattn_xnode *y)
{
    return x == y || exattn_expr__same(x, y);
}

static int
same_monomial(const term *a, const factor *f, size_t count)
{
    size_t i;

    if (a->count != count)
        return 0;
    for (i = 0; i < count; i++)
        if (a->f[i].exp != f[i].exp || !same_atom(a->f[i].atom, f[i].atom))
            return 0;
    return 1;
}

/* p += c * monomial(f, count); 0 when out of room or memory. */
static int
add_term(exattn_lform *p, const mpq_t c, const factor *f, size_t count)
{
    size_t k;
    term *t;

    if (mpq_sgn(c) == 0)
        return 1;
    for (k = 0; k < p->count; k++)
        if (same_monomial(&p->t[k], f, count))
        {
            mpq_add(p->t[k].coef, p->t[k].coef, c);
            if (mpq_sgn(p->t[k].coef) == 0)
            {
                term_clear(&p->t[k]);
                p->t[k] = p->t[--p->count];
            }
            return 1;
        }
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
    t = &p->t[p->count];
    t->f = malloc((count ? count : 1) * sizeof *f);
    if (t->f == NULL)
        return 0;
    if (count)
        memcpy(t->f, f, count * sizeof *f);
    t->count = count;
    mpq_init(t->coef);
    mpq_set(t->coef, c);
    p->count++;
    return 1;
}

/* The polynomial of an operand: its own, a constant, or the atom itself
 * (written into `scratch`, which the caller owns). */
static const exattn_lform *
poly_of(const exattn_xnode *n, exattn_lform *scratch, term *one,
        factor *atom)
{
    if (n->lin != NULL)
        return n->lin;
    scratch->count = 1;
    scratch->cap = 1;
    scratch->t = one;
    mpq_set_ui(one->coef, 1, 1);
    if (n->exact)
    {
        mpq_set(one->coef, n->value);
        one->count = 0;
        scratch->count = mpq_sgn(n->value) != 0;
    }
    else
    {
        atom->atom = n;
        atom->exp = 1;
        one->count = 1;
        one->f = atom;
    }
    return scratch;
}

/* sa*a + sb*b (b may be NULL). */
static exattn_lform *
sum(const exattn_lform *a, const mpq_t sa, const exattn_lform *b,
    const mpq_t sb)
{
    exattn_lform *p = poly_new();
    mpq_t c;
    size_t k;
    int ok = p != NULL;

    mpq_init(c);
    for (k = 0; ok && k < a->count; k++)
    {
        mpq_mul(c, a->t[k].coef, sa);
        ok = add_term(p, c, a->t[k].f, a->t[k].count);
    }
    for (k = 0; ok && b != NULL && k < b->count; k++)
    {
        mpq_mul(c, b->t[k].coef, sb);
        ok = add_term(p, c, b->t[k].f, b->t[k].count);
    }
    mpq_clear(c);
    if (!ok)
    {
        exattn_lform__free(p);
        return NULL;
    }
    return p;
}

static int
factor_before(const factor *x, const factor *y)
{
    return exattn_expr__hash(x->atom) < exattn_expr__hash(y->atom);
}

/* The product of two monomials, merged in atom order, into out (room for
 * x->count + y->count factors); returns its length. */
static size_t
monomial_product(factor *out, const term *x, const term *y)
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

/* √q·√q = q: factors √q (q exact) with |exp| >= 2 give q^(exp/2) to the
 * coefficient.  Returns the new number of factors. */
static size_t
square_roots(factor *f, size_t n, mpq_t c)
{
    size_t i, kept = 0;
    long half, k;

    for (i = 0; i < n; i++)
    {
        const exattn_xnode *a = f[i].atom;

        if (a->op == EXATTN_X_SQRT && a->a->exact
            && (f[i].exp >= 2 || f[i].exp <= -2))
        {
            half = f[i].exp / 2;
            for (k = 0; k < (half < 0 ? -half : half); k++)
                if (half > 0)
                    mpq_mul(c, c, a->a->value);
                else
                    mpq_div(c, c, a->a->value);
            f[i].exp -= 2 * half;
        }
        if (f[i].exp != 0)
            f[kept++] = f[i];
    }
    return kept;
}

static exattn_lform *
product(const exattn_lform *a, const exattn_lform *b)
{
    exattn_lform *p;
    factor *buf;
    mpq_t c;
    size_t i, j, n, width = 0;
    int ok;

    if (a->count * b->count > EXATTN_POLY_PRODUCT)
        return NULL;
    for (i = 0; i < a->count; i++)
        width = a->t[i].count > width ? a->t[i].count : width;
    n = width;
    for (j = 0, width = 0; j < b->count; j++)
        width = b->t[j].count > width ? b->t[j].count : width;
    buf = malloc((n + width + 1) * sizeof *buf);
    p = poly_new();
    ok = buf != NULL && p != NULL;
    mpq_init(c);
    for (i = 0; ok && i < a->count; i++)
        for (j = 0; ok && j < b->count; j++)
        {
            n = monomial_product(buf, &a->t[i], &b->t[j]);
            mpq_mul(c, a->t[i].coef, b->t[j].coef);
            n = square_roots(buf, n, c);
            ok = add_term(p, c, buf, n);
        }
    mpq_clear(c);
    free(buf);
    if (!ok)
    {
        exattn_lform__free(p);
        return NULL;
    }
    return p;
}

/* 1/a for a polynomial of one term: (1/c) times the monomial with its
 * exponents negated. */
static exattn_lform *
reciprocal(const exattn_lform *a)
{
    exattn_lform *p;
    factor *f;
    mpq_t c;
    size_t k;
    int ok;

    if (a->count != 1)
        return NULL;
    f = malloc((a->t[0].count + 1) * sizeof *f);
    p = poly_new();
    ok = f != NULL && p != NULL;
    for (k = 0; ok && k < a->t[0].count; k++)
    {
        f[k] = a->t[0].f[k];
        f[k].exp = -f[k].exp;
    }
    mpq_init(c);
    if (ok)
    {
        mpq_inv(c, a->t[0].coef);
        ok = add_term(p, c, f, a->t[0].count);
    }
    mpq_clear(c);
    free(f);
    if (!ok)
    {
        exattn_lform__free(p);
        return NULL;
    }
    return p;
}

static exattn_lform *
power(const exattn_lform *a, const exattn_xnode *k)
{
    exattn_lform *p, *next;
    long e, i;

    if (!k->exact || mpz_cmp_ui(mpq_denref(k->value), 1) != 0
        || !mpz_fits_slong_p(mpq_numref(k->value)))
        return NULL;
    e = mpz_get_si(mpq_numref(k->value));
    if (e < 1 || e > EXATTN_POLY_POWER)
        return NULL;
    if (e == 1)
        return NULL;            /* x^1 keeps the form of x via fold */
    p = product(a, a);
    for (i = 2; p != NULL && i < e; i++)
    {
        next = product(p, a);
        exattn_lform__free(p);
        p = next;
    }
    return p;
}

static exattn_lform *
combine(const exattn_xnode *n, const exattn_lform *a, const exattn_lform *b)
{
    exattn_lform *r, *inv;
    mpq_t one, minus;

    mpq_init(one);
    mpq_init(minus);
    mpq_set_si(one, 1, 1);
    mpq_set_si(minus, -1, 1);
    switch (n->op)
    {
    case EXATTN_X_ADD: r = sum(a, one, b, one); break;
    case EXATTN_X_SUB: r = sum(a, one, b, minus); break;
    case EXATTN_X_NEG: r = sum(a, minus, NULL, one); break;
    case EXATTN_X_MUL: r = product(a, b); break;
    case EXATTN_X_DIV:
        inv = reciprocal(b);
        r = inv ? product(a, inv) : NULL;
        exattn_lform__free(inv);
        break;
    case EXATTN_X_POW: r = power(a, n->b); break;
    default: r = NULL; break;
    }
    mpq_clear(one);
    mpq_clear(minus);
    return r;
}

exattn_lform *
exattn_lform__of(const exattn_xnode *n)
{
    exattn_lform sa, sb;
    term ta, tb;
    factor fa, fb;
    const exattn_lform *a, *b = NULL;
    exattn_lform *r;

    if (n->a == NULL || n->op == EXATTN_X_RELU || n->op == EXATTN_X_SQRT
        || n->op == EXATTN_X_EXP || n->op == EXATTN_X_SIN
        || n->op == EXATTN_X_COS || n->op == EXATTN_X_LN
        || (n->op == EXATTN_X_POW && n->a->op == EXATTN_X_E))
        return NULL;
    mpq_init(ta.coef);
    mpq_init(tb.coef);
    a = poly_of(n->a, &sa, &ta, &fa);
    if (n->b != NULL && n->op != EXATTN_X_POW)
        b = poly_of(n->b, &sb, &tb, &fb);
    r = combine(n, a, b);
    mpq_clear(ta.coef);
    mpq_clear(tb.coef);
    return r;
}

int
exattn_lform__is_constant(const exattn_lform *p, mpq_t value)
{
    if (p->count > 1 || (p->count == 1 && p->t[0].count != 0))
        return 0;
    if (p->count == 0)
        mpq_set_ui(value, 0, 1);
    else
        mpq_set(value, p->t[0].coef);
    return 1;
}

int
exattn_lform__equal(const exattn_xnode *a, const exattn_xnode *b)
{
    exattn_lform sa, sb, *d;
    term ta, tb;
    factor fa, fb;
    mpq_t one, minus;
    int equal;

    mpq_init(ta.coef);
    mpq_init(tb.coef);
    mpq_init(one);
    mpq_init(minus);
    mpq_set_si(one, 1, 1);
    mpq_set_si(minus, -1, 1);
    d = sum(poly_of(a, &sa, &ta, &fa), one, poly_of(b, &sb, &tb, &fb),
            minus);
    equal = d != NULL && d->count == 0;
    exattn_lform__free(d);
    mpq_clear(one);
    mpq_clear(minus);
    mpq_clear(ta.coef);
    mpq_clear(tb.coef);
    return equal;
}

size_t
exattn_lform__terms(const exattn_lform *p)
{
    return p->count;
}

mpq_srcptr
exattn_lform__coef(const exattn_lform *p, size_t k)
{
    return p->t[k].coef;
}

size_t
exattn_lform__factors(const exattn_lform *p, size_t k)
{
    return p->t[k].count;
}

const exattn_xnode *
exattn_lform__factor(const exattn_lform *p, size_t k, size_t i, long *exp)
{
    *exp = p->t[k].f[i].exp;
    return p->t[k].f[i].atom;
}
