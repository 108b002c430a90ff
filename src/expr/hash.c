/* The hash of a node's structure: equal trees hash equal, so equality
 * (src/expr/linear.c) rejects most different pairs without a walk.  The
 * operands of a sum or a product are hashed in either order: equality
 * compares forms, so 1+ε and ε+1 must not be told apart here. */
#include "expr/expr.h"

static unsigned long
mix(unsigned long h, unsigned long v)
{
    h ^= v + 0x9e3779b97f4a7c15UL + (h << 6) + (h >> 2);
    return h;
}

static unsigned long
hash_mpz(unsigned long h, mpz_srcptr z)
{
    return mix(mix(h, mpz_getlimbn(z, 0)), (unsigned long)mpz_sgn(z)
                                           + mpz_size(z));
}

unsigned long
exattn_expr__hash(const exattn_xnode *n)
{
    unsigned long h = 1469598103UL;
    const char *c;

    if (n->hash != 0)
        return n->hash;
    if (n->exact)
        h = hash_mpz(hash_mpz(mix(h, 7), mpq_numref(n->value)),
                     mpq_denref(n->value));
    else
    {
        h = mix(h, (unsigned long)n->op + 100);
        if (n->op == EXATTN_X_SYM)
            for (c = n->literal; *c; c++)
                h = mix(h, (unsigned char)*c);
        if ((n->op == EXATTN_X_ADD || n->op == EXATTN_X_MUL)
            && n->a != NULL && n->b != NULL)
            h = mix(h, exattn_expr__hash(n->a) + exattn_expr__hash(n->b));
        else
        {
            if (n->a != NULL)
                h = mix(h, exattn_expr__hash(n->a));
            if (n->b != NULL)
                h = mix(h, exattn_expr__hash(n->b));
        }
    }
    h += h == 0;
    /* the hash is a cache of a pure function of the node */
    ((exattn_xnode *)n)->hash = h;
    return h;
}
