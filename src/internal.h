/* Internal declarations shared between modules of libexattn.  Names are
 * exattn_<module>__<name>; nothing here is exported (the library is linked
 * with -export-symbols-regex '^exattn_[a-z]+_[a-z]' and these names carry a
 * double underscore, see Makefile.am). */
#ifndef EXATTN_INTERNAL_H
#define EXATTN_INTERNAL_H

#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <gmp.h>
#include "exattn.h"

#if defined(__GNUC__)
#define EXATTN_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define EXATTN_PRINTF(a, b)
#endif

/* ---- errors (src/util/error.c) ----------------------------------------- */

/* Fill `err` (may be NULL) and return `code`. */
int exattn_error__set(exattn_error_t *err, int code, const char *file,
                      unsigned long line, unsigned long column,
                      const char *fmt, ...) EXATTN_PRINTF(6, 7);
/* Set only the code and message, leaving the position to the caller. */
int exattn_error__msg(exattn_error_t *err, int code, const char *fmt, ...)
    EXATTN_PRINTF(3, 4);

/* ---- UTF-8 (src/util/utf8.c) ------------------------------------------- */

/* The length of the valid UTF-8 sequence at p (left bytes remain), or 0
 * when it is not one: overlong forms, surrogates and code points above
 * U+10FFFF are invalid too. */
size_t exattn_utf8__sequence(const unsigned char *p, size_t left);

/* ---- growable strings (src/util/sbuf.c) --------------------------------- */

typedef struct
{
    char *s;
    size_t len;
    size_t cap;
    int oom;        /* sticky: a failed allocation; s stays valid */
} exattn_sbuf;

void exattn_sbuf__init(exattn_sbuf *b);
void exattn_sbuf__clear(exattn_sbuf *b);
void exattn_sbuf__putn(exattn_sbuf *b, const char *s, size_t n);
void exattn_sbuf__puts(exattn_sbuf *b, const char *s);
void exattn_sbuf__printf(exattn_sbuf *b, const char *fmt, ...)
    EXATTN_PRINTF(2, 3);
void exattn_sbuf__size(exattn_sbuf *b, size_t v);
void exattn_sbuf__mpz(exattn_sbuf *b, const mpz_t z);
void exattn_sbuf__mpq(exattn_sbuf *b, const mpq_t q);
void exattn_sbuf__mpq_latex(exattn_sbuf *b, const mpq_t q);
/* The same with another fraction command ("\\tfrac"). */
void exattn_sbuf__mpq_latex_with(exattn_sbuf *b, const mpq_t q,
                                 const char *frac);
/* A copy of s (malloc), NULL when out of memory. */
char *exattn_str__dup(const char *s);
/* Text inside \text{...}, LaTeX's special characters escaped; text in
 * a % comment (line breaks become spaces). */
void exattn_sbuf__latex_text(exattn_sbuf *b, const char *s);
/* Text in Markdown (CommonMark): the characters that would start markup
 * escaped with a backslash; a line break as a space. */
void exattn_sbuf__markdown_text(exattn_sbuf *b, const char *s);
void exattn_sbuf__latex_comment(exattn_sbuf *b, const char *s);
/* s as a JSON string, quoted and escaped. */
void exattn_sbuf__json(exattn_sbuf *b, const char *s);
/* Write the buffer to `f` and empty it; EXATTN_ENOMEM if a build failed,
 * EXATTN_EIO if the write did. */
int exattn_sbuf__flush(exattn_sbuf *b, FILE *f, const char *file,
                       exattn_error_t *err);
/* Hand the string to the caller (NULL if an allocation failed). */
char *exattn_sbuf__take(exattn_sbuf *b);

/* ---- JSON tree with positions (src/json/tree.c) ------------------------- */

typedef enum
{
    EXATTN_J_NULL,
    EXATTN_J_BOOL,
    EXATTN_J_NUMBER,    /* `text` holds the literal exactly as written */
    EXATTN_J_STRING,
    EXATTN_J_ARRAY,
    EXATTN_J_OBJECT
} exattn_jkind;

typedef struct exattn_jnode exattn_jnode;
struct exattn_jnode
{
    exattn_jkind kind;
    unsigned long line, column;     /* where the value starts */
    char *text;                     /* number literal or string (UTF-8) */
    size_t len;
    int boolean;
    size_t count;                   /* array items or object members */
    size_t cap;
    exattn_jnode **items;           /* values */
    exattn_jnode **keys;            /* object member names (STRING nodes) */
};

/* Parse `len` bytes; `name` is used in messages.  Rejects malformed JSON,
 * duplicate member names and nesting deeper than `max_depth`. */
int exattn_json__parse(exattn_jnode **out, const char *data, size_t len,
                       const char *name, size_t max_depth,
                       exattn_error_t *err);
void exattn_json__free(exattn_jnode *node);
/* Member `key` of an object node, or NULL. */
const exattn_jnode *exattn_json__get(const exattn_jnode *obj,
                                     const char *key);
const char *exattn_json__kind_name(exattn_jkind kind);

/* ---- matrices of rationals (src/util/matrix.c) -------------------------- */

typedef struct
{
    size_t rows, cols;
    mpq_t *a;           /* rows*cols entries, row-major; NULL when empty */
} exattn_matrix;

void exattn_matrix__init(exattn_matrix *m);
int exattn_matrix__alloc(exattn_matrix *m, size_t rows, size_t cols);
void exattn_matrix__clear(exattn_matrix *m);
int exattn_matrix__copy(exattn_matrix *dst, const exattn_matrix *src);
/* out = a * b; shapes already checked (a->cols == b->rows). */
int exattn_matrix__mul(exattn_matrix *out, const exattn_matrix *a,
                       const exattn_matrix *b);
#define EXATTN_AT(m, r, c) ((m)->a[(r) * (m)->cols + (c)])

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

/* exattn_mpq_set_text with another limit on exponents and digits
 * (src/num/parse.c). */
int exattn_num__set_text(mpq_t out, const char *text, size_t len,
                         long max_exponent, exattn_error_t *err);

/* 1/sqrt(d) = coef * sqrt(surd) with surd square-free (src/num/surd.c).
 * d must be a positive rational. */
int exattn_num__inv_sqrt(mpq_t coef, unsigned long *surd, const mpq_t d);

/* c*sqrt(s) on one line, "3√2/2" ("3\sqrt{2}/2" for tex): the canonical
 * form of a scaled score in an exponent (src/num/surd.c). */
void exattn_num__put_surd(exattn_sbuf *b, mpq_srcptr c, unsigned long s,
                          int tex);

/* ---- rows (src/row/) ---------------------------------------------------- */

/* Integer views of Q, K, V (src/row/ints.c): each matrix times the lcm
 * of its denominators, as int64; NULL where that does not fit the
 * bounds. */
typedef struct
{
    int64_t *q, *k, *v;         /* row-major, like the matrices */
    mpz_t den_qk;               /* q.k = (q'.k') / den_qk */
    mpz_t den_v;                /* V = V' / den_v */
} exattn_ints;

int exattn_ints__new(exattn_ints **out, const exattn_lesson *l);
void exattn_ints__free(exattn_ints *iv);

struct exattn_row
{
    const exattn_lesson *lesson;
    size_t index;
    /* Scores are stored once per distinct value ("class"): a real head
     * has a few hundred distinct scores among thousands of keys. */
    size_t class_count;
    mpq_t *class_score;         /* distinct raw scores */
    mpq_t *class_coef;          /* their scaled-score coefficients */
    mpq_ptr *score;             /* m: the raw score of key j */
    mpq_ptr *coef;              /* m: its scaled-score coefficient */
    const unsigned char *allowed;
    size_t allowed_count;
    int weights_exact;
    mpq_t weight;               /* 1/|A| when weights_exact */
    unsigned char *out_exact;   /* d_v flags */
    mpq_t *out_value;           /* d_v values, meaningful where exact */
    /* Equal-score groups of the allowed keys, in increasing scaled
     * score: the rule's and the evaluation's unit. */
    size_t *group;              /* m: group of an allowed key, else -1 */
    size_t group_count;
    size_t *group_key;          /* first key (lowest index) of a group */
    unsigned long *group_size;  /* its number of keys */
    mpq_t *group_sum;           /* group_count x d_v: sum of V_jc, or */
    int64_t *group_isum;        /* the same on integers, times den_v
                                   (then group_sum is NULL) */
    mpz_srcptr den_v;           /* of group_isum (borrowed); 1 if none */
    size_t *order;              /* allowed_count keys by scaled score */
    int written_exponents;      /* presentation, set by the derivation:
                                   e^{2/√2} as the lesson writes the
                                   exponent, not e^{√2} */
};

/* Row i of l; with integer views (NULL: none), scores and group sums on
 * machine integers. */
int exattn_row__new_in(exattn_row **out, const exattn_lesson *l, size_t i,
                       const exattn_ints *ints, exattn_error_t *err);

/* The exact-or-named rule (src/row/rule.c): from row->order (allowed keys
 * by scaled score) decide the groups, the weights and every output
 * coordinate; group sums of V on integers when `ints` has a view of V. */
int exattn_rule__decide(exattn_row *row, const exattn_ints *ints);

#endif
