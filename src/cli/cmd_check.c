/* exattn check LESSON.json [--format text|json] [--max-prec BITS] [-o FILE]
 */
#include <string.h>
#include "cli/cli.h"

enum { OPT_FORMAT, OPT_OUTPUT, OPT_MAX_PREC, OPT_LIMIT, OPT_HELP };

static const cli_opt opts[] = {
    { "--format", NULL, "FMT",
      "text (default: a line per claim) or json (with certificates)" },
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
    cli_print_help(f, "exattn check LESSON.json [--format text|json] "
                      "[--max-prec BITS] [-o FILE]",
        "Verify the lesson's claims: `is` (exact equality), `approx` (the\n"
        "written decimal is the correct rounding to nearest of the true\n"
        "value, ties away from zero; an exact tie accepts both neighbours),\n"
        "`named` (an expression equal to the quantity, proved by polynomial\n"
        "identity in t = e^(sqrt(s)/L), or by disjoint enclosures when\n"
        "different; otherwise UNDECIDED, never guessed).  One line per\n"
        "claim: PASS, FAIL or UNDECIDED, the claim, the certified true\n"
        "value, and on a FAIL what it rounds to and the usual slip.  Exit\n"
        "status: 0 every claim passes, 1 a claim fails or is undecided,\n"
        "2 bad input or usage.", opts);
}

typedef struct
{
    const char *lesson;
    const char *output;
    int json;
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
        else if (cli_take_positional(&a->lesson, argv[i], "check",
                                     "lesson file") != CLI_EXIT_OK)
            return CLI_EXIT_BAD_INPUT;
    }
    a->lesson = cli_default_input(a->lesson);
    return cli_require(a->lesson, "check", "a lesson file");
}

typedef struct
{
    const check_args *args;
    exattn_check_summary_t sum;
} check_run;

static int
write_report(FILE *f, const exattn_lesson *lesson, void *ctx,
             exattn_error_t *err)
{
    check_run *run = ctx;

    return run->args->json
        ? exattn_check_write_json(f, &run->sum, lesson, run->args->max_prec,
                                  err)
        : exattn_check_write_text(f, &run->sum, lesson, run->args->max_prec,
                                  err);
}

int
cmd_check(int argc, char **argv)
{
    check_args a;
    check_run run = { &a, { 0, 0, 0 } };
    int status = parse_args(&a, argc, argv);

    if (status != CLI_EXIT_OK)
        return status < 0 ? CLI_EXIT_OK : status;
    status = cli_write_lesson(a.lesson, a.output, &a.limits, write_report,
                              &run);
    if (status == CLI_EXIT_OK && (run.sum.failed > 0 || run.sum.undecided > 0))
        status = CLI_EXIT_CLAIM_FAILED;
    return status;
}
