/* A lesson's live lab ("lab"): which controls a reader moves, over which
 * exact positions, and what the lab shows.  Read once the base lesson is
 * resolved, since every control is checked against it: the followed row
 * and the overridden entry exist, the baseline (multiplier 1, the entry's
 * own value) is one of the positions, the causal toggle has a mask it can
 * turn on and off. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lesson/resolve.h"

/* A slider's positions are all written into the document and the page:
 * a thousand is finer than any slider a reader can move. */
#define LAB_MAX_POSITIONS 1001u
/* A position is a number a reader reads off a slider: a thousand bits of
 * numerator or denominator is beyond any, and bounds what 1001 of them
 * add to the document. */
#define LAB_MAX_POSITION_BITS 1024u

static const char *const control_names[] = {
    "query", "multiplier", "causal", "override", "block", NULL
};

void
exattn_lesson__free_lab(exattn_lab *lab)
{
    size_t k, p;

    if (lab == NULL)
        return;
    for (k = 0; k < lab->control_count; k++)
    {
        for (p = 0; p < lab->controls[k].count; p++)
            mpq_clear(lab->controls[k].positions[p]);
        free(lab->controls[k].positions);
        if (lab->controls[k].ranged)
            mpq_clear(lab->controls[k].step);
    }
    free(lab->controls);
    free(lab->causal_allowed);
    free(lab->open_allowed);
    free(lab->blockable);
    free(lab->blockable_open);
    free(lab->title);
    free(lab);
}

static int
alloc_positions(exattn_lab_control *c, const exattn_rctx *rc,
                const exattn_jnode *at, size_t count)
{
    size_t p;

    c->positions = malloc(count * sizeof *c->positions);
    if (c->positions == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, at, "out of memory");
    for (p = 0; p < count; p++)
        mpq_init(c->positions[p]);
    c->count = count;
    return EXATTN_OK;
}

/* A number for a message: whole when short, else its first and last
 * digits with their count ("1000000000…000000 (100001 digits)"). */
static void
put_short(exattn_sbuf *b, const mpq_t q)
{
    char *s = exattn_mpq_get_str(q);
    size_t n = s ? strlen(s) : 0;

    if (s == NULL)
        exattn_sbuf__puts(b, "?");
    else if (n <= 40)
        exattn_sbuf__puts(b, s);
    else
        exattn_sbuf__printf(b, "%.16s…%s (%zu characters)", s, s + n - 8, n);
    exattn_free(s);
}

/* Refuse a position too large to read off a slider. */
static int
check_size(const exattn_rctx *rc, const exattn_jnode *at, const char *what,
           const mpq_t q)
{
    if (mpz_sizeinbase(mpq_numref(q), 2) <= LAB_MAX_POSITION_BITS
        && mpz_sizeinbase(mpq_denref(q), 2) <= LAB_MAX_POSITION_BITS)
        return EXATTN_OK;
    return exattn_lesson__fail(rc, EXATTN_ELIMIT, at,
        "lab \"%s\": a position of more than %u bits (numerator or "
        "denominator) is beyond what a slider shows", what,
        LAB_MAX_POSITION_BITS);
}

/* "values": an increasing list of exact numbers. */
static int
listed_positions(exattn_lab_control *c, const exattn_rctx *rc,
                 const exattn_jnode *values, const char *what)
{
    char name[96];
    size_t p;
    int code;

    if (values->kind != EXATTN_J_ARRAY || values->count < 2
        || values->count > LAB_MAX_POSITIONS)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, values,
            "lab \"%s\": \"values\" is a list of 2 to %u exact numbers",
            what, LAB_MAX_POSITIONS);
    if ((code = alloc_positions(c, rc, values, values->count)) != EXATTN_OK)
        return code;
    for (p = 0; p < values->count; p++)
    {
        snprintf(name, sizeof name, "lab \"%s\" value %zu", what, p + 1);
        if ((code = exattn_lesson__number(c->positions[p], rc,
                                          values->items[p], name))
            != EXATTN_OK
            || (code = check_size(rc, values->items[p], what,
                                  c->positions[p])) != EXATTN_OK)
            return code;
        if (p > 0 && mpq_cmp(c->positions[p], c->positions[p - 1]) <= 0)
            return exattn_lesson__fail(rc, EXATTN_EFIELD, values->items[p],
                "lab \"%s\": the values must increase (the value number "
                "%zu, %.30s, is not above the one before it, %.30s)", what,
                p + 1, values->items[p]->text ? values->items[p]->text : "",
                values->items[p - 1]->text ? values->items[p - 1]->text
                                           : "");
    }
    return EXATTN_OK;
}

/* "from 0 to 1 in steps of 2/5" (NULL when out of memory; free()). */
static char *
range_text(const mpq_t *v)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, "from ");
    put_short(&b, v[0]);
    exattn_sbuf__puts(&b, " to ");
    put_short(&b, v[1]);
    exattn_sbuf__puts(&b, " in steps of ");
    put_short(&b, v[2]);
    return exattn_sbuf__take(&b);
}

/* Why from..to by step (step > 0) is no slider: NULL when it is one. */
static const char *
no_range(const mpq_t steps)
{
    if (mpz_sgn(mpq_numref(steps)) < 0)
        return "backwards: \"to\" is below \"from\"";
    if (mpz_sgn(mpq_numref(steps)) == 0)
        return "no range: a slider has two positions or more";
    if (mpz_cmp_ui(mpq_denref(steps), 1) != 0)
        return "not a whole number of steps";
    if (mpz_cmp_ui(mpq_numref(steps), LAB_MAX_POSITIONS - 1) > 0)
        return "more than 1000 steps";
    return NULL;
}

/* The count of positions from..to by step, or an error that says why
 * there is none. */
static int
range_count(size_t *count, const exattn_rctx *rc, const exattn_jnode *obj,
            const char *what, const mpq_t *v)
{
    const char *why;
    mpq_t steps;
    char *text;
    int code = EXATTN_OK;

    mpq_init(steps);
    mpq_sub(steps, v[1], v[0]);
    mpq_div(steps, steps, v[2]);
    if ((why = no_range(steps)) == NULL)
        *count = mpz_get_ui(mpq_numref(steps)) + 1;
    else
    {
        text = range_text(v);
        code = exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "lab \"%s\": %s is %s", what, text ? text : "the range", why);
        free(text);
    }
    mpq_clear(steps);
    return code;
}

/* "from", "to", "step": every position from..to, step apart, exactly. */
static int
ranged_positions(exattn_lab_control *c, const exattn_rctx *rc,
                 const exattn_jnode *obj, const char *what)
{
    static const char *const ends[] = { "from", "to", "step" };
    char name[96];
    mpq_t v[3];
    size_t k, p, count = 0;
    int code = EXATTN_OK;

    for (k = 0; k < 3; k++)
        mpq_init(v[k]);
    for (k = 0; k < 3 && code == EXATTN_OK; k++)
    {
        snprintf(name, sizeof name, "lab \"%s\" \"%s\"", what, ends[k]);
        if (exattn_json__get(obj, ends[k]) == NULL)
            code = exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
                "lab \"%s\": needs \"from\", \"to\" and \"step\" (exact "
                "numbers), or \"values\"", what);
        else if ((code = exattn_lesson__number(v[k], rc,
                         exattn_json__get(obj, ends[k]), name)) == EXATTN_OK)
            code = check_size(rc, exattn_json__get(obj, ends[k]), what, v[k]);
    }
    if (code == EXATTN_OK && mpq_sgn(v[2]) <= 0)
        code = exattn_lesson__fail(rc, EXATTN_EFIELD,
            exattn_json__get(obj, "step"),
            "lab \"%s\": \"step\" must be positive", what);
    if (code == EXATTN_OK)
        code = range_count(&count, rc, obj, what, (const mpq_t *)v);
    if (code == EXATTN_OK
        && (code = alloc_positions(c, rc, obj, count)) == EXATTN_OK)
    {
        mpq_init(c->step);
        mpq_set(c->step, v[2]);
        c->ranged = 1;
        mpq_set(c->positions[0], v[0]);
        for (p = 1; p < count; p++)
            mpq_add(c->positions[p], c->positions[p - 1], v[2]);
    }
    for (k = 0; k < 3; k++)
        mpq_clear(v[k]);
    return code;
}

/* The positions of a slider, and where the baseline sits among them. */
static int
slider(exattn_lab_control *c, const exattn_rctx *rc,
       const exattn_jnode *obj, const char *what, const mpq_t baseline)
{
    const exattn_jnode *values = exattn_json__get(obj, "values");
    exattn_sbuf msg;
    char *text;
    size_t p;
    int code;

    if (values != NULL && (exattn_json__get(obj, "from") != NULL
                           || exattn_json__get(obj, "to") != NULL
                           || exattn_json__get(obj, "step") != NULL))
        return exattn_lesson__fail(rc, EXATTN_EFIELD, values,
            "lab \"%s\": either \"values\" or \"from\", \"to\" and "
            "\"step\", not both", what);
    code = values ? listed_positions(c, rc, values, what)
                  : ranged_positions(c, rc, obj, what);
    if (code != EXATTN_OK)
        return code;
    for (p = 0; p < c->count; p++)
        if (mpq_equal(c->positions[p], baseline))
        {
            c->start = p;
            return EXATTN_OK;
        }
    exattn_sbuf__init(&msg);
    exattn_sbuf__puts(&msg, "its start, ");
    put_short(&msg, baseline);
    exattn_sbuf__puts(&msg, " (the lesson as written), is none of its "
                            "positions (");
    put_short(&msg, c->positions[0]);
    exattn_sbuf__puts(&msg, " to ");
    put_short(&msg, c->positions[c->count - 1]);
    exattn_sbuf__puts(&msg, ")");
    text = exattn_sbuf__take(&msg);
    code = exattn_lesson__fail(rc, EXATTN_EFIELD, obj, "lab \"%s\": %s",
                               what, text ? text : "its start is none of "
                                                   "its positions");
    free(text);
    return code;
}

static int
multiplier(exattn_lab_control *c, const exattn_rctx *rc,
           const exattn_jnode *obj)
{
    static const char *const known[] = { "from", "to", "step", "values",
                                         NULL };
    mpq_t one;
    int code;

    if (obj->kind != EXATTN_J_OBJECT)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "lab \"multiplier\": an object with \"from\", \"to\" and "
            "\"step\", or \"values\"");
    if ((code = exattn_lesson__check_members(rc, obj, "lab \"multiplier\"",
                                             known)) != EXATTN_OK)
        return code;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    code = slider(c, rc, obj, "multiplier", one);
    mpq_clear(one);
    return code;
}

static int
override(exattn_lab_control *c, const exattn_lesson *l,
         const exattn_rctx *rc, const exattn_jnode *obj)
{
    static const char *const known[] = { "row", "col", "from", "to",
                                         "step", "values", NULL };
    const exattn_jnode *row = exattn_json__get(obj, "row");
    const exattn_jnode *col = exattn_json__get(obj, "col");
    int code;

    if (obj->kind != EXATTN_J_OBJECT || row == NULL || col == NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "lab \"override\": an object with \"row\" (a key label or "
            "index), \"col\" (a coordinate from 1) and its positions");
    if ((code = exattn_lesson__check_members(rc, obj, "lab \"override\"",
                                             known)) != EXATTN_OK
        || (code = exattn_lesson__row_ref(&c->row, rc, row,
                                          "lab \"override\" \"row\"",
                                          l->key_labels, l->m)) != EXATTN_OK
        || (code = exattn_lesson__index(&c->col, rc, col,
                                        "lab \"override\" \"col\"", l->dv))
           != EXATTN_OK)
        return code;
    return slider(c, rc, obj, "override", EXATTN_AT(&l->v, c->row, c->col));
}

/* The two masks a causal toggle moves between; the lesson must have one
 * of them, so that its own mask is the toggle's baseline. */
static int
causal(exattn_lab *lab, exattn_lab_control *c, const exattn_lesson *l,
       const exattn_rctx *rc, const exattn_jnode *node)
{
    size_t i, j;

    if (l->mask_kind != EXATTN_MASK_CAUSAL && l->mask_kind != EXATTN_MASK_NONE)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
            "lab \"causal\" turns the causal mask on and off: the lesson's "
            "\"mask\" must be \"causal\" or \"none\" (or absent)");
    lab->causal_allowed = malloc(l->n * l->m);
    lab->open_allowed = malloc(l->n * l->m);
    if (lab->causal_allowed == NULL || lab->open_allowed == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    for (i = 0; i < l->n; i++)
        for (j = 0; j < l->m; j++)
        {
            lab->causal_allowed[i * l->m + j] = j <= i;
            lab->open_allowed[i * l->m + j] = 1;
        }
    c->start = l->mask_kind == EXATTN_MASK_CAUSAL;
    return EXATTN_OK;
}

/* "query": true, "causal": true, "block": true -- a switch is on or
 * absent (false is the same as leaving it out). */
static int
is_on(int *on, const exattn_rctx *rc, const exattn_jnode *node,
      const char *name)
{
    if (node->kind != EXATTN_J_BOOL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
            "lab \"%s\": expected true or false, found %s", name,
            exattn_json__kind_name(node->kind));
    *on = node->boolean;
    return EXATTN_OK;
}

static int
control(exattn_lab *lab, const exattn_lesson *l, const exattn_rctx *rc,
        const char *name, const exattn_jnode *node)
{
    exattn_lab_control *c = &lab->controls[lab->control_count];
    int on = 1, code = EXATTN_OK;

    memset(c, 0, sizeof *c);
    if (strcmp(name, "multiplier") == 0)
    {
        c->kind = EXATTN_LAB_MULTIPLIER;
        code = multiplier(c, rc, node);
    }
    else if (strcmp(name, "override") == 0)
    {
        c->kind = EXATTN_LAB_OVERRIDE;
        code = override(c, l, rc, node);
    }
    else if ((code = is_on(&on, rc, node, name)) != EXATTN_OK || !on)
        return code;
    else if (strcmp(name, "causal") == 0)
    {
        c->kind = EXATTN_LAB_CAUSAL;
        code = causal(lab, c, l, rc, node);
    }
    else if (strcmp(name, "query") == 0)
    {
        c->kind = EXATTN_LAB_QUERY;
        c->start = lab->follow;
    }
    else
    {
        c->kind = EXATTN_LAB_BLOCK;
        c->start = SIZE_MAX;
    }
    lab->control_count++;       /* freed with the lab, read or not */
    return code;
}

static int
controls(exattn_lab *lab, const exattn_lesson *l, const exattn_rctx *rc,
         const exattn_jnode *obj, const exattn_jnode *at)
{
    size_t k;
    int code;

    if (obj == NULL || obj->kind != EXATTN_J_OBJECT || obj->count == 0)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj ? obj : at,
            "lab: \"controls\" is an object of one or more of \"query\", "
            "\"multiplier\", \"causal\", \"override\", \"block\"");
    if ((code = exattn_lesson__check_members(rc, obj, "lab \"controls\"",
                                             control_names)) != EXATTN_OK)
        return code;
    lab->controls = calloc(obj->count, sizeof *lab->controls);
    if (lab->controls == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, obj, "out of memory");
    for (k = 0; k < obj->count; k++)
        if ((code = control(lab, l, rc, obj->keys[k]->text, obj->items[k]))
            != EXATTN_OK)
            return code;
    if (lab->control_count == 0)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, obj,
            "lab: every control is off; a lab has at least one");
    return EXATTN_OK;
}

/* The keys one may block under the visibility `allowed` (n*m): each but
 * a row's only visible key, whose blocking would leave that row no
 * softmax.  How many there are. */
static size_t
blockable_under(unsigned char *out, const unsigned char *allowed, size_t n,
                size_t m)
{
    size_t i, j, seen, last = 0, count = 0;

    memset(out, 1, m);
    for (i = 0; i < n; i++)
    {
        for (j = 0, seen = 0; j < m; j++)
            if (allowed[i * m + j])
            {
                seen++;
                last = j;
            }
        if (seen == 1)
            out[last] = 0;
    }
    for (j = 0; j < m; j++)
        count += out[j];
    return count;
}

/* With a block control, which keys it offers under each mask the lab can
 * reach; a control that could never block a key is refused. */
static int
block_choices(exattn_lab *lab, const exattn_lesson *l, const exattn_rctx *rc,
              const exattn_jnode *controls)
{
    const exattn_jnode *node = exattn_json__get(controls, "block");
    size_t k, count;

    for (k = 0; k < lab->control_count; k++)
        if (lab->controls[k].kind == EXATTN_LAB_BLOCK)
            break;
    if (k == lab->control_count)
        return EXATTN_OK;
    lab->blockable = malloc(l->m);
    lab->blockable_open = lab->open_allowed ? malloc(l->m) : NULL;
    if (lab->blockable == NULL
        || (lab->open_allowed && lab->blockable_open == NULL))
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    count = blockable_under(lab->blockable, lab->causal_allowed
                            ? lab->causal_allowed : l->allowed, l->n, l->m);
    if (lab->open_allowed)
        count += blockable_under(lab->blockable_open, lab->open_allowed,
                                 l->n, l->m);
    if (count == 0)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
            "lab \"block\": every key is some row's only visible key, so "
            "blocking any would leave that row no softmax");
    return EXATTN_OK;
}

static int
shown(exattn_lab *lab, const exattn_rctx *rc, const exattn_jnode *show)
{
    static const char *const names[] = { "weights", "output", "map",
                                         "change", NULL };
    size_t k, s;

    lab->show = show ? 0 : EXATTN_LAB_SHOW_ALL;
    if (show == NULL)
        return EXATTN_OK;
    if (show->kind != EXATTN_J_ARRAY || show->count == 0)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, show,
            "lab \"show\": a list of one or more of \"weights\", "
            "\"output\", \"map\", \"change\"");
    for (k = 0; k < show->count; k++)
    {
        for (s = 0; names[s] != NULL; s++)
            if (show->items[k]->kind == EXATTN_J_STRING
                && strcmp(show->items[k]->text, names[s]) == 0)
                break;
        if (names[s] == NULL)
            return exattn_lesson__fail(rc, EXATTN_EFIELD, show->items[k],
                "lab \"show\": each is one of \"weights\", \"output\", "
                "\"map\", \"change\"");
        if (lab->show & (1u << s))
            return exattn_lesson__fail(rc, EXATTN_EFIELD, show->items[k],
                "lab \"show\": \"%s\" is listed twice", names[s]);
        lab->show |= 1u << s;
    }
    return EXATTN_OK;
}

static int
read_lab(exattn_lab *lab, const exattn_lesson *l, const exattn_rctx *rc,
         const exattn_jnode *node)
{
    static const char *const known[] = { "title", "follow", "controls",
                                         "show", NULL };
    const exattn_jnode *follow = exattn_json__get(node, "follow");
    const exattn_jnode *title = exattn_json__get(node, "title");
    int code;

    if (node->kind != EXATTN_J_OBJECT)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
            "lab: an object with \"controls\" (and \"follow\", \"show\", "
            "\"title\")");
    if ((code = exattn_lesson__check_members(rc, node, "lab", known))
        != EXATTN_OK)
        return code;
    if (l->block != NULL)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
            "lab: a lesson with a \"block\" has no lab; the lab follows "
            "one attention head");
    /* the last row sees every key under a causal mask */
    lab->follow = l->n - 1;
    if (follow != NULL
        && (code = exattn_lesson__row_ref(&lab->follow, rc, follow,
                                          "lab \"follow\"", l->query_labels,
                                          l->n)) != EXATTN_OK)
        return code;
    if (title != NULL
        && (code = exattn_lesson__string(&lab->title, rc, title,
                                         "lab \"title\"")) != EXATTN_OK)
        return code;
    if ((code = shown(lab, rc, exattn_json__get(node, "show"))) != EXATTN_OK)
        return code;
    if ((code = controls(lab, l, rc, exattn_json__get(node, "controls"),
                         node)) != EXATTN_OK)
        return code;
    return block_choices(lab, l, rc, exattn_json__get(node, "controls"));
}

int
exattn_lesson__read_lab_spec(exattn_lesson *l, const exattn_rctx *rc,
                             const exattn_jnode *node)
{
    int code;

    if (node == NULL)
        return EXATTN_OK;
    l->lab = calloc(1, sizeof *l->lab);
    if (l->lab == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    code = read_lab(l->lab, l, rc, node);
    if (code != EXATTN_OK)
    {
        exattn_lesson__free_lab(l->lab);
        l->lab = NULL;
    }
    return code;
}
