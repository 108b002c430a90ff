/* Printers: a whole derivation of a lesson, its variants and blends,
 * written row by row to a stream. */
#ifndef EXATTN_WRITE_H
#define EXATTN_WRITE_H

#include <stdio.h>
#include <exattn/error.h>
#include <exattn/lesson.h>

/* The text presentation (docs/output-formats.md). */
EXATTN_WUR int exattn_write_text(FILE *stream, const exattn_lesson *lesson,
                                 unsigned flags, exattn_error_t *err);

/* The JSON document of PRODUCT.md's schema (docs/output-formats.md). */
EXATTN_WUR int exattn_write_json(FILE *stream, const exattn_lesson *lesson,
                                 unsigned flags, exattn_error_t *err);

#endif
