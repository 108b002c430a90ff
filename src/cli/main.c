/* exattn: dispatch to a command.  Every command is a thin shell over the
 * public API of libexattn. */
#include <signal.h>
#include <string.h>
#include "cli/cli.h"

static const cli_cmd commands[] = {
    { "derive", cmd_derive,
      "derive a lesson exactly: scores, weights, outputs, blends, variants",
      &cli_derive_command },
    { "check", cmd_check,
      "verify a lesson's claims: PASS or FAIL, with the certified value",
      &cli_check_command },
    { "audit", cmd_audit,
      "audit a lesson page: every number it prints, bound and certified",
      &cli_audit_command },
    { "grade", cmd_grade,
      "grade a float computation of a lesson in ULPs, certified",
      &cli_grade_command },
    { "get", cmd_get,
      "print one quantity of a lesson, exact or named, for a page",
      &cli_get_command },
    { "eval", cmd_eval,
      "evaluate one expression: named form, exactness, certified decimal",
      &cli_eval_command },
    { NULL, NULL, NULL, NULL }
};

static void
usage(FILE *f)
{
    const cli_cmd *c;

    fprintf(f, "usage: exattn COMMAND [ARGS]\n"
               "       exattn --help | --version\n\n"
               "exattn keeps every number of an attention computation as what "
               "it is:\nan exact rational, or a named term such as "
               "e^1/(e^1+e^1+e^2).\n\ncommands:\n");
    for (c = commands; c->name; c++)
        fprintf(f, "  %-8s %s\n", c->name, c->summary);
    fprintf(f, "\n'exattn COMMAND --help' describes a command's options.\n"
               "Exit status: 0 success, 1 a claim, a page's number or a "
               "graded float failed,\n2 bad input or usage.\n");
}

/* "unknown command 'drive' (did you mean 'derive'? see exattn --help)" */
static int
unknown_command(const char *word)
{
    const char *names[sizeof commands / sizeof *commands];
    size_t n = 0, k;

    for (n = 0; commands[n].name; n++)
        names[n] = commands[n].name;
    if ((k = exattn_nearest(names, n, word)) < n)
        cli_error("unknown command '%s' (did you mean '%s'? see exattn "
                  "--help)", word, names[k]);
    else
        cli_error("unknown command '%s' (see exattn --help)", word);
    return CLI_EXIT_BAD_INPUT;
}

/* The man page's option list of a command, from its table (the build
 * writes man/exattn.1 with it). */
static int
options_roff(const char *name)
{
    const cli_cmd *c;

    for (c = commands; c->name; c++)
        if (strcmp(name, c->name) == 0)
        {
            cli_print_roff(stdout, c->options);
            return cli_finish_stdout();
        }
    return unknown_command(name);
}

int
main(int argc, char **argv)
{
    const cli_cmd *c;

    /* A closed pipe is seen as a failed write (EPIPE), so that output is
     * flushed and checked; the command then ends quietly by the signal
     * (cli_quiet_if_closed_pipe), as git and jq do. */
    signal(SIGPIPE, SIG_IGN);
    if (argc < 2)
    {
        usage(stderr);
        return CLI_EXIT_BAD_INPUT;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
    {
        usage(stdout);
        return cli_finish_stdout();
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)
    {
        printf("exattn %s\n", exattn_version());
        return cli_finish_stdout();
    }
    if (argc == 3 && strcmp(argv[1], "--options-roff") == 0)
        return options_roff(argv[2]);
    for (c = commands; c->name; c++)
        if (strcmp(argv[1], c->name) == 0)
            return c->fn(argc - 1, argv + 1);
    return unknown_command(argv[1]);
}
