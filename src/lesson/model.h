/* The lesson model: a lesson as read (shapes, labels, Q, K, V after
 * projection, scale, mask, blends, variants, its block's spec) and its
 * claims, resolved.  The lesson layer owns it (src/lesson/); the layers
 * above read it, the layers below never see it. */
#ifndef EXATTN_LESSON_MODEL_H
#define EXATTN_LESSON_MODEL_H

#include "internal.h"

/* ---- lessons (src/lesson/) --------------------------------------------- */

typedef struct
{
    char *name;
    mpq_t *w;           /* m weights */
} exattn_blend;

/* A claim to verify (src/lesson/claims.c), resolved when the lesson is
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

typedef enum
{
    EXATTN_TARGET_ROW = 0,      /* a row quantity */
    EXATTN_TARGET_BLEND = 1,    /* a blend's output */
    EXATTN_TARGET_EXPR = 2,     /* an expression */
    EXATTN_TARGET_MATRIX = 3,   /* an entry of Q, K or V (kind: 0, 1, 2) */
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

struct exattn_lesson
{
    char *file;                 /* name used in messages */
    char *title;
    char *name;                 /* variant name; NULL for the base */
    size_t n, m, dk, dv;
    char **query_labels;        /* n labels */
    char **key_labels;          /* m labels */
    int default_query_labels;   /* labels are the 1-based indices */
    int default_key_labels;
    exattn_matrix q, k, v;      /* after projection and overrides */
    exattn_scale_kind_t scale_kind;
    mpq_t scale_value;          /* the factor, or the radicand d */
    mpq_t scale_coef;           /* scaled = raw * scale_coef * sqrt(surd) */
    unsigned long surd;         /* square-free; 1 unless INV_SQRT */
    exattn_mask_kind_t mask_kind;
    unsigned char *allowed;     /* n*m, row-major */
    size_t blend_count;
    exattn_blend *blends;
    size_t variant_count;
    exattn_lesson **variants;
    size_t *perm;               /* "permute": new row i was row perm[i]
                                   (0-based); NULL when not permuted */
    const exattn_lesson *contrast;  /* a variant: what it is contrasted
                                       with (the base, or a variant) */
    struct exattn_block_spec *block;    /* NULL: no "block" */
    size_t claim_count;         /* base lesson only */
    exattn_claim *claims;
};


/* An empty lesson read from `file` (src/lesson/model.c); NULL when out of
 * memory. */
exattn_lesson *exattn_lesson__new(const char *file);
/* A copy of lesson l (shapes, labels, Q, K, scale, mask) with other
 * values v (l->m x l->dv): the contrast of a variant uses it to derive the
 * change of its outputs with the same rule as the outputs themselves.
 * Release with exattn_lesson_free. */
int exattn_lesson__with_values(exattn_lesson **out, const exattn_lesson *l,
                               const exattn_matrix *v);

#endif
