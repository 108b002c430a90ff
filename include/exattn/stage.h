/* The stages of a block: every quantity a Transformer block computes,
 * one row each of the stage table (src/block/stages.c), which gives its
 * claim name, identifier, symbols, the part of the block it belongs to
 * and what kind of layer computes it.  The document names a block stage
 * by this enum (exattn_doc_section.stage_kind); claims and the API by
 * its name ("ln1.mean", "h2.weights").  Values are appended, never
 * renumbered: a block has the stages its options give it, walked in the
 * order they are computed (which for a Pre-LN block is not this one). */
#ifndef EXATTN_STAGE_H
#define EXATTN_STAGE_H

typedef enum
{
    EXATTN_STAGE_PE, EXATTN_STAGE_INPUT, EXATTN_STAGE_Q, EXATTN_STAGE_K,
    EXATTN_STAGE_V, EXATTN_STAGE_SCORES, EXATTN_STAGE_WEIGHTS,
    EXATTN_STAGE_HEAD, EXATTN_STAGE_ATTN, EXATTN_STAGE_RES1,
    EXATTN_STAGE_MEAN1, EXATTN_STAGE_VAR1, EXATTN_STAGE_LN1,
    /* a decoder's cross-attention sublayer */
    EXATTN_STAGE_CQ, EXATTN_STAGE_CK, EXATTN_STAGE_CV, EXATTN_STAGE_CSCORES,
    EXATTN_STAGE_CWEIGHTS, EXATTN_STAGE_CHEAD, EXATTN_STAGE_CATTN,
    EXATTN_STAGE_CRES, EXATTN_STAGE_CMEAN, EXATTN_STAGE_CVAR,
    EXATTN_STAGE_CLN,
    /* the feed-forward sublayer */
    EXATTN_STAGE_HIDDEN, EXATTN_STAGE_RELU, EXATTN_STAGE_FFN,
    EXATTN_STAGE_RES2, EXATTN_STAGE_MEAN2, EXATTN_STAGE_VAR2,
    EXATTN_STAGE_LN2,
    /* an RMSNorm's mean square of each norm (in place of a LayerNorm's
     * mean and variance) */
    EXATTN_STAGE_MS1, EXATTN_STAGE_CMS, EXATTN_STAGE_MS2,
    /* a Pre-LN block's final norm */
    EXATTN_STAGE_MEAN3, EXATTN_STAGE_VAR3, EXATTN_STAGE_MS3,
    EXATTN_STAGE_LN3,
    EXATTN_STAGE_COUNT
} exattn_stage_t;

/* A block stage that repeats a quantity shown before it: a writer may
 * leave its rows out. */
typedef enum
{
    EXATTN_REPEATS_NONE = 0,
    EXATTN_REPEATS_INPUT = 1,       /* x' = X: no positions are added */
    EXATTN_REPEATS_HEAD = 2         /* A = H1: one head and no W_O */
} exattn_repeat_t;

#endif
