/* exattn check LESSON.json... [--format text|json] [--quiet]
 *              [--max-prec BITS] [-o FILE] */
#include <stddef.h>
#include <string.h>
#include "cli/cli.h"

typedef struct
{
    cli_files lessons;
    const char *output;
    int json, quiet;
    mpfr_prec_t max_prec;
    exattn_limits_t limits;
} check_args;

#define AT(field) offsetof(check_args, field)

static const cli_choice formats[] = {
    { "text", 0, 0 }, { "json", 1, 0 }, { NULL, 0, 0 }
};

static const cli_opt opts[] = {
    { "--format", NULL, CLI_CHOICE, AT(json), "FMT", formats, 0, "text",
      "the report: a line per claim, FILE:LINE:COLUMN: VERDICT, or a JSON "
      "document per lesson with certificates" },
    { "--quiet", "-q", CLI_FLAG, AT(quiet), NULL, NULL, 0, NULL,
      "text: only the claims that do not pass, and no count lines" },
    { "--output", "-o", CLI_TEXT, AT(output), "FILE", NULL, 0, NULL,
      "write FILE, only once the whole report is complete (never one of "
      "the lessons)" },
    { "--max-prec", NULL, CLI_PREC, AT(max_prec), "BITS", NULL,
      EXATTN_MAX_PREC, NULL,
      "cap the working precision; beyond it a verdict is UNDECIDED" },
    { "--limit", NULL, CLI_LIMIT, AT(limits), "NAME=N", NULL, 0, NULL, "" },
    { "--help", "-h", CLI_HELP, 0, NULL, NULL, 0, NULL, "show this help" },
    { NULL, NULL, CLI_FLAG, 0, NULL, NULL, 0, NULL, NULL }
};

static int
add_lesson(void *args, const char *word)
{
    cli_files_add(&((check_args *)args)->lessons, word);
    return CLI_EXIT_OK;
}

const cli_command cli_check_command = {
    "check",
    "exattn check LESSON.json... [--format text|json] [--quiet] "
    "[--max-prec BITS] [-o FILE]",
    "Verify the lesson's claims: `is` (exact equality), `approx` (the\n"
    "written decimal is the correct rounding to nearest of the true\n"
    "value, ties away from zero; an exact tie accepts both neighbours),\n"
    "`named` (an expression equal to the quantity, proved by the same\n"
    "normal form, or by disjoint enclosures when different; otherwise\n"
    "UNDECIDED, never guessed).  One line per\n"
    "claim, FILE:LINE:COLUMN: PASS, FAIL or UNDECIDED, the claim, the\n"
    "certified true value, on a FAIL what it rounds to and the usual\n"
    "slip, and on a line that does not pass the claim's source.  Then\n"
    "\"P passed, F failed, U undecided\"; after several lessons, \"N\n"
    "claims in M files: ...\".\n"
    "Exit status: 0 every claim passes, 1 a claim fails or is\n"
    "undecided, 2 bad input or usage (in any of the files).",
    opts, add_lesson, 0
};

static int
parse_args(check_args *a, int argc, char **argv)
{
    int status;

    memset(a, 0, sizeof *a);
    a->limits = (exattn_limits_t)EXATTN_LIMITS_INIT;
    if (cli_files_init(&a->lessons, argc) != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    if ((status = cli_parse(&cli_check_command, a, argc, argv))
        != CLI_EXIT_OK)
        return status;
    if (a->quiet && a->json)
    {
        cli_error("check --quiet leaves the text report's failures; "
                  "--format json has every claim");
        return CLI_EXIT_BAD_INPUT;
    }
    if (cli_files_finish(&a->lessons, "check", "a lesson file")
        != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    return cli_output_not_input(a->output, &a->lessons, NULL);
}

typedef struct
{
    const check_args *args;
    exattn_check_summary_t total;
    size_t checked;
} check_run;

static int
write_report(FILE *f, const exattn_lesson *lesson, void *ctx,
             exattn_error_t *err)
{
    check_run *run = ctx;
    const check_args *a = run->args;
    exattn_check_summary_t sum = { 0, 0, 0 };
    int rc = a->json
        ? exattn_check_write_json(f, &sum, lesson, a->max_prec, err)
        : a->quiet
        ? exattn_check_write_failures(f, &sum, lesson, a->max_prec, err)
        : exattn_check_write_text(f, &sum, lesson, a->max_prec, err);

    if (rc != EXATTN_OK)
        return rc;
    run->total.passed += sum.passed;
    run->total.failed += sum.failed;
    run->total.undecided += sum.undecided;
    run->checked++;
    return rc;
}

/* After several lessons, "N claims in M files: P passed, F failed, U
 * undecided", and how many could not be read. */
static int
write_total(FILE *f, void *ctx)
{
    const check_run *run = ctx;
    size_t files = run->args->lessons.count;

    if (files < 2 || run->args->json || run->args->quiet)
        return 0;
    fprintf(f, "%zu claims in %zu files: %zu passed, %zu failed, %zu "
            "undecided", run->total.passed + run->total.failed
                         + run->total.undecided, files, run->total.passed,
            run->total.failed, run->total.undecided);
    if (run->checked < files)
        fprintf(f, "; %zu %s not be checked", files - run->checked,
                files - run->checked == 1 ? "file could" : "files could");
    return fputc('\n', f) == EOF;
}

int
cmd_check(int argc, char **argv)
{
    check_args a;
    check_run run;
    int status = parse_args(&a, argc, argv);

    memset(&run, 0, sizeof run);
    run.args = &a;
    if (status == CLI_EXIT_OK)
        status = cli_write_lessons(&a.lessons, a.output, &a.limits,
                                   write_report, write_total, &run);
    else if (status < 0)
        status = CLI_EXIT_OK;   /* --help */
    cli_files_free(&a.lessons);
    if (status == CLI_EXIT_OK
        && (run.total.failed > 0 || run.total.undecided > 0))
        status = CLI_EXIT_CLAIM_FAILED;
    return status;
}
