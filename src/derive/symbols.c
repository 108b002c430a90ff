/* The LaTeX forms of a named row in symbols (EXATTN_PRESENT_SYMBOLS,
 * include/exattn/doc.h): Z_i's explicit sum, a weight's symbol w_{i,j},
 * an output coordinate as the sum of those symbols times the values.
 * Long sums carry aligned line breaks, by the width of their terms, so
 * that no display is wider than a page. */
#include <string.h>
#include "derive/symbols.h"
#include "derive/compact.h"
#include "row/named.h"

/* A line of a sum holds terms up to this width, counted in the
 * characters of their labels and numbers (a textbook line: about 40
 * such characters at 10pt, with the symbols around them). */
#define LINE_BUDGET 40

/* Before the next term of a sum, `width` wide: its operator, and in LaTeX
 * a line break when the line would be too wide. *used is the width of
 * the line so far (0: the sum's first term). */
static void
term_sep(exattn_sbuf *b, size_t *used, size_t width, int negative,
         int latex)
{
    if (*used == 0)
    {
        exattn_sbuf__puts(b, negative ? "-" : "");
        *used = width;
        return;
    }
    if (latex && *used + width > LINE_BUDGET)
    {
        exattn_sbuf__puts(b, " \\\\\n&\\qquad");
        *used = 0;
    }
    exattn_sbuf__puts(b, negative ? " - " : " + ");
    *used += width;
}

static size_t
digits(mpz_srcptr z)
{
    return mpz_sizeinbase(z, 10);
}

void
exattn_symbols__weight(exattn_sbuf *b, const exattn_row *row, size_t j,
                       int latex)
{
    const exattn_lesson *l = row->lesson;

    if (!latex)
    {
        exattn_named__weight_factor(b, row, j, 0);
        return;
    }
    exattn_sbuf__puts(b, "w_{");
    exattn_sbuf__latex_label(b, l->query_labels[row->index],
                            l->default_query_labels);
    exattn_sbuf__puts(b, ",");
    exattn_sbuf__latex_label(b, l->key_labels[j], l->default_key_labels);
    exattn_sbuf__puts(b, "}");
}

void
exattn_symbols__denominator(exattn_sbuf *b, const exattn_row *row,
                            size_t unused, int latex)
{
    size_t j, used = 0, k = 0;

    (void)unused;
    for (j = 0; j < row->lesson->m; j++)
        if (row->allowed[j])
        {
            mpq_srcptr c = row->coef[j];

            if (latex)
                term_sep(b, &used, 3 + digits(mpq_numref(c))
                                       + digits(mpq_denref(c))
                                       + 2 * (row->lesson->surd != 1), 0,
                         1);
            else if (k)
                exattn_sbuf__puts(b, "+");
            exattn_named__exp(b, row, j, latex);
            k++;
        }
}

void
exattn_symbols__output(exattn_sbuf *b, const exattn_row *row, size_t c,
                       int latex)
{
    const exattn_lesson *l = row->lesson;
    size_t j, k = 0, used = 0;
    size_t qlen = strlen(l->query_labels[row->index]);
    mpq_t a;

    if (!latex)
    {
        exattn_named__output(b, row, c, 0);
        return;
    }
    mpq_init(a);
    for (j = 0; j < l->m; j++)
    {
        mpq_srcptr v = EXATTN_AT(&l->v, j, c);

        if (!row->allowed[j] || mpq_sgn(v) == 0)
            continue;
        k++;
        term_sep(b, &used, 2 + qlen + strlen(l->key_labels[j])
                               + digits(mpq_numref(v))
                               + digits(mpq_denref(v)),
                 mpq_sgn(v) < 0, 1);
        mpq_abs(a, v);
        if (mpq_cmp_ui(a, 1, 1) != 0)
        {
            exattn_sbuf__mpq_latex(b, a);
            exattn_sbuf__puts(b, "\\,");
        }
        exattn_symbols__weight(b, row, j, 1);
    }
    if (k == 0)
        exattn_sbuf__puts(b, "0");     /* every allowed value is 0 there */
    mpq_clear(a);
}

void
exattn_symbols__key_set(exattn_sbuf *b, const exattn_row *row, size_t unused,
                        int latex)
{
    const exattn_lesson *l = row->lesson;
    size_t j, k = 0, used = 0;

    (void)unused;
    if (!latex)
    {
        exattn_compact__key_set(b, row, 0);
        return;
    }
    exattn_sbuf__puts(b, "\\{");
    for (j = 0; j < l->m; j++)
        if (row->allowed[j])
        {
            size_t width = 2 + strlen(l->key_labels[j]);

            /* a long set goes on over lines of the aligned display */
            if (k && used + width > LINE_BUDGET)
            {
                exattn_sbuf__puts(b, ", \\\\\n&\\qquad ");
                used = 0;
            }
            else
                exattn_sbuf__puts(b, k ? ", " : "");
            exattn_sbuf__latex_label(b, l->key_labels[j],
                                    l->default_key_labels);
            used += width;
            k++;
        }
    exattn_sbuf__puts(b, "\\}");
}
