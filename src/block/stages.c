/* The stages of a block, one row each: what names, claims, the document
 * and every writer know of a quantity.  Adding a layer type adds its rows
 * here (and its construction in layers.c); the rest reads the table. */
#include <stdio.h>
#include "block/block.h"

static const exattn_stage_info stages[EXATTN_BQ_COUNT] = {
    /* bq, claim name, identifier, text, LaTeX, head superscript,
     * one value per token */
    { EXATTN_BQ_PE, "pe", "pe", "PE", "\\mathrm{PE}", 0, 0 },
    { EXATTN_BQ_INPUT, "input", "input", "x'", "x'", 0, 0 },
    { EXATTN_BQ_Q, "q", "q", "q", "q", EXATTN_SUP_SEVERAL, 0 },
    { EXATTN_BQ_K, "k", "k", "k", "k", EXATTN_SUP_SEVERAL, 0 },
    { EXATTN_BQ_V, "v", "v", "v", "v", EXATTN_SUP_SEVERAL, 0 },
    { EXATTN_BQ_SCORES, "scores", "scores", "s", "s", EXATTN_SUP_SEVERAL,
      0 },
    { EXATTN_BQ_WEIGHTS, "weights", "weights", "a", "a", EXATTN_SUP_SEVERAL,
      0 },
    { EXATTN_BQ_HEAD, "output", "output", "H", "H", EXATTN_SUP_ALWAYS, 0 },
    { EXATTN_BQ_ATTN, "attention", "attention", "A", "A", 0, 0 },
    { EXATTN_BQ_RES1, "residual", "residual", "z", "z", 0, 0 },
    { EXATTN_BQ_MEAN1, "ln1.mean", "ln1_mean", "μ", "\\mu", 0, 1 },
    { EXATTN_BQ_VAR1, "ln1.variance", "ln1_variance", "σ²", "\\sigma^2", 0,
      1 },
    { EXATTN_BQ_LN1, "ln1", "ln1", "u", "u", 0, 0 },
    /* a decoder's cross-attention: "cross." + [hH.] + name; identifiers
     * and symbols of their own */
    { EXATTN_BQ_CQ, "q", "cross_q", "cq", "\\tilde{q}", EXATTN_SUP_SEVERAL,
      0 },
    { EXATTN_BQ_CK, "k", "cross_k", "ck", "\\tilde{k}", EXATTN_SUP_SEVERAL,
      0 },
    { EXATTN_BQ_CV, "v", "cross_v", "cv", "\\tilde{v}", EXATTN_SUP_SEVERAL,
      0 },
    { EXATTN_BQ_CSCORES, "scores", "cross_scores", "cs", "\\tilde{s}",
      EXATTN_SUP_SEVERAL, 0 },
    { EXATTN_BQ_CWEIGHTS, "weights", "cross_weights", "ca", "\\tilde{a}",
      EXATTN_SUP_SEVERAL, 0 },
    { EXATTN_BQ_CHEAD, "output", "cross_output", "C", "C", EXATTN_SUP_ALWAYS,
      0 },
    { EXATTN_BQ_CATTN, "attention", "cross_attention", "Ac", "\\tilde{A}",
      0, 0 },
    { EXATTN_BQ_CRES, "residual", "cross_residual", "zc", "\\tilde{z}", 0,
      0 },
    { EXATTN_BQ_CMEAN, "ln.mean", "cross_ln_mean", "μc", "\\tilde{\\mu}",
      0, 1 },
    { EXATTN_BQ_CVAR, "ln.variance", "cross_ln_variance", "σc²",
      "\\tilde{\\sigma}^2", 0, 1 },
    { EXATTN_BQ_CLN, "ln", "cross_ln", "uc", "\\tilde{u}", 0, 0 },
    { EXATTN_BQ_HIDDEN, "ffn.hidden", "ffn_hidden", "h", "h", 0, 0 },
    { EXATTN_BQ_RELU, "ffn.relu", "ffn_relu", "r", "r", 0, 0 },
    { EXATTN_BQ_FFN, "ffn", "ffn", "f", "f", 0, 0 },
    { EXATTN_BQ_RES2, "residual2", "residual2", "z'", "z'", 0, 0 },
    { EXATTN_BQ_MEAN2, "ln2.mean", "ln2_mean", "μ'", "\\mu'", 0, 1 },
    { EXATTN_BQ_VAR2, "ln2.variance", "ln2_variance", "σ'²",
      "{\\sigma'}^2", 0, 1 },
    { EXATTN_BQ_LN2, "ln2", "ln2", "y", "y", 0, 0 },
};

const exattn_stage_info *
exattn_block__stage(exattn_bq bq)
{
    return bq < EXATTN_BQ_COUNT ? &stages[bq] : NULL;
}

void
exattn_block__symbol(char *text, size_t text_size, char *tex,
                     size_t tex_size, exattn_bq bq, size_t head,
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
