/* The headers of a derivation's lessons (include/exattn/doc.h,
 * exattn_doc_header): what the lesson and each of its variants give --
 * title, shapes, labels, X and the projections, Q, K, V, scale, the
 * mask and how it was written -- built once when the walk
 * begins, so that every section can point to its lesson's, and a writer
 * reads nothing of the lesson itself. */
#include <stdlib.h>
#include "derive/derive.h"

/* X, memory and the projections, for a lesson that gave them (a block's
 * are its own stages'). */
static void
inputs(exattn_doc_header *h, const exattn_lesson *l)
{
    if (l->block != NULL)
        return;
    h->x = l->x;
    h->memory = l->memory;
    h->w_q = l->w_q;
    h->w_k = l->w_k;
    h->w_v = l->w_v;
    h->q_multiplied = l->q_multiplied;
    h->v_overridden = l->v_overridden;
}

static void
fill(exattn_doc_header *h, const char **names, const exattn_lesson *l)
{
    size_t b;

    h->file = l->file;
    h->title = l->title;
    h->name = l->name;
    h->n = l->n;
    h->m = l->m;
    h->dk = l->dk;
    h->dv = l->dv;
    h->query_labels = l->query_labels;
    h->key_labels = l->key_labels;
    h->default_query_labels = l->default_query_labels;
    h->default_key_labels = l->default_key_labels;
    h->q = l->q;
    h->k = l->k;
    h->v = l->v;
    h->scale_kind = l->scale_kind;
    h->scale_value = l->scale_value;
    h->mask_kind = l->mask_kind;
    h->allowed = l->allowed;
    h->blend_count = l->blend_count;
    for (b = 0; b < l->blend_count; b++)
        names[b] = l->blends[b].name;
    h->blend_names = names;
    h->has_block = l->block != NULL;
    inputs(h, l);
    h->mask_written = l->mask_written;
    h->key_padding = l->key_padding;
    h->valid_lens = l->valid_lens;
    h->valid_lens_count = l->valid_lens_count;
    h->mask_causal = l->mask_causal;
}

/* √d for a scale 1/√d whose root is rational: the reduced scale c·√s
 * has s = 1, and √d = 1/c. */
static void
root(exattn_doc_header *h, mpq_t r, const exattn_lesson *l)
{
    if (l->scale_kind != EXATTN_SCALE_INV_SQRT || l->surd != 1)
        return;
    mpq_inv(r, l->scale_coef);
    h->scale_root = r;
}

int
exattn_walk__headers(exattn_walk *w, const exattn_lesson *l)
{
    size_t count = 1 + l->variant_count, k, names = 0;
    const exattn_lesson *of;

    for (k = 0; k < count; k++)
        names += (k ? l->variants[k - 1] : l)->blend_count;
    w->header_count = count;
    w->headers = calloc(count, sizeof *w->headers);
    w->header_lessons = calloc(count, sizeof *w->header_lessons);
    w->blend_names = calloc(names ? names : 1, sizeof *w->blend_names);
    w->roots = malloc(count * sizeof *w->roots);
    if (w->headers == NULL || w->header_lessons == NULL
        || w->blend_names == NULL || w->roots == NULL)
    {
        free(w->roots);
        w->roots = NULL;        /* none initialised: none to clear */
        return exattn_error__set(w->err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    }
    for (k = 0; k < count; k++)
        mpq_init(w->roots[k]);
    for (k = 0, names = 0; k < count; k++)
    {
        of = k ? l->variants[k - 1] : l;
        w->header_lessons[k] = of;
        fill(&w->headers[k], w->blend_names + names, of);
        root(&w->headers[k], w->roots[k], of);
        names += of->blend_count;
    }
    return EXATTN_OK;
}

void
exattn_walk__free_headers(exattn_walk *w)
{
    size_t k;

    for (k = 0; w->roots != NULL && k < w->header_count; k++)
        mpq_clear(w->roots[k]);
    free(w->roots);
    w->roots = NULL;
    free(w->headers);
    free(w->header_lessons);
    free(w->blend_names);
    w->headers = NULL;
    w->header_lessons = NULL;
    w->blend_names = NULL;
    w->header_count = 0;
}

const exattn_doc_header *
exattn_walk__header(const exattn_walk *w, const exattn_lesson *l)
{
    size_t k;

    for (k = 0; l != NULL && k < w->header_count; k++)
        if (w->header_lessons[k] == l)
            return &w->headers[k];
    return NULL;
}
