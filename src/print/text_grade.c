/* The text report of `exattn grade` (docs/cli.md): a line per value in
 * the compiler's convention, FILE:LINE:COLUMN: VERDICT ENTRY = FLOAT:
 * its error in ULPs and whether it is correctly rounded, then a line per
 * quantity and the totals.  PASS, or FAIL when its error is proved over
 * the bound or its display is wrong, UNDECIDED when the bound lies in
 * its error's interval.  Part of the text writer (src/print/text.c). */
#include <stdio.h>
#include "internal.h"
#include "exattn/doc.h"
#include "print/text.h"

static const char *
verdict(const exattn_doc_grade *g)
{
    if (g->over == 1 || (g->shown != NULL && !g->display_right))
        return "FAIL";
    return g->over == -1 ? "UNDECIDED" : "PASS";
}

void
exattn_text__grade_line(exattn_sbuf *b, const char *file,
                        const exattn_doc_grade *g)
{
    exattn_sbuf__printf(b, "%s:%lu:%lu: %s %s = %s: %s ulp, %s", file,
                        g->line, g->column, verdict(g), g->entry, g->written,
                        g->error.text, g->correctly_rounded
                                           ? "correctly rounded"
                                           : "not correctly rounded");
    if (g->over == 1)
        exattn_sbuf__printf(b, ", over %s ulp", g->max_ulp);
    else if (g->over == -1)
        exattn_sbuf__printf(b, ", within [%s, %s] ulp: %s ulp not decided",
                            g->error.lo, g->error.hi, g->max_ulp);
    if (g->shown != NULL)
        exattn_sbuf__printf(b, g->display_right ? "; shows %s, right"
                                                : "; shows %s, should "
                                                  "show %s",
                            g->shown, g->should_show);
    if (g->truth != NULL && g->truth_decimal_exact)
        exattn_sbuf__printf(b, " (true: %s)", g->truth);
    else if (g->truth != NULL)
        exattn_sbuf__printf(b, " (true: %s = %s…)", g->truth,
                            g->truth_decimal);
    else
        exattn_sbuf__printf(b, " (true ≈ %s)", g->truth_decimal);
    exattn_sbuf__puts(b, "\n");
}

/* "9 values, 9 correctly rounded, max 0.49 ulp at weights[c][a]
 * (r.json:5:9), mean 0.21 ulp" and the displays and the bound. */
static void
quantity(exattn_sbuf *b, const char *file,
         const exattn_doc_grade_quantity *q,
         const exattn_doc_grade_summary *s)
{
    exattn_sbuf__printf(b, "%zu value%s, %zu correctly rounded", q->values,
                        q->values == 1 ? "" : "s", q->correctly_rounded);
    if (q->values > 0)
        exattn_sbuf__printf(b, ", max %s ulp at %s (%s:%lu:%lu), mean %s "
                            "ulp", q->max.text, q->worst, file,
                            q->worst_line, q->worst_column, q->mean.text);
    if (s->digits != EXATTN_DIGITS_NONE)
        exattn_sbuf__printf(b, ", %zu wrong %lu-decimal display%s",
                            q->wrong_displays, s->digits,
                            q->wrong_displays == 1 ? "" : "s");
    if (s->max_ulp != NULL)
        exattn_sbuf__printf(b, ", %zu over %s ulp", q->over, s->max_ulp);
    exattn_sbuf__puts(b, "\n");
}

void
exattn_text__grade_end(exattn_sbuf *b, const exattn_doc_section *s)
{
    const exattn_doc_grade_summary *g = s->grade_summary;
    size_t k;

    for (k = 0; k < g->quantity_count; k++)
    {
        exattn_sbuf__printf(b, "%s: ", g->quantities[k].path);
        quantity(b, s->file, &g->quantities[k], g);
    }
    if (g->variant != NULL)
        exattn_sbuf__printf(b, "%s, variant \"%s\", in all: ", g->format,
                            g->variant);
    else
        exattn_sbuf__printf(b, "%s, in all: ", g->format);
    quantity(b, s->file, &g->all, g);
    if (g->counts != NULL && g->counts->undecided > 0)
        exattn_sbuf__printf(b, "%zu error%s not decided against %s ulp\n",
                            g->counts->undecided,
                            g->counts->undecided == 1 ? "" : "s",
                            g->max_ulp);
}
