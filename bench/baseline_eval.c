/* Baselines for `exattn eval` at many digits (issue 24): MPFR's own
 * function at the same working precision as exattn's first attempt,
 * printed with N digits after the point; uncertified.
 *   baseline_eval sin N        sin(1)
 *   baseline_eval logistic N   e^{1/sqrt 2} / (1 + e^{1/sqrt 2}) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>

int
main(int argc, char **argv)
{
    long n;
    mpfr_prec_t p;
    mpfr_t x, y;

    if (argc != 3 || (strcmp(argv[1], "sin") != 0
                      && strcmp(argv[1], "logistic") != 0))
    {
        fprintf(stderr, "usage: baseline_eval sin|logistic N\n");
        return 2;
    }
    n = atol(argv[2]);
    p = (mpfr_prec_t)(n * 3.3219280948873623) + 64;
    mpfr_inits2(p, x, y, (mpfr_ptr)0);
    if (strcmp(argv[1], "sin") == 0)
    {
        mpfr_set_ui(x, 1, MPFR_RNDN);
        mpfr_sin(x, x, MPFR_RNDN);
    }
    else
    {
        mpfr_sqrt_ui(x, 2, MPFR_RNDN);
        mpfr_ui_div(x, 1, x, MPFR_RNDN);
        mpfr_exp(x, x, MPFR_RNDN);
        mpfr_add_ui(y, x, 1, MPFR_RNDN);
        mpfr_div(x, x, y, MPFR_RNDN);
    }
    mpfr_printf("%.*Rf\n", (int)n, x);
    mpfr_clears(x, y, (mpfr_ptr)0);
    return 0;
}
