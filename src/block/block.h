/* An encoder block derived as named states: every quantity is a node of
 * one expression DAG (src/expr/build.c), exact where the arithmetic proves
 * it, named otherwise, and enclosed on request. */
#ifndef EXATTN_BLOCK_INTERNAL_H
#define EXATTN_BLOCK_INTERNAL_H

#include "row/model.h"
#include "block/spec.h"
#include "expr/expr.h"
#include "exattn/stage.h"

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
    exattn_xnode **q[EXATTN_STAGE_COUNT];  /* the other quantities, row-major
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

/* The part of a block a stage belongs to. */
typedef enum
{
    EXATTN_PART_INPUT = 0,      /* positions and the input x' */
    EXATTN_PART_SELF,           /* the first (self-)attention sublayer and
                                   its norm */
    EXATTN_PART_CROSS,          /* a decoder's cross-attention sublayer:
                                   claim paths "cross." + [hH.] + name */
    EXATTN_PART_FFN,            /* the feed-forward sublayer and its norm */
    EXATTN_PART_FINAL           /* a Pre-LN block's final norm */
} exattn_stage_part;

/* What computes a stage: the builders, shapes, names and the audit's
 * families read this rather than lists of stages. */
typedef enum
{
    EXATTN_KIND_POSITIONS = 0,  /* PE(p): rows are positions */
    EXATTN_KIND_INPUT,
    EXATTN_KIND_QUERY,          /* a head's q, k, v, scores, weights and
                                   output: one table per head */
    EXATTN_KIND_KEY,
    EXATTN_KIND_VALUE,
    EXATTN_KIND_SCORES,
    EXATTN_KIND_WEIGHTS,
    EXATTN_KIND_HEAD_OUTPUT,
    EXATTN_KIND_JOINED,         /* the heads joined (by W_O) */
    EXATTN_KIND_RESIDUAL,
    EXATTN_KIND_MEAN,           /* a LayerNorm's moments, per token */
    EXATTN_KIND_VARIANCE,
    EXATTN_KIND_MEAN_SQUARE,    /* an RMSNorm's, per token */
    EXATTN_KIND_NORM,           /* a norm's output */
    EXATTN_KIND_HIDDEN,         /* the FFN: x W_1 + b_1, its ReLU, f */
    EXATTN_KIND_RELU,
    EXATTN_KIND_FFN
} exattn_stage_kind;

typedef struct
{
    exattn_stage_t bq;
    const char *name;           /* in claims and the API ("ln1.mean"),
                                   after "hH." for a head's */
    const char *id;             /* an identifier ("ln1_mean"): JSON keys */
    const char *text, *tex;     /* its symbol ("μ", "\mu") */
    exattn_stage_sup sup;
    exattn_stage_part part;
    exattn_stage_kind kind;
} exattn_stage_info;

/* One value per token (a mean, a variance, a mean square)? */
int exattn_block__per_token(exattn_stage_t bq);

const exattn_stage_info *exattn_block__stage(exattn_stage_t bq);
/* The symbol of stage bq of head `head` (0-based) in a block of `heads`
 * heads: text "q2", "H1", "μ"; LaTeX "q^{(2)}", "H^{(1)}", "\mu". */
void exattn_block__symbol(char *text, size_t text_size, char *tex,
                          size_t tex_size, exattn_stage_t bq, size_t head,
                          size_t heads);
/* The symbol of the softmax denominator of row `row` of weights stage bq
 * (of head `head` of `heads`): "Z[2]" and "Z_{2}", "Z1[2]" and
 * "Z^{(1)}_{2}" where the weights carry the head, "\tilde{Z}" for a
 * decoder's cross-attention. */
void exattn_block__denominator_symbol(char *text, size_t text_size,
                                      char *tex, size_t tex_size,
                                      exattn_stage_t bq, size_t head,
                                      size_t heads, size_t row);
/* Label the table of stage bq (of head `head`) with its symbol:
 * exattn_block__label. */
int exattn_block__label_stage(exattn_block *b, exattn_xnode **t,
                              exattn_stage_t bq, size_t head, size_t rows,
                              size_t cols, exattn_error_t *err);

/* Is bq a stage of a decoder's cross-attention sublayer?  Its claim
 * path is "cross." + [hH.] + its name. */
int exattn_block__is_cross(exattn_stage_t bq);
/* Is bq a stage of each head (q, k, v, scores, weights, output)? */
int exattn_block__per_head(exattn_stage_t bq);
/* How many heads the sublayer of bq has. */
size_t exattn_block__heads_of(const exattn_block *b, exattn_stage_t bq);
/* Its claim path: "ln1.mean", "h2.weights", "cross.h1.q". */
void exattn_block__path(char *buf, size_t size, exattn_stage_t bq,
                        size_t head);

/* Is quantity bq part of this block? */
int exattn_block__present(const exattn_block_spec *s, exattn_stage_t bq);

/* Shapes, from the lesson alone (claims are resolved before any block is
 * built): rows and columns of quantity `bq` (of head `head`); 0 rows when
 * the block does not have it. */
/* A decoder's memory: row j's label (NULL when the lesson names none)
 * and its rows (0 without cross-attention). */
const char *exattn_block__memory_label(const exattn_lesson *l, size_t j);
size_t exattn_block__memory_rows(const exattn_lesson *l);
void exattn_block__shape(const exattn_lesson *l, exattn_stage_t bq,
                         size_t head, size_t *rows, size_t *cols);

/* "h2.weights" -> EXATTN_STAGE_WEIGHTS, head 1; "cross.h1.q" ->
 * EXATTN_STAGE_CQ, head 0; 0 when not a name. */
int exattn_block__lookup(const char *name, exattn_stage_t *bq, size_t *head);

/* Every claim path of a block's stages, for a message: "pe, input,
 * hH.q|k|v|scores|weights|output, attention, residual, ln1[.mean|...],
 * ...; a decoder's cross.hH.q|..., cross.attention, ...". */
void exattn_block__paths(exattn_sbuf *out);

/* Do rows (columns) of bq count tokens, keys, positions, or coordinates? */
typedef enum { EXATTN_AXIS_QUERY, EXATTN_AXIS_KEY, EXATTN_AXIS_POSITION,
               EXATTN_AXIS_COORD, EXATTN_AXIS_MEMORY } exattn_axis;
exattn_axis exattn_block__row_axis(exattn_stage_t bq);
exattn_axis exattn_block__col_axis(exattn_stage_t bq);

/* The layer norms' epsilon as a node of pool (a number, or the lesson's
 * symbol); NULL when the block has no layer norm or its layer norms'
 * epsilons differ. */
exattn_xnode *exattn_block__epsilon(const exattn_block *b,
                                    struct exattn_expr *pool);

/* The node of entry (i, j); NULL out of range or absent. */
exattn_xnode *exattn_block__node(const exattn_block *b, exattn_stage_t bq,
                                 size_t head, size_t i, size_t j);
/* The softmax denominator of row i of weights stage bq (of `head`): the
 * sum of the allowed keys' e^{s_j} that each of the row's named weights
 * is divided by; NULL when the row's weights are exact (or bq is not a
 * weights stage, or i is out of range). */
exattn_xnode *exattn_block__denominator(const exattn_block *b,
                                        exattn_stage_t bq, size_t head,
                                        size_t i);

/* The norm of each part of the block: its stages (the mean, variance and
 * mean square a LayerNorm or an RMSNorm computes, and its output) in the
 * stage table (src/block/stages.c), and the lesson's parameters for it
 * (src/block/names.c); NULL for a part without a norm. */
typedef struct
{
    exattn_stage_part part;
    exattn_stage_t mean, var, ms, out;
} exattn_norm_stages;

const exattn_norm_stages *exattn_block__norm_stages(exattn_stage_part part);
const exattn_norm_spec *exattn_block__norm_spec(const exattn_block_spec *s,
                                                exattn_stage_part part);

/* The stage whose output a norm of `part` reads (x' or a residual), and
 * the one the feed-forward sublayer reads (a norm's output). */
exattn_stage_t exattn_block__norm_input(const exattn_block_spec *s,
                                        exattn_stage_part part);
exattn_stage_t exattn_block__ffn_input(const exattn_block_spec *s);
/* What a self-attention head's queries are projected from (x', or the
 * norm u in Pre-LN); the two terms residual bq adds (z = x' + A). */
exattn_stage_t exattn_block__head_input(const exattn_block_spec *s);
void exattn_block__residual_terms(exattn_stage_t *from, exattn_stage_t *add,
                                  const exattn_block_spec *s,
                                  exattn_stage_t bq);

/* The line that introduces stage bq (of head `head`) in text, appended
 * to out: 1, with *opens_part whether it starts a part of the block (a
 * sublayer, a norm); 0 when the stage has none (src/block/headings.c).
 * The line that introduces head h (of the cross sublayer when `cross`). */
int exattn_block__stage_heading(exattn_sbuf *out, int *opens_part,
                                const exattn_block *b, exattn_stage_t bq,
                                size_t head);
void exattn_block__head_heading(exattn_sbuf *out, const exattn_block *b,
                                int cross, size_t h);
/* The same for a page (src/block/definitions.c): the title of its
 * heading ("Layer norm", "Head 1") and the formula that defines it in
 * LaTeX, appended to title and tex; 0 when stage bq has neither (a head's
 * scores and output have a formula and no title). */
int exattn_block__stage_definition(exattn_sbuf *title, exattn_sbuf *tex,
                                   const exattn_block *b, exattn_stage_t bq,
                                   size_t head);
void exattn_block__head_definition(exattn_sbuf *title, exattn_sbuf *tex,
                                   const exattn_block *b, int cross,
                                   size_t h);
/* What the block is, in text: "self-attention, Post-LN (residual, then
 * LayerNorm)". */
void exattn_block__block_heading(exattn_sbuf *out, const exattn_block *b);
/* Whether stage bq repeats a quantity shown before it (x' = X, A = H1). */
exattn_repeat_t exattn_block__repeats(const exattn_block *b,
                                      exattn_stage_t bq);

/* A step of the order a block is computed in (src/block/order.c): one
 * stage (when the block has built it), or every head of a sublayer (its
 * q, k, v, scores, weights and output, from `stage`). */
typedef enum
{
    EXATTN_STEP_STAGE = 0,
    EXATTN_STEP_HEADS = 1,
    EXATTN_STEP_CROSS_HEADS = 2
} exattn_step_kind;

typedef struct
{
    exattn_stage_t stage;
    exattn_step_kind kind;
} exattn_block_step;

/* The steps of block b, in order, and their count; a stage step the
 * block does not have (b->q[stage] NULL) is skipped by the reader. */
const exattn_block_step *exattn_block__order(const exattn_block *b,
                                             size_t *count);

/* Building (src/block/attend.c, src/block/layers.c). */
int exattn_block__attend(exattn_block *b, exattn_error_t *err);
int exattn_block__attend_cross(exattn_block *b, exattn_error_t *err);
int exattn_block__layers(exattn_block *b, exattn_error_t *err);
/* A Pre-LN block's first norm, of x', which its heads read. */
int exattn_block__pre_norm(exattn_block *b, exattn_error_t *err);

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
