/* Claims: checking the numbers a lesson prints (docs/lesson-format.md,
 * "Claims").  `is` is exact equality; `approx` says the written decimal
 * is the correct rounding to nearest of the true value (a tie accepts
 * both neighbours); `named` says an expression equals the quantity
 * exactly, proved equal by the same normal form, proved different by
 * disjoint enclosures, and "undecided" otherwise -- never guessed. */
#ifndef EXATTN_CHECK_H
#define EXATTN_CHECK_H

#include <stdio.h>
#include <mpfr.h>
#include <exattn/error.h>
#include <exattn/lesson.h>
#include <exattn/row.h>
#include <exattn/write.h>

typedef enum
{
    EXATTN_PASS = 0,
    EXATTN_FAIL = 1,
    EXATTN_UNDECIDED = 2
} exattn_verdict_t;

typedef struct
{
    size_t passed, failed, undecided;
} exattn_check_summary_t;

/* The number of claims of a lesson (its variants have none of their
 * own: a claim names its variant). */
size_t exattn_lesson_claim_count(const exattn_lesson *lesson);

/* The verdict of claim i.  `max_prec` caps the working precision of any
 * evaluation (0: the default of exattn_row_eval_decimal).  Errors:
 * EXATTN_EINVAL (no claim i), EXATTN_ENOMEM, EXATTN_ELIMIT. */
EXATTN_WUR int exattn_claim_verdict(exattn_verdict_t *out,
                                    const exattn_lesson *lesson, size_t i,
                                    mpfr_prec_t max_prec,
                                    exattn_error_t *err);

/* Check every claim and write the report: in text, a line per claim
 * (FILE:LINE:COLUMN: VERDICT ..., quoting the claim's "source" when it
 * does not pass) and a last line "P passed, F failed, U undecided"; the
 * JSON document with each verdict's certificate.  `summary` (may be
 * NULL) receives the counts.  Outputs first, as everywhere in the API. */
EXATTN_WUR int exattn_check_write_text(FILE *stream,
                                       exattn_check_summary_t *summary,
                                       const exattn_lesson *lesson,
                                       mpfr_prec_t max_prec,
                                       exattn_error_t *err);
/* The text report's lines of the claims that do not pass (FAIL and
 * UNDECIDED), and nothing else: `exattn check --quiet`. */
EXATTN_WUR int exattn_check_write_failures(FILE *stream,
                                           exattn_check_summary_t *summary,
                                           const exattn_lesson *lesson,
                                           mpfr_prec_t max_prec,
                                           exattn_error_t *err);
EXATTN_WUR int exattn_check_write_json(FILE *stream,
                                       exattn_check_summary_t *summary,
                                       const exattn_lesson *lesson,
                                       mpfr_prec_t max_prec,
                                       exattn_error_t *err);

/* One entry of a quantity got by its path (exattn_lesson_get). */
typedef struct
{
    exattn_status_t status;     /* EXATTN_EXACT or EXATTN_NAMED */
    char *exact;                /* EXACT: the value ("5/4"); else NULL */
    char *text;                 /* its form in text ("e^1/(e^1+e^1+e^2)",
                                   "5/4") */
    char *latex;                /* and in LaTeX */
    char *decimal;              /* certified, rounded to nearest (ties
                                   away from zero); NULL when not asked
                                   for or undecided */
    int decimal_exact;          /* the decimal is the value itself */
    char *undecided;            /* why a decimal asked for is missing
                                   ("undecided at P bits ..."), or NULL */
} exattn_quantity_entry;

/* The quantity at claim path `path` (docs/lesson-format.md, "Paths":
 * "weights[rises]", "output[2][1]", "h1.weights[grid]", "ln1[rises]")
 * of the lesson, or of its variant `variant` (NULL: the base): *count
 * entries in the path's order (one for a scalar), each with its forms,
 * its exact value when it has one, and its certified decimal with
 * `digits` digits (EXATTN_DIGITS_NONE: none).  `max_prec` caps the
 * working precision (0: the default).  A named form's exponents are
 * written as `exattn derive` writes them (e^{√2/2}).  Errors:
 * EXATTN_EFIELD for a path or variant the lesson does not have (the
 * message as a claim's, naming the path: 'path "weights[sky]": no such
 * query row "sky"'),
 * EXATTN_ENOMEM, EXATTN_ELIMIT.  Release with
 * exattn_quantity_entries_free. */
EXATTN_WUR int exattn_lesson_get(exattn_quantity_entry **out, size_t *count,
                                 const exattn_lesson *lesson,
                                 const char *variant, const char *path,
                                 unsigned long digits, mpfr_prec_t max_prec,
                                 exattn_error_t *err);
void exattn_quantity_entries_free(exattn_quantity_entry *entries,
                                  size_t count);

#endif
