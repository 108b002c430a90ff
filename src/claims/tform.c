/* Rational functions of t = e^{sqrt(s)/L} (see tform.h).  Polynomials are
 * sparse Laurent polynomials: sorted exponents, non-zero rational
 * coefficients.  Sizes are capped; beyond the cap a claim is "unknown"
 * and left to numbers. */
#include <stdlib.h>
#include "claims/tform.h"

#define MAX_TERMS 4096
#define MAX_POWER 64

typedef struct
{
    size_t n;
    long *e;
    mpq_t *c;
} lpoly;

typedef struct
{
    lpoly num, den;
} lfrac;

static void
lp_init(lpoly *p)
{
    p->n = 0;
    p->e = NULL;
    p->c = NULL;
}

static void
lp_clear(lpoly *p)
{
    size_t i;

    for (i = 0; i < p->n; i++)
        mpq_clear(p->c[i]);
    free(p->e);
    free(p->c);
    lp_init(p);
}

/* p = q * t^e (q may be 0: the zero polynomial). */
static int
lp_set_mono(lpoly *p, const mpq_t q, long e)
{
    lp_clear(p);
    if (mpq_sgn(q) == 0)
        return 1;
    p->e = malloc(sizeof *p->e);
    p->c = malloc(sizeof *p->c);
    if (!p->e || !p->c)
        return 0;
    p->n = 1;
    p->e[0] = e;
    mpq_init(p->c[0]);
    mpq_set(p->c[0], q);
    return 1;
}

/* Append a term to a polynomial built in exponent order. */
static int
lp_push(lpoly *p, long e, const mpq_t q, size_t *cap)
{
    if (mpq_sgn(q) == 0)
        return 1;
    if (p->n > 0 && p->e[p->n - 1] == e)
    {
        mpq_add(p->c[p->n - 1], p->c[p->n - 1], q);
        if (mpq_sgn(p->c[p->n - 1]) == 0)
            mpq_clear(p->c[--p->n]);
        return 1;
    }
    if (p->n == *cap)
    {
        size_t nc = *cap ? 2 * *cap : 8;
        long *ne = realloc(p->e, nc * sizeof *ne);
        mpq_t *nq;

        if (ne == NULL)
            return 0;
        p->e = ne;
        nq = realloc(p->c, nc * sizeof *nq);
        if (nq == NULL)
            return 0;
        p->c = nq;
        *cap = nc;
    }
    p->e[p->n] = e;
    mpq_init(p->c[p->n]);
    mpq_set(p->c[p->n++], q);
    return 1;
}

/* r = a + sign*b, merging the sorted terms. */
static int
lp_add(lpoly *r, const lpoly *a, const lpoly *b, int sign)
{
    lpoly out;
    size_t i = 0, j = 0, cap = 0;
    mpq_t t;
    int ok = 1;

    lp_init(&out);
    mpq_init(t);
    while (ok && (i < a->n || j < b->n))
        if (j == b->n || (i < a->n && a->e[i] < b->e[j]))
            ok = lp_push(&out, a->e[i], a->c[i], &cap), i++;
        else
        {
            mpq_set(t, b->c[j]);
            if (sign < 0)
                mpq_neg(t, t);
            if (i < a->n && a->e[i] == b->e[j])
                mpq_add(t, t, a->c[i++]);
            ok = lp_push(&out, b->e[j++], t, &cap);
        }
    mpq_clear(t);
    lp_clear(r);
    *r = out;
    return ok && r->n <= MAX_TERMS;
}

/* r = a * b: each term of a times b, added in. */
static int
lp_mul(lpoly *r, const lpoly *a, const lpoly *b)
{
    lpoly acc, row;
    size_t i, j, cap;
    mpq_t t;
    int ok = 1;

    lp_init(&acc);
    mpq_init(t);
    for (i = 0; i < a->n && ok; i++)
    {
        lp_init(&row);
        cap = 0;
        for (j = 0; j < b->n && ok; j++)
        {
            mpq_mul(t, a->c[i], b->c[j]);
            ok = lp_push(&row, a->e[i] + b->e[j], t, &cap);
        }
        ok = ok && lp_add(&acc, &acc, &row, 1);
        lp_clear(&row);
    }
    mpq_clear(t);
    lp_clear(r);
    *r = acc;
    return ok;
}

static void
fr_init(lfrac *f)
{
    lp_init(&f->num);
    lp_init(&f->den);
}

static void
fr_clear(lfrac *f)
{
    lp_clear(&f->num);
    lp_clear(&f->den);
}

static int
fr_const(lfrac *f, const mpq_t q, long e)
{
    mpq_t one;
    int ok;

    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    ok = lp_set_mono(&f->num, q, e) && lp_set_mono(&f->den, one, 0);
    mpq_clear(one);
    return ok;
}

/* a op b for + - * /, into a. */
static int
fr_op(lfrac *a, lfrac *b, exattn_xop op)
{
    lpoly x, y;
    int ok;

    if (op == EXATTN_X_MUL || op == EXATTN_X_DIV)
    {
        if (op == EXATTN_X_DIV)
        {
            lpoly swap = b->num;

            if (b->num.n == 0)
                return 0;       /* division by zero */
            b->num = b->den;
            b->den = swap;
        }
        return lp_mul(&a->num, &a->num, &b->num)
               && lp_mul(&a->den, &a->den, &b->den);
    }
    lp_init(&x);
    lp_init(&y);
    ok = lp_mul(&x, &a->num, &b->den) && lp_mul(&y, &b->num, &a->den)
         && lp_add(&a->num, &x, &y, op == EXATTN_X_ADD ? 1 : -1)
         && lp_mul(&a->den, &a->den, &b->den);
    lp_clear(&x);
    lp_clear(&y);
    return ok;
}

/* An exponent as c * sqrt(s)^r, r in {0, 1}: 1 on success. */
static int
surd_form(mpq_t c, int *r, const exattn_xnode *n, unsigned long s)
{
    mpq_t c2;
    int r2, ok;

    if (n->exact)
    {
        mpq_set(c, n->value);
        *r = 0;
        return 1;
    }
    switch (n->op)
    {
    case EXATTN_X_SQRT:
    {
        /* sqrt(p/q) = sqrt(p q)/q = a sqrt(m)/q with m square-free */
        mpq_t inv;
        unsigned long m;

        if (!n->a->exact || mpq_sgn(n->a->value) <= 0)
            return 0;
        mpq_init(inv);
        mpq_inv(inv, n->a->value);
        ok = exattn_num__inv_sqrt(c, &m, inv) == EXATTN_OK && m == s;
        mpq_clear(inv);
        *r = 1;
        return ok;
    }
    case EXATTN_X_NEG:
        ok = surd_form(c, r, n->a, s);
        mpq_neg(c, c);
        return ok;
    case EXATTN_X_ADD:
    case EXATTN_X_SUB:
    case EXATTN_X_MUL:
    case EXATTN_X_DIV:
        break;
    default:
        return 0;
    }
    mpq_init(c2);
    ok = surd_form(c, r, n->a, s) && surd_form(c2, &r2, n->b, s);
    if (ok && (n->op == EXATTN_X_ADD || n->op == EXATTN_X_SUB))
    {
        if (*r != r2 && mpq_sgn(c) != 0 && mpq_sgn(c2) != 0)
            ok = 0;
        *r = mpq_sgn(c) != 0 ? *r : r2;
        (n->op == EXATTN_X_ADD ? mpq_add : mpq_sub)(c, c, c2);
    }
    else if (ok && n->op == EXATTN_X_MUL)
    {
        mpq_mul(c, c, c2);
        *r += r2;
    }
    else if (ok)
    {
        if (mpq_sgn(c2) == 0)
            ok = 0;
        else
        {
            mpq_div(c, c, c2);
            *r -= r2;
        }
    }
    if (ok && (*r == 2 || *r == -1))
    {
        /* sqrt(s)^2 = s; 1/sqrt(s) = sqrt(s)/s */
        mpq_set_ui(c2, s, 1);
        (*r == 2 ? mpq_mul : mpq_div)(c, c, c2);
        *r = *r == 2 ? 0 : 1;
    }
    mpq_clear(c2);
    return ok && (*r == 0 || *r == 1);
}

/* The exponent of an exponential node, or NULL. */
static const exattn_xnode *
exp_arg(const exattn_xnode *n)
{
    if (n->op == EXATTN_X_EXP)
        return n->a;
    if (n->op == EXATTN_X_POW && n->a->op == EXATTN_X_E)
        return n->b;
    return NULL;
}

/* The coefficient k of t for e^{x}: x = c sqrt(s), k = c L; 1 if x has
 * that form (for s = 1, any rational x).  e itself is e^1. */
static int
exponent_coef(mpq_t c, const exattn_xnode *n, unsigned long s)
{
    const exattn_xnode *x = exp_arg(n);
    int r;

    if (n->op == EXATTN_X_E)
    {
        mpq_set_ui(c, 1, 1);
        return s == 1;
    }
    if (!surd_form(c, &r, x, s))
        return 0;
    return s == 1 || r == 1 || mpq_sgn(c) == 0;
}

/* L = lcm(L, denominators of the claim's exponent coefficients). */
static int
collect_lcm(mpz_t lcm, const exattn_xnode *n, unsigned long s)
{
    mpq_t c;
    int ok = 1;

    if (n->op == EXATTN_X_E || exp_arg(n) != NULL)
    {
        mpq_init(c);
        ok = exponent_coef(c, n, s);
        if (ok)
            mpz_lcm(lcm, lcm, mpq_denref(c));
        mpq_clear(c);
        return ok;
    }
    if (n->a && !collect_lcm(lcm, n->a, s))
        return 0;
    return n->b == NULL || collect_lcm(lcm, n->b, s);
}

static int
to_frac(lfrac *f, const exattn_xnode *n, unsigned long s, const mpz_t lcm)
{
    lfrac g;
    mpq_t c;
    int ok;

    if (n->exact)
        return fr_const(f, n->value, 0);
    if (n->op == EXATTN_X_E || exp_arg(n) != NULL)
    {
        mpq_init(c);
        ok = exponent_coef(c, n, s);
        mpz_mul(mpq_numref(c), mpq_numref(c), lcm);
        mpq_canonicalize(c);
        ok = ok && mpz_cmp_ui(mpq_denref(c), 1) == 0
             && mpz_fits_slong_p(mpq_numref(c));
        if (ok)
        {
            long k = mpz_get_si(mpq_numref(c));

            mpq_set_ui(c, 1, 1);
            ok = fr_const(f, c, k);
        }
        mpq_clear(c);
        return ok;
    }
    switch (n->op)
    {
    case EXATTN_X_NEG:
        mpq_init(c);
        mpq_set_si(c, -1, 1);
        fr_init(&g);
        ok = to_frac(f, n->a, s, lcm) && fr_const(&g, c, 0)
             && fr_op(f, &g, EXATTN_X_MUL);
        fr_clear(&g);
        mpq_clear(c);
        return ok;
    case EXATTN_X_ADD:
    case EXATTN_X_SUB:
    case EXATTN_X_MUL:
    case EXATTN_X_DIV:
        fr_init(&g);
        ok = to_frac(f, n->a, s, lcm) && to_frac(&g, n->b, s, lcm)
             && fr_op(f, &g, n->op);
        fr_clear(&g);
        return ok;
    case EXATTN_X_POW:
    {
        long k, i;

        if (!n->b->exact || mpz_cmp_ui(mpq_denref(n->b->value), 1) != 0
            || !mpz_fits_slong_p(mpq_numref(n->b->value)))
            return 0;
        k = mpz_get_si(mpq_numref(n->b->value));
        if (k < -MAX_POWER || k > MAX_POWER)
            return 0;
        fr_init(&g);
        mpq_init(c);
        mpq_set_ui(c, 1, 1);
        ok = to_frac(&g, n->a, s, lcm) && fr_const(f, c, 0);
        for (i = 0; ok && i < (k < 0 ? -k : k); i++)
        {
            lfrac h;

            fr_init(&h);
            ok = to_frac(&h, n->a, s, lcm)
                 && fr_op(f, &h, k < 0 ? EXATTN_X_DIV : EXATTN_X_MUL);
            fr_clear(&h);
        }
        mpq_clear(c);
        fr_clear(&g);
        return ok;
    }
    default:
        return 0;
    }
}

/* The row quantity as a fraction in t^(L'/L) units. */
static int
row_frac(lfrac *f, const exattn_row *row, exattn_kind_t kind, size_t key,
         size_t col, const mpz_t lcm)
{
    const exattn_lesson *l = row->lesson;
    lfrac term;
    mpq_t k, one;
    size_t j;
    int ok = 1;

    mpq_init(k);
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    fr_init(&term);
    lp_clear(&f->num);
    lp_clear(&f->den);
    for (j = 0; j < l->m && ok; j++)
    {
        if (!row->allowed[j])
            continue;
        /* k_j = c_j * L' */
        mpq_set_z(k, lcm);
        mpq_mul(k, k, row->coef[j]);
        if (mpz_cmp_ui(mpq_denref(k), 1) != 0
            || !mpz_fits_slong_p(mpq_numref(k)))
        {
            ok = 0;
            break;
        }
        ok = lp_set_mono(&term.num, one, mpz_get_si(mpq_numref(k)))
             && lp_add(&f->den, &f->den, &term.num, 1);
        if (ok && kind == EXATTN_OUTPUT)
        {
            lp_set_mono(&term.den, EXATTN_AT(&l->v, j, col),
                        mpz_get_si(mpq_numref(k)));
            ok = lp_add(&f->num, &f->num, &term.den, 1);
        }
        else if (ok && j == key)
        {
            mpq_set(k, kind == EXATTN_CONTRIBUTION
                           ? EXATTN_AT(&l->v, j, col) : one);
            ok = lp_set_mono(&term.den, k, term.num.e[0])
                 && lp_add(&f->num, &f->num, &term.den, 1);
        }
    }
    fr_clear(&term);
    mpq_clear(k);
    mpq_clear(one);
    return ok;
}

static exattn_tform_t
equal_fracs(lfrac *a, lfrac *b)
{
    lpoly x, y;
    exattn_tform_t r = EXATTN_TFORM_UNKNOWN;

    lp_init(&x);
    lp_init(&y);
    if (lp_mul(&x, &a->num, &b->den) && lp_mul(&y, &b->num, &a->den)
        && lp_add(&x, &x, &y, -1))
        r = x.n == 0 ? EXATTN_TFORM_EQUAL : EXATTN_TFORM_DIFFERENT;
    lp_clear(&x);
    lp_clear(&y);
    return r;
}

/* "e", "e^(1/2)", "e^(√2/4)": t = e^{sqrt(s)/L}. */
static char *
base_text(unsigned long s, const mpz_t lcm)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    if (s == 1 && mpz_cmp_ui(lcm, 1) == 0)
        exattn_sbuf__puts(&b, "e");
    else
    {
        exattn_sbuf__puts(&b, "e^(");
        if (s == 1)
            exattn_sbuf__puts(&b, "1");
        else
            exattn_sbuf__printf(&b, "√%lu", s);
        if (mpz_cmp_ui(lcm, 1) != 0)
        {
            exattn_sbuf__puts(&b, "/");
            exattn_sbuf__mpz(&b, lcm);
        }
        exattn_sbuf__puts(&b, ")");
    }
    return exattn_sbuf__take(&b);
}

exattn_tform_t
exattn_tform__compare_row(const exattn_row *row, exattn_kind_t kind,
                          size_t key, size_t col, const exattn_expr *e,
                          char **t)
{
    unsigned long s = row->lesson->surd;
    lfrac q, c;
    mpz_t lcm;
    size_t j;
    exattn_tform_t r = EXATTN_TFORM_UNKNOWN;

    if (kind != EXATTN_WEIGHT && kind != EXATTN_CONTRIBUTION
        && kind != EXATTN_OUTPUT)
        return r;
    mpz_init_set_ui(lcm, 1);
    for (j = 0; j < row->lesson->m; j++)
        if (row->allowed[j])
            mpz_lcm(lcm, lcm, mpq_denref(row->coef[j]));
    fr_init(&q);
    fr_init(&c);
    if (collect_lcm(lcm, e->root, s) && to_frac(&c, e->root, s, lcm)
        && row_frac(&q, row, kind, key, col, lcm) && c.den.n > 0)
        r = equal_fracs(&q, &c);
    if (t != NULL)
        *t = r == EXATTN_TFORM_UNKNOWN ? NULL : base_text(s, lcm);
    fr_clear(&q);
    fr_clear(&c);
    mpz_clear(lcm);
    return r;
}

exattn_tform_t
exattn_tform__compare_surd(const mpq_t c, unsigned long s,
                           const exattn_expr *e)
{
    mpq_t k;
    int r;
    exattn_tform_t out = EXATTN_TFORM_UNKNOWN;

    mpq_init(k);
    if (surd_form(k, &r, e->root, s))
        out = (r == 1 || s == 1) && mpq_equal(k, c) ? EXATTN_TFORM_EQUAL
                                                    : EXATTN_TFORM_DIFFERENT;
    mpq_clear(k);
    return out;
}

exattn_tform_t
exattn_tform__compare_rows(const exattn_row *a, const exattn_row *b,
                           exattn_kind_t kind, size_t key, size_t col)
{
    lfrac fa, fb;
    mpz_t lcm;
    size_t j;
    exattn_tform_t r = EXATTN_TFORM_UNKNOWN;

    if (a->lesson->surd != b->lesson->surd || a->lesson->m != b->lesson->m)
        return r;
    mpz_init_set_ui(lcm, 1);
    for (j = 0; j < a->lesson->m; j++)
    {
        if (a->allowed[j])
            mpz_lcm(lcm, lcm, mpq_denref(a->coef[j]));
        if (b->allowed[j])
            mpz_lcm(lcm, lcm, mpq_denref(b->coef[j]));
    }
    fr_init(&fa);
    fr_init(&fb);
    if (row_frac(&fa, a, kind, key, col, lcm)
        && row_frac(&fb, b, kind, key, col, lcm))
        r = equal_fracs(&fa, &fb);
    fr_clear(&fa);
    fr_clear(&fb);
    mpz_clear(lcm);
    return r;
}
