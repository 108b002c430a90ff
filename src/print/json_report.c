/* The JSON reports of `exattn check` and `exattn audit` (their schema:
 * docs/cli.md): a claim with each value's verdict and certificate, a
 * page's number with the quantities it was bound to; the counts last.
 * Parts of the JSON writer (src/print/json.c); strings are escaped as
 * in every JSON document of exattn (exattn_sbuf__json). */
#include <stdio.h>
#include "internal.h"
#include "exattn/doc.h"
#include "print/json.h"

static const char *const verdicts[] = { "pass", "fail", "undecided" };
static const char *const claimed[] = { "is", "approx", "named", "holds" };

void
exattn_json__string_or_null(exattn_sbuf *b, const char *s)
{
    if (s)
        exattn_sbuf__json(b, s);
    else
        exattn_sbuf__puts(b, "null");
}

void
exattn_json__field(exattn_sbuf *b, const char *name, const char *value)
{
    exattn_sbuf__printf(b, ", \"%s\": ", name);
    exattn_json__string_or_null(b, value);
}

#define string_or_null exattn_json__string_or_null
#define field exattn_json__field

static void
certificate(exattn_sbuf *b, const exattn_doc_claim_value *v)
{
    exattn_sbuf__puts(b, ", \"certificate\": ");
    if (v->certificate == EXATTN_CERTIFICATE_NONE)
        exattn_sbuf__puts(b, "null");
    else if (v->certificate == EXATTN_CERTIFICATE_EXACT)
        exattn_sbuf__puts(b, "{\"exact\": true}");
    else
    {
        exattn_sbuf__puts(b, "{\"enclosure\": [");
        string_or_null(b, v->lo);
        exattn_sbuf__puts(b, ", ");
        string_or_null(b, v->hi);
        exattn_sbuf__printf(b, "], \"precision\": %ld}", v->precision);
    }
}

static void
claim_value(exattn_sbuf *b, const exattn_doc_claim_value *v)
{
    exattn_sbuf__puts(b, "{\"claimed\": ");
    string_or_null(b, v->claimed);
    exattn_sbuf__printf(b, ", \"verdict\": \"%s\"", verdicts[v->verdict]);
    field(b, "true", v->truth);
    field(b, "rounds_to", v->rounds_to);
    exattn_sbuf__printf(b, ", \"tie\": %s", v->tie ? "true" : "false");
    field(b, "slip", v->slip);
    field(b, "note", v->note);
    certificate(b, v);
    exattn_sbuf__puts(b, "}");
}

static void
claim(exattn_sbuf *b, const exattn_doc_claim *c)
{
    size_t i;

    exattn_sbuf__printf(b, "{\"%s\": ", c->expression ? "expr" : "of");
    string_or_null(b, c->text);
    field(b, "variant", c->variant);
    field(b, "minus", c->minus);
    exattn_sbuf__printf(b, ", \"kind\": \"%s\", \"line\": %lu, "
                        "\"column\": %lu", claimed[c->kind], c->line,
                        c->column);
    field(b, "source", c->source);
    exattn_sbuf__printf(b, ", \"verdict\": \"%s\",\n     \"entries\": [",
                        verdicts[c->verdict]);
    for (i = 0; i < c->count; i++)
    {
        exattn_sbuf__puts(b, i ? ",\n       " : "\n       ");
        claim_value(b, &c->values[i]);
    }
    exattn_sbuf__puts(b, "]}");
}

static void
number(exattn_sbuf *b, const exattn_doc_number *n)
{
    static const char *const words[] = { "pass", "fail", "exact-wording",
                                         "unsourced", "undecided",
                                         "mention", "pass-named" };
    size_t i;

    exattn_sbuf__printf(b, "    {\"line\": %lu, \"column\": %lu", n->line,
                        n->column);
    field(b, "text", n->text);
    exattn_sbuf__puts(b, ", \"values\": [");
    for (i = 0; i < n->count; i++)
    {
        exattn_sbuf__puts(b, i ? ", " : "");
        exattn_sbuf__json(b, n->values[i]);
    }
    exattn_sbuf__printf(b, "], \"math\": %s, \"verdict\": \"%s\", "
                        "\"bound\": [", n->math ? "true" : "false",
                        words[n->verdict]);
    for (i = 0; i < n->bound_count; i++)
    {
        exattn_sbuf__puts(b, i ? ", " : "");
        exattn_sbuf__json(b, n->bound[i]);
    }
    exattn_sbuf__printf(b, "], \"considered\": %zu", n->considered);
    field(b, "marker", n->marker);
    field(b, "truth", n->truth);
    field(b, "rounds_to", n->rounds_to);
    if (n->entry)
        exattn_sbuf__printf(b, ", \"entry\": %zu", n->entry);
    field(b, "slip", n->slip);
    field(b, "note", n->note);
    field(b, "arithmetic", n->arithmetic);
    field(b, "evidence", n->evidence);
    exattn_sbuf__puts(b, "}");
}

void
exattn_json__report_begin(exattn_sbuf *b, const exattn_doc_section *s)
{
    if (s->kind == EXATTN_SECTION_CHECK)
    {
        exattn_sbuf__puts(b, "{\"file\": ");
        string_or_null(b, s->file);
        exattn_sbuf__puts(b, ",\n  \"claims\": [");
        return;
    }
    exattn_sbuf__puts(b, "{\"schema\": 1, \"page\": ");
    exattn_sbuf__json(b, s->file ? s->file : "");
    exattn_sbuf__puts(b, ", \"lesson\": ");
    exattn_sbuf__json(b, s->lesson_file ? s->lesson_file : "");
    exattn_sbuf__puts(b, ",\n  \"numbers\": [\n");
}

void
exattn_json__report_entry(exattn_sbuf *b, const exattn_doc_entry *e,
                          size_t index)
{
    if (e->claim)
    {
        exattn_sbuf__puts(b, index ? ",\n    " : "\n    ");
        claim(b, e->claim);
    }
    else if (e->number)
    {
        exattn_sbuf__puts(b, index ? ",\n" : "");
        number(b, e->number);
    }
}

void
exattn_json__report_end(exattn_sbuf *b, const exattn_doc_section *s,
                        size_t entries)
{
    const exattn_check_summary_t *c = s->check_summary;
    const exattn_audit_summary_t *a = s->audit_summary;

    if (s->kind == EXATTN_SECTION_CHECK)
        exattn_sbuf__puts(b, "]");
    else
        exattn_sbuf__puts(b, entries ? "\n  ]" : "  ]");
    if (c)
        exattn_sbuf__printf(b, ",\n  \"summary\": {\"passed\": %zu, "
                            "\"failed\": %zu, \"undecided\": %zu}",
                            c->passed, c->failed, c->undecided);
    if (a)
        exattn_sbuf__printf(b, ",\n  \"summary\": {\"numbers\": %zu, "
                            "\"passed\": %zu, \"failed\": %zu, "
                            "\"exact_wording\": %zu, \"unsourced\": %zu, "
                            "\"undecided\": %zu, \"mentions\": %zu}",
                            a->numbers, a->passed, a->failed, a->wording,
                            a->unsourced, a->undecided, a->mentions);
    exattn_sbuf__puts(b, "}\n");
}
