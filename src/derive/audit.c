/* The report of `exattn audit` as a document: the page read and every
 * number's verdict decided first (src/audit/run.c), then an AUDIT
 * section whose entries are the numbers, with the counts at its end. */
#include <stdlib.h>
#include <string.h>
#include "derive/report.h"
#include "audit/audit.h"

/* The numbers listed under EXATTN_REPORT_FAILURES: not those that pass
 * (by rounding or by name) or are mentions. */
static int
fails(exattn_audit_verdict_t v)
{
    return v != EXATTN_AUDIT_PASS && v != EXATTN_AUDIT_NAMED
           && v != EXATTN_AUDIT_MENTION;
}

/* A number's values as the page writes them: a formula's kept symbols
 * in the page's own form ("w_{1,2}", not exattn's placeholder), made
 * here (the caller frees them); any other number's values are the
 * page's own.  NULL when out of memory. */
static char **
written_values(const exattn_page_number *n)
{
    char **v;
    size_t i;

    if (!n->formula)
        return n->values;       /* already as the page writes them */
    v = calloc(n->count ? n->count : 1, sizeof *v);
    for (i = 0; v && i < n->count; i++)
    {
        v[i] = exattn_page__formula_plain(n->values[i]);
        if (v[i] == NULL)
            v[i] = exattn_str__dup(n->values[i]);
        if (v[i] == NULL)
        {
            while (i > 0)
                free(v[--i]);
            free(v);
            return NULL;
        }
    }
    return v;
}

static void
fill(exattn_doc_number *d, const exattn_page_number *n,
     const exattn_audit_result *r)
{
    d->line = n->line;
    d->column = n->column;
    d->count = n->count;
    d->math = n->math;
    d->verdict = r->verdict;
    d->bound_count = r->bound_count;
    d->bound = r->bound;
    d->considered = r->considered;
    d->marker = n->marker;
    d->truth = r->truth;
    d->rounds_to = r->rounds_to;
    d->entry = r->entry;
    d->slip = r->slip;
    d->note = r->note;
    d->arithmetic = n->arithmetic;
    d->evidence = r->evidence;
}

/* Number i of the run as an entry: its text is the page's bytes. */
static int
emit(exattn_walk *w, const exattn_audit_run *a, size_t i, const char *file,
     const char *page)
{
    const exattn_page_number *n = &a->page.items[i];
    exattn_doc_number d;
    char *text = malloc(n->end - n->start + 1), **values = NULL;
    size_t k;
    int rc;

    /* a number's own values may be none (an empty marker's) */
    values = text != NULL ? written_values(n) : NULL;
    if (text == NULL || (n->formula && values == NULL))
    {
        free(text);
        return exattn_error__set(w->err, EXATTN_ENOMEM, file, 0, 0,
                                 "out of memory");
    }
    memcpy(text, page + n->start, n->end - n->start);
    text[n->end - n->start] = '\0';
    fill(&d, n, &a->results[i]);
    d.text = text;
    d.values = values;
    rc = exattn_report__entry(w, EXATTN_ROLE_NUMBER, i, NULL, &d);
    for (k = 0; n->formula && k < n->count; k++)
        free(values[k]);
    if (n->formula)
        free(values);
    free(text);
    return rc;
}

int
exattn_derive_audit(const exattn_doc_sink *sink, void *ctx,
                    exattn_audit_summary_t *summary,
                    exattn_auditor *auditor, const char *file,
                    const char *page, size_t len, exattn_page_format fmt,
                    unsigned report, exattn_error_t *err)
{
    exattn_audit_run a;
    exattn_doc_section s;
    exattn_walk w;
    size_t i;
    int rc;

    if (sink == NULL || auditor == NULL || page == NULL)
        return exattn_error__set(err, EXATTN_EINVAL, file, 0, 0,
                                 "exattn_derive_audit: no %s",
                                 sink ? auditor ? "page" : "auditor"
                                      : "sink");
    rc = exattn_audit__run(&a, auditor, file, page, len, fmt, err);
    exattn_report__walk(&w, sink, ctx, err);
    exattn_report__section(&w, &s, EXATTN_SECTION_AUDIT, auditor->lesson,
                           file);
    if (rc == EXATTN_OK)
        rc = exattn_walk__begin(&w, &s);
    for (i = 0; i < a.page.count && rc == EXATTN_OK; i++)
        if (!(report & EXATTN_REPORT_FAILURES)
            || fails(a.results[i].verdict))
            rc = emit(&w, &a, i, file, page);
    if (rc == EXATTN_OK)
    {
        s.audit_summary = (report & EXATTN_REPORT_FAILURES) ? NULL : &a.sum;
        rc = exattn_walk__end(&w, &s);
    }
    if (rc == EXATTN_OK && summary)
        *summary = a.sum;
    exattn_audit__run_clear(&a);
    return rc;
}
