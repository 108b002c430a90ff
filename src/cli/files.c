/* Several input files, as grep and jq take them: each is read and its
 * result written in turn, a bad one reported without stopping the others,
 * and the exit status is the worst. */
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

int
cli_files_init(cli_files *files, int argc)
{
    files->count = 0;
    files->paths = calloc((size_t)(argc > 0 ? argc : 1),
                          sizeof *files->paths);
    if (files->paths != NULL)
        return CLI_EXIT_OK;
    cli_error("out of memory");
    return CLI_EXIT_BAD_INPUT;
}

void
cli_files_add(cli_files *files, const char *path)
{
    files->paths[files->count++] = path;
}

int
cli_files_finish(cli_files *files, const char *cmd, const char *what)
{
    size_t i, from_stdin = 0;

    if (files->count == 0 && cli_default_input(NULL) != NULL)
        cli_files_add(files, "-");
    for (i = 0; i < files->count; i++)
        from_stdin += cli_is_stdin(files->paths[i]);
    if (from_stdin > 1)
    {
        cli_error("%s: standard input (-) can be read only once", cmd);
        return CLI_EXIT_BAD_INPUT;
    }
    return cli_require(files->count ? files->paths[0] : NULL, cmd, what);
}

void
cli_files_free(cli_files *files)
{
    free(files->paths);
    files->paths = NULL;
    files->count = 0;
}

/* One file's result into `f` through memory, so that a failure halfway
 * leaves nothing of it. */
static int
write_buffered(FILE *f, const char *path, cli_file_writer write, void *ctx)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    int status;

    if (mem == NULL)
    {
        cli_error("out of memory");
        return CLI_EXIT_BAD_INPUT;
    }
    status = write(mem, path, ctx);
    if (fclose(mem) != 0 && status != CLI_EXIT_BAD_INPUT)
    {
        cli_error("out of memory");
        status = CLI_EXIT_BAD_INPUT;
    }
    if (status != CLI_EXIT_BAD_INPUT)
        fwrite(buf, 1, len, f);         /* checked when f is closed */
    free(buf);
    return status;
}

int
cli_write_each(const cli_files *files, const char *output,
               cli_file_writer write, cli_finish_writer finish, void *ctx)
{
    cli_output out;
    size_t i;
    int status = CLI_EXIT_OK, one;

    if (cli_output_open(&out, output) != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    for (i = 0; i < files->count; i++)
    {
        /* one file straight (it may be large, and -o is all or nothing
         * already), several each through memory */
        one = files->count > 1
                  ? write_buffered(out.f, files->paths[i], write, ctx)
                  : write(out.f, files->paths[i], ctx);
        if (one > status)
            status = one;
        /* a reader of many reports sees each as it is done, and a
         * closed pipe stops the rest */
        if (out.path == NULL && fflush(stdout) != 0)
            break;
    }
    if (finish && finish(out.f, ctx) != 0)
        status = CLI_EXIT_BAD_INPUT;
    one = cli_output_close(&out, status != CLI_EXIT_BAD_INPUT);
    return one > status ? one : status;
}

/* cli_write_lessons's writer and finish, over cli_write_each. */
typedef struct
{
    const exattn_limits_t *limits;
    cli_lesson_writer write;
    cli_finish_writer finish;
    void *ctx;
} lesson_job;

static int
write_lesson(FILE *f, const char *path, void *job_)
{
    const lesson_job *job = job_;
    exattn_lesson *lesson = NULL;
    exattn_error_t err;
    int code;

    exattn_error_init(&err);
    if (cli_read_lesson(&lesson, path, job->limits) != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    code = job->write(f, lesson, job->ctx, &err);
    exattn_lesson_free(lesson);
    if (code != EXATTN_OK)
        cli_error_lib(&err);
    return code == EXATTN_OK ? CLI_EXIT_OK : CLI_EXIT_BAD_INPUT;
}

static int
finish_lessons(FILE *f, void *job_)
{
    const lesson_job *job = job_;

    return job->finish ? job->finish(f, job->ctx) : 0;
}

int
cli_write_lessons(const cli_files *files, const char *output,
                  const exattn_limits_t *limits, cli_lesson_writer write,
                  cli_finish_writer finish, void *ctx)
{
    lesson_job job = { limits, write, finish, ctx };

    return cli_write_each(files, output, write_lesson, finish_lessons, &job);
}
