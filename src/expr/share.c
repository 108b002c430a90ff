/* Common subexpressions of a parsed expression: `e^(1/√2)/(1+e^(1/√2))`
 * writes e^(1/√2) twice, and enclosing each copy would double the cost
 * of every refinement (twice MPFR's time for one exp at 10^6 digits).
 * The parser keeps one node per distinct named subtree; a node reached
 * from several parents keeps its enclosure (src/expr/enclose.c), so it
 * is computed once per working precision.
 *
 * Two nodes are interchangeable only when they print alike and have the
 * same value: the same operation, literal and label, exact values equal,
 * named operands the same node (operands are shared bottom-up, so equal
 * named subtrees already are), exact operands interchangeable. */
#include <stdlib.h>
#include <string.h>
#include "expr/expr.h"

static int
same_text(const char *a, const char *b)
{
    return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static int interchangeable(const exattn_xnode *x, const exattn_xnode *y);

/* Named operands are shared already: only the same node will do.  Exact
 * ones may be separate copies of the same text ("2" twice). */
static int
same_operand(const exattn_xnode *x, const exattn_xnode *y)
{
    if (x == y)
        return 1;
    if (x == NULL || y == NULL || !x->exact || !y->exact)
        return 0;
    return interchangeable(x, y);
}

static int
interchangeable(const exattn_xnode *x, const exattn_xnode *y)
{
    return x->op == y->op && x->exact == y->exact
           && x->has_value == y->has_value
           && ((!x->exact && !x->has_value) || mpq_equal(x->value, y->value))
           && same_text(x->literal, y->literal)
           && same_text(x->label, y->label)
           && same_text(x->label_tex, y->label_tex)
           && same_operand(x->a, y->a) && same_operand(x->b, y->b);
}

static int
grow(exattn_xshare *t)
{
    size_t cap = t->cap ? 2 * t->cap : 64, i, j;
    exattn_xnode **slot = calloc(cap, sizeof *slot);

    if (slot == NULL)
        return -1;
    for (i = 0; i < t->cap; i++)
        if (t->slot[i] != NULL)
        {
            for (j = exattn_expr__hash(t->slot[i]) & (cap - 1);
                 slot[j] != NULL; j = (j + 1) & (cap - 1))
                ;
            slot[j] = t->slot[i];
        }
    free(t->slot);
    t->slot = slot;
    t->cap = cap;
    return 0;
}

exattn_xnode *
exattn_xshare__canonical(exattn_xshare *t, exattn_xnode *n)
{
    size_t j;

    if (n->exact)
        return n;               /* enclosed for free: nothing to share */
    if (2 * (t->used + 1) > t->cap && grow(t) != 0)
        return n;               /* out of memory: only a cache is lost */
    for (j = exattn_expr__hash(n) & (t->cap - 1); t->slot[j] != NULL;
         j = (j + 1) & (t->cap - 1))
        if (interchangeable(t->slot[j], n))
        {
            t->slot[j]->memoize = 1;    /* now reached from two places */
            return t->slot[j];
        }
    t->slot[j] = n;
    t->used++;
    return n;
}

void
exattn_xshare__clear(exattn_xshare *t)
{
    free(t->slot);
    memset(t, 0, sizeof *t);
}
