/* A blend as a section of the document: assigned exact weights (not a
 * softmax), their sum (exactly 1, checked when the lesson was read), each
 * weight times its value, and the output, all exact. */
#include <stdint.h>
#include <stdlib.h>
#include "derive/derive.h"
#include "row/named.h"

typedef struct
{
    exattn_walk *w;
    const exattn_lesson *l;
    size_t k;
} blend_walk;

static int
oom(const blend_walk *b)
{
    return exattn_error__set(b->w->err, EXATTN_ENOMEM, b->l->file, 0, 0,
                             "out of memory");
}

static exattn_doc_entry
entry_for(exattn_role_t role, size_t key)
{
    exattn_doc_entry e = { 0 };

    e.role = role;
    e.row = SIZE_MAX;
    e.key = key;
    e.col = SIZE_MAX;
    e.count = 1;
    e.rule = EXATTN_RULE_SOFTMAX;
    return e;
}

static int
weight_value(blend_walk *b, exattn_dval *d, size_t j)
{
    exattn_dval__exact(d, b->l->blends[b->k].w[j]);
    d->v.why = EXATTN_WHY_ASSIGNED;
    return exattn_walk__decimal_q(b->w, d, d->v.exact);
}

/* "1/4 + 1/4 + 1/2" (LaTeX "\frac{1}{4} + ..."): the weights' sum. */
static int
sum_entry(blend_walk *b)
{
    exattn_doc_entry e = entry_for(EXATTN_ROLE_BLEND_SUM, SIZE_MAX);
    exattn_sbuf texts[2];
    exattn_dval d;
    mpq_t one;
    size_t j;
    int k, code;

    exattn_dval__init(&d);
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    exattn_dval__exact(&d, one);
    mpq_clear(one);
    d.v.why = EXATTN_WHY_ASSIGNED;
    for (k = 0; k < 2; k++)
    {
        exattn_sbuf__init(&texts[k]);
        for (j = 0; j < b->l->m && (b->w->notations & (1u << k)); j++)
        {
            exattn_sbuf__puts(&texts[k], j ? " + " : "");
            if (k)
                exattn_sbuf__mpq_latex(&texts[k], b->l->blends[b->k].w[j]);
            else
                exattn_sbuf__mpq(&texts[k], b->l->blends[b->k].w[j]);
        }
    }
    code = exattn_walk__take_forms(b->w, &d, d.v.form, texts);
    e.values = &d.v;
    if (code == EXATTN_OK)
        code = exattn_walk__entry(b->w, &e);
    exattn_dval__clear(&d);
    return code;
}

static int
vector_entry(blend_walk *b, exattn_doc_entry *e, exattn_dval *v)
{
    exattn_doc_value *vals = malloc((b->l->dv ? b->l->dv : 1) * sizeof *vals);
    size_t c;
    int code;

    if (vals == NULL)
        return oom(b);
    for (c = 0; c < b->l->dv; c++)
        vals[c] = v[c].v;
    e->count = b->l->dv;
    e->values = vals;
    code = exattn_walk__entry(b->w, e);
    free(vals);
    return code;
}

/* w_j · V_j, coordinate by coordinate. */
static int
contribution_entry(blend_walk *b, size_t j, exattn_dval *v)
{
    exattn_doc_entry e = entry_for(EXATTN_ROLE_BLEND_CONTRIBUTION, j);
    exattn_dval w;
    size_t c;
    mpq_t t;
    int code;

    exattn_dval__init(&w);
    mpq_init(t);
    code = weight_value(b, &w, j);
    for (c = 0; c < b->l->dv && code == EXATTN_OK; c++)
    {
        mpq_mul(t, b->l->blends[b->k].w[j], EXATTN_AT(&b->l->v, j, c));
        exattn_dval__exact(&v[c], t);
        v[c].v.why = EXATTN_WHY_ASSIGNED;
        code = exattn_walk__decimal_q(b->w, &v[c], t);
    }
    mpq_clear(t);
    e.factor = &w.v;
    if (code == EXATTN_OK)
        code = vector_entry(b, &e, v);
    exattn_dval__clear(&w);
    return code;
}

/* "(1/4)·2 + (1/4)·0 + (1/2)·1" and its LaTeX. */
static void
output_forms(const blend_walk *b, exattn_sbuf *texts, size_t c)
{
    size_t j;
    int k;

    for (k = 0; k < 2; k++)
    {
        exattn_sbuf__init(&texts[k]);
        for (j = 0; j < b->l->m && (b->w->notations & (1u << k)); j++)
        {
            exattn_sbuf__puts(&texts[k], j ? (k ? "+" : " + ") : "");
            exattn_named__factor(&texts[k], b->l->blends[b->k].w[j], k);
            exattn_sbuf__puts(&texts[k], k ? "\\cdot " : "·");
            exattn_named__factor(&texts[k], EXATTN_AT(&b->l->v, j, c), k);
        }
    }
}

static int
output_entry(blend_walk *b, exattn_dval *v)
{
    exattn_doc_entry e = entry_for(EXATTN_ROLE_BLEND_OUTPUT, SIZE_MAX);
    exattn_sbuf texts[2];
    size_t c;
    mpq_t t;
    int code = EXATTN_OK;

    mpq_init(t);
    for (c = 0; c < b->l->dv && code == EXATTN_OK; c++)
    {
        exattn_lesson_blend_output(t, b->l, b->k, c);
        exattn_dval__exact(&v[c], t);
        v[c].v.why = EXATTN_WHY_ASSIGNED;
        output_forms(b, texts, c);
        if ((code = exattn_walk__take_forms(b->w, &v[c], v[c].v.form, texts))
            == EXATTN_OK)
            code = exattn_walk__decimal_q(b->w, &v[c], t);
    }
    mpq_clear(t);
    return code == EXATTN_OK ? vector_entry(b, &e, v) : code;
}

/* A fresh vector of d_v values around each step. */
static int
with_vector(blend_walk *b, size_t j, int output)
{
    exattn_dval *v = malloc((b->l->dv ? b->l->dv : 1) * sizeof *v);
    size_t c;
    int code;

    if (v == NULL)
        return oom(b);
    for (c = 0; c < b->l->dv; c++)
        exattn_dval__init(&v[c]);
    code = output ? output_entry(b, v) : contribution_entry(b, j, v);
    for (c = 0; c < b->l->dv; c++)
        exattn_dval__clear(&v[c]);
    free(v);
    return code;
}

static int
blend_body(blend_walk *b)
{
    exattn_doc_entry e;
    exattn_dval d;
    size_t j;
    int code = EXATTN_OK;

    for (j = 0; j < b->l->m && code == EXATTN_OK; j++)
    {
        exattn_dval__init(&d);
        e = entry_for(EXATTN_ROLE_BLEND_WEIGHT, j);
        e.values = &d.v;
        if ((code = weight_value(b, &d, j)) == EXATTN_OK)
            code = exattn_walk__entry(b->w, &e);
        exattn_dval__clear(&d);
    }
    if (code == EXATTN_OK)
        code = sum_entry(b);
    for (j = 0; j < b->l->m && code == EXATTN_OK; j++)
        code = with_vector(b, j, 0);
    return code == EXATTN_OK ? with_vector(b, SIZE_MAX, 1) : code;
}

int
exattn_derive__blend(exattn_walk *w, const exattn_lesson *l, size_t k)
{
    blend_walk b = { w, l, k };
    exattn_doc_section s;
    int code;

    exattn_walk__section(w, &s, EXATTN_SECTION_BLEND, l);
    s.blend = k;
    if ((code = exattn_walk__begin(w, &s)) == EXATTN_OK
        && (code = blend_body(&b)) == EXATTN_OK)
        code = exattn_walk__end(w, &s);
    return code;
}
