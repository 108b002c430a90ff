/* A query row as a section of the document: its rule and form (compact
 * or full, decided here once), then its scores, scaled scores, weights,
 * contributions and output, each with its status, exact value, forms,
 * decimal and why, and a note for each exact coordinate of named weights.
 * Values that depend only on a key's distinct score (its scaled score,
 * its weight) are built once per distinct score: a head of 4096 keys has
 * a few hundred. */
#include <stdint.h>
#include <stdlib.h>
#include "derive/derive.h"
#include "derive/compact.h"
#include "derive/symbols.h"
#include "row/named.h"

typedef struct
{
    exattn_walk *w;
    const exattn_row *row;
    exattn_decimals *dec;
    int compact;
    int symbolic;               /* LaTeX forms in symbols: a named row of
                                   a sink that asks for them, not compact */
    size_t classes;
    exattn_dval *scaled;        /* per distinct score; NULL slots unbuilt */
    exattn_dval *weight;        /* per distinct score, allowed keys */
    exattn_dval *score;         /* per distinct score: value, decimal */
    unsigned char *built;       /* 3 x classes flags */
    exattn_sbuf scratch[2];     /* a per-key form, reused from key to key:
                                   no allocation per entry */
} row_walk;

static size_t
class_of(const exattn_row *row, size_t j)
{
    return (size_t)(row->coef[j] - row->class_coef[0]);
}

static int
listed(const row_walk *r, size_t j)
{
    return !r->compact || r->row->allowed[j];
}

static int
oom(const row_walk *r)
{
    return exattn_error__set(r->w->err, EXATTN_ENOMEM, r->row->lesson->file,
                             0, 0, "out of memory");
}

/* ---- forms ----------------------------------------------------------- */

/* A compact row's weight as a factor: parenthesised in text. */
static void
compact_weight_factor(exattn_sbuf *b, const exattn_row *row, size_t j,
                      int latex)
{
    exattn_sbuf__puts(b, latex ? "" : "(");
    exattn_compact__weight(b, row, j, latex);
    exattn_sbuf__puts(b, latex ? "" : ")");
}

static void
symbol_form(exattn_sbuf *b, const exattn_row *row, size_t j, int latex)
{
    (void)j;
    exattn_compact__symbol(b, row, "Z", latex);
}

static void
denominator_form(exattn_sbuf *b, const exattn_row *row, size_t j, int latex)
{
    (void)j;
    exattn_compact__denominator(b, row, latex);
}

static void
key_set_form(exattn_sbuf *b, const exattn_row *row, size_t j, int latex)
{
    (void)j;
    exattn_compact__key_set(b, row, latex);
}

/* ---- values ---------------------------------------------------------- */

static int
score_value(row_walk *r, exattn_dval *d, size_t j)
{
    exattn_dval__exact(d, r->row->score[j]);
    d->v.why = EXATTN_WHY_DOT_PRODUCT;
    return exattn_walk__decimal(r->w, d, r->dec, EXATTN_SCORE, j, 0);
}

static int
scaled_value(row_walk *r, exattn_dval *d, size_t j)
{
    const exattn_row *row = r->row;
    int code;
    mpq_t q;

    d->v.why = row->lesson->scale_kind == EXATTN_SCALE_INV_SQRT
               && exattn_row_status(row, EXATTN_SCALED, j, 0) == EXATTN_NAMED
               ? EXATTN_WHY_SCALED_SURD : EXATTN_WHY_SCALED_RATIONAL;
    if (exattn_row_status(row, EXATTN_SCALED, j, 0) == EXATTN_EXACT)
    {
        mpq_init(q);
        code = exattn_row_get_mpq(q, row, EXATTN_SCALED, j, 0);
        exattn_dval__exact(d, q);
        mpq_clear(q);
        if (code != EXATTN_OK)
            return code;
    }
    if ((code = exattn_walk__forms(r->w, d, d->v.form, exattn_named__scaled,
                                   row, j)) != EXATTN_OK)
        return code;
    /* the simplified form, where it is another form: c·√s of a score
     * over √d that is not 0 */
    if (row->lesson->scale_kind == EXATTN_SCALE_INV_SQRT
        && mpq_sgn(row->score[j]) != 0
        && (code = exattn_walk__forms(r->w, d, d->v.simplified,
                                      exattn_named__scaled_simplified, row,
                                      j)) != EXATTN_OK)
        return code;
    return exattn_walk__decimal(r->w, d, r->dec, EXATTN_SCALED, j, 0);
}

static exattn_why_t
weight_why(const exattn_row *row, size_t j)
{
    if (!row->allowed[j])
        return EXATTN_WHY_BLOCKED;
    if (row->allowed_count == 1)
        return EXATTN_WHY_SINGLE_KEY;
    return row->weights_exact ? EXATTN_WHY_EQUAL_SCORES : EXATTN_WHY_SOFTMAX;
}

static int
weight_value(row_walk *r, exattn_dval *d, size_t j)
{
    const exattn_row *row = r->row;
    int named = row->allowed[j] && !row->weights_exact;
    int code;
    mpq_t q;

    d->v.why = weight_why(row, j);
    if (!named)
    {
        mpq_init(q);
        if (row->allowed[j])
            mpq_set(q, row->weight);
        exattn_dval__exact(d, q);
        mpq_clear(q);
    }
    if ((code = exattn_walk__forms2(r->w, d, d->v.form,
                                    named && r->compact
                                        ? exattn_compact__weight
                                        : exattn_named__weight,
                                    named && (r->compact || r->symbolic)
                                        ? exattn_compact__weight
                                        : exattn_named__weight,
                                    row, j)) != EXATTN_OK)
        return code;
    /* as a factor: the same in LaTeX (in symbols: w_{i,j}, per key, set
     * by the contribution entry); in text parenthesised unless it is an
     * integer */
    d->v.factor[EXATTN_FORM_LATEX] = d->v.form[EXATTN_FORM_LATEX];
    d->v.factor[EXATTN_FORM_TEXT] = d->v.form[EXATTN_FORM_TEXT];
    if ((r->w->notations & EXATTN_NOTATION_TEXT)
        && (named || (row->allowed[j]
                      && mpz_cmp_ui(mpq_denref(row->weight), 1) != 0))
        && (code = exattn_walk__forms_text(r->w, d, &d->v.factor[0],
                                           named && r->compact
                                               ? compact_weight_factor
                                               : exattn_named__weight_factor,
                                           row, j)) != EXATTN_OK)
        return code;
    return exattn_walk__decimal(r->w, d, r->dec, EXATTN_WEIGHT, j, 0);
}

/* The kept value of key j in `table` (which 0..2), built on first use;
 * NULL with the error code in *code. */
static const exattn_doc_value *
kept(row_walk *r, int which, size_t j, int *code)
{
    exattn_dval *table[3] = { r->score, r->scaled, r->weight };
    int (*build[3])(row_walk *, exattn_dval *, size_t) = {
        score_value, scaled_value, weight_value };
    size_t k = class_of(r->row, j);
    exattn_dval *d = &table[which][k];

    if (!r->built[which * r->classes + k])
    {
        exattn_dval__init(d);
        r->built[which * r->classes + k] = 1;
        if ((*code = build[which](r, d, j)) != EXATTN_OK)
            return NULL;
        d->v.shared = 1 + (size_t)which * r->classes + k;
    }
    return &d->v;
}

/* Weight j: kept per distinct score for allowed keys, built afresh for a
 * blocked one (its own value, 0).  *tmp holds the latter. */
static const exattn_doc_value *
weight_of(row_walk *r, size_t j, exattn_dval *tmp, int *code)
{
    exattn_dval__init(tmp);
    if (r->row->allowed[j])
        return kept(r, 2, j, code);
    *code = weight_value(r, tmp, j);
    return *code == EXATTN_OK ? &tmp->v : NULL;
}

/* ---- entries --------------------------------------------------------- */

static exattn_doc_entry
entry_for(const row_walk *r, exattn_role_t role, size_t j)
{
    exattn_doc_entry e = { 0 };

    e.role = role;
    e.row = r->row->index;
    e.key = j;
    e.col = SIZE_MAX;
    e.blocked = j != SIZE_MAX && !r->row->allowed[j];
    e.count = 1;
    e.rule = EXATTN_RULE_SOFTMAX;
    return e;
}

/* fn's form of key j in the scratch buffers, into slot[2]. */
static int
scratch_forms(row_walk *r, const char **slot, exattn_form_fn fn, size_t j)
{
    int k;

    for (k = 0; k < 2; k++)
    {
        slot[k] = NULL;
        if (!(r->w->notations & (1u << k)))
            continue;
        r->scratch[k].len = 0;
        exattn_sbuf__putn(&r->scratch[k], "", 0);
        fn(&r->scratch[k], r->row, j, k == EXATTN_FORM_LATEX);
        if (r->scratch[k].oom)
            return oom(r);
        slot[k] = r->scratch[k].s;
    }
    return EXATTN_OK;
}

static int
score_entries(row_walk *r)
{
    const exattn_row *row = r->row;
    const exattn_doc_value *kv;
    exattn_doc_value v;
    exattn_doc_entry e;
    size_t j;
    int code = EXATTN_OK;

    for (j = 0; j < row->lesson->m && code == EXATTN_OK; j++)
    {
        if (!listed(r, j) || (kv = kept(r, 0, j, &code)) == NULL)
            continue;
        /* the value and decimal of the distinct score; the form names the
         * key: "1·1+0·1", or "Q3·K1" when compact */
        v = *kv;
        v.shared = 0;
        code = scratch_forms(r, v.form,
                             r->compact ? exattn_compact__score
                                        : exattn_named__dot_product, j);
        e = entry_for(r, EXATTN_ROLE_SCORE, j);
        e.values = &v;
        if (code == EXATTN_OK)
            code = exattn_walk__entry(r->w, &e);
    }
    return code;
}

static int
key_entries(row_walk *r, exattn_role_t role)
{
    const exattn_doc_value *v;
    exattn_doc_entry e;
    exattn_dval tmp;
    size_t j;
    int code = EXATTN_OK;

    for (j = 0; j < r->row->lesson->m && code == EXATTN_OK; j++)
    {
        if (!listed(r, j))
            continue;
        v = role == EXATTN_ROLE_SCALED ? kept(r, 1, j, &code)
                                       : weight_of(r, j, &tmp, &code);
        e = entry_for(r, role, j);
        e.values = v;
        if (v != NULL)
            code = exattn_walk__entry(r->w, &e);
        if (role == EXATTN_ROLE_WEIGHT)
            exattn_dval__clear(&tmp);
    }
    return code;
}

static exattn_why_t
contribution_why(const exattn_row *row, size_t j, size_t c)
{
    if (!row->allowed[j])
        return EXATTN_WHY_BLOCKED;
    if (row->weights_exact)
        return EXATTN_WHY_EXACT_WEIGHTS;
    return exattn_row_status(row, EXATTN_CONTRIBUTION, j, c) == EXATTN_EXACT
           ? EXATTN_WHY_ZERO_VALUE : EXATTN_WHY_NAMED_PRODUCT;
}

/* Coordinate c of contribution j: its value, its forms, its decimal. */
static int
contribution_value(row_walk *r, exattn_dval *d, size_t j, size_t c)
{
    const exattn_row *row = r->row;
    exattn_sbuf texts[2];
    int k, code;
    mpq_t q;

    d->v.why = contribution_why(row, j, c);
    if (exattn_row_status(row, EXATTN_CONTRIBUTION, j, c) == EXATTN_EXACT)
    {
        mpq_init(q);
        code = exattn_row_get_mpq(q, row, EXATTN_CONTRIBUTION, j, c);
        exattn_dval__exact(d, q);
        mpq_clear(q);
        if (code != EXATTN_OK)
            return code;
    }
    if (!(r->w->forms & EXATTN_SHOW(EXATTN_CONTRIBUTION)))
        return exattn_walk__decimal(r->w, d, r->dec, EXATTN_CONTRIBUTION, j,
                                    c);
    for (k = 0; k < 2; k++)
    {
        exattn_sbuf__init(&texts[k]);
        if (!(r->w->notations & (1u << k)))
            continue;
        if (!r->compact && !(k && r->symbolic))
        {
            exattn_named__contribution(&texts[k], row, j, c, k);
            continue;
        }
        if (k && r->symbolic)
            exattn_symbols__weight(&texts[k], row, j, 1);
        else
            compact_weight_factor(&texts[k], row, j, k);
        exattn_sbuf__puts(&texts[k], k ? "\\cdot " : "·");
        exattn_named__factor(&texts[k], EXATTN_AT(&row->lesson->v, j, c), k);
    }
    if ((code = exattn_walk__take_forms(r->w, d, d->v.form, texts))
        != EXATTN_OK)
        return code;
    return exattn_walk__decimal(r->w, d, r->dec, EXATTN_CONTRIBUTION, j, c);
}

/* d_v values, initialised; cleared by vector_clear. */
static exattn_dval *
vector_new(size_t dv)
{
    exattn_dval *v = malloc((dv ? dv : 1) * sizeof *v);
    size_t c;

    for (c = 0; v != NULL && c < dv; c++)
        exattn_dval__init(&v[c]);
    return v;
}

static void
vector_clear(exattn_dval *v, size_t dv)
{
    size_t c;

    for (c = 0; v != NULL && c < dv; c++)
        exattn_dval__clear(&v[c]);
    free(v);
}

/* The values of a vector entry in one array of exattn_doc_value. */
static exattn_doc_value *
vector_values(const exattn_dval *v, size_t dv)
{
    exattn_doc_value *out = malloc((dv ? dv : 1) * sizeof *out);
    size_t c;

    for (c = 0; out != NULL && c < dv; c++)
        out[c] = v[c].v;
    return out;
}

/* Hand a vector entry e with values v (d_v of them) to the sink. */
static int
vector_entry(row_walk *r, exattn_doc_entry *e, const exattn_dval *v)
{
    exattn_doc_value *vals = vector_values(v, r->row->lesson->dv);
    int code;

    if (vals == NULL)
        return oom(r);
    e->count = r->row->lesson->dv;
    e->values = vals;
    code = exattn_walk__entry(r->w, e);
    free(vals);
    return code;
}

static int
contribution_entries(row_walk *r)
{
    const exattn_row *row = r->row;
    size_t j, c, dv = row->lesson->dv;
    exattn_doc_entry e;
    exattn_doc_value factor;
    exattn_dval tmp, *v;
    int code = EXATTN_OK;

    for (j = 0; j < row->lesson->m && code == EXATTN_OK; j++)
    {
        if (!listed(r, j))
            continue;
        if ((v = vector_new(dv)) == NULL)
            return oom(r);
        e = entry_for(r, EXATTN_ROLE_CONTRIBUTION, j);
        e.factor = weight_of(r, j, &tmp, &code);
        if (e.factor != NULL && r->symbolic && row->allowed[j])
        {
            /* the weight is shared by keys of equal score; its symbol is
             * this key's */
            factor = *e.factor;
            r->scratch[1].len = 0;
            exattn_symbols__weight(&r->scratch[1], row, j, 1);
            if (r->scratch[1].oom)
                code = oom(r);
            factor.factor[EXATTN_FORM_LATEX] = r->scratch[1].s;
            e.factor = &factor;
        }
        for (c = 0; c < dv && code == EXATTN_OK; c++)
            code = contribution_value(r, &v[c], j, c);
        if (code == EXATTN_OK)
            code = vector_entry(r, &e, v);
        exattn_dval__clear(&tmp);
        vector_clear(v, dv);
    }
    return code;
}

static exattn_why_t
output_why(const exattn_row *row, size_t c)
{
    if (row->allowed_count == 1)
        return EXATTN_WHY_SINGLE_KEY;
    if (row->weights_exact)
        return EXATTN_WHY_EXACT_WEIGHTS;
    return row->out_exact[c] ? EXATTN_WHY_GROUP_MEANS : EXATTN_WHY_NAMED_SUM;
}

static int
output_value(row_walk *r, exattn_dval *d, size_t c)
{
    const exattn_row *row = r->row;
    int code;

    d->v.why = output_why(row, c);
    if (row->out_exact[c])
        exattn_dval__exact(d, row->out_value[c]);
    /* a compact row's coordinates' forms are O(1) each: always built,
     * as the text writes them under the whole vector */
    if (((r->w->forms & EXATTN_SHOW(EXATTN_OUTPUT)) || r->compact)
        && (code = exattn_walk__forms2(r->w, d, d->v.form,
                                    r->compact ? exattn_compact__output
                                               : exattn_named__output,
                                    r->compact ? exattn_compact__output
                                    : r->symbolic ? exattn_symbols__output
                                                  : exattn_named__output,
                                    row, c)) != EXATTN_OK)
        return code;
    return exattn_walk__decimal(r->w, d, r->dec, EXATTN_OUTPUT, 0, c);
}

/* The output vector of a compact row as a whole, in text:
 * "(Σ_{k∈A3} e^{s_k}·V_k)/Z3". */
static void
compact_output_sum(exattn_sbuf *b, const exattn_row *row, size_t unused,
                   int latex)
{
    (void)unused;
    if (latex)
        return;
    exattn_sbuf__puts(b, "(");
    exattn_compact__denominator(b, row, 0);
    exattn_sbuf__puts(b, "·V_k)/");
    exattn_compact__symbol(b, row, "Z", 0);
}

/* The output vector of a full named row as a whole, in text:
 * "Σ (w1)·(1,0) + (w2)·(0,2)". */
static void
output_sum(exattn_sbuf *b, const exattn_row *row, size_t unused, int latex)
{
    const exattn_lesson *l = row->lesson;
    size_t j, c;
    int first = 1;

    (void)unused;
    if (latex)
        return;
    exattn_sbuf__puts(b, "Σ ");
    for (j = 0; j < l->m; j++)
        if (row->allowed[j])
        {
            exattn_sbuf__puts(b, first ? "" : " + ");
            exattn_named__weight_factor(b, row, j, 0);
            exattn_sbuf__puts(b, "·(");
            for (c = 0; c < l->dv; c++)
            {
                exattn_sbuf__puts(b, c ? "," : "");
                exattn_sbuf__mpq(b, EXATTN_AT(&l->v, j, c));
            }
            exattn_sbuf__puts(b, ")");
            first = 0;
        }
}

static int
output_entry(row_walk *r)
{
    size_t c, dv = r->row->lesson->dv;
    exattn_doc_entry e = entry_for(r, EXATTN_ROLE_OUTPUT, SIZE_MAX);
    exattn_dval *v = vector_new(dv), whole;
    int code = EXATTN_OK;

    if (v == NULL)
        return oom(r);
    exattn_dval__init(&whole);
    for (c = 0; c < dv && code == EXATTN_OK; c++)
        code = output_value(r, &v[c], c);
    if (code == EXATTN_OK && !r->row->weights_exact)
        code = exattn_walk__forms(r->w, &whole, whole.v.form,
                                  r->compact ? compact_output_sum
                                             : output_sum, r->row, 0);
    e.form[0] = whole.v.form[0];
    if (code == EXATTN_OK)
        code = vector_entry(r, &e, v);
    exattn_dval__clear(&whole);
    vector_clear(v, dv);
    return code;
}

/* ---- notes ----------------------------------------------------------- */

/* The equal-score groups of a full row, with their keys and scaled
 * scores; *keys and *forms hold what the groups point into. */
static int
groups_new(row_walk *r, exattn_doc_group **out, size_t **keys,
           exattn_dval *forms)
{
    const exattn_row *row = r->row;
    size_t g, j, n = 0;
    exattn_doc_group *gr = calloc(row->group_count, sizeof *gr);
    int code = EXATTN_OK;

    *keys = malloc((row->allowed_count ? row->allowed_count : 1)
                   * sizeof **keys);
    *out = gr;
    if (gr == NULL || *keys == NULL)
        return oom(r);
    for (g = 0; g < row->group_count && code == EXATTN_OK; g++)
    {
        gr[g].keys = *keys + n;
        for (j = 0; j < row->lesson->m; j++)
            if (row->allowed[j] && row->group[j] == g)
                (*keys)[n++] = j;
        gr[g].count = (size_t)(*keys + n - gr[g].keys);
        code = exattn_walk__forms(r->w, &forms[g], gr[g].scaled,
                                  exattn_named__scaled_simplified, row,
                                  row->group_key[g]);
    }
    return code;
}

static int
exact_coordinate_notes(row_walk *r)
{
    const exattn_row *row = r->row;
    exattn_doc_note n = { EXATTN_NOTE_EXACT_COORDINATE, 0, 0, NULL, 0,
                          NULL };
    exattn_doc_group *groups = NULL;
    exattn_dval *forms = NULL;
    size_t *keys = NULL, c, g;
    int code = EXATTN_OK;

    if (row->weights_exact)
        return EXATTN_OK;
    n.row = row->index;
    n.group_count = row->group_count;
    for (c = 0; c < row->lesson->dv && code == EXATTN_OK; c++)
    {
        if (!row->out_exact[c])
            continue;
        if (!r->compact && groups == NULL)
        {
            if ((forms = vector_new(row->group_count)) == NULL)
                return oom(r);
            code = groups_new(r, &groups, &keys, forms);
            n.groups = groups;
        }
        n.col = c;
        n.value = row->out_value[c];
        if (code == EXATTN_OK)
            code = exattn_walk__note(r->w, &n);
    }
    for (g = 0; forms != NULL && g < row->group_count; g++)
        exattn_dval__clear(&forms[g]);
    free(forms);
    free(groups);
    free(keys);
    return code;
}

/* ---- the row --------------------------------------------------------- */

static int
row_section(row_walk *r, exattn_doc_section *s, exattn_dval *forms)
{
    const exattn_row *row = r->row;
    size_t c;
    int code = EXATTN_OK;

    exattn_walk__section(r->w, s, EXATTN_SECTION_ROW, row->lesson);
    s->row = row->index;
    s->rule = row->allowed_count == 1 ? EXATTN_RULE_SINGLE_KEY
              : row->weights_exact   ? EXATTN_RULE_EQUAL_SCORES
                                     : EXATTN_RULE_SOFTMAX;
    s->compact = r->compact;
    s->symbolic = r->symbolic;
    s->allowed_count = row->allowed_count;
    s->allowed = row->allowed;
    s->weight = row->weights_exact ? row->weight : NULL;
    for (c = 0; c < row->lesson->dv; c++)
        s->exact_outputs += row->out_exact[c];
    /* a compact row lists its m x d_v contributions only when asked for
     * them by name */
    s->show = r->w->show;
    if (r->compact && !r->w->named_show)
        s->show &= ~EXATTN_SHOW(EXATTN_CONTRIBUTION);
    if ((code = exattn_walk__forms2(r->w, &forms[2], s->key_set,
                                    key_set_form,
                                    r->compact ? key_set_form
                                               : exattn_symbols__key_set,
                                    row, 0)) != EXATTN_OK)
        return code;
    if ((r->compact || r->symbolic)
        && ((code = exattn_walk__forms(r->w, &forms[0], s->symbol,
                                       symbol_form, row, 0)) != EXATTN_OK
            || (code = exattn_walk__forms(r->w, &forms[1], s->denominator,
                                          r->compact
                                              ? denominator_form
                                              : exattn_symbols__denominator,
                                          row, 0))
                   != EXATTN_OK))
        return code;
    return EXATTN_OK;
}

static int
row_body(row_walk *r, const exattn_doc_section *s)
{
    int code = EXATTN_OK;

    if (s->show & EXATTN_SHOW(EXATTN_SCORE))
        code = score_entries(r);
    if (code == EXATTN_OK && (s->show & EXATTN_SHOW(EXATTN_SCALED)))
        code = key_entries(r, EXATTN_ROLE_SCALED);
    if (code == EXATTN_OK && (s->show & EXATTN_SHOW(EXATTN_WEIGHT)))
        code = key_entries(r, EXATTN_ROLE_WEIGHT);
    if (code == EXATTN_OK && (s->show & EXATTN_SHOW(EXATTN_CONTRIBUTION)))
        code = contribution_entries(r);
    if (code == EXATTN_OK && (s->show & EXATTN_SHOW(EXATTN_OUTPUT)))
    {
        code = output_entry(r);
        if (code == EXATTN_OK)
            code = exact_coordinate_notes(r);
    }
    return code;
}

static void
row_walk_clear(row_walk *r)
{
    exattn_dval *table[3] = { r->score, r->scaled, r->weight };
    size_t k;
    int which;

    for (which = 0; which < 3 && r->built != NULL; which++)
        for (k = 0; table[which] != NULL && k < r->classes; k++)
            if (r->built[which * r->classes + k])
                exattn_dval__clear(&table[which][k]);
    free(r->score);
    free(r->scaled);
    free(r->weight);
    free(r->built);
    exattn_sbuf__clear(&r->scratch[0]);
    exattn_sbuf__clear(&r->scratch[1]);
}

int
exattn_derive__row(exattn_walk *w, const exattn_row *row,
                   exattn_decimals *dec)
{
    row_walk r = { w, row, dec, 0, 0, row->class_count, NULL, NULL, NULL,
                   NULL, { { NULL, 0, 0, 0, NULL }, { NULL, 0, 0, 0, NULL } } };
    exattn_doc_section s;
    exattn_dval forms[3];
    int code, k;

    r.compact = exattn_compact__is(row, w->opts->sum_threshold);
    r.symbolic = exattn_walk__in_symbols(w, row);
    r.score = malloc(r.classes * sizeof *r.score);
    r.scaled = malloc(r.classes * sizeof *r.scaled);
    r.weight = malloc(r.classes * sizeof *r.weight);
    r.built = calloc(3 * r.classes, 1);
    for (k = 0; k < 3; k++)
        exattn_dval__init(&forms[k]);
    if (r.score == NULL || r.scaled == NULL || r.weight == NULL
        || r.built == NULL)
        code = oom(&r);
    else if ((code = row_section(&r, &s, forms)) == EXATTN_OK
             && (code = exattn_walk__begin(w, &s)) == EXATTN_OK
             && (code = row_body(&r, &s)) == EXATTN_OK)
        code = exattn_walk__end(w, &s);
    for (k = 0; k < 3; k++)
        exattn_dval__clear(&forms[k]);
    row_walk_clear(&r);
    return code;
}
