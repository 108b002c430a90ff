/* sin(a)^2 + cos(a)^2 = 1 in normal forms (linear.h): every cos(a)^k with
 * k >= 2 in a term becomes cos(a)^(k-2)·(1 - sin(a)^2), so that a
 * polynomial in sin(a) and cos(a) has cos(a) to the power 0 or 1 in
 * each term -- the remainder of its division by sin² + cos² - 1 as a
 * polynomial in cos(a), which is unique.  Then sin(1/50)^2/√2 +
 * cos(1/50)^2/√2 is the form 1/√2, and a lesson's hidden zero
 * sin(1)^2 + cos(1)^2 - 1 is the form 0.
 *
 * The rewrite needs the atom sin(a) to write: it is done where the
 * polynomial already has one (the forms are built from the lesson's own
 * nodes, and a form never creates one).  A cos(a)^2 with no sin(a)
 * beside it stays: then forms of equal values may differ, which the
 * identity engine reads as "unknown", never as "different". */
#include "expr/linear.h"

/* Never more substitutions than this in one polynomial (each lowers the
 * power of one cos atom by 2 in every term; the caps on powers bound
 * them anyway). */
#define MAX_PASSES 16

/* At most this many distinct sin atoms are looked at in one polynomial. */
#define MAX_SINES 32

/* Is s = sin(x) where c = cos(x)?  Hashes first: most pairs differ. */
static int
partners(const exattn_xnode *s, const exattn_xnode *c)
{
    return s->a == c->a
           || (exattn_expr__hash(s->a) == exattn_expr__hash(c->a)
               && exattn_expr__same_tree(s->a, c->a));
}

/* A factor cos(x)^k, k >= 2, of a term of p whose partner sin(x) is an
 * atom of p: both atoms; 0 when there is none.  One pass over the
 * factors collects the sines, one more looks at the squares of
 * cosines. */
static int
reducible(const poly *p, const exattn_xnode **cos_atom,
          const exattn_xnode **sin_atom)
{
    const exattn_xnode *sines[MAX_SINES];
    size_t k, i, j, n = 0;
    int squares = 0;

    for (k = 0; k < p->count; k++)
        for (i = 0; i < p->t[k].count; i++)
        {
            const factor *f = &p->t[k].f[i];

            squares |= f->atom->op == EXATTN_X_COS && f->exp >= 2;
            if (f->atom->op != EXATTN_X_SIN || n == MAX_SINES)
                continue;
            for (j = 0; j < n && sines[j] != f->atom; j++)
                ;
            if (j == n)
                sines[n++] = f->atom;
        }
    if (!squares || n == 0)
        return 0;
    for (k = 0; k < p->count; k++)
        for (i = 0; i < p->t[k].count; i++)
        {
            const factor *f = &p->t[k].f[i];

            if (f->atom->op != EXATTN_X_COS || f->exp < 2)
                continue;
            for (j = 0; j < n; j++)
                if (partners(sines[j], f->atom))
                {
                    *cos_atom = f->atom;
                    *sin_atom = sines[j];
                    return 1;
                }
        }
    return 0;
}

poly *
exattn_lpoly__pythagoras(const poly *p)
{
    poly *cur = exattn_lpoly__copy(p), *next;
    const exattn_xnode *c, *s;
    size_t pass;

    for (pass = 0; pass < MAX_PASSES && reducible(cur, &c, &s); pass++)
    {
        next = exattn_lpoly__square_to_one_minus(cur, c, s);
        if (next == NULL)
            return cur;     /* past the caps: as far as it went */
        exattn_lpoly__free(cur);
        cur = next;
    }
    return cur;
}
