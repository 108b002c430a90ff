/* What a lesson's "block" field describes (docs/lesson-format.md, "The
 * encoder block"): a Transformer block around the lesson's attention,
 * read and checked with the lesson, derived by src/block/. */
#ifndef EXATTN_BLOCK_SPEC_H
#define EXATTN_BLOCK_SPEC_H

#include "lesson/model.h"

/* Blocks are derived as expression DAGs over named states, for lessons a
 * person can follow: these bound every dimension. */
#define EXATTN_BLOCK_MAX_ROWS 16
#define EXATTN_BLOCK_MAX_WIDTH 16
#define EXATTN_BLOCK_MAX_HEADS 8

typedef struct
{
    exattn_matrix wq, wk, wv;
} exattn_head_spec;

/* LayerNorm: gamma * (z - mean) / sqrt(variance + epsilon) + beta;
 * RMSNorm: gamma * z / sqrt(mean(z^2) + epsilon) + beta (beta 0 unless
 * given). */
typedef struct
{
    int present;
    exattn_matrix gamma, beta;      /* 1 x d_model */
    mpq_t eps;                      /* the value (when eps_has_value) */
    int eps_has_value;
    char *eps_symbol, *eps_tex;     /* NULL: epsilon is the number */
    unsigned long eps_line, eps_column; /* where the lesson gives it: a
                                           division by zero points there */
} exattn_norm_spec;

/* A decoder's cross-attention sublayer, after the first layer norm:
 * queries from its output u, keys and values from the encoder's output;
 * then its residual (u + C) and layer norm. */
typedef struct
{
    int present;
    exattn_matrix memory;           /* m' x width: the encoder's output */
    char **labels;                  /* m' memory labels ("1", ... if none) */
    int default_labels;             /* the lesson names none */
    size_t head_count;
    exattn_head_spec *heads;
    exattn_matrix wo;               /* (H d_v) x d_model; 0 rows: none */
    exattn_norm_spec ln;
} exattn_cross_spec;

typedef struct exattn_block_spec
{
    exattn_matrix x, memory;        /* memory.rows == 0: self-attention */
    int positional;                 /* sinusoidal encoding added to X */
    int scale_per_head;             /* 1/sqrt(d_k) of each head */
    size_t head_count;
    exattn_head_spec *heads;
    exattn_matrix wo;               /* (H d_v) x d_model */
    exattn_norm_spec ln1, ln2;     /* Post-LN: after each residual;
                                       Pre-LN: before each sublayer */
    exattn_norm_spec final;         /* Pre-LN: after the last residual
                                       (optional) */
    int pre_ln;                     /* "order": "pre" */
    int rms;                        /* "norm": "rms_norm": every norm is
                                       an RMSNorm */
    int has_ffn;
    exattn_matrix w1, b1, w2, b2;   /* b1: 1 x d_ff, b2: 1 x d_model */
    exattn_cross_spec cross;        /* present: the block is a decoder,
                                       the FFN reads the cross sublayer's
                                       layer norm */
} exattn_block_spec;

void exattn_block__free_spec(exattn_block_spec *s);

#endif
