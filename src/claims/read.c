/* Claims, read and resolved with the lesson, so that a bad path, label,
 * number or expression is an input error with its position:
 *
 *   {"of": "weights[rises]", "approx": ["0.284", "0.140", "0.576"]}
 *   {"of": "output[rises]", "variant": "zero query", "is": ["2/3", "4/3"]}
 *   {"expr": "2.028/5.056", "approx": "0.401"}
 *   {"of": "weights[2][1]", "named": "1/(1+e)"}
 *
 * A claim's values (is, approx, named), its variant, what it is compared
 * with (minus), the properties it holds, and claims built by a program
 * (the audit).  What its path names is resolved in src/claims/paths.c:
 * scores|scaled|weights [row] [key]; contributions [row][key] [col];
 * output [row] [col]; blend [name] [col]; Q [row] [col], K|V [key] [col]
 * (the matrices after projection and overrides), X [row] [col], memory
 * [key] [col], W_Q|W_K|W_V [i] [col] (what was projected); a block's
 * stages and shapes.  Without its last index a path is a vector, and the
 * claim gives one value per entry. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "lesson/resolve.h"
#include "claims/read.h"
#include "block/block.h"

/* While reading: a path inside a named value is checked and stands for a
 * placeholder; the claim is marked to be parsed again, with the
 * quantities themselves, when it is checked. */
typedef struct
{
    exattn_claim *claim;
    const exattn_limits_t *limits;
} ref_reader;

static exattn_xnode *
placeholder(void *ctx, exattn_expr *pool, const char *path,
            exattn_error_t *why)
{
    ref_reader *r = ctx;
    exattn_claim_ref ref;

    if (exattn_claims__ref(&ref, r->claim->lesson, path, why)
        != EXATTN_OK)
        return NULL;
    r->claim->refs = 1;
    r->claim->expr_length = r->limits->max_expr_length;
    r->claim->expr_depth = r->limits->max_expr_depth;
    return exattn_expr__sym(pool, path, path, NULL);
}

/* An approx value: [-]digits[.digits], as a lesson prints a decimal. */
static int
is_decimal(const char *s)
{
    size_t i = s[0] == '-';
    int digits = 0;

    for (; isdigit((unsigned char)s[i]); i++)
        digits = 1;
    if (s[i] == '.')
        for (i++; isdigit((unsigned char)s[i]); i++)
            digits = 1;
    return digits && s[i] == '\0';
}

/* Parse each claimed value the way its kind needs. */
static int
read_value(exattn_claim *c, size_t i, const exattn_jnode *v,
           const exattn_rctx *rc)
{
    exattn_error_t why;
    ref_reader reader;
    int code;

    if (v->kind != EXATTN_J_STRING && v->kind != EXATTN_J_NUMBER)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, v,
            "claim \"%.80s\": expected a value (a string), found %s",
            c->text, exattn_json__kind_name(v->kind));
    c->values[i] = exattn_str__dup(v->text);
    if (c->values[i] == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, v, "out of memory");
    switch (c->claim)
    {
    case EXATTN_CLAIM_APPROX:
        if (!is_decimal(v->text))
            return exattn_lesson__fail(rc, EXATTN_EFIELD, v,
                "claim \"%.80s\": \"%.40s\" is not a decimal such as "
                "0.284", c->text, v->text);
        return EXATTN_OK;
    case EXATTN_CLAIM_IS:
        return exattn_lesson__number(c->exact[i], rc, v, "claim");
    default:
        exattn_error_init(&why);
        reader.claim = c;
        reader.limits = rc->limits;
        /* row quantities may be compared with others, named by path */
        code = exattn_expr__parse_paths(&c->named[i], v->text, v->len,
                                        rc->file, rc->limits,
                                        c->target == EXATTN_TARGET_ROW
                                            || c->target == EXATTN_TARGET_DIFF
                                            ? placeholder : NULL,
                                        &reader, &why);
        if (code != EXATTN_OK)
            return exattn_lesson__fail(rc, code, v,
                "claim \"%.80s\": named \"%.60s\": column %lu: %s",
                c->text, v->text, why.column, why.message);
        return EXATTN_OK;
    }
}

static int
read_values(exattn_claim *c, const exattn_jnode *node, const exattn_rctx *rc)
{
    size_t i, n = node->kind == EXATTN_J_ARRAY ? node->count : 1;
    int code;

    if (n != c->count)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, node,
            "claim \"%.80s\": %zu values for %zu entries", c->text, n,
            c->count);
    c->values = calloc(n, sizeof *c->values);
    c->named = calloc(n, sizeof *c->named);
    c->exact = malloc(n * sizeof *c->exact);
    /* initialised at once: the claim's release clears them */
    for (i = 0; c->exact != NULL && i < n; i++)
        mpq_init(c->exact[i]);
    if (!c->values || !c->named || !c->exact)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    for (i = 0; i < n; i++)
        if ((code = read_value(c, i, node->kind == EXATTN_J_ARRAY
                                             ? node->items[i] : node, rc))
            != EXATTN_OK)
            return code;
    return EXATTN_OK;
}

static const exattn_lesson *
find_variant(const exattn_lesson *l, const char *name)
{
    size_t k;

    for (k = 0; k < l->variant_count; k++)
        if (strcmp(l->variants[k]->name, name) == 0)
            return l->variants[k];
    return NULL;
}

/* " (variants: base, a, b; did you mean \"a\"?)" into b: the lesson's
 * variant names (and "base", the lesson itself, where it may be named). */
static void
suggest_variant(exattn_sbuf *b, const exattn_lesson *l, const char *wanted,
                int with_base)
{
    const char **names = malloc((l->variant_count + 1) * sizeof *names);
    size_t k, n = 0;

    if (names == NULL)
        return;                 /* the message without its suggestion */
    if (with_base)
        names[n++] = "base";
    for (k = 0; k < l->variant_count; k++)
        names[n++] = l->variants[k]->name;
    exattn_lesson__suggest_names(b, "variants", names, n, wanted);
    free(names);
}

/* "claim \"PATH\": WHAT no variant \"NAME\"" and the names there are. */
static int
no_variant(const exattn_rctx *rc, const exattn_lesson *l,
           const exattn_jnode *at, const char *text, const char *what,
           const char *wanted, int with_base)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    suggest_variant(&b, l, wanted, with_base);
    return exattn_lesson__fail_hinted(rc, EXATTN_EFIELD, at, &b,
                                      "claim \"%.80s\": %sno variant "
                                      "\"%.60s\"", text, what, wanted);
}

/* What the claim is about: a path (in a variant) or an expression. */
static int
same_labels(char *const *a, char *const *b, size_t count)
{
    size_t i;

    for (i = 0; i < count; i++)
        if (strcmp(a[i], b[i]) != 0)
            return 0;
    return 1;
}

/* "minus": the claim is on its quantity minus the same quantity of
 * another lesson -- "base", or a variant -- of the same shape: how much
 * an intervention changes an output ("increases by 2a3", "stays fixed"
 * as an exact 0). */
static int resolve_minus(exattn_claim *c, const exattn_lesson *l,
                         const exattn_jnode *m, const exattn_rctx *rc);

static int
read_minus(exattn_claim *c, const exattn_lesson *l, const exattn_jnode *m,
           const exattn_rctx *rc)
{
    int code;

    if (c->target != EXATTN_TARGET_ROW)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, m,
            "claim \"%.80s\": a difference (\"minus\") is of a row "
            "quantity: scores, scaled, weights, contributions, output",
            c->text);
    if ((code = exattn_lesson__string(&c->minus, rc, m, "claim minus"))
        != EXATTN_OK)
        return code;
    return resolve_minus(c, l, m, rc);
}

/* c->minus names the lesson subtracted: pair it with the claim's. */
static int
resolve_minus(exattn_claim *c, const exattn_lesson *l, const exattn_jnode *m,
              const exattn_rctx *rc)
{
    const exattn_lesson *o, *a = c->lesson;

    o = strcmp(c->minus, "base") == 0 ? l : find_variant(l, c->minus);
    if (o == NULL)
        return no_variant(rc, l, m, c->text, "minus: ", c->minus, 1);
    if (o->block != NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, m,
            "claim \"%.80s\": minus \"%.60s\": a block has no row "
            "quantities to subtract", c->text, c->minus);
    if (o->n != a->n || o->m != a->m || o->dv != a->dv)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, m,
            "claim \"%.80s\": minus \"%.60s\": the two lessons have "
            "different shapes (n=%zu, m=%zu, d_v=%zu against n=%zu, m=%zu, "
            "d_v=%zu)", c->text, c->minus, a->n, a->m, a->dv, o->n, o->m,
            o->dv);
    /* rows and keys are paired by position: the two lessons must name
     * them alike (a permuted variant is compared by its contrast) */
    if (!same_labels(a->query_labels, o->query_labels, a->n)
        || !same_labels(a->key_labels, o->key_labels, a->m)
        || (a->perm != NULL) != (o->perm != NULL))
        return exattn_lesson__fail(rc, EXATTN_EFIELD, m,
            "claim \"%.80s\": minus \"%.60s\": the two lessons order or "
            "name their tokens differently, so their rows cannot be paired "
            "(a permuted variant's contrast compares each token with "
            "itself)", c->text, c->minus);
    c->minus_lesson = o;
    c->target = EXATTN_TARGET_DIFF;
    return EXATTN_OK;
}

static int
read_subject(exattn_claim *c, const exattn_lesson *l, const exattn_jnode *obj,
             const exattn_rctx *rc)
{
    const exattn_jnode *of = exattn_json__get(obj, "of");
    const exattn_jnode *expr = exattn_json__get(obj, "expr");
    const exattn_jnode *var = exattn_json__get(obj, "variant");
    const exattn_jnode *subject = of ? of : expr;
    exattn_error_t why;
    int code;

    if ((of == NULL) == (expr == NULL))
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "a claim needs either \"of\" (a path) or \"expr\"");
    if ((code = exattn_lesson__string(&c->text, rc, subject, "claim"))
        != EXATTN_OK)
        return code;
    c->lesson = l;
    if (var != NULL)
    {
        if (expr != NULL)
            return exattn_lesson__fail(rc, EXATTN_EFIELD, var,
                "claim \"%.80s\": an expression has no variant", c->text);
        if ((code = exattn_lesson__string(&c->variant, rc, var,
                                          "claim variant")) != EXATTN_OK)
            return code;
        if ((c->lesson = find_variant(l, c->variant)) == NULL)
            return no_variant(rc, l, var, c->text, "", c->variant, 0);
    }
    if (of != NULL
        && (code = exattn_claims__resolve_path(c, rc, of)) != EXATTN_OK)
        return code;
    if (exattn_json__get(obj, "minus") != NULL && of == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD,
            exattn_json__get(obj, "minus"),
            "claim \"%.80s\": a difference (\"minus\") is of a row "
            "quantity: scores, scaled, weights, contributions, output",
            c->text);
    if (exattn_json__get(obj, "minus") != NULL)
        return read_minus(c, l, exattn_json__get(obj, "minus"), rc);
    if (of != NULL)
        return EXATTN_OK;
    c->target = EXATTN_TARGET_EXPR;
    c->count = 1;
    exattn_error_init(&why);
    code = exattn_expr_parse_limited(&c->expr, expr->text, expr->len,
                                     rc->file, rc->limits, &why);
    if (code != EXATTN_OK)
        return exattn_lesson__fail(rc, code, expr,
            "claim expression \"%.60s\": column %lu: %s", expr->text,
            why.column, why.message);
    return EXATTN_OK;
}

/* "along": the lessons a "sharpens" claim follows, in order ("base" or
 * variants' names), at least two, rows paired by position. */
static int
read_along(exattn_claim *c, const exattn_lesson *l, const exattn_jnode *obj,
           const exattn_rctx *rc)
{
    const exattn_jnode *a = exattn_json__get(obj, "along");
    const exattn_lesson *o;
    size_t k;

    if (a == NULL || a->kind != EXATTN_J_ARRAY || a->count < 2)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, a ? a : obj,
            "claim \"%.80s\": \"sharpens\" needs \"along\": the lessons "
            "it follows, at least two (\"base\" or variants' names, "
            "in order)", c->text);
    if (c->variant != NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, a,
            "claim \"%.80s\": \"along\" names the lessons; leave "
            "\"variant\" out", c->text);
    if ((c->along = calloc(a->count, sizeof *c->along)) == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, a, "out of memory");
    c->along_count = a->count;
    for (k = 0; k < a->count; k++)
    {
        const exattn_jnode *name = a->items[k];

        o = name->kind != EXATTN_J_STRING ? NULL
            : strcmp(name->text, "base") == 0 ? l
                                             : find_variant(l, name->text);
        if (o == NULL)
            return no_variant(rc, l, name, c->text, "along: ",
                              name->kind == EXATTN_J_STRING ? name->text
                                                            : "?", 1);
        if (o->block != NULL || o->n != l->n || o->m != l->m
            || o->perm != NULL
            || !same_labels(o->query_labels, l->query_labels, l->n)
            || !same_labels(o->key_labels, l->key_labels, l->m)
            /* a key blocked in one lesson would "grow" from 0 */
            || memcmp(o->allowed + c->row * l->m, l->allowed + c->row * l->m,
                      l->m) != 0)
            return exattn_lesson__fail(rc, EXATTN_EFIELD, name,
                "claim \"%.80s\": along: \"%.60s\" does not pair its rows "
                "and keys with the base's (a block, another shape, other "
                "labels, permuted tokens, or other allowed keys for the "
                "row)", c->text, name->text);
        c->along[k] = o;
    }
    return EXATTN_OK;
}

/* "equivariant": the claim's variant permutes the tokens of the lesson
 * it is contrasted with (the base, or its "contrast"). */
static int
read_equivariant(exattn_claim *c, const exattn_jnode *v,
                 const exattn_rctx *rc)
{
    const exattn_lesson *from = c->lesson->contrast;

    if (c->lesson->perm == NULL || from == NULL || from->perm != NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, v,
            "claim \"%.80s\": \"equivariant\" compares a variant that "
            "permutes the tokens (\"permute\") with the lesson it is "
            "contrasted with: give that variant", c->text);
    if (from->n != c->lesson->n || from->m != c->lesson->m
        || from->dv != c->lesson->dv)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, v,
            "claim \"%.80s\": \"equivariant\": the variant and the lesson "
            "it is contrasted with have different shapes", c->text);
    c->minus_lesson = from;
    return EXATTN_OK;
}

/* "holds": a property of a row: "distribution", "ties" and "sharpens" of
 * its weights (weights[row]), "convex" and "equivariant" of its output
 * (output[row]). */
static int
read_property(exattn_claim *c, const exattn_lesson *l,
              const exattn_jnode *obj, const exattn_jnode *v,
              const exattn_rctx *rc)
{
    static const char *const names[] = { "distribution", "convex", "ties",
                                         "sharpens", "equivariant" };
    int k, of_weights, of_output, code, on_output;

    for (k = 0; k < 5; k++)
        if (v->kind == EXATTN_J_STRING && strcmp(v->text, names[k]) == 0)
            break;
    if (k == 5)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, v,
            "claim \"%.80s\": holds: expected \"distribution\", "
            "\"convex\", \"ties\", \"sharpens\" or \"equivariant\"",
            c->text);
    c->property = (exattn_property)k;
    of_weights = c->target == EXATTN_TARGET_ROW && c->kind == EXATTN_WEIGHT
                 && c->vary == 1;
    of_output = c->target == EXATTN_TARGET_ROW && c->kind == EXATTN_OUTPUT
                && c->vary == 2;
    on_output = c->property == EXATTN_PROPERTY_CONVEX
                || c->property == EXATTN_PROPERTY_EQUIVARIANT;
    if (on_output ? !of_output : !of_weights)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, v,
            "claim \"%.80s\": \"%s\" is a property of %s", c->text,
            names[k], on_output ? "a row's output (output[row])"
                                : "a row's weights (weights[row])");
    if (exattn_json__get(obj, "along") != NULL
        && c->property != EXATTN_PROPERTY_SHARPENS)
        return exattn_lesson__fail(rc, EXATTN_EFIELD,
            exattn_json__get(obj, "along"),
            "claim \"%.80s\": \"along\" belongs to \"sharpens\"", c->text);
    if (c->property == EXATTN_PROPERTY_SHARPENS
        && (code = read_along(c, l, obj, rc)) != EXATTN_OK)
        return code;
    if (c->property == EXATTN_PROPERTY_EQUIVARIANT
        && (code = read_equivariant(c, v, rc)) != EXATTN_OK)
        return code;
    c->count = 1;
    c->values = calloc(1, sizeof *c->values);
    c->named = calloc(1, sizeof *c->named);
    if ((c->exact = malloc(sizeof *c->exact)) != NULL)
        mpq_init(c->exact[0]);      /* released with the claim */
    if (c->values == NULL || c->named == NULL || c->exact == NULL
        || (c->values[0] = exattn_str__dup(names[k])) == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, v, "out of memory");
    return EXATTN_OK;
}

static int
read_claim(exattn_claim *c, const exattn_lesson *l, const exattn_jnode *obj,
           const exattn_rctx *rc)
{
    /* "source": where the lesson states the number (a quotation), not
     * interpreted: a report quotes it beside a claim that fails */
    static const char *const known[] = { "of", "expr", "variant", "minus",
                                         "is", "approx", "named", "holds",
                                         "along", "source", NULL };
    static const char *const kinds[] = { "is", "approx", "named", "holds" };
    const exattn_jnode *values = NULL;
    int code, k;

    if ((code = exattn_lesson__check_members(rc, obj, "claim", known))
        != EXATTN_OK)
        return code;
    c->line = obj->line;
    c->column = obj->column;
    if (exattn_json__get(obj, "source") != NULL
        && exattn_json__get(obj, "source")->kind != EXATTN_J_STRING)
        return exattn_lesson__fail(rc, EXATTN_EFIELD,
                                   exattn_json__get(obj, "source"),
                                   "claim: \"source\" is a string");
    if (exattn_json__get(obj, "source") != NULL
        && (c->source = exattn_str__dup(exattn_json__get(obj, "source")
                                            ->text)) == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, obj, "out of memory");
    for (k = 0; k < 4; k++)
        if (exattn_json__get(obj, kinds[k]) != NULL)
        {
            if (values != NULL)
                return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
                    "a claim says one of \"is\", \"approx\", \"named\" "
                    "or \"holds\"");
            values = exattn_json__get(obj, kinds[k]);
            c->claim = (exattn_claim_kind)k;
        }
    if (values == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "a claim needs \"is\", \"approx\", \"named\" or \"holds\"");
    if ((code = read_subject(c, l, obj, rc)) != EXATTN_OK)
        return code;
    if (c->claim == EXATTN_CLAIM_HOLDS)
        return read_property(c, l, obj, values, rc);
    return read_values(c, values, rc);
}

void
exattn_claims__clear_claim(exattn_claim *c)
{
    size_t j;

    for (j = 0; j < c->count; j++)
    {
        if (c->values)
            free(c->values[j]);
        if (c->named)
            exattn_expr_free(c->named[j]);
        if (c->exact)
            mpq_clear(c->exact[j]);
    }
    free(c->values);
    free(c->named);
    free(c->exact);
    exattn_expr_free(c->expr);
    free(c->text);
    free(c->variant);
    free(c->minus);
    free(c->source);
    free(c->along);
    memset(c, 0, sizeof *c);
}

void
exattn_claims__free(exattn_lesson *l)
{
    size_t i;

    for (i = 0; i < l->claim_count; i++)
        exattn_claims__clear_claim(&l->claims[i]);
    free(l->claims);
    l->claims = NULL;
    l->claim_count = 0;
}

int
exattn_claims__read(exattn_lesson *l, const exattn_jnode *node,
                    const exattn_rctx *rc)
{
    size_t i;
    int code;

    if (node == NULL)
        return EXATTN_OK;
    if ((code = exattn_lesson__array(rc, node, "claims", "objects"))
        != EXATTN_OK)
        return code;
    l->claims = calloc(node->count ? node->count : 1, sizeof *l->claims);
    if (l->claims == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    for (i = 0; i < node->count; i++)
    {
        l->claim_count = i + 1;     /* so that a failure frees this one */
        if ((code = read_claim(&l->claims[i], l, node->items[i], rc))
            != EXATTN_OK)
            return code;
    }
    return EXATTN_OK;
}

/* ---- claims built by a program (the audit) ------------------------------ */

static void
program_rctx(exattn_rctx *rc, const exattn_lesson *l, exattn_error_t *err)
{
    static const exattn_limits_t defaults = EXATTN_LIMITS_INIT;

    memset(rc, 0, sizeof *rc);
    rc->file = l->file;
    rc->prefix = "";
    rc->limits = &defaults;
    rc->err = err;
}

int
exattn_claims__path_claim(exattn_claim *c, const exattn_lesson *l,
                          const char *variant, const char *path,
                          const char *minus, exattn_error_t *err)
{
    return exattn_claims__path_quantity(c, l, variant, path, minus, NULL,
                                        err);
}

int
exattn_claims__path_quantity(exattn_claim *c, const exattn_lesson *l,
                             const char *variant, const char *path,
                             const char *minus, const char *noun,
                             exattn_error_t *err)
{
    exattn_rctx rc;
    int code;

    memset(c, 0, sizeof *c);
    program_rctx(&rc, l, err);
    rc.noun = noun;
    c->lesson = l;
    if ((c->text = exattn_str__dup(path)) == NULL
        || (variant && (c->variant = exattn_str__dup(variant)) == NULL)
        || (minus && (c->minus = exattn_str__dup(minus)) == NULL))
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    if (variant && (c->lesson = find_variant(l, variant)) == NULL)
    {
        exattn_sbuf b;

        exattn_sbuf__init(&b);
        suggest_variant(&b, l, variant, 0);
        code = exattn_error__set(err, EXATTN_EFIELD, l->file, 0, 0,
                                 "no variant \"%.60s\"%s", variant,
                                 b.s ? b.s : "");
        exattn_sbuf__clear(&b);
        return code;
    }
    if ((code = exattn_claims__resolve_path(c, &rc, NULL)) != EXATTN_OK)
        return code;
    if (minus == NULL)
        return EXATTN_OK;
    if (c->target != EXATTN_TARGET_ROW)
        return exattn_error__set(err, EXATTN_EFIELD, l->file, 0, 0,
            "\"%.80s\": a difference is of a row quantity", path);
    return resolve_minus(c, l, NULL, &rc);
}

int
exattn_claims__expr_claim(exattn_claim *c, const exattn_lesson *l,
                          const char *text, exattn_error_t *err)
{
    exattn_expr *e = NULL;
    int rc = exattn_expr_parse(&e, text, strlen(text), l->file, err);

    if (rc != EXATTN_OK)
    {
        memset(c, 0, sizeof *c);
        return rc;
    }
    return exattn_claims__parsed_claim(c, l, text, e, err);
}

int
exattn_claims__parsed_claim(exattn_claim *c, const exattn_lesson *l,
                            const char *text, exattn_expr *e,
                            exattn_error_t *err)
{
    memset(c, 0, sizeof *c);
    c->lesson = l;
    c->target = EXATTN_TARGET_EXPR;
    c->count = 1;
    c->expr = e;
    if ((c->text = exattn_str__dup(text)) == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    return EXATTN_OK;
}

int
exattn_claims__set_values(exattn_claim *c, exattn_claim_kind kind,
                          char *const *values, exattn_error_t *err)
{
    size_t i;

    c->claim = kind;
    c->values = calloc(c->count, sizeof *c->values);
    c->exact = malloc(c->count * sizeof *c->exact);
    for (i = 0; c->exact != NULL && i < c->count; i++)
        mpq_init(c->exact[i]);
    if (c->values == NULL || c->exact == NULL)
    {
        free(c->exact);
        c->exact = NULL;
        return exattn_error__set(err, EXATTN_ENOMEM, c->lesson->file, 0, 0,
                                 "out of memory");
    }
    for (i = 0; i < c->count; i++)
    {
        if ((c->values[i] = exattn_str__dup(values[i])) == NULL)
            return exattn_error__set(err, EXATTN_ENOMEM, c->lesson->file, 0,
                                     0, "out of memory");
        if (kind == EXATTN_CLAIM_IS
            && exattn_mpq_set_text(c->exact[i], values[i], strlen(values[i]),
                                   err) != EXATTN_OK)
            return err ? err->code : EXATTN_ESYNTAX;
    }
    return EXATTN_OK;
}
