/* The lesson data model: a lesson made empty, released with everything it
 * owns (claims, block, variants, blends), and the copy with other values
 * that a contrast derives its differences from.  Reading fills it in
 * (src/lesson/read.c); access.c is its public face. */
#include <stdlib.h>
#include <string.h>
#include "lesson/fields.h"
#include "claims/read.h"
#include "block/spec.h"

exattn_lesson *
exattn_lesson__new(const char *file)
{
    exattn_lesson *l = calloc(1, sizeof *l);

    if (l == NULL)
        return NULL;
    l->file = exattn_str__dup(file);
    if (l->file == NULL)
    {
        free(l);
        return NULL;
    }
    exattn_matrix__init(&l->q);
    exattn_matrix__init(&l->k);
    exattn_matrix__init(&l->v);
    mpq_init(l->scale_value);
    mpq_init(l->scale_coef);
    return l;
}

void
exattn_lesson_free(exattn_lesson *l)
{
    size_t i, j;

    if (l == NULL)
        return;
    exattn_claims__free(l);
    exattn_block__free_spec(l->block);
    exattn_lesson__free_lab(l->lab);
    for (i = 0; i < l->variant_count; i++)
        exattn_lesson_free(l->variants[i]);
    free(l->variants);
    for (i = 0; i < l->blend_count; i++)
    {
        if (l->blends[i].w != NULL)
            for (j = 0; j < l->m; j++)
                mpq_clear(l->blends[i].w[j]);
        free(l->blends[i].w);
        free(l->blends[i].name);
    }
    free(l->blends);
    free(l->allowed);
    free(l->perm);
    exattn_lesson__free_labels(l->query_labels, l->n);
    exattn_lesson__free_labels(l->key_labels, l->m);
    exattn_matrix__clear(&l->q);
    exattn_matrix__clear(&l->k);
    exattn_matrix__clear(&l->v);
    exattn_matrix__clear(&l->x);
    exattn_matrix__clear(&l->memory);
    exattn_matrix__clear(&l->w_q);
    exattn_matrix__clear(&l->w_k);
    exattn_matrix__clear(&l->w_v);
    free(l->key_padding);
    free(l->valid_lens);
    mpq_clear(l->scale_value);
    mpq_clear(l->scale_coef);
    free(l->title);
    free(l->name);
    free(l->file);
    free(l);
}

static int
copy_labels(char ***out, char *const *labels, size_t count)
{
    size_t i;

    *out = calloc(count ? count : 1, sizeof **out);
    if (*out == NULL)
        return 0;
    for (i = 0; i < count; i++)
        if (((*out)[i] = exattn_str__dup(labels[i])) == NULL)
            return 0;
    return 1;
}

int
exattn_lesson__with_values(exattn_lesson **out, const exattn_lesson *l,
                           const exattn_matrix *v)
{
    exattn_lesson *c = exattn_lesson__new(l->file);
    int ok = c != NULL;

    *out = NULL;
    if (ok)
    {
        c->n = l->n;
        c->m = l->m;
        c->dk = l->dk;
        c->dv = l->dv;
        c->default_query_labels = l->default_query_labels;
        c->default_key_labels = l->default_key_labels;
        c->scale_kind = l->scale_kind;
        mpq_set(c->scale_value, l->scale_value);
        mpq_set(c->scale_coef, l->scale_coef);
        c->surd = l->surd;
        c->mask_kind = l->mask_kind;
        c->allowed = malloc(l->n * l->m);
        ok = c->allowed != NULL
             && copy_labels(&c->query_labels, l->query_labels, l->n)
             && copy_labels(&c->key_labels, l->key_labels, l->m)
             && exattn_matrix__copy(&c->q, &l->q) == EXATTN_OK
             && exattn_matrix__copy(&c->k, &l->k) == EXATTN_OK
             && exattn_matrix__copy(&c->v, v) == EXATTN_OK;
        if (c->allowed)
            memcpy(c->allowed, l->allowed, l->n * l->m);
    }
    if (!ok)
    {
        exattn_lesson_free(c);
        return EXATTN_ENOMEM;
    }
    *out = c;
    return EXATTN_OK;
}
