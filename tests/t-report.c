/* The reports of `exattn check` and `exattn audit` as documents
 * (exattn_derive_check, exattn_derive_audit): one section, an entry per
 * claim or page number with its verdict and what decided it, the counts
 * at its end; the failures-only report; errors before any callback; and
 * the text and JSON writers' reports, which are these documents. */
#include <criterion/criterion.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exattn.h"
#include "helpers.h"

#define MAX_ITEMS 8

typedef struct
{
    int begun, ended;
    exattn_section_t kind;
    const char *file;
    size_t items;
    exattn_verdict_t claim_verdict[MAX_ITEMS];
    exattn_certificate_t certificate[MAX_ITEMS];
    char lo[MAX_ITEMS][64], hi[MAX_ITEMS][64], rounds_to[MAX_ITEMS][16];
    exattn_audit_verdict_t number_verdict[MAX_ITEMS];
    char text[MAX_ITEMS][16];
    unsigned long line[MAX_ITEMS], column[MAX_ITEMS];
    int has_check_summary, has_audit_summary;
    exattn_check_summary_t check_summary;
    exattn_audit_summary_t audit_summary;
} report_rec;

static int
rec_begin(void *ctx, const exattn_doc_section *s)
{
    report_rec *r = ctx;

    r->begun++;
    r->kind = s->kind;
    r->file = s->file;
    return EXATTN_OK;
}

static void
copy(char *to, size_t size, const char *from)
{
    snprintf(to, size, "%s", from ? from : "");
}

static void
rec_claim(report_rec *r, size_t i, const exattn_doc_claim *c)
{
    r->claim_verdict[i] = c->verdict;
    r->line[i] = c->line;
    r->column[i] = c->column;
    cr_assert_eq(c->count, 1);
    r->certificate[i] = c->values[0].certificate;
    copy(r->lo[i], sizeof r->lo[i], c->values[0].lo);
    copy(r->hi[i], sizeof r->hi[i], c->values[0].hi);
    copy(r->rounds_to[i], sizeof r->rounds_to[i], c->values[0].rounds_to);
}

static int
rec_entry(void *ctx, const exattn_doc_entry *e)
{
    report_rec *r = ctx;
    size_t i = r->items++;

    cr_assert_eq(r->begun, 1, "an entry outside the report's section");
    cr_assert_lt(i, MAX_ITEMS);
    if (e->role == EXATTN_ROLE_CLAIM)
        rec_claim(r, i, e->claim);
    else
    {
        cr_assert_eq(e->role, EXATTN_ROLE_NUMBER);
        r->number_verdict[i] = e->number->verdict;
        r->line[i] = e->number->line;
        r->column[i] = e->number->column;
        copy(r->text[i], sizeof r->text[i], e->number->text);
    }
    return EXATTN_OK;
}

static int
rec_end(void *ctx, const exattn_doc_section *s)
{
    report_rec *r = ctx;

    r->ended++;
    if ((r->has_check_summary = s->check_summary != NULL))
        r->check_summary = *s->check_summary;
    if ((r->has_audit_summary = s->audit_summary != NULL))
        r->audit_summary = *s->audit_summary;
    return EXATTN_OK;
}

static exattn_doc_sink
rec_sink(void)
{
    exattn_doc_sink s = EXATTN_DOC_SINK_INIT;

    s.begin = rec_begin;
    s.entry = rec_entry;
    s.end = rec_end;
    return s;
}

/* Two keys of scores 0 and 1, values 0 and 1, no scale: the weights are
 * 1/(1+e) ≈ 0.26894 and e/(1+e) ≈ 0.73106, which is also the output. */
#define HEAD "\"Q\": [[1]], \"K\": [[0],[1]], \"V\": [[0],[1]], " \
             "\"scale\": \"none\""

static const char *const four_claims =
    "{" HEAD ", \"claims\": ["
    "{\"of\": \"scores[1][2]\", \"is\": \"1\"},\n"
    " {\"of\": \"weights[1][2]\", \"approx\": \"0.731\"},\n"
    " {\"of\": \"output[1]\", \"approx\": \"0.74\"},\n"
    " {\"of\": \"weights[1]\", \"holds\": \"distribution\"}]}";

/* e/(1+e) lies in [lo, hi], computed here with MPFR at 200 bits. */
static void
encloses_e_over_1_plus_e(const char *lo, const char *hi)
{
    mpfr_t x, a, b;

    mpfr_inits2(200, x, a, b, (mpfr_ptr)0);
    mpfr_set_ui(x, 1, MPFR_RNDN);
    mpfr_exp(x, x, MPFR_RNDN);
    mpfr_add_ui(a, x, 1, MPFR_RNDN);
    mpfr_div(x, x, a, MPFR_RNDN);
    cr_assert_eq(mpfr_set_str(a, lo, 10, MPFR_RNDD), 0, "%s", lo);
    cr_assert_eq(mpfr_set_str(b, hi, 10, MPFR_RNDU), 0, "%s", hi);
    cr_assert(mpfr_lessequal_p(a, x) && mpfr_lessequal_p(x, b),
              "[%s, %s] misses e/(1+e)", lo, hi);
    /* and decides 0.731 at three digits */
    mpfr_sub(x, b, a, MPFR_RNDU);
    cr_assert_lt(mpfr_get_d(x, MPFR_RNDU), 1e-4);
    mpfr_clears(x, a, b, (mpfr_ptr)0);
}

/* The check report of four_claims into the recorder. */
static void
check_four(report_rec *r, exattn_check_summary_t *sum, unsigned report)
{
    exattn_lesson *l = th_lesson(four_claims);
    exattn_doc_sink sink = rec_sink();
    exattn_error_t err;

    memset(r, 0, sizeof *r);
    cr_assert_eq(exattn_derive_check(&sink, r, sum, l, 0, report, &err),
                 EXATTN_OK, "%s", err.message);
    exattn_lesson_free(l);
}

Test(report, a_check_is_a_section_of_claims_with_their_certificates)
{
    report_rec r;
    exattn_check_summary_t sum;

    check_four(&r, &sum, EXATTN_REPORT_ALL);
    cr_assert_eq(r.begun, 1);
    cr_assert_eq(r.ended, 1);
    cr_assert_eq(r.kind, EXATTN_SECTION_CHECK);
    cr_assert_eq(r.items, 4);
    cr_assert_eq(r.claim_verdict[0], EXATTN_PASS);
    cr_assert_eq(r.certificate[0], EXATTN_CERTIFICATE_EXACT);
    cr_assert_eq(r.claim_verdict[1], EXATTN_PASS);
    cr_assert_eq(r.certificate[1], EXATTN_CERTIFICATE_ENCLOSURE);
    encloses_e_over_1_plus_e(r.lo[1], r.hi[1]);
    cr_assert_eq(r.claim_verdict[2], EXATTN_FAIL);
    cr_assert_str_eq(r.rounds_to[2], "0.73");
    cr_assert_eq(r.claim_verdict[3], EXATTN_PASS);
    cr_assert_eq(r.certificate[3], EXATTN_CERTIFICATE_NONE,
                 "a property's proof is its note");
    /* each claim at its place in the lesson */
    cr_assert_eq(r.line[0], 1);
    cr_assert_eq(r.line[1], 2);
    cr_assert_eq(r.line[3], 4);
    cr_assert(r.has_check_summary);
    cr_assert_eq(r.check_summary.passed, 3);
    cr_assert_eq(r.check_summary.failed, 1);
    cr_assert_eq(r.check_summary.undecided, 0);
    cr_assert_eq(memcmp(&sum, &r.check_summary, sizeof sum), 0);
}

Test(report, failures_only_lists_what_does_not_pass_and_still_counts)
{
    report_rec r;
    exattn_check_summary_t sum;

    check_four(&r, &sum, EXATTN_REPORT_FAILURES);
    cr_assert_eq(r.items, 1);
    cr_assert_eq(r.claim_verdict[0], EXATTN_FAIL);
    cr_assert_eq(r.line[0], 3);
    cr_assert_not(r.has_check_summary);
    cr_assert_eq(sum.passed, 3);
    cr_assert_eq(sum.failed, 1);
}

/* The text report, written through the text writer. */
static char *
check_text(const exattn_lesson *l, int *rc, exattn_error_t *err)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    cr_assert_not_null(f);
    *rc = exattn_check_write_text(f, NULL, l, 0, err);
    fclose(f);
    return buf;
}

Test(report, a_claim_that_cannot_be_decided_leaves_no_partial_report)
{
    /* the second claim's value is too large to print: an error, and the
     * first claim's PASS must not have been written before it */
    static const char json[] =
        "{" HEAD ", \"claims\": [{\"of\": \"scores[1][2]\", \"is\": \"1\"},"
        " {\"expr\": \"e^(10^8)\", \"approx\": \"1.0\"}]}";
    exattn_lesson *l = th_lesson(json);
    /* the second claim's object, in characters (the lesson is ASCII) */
    unsigned long column = (unsigned long)(strstr(json, "{\"expr\"") - json)
                           + 1;
    exattn_error_t err;
    int rc;
    char *out = check_text(l, &rc, &err);

    cr_assert_neq(rc, EXATTN_OK);
    cr_assert_str_eq(out, "", "partial report: %s", out);
    /* and the error is the claim's, at its place in the lesson */
    cr_assert_eq(err.line, 1, "%s", err.message);
    cr_assert_eq(err.column, column, "%lu: %s", err.column, err.message);
    free(out);
    exattn_lesson_free(l);
}

Test(report, the_text_report_is_the_document_line_by_line)
{
    exattn_lesson *l = th_lesson(four_claims);
    exattn_error_t err;
    int rc;
    char *out = check_text(l, &rc, &err), *line;
    size_t lines = 0;

    cr_assert_eq(rc, EXATTN_OK, "%s", err.message);
    /* one line per claim in the compiler's convention, then the counts */
    for (line = out; (line = strchr(line, '\n')) != NULL; line++)
        lines++;
    cr_assert_eq(lines, 5, "%s", out);
    cr_assert_not_null(strstr(out, ":3:2: FAIL output[1] ≈ 0.74  (true: "
                                   "0.73106"), "%s", out);
    cr_assert_not_null(strstr(out, "\n3 passed, 1 failed, 0 undecided\n"),
                       "%s", out);
    free(out);
    exattn_lesson_free(l);
}

static const char page[] =
    "The first weight is 0.269 and the second is 0.731;\n"
    "the output is 0.74. See section 2.1.\n";

static int
audit(report_rec *r, exattn_audit_summary_t *sum, const char *text,
      unsigned report, exattn_error_t *err)
{
    exattn_lesson *l = th_lesson("{" HEAD "}");
    exattn_doc_sink sink = rec_sink();
    exattn_auditor *a;
    int rc;

    memset(r, 0, sizeof *r);
    cr_assert_eq(exattn_auditor_new(&a, l, NULL, err), EXATTN_OK);
    rc = exattn_derive_audit(&sink, r, sum, a, "p.md", text, strlen(text),
                             EXATTN_PAGE_AUTO, report, err);
    exattn_auditor_free(a);
    exattn_lesson_free(l);
    return rc;
}

/* The byte offset of line:column (1-based, columns in characters). */
static size_t
offset(const char *text, unsigned long line, unsigned long column)
{
    size_t at = 0;

    while (--line > 0)
        at = (size_t)(strchr(text + at, '\n') - text) + 1;
    return at + column - 1;
}

Test(report, an_audit_is_a_section_of_numbers_at_their_places)
{
    static const exattn_audit_verdict_t want[] = {
        EXATTN_AUDIT_PASS, EXATTN_AUDIT_PASS, EXATTN_AUDIT_FAIL,
        EXATTN_AUDIT_MENTION
    };
    exattn_audit_summary_t sum;
    exattn_error_t err;
    report_rec r;
    size_t i;

    cr_assert_eq(audit(&r, &sum, page, EXATTN_REPORT_ALL, &err), EXATTN_OK,
                 "%s", err.message);
    cr_assert_eq(r.kind, EXATTN_SECTION_AUDIT);
    cr_assert_str_eq(r.file, "p.md");
    cr_assert_eq(r.items, 4);
    for (i = 0; i < 4; i++)
    {
        const char *at = page + offset(page, r.line[i], r.column[i]);

        cr_assert_eq(r.number_verdict[i], want[i], "number %zu", i + 1);
        cr_assert_eq(strncmp(at, r.text[i], strlen(r.text[i])), 0,
                     "%s is not at %lu:%lu", r.text[i], r.line[i],
                     r.column[i]);
    }
    cr_assert(r.has_audit_summary);
    cr_assert_eq(r.audit_summary.numbers, 4);
    cr_assert_eq(r.audit_summary.passed, 2);
    cr_assert_eq(r.audit_summary.failed, 1);
    cr_assert_eq(r.audit_summary.mentions, 1);
    cr_assert_eq(memcmp(&sum, &r.audit_summary, sizeof sum), 0);

    cr_assert_eq(audit(&r, &sum, page, EXATTN_REPORT_FAILURES, &err),
                 EXATTN_OK);
    cr_assert_eq(r.items, 1);
    cr_assert_str_eq(r.text[0], "0.74");
    cr_assert_not(r.has_audit_summary);
    cr_assert_eq(sum.numbers, 4);
}

Test(report, a_bad_page_is_refused_before_any_callback)
{
    exattn_audit_summary_t sum;
    exattn_error_t err;
    report_rec r;

    /* an unterminated math span on line 2 */
    cr_assert_eq(audit(&r, &sum, "The weight is 0.269.\nThen $w = 0.731\n",
                       EXATTN_REPORT_ALL, &err), EXATTN_ESYNTAX);
    cr_assert_eq(r.begun + r.items + r.ended, 0);
    cr_assert_eq(err.line, 2, "%s", err.message);
}

Test(report, bad_arguments_are_refused)
{
    exattn_lesson *l = th_lesson(four_claims);
    exattn_doc_sink sink = rec_sink();
    exattn_auditor *a;
    exattn_error_t err;
    report_rec r;

    memset(&r, 0, sizeof r);
    cr_assert_eq(exattn_derive_check(NULL, &r, NULL, l, 0, 0, &err),
                 EXATTN_EINVAL);
    cr_assert_eq(exattn_derive_check(&sink, &r, NULL, NULL, 0, 0, &err),
                 EXATTN_EINVAL);
    cr_assert_eq(exattn_auditor_new(&a, l, NULL, &err), EXATTN_OK);
    cr_assert_eq(exattn_derive_audit(&sink, &r, NULL, NULL, "p", page,
                                     strlen(page), EXATTN_PAGE_AUTO, 0,
                                     &err), EXATTN_EINVAL);
    cr_assert_eq(exattn_derive_audit(&sink, &r, NULL, a, "p", NULL, 0,
                                     EXATTN_PAGE_AUTO, 0, &err),
                 EXATTN_EINVAL);
    cr_assert_eq(r.begun + r.items, 0);
    exattn_auditor_free(a);
    exattn_lesson_free(l);
}
