/* A variant as a contrast with the lesson it changes (text). */
#ifndef EXATTN_PRINT_CONTRAST_H
#define EXATTN_PRINT_CONTRAST_H

#include "internal.h"

int exattn_contrast__text(exattn_sbuf *b, const exattn_lesson *variant,
                          const exattn_write_opts *opts, exattn_error_t *err);

#endif
