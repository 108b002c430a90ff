/* --limit NAME=N: the limits a command can raise or lower, their names,
 * what they bound, their largest values and their defaults (read from
 * EXATTN_LIMITS_INIT, so that the help never drifts from the library). */
#include <string.h>
#include "cli/cli.h"

typedef enum { SIZE, ULONG, LONG } width;

static const struct
{
    const char *name;
    const char *what;           /* "(JSON nesting)", or "" */
    size_t offset;
    width type;
    unsigned long max;
} names[] = {
    { "bytes", "", offsetof(exattn_limits_t, max_file_bytes), SIZE,
      1UL << 40 },
    { "rows", "", offsetof(exattn_limits_t, max_rows), SIZE, 1UL << 24 },
    { "width", "", offsetof(exattn_limits_t, max_width), SIZE, 1UL << 24 },
    { "cells", "", offsetof(exattn_limits_t, max_cells), SIZE, 1UL << 32 },
    { "depth", "of JSON nesting", offsetof(exattn_limits_t, max_depth),
      SIZE, 10000 },
    { "length", "of an expression",
      offsetof(exattn_limits_t, max_expr_length), SIZE, 1UL << 30 },
    { "nesting", "of an expression",
      offsetof(exattn_limits_t, max_expr_depth), SIZE, 100000 },
    { "bits", "of an exact result",
      offsetof(exattn_limits_t, max_exact_bits), ULONG, 1UL << 34 },
    { "exponent", "of a number literal",
      offsetof(exattn_limits_t, max_exponent), LONG, 100000000 },
};

#define COUNT (sizeof names / sizeof *names)

static unsigned long
get(const exattn_limits_t *l, size_t k)
{
    const char *at = (const char *)l + names[k].offset;

    return names[k].type == SIZE ? (unsigned long)*(const size_t *)at
           : names[k].type == ULONG ? *(const unsigned long *)at
                                    : (unsigned long)*(const long *)at;
}

static void
set(exattn_limits_t *l, size_t k, unsigned long v)
{
    char *at = (char *)l + names[k].offset;

    if (names[k].type == SIZE)
        *(size_t *)at = (size_t)v;
    else if (names[k].type == ULONG)
        *(unsigned long *)at = v;
    else
        *(long *)at = (long)v;
}

void
cli_limits_help(char *buf, size_t size)
{
    const exattn_limits_t defaults = EXATTN_LIMITS_INIT;
    size_t k, at;

    snprintf(buf, size, "raise or lower a limit, repeatable:");
    for (k = 0; k < COUNT; k++)
    {
        at = strlen(buf);
        snprintf(buf + at, size - at, "%s %s=N%s%s (default %lu)",
                 k ? "," : "", names[k].name, *names[k].what ? " " : "",
                 names[k].what, get(&defaults, k));
    }
}

int
cli_parse_limit(exattn_limits_t *limits, const char *arg)
{
    const char *eq = strchr(arg, '='), *list[COUNT];
    unsigned long v;
    size_t k, n = eq ? (size_t)(eq - arg) : 0;
    char opt[64], wanted[64];

    for (k = 0; k < COUNT; k++)
        list[k] = names[k].name;
    for (k = 0; eq != NULL && k < COUNT; k++)
        if (strlen(names[k].name) == n && strncmp(arg, names[k].name, n) == 0)
            break;
    if (eq == NULL || k == COUNT)
    {
        snprintf(wanted, sizeof wanted, "%.*s", (int)(eq ? n : strlen(arg)),
                 arg);
        k = exattn_nearest(list, COUNT, wanted);
        cli_error("--limit %s: expected NAME=N with NAME one of bytes, rows, "
                  "width, cells, depth, length, nesting, bits, exponent%s%s%s",
                  arg, k < COUNT ? " (did you mean '" : "",
                  k < COUNT ? names[k].name : "", k < COUNT ? "'?)" : "");
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
    set(limits, k, v);
    return CLI_EXIT_OK;
}
