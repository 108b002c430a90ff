/* A variant's contrast in LaTeX (src/print/latex.h): its heading, and for
 * each row one display of relations -- w_{i,j} unchanged, or from its
 * old value to its new one, an output's change with its sign -- as the
 * document decided them. */
#include "print/latex.h"
#include "print/value.h"
#include "print/summary.h"

typedef exattn_latex_sink latex_sink;

static void
row_text(latex_sink *c, size_t i)
{
    exattn_sbuf__puts(c->b, "\\text{row ");
    exattn_sbuf__latex_text(c->b, c->l->query_labels[i]);
    exattn_sbuf__puts(c->b, "}");
}

/* A value of a contrast and its decimal, when that says more than the
 * exact value. */
static void
change_value(latex_sink *c, const exattn_doc_value *v)
{
    exattn_latex__value(c, v);
    if (v->decimal && !exattn_print__decimal_adds_nothing(v))
        exattn_sbuf__printf(c->b, " %s %s",
                            v->decimal_exact ? "=" : "\\approx", v->decimal);
    else if (v->undecided)
        exattn_sbuf__puts(c->b, " \\approx \\text{(undecided)}");
}

void
exattn_latex__contrast_begin(latex_sink *c, const exattn_doc_section *s)
{
    exattn_sbuf *b = c->b;

    if (c->markdown)
        exattn_sbuf__puts(b, "### Contrast with ");
    else if (c->standalone)
        exattn_sbuf__puts(b, "\\subsection*{Contrast with ");
    else
        exattn_sbuf__puts(b, "% contrast with ");
    if (s->against_header->name == NULL)
        exattn_sbuf__puts(b, "the base lesson");
    else if (c->markdown)
    {
        exattn_sbuf__puts(b, "variant “");
        exattn_sbuf__markdown_text(b, s->against_header->name);
        exattn_sbuf__puts(b, "”");
    }
    else if (c->standalone)
    {
        exattn_sbuf__puts(b, "variant ``");
        exattn_sbuf__latex_text(b, s->against_header->name);
        exattn_sbuf__puts(b, "''");
    }
    else
    {
        exattn_sbuf__puts(b, "variant \"");
        exattn_sbuf__latex_comment(b, s->against_header->name);
        exattn_sbuf__puts(b, "\"");
    }
    exattn_sbuf__puts(b, c->markdown ? "\n\n" : c->standalone ? "}\n\n"
                                                               : "\n");
    /* one display for the whole contrast, a line per relation */
    exattn_latex__aligned_open(c, EXATTN_ROLE_CHANGE_WEIGHT,
                 "contrast: row by row, every relation proved", "contrast");
    if (!s->shapes_differ && !s->permuted)
        return;
    exattn_sbuf__puts(b, s->shapes_differ
        ? "&\\text{the shapes differ: no row-by-row contrast}"
        : "&\\text{the tokens are permuted and the mask is kept:} \\\\\n"
          "&\\text{does each output move with its token?}");
    c->lines = 2;
}

void
exattn_latex__contrast_row_begin(latex_sink *c, const exattn_doc_section *s)
{
    /* each on lines that fit a page */
    static const char *const remarks[][2] = {
        { "unchanged (proved: the same weights and the same values)", NULL },
        { "unchanged (proved: the same weights; the values differ",
          "only at blocked keys, which weigh exactly 0)" },
        { "weights change", NULL },
        { "weights unchanged (proved equal)", NULL },
        { "its output moved with it (proved equal)", NULL },
        { "its output did not move with it", NULL } };
    exattn_sbuf *b = c->b;

    exattn_sbuf__puts(b, c->lines++ ? " \\\\\n" : "");
    row_text(c, s->row);
    /* which token the row holds, then what happened, on two lines */
    if (s->permuted)
        exattn_sbuf__printf(b, " &: \\text{the token of row %zu:} \\\\\n"
                            "&\\phantom{:}\\ \\text{%s}", s->token + 1,
                            remarks[s->contrast][0]);
    else
        exattn_sbuf__printf(b, " &: \\text{%s}", remarks[s->contrast][0]);
    if (remarks[s->contrast][1] != NULL)
        exattn_sbuf__printf(b, " \\\\\n&\\phantom{:}\\ \\text{%s}",
                            remarks[s->contrast][1]);
}

/* " by \tfrac{1}{12}" inside \text{}: how much a value changed, when
 * the document says (exactly, or its decimal). */
static void
amount_of(latex_sink *c, const exattn_doc_value *by)
{
    if (by != NULL && by->status == EXATTN_EXACT)
    {
        exattn_sbuf__puts(c->b, " by }");
        exattn_latex__tfrac(c->b, by->exact);
        exattn_sbuf__puts(c->b, "\\text{");
    }
    else if (by != NULL && by->decimal != NULL)
        exattn_sbuf__printf(c->b, " by }%s %s\\text{",
                            by->decimal_exact ? "=" : "\\approx",
                            by->decimal);
}

/* One relation of a contrast: "w_{i,j} &: A \;\to\; B\quad(\text{proved
 * different})", "o_{i,c} &: \text{increases by } ...\quad(\text{proved})". */
void
exattn_latex__change_line(latex_sink *c, const exattn_doc_entry *e)
{
    static const char *const remarks[] = {
        "", "", "\\quad(\\text{proved different})",
        "\\quad(\\text{neither proved equal nor different})",
        "\\quad(\\text{proved})", "\\quad(\\text{proved})" };
    exattn_sbuf *b = c->b;
    int kept = c->row->contrast == EXATTN_CONTRAST_WEIGHTS_SAME;

    exattn_sbuf__puts(b, " \\\\\n");
    if (e->role == EXATTN_ROLE_CHANGE_WEIGHT)
        exattn_latex__wsym(c, e->row, e->key);
    else
    {
        exattn_sbuf__puts(b, "o_{");
        exattn_latex__qsub(b, c->l, e->row);
        exattn_sbuf__printf(b, ",%zu}", e->col + 1);
    }
    exattn_sbuf__puts(b, " &: ");
    switch (e->relation)
    {
    case EXATTN_RELATION_EQUAL:
        exattn_sbuf__puts(b, kept ? "\\text{unchanged (proved: the same "
                                    "weights,} \\\\\n&\\phantom{:}\\ "
                                    "\\text{the same values where it "
                                    "matters)}"
                                  : "\\text{unchanged (proved equal)}");
        break;
    case EXATTN_RELATION_INCREASES:
    case EXATTN_RELATION_DECREASES:
        if (!kept)      /* with the weights: from, to, which way */
        {
            change_value(c, e->from);
            exattn_sbuf__puts(b, " \\;\\to\\; ");
            change_value(c, e->values);
            /* an amount on a line of its own: both values and it do not
             * fit a page's line */
            exattn_sbuf__puts(b, e->by != NULL ? " \\\\\n&\\phantom{:}\\ "
                                               : "\\quad");
            exattn_sbuf__puts(b, e->relation == EXATTN_RELATION_INCREASES
                                     ? "\\text{(increases"
                                     : "\\text{(decreases");
            amount_of(c, e->by);
            exattn_sbuf__puts(b, ", proved)}");
            return;
        }
        /* the change sum_j w_j (V'_j - V_j), its sign proved */
        exattn_sbuf__puts(b, e->relation == EXATTN_RELATION_INCREASES
                                 ? "\\text{increases by } "
                                 : "\\text{decreases by } ");
        change_value(c, e->by);
        break;
    default:
        change_value(c, e->from);
        exattn_sbuf__puts(b, " \\;\\to\\; ");
        change_value(c, e->values);
        break;
    }
    exattn_sbuf__puts(b, remarks[e->relation]);
}

/* The contrast in one sentence, under its display: a paragraph (a
 * comment in a fragment), each row's label escaped as the format
 * needs. */
static void
name_markdown(exattn_sbuf *b, const exattn_doc_header *l, size_t i)
{
    exattn_sbuf__puts(b, "row ");
    exattn_sbuf__markdown_text(b, l->query_labels[i]);
}

static void
name_latex(exattn_sbuf *b, const exattn_doc_header *l, size_t i)
{
    exattn_sbuf__puts(b, "row ");
    exattn_sbuf__latex_text(b, l->query_labels[i]);
}

static void
name_comment(exattn_sbuf *b, const exattn_doc_header *l, size_t i)
{
    exattn_sbuf__puts(b, "row ");
    exattn_sbuf__latex_comment(b, l->query_labels[i]);
}

void
exattn_latex__contrast_end(latex_sink *c, const exattn_doc_section *s)
{
    if (s->contrast_summary == NULL)
        return;
    if (!c->markdown && !c->standalone)
        exattn_sbuf__puts(c->b, "% ");
    exattn_print__contrast_summary(c->b, s, c->markdown ? name_markdown
                                            : c->standalone ? name_latex
                                                            : name_comment);
    exattn_sbuf__puts(c->b, c->markdown || c->standalone ? "\n\n" : "\n");
}
