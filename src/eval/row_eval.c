/* Certified evaluation of a row's named quantities.
 *
 * Every scaled score is c_j*sqrt(s).  With L the lcm of the denominators
 * of the allowed c_j, every exponential is e^{c_j sqrt(s)} = t^{k_j} with
 * t = e^{sqrt(s)/L} and k_j = c_j L an integer.  Dividing numerator and
 * denominator by t^{kmax} gives w_j = u^{d_j} / sum_l u^{d_l} with
 * u = e^{-sqrt(s)/L} <= 1 and d_j = kmax - k_j >= 0: one exponential per
 * head (src/eval/head_eval.c), integer powers, one denominator per row,
 * and no overflow.  Outputs are
 * (sum_j u^{d_j} V_jc) / Z.  Each is a ball; the decimal is printed when
 * the ball decides it (src/eval/decimal.c), else the precision grows by
 * half (Ziv) up to the cap. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "eval/ball.h"
#include "eval/decimal.h"
#include "eval/row_eval.h"
#include "eval/head_eval.h"

struct exattn_row_eval
{
    const exattn_row *row;
    mpfr_prec_t wp;             /* precision of the balls; 0: none yet */
    exattn_ball root;           /* sqrt(s) */
    exattn_ball *weight;        /* group_count: each key's weight */
    exattn_ball *output;        /* d_v */
    unsigned long *d;           /* group_count: kmax - k_g */
    /* group_count gaps c_max - c_g when some kmax - k_g does not fit a
     * machine word (scores 10^-19 apart, or a common denominator beyond
     * 2^64): then w_g = e^{-gap_g sqrt(s)} / Z, one exponential per
     * group.  NULL: the integer powers of u above. */
    mpq_t *gap;
    exattn_head_eval *head;     /* the base u and L */
    int own_head;
    unsigned long growth_bits;  /* error growth to cover at first try */
    /* Decimals already decided, per group (weights) and per distinct
     * score (scaled scores): keys of equal score share them.  Valid for
     * cache_digits and cache_prec. */
    char **weight_dec, **scaled_dec;
    unsigned long cache_digits;
    mpfr_prec_t cache_prec;
};

static int
alloc_balls(exattn_ball **out, size_t count)
{
    size_t i;

    *out = malloc((count ? count : 1) * sizeof **out);
    if (*out == NULL)
        return EXATTN_ENOMEM;
    for (i = 0; i < count; i++)
        exattn_ball__init(&(*out)[i], 64);
    return EXATTN_OK;
}

static void
free_balls(exattn_ball *b, size_t count)
{
    size_t i;

    if (b == NULL)
        return;
    for (i = 0; i < count; i++)
        exattn_ball__clear(&b[i]);
    free(b);
}

static void
clear_cache(char **dec, size_t count)
{
    size_t i;

    if (dec != NULL)
        for (i = 0; i < count; i++)
        {
            free(dec[i]);
            dec[i] = NULL;
        }
}

void
exattn_row_eval_free(exattn_row_eval *ev)
{
    const exattn_row *row;

    if (ev == NULL)
        return;
    row = ev->row;
    free_balls(ev->weight, row->group_count);
    free_balls(ev->output, row->lesson->dv);
    exattn_ball__clear(&ev->root);
    clear_cache(ev->weight_dec, row->group_count);
    clear_cache(ev->scaled_dec, row->class_count);
    free(ev->weight_dec);
    free(ev->scaled_dec);
    free(ev->d);
    if (ev->gap != NULL)
        for (size_t g = 0; g < row->group_count; g++)
            mpq_clear(ev->gap[g]);
    free(ev->gap);
    if (ev->own_head)
        exattn_head_eval_free(ev->head);
    free(ev);
}

/* k_g = c_g L for group g. */
static void
group_exponent(mpz_t k, const exattn_row_eval *ev, size_t g)
{
    mpq_srcptr c = ev->row->coef[ev->row->group_key[g]];

    mpz_divexact(k, ev->head->lcm, mpq_denref(c));
    mpz_mul(k, k, mpq_numref(c));
}

/* Bits of growth of the error to cover at the first try: pow_ui
 * multiplies the radius of u by about d (or the gap multiplies that of
 * sqrt(s)); V entries and m scale absolute errors of outputs. */
static unsigned long
growth(const exattn_row_eval *ev, unsigned long spread_bits)
{
    return spread_bits + 2
           + (unsigned long)ceil(log2((double)ev->row->lesson->m + 1));
}

/* The gaps c_max - c_g, for a row whose exponents kmax - k_g do not fit
 * a machine word: its weights are then one exponential per group. */
static int
wide_exponents(exattn_row_eval *ev)
{
    const exattn_row *row = ev->row;
    size_t g, groups = row->group_count;
    mpq_srcptr cmax = row->coef[row->group_key[groups - 1]];
    long spread;

    ev->gap = malloc(groups * sizeof *ev->gap);
    if (ev->gap == NULL)
        return EXATTN_ENOMEM;
    for (g = 0; g < groups; g++)
    {
        mpq_init(ev->gap[g]);
        mpq_sub(ev->gap[g], cmax, row->coef[row->group_key[g]]);
    }
    /* the error of an exponent gap sqrt(s) is about its size times
     * 2^-wp: log2 of the largest, (cmax - cmin) sqrt(s), rounded up */
    spread = (long)mpz_sizeinbase(mpq_numref(ev->gap[0]), 2)
             - (long)mpz_sizeinbase(mpq_denref(ev->gap[0]), 2) + 1
             + (long)ceil(log2((double)row->lesson->surd) / 2);
    ev->growth_bits = growth(ev, spread > 0 ? (unsigned long)spread : 0);
    return EXATTN_OK;
}

/* L, and d_g = kmax - k_g as machine integers; when they are not, the
 * gaps (wide_exponents).  Groups come in increasing score: the last has
 * kmax. */
static int
exponents(exattn_row_eval *ev)
{
    const exattn_row *row = ev->row;
    size_t g, groups = row->group_count;
    mpz_t k, kmax;
    int wide = 0;
    unsigned long dmax = 1;

    mpz_inits(k, kmax, (mpz_ptr)0);
    group_exponent(kmax, ev, groups - 1);
    for (g = 0; g < groups && !wide; g++)
    {
        group_exponent(k, ev, g);
        mpz_sub(k, kmax, k);
        if (!mpz_fits_ulong_p(k))
            wide = 1;
        else if ((ev->d[g] = mpz_get_ui(k)) > dmax)
            dmax = ev->d[g];
    }
    mpz_clears(k, kmax, (mpz_ptr)0);
    if (wide)
        return wide_exponents(ev);
    ev->growth_bits = growth(ev,
        (unsigned long)mpz_sizeinbase(ev->head->lcm, 2)
        + (unsigned long)ceil(log2((double)dmax + 1)));
    return EXATTN_OK;
}

/* A base of the row's own: L the lcm of its allowed denominators. */
static int
own_head(exattn_row_eval *ev)
{
    const exattn_row *row = ev->row;
    mpz_t lcm;
    size_t g;
    int rc;

    mpz_init_set_ui(lcm, 1);
    for (g = 0; g < row->group_count; g++)
        mpz_lcm(lcm, lcm, mpq_denref(row->coef[row->group_key[g]]));
    rc = exattn_head_eval__new_lcm(&ev->head, row->lesson->surd, lcm,
                                   row->lesson->file);
    ev->own_head = 1;
    mpz_clear(lcm);
    return rc;
}

static int
alloc_eval(exattn_row_eval *ev)
{
    const exattn_row *row = ev->row;

    exattn_ball__init(&ev->root, 64);
    ev->d = malloc(row->group_count * sizeof *ev->d);
    ev->weight_dec = calloc(row->group_count, sizeof *ev->weight_dec);
    ev->scaled_dec = calloc(row->class_count ? row->class_count : 1,
                            sizeof *ev->scaled_dec);
    if (!ev->d || !ev->weight_dec || !ev->scaled_dec
        || alloc_balls(&ev->weight, row->group_count) != EXATTN_OK)
        return EXATTN_ENOMEM;
    return alloc_balls(&ev->output, row->lesson->dv);
}

int
exattn_row_eval_new(exattn_row_eval **out, const exattn_row *row,
                    exattn_head_eval *head, exattn_error_t *err)
{
    const exattn_lesson *l = row->lesson;
    exattn_row_eval *ev = calloc(1, sizeof *ev);
    int rc;

    *out = NULL;
    if (ev == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    ev->row = row;
    ev->head = head;
    rc = alloc_eval(ev);
    if (rc == EXATTN_OK && head == NULL)
        rc = own_head(ev);
    if (rc == EXATTN_OK)
        rc = exponents(ev);
    if (rc != EXATTN_OK)
    {
        exattn_row_eval_free(ev);
        return exattn_error__set(err, rc, l->file, 0, 0, rc == EXATTN_ELIMIT
            ? "row %zu: the scores are too far apart to evaluate"
            : "out of memory", row->index + 1);
    }
    *out = ev;
    return EXATTN_OK;
}

/* acc += t * q, with an integer q multiplied without a temporary. */
static int
add_product(exattn_ball *acc, exattn_ball *tmp, const exattn_ball *t,
            mpq_srcptr q)
{
    int rc;

    if (mpq_sgn(q) == 0)
        return 0;
    rc = mpz_cmp_ui(mpq_denref(q), 1) == 0
             ? exattn_ball__mul_z(tmp, t, mpq_numref(q))
             : exattn_ball__mul_q(tmp, t, q);
    return rc | exattn_ball__add(acc, acc, tmp);
}

/* Output sums acc_c = sum_g t_g S_gc on integers: each t_g (a ball) is
 * rounded once to T_g = t_g 2^F, F = wp, and sum_g T_g S_gc is exact.
 * The error is at most sum_g |S_gc| (rad(t_g) + 2^-F), bounded by
 * (sum_g |S_gc|) R with R the largest rad(t_g) + 2^-F: one rounding per
 * coordinate instead of two ball operations per group and coordinate. */
static int
fixed_point_sums(exattn_ball *acc, const exattn_row_eval *ev,
                 mpfr_prec_t wp)
{
    const exattn_row *row = ev->row;
    size_t g, c, groups = row->group_count, dv = row->lesson->dv;
    mpz_t *t = malloc(groups * sizeof *t);
    mpz_t sum, sabs;
    MPFR_DECL_INIT(r, EXATTN_RAD_PREC);
    MPFR_DECL_INIT(rmax, EXATTN_RAD_PREC);
    long v;

    if (t == NULL)
        return -1;
    mpz_inits(sum, sabs, (mpz_ptr)0);
    mpfr_set_ui_2exp(rmax, 1, -wp, MPFR_RNDU);
    for (g = 0; g < groups; g++)
    {
        mpz_init(t[g]);
        /* t_g = T 2^e exactly; to units of 2^-wp, rounding down */
        v = (long)mpfr_get_z_2exp(t[g], ev->weight[g].mid) + (long)wp;
        mpfr_set_ui_2exp(r, 1, -wp, MPFR_RNDU);
        mpfr_add(r, ev->weight[g].rad, r, MPFR_RNDU);
        if (v >= 0)
            mpz_mul_2exp(t[g], t[g], (mp_bitcnt_t)v);
        else
            mpz_fdiv_q_2exp(t[g], t[g], (mp_bitcnt_t)-v);
        mpfr_max(rmax, rmax, r, MPFR_RNDU);
    }
    for (c = 0; c < dv; c++)
    {
        mpz_set_ui(sum, 0);
        mpz_set_ui(sabs, 0);
        for (g = 0; g < groups; g++)
        {
            v = (long)row->group_isum[g * dv + c];
            if (v >= 0)
                mpz_addmul_ui(sum, t[g], (unsigned long)v);
            else
                mpz_submul_ui(sum, t[g], -(unsigned long)v);
            mpz_add_ui(sabs, sabs, v >= 0 ? (unsigned long)v
                                          : -(unsigned long)v);
        }
        mpfr_set_z(r, sabs, MPFR_RNDU);
        mpfr_mul(r, r, rmax, MPFR_RNDU);
        exattn_ball__set_prec(&acc[c], wp);
        exattn_ball__set_z_2exp(&acc[c], sum, -wp, r);
    }
    for (g = 0; g < groups; g++)
        mpz_clear(t[g]);
    free(t);
    mpz_clears(sum, sabs, (mpz_ptr)0);
    return 0;
}

/* out[c] /= den for c < count: the sums were of den V. */
static int
divide_by(exattn_ball *out, size_t count, mpz_srcptr den)
{
    mpq_t inv;
    size_t c;
    int rc = 0;

    mpq_init(inv);
    mpz_set_ui(mpq_numref(inv), 1);
    mpz_set(mpq_denref(inv), den);
    for (c = 0; c < count; c++)
        rc |= exattn_ball__mul_q(&out[c], &out[c], inv);
    mpq_clear(inv);
    return rc;
}

/* u^{d_g} = e^{-(c_max - c_g) sqrt(s)}: a power from the head's table, or
 * for a row of wide exponents the exponential itself (sqrt(s) is in
 * ev->root at precision wp). */
static int
group_power(exattn_ball *out, exattn_row_eval *ev, size_t g, mpfr_prec_t wp)
{
    int rc;

    if (ev->gap == NULL)
        return exattn_head_eval__pow(out, ev->head, ev->d[g], wp);
    rc = exattn_ball__mul_q(out, &ev->root, ev->gap[g]);
    rc |= exattn_ball__neg(out, out);
    return rc | exattn_ball__exp(out, out);
}

/* The softmax of the row at precision wp, one power of u per group (from
 * the head's table): Z = sum_g N_g u^{d_g}, w_g = u^{d_g} / Z, and
 * output c = (sum_g u^{d_g} S_gc) / Z with S_gc the group's sum of V_jc. */
static int
softmax(exattn_row_eval *ev, mpfr_prec_t wp)
{
    const exattn_row *row = ev->row;
    size_t g, c, dv = row->lesson->dv;
    exattn_ball z, t, acc;
    mpz_t n;
    int rc = 0;

    exattn_ball__init(&z, wp);
    exattn_ball__init(&t, wp);
    exattn_ball__init(&acc, wp);
    mpz_init(n);
    exattn_ball__set_si(&z, 0);
    for (g = 0; g < row->group_count; g++)
    {
        exattn_ball__set_prec(&ev->weight[g], wp);
        rc |= group_power(&ev->weight[g], ev, g, wp);
        mpz_set_ui(n, row->group_size[g]);
        rc |= exattn_ball__mul_z(&t, &ev->weight[g], n);
        rc |= exattn_ball__add(&z, &z, &t);
    }
    if (row->group_isum != NULL)
    {
        rc |= fixed_point_sums(ev->output, ev, wp) != 0;
        for (c = 0; c < dv; c++)
            rc |= exattn_ball__div(&ev->output[c], &ev->output[c], &z);
        if (mpz_cmp_ui(row->den_v, 1) != 0)
            rc |= divide_by(ev->output, dv, row->den_v);
    }
    else
        for (c = 0; c < dv; c++)
        {
            exattn_ball__set_prec(&ev->output[c], wp);
            exattn_ball__set_si(&acc, 0);
            for (g = 0; g < row->group_count; g++)
                rc |= add_product(&acc, &t, &ev->weight[g],
                                  row->group_sum[g * dv + c]);
            rc |= exattn_ball__div(&ev->output[c], &acc, &z);
        }
    for (g = 0; g < row->group_count; g++)
        rc |= exattn_ball__div(&ev->weight[g], &ev->weight[g], &z);
    mpz_clear(n);
    exattn_ball__clear(&z);
    exattn_ball__clear(&t);
    exattn_ball__clear(&acc);
    return rc;
}

/* Every ball of the row at precision wp; scaled scores are formed on
 * demand from sqrt(s). */
static int
evaluate(exattn_row_eval *ev, mpfr_prec_t wp)
{
    int rc = 0;

    exattn_ball__set_prec(&ev->root, wp);
    exattn_ball__set_si(&ev->root, (long)ev->row->lesson->surd);
    rc |= exattn_ball__sqrt(&ev->root, &ev->root);
    if (!ev->row->weights_exact)
        rc |= softmax(ev, wp);
    ev->wp = wp;
    return rc;
}

/* The enclosure of a named quantity at the current precision. */
static int
enclosure(exattn_ball *out, const exattn_row_eval *ev, exattn_kind_t kind,
          size_t key, size_t col)
{
    const exattn_row *row = ev->row;
    const exattn_lesson *l = row->lesson;

    exattn_ball__set_prec(out, ev->wp);
    switch (kind)
    {
    case EXATTN_SCALED:
        return exattn_ball__mul_q(out, &ev->root, row->coef[key]);
    case EXATTN_WEIGHT:
        exattn_ball__set(out, &ev->weight[row->group[key]]);
        return 0;
    case EXATTN_OUTPUT: exattn_ball__set(out, &ev->output[col]); return 0;
    case EXATTN_CONTRIBUTION:
        return exattn_ball__mul_q(out, &ev->weight[row->group[key]],
                                  EXATTN_AT(&l->v, key, col));
    default:
        return 1;
    }
}

/* The enclosure of one quantity, re-evaluating the row when the
 * precision changes. */
typedef struct
{
    exattn_row_eval *ev;
    exattn_kind_t kind;
    size_t key, col;
} quantity_ctx;

static int
enclose_quantity(exattn_ball *out, void *ctx, mpfr_prec_t wp,
                 exattn_error_t *err)
{
    quantity_ctx *q = ctx;

    (void)err;
    if (q->ev->wp != wp && evaluate(q->ev, wp) != 0)
    {
        q->ev->wp = 0;          /* a ball touched 0: refine */
        return 1;
    }
    return enclosure(out, q->ev, q->kind, q->key, q->col) != 0;
}

int
exattn_row_eval__enclose(exattn_ball *out, exattn_row_eval *ev,
                         exattn_kind_t kind, size_t key, size_t col,
                         mpfr_prec_t wp)
{
    quantity_ctx q = { ev, kind, key, col };

    return enclose_quantity(out, &q, wp, NULL);
}

int
exattn_row_eval__sign(int *sign, exattn_row_eval *ev, exattn_kind_t kind,
                      size_t key, size_t col, mpfr_prec_t max_prec,
                      exattn_error_t *err)
{
    quantity_ctx q = { ev, kind, key, col };
    mpfr_prec_t wp;
    int rc = exattn_ziv__sign(sign, &wp, enclose_quantity, &q,
                              64 + (mpfr_prec_t)ev->growth_bits, max_prec,
                              err);

    if (rc == EXATTN_EUNABLE)
        return exattn_error__set(err, rc, ev->row->lesson->file, 0, 0,
                                 "row %zu: sign undecided at %ld bits",
                                 ev->row->index + 1, (long)wp);
    return rc;
}

int
exattn_row_eval__decide(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp_used,
                        exattn_row_eval *ev, exattn_kind_t kind, size_t key,
                        size_t col, const exattn_ziv_opts *ask,
                        exattn_error_t *err)
{
    quantity_ctx q = { ev, kind, key, col };
    exattn_ziv_opts o = *ask;
    int rc;

    o.first_wp = (mpfr_prec_t)ceil((double)o.digits * 3.321928094887363)
                 + 64 + (mpfr_prec_t)ev->growth_bits;
    if (ev->wp > o.first_wp)
        o.first_wp = ev->wp;
    rc = exattn_ziv__decimal(d, cert, wp_used, enclose_quantity, &q, &o,
                             ev->row->lesson->file, err);
    if (rc == EXATTN_EUNABLE)
        exattn_error__set(err, rc, ev->row->lesson->file, 0, 0,
                          "row %zu: undecided at %ld bits",
                          ev->row->index + 1, (long)*wp_used);
    return rc;
}

static int
decimal_uncached(char **out, int *exact, exattn_row_eval *ev,
                 exattn_kind_t kind, size_t key, size_t col,
                 unsigned long digits, mpfr_prec_t max_prec,
                 exattn_error_t *err)
{
    const exattn_row *row = ev->row;
    const char *file = row->lesson->file;
    mpq_t q;
    mpz_t d;
    exattn_ball cert;
    mpfr_prec_t used = 0;
    int rc = EXATTN_OK, is_exact = 0;

    *out = NULL;
    if (digits > EXATTN_MAX_DIGITS)
        return exattn_error__set(err, EXATTN_ELIMIT, file, 0, 0,
            "%lu digits, more than the limit of %lu", digits,
            EXATTN_MAX_DIGITS);
    mpq_init(q);
    rc = exattn_row_get_mpq(q, row, kind, key, col);
    if (rc == EXATTN_OK)
    {
        /* exact: rounded from the rational, no enclosure */
        *out = exattn_decimal__of_q(q, digits, &is_exact);
        mpq_clear(q);
        if (exact)
            *exact = is_exact;
        return *out ? EXATTN_OK
                    : exattn_error__set(err, EXATTN_ENOMEM, file, 0, 0,
                                        "out of memory");
    }
    mpz_init(d);
    exattn_ball__init(&cert, 64);
    if (rc == EXATTN_ENOTEXACT)
    {
        exattn_ziv_opts ask = { digits, EXATTN_ROUND_NEAREST, 0, max_prec,
                                NULL };

        rc = exattn_row_eval__decide(d, &cert, &used, ev, kind, key, col,
                                     &ask, err);
    }
    else
        rc = exattn_error__set(err, rc, file, 0, 0,
                               "no such quantity in row %zu",
                               row->index + 1);
    if (rc == EXATTN_OK && (*out = exattn_decimal__format(d, digits)) == NULL)
        rc = exattn_error__set(err, EXATTN_ENOMEM, file, 0, 0,
                               "out of memory");
    if (exact)
        *exact = is_exact;
    exattn_ball__clear(&cert);
    mpq_clear(q);
    mpz_clear(d);
    return rc;
}

/* The cache slot of a quantity that keys of equal score share: a named
 * weight (its group) or scaled score (its distinct score); NULL for the
 * others. */
static char **
cache_slot(exattn_row_eval *ev, exattn_kind_t kind, size_t key)
{
    const exattn_row *row = ev->row;

    if (key >= row->lesson->m
        || exattn_row_status(row, kind, key, 0) != EXATTN_NAMED)
        return NULL;
    if (kind == EXATTN_WEIGHT)
        return &ev->weight_dec[row->group[key]];
    if (kind == EXATTN_SCALED)
        return &ev->scaled_dec[row->coef[key] - row->class_coef[0]];
    return NULL;
}

int
exattn_row_eval_decimal(char **out, int *exact, exattn_row_eval *ev,
                        exattn_kind_t kind, size_t key, size_t col,
                        unsigned long digits, mpfr_prec_t max_prec,
                        exattn_error_t *err)
{
    char **slot = cache_slot(ev, kind, key);
    int rc;

    if (slot != NULL
        && (ev->cache_digits != digits || ev->cache_prec != max_prec))
    {
        clear_cache(ev->weight_dec, ev->row->group_count);
        clear_cache(ev->scaled_dec, ev->row->class_count);
        ev->cache_digits = digits;
        ev->cache_prec = max_prec;
    }
    if (slot != NULL && *slot != NULL)
    {
        *out = exattn_str__dup(*slot);
        if (exact)
            *exact = 0;         /* a named value has no exact decimal */
        return *out ? EXATTN_OK
                    : exattn_error__set(err, EXATTN_ENOMEM,
                                        ev->row->lesson->file, 0, 0,
                                        "out of memory");
    }
    rc = decimal_uncached(out, exact, ev, kind, key, col, digits, max_prec,
                          err);
    if (rc == EXATTN_OK && slot != NULL)
        *slot = exattn_str__dup(*out);   /* a failed copy: not cached */
    return rc;
}
