/* Expression nodes: allocation, release, and the exact value. */
#include <stdlib.h>
#include "expr/expr.h"

exattn_xnode *
exattn_expr__node(exattn_expr *e, exattn_xop op, exattn_xnode *a,
                  exattn_xnode *b, unsigned long column)
{
    exattn_xnode *n = calloc(1, sizeof *n);

    if (n == NULL)
        return NULL;
    n->op = op;
    n->a = a;
    n->b = b;
    if (a != NULL)
        a->parents++;
    if (b != NULL)
        b->parents++;
    n->column = column;
    mpq_init(n->value);
    n->next = e->nodes;
    e->nodes = n;
    return n;
}

void
exattn_expr_free(exattn_expr *e)
{
    exattn_xnode *n, *next;

    if (e == NULL)
        return;
    for (n = e->nodes; n != NULL; n = next)
    {
        next = n->next;
        mpq_clear(n->value);
        free(n->literal);
        free(n->label);
        free(n->label_tex);
        exattn_lform__free(n->lin);
        if (n->memo != NULL)
        {
            exattn_ball__clear(&n->memo->ball);
            free(n->memo);
        }
        free(n);
    }
    free(e->name);
    free(e);
}

exattn_status_t
exattn_expr_status(const exattn_expr *e)
{
    return e->root->exact ? EXATTN_EXACT : EXATTN_NAMED;
}

int
exattn_expr_get_mpq(mpq_t out, const exattn_expr *e)
{
    if (!e->root->exact)
        return EXATTN_ENOTEXACT;
    mpq_set(out, e->root->value);
    return EXATTN_OK;
}

int
exattn_expr__domain(const exattn_xnode *n, const char *name,
                    exattn_error_t *err, const char *what)
{
    return exattn_error__set(err, EXATTN_EDOMAIN, name, 1, n->column, "%s",
                             what);
}

int
exattn_expr__has_unvalued(const exattn_xnode *n, size_t *budget)
{
    if (n == NULL || n->exact || *budget == 0)
        return 0;
    --*budget;
    if (n->op == EXATTN_X_SYM)
        return !n->has_value;
    return exattn_expr__has_unvalued(n->a, budget)
           || exattn_expr__has_unvalued(n->b, budget);
}
