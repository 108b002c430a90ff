/* A dyadic head, row by row (dyadic.h).
 *
 * Scores.  q_i . k_j is an integer dot product of the two rows' views
 * times 2^(e_i + e_j): on 128-bit integers when the views' bits and the
 * width allow (|sum| < d_k 2^(bq + bk) <= 2^126), on GMP integers
 * otherwise (a row whose entries span more than 62 bits) -- exact either
 * way, and held exactly in MPFR at a precision that fits every score.
 *
 * Weights.  With c the scale (coef * sqrt(surd)) and s* the allowed score
 * that makes c s largest, t_j = c (s_j - s*) <= 0 and E_j = e^t_j <= 1;
 * the weights are E_j / D with D = sum E_j.  At 128 bits, rounding to
 * nearest: s_j - s* (relative error <= 2^-128), c (coef, sqrt and their
 * product: <= 3 2^-128 and second-order terms), their product (2^-128),
 * so |t^ - t| <= tau = 2^-125 |t|; then E^ = exp(t^) (2^-128).  So
 *     |E^ - E| <= E^ (2^-128 + tau (1 + tau)) (1 + 2^-127)
 *             <= E^ rho,  rho = 2^-127 + 2^-124 |t^|          (|t| < 2^100)
 * a relative bound that serves the weights however small they are.
 *
 * Outputs.  e_j = floor(E^ 2^126) <= 2^126 is within
 * 2^-126 + E^ rho <= 2^-126 (1 + 1/2 + 4/e) < 3 2^-126 of E_j (t e^t >=
 * -1/e).  V's column view has integers w, |w| <= 2^124, and v = w 2^F,
 * or v within 2^(F-1) of it when the column was rounded.  In units of
 * 2^(F-126),
 *     N = sum e_j w_j  differs from  sum E_j v_j  by at most
 *     3 (sum |w_j| + |A|/2) + D/2 (rounded column only),
 * and D = sum e_j from sum E_j by 3 |A|.  A two-word column's integer
 * is w_hi 2^62 + w_lo -- the view's w and lo planes, |w_hi| <= 2^62,
 * |w_lo| < 2^62, one sign, so that sum |w| is sum |w_hi| 2^62 +
 * sum |w_lo| -- and N = N_hi 2^62 + N_lo.  Each exact
 * integer sum of a plane is kept in three 128-bit accumulators per sign
 * (low, middle and high 64-bit words of the 190-bit products, none of
 * which can overflow for fewer than 2^63 keys), and the output is the
 * ball quotient N 2^F / D.
 *
 * Everything the rule could call exact or group is refused (dyadic.h):
 * with at least two allowed keys and distinct scores, every weight is
 * named (Lindemann-Weierstrass, as src/row/rule.c), and so is every
 * output coordinate whose allowed values are not all equal. */
#include <stdlib.h>
#include <string.h>
#include "row/dyadic.h"
#include "row/dyadic_view.h"

#ifdef EXATTN_HAVE_INT128

/* The working precision of differences, the scale and the exponentials. */
#define WP 128
/* e_j's scale: E in [0, 1] as a 126-bit integer. */
#define FIX 126
/* The precision of an output's or weight's midpoint. */
#define MID_PREC 192
/* The widest scores held: a row needing more takes the exact path. */
#define SCORE_PREC_MAX 4096

typedef struct
{
    double approx;
    size_t key;
    mpfr_srcptr exact;
} keyed;

struct exattn_dyadic
{
    const exattn_lesson *l;
    exattn_dview q, k;
    exattn_dcols v;
    unsigned long dk_bits;      /* d_k < 2^dk_bits */
    mpfr_prec_t score_prec;     /* of s[] */
    mpfr_t c;                   /* the scale, at WP */
    /* the row */
    size_t row;
    const unsigned char *allowed;
    size_t allowed_count;
    mpfr_t *s;                  /* m raw scores, exact */
    mpfr_t *e;                  /* m: E^ of allowed keys */
    double *rho;                /* m: their relative error bounds */
    exattn_u128 *fix;           /* m: e_j */
    keyed *sorted;              /* m */
    exattn_u128 *acc;           /* d_v x 2 signs x 3 words: the w plane */
    exattn_u128 *acc_lo;        /* and the lo plane (two-word columns) */
    mpz_t d, d_rad, *out, *out_rad;
    mpz_t z;
    mpfr_t t;
};

/* z += u * 2^shift */
static void
z_add_u128(mpz_t z, exattn_u128 u, mp_bitcnt_t shift, mpz_t tmp)
{
    uint64_t w[2] = { (uint64_t)u, (uint64_t)(u >> 64) };

    mpz_import(tmp, 2, -1, sizeof w[0], 0, 0, w);
    mpz_mul_2exp(tmp, tmp, shift);
    mpz_add(z, z, tmp);
}

/* The integer z (0 <= z < 2^128) as an unsigned 128-bit integer. */
static exattn_u128
u128_of_z(const mpz_t z)
{
    uint64_t w[2] = { 0, 0 };
    size_t count = 0;

    mpz_export(w, &count, -1, sizeof w[0], 0, 0, z);
    return ((exattn_u128)w[1] << 64) | w[0];
}

void
exattn_dyadic__free(exattn_dyadic *h)
{
    size_t j, m;

    if (h == NULL)
        return;
    m = h->l->m;
    for (j = 0; h->s != NULL && j < m; j++)
        mpfr_clear(h->s[j]);
    for (j = 0; h->e != NULL && j < m; j++)
        mpfr_clear(h->e[j]);
    for (j = 0; h->out != NULL && j < h->l->dv; j++)
    {
        mpz_clear(h->out[j]);
        mpz_clear(h->out_rad[j]);
    }
    free(h->s);
    free(h->e);
    free(h->out);
    free(h->out_rad);
    free(h->rho);
    free(h->fix);
    free(h->sorted);
    free(h->acc);
    exattn_dview__clear(&h->q);
    exattn_dview__clear(&h->k);
    exattn_dcols__clear(&h->v);
    mpz_clears(h->d, h->d_rad, h->z, (mpz_ptr)0);
    mpfr_clears(h->c, h->t, (mpfr_ptr)0);
    free(h);
}

/* The bits every score of row i fits in, or 0 beyond SCORE_PREC_MAX
 * (an entry of 1e-100000 beside 1 would make each score 332,000 bits:
 * such a row takes the exact path). */
static mpfr_prec_t
row_prec(const exattn_dyadic *h, size_t i)
{
    unsigned long bk = 0, need;
    size_t j;

    for (j = 0; j < h->l->m; j++)
        if (h->allowed[j] && h->k.bits[j] > bk)
            bk = h->k.bits[j];
    need = h->q.bits[i] + bk + h->dk_bits + 2;
    return need > SCORE_PREC_MAX ? 0 : (mpfr_prec_t)need;
}

/* Every score at precision p at least (they only grow). */
static void
grow_scores(exattn_dyadic *h, mpfr_prec_t p)
{
    size_t j;

    if (p <= h->score_prec)
        return;
    for (j = 0; j < h->l->m; j++)
        mpfr_set_prec(h->s[j], p);
    h->score_prec = p;
}

static int
alloc_row_state(exattn_dyadic *h)
{
    const exattn_lesson *l = h->l;
    size_t j, m = l->m;

    h->s = calloc(m, sizeof *h->s);
    h->e = calloc(m, sizeof *h->e);
    h->rho = calloc(m, sizeof *h->rho);
    h->fix = calloc(m, sizeof *h->fix);
    h->sorted = calloc(m, sizeof *h->sorted);
    h->acc = calloc(l->dv * 12 + 1, sizeof *h->acc);
    h->out = calloc(l->dv + 1, sizeof *h->out);
    h->out_rad = calloc(l->dv + 1, sizeof *h->out_rad);
    if (!h->s || !h->e || !h->rho || !h->fix || !h->sorted || !h->acc
        || !h->out || !h->out_rad)
    {
        free(h->s);
        free(h->e);
        free(h->out);
        free(h->out_rad);
        h->s = h->e = NULL;
        h->out = h->out_rad = NULL;
        return EXATTN_ENOMEM;
    }
    h->acc_lo = h->acc + l->dv * 6;
    for (j = 0; j < m; j++)
    {
        mpfr_init2(h->s[j], WP);
        mpfr_init2(h->e[j], WP);
    }
    for (j = 0; j < l->dv; j++)
    {
        mpz_init(h->out[j]);
        mpz_init(h->out_rad[j]);
    }
    h->score_prec = WP;
    return EXATTN_OK;
}

int
exattn_dyadic__new(exattn_dyadic **out, const exattn_lesson *l)
{
    exattn_dyadic *h;
    int q, k, v, rc = EXATTN_OK;

    *out = NULL;
    if (l->block != NULL || mpq_sgn(l->scale_coef) == 0 || l->m == 0
        || l->n == 0 || l->dv == 0)
        return EXATTN_OK;
    if ((h = calloc(1, sizeof *h)) == NULL)
        return EXATTN_ENOMEM;
    h->l = l;
    h->row = (size_t)-1;
    mpz_inits(h->d, h->d_rad, h->z, (mpz_ptr)0);
    mpfr_init2(h->c, WP);
    mpfr_init2(h->t, WP);
    h->dk_bits = exattn_dview__bits_of(l->dk);
    q = exattn_dview__rows(&h->q, &l->q);
    k = q == 1 ? exattn_dview__rows(&h->k, &l->k) : 0;
    v = k == 1 ? exattn_dcols__new(&h->v, &l->v) : 0;
    if (q == 1 && k == 1 && v == 1
        && (rc = alloc_row_state(h)) == EXATTN_OK)
    {
        /* c = coef sqrt(surd) at WP, rounded to nearest each step */
        mpfr_set_ui(h->c, l->surd, MPFR_RNDN);
        mpfr_sqrt(h->c, h->c, MPFR_RNDN);
        mpfr_mul_q(h->c, h->c, l->scale_coef, MPFR_RNDN);
        *out = h;
        return EXATTN_OK;
    }
    exattn_dyadic__free(h);
    return q < 0 || k < 0 || v < 0 || rc != EXATTN_OK ? EXATTN_ENOMEM
                                                      : EXATTN_OK;
}

/* s_j = q_i . k_j exactly (row_prec holds its bits); 0 when it is not
 * (an exponent beyond MPFR's range, reachable with raised limits). */
static int
score(exattn_dyadic *h, size_t i, size_t j)
{
    exattn_dview__dot(h->z, &h->q, i, &h->k, j);
    return mpfr_set_z_2exp(h->s[j], h->z, h->q.exp[i] + h->k.exp[j],
                           MPFR_RNDN) == 0
           && (mpz_sgn(h->z) == 0 || mpfr_regular_p(h->s[j]));
}

static int
by_approx(const void *a, const void *b)
{
    const keyed *x = a, *y = b;

    return x->approx < y->approx ? -1 : x->approx > y->approx;
}

static int
by_exact(const void *a, const void *b)
{
    const keyed *x = a, *y = b;

    return mpfr_cmp(x->exact, y->exact);
}

/* Two allowed keys with equal scores?  Sorted by their doubles, equal
 * scores have equal doubles; each run of equal doubles is sorted exactly
 * and its neighbours compared (a run of thousands -- scores apart by
 * 2^-80 -- costs m log m comparisons, not m^2). */
static int
has_equal_scores(exattn_dyadic *h)
{
    size_t a, b, x, n = 0, m = h->l->m;

    for (a = 0; a < m; a++)
        if (h->allowed[a])
        {
            h->sorted[n].approx = mpfr_get_d(h->s[a], MPFR_RNDN);
            h->sorted[n].exact = h->s[a];
            h->sorted[n++].key = a;
        }
    qsort(h->sorted, n, sizeof *h->sorted, by_approx);
    for (a = 0; a < n; a = b)
    {
        for (b = a + 1; b < n && h->sorted[b].approx == h->sorted[a].approx;
             b++)
            ;
        if (b - a > 1)
            qsort(&h->sorted[a], b - a, sizeof *h->sorted, by_exact);
        for (x = a + 1; x < b; x++)
            if (mpfr_cmp(h->sorted[x - 1].exact, h->sorted[x].exact) == 0)
                return 1;
    }
    return 0;
}

/* Are the allowed values of output coordinate c all equal? */
static int
values_all_equal(const exattn_dyadic *h, size_t c)
{
    const exattn_lesson *l = h->l;
    size_t j, first = (size_t)-1;

    for (j = 0; j < l->m; j++)
    {
        if (!h->allowed[j])
            continue;
        if (first == (size_t)-1)
            first = j;
        else if (h->v.w[j * l->dv + c] != h->v.w[first * l->dv + c]
                 || !mpq_equal(EXATTN_AT(&l->v, j, c),
                               EXATTN_AT(&l->v, first, c)))
            return 0;
    }
    return 1;
}

/* The key whose scaled score is largest: the largest raw score for a
 * positive scale, the smallest for a negative one. */
static size_t
best_key(const exattn_dyadic *h)
{
    size_t j, best = (size_t)-1;
    int sign = mpfr_sgn(h->c);

    for (j = 0; j < h->l->m; j++)
        if (h->allowed[j]
            && (best == (size_t)-1
                || sign * mpfr_cmp(h->s[j], h->s[best]) > 0))
            best = j;
    return best;
}

/* floor(e 2^FIX) for 0 <= e <= 1 (WP bits): its significand as an
 * integer, shifted on 128 bits. */
static exattn_u128
fixed(const mpfr_t e, mpz_t z)
{
    mpfr_exp_t x;
    long shift;
    exattn_u128 u;

    if (mpfr_zero_p(e))
        return 0;
    x = mpfr_get_z_2exp(z, e);      /* e = z 2^x, z < 2^WP */
    u = u128_of_z(z);
    shift = (long)x + FIX;          /* e 2^FIX = u 2^shift, shift <= 0 */
    return shift <= -128 ? 0 : shift < 0 ? u >> -shift : u << shift;
}

/* E^_j, its bound rho_j and e_j for every allowed key; D and its radius.
 * 0 when some t is below -2^28: rho's derivation wants |t| < 2^100, and
 * MPFR's e^t would underflow near -2^29 (a weight of 0 is no enclosure
 * of a positive one). */
static int
exponentials(exattn_dyadic *h, size_t best)
{
    size_t j, m = h->l->m;
    exattn_u128 hi = 0, lo = 0;

    for (j = 0; j < m; j++)
    {
        double at;

        if (!h->allowed[j])
            continue;
        mpfr_sub(h->t, h->s[j], h->s[best], MPFR_RNDN);
        mpfr_mul(h->t, h->t, h->c, MPFR_RNDN);
        if (mpfr_cmp_si_2exp(h->t, -1, 28) < 0)
            return 0;
        mpfr_exp(h->e[j], h->t, MPFR_RNDN);
        /* |t^| rounded up, then rho (exact powers of two; the sum's
         * rounding is covered by the factor) */
        at = -mpfr_get_d(h->t, MPFR_RNDD);
        h->rho[j] = (0x1p-127 + at * 0x1p-124) * (1 + 0x1p-50);
        h->fix[j] = fixed(h->e[j], h->z);
        hi += h->fix[j] >> 64;
        lo += (uint64_t)h->fix[j];
    }
    mpz_set_ui(h->d, 0);
    z_add_u128(h->d, hi, 64, h->z);
    z_add_u128(h->d, lo, 0, h->z);
    mpz_set_ui(h->d_rad, (unsigned long)h->allowed_count);
    mpz_mul_ui(h->d_rad, h->d_rad, 3);
    return 1;
}

/* Sum e_j w_jc over the allowed keys for every coordinate c, of one
 * plane of V's view (its w or its lo), on 128-bit words per sign: the
 * accumulators of c at acc[6c + 3 sign]. */
static void
mix_plane(exattn_dyadic *h, const int64_t *plane, exattn_u128 *acc)
{
    const exattn_lesson *l = h->l;
    size_t j, c, dv = l->dv;

    memset(acc, 0, dv * 6 * sizeof *acc);
    for (j = 0; j < l->m; j++)
    {
        uint64_t eh, el;
        const int64_t *w = &plane[j * dv];

        if (!h->allowed[j] || h->fix[j] == 0)
            continue;
        eh = (uint64_t)(h->fix[j] >> 64);
        el = (uint64_t)h->fix[j];
        for (c = 0; c < dv; c++)
        {
            /* branch-free sign */
            uint64_t neg = (uint64_t)w[c] >> 63;
            uint64_t mag = ((uint64_t)w[c] ^ (0 - neg)) + neg;
            exattn_u128 pl = (exattn_u128)el * mag;
            exattn_u128 ph = (exattn_u128)eh * mag;
            exattn_u128 *a = &acc[6 * c + 3 * neg];

            a[0] += (uint64_t)pl;
            a[1] += (pl >> 64) + (uint64_t)ph;
            a[2] += ph >> 64;
        }
    }
}

/* The signed sum that coordinate c's accumulators hold, into z. */
static void
plane_sum(mpz_t z, const exattn_u128 *acc, size_t c, mpz_t part, mpz_t tmp)
{
    size_t sgn;

    mpz_set_ui(z, 0);
    for (sgn = 0; sgn < 2; sgn++)
    {
        const exattn_u128 *a = &acc[6 * c + 3 * sgn];

        mpz_set_ui(part, 0);
        z_add_u128(part, a[2], 128, tmp);
        z_add_u128(part, a[1], 64, tmp);
        z_add_u128(part, a[0], 0, tmp);
        if (sgn)
            mpz_sub(z, z, part);
        else
            mpz_add(z, z, part);
    }
}

/* N_c (the w plane, times 2^62 in a two-word column, plus the lo plane)
 * and its radius, for every coordinate. */
static void
outputs(exattn_dyadic *h)
{
    const exattn_lesson *l = h->l;
    size_t c, dv = l->dv;
    mpz_t part, low;

    mpz_inits(part, low, (mpz_ptr)0);
    mix_plane(h, h->v.w, h->acc);
    if (h->v.lo != NULL)
        mix_plane(h, h->v.lo, h->acc_lo);
    for (c = 0; c < dv; c++)
    {
        plane_sum(h->out[c], h->acc, c, part, h->z);
        /* 3 (sum |v| + |A| / 2) + D / 2 if rounded, rounded up */
        mpz_set_ui(h->out_rad[c], 0);
        z_add_u128(h->out_rad[c], h->v.abs_sum[c], 0, h->z);
        if (h->v.two[c])
        {
            plane_sum(low, h->acc_lo, c, part, h->z);
            mpz_mul_2exp(h->out[c], h->out[c], EXATTN_DVIEW_NARROW_BITS);
            mpz_add(h->out[c], h->out[c], low);
            mpz_mul_2exp(h->out_rad[c], h->out_rad[c],
                         EXATTN_DVIEW_NARROW_BITS);
            z_add_u128(h->out_rad[c], h->v.abs_lo[c], 0, h->z);
        }
        mpz_mul_ui(h->out_rad[c], h->out_rad[c], 3);
        mpz_add_ui(h->out_rad[c], h->out_rad[c],
                   (unsigned long)(h->allowed_count / 2 * 3 + 2));
        if (h->v.rounded[c])
        {
            mpz_cdiv_q_2exp(part, h->d, 1);
            mpz_add(h->out_rad[c], h->out_rad[c], part);
        }
    }
    mpz_clears(part, low, (mpz_ptr)0);
}

int
exattn_dyadic__row(exattn_dyadic *h, size_t i, int *fast)
{
    const exattn_lesson *l = h->l;
    mpfr_prec_t prec;
    size_t j, c;

    *fast = 0;
    h->row = i;
    h->allowed = &l->allowed[i * l->m];
    h->allowed_count = 0;
    for (j = 0; j < l->m; j++)
        h->allowed_count += h->allowed[j] != 0;
    if (h->allowed_count < 2)
        return EXATTN_OK;
    for (c = 0; c < l->dv; c++)
        if (values_all_equal(h, c))
            return EXATTN_OK;
    if ((prec = row_prec(h, i)) == 0)
        return EXATTN_OK;
    grow_scores(h, prec);
    for (j = 0; j < l->m; j++)
        if (h->allowed[j] && !score(h, i, j))
            return EXATTN_OK;
    if (has_equal_scores(h))
        return EXATTN_OK;
    if (!exponentials(h, best_key(h)))
        return EXATTN_OK;
    outputs(h);
    *fast = 1;
    return EXATTN_OK;
}

void
exattn_dyadic__weight(exattn_ball *b, const exattn_dyadic *h, size_t j,
                      int *blocked)
{
    exattn_ball e, d;

    *blocked = !h->allowed[j];
    if (*blocked)
    {
        mpfr_set_ui(b->mid, 0, MPFR_RNDN);
        mpfr_set_ui(b->rad, 0, MPFR_RNDN);
        return;
    }
    exattn_ball__init(&e, WP);
    exattn_ball__init(&d, MID_PREC);
    mpfr_set(e.mid, h->e[j], MPFR_RNDN);
    mpfr_mul_d(e.rad, h->e[j], h->rho[j], MPFR_RNDU);
    mpfr_abs(e.rad, e.rad, MPFR_RNDU);
    /* D / 2^126, its radius 3 |A| / 2^126 */
    {
        MPFR_DECL_INIT(r, EXATTN_RAD_PREC);

        mpfr_set_z_2exp(r, h->d_rad, -FIX, MPFR_RNDU);
        exattn_ball__set_z_2exp(&d, h->d, -FIX, r);
    }
    exattn_ball__div(b, &e, &d);
    exattn_ball__clear(&e);
    exattn_ball__clear(&d);
}

void
exattn_dyadic__output(exattn_ball *b, const exattn_dyadic *h, size_t c)
{
    exattn_ball n, d;
    MPFR_DECL_INIT(r, EXATTN_RAD_PREC);
    long f = h->v.exp[c];

    exattn_ball__init(&n, MID_PREC);
    exattn_ball__init(&d, MID_PREC);
    mpfr_set_z_2exp(r, h->out_rad[c], f, MPFR_RNDU);
    exattn_ball__set_z_2exp(&n, h->out[c], f, r);
    mpfr_set_z_2exp(r, h->d_rad, 0, MPFR_RNDU);
    exattn_ball__set_z_2exp(&d, h->d, 0, r);
    exattn_ball__div(b, &n, &d);
    exattn_ball__clear(&n);
    exattn_ball__clear(&d);
}

#else /* no 128-bit integers: no dyadic head */

int
exattn_dyadic__new(exattn_dyadic **out, const exattn_lesson *l)
{
    (void)l;
    *out = NULL;
    return EXATTN_OK;
}

void
exattn_dyadic__free(exattn_dyadic *h)
{
    (void)h;
}

int
exattn_dyadic__row(exattn_dyadic *h, size_t i, int *fast)
{
    (void)h;
    (void)i;
    *fast = 0;
    return EXATTN_OK;
}

void
exattn_dyadic__weight(exattn_ball *b, const exattn_dyadic *h, size_t j,
                      int *blocked)
{
    (void)b;
    (void)h;
    (void)j;
    *blocked = 0;
}

void
exattn_dyadic__output(exattn_ball *b, const exattn_dyadic *h, size_t c)
{
    (void)b;
    (void)h;
    (void)c;
}
#endif
