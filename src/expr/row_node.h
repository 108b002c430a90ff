/* A row quantity as an expression node (src/expr/row_node.c), so that
 * the identity engine (exattn_expr__identity) compares it with a claim,
 * a page's formula or the same quantity of another row. */
#ifndef EXATTN_EXPR_ROW_NODE_H
#define EXATTN_EXPR_ROW_NODE_H

#include "row/model.h"
#include "expr/expr.h"

/* The nodes of one row's quantities, built in one pool: the softmax's
 * denominator and each weight once, however many quantities use them
 * (a contrast compares every weight and output of a row). */
typedef struct
{
    exattn_expr *pool;
    const exattn_row *row;
    exattn_xnode *e, *z;        /* e and Σ e^{s_k}, once built */
    exattn_xnode **t;           /* each e^{s_k} of Σ (m), or NULL */
    exattn_xnode **w;           /* the weights built so far (m), or NULL */
    exattn_error_t *err;
} exattn_row_nodes;

void exattn_expr__row_nodes_init(exattn_row_nodes *b, exattn_expr *pool,
                                 const exattn_row *row, exattn_error_t *err);
void exattn_expr__row_nodes_clear(exattn_row_nodes *b);
/* Quantity (kind, key, col) of the row as a node of the pool, built from
 * the row's exact data; NULL with err filled when out of memory or
 * beyond a limit. */
exattn_xnode *exattn_expr__row_nodes_get(exattn_row_nodes *b,
                                         exattn_kind_t kind, size_t key,
                                         size_t col);

/* The same for one quantity. */
exattn_xnode *exattn_expr__row_node(exattn_expr *pool, const exattn_row *row,
                                    exattn_kind_t kind, size_t key,
                                    size_t col, exattn_error_t *err);

#endif
