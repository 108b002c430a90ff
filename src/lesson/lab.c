/* The lab's interventions after projection (seed lesson 002): a query
 * multiplier scales one query row; a value override replaces one entry of
 * V.  Each field takes one object or an array of them. */
#include <stdio.h>
#include "lesson/resolve.h"

typedef int (*apply_fn)(exattn_lesson *l, const exattn_rctx *rc,
                        const exattn_jnode *obj);

static int
apply_multiplier(exattn_lesson *l, const exattn_rctx *rc,
                 const exattn_jnode *obj)
{
    static const char *const known[] = { "query", "by", NULL };
    const exattn_jnode *query = exattn_json__get(obj, "query");
    const exattn_jnode *by = exattn_json__get(obj, "by");
    size_t i, c;
    mpq_t factor;
    int code;

    if ((code = exattn_lesson__check_members(rc, obj, "query_multiplier",
                                             known)) != EXATTN_OK)
        return code;
    if (query == NULL || by == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "query_multiplier: needs \"query\" (a label or index) and "
            "\"by\" (an exact number)");
    code = exattn_lesson__row_ref(&i, rc, query, "query_multiplier",
                                  l->query_labels, l->n);
    if (code != EXATTN_OK)
        return code;
    if (exattn_matrix__rationals(&l->q) != EXATTN_OK)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, obj, "out of memory");
    mpq_init(factor);
    code = exattn_lesson__number(factor, rc, by, "query_multiplier \"by\"");
    if (code == EXATTN_OK)
        for (c = 0; c < l->dk; c++)
            mpq_mul(EXATTN_ENTRY(&l->q, i, c), EXATTN_ENTRY(&l->q, i, c),
                    factor);
    l->q_multiplied = 1;
    mpq_clear(factor);
    return code;
}

static int
apply_override(exattn_lesson *l, const exattn_rctx *rc,
               const exattn_jnode *obj)
{
    static const char *const known[] = { "row", "col", "value", NULL };
    const exattn_jnode *row = exattn_json__get(obj, "row");
    const exattn_jnode *col = exattn_json__get(obj, "col");
    const exattn_jnode *value = exattn_json__get(obj, "value");
    size_t j, c;
    int code;

    if ((code = exattn_lesson__check_members(rc, obj, "value_override",
                                             known)) != EXATTN_OK)
        return code;
    if (row == NULL || col == NULL || value == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "value_override: needs \"row\" (a key label or index), \"col\" "
            "(1 to d_v) and \"value\" (an exact number)");
    if ((code = exattn_lesson__row_ref(&j, rc, row, "value_override \"row\"",
                                       l->key_labels, l->m)) != EXATTN_OK
        || (code = exattn_lesson__index(&c, rc, col,
                                        "value_override \"col\"", l->dv))
               != EXATTN_OK)
        return code;
    if (exattn_matrix__rationals(&l->v) != EXATTN_OK)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, obj, "out of memory");
    l->v_overridden = 1;
    return exattn_lesson__number(EXATTN_ENTRY(&l->v, j, c), rc, value,
                                 "value_override \"value\"");
}

static int
apply_each(exattn_lesson *l, const exattn_rctx *rc, const exattn_jnode *node,
           apply_fn apply)
{
    size_t i;
    int code;

    if (node == NULL)
        return EXATTN_OK;
    if (node->kind != EXATTN_J_ARRAY)
        return apply(l, rc, node);
    for (i = 0; i < node->count; i++)
        if ((code = apply(l, rc, node->items[i])) != EXATTN_OK)
            return code;
    return EXATTN_OK;
}

int
exattn_lesson__read_lab(exattn_lesson *l, const exattn_rctx *rc,
                        const exattn_fields *f)
{
    int code = apply_each(l, rc, exattn_lesson__field(f, "query_multiplier"),
                          apply_multiplier);

    if (code != EXATTN_OK)
        return code;
    return apply_each(l, rc, exattn_lesson__field(f, "value_override"),
                      apply_override);
}
