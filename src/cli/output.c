/* Safe output: `-o FILE` is written to a temporary file beside FILE and
 * renamed over it only when the whole result is complete, so an error
 * leaves neither a partial file nor a destroyed old one.  Writes to stdout
 * are checked when they are flushed. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli.h"

int
cli_output_open(cli_output *out, const char *path)
{
    mode_t mask;
    int fd;

    if (path != NULL && strcmp(path, "-") == 0)
        path = NULL;            /* -o -: standard output */
    out->path = path;
    out->tmp = NULL;
    out->f = stdout;
    if (path == NULL)
        return CLI_EXIT_OK;
    out->tmp = malloc(strlen(path) + 16);
    if (out->tmp == NULL)
    {
        cli_error("out of memory");
        return CLI_EXIT_BAD_INPUT;
    }
    sprintf(out->tmp, "%s.tmp.XXXXXX", path);
    fd = mkstemp(out->tmp);
    if (fd < 0)
    {
        cli_error("%s: cannot create a file beside it: %s", path,
                  strerror(errno));
        free(out->tmp);
        out->tmp = NULL;
        return CLI_EXIT_BAD_INPUT;
    }
    /* mkstemp makes the file 0600; give it the usual mode instead */
    mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0 || (out->f = fdopen(fd, "w")) == NULL)
    {
        cli_error("%s: %s", out->tmp, strerror(errno));
        close(fd);
        unlink(out->tmp);
        free(out->tmp);
        out->tmp = NULL;
        return CLI_EXIT_BAD_INPUT;
    }
    return CLI_EXIT_OK;
}

static int
close_file(cli_output *out, int ok)
{
    int failed = fflush(out->f) != 0 || ferror(out->f);

    failed |= fclose(out->f) != 0;
    if (ok && failed)
        cli_error("%s: cannot write: %s", out->path, strerror(errno));
    if (ok && !failed && rename(out->tmp, out->path) != 0)
    {
        cli_error("%s: cannot rename the finished output into place: %s",
                  out->path, strerror(errno));
        failed = 1;
    }
    if (!ok || failed)
        unlink(out->tmp);
    free(out->tmp);
    return ok && !failed ? CLI_EXIT_OK : CLI_EXIT_BAD_INPUT;
}

int
cli_output_close(cli_output *out, int ok)
{
    if (out->path != NULL)
        return close_file(out, ok);
    if (fflush(stdout) != 0 || ferror(stdout))
    {
        cli_quiet_if_closed_pipe();
        cli_error("cannot write to standard output: %s", strerror(errno));
        return CLI_EXIT_BAD_INPUT;
    }
    return ok ? CLI_EXIT_OK : CLI_EXIT_BAD_INPUT;
}

/* Is `output` the very file `input` names (the same inode, whatever the
 * path)?  0 when either does not exist or is standard input/output. */
static int
same_file(const char *output, const char *input)
{
    struct stat o, i;

    if (output == NULL || strcmp(output, "-") == 0 || input == NULL
        || cli_is_stdin(input))
        return 0;
    return stat(output, &o) == 0 && stat(input, &i) == 0
           && o.st_dev == i.st_dev && o.st_ino == i.st_ino;
}

int
cli_output_not_input(const char *output, const cli_files *inputs,
                     const char *other)
{
    size_t k;

    for (k = 0; inputs != NULL && k < inputs->count; k++)
        if (same_file(output, inputs->paths[k]))
            break;
    if ((inputs == NULL || k == inputs->count) && !same_file(output, other))
        return CLI_EXIT_OK;
    /* written over, an input would be lost with the output */
    cli_error("-o %s is one of the command's inputs (%s): write the "
              "output elsewhere", output,
              inputs != NULL && k < inputs->count ? inputs->paths[k]
                                                  : other);
    return CLI_EXIT_BAD_INPUT;
}
