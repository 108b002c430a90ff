/* Baseline for the seed-002 row "rises", uncertified: three mpfr_exp
 * calls, the three weights and two outputs printed with N digits after
 * the point.  Usage: baseline_three_exp N */
#include <stdio.h>
#include <stdlib.h>
#include <mpfr.h>

int
main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    mpfr_prec_t p = (mpfr_prec_t)(n * 3.3219280948873623) + 64;
    mpfr_t r, s, e[3], z, w[3], o1, o2;
    static const unsigned long scores[3] = { 2, 1, 3 };
    int j;

    mpfr_inits2(p, r, s, z, o1, o2, (mpfr_ptr)0);
    mpfr_sqrt_ui(r, 2, MPFR_RNDN);
    mpfr_set_ui(z, 0, MPFR_RNDN);
    for (j = 0; j < 3; j++)
    {
        mpfr_inits2(p, e[j], w[j], (mpfr_ptr)0);
        mpfr_ui_div(s, scores[j], r, MPFR_RNDN);
        mpfr_exp(e[j], s, MPFR_RNDN);
        mpfr_add(z, z, e[j], MPFR_RNDN);
    }
    for (j = 0; j < 3; j++)
        mpfr_div(w[j], e[j], z, MPFR_RNDN);
    mpfr_add(o1, w[0], w[2], MPFR_RNDN);
    mpfr_add(o2, w[1], w[2], MPFR_RNDN);
    mpfr_mul_ui(o2, o2, 2, MPFR_RNDN);
    mpfr_printf("%.*Rf\n%.*Rf\n%.*Rf\n%.*Rf\n%.*Rf\n", (int)n, w[0], (int)n,
                w[1], (int)n, w[2], (int)n, o1, (int)n, o2);
    return 0;
}
