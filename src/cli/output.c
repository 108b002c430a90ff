/* Safe output: `-o FILE` is written to a temporary file beside FILE and
 * renamed over it only when the whole result is complete, so an error
 * leaves neither a partial file nor a destroyed old one; an existing
 * file keeps its mode, a symbolic link stays a link (its target is
 * replaced), and what is no regular file -- /dev/null, a FIFO, a
 * terminal -- is written into, never replaced.  Writes to stdout are
 * checked when they are flushed. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli.h"

/* -o naming a device, a FIFO or a socket: written into as it is. */
static int
open_in_place(cli_output *out, const char *path)
{
    if ((out->f = fopen(path, "w")) == NULL)
    {
        cli_error("%s: cannot write: %s", path, strerror(errno));
        return CLI_EXIT_BAD_INPUT;
    }
    return CLI_EXIT_OK;
}

int
cli_output_open(cli_output *out, const char *path)
{
    struct stat st;
    mode_t mode, mask;
    int fd, exists;

    if (path != NULL && strcmp(path, "-") == 0)
        path = NULL;            /* -o -: standard output */
    out->path = path;
    out->tmp = NULL;
    out->target = NULL;
    out->f = stdout;
    if (path == NULL)
        return CLI_EXIT_OK;
    /* a link: its target is the file to replace */
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)
        && (out->target = realpath(path, NULL)) != NULL)
        path = out->target;
    exists = stat(path, &st) == 0;
    if (exists && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        return open_in_place(out, path);
    out->path = path;
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
    /* mkstemp makes the file 0600; give it the old file's mode, or the
     * usual one */
    mask = umask(0);
    umask(mask);
    mode = exists ? st.st_mode & 07777 : 0666 & ~mask;
    if (fchmod(fd, mode) != 0 || (out->f = fdopen(fd, "w")) == NULL)
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
    if (out->tmp == NULL)
    {
        /* written in place: a device or a FIFO */
        free(out->target);
        return ok && !failed ? CLI_EXIT_OK : CLI_EXIT_BAD_INPUT;
    }
    if (ok && !failed && rename(out->tmp, out->path) != 0)
    {
        cli_error("%s: cannot rename the finished output into place: %s",
                  out->path, strerror(errno));
        failed = 1;
    }
    if (!ok || failed)
        unlink(out->tmp);
    free(out->tmp);
    free(out->target);
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
