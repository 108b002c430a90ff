/* exattn check LESSON.json... [--format text|json] [--quiet]
 *              [--max-prec BITS] [-o FILE] */
#include <string.h>
#include "cli/cli.h"

enum { OPT_FORMAT, OPT_QUIET, OPT_OUTPUT, OPT_MAX_PREC, OPT_LIMIT,
       OPT_HELP };

static const cli_opt opts[] = {
    { "--format", NULL, "FMT",
      "text (default: a line per claim, FILE:LINE:COLUMN: VERDICT) or\n"
      "                         json (a document per lesson, with "
      "certificates)" },
    { "--quiet", "-q", NULL,
      "text: only the claims that do not pass, and no count lines" },
    { "--output", "-o", "FILE",
      "write FILE, only once the whole report is complete" },
    { "--max-prec", NULL, "BITS",
      "cap the working precision; beyond it a verdict is UNDECIDED" },
    { "--limit", NULL, "NAME=N", CLI_LIMIT_HELP },
    { "--help", "-h", NULL, "show this help" },
    { NULL, NULL, NULL, NULL }
};

static void
help(FILE *f)
{
    cli_print_help(f, "exattn check LESSON.json... [--format text|json] "
                      "[--quiet] [--max-prec BITS] [-o FILE]",
        "Verify the lesson's claims: `is` (exact equality), `approx` (the\n"
        "written decimal is the correct rounding to nearest of the true\n"
        "value, ties away from zero; an exact tie accepts both neighbours),\n"
        "`named` (an expression equal to the quantity, proved by polynomial\n"
        "identity in t = e^(sqrt(s)/L), or by disjoint enclosures when\n"
        "different; otherwise UNDECIDED, never guessed).  One line per\n"
        "claim, FILE:LINE:COLUMN: PASS, FAIL or UNDECIDED, the claim, the\n"
        "certified true value, on a FAIL what it rounds to and the usual\n"
        "slip, and on a line that does not pass the claim's source.  Then\n"
        "\"P passed, F failed, U undecided\"; after several lessons, \"N\n"
        "claims in M files: ...\".\n"
        "Exit status: 0 every claim passes, 1 a claim fails or is\n"
        "undecided, 2 bad input or usage (in any of the files).", opts);
}

typedef struct
{
    cli_files lessons;
    const char *output;
    int json, quiet;
    mpfr_prec_t max_prec;
    exattn_limits_t limits;
} check_args;

static int
parse_args(check_args *a, int argc, char **argv)
{
    const char *arg;
    unsigned long v;
    int i, k;

    memset(a, 0, sizeof *a);
    a->limits = (exattn_limits_t)EXATTN_LIMITS_INIT;
    if (cli_files_init(&a->lessons, argc) != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    for (i = 1; i < argc; i++)
    {
        k = cli_next_opt(argc, argv, &i, opts, &arg);
        if (k == -2)
            return CLI_EXIT_BAD_INPUT;
        if (k == OPT_HELP)
        {
            help(stdout);
            return -1;
        }
        if (k == OPT_FORMAT && (strcmp(arg, "text") == 0
                                || strcmp(arg, "json") == 0))
            a->json = strcmp(arg, "json") == 0;
        else if (k == OPT_FORMAT)
        {
            cli_error("--format %s: expected text or json", arg);
            return CLI_EXIT_BAD_INPUT;
        }
        else if (k == OPT_QUIET)
            a->quiet = 1;
        else if (k == OPT_OUTPUT)
            a->output = arg;
        else if (k == OPT_LIMIT)
        {
            if (cli_parse_limit(&a->limits, arg) != CLI_EXIT_OK)
                return CLI_EXIT_BAD_INPUT;
        }
        else if (k == OPT_MAX_PREC)
        {
            if (cli_parse_count(&v, "--max-prec", arg,
                                EXATTN_MAX_PREC)
                != CLI_EXIT_OK)
                return CLI_EXIT_BAD_INPUT;
            a->max_prec = (mpfr_prec_t)v;
        }
        else
            cli_files_add(&a->lessons, argv[i]);
    }
    if (a->quiet && a->json)
    {
        cli_error("check --quiet leaves the text report's failures; "
                  "--format json has every claim");
        return CLI_EXIT_BAD_INPUT;
    }
    return cli_files_finish(&a->lessons, "check", "a lesson file");
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
