/* The printer of named forms, shared by its two halves: the tree as it
 * was built (src/expr/print.c) and the polynomial form of a built node
 * (src/expr/print_poly.c), which src/expr/print.c prints when it is the
 * shorter. */
#ifndef EXATTN_EXPR_PRINT_H
#define EXATTN_EXPR_PRINT_H

#include "expr/expr.h"

/* A printing: the text so far, whether labelled nodes print as their
 * labels, the root (always expanded), and a length past which it stops:
 * a node shared many times in a DAG would otherwise expand without
 * bound. */
typedef struct
{
    exattn_sbuf out;
    int labels;
    const exattn_xnode *root;
    size_t limit;
    int over;
    /* radicands of the expression's own square roots (poly forms) */
    mpq_t *hint;
    size_t hint_count;
    int simplified;     /* EXATTN_SIMPLIFIED: exponents r/√d as c√s */
} exattn_pctx;

#define EXATTN_PRINT_HINTS 8

/* Append s, unless the printing is already past its limit. */
void exattn_pctx__put(exattn_pctx *b, const char *s);
/* A sub-printing of the same kind as b, for one item of a term. */
void exattn_pctx__sub_init(exattn_pctx *s, const exattn_pctx *b);
/* A sub-printing's text (malloc'd), NULL when it went past its limit
 * (or out of memory); its buffer is released either way. */
char *exattn_pctx__take(exattn_pctx *s);
/* An atom of a polynomial form to a power, as the tree prints it: x,
 * x^2, (a+b)^3 (malloc'd, NULL past the limit or out of memory). */
char *exattn_pctx__atom(const exattn_pctx *b, const exattn_xnode *a, long e,
                        int tex);
/* The polynomial form p: coefficients times atoms, radicals and
 * exponentials, in text or LaTeX. */
void exattn_pctx__poly(exattn_pctx *b, const exattn_lpoly *p, int tex);

#endif
