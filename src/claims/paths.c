/* Claim paths: what a claim's "of" names -- a row quantity
 * ("weights[rises][2]"), a blend's output, an entry of Q, K or V or of
 * what they were projected from (X, memory, W_Q, W_K, W_V), a block's
 * stage ("h1.weights[rises]", "ln1.mean[grid]", "pe[0]") or a
 * shape ("shape.d_model", "shape.h1.W_Q") -- resolved against the lesson
 * when it is read, rows and keys by 1-based index or label, so that a
 * bad path or label is an input error at its position.  The claims
 * themselves are read in src/claims/read.c. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "lesson/resolve.h"
#include "claims/read.h"
#include "block/block.h"

/* What a path is read for, in its messages: a claim's, or exattn get's. */
#define NOUN(rc) ((rc)->noun ? (rc)->noun : "claim")

/* The bracketed parts of a path: "weights[rises][2]" -> name, refs. */
typedef struct
{
    char name[32];
    char *refs[3];
    size_t count;
} path_t;

static void
path_clear(path_t *p)
{
    size_t i;

    for (i = 0; i < p->count; i++)
        free(p->refs[i]);
}

static int
split_path(path_t *p, const char *text)
{
    const char *open = strchr(text, '['), *close;
    size_t n;

    memset(p, 0, sizeof *p);
    n = open ? (size_t)(open - text) : strlen(text);
    if (n == 0 || n >= sizeof p->name)
        return 0;
    memcpy(p->name, text, n);
    while (open != NULL && *open == '[')
    {
        close = strchr(open, ']');
        if (close == NULL || close == open + 1 || p->count == 3)
            return 0;
        p->refs[p->count] = malloc((size_t)(close - open));
        if (p->refs[p->count] == NULL)
            return 0;
        memcpy(p->refs[p->count], open + 1, (size_t)(close - open - 1));
        p->refs[p->count++][close - open - 1] = '\0';
        open = close + 1;
    }
    return open == NULL || *open == '\0';
}

/* A reference: a 1-based index, or a label when labels are given. */
static int
resolve_ref(size_t *out, const char *ref, char *const *labels,
            size_t count)
{
    size_t i;
    char *end;
    unsigned long v;

    if (labels != NULL)
        for (i = 0; i < count; i++)
            if (strcmp(labels[i], ref) == 0)
            {
                *out = i;
                return 1;
            }
    if (!isdigit((unsigned char)ref[0]))
        return 0;
    v = strtoul(ref, &end, 10);
    if (*end != '\0' || v < 1 || v > count)
        return 0;
    *out = v - 1;
    return 1;
}

static const struct
{
    const char *name;
    int target;
    exattn_kind_t kind;
} paths[] = {
    { "scores", EXATTN_TARGET_ROW, EXATTN_SCORE },
    { "scaled", EXATTN_TARGET_ROW, EXATTN_SCALED },
    { "weights", EXATTN_TARGET_ROW, EXATTN_WEIGHT },
    { "contributions", EXATTN_TARGET_ROW, EXATTN_CONTRIBUTION },
    { "output", EXATTN_TARGET_ROW, EXATTN_OUTPUT },
    { "blend", EXATTN_TARGET_BLEND, EXATTN_OUTPUT },
    { "Q", EXATTN_TARGET_MATRIX, (exattn_kind_t)EXATTN_MATRIX_Q },
    { "K", EXATTN_TARGET_MATRIX, (exattn_kind_t)EXATTN_MATRIX_K },
    { "V", EXATTN_TARGET_MATRIX, (exattn_kind_t)EXATTN_MATRIX_V },
    { "X", EXATTN_TARGET_MATRIX, (exattn_kind_t)EXATTN_MATRIX_X },
    { "memory", EXATTN_TARGET_MATRIX, (exattn_kind_t)EXATTN_MATRIX_MEMORY },
    { "W_Q", EXATTN_TARGET_MATRIX, (exattn_kind_t)EXATTN_MATRIX_W_Q },
    { "W_K", EXATTN_TARGET_MATRIX, (exattn_kind_t)EXATTN_MATRIX_W_K },
    { "W_V", EXATTN_TARGET_MATRIX, (exattn_kind_t)EXATTN_MATRIX_W_V },
};

static int
bad_path(const exattn_rctx *rc, const exattn_jnode *at, const char *text,
         const char *why)
{
    exattn_sbuf stages;
    int code;

    exattn_sbuf__init(&stages);
    exattn_block__paths(&stages);
    code = exattn_lesson__fail(rc, EXATTN_EFIELD, at,
        "%s \"%.80s\": %s (paths: scores|scaled|weights[row][key], "
        "contributions[row][key][col], output[row][col], "
        "blend[name][col], Q|X[row][col], K|V|memory[key][col], "
        "W_Q|W_K|W_V[row][col], and a block's %s; "
        "shape.n|m|d_k|d_v and a block's shapes; the last index may be "
        "left out)", NOUN(rc), text, why, stages.s ? stages.s : "stages");
    exattn_sbuf__clear(&stages);
    return code;
}

/* A row, key or coordinate that is not there: the ones that are, and
 * the nearest label. */
static int
bad_ref(const exattn_rctx *rc, const exattn_jnode *at, const char *text,
        const char *what, const char *plural, const char *ref,
        char *const *labels, size_t count)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    exattn_lesson__suggest(&b, plural, labels, count, ref);
    return exattn_lesson__fail_hinted(rc, EXATTN_EFIELD, at, &b,
                                      "%s \"%.80s\": no such %s "
                                      "\"%.40s\"", NOUN(rc), text, what, ref);
}

/* A blend that is not there: the blends that are. */
static int
no_blend(const exattn_rctx *rc, const exattn_lesson *l,
         const exattn_jnode *at, const char *text, const char *wanted)
{
    const char **names = calloc(l->blend_count + 1, sizeof *names);
    exattn_sbuf b;
    size_t k;

    exattn_sbuf__init(&b);
    for (k = 0; names != NULL && k < l->blend_count; k++)
        names[k] = l->blends[k].name;
    if (names != NULL)
        exattn_lesson__suggest_names(&b, "blends", names, l->blend_count,
                                     wanted);
    free(names);
    return exattn_lesson__fail_hinted(rc, EXATTN_EFIELD, at, &b,
                                      "%s \"%.80s\": no such blend "
                                      "\"%.40s\"", NOUN(rc), text, wanted);
}

/* Resolve the indices of a row quantity's path. */
static int
resolve_row_path(exattn_claim *c, const path_t *p, const exattn_rctx *rc,
                 const exattn_jnode *at)
{
    const exattn_lesson *l = c->lesson;
    int over_keys = c->kind != EXATTN_OUTPUT;
    size_t want = c->kind == EXATTN_CONTRIBUTION ? 3 : 2;

    if (p->count < want - 1 || p->count > want)
        return bad_path(rc, at, c->text, "wrong number of indices");
    if (!resolve_ref(&c->row, p->refs[0], l->query_labels, l->n))
        return bad_ref(rc, at, c->text, "query row", "query rows",
                       p->refs[0], l->query_labels, l->n);
    if (over_keys && p->count >= 2
        && !resolve_ref(&c->key, p->refs[1], l->key_labels, l->m))
        return bad_ref(rc, at, c->text, "key", "keys", p->refs[1],
                       l->key_labels, l->m);
    if (c->kind == EXATTN_CONTRIBUTION && p->count == 3
        && !resolve_ref(&c->col, p->refs[2], NULL, l->dv))
        return bad_ref(rc, at, c->text, "value coordinate", "coordinates",
                       p->refs[2], NULL, l->dv);
    if (c->kind == EXATTN_OUTPUT && p->count == 2
        && !resolve_ref(&c->col, p->refs[1], NULL, l->dv))
        return bad_ref(rc, at, c->text, "output coordinate", "coordinates",
                       p->refs[1], NULL, l->dv);
    if (p->count == want)
        c->vary = 0, c->count = 1;
    else if (over_keys && c->kind != EXATTN_CONTRIBUTION)
        c->vary = 1, c->count = l->m;
    else
        c->vary = 2, c->count = l->dv;
    return EXATTN_OK;
}

const exattn_matrix *
exattn_claims__matrix(const exattn_lesson *l, exattn_matrix_t which)
{
    const exattn_matrix *const m[] = { &l->q, &l->k, &l->v, &l->x,
                                       &l->memory, &l->w_q, &l->w_k,
                                       &l->w_v };

    return m[which];
}

char *const *
exattn_claims__matrix_labels(const exattn_lesson *l, exattn_matrix_t which)
{
    switch (which)
    {
    case EXATTN_MATRIX_Q: case EXATTN_MATRIX_X: return l->query_labels;
    case EXATTN_MATRIX_K: case EXATTN_MATRIX_V: case EXATTN_MATRIX_MEMORY:
        return l->key_labels;
    default:
        return NULL;
    }
}

/* Q[row][col], K[key][col], V[key][col]; X[row][col], memory[key][col],
 * W_Q[i][col] and the others, when the lesson gives them. */
static int
resolve_matrix_path(exattn_claim *c, const path_t *p, const exattn_rctx *rc,
                    const exattn_jnode *at)
{
    const exattn_lesson *l = c->lesson;
    exattn_matrix_t which = (exattn_matrix_t)c->kind;
    const exattn_matrix *m = exattn_claims__matrix(l, which);
    char *const *labels = exattn_claims__matrix_labels(l, which);
    int q = labels == l->query_labels;

    if (m->rows == 0)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, at,
            "%s \"%.80s\": the lesson gives no %s (X, memory and W_Q, "
            "W_K, W_V are a lesson's that projects X)", NOUN(rc), c->text,
            which == EXATTN_MATRIX_X ? "X"
            : which == EXATTN_MATRIX_MEMORY ? "memory" : "projections");
    if (p->count < 1 || p->count > 2)
        return bad_path(rc, at, c->text, "wrong number of indices");
    if (!resolve_ref(&c->row, p->refs[0], labels, m->rows))
        return bad_ref(rc, at, c->text,
                       labels == NULL ? "row" : q ? "query row" : "key",
                       labels == NULL ? "rows" : q ? "query rows" : "keys",
                       p->refs[0], labels, m->rows);
    if (p->count == 2 && !resolve_ref(&c->col, p->refs[1], NULL, m->cols))
        return bad_ref(rc, at, c->text, "column", "columns", p->refs[1],
                       NULL, m->cols);
    c->vary = p->count == 2 ? 0 : 2;
    c->count = p->count == 2 ? 1 : m->cols;
    return EXATTN_OK;
}

/* A position p of "pe[p]": 0 to count-1, as in PE(p). */
static int
resolve_position(size_t *out, const char *ref, size_t count)
{
    char *end;
    unsigned long v;

    if (ref[0] < '0' || ref[0] > '9')
        return 0;
    v = strtoul(ref, &end, 10);
    if (*end != '\0' || v >= count)
        return 0;
    *out = v;
    return 1;
}

static int
resolve_axis(size_t *out, const char *ref, const exattn_lesson *l,
             exattn_axis axis, size_t count)
{
    switch (axis)
    {
    case EXATTN_AXIS_POSITION: return resolve_position(out, ref, count);
    case EXATTN_AXIS_QUERY:
        return resolve_ref(out, ref, l->query_labels, count);
    case EXATTN_AXIS_KEY: return resolve_ref(out, ref, l->key_labels, count);
    case EXATTN_AXIS_MEMORY:
        return resolve_ref(out, ref, l->block->cross.labels, count);
    default: return resolve_ref(out, ref, NULL, count);
    }
}

/* A block quantity: [row][col], [row] (a vector over the columns, or the
 * one value of a mean or variance), or no index for a mean or variance
 * (over the rows). */
static int
resolve_block_path(exattn_claim *c, const path_t *p, const exattn_rctx *rc,
                   const exattn_jnode *at, exattn_stage_t bq, size_t head)
{
    const exattn_lesson *l = c->lesson;
    size_t rows, cols;

    exattn_block__shape(l, bq, head, &rows, &cols);
    if (rows == 0)
        return bad_path(rc, at, c->text, l->block == NULL
                        ? "the lesson has no \"block\""
                        : "the block has no such quantity (or head)");
    c->target = EXATTN_TARGET_BLOCK;
    c->block_q = (int)bq;
    c->block_head = head;
    c->row = c->col = 0;
    if (p->count > 2 || (p->count == 0 && cols != 1))
        return bad_path(rc, at, c->text, "wrong number of indices");
    if (p->count >= 1 && !resolve_axis(&c->row, p->refs[0], l,
                                       exattn_block__row_axis(bq), rows))
        return bad_path(rc, at, c->text, "no such row");
    if (p->count == 2 && !resolve_axis(&c->col, p->refs[1], l,
                                       exattn_block__col_axis(bq), cols))
        return bad_path(rc, at, c->text, "no such column");
    if (p->count == 2 || (p->count == 1 && cols == 1))
        c->vary = 0, c->count = 1;
    else if (p->count == 1)
        c->vary = 2, c->count = cols;
    else
        c->vary = 3, c->count = rows;
    return EXATTN_OK;
}

/* The heads a shape path names: "cross.NAME" a decoder's cross heads
 * (name moved past the prefix), else the block's own. */
typedef struct
{
    const exattn_head_spec *heads;
    size_t count;
    const exattn_matrix *wo;
} head_set;

static int
heads_named(head_set *hs, const exattn_block_spec *s, const char **name)
{
    if (strncmp(*name, "cross.", 6) != 0)
    {
        hs->heads = s->heads, hs->count = s->head_count, hs->wo = &s->wo;
        return 1;
    }
    if (!s->cross.present)
        return 0;
    *name += 6;
    hs->heads = s->cross.heads;
    hs->count = s->cross.head_count;
    hs->wo = &s->cross.wo;
    return 1;
}

/* The matrix a shape path names, or NULL: "W_O", "W_1", "W_2",
 * "hH.W_Q|W_K|W_V", "cross.W_O", "cross.hH.W_Q|W_K|W_V". */
static const exattn_matrix *
shape_matrix(const exattn_block_spec *s, const char *name)
{
    head_set hs;
    unsigned long h;
    char *end;
    int cross = strncmp(name, "cross.", 6) == 0;

    if (!heads_named(&hs, s, &name))
        return NULL;
    if (strcmp(name, "W_O") == 0)
        return hs.wo->rows ? hs.wo : NULL;
    if (!cross && (strcmp(name, "W_1") == 0 || strcmp(name, "W_2") == 0))
        return !s->has_ffn ? NULL : name[2] == '1' ? &s->w1 : &s->w2;
    if (name[0] != 'h' || !isdigit((unsigned char)name[1]))
        return NULL;
    h = strtoul(name + 1, &end, 10);
    if (h < 1 || h > hs.count || *end != '.')
        return NULL;
    return strcmp(end, ".W_Q") == 0 ? &hs.heads[h - 1].wq
           : strcmp(end, ".W_K") == 0 ? &hs.heads[h - 1].wk
           : strcmp(end, ".W_V") == 0 ? &hs.heads[h - 1].wv : NULL;
}

/* A width of a sublayer's heads: "heads", "concat", "hH.d_k", "hH.d_v";
 * 0 when not one. */
static size_t
head_width(const head_set *hs, const char *name)
{
    unsigned long h;
    size_t width = 0;
    char *end;

    if (strcmp(name, "heads") == 0)
        return hs->count;
    if (strcmp(name, "concat") == 0)
    {
        for (h = 0; h < hs->count; h++)
            width += hs->heads[h].wv.cols;
        return width;
    }
    if (name[0] != 'h' || !isdigit((unsigned char)name[1]))
        return 0;
    h = strtoul(name + 1, &end, 10);
    if (h < 1 || h > hs->count)
        return 0;
    return strcmp(end, ".d_k") == 0 ? hs->heads[h - 1].wq.cols
           : strcmp(end, ".d_v") == 0 ? hs->heads[h - 1].wv.cols : 0;
}

/* The value of a scalar shape path, 0 when it names none. */
static size_t
shape_value(const exattn_lesson *l, const char *name)
{
    const exattn_block_spec *s = l->block;
    head_set hs;

    if (strcmp(name, "n") == 0)
        return l->n;
    if (strcmp(name, "m") == 0)
        return l->m;
    if (s == NULL)
        return strcmp(name, "d_k") == 0 ? l->dk
               : strcmp(name, "d_v") == 0 ? l->dv : 0;
    if (strcmp(name, "d_model") == 0)
        return s->x.cols;
    if (strcmp(name, "d_ff") == 0)
        return s->has_ffn ? s->w1.cols : 0;
    if (strcmp(name, "cross.m") == 0)
        return s->cross.memory.rows;
    /* one head: its widths are the lesson's d_k and d_v too */
    if (s->head_count == 1 && strcmp(name, "d_k") == 0)
        return s->heads[0].wq.cols;
    if (s->head_count == 1 && strcmp(name, "d_v") == 0)
        return s->heads[0].wv.cols;
    return heads_named(&hs, s, &name) ? head_width(&hs, name) : 0;
}

/* "shape.n", "shape.d_k", "shape.h2.d_v", "shape.concat" (a number);
 * "shape.W_O", "shape.W_1", "shape.h1.W_Q" (rows and columns). */
static int
resolve_shape_path(exattn_claim *c, const path_t *p, const exattn_rctx *rc,
                   const exattn_jnode *at)
{
    const char *name = p->name + strlen("shape.");
    const exattn_matrix *w;

    c->target = EXATTN_TARGET_SHAPE;
    c->row = c->key = c->col = 0;
    if (p->count != 0)
        return bad_path(rc, at, c->text, "a shape has no indices");
    if ((c->shape[0] = shape_value(c->lesson, name)) != 0)
    {
        c->vary = 0;
        c->count = 1;
        return EXATTN_OK;
    }
    if (c->lesson->block != NULL
        && (w = shape_matrix(c->lesson->block, name)) != NULL)
    {
        c->shape[0] = w->rows;
        c->shape[1] = w->cols;
        c->vary = 2;
        c->count = 2;
        return EXATTN_OK;
    }
    return bad_path(rc, at, c->text, c->lesson->block == NULL
        ? "no such shape (a lesson has shape.n, shape.m, shape.d_k, "
          "shape.d_v)"
        : "no such shape (a block has shape.n, .m, .d_model, .d_ff, "
          ".heads, .hH.d_k, .hH.d_v, .concat, .W_O, .W_1, .W_2, "
          ".hH.W_Q|W_K|W_V; a decoder .cross.m and .cross. before "
          "heads, hH.d_k, hH.d_v, concat, W_O, hH.W_Q|W_K|W_V)");
}

int
exattn_claims__resolve_path(exattn_claim *c, const exattn_rctx *rc,
                            const exattn_jnode *at)
{
    exattn_stage_t bq;
    size_t head;
    const exattn_lesson *l = c->lesson;
    path_t p;
    size_t i, b;
    int code;

    if (!split_path(&p, c->text))
    {
        path_clear(&p);
        return bad_path(rc, at, c->text, "not a path");
    }
    for (i = 0; i < sizeof paths / sizeof *paths; i++)
        if (strcmp(p.name, paths[i].name) == 0)
            break;
    if (strncmp(p.name, "shape.", strlen("shape.")) == 0)
        code = resolve_shape_path(c, &p, rc, at);
    else if (i == sizeof paths / sizeof *paths
        && exattn_block__lookup(p.name, &bq, &head))
        code = resolve_block_path(c, &p, rc, at, bq, head);
    else if (i == sizeof paths / sizeof *paths)
        code = bad_path(rc, at, c->text, "unknown quantity");
    else if (l->block != NULL)
        /* the lesson's own head without the block's positions, heads or
         * memory would not be the block's attention */
        code = exattn_lesson__fail(rc, EXATTN_EFIELD, at,
            "%s \"%.80s\": %s is a block: its attention is named by "
            "stage (h1.q, h1.scores, h1.weights, h1.output, attention, ...)",
            NOUN(rc), c->text, l->name ? "the variant" : "the lesson");
    else if ((c->target = paths[i].target) == EXATTN_TARGET_ROW)
    {
        c->kind = paths[i].kind;
        code = resolve_row_path(c, &p, rc, at);
    }
    else if (c->target == EXATTN_TARGET_MATRIX)
    {
        c->kind = paths[i].kind;
        code = resolve_matrix_path(c, &p, rc, at);
    }
    else
    {
        c->kind = EXATTN_OUTPUT;
        for (b = 0; b < l->blend_count && p.count > 0; b++)
            if (strcmp(l->blends[b].name, p.refs[0]) == 0)
                break;
        code = EXATTN_OK;
        if (p.count == 0 || p.count > 2)
            code = bad_path(rc, at, c->text, "no such blend");
        else if (b == l->blend_count)
            code = no_blend(rc, l, at, c->text, p.refs[0]);
        else if (p.count == 2 && !resolve_ref(&c->col, p.refs[1], NULL,
                                              l->dv))
            code = bad_path(rc, at, c->text, "no such output coordinate");
        c->row = b;
        c->vary = p.count == 2 ? 0 : 2;
        c->count = p.count == 2 ? 1 : l->dv;
    }
    path_clear(&p);
    return code;
}

int
exattn_claims__ref(exattn_claim_ref *out, const exattn_lesson *l,
                   const char *path, exattn_error_t *why)
{
    static const exattn_limits_t defaults = EXATTN_LIMITS_INIT;
    exattn_rctx rc;
    exattn_claim c;
    int code;

    memset(&c, 0, sizeof c);
    memset(&rc, 0, sizeof rc);
    c.text = (char *)path;
    c.lesson = l;
    rc.file = l->file;
    rc.prefix = "";
    rc.limits = &defaults;
    rc.err = why;
    if ((code = exattn_claims__resolve_path(&c, &rc, NULL)) != EXATTN_OK)
    {
        /* inside an expression the list of every path is noise */
        char *list = strstr(why->message, " (paths: ");

        if (list != NULL)
            *list = '\0';
        return code;
    }
    if (c.target != EXATTN_TARGET_ROW || c.count != 1)
        return exattn_error__set(why, EXATTN_EFIELD, l->file, 0, 0,
            "\"%.80s\": a quantity inside an expression is one value of a "
            "row (scores, scaled, weights, contributions, output) with every "
            "index given", path);
    out->kind = c.kind;
    out->row = c.row;
    out->key = c.key;
    out->col = c.col;
    return EXATTN_OK;
}

