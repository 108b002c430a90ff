/* The lesson model: a lesson as read (shapes, labels, Q, K, V after
 * projection, scale, mask, blends, variants, its block's spec) and its
 * claims (their struct: src/claims/model.h), resolved.  The lesson layer
 * owns it (src/lesson/); the layers above read it, the layers below never
 * see it. */
#ifndef EXATTN_LESSON_MODEL_H
#define EXATTN_LESSON_MODEL_H

#include "internal.h"
#include "claims/model.h"

/* ---- lessons (src/lesson/) --------------------------------------------- */

typedef struct
{
    char *name;
    mpq_t *w;           /* m weights */
} exattn_blend;

/* A lesson's live lab ("lab", src/lesson/lab_spec.c): the controls a
 * reader moves, each a state derived again (the document's
 * exattn_doc_lab says what a state is). */
typedef struct
{
    exattn_lab_control_t kind;
    size_t count;               /* MULTIPLIER, OVERRIDE: positions */
    mpq_t *positions;           /* owned, increasing */
    size_t start;               /* as exattn_doc_lab_control's */
    size_t row, col;            /* OVERRIDE: the entry of V, 0-based */
    int ranged;                 /* given as from, to, step */
    mpq_t step;                 /* its step (initialised when ranged) */
} exattn_lab_control;

typedef struct
{
    char *title;                /* NULL: none */
    size_t follow;              /* 0-based */
    size_t control_count;
    exattn_lab_control *controls;
    unsigned show;              /* OR of EXATTN_LAB_SHOW_* (doc.h) */
    unsigned char *causal_allowed;  /* with a causal control: n*m */
    unsigned char *open_allowed;
    unsigned char *blockable;       /* with a block control: m flags under
                                       the lesson's mask, or with a causal
                                       control under causal_allowed */
    unsigned char *blockable_open;  /* and with one, under open_allowed */
} exattn_lab;

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
    exattn_matrix x, memory;    /* before projection (empty when Q, K, V
                                   are given, and in a block lesson) */
    exattn_matrix w_q, w_k, w_v;
    int q_multiplied;           /* the lab changed q after projection */
    int v_overridden;           /* and v */
    exattn_mask_written_t mask_written;     /* the mask as written */
    unsigned char *key_padding; /* m flags, or NULL */
    size_t *valid_lens;         /* valid_lens_count lengths, or NULL */
    size_t valid_lens_count;
    int mask_causal;            /* a shorthand with "causal": true */
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
    exattn_lab *lab;            /* base lesson only; NULL: no "lab" */
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

/* Release a lab and what it owns (src/lesson/lab_spec.c). */
void exattn_lesson__free_lab(exattn_lab *lab);

#endif
