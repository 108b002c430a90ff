/* Auditing a lesson page: every number the page prints (Markdown, HTML,
 * LaTeX or plain text), bound to the lesson's quantities -- by a marker
 * the page keeps invisible, or by the certified rounding of a quantity at
 * the number's own written precision -- and given a verdict at its line
 * and column (docs/cli.md, "exattn audit"). */
#ifndef EXATTN_AUDIT_H
#define EXATTN_AUDIT_H

#include <stdio.h>
#include <mpfr.h>
#include <exattn/error.h>
#include <exattn/lesson.h>

typedef enum
{
    EXATTN_PAGE_AUTO = 0,       /* by the file name's extension */
    EXATTN_PAGE_TEXT = 1,
    EXATTN_PAGE_MARKDOWN = 2,
    EXATTN_PAGE_HTML = 3,
    EXATTN_PAGE_LATEX = 4
} exattn_page_format;

/* The format a page name's extension says: .md/.markdown, .html/.htm,
 * .tex/.latex; anything else is plain text. */
exattn_page_format exattn_page_format_of(const char *name);

typedef enum
{
    EXATTN_AUDIT_PASS = 0,      /* sourced: a quantity rounds to it */
    EXATTN_AUDIT_FAIL = 1,      /* a quantity it was meant for does not */
    EXATTN_AUDIT_WORDING = 2,   /* right number, wrong word: "exactly" or
                                   a fraction for a named value, "≈" for
                                   an exact one */
    EXATTN_AUDIT_UNSOURCED = 3, /* no quantity of the lesson is near it */
    EXATTN_AUDIT_UNDECIDED = 4, /* not decided within the precision cap:
                                   a rounding next to its boundary, or a
                                   quantity that could not be evaluated */
    EXATTN_AUDIT_MENTION = 5,   /* not a result: a section or figure
                                   number, a version, another model's
                                   setting, a number the page gives no
                                   evidence for (docs/cli.md) */
    EXATTN_AUDIT_NAMED = 6      /* a named formula proved equal to the
                                   quantity (PASS-NAMED; counted among the
                                   passes) */
} exattn_audit_verdict_t;

typedef struct
{
    size_t numbers, passed, failed, wording, unsourced, undecided;
    size_t mentions;            /* never a failure */
} exattn_audit_summary_t;

/* An auditor: one lesson's quantities, evaluated once and shared by every
 * page audited with it (a site's pages against one lesson), and the
 * audit's options.  Not for two threads at once. */
typedef struct exattn_auditor exattn_auditor;

typedef struct
{
    unsigned version;           /* EXATTN_AUDIT_OPTIONS_VERSION */
    mpfr_prec_t max_prec;       /* cap on the working precision; 0: the
                                   default */
    const char *const *ignore;  /* POSIX extended regular expressions: a
                                   number inside a match is a mention */
    size_t ignore_count;
} exattn_audit_options_t;

#define EXATTN_AUDIT_OPTIONS_VERSION 1u
#define EXATTN_AUDIT_OPTIONS_INIT { EXATTN_AUDIT_OPTIONS_VERSION, 0, NULL, 0 }

/* A new auditor for `lesson`, which must outlive it (opts NULL: the
 * defaults).  EXATTN_EINVAL names a pattern that is no regular
 * expression. */
EXATTN_WUR int exattn_auditor_new(exattn_auditor **out,
                                  const exattn_lesson *lesson,
                                  const exattn_audit_options_t *opts,
                                  exattn_error_t *err);
void exattn_auditor_free(exattn_auditor *a);

/* The reports and the filled page of exattn_audit_write_text,
 * _write_failures, _write_json and exattn_audit_fill, with an auditor's
 * quantities and options. */
EXATTN_WUR int exattn_auditor_write_text(FILE *stream,
                                         exattn_audit_summary_t *summary,
                                         exattn_auditor *a, const char *file,
                                         const char *page, size_t len,
                                         exattn_page_format fmt,
                                         exattn_error_t *err);
EXATTN_WUR int exattn_auditor_write_failures(FILE *stream,
                                             exattn_audit_summary_t *summary,
                                             exattn_auditor *a,
                                             const char *file,
                                             const char *page, size_t len,
                                             exattn_page_format fmt,
                                             exattn_error_t *err);
EXATTN_WUR int exattn_auditor_write_json(FILE *stream,
                                         exattn_audit_summary_t *summary,
                                         exattn_auditor *a, const char *file,
                                         const char *page, size_t len,
                                         exattn_page_format fmt,
                                         exattn_error_t *err);
EXATTN_WUR int exattn_auditor_fill(FILE *stream, size_t *changed,
                                   exattn_auditor *a, const char *file,
                                   const char *page, size_t len,
                                   exattn_page_format fmt,
                                   exattn_error_t *err);

/* Audit the page `page` (len bytes, named `file` in messages) against
 * `lesson` and write one line per number (text: FILE:LINE:COLUMN:
 * VERDICT ...) and the summary line, or the JSON document.  Bad input
 * (invalid UTF-8, unterminated math or comment, a marker naming no
 * quantity) is an error with its line and column, before any output.
 * `max_prec` caps the working precision (0: the default). */
EXATTN_WUR int exattn_audit_write_text(FILE *stream,
                                       exattn_audit_summary_t *summary,
                                       const exattn_lesson *lesson,
                                       const char *file, const char *page,
                                       size_t len, exattn_page_format fmt,
                                       mpfr_prec_t max_prec,
                                       exattn_error_t *err);
/* The text report's lines of the numbers that do not pass, and nothing
 * else (`exattn audit --quiet`); `summary` still receives every count. */
EXATTN_WUR int exattn_audit_write_failures(FILE *stream,
                                           exattn_audit_summary_t *summary,
                                           const exattn_lesson *lesson,
                                           const char *file,
                                           const char *page, size_t len,
                                           exattn_page_format fmt,
                                           mpfr_prec_t max_prec,
                                           exattn_error_t *err);
EXATTN_WUR int exattn_audit_write_json(FILE *stream,
                                       exattn_audit_summary_t *summary,
                                       const exattn_lesson *lesson,
                                       const char *file, const char *page,
                                       size_t len, exattn_page_format fmt,
                                       mpfr_prec_t max_prec,
                                       exattn_error_t *err);

/* The page again with every marked number written from the lesson: the
 * certified rounding to the marker's digits=N or to the digits the page
 * wrote (an exact value where the page writes a fraction), and every
 * empty pair of markers (<!-- exattn PATH digits=N --><!-- /exattn -->)
 * filled; every other byte as it was.  `changed` (may be NULL) receives
 * the number of entries whose text changed.  Nothing is written on an
 * error. */
EXATTN_WUR int exattn_audit_fill(FILE *stream, size_t *changed,
                                 const exattn_lesson *lesson,
                                 const char *file, const char *page,
                                 size_t len, exattn_page_format fmt,
                                 mpfr_prec_t max_prec, exattn_error_t *err);

#endif
