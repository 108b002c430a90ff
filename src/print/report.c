/* The reports of `exattn check` and `exattn audit` (include/exattn/
 * check.h, audit.h): the report document (exattn_derive_check,
 * exattn_derive_audit) written by the text or the JSON writer. */
#include "internal.h"
#include "exattn/doc.h"
#include "print/report.h"

typedef int (*report_fn)(FILE *f, exattn_report_walk walk, const void *arg,
                         const char *file, exattn_error_t *err);

/* ---- exattn check ------------------------------------------------------ */

typedef struct
{
    exattn_check_summary_t *summary;
    const exattn_lesson *lesson;
    mpfr_prec_t max_prec;
    unsigned report;
} check_args;

static int
check_walk(const exattn_doc_sink *sink, void *ctx, const void *arg,
           exattn_error_t *err)
{
    const check_args *a = arg;

    return exattn_derive_check(sink, ctx, a->summary, a->lesson,
                               a->max_prec, a->report, err);
}

static int
check(report_fn write, FILE *f, exattn_check_summary_t *summary,
      const exattn_lesson *l, mpfr_prec_t max_prec, unsigned report,
      exattn_error_t *err)
{
    check_args a;

    a.summary = summary;
    a.lesson = l;
    a.max_prec = max_prec;
    a.report = report;
    return write(f, check_walk, &a, exattn_lesson_file(l), err);
}

int
exattn_check_write_text(FILE *f, exattn_check_summary_t *summary,
                        const exattn_lesson *l, mpfr_prec_t max_prec,
                        exattn_error_t *err)
{
    return check(exattn_text__report, f, summary, l, max_prec,
                 EXATTN_REPORT_ALL, err);
}

int
exattn_check_write_failures(FILE *f, exattn_check_summary_t *summary,
                            const exattn_lesson *l, mpfr_prec_t max_prec,
                            exattn_error_t *err)
{
    return check(exattn_text__report, f, summary, l, max_prec,
                 EXATTN_REPORT_FAILURES, err);
}

int
exattn_check_write_json(FILE *f, exattn_check_summary_t *summary,
                        const exattn_lesson *l, mpfr_prec_t max_prec,
                        exattn_error_t *err)
{
    return check(exattn_json__report, f, summary, l, max_prec,
                 EXATTN_REPORT_ALL, err);
}

/* ---- exattn audit ------------------------------------------------------ */

typedef struct
{
    exattn_audit_summary_t *summary;
    exattn_auditor *auditor;
    const char *file, *page;
    size_t len;
    exattn_page_format fmt;
    unsigned report;
} audit_args;

static int
audit_walk(const exattn_doc_sink *sink, void *ctx, const void *arg,
           exattn_error_t *err)
{
    const audit_args *a = arg;

    return exattn_derive_audit(sink, ctx, a->summary, a->auditor, a->file,
                               a->page, a->len, a->fmt, a->report, err);
}

static int
audit(report_fn write, FILE *f, exattn_audit_summary_t *summary,
      exattn_auditor *auditor, const char *file, const char *page,
      size_t len, exattn_page_format fmt, unsigned report,
      exattn_error_t *err)
{
    audit_args a;

    a.summary = summary;
    a.auditor = auditor;
    a.file = file;
    a.page = page;
    a.len = len;
    a.fmt = fmt;
    a.report = report;
    return write(f, audit_walk, &a, file, err);
}

/* The same with an auditor of the lesson's own, for one page. */
static int
audit_once(report_fn write, FILE *f, exattn_audit_summary_t *summary,
           const exattn_lesson *lesson, const char *file, const char *page,
           size_t len, exattn_page_format fmt, mpfr_prec_t max_prec,
           unsigned report, exattn_error_t *err)
{
    exattn_audit_options_t o = EXATTN_AUDIT_OPTIONS_INIT;
    exattn_auditor *auditor;
    int rc;

    o.max_prec = max_prec;
    if ((rc = exattn_auditor_new(&auditor, lesson, &o, err)) != EXATTN_OK)
        return rc;
    rc = audit(write, f, summary, auditor, file, page, len, fmt, report,
               err);
    exattn_auditor_free(auditor);
    return rc;
}

int
exattn_auditor_write_text(FILE *f, exattn_audit_summary_t *summary,
                          exattn_auditor *a, const char *file,
                          const char *page, size_t len, exattn_page_format fmt,
                          exattn_error_t *err)
{
    return audit(exattn_text__report, f, summary, a, file, page, len, fmt,
                 EXATTN_REPORT_ALL, err);
}

int
exattn_auditor_write_failures(FILE *f, exattn_audit_summary_t *summary,
                              exattn_auditor *a, const char *file,
                              const char *page, size_t len,
                              exattn_page_format fmt, exattn_error_t *err)
{
    return audit(exattn_text__report, f, summary, a, file, page, len, fmt,
                 EXATTN_REPORT_FAILURES, err);
}

int
exattn_auditor_write_json(FILE *f, exattn_audit_summary_t *summary,
                          exattn_auditor *a, const char *file,
                          const char *page, size_t len, exattn_page_format fmt,
                          exattn_error_t *err)
{
    return audit(exattn_json__report, f, summary, a, file, page, len, fmt,
                 EXATTN_REPORT_ALL, err);
}

int
exattn_audit_write_text(FILE *f, exattn_audit_summary_t *summary,
                        const exattn_lesson *l, const char *file,
                        const char *page, size_t len, exattn_page_format fmt,
                        mpfr_prec_t max_prec, exattn_error_t *err)
{
    return audit_once(exattn_text__report, f, summary, l, file, page, len,
                      fmt, max_prec, EXATTN_REPORT_ALL, err);
}

int
exattn_audit_write_failures(FILE *f, exattn_audit_summary_t *summary,
                            const exattn_lesson *l, const char *file,
                            const char *page, size_t len,
                            exattn_page_format fmt, mpfr_prec_t max_prec,
                            exattn_error_t *err)
{
    return audit_once(exattn_text__report, f, summary, l, file, page, len,
                      fmt, max_prec, EXATTN_REPORT_FAILURES, err);
}

int
exattn_audit_write_json(FILE *f, exattn_audit_summary_t *summary,
                        const exattn_lesson *l, const char *file,
                        const char *page, size_t len, exattn_page_format fmt,
                        mpfr_prec_t max_prec, exattn_error_t *err)
{
    return audit_once(exattn_json__report, f, summary, l, file, page, len,
                      fmt, max_prec, EXATTN_REPORT_ALL, err);
}

/* ---- exattn grade ------------------------------------------------------ */

typedef struct
{
    exattn_grade_summary_t *summary;
    const exattn_lesson *lesson;
    const char *file, *results;
    size_t len;
    const exattn_grade_options_t *opts;
} grade_args;

static int
grade_walk(const exattn_doc_sink *sink, void *ctx, const void *arg,
           exattn_error_t *err)
{
    const grade_args *a = arg;

    return exattn_derive_grade(sink, ctx, a->summary, a->lesson, a->file,
                               a->results, a->len, a->opts, err);
}

static int
grade(report_fn write, FILE *f, exattn_grade_summary_t *summary,
      const exattn_lesson *l, const char *file, const char *results,
      size_t len, const exattn_grade_options_t *opts, exattn_error_t *err)
{
    grade_args a;

    a.summary = summary;
    a.lesson = l;
    a.file = file;
    a.results = results;
    a.len = len;
    a.opts = opts;
    return write(f, grade_walk, &a, file, err);
}

int
exattn_grade_write_text(FILE *f, exattn_grade_summary_t *summary,
                        const exattn_lesson *l, const char *file,
                        const char *results, size_t len,
                        const exattn_grade_options_t *opts,
                        exattn_error_t *err)
{
    return grade(exattn_text__report, f, summary, l, file, results, len,
                 opts, err);
}

int
exattn_grade_write_json(FILE *f, exattn_grade_summary_t *summary,
                        const exattn_lesson *l, const char *file,
                        const char *results, size_t len,
                        const exattn_grade_options_t *opts,
                        exattn_error_t *err)
{
    return grade(exattn_json__report, f, summary, l, file, results, len,
                 opts, err);
}
