/* The page's own arithmetic on audited numbers: "a drop of 0.7448 -
 * 0.4907 = 0.2541", where 0.7448 and 0.4907 are outputs of the lesson
 * and 0.2541 is no quantity of it (the lesson's change is negative).
 * Done again with the quantities the operands are -- their exact or
 * certified values, not the page's roundings -- the arithmetic gives
 * 0.254028, which rounds to 0.2540: the page computed from its rounded
 * values, a slip (docs/cli.md, "Results and mentions").  Only a result
 * left unsourced is looked at; only sums and differences of quantities,
 * each times an integer at most (no division); only when every operand
 * is bound to one quantity or is an integer as written; and only when
 * the recomputed value is clearly inside or outside the page's rounding,
 * by more than the operands' certified roundings could move it. */
#include <stdlib.h>
#include <string.h>
#include "audit/decide.h"
#include "eval/decimal.h"
#include "eval/ziv.h"

#define MAX_OPERANDS 16

/* An integer operand's size at most, as written */
#define MAX_FACTOR 1000000L

/* How far the redone value may be from the true one: each bound named
 * operand is its quantity rounded to AUDIT_DIGITS decimals (0.5 10^-24
 * off at most), times an integer of at most MAX_FACTOR, MAX_OPERANDS of
 * them: under 10^-17 */
#define SLACK_DIGITS 17

/* The operands of arithmetic `a` ("0.7448-0.4907", "2.028+2*4.113",
 * "1-(-2)"): each one's text without the brackets of a negative one,
 * into [from, to) pairs; their count, or 0 when too many. */
static size_t
operands(const char *a, size_t from[], size_t to[])
{
    size_t count = 0, k = 0, n = strlen(a);

    while (k < n)
    {
        size_t s = k, e;

        if (count == MAX_OPERANDS)
            return 0;
        if (a[k] == '(')
        {
            for (e = k; e < n && a[e] != ')'; e++)
                ;
            from[count] = s + 1;
            to[count++] = e;
            k = e + 1;
        }
        else
        {
            for (e = k + (a[k] == '-'); e < n && !strchr("+-*/", a[e]); e++)
                ;
            from[count] = s;
            to[count++] = e;
            k = e;
        }
        if (k < n)
            k++;                /* the operator */
    }
    return count;
}

/* Operand j's value, written into b: the value of the quantities its
 * page item is bound to (all of one value), or an integer as written (of
 * at most MAX_FACTOR); 0 when it is neither. */
static int
put_operand(exattn_sbuf *b, const exattn_audit_result *r,
            const exattn_page_number *n, const char *text, size_t len)
{
    char *s, *end;
    long v;

    if (n->count != 1 || strlen(n->values[0]) != len
        || strncmp(n->values[0], text, len) != 0)
        return 0;
    if (r->verdict == EXATTN_AUDIT_PASS && r->first != NULL
        && r->first->count == 1 && !r->bound_apart)
    {
        if ((s = exattn_mpq_get_str(r->first->value[0])) == NULL)
            return 0;
        exattn_sbuf__printf(b, "(%s)", s);
        exattn_free(s);
        return 1;
    }
    /* a page's decimal or fraction no one quantity is: no operand */
    v = strtol(n->values[0], &end, 10);
    if (n->decimal[0] || *end != '\0' || v > MAX_FACTOR || v < -MAX_FACTOR)
        return 0;
    exattn_sbuf__printf(b, "(%ld)", v);
    return 1;
}

/* The arithmetic of number i done with the quantities of its operands,
 * into `value`; 0 when it cannot be (a division, an operand no one
 * quantity is). */
static int
redone(mpq_t value, const exattn_audit_result *results,
       const exattn_page *page, size_t i)
{
    const char *a = page->items[i].arithmetic;
    size_t from[MAX_OPERANDS], to[MAX_OPERANDS], m = operands(a, from, to),
        j, at = 0;
    exattn_sbuf b;
    exattn_expr *e = NULL;
    exattn_error_t err;
    int ok = m >= 2 && m <= i && strchr(a, '/') == NULL;

    exattn_sbuf__init(&b);
    for (j = 0; ok && j < m; j++)
    {
        size_t item = i - m + j;

        /* the operator before it, as written */
        if (j > 0)
            exattn_sbuf__putn(&b, a + at, from[j] - at
                                          - (a[from[j] - 1] == '('));
        ok = put_operand(&b, &results[item], &page->items[item],
                         a + from[j], to[j] - from[j]);
        at = to[j] + (a[to[j]] == ')');
    }
    exattn_error_init(&err);
    ok = ok && !b.oom
         && exattn_expr_parse(&e, b.s, b.len, "page", &err) == EXATTN_OK
         && exattn_expr_get_mpq(value, e) == EXATTN_OK;
    exattn_expr_free(e);
    exattn_sbuf__clear(&b);
    return ok;
}

/* The page's decimal places in n's value. */
static unsigned long
places(const exattn_page_number *n)
{
    const char *dot = strchr(n->values[0], '.');

    return dot ? (unsigned long)strlen(dot + 1) : 0;
}

/* Where the page's decimal lies against x, exactly: 1 clearly in the
 * interval that rounds to it, -1 clearly out, 0 too near its edge (the
 * operands' values may be certified roundings: 10^-SLACK_DIGITS). */
static int
against(const mpq_t x, const exattn_page_number *n)
{
    mpq_t v, diff, half, slack, lo, hi;
    exattn_error_t err;
    int side = 0;

    mpq_inits(v, diff, half, slack, lo, hi, (mpq_ptr)0);
    exattn_error_init(&err);
    if (exattn_mpq_set_text(v, n->values[0], strlen(n->values[0]), &err)
        == EXATTN_OK)
    {
        mpq_sub(diff, x, v);
        mpq_abs(diff, diff);
        mpz_set_ui(mpq_numref(half), 1);
        mpz_ui_pow_ui(mpq_denref(half), 10, places(n));
        mpz_mul_2exp(mpq_denref(half), mpq_denref(half), 1);
        mpz_set_ui(mpq_numref(slack), 1);
        mpz_ui_pow_ui(mpq_denref(slack), 10, SLACK_DIGITS);
        mpq_sub(lo, half, slack);
        mpq_add(hi, half, slack);
        side = mpq_cmp(diff, lo) < 0 ? 1 : mpq_cmp(diff, hi) > 0 ? -1 : 0;
    }
    mpq_clears(v, diff, half, slack, lo, hi, (mpq_ptr)0);
    return side;
}

/* Number i's verdict from the redone arithmetic x: the value it gives,
 * to two places past the page's (x is a certified rounding or exact). */
static int
judged(exattn_audit_result *r, const exattn_page_number *n, const mpq_t x,
       int side)
{
    exattn_sbuf b;
    unsigned long d = places(n) + 2;
    mpz_t digits;
    char *text;

    mpz_init(digits);
    exattn_ziv__decimal_q(digits, x, d, EXATTN_ROUND_NEAREST);
    text = exattn_decimal__format(digits, d);
    mpz_clear(digits);
    exattn_audit__result_clear(r);
    r->verdict = side > 0 ? EXATTN_AUDIT_PASS : EXATTN_AUDIT_FAIL;
    exattn_sbuf__init(&b);
    exattn_sbuf__printf(&b, "done with the quantities its operands are: "
                        "about %s", text ? text : "?");
    exattn_free(text);
    r->truth = exattn_sbuf__take(&b);
    if (side < 0)
        r->slip = exattn_str__dup("computed from the page's own rounded "
                                  "values");
    r->evidence = exattn_str__dup("the page's own arithmetic on audited "
                                  "numbers");
    return r->truth != NULL && r->evidence != NULL
           && (side > 0 || r->slip != NULL)
           && exattn_audit__add_bound(r, n->arithmetic);
}

int
exattn_audit__own_arithmetic(exattn_audit_result *results,
                             const exattn_page *page, exattn_error_t *err)
{
    size_t i;
    mpq_t x;
    int side, rc = EXATTN_OK;

    mpq_init(x);
    for (i = 0; i < page->count && rc == EXATTN_OK; i++)
    {
        const exattn_page_number *n = &page->items[i];

        if (results[i].verdict != EXATTN_AUDIT_UNSOURCED
            || n->arithmetic == NULL || n->count != 1 || !n->decimal[0]
            || n->formula || n->marker != NULL
            || !redone(x, results, page, i) || (side = against(x, n)) == 0)
            continue;
        if (!judged(&results[i], n, x, side))
            rc = exattn_error__set(err, EXATTN_ENOMEM, "audit", 0, 0,
                                   "out of memory");
    }
    mpq_clear(x);
    return rc;
}
