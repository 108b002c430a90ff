/* The expression language: parsing, exactness, named forms, decimals and
 * every error. */
#include <criterion/criterion.h>
#include <string.h>
#include "internal.h"
#include "helpers.h"
#include "expr/expr.h"

static exattn_expr *
parse_ok(const char *text)
{
    exattn_expr *e = NULL;
    exattn_error_t err;
    int rc = exattn_expr_parse(&e, text, strlen(text), NULL, &err);

    cr_assert_eq(rc, EXATTN_OK, "\"%s\": %s", text, err.message);
    return e;
}

typedef struct
{
    const char *text;
    const char *exact;      /* its exact value, or NULL when named */
} exact_t;

static const exact_t exactness[] = {
    { "3/4 + 1/4", "1" }, { "2.028/5.056", "507/1264" }, { "-2^2", "-4" },
    { "2^-1", "1/2" }, { "(2/3)^3", "8/27" }, { "2^10", "1024" },
    { "1e-3", "1/1000" }, { "0.1 + 0.2", "3/10" }, { "e^0", "1" },
    { "exp(0)", "1" }, { "ln(1)", "0" }, { "sin(0)", "0" }, { "cos(0)", "1" },
    { "sqrt(9/4)", "3/2" }, { "√16", "4" }, { "4^(1/2)", "2" },
    { "8^(2/3)", "4" }, { "0·e", "0" }, { "e·0", "0" }, { "0/e", "0" },
    { "ln(e)", "1" }, { "ln(e^3)", "3" }, { "ln(exp(1/2))", "1/2" },
    { "(-1)^1000001", "-1" }, { "0^0", "1" }, { "3√4", "6" },
    { "{1+2}·3", "9" }, { "2(3+4)", "14" }, { "−5 + 7", "2" },
    { "e", NULL }, { "e^1/(e^1+e^1+e^2)", NULL }, { "sqrt(2)", NULL },
    { "2^(1/2)", NULL }, { "sin(1)", NULL }, { "cos(1)", NULL },
    { "ln(2)", NULL }, { "exp(3/sqrt(2))", NULL }, { "1/(1+e)", NULL },
    { "e^{2/√2}", NULL }, { "2e", NULL },
    /* normal forms: products and quotients of square roots, rational
     * powers of rationals, products of exponentials, rational functions */
    { "sqrt(8)/sqrt(2)", "2" }, { "sqrt(2)*sqrt(3)/sqrt(6)", "1" },
    { "sqrt(2) - 2^(1/2)", "0" }, { "8^(1/6)*2^(1/2)", "2" },
    { "4^(1/4)/sqrt(2)", "1" }, { "sqrt(100000/100001) - "
                                  "1/sqrt(1+1/100000)", "0" },
    { "sqrt(12) - 2*sqrt(3)", "0" }, { "(sqrt(2)+1)*(sqrt(2)-1)", "1" },
    { "e^(1/2)*e^(1/2) - e", "0" }, { "e^sqrt(2)*e^(-sqrt(8)/2)", "1" },
    { "exp(1/3)^3/e", "1" }, { "(1+e)/(2+2*e)", "1/2" },
    { "(e^(1/√2)+2)/(3*e^(1/√2)+6) + 2/3", "1" },
    { "sqrt(e^(1/2)*e^(1/2) - e)", "0" },
    { "sqrt(2)*sqrt(3)", NULL }, { "sqrt(8)/sqrt(3)", NULL },
    { "2^(1/3)*2^(1/3)", NULL }, { "e^(1/2)*e^(1/3)", NULL },
    { "(1+e)/(1+2*e)", NULL }, { "sqrt(2)+sqrt(3)", NULL },
};

Test(expr, exactness_is_decided_when_built)
{
    mpq_t q;
    size_t i;

    mpq_init(q);
    for (i = 0; i < sizeof exactness / sizeof *exactness; i++)
    {
        exattn_expr *e = parse_ok(exactness[i].text);

        if (exactness[i].exact == NULL)
        {
            cr_assert_eq(exattn_expr_status(e), EXATTN_NAMED, "\"%s\"",
                         exactness[i].text);
            cr_assert_eq(exattn_expr_get_mpq(q, e), EXATTN_ENOTEXACT);
        }
        else
        {
            cr_assert_eq(exattn_expr_status(e), EXATTN_EXACT, "\"%s\"",
                         exactness[i].text);
            cr_assert_eq(exattn_expr_get_mpq(q, e), EXATTN_OK);
            cr_assert(th_mpq_is(q, exactness[i].exact), "\"%s\" = %s",
                      exactness[i].text, mpq_get_str(NULL, 10, q));
        }
        exattn_expr_free(e);
    }
    mpq_clear(q);
}

typedef struct
{
    const char *text;
    unsigned long digits;
    const char *want;
} decimal_t;

static const decimal_t decimals[] = {
    { "e^1/(e^1+e^1+e^2)", 20, "0.21194155761708544507" },
    { "1/(1+e)", 10, "0.2689414214" },
    { "2.028/5.056", 3, "0.401" },
    { "exp(0.707)", 3, "2.028" },
    { "exp(1/sqrt(2))", 3, "2.028" },
    { "0.4985 - exp(-100)", 3, "0.498" },
    { "0.4985 + exp(-100)", 3, "0.499" },
    { "0.0005", 3, "0.001" },
    { "-0.0005", 3, "-0.001" },
    { "sin(1)", 5, "0.84147" },
    { "cos(1)", 5, "0.54030" },
    { "ln(2)", 5, "0.69315" },
    { "sqrt(2)", 30, "1.414213562373095048801688724210" },
    { "e^10", 2, "22026.47" },
    { "-e", 3, "-2.718" },
    { "sin(1)^2+cos(1)^2", 25, "1.0000000000000000000000000" },
    { "10^20 + e", 1, "100000000000000000002.7" },
    { "2^(1/2)", 5, "1.41421" },
    { "(e^(-2))^(1/2)", 3, "0.368" },
};

Test(expr, certified_decimals)
{
    size_t i;

    for (i = 0; i < sizeof decimals / sizeof *decimals; i++)
    {
        exattn_expr *e = parse_ok(decimals[i].text);
        exattn_error_t err;
        char *s;

        cr_assert_eq(exattn_expr_get_decimal(&s, NULL, e, decimals[i].digits,
                                             0, &err), EXATTN_OK,
                     "\"%s\": %s", decimals[i].text, err.message);
        cr_assert_str_eq(s, decimals[i].want, "\"%s\" = %s",
                         decimals[i].text, s);
        exattn_free(s);
        exattn_expr_free(e);
    }
}

Test(expr, named_forms)
{
    static const char *const in[] = { "e^1/(e^1+e^1+e^2)", "2.028/5.056",
        "3√2/2", "a", "-(1+2)", "1-(2-3)", "2^3^2", "(2^3)^2", "1/(2*3)",
        "exp(3/sqrt(2))", "sqrt(2)+-1", "sqrt(2)+(-1/2)",
        "sqrt(2)+-(1+sqrt(3))", "sqrt(2)--1", "sqrt(2)-(-1/2)",
        "2/(-3)", "e*(-e)", "e/(1+e)*(-1)+1/(1+e)", "1-e*(-1)",
        "(1+e)*(-1)" };
    /* a negative term added reads as a subtraction: √2-1, not √2+-1;
     * subtracted, as an addition: √2+1, not √2--1 */
    static const char *const text[] = { "e^1/(e^1+e^1+e^2)", "2.028/5.056",
        "3·√2/2", NULL, "-(1+2)", "1-(2-3)", "2^{3^2}", "(2^3)^2",
        "1/(2·3)", "exp(3/√2)", "√2-1", "√2-1/2", "√2-(1+√3)",
        "√2+1", "√2+1/2",
        /* a sign after a product's sign is bracketed; a product by -1
         * is written as its negation */
        "2/(-3)", "e·(-e)", "-e/(1+e)+1/(1+e)", "1+e", "-(1+e)" };
    static const char *const latex[] = {
        "\\frac{e^{1}}{e^{1}+e^{1}+e^{2}}", "\\frac{2.028}{5.056}",
        "\\frac{3\\cdot \\sqrt{2}}{2}", NULL, "-\\left(1+2\\right)",
        "1-\\left(2-3\\right)", "2^{3^{2}}", "{\\left(2^{3}\\right)}^{2}",
        "\\frac{1}{2\\cdot 3}", "e^{\\frac{3}{\\sqrt{2}}}", "\\sqrt{2}-1",
        "\\sqrt{2}-\\frac{1}{2}", "\\sqrt{2}-\\left(1+\\sqrt{3}\\right)",
        "\\sqrt{2}+1", "\\sqrt{2}+\\frac{1}{2}", "\\frac{2}{-3}",
        "e\\cdot \\left(-e\\right)", "-\\frac{e}{1+e}+\\frac{1}{1+e}", "1+e",
        "-\\left(1+e\\right)" };
    size_t i;

    for (i = 0; i < sizeof in / sizeof *in; i++)
    {
        exattn_expr *e, *again;
        exattn_error_t err;
        char *t, *x;
        mpq_t a, b;

        if (text[i] == NULL)
            continue;
        e = parse_ok(in[i]);
        t = exattn_expr_get_str(e, EXATTN_TEXT);
        x = exattn_expr_get_str(e, EXATTN_LATEX);
        cr_assert_str_eq(t, text[i]);
        cr_assert_str_eq(x, latex[i]);
        /* the named form reads back as the same value */
        cr_assert_eq(exattn_expr_parse(&again, t, strlen(t), NULL, &err), 0);
        mpq_init(a);
        mpq_init(b);
        if (exattn_expr_status(e) == EXATTN_EXACT)
        {
            cr_assert_eq(exattn_expr_get_mpq(a, e), 0);
            cr_assert_eq(exattn_expr_get_mpq(b, again), 0);
            cr_assert(mpq_equal(a, b));
        }
        mpq_clear(a);
        mpq_clear(b);
        exattn_free(t);
        exattn_free(x);
        exattn_expr_free(again);
        exattn_expr_free(e);
    }
}

typedef struct
{
    const char *text;
    int code;
    unsigned long column;
    const char *part;
} bad_t;

static const bad_t bad[] = {
    { "1/0", EXATTN_EDOMAIN, 3, "division by zero" },
    /* zeros the normal forms see: input errors, not endless refinement */
    { "1/(sqrt(2)*sqrt(3)-sqrt(6))", EXATTN_EDOMAIN, 4, "division by zero" },
    { "ln(sqrt(2)*sqrt(3)-sqrt(6))", EXATTN_EDOMAIN, 1,
      "ln of a number that is not positive" },
    { "1/(e^(1/2)*e^(1/2)-e)", EXATTN_EDOMAIN, 4, "division by zero" },
    { "3 + 1/(2-2)", EXATTN_EDOMAIN, 8, "division by zero" },
    { "0^-1", EXATTN_EDOMAIN, 1, "division by zero" },
    { "sqrt(-1)", EXATTN_EDOMAIN, 1, "sqrt of a negative number" },
    { "√(1-2)", EXATTN_EDOMAIN, 1, "sqrt of a negative number" },
    { "ln(0)", EXATTN_EDOMAIN, 1, "ln of a number that is not positive" },
    { "ln(-e)", EXATTN_ENOTEXACT, 0, "" },      /* decided on evaluation */
    { "(-8)^(1/3)", EXATTN_EDOMAIN, 1, "negative number to a fractional" },
    { "10^(10^10)", EXATTN_ELIMIT, 1, "too large to represent" },
    { "2^99999999999999999999", EXATTN_ELIMIT, 1, "too large" },
    { "1 +", EXATTN_ESYNTAX, 4, "unexpected end" },
    { "(1+2", EXATTN_ESYNTAX, 5, "expected ')'" },
    { "1+2)", EXATTN_ESYNTAX, 4, "unexpected ')'" },
    { "foo(1)", EXATTN_ESYNTAX, 1, "unknown name 'foo'" },
    { "sin 1", EXATTN_ESYNTAX, 5, "expected '(' after a function name" },
    { "1 2", EXATTN_ESYNTAX, 3, "unexpected '2'" },
    { "", EXATTN_ESYNTAX, 1, "unexpected end" },
    { "1 $ 2", EXATTN_ESYNTAX, 3, "unexpected '$'" },
    { "1e999999", EXATTN_ELIMIT, 1, "exponent beyond the limit" },
};

Test(expr, errors_name_the_column)
{
    size_t i;

    for (i = 0; i < sizeof bad / sizeof *bad; i++)
    {
        exattn_expr *e = (exattn_expr *)1;
        exattn_error_t err;
        int rc;

        if (bad[i].code == EXATTN_ENOTEXACT)
            continue;
        rc = exattn_expr_parse(&e, bad[i].text, strlen(bad[i].text), NULL,
                               &err);
        cr_assert_eq(rc, bad[i].code, "\"%s\": %d %s", bad[i].text, rc,
                     err.message);
        cr_assert_null(e);
        cr_assert_str_eq(err.file, "expression");
        cr_assert_eq(err.column, bad[i].column, "\"%s\": column %lu",
                     bad[i].text, err.column);
        cr_assert_not_null(strstr(err.message, bad[i].part), "\"%s\": %s",
                           bad[i].text, err.message);
    }
}

Test(expr, domain_errors_of_named_arguments)
{
    static const char *const texts[] = { "ln(-e)", "sqrt(1-e)",
                                         "(-e)^(1/2)" };
    static const char *const parts[] = { "ln of a number that is not",
        "sqrt of a negative number", "negative number to a non-integer" };
    size_t i;

    for (i = 0; i < 3; i++)
    {
        exattn_expr *e = parse_ok(texts[i]);
        exattn_error_t err;
        char *s = (char *)1;

        cr_assert_eq(exattn_expr_get_decimal(&s, NULL, e, 5, 0, &err),
                     EXATTN_EDOMAIN, "\"%s\"", texts[i]);
        cr_assert_null(s);
        cr_assert_not_null(strstr(err.message, parts[i]), "%s", err.message);
        exattn_expr_free(e);
    }
}

Test(expr, limits)
{
    char deep[2000], *longer;
    exattn_expr *e;
    exattn_error_t err;
    char *s;
    size_t i;

    for (i = 0; i < 300; i++)
        deep[i] = '(';
    deep[300] = '1';
    for (i = 0; i < 300; i++)
        deep[301 + i] = ')';
    deep[601] = '\0';
    cr_assert_eq(exattn_expr_parse(&e, deep, strlen(deep), NULL, &err),
                 EXATTN_ELIMIT);
    cr_assert_not_null(strstr(err.message, "nesting deeper than 200"));
    /* one level per parenthesis, as documented: 199 inside the
     * expression's own level pass, 200 do not */
    for (i = 0; i < 200; i++)
    {
        deep[i] = '(';
        deep[201 + i] = ')';
    }
    deep[200] = '1';
    deep[401] = '\0';
    cr_assert_eq(exattn_expr_parse(&e, deep + 1, 399, NULL, &err),
                 EXATTN_OK, "%s", err.message);
    exattn_expr_free(e);
    cr_assert_eq(exattn_expr_parse(&e, deep, 401, NULL, &err),
                 EXATTN_ELIMIT);
    memset(deep, '-', 500);
    strcpy(deep + 500, "1");
    cr_assert_eq(exattn_expr_parse(&e, deep, strlen(deep), NULL, &err),
                 EXATTN_ELIMIT);
    longer = malloc(EXATTN_EXPR_MAX_LENGTH + 2);
    memset(longer, '1', EXATTN_EXPR_MAX_LENGTH + 1);
    longer[EXATTN_EXPR_MAX_LENGTH + 1] = '\0';
    cr_assert_eq(exattn_expr_parse(&e, longer, strlen(longer), NULL, &err),
                 EXATTN_ELIMIT);
    free(longer);
    cr_assert_eq(exattn_expr_parse(&e, "1\0" "2", 3, NULL, &err),
                 EXATTN_ESYNTAX);
    /* e^(10^10), about 10^4342944819, and e^(10^6), about 10^434294:
       beyond MPFR's exponent range, or too many digits to print */
    e = parse_ok("e^(10^10)");
    cr_assert_eq(exattn_expr_get_decimal(&s, NULL, e, 3, 0, &err),
                 EXATTN_ELIMIT);
    cr_assert_not_null(strstr(err.message, "too large to represent"), "%s",
                       err.message);
    exattn_expr_free(e);
    e = parse_ok("e^(10^8)");
    cr_assert_eq(exattn_expr_get_decimal(&s, NULL, e, 3, 0, &err),
                 EXATTN_ELIMIT);
    cr_assert_not_null(strstr(err.message, "too large to print (about "
                                           "10^43429448"), "%s",
                       err.message);
    exattn_expr_free(e);
    /* a rational hidden from the exact layer on a tie (cos 2 = 1 - 2
     * sin² 1, an identity between two arguments): undecided */
    e = parse_ok("(cos(2)+2*sin(1)^2)/20000");
    cr_assert_eq(exattn_expr_get_decimal(&s, NULL, e, 4, 2000, &err),
                 EXATTN_EUNABLE);
    cr_assert_not_null(strstr(err.message, "undecided at 2000 bits"), "%s",
                       err.message);
    exattn_expr_free(e);
}

/* Inputs the fuzzer found (tests/data/fuzz/expr-*): each parses or is
 * refused, and its decimal is decided, undecided or refused, quickly.
 * expr-timeout-sin-of-huge: sin of a number near e^(10^...) made MPFR
 * reduce modulo 2π to millions of bits; a ball that wide is now [-1, 1].
 * expr-recursion-atom-forms: an exponential whose exponent has a rational
 * form is an atom of the normal forms, and comparing atoms by their forms
 * recursed without end; atoms are now compared as trees. */
Test(expr, fuzz_regressions)
{
    static const char *const files[] = {
        "tests/data/fuzz/expr-timeout-sin-of-huge.txt",
        "tests/data/fuzz/expr-recursion-atom-forms.txt",
    };
    size_t i, len;

    for (i = 0; i < sizeof files / sizeof *files; i++)
    {
        char *path = th_srcpath(files[i]), *text = th_slurp(path, &len);
        exattn_expr *e = NULL;
        exattn_error_t err;
        char *s = NULL;
        int rc;

        cr_assert_not_null(text, "%s", path);
        if (exattn_expr_parse(&e, text, len, NULL, &err) == EXATTN_OK)
        {
            exattn_free(exattn_expr_get_str(e, EXATTN_LATEX));
            rc = exattn_expr_get_decimal(&s, NULL, e, 8, 512, &err);
            cr_assert(rc == EXATTN_OK || rc == EXATTN_EUNABLE
                      || rc == EXATTN_EDOMAIN || rc == EXATTN_ELIMIT,
                      "%s: %d", files[i], rc);
            exattn_free(s);
            exattn_expr_free(e);
        }
        free(text);
        free(path);
    }
}

/* sin and cos of a huge argument: the enclosure widens to [-1, 1] until
 * the precision can reduce it, and the decimal is still certified. */
Test(expr, trigonometry_of_huge_arguments)
{
    exattn_expr *e = parse_ok("sin(10^30)");
    exattn_error_t err;
    char *s;

    cr_assert_eq(exattn_expr_get_decimal(&s, NULL, e, 10, 0, &err),
                 EXATTN_OK, "%s", err.message);
    cr_assert_str_eq(s, "-0.0901169019");
    exattn_free(s);
    exattn_expr_free(e);
}

/* An exponent of a random product: sqrt(a)^±1 and e^(c)^±1 factors. */
typedef struct
{
    mpq_t radicand;             /* product of a^±1 */
    mpq_t exponent;             /* sum of ±c */
} product_t;

static void
random_factor(exattn_sbuf *text, product_t *want, gmp_randstate_t st)
{
    unsigned long a = 1 + th_rand(st, 12), c = th_rand(st, 4),
                  d = 1 + th_rand(st, 3);
    int inverse = th_rand(st, 2) == 1;
    mpq_t x;

    mpq_init(x);
    if (th_rand(st, 2) == 0)
    {
        exattn_sbuf__printf(text, "%s sqrt(%lu)", inverse ? "/" : "*", a);
        mpq_set_ui(x, a, 1);
        if (inverse)
            mpq_div(want->radicand, want->radicand, x);
        else
            mpq_mul(want->radicand, want->radicand, x);
    }
    else
    {
        exattn_sbuf__printf(text, "%s e^(%lu/%lu)", inverse ? "/" : "*", c,
                            d);
        mpq_set_ui(x, c, d);
        mpq_canonicalize(x);
        if (inverse)
            mpq_sub(want->exponent, want->exponent, x);
        else
            mpq_add(want->exponent, want->exponent, x);
    }
    mpq_clear(x);
}

/* Random products and quotients of square roots and exponentials: EXACT
 * exactly when the value is rational, which is decided independently:
 * the product of the radicands is the square of a rational, and the
 * exponents cancel (e is transcendental, so e^x is rational only for
 * x = 0).  The exact value is then checked too. */
Test(expr, exact_exactly_when_rational)
{
    gmp_randstate_t st;
    unsigned long i, k, n;
    mpq_t q, root;
    int rational, exact_seen = 0, named_seen = 0;

    th_rand_init(st);
    mpq_inits(q, root, (mpq_ptr)0);
    for (i = 0; i < th_iterations(400); i++)
    {
        exattn_sbuf text;
        product_t want;
        exattn_expr *e;

        exattn_sbuf__init(&text);
        mpq_init(want.radicand);
        mpq_init(want.exponent);
        mpq_set_ui(want.radicand, 1, 1);
        exattn_sbuf__puts(&text, "1");
        n = 1 + th_rand(st, 6);
        for (k = 0; k < n; k++)
            random_factor(&text, &want, st);
        rational = mpq_sgn(want.exponent) == 0
                   && mpz_perfect_square_p(mpq_numref(want.radicand))
                   && mpz_perfect_square_p(mpq_denref(want.radicand));
        e = parse_ok(text.s);
        cr_assert_eq(exattn_expr_status(e) == EXATTN_EXACT, rational,
                     "%s: status", text.s);
        if (rational)
        {
            mpz_sqrt(mpq_numref(root), mpq_numref(want.radicand));
            mpz_sqrt(mpq_denref(root), mpq_denref(want.radicand));
            cr_assert_eq(exattn_expr_get_mpq(q, e), EXATTN_OK);
            cr_assert(mpq_equal(q, root), "%s", text.s);
            exact_seen++;
        }
        else
            named_seen++;
        exattn_expr_free(e);
        exattn_sbuf__clear(&text);
        mpq_clear(want.radicand);
        mpq_clear(want.exponent);
    }
    /* both outcomes occur, so the test can fail either way */
    cr_assert(exact_seen > 10 && named_seen > 10, "%d exact, %d named",
              exact_seen, named_seen);
    mpq_clears(q, root, (mpq_ptr)0);
    gmp_randclear(st);
}

/* ---- sin² + cos² = 1 against MPFR ---------------------------------------- */

/* Random polynomials Q in s = sin(a), c = cos(a) (a = p/q), written
 * Q + R·(s^2 + c^2 - 1) with another random R: the value is Q's, which
 * MPFR computes here from sin and cos at 256 bits; when Q is a constant
 * the engine must find the expression exact with that value, and its
 * certified decimal must be Q's whatever its status. */
static void
random_poly(gmp_randstate_t r, exattn_sbuf *text, mpfr_t v, mpfr_srcptr s,
            mpfr_srcptr c, const char *arg, int constant)
{
    unsigned long terms = constant ? 1 : 1 + th_rand(r, 4), k;
    mpfr_t t, u;

    mpfr_inits2(256, t, u, (mpfr_ptr)0);
    mpfr_set_ui(v, 0, MPFR_RNDN);
    exattn_sbuf__puts(text, "(");
    for (k = 0; k < terms; k++)
    {
        long coef = (long)th_rand(r, 9) - 4;
        unsigned long ps = constant ? 0 : th_rand(r, 4),
                      pc = constant ? 0 : th_rand(r, 4);

        exattn_sbuf__printf(text, "%s(%ld)*sin(%s)^%lu*cos(%s)^%lu",
                            k ? "+" : "", coef, arg, ps, arg, pc);
        mpfr_pow_ui(t, s, ps, MPFR_RNDN);
        mpfr_pow_ui(u, c, pc, MPFR_RNDN);
        mpfr_mul(t, t, u, MPFR_RNDN);
        mpfr_mul_si(t, t, coef, MPFR_RNDN);
        mpfr_add(v, v, t, MPFR_RNDN);
    }
    exattn_sbuf__puts(text, ")");
    mpfr_clears(t, u, (mpfr_ptr)0);
}

Test(expr, pythagorean_identity_agrees_with_mpfr)
{
    gmp_randstate_t r;
    unsigned long it, n = th_iterations(200), exact_found = 0;

    th_rand_init(r);
    for (it = 0; it < n; it++)
    {
        exattn_sbuf text;
        exattn_expr *e;
        exattn_error_t err;
        mpfr_t a, s, c, q, dummy;
        mpq_t got;
        char arg[64], *dec, want[64];
        int constant = it % 3 == 0;
        long num = (long)th_rand(r, 19) - 9, den = 1 + (long)th_rand(r, 9);

        mpfr_inits2(256, a, s, c, q, dummy, (mpfr_ptr)0);
        snprintf(arg, sizeof arg, "%ld/%ld", num, den);
        mpfr_set_si(a, num, MPFR_RNDN);
        mpfr_div_si(a, a, den, MPFR_RNDN);
        mpfr_sin_cos(s, c, a, MPFR_RNDN);
        exattn_sbuf__init(&text);
        random_poly(r, &text, q, s, c, arg, constant);
        exattn_sbuf__puts(&text, "+");
        random_poly(r, &text, dummy, s, c, arg, 0);
        exattn_sbuf__printf(&text, "*(sin(%s)^2+cos(%s)^2-1)", arg, arg);
        cr_assert_eq(exattn_expr_parse(&e, text.s, text.len, NULL, &err),
                     EXATTN_OK, "%s: %s", text.s, err.message);
        mpq_init(got);
        if (constant)
        {
            cr_assert_eq(exattn_expr_status(e), EXATTN_EXACT, "%s", text.s);
            exact_found++;
        }
        if (exattn_expr_status(e) == EXATTN_EXACT)
        {
            cr_assert_eq(exattn_expr_get_mpq(got, e), 0);
            mpfr_sub_q(dummy, q, got, MPFR_RNDN);
            cr_assert(mpfr_cmpabs_ui(dummy, 0) == 0
                      || mpfr_get_exp(dummy) < -200, "%s", text.s);
        }
        /* the certified decimal is Q's (30 digits; the reference is 256
         * bits, so off a tie it rounds alike) */
        cr_assert_eq(exattn_expr_get_decimal(&dec, NULL, e, 30, 0, &err),
                     EXATTN_OK, "%s: %s", text.s, err.message);
        mpfr_snprintf(want, sizeof want, "%.30Rf", q);
        if (strcmp(want, "-0.000000000000000000000000000000") == 0)
            snprintf(want, sizeof want, "0.000000000000000000000000000000");
        cr_assert_str_eq(dec, want, "%s", text.s);
        exattn_free(dec);
        mpq_clear(got);
        exattn_expr_free(e);
        exattn_sbuf__clear(&text);
        mpfr_clears(a, s, c, q, dummy, (mpfr_ptr)0);
    }
    cr_assert_gt(exact_found, n / 4);
    gmp_randclear(r);
}

/* A subexpression written twice is one node, enclosed once per working
 * precision (twice the cost otherwise); what is printed and its digits
 * stay those of the text. */
static void
reference(mpfr_t v, int which)
{
    mpfr_t t;

    mpfr_init2(t, mpfr_get_prec(v));
    switch (which)
    {
    case 0:                     /* e^(1/sqrt(2)) */
        mpfr_sqrt_ui(t, 2, MPFR_RNDN);
        mpfr_ui_div(t, 1, t, MPFR_RNDN);
        mpfr_exp(v, t, MPFR_RNDN);
        break;
    case 1:                     /* sin(3/7) */
        mpfr_set_ui(t, 3, MPFR_RNDN);
        mpfr_div_ui(t, t, 7, MPFR_RNDN);
        mpfr_sin(v, t, MPFR_RNDN);
        break;
    case 2:                     /* sqrt(5) */
        mpfr_sqrt_ui(v, 5, MPFR_RNDN);
        break;
    default:                    /* ln(3) */
        mpfr_set_ui(t, 3, MPFR_RNDN);
        mpfr_log(v, t, MPFR_RNDN);
        break;
    }
    mpfr_clear(t);
}

Test(expr, repeated_subexpressions_are_one_node)
{
    static const char *const f[] = { "e^(1/sqrt(2))", "sin(3/7)",
                                     "sqrt(5)", "ln(3)" };
    static const char *const named[] = {
        "e^{1/√2}/(1+e^{1/√2})", "sin(3/7)/(1+sin(3/7))", "√5/(1+√5)",
        "ln(3)/(1+ln(3))" };
    size_t i;

    for (i = 0; i < sizeof f / sizeof *f; i++)
    {
        char text[64], want[64], *dec, *got;
        exattn_expr *e;
        exattn_error_t err;
        mpfr_t v, w;

        snprintf(text, sizeof text, "%s/(1+%s)", f[i], f[i]);
        e = parse_ok(text);
        cr_assert_eq(e->root->op, EXATTN_X_DIV, "%s", text);
        cr_assert_eq(e->root->a, e->root->b->b, "%s: two nodes", text);
        cr_assert_eq(e->root->a->parents, 2, "%s", text);
        got = exattn_expr_get_str(e, EXATTN_TEXT);
        cr_assert_str_eq(got, named[i]);
        exattn_free(got);
        mpfr_inits2(300, v, w, (mpfr_ptr)0);
        reference(v, (int)i);
        mpfr_add_ui(w, v, 1, MPFR_RNDN);
        mpfr_div(v, v, w, MPFR_RNDN);
        mpfr_snprintf(want, sizeof want, "%.40Rf", v);
        cr_assert_eq(exattn_expr_get_decimal(&dec, NULL, e, 40, 0, &err),
                     EXATTN_OK, "%s: %s", text, err.message);
        cr_assert_str_eq(dec, want, "%s", text);
        exattn_free(dec);
        mpfr_clears(v, w, (mpfr_ptr)0);
        exattn_expr_free(e);
    }
}

Test(expr, subexpressions_written_differently_stay_apart)
{
    exattn_expr *e = parse_ok("e^0.5+e^(1/2)");
    char *got = exattn_expr_get_str(e, EXATTN_TEXT);

    cr_assert_neq(e->root->a, e->root->b);
    cr_assert_str_eq(got, "e^{0.5}+e^{1/2}");
    exattn_free(got);
    exattn_expr_free(e);
}

/* A precision cap outside 0..EXATTN_MAX_PREC is the caller's error,
 * refused before MPFR would abort on it. */
Test(expr, a_cap_out_of_range_is_refused)
{
    static const long caps[] = { -5, -1, (long)EXATTN_MAX_PREC + 1 };
    exattn_expr *e = parse_ok("e^(1/sqrt(2))");
    size_t i;

    for (i = 0; i < sizeof caps / sizeof *caps; i++)
    {
        exattn_error_t err;
        char *dec = NULL;

        cr_assert_eq(exattn_expr_get_decimal(&dec, NULL, e, 5,
                                             (mpfr_prec_t)caps[i], &err),
                     EXATTN_EINVAL, "cap %ld", caps[i]);
        cr_assert_null(dec);
        cr_assert_not_null(strstr(err.message, "precision cap"), "%s",
                           err.message);
    }
    exattn_expr_free(e);
}
