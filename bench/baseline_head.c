/* Baseline for the scale benchmark, uncertified: the head of
 * bench/workload.h (causal, scale 1/sqrt(d)), every weight and every
 * output printed with 30 digits after the point.  Exponentials are shared
 * across equal integer scores: one mpfr_exp per distinct q.k of the head
 * (a table over the score range), then per row one denominator, the
 * weights and the outputs.
 * Usage: baseline_head N D [SEED] */
#include <stdio.h>
#include <stdlib.h>
#include <mpfr.h>
#include "workload.h"

#define DIGITS 30
#define PREC 128

/* e^{s/sqrt(d)} for every s in [lo, hi] */
static mpfr_t *
exp_table(long lo, long hi, size_t d)
{
    mpfr_t *t = malloc((size_t)(hi - lo + 1) * sizeof *t);
    mpfr_t inv;
    long s;

    if (t == NULL)
        return NULL;
    mpfr_init2(inv, PREC);
    mpfr_sqrt_ui(inv, (unsigned long)d, MPFR_RNDN);
    mpfr_ui_div(inv, 1, inv, MPFR_RNDN);
    for (s = lo; s <= hi; s++)
    {
        mpfr_init2(t[s - lo], PREC);
        mpfr_mul_si(t[s - lo], inv, s, MPFR_RNDN);
        mpfr_exp(t[s - lo], t[s - lo], MPFR_RNDN);
    }
    mpfr_clear(inv);
    return t;
}

static long
dot(const workload *w, size_t i, size_t j)
{
    long s = 0;
    size_t c;

    for (c = 0; c < w->d; c++)
        s += (long)w->q[i * w->d + c] * w->k[j * w->d + c];
    return s;
}

int
main(int argc, char **argv)
{
    workload w;
    size_t n, d, i, j, c;
    long lo = 0, hi = 0, *s;
    mpfr_t *e, z, x, t, *out;

    if (argc < 3)
        return 2;
    n = strtoul(argv[1], NULL, 10);
    d = strtoul(argv[2], NULL, 10);
    if (workload_make(&w, n, d, argc > 3 ? strtoull(argv[3], NULL, 10) : 1))
        return 2;
    s = malloc(n * sizeof *s);
    out = malloc(d * sizeof *out);
    for (i = 0; i < n; i++)
        for (j = 0; j <= i; j++)
        {
            long v = dot(&w, i, j);

            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    e = exp_table(lo, hi, d);
    mpfr_inits2(PREC, z, x, t, (mpfr_ptr)0);
    for (c = 0; c < d; c++)
        mpfr_init2(out[c], PREC);
    for (i = 0; i < n; i++)
    {
        mpfr_set_ui(z, 0, MPFR_RNDN);
        for (c = 0; c < d; c++)
            mpfr_set_ui(out[c], 0, MPFR_RNDN);
        for (j = 0; j <= i; j++)
        {
            s[j] = dot(&w, i, j);
            mpfr_add(z, z, e[s[j] - lo], MPFR_RNDN);
        }
        for (j = 0; j <= i; j++)
        {
            mpfr_div(x, e[s[j] - lo], z, MPFR_RNDN);
            mpfr_printf("%.*Rf\n", DIGITS, x);
            for (c = 0; c < d; c++)
            {
                mpfr_mul_si(t, x, w.v[j * d + c], MPFR_RNDN);
                mpfr_add(out[c], out[c], t, MPFR_RNDN);
            }
        }
        for (c = 0; c < d; c++)
            mpfr_printf("%.*Rf\n", DIGITS, out[c]);
    }
    for (j = 0; j < (size_t)(hi - lo + 1); j++)
        mpfr_clear(e[j]);
    for (c = 0; c < d; c++)
        mpfr_clear(out[c]);
    mpfr_clears(z, x, t, (mpfr_ptr)0);
    free(e);
    free(out);
    free(s);
    workload_free(&w);
    return 0;
}
