/* The decimal of a change's amount (amount.h).  An amount is proved
 * nonzero -- its direction was proved -- so a decimal of zeros at the
 * asked places ("decreases by ≈ 0.000, proved") says less than is known
 * and reads as no change at all.  Such an amount is given as many more
 * places as it has zeros after the point: the asked number of
 * significant digits ("decreases by ≈ 0.000236"), each certified --
 * when its first significant digit lies within EXATTN_AMOUNT_EXTRA_PLACES
 * places past the asked ones (and the places within EXATTN_MAX_DIGITS),
 * so that a change of 10^-5000 stays "0.000".
 * With no places asked for (--digits 0) there are no significant digits
 * to keep: "≈ 0" stays. */
#include <stdlib.h>
#include <string.h>
#include "derive/amount.h"
#include "eval/decimal.h"

/* Is the decimal s zero at its places ("0.000", "-0.00")? */
static int
rounds_to_zero(const char *s)
{
    return s[strspn(s, "-0.")] == '\0';
}

/* The zeros after the point before the first other digit of s. */
static unsigned long
zeros_after_point(const char *s)
{
    const char *p = strchr(s, '.');

    return p == NULL ? 0 : (unsigned long)strspn(p + 1, "0");
}

/* Out of memory in a refinement: *out released, the error passed on. */
static int
enomem(char **out, exattn_error_t *err, const exattn_error_t *local)
{
    exattn_free(*out);
    *out = NULL;
    if (err != NULL)
        *err = *local;
    return EXATTN_ENOMEM;
}

char *
exattn_amount__decimal_q(const mpq_t q, unsigned long digits, int *exact)
{
    char *s = exattn_decimal__of_q(q, digits, exact);
    unsigned long zeros = 0;
    mpq_t t;

    if (s == NULL || mpq_sgn(q) == 0 || digits == 0 || !rounds_to_zero(s))
        return s;
    /* |q| < 10^-zeros <= 10 |q|: the zeros after its point */
    mpq_init(t);
    mpq_abs(t, q);
    for (;;)
    {
        mpz_mul_ui(mpq_numref(t), mpq_numref(t), 10);
        mpq_canonicalize(t);
        if (mpq_cmp_ui(t, 1, 1) >= 0
            || zeros == digits + EXATTN_AMOUNT_EXTRA_PLACES)
            break;
        zeros++;
    }
    mpq_clear(t);
    if (zeros < digits + EXATTN_AMOUNT_EXTRA_PLACES
        && zeros + digits <= EXATTN_MAX_DIGITS)
    {
        exattn_free(s);
        s = exattn_decimal__of_q(q, zeros + digits, exact);
    }
    return s;
}

int
exattn_amount__decimal(char **out, int *exact, unsigned long digits,
                       exattn_amount_eval eval, void *arg,
                       exattn_error_t *err)
{
    exattn_error_t local;
    char *s = NULL;
    unsigned long zeros;
    int code, more_exact;

    code = eval(out, exact, digits, arg, err);
    if (code != EXATTN_OK || digits == 0 || !rounds_to_zero(*out))
        return code;
    /* where its first digit is, from the widest decimal given; then the
     * amount at exactly that many more places (rounded once) */
    exattn_error_init(&local);
    if ((code = eval(&s, &more_exact, digits + EXATTN_AMOUNT_EXTRA_PLACES,
                     arg, &local)) != EXATTN_OK
        || rounds_to_zero(s) || zeros_after_point(s) + digits
                                    > EXATTN_MAX_DIGITS)
    {
        /* undecided or too long: the asked places stand; out of memory
         * is the call's failure */
        exattn_free(s);
        return code == EXATTN_ENOMEM ? enomem(out, err, &local) : EXATTN_OK;
    }
    zeros = zeros_after_point(s);
    exattn_free(s);
    s = NULL;
    if ((code = eval(&s, &more_exact, zeros + digits, arg, &local))
        != EXATTN_OK)
        return code == EXATTN_ENOMEM ? enomem(out, err, &local) : EXATTN_OK;
    exattn_free(*out);
    *out = s;
    *exact = more_exact;
    return EXATTN_OK;
}
