/* Exactness of expressions, decided as each node is built: rational
 * arithmetic is exact; so are the functions at their rational points
 * (e^0 = 1, ln 1 = 0, sin 0 = 0, cos 0 = 1), square roots and rational
 * powers of perfect powers, 0 times anything, and ln(e^x) = x.  Anything
 * else is named: by Lindemann-Weierstrass and its corollaries the other
 * values at nonzero rational points are irrational. */
#include "expr/expr.h"

/* q^(p/r) exactly, when q >= 0 is a perfect r-th power: 1 if done. */
static int
rational_root(mpq_t out, const mpq_t q, unsigned long r)
{
    mpz_t a, b;
    int ok;

    mpz_init(a);
    mpz_init(b);
    ok = mpz_root(a, mpq_numref(q), r) && mpz_root(b, mpq_denref(q), r);
    if (ok)
    {
        mpz_set(mpq_numref(out), a);
        mpz_set(mpq_denref(out), b);
        mpq_canonicalize(out);
    }
    mpz_clear(a);
    mpz_clear(b);
    return ok;
}

/* base^k for an integer k, exactly, within the size limit. */
static int
integer_power(exattn_xnode *n, const mpq_t base, const mpz_t k,
              unsigned long max_bits,
              const char *name, exattn_error_t *err)
{
    unsigned long bits = mpz_sizeinbase(mpq_numref(base), 2)
                         + mpz_sizeinbase(mpq_denref(base), 2);
    unsigned long e;
    mpz_t ak;

    if (mpq_sgn(base) == 0 && mpz_sgn(k) < 0)
        return exattn_expr__domain(n, name, err,
            "division by zero (0 to a negative "
                                    "power)");
    if (mpq_sgn(base) == 0 || mpq_cmp_ui(base, 1, 1) == 0)
    {
        /* 0^0 = 1 by convention */
        mpq_set_ui(n->value, mpz_sgn(k) == 0 || mpq_sgn(base) != 0, 1);
        return EXATTN_OK;
    }
    if (mpq_cmp_si(base, -1, 1) == 0)
    {
        mpq_set_si(n->value, mpz_odd_p(k) ? -1 : 1, 1);
        return EXATTN_OK;
    }
    mpz_init(ak);
    mpz_abs(ak, k);
    if (!mpz_fits_ulong_p(ak) || mpz_get_ui(ak) > max_bits / bits)
    {
        mpz_clear(ak);
        return exattn_error__set(err, EXATTN_ELIMIT, name, 1, n->column,
                                 "a result too large to represent");
    }
    e = mpz_get_ui(ak);
    mpz_clear(ak);
    mpz_pow_ui(mpq_numref(n->value), mpq_numref(base), e);
    mpz_pow_ui(mpq_denref(n->value), mpq_denref(base), e);
    mpq_canonicalize(n->value);
    if (mpz_sgn(k) < 0)
        mpq_inv(n->value, n->value);
    return EXATTN_OK;
}

/* base^(p/q) with both exact. */
static int
fold_power(exattn_xnode *n, const char *name, unsigned long max_bits,
           exattn_error_t *err)
{
    mpq_srcptr base = n->a->value, expo = n->b->value;
    mpq_t root;
    int rc;

    if (mpz_cmp_ui(mpq_denref(expo), 1) == 0)
    {
        rc = integer_power(n, base, mpq_numref(expo), max_bits, name, err);
        n->exact = rc == EXATTN_OK;
        return rc;
    }
    if (mpq_sgn(base) < 0)
        return exattn_expr__domain(n, name, err,
            "a negative number to a fractional "
                                    "power");
    if (!mpz_fits_ulong_p(mpq_denref(expo)))
        return EXATTN_OK;
    mpq_init(root);
    if (rational_root(root, base, mpz_get_ui(mpq_denref(expo))))
    {
        rc = integer_power(n, root, mpq_numref(expo), max_bits, name, err);
        n->exact = rc == EXATTN_OK;
        mpq_clear(root);
        return rc;
    }
    mpq_clear(root);
    return EXATTN_OK;           /* named: 2^(1/2) */
}

static int
fold_binary(exattn_xnode *n, const char *name, unsigned long max_bits,
            exattn_error_t *err)
{
    mpq_srcptr a = n->a->value, b = n->b->value;
    int ea = n->a->exact, eb = n->b->exact;

    if (n->op == EXATTN_X_DIV && eb && mpq_sgn(b) == 0)
        return exattn_expr__domain(n->b, name, err, "division by zero");
    /* 0 times or over anything is exactly 0 */
    if ((n->op == EXATTN_X_MUL && ((ea && mpq_sgn(a) == 0)
                                   || (eb && mpq_sgn(b) == 0)))
        || (n->op == EXATTN_X_DIV && ea && mpq_sgn(a) == 0))
    {
        n->exact = 1;
        mpq_set_ui(n->value, 0, 1);
        return EXATTN_OK;
    }
    if (n->op == EXATTN_X_POW && n->a->op == EXATTN_X_E)
    {
        n->exact = eb && mpq_sgn(b) == 0;
        mpq_set_ui(n->value, 1, 1);
        return EXATTN_OK;
    }
    if (!ea || !eb)
        return EXATTN_OK;
    n->exact = 1;
    switch (n->op)
    {
    case EXATTN_X_ADD: mpq_add(n->value, a, b); break;
    case EXATTN_X_SUB: mpq_sub(n->value, a, b); break;
    case EXATTN_X_MUL: mpq_mul(n->value, a, b); break;
    case EXATTN_X_DIV: mpq_div(n->value, a, b); break;
    default: n->exact = 0; return fold_power(n, name, max_bits, err);
    }
    return EXATTN_OK;
}

/* Is node x the exponential of something, and of what? */
static const exattn_xnode *
exponent_of(const exattn_xnode *x)
{
    if (x->op == EXATTN_X_EXP)
        return x->a;
    if (x->op == EXATTN_X_POW && x->a->op == EXATTN_X_E)
        return x->b;
    return NULL;
}

static int
fold_function(exattn_xnode *n, const char *name, exattn_error_t *err)
{
    mpq_srcptr a = n->a->value;
    const exattn_xnode *inner;

    if (n->op == EXATTN_X_LN && (inner = exponent_of(n->a)) != NULL)
    {
        n->exact = inner->exact;            /* ln(e^x) = x */
        mpq_set(n->value, inner->value);
        return EXATTN_OK;
    }
    if (n->op == EXATTN_X_LN && n->a->op == EXATTN_X_E)
    {
        n->exact = 1;
        mpq_set_ui(n->value, 1, 1);
        return EXATTN_OK;
    }
    if (!n->a->exact)
        return EXATTN_OK;
    switch (n->op)
    {
    case EXATTN_X_RELU:
        n->exact = 1;
        mpq_set_ui(n->value, 0, 1);
        if (mpq_sgn(a) > 0)
            mpq_set(n->value, a);
        return EXATTN_OK;
    case EXATTN_X_NEG:
        n->exact = 1;
        mpq_neg(n->value, a);
        return EXATTN_OK;
    case EXATTN_X_SQRT:
        if (mpq_sgn(a) < 0)
            return exattn_expr__domain(n, name, err,
                "sqrt of a negative number");
        n->exact = rational_root(n->value, a, 2);
        return EXATTN_OK;
    case EXATTN_X_LN:
        if (mpq_sgn(a) <= 0)
            return exattn_expr__domain(n, name, err,
                "ln of a number that is not "
                                        "positive");
        n->exact = mpq_cmp_ui(a, 1, 1) == 0;
        mpq_set_ui(n->value, 0, 1);
        return EXATTN_OK;
    case EXATTN_X_EXP:
    case EXATTN_X_COS:
        n->exact = mpq_sgn(a) == 0;
        mpq_set_ui(n->value, 1, 1);
        return EXATTN_OK;
    case EXATTN_X_SIN:
        n->exact = mpq_sgn(a) == 0;
        mpq_set_ui(n->value, 0, 1);
        return EXATTN_OK;
    default:
        return EXATTN_OK;
    }
}

int
exattn_expr__fold(exattn_xnode *n, const char *name, unsigned long max_bits,
                  exattn_error_t *err)
{
    switch (n->op)
    {
    case EXATTN_X_NUM:
        n->exact = 1;           /* the parser sets the value */
        return EXATTN_OK;
    case EXATTN_X_E:
    case EXATTN_X_SYM:
        return EXATTN_OK;
    case EXATTN_X_ADD:
    case EXATTN_X_SUB:
    case EXATTN_X_MUL:
    case EXATTN_X_DIV:
    case EXATTN_X_POW:
        return fold_binary(n, name, max_bits, err);
    default:
        return fold_function(n, name, err);
    }
}
