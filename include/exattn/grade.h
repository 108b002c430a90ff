/* Grading a floating-point computation (`exattn grade`, docs/cli.md):
 * a results file gives the floats a program computed for a lesson's
 * quantities, in one binary format; each is graded against the exact
 * value it approximates -- its error in ULPs of its format, exactly or
 * certified, whether it is the correctly rounded result, and, with
 * digits, whether its display at that many decimals is the certified
 * rounding of the truth. */
#ifndef EXATTN_GRADE_H
#define EXATTN_GRADE_H

#include <stdio.h>
#include <mpfr.h>
#include <exattn/error.h>
#include <exattn/lesson.h>
#include <exattn/write.h>

/* What a grade found, counted over every value. */
typedef struct
{
    size_t values;              /* graded */
    size_t correctly_rounded;   /* each the exact value's rounding to
                                   nearest, ties to even */
    size_t wrong_displays;      /* with digits: a display that is not the
                                   certified rounding of the truth */
    size_t over;                /* with a bound: errors proved above it */
    size_t undecided;           /* with a bound: errors whose interval
                                   holds it (not proved either way) */
} exattn_grade_summary_t;

typedef struct
{
    unsigned long digits;       /* decimals of the displays judged;
                                   EXATTN_DIGITS_NONE: none */
    const char *max_ulp;        /* the bound on an error, in ULPs, as a
                                   decimal or a fraction ("5", "0.5",
                                   "1/2"); NULL: none */
    mpfr_prec_t max_prec;       /* caps the working precision (0: the
                                   default) */
    unsigned report;            /* EXATTN_REPORT_ALL, or
                                   EXATTN_REPORT_FAILURES: only the values
                                   not correctly rounded, wrongly
                                   displayed or over the bound */
    const char *variant;        /* grade against this variant of the
                                   lesson (a lab's state); NULL: the
                                   lesson itself */
} exattn_grade_options_t;

#define EXATTN_GRADE_OPTIONS_INIT { EXATTN_DIGITS_NONE, NULL, 0, 0, NULL }

/* Grade the results file `results` (len bytes, named `file`) against
 * `lesson` and write the report: in text, a line per value
 * (FILE:LINE:COLUMN: ...), a line per quantity and the totals; or the
 * JSON document (docs/output-formats.md).  The report is written when
 * every value is graded: bad input (a path the lesson has not, a shape
 * that differs, a value that is no float of the format) is an error
 * naming the file, line and column, and nothing is written.  `summary`
 * (may be NULL) receives the counts.  `opts` NULL: the defaults. */
EXATTN_WUR int exattn_grade_write_text(FILE *stream,
                                       exattn_grade_summary_t *summary,
                                       const exattn_lesson *lesson,
                                       const char *file, const char *results,
                                       size_t len,
                                       const exattn_grade_options_t *opts,
                                       exattn_error_t *err);
EXATTN_WUR int exattn_grade_write_json(FILE *stream,
                                       exattn_grade_summary_t *summary,
                                       const exattn_lesson *lesson,
                                       const char *file, const char *results,
                                       size_t len,
                                       const exattn_grade_options_t *opts,
                                       exattn_error_t *err);

#endif
