/* The base of a head's exponentials, shared by its rows: with t =
 * e^{sqrt(s)/L}, every exponential of the head is an integer power of t,
 * and the rows use u = 1/t = e^{-sqrt(s)/L}.  One mpfr_exp per head, kept
 * at the highest precision asked for so far: a row that needs less reads
 * it rounded. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "eval/head_eval.h"

static int
head_alloc(exattn_head_eval **out, unsigned long surd, const char *file)
{
    exattn_head_eval *h = calloc(1, sizeof *h);

    *out = h;
    if (h == NULL)
        return EXATTN_ENOMEM;
    h->surd = surd;
    h->file = file;
    mpz_init_set_ui(h->lcm, 1);
    exattn_ball__init(&h->u, 64);
    return EXATTN_OK;
}

int
exattn_head_eval__new_lcm(exattn_head_eval **out, unsigned long surd,
                          const mpz_t lcm, const char *file)
{
    int rc = head_alloc(out, surd, file);

    if (rc == EXATTN_OK)
        mpz_set((*out)->lcm, lcm);
    return rc;
}

/* lcm of the denominators of a matrix's entries */
static void
denominators(mpz_t lcm, const exattn_matrix *m)
{
    size_t i;

    for (i = 0; i < m->rows * m->cols; i++)
        mpz_lcm(lcm, lcm, mpq_denref(EXATTN_AT_I(m, i)));
}

int
exattn_head_eval_new(exattn_head_eval **out, const exattn_lesson *l,
                     exattn_error_t *err)
{
    mpz_t dk;
    int rc;

    /* every scaled score is (q.k) coef with q.k in (1/(Dq Dk)) Z: so
     * L = Dq Dk den(coef) makes every c L an integer, without computing
     * the n x m scores */
    rc = head_alloc(out, l->surd, l->file);
    if (rc != EXATTN_OK)
        return exattn_error__set(err, rc, l->file, 0, 0, "out of memory");
    mpz_init_set_ui(dk, 1);
    denominators((*out)->lcm, &l->q);
    denominators(dk, &l->k);
    mpz_mul((*out)->lcm, (*out)->lcm, dk);
    mpz_mul((*out)->lcm, (*out)->lcm, mpq_denref(l->scale_coef));
    mpz_clear(dk);
    return EXATTN_OK;
}

void
exattn_head_eval_free(exattn_head_eval *h)
{
    size_t i;

    if (h == NULL)
        return;
    mpz_clear(h->lcm);
    exattn_ball__clear(&h->u);
    for (i = 0; i < h->pow_len; i++)
        exattn_ball__clear(&h->pow[i]);
    free(h->pow);
    free(h->have);
    free(h);
}

/* u at precision wp (computed once at the highest precision asked). */
static int
exattn_head_eval__u(exattn_ball *out, exattn_head_eval *h, mpfr_prec_t wp)
{
    exattn_ball l;
    mpq_t lcm;
    int rc = 0;

    if (h->wp < wp)
    {
        exattn_ball__init(&l, wp);
        mpq_init(lcm);
        mpz_set(mpq_numref(lcm), h->lcm);
        exattn_ball__set_q(&l, lcm);
        exattn_ball__set_prec(&h->u, wp);
        exattn_ball__set_si(&h->u, (long)h->surd);
        rc |= exattn_ball__sqrt(&h->u, &h->u);
        rc |= exattn_ball__div(&h->u, &h->u, &l);
        rc |= exattn_ball__neg(&h->u, &h->u);
        rc |= exattn_ball__exp(&h->u, &h->u);
        h->wp = rc == 0 ? wp : 0;
        if (h->have != NULL)
            memset(h->have, 0, h->pow_len);     /* u changed */
        mpq_clear(lcm);
        exattn_ball__clear(&l);
    }
    exattn_ball__set_prec(out, wp);
    exattn_ball__set(out, &h->u);
    return rc;
}

/* Room for pow[d]: the table doubles, new balls start empty. */
static int
table_reserve(exattn_head_eval *h, size_t d)
{
    size_t len = h->pow_len ? h->pow_len : 256, i;
    exattn_ball *pow;
    unsigned char *have;

    while (len <= d)
        len *= 2;
    if (len == h->pow_len)
        return EXATTN_OK;
    pow = realloc(h->pow, len * sizeof *pow);
    if (pow == NULL)
        return EXATTN_ENOMEM;
    h->pow = pow;
    have = realloc(h->have, len);
    if (have == NULL)
        return EXATTN_ENOMEM;
    h->have = have;
    for (i = h->pow_len; i < len; i++)
    {
        exattn_ball__init(&h->pow[i], 64);
        h->have[i] = 0;
    }
    h->pow_len = len;
    return EXATTN_OK;
}

int
exattn_head_eval__pow(exattn_ball *out, exattn_head_eval *h,
                      unsigned long d, mpfr_prec_t wp)
{
    int rc = 0;

    if (d >= EXATTN_POW_TABLE_MAX || table_reserve(h, d) != EXATTN_OK)
    {
        rc |= exattn_head_eval__u(out, h, wp);
        return rc | exattn_ball__pow_ui(out, out, d);
    }
    if (h->wp < wp || h->wp == 0)
    {
        exattn_ball__set_prec(out, wp);
        rc |= exattn_head_eval__u(out, h, wp);  /* raises u's precision */
    }
    if (rc == 0 && !h->have[d])
    {
        exattn_ball__set_prec(&h->pow[d], h->wp);
        rc |= exattn_ball__pow_ui(&h->pow[d], &h->u, d);
        h->have[d] = rc == 0;
    }
    exattn_ball__set_prec(out, wp);
    exattn_ball__set(out, &h->pow[d]);
    return rc;
}
