/* The text reports of `exattn check` and `exattn audit`: one line per
 * claim or number in the compiler's convention, FILE:LINE:COLUMN:
 * VERDICT ..., so that an editor jumps to it, then the counts
 * (docs/cli.md).  Parts of the text writer (src/print/text.c). */
#include <stdio.h>
#include "internal.h"
#include "exattn/doc.h"
#include "print/text.h"

static const char *const verdicts[] = { "PASS", "FAIL", "UNDECIDED" };
static const char *const claimed[] = { "is", "≈", "named", "holds" };

/* "rounds to 0.269: a truncation, not a rounding", then the note (on a
 * tie, which two roundings pass). */
static void
evidence(exattn_sbuf *b, const exattn_doc_claim_value *v)
{
    if (v->rounds_to)
        exattn_sbuf__printf(b, "rounds to %s%s%s", v->rounds_to,
                            v->slip ? ": " : "", v->slip ? v->slip : "");
    if (v->note)
        exattn_sbuf__printf(b, "%s%s", v->rounds_to ? "; " : "", v->note);
}

/* " — the page: \"...\"", the source on the report's one line: a line
 * break or tab in it is a space, a quote escaped. */
static void
quote(exattn_sbuf *b, const char *source)
{
    exattn_sbuf__puts(b, " — the page: \"");
    for (; *source; source++)
        if ((unsigned char)*source < 0x20)
            exattn_sbuf__puts(b, " ");
        else if (*source == '"' || *source == '\\')
            exattn_sbuf__printf(b, "\\%c", *source);
        else
            exattn_sbuf__putn(b, source, 1);
    exattn_sbuf__puts(b, "\"");
}

/* "PASS weights[rises] (variant \"x\") minus the base lesson ≈ 0.284,
 * ..." */
static void
claim_head(exattn_sbuf *b, const exattn_doc_claim *c)
{
    size_t i;

    exattn_sbuf__printf(b, "%s %s", verdicts[c->verdict], c->text);
    if (c->variant)
        exattn_sbuf__printf(b, " (variant \"%s\")", c->variant);
    if (c->minus_base)
        exattn_sbuf__puts(b, " minus the base lesson");
    else if (c->minus)
        exattn_sbuf__printf(b, " minus \"%s\"", c->minus);
    exattn_sbuf__printf(b, " %s ", claimed[c->kind]);
    for (i = 0; i < c->count; i++)
        exattn_sbuf__printf(b, "%s%s", i ? ", " : "", c->values[i].claimed);
}

void
exattn_text__claim_line(exattn_sbuf *b, const char *file,
                        const exattn_doc_claim *c)
{
    size_t i;
    int first = 1;

    exattn_sbuf__printf(b, "%s:%lu:%lu: ", file, c->line, c->column);
    claim_head(b, c);
    exattn_sbuf__puts(b, "  (true: ");
    for (i = 0; i < c->count; i++)
        exattn_sbuf__printf(b, "%s%s", i ? ", " : "",
                            c->values[i].truth ? c->values[i].truth : "?");
    exattn_sbuf__puts(b, ")");
    for (i = 0; i < c->count; i++)
    {
        const exattn_doc_claim_value *v = &c->values[i];

        if (v->verdict == EXATTN_PASS && !v->note)
            continue;
        exattn_sbuf__puts(b, first ? " — " : "; ");
        if (c->count > 1)
            exattn_sbuf__printf(b, "entry %zu: ", i + 1);
        evidence(b, v);
        first = 0;
    }
    if (c->source && c->verdict != EXATTN_PASS)
        quote(b, c->source);
    exattn_sbuf__puts(b, "\n");
}

static const char *
audit_word(exattn_audit_verdict_t v)
{
    switch (v)
    {
    case EXATTN_AUDIT_PASS: return "PASS";
    case EXATTN_AUDIT_FAIL: return "FAIL";
    case EXATTN_AUDIT_WORDING: return "EXACT-WORDING";
    case EXATTN_AUDIT_UNDECIDED: return "UNDECIDED";
    case EXATTN_AUDIT_MENTION: return "MENTION";
    case EXATTN_AUDIT_NAMED: return "PASS-NAMED";
    default: return "UNSOURCED";
    }
}

/* The number as the page writes it, on one line: a line break is a
 * space. */
static void
put_quote(exattn_sbuf *b, const char *text)
{
    for (; *text; text++)
        exattn_sbuf__putn(b, *text == '\n' || *text == '\r' ? " " : text, 1);
}

static void
put_bound(exattn_sbuf *b, const exattn_doc_number *n, const char *sep)
{
    size_t i;

    for (i = 0; i < n->bound_count; i++)
    {
        exattn_sbuf__puts(b, i ? ", " : sep);
        exattn_sbuf__puts(b, n->bound[i]);
    }
    if (n->considered > n->bound_count)
        exattn_sbuf__printf(b, " and %zu more",
                            n->considered - n->bound_count);
}

static const char *
or_empty(const char *s, const char *instead)
{
    return s ? s : instead;
}

/* " (true: ... which rounds to ...) -- slip" */
static void
failure(exattn_sbuf *b, const exattn_doc_number *n)
{
    exattn_sbuf__printf(b, " (true: %s %s",
                        n->bound_count ? n->bound[0] : "?",
                        or_empty(n->truth, "?"));
    if (n->rounds_to && n->entry)
        exattn_sbuf__printf(b, "; entry %zu rounds to %s", n->entry,
                            n->rounds_to);
    else if (n->rounds_to)
        exattn_sbuf__printf(b, ", which rounds to %s", n->rounds_to);
    exattn_sbuf__puts(b, ")");
    if (n->slip)
        exattn_sbuf__printf(b, " -- %s", n->slip);
}

/* What the verdict rests on, after the number. */
static void
grounds(exattn_sbuf *b, const exattn_doc_number *n)
{
    switch (n->verdict)
    {
    case EXATTN_AUDIT_PASS: put_bound(b, n, " = "); break;
    case EXATTN_AUDIT_NAMED:
        put_bound(b, n, " = ");
        if (n->note)
            exattn_sbuf__printf(b, " (%s)", n->note);
        break;
    case EXATTN_AUDIT_FAIL: failure(b, n); break;
    case EXATTN_AUDIT_WORDING:
        put_bound(b, n, " = ");
        exattn_sbuf__printf(b, " (%s) -- %s", or_empty(n->truth, "?"),
                            or_empty(n->note, ""));
        break;
    case EXATTN_AUDIT_MENTION:
        exattn_sbuf__printf(b, " -- %s", or_empty(n->evidence, ""));
        break;
    case EXATTN_AUDIT_UNDECIDED:
        put_bound(b, n, " -- ");
        exattn_sbuf__printf(b, "%s%s", n->bound_count ? ": " : " -- ",
                            or_empty(n->note, ""));
        if (n->truth)
            exattn_sbuf__printf(b, "; nearest: %s", n->truth);
        break;
    default:
        exattn_sbuf__printf(b, " -- no quantity of the lesson is this%s%s",
                            n->truth ? "; nearest: " : "",
                            or_empty(n->truth, ""));
        if (n->note)
            exattn_sbuf__printf(b, " (%s)", n->note);
        break;
    }
}

void
exattn_text__number_line(exattn_sbuf *b, const char *file,
                         const exattn_doc_number *n)
{
    exattn_sbuf__printf(b, "%s:%lu:%lu: %s ", file, n->line, n->column,
                        audit_word(n->verdict));
    put_quote(b, n->text);
    grounds(b, n);
    if ((n->verdict == EXATTN_AUDIT_PASS || n->verdict == EXATTN_AUDIT_FAIL)
        && n->note)
        exattn_sbuf__printf(b, "; %s", n->note);
    /* why it was taken as a result */
    if (n->verdict != EXATTN_AUDIT_MENTION && n->evidence)
        exattn_sbuf__printf(b, " [result by %s]", n->evidence);
    exattn_sbuf__puts(b, "\n");
}

void
exattn_text__report_end(exattn_sbuf *b, const exattn_doc_section *s)
{
    const exattn_audit_summary_t *a = s->audit_summary;

    if (s->check_summary)
        exattn_sbuf__printf(b, "%zu passed, %zu failed, %zu undecided\n",
                            s->check_summary->passed,
                            s->check_summary->failed,
                            s->check_summary->undecided);
    if (a == NULL)
        return;
    exattn_sbuf__printf(b, "%zu numbers: %zu passed, %zu failed, "
                        "%zu unsourced", a->numbers, a->passed,
                        a->failed + a->wording, a->unsourced);
    if (a->undecided)
        exattn_sbuf__printf(b, ", %zu undecided", a->undecided);
    if (a->mentions)
        exattn_sbuf__printf(b, ", %zu mentions", a->mentions);
    exattn_sbuf__puts(b, "\n");
}
