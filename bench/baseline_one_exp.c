/* Baseline for the seed-002 row "rises", uncertified: one mpfr_exp of
 * 1/sqrt(2), integer powers for e^{2/sqrt 2} and e^{3/sqrt 2}, and the
 * three weights and two outputs printed with N digits after the point.
 * Usage: baseline_one_exp N */
#include <stdio.h>
#include <stdlib.h>
#include <mpfr.h>

int
main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    mpfr_prec_t p = (mpfr_prec_t)(n * 3.3219280948873623) + 64;
    mpfr_t u, e1, e2, e3, z, w1, w2, w3, o1, o2;

    mpfr_inits2(p, u, e1, e2, e3, z, w1, w2, w3, o1, o2, (mpfr_ptr)0);
    mpfr_sqrt_ui(u, 2, MPFR_RNDN);
    mpfr_ui_div(u, 1, u, MPFR_RNDN);
    mpfr_exp(e2, u, MPFR_RNDN);             /* e^{1/sqrt 2}: key "load" */
    mpfr_sqr(e1, e2, MPFR_RNDN);            /* e^{2/sqrt 2}: "grid" */
    mpfr_mul(e3, e1, e2, MPFR_RNDN);        /* e^{3/sqrt 2}: "rises" */
    mpfr_add(z, e1, e2, MPFR_RNDN);
    mpfr_add(z, z, e3, MPFR_RNDN);
    mpfr_div(w1, e1, z, MPFR_RNDN);
    mpfr_div(w2, e2, z, MPFR_RNDN);
    mpfr_div(w3, e3, z, MPFR_RNDN);
    mpfr_add(o1, w1, w3, MPFR_RNDN);        /* V = [1,0],[0,2],[1,2] */
    mpfr_add(o2, w2, w3, MPFR_RNDN);
    mpfr_mul_ui(o2, o2, 2, MPFR_RNDN);
    mpfr_printf("%.*Rf\n%.*Rf\n%.*Rf\n%.*Rf\n%.*Rf\n", (int)n, w1, (int)n,
                w2, (int)n, w3, (int)n, o1, (int)n, o2);
    mpfr_clears(u, e1, e2, e3, z, w1, w2, w3, o1, o2, (mpfr_ptr)0);
    return 0;
}
