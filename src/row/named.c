/* Named presentations of row quantities, in the lesson's own form: the
 * dot product written out, e^{2/√2} as the lesson writes the exponent, the
 * softmax denominator listing every allowed key in key order.  Built on
 * request from the row's exact data, never stored. */
#include <stdio.h>
#include "internal.h"
#include "row/named.h"

static void
put_q(exattn_sbuf *b, const mpq_t q, int latex)
{
    if (latex)
        exattn_sbuf__mpq_latex(b, q);
    else
        exattn_sbuf__mpq(b, q);
}

void
exattn_named__factor(exattn_sbuf *b, const mpq_t q, int latex)
{
    int wrap = mpq_sgn(q) < 0
               || (!latex && mpz_cmp_ui(mpq_denref(q), 1) != 0);

    if (wrap)
        exattn_sbuf__puts(b, "(");
    put_q(b, q, latex);
    if (wrap)
        exattn_sbuf__puts(b, ")");
}

void
exattn_named__dot_product(exattn_sbuf *b, const exattn_row *row, size_t j,
                          int latex)
{
    const exattn_lesson *l = row->lesson;
    size_t c;

    for (c = 0; c < l->dk; c++)
    {
        if (c > 0)
            exattn_sbuf__puts(b, "+");
        exattn_named__factor(b, EXATTN_AT(&l->q, row->index, c), latex);
        exattn_sbuf__puts(b, latex ? "\\cdot " : "·");
        exattn_named__factor(b, EXATTN_AT(&l->k, j, c), latex);
    }
}

/* √d of a 1/sqrt(d) scale: "√2", "√(3/2)"; LaTeX "\sqrt{2}". */
static void
radical(exattn_sbuf *b, const exattn_lesson *l, int latex)
{
    if (latex)
    {
        exattn_sbuf__puts(b, "\\sqrt{");
        exattn_sbuf__mpq_latex(b, l->scale_value);
        exattn_sbuf__puts(b, "}");
        return;
    }
    exattn_sbuf__puts(b, "√");
    exattn_named__factor(b, l->scale_value, 0);
}

/* score/√d as the lesson writes it: "2/√2", "-1/√2", "(1/2)/√2";
 * LaTeX "\frac{2}{\sqrt{2}}", "-\frac{1}{2\sqrt{2}}". */
static void
over_sqrt(exattn_sbuf *b, const exattn_row *row, size_t j, int latex)
{
    mpq_srcptr r = row->score[j];
    mpz_t num;

    if (mpq_sgn(r) == 0)
    {
        exattn_sbuf__puts(b, "0");
        return;
    }
    if (!latex)
    {
        exattn_named__factor(b, r, 0);
        exattn_sbuf__puts(b, "/");
        radical(b, row->lesson, 0);
        return;
    }
    mpz_init(num);
    mpz_abs(num, mpq_numref(r));
    exattn_sbuf__puts(b, mpq_sgn(r) < 0 ? "-\\frac{" : "\\frac{");
    exattn_sbuf__mpz(b, num);
    exattn_sbuf__puts(b, "}{");
    if (mpz_cmp_ui(mpq_denref(r), 1) != 0)
        exattn_sbuf__mpz(b, mpq_denref(r));
    radical(b, row->lesson, 1);
    exattn_sbuf__puts(b, "}");
    mpz_clear(num);
}

void
exattn_named__scaled(exattn_sbuf *b, const exattn_row *row, size_t j,
                     int latex)
{
    if (row->lesson->scale_kind == EXATTN_SCALE_INV_SQRT)
        over_sqrt(b, row, j, latex);
    else
        put_q(b, row->coef[j], latex);
}

void
exattn_named__scaled_simplified(exattn_sbuf *b, const exattn_row *row,
                                size_t j, int latex)
{
    mpq_srcptr c = row->coef[j];
    unsigned long s = row->lesson->surd;
    char radicand[24];
    mpz_t num;

    if (s == 1 || mpq_sgn(c) == 0)
        put_q(b, c, latex);
    else if (!latex || mpz_cmp_ui(mpq_denref(c), 1) == 0)
        exattn_num__put_surd(b, c, s, latex);   /* "3√2/2", "-\sqrt{2}" */
    else
    {
        /* a display: \frac{3\sqrt{2}}{2} */
        snprintf(radicand, sizeof radicand, "%lu", s);
        if (mpq_sgn(c) < 0)
            exattn_sbuf__puts(b, "-");
        exattn_sbuf__puts(b, "\\frac{");
        mpz_roinit_n(num, mpz_limbs_read(mpq_numref(c)),
                     (mp_size_t)mpz_size(mpq_numref(c)));
        if (mpz_cmp_ui(num, 1) != 0)
            exattn_sbuf__mpz(b, num);
        exattn_sbuf__puts(b, "\\sqrt{");
        exattn_sbuf__puts(b, radicand);
        exattn_sbuf__puts(b, "}}{");
        exattn_sbuf__mpz(b, mpq_denref(c));
        exattn_sbuf__puts(b, "}");
    }
}

/* e^{s_j}: "e^0", "e^1" for natural exponents as the seed lessons write
 * them, braces otherwise; the exponent simplified ("e^{√2}", "e^{1/2}",
 * "e^{-1}") or, for row->written_exponents, as the lesson writes it
 * ("e^{2/√2}", "e^{1/√4}"). */
void
exattn_named__exp(exattn_sbuf *b, const exattn_row *row, size_t j, int latex)
{
    int rational = row->lesson->scale_kind != EXATTN_SCALE_INV_SQRT
                   || !row->written_exponents;
    /* a natural number is e^1 (a rational score c√s has s = 1 or c = 0) */
    int plain = !latex && mpq_sgn(row->coef[j]) >= 0
                && mpz_cmp_ui(mpq_denref(row->coef[j]), 1) == 0
                && (rational ? row->lesson->surd == 1
                                   || mpq_sgn(row->coef[j]) == 0
                             : mpq_sgn(row->score[j]) == 0);

    exattn_sbuf__puts(b, plain ? "e^" : "e^{");
    if (row->written_exponents)
        exattn_named__scaled(b, row, j, latex);
    else if (latex)
        exattn_num__put_surd(b, row->coef[j], row->lesson->surd, 1);
    else
        exattn_named__scaled_simplified(b, row, j, latex);
    if (!plain)
        exattn_sbuf__puts(b, "}");
}

static void
denominator(exattn_sbuf *b, const exattn_row *row, int latex)
{
    size_t k;
    int first = 1;

    for (k = 0; k < row->lesson->m; k++)
        if (row->allowed[k])
        {
            if (!first)
                exattn_sbuf__puts(b, "+");
            exattn_named__exp(b, row, k, latex);
            first = 0;
        }
}

void
exattn_named__weight(exattn_sbuf *b, const exattn_row *row, size_t j,
                     int latex)
{
    if (!row->allowed[j])
        exattn_sbuf__puts(b, "0");
    else if (row->weights_exact)
        put_q(b, row->weight, latex);
    else if (latex)
    {
        exattn_sbuf__puts(b, "\\frac{");
        exattn_named__exp(b, row, j, 1);
        exattn_sbuf__puts(b, "}{");
        denominator(b, row, 1);
        exattn_sbuf__puts(b, "}");
    }
    else
    {
        exattn_named__exp(b, row, j, 0);
        exattn_sbuf__puts(b, "/(");
        denominator(b, row, 0);
        exattn_sbuf__puts(b, ")");
    }
}

/* The weight as a factor: parenthesised in text unless it is an integer. */
void
exattn_named__weight_factor(exattn_sbuf *b, const exattn_row *row, size_t j,
                            int latex)
{
    int wrap = !latex && row->allowed[j]
               && (!row->weights_exact
                   || mpz_cmp_ui(mpq_denref(row->weight), 1) != 0);

    if (wrap)
        exattn_sbuf__puts(b, "(");
    exattn_named__weight(b, row, j, latex);
    if (wrap)
        exattn_sbuf__puts(b, ")");
}

void
exattn_named__contribution(exattn_sbuf *b, const exattn_row *row, size_t j,
                           size_t c, int latex)
{
    if (!row->allowed[j])
    {
        exattn_sbuf__puts(b, "0");
        return;
    }
    exattn_named__weight_factor(b, row, j, latex);
    exattn_sbuf__puts(b, latex ? "\\cdot " : "·");
    exattn_named__factor(b, EXATTN_AT(&row->lesson->v, j, c), latex);
}

void
exattn_named__output(exattn_sbuf *b, const exattn_row *row, size_t c,
                     int latex)
{
    size_t j;
    int first = 1;

    for (j = 0; j < row->lesson->m; j++)
        if (row->allowed[j])
        {
            if (!first)
                exattn_sbuf__puts(b, latex ? "+" : " + ");
            exattn_named__contribution(b, row, j, c, latex);
            first = 0;
        }
}

char *
exattn_row_get_str(const exattn_row *row, exattn_kind_t kind, size_t key,
                   size_t col, unsigned flags)
{
    const exattn_lesson *l = row->lesson;
    int latex = (flags & EXATTN_LATEX) != 0;
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    switch (kind)
    {
    case EXATTN_SCORE:
        if (key >= l->m)
            return NULL;
        exattn_named__dot_product(&b, row, key, latex);
        break;
    case EXATTN_SCALED:
        if (key >= l->m)
            return NULL;
        if (flags & EXATTN_SIMPLIFIED)
            exattn_named__scaled_simplified(&b, row, key, latex);
        else
            exattn_named__scaled(&b, row, key, latex);
        break;
    case EXATTN_WEIGHT:
        if (key >= l->m)
            return NULL;
        exattn_named__weight(&b, row, key, latex);
        break;
    case EXATTN_CONTRIBUTION:
        if (key >= l->m || col >= l->dv)
            return NULL;
        exattn_named__contribution(&b, row, key, col, latex);
        break;
    case EXATTN_OUTPUT:
        if (col >= l->dv)
            return NULL;
        exattn_named__output(&b, row, col, latex);
        break;
    default:
        return NULL;
    }
    return exattn_sbuf__take(&b);
}
