/* Shared helpers of the Criterion suite. */
#ifndef EXATTN_TEST_HELPERS_H
#define EXATTN_TEST_HELPERS_H

#include <stddef.h>
#include <gmp.h>
#include <mpfr.h>
#include "exattn.h"

/* Read a lesson from a string; fail the test if it does not load. */
exattn_lesson *th_lesson(const char *json);

/* Read a lesson from a string that must fail: returns the code and fills
 * `err`. */
int th_lesson_fails(const char *json, exattn_error_t *err);
/* The lesson's block, built with the default cap (asserted). */
exattn_block *th_block(exattn_lesson *l);

/* Is `q` the rational spelled `text` ("5/4")? */
int th_mpq_is(const mpq_t q, const char *text);

/* Write a lesson in a format into a string; fail the test on an error.
 * The caller frees it. */
/* Text output with its wrapped lines joined again, in place (the exact
 * inverse of src/print/text_wrap.c): a line indented four or more past
 * the start of its line goes on from it. */
char *th_unwrap(char *t);
char *th_write(const exattn_lesson *l, exattn_format_t format,
               const exattn_write_opts *opts);

/* A path under the source tree ($EXATTN_SRCDIR, "." if unset); the
 * caller frees it. */
char *th_srcpath(const char *rel);

/* The whole file, NUL-terminated (NULL if unreadable); caller frees. */
char *th_slurp(const char *path, size_t *len);

/* Random state for property tests: seeded from EXATTN_TEST_SEED (default
 * fixed), the seed logged so a failure can be replayed. */
void th_rand_init(gmp_randstate_t state);
unsigned long th_rand(gmp_randstate_t state, unsigned long bound);
/* Iterations scaled by EXATTN_TEST_MULTIPLIER (default 1). */
unsigned long th_iterations(unsigned long base);

/* Evaluate a row's weight / output coordinate in MPFR at `prec` bits,
 * independently of the library's named forms: from the scaled-score
 * coefficients (c_j * sqrt(s)) and V.  Accurate to far better than
 * 2^-(prec-20) for the small lessons the tests generate. */
void th_eval_weight(mpfr_t out, const exattn_row *row, size_t key);
void th_eval_output(mpfr_t out, const exattn_row *row, size_t col);

/* Run the exattn command ($EXATTN) with `argv` (NULL-terminated, without
 * the program name).  Captures stdout and stderr (caller frees) and
 * returns the exit status (-1 if it did not exit normally). */
int th_run(const char *const *argv, char **out, char **err);

/* The same with `input` on standard input (th_run gives an empty one). */
int th_run_input(const char *const *argv, const char *input, char **out,
                 char **err);

/* The same with stdout sent to the file `stdout_path` (e.g. /dev/full). */
int th_run_to(const char *const *argv, const char *stdout_path, char **err);

/* The same with stdout a pipe nobody reads (a closed pipe). */
int th_run_closed_pipe(const char *const *argv, char **err);

/* A fresh temporary directory (caller frees the path), and a file in it
 * holding `text` (caller frees the path). */
char *th_tmpdir(void);
char *th_write_file(const char *dir, const char *name, const char *text);

/* Call fn(path, name, ctx) for every lesson file of docs/examples (in
 * directory order); the number of them. */
size_t th_each_example(void (*fn)(const char *path, const char *name,
                                  void *ctx), void *ctx);

#endif
