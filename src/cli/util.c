/* Messages and positional words shared by the commands. */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include "cli/cli.h"

void
cli_error(const char *fmt, ...)
{
    va_list ap;

    fputs("exattn: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void
cli_error_lib(const exattn_error_t *err)
{
    char buf[2200];

    if (err->code == EXATTN_EIO)
        cli_quiet_if_closed_pipe();
    exattn_error_snprint(buf, sizeof buf, err);
    cli_error("%s", buf);
}

void
cli_quiet_if_closed_pipe(void)
{
    /* the reader went away (`exattn derive big.json | head`): end as git
     * and jq do, by the signal, without a word */
    if (errno == EPIPE)
    {
        signal(SIGPIPE, SIG_DFL);
        raise(SIGPIPE);
    }
}

int
cli_finish_stdout(void)
{
    if (fflush(stdout) != 0 || ferror(stdout))
    {
        cli_quiet_if_closed_pipe();
        cli_error("cannot write to standard output");
        return CLI_EXIT_BAD_INPUT;
    }
    return CLI_EXIT_OK;
}

int
cli_take_positional(const char **slot, const char *word, const char *cmd,
                    const char *what)
{
    if (*slot == NULL)
    {
        *slot = word;
        return CLI_EXIT_OK;
    }
    cli_error("%s takes one %s; '%s' is a second", cmd, what, word);
    return CLI_EXIT_BAD_INPUT;
}

int
cli_require(const char *slot, const char *cmd, const char *what)
{
    if (slot != NULL)
        return CLI_EXIT_OK;
    cli_error("%s needs %s (see exattn %s --help)", cmd, what, cmd);
    return CLI_EXIT_BAD_INPUT;
}
