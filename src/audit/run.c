/* An audit of one page: the page read, every number's verdict decided
 * and counted before anything is reported, so that bad input (a page
 * that cannot be read, a marker naming no quantity) leaves no partial
 * report (the report is a document: src/derive/audit.c). */
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

void
exattn_audit__run_clear(exattn_audit_run *a)
{
    size_t i;

    for (i = 0; a->results && i < a->page.count; i++)
        exattn_audit__result_clear(&a->results[i]);
    free(a->results);
    exattn_page__clear(&a->page);
}

int
exattn_audit__run(exattn_audit_run *a, exattn_auditor *auditor,
                  const char *file, const char *page, size_t len,
                  exattn_page_format fmt, exattn_error_t *err)
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
