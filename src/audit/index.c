/* The candidates sorted by their number of entries and, within that, by
 * an approximation of their first entry, so that a number is compared
 * only with the quantities near it: a page of a hundred thousand numbers
 * against a lesson of thousands of quantities.  The approximation only
 * chooses whom to compare; every comparison is exact or certified
 * (src/audit/verdict.c), and the windows are wide enough that no
 * candidate a comparison would accept is left out. */
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"

static int
by_count_then_key(const void *a, const void *b)
{
    const exattn_audit_candidate *x = *(exattn_audit_candidate *const *)a;
    const exattn_audit_candidate *y = *(exattn_audit_candidate *const *)b;

    if (x->count != y->count)
        return x->count < y->count ? -1 : 1;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    /* then in the order the lesson has them: the same report each run */
    return x < y ? -1 : x > y;
}

void
exattn_audit__index_clear(exattn_audit_candidates *all)
{
    if (all->groups != NULL && all->group_count > 0)
        free(all->groups[0].by_key);    /* one array, sliced */
    free(all->groups);
    all->groups = NULL;
    all->group_count = 0;
}

int
exattn_audit__index(exattn_audit_candidates *all, exattn_error_t *err)
{
    exattn_audit_candidate **sorted;
    size_t i, g = 0;

    if (all->count == 0)
        return EXATTN_OK;
    sorted = malloc(all->count * sizeof *sorted);
    all->groups = calloc(all->count, sizeof *all->groups);
    if (sorted == NULL || all->groups == NULL)
    {
        free(sorted);
        free(all->groups);
        all->groups = NULL;
        return exattn_error__set(err, EXATTN_ENOMEM, "audit", 0, 0,
                                 "out of memory");
    }
    for (i = 0; i < all->count; i++)
    {
        exattn_audit_candidate *c = &all->items[i];
        size_t k;

        if ((c->approx = malloc((c->count ? c->count : 1)
                                * sizeof *c->approx)) == NULL)
        {
            free(sorted);
            free(all->groups);
            all->groups = NULL;
            return exattn_error__set(err, EXATTN_ENOMEM, "audit", 0, 0,
                                     "out of memory");
        }
        for (k = 0; k < c->count; k++)
            c->approx[k] = mpq_get_d(c->value[k]);
        c->key = c->count ? c->approx[0] : 0;
        sorted[i] = c;
    }
    qsort(sorted, all->count, sizeof *sorted, by_count_then_key);
    for (i = 0; i < all->count; i++)
    {
        if (i == 0 || sorted[i]->count != sorted[i - 1]->count)
        {
            if (i > 0)
                g++;
            all->groups[g].count = sorted[i]->count;
            all->groups[g].by_key = sorted + i;
        }
        all->groups[g].n++;
    }
    all->group_count = g + 1;
    return EXATTN_OK;
}

const exattn_audit_group *
exattn_audit__group(const exattn_audit_candidates *all, size_t count)
{
    size_t lo = 0, hi = all->group_count, mid;

    while (lo < hi)
    {
        mid = lo + (hi - lo) / 2;
        if (all->groups[mid].count < count)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < all->group_count && all->groups[lo].count == count
           ? &all->groups[lo] : NULL;
}

static size_t
first_at_least(const exattn_audit_group *g, double x)
{
    size_t lo = 0, hi = g->n, mid;

    while (lo < hi)
    {
        mid = lo + (hi - lo) / 2;
        if (g->by_key[mid]->key < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int
exattn_audit__window(exattn_audit_list *out, exattn_audit_candidates *all,
                     size_t count, double lo, double hi)
{
    const exattn_audit_group *g = exattn_audit__group(all, count);
    exattn_audit_candidate **items;
    size_t k;

    if (g == NULL)
        return 1;
    for (k = first_at_least(g, lo); k < g->n && g->by_key[k]->key <= hi; k++)
    {
        exattn_audit_candidate *c = g->by_key[k];

        if (c->seen == all->stamp)
            continue;
        c->seen = all->stamp;
        if (out->count == out->cap)
        {
            size_t cap = out->cap ? 2 * out->cap : 32;

            if ((items = realloc(out->items, cap * sizeof *items)) == NULL)
                return 0;
            out->items = items;
            out->cap = cap;
        }
        out->items[out->count++] = c;
    }
    return 1;
}
