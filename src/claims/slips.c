/* The slip behind a wrong decimal: a claim that fails by a digit is
 * compared with the usual ways a page gets one wrong -- rounding the
 * weights first and summing the rounded contributions, rounding
 * intermediates (e^s, Z), truncating instead of rounding, the other
 * neighbour of an exact tie -- so that its report can say which one it
 * was.  Each is exact arithmetic on the roundings the checker decided. */
#include <stdlib.h>
#include <string.h>
#include "claims/source.h"
#include "eval/decimal.h"
#include "row/named.h"
#include "claims/read.h"

typedef exattn_claim_source source;

/* The claimed decimal as an integer C = claimed * 10^N. */
unsigned long
exattn_claims__claimed_integer(mpz_t c, const char *text)
{
    const char *point = strchr(text, '.');
    unsigned long n = point ? (unsigned long)strlen(point + 1) : 0;
    char *digits = exattn_str__dup(text), *p;

    if (digits == NULL)
        return 0;
    if ((p = strchr(digits, '.')) != NULL)
        memmove(p, p + 1, strlen(p));
    mpz_set_str(c, digits, 10);
    free(digits);
    return n;
}

/* x rounded to N digits, as the rational D / 10^N. */
static int
rounded_q(mpq_t out, source *s, unsigned long digits, exattn_error_t *err)
{
    exattn_ball cert;
    mpfr_prec_t wp;
    mpz_t d;
    int rc;

    mpz_init(d);
    exattn_ball__init(&cert, 64);
    rc = exattn_claims__decide(d, &cert, &wp, s, digits, EXATTN_ROUND_NEAREST,
                               err);
    if (rc == EXATTN_OK)
    {
        mpz_set(mpq_numref(out), d);
        mpz_ui_pow_ui(mpq_denref(out), 10, digits);
        mpq_canonicalize(out);
    }
    exattn_ball__clear(&cert);
    mpz_clear(d);
    return rc;
}

/* A rational rounded to N digits, compared with the claimed C. */
static int
rounds_to_claim(const mpq_t x, const mpz_t c, unsigned long digits)
{
    mpz_t d;
    int same;

    mpz_init(d);
    exattn_ziv__decimal_q(d, x, digits, EXATTN_ROUND_NEAREST);
    same = mpz_cmp(d, c) == 0;
    mpz_clear(d);
    return same;
}

/* q = q rounded to N digits. */
static void
round_in_place(mpq_t q, unsigned long digits)
{
    mpz_t d;

    mpz_init(d);
    exattn_ziv__decimal_q(d, q, digits, EXATTN_ROUND_NEAREST);
    mpz_set(mpq_numref(q), d);
    mpz_ui_pow_ui(mpq_denref(q), 10, digits);
    mpq_canonicalize(q);
    mpz_clear(d);
}

/* Rounded weights of the row (N digits), for the slips below. */
static int
rounded_weights(mpq_t *w, source *s, unsigned long digits,
                exattn_error_t *err)
{
    source t = *s;              /* the same row, its own value */
    size_t j;
    int rc = EXATTN_OK;

    mpq_init(t.q);
    t.kind = EXATTN_WEIGHT;
    for (j = 0; j < s->row->lesson->m && rc == EXATTN_OK; j++)
    {
        t.key = j;
        t.exact = exattn_row_get_mpq(t.q, t.row, EXATTN_WEIGHT, j, 0)
                  == EXATTN_OK;
        rc = rounded_q(w[j], &t, digits, err);
    }
    mpq_clear(t.q);
    return rc;
}

/* e^{s_j} rounded to N digits, through the expression evaluator. */
static int
rounded_exp(mpq_t out, const exattn_row *row, size_t j, unsigned long digits,
            mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_sbuf b;
    exattn_expr *e = NULL;
    source t;
    int rc;

    exattn_sbuf__init(&b);
    exattn_named__exp(&b, row, j, 0);
    rc = b.oom ? EXATTN_ENOMEM
               : exattn_expr_parse(&e, b.s, b.len, "intermediate", err);
    exattn_sbuf__clear(&b);
    if (rc != EXATTN_OK)
        return rc;
    memset(&t, 0, sizeof t);
    {
        exattn_claim c;

        memset(&c, 0, sizeof c);
        c.target = EXATTN_TARGET_EXPR;
        c.expr = e;
        t.claim = &c;
        t.max_prec = max_prec;
        mpq_init(t.q);
        t.exact = exattn_expr_get_mpq(t.q, e) == EXATTN_OK;
        rc = rounded_q(out, &t, digits, err);
        mpq_clear(t.q);
    }
    exattn_expr_free(e);
    return rc;
}

/* Sum of the true contributions w_j V_jc, each rounded to N digits. */
static int
sum_of_rounded_contributions(source *s, const mpz_t c, unsigned long n,
                             exattn_error_t *err)
{
    source t = *s;              /* the same row, its own value */
    mpq_t sum, r;
    size_t j;
    int ok = 1, hit;

    mpq_init(t.q);
    mpq_init(sum);
    mpq_init(r);
    t.kind = EXATTN_CONTRIBUTION;
    for (j = 0; j < s->row->lesson->m && ok; j++)
    {
        if (!s->row->allowed[j])
            continue;
        t.key = j;
        t.exact = exattn_row_get_mpq(t.q, t.row, EXATTN_CONTRIBUTION, j,
                                     s->col) == EXATTN_OK;
        ok = rounded_q(r, &t, n, err) == EXATTN_OK;
        mpq_add(sum, sum, r);
    }
    hit = ok && rounds_to_claim(sum, c, n);
    mpq_clear(t.q);
    mpq_clear(sum);
    mpq_clear(r);
    return hit;
}

/* Is C what a lesson gets from intermediates rounded to N digits: the
 * weight from rounded exponentials (2.028/5.056), a contribution from a
 * rounded weight, an output from rounded weights or contributions? */
static int
from_rounded_intermediates(source *s, const mpz_t c, unsigned long n,
                           exattn_error_t *err)
{
    const exattn_lesson *l = s->row->lesson;
    mpq_t *w = malloc(l->m * sizeof *w), sum, t, x;
    size_t j;
    int hit = 0;

    if (w == NULL)
        return 0;
    mpq_inits(sum, t, x, (mpq_ptr)0);
    for (j = 0; j < l->m; j++)
        mpq_init(w[j]);
    if (s->kind == EXATTN_WEIGHT)
    {
        for (j = 0; j < l->m; j++)
            if (s->row->allowed[j]
                && rounded_exp(w[j], s->row, j, n, s->max_prec, err) == 0)
                mpq_add(sum, sum, w[j]);
        if (mpq_sgn(sum) > 0)
        {
            mpq_div(x, w[s->key], sum);
            hit = rounds_to_claim(x, c, n);
        }
    }
    else if (rounded_weights(w, s, n, err) == EXATTN_OK)
    {
        for (j = 0; j < l->m; j++)
            if (s->row->allowed[j]
                && (s->kind == EXATTN_OUTPUT || j == s->key))
            {
                mpq_mul(t, w[j], EXATTN_AT(&l->v, j, s->col));
                mpq_add(x, x, t);               /* sum of products */
                round_in_place(t, n);
                mpq_add(sum, sum, t);           /* sum of rounded */
            }
        hit = rounds_to_claim(x, c, n) || rounds_to_claim(sum, c, n);
        if (!hit && s->kind == EXATTN_OUTPUT)
            hit = sum_of_rounded_contributions(s, c, n, err);
    }
    for (j = 0; j < l->m; j++)
        mpq_clear(w[j]);
    free(w);
    mpq_clears(sum, t, x, (mpq_ptr)0);
    return hit;
}

/* The usual slips behind a wrong decimal C when the right one is D, all
 * that match ("; or " between them), or NULL. */
char *
exattn_claims__find_slip(source *s, const mpz_t c, const mpz_t d,
                         unsigned long n, exattn_error_t *err)
{
    exattn_ball cert;
    mpfr_prec_t wp;
    mpz_t t;
    exattn_sbuf b;

    mpz_init(t);
    exattn_sbuf__init(&b);
    exattn_ball__init(&cert, 64);
    if (exattn_claims__decide(t, &cert, &wp, s, n, EXATTN_ROUND_TRUNCATE,
                              err) == EXATTN_OK
        && mpz_cmp(t, c) == 0)
        exattn_sbuf__puts(&b, "a truncation, not a rounding");
    if (s->claim->target == EXATTN_TARGET_ROW
        && (s->kind == EXATTN_WEIGHT || s->kind == EXATTN_CONTRIBUTION
            || s->kind == EXATTN_OUTPUT)
        && from_rounded_intermediates(s, c, n, err))
        exattn_sbuf__puts(&b, b.len ? "; or computed from rounded "
                                      "intermediates"
                                    : "computed from rounded intermediates");
    mpz_sub(t, c, d);
    if (b.len == 0 && mpz_cmpabs_ui(t, 1) == 0)
        exattn_sbuf__puts(&b, "the last digit is off by one");
    exattn_ball__clear(&cert);
    mpz_clear(t);
    return b.len ? exattn_sbuf__take(&b) : (exattn_sbuf__clear(&b), NULL);
}

/* Does C name the other neighbour of an exact tie (toward zero)? */
int
exattn_claims__other_tie_neighbour(source *s, const mpz_t c, const mpz_t d,
                                   unsigned long n)
{
    mpz_t t;
    int same;

    if (!s->exact || !exattn_ziv__is_tie(s->q, n))
        return 0;
    mpz_init_set(t, d);
    if (mpq_sgn(s->q) > 0)
        mpz_sub_ui(t, t, 1);
    else
        mpz_add_ui(t, t, 1);
    same = mpz_cmp(t, c) == 0;
    mpz_clear(t);
    return same;
}

/* The note on an exact tie of N digits whose rounding away from zero is
 * D: "0.125 is exactly halfway between 0.12 and 0.13: either rounding
 * passes", and on a FAIL why the claim is neither. */
char *
exattn_claims__tie_note(source *s, const mpz_t d, unsigned long n,
                        const char *claimed, int passed, exattn_error_t *err)
{
    exattn_sbuf note;
    mpz_t other;
    char *a, *b, *half;

    mpz_init_set(other, d);
    if (mpq_sgn(s->q) > 0)
        mpz_sub_ui(other, other, 1);
    else
        mpz_add_ui(other, other, 1);
    a = exattn_decimal__format(mpz_cmpabs(other, d) < 0 ? other : d, n);
    b = exattn_decimal__format(mpz_cmpabs(other, d) < 0 ? d : other, n);
    /* the tie itself has n + 1 digits: its last is the 5 */
    half = exattn_claims__decimal_text(s, n + 1, err);
    exattn_sbuf__init(&note);
    if (a && b && half)
        exattn_sbuf__printf(&note, "%s is exactly halfway between %s and "
                            "%s: either %s", half, a, b,
                            passed ? "rounding passes" : "would pass, and ");
    if (a && b && half && !passed)
        exattn_sbuf__printf(&note, "%s is neither", claimed);
    free(a);
    free(b);
    free(half);
    mpz_clear(other);
    return note.len ? exattn_sbuf__take(&note)
                    : (exattn_sbuf__clear(&note), NULL);
}

