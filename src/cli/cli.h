/* The exattn command: a thin shell over the public API of libexattn. */
#ifndef EXATTN_CLI_H
#define EXATTN_CLI_H

#include <stdio.h>
#include "exattn.h"
#include "cli/options.h"

/* Exit statuses (docs/cli.md). */
enum
{
    CLI_EXIT_OK = 0,
    CLI_EXIT_CLAIM_FAILED = 1,
    CLI_EXIT_BAD_INPUT = 2
};

typedef int (*cli_cmd_fn)(int argc, char **argv);

typedef struct
{
    const char *name;
    cli_cmd_fn fn;
    const char *summary;
    const cli_command *options;
} cli_cmd;

/* Each command's option table and help (cmd_*.c). */
extern const cli_command cli_grade_command;
extern const cli_command cli_derive_command, cli_check_command,
    cli_audit_command, cli_eval_command, cli_get_command;

int cmd_derive(int argc, char **argv);
int cmd_eval(int argc, char **argv);
int cmd_get(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_grade(int argc, char **argv);
int cmd_audit(int argc, char **argv);

/* "exattn: MESSAGE" on stderr. */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
void cli_error_lib(const exattn_error_t *err);
/* A write failed because the reader closed the pipe: end quietly, by
 * SIGPIPE (as git and jq do).  Returns otherwise. */
void cli_quiet_if_closed_pipe(void);

/* The command's one positional argument: take `word` into an empty slot,
 * or report a second one ("derive takes one lesson file; 'b' is a
 * second"). */
int cli_take_positional(const char **slot, const char *word, const char *cmd,
                        const char *what);
/* Report a missing positional argument ("derive needs a lesson file"). */
int cli_require(const char *slot, const char *cmd, const char *what);

/* Flush standard output: CLI_EXIT_OK, or report a failed write and return
 * CLI_EXIT_BAD_INPUT. */
int cli_finish_stdout(void);

/* Output that is either stdout or a file that appears only when complete:
 * written to a temporary file in the same folder and renamed on success. */
typedef struct
{
    FILE *f;
    const char *path;           /* NULL for stdout */
    char *tmp;                  /* NULL: written in place (a device) */
    char *target;               /* a link's target, resolved, or NULL */
} cli_output;

int cli_output_open(cli_output *out, const char *path);
/* Commit (ok != 0) or discard.  Returns CLI_EXIT_OK or reports an error
 * and returns CLI_EXIT_BAD_INPUT. */
int cli_output_close(cli_output *out, int ok);

/* The files a command reads (src/cli/files.c): its positional words, or
 * standard input when none is named and stdin is not a terminal. */
typedef struct
{
    const char **paths;
    size_t count;
} cli_files;

/* Room for every word of argv; reports and returns CLI_EXIT_BAD_INPUT
 * when there is no memory. */
int cli_files_init(cli_files *files, int argc);
void cli_files_add(cli_files *files, const char *path);
/* Standard input when no file was named; then at least one file, and
 * "-" at most once ("check needs a lesson file"). */
int cli_files_finish(cli_files *files, const char *cmd, const char *what);
void cli_files_free(cli_files *files);
/* -o FILE that is one of the inputs -- a file of `inputs` or `other`
 * (either may be NULL) -- is refused: CLI_EXIT_OK, or reported and
 * CLI_EXIT_BAD_INPUT (output.c). */
int cli_output_not_input(const char *output, const cli_files *inputs,
                         const char *other);

/* Read each lesson and write what `write` makes of it, in order, to
 * stdout or, all or nothing, to `output`: the shape of derive and check.
 * With several lessons each result is complete or absent: a lesson that
 * cannot be read or written is reported and the others go on, and the
 * status is the worst (-o FILE is then not written).  `finish` (may be
 * NULL) writes a closing part after the last lesson. */
typedef int (*cli_lesson_writer)(FILE *f, const exattn_lesson *lesson,
                                 void *ctx, exattn_error_t *err);
typedef int (*cli_finish_writer)(FILE *f, void *ctx);
/* The same for any file: `write` makes its result (CLI_EXIT_OK, or
 * CLI_EXIT_BAD_INPUT reported) and cli_write_each keeps each result
 * complete or absent. */
typedef int (*cli_file_writer)(FILE *f, const char *path, void *ctx);
int cli_write_each(const cli_files *files, const char *output,
                   cli_file_writer write, cli_finish_writer finish,
                   void *ctx);
int cli_write_lessons(const cli_files *files, const char *output,
                      const exattn_limits_t *limits,
                      cli_lesson_writer write, cli_finish_writer finish,
                      void *ctx);

/* Input (src/cli/input.c): "-" is standard input; with no file named
 * and standard input not a terminal, standard input too.  Messages name
 * "<stdin>". */
int cli_is_stdin(const char *path);
const char *cli_default_input(const char *path);
const char *cli_input_name(const char *path);
/* The whole input, NUL-terminated, within `max` bytes; NULL (reported)
 * when it cannot be read. */
char *cli_read_input(const char *path, size_t max, size_t *len);
/* A lesson from a file or standard input; reports errors. */
int cli_read_lesson(exattn_lesson **out, const char *path,
                    const exattn_limits_t *limits);

/* "--limit NAME=N": raise or lower one of the limits (bytes, rows, width,
 * cells, depth, length, nesting, bits, exponent). */
int cli_parse_limit(exattn_limits_t *limits, const char *arg);
#define CLI_LIMIT_HELP \
    "raise or lower a limit: bytes=N (67108864), rows=N (65536),\n" \
    "                         width=N (4096), cells=N (16777216), depth=N\n" \
    "                         (32: JSON nesting), length=N (10000) and\n" \
    "                         nesting=N (200) of expressions, bits=N\n" \
    "                         (1000000: exact results), exponent=N\n" \
    "                         (100000: of number literals); repeatable"

#endif
