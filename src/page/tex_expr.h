/* The TeX-math translator's state, shared by formulas.c (finding the
 * pieces), tex_expr.c (the translator) and tex_symbols.c (the symbols it
 * reads).  Private to src/page. */
#ifndef EXATTN_PAGE_TEX_EXPR_H
#define EXATTN_PAGE_TEX_EXPR_H

#include "page/page.h"

#define MAX_FORMULA 2000        /* bytes of one piece */

typedef struct
{
    const exattn_page_clean *c;
    const char *t;
    size_t end;                 /* of the piece */
    exattn_sbuf *out;
    int named;                  /* an exponential or a root was read */
    int depth;
    const exattn_page_symbols *syms;    /* the page's definitions */
    int symbols;                /* page symbols were read */
    int in_generic;             /* reading a generic definition's body:
                                   how deep in such bodies */
    int generic;                /* a generic definition was read */
    size_t *budget;             /* bytes of generic bodies the formula
                                   may still read */
    char bound;                 /* in a sum's body: its index letter */
} tr;

/* Bytes a formula may grow to with the page's symbols written out: a
 * chain of definitions that doubles each time is cut off, not followed */
#define MAX_EXPANDED 8192

/* Generic definitions read inside one another, at most (their bodies'
 * bytes in all: tex_expr.c's MAX_GENERIC_WORK) */
#define MAX_GENERIC_DEPTH 4

/* ---- the translator (tex_expr.c) -------------------------------------- */

/* The translation of the piece [from, to), or NULL when it is no named
 * formula. */
char *exattn_page__tex_translate(const exattn_page_clean *c, size_t from,
                                 size_t to, const exattn_page_symbols *syms,
                                 int *named, int *symbols, int *generic);
/* Is [from, to) one symbol of the page's, alone ("Z_{1}", "w_{1,2}")? */
int exattn_page__lone_symbol(const exattn_page_clean *c, size_t from,
                             size_t to);
/* The end of piece [from, to) before an equation's numbering that closes
 * it ("... \label{eq:z3}"). */
size_t exattn_page__before_numbering(const exattn_page_clean *c,
                                     size_t from, size_t to);
/* A style switch at i (\displaystyle): its length, or 0. */
size_t exattn_page__style_at(const tr *x, size_t i, size_t stop);
/* Past the spaces at i; the end of the group at i; an expression at *i,
 * translated into x->out (0 when there is none). */
size_t exattn_page__tex_spaces(tr *x, size_t i, size_t stop);
size_t exattn_page__group_end(tr *x, size_t i, size_t stop);
int exattn_page__tex_expression(tr *x, size_t *i, size_t stop);

/* ---- the symbols (tex_symbols.c) -------------------------------------- */

/* The symbol at k -- its base and index -- or 0. */
size_t exattn_page__symbol_token(tr *x, size_t k, size_t stop);
/* A symbol of the page at [k, end): its definition written in, or kept
 * for the audit; 0 when it is none. */
int exattn_page__page_symbol(tr *x, size_t k, size_t end);

#endif
