/* Messages and option parsing shared by the commands. */
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

/* Columns of a UTF-8 string of n bytes: its characters, not its bytes
 * ("√" is one). */
static size_t
columns(const char *s, size_t n)
{
    size_t i, c = 0;

    for (i = 0; i < n; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* `text` as words (any run of white space is one break), filled to
 * HELP_WIDTH columns; the cursor is at column `at`, and a new line starts
 * at `indent`. */
#define HELP_WIDTH 79
static void
put_filled(FILE *f, const char *text, size_t at, size_t indent)
{
    size_t n, w, first = 1;

    while (*text)
    {
        text += strspn(text, " \n");
        if (*text == '\0')
            break;
        n = strcspn(text, " \n");
        w = columns(text, n);
        if (!first && at + 1 + w > HELP_WIDTH)
        {
            fprintf(f, "\n%*s", (int)indent, "");
            at = indent;
        }
        else if (!first)
        {
            fputc(' ', f);
            at++;
        }
        fwrite(text, 1, n, f);
        at += w;
        text += n;
        first = 0;
    }
    fputc('\n', f);
}

void
cli_print_help(FILE *f, const char *usage, const char *about,
               const cli_opt *opts)
{
    char left[64];
    size_t prog = strcspn(usage, " "), cmd, width;

    /* the usage filled under its first argument: "usage: exattn derive " */
    cmd = usage[prog] ? strcspn(usage + prog + 1, " ") + 1 : 0;
    cmd = strlen("usage: ") + prog + 1 + cmd;
    fputs("usage: ", f);
    put_filled(f, usage, strlen("usage: "), cmd);
    fprintf(f, "\n%s\n\noptions:\n", about);
    for (; opts->long_name; opts++)
    {
        snprintf(left, sizeof left, "%s%s%s%s%s",
                 opts->short_name ? opts->short_name : "",
                 opts->short_name ? ", " : "", opts->long_name,
                 opts->arg ? " " : "", opts->arg ? opts->arg : "");
        width = strlen(left) > 22 ? strlen(left) : 22;
        fprintf(f, "  %-22s ", left);
        put_filled(f, opts->help, 2 + width + 1, 25);
    }
}

int
cli_next_opt(int argc, char **argv, int *i, const cli_opt *opts,
             const char **arg)
{
    const char *word = argv[*i];
    const char *eq = strchr(word, '=');
    size_t len = eq && strncmp(word, "--", 2) == 0 ? (size_t)(eq - word)
                                                   : strlen(word);
    int k;

    *arg = NULL;
    if (word[0] != '-' || strcmp(word, "-") == 0)
        return -1;
    for (k = 0; opts[k].long_name; k++)
    {
        int is_long = strlen(opts[k].long_name) == len
                      && strncmp(word, opts[k].long_name, len) == 0;
        int is_short = opts[k].short_name
                       && strcmp(word, opts[k].short_name) == 0;

        if (!is_long && !is_short)
            continue;
        if (opts[k].arg == NULL)
        {
            if (is_long && eq)
            {
                cli_error("%s takes no argument", opts[k].long_name);
                return -2;
            }
            return k;
        }
        if (is_long && eq)
            *arg = eq + 1;
        else if (*i + 1 < argc)
            *arg = argv[++*i];
        else
        {
            cli_error("%.*s needs an argument %s", (int)len, word,
                      opts[k].arg);
            return -2;
        }
        return k;
    }
    cli_error("unknown option '%s' (see --help)", word);
    return -2;
}

int
cli_parse_count(unsigned long *out, const char *opt, const char *arg,
                unsigned long max)
{
    char *end;
    unsigned long v = 0;
    int ok = arg[0] >= '0' && arg[0] <= '9' && strlen(arg) <= 19;

    if (ok)
    {
        v = strtoul(arg, &end, 10);
        ok = *end == '\0' && v <= max;
    }
    if (!ok)
    {
        cli_error("%s %s: expected a whole number from 0 to %lu", opt, arg,
                  max);
        return CLI_EXIT_BAD_INPUT;
    }
    *out = v;
    return CLI_EXIT_OK;
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

int
cli_parse_limit(exattn_limits_t *limits, const char *arg)
{
    static const struct
    {
        const char *name;
        size_t offset;
        unsigned long max;
    } names[] = {
        { "bytes", offsetof(exattn_limits_t, max_file_bytes), 1UL << 40 },
        { "rows", offsetof(exattn_limits_t, max_rows), 1UL << 24 },
        { "width", offsetof(exattn_limits_t, max_width), 1UL << 24 },
        { "cells", offsetof(exattn_limits_t, max_cells), 1UL << 32 },
        { "depth", offsetof(exattn_limits_t, max_depth), 10000 },
        { "length", offsetof(exattn_limits_t, max_expr_length),
          1UL << 30 },
        { "nesting", offsetof(exattn_limits_t, max_expr_depth), 100000 },
        { "bits", offsetof(exattn_limits_t, max_exact_bits), 1UL << 34 },
        { "exponent", offsetof(exattn_limits_t, max_exponent),
          100000000 },
    };
    const char *eq = strchr(arg, '=');
    unsigned long v;
    size_t k, n = eq ? (size_t)(eq - arg) : 0;
    char opt[64];

    for (k = 0; eq != NULL && k < sizeof names / sizeof *names; k++)
        if (strlen(names[k].name) == n && strncmp(arg, names[k].name, n) == 0)
            break;
    if (eq == NULL || k == sizeof names / sizeof *names)
    {
        cli_error("--limit %s: expected NAME=N with NAME one of bytes, rows, "
                  "width, cells, depth, length, nesting, bits, exponent",
                  arg);
        return CLI_EXIT_BAD_INPUT;
    }
    snprintf(opt, sizeof opt, "--limit %.*s=", (int)n, arg);
    if (cli_parse_count(&v, opt, eq + 1, names[k].max) != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    if (v == 0)
    {
        cli_error("--limit %s: a limit is at least 1", arg);
        return CLI_EXIT_BAD_INPUT;
    }
    /* the fields are size_t, unsigned long or long: all as wide */
    if (strcmp(names[k].name, "exponent") == 0)
        limits->max_exponent = (long)v;
    else if (strcmp(names[k].name, "bits") == 0)
        limits->max_exact_bits = v;
    else
        *(size_t *)((char *)limits + names[k].offset) = (size_t)v;
    return CLI_EXIT_OK;
}
