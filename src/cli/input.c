/* Input as jq and pandoc take it: a file, or "-" for standard input (and
 * standard input when no file is named and it is not a terminal).
 * Messages then name "<stdin>". */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"

int
cli_is_stdin(const char *path)
{
    return path != NULL && strcmp(path, "-") == 0;
}

const char *
cli_default_input(const char *path)
{
    return path == NULL && !isatty(STDIN_FILENO) ? "-" : path;
}

const char *
cli_input_name(const char *path)
{
    return cli_is_stdin(path) ? "<stdin>" : path;
}

char *
cli_read_input(const char *path, size_t max, size_t *len)
{
    FILE *f = cli_is_stdin(path) ? stdin : fopen(path, "rb");
    const char *name = cli_input_name(path);
    char *buf = NULL, *grown;
    size_t cap = 0, n;

    *len = 0;
    if (f == NULL)
    {
        cli_error("%s: cannot open: %s", name, strerror(errno));
        return NULL;
    }
    for (;;)
    {
        if (*len == cap)
        {
            cap = cap ? 2 * cap : 65536;
            if ((grown = realloc(buf, cap + 1)) == NULL)
            {
                cli_error("%s: out of memory", name);
                break;
            }
            buf = grown;
        }
        n = fread(buf + *len, 1, cap - *len, f);
        *len += n;
        if (*len > max)
        {
            cli_error("%s: larger than %zu bytes (--limit bytes=N raises "
                      "the limit)", name, max);
            break;
        }
        if (n == 0)
        {
            if (ferror(f))
                cli_error("%s: cannot read: %s", name, strerror(errno));
            else
            {
                if (f != stdin)
                    fclose(f);
                buf[*len] = '\0';
                return buf;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    free(buf);
    return NULL;
}

int
cli_read_lesson(exattn_lesson **out, const char *path,
                const exattn_limits_t *limits)
{
    exattn_error_t err;
    size_t len;
    char *data;
    int rc;

    exattn_error_init(&err);
    if (!cli_is_stdin(path))
        rc = exattn_lesson_read_file(out, path, limits, &err);
    else
    {
        if ((data = cli_read_input(path, limits->max_file_bytes, &len))
            == NULL)
            return CLI_EXIT_BAD_INPUT;
        rc = exattn_lesson_read_buffer(out, data, len, "<stdin>", limits,
                                       &err);
        free(data);
    }
    if (rc != EXATTN_OK)
    {
        cli_error_lib(&err);
        return CLI_EXIT_BAD_INPUT;
    }
    return CLI_EXIT_OK;
}
