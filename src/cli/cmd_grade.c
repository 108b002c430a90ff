/* exattn grade LESSON.json RESULTS.json [--format text|json] [--quiet]
 *              [--digits N] [--max-ulp K] [--max-prec BITS] [-o FILE] */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

typedef struct
{
    const char *lesson, *results, *output, *max_ulp, *variant;
    int json, quiet;
    unsigned long digits;
    mpfr_prec_t max_prec;
    exattn_limits_t limits;
} grade_args;

#define AT(field) offsetof(grade_args, field)

static const cli_choice formats[] = {
    { "text", 0, 0 }, { "json", 1, 0 }, { NULL, 0, 0 }
};

static const cli_opt opts[] = {
    { "--format", NULL, CLI_CHOICE, AT(json), "FMT", formats, 0, "text",
      "the report: a line per value, FILE:LINE:COLUMN: VERDICT, or a JSON "
      "document with \"schema\": 1" },
    { "--digits", NULL, CLI_COUNT, AT(digits), "N", NULL, EXATTN_MAX_DIGITS,
      NULL, "judge each value's display with N digits after the point "
      "against the certified rounding of the truth (ties away from zero)" },
    { "--max-ulp", NULL, CLI_TEXT, AT(max_ulp), "K", NULL, 0, NULL,
      "exit status 1 when an error is over K ULPs (5, 0.5, 1/2), or not "
      "decided against K" },
    { "--variant", NULL, CLI_TEXT, AT(variant), "NAME", NULL, 0, NULL,
      "grade against this variant of the lesson (a lab's state)" },
    { "--quiet", "-q", CLI_FLAG, AT(quiet), NULL, NULL, 0, NULL,
      "text: only the values not correctly rounded, wrongly displayed or "
      "over K, then the summary" },
    { "--output", "-o", CLI_TEXT, AT(output), "FILE", NULL, 0, NULL,
      "write FILE, only once the whole report is complete (never an "
      "input)" },
    { "--max-prec", NULL, CLI_PREC, AT(max_prec), "BITS", NULL,
      EXATTN_MAX_PREC, NULL, "cap the working precision of any "
      "evaluation" },
    { "--limit", NULL, CLI_LIMIT, AT(limits), "NAME=N", NULL, 0, NULL, "" },
    { "--help", "-h", CLI_HELP, 0, NULL, NULL, 0, NULL, "show this help" },
    { NULL, NULL, CLI_FLAG, 0, NULL, NULL, 0, NULL, NULL }
};

static int
take_word(void *args, const char *word)
{
    grade_args *a = args;

    if (a->lesson == NULL)
        return cli_take_positional(&a->lesson, word, "grade", "lesson");
    return cli_take_positional(&a->results, word, "grade", "results file");
}

const cli_command cli_grade_command = {
    "grade",
    "exattn grade LESSON.json RESULTS.json [--format text|json] [--quiet] "
    "[--digits N] [--max-ulp K] [--variant NAME] [-o FILE]",
    "Grade a floating-point computation of the lesson: RESULTS gives the\n"
    "floats a program computed, by claim path (weights[rises],\n"
    "output[2], or a whole row quantity, weights, output), in one\n"
    "format (binary64, binary32, binary16, bfloat16), as decimal\n"
    "strings or C99 hex floats (\"-\": standard input).  Each is graded\n"
    "against the exact value: its error in ULPs of its format, exactly\n"
    "or certified (every digit proven), and whether it is the correctly\n"
    "rounded result; with --digits, whether its display is the\n"
    "certified rounding.  Then each path's count, max and mean error,\n"
    "and its worst entry; the totals last.\n"
    "Exit status: 0 every value within the bounds asked for, 1 an\n"
    "error over --max-ulp (or not decided against it) or a wrong\n"
    "display, 2 bad input or usage (in either file).",
    opts, take_word, 0
};

/* --max-ulp K: a number of ULPs, 0 or more. */
static int
bound_ok(const char *k)
{
    mpq_t q;
    exattn_error_t err;
    int ok;

    mpq_init(q);
    exattn_error_init(&err);
    ok = exattn_mpq_set_text(q, k, strlen(k), &err) == EXATTN_OK
         && mpq_sgn(q) >= 0;
    mpq_clear(q);
    return ok;
}

static int
parse_args(grade_args *a, int argc, char **argv)
{
    int status;

    memset(a, 0, sizeof *a);
    a->digits = EXATTN_DIGITS_NONE;
    a->limits = (exattn_limits_t)EXATTN_LIMITS_INIT;
    if ((status = cli_parse(&cli_grade_command, a, argc, argv))
        != CLI_EXIT_OK)
        return status;
    if ((status = cli_require(a->lesson, "grade", "a lesson file"))
        != CLI_EXIT_OK
        || (status = cli_require(a->results, "grade", "a results file"))
               != CLI_EXIT_OK)
        return status;
    if (cli_is_stdin(a->lesson) && cli_is_stdin(a->results))
    {
        cli_error("grade: the lesson and the results cannot both be "
                  "standard input");
        return CLI_EXIT_BAD_INPUT;
    }
    if (a->max_ulp != NULL && !bound_ok(a->max_ulp))
    {
        cli_error("grade --max-ulp \"%s\": not a number of ULPs (0 or "
                  "more: 5, 0.5, 1/2)", a->max_ulp);
        return CLI_EXIT_BAD_INPUT;
    }
    if (a->quiet && a->json)
    {
        cli_error("grade --quiet leaves the text report's failures; "
                  "--format json has every value");
        return CLI_EXIT_BAD_INPUT;
    }
    if ((status = cli_output_not_input(a->output, NULL, a->lesson))
        != CLI_EXIT_OK)
        return status;
    return cli_output_not_input(a->output, NULL, a->results);
}

/* Grade and write the report, all or nothing. */
static int
grade(const grade_args *a, exattn_grade_summary_t *sum)
{
    exattn_grade_options_t o = EXATTN_GRADE_OPTIONS_INIT;
    exattn_lesson *lesson = NULL;
    exattn_error_t err;
    cli_output out;
    char *results;
    size_t len;
    int rc, status;

    if (cli_read_lesson(&lesson, a->lesson, &a->limits) != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    if ((results = cli_read_input(a->results, a->limits.max_file_bytes,
                                  &len)) == NULL)
    {
        exattn_lesson_free(lesson);
        return CLI_EXIT_BAD_INPUT;
    }
    o.digits = a->digits;
    o.max_ulp = a->max_ulp;
    o.max_prec = a->max_prec;
    o.variant = a->variant;
    o.report = a->quiet ? EXATTN_REPORT_FAILURES : EXATTN_REPORT_ALL;
    exattn_error_init(&err);
    status = cli_output_open(&out, a->output);
    if (status == CLI_EXIT_OK)
    {
        rc = a->json
                 ? exattn_grade_write_json(out.f, sum, lesson,
                                           cli_input_name(a->results),
                                           results, len, &o, &err)
                 : exattn_grade_write_text(out.f, sum, lesson,
                                           cli_input_name(a->results),
                                           results, len, &o, &err);
        if (rc != EXATTN_OK)
            cli_error_lib(&err);
        status = cli_output_close(&out, rc == EXATTN_OK);
        if (rc != EXATTN_OK)
            status = CLI_EXIT_BAD_INPUT;
    }
    free(results);
    exattn_lesson_free(lesson);
    return status;
}

int
cmd_grade(int argc, char **argv)
{
    grade_args a;
    exattn_grade_summary_t sum;
    int status = parse_args(&a, argc, argv);

    memset(&sum, 0, sizeof sum);
    if (status < 0)
        return CLI_EXIT_OK;     /* --help */
    if (status == CLI_EXIT_OK)
        status = grade(&a, &sum);
    if (status == CLI_EXIT_OK
        && (sum.over > 0 || sum.undecided > 0 || sum.wrong_displays > 0))
        status = CLI_EXIT_CLAIM_FAILED;
    return status;
}
