/* Reading a lesson's "block": positional encoding, heads and W_O, the
 * residual paths, LayerNorm and the feed-forward network of a Post-LN
 * Transformer block (docs/lesson-format.md).  Every shape is checked here,
 * so a block that loads can be derived. */
#include <stdlib.h>
#include <string.h>
#include "lesson/resolve.h"
#include "block/spec.h"

static void
free_norm(exattn_norm_spec *n)
{
    exattn_matrix__clear(&n->gamma);
    exattn_matrix__clear(&n->beta);
    mpq_clear(n->eps);
    free(n->eps_symbol);
    free(n->eps_tex);
}

static void
free_heads(exattn_head_spec *heads, size_t count)
{
    size_t h;

    for (h = 0; h < count; h++)
    {
        exattn_matrix__clear(&heads[h].wq);
        exattn_matrix__clear(&heads[h].wk);
        exattn_matrix__clear(&heads[h].wv);
    }
    free(heads);
}

void
exattn_block__free_spec(exattn_block_spec *s)
{
    if (s == NULL)
        return;
    exattn_matrix__clear(&s->x);
    exattn_matrix__clear(&s->memory);
    free_heads(s->heads, s->head_count);
    exattn_matrix__clear(&s->wo);
    /* the labels first: their count is the memory's rows */
    exattn_lesson__free_labels(s->cross.labels, s->cross.memory.rows);
    exattn_matrix__clear(&s->cross.memory);
    free_heads(s->cross.heads, s->cross.head_count);
    exattn_matrix__clear(&s->cross.wo);
    free_norm(&s->cross.ln);
    free_norm(&s->ln1);
    free_norm(&s->ln2);
    free_norm(&s->final);
    exattn_matrix__clear(&s->w1);
    exattn_matrix__clear(&s->b1);
    exattn_matrix__clear(&s->w2);
    exattn_matrix__clear(&s->b2);
    free(s);
}

static exattn_block_spec *
spec_new(void)
{
    exattn_block_spec *s = calloc(1, sizeof *s);

    if (s == NULL)
        return NULL;
    exattn_matrix__init(&s->x);
    exattn_matrix__init(&s->memory);
    exattn_matrix__init(&s->wo);
    exattn_matrix__init(&s->ln1.gamma);
    exattn_matrix__init(&s->ln1.beta);
    exattn_matrix__init(&s->ln2.gamma);
    exattn_matrix__init(&s->ln2.beta);
    mpq_init(s->ln1.eps);
    mpq_init(s->ln2.eps);
    exattn_matrix__init(&s->final.gamma);
    exattn_matrix__init(&s->final.beta);
    mpq_init(s->final.eps);
    exattn_matrix__init(&s->cross.memory);
    exattn_matrix__init(&s->cross.wo);
    exattn_matrix__init(&s->cross.ln.gamma);
    exattn_matrix__init(&s->cross.ln.beta);
    mpq_init(s->cross.ln.eps);
    exattn_matrix__init(&s->w1);
    exattn_matrix__init(&s->b1);
    exattn_matrix__init(&s->w2);
    exattn_matrix__init(&s->b2);
    return s;
}

static int
shape_fail(const exattn_rctx *rc, const exattn_jnode *at, const char *what,
           const exattn_matrix *m, size_t rows, size_t cols)
{
    return exattn_lesson__fail(rc, EXATTN_ESHAPE, at,
        "block: %s is %zu x %zu, expected %zu x %zu", what, m->rows,
        m->cols, rows, cols);
}

/* A matrix field of `obj` with `rows` rows (and `cols` columns unless 0),
 * within the block's width limit. */
static int
read_matrix(exattn_matrix *out, const exattn_rctx *rc,
            const exattn_jnode *obj, const char *key, const char *what,
            size_t rows, size_t cols)
{
    const exattn_jnode *node = exattn_json__get(obj, key);
    int code;

    if (node == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
                                   "block: %s is missing", what);
    if ((code = exattn_lesson__matrix(out, rc, node, what)) != EXATTN_OK)
        return code;
    if (out->rows != rows || (cols != 0 && out->cols != cols))
        return shape_fail(rc, node, what, out, rows, cols ? cols : out->cols);
    if (out->cols > EXATTN_BLOCK_MAX_WIDTH)
        return exattn_lesson__fail(rc, EXATTN_ELIMIT, node,
            "block: %s has %zu columns, more than the block limit of %d",
            what, out->cols, EXATTN_BLOCK_MAX_WIDTH);
    return EXATTN_OK;
}

/* A vector field (an array of numbers) as a 1 x width matrix; absent, it
 * is `fill` in every entry. */
static int
read_vector(exattn_matrix *out, const exattn_rctx *rc,
            const exattn_jnode *obj, const char *key, const char *what,
            size_t width, long fill)
{
    const exattn_jnode *node = exattn_json__get(obj, key);
    size_t c;
    int code;

    if (exattn_matrix__alloc(out, 1, width) != EXATTN_OK)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, obj, "out of memory");
    if (node == NULL)
    {
        for (c = 0; c < width; c++)
            mpq_set_si(EXATTN_ENTRY(out, 0, c), fill, 1);
        return EXATTN_OK;
    }
    if ((code = exattn_lesson__array(rc, node, what, "numbers"))
        != EXATTN_OK)
        return code;
    if (node->count != width)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, node,
            "block: %s has %zu entries, expected %zu", what, node->count,
            width);
    for (c = 0; c < width; c++)
        if ((code = exattn_lesson__number(EXATTN_ENTRY(out, 0, c), rc,
                                          node->items[c], what))
            != EXATTN_OK)
            return code;
    return EXATTN_OK;
}

/* "ε" and ASCII names are symbols; their LaTeX follows. */
static int
symbol_names(exattn_norm_spec *n, const char *text)
{
    size_t i, len = strlen(text);
    int ascii = len > 0 && len <= 16;

    for (i = 0; ascii && i < len; i++)
        ascii = (text[i] >= 'a' && text[i] <= 'z')
                || (text[i] >= 'A' && text[i] <= 'Z');
    if (strcmp(text, "ε") != 0 && strcmp(text, "epsilon") != 0 && !ascii)
        return 0;
    n->eps_symbol = exattn_str__dup(text);
    n->eps_tex = exattn_str__dup(
        strcmp(text, "ε") == 0 || strcmp(text, "epsilon") == 0
            ? "\\varepsilon" : text);
    return 1;
}

/* "epsilon": an exact number >= 0, or {"symbol": "ε", "value": ...}. */
static int
read_epsilon(exattn_norm_spec *n, const exattn_rctx *rc,
             const exattn_jnode *obj, const char *what)
{
    static const char *const known[] = { "symbol", "value", NULL };
    const exattn_jnode *node = exattn_json__get(obj, "epsilon"), *sym, *val;
    int code;

    if (node == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "block: %s needs \"epsilon\" (an exact number such as "
            "\"1/100000\", or {\"symbol\": \"ε\"})", what);
    n->eps_line = node->line;
    n->eps_column = node->column;
    if (node->kind != EXATTN_J_OBJECT)
    {
        n->eps_has_value = 1;
        code = exattn_lesson__number(n->eps, rc, node, "epsilon");
    }
    else
    {
        if ((code = exattn_lesson__check_members(rc, node, "epsilon", known))
            != EXATTN_OK)
            return code;
        sym = exattn_json__get(node, "symbol");
        val = exattn_json__get(node, "value");
        if (sym == NULL || sym->kind != EXATTN_J_STRING)
            return exattn_lesson__fail(rc, EXATTN_EFIELD, sym ? sym : node,
                "block: epsilon: \"symbol\" must be a string");
        if (!symbol_names(n, sym->text))
            return exattn_lesson__fail(rc, EXATTN_EFIELD, sym,
                "block: epsilon: a symbol is \"ε\" or 1 to 16 ASCII "
                "letters");
        if (n->eps_symbol == NULL || n->eps_tex == NULL)
            return exattn_lesson__fail(rc, EXATTN_ENOMEM, sym,
                                       "out of memory");
        n->eps_has_value = val != NULL;
        code = val ? exattn_lesson__number(n->eps, rc, val, "epsilon value")
                   : EXATTN_OK;
        node = val ? val : node;
    }
    if (code == EXATTN_OK && n->eps_has_value && mpq_sgn(n->eps) < 0)
        return exattn_lesson__fail(rc, EXATTN_EDOMAIN, node,
            "block: epsilon must not be negative");
    /* a symbol is read as a positive ε (√(σ² + ε) > 0 whatever σ²) */
    if (code == EXATTN_OK && n->eps_symbol && n->eps_has_value
        && mpq_sgn(n->eps) == 0)
        return exattn_lesson__fail(rc, EXATTN_EDOMAIN, node,
            "block: epsilon written as a symbol stands for a number > 0; "
            "write 0 as the number 0");
    return code;
}

static int
read_norm(exattn_norm_spec *n, const exattn_rctx *rc,
          const exattn_jnode *obj, const char *what, size_t d)
{
    static const char *const known[] = { "gamma", "beta", "epsilon", NULL };
    int code;

    if (obj == NULL)
        return EXATTN_OK;
    if (obj->kind != EXATTN_J_OBJECT)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "block: %s must be an object with gamma, beta and epsilon",
            what);
    if ((code = exattn_lesson__check_members(rc, obj, what, known))
            != EXATTN_OK
        || (code = read_vector(&n->gamma, rc, obj, "gamma", "gamma", d, 1))
               != EXATTN_OK
        || (code = read_vector(&n->beta, rc, obj, "beta", "beta", d, 0))
               != EXATTN_OK
        || (code = read_epsilon(n, rc, obj, what)) != EXATTN_OK)
        return code;
    n->present = 1;
    return EXATTN_OK;
}

static int
read_ffn(exattn_block_spec *s, const exattn_rctx *rc,
         const exattn_jnode *obj, size_t d)
{
    static const char *const known[] = { "W_1", "b_1", "W_2", "b_2", NULL };
    int code;

    if (obj == NULL)
        return EXATTN_OK;
    if (obj->kind != EXATTN_J_OBJECT)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "block: ffn must be an object with W_1, b_1, W_2 and b_2");
    if ((code = exattn_lesson__check_members(rc, obj, "ffn", known))
            != EXATTN_OK
        || (code = read_matrix(&s->w1, rc, obj, "W_1", "W_1", d, 0))
               != EXATTN_OK
        || (code = read_vector(&s->b1, rc, obj, "b_1", "b_1", s->w1.cols,
                               0)) != EXATTN_OK
        || (code = read_matrix(&s->w2, rc, obj, "W_2", "W_2", s->w1.cols,
                               d)) != EXATTN_OK
        || (code = read_vector(&s->b2, rc, obj, "b_2", "b_2", d, 0))
               != EXATTN_OK)
        return code;
    s->has_ffn = 1;
    return EXATTN_OK;
}

/* One head: W_Q (d x d_k), W_K (width of K/V source x d_k), W_V. */
static int
read_head(exattn_head_spec *h, const exattn_rctx *rc,
          const exattn_jnode *obj, size_t d, size_t src_width)
{
    static const char *const known[] = { "W_Q", "W_K", "W_V", NULL };
    int code;

    if (obj->kind != EXATTN_J_OBJECT)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "block: a head is an object with W_Q, W_K and W_V");
    if ((code = exattn_lesson__check_members(rc, obj, "head", known))
            != EXATTN_OK
        || (code = read_matrix(&h->wq, rc, obj, "W_Q", "W_Q", d, 0))
               != EXATTN_OK
        || (code = read_matrix(&h->wk, rc, obj, "W_K", "W_K", src_width,
                               h->wq.cols)) != EXATTN_OK
        || (code = read_matrix(&h->wv, rc, obj, "W_V", "W_V", src_width, 0))
               != EXATTN_OK)
        return code;
    return EXATTN_OK;
}

/* The heads of an attention sublayer: "heads" in `obj`, else the
 * lesson's own W_Q, W_K, W_V (lesson_head; NULL: "heads" is required).
 * W_Q has d rows, W_K and W_V src_width. */
static int
read_heads(exattn_head_spec **out, size_t *out_count, const exattn_rctx *rc,
           const exattn_jnode *obj, const exattn_jnode *lesson_head,
           size_t d, size_t src_width)
{
    const exattn_jnode *heads = exattn_json__get(obj, "heads");
    size_t h, count;
    int code;

    if (heads == NULL && lesson_head == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "block: cross_attention needs \"heads\" (a list of {\"W_Q\", "
            "\"W_K\", \"W_V\"})");
    if (heads != NULL
        && (code = exattn_lesson__array(rc, heads, "heads", "objects"))
               != EXATTN_OK)
        return code;
    count = heads ? heads->count : 1;
    if (count == 0 || count > EXATTN_BLOCK_MAX_HEADS)
        return exattn_lesson__fail(rc, EXATTN_ELIMIT, heads,
            "block: %zu heads; a block has 1 to %d", count,
            EXATTN_BLOCK_MAX_HEADS);
    *out = calloc(count, sizeof **out);
    if (*out == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, obj, "out of memory");
    for (h = 0; h < count; h++)
    {
        exattn_matrix__init(&(*out)[h].wq);
        exattn_matrix__init(&(*out)[h].wk);
        exattn_matrix__init(&(*out)[h].wv);
    }
    *out_count = count;
    for (h = 0; h < count; h++)
        if ((code = read_head(&(*out)[h], rc,
                              heads ? heads->items[h] : lesson_head, d,
                              src_width)) != EXATTN_OK)
            return code;
    return EXATTN_OK;
}

/* W_O maps the concatenated heads back to d_model; without it, one head
 * of width d_model is used as it is. */
static int
read_wo(exattn_matrix *wo, const exattn_head_spec *heads, size_t count,
        const exattn_rctx *rc, const exattn_jnode *obj, size_t d)
{
    size_t h, concat = 0;

    for (h = 0; h < count; h++)
        concat += heads[h].wv.cols;
    if (exattn_json__get(obj, "W_O") != NULL)
        return read_matrix(wo, rc, obj, "W_O", "W_O", concat, d);
    if (count == 1 && concat == d)
        return EXATTN_OK;
    return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
        "block: W_O is needed to map the %zu concatenated head coordinates "
        "to d_model = %zu", concat, d);
}

/* A decoder's cross-attention sublayer: {"memory", "memory_tokens",
 * "heads", "W_O", "layer_norm"}. */
static int
read_cross(exattn_cross_spec *c, const exattn_rctx *rc,
           const exattn_jnode *obj, size_t d)
{
    static const char *const known[] = { "memory", "memory_tokens", "heads",
                                         "W_O", "layer_norm", NULL };
    const exattn_jnode *mem, *labels, *ln;
    int code;

    if (obj->kind != EXATTN_J_OBJECT)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "block: cross_attention must be an object with memory, heads, "
            "W_O and layer_norm");
    if ((code = exattn_lesson__check_members(rc, obj, "cross_attention",
                                             known)) != EXATTN_OK)
        return code;
    if ((mem = exattn_json__get(obj, "memory")) == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "block: cross_attention needs \"memory\", the encoder's output "
            "its keys and values come from");
    if ((code = exattn_lesson__matrix(&c->memory, rc, mem, "memory"))
        != EXATTN_OK)
        return code;
    if (c->memory.rows > EXATTN_BLOCK_MAX_ROWS
        || c->memory.cols > EXATTN_BLOCK_MAX_WIDTH)
        return exattn_lesson__fail(rc, EXATTN_ELIMIT, mem,
            "block: memory may have at most %d rows and %d columns",
            EXATTN_BLOCK_MAX_ROWS, EXATTN_BLOCK_MAX_WIDTH);
    labels = exattn_json__get(obj, "memory_tokens");
    c->default_labels = labels == NULL;
    code = labels ? exattn_lesson__labels(&c->labels, rc, labels,
                                          "memory_tokens (one per memory "
                                          "row)", c->memory.rows)
                  : exattn_lesson__default_labels(&c->labels,
                                                  c->memory.rows);
    if (code == EXATTN_ENOMEM)
        return exattn_lesson__fail(rc, code, obj, "out of memory");
    if (code != EXATTN_OK
        || (code = read_heads(&c->heads, &c->head_count, rc, obj, NULL, d,
                              c->memory.cols)) != EXATTN_OK
        || (code = read_wo(&c->wo, c->heads, c->head_count, rc, obj, d))
               != EXATTN_OK)
        return code;
    if ((ln = exattn_json__get(obj, "layer_norm")) == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "block: cross_attention needs its \"layer_norm\" (Post-LN: "
            "residual, then LayerNorm)");
    if ((code = read_norm(&c->ln, rc, ln, "cross_attention layer_norm", d))
        != EXATTN_OK)
        return code;
    c->present = 1;
    return EXATTN_OK;
}

/* Fields the block does not combine with: the lab's interventions change
 * the lesson's own head after projection, which the block recomputes. */
static int
refuse_with_block(const exattn_rctx *rc, const exattn_fields *f)
{
    static const char *const fields[] = { "Q", "K", "V", "query_multiplier",
                                          "value_override", "permute",
                                          "blends", NULL };
    const exattn_jnode *node;
    size_t i;

    for (i = 0; fields[i] != NULL; i++)
        if ((node = exattn_lesson__field(f, fields[i])) != NULL)
            return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
                "\"%s\" does not combine with \"block\" (a block starts "
                "from X and its own heads)", fields[i]);
    return EXATTN_OK;
}

static int
check_sizes(const exattn_block_spec *s, const exattn_rctx *rc,
            const exattn_jnode *block)
{
    if (s->x.rows > EXATTN_BLOCK_MAX_ROWS
        || s->memory.rows > EXATTN_BLOCK_MAX_ROWS
        || s->x.cols > EXATTN_BLOCK_MAX_WIDTH
        || s->memory.cols > EXATTN_BLOCK_MAX_WIDTH)
        return exattn_lesson__fail(rc, EXATTN_ELIMIT, block,
            "block: X and memory may have at most %d rows and %d columns",
            EXATTN_BLOCK_MAX_ROWS, EXATTN_BLOCK_MAX_WIDTH);
    return EXATTN_OK;
}

/* A block option whose value is one of the two `words`: *choice its
 * index, `dflt` when the option is not given. */
static int
read_choice(int *choice, const exattn_rctx *rc, const exattn_jnode *node,
            const char *name, const char *const *words, int dflt)
{
    size_t k, near, count = 2;

    *choice = dflt;
    if (node == NULL)
        return EXATTN_OK;
    for (k = 0; node->kind == EXATTN_J_STRING && k < count; k++)
        if (strcmp(node->text, words[k]) == 0)
        {
            *choice = (int)k;
            return EXATTN_OK;
        }
    near = node->kind == EXATTN_J_STRING
           ? exattn_nearest(words, count, node->text) : count;
    return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
        "block: \"%s\" is \"%s\" or \"%s\"%s%s%s", name, words[0],
        words[1], near < count ? "; did you mean \"" : "",
        near < count ? words[near] : "", near < count ? "\"?" : "");
}

/* "order" and "norm": where the norms sit, and which norm they are. */
static int
read_kind(exattn_block_spec *s, const exattn_rctx *rc,
          const exattn_jnode *block)
{
    static const char *const orders[] = { "post", "pre" };
    static const char *const norms[] = { "layer_norm", "rms_norm" };
    int code;

    if ((code = read_choice(&s->pre_ln, rc, exattn_json__get(block, "order"),
                            "order", orders, 0)) != EXATTN_OK)
        return code;
    return read_choice(&s->rms, rc, exattn_json__get(block, "norm"), "norm",
                       norms, 0);
}

/* "positional": "sinusoidal" adds the original encoding to X. */
static int
read_positional(exattn_block_spec *s, const exattn_rctx *rc,
                const exattn_jnode *node)
{
    static const char *const words[] = { "sinusoidal", "none" };
    int choice, code = read_choice(&choice, rc, node, "positional", words, 1);

    s->positional = choice == 0;
    return code;
}

/* A Pre-LN block: a norm before each sublayer it has, and optionally a
 * final one. */
static int
read_pre_layers(exattn_block_spec *s, const exattn_rctx *rc,
                const exattn_jnode *block)
{
    const exattn_jnode *ffn = exattn_json__get(block, "ffn");
    const exattn_jnode *ln1 = exattn_json__get(block, "layer_norm");
    const exattn_jnode *ln2 = exattn_json__get(block, "layer_norm_2");
    const exattn_jnode *cross = exattn_json__get(block, "cross_attention");
    size_t d = s->x.cols;
    int code;

    if (cross != NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, cross,
            "block: a decoder's \"cross_attention\" is in the Post-LN "
            "order only (give \"order\": \"post\")");
    if (ln1 == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, block,
            "block: a Pre-LN block normalizes x' before attention: it needs "
            "\"layer_norm\"");
    if ((code = read_norm(&s->ln1, rc, ln1, "layer_norm", d)) != EXATTN_OK
        || (code = read_ffn(s, rc, ffn, d)) != EXATTN_OK
        || (code = read_norm(&s->ln2, rc, ln2, "layer_norm_2", d))
               != EXATTN_OK
        || (code = read_norm(&s->final, rc,
                             exattn_json__get(block, "final_norm"),
                             "final_norm", d)) != EXATTN_OK)
        return code;
    if (ffn != NULL && ln2 == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, ffn,
            "block: a Pre-LN block's \"ffn\" reads \"layer_norm_2\" of "
            "the residual, which is missing");
    if (ln2 != NULL && ffn == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, ln2,
            "block: in a Pre-LN block \"layer_norm_2\" is the input of "
            "\"ffn\", which is missing");
    return EXATTN_OK;
}

/* The layers after attention, in Post-LN order. */
static int
read_layers(exattn_block_spec *s, const exattn_rctx *rc,
            const exattn_jnode *block)
{
    const exattn_jnode *ffn = exattn_json__get(block, "ffn");
    const exattn_jnode *ln2 = exattn_json__get(block, "layer_norm_2");
    const exattn_jnode *cross = exattn_json__get(block, "cross_attention");
    size_t d = s->x.cols;
    int code;

    if ((code = read_kind(s, rc, block)) != EXATTN_OK)
        return code;
    if (s->pre_ln)
        return read_pre_layers(s, rc, block);
    if (exattn_json__get(block, "final_norm") != NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD,
            exattn_json__get(block, "final_norm"),
            "block: \"final_norm\" ends a Pre-LN block (\"order\": "
            "\"pre\"); a Post-LN block ends with its last norm");
    if ((code = read_norm(&s->ln1, rc, exattn_json__get(block, "layer_norm"),
                          "layer_norm", d)) != EXATTN_OK)
        return code;
    if (!s->ln1.present && exattn_json__get(block, "norm") != NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD,
            exattn_json__get(block, "norm"),
            "block: \"norm\" says which norm the block's norms are, and it "
            "has none (give \"layer_norm\")");
    if (cross != NULL && !s->ln1.present)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, cross,
            "block: a decoder's \"cross_attention\" reads the first "
            "sublayer's \"layer_norm\", which is missing");
    if (cross != NULL && (code = read_cross(&s->cross, rc, cross, d))
        != EXATTN_OK)
        return code;
    if ((code = read_ffn(s, rc, ffn, d)) != EXATTN_OK
        || (code = read_norm(&s->ln2, rc, ln2, "layer_norm_2", d))
               != EXATTN_OK)
        return code;
    if (ffn != NULL && (!s->ln1.present || !s->ln2.present))
        return exattn_lesson__fail(rc, EXATTN_EFIELD, ffn,
            "block: a Post-LN block with \"ffn\" needs \"layer_norm\" "
            "before it and \"layer_norm_2\" after it");
    if (ln2 != NULL && ffn == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, ln2,
            "block: \"layer_norm_2\" follows \"ffn\", which is missing");
    return EXATTN_OK;
}

/* The scale of the lesson: per head (1/sqrt(d_k), the default) or one
 * value for every head. */
static int
scale_is_per_head(const exattn_fields *f)
{
    const exattn_jnode *scale = exattn_lesson__field(f, "scale");

    return scale == NULL || (scale->kind == EXATTN_J_STRING
                             && strcmp(scale->text, "1/sqrt(d_k)") == 0);
}

static int
read_spec(exattn_block_spec *s, const exattn_rctx *rc,
          const exattn_fields *f, const exattn_jnode *block)
{
    static const char *const known[] = { "positional", "heads", "W_O",
                                         "layer_norm", "cross_attention",
                                         "ffn", "layer_norm_2", "order",
                                         "norm", "final_norm", NULL };
    const exattn_jnode *x = exattn_lesson__field(f, "X");
    const exattn_jnode *mem = exattn_lesson__field(f, "memory");
    exattn_jnode head;
    int code;

    if ((code = exattn_lesson__check_members(rc, block, "block", known))
            != EXATTN_OK
        || (code = refuse_with_block(rc, f)) != EXATTN_OK)
        return code;
    if ((code = exattn_lesson__matrix(&s->x, rc, x, "X")) != EXATTN_OK
        || (mem && (code = exattn_lesson__matrix(&s->memory, rc, mem,
                                                 "memory")) != EXATTN_OK)
        || (code = check_sizes(s, rc, block)) != EXATTN_OK
        || (code = read_positional(s, rc, exattn_json__get(block,
                                                           "positional")))
               != EXATTN_OK)
        return code;
    if (mem != NULL && exattn_json__get(block, "cross_attention") != NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, mem,
            "block: a decoder attends to itself first; give the encoder's "
            "output as \"memory\" inside \"cross_attention\"");
    /* the lesson's own projections, seen as a head object */
    memset(&head, 0, sizeof head);
    head.kind = EXATTN_J_OBJECT;
    {
        static const char *const names[] = { "W_Q", "W_K", "W_V" };
        exattn_jnode keys[3], *key_ptrs[3], *val_ptrs[3];
        size_t i;

        for (i = 0; i < 3; i++)
        {
            memset(&keys[i], 0, sizeof keys[i]);
            keys[i].kind = EXATTN_J_STRING;
            keys[i].text = (char *)names[i];
            keys[i].len = strlen(names[i]);
            key_ptrs[i] = &keys[i];
            val_ptrs[i] = (exattn_jnode *)exattn_lesson__field(f, names[i]);
        }
        head.count = 3;
        head.keys = key_ptrs;
        head.items = val_ptrs;
        code = read_heads(&s->heads, &s->head_count, rc, block, &head,
                          s->x.cols, s->memory.rows ? s->memory.cols
                                                    : s->x.cols);
    }
    if (code == EXATTN_OK)
        code = read_wo(&s->wo, s->heads, s->head_count, rc, block,
                       s->x.cols);
    if (code == EXATTN_OK)
        code = read_layers(s, rc, block);
    s->scale_per_head = scale_is_per_head(f);
    return code;
}

int
exattn_lesson__read_block(exattn_lesson *l, const exattn_rctx *rc,
                          const exattn_fields *f)
{
    const exattn_jnode *block = exattn_lesson__field(f, "block");
    int code;

    if (block == NULL)
        return EXATTN_OK;
    if (block->kind != EXATTN_J_OBJECT)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, block,
            "\"block\" must be an object (see docs/lesson-format.md)");
    if (exattn_lesson__field(f, "X") == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, block,
            "block: needs X, the token states the residual path carries");
    l->block = spec_new();
    if (l->block == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, block,
                                   "out of memory");
    code = read_spec(l->block, rc, f, block);
    return code;
}
