/* Lessons: one attention computation read from a lesson file (JSON), with
 * every shape checked and every number exact.  A lesson owns its variants
 * (the same lesson with some fields overridden), which are lessons too. */
#ifndef EXATTN_LESSON_H
#define EXATTN_LESSON_H

#include <stddef.h>
#include <gmp.h>
#include <exattn/error.h>

typedef struct exattn_lesson exattn_lesson;

/* Limits on what a lesson may ask for; they keep memory bounded.  Set them
 * with EXATTN_LIMITS_INIT and change the fields you need. */
typedef struct
{
    unsigned version;        /* EXATTN_LIMITS_VERSION */
    size_t max_file_bytes;   /* size of the lesson file */
    size_t max_rows;         /* n and m, and rows of X, memory, W_* */
    size_t max_width;        /* d_model, d_k and d_v */
    size_t max_cells;        /* n*m and every matrix's rows*cols */
    size_t max_depth;        /* JSON nesting */
    size_t max_expr_length;  /* an expression's bytes (claims, eval) */
    size_t max_expr_depth;   /* an expression's nesting */
    unsigned long max_exact_bits;   /* an exact result inside an
                                       expression */
    long max_exponent;       /* of a number literal ("1e-3"), and its
                                digits */
} exattn_limits_t;

#define EXATTN_LIMITS_VERSION 1
#define EXATTN_LIMITS_INIT { EXATTN_LIMITS_VERSION, 64u << 20, 65536u, \
                             4096u, 1u << 24, 32u, 10000u, 200u, \
                             1000000UL, 100000L }

typedef enum
{
    EXATTN_SCALE_NONE = 0,      /* scores are used as they are */
    EXATTN_SCALE_RATIONAL = 1,  /* an exact number multiplies every score */
    EXATTN_SCALE_INV_SQRT = 2   /* 1/sqrt(d): d = d_k by default */
} exattn_scale_kind_t;

typedef enum
{
    EXATTN_MASK_NONE = 0,
    EXATTN_MASK_CAUSAL = 1,     /* key j allowed iff j <= i (1-based) */
    EXATTN_MASK_MATRIX = 2,     /* an explicit n x m 0/1 matrix */
    EXATTN_MASK_ADDITIVE = 3    /* an n x m matrix added to the scaled
                                   scores: 0 (visible) or -inf (blocked) */
} exattn_mask_kind_t;

/* A control of a lesson's live lab ("lab"; the document's
 * EXATTN_SECTION_LAB): what a reader may change, each change a state the
 * engine derives again. */
typedef enum
{
    EXATTN_LAB_QUERY = 0,       /* which query row is followed */
    EXATTN_LAB_MULTIPLIER = 1,  /* an exact factor on the followed row's
                                   query (the lesson's query_multiplier) */
    EXATTN_LAB_CAUSAL = 2,      /* the causal mask on or off */
    EXATTN_LAB_OVERRIDE = 3,    /* one entry of V (a value_override) */
    EXATTN_LAB_BLOCK = 4        /* one key blocked for every query, or
                                   none */
} exattn_lab_control_t;

/* Read and check the lesson file at `path` (limits NULL: the defaults).
 * Every variant is resolved and checked too, so a lesson that loads can be
 * derived without further input errors.  On failure `*out` is NULL and
 * `err` names the file, line and column. */
EXATTN_WUR int exattn_lesson_read_file(exattn_lesson **out, const char *path,
                                       const exattn_limits_t *limits,
                                       exattn_error_t *err);

/* The same, from `len` bytes in memory; `name` is used in messages. */
EXATTN_WUR int exattn_lesson_read_buffer(exattn_lesson **out,
                                         const char *data, size_t len,
                                         const char *name,
                                         const exattn_limits_t *limits,
                                         exattn_error_t *err);

/* Release a lesson and its variants.  NULL is a no-op. */
void exattn_lesson_free(exattn_lesson *lesson);

/* Title (NULL when there is none) and, for a variant, its name (NULL for
 * the base lesson).  Both borrowed. */
const char *exattn_lesson_title(const exattn_lesson *lesson);
const char *exattn_lesson_name(const exattn_lesson *lesson);
/* The file name the lesson's messages give (the path it was read from,
 * or the name given with a buffer). */
const char *exattn_lesson_file(const exattn_lesson *lesson);

/* Shapes: n query rows, m key/value rows, d_k, d_v. */
size_t exattn_lesson_queries(const exattn_lesson *lesson);
size_t exattn_lesson_keys(const exattn_lesson *lesson);
size_t exattn_lesson_key_width(const exattn_lesson *lesson);
size_t exattn_lesson_value_width(const exattn_lesson *lesson);

/* Labels (borrowed): query i, key j.  Default labels are "1", "2", ... */
const char *exattn_lesson_query_label(const exattn_lesson *lesson, size_t i);
const char *exattn_lesson_key_label(const exattn_lesson *lesson, size_t j);

/* Matrix entries after projection and overrides, copied into `out`,
 * which is returned (NULL out of range, `out` untouched): Q is n x d_k,
 * K is m x d_k, V is m x d_v.  (A copy: a real head's integer entries
 * are held as machine words, not rationals to lend.) */
mpq_srcptr exattn_lesson_q(const exattn_lesson *lesson, size_t i, size_t c,
                           mpq_t out);
mpq_srcptr exattn_lesson_k(const exattn_lesson *lesson, size_t j, size_t c,
                           mpq_t out);
mpq_srcptr exattn_lesson_v(const exattn_lesson *lesson, size_t j, size_t c,
                           mpq_t out);

/* Scale: its kind; for RATIONAL the factor, for INV_SQRT the radicand d
 * (both borrowed, written into `value` as a copy). */
exattn_scale_kind_t exattn_lesson_scale(const exattn_lesson *lesson,
                                        mpq_t value);

/* Mask: its kind, and whether key j is visible to query i. */
exattn_mask_kind_t exattn_lesson_mask(const exattn_lesson *lesson);
int exattn_lesson_allowed(const exattn_lesson *lesson, size_t i, size_t j);

/* Variants, in file order (borrowed). */
size_t exattn_lesson_variant_count(const exattn_lesson *lesson);
const exattn_lesson *exattn_lesson_variant(const exattn_lesson *lesson,
                                           size_t k);

/* Blends: assigned exact weights over V, checked to sum to exactly 1. */
size_t exattn_lesson_blend_count(const exattn_lesson *lesson);
const char *exattn_lesson_blend_name(const exattn_lesson *lesson, size_t b);
mpq_srcptr exattn_lesson_blend_weight(const exattn_lesson *lesson, size_t b,
                                      size_t j);
/* Output coordinate c of blend b: sum_j w_j V_jc, exact. */
void exattn_lesson_blend_output(mpq_t out, const exattn_lesson *lesson,
                                size_t b, size_t c);

#endif
