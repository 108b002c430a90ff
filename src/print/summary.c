/* A variant's contrast in one sentence (src/print/summary.h). */
#include "print/summary.h"

/* "2 weights increase", "1 output coordinate decreases"; `what` NULL:
 * the noun is the one just written ("1 decreases"). */
static int
count_part(exattn_sbuf *b, int first, size_t k, const char *what,
           const char *verb)
{
    if (k == 0)
        return first;
    exattn_sbuf__printf(b, "%s%zu", first ? "" : ", ", k);
    if (what != NULL)
        exattn_sbuf__printf(b, " %s%s", what, k == 1 ? "" : "s");
    exattn_sbuf__printf(b, " %s%s", verb, k == 1 ? "s" : "");
    return 0;
}

static void
names(exattn_sbuf *b, const exattn_doc_section *s,
      const exattn_doc_contrast_summary *c, exattn_row_name_fn name)
{
    size_t k;

    exattn_sbuf__puts(b, " (");
    for (k = 0; k < c->listed; k++)
    {
        exattn_sbuf__puts(b, k ? ", " : "");
        name(b, s->header, c->changed[k]);
    }
    if (c->listed < c->rows_changed)
        exattn_sbuf__printf(b, " and %zu more", c->rows_changed - c->listed);
    exattn_sbuf__puts(b, ")");
}

void
exattn_print__contrast_summary(exattn_sbuf *b, const exattn_doc_section *s,
                               exattn_row_name_fn name)
{
    const exattn_doc_contrast_summary *c = s->contrast_summary;
    int first = 1;

    if (c->rows_changed == 0)
    {
        exattn_sbuf__puts(b, s->permuted ? "In short: every output moved "
                                           "with its token."
                                         : "In short: no row changes.");
        return;
    }
    exattn_sbuf__printf(b, "In short: %zu of %zu row%s change%s",
                        c->rows_changed, c->rows, c->rows == 1 ? "" : "s",
                        c->rows_changed == 1 ? "s" : "");
    names(b, s, c, name);
    exattn_sbuf__puts(b, ": ");
    first = count_part(b, first, c->weights_up, "weight", "increase");
    first = count_part(b, first, c->weights_down,
                       c->weights_up ? NULL : "weight", "decrease");
    if (!first && (c->outputs_up || c->outputs_down))
    {
        exattn_sbuf__puts(b, ";");
        first = 1;
        exattn_sbuf__puts(b, " ");
    }
    first = count_part(b, first, c->outputs_up, "output coordinate",
                       "increase");
    first = count_part(b, first, c->outputs_down,
                       c->outputs_up ? NULL : "output coordinate",
                       "decrease");
    if (c->different)
        exattn_sbuf__printf(b, "%s%zu proved different, direction not "
                            "decided", first ? "" : "; ", c->different);
    if (c->unproved)
        exattn_sbuf__printf(b, "%s%zu neither proved equal nor different",
                            first && !c->different ? "" : "; ",
                            c->unproved);
    exattn_sbuf__puts(b, ".");
}

void
exattn_print__row_name_text(exattn_sbuf *b, const exattn_doc_header *l,
                            size_t i)
{
    exattn_sbuf__printf(b, l->default_query_labels ? "row %s" : "row [%s]",
                        l->query_labels[i]);
}
