/* Typed option tables: one per command, from which its parsing, its
 * --help, the man page's option lists (`exattn --options-roff COMMAND`,
 * run by the build) and the "did you mean" of a mistyped option or value
 * all come.  The pattern is libgit2's cli_opt specs: each option names
 * its type and where in the command's arguments its value goes. */
#ifndef EXATTN_CLI_OPTIONS_H
#define EXATTN_CLI_OPTIONS_H

#include <stddef.h>
#include <stdio.h>
#include "exattn.h"

typedef enum
{
    CLI_FLAG,       /* int, set to 1 */
    CLI_TEXT,       /* const char *: the argument (the last one given) */
    CLI_TEXTS,      /* cli_texts: every argument, in order; repeatable */
    CLI_COUNT,      /* unsigned long, a whole number from 0 to `max` */
    CLI_PREC,       /* mpfr_prec_t, a whole number from 1 to `max` */
    CLI_CHOICE,     /* int: the value of the choice named */
    CLI_CHOICES,    /* unsigned: the OR of the values of the choices
                       named, comma-separated; at least one */
    CLI_LIMIT,      /* exattn_limits_t: NAME=N; repeatable */
    CLI_HELP        /* prints the help */
} cli_type;

/* A value a CLI_CHOICE or CLI_CHOICES option takes. */
typedef struct
{
    const char *name;           /* "markdown" */
    int value;                  /* what the command stores */
    int alias;                  /* 1: accepted, not listed ("md") */
} cli_choice;

/* The repeated arguments of a CLI_TEXTS option. */
typedef struct
{
    const char **items;
    size_t count;
} cli_texts;

typedef struct
{
    const char *long_name;      /* "--format" */
    const char *short_name;     /* "-o", or NULL */
    cli_type type;
    size_t offset;              /* of its value in the command's
                                   arguments (offsetof) */
    const char *arg;            /* "FMT"; NULL for a flag */
    const cli_choice *choices;  /* CLI_CHOICE(S): ended by a NULL name */
    unsigned long max;          /* CLI_COUNT, CLI_PREC */
    const char *def;            /* the default, as the help says it, or
                                   NULL */
    const char *help;           /* what it does; the choices and the
                                   default are added */
} cli_opt;

/* A command: its table and how its words are read. */
typedef struct
{
    const char *name;           /* "derive" */
    const char *usage;          /* "exattn derive LESSON.json... [...]" */
    const char *about;          /* the help's paragraph */
    const cli_opt *opts;        /* ended by a NULL long_name */
    /* a word that is no option (a file, an expression): CLI_EXIT_OK, or
     * CLI_EXIT_BAD_INPUT reported */
    int (*positional)(void *args, const char *word);
    int dash_words;             /* a word "-1/2" is positional, not an
                                   unknown option */
} cli_command;

/* Parse argv[1..] into args (zeroed and defaulted by the caller): an
 * option's value where its table says, every other word to
 * `positional`.  CLI_EXIT_OK; -1 when --help was printed; or
 * CLI_EXIT_BAD_INPUT, reported with a suggestion when the word is near
 * an option or a value. */
int cli_parse(const cli_command *cmd, void *args, int argc, char **argv);

/* The command's --help on f. */
void cli_print_help(FILE *f, const cli_command *cmd);
/* A choice option's values, "text, json, latex, markdown or svg" (help.c);
 * in the help (in_help) with "(the default)" after the default, and a
 * list option's joined by commas alone. */
void cli_values_text(char *buf, size_t size, const cli_opt *o, int in_help);
/* The command's options as man(7) paragraphs (.TP), for the man page. */
void cli_print_roff(FILE *f, const cli_command *cmd);

/* A whole number from 0 to max, in decimal digits only; reports and
 * returns CLI_EXIT_BAD_INPUT otherwise. */
int cli_parse_count(unsigned long *out, const char *opt, const char *arg,
                    unsigned long max);

/* "--limit NAME=N": raise or lower one of the limits (bytes, rows, width,
 * cells, depth, length, nesting, bits, exponent; limits.c). */
int cli_parse_limit(exattn_limits_t *limits, const char *arg);
/* The limits, what each bounds and its default, for --limit's help. */
void cli_limits_help(char *buf, size_t size);

#endif
