/* The forms of compact rows (src/derive/compact.h). */
#include "derive/compact.h"
#include "row/named.h"

int
exattn_compact__is(const exattn_row *row, size_t threshold)
{
    if (threshold == EXATTN_SUM_NEVER)
        return 0;
    return !row->weights_exact && row->allowed_count > threshold;
}

/* "3" or "[rises]" after a letter in text; "3" or "\text{rises}" as a
 * LaTeX subscript. */
static void
row_label(exattn_sbuf *b, const exattn_row *row, int latex)
{
    const exattn_lesson *l = row->lesson;
    const char *label = l->query_labels[row->index];

    if (latex)
        exattn_sbuf__latex_label(b, label, l->default_query_labels);
    else
    {
        exattn_sbuf__puts(b, l->default_query_labels ? "" : "[");
        exattn_sbuf__puts(b, label);
        exattn_sbuf__puts(b, l->default_query_labels ? "" : "]");
    }
}

void
exattn_compact__symbol(exattn_sbuf *b, const exattn_row *row,
                       const char *letter, int latex)
{
    exattn_sbuf__puts(b, letter);
    exattn_sbuf__puts(b, latex ? "_{" : "");
    row_label(b, row, latex);
    exattn_sbuf__puts(b, latex ? "}" : "");
}

static void
key_text(exattn_sbuf *b, const exattn_lesson *l, size_t j)
{
    exattn_sbuf__puts(b, l->default_key_labels ? "K" : "K[");
    exattn_sbuf__puts(b, l->key_labels[j]);
    exattn_sbuf__puts(b, l->default_key_labels ? "" : "]");
}

/* One run of allowed keys j..end. */
static void
key_run(exattn_sbuf *b, const exattn_lesson *l, size_t j, size_t end,
        int latex)
{
    if (latex && end >= j + 2)
        exattn_sbuf__printf(b, "%zu, \\dots, %zu", j + 1, end + 1);
    else if (latex && end == j + 1)
        exattn_sbuf__printf(b, "%zu, %zu", j + 1, end + 1);
    else if (latex)
        exattn_sbuf__printf(b, "%zu", j + 1);
    else
    {
        key_text(b, l, j);
        if (end > j)
        {
            exattn_sbuf__puts(b, end >= j + 2 ? "…" : ",");
            key_text(b, l, end);
        }
    }
}

void
exattn_compact__key_set(exattn_sbuf *b, const exattn_row *row, int latex)
{
    size_t j = 0, m = row->lesson->m, end;
    int first = 1;

    exattn_sbuf__puts(b, latex ? "\\{" : "{");
    while (j < m)
    {
        if (!row->allowed[j])
        {
            j++;
            continue;
        }
        for (end = j; end + 1 < m && row->allowed[end + 1]; end++)
            ;
        exattn_sbuf__puts(b, first ? "" : latex ? ", " : ",");
        key_run(b, row->lesson, j, end, latex);
        first = 0;
        j = end + 1;
    }
    exattn_sbuf__puts(b, latex ? "\\}" : "}");
}

/* "Σ_{k∈A3} e^{s_k}" or "\sum_{k \in A_{3}} e^{s_{3,k}}" */
static void
sum_over_keys(exattn_sbuf *b, const exattn_row *row, int latex)
{
    if (!latex)
    {
        exattn_sbuf__puts(b, "Σ_{k∈");
        exattn_compact__symbol(b, row, "A", 0);
        exattn_sbuf__puts(b, "} e^{s_k}");
        return;
    }
    exattn_sbuf__puts(b, "\\sum_{k \\in ");
    exattn_compact__symbol(b, row, "A", 1);
    exattn_sbuf__puts(b, "} e^{s_{");
    row_label(b, row, 1);
    exattn_sbuf__puts(b, ",k}}");
}

void
exattn_compact__denominator(exattn_sbuf *b, const exattn_row *row,
                            int latex)
{
    sum_over_keys(b, row, latex);
}

void
exattn_compact__score(exattn_sbuf *b, const exattn_row *row, size_t j,
                      int latex)
{
    const exattn_lesson *l = row->lesson;

    if (latex)
    {
        exattn_sbuf__puts(b, "q_{");
        row_label(b, row, 1);
        exattn_sbuf__puts(b, "}k_{");
        exattn_sbuf__latex_label(b, l->key_labels[j], l->default_key_labels);
        exattn_sbuf__puts(b, "}^{\\mathsf{T}}");
        return;
    }
    exattn_compact__symbol(b, row, "Q", 0);
    exattn_sbuf__puts(b, "·");
    key_text(b, l, j);
}

void
exattn_compact__weight(exattn_sbuf *b, const exattn_row *row, size_t j,
                       int latex)
{
    exattn_sbuf__puts(b, latex ? "\\frac{" : "");
    exattn_named__exp(b, row, j, latex);
    exattn_sbuf__puts(b, latex ? "}{" : "/");
    exattn_compact__symbol(b, row, "Z", latex);
    exattn_sbuf__puts(b, latex ? "}" : "");
}

void
exattn_compact__output(exattn_sbuf *b, const exattn_row *row, size_t c,
                       int latex)
{
    if (latex)
    {
        exattn_sbuf__puts(b, "\\frac{1}{");
        exattn_compact__symbol(b, row, "Z", 1);
        exattn_sbuf__puts(b, "}");
        sum_over_keys(b, row, 1);
        exattn_sbuf__printf(b, "\\,V_{k,%zu}", c + 1);
        return;
    }
    exattn_sbuf__puts(b, "(");
    sum_over_keys(b, row, 0);
    exattn_sbuf__printf(b, "·V_{k,%zu})/", c + 1);
    exattn_compact__symbol(b, row, "Z", 0);
}
