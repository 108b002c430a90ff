/* The audit's report: every verdict is decided before the first byte is
 * written, so that bad input (a page that cannot be read, a marker naming
 * no quantity) leaves no partial report.  Text: one line per number in the
 * compiler's convention, FILE:LINE:COLUMN: VERDICT ..., then the summary
 * "N numbers: P passed, F failed, U unsourced".  JSON: the same, with the
 * candidates considered. */
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"

exattn_page_format
exattn_page_format_of(const char *name)
{
    static const struct { const char *ext; exattn_page_format fmt; } by[] = {
        { ".md", EXATTN_PAGE_MARKDOWN }, { ".markdown", EXATTN_PAGE_MARKDOWN },
        { ".html", EXATTN_PAGE_HTML }, { ".htm", EXATTN_PAGE_HTML },
        { ".tex", EXATTN_PAGE_LATEX }, { ".latex", EXATTN_PAGE_LATEX },
    };
    size_t k, n = name ? strlen(name) : 0, e;

    for (k = 0; k < sizeof by / sizeof *by; k++)
    {
        e = strlen(by[k].ext);
        if (n > e && strcmp(name + n - e, by[k].ext) == 0)
            return by[k].fmt;
    }
    return EXATTN_PAGE_TEXT;
}

typedef struct
{
    exattn_page page;
    exattn_audit_result *results;
    exattn_audit_summary_t sum;
} audit;

static void
audit_clear(audit *a)
{
    size_t i;

    for (i = 0; a->results && i < a->page.count; i++)
        exattn_audit__result_clear(&a->results[i]);
    free(a->results);
    exattn_page__clear(&a->page);
}

static int
run(audit *a, exattn_auditor *auditor, const char *file, const char *page,
    size_t len, exattn_page_format fmt, exattn_error_t *err)
{
    exattn_audit_candidates *all;
    size_t i;
    int rc;

    memset(a, 0, sizeof *a);
    if (fmt == EXATTN_PAGE_AUTO)
        fmt = exattn_page_format_of(file);
    if ((rc = exattn_page__read(&a->page, file, page, len, fmt, err))
        != EXATTN_OK)
        return rc;
    if ((a->results = calloc(a->page.count ? a->page.count : 1,
                             sizeof *a->results)) == NULL
        || !exattn_audit__ignore(&a->page, auditor, page, len))
        return exattn_error__set(err, EXATTN_ENOMEM, file, 0, 0,
                                 "out of memory");
    if ((rc = exattn_audit__quantities(&all, auditor, err)) != EXATTN_OK)
        return rc;
    for (i = 0; i < a->page.count && rc == EXATTN_OK; i++)
    {
        const exattn_page_number *n = &a->page.items[i];

        rc = exattn_audit__verdict(&a->results[i], n, all, auditor->lesson,
                                   auditor->max_prec, err);
        if (rc != EXATTN_OK)
            exattn_audit__place_error(err, rc, file, n);
    }
    if (rc == EXATTN_OK)
        rc = exattn_audit__table_peers(a->results, &a->page, all,
                                       auditor->lesson, auditor->max_prec,
                                       err);
    if (rc == EXATTN_OK)
        rc = exattn_audit__own_arithmetic(a->results, &a->page, err);
    if (rc == EXATTN_OK
        && exattn_audit__cohorts(a->results, &a->page) != EXATTN_OK)
        rc = exattn_error__set(err, EXATTN_ENOMEM, file, 0, 0,
                               "out of memory");
    for (i = 0; i < a->page.count && rc == EXATTN_OK; i++)
    {
        switch (a->results[i].verdict)
        {
        case EXATTN_AUDIT_PASS: case EXATTN_AUDIT_NAMED:
            a->sum.passed++;
            break;
        case EXATTN_AUDIT_FAIL: a->sum.failed++; break;
        case EXATTN_AUDIT_WORDING: a->sum.wording++; break;
        case EXATTN_AUDIT_UNDECIDED: a->sum.undecided++; break;
        case EXATTN_AUDIT_MENTION: a->sum.mentions++; break;
        default: a->sum.unsourced++; break;
        }
    }
    a->sum.numbers = a->page.count;
    return rc;
}

static const char *
verdict_word(exattn_audit_verdict_t v)
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

/* The number as the page writes it (its bytes, one line). */
static void
put_quote(FILE *f, const char *page, const exattn_page_number *n)
{
    size_t i, run;

    /* a run of bytes at once, a line break as a space */
    for (i = n->start; i < n->end; i = run)
    {
        for (run = i; run < n->end && page[run] != '\n' && page[run] != '\r';
             run++)
            ;
        fwrite(page + i, 1, run - i, f);
        if (run < n->end)
        {
            fputc(' ', f);
            run++;
        }
    }
}

static void
put_bound(FILE *f, const exattn_audit_result *r, const char *sep)
{
    size_t i;

    /* fputs: a site's report lists thousands of names */
    for (i = 0; i < r->bound_count; i++)
    {
        fputs(i ? ", " : sep, f);
        fputs(r->bound[i], f);
    }
    if (r->considered > r->bound_count)
        fprintf(f, " and %zu more", r->considered - r->bound_count);
}

static void
text_line(FILE *f, const char *file, const char *page,
          const exattn_page_number *n, const exattn_audit_result *r)
{
    fputs(file, f);
    fprintf(f, ":%lu:%lu: ", n->line, n->column);
    fputs(verdict_word(r->verdict), f);
    fputc(' ', f);
    put_quote(f, page, n);
    switch (r->verdict)
    {
    case EXATTN_AUDIT_PASS:
        put_bound(f, r, " = ");
        break;
    case EXATTN_AUDIT_NAMED:
        put_bound(f, r, " = ");
        if (r->note)
            fprintf(f, " (%s)", r->note);
        break;
    case EXATTN_AUDIT_FAIL:
        fprintf(f, " (true: %s %s", r->bound_count ? r->bound[0] : "?",
                r->truth ? r->truth : "?");
        if (r->rounds_to)
        {
            if (r->entry)
                fprintf(f, "; entry %zu rounds to %s", r->entry, r->rounds_to);
            else
                fprintf(f, ", which rounds to %s", r->rounds_to);
        }
        fputs(")", f);
        if (r->slip)
            fprintf(f, " -- %s", r->slip);
        break;
    case EXATTN_AUDIT_WORDING:
        put_bound(f, r, " = ");
        fprintf(f, " (%s) -- %s", r->truth ? r->truth : "?",
                r->note ? r->note : "");
        break;
    case EXATTN_AUDIT_MENTION:
        fprintf(f, " -- %s", r->evidence ? r->evidence : "");
        break;
    case EXATTN_AUDIT_UNDECIDED:
        put_bound(f, r, " -- ");
        fprintf(f, "%s%s", r->bound_count ? ": " : " -- ",
                r->note ? r->note : "");
        if (r->truth)
            fprintf(f, "; nearest: %s", r->truth);
        break;
    default:
        fprintf(f, " -- no quantity of the lesson is this%s%s",
                r->truth ? "; nearest: " : "", r->truth ? r->truth : "");
        if (r->note)
            fprintf(f, " (%s)", r->note);
        break;
    }
    if ((r->verdict == EXATTN_AUDIT_PASS || r->verdict == EXATTN_AUDIT_FAIL)
        && r->note)
        fprintf(f, "; %s", r->note);
    /* why it was taken as a result */
    if (r->verdict != EXATTN_AUDIT_MENTION && r->evidence)
    {
        fputs(" [result by ", f);
        fputs(r->evidence, f);
        fputc(']', f);
    }
    fputc('\n', f);
}

static int
finish(FILE *f, const char *file, exattn_error_t *err)
{
    if (fflush(f) != 0 || ferror(f))
        return exattn_error__set(err, EXATTN_EIO, file, 0, 0,
                                 "cannot write the report");
    return EXATTN_OK;
}

/* The report of every number, decided before this is called. */
typedef void (*report_writer)(FILE *f, const audit *a,
                              const exattn_lesson *lesson, const char *file,
                              const char *page);

static int
write_report(FILE *stream, exattn_audit_summary_t *summary,
             exattn_auditor *auditor, const char *file, const char *page,
             size_t len, exattn_page_format fmt, report_writer write,
             exattn_error_t *err)
{
    audit a;
    int rc = run(&a, auditor, file, page, len, fmt, err);

    if (rc == EXATTN_OK)
    {
        write(stream, &a, auditor->lesson, file, page);
        rc = finish(stream, file, err);
        if (summary)
            *summary = a.sum;
    }
    audit_clear(&a);
    return rc;
}

/* The same with an auditor of the lesson's own, for one page. */
static int
write_once(FILE *stream, exattn_audit_summary_t *summary,
           const exattn_lesson *lesson, const char *file, const char *page,
           size_t len, exattn_page_format fmt, mpfr_prec_t max_prec,
           report_writer write, exattn_error_t *err)
{
    exattn_audit_options_t o = EXATTN_AUDIT_OPTIONS_INIT;
    exattn_auditor *auditor;
    int rc;

    o.max_prec = max_prec;
    if ((rc = exattn_auditor_new(&auditor, lesson, &o, err)) != EXATTN_OK)
        return rc;
    rc = write_report(stream, summary, auditor, file, page, len, fmt, write,
                      err);
    exattn_auditor_free(auditor);
    return rc;
}

/* The lines of the numbers (those that do not pass, for --quiet). */
static void
lines(FILE *f, const audit *a, const char *file, const char *page,
      int failures_only)
{
    size_t i;

    for (i = 0; i < a->page.count; i++)
        if (!failures_only || (a->results[i].verdict != EXATTN_AUDIT_PASS
                               && a->results[i].verdict
                                  != EXATTN_AUDIT_NAMED
                               && a->results[i].verdict
                                  != EXATTN_AUDIT_MENTION))
            text_line(f, file, page, &a->page.items[i], &a->results[i]);
}

static void
text_report(FILE *f, const audit *a, const exattn_lesson *lesson,
            const char *file, const char *page)
{
    (void)lesson;
    lines(f, a, file, page, 0);
    fprintf(f, "%zu numbers: %zu passed, %zu failed, %zu unsourced",
            a->sum.numbers, a->sum.passed, a->sum.failed + a->sum.wording,
            a->sum.unsourced);
    if (a->sum.undecided)
        fprintf(f, ", %zu undecided", a->sum.undecided);
    if (a->sum.mentions)
        fprintf(f, ", %zu mentions", a->sum.mentions);
    fputc('\n', f);
}

/* --quiet: the lines of the numbers that do not pass, nothing else. */
static void
failures_report(FILE *f, const audit *a, const exattn_lesson *lesson,
                const char *file, const char *page)
{
    (void)lesson;
    lines(f, a, file, page, 1);
}

int
exattn_audit_write_failures(FILE *stream, exattn_audit_summary_t *summary,
                            const exattn_lesson *lesson, const char *file,
                            const char *page, size_t len,
                            exattn_page_format fmt, mpfr_prec_t max_prec,
                            exattn_error_t *err)
{
    return write_once(stream, summary, lesson, file, page, len, fmt,
                      max_prec, failures_report, err);
}

int
exattn_auditor_write_failures(FILE *stream, exattn_audit_summary_t *summary,
                              exattn_auditor *a, const char *file,
                              const char *page, size_t len,
                              exattn_page_format fmt, exattn_error_t *err)
{
    return write_report(stream, summary, a, file, page, len, fmt,
                        failures_report, err);
}

int
exattn_audit_write_text(FILE *stream, exattn_audit_summary_t *summary,
                        const exattn_lesson *lesson, const char *file,
                        const char *page, size_t len, exattn_page_format fmt,
                        mpfr_prec_t max_prec, exattn_error_t *err)
{
    return write_once(stream, summary, lesson, file, page, len, fmt,
                      max_prec, text_report, err);
}

int
exattn_auditor_write_text(FILE *stream, exattn_audit_summary_t *summary,
                          exattn_auditor *a, const char *file,
                          const char *page, size_t len, exattn_page_format fmt,
                          exattn_error_t *err)
{
    return write_report(stream, summary, a, file, page, len, fmt,
                        text_report, err);
}

static void
json_string(FILE *f, const char *s)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    exattn_sbuf__json(&b, s ? s : "");
    fwrite(b.s ? b.s : "\"\"", 1, b.s ? b.len : 2, f);
    exattn_sbuf__clear(&b);
}

static void
json_field(FILE *f, const char *name, const char *value)
{
    fprintf(f, ", \"%s\": ", name);
    if (value)
        json_string(f, value);
    else
        fputs("null", f);
}

static void
json_number(FILE *f, const char *page, const exattn_page_number *n,
            const exattn_audit_result *r)
{
    static const char *const words[] = { "pass", "fail", "exact-wording",
                                         "unsourced", "undecided",
                                         "mention", "pass-named" };
    char *quote = malloc(n->end - n->start + 1);
    size_t i;

    fprintf(f, "    {\"line\": %lu, \"column\": %lu", n->line, n->column);
    if (quote)
    {
        memcpy(quote, page + n->start, n->end - n->start);
        quote[n->end - n->start] = '\0';
    }
    json_field(f, "text", quote);
    free(quote);
    fputs(", \"values\": [", f);
    for (i = 0; i < n->count; i++)
    {
        /* a formula's kept symbols as the page writes them */
        char *plain = n->formula ? exattn_page__formula_plain(n->values[i])
                                 : NULL;

        fputs(i ? ", " : "", f);
        json_string(f, plain ? plain : n->values[i]);
        free(plain);
    }
    fprintf(f, "], \"math\": %s, \"verdict\": \"%s\", \"bound\": [",
            n->math ? "true" : "false", words[r->verdict]);
    for (i = 0; i < r->bound_count; i++)
    {
        fputs(i ? ", " : "", f);
        json_string(f, r->bound[i]);
    }
    fprintf(f, "], \"considered\": %zu", r->considered);
    json_field(f, "marker", n->marker);
    json_field(f, "truth", r->truth);
    json_field(f, "rounds_to", r->rounds_to);
    if (r->entry)
        fprintf(f, ", \"entry\": %zu", r->entry);
    json_field(f, "slip", r->slip);
    json_field(f, "note", r->note);
    json_field(f, "arithmetic", n->arithmetic);
    json_field(f, "evidence", r->evidence);
    fputs("}", f);
}

static void
json_report(FILE *f, const audit *a, const exattn_lesson *lesson,
            const char *file, const char *page)
{
    size_t i;

    fputs("{\"schema\": 1, \"page\": ", f);
    json_string(f, file);
    fputs(", \"lesson\": ", f);
    json_string(f, lesson->file);
    fputs(",\n  \"numbers\": [\n", f);
    for (i = 0; i < a->page.count; i++)
    {
        json_number(f, page, &a->page.items[i], &a->results[i]);
        fputs(i + 1 < a->page.count ? ",\n" : "\n", f);
    }
    fprintf(f, "  ],\n  \"summary\": {\"numbers\": %zu, \"passed\": %zu, "
            "\"failed\": %zu, \"exact_wording\": %zu, \"unsourced\": %zu, "
            "\"undecided\": %zu, \"mentions\": %zu}}\n", a->sum.numbers,
            a->sum.passed, a->sum.failed, a->sum.wording, a->sum.unsourced,
            a->sum.undecided, a->sum.mentions);
}

int
exattn_audit_write_json(FILE *stream, exattn_audit_summary_t *summary,
                        const exattn_lesson *lesson, const char *file,
                        const char *page, size_t len, exattn_page_format fmt,
                        mpfr_prec_t max_prec, exattn_error_t *err)
{
    return write_once(stream, summary, lesson, file, page, len, fmt,
                      max_prec, json_report, err);
}

int
exattn_auditor_write_json(FILE *stream, exattn_audit_summary_t *summary,
                          exattn_auditor *a, const char *file,
                          const char *page, size_t len, exattn_page_format fmt,
                          exattn_error_t *err)
{
    return write_report(stream, summary, a, file, page, len, fmt,
                        json_report, err);
}
