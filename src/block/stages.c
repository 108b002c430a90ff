/* The stages of a block, one row each: what names, claims, the document
 * and every writer know of a quantity.  Adding a layer type adds its rows
 * here (and its construction in layers.c); the rest reads the table. */
#include <stdio.h>
#include "block/block.h"

#define SELF EXATTN_PART_SELF
#define CROSS EXATTN_PART_CROSS
#define FFN EXATTN_PART_FFN
#define FINAL EXATTN_PART_FINAL
#define K(kind) EXATTN_KIND_##kind
#define SEVERAL EXATTN_SUP_SEVERAL
#define ALWAYS EXATTN_SUP_ALWAYS

static const exattn_stage_info stages[EXATTN_STAGE_COUNT] = {
    /* stage, claim name, identifier, text, LaTeX, head superscript, part,
     * kind */
    { EXATTN_STAGE_PE, "pe", "pe", "PE", "\\mathrm{PE}", 0,
      EXATTN_PART_INPUT, K(POSITIONS) },
    { EXATTN_STAGE_INPUT, "input", "input", "x'", "x'", 0, EXATTN_PART_INPUT,
      K(INPUT) },
    { EXATTN_STAGE_Q, "q", "q", "q", "q", SEVERAL, SELF, K(QUERY) },
    { EXATTN_STAGE_K, "k", "k", "k", "k", SEVERAL, SELF, K(KEY) },
    { EXATTN_STAGE_V, "v", "v", "v", "v", SEVERAL, SELF, K(VALUE) },
    { EXATTN_STAGE_SCORES, "scores", "scores", "s", "s", SEVERAL, SELF,
      K(SCORES) },
    { EXATTN_STAGE_WEIGHTS, "weights", "weights", "a", "a", SEVERAL, SELF,
      K(WEIGHTS) },
    { EXATTN_STAGE_HEAD, "output", "output", "H", "H", ALWAYS, SELF,
      K(HEAD_OUTPUT) },
    { EXATTN_STAGE_ATTN, "attention", "attention", "A", "A", 0, SELF,
      K(JOINED) },
    { EXATTN_STAGE_RES1, "residual", "residual", "z", "z", 0, SELF,
      K(RESIDUAL) },
    { EXATTN_STAGE_MEAN1, "ln1.mean", "ln1_mean", "μ", "\\mu", 0, SELF,
      K(MEAN) },
    { EXATTN_STAGE_VAR1, "ln1.variance", "ln1_variance", "σ²", "\\sigma^2",
      0, SELF, K(VARIANCE) },
    { EXATTN_STAGE_LN1, "ln1", "ln1", "u", "u", 0, SELF, K(NORM) },
    /* a decoder's cross-attention: "cross." + [hH.] + name; identifiers
     * and symbols of their own */
    { EXATTN_STAGE_CQ, "q", "cross_q", "cq", "\\tilde{q}", SEVERAL, CROSS,
      K(QUERY) },
    { EXATTN_STAGE_CK, "k", "cross_k", "ck", "\\tilde{k}", SEVERAL, CROSS,
      K(KEY) },
    { EXATTN_STAGE_CV, "v", "cross_v", "cv", "\\tilde{v}", SEVERAL, CROSS,
      K(VALUE) },
    { EXATTN_STAGE_CSCORES, "scores", "cross_scores", "cs", "\\tilde{s}",
      SEVERAL, CROSS, K(SCORES) },
    { EXATTN_STAGE_CWEIGHTS, "weights", "cross_weights", "ca", "\\tilde{a}",
      SEVERAL, CROSS, K(WEIGHTS) },
    { EXATTN_STAGE_CHEAD, "output", "cross_output", "C", "C", ALWAYS, CROSS,
      K(HEAD_OUTPUT) },
    { EXATTN_STAGE_CATTN, "attention", "cross_attention", "Ac", "\\tilde{A}",
      0, CROSS, K(JOINED) },
    { EXATTN_STAGE_CRES, "residual", "cross_residual", "zc", "\\tilde{z}", 0,
      CROSS, K(RESIDUAL) },
    { EXATTN_STAGE_CMEAN, "ln.mean", "cross_ln_mean", "μc", "\\tilde{\\mu}",
      0, CROSS, K(MEAN) },
    { EXATTN_STAGE_CVAR, "ln.variance", "cross_ln_variance", "σc²",
      "\\tilde{\\sigma}^2", 0, CROSS, K(VARIANCE) },
    { EXATTN_STAGE_CLN, "ln", "cross_ln", "uc", "\\tilde{u}", 0, CROSS,
      K(NORM) },
    { EXATTN_STAGE_HIDDEN, "ffn.hidden", "ffn_hidden", "h", "h", 0, FFN,
      K(HIDDEN) },
    { EXATTN_STAGE_RELU, "ffn.relu", "ffn_relu", "r", "r", 0, FFN, K(RELU) },
    { EXATTN_STAGE_FFN, "ffn", "ffn", "f", "f", 0, FFN, K(FFN) },
    { EXATTN_STAGE_RES2, "residual2", "residual2", "z'", "z'", 0, FFN,
      K(RESIDUAL) },
    { EXATTN_STAGE_MEAN2, "ln2.mean", "ln2_mean", "μ'", "\\mu'", 0, FFN,
      K(MEAN) },
    { EXATTN_STAGE_VAR2, "ln2.variance", "ln2_variance", "σ'²",
      "{\\sigma'}^2", 0, FFN, K(VARIANCE) },
    { EXATTN_STAGE_LN2, "ln2", "ln2", "y", "y", 0, FFN, K(NORM) },
    /* RMSNorm's mean squares, and a Pre-LN block's final norm */
    { EXATTN_STAGE_MS1, "ln1.mean_square", "ln1_mean_square", "ν", "\\nu",
      0, SELF, K(MEAN_SQUARE) },
    { EXATTN_STAGE_CMS, "ln.mean_square", "cross_ln_mean_square", "νc",
      "\\tilde{\\nu}", 0, CROSS, K(MEAN_SQUARE) },
    { EXATTN_STAGE_MS2, "ln2.mean_square", "ln2_mean_square", "ν'", "\\nu'",
      0, FFN, K(MEAN_SQUARE) },
    { EXATTN_STAGE_MEAN3, "final_norm.mean", "final_norm_mean", "μf",
      "\\hat{\\mu}", 0, FINAL, K(MEAN) },
    { EXATTN_STAGE_VAR3, "final_norm.variance", "final_norm_variance", "σf²",
      "\\hat{\\sigma}^2", 0, FINAL, K(VARIANCE) },
    { EXATTN_STAGE_MS3, "final_norm.mean_square", "final_norm_mean_square",
      "νf", "\\hat{\\nu}", 0, FINAL, K(MEAN_SQUARE) },
    { EXATTN_STAGE_LN3, "final_norm", "final_norm", "ŷ", "\\hat{y}", 0,
      FINAL, K(NORM) },
};

int
exattn_block__per_token(exattn_stage_t bq)
{
    exattn_stage_kind k = stages[bq].kind;

    return k == EXATTN_KIND_MEAN || k == EXATTN_KIND_VARIANCE
           || k == EXATTN_KIND_MEAN_SQUARE;
}

const exattn_stage_info *
exattn_block__stage(exattn_stage_t bq)
{
    return bq < EXATTN_STAGE_COUNT ? &stages[bq] : NULL;
}

void
exattn_block__symbol(char *text, size_t text_size, char *tex,
                     size_t tex_size, exattn_stage_t bq, size_t head,
                     size_t heads)
{
    const exattn_stage_info *s = &stages[bq];
    int indexed = s->sup == EXATTN_SUP_ALWAYS
                  || (s->sup == EXATTN_SUP_SEVERAL && heads > 1);

    if (indexed)
    {
        snprintf(text, text_size, "%s%zu", s->text, head + 1);
        snprintf(tex, tex_size, "%s^{(%zu)}", s->tex, head + 1);
    }
    else
    {
        snprintf(text, text_size, "%s", s->text);
        snprintf(tex, tex_size, "%s", s->tex);
    }
}

void
exattn_block__denominator_symbol(char *text, size_t text_size, char *tex,
                                 size_t tex_size, exattn_stage_t bq,
                                 size_t head, size_t heads, size_t row)
{
    const exattn_stage_info *s = &stages[bq];
    /* indexed by head as the weights are: a^{(2)}, Z^{(2)} */
    int indexed = s->sup == EXATTN_SUP_ALWAYS
                  || (s->sup == EXATTN_SUP_SEVERAL && heads > 1);
    const char *t = exattn_block__is_cross(bq) ? "cZ" : "Z",
               *x = exattn_block__is_cross(bq) ? "\\tilde{Z}" : "Z";

    if (indexed)
    {
        snprintf(text, text_size, "%s%zu[%zu]", t, head + 1, row + 1);
        snprintf(tex, tex_size, "%s^{(%zu)}_{%zu}", x, head + 1, row + 1);
    }
    else
    {
        snprintf(text, text_size, "%s[%zu]", t, row + 1);
        snprintf(tex, tex_size, "%s_{%zu}", x, row + 1);
    }
}

/* The norm of each part of the block, with its stages. */
static const exattn_norm_stages norms[] = {
    { EXATTN_PART_SELF, EXATTN_STAGE_MEAN1, EXATTN_STAGE_VAR1,
      EXATTN_STAGE_MS1, EXATTN_STAGE_LN1 },
    { EXATTN_PART_CROSS, EXATTN_STAGE_CMEAN, EXATTN_STAGE_CVAR,
      EXATTN_STAGE_CMS, EXATTN_STAGE_CLN },
    { EXATTN_PART_FFN, EXATTN_STAGE_MEAN2, EXATTN_STAGE_VAR2,
      EXATTN_STAGE_MS2, EXATTN_STAGE_LN2 },
    { EXATTN_PART_FINAL, EXATTN_STAGE_MEAN3, EXATTN_STAGE_VAR3,
      EXATTN_STAGE_MS3, EXATTN_STAGE_LN3 },
};

const exattn_norm_stages *
exattn_block__norm_stages(exattn_stage_part part)
{
    size_t k;

    for (k = 0; k < sizeof norms / sizeof *norms; k++)
        if (norms[k].part == part)
            return &norms[k];
    return NULL;
}
