/* What a candidate quantity is of: the kinds of quantity it is (a
 * score, a weight, a layer norm's output, ...), from its claim, and the
 * tokens it belongs to -- its query's, its key's, a decoder's memory
 * row's -- by index and by label, which a page's words and labels are
 * matched against. */
#include "audit/clues.h"
#include "audit/decide.h"
#include "claims/read.h"

#define F(x) EXATTN_FAM_##x

/* The kinds a claim's quantity is (EXATTN_FAM_ bits: one, or a layer
 * norm's two, normalized and an output). */
unsigned
exattn_audit__family_of(const exattn_claim *c)
{
    static const unsigned by_kind[] = { F(SCORE), F(SCALED), F(WEIGHT),
                                        F(CONTRIB), F(OUTPUT) };

    switch (c->target)
    {
    case EXATTN_TARGET_SHAPE: return F(SHAPE);
    case EXATTN_TARGET_MATRIX: return F(INPUT);
    case EXATTN_TARGET_BLEND: return F(OUTPUT);
    case EXATTN_TARGET_EXPR: return F(ALL);
    case EXATTN_TARGET_DIFF:
        return F(CHANGE);
    case EXATTN_TARGET_ROW:
        return (unsigned)c->kind < 5 ? by_kind[c->kind] : F(ALL);
    case EXATTN_TARGET_BLOCK:
        return exattn_audit__stage_families(
            (exattn_stage_t)c->block_q);
    }
    return F(ALL);
}

#undef F

#define NONE EXATTN_AUDIT_NO_TOKEN

/* The tokens a quantity belongs to: query row r and key j (0-based; NONE
 * when it has none), by index and, when the lesson names them, by
 * label. */
void
exattn_audit__set_tokens(exattn_audit_candidate *c, const exattn_lesson *l,
                         size_t r, size_t j)
{
    if (r != NONE && r < l->n)
    {
        c->row_index = r + 1;
        if (!l->default_query_labels)
            c->row_label = l->query_labels[r];
    }
    if (j != NONE && j < l->m)
    {
        c->key_index = j + 1;
        if (!l->default_key_labels)
            c->key_label = l->key_labels[j];
    }
}

/* Key j of a decoder's memory: its index and, when the lesson names
 * the memory's rows, its label. */
static void
memory_token(exattn_audit_candidate *c, const exattn_lesson *l, size_t j)
{
    if (j == NONE || j >= exattn_block__memory_rows(l))
        return;
    c->key_index = j + 1;
    c->key_label = exattn_block__memory_label(l, j);
}

/* The tokens of a claim's quantity: Q's rows are the queries', K's and
 * V's the keys'; a row quantity is its query's, and its key's when it is
 * of one key. */
void
exattn_audit__claim_tokens(exattn_audit_candidate *c)
{
    const exattn_claim *cl = &c->claim;

    if (cl->lesson == NULL)
        return;
    if (cl->target == EXATTN_TARGET_MATRIX)
    {
        /* a row of Q or X is a query's, of K, V or memory a key's; a
         * projection's row is no token's */
        char *const *labels = exattn_claims__matrix_labels(
            cl->lesson, (exattn_matrix_t)cl->kind);

        exattn_audit__set_tokens(c, cl->lesson,
                                 labels == cl->lesson->query_labels
                                     ? cl->row : NONE,
                                 labels == cl->lesson->key_labels
                                     ? cl->row : NONE);
    }
    else if (cl->target == EXATTN_TARGET_ROW
             || cl->target == EXATTN_TARGET_DIFF)
        /* a contribution's vector over coordinates is still one key's */
        exattn_audit__set_tokens(c, cl->lesson, cl->row,
                   (cl->vary == 0 && cl->kind != EXATTN_OUTPUT)
                   || (cl->vary == 2 && cl->kind == EXATTN_CONTRIBUTION)
                       ? cl->key : NONE);
    else if (cl->target == EXATTN_TARGET_BLOCK && cl->vary != 3)
    {
        /* a block stage's row is a token's (a query's or a key's); a
         * weight's column is a key's */
        exattn_axis row = exattn_block__row_axis((exattn_stage_t)cl->block_q),
                    col = exattn_block__col_axis((exattn_stage_t)cl->block_q);

        exattn_audit__set_tokens(c, cl->lesson,
                   row == EXATTN_AXIS_QUERY ? cl->row : NONE,
                   row == EXATTN_AXIS_KEY ? cl->row
                   : col == EXATTN_AXIS_KEY && cl->vary == 0 ? cl->col
                                                             : NONE);
        /* a decoder's cross-attention keys are the memory's tokens */
        if (row == EXATTN_AXIS_MEMORY)
            memory_token(c, cl->lesson, cl->row);
        else if (col == EXATTN_AXIS_MEMORY && cl->vary == 0)
            memory_token(c, cl->lesson, cl->col);
    }
}

