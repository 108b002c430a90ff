/* From the fields of a lesson (or of a base merged with a variant) to the
 * exact model: matrices projected, shapes checked, labels, lab overrides,
 * scale, mask and blends.  Shapes are checked before anything is computed
 * from them, so every later stage can trust them. */
#include <stdlib.h>
#include <string.h>
#include "lesson/fields.h"
#include "lesson/resolve.h"

/* A field; W_Q, W_K and W_V of a lesson whose block lists its heads may
 * be left to the first head, which is then the lesson's own head. */
static const exattn_jnode *
field_or_first_head(const exattn_fields *f, const char *name)
{
    const exattn_jnode *n = exattn_lesson__field(f, name);
    const exattn_jnode *heads = exattn_json__get(
        exattn_lesson__field(f, "block"), "heads");

    if (n == NULL && name[0] == 'W' && heads != NULL
        && heads->kind == EXATTN_J_ARRAY && heads->count > 0)
        n = exattn_json__get(heads->items[0], name);
    return n;
}

static const exattn_jnode *
require(const exattn_rctx *rc, const exattn_fields *f, const char *name,
        const char *why, int *code)
{
    const exattn_jnode *n = field_or_first_head(f, name);

    if (n == NULL)
        *code = exattn_lesson__fail(rc, EXATTN_EFIELD, NULL,
                                    "missing field \"%s\" (%s)", name, why);
    return n;
}

static int
shape_error(const exattn_rctx *rc, const exattn_jnode *at, const char *a,
            const exattn_matrix *ma, const char *b, const exattn_matrix *mb,
            const char *rule)
{
    return exattn_lesson__fail(rc, EXATTN_ESHAPE, at,
        "%s is %zux%zu but %s is %zux%zu: %s", a, ma->rows, ma->cols, b,
        mb->rows, mb->cols, rule);
}

/* Q, K and V given directly. */
static int
read_direct(exattn_lesson *l, const exattn_rctx *rc, const exattn_fields *f)
{
    const char *why = "a lesson gives Q, K and V, or X with W_Q, W_K, W_V";
    const exattn_jnode *nq, *nk, *nv;
    int code = EXATTN_OK;

    if ((nq = require(rc, f, "Q", why, &code)) == NULL
        || (nk = require(rc, f, "K", why, &code)) == NULL
        || (nv = require(rc, f, "V", why, &code)) == NULL)
        return code;
    if ((code = exattn_lesson__matrix(&l->q, rc, nq, "Q")) != EXATTN_OK
        || (code = exattn_lesson__matrix(&l->k, rc, nk, "K")) != EXATTN_OK
        || (code = exattn_lesson__matrix(&l->v, rc, nv, "V")) != EXATTN_OK)
        return code;
    if (l->q.cols != l->k.cols)
        return shape_error(rc, nk, "Q", &l->q, "K", &l->k,
                           "the widths d_k of Q and K must match");
    if (l->k.rows != l->v.rows)
        return shape_error(rc, nv, "K", &l->k, "V", &l->v,
                           "K and V must have the same number of rows m");
    return EXATTN_OK;
}

/* One projection: out = src * w, after checking src->cols == w->rows. */
static int
project(exattn_matrix *out, const exattn_rctx *rc, const exattn_jnode *nw,
        const char *src_name, const exattn_matrix *src, const char *w_name,
        const exattn_matrix *w)
{
    char rule[160];

    if (src->cols != w->rows)
    {
        snprintf(rule, sizeof rule, "%s·%s needs %s to have %zu rows",
                 src_name, w_name, w_name, src->cols);
        return shape_error(rc, nw, src_name, src, w_name, w, rule);
    }
    if (exattn_matrix__mul(out, src, w) != EXATTN_OK)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, nw, "out of memory");
    return EXATTN_OK;
}

/* What the lesson gave before projection, kept for its derivation (the
 * matrices move into l; the caller's are left empty). */
static void
keep_inputs(exattn_lesson *l, exattn_matrix *x, exattn_matrix *mem,
            exattn_matrix *wq, exattn_matrix *wk, exattn_matrix *wv)
{
    l->x = *x;
    l->memory = *mem;
    l->w_q = *wq;
    l->w_k = *wk;
    l->w_v = *wv;
    exattn_matrix__init(x);
    exattn_matrix__init(mem);
    exattn_matrix__init(wq);
    exattn_matrix__init(wk);
    exattn_matrix__init(wv);
}

/* X with W_Q, W_K, W_V, and optionally memory (cross-attention). */
static int
read_projected(exattn_lesson *l, const exattn_rctx *rc,
               const exattn_fields *f)
{
    const char *why = "X needs W_Q, W_K and W_V";
    const exattn_jnode *nx, *nmem, *nq, *nk, *nv;
    exattn_matrix x, mem, wq, wk, wv;
    const exattn_matrix *src;
    const char *src_name;
    int code = EXATTN_OK;

    exattn_matrix__init(&x);
    exattn_matrix__init(&mem);
    exattn_matrix__init(&wq);
    exattn_matrix__init(&wk);
    exattn_matrix__init(&wv);
    nmem = exattn_lesson__field(f, "memory");
    if ((nx = require(rc, f, "X", "W_Q, W_K and W_V project X", &code))
            == NULL
        || (nq = require(rc, f, "W_Q", why, &code)) == NULL
        || (nk = require(rc, f, "W_K", why, &code)) == NULL
        || (nv = require(rc, f, "W_V", why, &code)) == NULL)
        goto done;
    if ((code = exattn_lesson__matrix(&x, rc, nx, "X")) != EXATTN_OK
        || (nmem && (code = exattn_lesson__matrix(&mem, rc, nmem, "memory"))
                        != EXATTN_OK)
        || (code = exattn_lesson__matrix(&wq, rc, nq, "W_Q")) != EXATTN_OK
        || (code = exattn_lesson__matrix(&wk, rc, nk, "W_K")) != EXATTN_OK
        || (code = exattn_lesson__matrix(&wv, rc, nv, "W_V")) != EXATTN_OK)
        goto done;
    src = nmem ? &mem : &x;
    src_name = nmem ? "memory" : "X";
    if ((code = project(&l->q, rc, nq, "X", &x, "W_Q", &wq)) != EXATTN_OK
        || (code = project(&l->k, rc, nk, src_name, src, "W_K", &wk))
               != EXATTN_OK
        || (code = project(&l->v, rc, nv, src_name, src, "W_V", &wv))
               != EXATTN_OK)
        goto done;
    if (wq.cols != wk.cols)
        code = shape_error(rc, nk, "W_Q", &wq, "W_K", &wk,
                           "queries and keys must have the same width d_k");
    if (code == EXATTN_OK)
        keep_inputs(l, &x, &mem, &wq, &wk, &wv);
done:
    exattn_matrix__clear(&x);
    exattn_matrix__clear(&mem);
    exattn_matrix__clear(&wq);
    exattn_matrix__clear(&wk);
    exattn_matrix__clear(&wv);
    return code;
}

static int
read_matrices(exattn_lesson *l, const exattn_rctx *rc, const exattn_fields *f)
{
    static const char *const projected[] = { "X", "memory", "W_Q", "W_K",
                                             "W_V", NULL };
    const exattn_jnode *direct = exattn_lesson__field(f, "Q");
    const exattn_jnode *proj = NULL;
    size_t i;

    if (direct == NULL)
        direct = exattn_lesson__field(f, "K");
    if (direct == NULL)
        direct = exattn_lesson__field(f, "V");
    for (i = 0; projected[i] != NULL && proj == NULL; i++)
        proj = exattn_lesson__field(f, projected[i]);
    if (direct != NULL && proj != NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, proj,
            "give either Q, K and V, or X with W_Q, W_K and W_V, not both");
    if (direct == NULL && proj == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, NULL,
            "missing fields: give Q, K and V, or X with W_Q, W_K and W_V");
    return proj ? read_projected(l, rc, f) : read_direct(l, rc, f);
}

int
exattn_lesson__resolve_fields(exattn_lesson *l, const exattn_rctx *rc,
                              const exattn_fields *f)
{
    const exattn_jnode *title = exattn_lesson__field(f, "title");
    int code;

    if (title != NULL
        && (code = exattn_lesson__string(&l->title, rc, title, "title"))
               != EXATTN_OK)
        return code;
    if ((code = read_matrices(l, rc, f)) != EXATTN_OK)
        return code;
    l->n = l->q.rows;
    l->m = l->k.rows;
    l->dk = l->q.cols;
    l->dv = l->v.cols;
    /* the mask and every derived row table hold n*m entries */
    if (l->n > rc->limits->max_cells / l->m)
        return exattn_lesson__fail(rc, EXATTN_ELIMIT, NULL,
            "n x m = %zu x %zu query/key pairs, more than the limit of %zu",
            l->n, l->m, rc->limits->max_cells);
    if ((code = exattn_lesson__read_labels(l, rc, f)) != EXATTN_OK
        || (code = exattn_lesson__read_lab(l, rc, f)) != EXATTN_OK
        || (code = exattn_lesson__read_permute(l, rc, f)) != EXATTN_OK
        || (code = exattn_lesson__read_scale(l, rc, f)) != EXATTN_OK
        || (code = exattn_lesson__read_mask(l, rc, f)) != EXATTN_OK
        || (code = exattn_lesson__read_blends(l, rc, f)) != EXATTN_OK
        || (code = exattn_lesson__read_block(l, rc, f)) != EXATTN_OK)
        return code;
    return EXATTN_OK;
}
