/* Binary floating-point formats as sets of exact numbers (issue 29, the
 * ground `exattn grade` stands on): every finite value of binary64,
 * binary32, binary16 or bfloat16 is a dyadic rational, so a float is read
 * into an mpq exactly, a real number is rounded to a format exactly
 * (nearest, ties to even, with subnormals and overflow), and the error of
 * a float against an exact value is a rational number of ULPs.  Nothing
 * here passes through a C float or double. */
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "internal.h"
#include "num/binfloat.h"

/* A decimal's exponent: binary64's values lie between 10^-324 and
 * 10^309, and a printed float needs no more; this bounds the rational. */
/* The longest float text read, and the largest decimal exponent: every
 * float of these formats is an exact decimal of at most 767 significant
 * digits (binary64's subnormals' 5e-324 needs 751 after its zeros),
 * so 1100 covers any exact printing; longer text is refused before a
 * parser spends time on it. */
#define FLOAT_MAX_TEXT 1100
#define DECIMAL_MAX_EXPONENT 1100

static const exattn_float_format formats[] = {
    { "binary64", 53, -1022, 1023 },
    { "binary32", 24, -126, 127 },
    { "binary16", 11, -14, 15 },
    { "bfloat16", 8, -126, 127 },
};

const exattn_float_format *
exattn_float__format(const char *name)
{
    size_t k;

    for (k = 0; k < sizeof formats / sizeof *formats; k++)
        if (strcmp(formats[k].name, name) == 0)
            return &formats[k];
    return NULL;
}

const char *
exattn_float__format_names(void)
{
    return "binary64, binary32, binary16, bfloat16";
}

/* out = 2^e (e may be negative). */
static void
set_pow2(mpq_t out, long e)
{
    mpq_set_ui(out, 1, 1);
    if (e >= 0)
        mpz_mul_2exp(mpq_numref(out), mpq_numref(out), (mp_bitcnt_t)e);
    else
        mpz_mul_2exp(mpq_denref(out), mpq_denref(out), (mp_bitcnt_t)-e);
}

long
exattn_float__floor_log2(const mpq_t a)
{
    long e = (long)mpz_sizeinbase(mpq_numref(a), 2)
             - (long)mpz_sizeinbase(mpq_denref(a), 2);
    mpq_t p, abs;

    /* |a| lies in [2^(e-1), 2^(e+1)): one comparison settles it */
    mpq_init(p);
    mpq_init(abs);
    mpq_abs(abs, a);
    set_pow2(p, e);
    if (mpq_cmp(abs, p) < 0)
        e--;
    mpq_clear(p);
    mpq_clear(abs);
    return e;
}

/* The exponent of the quantum of a nonzero x in fmt: the spacing of the
 * floats around x is 2^(that). */
static long
quantum_exponent(const mpq_t x, const exattn_float_format *fmt)
{
    long e = exattn_float__floor_log2(x);

    if (e < fmt->emin)
        e = fmt->emin;
    return e - (long)fmt->precision + 1;
}

void
exattn_float__ulp(mpq_t ulp, const mpq_t x, const exattn_float_format *fmt)
{
    set_pow2(ulp, mpq_sgn(x) == 0
                  ? fmt->emin - (long)fmt->precision + 1
                  : quantum_exponent(x, fmt));
}

void
exattn_float__max_finite(mpq_t out, const exattn_float_format *fmt)
{
    mpq_t u;

    /* (2^p - 1) * 2^(emax - p + 1) */
    mpq_init(u);
    set_pow2(u, fmt->emax - (long)fmt->precision + 1);
    mpz_set_ui(mpq_numref(out), 1);
    mpz_mul_2exp(mpq_numref(out), mpq_numref(out), fmt->precision);
    mpz_sub_ui(mpq_numref(out), mpq_numref(out), 1);
    mpz_set_ui(mpq_denref(out), 1);
    mpq_mul(out, out, u);
    mpq_clear(u);
}

int
exattn_float__round(mpq_t out, const mpq_t q, const exattn_float_format *fmt)
{
    mpq_t u, m, max;
    mpz_t n, twice;
    int cmp, code = EXATTN_OK;

    if (mpq_sgn(q) == 0)
    {
        mpq_set_ui(out, 0, 1);
        return EXATTN_OK;
    }
    mpq_inits(u, m, max, NULL);
    mpz_inits(n, twice, NULL);
    exattn_float__ulp(u, q, fmt);
    /* q / quantum = n + r, 0 <= r < 1; then to nearest, ties to even */
    mpq_abs(m, q);
    mpq_div(m, m, u);
    mpz_fdiv_qr(n, twice, mpq_numref(m), mpq_denref(m));
    mpz_mul_2exp(twice, twice, 1);
    cmp = mpz_cmp(twice, mpq_denref(m));
    if (cmp > 0 || (cmp == 0 && mpz_odd_p(n)))
        mpz_add_ui(n, n, 1);
    mpz_set(mpq_numref(m), n);
    mpz_set_ui(mpq_denref(m), 1);
    mpq_mul(out, m, u);
    if (mpq_sgn(q) < 0)
        mpq_neg(out, out);
    exattn_float__max_finite(max, fmt);
    mpq_abs(m, out);
    if (mpq_cmp(m, max) > 0)
        code = EXATTN_ELIMIT;       /* rounds to an infinity */
    mpq_clears(u, m, max, NULL);
    mpz_clears(n, twice, NULL);
    return code;
}

int
exattn_float__rounds_to(const mpq_t f, const mpq_t y,
                        const exattn_float_format *fmt)
{
    mpq_t r;
    int yes;

    mpq_init(r);
    yes = exattn_float__round(r, y, fmt) == EXATTN_OK && mpq_equal(r, f);
    mpq_clear(r);
    return yes;
}

int
exattn_float__is_value(const mpq_t q, const exattn_float_format *fmt)
{
    return exattn_float__rounds_to(q, q, fmt);
}

void
exattn_float__ulp_error(mpq_t out, const mpq_t f, const mpq_t y,
                        const exattn_float_format *fmt)
{
    mpq_t u;

    mpq_init(u);
    exattn_float__ulp(u, y, fmt);
    mpq_sub(out, f, y);
    mpq_abs(out, out);
    mpq_div(out, out, u);
    mpq_clear(u);
}

/* ---- reading a float ---------------------------------------------------- */

static int
hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A C99 hexadecimal float, [+-]0x H[.H] p [+-]D, exactly: its digits
 * into an integer, its binary exponent applied.  0 with *why set when it
 * is not one. */
static int
parse_hex(mpq_t out, const char *s, size_t len, const char **why)
{
    size_t k = 0, digits = 0;
    long frac_bits = 0, exp = 0;
    int neg = 0, after_point = 0, esign = 1, d;
    mpz_t m;

    if (k < len && (s[k] == '+' || s[k] == '-'))
        neg = s[k++] == '-';
    k += 2;                                     /* "0x", checked */
    mpz_init(m);
    for (; k < len; k++)
    {
        if (s[k] == '.' && !after_point)
        {
            after_point = 1;
            continue;
        }
        if ((d = hex_digit((unsigned char)s[k])) < 0)
            break;
        mpz_mul_2exp(m, m, 4);
        mpz_add_ui(m, m, (unsigned long)d);
        digits++;
        frac_bits += after_point ? 4 : 0;
    }
    if (digits == 0 || k >= len || (s[k] != 'p' && s[k] != 'P'))
    {
        mpz_clear(m);
        *why = "a hexadecimal float has hex digits and a binary exponent "
               "(0x1.b8p-1)";
        return 0;
    }
    k++;
    if (k < len && (s[k] == '+' || s[k] == '-'))
        esign = s[k++] == '-' ? -1 : 1;
    if (k == len)
        *why = "the binary exponent after 'p' has no digits";
    for (; k < len && isdigit((unsigned char)s[k]); k++)
        if (exp <= 100000)      /* beyond any format's; never overflows */
            exp = exp * 10 + (s[k] - '0');
    if (k < len)
        *why = "unexpected characters after the exponent";
    else if (exp > 100000)
        *why = "the binary exponent is beyond any format's";
    if (*why == NULL)
    {
        mpz_set(mpq_numref(out), m);
        mpz_set_ui(mpq_denref(out), 1);
        exp = esign * exp - frac_bits;
        if (exp >= 0)
            mpz_mul_2exp(mpq_numref(out), mpq_numref(out), (mp_bitcnt_t)exp);
        else
            mpz_mul_2exp(mpq_denref(out), mpq_denref(out), (mp_bitcnt_t)-exp);
        mpq_canonicalize(out);
        if (neg)
            mpq_neg(out, out);
    }
    mpz_clear(m);
    return *why == NULL;
}

static int
is_hex(const char *s, size_t len)
{
    size_t k = (len > 0 && (s[0] == '+' || s[0] == '-')) ? 1 : 0;

    return len >= k + 2 && s[k] == '0' && (s[k + 1] == 'x' || s[k + 1] == 'X');
}

/* "nan", "inf", "-Infinity": named so, to say why they are refused. */
static int
is_special(const char *s, size_t len)
{
    static const char *const names[] = { "nan", "inf", "infinity", NULL };
    size_t k = (len > 0 && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
    const char *const *n;

    for (n = names; *n; n++)
        if (len - k == strlen(*n) && strncasecmp(s + k, *n, len - k) == 0)
            return 1;
    return 0;
}

int
exattn_float__parse(mpq_t out, const char *s, size_t len,
                    const exattn_float_format *fmt, const char **why)
{
    exattn_error_t err;
    mpq_t exact;
    int code = EXATTN_OK;

    *why = NULL;
    if (len > FLOAT_MAX_TEXT)
    {
        *why = "longer than 1100 characters (no float of these formats "
               "needs more)";
        return EXATTN_ELIMIT;
    }
    if (is_special(s, len))
    {
        *why = "NaN and infinities are no exact numbers";
        return EXATTN_EDOMAIN;
    }
    if (is_hex(s, len))
    {
        if (!parse_hex(out, s, len, why))
            return EXATTN_ESYNTAX;
        if (exattn_float__is_value(out, fmt))
            return EXATTN_OK;
        *why = "this hexadecimal float is not a value of the format "
               "(too many significant bits, below its subnormals, or "
               "beyond its largest finite value)";
        return EXATTN_EDOMAIN;
    }
    /* a decimal: the float it denotes is its rounding to the format (a
     * shortest round-trip string reads back as the float it came from) */
    mpq_init(exact);
    exattn_error_init(&err);
    if (exattn_num__set_text(exact, s, len, DECIMAL_MAX_EXPONENT, &err)
        != EXATTN_OK)
    {
        code = err.code == EXATTN_ELIMIT ? EXATTN_ELIMIT : EXATTN_ESYNTAX;
        *why = err.code == EXATTN_ELIMIT
                   ? "an exponent beyond 1100, which no float of these "
                     "formats needs"
                   : "neither a decimal number nor a hexadecimal float";
    }
    else if (exattn_float__round(out, exact, fmt) != EXATTN_OK)
    {
        code = EXATTN_EDOMAIN;
        *why = "it rounds beyond the format's largest finite value (to an "
               "infinity)";
    }
    mpq_clear(exact);
    return code;
}
