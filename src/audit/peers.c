/* A table cell that no quantity of the lesson is, among cells that are:
 * "| query 1 | 0.1425 | 0.3875 | 0.2351 | 0.2350 |", where the other
 * cells are weights of the second query and 0.2351 is near none of its
 * words' kinds.  Its table's audited cells say what it is -- the kind
 * most of them are, a weight -- and its row's (or column's) say whose:
 * that query's (or key's).  So it is judged again with that evidence,
 * and a slip there FAILs against the nearest such entry (docs/cli.md,
 * "Results and mentions").  The table's cells count only when at least
 * two are bound (those bound by a kind's word alone are passed over)
 * and a kind is shared by more than half of them, and only for a cell
 * whose column names a key or holds one of them; the row's, when all
 * of them that are of that kind are of one row. */
#include <stdlib.h>
#include <string.h>
#include "audit/decide.h"

#define MIN_PEERS 2

/* EXATTN_FAM_ bits, at most */
#define FAMILIES 32

/* Do two strings, either NULL, say the same? */
static int
same(const char *a, const char *b)
{
    return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* Is cell b in cell a's row (by_row) or column? */
static int
aligned(const exattn_page_number *a, const exattn_page_number *b,
        int by_row)
{
    return by_row ? a->row_head != NULL && same(a->row_head, b->row_head)
                  : a->column_head != NULL
                        && same(a->column_head, b->column_head);
}

/* Is result r a cell that says what its neighbours are? */
static int
telling(const exattn_audit_result *r)
{
    return r->verdict == EXATTN_AUDIT_PASS && !r->by_kind_only
           && r->bound_count > 0 && r->bound_families != 0;
}

/* The entry (row, else key) that the telling cells aligned with cell i
 * share, from 1; 0 when they do not, or there are none. */
static size_t
shared_entry(const exattn_audit_result *results, const exattn_page *page,
             size_t from, size_t to, size_t i, int by_row, unsigned kinds)
{
    size_t j, entry = 0, e;

    for (j = from; j < to; j++)
    {
        /* a cell of a tie (0.3655 under both keys it is) names no
         * entry */
        if (j == i || !telling(&results[j])
            || !(results[j].bound_families & kinds)
            || results[j].first_alike > 1
            || !aligned(&page->items[i], &page->items[j], by_row))
            continue;
        e = by_row ? results[j].first_row : results[j].first_key;
        if (e == 0 || (entry != 0 && e != entry))
            return 0;
        entry = e;
    }
    return entry;
}

/* Does the heading name a key: one of the lesson's labels, or an index
 * ("key 2", "$j = 2$", "$k_3$")?  An "entropy" or "max" column is no
 * key's. */
static int
names_a_key(const char *head, const exattn_lesson *l)
{
    size_t k;

    if (head == NULL)
        return 0;
    if (strpbrk(head, "0123456789") != NULL)
        return 1;
    for (k = 0; !l->default_key_labels && k < l->m; k++)
        if (strstr(head, l->key_labels[k]) != NULL)
            return 1;
    return 0;
}

/* What the telling cells of the table [from, to) but i say of cell i, in
 * *out; 0 when they say nothing: fewer than two, no kind shared, or the
 * cell's column neither names a key nor holds one of them. */
static int
shared(exattn_audit_peers *out, const exattn_audit_result *results,
       const exattn_page *page, size_t from, size_t to, size_t i,
       const exattn_lesson *l)
{
    exattn_sbuf why;
    unsigned kinds = 0;
    size_t j, count = 0, of[FAMILIES] = { 0 }, f;
    int column = names_a_key(page->items[i].column_head, l);

    memset(out, 0, sizeof *out);
    for (j = from; j < to; j++)
        if (j != i && telling(&results[j]))
        {
            for (f = 0; f < FAMILIES && (1u << f) <= EXATTN_FAM_ALL; f++)
                of[f] += (results[j].bound_families >> f) & 1u;
            count++;
            column |= aligned(&page->items[i], &page->items[j], 0);
        }
    /* the kinds most of them are (a cell of 0.000 may be bound to a
     * zero of V by its value alone) */
    for (f = 0; f < FAMILIES && (1u << f) <= EXATTN_FAM_ALL; f++)
        if (of[f] >= MIN_PEERS && 2 * of[f] > count)
            kinds |= 1u << f;
    if (count < MIN_PEERS || kinds == 0 || !column)
        return 0;
    out->family = kinds;
    out->row_index = shared_entry(results, page, from, to, i, 1, kinds);
    out->key_index = shared_entry(results, page, from, to, i, 0, kinds);
    exattn_sbuf__init(&why);
    exattn_sbuf__printf(&why, "its table's %zu audited cells%s", count,
                        out->row_index ? ", its row's among them"
                        : out->key_index ? ", its column's among them" : "");
    return (out->why = exattn_sbuf__take(&why)) != NULL;
}

/* Number i judged again among its peers. */
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

/* Is number i a cell to judge again: a decimal, written as its peers
 * are, that its own evidence left unbound? */
static int
lone_cell(const exattn_audit_result *r, const exattn_page_number *n)
{
    return r->verdict == EXATTN_AUDIT_UNSOURCED && n->count == 1
           && !n->formula && n->marker == NULL && n->decimal[0]
           && n->column_head != NULL;
}

/* Is number k a cell of the table of cell `first`: under a heading of
 * that table, or a row's first cell ("$i = 2$") before one? */
static int
in_table(const exattn_page *page, size_t k, const exattn_page_number *first)
{
    for (; k < page->count; k++)
    {
        if (page->items[k].column_head != NULL)
            return same(page->items[k].table_about, first->table_about);
        if (page->items[k].row_head != NULL)
            return 0;
        /* a row's label: the table goes on if a cell of it follows */
        if (k + 1 < page->count && page->items[k + 1].column_head == NULL)
            return 0;
    }
    return 0;
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
    int rc = EXATTN_OK;

    /* a table is a run of cells of one table, in page order */
    while (from < page->count && rc == EXATTN_OK)
    {
        const exattn_page_number *first = &page->items[from];

        for (to = from + 1; first->column_head != NULL
                            && in_table(page, to, first);
             to++)
            ;
        for (i = from; i < to && rc == EXATTN_OK; i++)
            if (lone_cell(&results[i], &page->items[i])
                && shared(&peers, results, page, from, to, i, l))
            {
                rc = again(&results[i], &page->items[i], &peers, all, l,
                           max_prec, err);
                free(peers.why);
            }
        from = to;
    }
    return rc;
}
