/* Typed option tables (options.h): parsing, with suggestions for a
 * mistyped option or value. */
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

/* The value's place in the command's arguments. */
#define AT(args, opt, type) ((type *)((char *)(args) + (opt)->offset))

/* The names of a table's options, long then short, for a suggestion. */
static size_t
option_names(const char **names, const cli_opt *opts)
{
    size_t n = 0;

    for (; opts->long_name; opts++)
    {
        names[n++] = opts->long_name;
        if (opts->short_name)
            names[n++] = opts->short_name;
    }
    return n;
}

/* "unknown option '--fromat' (did you mean '--format'? see --help)" */
static int
unknown_option(const cli_command *cmd, const char *word, size_t len)
{
    const char *names[64];
    char wanted[64];
    size_t n = option_names(names, cmd->opts), k;

    snprintf(wanted, sizeof wanted, "%.*s", (int)len, word);
    k = exattn_nearest(names, n, wanted);
    if (k < n)
        cli_error("unknown option '%s' (did you mean '%s'? see exattn %s "
                  "--help)", word, names[k], cmd->name);
    else
        cli_error("unknown option '%s' (see exattn %s --help)", word,
                  cmd->name);
    return CLI_EXIT_BAD_INPUT;
}

/* The value of choice [word, word + len) of opt, into *value; else
 * reported, with the nearest choice. */
static int
choice(int *value, const cli_opt *opt, const char *arg, const char *word,
       size_t len)
{
    const char *names[32];
    char wanted[64], list[256];
    size_t n, k;

    for (n = 0; opt->choices[n].name && n < 32; n++)
    {
        names[n] = opt->choices[n].name;
        if (strlen(names[n]) == len && strncmp(names[n], word, len) == 0)
        {
            *value = opt->choices[n].value;
            return CLI_EXIT_OK;
        }
    }
    snprintf(wanted, sizeof wanted, "%.*s", (int)len, word);
    cli_values_text(list, sizeof list, opt, 0);
    k = exattn_nearest(names, n, wanted);
    if (k < n)
        cli_error("%s %s: '%s' is not one of %s (did you mean '%s'?)",
                  opt->long_name, arg, wanted, list, names[k]);
    else
        cli_error("%s %s: '%s' is not one of %s", opt->long_name, arg,
                  wanted, list);
    return CLI_EXIT_BAD_INPUT;
}

/* "weights,output": the OR of the choices' values. */
static int
choices(unsigned *out, const cli_opt *opt, const char *arg)
{
    const char *p = arg;
    size_t n;
    int v;

    *out = 0;
    while (*p)
    {
        n = strcspn(p, ",");
        if (choice(&v, opt, arg, p, n) != CLI_EXIT_OK)
            return CLI_EXIT_BAD_INPUT;
        *out |= (unsigned)v;
        p += n + (p[n] == ',');
    }
    if (*out == 0)
    {
        cli_error("%s needs at least one of its values", opt->long_name);
        return CLI_EXIT_BAD_INPUT;
    }
    return CLI_EXIT_OK;
}

/* Store opt's argument where its table says. */
static int
store(const cli_opt *opt, void *args, const char *arg)
{
    unsigned long v;
    cli_texts *texts;

    switch (opt->type)
    {
    case CLI_FLAG:
        *AT(args, opt, int) = 1;
        return CLI_EXIT_OK;
    case CLI_TEXT:
        *AT(args, opt, const char *) = arg;
        return CLI_EXIT_OK;
    case CLI_TEXTS:
        texts = AT(args, opt, cli_texts);
        texts->items[texts->count++] = arg;
        return CLI_EXIT_OK;
    case CLI_COUNT:
    case CLI_PREC:
        if (cli_parse_count(&v, opt->long_name, arg, opt->max)
            != CLI_EXIT_OK)
            return CLI_EXIT_BAD_INPUT;
        if (opt->type == CLI_COUNT)
            *AT(args, opt, unsigned long) = v;
        else
            *AT(args, opt, mpfr_prec_t) = (mpfr_prec_t)v;
        return CLI_EXIT_OK;
    case CLI_CHOICE:
        return choice(AT(args, opt, int), opt, arg, arg, strlen(arg));
    case CLI_CHOICES:
        return choices(AT(args, opt, unsigned), opt, arg);
    case CLI_LIMIT:
        return cli_parse_limit(AT(args, opt, exattn_limits_t), arg);
    default:
        return CLI_EXIT_OK;
    }
}

/* The option argv[*i] names, or NULL (reported when it is an unknown
 * option, *bad set); *arg its argument ("--opt=ARG" or the next word). */
static const cli_opt *
option_at(const cli_command *cmd, int argc, char **argv, int *i,
          const char **arg, int *bad)
{
    const char *word = argv[*i], *eq = strchr(word, '=');
    size_t len = eq && strncmp(word, "--", 2) == 0 ? (size_t)(eq - word)
                                                   : strlen(word);
    const cli_opt *o;

    *arg = NULL;
    for (o = cmd->opts; o->long_name; o++)
    {
        int is_long = strlen(o->long_name) == len
                      && strncmp(word, o->long_name, len) == 0;
        int is_short = o->short_name && strcmp(word, o->short_name) == 0;

        if (!is_long && !is_short)
            continue;
        if (o->arg == NULL && is_long && eq)
        {
            cli_error("%s takes no argument", o->long_name);
            *bad = 1;
            return NULL;
        }
        if (o->arg == NULL)
            return o;
        if (is_long && eq)
            *arg = eq + 1;
        else if (*i + 1 < argc)
            *arg = argv[++*i];
        else
        {
            cli_error("%.*s needs an argument %s", (int)len, word, o->arg);
            *bad = 1;
            return NULL;
        }
        return o;
    }
    /* "-1/2" is an expression where a command reads one */
    if (cmd->dash_words && word[1] != '-')
        return NULL;
    *bad = unknown_option(cmd, word, len) != CLI_EXIT_OK;
    return NULL;
}

int
cli_parse(const cli_command *cmd, void *args, int argc, char **argv)
{
    const cli_opt *o;
    const char *arg;
    int i, bad = 0, options_ended = 0;

    for (i = 1; i < argc; i++)
    {
        if (strcmp(argv[i], "--") == 0 && !options_ended)
        {
            options_ended = 1;      /* every later word is an operand */
            continue;
        }
        o = argv[i][0] == '-' && strcmp(argv[i], "-") != 0 && !options_ended
                ? option_at(cmd, argc, argv, &i, &arg, &bad) : NULL;
        if (bad)
            return CLI_EXIT_BAD_INPUT;
        if (o != NULL && o->type == CLI_HELP)
        {
            cli_print_help(stdout, cmd);
            return -1;
        }
        if (o != NULL ? store(o, args, arg) != CLI_EXIT_OK
                      : cmd->positional(args, argv[i]) != CLI_EXIT_OK)
            return CLI_EXIT_BAD_INPUT;
    }
    return CLI_EXIT_OK;
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
