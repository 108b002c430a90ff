/* The named formulas of a page's prose, shared by their two files:
 * prose_formulas.c cuts the prose into pieces, prose_expr.c reads a
 * piece into exattn's expression syntax.  Private to src/page. */
#ifndef EXATTN_PAGE_PROSE_H
#define EXATTN_PAGE_PROSE_H

#include "page/page.h"

#define EXATTN_PAGE_PROSE_PIECE 2000    /* bytes of one prose formula */

/* The piece [from, to) in exattn's syntax, or NULL when it is no named
 * formula. */
char *exattn_page__prose_translate(const exattn_page_clean *c, size_t from,
                                   size_t to);
/* Where a sum at i ends (past its head and body), or 0 when no sum
 * starts at i. */
size_t exattn_page__prose_sum_end(const char *t, size_t i, size_t stop);
/* A symbol with an index at k (a[2,1], H1[2,2], Z9): its end, or 0. */
size_t exattn_page__prose_indexed_symbol(const char *t, size_t k,
                                         size_t stop);

#endif
