/* 1/sqrt(d) in the form coef * sqrt(s), s square-free, so that every score
 * of a head is c * sqrt(s) with c rational and comparing scores is comparing
 * rationals: 1/sqrt(8) = sqrt(2)/4. */
#include <stdio.h>
#include "internal.h"

/* Trial divisors at most: past the cube root of a lesson's largest
 * radicand (10^12, src/lesson/scale.c), and a few milliseconds. */
#define TRIAL_DIVISORS 65536UL

/* Split z = a^2 * s with s square-free, by trial division.  Radicands are
 * widths (bounded by exattn_limits_t) or small lesson numbers, so trial
 * division up to the cube root and a square test for the rest suffice.
 * A radicand whose cube root is past TRIAL_DIVISORS (a claim's
 * sqrt(5555...52) of a hundred digits) would take ages to split: 0, it
 * is not split, unless what is left is a square. */
static int
split_square(mpz_t a, mpz_t s, const mpz_t z)
{
    mpz_t rest, p2;
    unsigned long p;
    int split = 1;

    mpz_init_set(rest, z);
    mpz_init(p2);
    mpz_set_ui(a, 1);
    mpz_set_ui(s, 1);
    for (p = 2; ; p++)
    {
        mpz_set_ui(p2, p);
        mpz_mul_ui(p2, p2, p);
        mpz_mul_ui(p2, p2, p);
        if (mpz_cmp(p2, rest) > 0)
            break;
        if (p > TRIAL_DIVISORS)
        {
            split = 0;
            break;
        }
        while (mpz_divisible_ui_p(rest, p))
        {
            mpz_divexact_ui(rest, rest, p);
            if (mpz_divisible_ui_p(rest, p))
            {
                mpz_divexact_ui(rest, rest, p);
                mpz_mul_ui(a, a, p);
            }
            else
                mpz_mul_ui(s, s, p);
        }
    }
    /* rest has at most two prime factors, each above the cube root: it is
     * 1, p, p*q or p^2 (when the trial went that far) */
    if (mpz_perfect_square_p(rest))
    {
        mpz_sqrt(p2, rest);
        mpz_mul(a, a, p2);
        split = 1;
    }
    else
        mpz_mul(s, s, rest);
    mpz_clear(rest);
    mpz_clear(p2);
    return split;
}

int
exattn_num__inv_sqrt(mpq_t coef, unsigned long *surd, const mpq_t d)
{
    mpz_t a, s, t;

    /* 1/sqrt(p/q) = sqrt(q/p) = sqrt(p*q)/p */
    mpz_init(a);
    mpz_init(s);
    mpz_init(t);
    mpz_mul(t, mpq_numref(d), mpq_denref(d));
    if (!split_square(a, s, t) || !mpz_fits_ulong_p(s))
    {
        mpz_clear(a);
        mpz_clear(s);
        mpz_clear(t);
        return EXATTN_ELIMIT;
    }
    *surd = mpz_get_ui(s);
    /* sqrt(p*q)/p = a*sqrt(s)/p */
    mpz_set(mpq_numref(coef), a);
    mpz_set(mpq_denref(coef), mpq_numref(d));
    mpq_canonicalize(coef);
    mpz_clear(a);
    mpz_clear(s);
    mpz_clear(t);
    return EXATTN_OK;
}

/* c*sqrt(s) on one line, as a mathematician writes a scaled score in
 * text or a small superscript: "3√2/2", "-√2/2", "1/2", "-7"; in LaTeX
 * "3\sqrt{2}/2".  |c|'s numerator is read in place, not copied: every
 * named weight writes its exponents here. */
void
exattn_num__put_surd(exattn_sbuf *b, mpq_srcptr c, unsigned long s, int tex)
{
    char radicand[24];
    mpz_t num;

    mpz_roinit_n(num, mpz_limbs_read(mpq_numref(c)),
                 (mp_size_t)mpz_size(mpq_numref(c)));
    if (mpq_sgn(c) < 0)
        exattn_sbuf__puts(b, "-");
    if (s == 1 || mpq_sgn(c) == 0 || mpz_cmp_ui(num, 1) != 0)
        exattn_sbuf__mpz(b, num);
    if (s != 1 && mpq_sgn(c) != 0)
    {
        snprintf(radicand, sizeof radicand, "%lu", s);
        exattn_sbuf__puts(b, tex ? "\\sqrt{" : "√");
        exattn_sbuf__puts(b, radicand);
        if (tex)
            exattn_sbuf__puts(b, "}");
    }
    if (mpz_cmp_ui(mpq_denref(c), 1) != 0)
    {
        exattn_sbuf__puts(b, "/");
        exattn_sbuf__mpz(b, mpq_denref(c));
    }
}
