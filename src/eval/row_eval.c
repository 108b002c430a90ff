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
#include "internal.h"
#include "eval/ball.h"
#include "eval/decimal.h"
#include "eval/row_eval.h"
#include "eval/head_eval.h"

struct exattn_row_eval
{
    const exattn_row *row;
    mpfr_prec_t wp;             /* precision of the balls; 0: none yet */
    exattn_ball *scaled;        /* m */
    exattn_ball *weight;        /* m (allowed keys) */
    exattn_ball *output;        /* d_v */
    unsigned long *d;           /* m: kmax - k_j for allowed keys */
    exattn_head_eval *head;     /* the base u and L */
    int own_head;
    unsigned long growth_bits;  /* error growth to cover at first try */
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

void
exattn_row_eval_free(exattn_row_eval *ev)
{
    const exattn_lesson *l;

    if (ev == NULL)
        return;
    l = ev->row->lesson;
    free_balls(ev->scaled, l->m);
    free_balls(ev->weight, l->m);
    free_balls(ev->output, l->dv);
    free(ev->d);
    if (ev->own_head)
        exattn_head_eval_free(ev->head);
    free(ev);
}

/* L, and d_j = kmax - k_j as machine integers (ELIMIT if they are not). */
static int
exponents(exattn_row_eval *ev)
{
    const exattn_row *row = ev->row;
    size_t j, m = row->lesson->m;
    mpz_t k, kmax, t;
    int first = 1, rc = EXATTN_OK;
    unsigned long dmax = 1;

    mpz_inits(k, kmax, t, (mpz_ptr)0);
    for (j = 0; j < m; j++)
        if (row->allowed[j])
        {
            mpz_divexact(k, ev->head->lcm, mpq_denref(row->coef[j]));
            mpz_mul(k, k, mpq_numref(row->coef[j]));
            if (first || mpz_cmp(k, kmax) > 0)
                mpz_set(kmax, k);
            first = 0;
        }
    for (j = 0; j < m && rc == EXATTN_OK; j++)
    {
        ev->d[j] = 0;
        if (!row->allowed[j])
            continue;
        mpz_divexact(k, ev->head->lcm, mpq_denref(row->coef[j]));
        mpz_mul(k, k, mpq_numref(row->coef[j]));
        mpz_sub(t, kmax, k);
        if (!mpz_fits_ulong_p(t))
            rc = EXATTN_ELIMIT;
        else if ((ev->d[j] = mpz_get_ui(t)) > dmax)
            dmax = ev->d[j];
    }
    /* pow_ui multiplies the radius of u by about d; V entries and m
     * scale absolute errors of outputs. */
    ev->growth_bits = (unsigned long)mpz_sizeinbase(ev->head->lcm, 2) + 2
                      + (unsigned long)ceil(log2((double)dmax + 1)
                                            + log2((double)m + 1));
    mpz_clears(k, kmax, t, (mpz_ptr)0);
    return rc;
}

/* A base of the row's own: L the lcm of its allowed denominators. */
static int
own_head(exattn_row_eval *ev)
{
    const exattn_row *row = ev->row;
    mpz_t lcm;
    size_t j;
    int rc;

    mpz_init_set_ui(lcm, 1);
    for (j = 0; j < row->lesson->m; j++)
        if (row->allowed[j])
            mpz_lcm(lcm, lcm, mpq_denref(row->coef[j]));
    rc = exattn_head_eval__new_lcm(&ev->head, row->lesson->surd, lcm,
                                   row->lesson->file);
    ev->own_head = 1;
    mpz_clear(lcm);
    return rc;
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
    ev->d = malloc(l->m * sizeof *ev->d);
    rc = ev->d ? EXATTN_OK : EXATTN_ENOMEM;
    if (rc == EXATTN_OK && head == NULL)
        rc = own_head(ev);
    if (rc == EXATTN_OK)
        rc = alloc_balls(&ev->scaled, l->m);
    if (rc == EXATTN_OK)
        rc = alloc_balls(&ev->weight, l->m);
    if (rc == EXATTN_OK)
        rc = alloc_balls(&ev->output, l->dv);
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

/* The softmax of the row at precision wp: weights and outputs. */
static int
softmax(exattn_row_eval *ev, mpfr_prec_t wp)
{
    const exattn_row *row = ev->row;
    const exattn_lesson *l = row->lesson;
    exattn_ball u, z, t, acc;
    size_t j, c;
    int rc = 0;

    exattn_ball__init(&u, wp);
    exattn_ball__init(&z, wp);
    exattn_ball__init(&t, wp);
    exattn_ball__init(&acc, wp);
    rc |= exattn_head_eval__u(&u, ev->head, wp);
    exattn_ball__set_si(&z, 0);
    for (j = 0; j < l->m; j++)
    {
        exattn_ball__set_prec(&ev->weight[j], wp);
        if (!row->allowed[j])
            continue;
        rc |= exattn_ball__pow_ui(&ev->weight[j], &u, ev->d[j]);
        rc |= exattn_ball__add(&z, &z, &ev->weight[j]);
    }
    for (c = 0; c < l->dv; c++)
    {
        exattn_ball__set_prec(&ev->output[c], wp);
        exattn_ball__set_si(&acc, 0);
        for (j = 0; j < l->m; j++)
            if (row->allowed[j])
            {
                rc |= exattn_ball__mul_q(&t, &ev->weight[j],
                                         EXATTN_AT(&l->v, j, c));
                rc |= exattn_ball__add(&acc, &acc, &t);
            }
        rc |= exattn_ball__div(&ev->output[c], &acc, &z);
    }
    for (j = 0; j < l->m; j++)
        if (row->allowed[j])
            rc |= exattn_ball__div(&ev->weight[j], &ev->weight[j], &z);
    exattn_ball__clear(&u);
    exattn_ball__clear(&z);
    exattn_ball__clear(&t);
    exattn_ball__clear(&acc);
    return rc;
}

/* Every ball of the row at precision wp. */
static int
evaluate(exattn_row_eval *ev, mpfr_prec_t wp)
{
    const exattn_row *row = ev->row;
    const exattn_lesson *l = row->lesson;
    exattn_ball root;
    size_t j;
    int rc = 0;

    exattn_ball__init(&root, wp);
    exattn_ball__set_si(&root, (long)l->surd);
    rc |= exattn_ball__sqrt(&root, &root);
    for (j = 0; j < l->m; j++)
    {
        exattn_ball__set_prec(&ev->scaled[j], wp);
        rc |= exattn_ball__mul_q(&ev->scaled[j], &root, row->coef[j]);
    }
    exattn_ball__clear(&root);
    if (!row->weights_exact)
        rc |= softmax(ev, wp);
    ev->wp = wp;
    return rc;
}

/* The enclosure of a named quantity at the current precision. */
static int
enclosure(exattn_ball *out, const exattn_row_eval *ev, exattn_kind_t kind,
          size_t key, size_t col)
{
    const exattn_lesson *l = ev->row->lesson;

    exattn_ball__set_prec(out, ev->wp);
    switch (kind)
    {
    case EXATTN_SCALED: exattn_ball__set(out, &ev->scaled[key]); return 0;
    case EXATTN_WEIGHT: exattn_ball__set(out, &ev->weight[key]); return 0;
    case EXATTN_OUTPUT: exattn_ball__set(out, &ev->output[col]); return 0;
    case EXATTN_CONTRIBUTION:
        return exattn_ball__mul_q(out, &ev->weight[key],
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
exattn_row_eval__decide(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp_used,
                        exattn_row_eval *ev, exattn_kind_t kind, size_t key,
                        size_t col, unsigned long digits,
                        exattn_rounding_t mode, mpfr_prec_t max_prec,
                        exattn_error_t *err)
{
    quantity_ctx q = { ev, kind, key, col };
    exattn_ziv_opts o;
    int rc;

    o.digits = digits;
    o.mode = mode;
    o.first_wp = (mpfr_prec_t)ceil((double)digits * 3.321928094887363)
                 + 64 + (mpfr_prec_t)ev->growth_bits;
    if (ev->wp > o.first_wp)
        o.first_wp = ev->wp;
    o.max_prec = max_prec;
    rc = exattn_ziv__decimal(d, cert, wp_used, enclose_quantity, &q, &o,
                             ev->row->lesson->file, err);
    if (rc == EXATTN_EUNABLE)
        exattn_error__set(err, rc, ev->row->lesson->file, 0, 0,
                          "row %zu: undecided at %ld bits",
                          ev->row->index + 1, (long)*wp_used);
    return rc;
}

int
exattn_row_eval_decimal(char **out, int *exact, exattn_row_eval *ev,
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
    mpz_init(d);
    exattn_ball__init(&cert, 64);
    rc = exattn_row_get_mpq(q, row, kind, key, col);
    if (rc == EXATTN_OK)
        is_exact = exattn_ziv__decimal_q(d, q, digits, EXATTN_ROUND_NEAREST);
    else if (rc == EXATTN_ENOTEXACT)
        rc = exattn_row_eval__decide(d, &cert, &used, ev, kind, key, col,
                                     digits, EXATTN_ROUND_NEAREST, max_prec,
                                     err);
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
