/* Errors: every function that can fail returns EXATTN_OK (0) or a negative
 * exattn_code_t and fills the caller's exattn_error_t.  The library keeps no
 * error state of its own. */
#ifndef EXATTN_ERROR_H
#define EXATTN_ERROR_H

#include <stddef.h>

#if defined(__GNUC__)
#define EXATTN_WUR __attribute__((warn_unused_result))
#else
#define EXATTN_WUR
#endif

typedef enum
{
    EXATTN_OK = 0,
    EXATTN_EIO = -1,        /* a file cannot be read or written */
    EXATTN_ESYNTAX = -2,    /* malformed JSON */
    EXATTN_EFIELD = -3,     /* unknown, missing, duplicate, mistyped field */
    EXATTN_ENUMBER = -4,    /* text that is not an exact number */
    EXATTN_ESHAPE = -5,     /* matrix shapes that do not fit together */
    EXATTN_EDOMAIN = -6,    /* mathematically undefined (all keys blocked,
                               assigned weights that do not sum to 1) */
    EXATTN_ELIMIT = -7,     /* beyond a documented size limit */
    EXATTN_ENOMEM = -8,     /* out of memory */
    EXATTN_EINVAL = -9,     /* a caller's argument is out of range */
    EXATTN_ENOTEXACT = -10, /* an exact value was asked of a named one */
    EXATTN_EUNABLE = -11    /* not decided within the precision cap */
} exattn_code_t;

typedef struct
{
    int code;               /* an exattn_code_t */
    char file[1024];        /* the input's name, "" when there is none */
    unsigned long line;     /* 1-based; 0 when no position applies */
    unsigned long column;   /* 1-based, in characters; 0 likewise */
    char message[1024];     /* one line, no trailing period */
} exattn_error_t;

/* Reset `err` to "no error". */
void exattn_error_init(exattn_error_t *err);

/* Write "FILE:LINE:COLUMN: MESSAGE" (the parts that apply) into `buf`,
 * truncated to `size` bytes including the NUL.  Returns the length the
 * whole text needs, like snprintf. */
int exattn_error_snprint(char *buf, size_t size, const exattn_error_t *err);

/* For "did you mean" messages: the index of the word of `words` nearest
 * to `wanted`, near enough to be a slip -- an edit distance, case aside,
 * of at most a third of `wanted` and at least 2 from six letters on, 1
 * below, none in a word of one; the word with the same first letter on a
 * tie -- or
 * the one word that `wanted` begins when none is that near ("add" for
 * "additive"); `count` when no word is.  `drive` is derive's, `casual`
 * causal's, `None` none's. */
size_t exattn_nearest(const char *const *words, size_t count,
                      const char *wanted);

/* A short, static description of a code. */
const char *exattn_code_str(int code);

/* Release memory handed out by the library (strings from _get_str). */
void exattn_free(void *p);

/* The library's version, "MAJOR.MINOR.PATCH". */
const char *exattn_version(void);

#endif
