/* Reading exact numbers from their decimal spelling.  The digits go
 * straight into an mpz and the decimal point and exponent become a power of
 * ten, so "0.1" is exactly 1/10: nothing passes through a double. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* A parse in progress over text[0..len). */
typedef struct
{
    const char *s;
    size_t len;
    size_t pos;
} cursor;

static int
more(const cursor *c)
{
    return c->pos < c->len;
}

static int
peek(const cursor *c)
{
    return more(c) ? (unsigned char)c->s[c->pos] : -1;
}

static size_t
skip_digits(cursor *c)
{
    size_t start = c->pos;

    while (more(c) && isdigit((unsigned char)c->s[c->pos]))
        c->pos++;
    return c->pos - start;
}

/* Parse the exponent digits after 'e' into *exp, refusing magnitudes above
 * EXATTN_MAX_EXPONENT before they can overflow. */
static int
read_exponent(cursor *c, long *exp, const char *text, int tlen, long max,
              exattn_error_t *err)
{
    int sign = 1;
    long e = 0;
    size_t ndig;

    if (peek(c) == '+' || peek(c) == '-')
        sign = c->s[c->pos++] == '-' ? -1 : 1;
    ndig = 0;
    while (more(c) && isdigit((unsigned char)c->s[c->pos]))
    {
        e = e * 10 + (c->s[c->pos++] - '0');
        ndig++;
        if (e > max)
            return exattn_error__msg(err, EXATTN_ELIMIT,
                "\"%.*s\": exponent beyond the limit of %ld", tlen, text,
                max);
    }
    if (ndig == 0)
        return exattn_error__msg(err, EXATTN_ENUMBER,
            "\"%.*s\": the exponent has no digits", tlen, text);
    *exp = sign * e;
    return EXATTN_OK;
}

/* value = sign * digits * 10^(exp - fraction digits) */
static void
scale_by_ten(mpq_t out, long shift)
{
    mpz_t p;

    mpz_init(p);
    mpz_ui_pow_ui(p, 10, (unsigned long)(shift < 0 ? -shift : shift));
    if (shift >= 0)
        mpz_mul(mpq_numref(out), mpq_numref(out), p);
    else
        mpz_mul(mpq_denref(out), mpq_denref(out), p);
    mpq_canonicalize(out);
    mpz_clear(p);
}

/* Digits that an unsigned long holds whatever they are: 10^9 - 1 where
 * it has 32 bits (C11's least), 10^19 - 1 where 64. */
#define SMALL_DIGITS (ULONG_MAX > 0xffffffffUL ? 19 : 9)

/* The integer the digits [a, a + na) then [b, b + nb) spell, at most
 * SMALL_DIGITS of them in all. */
static unsigned long
small_digits(const char *a, size_t na, const char *b, size_t nb)
{
    unsigned long v = 0;
    size_t k;

    for (k = 0; k < na; k++)
        v = v * 10 + (unsigned long)(a[k] - '0');
    for (k = 0; k < nb; k++)
        v = v * 10 + (unsigned long)(b[k] - '0');
    return v;
}

/* One decimal number at the cursor: [+-]digits[.digits][e[+-]digits]. */
static int
read_decimal(mpq_t out, cursor *c, const char *text, int tlen, long max,
             exattn_error_t *err)
{
    size_t int_start, int_len, frac_start, frac_len = 0;
    long exp = 0;
    int negative = 0, rc;
    char *digits;

    if (peek(c) == '+' || peek(c) == '-')
        negative = c->s[c->pos++] == '-';
    int_start = c->pos;
    int_len = skip_digits(c);
    frac_start = c->pos;
    if (peek(c) == '.')
    {
        c->pos++;
        frac_start = c->pos;
        frac_len = skip_digits(c);
    }
    if (int_len + frac_len > (size_t)max)
        return exattn_error__msg(err, EXATTN_ELIMIT,
            "\"%.*s...\": %zu digits, beyond the limit of %ld", tlen, text,
            int_len + frac_len, max);
    if (int_len + frac_len == 0)
        return exattn_error__msg(err, EXATTN_ENUMBER,
            "\"%.*s\": not an exact number (write an integer, a decimal "
            "such as 0.125 or 1e-3, or a fraction p/q)",
            tlen, text);
    if (peek(c) == 'e' || peek(c) == 'E')
    {
        c->pos++;
        rc = read_exponent(c, &exp, text, tlen, max, err);
        if (rc != EXATTN_OK)
            return rc;
    }
    if (int_len + frac_len <= SMALL_DIGITS)
        /* most numbers a page or a lesson writes: no copy of the digits,
         * no allocation */
        mpz_set_ui(mpq_numref(out),
                   small_digits(c->s + int_start, int_len,
                                c->s + frac_start, frac_len));
    else
    {
        digits = malloc(int_len + frac_len + 1);
        if (digits == NULL)
            return exattn_error__msg(err, EXATTN_ENOMEM, "out of memory");
        memcpy(digits, c->s + int_start, int_len);
        memcpy(digits + int_len, c->s + frac_start, frac_len);
        digits[int_len + frac_len] = '\0';
        mpz_set_str(mpq_numref(out), digits, 10);
        free(digits);
    }
    mpz_set_ui(mpq_denref(out), 1);
    if (negative)
        mpz_neg(mpq_numref(out), mpq_numref(out));
    if (exp != (long)frac_len)
        scale_by_ten(out, exp - (long)frac_len);
    return EXATTN_OK;
}

int
exattn_mpq_set_text(
    mpq_t out, const char *text, size_t len, exattn_error_t *err)
{
    return exattn_num__set_text(out, text, len, EXATTN_MAX_EXPONENT, err);
}

int
exattn_num__set_text(mpq_t out, const char *text, size_t len, long max,
                     exattn_error_t *err)
{
    cursor c = {text, len, 0};
    int tlen = len > 60 ? 60 : (int)len; /* quote at most 60 bytes */
    mpq_t num, den;
    int rc;

    /* read aside: out is left as it was on an error */
    mpq_init(num);
    rc = read_decimal(num, &c, text, tlen, max, err);
    if (rc == EXATTN_OK && peek(&c) == '/')
    {
        c.pos++;
        mpq_init(den);
        rc = read_decimal(den, &c, text, tlen, max, err);
        if (rc == EXATTN_OK && mpq_sgn(den) == 0)
            rc = exattn_error__msg(
                err, EXATTN_ENUMBER, "\"%.*s\": division by zero", tlen, text);
        if (rc == EXATTN_OK)
            mpq_div(num, num, den);
        mpq_clear(den);
    }
    if (rc == EXATTN_OK && more(&c))
        rc = exattn_error__msg(err, EXATTN_ENUMBER,
            "\"%.*s\": not an exact number (unexpected '%c'; write an "
            "integer, a decimal such as 0.125 or 1e-3, or a fraction p/q)",
            tlen, text, isprint(peek(&c)) ? peek(&c) : '?');
    if (rc == EXATTN_OK)
        mpq_swap(out, num);
    mpq_clear(num);
    return rc;
}
