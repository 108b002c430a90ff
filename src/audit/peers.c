/* A table cell that no quantity of the lesson is, among cells that are:
 * "| query 1 | 0.1425 | 0.3875 | 0.2351 | 0.2350 |", where three cells
 * of the row are weights of the second query and 0.2351 is near none of
 * its words' kinds.  Its row's audited cells say what it is -- a weight
 * of that query -- as a column's say a weight on one key (docs/cli.md,
 * "Results and mentions"), so it is judged again with that evidence, and
 * a slip there FAILs against the nearest such weight.  A row's cells
 * count only when at least two are bound, all to one kind and one entry
 * of it, none by their kind's word alone. */
#include <stdlib.h>
#include <string.h>
#include "audit/decide.h"

#define MIN_PEERS 2

/* Do two strings, either NULL, say the same? */
static int
same(const char *a, const char *b)
{
    return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* Are numbers i and j cells of one row (by_row) or one column of one
 * table? */
static int
aligned(const exattn_page_number *a, const exattn_page_number *b,
        int by_row)
{
    return same(a->table_about, b->table_about)
           && (by_row ? a->row_head != NULL && same(a->row_head, b->row_head)
                      : a->column_head != NULL
                            && same(a->column_head, b->column_head));
}

/* The kind and entry the audited cells of number i's row (by_row) or
 * column in [from, to) share, in *out; 0 when they do not. */
static int
shared(exattn_audit_peers *out, const exattn_audit_result *results,
       const exattn_page *page, size_t from, size_t to, size_t i,
       int by_row)
{
    exattn_sbuf why;
    size_t j, count = 0;

    memset(out, 0, sizeof *out);
    exattn_sbuf__init(&why);
    exattn_sbuf__printf(&why, "its table %s's audited cells (",
                        by_row ? "row" : "column");
    for (j = from; j < to; j++)
    {
        const exattn_audit_result *r = &results[j];
        size_t entry = by_row ? r->first_row : r->first_key;

        if (j == i || !aligned(&page->items[i], &page->items[j], by_row)
            || r->verdict != EXATTN_AUDIT_PASS)
            continue;
        if (r->by_kind_only || r->bound_count == 0 || entry == 0
            || (count > 0 && (r->first_family != out->family
                              || entry != (by_row ? out->row_index
                                                  : out->key_index))))
        {
            count = 0;          /* they disagree: no evidence */
            break;
        }
        out->family = r->first_family;
        *(by_row ? &out->row_index : &out->key_index) = entry;
        exattn_sbuf__printf(&why, "%s%s", count ? ", " : "", r->bound[0]);
        count++;
    }
    exattn_sbuf__puts(&why, ")");
    if (count < MIN_PEERS)
    {
        exattn_sbuf__clear(&why);
        return 0;
    }
    out->why = exattn_sbuf__take(&why);
    return 1;
}

/* Number i judged again among its peers; 0 when out of memory. */
static int
again(exattn_audit_result *r, const exattn_page_number *n,
      const exattn_audit_peers *peers, exattn_audit_candidates *all,
      const exattn_lesson *l, mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_audit_result other;
    int rc = exattn_audit__verdict_among(&other, n, peers, all, l, max_prec,
                                         err);

    if (rc != EXATTN_OK)
        return rc;
    if (other.verdict == EXATTN_AUDIT_UNSOURCED)
        exattn_audit__result_clear(&other);
    else
    {
        exattn_audit__result_clear(r);
        *r = other;
    }
    return EXATTN_OK;
}

int
exattn_audit__table_peers(exattn_audit_result *results,
                          const exattn_page *page,
                          exattn_audit_candidates *all,
                          const exattn_lesson *l, mpfr_prec_t max_prec,
                          exattn_error_t *err)
{
    size_t from = 0, to, i;
    exattn_audit_peers peers;
    int rc = EXATTN_OK, by_row;

    /* a table is a run of cells of one table, in page order */
    while (from < page->count && rc == EXATTN_OK)
    {
        const exattn_page_number *first = &page->items[from];

        for (to = from + 1; to < page->count
                            && first->column_head != NULL
                            && page->items[to].column_head != NULL
                            && same(page->items[to].table_about,
                                    first->table_about);
             to++)
            ;
        for (i = from; i < to && rc == EXATTN_OK; i++)
        {
            if (results[i].verdict != EXATTN_AUDIT_UNSOURCED
                || page->items[i].count != 1 || page->items[i].formula
                || page->items[i].marker != NULL
                /* written as its peers are: a decimal, not a count */
                || !page->items[i].decimal[0])
                continue;
            for (by_row = 1; by_row >= 0; by_row--)
                if (shared(&peers, results, page, from, to, i, by_row))
                {
                    rc = again(&results[i], &page->items[i], &peers, all, l,
                               max_prec, err);
                    free(peers.why);
                    break;
                }
        }
        from = to;
    }
    return rc;
}
