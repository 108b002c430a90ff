/* A lesson's live lab in the text document: what a reader may change and
 * over which positions, a line per control, after the lesson's rows. */
#include "print/text.h"
#include "print/summary.h"

/* ", a slider: -1 to 3, step 1/4 (17 positions; starts at 1)": the
 * word "slider" next to its numbers says what they are (a setting, not a
 * result), to a reader and to exattn audit alike. */
static void
positions(exattn_sbuf *b, const exattn_doc_lab_control *c)
{
    exattn_sbuf__puts(b, ", a slider: ");
    exattn_sbuf__mpq(b, c->positions[0]);
    exattn_sbuf__puts(b, " to ");
    exattn_sbuf__mpq(b, c->positions[c->count - 1]);
    if (c->step != NULL)
    {
        exattn_sbuf__puts(b, ", step ");
        exattn_sbuf__mpq(b, c->step);
    }
    exattn_sbuf__printf(b, " (%zu positions; starts at ", c->count);
    exattn_sbuf__mpq(b, c->positions[c->start]);
    exattn_sbuf__puts(b, ")");
}

/* "K[load], K[rises]": the keys set in m flags. */
static void
keys(exattn_sbuf *b, const unsigned char *a, const exattn_doc_header *h)
{
    size_t j, listed = 0;

    for (j = 0; j < h->m; j++)
        if (a[j])
        {
            exattn_sbuf__puts(b, listed++ ? ", " : "");
            exattn_text__klabel(b, h, "K", j);
        }
}

static void
control(exattn_sbuf *b, const exattn_doc_lab_control *c,
        const exattn_doc_lab *lab, const exattn_doc_header *h)
{
    exattn_sbuf__puts(b, "\n  ");
    switch (c->kind)
    {
    case EXATTN_LAB_QUERY:
        exattn_sbuf__puts(b, "the row followed: any query row (starts at ");
        exattn_print__row_name_text(b, h, c->start);
        exattn_sbuf__puts(b, ")");
        break;
    case EXATTN_LAB_MULTIPLIER:
        exattn_sbuf__puts(b, "a multiplier on the followed row's query");
        positions(b, c);
        break;
    case EXATTN_LAB_CAUSAL:
        exattn_sbuf__printf(b, "the causal mask: on or off (starts %s)",
                            c->start ? "on" : "off");
        break;
    case EXATTN_LAB_OVERRIDE:
        exattn_text__klabel(b, h, "V", c->row);
        exattn_sbuf__printf(b, " coordinate %zu", c->col + 1);
        positions(b, c);
        break;
    default:
        exattn_sbuf__puts(b, "one key blocked for every query, or none "
                             "(starts with none): ");
        keys(b, lab->blockable, h);
        if (lab->blockable_open != NULL)
        {
            exattn_sbuf__puts(b, " with the causal mask; ");
            keys(b, lab->blockable_open, h);
            exattn_sbuf__puts(b, " without it");
        }
        break;
    }
}

void
exattn_text__lab(exattn_sbuf *b, const exattn_doc_section *s)
{
    static const char *const shows[] = {
        "the followed row's weights",
        "its output",
        "the map of every row's weights",
        "what changed"
    };
    const exattn_doc_lab *lab = s->lab;
    size_t k, shown = 0;

    exattn_sbuf__puts(b, "\nlab");
    if (lab->title)
    {
        exattn_sbuf__puts(b, " \"");
        exattn_sbuf__puts(b, lab->title);
        exattn_sbuf__puts(b, "\"");
    }
    exattn_sbuf__puts(b, ": follows ");
    exattn_print__row_name_text(b, s->header, lab->follow);
    exattn_sbuf__puts(b, " and shows ");
    for (k = 0; k < 4; k++)
        if (lab->show & (1u << k))
            exattn_sbuf__printf(b, "%s%s", shown++ ? ", " : "", shows[k]);
    exattn_sbuf__puts(b, ", each derived again when the reader changes:");
    for (k = 0; k < lab->control_count; k++)
        control(b, &lab->controls[k], lab, s->header);
    exattn_sbuf__puts(b, "\n");
}
