/* Visibility: "none", "causal", an explicit n x m 0/1 matrix, the
 * additive form {"additive": n x m of 0 and "-inf"} that the attention
 * formula and common libraries write (softmax(QK^T/√d + M)), or the
 * padding shorthands that libraries take: a key padding vector of m 0/1
 * entries for every row (Hugging Face's attention_mask, 1 a real token),
 * and d2l's valid_lens (the first k keys visible), each optionally
 * causal too.  A row with no visible key has no softmax; that is
 * rejected here, when the lesson is read, so a derivation never stops
 * half-way. */
#include <stdlib.h>
#include <string.h>
#include "lesson/resolve.h"

/* 0 or 1, false or true: 1 if `e` is one of them, with *out its value. */
static int
is_01(unsigned char *out, const exattn_jnode *e)
{
    if (e->kind == EXATTN_J_BOOL)
    {
        *out = (unsigned char)e->boolean;
        return 1;
    }
    if (e->kind == EXATTN_J_NUMBER && e->len == 1
        && (e->text[0] == '0' || e->text[0] == '1'))
    {
        *out = (unsigned char)(e->text[0] == '1');
        return 1;
    }
    return 0;
}

static int
read_entry(unsigned char *out, const exattn_rctx *rc, const exattn_jnode *e,
           size_t i, size_t j)
{
    if (is_01(out, e))
        return EXATTN_OK;
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
    exattn_jnode scratch;
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
            if ((code = read(&l->allowed[i * l->m + j], rc,
                             exattn_json__item(row, j, &scratch), i, j))
                != EXATTN_OK)
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
              const exattn_jnode *m)
{
    int code;

    if (m->kind != EXATTN_J_ARRAY)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, m,
            "mask: an object gives {\"additive\": an n x m matrix of 0 and "
            "\"-inf\"}");
    if ((code = read_matrix(l, rc, m, read_additive_entry)) != EXATTN_OK)
        return code;
    return check_rows(l, rc, m);
}

/* A key padding vector: m entries, 1 (a real token) or 0 (padding), the
 * same for every query row. */
static int
read_key_padding(exattn_lesson *l, const exattn_rctx *rc,
                 const exattn_jnode *v)
{
    unsigned char on;
    size_t i, j;

    if (v->kind != EXATTN_J_ARRAY || v->count != l->m)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, v,
            "mask: a key padding vector has one 0/1 entry per key, m=%zu; "
            "found %zu", l->m, v->kind == EXATTN_J_ARRAY ? v->count : 0);
    for (j = 0; j < l->m; j++)
    {
        if (!is_01(&on, v->items[j]))
            return exattn_lesson__fail(rc, EXATTN_EFIELD, v->items[j],
                "mask: key padding entry %zu: expected 1 (a token) or 0 "
                "(padding), or true/false", j + 1);
        for (i = 0; i < l->n; i++)
            l->allowed[i * l->m + j] = on;
    }
    for (j = 0; j < l->m && !l->allowed[j]; j++)
        ;
    if (j == l->m)
        return exattn_lesson__fail(rc, EXATTN_EDOMAIN, v,
            "mask: every key is padding; softmax is undefined");
    /* as written, for the derivation: the first row holds the vector */
    if ((l->key_padding = malloc(l->m)) == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, v, "out of memory");
    memcpy(l->key_padding, l->allowed, l->m);
    l->mask_written = EXATTN_MASK_WRITTEN_KEY_PADDING;
    return EXATTN_OK;
}

/* A valid length: the first k of the m keys are visible, k from 1. */
static int
valid_len(size_t *k, const exattn_rctx *rc, const exattn_jnode *e,
          const exattn_lesson *l, const char *row)
{
    char *end;
    unsigned long v;

    if (e->kind != EXATTN_J_NUMBER || strspn(e->text, "0123456789")
                                          != e->len)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, e,
            "mask: valid_lens%s: expected a whole number of keys from 1 to "
            "m=%zu", row, l->m);
    v = strtoul(e->text, &end, 10);
    if (v == 0)
        return exattn_lesson__fail(rc, EXATTN_EDOMAIN, e,
            "mask: valid_lens%s is 0, but a row with no visible key has no "
            "softmax", row);
    if (e->len > 9 || v > l->m)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, e,
            "mask: valid_lens%s is %.20s, but there are m=%zu keys", row,
            e->text, l->m);
    *k = (size_t)v;
    return EXATTN_OK;
}

/* d2l's valid_lens: one length for every row, or one per query row. */
static int
read_valid_lens(exattn_lesson *l, const exattn_rctx *rc,
                const exattn_jnode *v)
{
    char row[48];
    size_t i, j, k = 0;
    int code;

    if (v->kind == EXATTN_J_ARRAY && v->count != l->n)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, v,
            "mask: valid_lens has one length per query row, n=%zu; found "
            "%zu", l->n, v->count);
    if (v->kind != EXATTN_J_ARRAY
        && (code = valid_len(&k, rc, v, l, "")) != EXATTN_OK)
        return code;
    /* as written, for the derivation: one length, or one per row */
    l->valid_lens_count = v->kind == EXATTN_J_ARRAY ? l->n : 1;
    if ((l->valid_lens = malloc(l->valid_lens_count * sizeof *l->valid_lens))
        == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, v, "out of memory");
    l->valid_lens[0] = k;
    l->mask_written = EXATTN_MASK_WRITTEN_VALID_LENS;
    for (i = 0; i < l->n; i++)
    {
        snprintf(row, sizeof row, " row %zu", i + 1);
        if (v->kind == EXATTN_J_ARRAY
            && (code = valid_len(&l->valid_lens[i], rc, v->items[i], l, row))
                   != EXATTN_OK)
            return code;
        k = l->valid_lens[v->kind == EXATTN_J_ARRAY ? i : 0];
        for (j = k; j < l->m; j++)
            l->allowed[i * l->m + j] = 0;
    }
    return EXATTN_OK;
}

/* Key j after query i is hidden (1-based j > i). */
static void
hide_future(exattn_lesson *l)
{
    size_t i, j;

    for (i = 0; i < l->n; i++)
        for (j = i + 1; j < l->m; j++)
            l->allowed[i * l->m + j] = 0;
}

/* {"additive": M}, or {"key_padding": v} or {"valid_lens": k}, those
 * two with "causal": true beside. */
static int
read_object(exattn_lesson *l, const exattn_rctx *rc, const exattn_jnode *o)
{
    static const char *const known[] = { "additive", "key_padding",
                                         "valid_lens", "causal", NULL };
    const exattn_jnode *add = exattn_json__get(o, "additive"),
        *pad = exattn_json__get(o, "key_padding"),
        *lens = exattn_json__get(o, "valid_lens"),
        *causal = exattn_json__get(o, "causal");
    int code;

    if ((code = exattn_lesson__check_members(rc, o, "mask", known))
        != EXATTN_OK)
        return code;
    if ((add != NULL) + (pad != NULL) + (lens != NULL) != 1)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, o,
            "mask: an object gives one of {\"additive\": an n x m matrix "
            "of 0 and \"-inf\"}, {\"key_padding\": m entries of 0/1} or "
            "{\"valid_lens\": k, or one k per query row}");
    if (causal != NULL && (add != NULL || causal->kind != EXATTN_J_BOOL))
        return exattn_lesson__fail(rc, EXATTN_EFIELD, causal,
            add ? "mask: \"causal\" goes with key_padding or valid_lens; "
                  "an additive mask writes its \"-inf\" entries itself"
                : "mask: \"causal\" is true or false");
    if (add != NULL)
    {
        l->mask_kind = EXATTN_MASK_ADDITIVE;
        return read_additive(l, rc, add);
    }
    l->mask_kind = EXATTN_MASK_MATRIX;  /* the matrix it stands for */
    code = pad ? read_key_padding(l, rc, pad) : read_valid_lens(l, rc, lens);
    if (code != EXATTN_OK)
        return code;
    if (causal != NULL && causal->boolean)
    {
        hide_future(l);
        l->mask_causal = 1;
    }
    return check_rows(l, rc, o);
}

int
exattn_lesson__read_mask(exattn_lesson *l, const exattn_rctx *rc,
                         const exattn_fields *f)
{
    const exattn_jnode *node = exattn_lesson__field(f, "mask");
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
        hide_future(l);
        return EXATTN_OK;
    }
    if (node->kind == EXATTN_J_OBJECT)
        return read_object(l, rc, node);
    /* a flat [1,1,1,0]: a key padding vector, as attention_mask is */
    if (node->kind == EXATTN_J_ARRAY && node->count > 0
        && node->items[0]->kind != EXATTN_J_ARRAY)
    {
        l->mask_kind = EXATTN_MASK_MATRIX;
        return read_key_padding(l, rc, node);
    }
    if (node->kind != EXATTN_J_ARRAY)
    {
        /* "casual": a slip for causal */
        static const char *const words[] = { "none", "causal" };
        size_t near = node->kind == EXATTN_J_STRING
                      ? exattn_nearest(words, 2, node->text) : 2;

        return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
            "mask: expected \"none\", \"causal\", a 0/1 matrix, a key "
            "padding vector or {\"additive\" | \"key_padding\" | "
            "\"valid_lens\": ...}, found %s%s%.40s%s%s%s%s",
            exattn_json__kind_name(node->kind),
            node->text ? " \"" : "", node->text ? node->text : "",
            node->text ? "\"" : "", near < 2 ? "; did you mean \"" : "",
            near < 2 ? words[near] : "", near < 2 ? "\"?" : "");
    }
    l->mask_kind = EXATTN_MASK_MATRIX;
    if ((code = read_matrix(l, rc, node, read_entry)) != EXATTN_OK)
        return code;
    return check_rows(l, rc, node);
}
