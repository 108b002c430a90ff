/* A value of the derivation document as JSON: {"status", "value" (exact
 * only), "why", "text", "latex", "simplified" (scaled scores), "decimal"
 * (or null and "undecided")} -- the same object in every JSON output, a
 * lesson's or a block's. */
#include "internal.h"
#include "print/json.h"

static const char *const whys[] = {
    "dot-product", "scaled-rational", "scaled-surd", "blocked", "single-key",
    "equal-scores", "softmax", "exact-weights", "zero-value",
    "named-product", "group-means", "named-sum", "assigned", "change",
    "stage" };

/* A string, or the exact value when there is no form. */
static void
form_or_value(exattn_sbuf *b, const char *form, const exattn_doc_value *v,
              int latex)
{
    char *s;

    if (form != NULL)
    {
        exattn_sbuf__json(b, form);
        return;
    }
    s = latex ? exattn_mpq_get_str_latex(v->exact)
              : exattn_mpq_get_str(v->exact);
    if (s == NULL)
        b->oom = 1;
    else
        exattn_sbuf__json(b, s);
    exattn_free(s);
}

/* {"status", "value", "why", "text", "latex", "simplified",
 * "decimal"/"undecided"} */
void
exattn_print__json_quantity(exattn_sbuf *b, const exattn_doc_value *v,
                            int scaled)
{
    exattn_sbuf__puts(b, v->status == EXATTN_EXACT
                             ? "{\"status\": \"exact\", \"value\": \""
                             : "{\"status\": \"named\", ");
    if (v->status == EXATTN_EXACT)
    {
        exattn_sbuf__mpq(b, v->exact);
        exattn_sbuf__puts(b, "\", ");
    }
    exattn_sbuf__puts(b, "\"why\": \"");
    exattn_sbuf__puts(b, whys[v->why]);
    exattn_sbuf__puts(b, "\", \"text\": ");
    form_or_value(b, v->form[EXATTN_FORM_TEXT], v, 0);
    exattn_sbuf__puts(b, ", \"latex\": ");
    form_or_value(b, v->form[EXATTN_FORM_LATEX], v, 1);
    if (scaled)
    {
        exattn_sbuf__puts(b, ", \"simplified\": ");
        form_or_value(b, v->simplified[EXATTN_FORM_TEXT]
                             ? v->simplified[EXATTN_FORM_TEXT]
                             : v->form[EXATTN_FORM_TEXT], v, 0);
    }
    if (v->decimal)
    {
        exattn_sbuf__puts(b, ", \"decimal\": ");
        exattn_sbuf__json(b, v->decimal);
    }
    else if (v->undecided)
    {
        exattn_sbuf__puts(b, ", \"decimal\": null, \"undecided\": ");
        exattn_sbuf__json(b, v->undecided);
    }
    exattn_sbuf__puts(b, "}");
}

void
exattn_print__json_head(exattn_sbuf *b, const char *title,
                        const exattn_write_opts *opts)
{
    exattn_sbuf__puts(b, "{\"title\": ");
    if (title)
        exattn_sbuf__json(b, title);
    else
        exattn_sbuf__puts(b, "null");
    if (opts != NULL && opts->digits != EXATTN_DIGITS_NONE)
        exattn_sbuf__printf(b, ",\n  \"digits\": %lu,\n  ", opts->digits);
    else
        exattn_sbuf__puts(b, ",\n  \"digits\": null,\n  ");
}

void
exattn_json__labels(exattn_sbuf *b, char *const *l, size_t count)
{
    size_t k;

    exattn_sbuf__puts(b, "[");
    for (k = 0; k < count; k++)
    {
        exattn_sbuf__puts(b, k ? ", " : "");
        exattn_sbuf__json(b, l[k]);
    }
    exattn_sbuf__puts(b, "]");
}

void
exattn_json__exact_matrix(exattn_sbuf *b, const exattn_doc_matrix *m)
{
    size_t r, c;

    exattn_sbuf__puts(b, "[");
    for (r = 0; r < m->rows; r++)
    {
        exattn_sbuf__puts(b, r ? ", [" : "[");
        for (c = 0; c < m->cols; c++)
        {
            exattn_sbuf__puts(b, c ? ", \"" : "\"");
            exattn_sbuf__mpq(b, EXATTN_AT(m, r, c));
            exattn_sbuf__puts(b, "\"");
        }
        exattn_sbuf__puts(b, "]");
    }
    exattn_sbuf__puts(b, "]");
}
