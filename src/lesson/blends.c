/* Assigned blends: exact weights a lesson assigns over V to illustrate a
 * mixture without computing a softmax.  They must sum to exactly 1. */
#include <stdio.h>
#include <stdlib.h>
#include "lesson/resolve.h"

static int
read_weights(exattn_blend *b, const exattn_lesson *l, const exattn_rctx *rc,
             const exattn_jnode *node)
{
    char what[160];
    size_t j;
    int code;

    if (node->kind != EXATTN_J_ARRAY || node->count != l->m)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, node,
            "blend \"%.60s\": %zu weights for m=%zu value rows", b->name,
            node->kind == EXATTN_J_ARRAY ? node->count : 0, l->m);
    b->w = malloc(l->m * sizeof *b->w);
    if (b->w == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    for (j = 0; j < l->m; j++)
        mpq_init(b->w[j]);
    for (j = 0; j < l->m; j++)
    {
        snprintf(what, sizeof what, "blend \"%.60s\" weight %zu", b->name,
                 j + 1);
        if ((code = exattn_lesson__number(b->w[j], rc, node->items[j], what))
            != EXATTN_OK)
            return code;
    }
    return EXATTN_OK;
}

static int
check_sum(const exattn_blend *b, const exattn_lesson *l,
          const exattn_rctx *rc, const exattn_jnode *node)
{
    mpq_t sum;
    char *text;
    int code = EXATTN_OK;
    size_t j;

    mpq_init(sum);
    for (j = 0; j < l->m; j++)
        mpq_add(sum, sum, b->w[j]);
    if (mpq_cmp_ui(sum, 1, 1) != 0)
    {
        text = exattn_mpq_get_str(sum);
        code = exattn_lesson__fail(rc, EXATTN_EDOMAIN, node,
            "blend \"%.60s\": the weights sum to %.100s, not exactly 1",
            b->name, text ? text : "?");
        exattn_free(text);
    }
    mpq_clear(sum);
    return code;
}

static int
read_blend(exattn_blend *b, const exattn_lesson *l, const exattn_rctx *rc,
           const exattn_jnode *obj)
{
    static const char *const known[] = { "name", "weights", NULL };
    const exattn_jnode *name, *weights;
    int code;

    if ((code = exattn_lesson__check_members(rc, obj, "blend", known))
        != EXATTN_OK)
        return code;
    name = exattn_json__get(obj, "name");
    weights = exattn_json__get(obj, "weights");
    if (name == NULL || weights == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "a blend needs \"name\" and \"weights\"");
    if ((code = exattn_lesson__string(&b->name, rc, name, "blend name"))
            != EXATTN_OK
        || (code = read_weights(b, l, rc, weights)) != EXATTN_OK)
        return code;
    return check_sum(b, l, rc, weights);
}

int
exattn_lesson__read_blends(exattn_lesson *l, const exattn_rctx *rc,
                           const exattn_fields *f)
{
    const exattn_jnode *node = exattn_lesson__field(f, "blends");
    size_t i;
    int code;

    if (node == NULL)
        return EXATTN_OK;
    if ((code = exattn_lesson__array(rc, node, "blends",
                                     "{\"name\", \"weights\"}")) != EXATTN_OK)
        return code;
    l->blends = calloc(node->count ? node->count : 1, sizeof *l->blends);
    if (l->blends == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    for (i = 0; i < node->count; i++)
    {
        l->blend_count = i + 1;     /* so that clear() frees what exists */
        if ((code = read_blend(&l->blends[i], l, rc, node->items[i]))
            != EXATTN_OK)
            return code;
    }
    return EXATTN_OK;
}
