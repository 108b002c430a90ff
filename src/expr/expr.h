/* Internal representation of expressions: a tree of nodes owned by the
 * exattn_expr, each knowing whether it is exact. */
#ifndef EXATTN_EXPR_INTERNAL_H
#define EXATTN_EXPR_INTERNAL_H

#include "internal.h"
#include "eval/ziv.h"

typedef enum
{
    EXATTN_X_NUM, EXATTN_X_E, EXATTN_X_ADD, EXATTN_X_SUB, EXATTN_X_MUL,
    EXATTN_X_DIV, EXATTN_X_POW, EXATTN_X_NEG, EXATTN_X_EXP, EXATTN_X_SQRT,
    EXATTN_X_SIN, EXATTN_X_COS, EXATTN_X_LN
} exattn_xop;

typedef struct exattn_xnode exattn_xnode;
struct exattn_xnode
{
    exattn_xop op;
    exattn_xnode *a, *b;        /* operands (b for binary operators) */
    int exact;                  /* value holds the exact value */
    mpq_t value;
    char *literal;              /* a number as written ("2.028") */
    unsigned long column;       /* where it starts, for messages */
    exattn_xnode *next;         /* allocation list of the expression */
};

struct exattn_expr
{
    exattn_xnode *root;
    exattn_xnode *nodes;        /* every node, for freeing */
    char *name;
};

exattn_xnode *exattn_expr__node(exattn_expr *e, exattn_xop op,
                                exattn_xnode *a, exattn_xnode *b,
                                unsigned long column);

/* A domain error at node n ("sqrt of a negative number"). */
int exattn_expr__domain(const exattn_xnode *n, const char *name,
                        exattn_error_t *err, const char *what);

/* Decide exactness of a new node from its operands (src/expr/fold.c). */
int exattn_expr__fold(exattn_xnode *n, const char *name, exattn_error_t *err);

/* Enclose a node's value at precision wp (src/expr/eval.c): 0 ok, 1 too
 * wide (refine), or a negative exattn_code_t with err filled. */
int exattn_expr__ball(exattn_ball *out, const exattn_xnode *n,
                      mpfr_prec_t wp, const char *name, exattn_error_t *err);

/* Decide the rounding of a named expression (as exattn_row_eval__decide). */
int exattn_expr__decide(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp_used,
                        const exattn_expr *e, unsigned long digits,
                        exattn_rounding_t mode, mpfr_prec_t max_prec,
                        exattn_error_t *err);

#endif
