/* The report of `exattn check`: one line per claim in text, or a JSON
 * document with every verdict's certificate. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "claims/check.h"

static const char *const verdicts[] = { "PASS", "FAIL", "UNDECIDED" };
static const char *const verdicts_json[] = { "pass", "fail", "undecided" };
static const char *const kinds[] = { "is", "approx", "named", "holds" };

size_t
exattn_lesson_claim_count(const exattn_lesson *l)
{
    return l->claim_count;
}

int
exattn_claim_verdict(exattn_verdict_t *out, const exattn_lesson *l,
                     size_t i, mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_claim_result r;
    int rc;

    if (i >= l->claim_count)
        return exattn_error__set(err, EXATTN_EINVAL, l->file, 0, 0,
                                 "no claim %zu", i + 1);
    rc = exattn_claims__check(&r, &l->claims[i], NULL, max_prec, err);
    if (rc == EXATTN_OK)
        *out = r.verdict;
    exattn_claims__clear(&r);
    return rc;
}

static void
count(exattn_check_summary_t *sum, exattn_verdict_t v)
{
    if (v == EXATTN_PASS)
        sum->passed++;
    else if (v == EXATTN_FAIL)
        sum->failed++;
    else
        sum->undecided++;
}

/* "rounds to 0.269: a truncation, not a rounding", then the note (on a
 * tie, which two roundings pass). */
static void
evidence(exattn_sbuf *b, const exattn_entry_result *e)
{
    if (e->rounds_to)
        exattn_sbuf__printf(b, "rounds to %s%s%s", e->rounds_to,
                            e->slip ? ": " : "", e->slip ? e->slip : "");
    if (e->note)
        exattn_sbuf__printf(b, "%s%s", e->rounds_to ? "; " : "", e->note);
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

/* FILE:LINE:COLUMN: VERDICT CLAIM (true: ...) -- evidence, the
 * compiler's convention, so that an editor jumps to the claim. */
static void
text_line(exattn_sbuf *b, const char *file, const exattn_claim *c,
          const exattn_claim_result *r)
{
    size_t i;
    int first = 1;

    exattn_sbuf__printf(b, "%s:%lu:%lu: %s %s", file, c->line, c->column,
                        verdicts[r->verdict], c->text);
    if (c->variant)
        exattn_sbuf__printf(b, " (variant \"%s\")", c->variant);
    if (c->minus)
        exattn_sbuf__printf(b, " minus %s%s%s",
                            strcmp(c->minus, "base") ? "\"" : "",
                            strcmp(c->minus, "base") ? c->minus
                                                     : "the base lesson",
                            strcmp(c->minus, "base") ? "\"" : "");
    exattn_sbuf__printf(b, " %s ", c->claim == EXATTN_CLAIM_APPROX
                                        ? "≈" : kinds[c->claim]);
    for (i = 0; i < c->count; i++)
        exattn_sbuf__printf(b, "%s%s", i ? ", " : "", c->values[i]);
    exattn_sbuf__puts(b, "  (true: ");
    for (i = 0; i < r->count; i++)
        exattn_sbuf__printf(b, "%s%s", i ? ", " : "",
                            r->entries[i].truth ? r->entries[i].truth : "?");
    exattn_sbuf__puts(b, ")");
    for (i = 0; i < r->count; i++)
    {
        const exattn_entry_result *e = &r->entries[i];

        if (e->verdict == EXATTN_PASS && !e->note)
            continue;
        exattn_sbuf__puts(b, first ? " — " : "; ");
        if (r->count > 1)
            exattn_sbuf__printf(b, "entry %zu: ", i + 1);
        evidence(b, e);
        first = 0;
    }
    if (c->source && r->verdict != EXATTN_PASS)
        quote(b, c->source);
    exattn_sbuf__puts(b, "\n");
}

/* 0 for the base lesson, k + 1 for variant k. */
static size_t
block_slot(const exattn_lesson *l, const exattn_lesson *of)
{
    size_t k;

    for (k = 0; k < l->variant_count; k++)
        if (l->variants[k] == of)
            return k + 1;
    return 0;
}

/* Check every claim, handing each result to `emit` and flushing. */
typedef void (*emit_fn)(exattn_sbuf *b, const exattn_lesson *l,
                        const exattn_claim *c, const exattn_claim_result *r,
                        size_t i);

static int
check_each(FILE *f, exattn_sbuf *b, const exattn_lesson *l,
           mpfr_prec_t max_prec, exattn_check_summary_t *sum, emit_fn emit,
           exattn_error_t *err)
{
    exattn_claim_result r;
    exattn_block **blocks;
    size_t i, k;
    int rc = EXATTN_OK;

    /* one block per lesson (the base's, or a block variant's), built for
     * its first claim and kept for the others */
    if ((blocks = calloc(l->variant_count + 1, sizeof *blocks)) == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    for (i = 0; i < l->claim_count && rc == EXATTN_OK; i++)
    {
        const exattn_claim *c = &l->claims[i];

        k = block_slot(l, c->lesson);
        if (c->target == EXATTN_TARGET_BLOCK && blocks[k] == NULL)
            rc = exattn_block_new(&blocks[k], c->lesson, max_prec, err);
        if (rc == EXATTN_OK)
            rc = exattn_claims__check(&r, c, blocks[k], max_prec, err);
        if (rc != EXATTN_OK)
            break;
        count(sum, r.verdict);
        emit(b, l, c, &r, i);
        exattn_claims__clear(&r);
        rc = exattn_sbuf__flush(b, f, l->file, err);
    }
    for (k = 0; k <= l->variant_count; k++)
        exattn_block_free(blocks[k]);
    free(blocks);
    return rc;
}

static void
emit_text(exattn_sbuf *b, const exattn_lesson *l, const exattn_claim *c,
          const exattn_claim_result *r, size_t i)
{
    (void)i;
    text_line(b, l->file, c, r);
}

static void
emit_failure(exattn_sbuf *b, const exattn_lesson *l, const exattn_claim *c,
             const exattn_claim_result *r, size_t i)
{
    if (r->verdict != EXATTN_PASS)
        emit_text(b, l, c, r, i);
}

static int
write_lines(FILE *f, exattn_check_summary_t *sum, const exattn_lesson *l,
            mpfr_prec_t max_prec, int failures_only, exattn_error_t *err)
{
    exattn_check_summary_t local = { 0, 0, 0 };
    exattn_sbuf b;
    int rc;

    exattn_sbuf__init(&b);
    rc = check_each(f, &b, l, max_prec, &local,
                    failures_only ? emit_failure : emit_text, err);
    if (rc == EXATTN_OK && !failures_only)
    {
        exattn_sbuf__printf(&b, "%zu passed, %zu failed, %zu undecided\n",
                            local.passed, local.failed, local.undecided);
        rc = exattn_sbuf__flush(&b, f, l->file, err);
    }
    exattn_sbuf__clear(&b);
    if (sum)
        *sum = local;
    return rc;
}

int
exattn_check_write_text(FILE *f, exattn_check_summary_t *sum,
                        const exattn_lesson *l, mpfr_prec_t max_prec,
                        exattn_error_t *err)
{
    return write_lines(f, sum, l, max_prec, 0, err);
}

int
exattn_check_write_failures(FILE *f, exattn_check_summary_t *sum,
                            const exattn_lesson *l, mpfr_prec_t max_prec,
                            exattn_error_t *err)
{
    return write_lines(f, sum, l, max_prec, 1, err);
}

static void
json_str(exattn_sbuf *b, const char *s)
{
    if (s == NULL)
    {
        exattn_sbuf__puts(b, "null");
        return;
    }
    exattn_sbuf__puts(b, "\"");
    for (; *s; s++)
        if (*s == '"' || *s == '\\')
            exattn_sbuf__printf(b, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            exattn_sbuf__printf(b, "\\u%04x", (unsigned char)*s);
        else
            exattn_sbuf__putn(b, s, 1);
    exattn_sbuf__puts(b, "\"");
}

/* One entry of a claim; a property's proof is its note, not an
 * enclosure (certificate null). */
static void
json_entry(exattn_sbuf *b, const char *claimed, const exattn_entry_result *e,
           int property)
{
    exattn_sbuf__puts(b, "{\"claimed\": ");
    json_str(b, claimed);
    exattn_sbuf__printf(b, ", \"verdict\": \"%s\", \"true\": ",
                        verdicts_json[e->verdict]);
    json_str(b, e->truth);
    exattn_sbuf__puts(b, ", \"rounds_to\": ");
    json_str(b, e->rounds_to);
    exattn_sbuf__printf(b, ", \"tie\": %s, \"slip\": ",
                        e->tie ? "true" : "false");
    json_str(b, e->slip);
    exattn_sbuf__puts(b, ", \"note\": ");
    json_str(b, e->note);
    exattn_sbuf__puts(b, ", \"certificate\": ");
    if (property || (e->prec == 0 && e->verdict == EXATTN_UNDECIDED))
        exattn_sbuf__puts(b, "null");           /* nothing enclosed */
    else if (e->prec == 0)
        exattn_sbuf__puts(b, "{\"exact\": true}");
    else
    {
        exattn_sbuf__puts(b, "{\"enclosure\": [");
        json_str(b, e->enc_lo);
        exattn_sbuf__puts(b, ", ");
        json_str(b, e->enc_hi);
        exattn_sbuf__printf(b, "], \"precision\": %ld}", e->prec);
    }
    exattn_sbuf__puts(b, "}");
}

static void
json_claim(exattn_sbuf *b, const exattn_claim *c,
           const exattn_claim_result *r)
{
    size_t i;

    exattn_sbuf__printf(b, "{\"%s\": ",
                        c->target == EXATTN_TARGET_EXPR ? "expr" : "of");
    json_str(b, c->text);
    exattn_sbuf__puts(b, ", \"variant\": ");
    json_str(b, c->variant);
    exattn_sbuf__puts(b, ", \"minus\": ");
    json_str(b, c->minus);
    exattn_sbuf__printf(b, ", \"kind\": \"%s\", \"line\": %lu, "
                        "\"column\": %lu, \"source\": ",
                        kinds[c->claim], c->line, c->column);
    json_str(b, c->source);
    exattn_sbuf__printf(b, ", \"verdict\": \"%s\",\n     \"entries\": [",
                        verdicts_json[r->verdict]);
    for (i = 0; i < r->count; i++)
    {
        exattn_sbuf__puts(b, i ? ",\n       " : "\n       ");
        json_entry(b, c->values[i], &r->entries[i],
                   c->claim == EXATTN_CLAIM_HOLDS);
    }
    exattn_sbuf__puts(b, "]}");
}

static void
emit_json(exattn_sbuf *b, const exattn_lesson *l, const exattn_claim *c,
          const exattn_claim_result *r, size_t i)
{
    (void)l;
    exattn_sbuf__puts(b, i ? ",\n    " : "\n    ");
    json_claim(b, c, r);
}

int
exattn_check_write_json(FILE *f, exattn_check_summary_t *sum,
                        const exattn_lesson *l, mpfr_prec_t max_prec,
                        exattn_error_t *err)
{
    exattn_check_summary_t local = { 0, 0, 0 };
    exattn_sbuf b;
    int rc;

    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, "{\"file\": ");
    json_str(&b, l->file);
    exattn_sbuf__puts(&b, ",\n  \"claims\": [");
    rc = check_each(f, &b, l, max_prec, &local, emit_json, err);
    if (rc == EXATTN_OK)
    {
        exattn_sbuf__printf(&b, "],\n  \"summary\": {\"passed\": %zu, "
                            "\"failed\": %zu, \"undecided\": %zu}}\n",
                            local.passed, local.failed, local.undecided);
        rc = exattn_sbuf__flush(&b, f, l->file, err);
    }
    exattn_sbuf__clear(&b);
    if (sum)
        *sum = local;
    return rc;
}
