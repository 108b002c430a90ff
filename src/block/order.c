/* The order a block computes its stages in, which is the order the
 * document walks them: a Post-LN block's norms follow the residuals they
 * read, a Pre-LN block's come before the sublayers that read them.  A new
 * layer takes its place here, and the document follows. */
#include "block/block.h"

#define STAGE(s) { EXATTN_STAGE_##s, EXATTN_STEP_STAGE }
#define NORM(p) STAGE(MEAN##p), STAGE(VAR##p), STAGE(MS##p), STAGE(LN##p)

static const exattn_block_step post_ln[] = {
    STAGE(PE), STAGE(INPUT), { EXATTN_STAGE_Q, EXATTN_STEP_HEADS },
    STAGE(ATTN), STAGE(RES1), NORM(1),
    { EXATTN_STAGE_CQ, EXATTN_STEP_CROSS_HEADS },
    STAGE(CATTN), STAGE(CRES), STAGE(CMEAN), STAGE(CVAR), STAGE(CMS),
    STAGE(CLN),
    STAGE(HIDDEN), STAGE(RELU), STAGE(FFN), STAGE(RES2), NORM(2),
};

static const exattn_block_step pre_ln[] = {
    STAGE(PE), STAGE(INPUT), NORM(1), { EXATTN_STAGE_Q, EXATTN_STEP_HEADS },
    STAGE(ATTN), STAGE(RES1), NORM(2),
    STAGE(HIDDEN), STAGE(RELU), STAGE(FFN), STAGE(RES2), NORM(3),
};

const exattn_block_step *
exattn_block__order(const exattn_block *b, size_t *count)
{
    if (b->spec->pre_ln)
    {
        *count = sizeof pre_ln / sizeof *pre_ln;
        return pre_ln;
    }
    *count = sizeof post_ln / sizeof *post_ln;
    return post_ln;
}
