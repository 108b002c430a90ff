/* The JSON report of `exattn grade` (its schema: docs/output-formats.md):
 * every value with its error in ULPs (the certified figure and its
 * interval), whether it is correctly rounded, over the bound and rightly
 * displayed; each quantity's summary and the totals last.  Part of the
 * JSON writer (src/print/json.c). */
#include <stdio.h>
#include "internal.h"
#include "exattn/doc.h"
#include "print/json.h"

#define string_or_null exattn_json__string_or_null   /* json_report.c */
#define field exattn_json__field

static const char *
boolean(int v)
{
    return v ? "true" : "false";
}

/* {"text": "5.13", "lo": ..., "hi": ..., "exact": false} */
static void
ulps(exattn_sbuf *b, const char *name, const exattn_doc_ulps *u)
{
    exattn_sbuf__printf(b, ", \"%s\": ", name);
    if (u->text == NULL)
    {
        exattn_sbuf__puts(b, "null");
        return;
    }
    exattn_sbuf__puts(b, "{\"text\": ");
    exattn_sbuf__json(b, u->text);
    field(b, "lo", u->lo);
    field(b, "hi", u->hi);
    exattn_sbuf__printf(b, ", \"exact\": %s}", boolean(u->exact));
}

void
exattn_json__grade_begin(exattn_sbuf *b, const exattn_doc_section *s)
{
    exattn_sbuf__puts(b, "{\"schema\": 1, \"results\": ");
    exattn_sbuf__json(b, s->file ? s->file : "");
    exattn_sbuf__puts(b, ", \"lesson\": ");
    exattn_sbuf__json(b, s->lesson_file ? s->lesson_file : "");
    exattn_sbuf__puts(b, ",\n  \"values\": [");
}

void
exattn_json__grade_entry(exattn_sbuf *b, const exattn_doc_grade *g,
                         size_t index)
{
    exattn_sbuf__puts(b, index ? ",\n    {\"path\": " : "\n    {\"path\": ");
    exattn_sbuf__json(b, g->path);
    field(b, "entry", g->entry);
    exattn_sbuf__printf(b, ", \"row\": %zu, \"col\": %zu, \"line\": %lu, "
                        "\"column\": %lu", g->row + 1, g->col + 1, g->line,
                        g->column);
    field(b, "float", g->written);
    field(b, "true", g->truth);
    exattn_sbuf__printf(b, ", \"named\": %s", boolean(g->named));
    field(b, "true_decimal", g->truth_decimal);
    exattn_sbuf__printf(b, ", \"true_decimal_exact\": %s",
                        boolean(g->truth_decimal_exact));
    ulps(b, "ulps", &g->error);
    exattn_sbuf__printf(b, ", \"correctly_rounded\": %s",
                        boolean(g->correctly_rounded));
    exattn_sbuf__printf(b, ", \"over\": %s",
                        g->max_ulp == NULL ? "null"
                        : g->over == -1    ? "\"undecided\""
                                           : boolean(g->over == 1));
    exattn_sbuf__puts(b, ", \"display\": ");
    if (g->shown == NULL)
        exattn_sbuf__puts(b, "null");
    else
    {
        exattn_sbuf__puts(b, "{\"shown\": ");
        exattn_sbuf__json(b, g->shown);
        field(b, "should_show", g->should_show);
        exattn_sbuf__printf(b, ", \"right\": %s}",
                            boolean(g->display_right));
    }
    exattn_sbuf__puts(b, "}");
}

/* A quantity's summary, or the totals' (`undecided` not NULL: with the
 * count of errors not decided against the bound). */
static void
quantity(exattn_sbuf *b, const exattn_doc_grade_quantity *q,
         const exattn_doc_grade_summary *s, const size_t *undecided)
{
    exattn_sbuf__puts(b, "{\"path\": ");
    string_or_null(b, q->path);
    exattn_sbuf__printf(b, ", \"values\": %zu, \"correctly_rounded\": %zu",
                        q->values, q->correctly_rounded);
    if (s->digits != EXATTN_DIGITS_NONE)
        exattn_sbuf__printf(b, ", \"wrong_displays\": %zu",
                            q->wrong_displays);
    if (s->max_ulp != NULL)
        exattn_sbuf__printf(b, ", \"over\": %zu", q->over);
    ulps(b, "max_ulps", &q->max);
    ulps(b, "mean_ulps", &q->mean);
    exattn_sbuf__puts(b, ", \"worst\": ");
    if (q->worst == NULL)
        exattn_sbuf__puts(b, "null");
    else
    {
        exattn_sbuf__puts(b, "{\"entry\": ");
        exattn_sbuf__json(b, q->worst);
        exattn_sbuf__printf(b, ", \"line\": %lu, \"column\": %lu}",
                            q->worst_line, q->worst_column);
    }
    if (undecided != NULL)
        exattn_sbuf__printf(b, ", \"undecided\": %zu", *undecided);
    exattn_sbuf__puts(b, "}");
}

void
exattn_json__grade_end(exattn_sbuf *b, const exattn_doc_section *s,
                       size_t entries)
{
    const exattn_doc_grade_summary *g = s->grade_summary;
    size_t k;

    exattn_sbuf__puts(b, entries ? "\n  ],\n  \"format\": " : "],\n  "
                                                            "\"format\": ");
    exattn_sbuf__json(b, g->format);
    if (g->digits != EXATTN_DIGITS_NONE)
        exattn_sbuf__printf(b, ", \"digits\": %lu", g->digits);
    else
        exattn_sbuf__puts(b, ", \"digits\": null");
    field(b, "max_ulp", g->max_ulp);
    field(b, "variant", g->variant);
    exattn_sbuf__puts(b, ",\n  \"quantities\": [");
    for (k = 0; k < g->quantity_count; k++)
    {
        exattn_sbuf__puts(b, k ? ",\n    " : "\n    ");
        quantity(b, &g->quantities[k], g, NULL);
    }
    exattn_sbuf__puts(b, "],\n  \"summary\": ");
    quantity(b, &g->all, g,
             g->max_ulp != NULL && g->counts ? &g->counts->undecided : NULL);
    exattn_sbuf__puts(b, "}\n");
}
