/* Error records and the few process-wide constants of the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config.h"
#include "internal.h"

static int exattn_error__at(exattn_error_t *err, int code, const char *file,
                 unsigned long line, unsigned long column);

void
exattn_error_init(exattn_error_t *err)
{
    if (err == NULL)
        return;
    memset(err, 0, sizeof *err);
}

int
exattn_error__set(exattn_error_t *err, int code, const char *file,
                  unsigned long line, unsigned long column,
                  const char *fmt, ...)
{
    va_list ap;

    if (err == NULL)
        return code;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return exattn_error__at(err, code, file, line, column);
}

int
exattn_error__msg(exattn_error_t *err, int code, const char *fmt, ...)
{
    va_list ap;

    if (err == NULL)
        return code;
    err->code = code;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return code;
}

/* Set the position of an error whose message is already written. */
static int
exattn_error__at(exattn_error_t *err, int code, const char *file,
                 unsigned long line, unsigned long column)
{
    if (err == NULL)
        return code;
    err->code = code;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    err->line = line;
    err->column = column;
    return code;
}

int
exattn_error_snprint(char *buf, size_t size, const exattn_error_t *err)
{
    if (err->file[0] != '\0' && err->line > 0)
        return snprintf(buf, size, "%s:%lu:%lu: %s", err->file, err->line,
                        err->column, err->message);
    if (err->file[0] != '\0')
        return snprintf(buf, size, "%s: %s", err->file, err->message);
    return snprintf(buf, size, "%s", err->message);
}

const char *
exattn_code_str(int code)
{
    switch (code)
    {
    case EXATTN_OK: return "success";
    case EXATTN_EIO: return "input/output error";
    case EXATTN_ESYNTAX: return "malformed JSON";
    case EXATTN_EFIELD: return "bad field";
    case EXATTN_ENUMBER: return "not an exact number";
    case EXATTN_ESHAPE: return "shapes do not fit";
    case EXATTN_EDOMAIN: return "mathematically undefined";
    case EXATTN_ELIMIT: return "beyond a limit";
    case EXATTN_ENOMEM: return "out of memory";
    case EXATTN_EINVAL: return "argument out of range";
    case EXATTN_ENOTEXACT: return "quantity is named, not exact";
    case EXATTN_EUNABLE: return "undecided within the precision cap";
    default: return "unknown error";
    }
}

void
exattn_free(void *p)
{
    free(p);
}
