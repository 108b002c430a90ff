/* baseline_float_head N D DIR: the reference of the float-head workload
 * (float_head.h) from MPFR at 128 bits, uncertified -- every score a
 * 128-bit dot product of the binary32 inputs, one mpfr_exp per allowed
 * key, one sum per row, every output coordinate a 128-bit sum of
 * weight times value, printed to 12 significant digits, one row per
 * line: what exattn grade computes, without a bound on any error. */
#include <mpfr.h>
#include "float_head.h"

#define PREC 128

int
main(int argc, char **argv)
{
    size_t n, d, i, j, c;
    float *q, *k, *v;
    mpfr_t *s, *o, scale, sum, t, max;
    int rc;

    if ((rc = fh_load(argc, argv, "baseline_float_head", &n, &d, &q, &k,
                      &v)) != 0)
        return rc;
    s = malloc(n * sizeof *s);
    o = malloc(d * sizeof *o);
    if (!s || !o)
        return 1;
    for (j = 0; j < n; j++)
        mpfr_init2(s[j], PREC);
    for (c = 0; c < d; c++)
        mpfr_init2(o[c], PREC);
    mpfr_inits2(PREC, scale, sum, t, max, (mpfr_ptr)0);
    mpfr_set_ui(scale, (unsigned long)d, MPFR_RNDN);
    mpfr_rec_sqrt(scale, scale, MPFR_RNDN);
    for (i = 0; i < n; i++)
    {
        for (j = 0; j <= i; j++)
        {
            mpfr_set_ui(s[j], 0, MPFR_RNDN);
            for (c = 0; c < d; c++)
            {
                /* a product of two floats is exact at 128 bits */
                mpfr_set_flt(t, q[i * d + c], MPFR_RNDN);
                mpfr_mul_d(t, t, (double)k[j * d + c], MPFR_RNDN);
                mpfr_add(s[j], s[j], t, MPFR_RNDN);
            }
            mpfr_mul(s[j], s[j], scale, MPFR_RNDN);
            if (j == 0 || mpfr_cmp(s[j], max) > 0)
                mpfr_set(max, s[j], MPFR_RNDN);
        }
        mpfr_set_ui(sum, 0, MPFR_RNDN);
        for (j = 0; j <= i; j++)
        {
            mpfr_sub(s[j], s[j], max, MPFR_RNDN);
            mpfr_exp(s[j], s[j], MPFR_RNDN);
            mpfr_add(sum, sum, s[j], MPFR_RNDN);
        }
        for (c = 0; c < d; c++)
            mpfr_set_ui(o[c], 0, MPFR_RNDN);
        for (j = 0; j <= i; j++)
        {
            mpfr_div(s[j], s[j], sum, MPFR_RNDN);
            for (c = 0; c < d; c++)
            {
                mpfr_mul_d(t, s[j], (double)v[j * d + c], MPFR_RNDN);
                mpfr_add(o[c], o[c], t, MPFR_RNDN);
            }
        }
        for (c = 0; c < d; c++)
            mpfr_printf("%s%.11Re", c ? " " : "", o[c]);
        putchar('\n');
    }
    return 0;
}
