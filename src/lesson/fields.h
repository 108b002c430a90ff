/* Field readers of the lesson module: each turns one JSON value into
 * model data, or fails with a message located at the offending value. */
#ifndef EXATTN_LESSON_FIELDS_H
#define EXATTN_LESSON_FIELDS_H

#include "lesson/model.h"
#include "num/binfloat.h"

/* What every reader needs to report an error. */
typedef struct
{
    const char *file;
    const char *prefix;             /* "" or "variant \"name\": " */
    const exattn_limits_t *limits;
    exattn_error_t *err;
    const char *noun;               /* what a path is read for, in its
                                       messages: NULL "claim", or "path"
                                       (exattn get) */
    const exattn_float_format *floats;  /* the lesson's "floats": its
                                           matrices' entries are floats
                                           of this format; NULL: exact
                                           numbers */
} exattn_rctx;

/* Fail at `at` (may be NULL) with the prefix put before the message. */
/* " (keys: grid, load, rises; or 1 to 3; did you mean \"rises\"?)": the
 * labels that exist and the nearest to `wanted` (src/lesson/suggest.c);
 * labels NULL: only the index range. */
void exattn_lesson__suggest(exattn_sbuf *b, const char *what,
                            char *const *labels, size_t count,
                            const char *wanted);
/* " (variants: a, b; did you mean \"b\"?)": names without indices. */
void exattn_lesson__suggest_names(exattn_sbuf *b, const char *what,
                                  const char *const *names, size_t count,
                                  const char *wanted);
/* The same with `hint` (a suggestion such as " (keys: ...)") after the
 * message; the hint is cleared. */
int exattn_lesson__fail_hinted(const exattn_rctx *rc, int code,
                               const exattn_jnode *at, exattn_sbuf *hint,
                               const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
int exattn_lesson__fail(const exattn_rctx *rc, int code,
                        const exattn_jnode *at, const char *fmt, ...)
    EXATTN_PRINTF(4, 5);

/* A number or a string holding an exact number. `what` names it. */
int exattn_lesson__number(mpq_t out, const exattn_rctx *rc,
                          const exattn_jnode *node, const char *what);

/* An array of arrays of numbers, rectangular, within the limits. */
int exattn_lesson__matrix(exattn_matrix *out, const exattn_rctx *rc,
                          const exattn_jnode *node, const char *what);

/* An array of `count` strings (labels). */
int exattn_lesson__labels(char ***out, const exattn_rctx *rc,
                          const exattn_jnode *node, const char *what,
                          size_t count);

/* A row given by 1-based index or by label; *out is 0-based. */
int exattn_lesson__row_ref(size_t *out, const exattn_rctx *rc,
                           const exattn_jnode *node, const char *what,
                           char *const *labels, size_t count);

/* A 1-based index from 1 to count; *out is 0-based. */
int exattn_lesson__index(size_t *out, const exattn_rctx *rc,
                         const exattn_jnode *node, const char *what,
                         size_t count);

int exattn_lesson__string(char **out, const exattn_rctx *rc,
                          const exattn_jnode *node, const char *what);

/* Fail unless `node` is an array ("WHAT: expected an array of EXPECTED"). */
int exattn_lesson__array(const exattn_rctx *rc, const exattn_jnode *node,
                         const char *what, const char *expected);

void exattn_lesson__free_labels(char **labels, size_t count);
/* "1", "2", ..., "count": EXATTN_OK or EXATTN_ENOMEM. */
int exattn_lesson__default_labels(char ***out, size_t count);

/* A lesson's fields: names (STRING nodes, for positions) and values. */
typedef struct
{
    const exattn_jnode **names;
    const exattn_jnode **values;
    size_t count;
} exattn_fields;

/* src/lesson/members.c: the value of field `name`, NULL if absent. */
const exattn_jnode *exattn_lesson__field(const exattn_fields *f,
                                         const char *name);

/* Fail on any member of `obj` not in the NULL-terminated `known`. */
int exattn_lesson__check_members(const exattn_rctx *rc,
                                 const exattn_jnode *obj, const char *what,
                                 const char *const *known);

#endif
