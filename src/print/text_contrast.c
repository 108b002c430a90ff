/* A variant's contrast with the lesson it changes, in text: which rows
 * keep their weights and outputs, which change and by how much (proved),
 * or whether each output moved with its permuted token -- as the
 * document decided.  Part of the text writer (src/print/text.c). */
#include "print/text.h"
#include "print/summary.h"

typedef exattn_text_sink text_sink;


/* A value of a contrast: exact or named, and its decimal when that
 * says more than the exact value ("1/3 ≈ 0.333", but "1"). */
static void
change_value(exattn_sbuf *b, const exattn_doc_value *v)
{
    exattn_text__value(b, v);
    if (v->decimal && !exattn_print__decimal_adds_nothing(v))
        exattn_sbuf__printf(b, v->decimal_exact ? " = %s" : " ≈ %s",
                            v->decimal);
}

void
exattn_text__contrast_begin(text_sink *t, const exattn_doc_section *s)
{
    exattn_sbuf *b = &t->b;
    const exattn_doc_header *from = s->against_header;

    exattn_sbuf__printf(b, "contrast with %s%s%s:\n",
                        from->name ? "variant \"" : "the base lesson",
                        from->name ? from->name : "",
                        from->name ? "\"" : "");
    if (s->shapes_differ)
        exattn_sbuf__puts(b, "(the shapes differ: no row-by-row "
                             "contrast)\n");
    else if (s->permuted)
        exattn_sbuf__puts(b, "the tokens are permuted and the mask is "
                             "kept: does each output move with its "
                             "token?\n");
}

void
exattn_text__contrast_row_begin(text_sink *t, const exattn_doc_section *s)
{
    static const char *const heads[] = {
        ": unchanged (proved: the same weights and the same values)\n",
        (": unchanged (proved: the same weights; the values differ only "
         "at blocked keys, which weigh exactly 0)\n"),
        ": weights change:",
        ": weights unchanged (proved equal)\n",
        "", "" };
    exattn_sbuf *b = &t->b;

    exattn_print__row_name_text(b, t->l, s->row);
    if (s->permuted)
        exattn_sbuf__printf(b, " (the token of row %zu): %s", s->token + 1,
                            s->contrast == EXATTN_CONTRAST_MOVED
                                ? "its output moved with it (proved "
                                  "equal)\n"
                                : "its output did not move with it:");
    else
        exattn_sbuf__puts(b, heads[s->contrast]);
    if (s->contrast == EXATTN_CONTRAST_WEIGHTS_CHANGE
        || s->contrast == EXATTN_CONTRAST_NOT_MOVED)
        t->line = EXATTN_ROLE_CHANGE_WEIGHT;
}

/* " (increases by 1/12)", " (decreases)": the proved direction and,
 * when it is exact, how much. */
static void
direction(exattn_sbuf *b, const exattn_doc_entry *e)
{
    if (e->relation != EXATTN_RELATION_INCREASES
        && e->relation != EXATTN_RELATION_DECREASES)
        return;
    exattn_sbuf__puts(b, e->relation == EXATTN_RELATION_INCREASES
                             ? " (increases" : " (decreases");
    if (e->by != NULL && e->by->status == EXATTN_EXACT)
    {
        exattn_sbuf__puts(b, " by ");
        exattn_sbuf__mpq(b, e->by->exact);
    }
    else if (e->by != NULL && e->by->decimal != NULL)
        exattn_sbuf__printf(b, " by %s %s", e->by->decimal_exact ? "=" : "≈",
                            e->by->decimal);
    exattn_sbuf__puts(b, ")");
}

/* " w[grid] A → B (increases by ...)" */
void
exattn_text__weight_change(text_sink *t, const exattn_doc_entry *e)
{
    exattn_sbuf *b = &t->b;

    exattn_sbuf__puts(b, t->items++ ? "; " : " ");
    exattn_text__klabel(b, t->l, "w", e->key);
    exattn_sbuf__puts(b, " ");
    change_value(b, e->from);
    exattn_sbuf__puts(b, e->relation == EXATTN_RELATION_UNPROVED
                             ? " → (not proved different) " : " → ");
    change_value(b, e->values);
    direction(b, e);
}

/* "by 2·(...) ≈ 1.152 (NAMED)" */
static void
amount(exattn_sbuf *b, const exattn_doc_value *by)
{
    if (by->status == EXATTN_EXACT)
    {
        exattn_sbuf__mpq(b, by->exact);
        exattn_sbuf__puts(b, " (EXACT)");
        return;
    }
    exattn_sbuf__puts(b, by->form[EXATTN_FORM_TEXT]);
    if (by->decimal)
        exattn_sbuf__printf(b, " ≈ %s", by->decimal);
    else if (by->undecided)
        exattn_sbuf__printf(b, " ≈ (%s)", by->undecided);
    exattn_sbuf__puts(b, " (NAMED)");
}

void
exattn_text__output_change(text_sink *t, const exattn_doc_entry *e)
{
    exattn_sbuf *b = &t->b;
    int kept = t->row->contrast == EXATTN_CONTRAST_WEIGHTS_SAME;

    if (t->row->contrast == EXATTN_CONTRAST_NOT_MOVED)
    {
        exattn_sbuf__printf(b, "%s coordinate %zu %s", t->items++ ? ";" : "",
                            e->col + 1,
                            e->relation == EXATTN_RELATION_DIFFERENT
                                ? "was " : "(not proved) was ");
        change_value(b, e->from);
        exattn_sbuf__puts(b, ", is ");
        change_value(b, e->values);
        return;
    }
    exattn_text__close_line(t);
    exattn_print__row_name_text(b, t->l, e->row);
    exattn_sbuf__printf(b, ": output coordinate %zu ", e->col + 1);
    switch (e->relation)
    {
    case EXATTN_RELATION_EQUAL:
        exattn_sbuf__puts(b, kept ? "unchanged (proved: the same weights, "
                                    "the same values where it matters)"
                                  : "unchanged (proved equal)");
        break;
    case EXATTN_RELATION_INCREASES:
    case EXATTN_RELATION_DECREASES:
        if (!kept)      /* with the weights: from, to, which way */
        {
            exattn_sbuf__puts(b, "changes from ");
            change_value(b, e->from);
            exattn_sbuf__puts(b, " to ");
            change_value(b, e->values);
            direction(b, e);
            break;
        }
        exattn_sbuf__puts(b, e->relation == EXATTN_RELATION_INCREASES
                                 ? "increases by " : "decreases by ");
        amount(b, e->by);
        break;
    default:
        exattn_sbuf__puts(b, e->relation == EXATTN_RELATION_DIFFERENT
                                 ? "changes from " : "is not proved equal: "
                                                     "from ");
        change_value(b, e->from);
        exattn_sbuf__puts(b, " to ");
        change_value(b, e->values);
        break;
    }
    exattn_sbuf__puts(b, "\n");
}

/* The contrast in one sentence, after its rows. */
void
exattn_text__contrast_end(text_sink *t, const exattn_doc_section *s)
{
    if (s->contrast_summary == NULL)
        return;
    exattn_print__contrast_summary(&t->b, s, exattn_print__row_name_text);
    exattn_sbuf__puts(&t->b, "\n");
}

/* ---- the sink ---------------------------------------------------------- */

