/* The derivation document (include/exattn/doc.h) and its three writers:
 * the walk's order and its errors, a contrast's direction proved in every
 * format at every precision, and every shipped example's JSON entries
 * found in its text and LaTeX. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "internal.h"

/* ---- a sink that records what it is handed --------------------------- */

typedef struct
{
    char trace[4096];
    size_t entries, notes, latex_forms, text_forms;
    int stop_at;            /* return an error at this callback, 0: never */
    int calls;
} recorder;

static int
record(recorder *r, const char *what)
{
    size_t n = strlen(r->trace);

    snprintf(r->trace + n, sizeof r->trace - n, "%s%s", n ? " " : "", what);
    return ++r->calls == r->stop_at ? EXATTN_EIO : EXATTN_OK;
}

static int
rec_begin(void *ctx, const exattn_doc_section *s)
{
    static const char *const names[] = { "lesson", "row", "blend",
                                         "contrast", "contrast-row",
                                         "variant" };
    char what[64];

    snprintf(what, sizeof what, "<%s", names[s->kind]);
    return record(ctx, what);
}

static int
rec_end(void *ctx, const exattn_doc_section *s)
{
    (void)s;
    return record(ctx, ">");
}

static int
rec_entry(void *ctx, const exattn_doc_entry *e)
{
    recorder *r = ctx;
    size_t c;

    r->entries++;
    for (c = 0; c < e->count; c++)
    {
        r->text_forms += e->values[c].form[EXATTN_FORM_TEXT] != NULL;
        r->latex_forms += e->values[c].form[EXATTN_FORM_LATEX] != NULL;
    }
    return record(ctx, e->role == EXATTN_ROLE_OUTPUT ? "o"
                       : e->role == EXATTN_ROLE_WEIGHT ? "w" : ".");
}

static int
rec_note(void *ctx, const exattn_doc_note *n)
{
    recorder *r = ctx;

    (void)n;
    r->notes++;
    return record(ctx, "n");
}

static exattn_doc_sink
recorder_sink(unsigned notations)
{
    exattn_doc_sink s = EXATTN_DOC_SINK_INIT;

    s.notations = notations;
    s.begin = rec_begin;
    s.end = rec_end;
    s.entry = rec_entry;
    s.note = rec_note;
    return s;
}

/* Two keys of scores 0 and 1, a variant that lowers V_2 and one that
 * raises it: the change of the output is -+1/10 * e/(1+e) ~ -+0.073,
 * which rounds to 0 at 0 digits. */
static const char *const sign_lesson =
    "{\"Q\": [[1]], \"K\": [[0],[1]], \"V\": [[0],[0]], \"scale\": \"none\","
    " \"variants\": [{\"name\": \"smaller\", \"V\": [[0],[\"-1/10\"]]},"
    "              {\"name\": \"larger\", \"V\": [[0],[\"1/10\"]]}]}";

Test(doc, sections_come_in_the_documented_order)
{
    exattn_lesson *l = th_lesson(sign_lesson);
    exattn_doc_sink sink = recorder_sink(0);
    recorder r = { "", 0, 0, 0, 0, 0, 0 };
    exattn_error_t err;

    sink.entry = NULL;          /* a NULL callback is skipped */
    cr_assert_eq(exattn_derive(&sink, &r, l, NULL, &err), EXATTN_OK, "%s",
                 err.message);
    /* the base (one row; its note: V is 0 everywhere, so the output is
     * exactly 0 although the weights are named), then each variant: its
     * contrast with one row, its own lesson */
    cr_assert_str_eq(r.trace,
                     "<lesson <row n > > "
                     "<variant <contrast <contrast-row > > <lesson <row > > > "
                     "<variant <contrast <contrast-row > > <lesson <row > > >");
    exattn_lesson_free(l);
}

Test(doc, only_the_notations_asked_for_are_built)
{
    exattn_lesson *l = th_lesson(sign_lesson);
    exattn_doc_sink text = recorder_sink(EXATTN_NOTATION_TEXT);
    exattn_doc_sink latex = recorder_sink(EXATTN_NOTATION_LATEX);
    recorder a = { "", 0, 0, 0, 0, 0, 0 }, b = a;
    exattn_error_t err;

    cr_assert_eq(exattn_derive(&text, &a, l, NULL, &err), EXATTN_OK);
    cr_assert_eq(exattn_derive(&latex, &b, l, NULL, &err), EXATTN_OK);
    cr_assert_gt(a.text_forms, 0);
    cr_assert_eq(a.latex_forms, 0);
    cr_assert_eq(b.text_forms, 0);
    cr_assert_gt(b.latex_forms, 0);
    cr_assert_eq(a.entries, b.entries);
    exattn_lesson_free(l);
}

Test(doc, a_callback_error_ends_the_walk_with_its_code)
{
    exattn_lesson *l = th_lesson(sign_lesson);
    exattn_doc_sink sink = recorder_sink(0);
    recorder r = { "", 0, 0, 0, 0, 3, 0 };
    exattn_error_t err;

    cr_assert_eq(exattn_derive(&sink, &r, l, NULL, &err), EXATTN_EIO);
    cr_assert_eq(r.calls, 3, "the walk went on after the error");
    exattn_lesson_free(l);
}

Test(doc, bad_arguments_are_refused)
{
    exattn_lesson *l = th_lesson(sign_lesson);
    exattn_doc_sink sink = recorder_sink(0);
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    recorder r = { "", 0, 0, 0, 0, 0, 0 };
    exattn_error_t err;

    cr_assert_eq(exattn_derive(NULL, &r, l, NULL, &err), EXATTN_EINVAL);
    cr_assert_eq(exattn_derive(&sink, &r, NULL, NULL, &err), EXATTN_EINVAL);
    sink.version = EXATTN_DOC_SINK_VERSION + 1;
    cr_assert_eq(exattn_derive(&sink, &r, l, NULL, &err), EXATTN_EINVAL);
    sink.version = EXATTN_DOC_SINK_VERSION;
    o.version = 0;
    cr_assert_eq(exattn_derive(&sink, &r, l, &o, &err), EXATTN_EINVAL);
    cr_assert_not_null(strstr(err.message, "version"), "%s", err.message);
    cr_assert_str_eq(r.trace, "", "a refused walk called the sink");
    exattn_lesson_free(l);
}

/* ---- a block, stage by stage -------------------------------------------- */

typedef struct
{
    exattn_block *block;        /* built by the API, to compare with */
    const exattn_doc_section *stage;
    size_t stages, heads, entries, rules, signs, compared, titles;
    int in_block;
} stage_check;

static int
stage_begin(void *ctx, const exattn_doc_section *s)
{
    stage_check *c = ctx;

    c->in_block |= s->kind == EXATTN_SECTION_BLOCK;
    c->heads += s->kind == EXATTN_SECTION_HEAD;
    /* a part's title comes with the formula that defines it */
    c->titles += s->kind != EXATTN_SECTION_BLOCK && s->title != NULL;
    if (s->kind != EXATTN_SECTION_BLOCK && s->title != NULL)
        cr_assert_not_null(s->heading[EXATTN_FORM_LATEX], "%s", s->title);
    if (s->kind == EXATTN_SECTION_STAGE)
    {
        cr_assert(c->in_block);
        cr_assert_not_null(s->path);
        cr_assert_gt(s->rows, 0);
        /* columns labelled by keys exactly where they are keys */
        cr_assert_eq(s->column_labels != NULL,
                     strcmp(s->stage, "scores") == 0
                     || strcmp(s->stage, "weights") == 0, "%s", s->stage);
        c->stage = s;
        c->stages++;
    }
    return EXATTN_OK;
}

/* Every value of the row is the API's quantity at the stage's path, with
 * the same status and exact value. */
static int
stage_entry(void *ctx, const exattn_doc_entry *e)
{
    stage_check *c = ctx;
    exattn_expr *q;
    exattn_error_t err;
    size_t j;
    mpq_t v;

    cr_assert_eq(e->role, EXATTN_ROLE_STAGE_ROW);
    cr_assert_eq(e->count, c->stage->cols);
    c->entries++;
    c->rules += strcmp(c->stage->stage, "weights") == 0
                && e->rule != EXATTN_RULE_SOFTMAX;
    c->signs += e->signs != NULL;
    cr_assert_eq(e->signs != NULL,
                 strcmp(c->stage->stage, "ffn_hidden") == 0);
    mpq_init(v);
    for (j = 0; j < e->count; j++)
    {
        cr_assert_eq(exattn_block_quantity(&q, c->block, c->stage->path,
                                           e->row, j, &err), EXATTN_OK,
                     "%s[%zu][%zu]: %s", c->stage->path, e->row, j,
                     err.message);
        cr_assert_eq(exattn_expr_status(q), e->values[j].status, "%s",
                     c->stage->path);
        if (e->values[j].status == EXATTN_EXACT)
        {
            cr_assert_eq(exattn_expr_get_mpq(v, q), EXATTN_OK);
            cr_assert(mpq_equal(v, e->values[j].exact), "%s[%zu][%zu]",
                      c->stage->path, e->row, j);
        }
        else
            cr_assert_not_null(e->values[j].form[EXATTN_FORM_TEXT]);
        exattn_expr_free(q);
        c->compared++;
    }
    mpq_clear(v);
    return EXATTN_OK;
}

Test(doc, a_block_is_walked_stage_by_stage)
{
    char *path = th_srcpath("docs/examples/002-encoder-block.json");
    exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
    stage_check c = { NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0 };
    exattn_lesson *l = NULL;
    exattn_error_t err;

    cr_assert_eq(exattn_lesson_read_file(&l, path, NULL, &err), EXATTN_OK,
                 "%s", err.message);
    cr_assert_eq(exattn_block_new(&c.block, l, 0, &err), EXATTN_OK);
    sink.notations = EXATTN_NOTATION_TEXT;
    sink.begin = stage_begin;
    sink.entry = stage_entry;
    cr_assert_eq(exattn_derive(&sink, &c, l, NULL, &err), EXATTN_OK, "%s",
                 err.message);
    /* the encoder block of seed 002: one head, a first layer norm and the
     * feed-forward sublayer, no positions: input, 6 per head, attention,
     * residual, 3 for the norm, 4 for the sublayer and its residual, 3
     * for the second norm */
    cr_assert_eq(c.heads, 1);
    cr_assert_eq(c.stages, 1 + 6 + 2 + 3 + 4 + 3);
    /* input, head 1, A = H1, the two residuals, the two norms, the
     * feed-forward sublayer */
    cr_assert_eq(c.titles, 8);
    cr_assert_eq(c.signs, exattn_lesson_queries(l));
    cr_assert_gt(c.rules, 0, "no row of weights said how it was decided");
    cr_assert_gt(c.compared, 100);
    exattn_block_free(c.block);
    exattn_lesson_free(l);
    free(path);
}

/* ---- shared values ------------------------------------------------------ */

typedef struct
{
    const exattn_doc_value *seen[64];
    size_t shared[64], count, mismatches;
} sharing;

static int
share_entry(void *ctx, const exattn_doc_entry *e)
{
    sharing *s = ctx;
    size_t k;

    if (e->role != EXATTN_ROLE_WEIGHT || e->values->shared == 0)
        return EXATTN_OK;
    for (k = 0; k < s->count; k++)
        if (s->shared[k] == e->values->shared)
        {
            /* the same number: the same value, the same strings */
            s->mismatches += strcmp(s->seen[k]->form[0], e->values->form[0])
                             != 0
                             || strcmp(s->seen[k]->decimal,
                                       e->values->decimal) != 0;
            return EXATTN_OK;
        }
    if (s->count < 64)
    {
        s->seen[s->count] = e->values;
        s->shared[s->count++] = e->values->shared;
    }
    return EXATTN_OK;
}

Test(doc, weights_of_equal_scores_are_one_shared_value)
{
    /* scores 0, 1, 0, 1, 0: two distinct weights among five keys */
    exattn_lesson *l = th_lesson(
        "{\"Q\": [[1]], \"K\": [[0],[1],[0],[1],[0]],"
        " \"V\": [[1],[2],[3],[4],[5]], \"scale\": \"none\"}");
    exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    sharing s = { { NULL }, { 0 }, 0, 0 };
    exattn_error_t err;

    o.digits = 5;
    sink.entry = share_entry;
    cr_assert_eq(exattn_derive(&sink, &s, l, &o, &err), EXATTN_OK);
    cr_assert_eq(s.count, 2);
    cr_assert_eq(s.mismatches, 0);
    exattn_lesson_free(l);
}

/* ---- the direction of a change, in every format ------------------------- */

static size_t
count(const char *hay, const char *needle)
{
    size_t n = 0;

    for (; (hay = strstr(hay, needle)) != NULL; hay += strlen(needle))
        n++;
    return n;
}

/* The relation of the only change of variant v in the JSON document. */
static const char *
json_relation(const exattn_jnode *doc, size_t v)
{
    const exattn_jnode *variant = exattn_json__get(doc, "variants")->items[v];
    const exattn_jnode *rows = exattn_json__get(
        exattn_json__get(variant, "contrast"), "rows");
    const exattn_jnode *changes = exattn_json__get(rows->items[0],
                                                   "changes");

    cr_assert_eq(changes->count, 1);
    return exattn_json__get(changes->items[0], "relation")->text;
}

Test(doc, a_change_is_a_decrease_or_an_increase_at_any_precision)
{
    static const unsigned long digits[] = { EXATTN_DIGITS_NONE, 0, 3 };
    exattn_lesson *l = th_lesson(sign_lesson);
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    exattn_jnode *doc;
    exattn_error_t err;
    char *text, *json, *latex;
    size_t i;

    for (i = 0; i < sizeof digits / sizeof *digits; i++)
    {
        o.digits = digits[i];
        text = th_unwrap(th_write(l, EXATTN_FORMAT_TEXT, &o));
        json = th_write(l, EXATTN_FORMAT_JSON, &o);
        latex = th_write(l, EXATTN_FORMAT_LATEX, &o);
        /* text: the smaller variant decreases, the larger increases */
        cr_assert_eq(count(text, "decreases by 1/10·"), 1, "%s", text);
        cr_assert_eq(count(text, "increases by 1/10·"), 1, "%s", text);
        cr_assert_lt(strstr(text, "decreases by"), strstr(text, "increases by"));
        cr_assert_null(strstr(text, "by -"), "%s", text);
        /* JSON */
        cr_assert_eq(exattn_json__parse(&doc, json, strlen(json), "json", 64,
                                        &err), EXATTN_OK, "%s", err.message);
        cr_assert_str_eq(json_relation(doc, 0), "decreases");
        cr_assert_str_eq(json_relation(doc, 1), "increases");
        exattn_json__free(doc);
        /* LaTeX */
        cr_assert_eq(count(latex, "\\text{decreases by } \\frac{1}{10}"), 1,
                     "%s", latex);
        cr_assert_eq(count(latex, "\\text{increases by } \\frac{1}{10}"), 1,
                     "%s", latex);
        cr_assert_lt(strstr(latex, "decreases by"),
                     strstr(latex, "increases by"));
        /* -0.073 and 0.073 round to 0: the direction is not read off the
         * decimal */
        if (digits[i] == 0)
            cr_assert_eq(count(text, "creases by 1/10·(e^1/(e^0+e^1)) ≈ 0 "
                                     "(NAMED)"), 2, "%s", text);
        if (digits[i] == 3)
            cr_assert_eq(count(latex, "\\approx 0.073\\quad(\\text{proved})"),
                         2, "%s", latex);
        free(text);
        free(json);
        free(latex);
    }
    exattn_lesson_free(l);
}

/* ---- every shipped example: the same entries in the three formats ------ */

/* The start of `s` up to `stop` (all of it when there is none). */
static char *
head(const char *s, const char *stop)
{
    const char *to = strstr(s, stop);
    size_t n = to ? (size_t)(to - s) : strlen(s);
    char *out = malloc(n + 1);

    memcpy(out, s, n);
    out[n] = '\0';
    return out;
}

/* The part of `s` from the n-th (0-based) occurrence of `mark` to the next
 * occurrence of `mark` or of `stop` (NULL: none), as a fresh string. */
static char *
part(const char *s, const char *mark, size_t n, const char *stop)
{
    const char *from = s, *to, *other;
    size_t k;
    char *out;

    for (k = 0; k <= n; k++)
    {
        from = strstr(k ? from + 1 : from, mark);
        cr_assert_not_null(from, "no %zu-th %s", n, mark);
    }
    to = strstr(from + 1, mark);
    other = stop ? strstr(from + 1, stop) : NULL;
    if (to == NULL || (other != NULL && other < to))
        to = other;
    if (to == NULL)
        to = from + strlen(from);
    out = malloc((size_t)(to - from) + 1);
    memcpy(out, from, (size_t)(to - from));
    out[to - from] = '\0';
    return out;
}

/* "p/q" as LaTeX writes it, "\tfrac{p}{q}" or "\frac{p}{q}" (either is
 * accepted), "-\tfrac{p}{q}"; an integer as itself. */
static int
latex_has_value(const char *latex, const char *value)
{
    const char *slash = strchr(value, '/');
    char want[256];
    int neg = value[0] == '-';

    if (slash == NULL)
        return strstr(latex, value) != NULL;
    snprintf(want, sizeof want, "%sfrac{%.*s}{%s}", neg ? "-\\t" : "\\t",
             (int)(slash - value - neg), value + neg, slash + 1);
    if (strstr(latex, want))
        return 1;
    snprintf(want, sizeof want, "%sfrac{%.*s}{%s}", neg ? "-\\" : "\\",
             (int)(slash - value - neg), value + neg, slash + 1);
    return strstr(latex, want) != NULL;
}

/* Every quantity of a row: its decimal in both row blocks, its exact
 * value (for weights and outputs) in both. */
static void
row_entries_found(const exattn_jnode *row, const char *text,
                  const char *latex, const char *where)
{
    static const char *const arrays[] = { "scaled", "weights", "output" };
    const exattn_jnode *a, *q, *dec, *st, *val;
    size_t k, i;

    for (k = 0; k < sizeof arrays / sizeof *arrays; k++)
    {
        if ((a = exattn_json__get(row, arrays[k])) == NULL)
            continue;
        for (i = 0; i < a->count; i++)
        {
            q = a->items[i];
            st = exattn_json__get(q, "status");
            dec = exattn_json__get(q, "decimal");
            val = exattn_json__get(q, "value");
            if (strcmp(st->text, "named") == 0 && dec && dec->text)
            {
                cr_assert_not_null(strstr(text, dec->text),
                                   "%s: %s %zu: decimal %s not in the text",
                                   where, arrays[k], i, dec->text);
                cr_assert_not_null(strstr(latex, dec->text),
                                   "%s: %s %zu: decimal %s not in LaTeX",
                                   where, arrays[k], i, dec->text);
            }
            if (val && k > 0)
            {
                cr_assert_not_null(strstr(text, val->text),
                                   "%s: %s %zu: value %s not in the text",
                                   where, arrays[k], i, val->text);
                cr_assert(latex_has_value(latex, val->text),
                          "%s: %s %zu: value %s not in LaTeX", where,
                          arrays[k], i, val->text);
            }
        }
    }
}

static void
notes_found(const exattn_jnode *row, const char *text, const char *latex,
            const char *where)
{
    const exattn_jnode *notes = exattn_json__get(row, "notes");
    size_t i;

    cr_assert_eq(count(text, "note: "), notes->count, "%s: notes", where);
    cr_assert_eq(count(latex, "% note: "), notes->count, "%s: notes", where);
    for (i = 0; i < notes->count; i++)
        cr_assert(latex_has_value(latex, exattn_json__get(notes->items[i],
                                                          "value")->text));
}

/* How many relations of `kind` a contrast's JSON has. */
static size_t
relations(const exattn_jnode *rows, const char *kind)
{
    const exattn_jnode *ch;
    size_t r, c, n = 0;

    for (r = 0; r < rows->count; r++)
    {
        ch = exattn_json__get(rows->items[r], "changes");
        for (c = 0; c < ch->count; c++)
            n += strcmp(exattn_json__get(ch->items[c], "relation")->text,
                        kind) == 0;
    }
    return n;
}

/* The relations of a contrast: as many in each format.  An increase is
 * "increases by" (an output of unchanged weights) or "A → B (increases
 * ...)" (with the weights); a difference without a direction "was A, is
 * B" (a token that did not move with its output). */
static void
contrast_found(const exattn_jnode *contrast, const char *text,
               const char *latex, const char *where)
{
    const exattn_jnode *rows = exattn_json__get(contrast, "rows");
    size_t up = relations(rows, "increases"),
           down = relations(rows, "decreases"),
           other = relations(rows, "different");
    /* every proved change the text writes with both values */
    size_t both = count(text, " → ") + count(text, "changes from ")
                  + count(text, " was ") - count(text, "(not proved) was ")
                  - count(text, "→ (not proved")
                  - count(text, "is not proved equal: from ");

    /* " (increases by ≈ 0.049)": one increase */
    cr_assert_eq(count(text, "increases by ") + count(text, " (increases")
                     - count(text, " (increases by "),
                 up, "%s: increases in the text", where);
    cr_assert_eq(count(text, "decreases by ") + count(text, " (decreases")
                     - count(text, " (decreases by "),
                 down, "%s: decreases in the text", where);
    cr_assert_eq(both - count(text, " (increases")
                     - count(text, " (decreases"),
                 other, "%s: differences in the text", where);
    cr_assert_eq(count(latex, "\\text{increases by }")
                     + count(latex, "\\text{(increases"),
                 up, "%s: increases in LaTeX", where);
    cr_assert_eq(count(latex, "\\text{decreases by }")
                     + count(latex, "\\text{(decreases"),
                 down, "%s: decreases in LaTeX", where);
    cr_assert_eq(count(latex, "\\quad(\\text{proved different})"), other,
                 "%s: differences in LaTeX", where);
}

/* Lesson part k (0: the base, else variant k) of the text and LaTeX. */
static void
lesson_found(const exattn_jnode *lesson, const char *text,
             const char *latex, const char *where)
{
    const exattn_jnode *rows = exattn_json__get(lesson, "rows");
    char *t, *x, at[256];
    size_t i;

    for (i = 0; i < rows->count; i++)
    {
        snprintf(at, sizeof at, "%s row %zu", where, i + 1);
        t = part(text, "\nquery ", i, "\nblend ");
        x = part(latex, "% query row ", i, "% assigned exact weights");
        if (exattn_json__get(rows->items[i], "unchanged") != NULL)
        {
            /* a variant's row its contrast proved unchanged: said so,
             * nothing derived */
            cr_assert_not_null(strstr(t, "(proved unchanged)\n"), "%s", at);
            cr_assert_null(strstr(t, "scores:"), "%s", at);
            cr_assert_not_null(strstr(x, ": proved unchanged\n"), "%s", at);
            free(t);
            free(x);
            continue;
        }
        row_entries_found(rows->items[i], t, x, at);
        notes_found(rows->items[i], t, x, at);
        free(t);
        free(x);
    }
}

/* Every named entry's decimal of a block's JSON, in its text and LaTeX. */
static void
named_decimals_found(const exattn_jnode *n, const char *text,
                     const char *latex, const char *where, size_t *found)
{
    const exattn_jnode *st, *dec;
    size_t i;

    if (n->kind == EXATTN_J_ARRAY)
        for (i = 0; i < n->count; i++)
            named_decimals_found(n->items[i], text, latex, where, found);
    if (n->kind != EXATTN_J_OBJECT)
        return;
    st = exattn_json__get(n, "status");
    dec = exattn_json__get(n, "decimal");
    if (st && dec && dec->text && strcmp(st->text, "named") == 0)
    {
        cr_assert_not_null(strstr(text, dec->text), "%s: %s not in the text",
                           where, dec->text);
        cr_assert_not_null(strstr(latex, dec->text), "%s: %s not in LaTeX",
                           where, dec->text);
        ++*found;
        return;
    }
    for (i = 0; i < n->count; i++)
        named_decimals_found(n->items[i], text, latex, where, found);
}

static void
block_found(const exattn_lesson *l, const exattn_write_opts *o,
            const char *path)
{
    char *text = th_unwrap(th_write(l, EXATTN_FORMAT_TEXT, o));
    char *json = th_write(l, EXATTN_FORMAT_JSON, o);
    char *latex = th_write(l, EXATTN_FORMAT_LATEX, o);
    exattn_jnode *doc;
    exattn_error_t err;
    size_t found = 0;

    cr_assert_eq(exattn_json__parse(&doc, json, strlen(json), path, 64,
                                    &err), EXATTN_OK, "%s", err.message);
    named_decimals_found(exattn_json__get(doc, "block"), text, latex, path,
                         &found);
    cr_assert_gt(found, 0, "%s: no named entry", path);
    exattn_json__free(doc);
    free(text);
    free(json);
    free(latex);
}

static void
example_found(const char *path)
{
    exattn_lesson *l = NULL;
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    exattn_jnode *doc;
    exattn_error_t err;
    const exattn_jnode *variants, *contrast;
    char *text, *json, *latex, *t, *x, where[512];
    size_t v;

    cr_assert_eq(exattn_lesson_read_file(&l, path, NULL, &err), EXATTN_OK,
                 "%s", err.message);
    o.digits = 3;
    if (exattn_lesson_has_block(l))
    {
        block_found(l, &o, path);
        exattn_lesson_free(l);
        return;
    }
    text = th_unwrap(th_write(l, EXATTN_FORMAT_TEXT, &o));
    json = th_write(l, EXATTN_FORMAT_JSON, &o);
    latex = th_write(l, EXATTN_FORMAT_LATEX, &o);
    cr_assert_eq(exattn_json__parse(&doc, json, strlen(json), path, 64,
                                    &err), EXATTN_OK, "%s", err.message);
    variants = exattn_json__get(doc, "variants");
    t = head(text, "\n== variant ");
    x = head(latex, "% variant: ");
    lesson_found(doc, t, x, path);
    free(t);
    free(x);
    for (v = 0; v < variants->count; v++)
    {
        snprintf(where, sizeof where, "%s variant %zu", path, v + 1);
        t = part(text, "\n== variant ", v, NULL);
        x = part(latex, "% variant: ", v, NULL);
        contrast = exattn_json__get(variants->items[v], "contrast");
        if (exattn_json__get(variants->items[v], "block") != NULL)
        {
            /* a block variant: its stages, written under its heading */
            size_t found = 0;

            named_decimals_found(exattn_json__get(variants->items[v],
                                                  "block"), t, x, where,
                                 &found);
            cr_assert_gt(found, 0, "%s: no named entry", where);
            free(t);
            free(x);
            continue;
        }
        if (contrast != NULL)
        {
            char *tc = part(t, "contrast with ", 0, "\nshape: ");
            char *xc = part(x, "contrast with ", 0, "% shapes: ");

            contrast_found(contrast, tc, xc, where);
            free(tc);
            free(xc);
        }
        lesson_found(variants->items[v], t, x, where);
        free(t);
        free(x);
    }
    exattn_json__free(doc);
    free(text);
    free(json);
    free(latex);
    exattn_lesson_free(l);
}

static void
example_entry(const char *path, const char *name, void *unused)
{
    (void)name;
    (void)unused;
    example_found(path);
}

Test(doc, every_example_has_the_same_entries_in_every_format)
{
    size_t n = th_each_example(example_entry, NULL);

    cr_assert_geq(n, 10, "only %zu examples found", n);
}

Test(doc, an_unknown_output_format_is_refused)
{
    exattn_lesson *l = th_lesson(sign_lesson);
    exattn_error_t err;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    cr_assert_eq(exattn_write(f, l, (exattn_format_t)7, NULL, &err),
                 EXATTN_EINVAL);
    cr_assert_not_null(strstr(err.message, "format 7"), "%s", err.message);
    fclose(f);
    cr_assert_eq(len, 0, "something was written");
    free(buf);
    exattn_lesson_free(l);
}

/* A change whose sign is not decided within the precision cap is an
 * unproved relation, not a failed derivation; with the default cap the
 * same change is proved a decrease. */
Test(doc, an_undecided_change_is_unproved_not_an_error)
{
    exattn_lesson *l = th_lesson(
        "{\"Q\": [[1]], \"K\": [[0],[\"1e-400\"]], \"V\": [[0],[0]],"
        " \"scale\": \"none\","
        " \"variants\": [{\"name\": \"tilted\", \"V\": [[1],[-1]]}]}");
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    exattn_jnode *doc;
    exattn_error_t err;
    char *json, *text;

    o.max_prec = 64;
    json = th_write(l, EXATTN_FORMAT_JSON, &o);
    text = th_unwrap(th_write(l, EXATTN_FORMAT_TEXT, &o));
    cr_assert_eq(exattn_json__parse(&doc, json, strlen(json), "json", 64,
                                    &err), EXATTN_OK, "%s", err.message);
    cr_assert_str_eq(json_relation(doc, 0), "unproved");
    exattn_json__free(doc);
    cr_assert_not_null(strstr(text, "output coordinate 1 is not proved "
                                    "equal: from 0 to "), "%s", text);
    free(json);
    free(text);
    o.max_prec = 0;
    json = th_write(l, EXATTN_FORMAT_JSON, &o);
    cr_assert_eq(exattn_json__parse(&doc, json, strlen(json), "json", 64,
                                    &err), EXATTN_OK, "%s", err.message);
    cr_assert_str_eq(json_relation(doc, 0), "decreases");
    exattn_json__free(doc);
    free(json);
    exattn_lesson_free(l);
}

/* Digits beyond EXATTN_MAX_DIGITS are refused before anything is derived
 * (a blend's exact decimals included: they are not rows). */
Test(doc, too_many_digits_are_refused_up_front)
{
    exattn_lesson *l = th_lesson(
        "{\"Q\": [[1]], \"K\": [[0],[1]], \"V\": [[1],[2]],"
        " \"blends\": [{\"name\": \"half\", \"weights\": [\"1/2\", \"1/2\"]}]}");
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    exattn_doc_sink sink = recorder_sink(0);
    recorder r = { "", 0, 0, 0, 0, 0, 0 };
    exattn_error_t err;

    o.digits = EXATTN_MAX_DIGITS + 1;
    o.quantities = EXATTN_SHOW(EXATTN_SCORE);
    cr_assert_eq(exattn_derive(&sink, &r, l, &o, &err), EXATTN_ELIMIT);
    cr_assert_not_null(strstr(err.message, "more than the limit"), "%s",
                       err.message);
    cr_assert_str_eq(r.trace, "");
    exattn_lesson_free(l);
}

/* A compact row whose weights are not shown still defines Z_i before its
 * output uses it. */
Test(doc, a_compact_row_defines_its_denominator_whatever_is_shown)
{
    char *path = th_srcpath("docs/examples/010-generated-head.json");
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    exattn_lesson *l = NULL;
    exattn_error_t err;
    char *latex;
    const char *def, *use;

    cr_assert_eq(exattn_lesson_read_file(&l, path, NULL, &err), EXATTN_OK);
    o.quantities = EXATTN_SHOW(EXATTN_OUTPUT);
    latex = th_write(l, EXATTN_FORMAT_LATEX, &o);
    def = strstr(latex, "Z_{9} &= \\sum_{k \\in A_{9}}");
    use = strstr(latex, "\\frac{1}{Z_{9}}");
    cr_assert_not_null(def, "%s", latex);
    cr_assert_not_null(use);
    cr_assert_lt(def, use);
    free(latex);
    exattn_lesson_free(l);
    free(path);
}
