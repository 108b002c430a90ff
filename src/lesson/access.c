/* Read-only views of a resolved lesson. */
#include "lesson/model.h"

const char *
exattn_lesson_title(const exattn_lesson *l)
{
    return l->title;
}

const char *
exattn_lesson_file(const exattn_lesson *l)
{
    return l->file;
}

const char *
exattn_lesson_name(const exattn_lesson *l)
{
    return l->name;
}

size_t
exattn_lesson_queries(const exattn_lesson *l)
{
    return l->n;
}

size_t
exattn_lesson_keys(const exattn_lesson *l)
{
    return l->m;
}

size_t
exattn_lesson_key_width(const exattn_lesson *l)
{
    return l->dk;
}

size_t
exattn_lesson_value_width(const exattn_lesson *l)
{
    return l->dv;
}

const char *
exattn_lesson_query_label(const exattn_lesson *l, size_t i)
{
    return i < l->n ? l->query_labels[i] : NULL;
}

const char *
exattn_lesson_key_label(const exattn_lesson *l, size_t j)
{
    return j < l->m ? l->key_labels[j] : NULL;
}

mpq_srcptr
exattn_lesson_q(const exattn_lesson *l, size_t i, size_t c, mpq_t out)
{
    if (i >= l->n || c >= l->dk)
        return NULL;
    exattn_doc_matrix_entry(out, &l->q, i, c);
    return out;
}

mpq_srcptr
exattn_lesson_k(const exattn_lesson *l, size_t j, size_t c, mpq_t out)
{
    if (j >= l->m || c >= l->dk)
        return NULL;
    exattn_doc_matrix_entry(out, &l->k, j, c);
    return out;
}

mpq_srcptr
exattn_lesson_v(const exattn_lesson *l, size_t j, size_t c, mpq_t out)
{
    if (j >= l->m || c >= l->dv)
        return NULL;
    exattn_doc_matrix_entry(out, &l->v, j, c);
    return out;
}

exattn_scale_kind_t
exattn_lesson_scale(const exattn_lesson *l, mpq_t value)
{
    if (value != NULL)
        mpq_set(value, l->scale_value);
    return l->scale_kind;
}

exattn_mask_kind_t
exattn_lesson_mask(const exattn_lesson *l)
{
    return l->mask_kind;
}

int
exattn_lesson_allowed(const exattn_lesson *l, size_t i, size_t j)
{
    return i < l->n && j < l->m && l->allowed[i * l->m + j];
}

size_t
exattn_lesson_variant_count(const exattn_lesson *l)
{
    return l->variant_count;
}

const exattn_lesson *
exattn_lesson_variant(const exattn_lesson *l, size_t k)
{
    return k < l->variant_count ? l->variants[k] : NULL;
}

size_t
exattn_lesson_blend_count(const exattn_lesson *l)
{
    return l->blend_count;
}

const char *
exattn_lesson_blend_name(const exattn_lesson *l, size_t b)
{
    return b < l->blend_count ? l->blends[b].name : NULL;
}

mpq_srcptr
exattn_lesson_blend_weight(const exattn_lesson *l, size_t b, size_t j)
{
    return b < l->blend_count && j < l->m ? l->blends[b].w[j] : NULL;
}

void
exattn_lesson_blend_output(mpq_t out, const exattn_lesson *l, size_t b,
                           size_t c)
{
    mpq_t sum, term;
    size_t j;

    mpq_init(sum);
    mpq_init(term);
    if (b < l->blend_count && c < l->dv)
        for (j = 0; j < l->m; j++)
        {
            mpq_mul(term, l->blends[b].w[j], EXATTN_AT(&l->v, j, c));
            mpq_add(sum, sum, term);
        }
    mpq_set(out, sum);
    mpq_clear(sum);
    mpq_clear(term);
}
