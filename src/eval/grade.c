/* Grading a float against an exact value (grade.h).  A named value is
 * known only by enclosures [lo, hi]; the grade is decided once the whole
 * enclosure rounds to one float of the format (then f is, or is not, its
 * correct rounding), lies in one binade (then ulp(y) is one power of
 * two), and gives an error interval narrow enough -- else the working
 * precision grows by half, up to the cap. */
#include <stdlib.h>
#include "eval/grade.h"

void
exattn_grade__init(exattn_grade *g)
{
    mpq_init(g->ulps_lo);
    mpq_init(g->ulps_hi);
    g->exact = 0;
    g->correctly_rounded = 0;
    g->wp = 0;
}

void
exattn_grade__clear(exattn_grade *g)
{
    mpq_clear(g->ulps_lo);
    mpq_clear(g->ulps_hi);
}

void
exattn_grade__exact(exattn_grade *g, const mpq_t f, const mpq_t y,
                    const exattn_float_format *fmt)
{
    exattn_float__ulp_error(g->ulps_lo, f, y, fmt);
    mpq_set(g->ulps_hi, g->ulps_lo);
    g->exact = 1;
    g->correctly_rounded = exattn_float__rounds_to(f, y, fmt);
    g->wp = 0;
}

/* [lo, hi] = [mid - rad, mid + rad] exactly; 0 when the radius is
 * infinite (nothing known). */
static int
bounds(mpq_t lo, mpq_t hi, const exattn_ball *b)
{
    mpq_t r;

    if (!mpfr_number_p(b->mid) || !mpfr_number_p(b->rad))
        return 0;
    mpq_init(r);
    mpfr_get_q(lo, b->mid);
    mpfr_get_q(r, b->rad);
    mpq_add(hi, lo, r);
    mpq_sub(lo, lo, r);
    mpq_clear(r);
    return 1;
}

/* Both ends round to the same float (or both beyond the format):
 * *verdict is whether that float is f.  0 when they differ. */
static int
rounding_decided(int *verdict, const mpq_t f, const mpq_t lo, const mpq_t hi,
                 const exattn_float_format *fmt)
{
    mpq_t a, b;
    int ca, cb, same;

    mpq_inits(a, b, NULL);
    ca = exattn_float__round(a, lo, fmt);
    cb = exattn_float__round(b, hi, fmt);
    same = ca == cb && (ca != EXATTN_OK
                        ? mpq_sgn(a) == mpq_sgn(b) : mpq_equal(a, b));
    *verdict = same && ca == EXATTN_OK && mpq_equal(a, f);
    mpq_clears(a, b, NULL);
    return same;
}

/* The error interval of f over y in [lo, hi], when [lo, hi] lies in one
 * binade of one sign: |f - y| is smallest at the point of [lo, hi]
 * nearest f and largest at an end. */
static int
error_interval(exattn_grade *g, const mpq_t f, const mpq_t lo,
               const mpq_t hi, const exattn_float_format *fmt)
{
    mpq_t u, a, b;
    int one_binade;

    if (mpq_sgn(lo) != mpq_sgn(hi) || mpq_sgn(lo) == 0)
        return 0;
    one_binade = exattn_float__floor_log2(lo) == exattn_float__floor_log2(hi)
                 || (exattn_float__floor_log2(lo) < fmt->emin
                     && exattn_float__floor_log2(hi) < fmt->emin);
    if (!one_binade)
        return 0;
    mpq_inits(u, a, b, NULL);
    exattn_float__ulp(u, lo, fmt);
    mpq_sub(a, f, lo);
    mpq_abs(a, a);
    mpq_sub(b, f, hi);
    mpq_abs(b, b);
    if (mpq_cmp(f, lo) >= 0 && mpq_cmp(f, hi) <= 0)
        mpq_set_ui(g->ulps_lo, 0, 1);
    else
        mpq_set(g->ulps_lo, mpq_cmp(a, b) < 0 ? a : b);
    mpq_set(g->ulps_hi, mpq_cmp(a, b) > 0 ? a : b);
    mpq_div(g->ulps_lo, g->ulps_lo, u);
    mpq_div(g->ulps_hi, g->ulps_hi, u);
    mpq_clears(u, a, b, NULL);
    return 1;
}

/* Is the interval at most 2^-EXATTN_GRADE_WIDTH_BITS wide? */
static int
narrow(const exattn_grade *g)
{
    mpq_t w;
    int yes;

    mpq_init(w);
    mpq_sub(w, g->ulps_hi, g->ulps_lo);
    mpz_mul_2exp(mpq_numref(w), mpq_numref(w), EXATTN_GRADE_WIDTH_BITS);
    yes = mpz_cmp(mpq_numref(w), mpq_denref(w)) <= 0;
    mpq_clear(w);
    return yes;
}

int
exattn_grade__ball(exattn_grade *g, const mpq_t f,
                   const exattn_float_format *fmt, const exattn_ball *b)
{
    mpq_t lo, hi;
    int verdict, decided;

    mpq_inits(lo, hi, NULL);
    g->exact = 0;
    decided = bounds(lo, hi, b) && rounding_decided(&verdict, f, lo, hi, fmt)
              && error_interval(g, f, lo, hi, fmt) && narrow(g);
    if (decided)
    {
        g->correctly_rounded = verdict;
        g->wp = mpfr_get_prec(b->mid);
    }
    mpq_clears(lo, hi, NULL);
    return decided;
}

int
exattn_grade__enclosed(exattn_grade *g, const mpq_t f,
                       const exattn_float_format *fmt,
                       exattn_enclose_fn enclose, void *ctx,
                       mpfr_prec_t max_prec, const char *name,
                       exattn_error_t *err)
{
    mpfr_prec_t cap = exattn_ziv__cap(max_prec, 0);
    mpfr_prec_t wp = 2 * (mpfr_prec_t)fmt->precision
                     + EXATTN_GRADE_WIDTH_BITS + 64;
    exattn_ball b;
    /* not decided until an enclosure decides it: a cap below the first
     * precision tried decides nothing */
    int rc = 1;

    if (wp > cap)
        wp = cap;

    exattn_ball__init(&b, wp);
    g->exact = 0;
    for (;;)
    {
        rc = enclose(&b, ctx, wp, err);
        if (rc < 0)
            break;
        if (rc == 0 && exattn_grade__ball(g, f, fmt, &b))
        {
            g->wp = wp;
            break;
        }
        rc = 1;
        if (wp >= cap)
            break;
        /* by half again, the last step landing on the cap */
        wp = wp + wp / 2 < cap ? wp + wp / 2 : cap;
    }
    if (rc > 0)
        rc = exattn_error__set(err, EXATTN_EUNABLE, name, 0, 0,
                               "the grade of %s is undecided at %ld bits, "
                               "the cap on the working precision (in %s)",
                               name ? name : "a value", (long)cap,
                               fmt->name);
    exattn_ball__clear(&b);
    return rc;
}
