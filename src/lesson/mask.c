/* Visibility: "none", "causal", an explicit n x m 0/1 matrix, or the
 * additive form {"additive": n x m of 0 and "-inf"} that the attention
 * formula and common libraries write (softmax(QK^T/√d + M)).  A row
 * with no visible key has no softmax; that is rejected here, when the
 * lesson is read, so a derivation never stops half-way. */
#include <stdlib.h>
#include <string.h>
#include "lesson/resolve.h"

static int
read_entry(unsigned char *out, const exattn_rctx *rc, const exattn_jnode *e,
           size_t i, size_t j)
{
    if (e->kind == EXATTN_J_BOOL)
    {
        *out = (unsigned char)e->boolean;
        return EXATTN_OK;
    }
    if (e->kind == EXATTN_J_NUMBER && e->len == 1
        && (e->text[0] == '0' || e->text[0] == '1'))
    {
        *out = (unsigned char)(e->text[0] == '1');
        return EXATTN_OK;
    }
    return exattn_lesson__fail(rc, EXATTN_EFIELD, e,
        "mask row %zu, entry %zu: expected 0 or 1 (or false/true), found "
        "%s%.40s", i + 1, j + 1,
        e->kind == EXATTN_J_NUMBER || e->kind == EXATTN_J_STRING
            ? "" : exattn_json__kind_name(e->kind),
        e->text ? e->text : "");
}

/* Reads entry (i, j) of a mask matrix into *out (1: visible). */
typedef int (*entry_reader)(unsigned char *out, const exattn_rctx *rc,
                            const exattn_jnode *e, size_t i, size_t j);

static int
read_matrix(exattn_lesson *l, const exattn_rctx *rc, const exattn_jnode *node,
            entry_reader read)
{
    size_t i, j;
    int code;

    if (node->count != l->n)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, node,
            "mask has %zu rows but there are n=%zu query rows: the mask "
            "must be %zux%zu", node->count, l->n, l->n, l->m);
    for (i = 0; i < l->n; i++)
    {
        const exattn_jnode *row = node->items[i];

        if (row->kind != EXATTN_J_ARRAY || row->count != l->m)
            return exattn_lesson__fail(rc, EXATTN_ESHAPE, row,
                "mask row %zu has %zu entries but there are m=%zu keys: the "
                "mask must be %zux%zu", i + 1,
                row->kind == EXATTN_J_ARRAY ? row->count : 0, l->m, l->n,
                l->m);
        for (j = 0; j < l->m; j++)
            if ((code = read(&l->allowed[i * l->m + j], rc, row->items[j], i,
                             j)) != EXATTN_OK)
                return code;
    }
    return EXATTN_OK;
}

/* Every row needs a key to normalise over. */
static int
check_rows(const exattn_lesson *l, const exattn_rctx *rc,
           const exattn_jnode *node)
{
    size_t i, j;

    for (i = 0; i < l->n; i++)
    {
        for (j = 0; j < l->m && !l->allowed[i * l->m + j]; j++)
            ;
        if (j == l->m)
            return exattn_lesson__fail(rc, EXATTN_EDOMAIN,
                node && node->kind == EXATTN_J_ARRAY ? node->items[i] : node,
                "row %zu: every key is blocked; softmax is undefined", i + 1);
    }
    return EXATTN_OK;
}

/* An entry of an additive mask: 0 leaves the key visible, "-inf" blocks
 * it.  A finite bias b would make a scaled score c·√s + b, which the
 * exact-or-named rule (scores compared as c·√s) does not cover: refused
 * with that reason, not silently rounded. */
static int
read_additive_entry(unsigned char *out, const exattn_rctx *rc,
                    const exattn_jnode *e, size_t i, size_t j)
{
    exattn_error_t why;
    mpq_t q;
    int code;

    if (e->kind == EXATTN_J_STRING
        && (strcmp(e->text, "-inf") == 0 || strcmp(e->text, "-Infinity") == 0))
    {
        *out = 0;
        return EXATTN_OK;
    }
    if (e->kind == EXATTN_J_STRING
        && (strcmp(e->text, "inf") == 0 || strcmp(e->text, "+inf") == 0
            || strcmp(e->text, "Infinity") == 0))
        return exattn_lesson__fail(rc, EXATTN_EFIELD, e,
            "mask row %zu, entry %zu: an additive mask adds 0 (visible) or "
            "\"-inf\" (blocked); \"%s\" would give that key all the "
            "weight", i + 1, j + 1, e->text);
    mpq_init(q);
    exattn_error_init(&why);
    code = exattn_lesson__number(q, rc, e, "additive mask entry");
    if (code == EXATTN_OK && mpq_sgn(q) != 0)
        code = exattn_lesson__fail(rc, EXATTN_EFIELD, e,
            "mask row %zu, entry %zu: an additive mask adds 0 or \"-inf\"; "
            "a finite bias (%.40s) would make the scores c·√s + b, which the "
            "exact-or-named rule does not cover", i + 1, j + 1,
            e->text ? e->text : "");
    mpq_clear(q);
    *out = 1;
    return code;
}

static int
read_additive(exattn_lesson *l, const exattn_rctx *rc,
              const exattn_jnode *node)
{
    static const char *const known[] = { "additive", NULL };
    const exattn_jnode *m;
    int code;

    if ((code = exattn_lesson__check_members(rc, node, "mask", known))
        != EXATTN_OK)
        return code;
    if ((m = exattn_json__get(node, "additive")) == NULL
        || m->kind != EXATTN_J_ARRAY)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, m ? m : node,
            "mask: an object gives {\"additive\": an n x m matrix of 0 and "
            "\"-inf\"}");
    if ((code = read_matrix(l, rc, m, read_additive_entry)) != EXATTN_OK)
        return code;
    return check_rows(l, rc, m);
}

int
exattn_lesson__read_mask(exattn_lesson *l, const exattn_rctx *rc,
                         const exattn_fields *f)
{
    const exattn_jnode *node = exattn_lesson__field(f, "mask");
    size_t i, j;
    int code;

    l->allowed = malloc(l->n * l->m);
    if (l->allowed == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    memset(l->allowed, 1, l->n * l->m);
    l->mask_kind = EXATTN_MASK_NONE;
    if (node == NULL
        || (node->kind == EXATTN_J_STRING && strcmp(node->text, "none") == 0))
        return EXATTN_OK;
    if (node->kind == EXATTN_J_STRING && strcmp(node->text, "causal") == 0)
    {
        l->mask_kind = EXATTN_MASK_CAUSAL;
        for (i = 0; i < l->n; i++)
            for (j = i + 1; j < l->m; j++)
                l->allowed[i * l->m + j] = 0;
        return EXATTN_OK;
    }
    if (node->kind == EXATTN_J_OBJECT)
    {
        l->mask_kind = EXATTN_MASK_ADDITIVE;
        return read_additive(l, rc, node);
    }
    if (node->kind != EXATTN_J_ARRAY)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
            "mask: expected \"none\", \"causal\", a 0/1 matrix or "
            "{\"additive\": ...}, found %s%s%.40s%s", exattn_json__kind_name(node->kind),
            node->text ? " \"" : "", node->text ? node->text : "",
            node->text ? "\"" : "");
    l->mask_kind = EXATTN_MASK_MATRIX;
    if ((code = read_matrix(l, rc, node, read_entry)) != EXATTN_OK)
        return code;
    return check_rows(l, rc, node);
}
