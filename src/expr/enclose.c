/* Certified evaluation of expressions: each node enclosed in a ball, the
 * decimal decided as for rows, the precision raised (Ziv) until it is. */
#include <math.h>
#include <stdlib.h>
#include "expr/expr.h"
#include "eval/decimal.h"
#include "eval/ziv.h"

/* x^y for a named node: integer powers directly, else exp(y ln x). */
static int
power(exattn_ball *out, const exattn_xnode *n, exattn_ball *x,
      exattn_ball *y, const char *name, exattn_error_t *err)
{
    mpq_srcptr k = n->b->value;
    int rc;

    if (n->a->op == EXATTN_X_E)
        return exattn_ball__exp(out, y);
    if (n->b->exact && mpz_cmp_ui(mpq_denref(k), 1) == 0
        && mpz_fits_slong_p(mpq_numref(k)))
    {
        long e = mpz_get_si(mpq_numref(k));

        rc = exattn_ball__pow_ui(out, x, (unsigned long)(e < 0 ? -e : e));
        if (rc == 0 && e < 0)
        {
            exattn_ball__set_si(y, 1);
            rc = exattn_ball__div(out, y, out);
        }
        return rc;
    }
    if (exattn_ball__excludes_zero(x) && mpfr_sgn(x->mid) < 0)
        return exattn_expr__domain(n, name, err,
            "a negative number to a non-integer "
                                    "power");
    rc = exattn_ball__log(x, x);
    if (rc == 0)
        rc = exattn_ball__mul(x, x, y);
    return rc ? rc : exattn_ball__exp(out, x);
}

/* sqrt and ln of a named argument proved outside their domain. */
static int
check_domain(const exattn_xnode *n, const exattn_ball *x, const char *name,
             exattn_error_t *err)
{
    if (!exattn_ball__excludes_zero(x) || mpfr_sgn(x->mid) > 0)
        return 0;
    if (n->op == EXATTN_X_SQRT)
        return exattn_expr__domain(n, name, err, "sqrt of a negative number");
    if (n->op == EXATTN_X_LN)
        return exattn_expr__domain(n, name, err,
            "ln of a number that is not positive");
    return 0;
}

static int
binary(exattn_ball *out, const exattn_xnode *n, mpfr_prec_t wp,
       const char *name, exattn_error_t *err)
{
    exattn_ball x, y;
    int rc;

    exattn_ball__init(&x, wp);
    exattn_ball__init(&y, wp);
    rc = exattn_expr__ball(&x, n->a, wp, name, err);
    if (rc == 0)
        rc = exattn_expr__ball(&y, n->b, wp, name, err);
    if (rc == 0)
        switch (n->op)
        {
        case EXATTN_X_ADD: rc = exattn_ball__add(out, &x, &y); break;
        case EXATTN_X_SUB: rc = exattn_ball__sub(out, &x, &y); break;
        case EXATTN_X_MUL: rc = exattn_ball__mul(out, &x, &y); break;
        case EXATTN_X_DIV: rc = exattn_ball__div(out, &x, &y); break;
        default: rc = power(out, n, &x, &y, name, err); break;
        }
    exattn_ball__clear(&x);
    exattn_ball__clear(&y);
    return rc;
}

static int
function(exattn_ball *out, const exattn_xnode *n, mpfr_prec_t wp,
         const char *name, exattn_error_t *err)
{
    exattn_ball x;
    int rc;

    exattn_ball__init(&x, wp);
    rc = exattn_expr__ball(&x, n->a, wp, name, err);
    if (rc == 0)
        rc = check_domain(n, &x, name, err);
    if (rc == 0)
        switch (n->op)
        {
        case EXATTN_X_NEG: rc = exattn_ball__neg(out, &x); break;
        case EXATTN_X_EXP: rc = exattn_ball__exp(out, &x); break;
        case EXATTN_X_SQRT: rc = exattn_ball__sqrt(out, &x); break;
        case EXATTN_X_SIN: rc = exattn_ball__sin(out, &x); break;
        case EXATTN_X_COS: rc = exattn_ball__cos(out, &x); break;
        case EXATTN_X_RELU: rc = exattn_ball__relu(out, &x); break;
        default: rc = exattn_ball__log(out, &x); break;
        }
    exattn_ball__clear(&x);
    return rc;
}

/* A symbol stands for its value; without one it cannot be evaluated. */
static int
symbol(exattn_ball *out, const exattn_xnode *n, const char *name,
       exattn_error_t *err)
{
    if (!n->has_value)
        return exattn_error__set(err, EXATTN_EUNABLE, name, 0, 0,
            "the value depends on %s, which has no value", n->literal);
    exattn_ball__set_q(out, n->value);
    return 0;
}

static int
enclose_node(exattn_ball *out, const exattn_xnode *n, mpfr_prec_t wp,
             const char *name, exattn_error_t *err)
{
    int rc;

    if (n->op == EXATTN_X_SYM)
        return symbol(out, n, name, err);
    if (n->op == EXATTN_X_E)
    {
        exattn_ball__set_si(out, 1);
        return exattn_ball__exp(out, out);
    }
    if (n->b != NULL)
        rc = binary(out, n, wp, name, err);
    else
        rc = function(out, n, wp, name, err);
    if (rc == 0 && !exattn_ball__is_finite(out))
        return exattn_error__set(err, EXATTN_ELIMIT, name, 1, n->column,
                                 "a result too large to represent");
    return rc;
}

/* Keep the enclosures of a shared node (on failure, just do not keep
 * them). */
static void
memo_new(exattn_xnode *n)
{
    n->memo = calloc(1, sizeof *n->memo);
    if (n->memo != NULL)
        exattn_ball__init(&n->memo->ball, 64);
}

int
exattn_expr__ball(exattn_ball *out, const exattn_xnode *n, mpfr_prec_t wp,
                  const char *name, exattn_error_t *err)
{
    int rc;

    exattn_ball__set_prec(out, wp);
    if (n->exact)
    {
        exattn_ball__set_q(out, n->value);
        return 0;
    }
    if (n->memo != NULL && n->memo->wp == wp)
    {
        exattn_ball__set(out, &n->memo->ball);
        return 0;
    }
    rc = enclose_node(out, n, wp, name, err);
    if (rc == 0 && n->memo == NULL && n->memoize && n->parents > 1)
        memo_new((exattn_xnode *)n);    /* a cache: the value is the same */
    if (rc == 0 && n->memo != NULL)
    {
        exattn_ball__set_prec(&n->memo->ball, wp);
        exattn_ball__set(&n->memo->ball, out);
        n->memo->wp = wp;
    }
    return rc;
}

int
exattn_expr__enclose(exattn_ball *out, void *ctx, mpfr_prec_t wp,
                     exattn_error_t *err)
{
    const exattn_expr *e = ctx;

    return exattn_expr__ball(out, e->root, wp, e->name, err);
}

int
exattn_expr__decide(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp_used,
                    const exattn_expr *e, const exattn_ziv_opts *ask,
                    exattn_error_t *err)
{
    exattn_ziv_opts o = *ask;

    o.first_wp = (mpfr_prec_t)ceil((double)o.digits * 3.321928094887363)
                 + 64;
    return exattn_ziv__decimal(d, cert, wp_used, exattn_expr__enclose, (void *)e, &o,
                               e->name, err);
}

int
exattn_expr_get_decimal(char **out, int *exact, const exattn_expr *e,
                        unsigned long digits, mpfr_prec_t max_prec,
                        exattn_error_t *err)
{
    mpz_t d;
    exattn_ball cert;
    mpfr_prec_t used;
    int rc = EXATTN_OK, is_exact = 0;

    *out = NULL;
    if (digits > EXATTN_MAX_DIGITS)
        return exattn_error__set(err, EXATTN_ELIMIT, e->name, 0, 0,
            "%lu digits, more than the limit of %lu", digits,
            EXATTN_MAX_DIGITS);
    mpz_init(d);
    exattn_ball__init(&cert, 64);
    if (e->root->exact)
        is_exact = exattn_ziv__decimal_q(d, e->root->value, digits,
                                         EXATTN_ROUND_NEAREST);
    else
    {
        exattn_ziv_opts ask = { digits, EXATTN_ROUND_NEAREST, 0, max_prec,
                                NULL };

        rc = exattn_expr__decide(d, &cert, &used, e, &ask, err);
    }
    if (rc == EXATTN_OK && (*out = exattn_decimal__format(d, digits)) == NULL)
        rc = exattn_error__set(err, EXATTN_ENOMEM, e->name, 0, 0,
                               "out of memory");
    if (exact)
        *exact = is_exact;
    exattn_ball__clear(&cert);
    mpz_clear(d);
    return rc;
}
