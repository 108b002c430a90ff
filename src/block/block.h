/* An encoder block derived as named states: every quantity is a node of
 * one expression DAG (src/expr/build.c), exact where the arithmetic proves
 * it, named otherwise, and enclosed on request. */
#ifndef EXATTN_BLOCK_INTERNAL_H
#define EXATTN_BLOCK_INTERNAL_H

#include "row/model.h"
#include "block/spec.h"
#include "expr/expr.h"

/* The quantities of a block, in the order they are computed. */
typedef enum
{
    EXATTN_BQ_PE, EXATTN_BQ_INPUT, EXATTN_BQ_Q, EXATTN_BQ_K, EXATTN_BQ_V,
    EXATTN_BQ_SCORES, EXATTN_BQ_WEIGHTS, EXATTN_BQ_HEAD, EXATTN_BQ_ATTN,
    EXATTN_BQ_RES1, EXATTN_BQ_MEAN1, EXATTN_BQ_VAR1, EXATTN_BQ_LN1,
    /* a decoder's cross-attention sublayer (the same order as the first
     * sublayer's: the builders count on it) */
    EXATTN_BQ_CQ, EXATTN_BQ_CK, EXATTN_BQ_CV, EXATTN_BQ_CSCORES,
    EXATTN_BQ_CWEIGHTS, EXATTN_BQ_CHEAD, EXATTN_BQ_CATTN, EXATTN_BQ_CRES,
    EXATTN_BQ_CMEAN, EXATTN_BQ_CVAR, EXATTN_BQ_CLN,
    EXATTN_BQ_HIDDEN, EXATTN_BQ_RELU, EXATTN_BQ_FFN, EXATTN_BQ_RES2,
    EXATTN_BQ_MEAN2, EXATTN_BQ_VAR2, EXATTN_BQ_LN2, EXATTN_BQ_COUNT
} exattn_bq;

/* How a row's softmax weights were decided. */
typedef enum
{
    EXATTN_WRULE_ONE = 0,       /* one allowed key: weight exactly 1 */
    EXATTN_WRULE_EQUAL = 1,     /* all allowed scores equal: 1/|A| */
    EXATTN_WRULE_NAMED = 2,     /* scores differ (proved): named */
    EXATTN_WRULE_UNDECIDED = 3  /* scores not proved equal or different */
} exattn_wrule;

/* The sign of a ReLU input: proved, or undecided (then max(0, h) is kept
 * and enclosed as such). */
#define EXATTN_SIGN_UNDECIDED EXATTN_SIGN_UNPROVED

typedef struct
{
    size_t dk, dv;
    exattn_xnode **q, **k, **v;     /* n x dk, m x dk, m x dv */
    exattn_xnode **s;               /* n x m scaled scores (NULL: blocked) */
    exattn_xnode **w;               /* n x m weights */
    exattn_xnode **out;             /* n x dv */
    exattn_wrule *rule;             /* n */
} exattn_head_nodes;

struct exattn_block
{
    const exattn_lesson *lesson;
    const exattn_block_spec *spec;
    exattn_expr *pool;
    size_t n, m, d, dff, heads_count;
    mpfr_prec_t max_prec;
    exattn_xnode **pe, **input;     /* n x d */
    exattn_xnode **source;          /* m x width: keys and values come
                                       from here (input, or memory) */
    size_t source_width;
    exattn_head_nodes *heads;
    size_t cross_count;             /* a decoder's cross-attention heads */
    exattn_head_nodes *cross_heads;
    exattn_xnode **memory;          /* their keys' and values' source */
    exattn_xnode **q[EXATTN_BQ_COUNT];  /* the other quantities, row-major
                                           (NULL when the block has none) */
    signed char *sign;              /* n x dff */
};

/* A stage: one row of the table of src/block/stages.c. */
typedef enum
{
    EXATTN_SUP_NEVER = 0,       /* its LaTeX symbol has no head index */
    EXATTN_SUP_SEVERAL = 1,     /* "q^{(2)}" when the block has several
                                   heads, "q" with one */
    EXATTN_SUP_ALWAYS = 2       /* "H^{(1)}" always */
} exattn_stage_sup;

typedef struct
{
    exattn_bq bq;
    const char *name;           /* in claims and the API ("ln1.mean"),
                                   after "hH." for a head's */
    const char *id;             /* an identifier ("ln1_mean"): JSON keys */
    const char *text, *tex;     /* its symbol ("μ", "\mu") */
    exattn_stage_sup sup;
    int per_token;              /* one value per token */
} exattn_stage_info;

const exattn_stage_info *exattn_block__stage(exattn_bq bq);
/* The symbol of stage bq of head `head` (0-based) in a block of `heads`
 * heads: text "q2", "H1", "μ"; LaTeX "q^{(2)}", "H^{(1)}", "\mu". */
void exattn_block__symbol(char *text, size_t text_size, char *tex,
                          size_t tex_size, exattn_bq bq, size_t head,
                          size_t heads);
/* Label the table of stage bq (of head `head`) with its symbol:
 * exattn_block__label. */
int exattn_block__label_stage(exattn_block *b, exattn_xnode **t,
                              exattn_bq bq, size_t head, size_t rows,
                              size_t cols, exattn_error_t *err);

/* Is bq a stage of a decoder's cross-attention sublayer?  Its claim
 * path is "cross." + [hH.] + its name. */
int exattn_block__is_cross(exattn_bq bq);
/* Is bq a stage of each head (q, k, v, scores, weights, output)? */
int exattn_block__per_head(exattn_bq bq);
/* How many heads the sublayer of bq has. */
size_t exattn_block__heads_of(const exattn_block *b, exattn_bq bq);
/* Its claim path: "ln1.mean", "h2.weights", "cross.h1.q". */
void exattn_block__path(char *buf, size_t size, exattn_bq bq, size_t head);

/* Is quantity bq part of this block? */
int exattn_block__present(const exattn_block_spec *s, exattn_bq bq);

/* Shapes, from the lesson alone (claims are resolved before any block is
 * built): rows and columns of quantity `bq` (of head `head`); 0 rows when
 * the block does not have it. */
/* A decoder's memory: row j's label (NULL when the lesson names none)
 * and its rows (0 without cross-attention). */
const char *exattn_block__memory_label(const exattn_lesson *l, size_t j);
size_t exattn_block__memory_rows(const exattn_lesson *l);
void exattn_block__shape(const exattn_lesson *l, exattn_bq bq, size_t head,
                         size_t *rows, size_t *cols);

/* "h2.weights" -> EXATTN_BQ_WEIGHTS, head 1; "cross.h1.q" ->
 * EXATTN_BQ_CQ, head 0; 0 when not a name. */
int exattn_block__lookup(const char *name, exattn_bq *bq, size_t *head);

/* Do rows (columns) of bq count tokens, keys, positions, or coordinates? */
typedef enum { EXATTN_AXIS_QUERY, EXATTN_AXIS_KEY, EXATTN_AXIS_POSITION,
               EXATTN_AXIS_COORD, EXATTN_AXIS_MEMORY } exattn_axis;
exattn_axis exattn_block__row_axis(exattn_bq bq);
exattn_axis exattn_block__col_axis(exattn_bq bq);

/* The layer norms' epsilon as a node of pool (a number, or the lesson's
 * symbol); NULL when the block has no layer norm or its layer norms'
 * epsilons differ. */
exattn_xnode *exattn_block__epsilon(const exattn_block *b,
                                    struct exattn_expr *pool);

/* The node of entry (i, j); NULL out of range or absent. */
exattn_xnode *exattn_block__node(const exattn_block *b, exattn_bq bq,
                                 size_t head, size_t i, size_t j);

/* Building (src/block/attend.c, src/block/layers.c). */
int exattn_block__attend(exattn_block *b, exattn_error_t *err);
int exattn_block__attend_cross(exattn_block *b, exattn_error_t *err);
int exattn_block__layers(exattn_block *b, exattn_error_t *err);

/* Helpers shared by the builders (src/block/block.c). */
exattn_xnode **exattn_block__alloc(exattn_block *b, size_t count);
/* sum_k x[k*stride] * W[k][col], for k < len, with exact weights written
 * as plain coefficients (x, -x, 2·x) and zero terms left out. */
exattn_xnode *exattn_block__combine(exattn_block *b, exattn_xnode **x,
                                    size_t stride, const exattn_matrix *w,
                                    size_t col, exattn_error_t *err);
/* acc op t (op: ADD or SUB) as the next link of a chain of sums, acc NULL
 * for the first.  `fresh` (0 before the first link) tracks whether acc is
 * an intermediate of this chain; its polynomial form is then dropped once
 * copied into the next link, which keeps long sums linear in memory. */
exattn_xnode *exattn_block__link(exattn_block *b, exattn_xop op,
                                 exattn_xnode *acc, exattn_xnode *t,
                                 int *fresh, exattn_error_t *err);
/* Label every node of a row-major table: "NAME[i,j]", LaTeX
 * "TEX_{i,j}" (1-based), or "NAME[i]" for one column. */
int exattn_block__label(exattn_block *b, exattn_xnode **t, size_t rows,
                        size_t cols, const char *name, const char *tex,
                        exattn_error_t *err);
int exattn_block__nomem(const exattn_block *b, exattn_error_t *err);
/* After a builder returned NULL: the error it reported, or out of
 * memory when it reported none. */
int exattn_block__failed(const exattn_block *b, exattn_error_t *err);

#endif
