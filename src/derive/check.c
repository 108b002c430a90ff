/* The report of `exattn check` as a document: a CHECK section whose
 * entries are the lesson's claims, each checked (src/claims/check.c) and
 * handed to the sink with its verdict and evidence before the next is
 * checked; the counts at its end. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "derive/report.h"
#include "lesson/model.h"
#include "claims/check.h"

/* By exattn_claim_kind. */
static const exattn_claimed_t claimed[] = {
    EXATTN_CLAIMED_IS, EXATTN_CLAIMED_APPROX, EXATTN_CLAIMED_NAMED,
    EXATTN_CLAIMED_HOLDS
};

/* What decided an entry: a property's proof is its note, not an
 * enclosure; an undecided entry without a precision was never
 * enclosed. */
static exattn_certificate_t
certificate(const exattn_entry_result *e, int property)
{
    if (property || (e->prec == 0 && e->verdict == EXATTN_UNDECIDED))
        return EXATTN_CERTIFICATE_NONE;
    return e->prec == 0 ? EXATTN_CERTIFICATE_EXACT
                        : EXATTN_CERTIFICATE_ENCLOSURE;
}

static void
claim_value(exattn_doc_claim_value *v, const char *written,
            const exattn_entry_result *e, int property)
{
    v->claimed = written;
    v->verdict = e->verdict;
    v->truth = e->truth;
    v->rounds_to = e->rounds_to;
    v->tie = e->tie;
    v->slip = e->slip;
    v->note = e->note;
    v->certificate = certificate(e, property);
    v->lo = e->enc_lo;
    v->hi = e->enc_hi;
    v->precision = e->prec;
}

/* Claim c (the i-th) and its result as an entry. */
static int
emit(exattn_walk *w, size_t i, const exattn_claim *c,
     const exattn_claim_result *r)
{
    exattn_doc_claim_value *values;
    exattn_doc_claim d;
    size_t k;
    int rc;

    if ((values = calloc(r->count ? r->count : 1, sizeof *values)) == NULL)
        return exattn_error__set(w->err, EXATTN_ENOMEM,
                                 exattn_lesson_file(c->lesson), 0, 0,
                                 "out of memory");
    for (k = 0; k < r->count; k++)
        claim_value(&values[k], c->values[k], &r->entries[k],
                    c->claim == EXATTN_CLAIM_HOLDS);
    d.text = c->text;
    d.expression = c->target == EXATTN_TARGET_EXPR;
    d.variant = c->variant;
    d.minus = c->minus;
    d.minus_base = c->minus != NULL && strcmp(c->minus, "base") == 0;
    d.kind = claimed[c->claim];
    d.line = c->line;
    d.column = c->column;
    d.source = c->source;
    d.verdict = r->verdict;
    d.count = r->count;
    d.values = values;
    rc = exattn_report__entry(w, EXATTN_ROLE_CLAIM, i, &d, NULL);
    free(values);
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

/* An error met while checking claim c that names no place of its own
 * (a value too large to print, a limit) is the claim's: its line and
 * column, so that an editor jumps to it. */
static void
placed(exattn_error_t *err, const exattn_claim *c)
{
    if (err != NULL && err->line == 0 && c->line != 0)
    {
        err->line = c->line;
        err->column = c->column;
    }
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

/* Check every claim, each handed to the sink (those that do not pass
 * with EXATTN_REPORT_FAILURES); a block is built for the first claim on
 * it (the base's, or a block variant's) and kept for the others. */
static int
claims(exattn_walk *w, exattn_check_summary_t *sum, const exattn_lesson *l,
       mpfr_prec_t max_prec, unsigned report)
{
    exattn_error_t *err = w->err;
    exattn_claim_result r;
    exattn_block **blocks;
    size_t i, k;
    int rc = EXATTN_OK;

    if ((blocks = calloc(l->variant_count + 1, sizeof *blocks)) == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    for (i = 0; i < l->claim_count && rc == EXATTN_OK; i++)
    {
        const exattn_claim *c = &l->claims[i];

        k = block_slot(l, c->lesson);
        if (c->target == EXATTN_TARGET_BLOCK && blocks[k] == NULL)
            rc = exattn_block_new(&blocks[k], c->lesson, max_prec, err);
        if (rc == EXATTN_OK
            && (rc = exattn_claims__check(&r, c, blocks[k], max_prec, err))
                   != EXATTN_OK)
            placed(err, c);
        if (rc != EXATTN_OK)
            break;
        count(sum, r.verdict);
        if (!(report & EXATTN_REPORT_FAILURES) || r.verdict != EXATTN_PASS)
            rc = emit(w, i, c, &r);
        exattn_claims__clear(&r);
    }
    for (k = 0; k <= l->variant_count; k++)
        exattn_block_free(blocks[k]);
    free(blocks);
    return rc;
}

int
exattn_derive_check(const exattn_doc_sink *sink, void *ctx,
                    exattn_check_summary_t *summary,
                    const exattn_lesson *l, mpfr_prec_t max_prec,
                    unsigned report, exattn_error_t *err)
{
    exattn_check_summary_t sum = { 0, 0, 0 };
    exattn_doc_section s;
    exattn_walk w;
    int rc;

    if (sink == NULL || l == NULL)
        return exattn_error__set(err, EXATTN_EINVAL, NULL, 0, 0,
                                 "exattn_derive_check: no %s",
                                 sink ? "lesson" : "sink");
    exattn_report__walk(&w, sink, ctx, err);
    exattn_report__section(&w, &s, EXATTN_SECTION_CHECK, l, l->file);
    rc = exattn_walk__begin(&w, &s);
    if (rc == EXATTN_OK)
        rc = claims(&w, &sum, l, max_prec, report);
    if (rc == EXATTN_OK)
    {
        s.check_summary = (report & EXATTN_REPORT_FAILURES) ? NULL : &sum;
        rc = exattn_walk__end(&w, &s);
    }
    if (summary)
        *summary = sum;
    return rc;
}
