/* A lesson's live lab in the JSON document: its controls with their exact
 * positions and baselines, what it shows, and "lesson" -- the lesson the
 * lab's states start from, in the lesson format (Q, K, V, scale and mask
 * as the document has them), so that a page adds one variant to it per
 * state and derives that, with no arithmetic of its own. */
#include <stdint.h>
#include "print/json.h"

/* n*m visibility flags as a 0/1 mask. */
static void
flags(exattn_sbuf *b, const unsigned char *a, size_t n, size_t m)
{
    size_t i, j;

    exattn_sbuf__puts(b, "[");
    for (i = 0; i < n; i++)
    {
        exattn_sbuf__puts(b, i ? ", [" : "[");
        for (j = 0; j < m; j++)
            exattn_sbuf__printf(b, "%s%d", j ? ", " : "",
                                a[i * m + j] ? 1 : 0);
        exattn_sbuf__puts(b, "]");
    }
    exattn_sbuf__puts(b, "]");
}

static void
scale(exattn_sbuf *b, const exattn_doc_header *h)
{
    exattn_sbuf__puts(b, ", \"scale\": \"");
    switch (h->scale_kind)
    {
    case EXATTN_SCALE_NONE: exattn_sbuf__puts(b, "none"); break;
    case EXATTN_SCALE_RATIONAL: exattn_sbuf__mpq(b, h->scale_value); break;
    default:
        exattn_sbuf__puts(b, "1/sqrt(");
        exattn_sbuf__mpq(b, h->scale_value);
        exattn_sbuf__puts(b, ")");
        break;
    }
    exattn_sbuf__puts(b, "\"");
}

/* The lesson every state starts from. */
static void
start_lesson(exattn_sbuf *b, const exattn_doc_header *h)
{
    exattn_sbuf__puts(b, ",\n    \"lesson\": {\"title\": ");
    exattn_sbuf__json(b, h->title ? h->title : "");
    if (!h->default_key_labels)
    {
        exattn_sbuf__puts(b, ", \"tokens\": ");
        exattn_json__labels(b, h->key_labels, h->m);
    }
    if (!h->default_query_labels)
    {
        exattn_sbuf__puts(b, ", \"query_tokens\": ");
        exattn_json__labels(b, h->query_labels, h->n);
    }
    exattn_sbuf__puts(b, ", \"Q\": ");
    exattn_json__exact_matrix(b, &h->q);
    exattn_sbuf__puts(b, ", \"K\": ");
    exattn_json__exact_matrix(b, &h->k);
    exattn_sbuf__puts(b, ", \"V\": ");
    exattn_json__exact_matrix(b, &h->v);
    scale(b, h);
    exattn_sbuf__puts(b, ", \"mask\": ");
    flags(b, h->allowed, h->n, h->m);
    exattn_sbuf__puts(b, "}");
}

static void
positions(exattn_sbuf *b, const exattn_doc_lab_control *c)
{
    size_t p;

    exattn_sbuf__puts(b, ", \"positions\": [");
    for (p = 0; p < c->count; p++)
    {
        exattn_sbuf__puts(b, p ? ", \"" : "\"");
        exattn_sbuf__mpq(b, c->positions[p]);
        exattn_sbuf__puts(b, "\"");
    }
    exattn_sbuf__puts(b, "], \"start\": \"");
    exattn_sbuf__mpq(b, c->positions[c->start]);
    exattn_sbuf__puts(b, "\"");
    if (c->step != NULL)
    {
        exattn_sbuf__puts(b, ", \"step\": \"");
        exattn_sbuf__mpq(b, c->step);
        exattn_sbuf__puts(b, "\"");
    }
}

/* [true, false, ...]: m flags. */
static void
bools(exattn_sbuf *b, const unsigned char *a, size_t m)
{
    size_t j;

    exattn_sbuf__puts(b, "[");
    for (j = 0; j < m; j++)
        exattn_sbuf__printf(b, "%s%s", j ? ", " : "", a[j] ? "true" : "false");
    exattn_sbuf__puts(b, "]");
}

/* The keys the block control offers: under the lesson's mask, or under
 * each of the two masks a causal control moves between. */
static void
blockable(exattn_sbuf *b, const exattn_doc_lab *lab, size_t m)
{
    exattn_sbuf__puts(b, ", \"blockable\": ");
    if (lab->blockable_open == NULL)
    {
        bools(b, lab->blockable, m);
        return;
    }
    exattn_sbuf__puts(b, "{\"causal\": ");
    bools(b, lab->blockable, m);
    exattn_sbuf__puts(b, ", \"none\": ");
    bools(b, lab->blockable_open, m);
    exattn_sbuf__puts(b, "}");
}

static void
control(exattn_sbuf *b, const exattn_doc_lab_control *c,
        const exattn_doc_lab *lab, const exattn_doc_header *h)
{
    static const char *const names[] = { "query", "multiplier", "causal",
                                         "override", "block" };

    exattn_sbuf__printf(b, "\n      {\"control\": \"%s\"", names[c->kind]);
    switch (c->kind)
    {
    case EXATTN_LAB_QUERY:
        exattn_sbuf__puts(b, ", \"choices\": ");
        exattn_json__labels(b, h->query_labels, h->n);
        exattn_sbuf__puts(b, ", \"start\": ");
        exattn_sbuf__json(b, h->query_labels[c->start]);
        break;
    case EXATTN_LAB_CAUSAL:
        exattn_sbuf__printf(b, ", \"start\": %s",
                            c->start ? "true" : "false");
        break;
    case EXATTN_LAB_OVERRIDE:
        exattn_sbuf__puts(b, ", \"row\": ");
        exattn_sbuf__json(b, h->key_labels[c->row]);
        exattn_sbuf__printf(b, ", \"row_index\": %zu, \"col\": %zu",
                            c->row + 1, c->col + 1);
        positions(b, c);
        break;
    case EXATTN_LAB_BLOCK:
        exattn_sbuf__puts(b, ", \"choices\": ");
        exattn_json__labels(b, h->key_labels, h->m);
        blockable(b, lab, h->m);
        exattn_sbuf__puts(b, ", \"start\": null");
        break;
    default:
        positions(b, c);
        break;
    }
    exattn_sbuf__puts(b, "}");
}

void
exattn_json__lab(exattn_sbuf *b, const exattn_doc_section *s)
{
    static const char *const shows[] = { "weights", "output", "map",
                                         "change" };
    const exattn_doc_lab *lab = s->lab;
    const exattn_doc_header *h = s->header;
    size_t k, shown = 0;

    exattn_sbuf__puts(b, ",\n  \"lab\": {\"title\": ");
    if (lab->title)
        exattn_sbuf__json(b, lab->title);
    else
        exattn_sbuf__puts(b, "null");
    exattn_sbuf__puts(b, ", \"follow\": ");
    exattn_sbuf__json(b, h->query_labels[lab->follow]);
    exattn_sbuf__printf(b, ", \"follow_index\": %zu, \"show\": [",
                        lab->follow + 1);
    for (k = 0; k < 4; k++)
        if (lab->show & (1u << k))
            exattn_sbuf__printf(b, "%s\"%s\"", shown++ ? ", " : "",
                                shows[k]);
    exattn_sbuf__puts(b, "],\n    \"labels\": {\"queries\": ");
    exattn_json__labels(b, h->query_labels, h->n);
    exattn_sbuf__puts(b, ", \"keys\": ");
    exattn_json__labels(b, h->key_labels, h->m);
    exattn_sbuf__puts(b, "},\n    \"controls\": [");
    for (k = 0; k < lab->control_count; k++)
    {
        exattn_sbuf__puts(b, k ? "," : "");
        control(b, &lab->controls[k], lab, h);
    }
    exattn_sbuf__puts(b, "]");
    start_lesson(b, h);
    if (lab->causal_allowed != NULL)
    {
        exattn_sbuf__puts(b, ",\n    \"masks\": {\"causal\": ");
        flags(b, lab->causal_allowed, h->n, h->m);
        exattn_sbuf__puts(b, ", \"none\": ");
        flags(b, lab->open_allowed, h->n, h->m);
        exattn_sbuf__puts(b, "}");
    }
    exattn_sbuf__puts(b, "}");
}
