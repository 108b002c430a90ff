/* The layers after attention.  In the Post-LN order of the original
 * Transformer:  z = x' + A;  u = Norm(z);  f = max(0, u W1 + b1) W2
 * + b2;  y = Norm(u + f).  A decoder has, after u, cross-attention
 * to the encoder's output: zc = u + C, uc = Norm(zc), and the FFN
 * reads uc.  In the Pre-LN order of today's models:  u = Norm(x') (which
 * the heads read);  z = x' + A;  y = Norm(z);  f = FFN(y);  z' = z + f;
 * optionally a final Norm(z').  LayerNorm(z) = gamma (z - mean) /
 * sqrt(variance + epsilon) + beta, with the biased variance (over D);
 * RMSNorm(z) = gamma z / sqrt(mean(z^2) + epsilon) + beta.
 * ReLU signs are proved by enclosures (exactly for exact inputs); a sign
 * not proved within the cap leaves max(0, h) in the expression. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "block/block.h"

static exattn_xnode *
add_or_sub(exattn_block *b, exattn_xop op, exattn_xnode *x, exattn_xnode *y,
           exattn_error_t *err)
{
    return x && y ? exattn_expr__apply(b->pool, op, x, y, err) : NULL;
}

/* out = x + y, entry by entry, over n x d. */
static int
residual(exattn_block *b, exattn_stage_t into, exattn_xnode **x,
         exattn_xnode **y, exattn_error_t *err)
{
    size_t k, count = b->n * b->d;
    exattn_xnode **out = b->q[into] = exattn_block__alloc(b, count);

    if (out == NULL)
        return exattn_block__nomem(b, err);
    for (k = 0; k < count; k++)
        if ((out[k] = add_or_sub(b, EXATTN_X_ADD, x[k], y[k], err)) == NULL)
            return exattn_block__failed(b, err);
    return exattn_block__label_stage(b, out, into, 0, b->n, b->d, err);
}

static exattn_xnode *
epsilon(exattn_expr *pool, const exattn_norm_spec *ns)
{
    if (ns->eps_symbol == NULL)
        return exattn_expr__num(pool, ns->eps);
    return exattn_expr__sym(pool, ns->eps_symbol, ns->eps_tex,
                            ns->eps_has_value ? ns->eps : NULL);
}

static int
same_epsilon(const exattn_norm_spec *a, const exattn_norm_spec *b)
{
    if ((a->eps_symbol == NULL) != (b->eps_symbol == NULL))
        return 0;
    if (a->eps_symbol == NULL)
        return mpq_equal(a->eps, b->eps);
    return strcmp(a->eps_symbol, b->eps_symbol) == 0
           && a->eps_has_value == b->eps_has_value
           && (!a->eps_has_value || mpq_equal(a->eps, b->eps));
}

exattn_xnode *
exattn_block__epsilon(const exattn_block *b, exattn_expr *pool)
{
    static const exattn_stage_part parts[] = {
        EXATTN_PART_SELF, EXATTN_PART_CROSS, EXATTN_PART_FFN,
        EXATTN_PART_FINAL };
    const exattn_norm_spec *ns, *one = NULL;
    size_t k;

    for (k = 0; k < sizeof parts / sizeof *parts; k++)
    {
        ns = exattn_block__norm_spec(b->spec, parts[k]);
        if (!ns->present)
            continue;
        if (one != NULL && !same_epsilon(one, ns))
            return NULL;        /* which ε is meant is not one thing */
        one = ns;
    }
    return one != NULL ? epsilon(pool, one) : NULL;
}

/* The mean over row z (d entries) of z, or with `square` of (z - centre)^2
 * (centre NULL: of z^2); NULL after an error. */
static exattn_xnode *
row_mean(exattn_block *b, exattn_xnode **z, int square, exattn_xnode *centre,
         exattn_error_t *err)
{
    exattn_xnode *d = exattn_expr__num_si(b->pool, (long)b->d);
    exattn_xnode *two = exattn_expr__num_si(b->pool, 2), *sum = NULL, *t;
    size_t c;
    int fresh = 0;

    if (d == NULL || two == NULL)
        return NULL;
    for (c = 0; c < b->d; c++)
    {
        t = centre ? add_or_sub(b, EXATTN_X_SUB, z[c], centre, err) : z[c];
        t = square ? add_or_sub(b, EXATTN_X_POW, t, two, err) : t;
        if ((sum = exattn_block__link(b, EXATTN_X_ADD, sum, t, &fresh, err))
            == NULL)
            return NULL;
    }
    return exattn_expr__apply(b->pool, EXATTN_X_DIV, sum, d, err);
}

/* The denominator of row i: sqrt(spread + epsilon), spread the variance
 * (LayerNorm) or the mean square (RMSNorm); NULL after an error. */
static exattn_xnode *
denominator(exattn_block *b, exattn_xnode *spread, exattn_xnode *eps,
            const exattn_norm_spec *ns, const exattn_norm_stages *nm, size_t i,
            exattn_error_t *err)
{
    exattn_xnode *den = add_or_sub(b, EXATTN_X_ADD, spread, eps, err);

    if (den != NULL && den->exact && mpq_sgn(den->value) == 0)
    {
        /* at the norm's epsilon, the one value the author can change */
        exattn_error__set(err, EXATTN_EDOMAIN, b->lesson->file,
            ns->eps_line, ns->eps_column,
            "block: the %s giving %s divides by zero for token %zu: its %s "
            "is 0 and epsilon is 0 (give epsilon > 0)",
            b->spec->rms ? "RMS norm" : "layer norm",
            exattn_block__stage(nm->out)->text, i + 1,
            b->spec->rms ? "mean square" : "variance");
        return NULL;
    }
    return den ? exattn_expr__apply(b->pool, EXATTN_X_SQRT, den, NULL, err)
               : NULL;
}

/* Row i of the norm's output: gamma (z - mu) / den + beta, with mu NULL
 * for an RMSNorm. */
static int
norm_row(exattn_block *b, const exattn_norm_spec *ns, exattn_xnode **z,
         exattn_xnode *mu, exattn_xnode *den, exattn_xnode **u,
         exattn_error_t *err)
{
    exattn_xnode *t;
    size_t c;

    for (c = 0; c < b->d; c++)
    {
        t = mu ? add_or_sub(b, EXATTN_X_SUB, z[c], mu, err) : z[c];
        t = add_or_sub(b, EXATTN_X_DIV, t, den, err);
        t = add_or_sub(b, EXATTN_X_MUL,
                       exattn_expr__num(b->pool, EXATTN_AT(&ns->gamma, 0, c)),
                       t, err);
        t = add_or_sub(b, EXATTN_X_ADD, t,
                       exattn_expr__num(b->pool, EXATTN_AT(&ns->beta, 0, c)),
                       err);
        if ((u[c] = t) == NULL)
            return exattn_block__failed(b, err);
    }
    return EXATTN_OK;
}

/* The moments a norm labels: mean and variance, or the mean square. */
static int
label_moments(exattn_block *b, const exattn_norm_stages *nm, exattn_error_t *err)
{
    int rc;

    if (b->spec->rms)
        return exattn_block__label_stage(b, b->q[nm->ms], nm->ms, 0, b->n, 1,
                                         err);
    if ((rc = exattn_block__label_stage(b, b->q[nm->mean], nm->mean, 0, b->n,
                                        1, err)) != EXATTN_OK)
        return rc;
    return exattn_block__label_stage(b, b->q[nm->var], nm->var, 0, b->n, 1,
                                     err);
}

/* Is the named mean of row z past the caps of normal forms (an atom),
 * or a centred coordinate z_c - mean large or past them?  Then the
 * centred coordinates, and the sums of them a later layer forms, do not
 * sum to 0 in form.  (An exact mean is kept: the coordinates' forms
 * summed to it.) */
static int
centred_past_caps(exattn_block *b, exattn_xnode **z, exattn_xnode *mean)
{
    exattn_error_t local;
    exattn_xnode *t;
    size_t c;

    if (mean->exact)
        return 0;
    if (mean->lin == NULL)
        return 1;
    exattn_error_init(&local);
    for (c = 0; c < b->d; c++)
        if ((t = add_or_sub(b, EXATTN_X_SUB, z[c], mean, &local)) != NULL
            && !t->exact && (t->lin == NULL || exattn_expr__large_form(t)))
            return 1;
    return 0;
}

/* Then a coordinate with a large form becomes an atom of the norm's
 * forms (and of every form built later): its square, a term of the
 * variance, would pass the caps anyway, and with large coordinates as
 * atoms the centred coordinates z_c - mean sum to 0 in form, so an FFN
 * input u_1 + u_2 of a width-2 LayerNorm is exactly 0 however large the
 * attention's forms, not a sign refined to the cap.  1 when some
 * coordinate became one. */
static int
large_coordinates_as_atoms(exattn_xnode **z, size_t d)
{
    size_t c;
    int any = 0;

    for (c = 0; c < d; c++)
        if (exattn_expr__large_form(z[c]))
        {
            exattn_expr__atom_in_forms(z[c]);
            any = 1;
        }
    return any;
}

/* The moments of row z, the mean first: when its centred coordinates
 * would not cancel in form, the row's large coordinates become atoms and
 * the mean is taken again, before the variance is built once. */
static int
centred_moments(exattn_block *b, exattn_xnode **z, exattn_xnode **mean,
                exattn_xnode **spread, exattn_error_t *err)
{
    *mean = NULL;
    if (!b->spec->rms)
    {
        if ((*mean = row_mean(b, z, 0, NULL, err)) == NULL)
            return exattn_block__failed(b, err);
        if (centred_past_caps(b, z, *mean)
            && large_coordinates_as_atoms(z, b->d)
            && (*mean = row_mean(b, z, 0, NULL, err)) == NULL)
            return exattn_block__failed(b, err);
    }
    if ((*spread = row_mean(b, z, 1, *mean, err)) == NULL)
        return exattn_block__failed(b, err);
    return EXATTN_OK;
}

static int
norm(exattn_block *b, exattn_stage_part part, exattn_xnode **z,
     exattn_error_t *err)
{
    const exattn_norm_spec *ns = exattn_block__norm_spec(b->spec, part);
    const exattn_norm_stages *nm = exattn_block__norm_stages(part);
    exattn_xnode *eps = epsilon(b->pool, ns), *den, *mean, **u, **mu = NULL, **var;
    size_t i, d = b->d;
    int rc, rms = b->spec->rms;

    u = b->q[nm->out] = exattn_block__alloc(b, b->n * d);
    if (rms)
        var = b->q[nm->ms] = exattn_block__alloc(b, b->n);
    else
    {
        mu = b->q[nm->mean] = exattn_block__alloc(b, b->n);
        var = b->q[nm->var] = exattn_block__alloc(b, b->n);
    }
    if (eps == NULL || u == NULL || var == NULL || (!rms && mu == NULL))
        return exattn_block__nomem(b, err);
    for (i = 0; i < b->n; i++)
    {
        if ((rc = centred_moments(b, z + i * d, &mean, &var[i], err))
            != EXATTN_OK)
            return rc;
        if (!rms)
            mu[i] = mean;
        if ((den = denominator(b, var[i], eps, ns, nm, i, err)) == NULL)
            return exattn_block__failed(b, err);
        if ((rc = norm_row(b, ns, z + i * d, mean, den, u + i * d, err))
            != EXATTN_OK)
            return rc;
    }
    if ((rc = label_moments(b, nm, err)) != EXATTN_OK)
        return rc;
    return exattn_block__label_stage(b, u, nm->out, 0, b->n, d, err);
}

/* max(0, h) with the sign of h proved where it can be. */
static exattn_xnode *
relu(exattn_block *b, exattn_xnode *h, signed char *sign,
     exattn_error_t *err)
{
    exattn_error_t local;
    int sg;

    exattn_error_init(&local);
    if (exattn_expr__sign(&sg, h, b->max_prec, b->lesson->file, &local)
        != EXATTN_OK)
    {
        if (local.code == EXATTN_ENOMEM)
            return NULL;
        *sign = EXATTN_SIGN_UNDECIDED;
        return exattn_expr__apply(b->pool, EXATTN_X_RELU, h, NULL, err);
    }
    *sign = (signed char)sg;
    return sg > 0 ? h : exattn_expr__num_si(b->pool, 0);
}

/* `into` (n x w->cols) = rows of x (n x w->rows) · w + bias. */
static int
affine(exattn_block *b, exattn_stage_t into, exattn_xnode **x,
       const exattn_matrix *w, const exattn_matrix *bias, exattn_error_t *err)
{
    size_t i, c, cols = w->cols;
    exattn_xnode **out = b->q[into] = exattn_block__alloc(b, b->n * cols);

    if (out == NULL)
        return exattn_block__nomem(b, err);
    for (i = 0; i < b->n; i++)
        for (c = 0; c < cols; c++)
        {
            exattn_xnode *t = exattn_block__combine(b, x + i * w->rows, 1, w,
                                                    c, err);

            out[i * cols + c] = add_or_sub(
                b, EXATTN_X_ADD, t,
                exattn_expr__num(b->pool, EXATTN_AT(bias, 0, c)), err);
            if (out[i * cols + c] == NULL)
                return exattn_block__failed(b, err);
        }
    return EXATTN_OK;
}

/* The feed-forward sublayer reads `in`: the first layer norm's output,
 * or in a decoder the cross-attention sublayer's. */
static int
ffn(exattn_block *b, exattn_xnode **in, exattn_error_t *err)
{
    const exattn_block_spec *s = b->spec;
    size_t k, count = b->n * b->dff;
    exattn_xnode **h, **r;
    int rc;

    if ((rc = affine(b, EXATTN_STAGE_HIDDEN, in, &s->w1, &s->b1, err))
        != EXATTN_OK)
        return rc;
    h = b->q[EXATTN_STAGE_HIDDEN];
    r = b->q[EXATTN_STAGE_RELU] = exattn_block__alloc(b, count);
    b->sign = calloc(count ? count : 1, 1);
    if (r == NULL || b->sign == NULL)
        return exattn_block__nomem(b, err);
    for (k = 0; k < count; k++)
        if ((r[k] = relu(b, h[k], &b->sign[k], err)) == NULL)
            return exattn_block__failed(b, err);
    if ((rc = exattn_block__label_stage(b, h, EXATTN_STAGE_HIDDEN, 0, b->n,
                                        b->dff, err))
            != EXATTN_OK
        || (rc = exattn_block__label_stage(b, r, EXATTN_STAGE_RELU, 0, b->n,
                                           b->dff, err))
               != EXATTN_OK
        || (rc = affine(b, EXATTN_STAGE_FFN, r, &s->w2, &s->b2, err))
               != EXATTN_OK)
        return rc;
    return exattn_block__label_stage(b, b->q[EXATTN_STAGE_FFN],
                                     EXATTN_STAGE_FFN, 0, b->n, b->d, err);
}

int
exattn_block__pre_norm(exattn_block *b, exattn_error_t *err)
{
    return norm(b, EXATTN_PART_SELF, b->q[EXATTN_STAGE_INPUT], err);
}

/* Pre-LN: z = x' + A (u = Norm(x') was built before the heads); y =
 * Norm(z), f = FFN(y), z' = z + f; a final norm of the last residual. */
static int
pre_layers(exattn_block *b, exattn_error_t *err)
{
    const exattn_block_spec *s = b->spec;
    exattn_xnode **last_residual;
    int rc;

    if ((rc = residual(b, EXATTN_STAGE_RES1, b->q[EXATTN_STAGE_INPUT],
                       b->q[EXATTN_STAGE_ATTN], err)) != EXATTN_OK)
        return rc;
    last_residual = b->q[EXATTN_STAGE_RES1];
    if (s->has_ffn)
    {
        if ((rc = norm(b, EXATTN_PART_FFN, last_residual, err)) != EXATTN_OK
            || (rc = ffn(b, b->q[EXATTN_STAGE_LN2], err)) != EXATTN_OK
            || (rc = residual(b, EXATTN_STAGE_RES2, last_residual,
                              b->q[EXATTN_STAGE_FFN], err)) != EXATTN_OK)
            return rc;
        last_residual = b->q[EXATTN_STAGE_RES2];
    }
    if (!s->final.present)
        return EXATTN_OK;
    return norm(b, EXATTN_PART_FINAL, last_residual, err);
}

int
exattn_block__layers(exattn_block *b, exattn_error_t *err)
{
    const exattn_block_spec *s = b->spec;
    exattn_xnode **u;
    int rc;

    if (s->pre_ln)
        return pre_layers(b, err);
    if ((rc = residual(b, EXATTN_STAGE_RES1, b->q[EXATTN_STAGE_INPUT],
                       b->q[EXATTN_STAGE_ATTN], err)) != EXATTN_OK)
        return rc;
    if (!s->ln1.present)
        return EXATTN_OK;
    if ((rc = norm(b, EXATTN_PART_SELF, b->q[EXATTN_STAGE_RES1], err))
        != EXATTN_OK)
        return rc;
    /* a decoder: cross-attention to the encoder's output, its residual
     * u + C and its norm */
    if (s->cross.present
        && ((rc = exattn_block__attend_cross(b, err)) != EXATTN_OK
            || (rc = residual(b, EXATTN_STAGE_CRES, b->q[EXATTN_STAGE_LN1],
                              b->q[EXATTN_STAGE_CATTN], err)) != EXATTN_OK
            || (rc = norm(b, EXATTN_PART_CROSS, b->q[EXATTN_STAGE_CRES],
                          err)) != EXATTN_OK))
        return rc;
    if (!s->has_ffn)
        return EXATTN_OK;
    u = b->q[exattn_block__ffn_input(s)];
    if ((rc = ffn(b, u, err)) != EXATTN_OK
        || (rc = residual(b, EXATTN_STAGE_RES2, u, b->q[EXATTN_STAGE_FFN],
                          err)) != EXATTN_OK)
        return rc;
    return norm(b, EXATTN_PART_FFN, b->q[EXATTN_STAGE_RES2], err);
}
