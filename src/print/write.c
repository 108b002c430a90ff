/* The printers by format (include/exattn/write.h). */
#include "internal.h"

int
exattn_write(FILE *stream, const exattn_lesson *lesson,
             exattn_format_t format, const exattn_write_opts *opts,
             exattn_error_t *err)
{
    switch (format)
    {
    case EXATTN_FORMAT_TEXT:
        return exattn_write_text(stream, lesson, opts, err);
    case EXATTN_FORMAT_JSON:
        return exattn_write_json(stream, lesson, opts, err);
    case EXATTN_FORMAT_LATEX:
        return exattn_write_latex(stream, lesson, opts, err);
    case EXATTN_FORMAT_MARKDOWN:
        return exattn_write_markdown(stream, lesson, opts, err);
    case EXATTN_FORMAT_SVG:
        return exattn_write_svg(stream, lesson, opts, err);
    }
    return exattn_error__set(err, EXATTN_EINVAL, NULL, 0, 0,
                             "exattn_write: no output format %d",
                             (int)format);
}
