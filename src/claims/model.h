/* The claim model: what a lesson claims of its quantities, read and
 * resolved with the lesson (src/claims/read.c, paths.c) and checked
 * (src/claims/check.c).  The claims layer owns it; a lesson holds its
 * claims (src/lesson/model.h). */
#ifndef EXATTN_CLAIMS_MODEL_H
#define EXATTN_CLAIMS_MODEL_H

#include "internal.h"

/* A claim to verify (src/claims/read.c), resolved when the lesson is
 * read: its lesson (base or variant), its target and its claimed values. */
typedef enum
{
    EXATTN_CLAIM_IS = 0,
    EXATTN_CLAIM_APPROX = 1,
    EXATTN_CLAIM_NAMED = 2,
    EXATTN_CLAIM_HOLDS = 3      /* a property of a row, proved */
} exattn_claim_kind;

typedef enum
{
    EXATTN_PROPERTY_DISTRIBUTION = 0,   /* weights >= 0, summing to 1 */
    EXATTN_PROPERTY_CONVEX = 1,         /* outputs inside the values */
    EXATTN_PROPERTY_TIES = 2,           /* equal scores, equal weights */
    EXATTN_PROPERTY_SHARPENS = 3,       /* along lessons: the largest
                                           score's weight increases, tied
                                           weights stay tied */
    EXATTN_PROPERTY_EQUIVARIANT = 4     /* a permuted variant's token has
                                           the base's output */
} exattn_property;

/* The matrices a claim may name by path: Q, K, V (after projection
 * and interventions), and what the lesson gave before projection. */
typedef enum
{
    EXATTN_MATRIX_Q = 0, EXATTN_MATRIX_K = 1, EXATTN_MATRIX_V = 2,
    EXATTN_MATRIX_X = 3, EXATTN_MATRIX_MEMORY = 4, EXATTN_MATRIX_W_Q = 5,
    EXATTN_MATRIX_W_K = 6, EXATTN_MATRIX_W_V = 7
} exattn_matrix_t;

typedef enum
{
    EXATTN_TARGET_ROW = 0,      /* a row quantity */
    EXATTN_TARGET_BLEND = 1,    /* a blend's output */
    EXATTN_TARGET_EXPR = 2,     /* an expression */
    EXATTN_TARGET_MATRIX = 3,   /* an entry of a matrix the lesson gives
                                   or projects (kind: exattn_matrix_t) */
    EXATTN_TARGET_BLOCK = 4,    /* a quantity of the lesson's block */
    EXATTN_TARGET_SHAPE = 5,    /* a shape: a width, a count, a matrix's
                                   rows and columns */
    EXATTN_TARGET_DIFF = 6      /* a row quantity of one lesson minus the
                                   same quantity of another */
} exattn_target;

typedef struct
{
    char *text;                 /* the path or the expression as written */
    char *variant;              /* NULL: the base lesson */
    const exattn_lesson *lesson;
    char *minus;                /* EXATTN_TARGET_DIFF: what is subtracted
                                   ("base" or a variant's name) */
    const exattn_lesson *minus_lesson;  /* also the base an "equivariant"
                                           variant is compared with */
    const exattn_lesson **along;        /* "sharpens": the lessons, in
                                           order */
    size_t along_count;
    exattn_target target;
    exattn_kind_t kind;         /* for EXATTN_TARGET_ROW */
    size_t row;                 /* query row, or blend index */
    size_t key, col;            /* the fixed indices */
    int vary;                   /* 0 scalar, 1 over keys, 2 over coords,
                                   3 over rows (block quantities) */
    int block_q;                /* EXATTN_TARGET_BLOCK: the quantity */
    size_t block_head;          /* and its head */
    size_t count;               /* claimed values */
    size_t shape[2];            /* EXATTN_TARGET_SHAPE: its values */
    exattn_claim_kind claim;
    exattn_property property;   /* EXATTN_CLAIM_HOLDS */
    char **values;              /* count texts as written */
    struct exattn_expr *expr;   /* EXATTN_TARGET_EXPR */
    struct exattn_expr **named; /* count expressions (EXATTN_CLAIM_NAMED) */
    mpq_t *exact;               /* count numbers (EXATTN_CLAIM_IS) */
    int refs;                   /* a named value names quantities by path
                                   ("2*weights[rises][3]"): `named` holds
                                   placeholders, and the text is parsed
                                   again, with the quantities, to check */
    size_t expr_length, expr_depth; /* the limits it was read under, for
                                       that second parse */
    char *source;               /* the page's sentence it checks, or NULL:
                                   quoted by a report that fails it */
    unsigned long line, column;
} exattn_claim;

/* A row quantity named by path inside a claim's expression. */
typedef struct
{
    exattn_kind_t kind;
    size_t row, key, col;
} exattn_claim_ref;

#endif
