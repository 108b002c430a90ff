/* What differs between a named formula the page prints and the
 * lesson's own form of the quantity it names, in a reader's words: "the
 * denominator differs: a term is missing: e^(2)", "a wrong exponent:
 * e^(2) where the lesson has e^(1)".  The lesson's form is built from
 * the row's exact data (expr/row_node.c); parts are compared by the
 * expression engine's identity (exattn_expr__same), so a part written
 * differently but equal is no difference.  Used by formula.c for a
 * FAIL. */
#include <stdlib.h>
#include <string.h>
#include "audit/decide.h"
#include "claims/check.h"
#include "expr/expr.h"
#include "expr/row_node.h"

#define MAX_TERMS 64            /* terms of a sum compared one by one */
#define SHOWN 60                /* bytes of a part the note shows */

/* The terms of a sum, flattened into out[*n..]; *over when there are
 * more than MAX_TERMS. */
static void
terms(const exattn_xnode **out, size_t *n, int *over, const exattn_xnode *x)
{
    if (*over)
        return;
    if (x->op == EXATTN_X_ADD)
    {
        terms(out, n, over, x->a);
        terms(out, n, over, x->b);
        return;
    }
    if (*n >= MAX_TERMS)
        *over = 1;
    else
        out[(*n)++] = x;
}

static void
part(exattn_sbuf *b, const exattn_xnode *x)
{
    char *s = exattn_expr__print(x, 0, 0, SHOWN);

    exattn_sbuf__puts(b, s ? s : "(a long form)");
    free(s);
}

static int
is_exponential(const exattn_xnode *x)
{
    return x->op == EXATTN_X_EXP
           || (x->op == EXATTN_X_POW && x->a != NULL
               && x->a->op == EXATTN_X_E);
}

/* One part for another: an exponent, or the whole part. */
static void
one_for_another(exattn_sbuf *b, const exattn_xnode *p, const exattn_xnode *t)
{
    exattn_sbuf__puts(b, is_exponential(p) && is_exponential(t)
                             ? "a wrong exponent: " : "");
    part(b, p);
    exattn_sbuf__puts(b, " where the lesson has ");
    part(b, t);
}

/* Two sums, term by term: which the page lacks, adds or changes. */
static void
sums(exattn_sbuf *b, const exattn_xnode *p, const exattn_xnode *t)
{
    const exattn_xnode *pt[MAX_TERMS], *tt[MAX_TERMS];
    size_t np = 0, nt = 0, i, j, lp = 0, lt = 0, ip = 0, it = 0;
    unsigned char used[MAX_TERMS] = { 0 };
    int paired, over = 0;

    terms(pt, &np, &over, p);
    terms(tt, &nt, &over, t);
    if (over)
    {
        one_for_another(b, p, t);
        return;
    }
    for (i = 0; i < np; i++)
    {
        for (paired = 0, j = 0; j < nt && !paired; j++)
            if (!used[j] && exattn_expr__same(pt[i], tt[j]))
                used[j] = 1, paired = 1;
        if (!paired)
            lp++, ip = i;
    }
    for (j = 0; j < nt; j++)
        if (!used[j])
            lt++, it = j;
    if (lp == 0 && lt == 1)
    {
        exattn_sbuf__puts(b, "a term is missing: ");
        part(b, tt[it]);
    }
    else if (lp == 1 && lt == 0)
    {
        exattn_sbuf__puts(b, "an extra term: ");
        part(b, pt[ip]);
    }
    else if (lp == 1 && lt == 1)
        one_for_another(b, pt[ip], tt[it]);
    else if (np == 1)
        /* another shape (a quotient of sums for a sum): nothing pairs */
        exattn_sbuf__printf(b, "one term where the lesson's form is a sum "
                            "of %zu", nt);
    else if (nt == 1)
        exattn_sbuf__printf(b, "a sum of %zu terms where the lesson's form "
                            "is one", np);
    else if (np != nt)
        exattn_sbuf__printf(b, "%zu terms where the lesson has %zu", np, nt);
    else
        exattn_sbuf__printf(b, "%zu of its %zu terms differ", lp, np);
}

/* A quotient whose two parts differ: one change made in both (e^2 for
 * e^1 in e^2/(e^0+e^2)), or each part's change. */
static void
both_differ(exattn_sbuf *b, const exattn_xnode *p, const exattn_xnode *t)
{
    exattn_sbuf num, den;

    exattn_sbuf__init(&num);
    exattn_sbuf__init(&den);
    sums(&num, p->a, t->a);
    sums(&den, p->b, t->b);
    if (num.s != NULL && den.s != NULL && strcmp(num.s, den.s) == 0)
        exattn_sbuf__printf(b, "%s, in the numerator and the denominator",
                            num.s);
    else
        exattn_sbuf__printf(b, "the numerator differs: %s; the denominator: "
                            "%s", num.s ? num.s : "?", den.s ? den.s : "?");
    exattn_sbuf__clear(&num);
    exattn_sbuf__clear(&den);
}

static void
differ(exattn_sbuf *b, const exattn_xnode *p, const exattn_xnode *t)
{
    if (p->op == EXATTN_X_DIV && t->op == EXATTN_X_DIV)
    {
        int num = exattn_expr__same(p->a, t->a);
        int den = exattn_expr__same(p->b, t->b);

        if (num && !den)
        {
            exattn_sbuf__puts(b, "the denominator differs: ");
            sums(b, p->b, t->b);
        }
        else if (!num && den)
        {
            exattn_sbuf__puts(b, "the numerator differs: ");
            sums(b, p->a, t->a);
        }
        else
            both_differ(b, p, t);
        return;
    }
    if (p->op == EXATTN_X_ADD || t->op == EXATTN_X_ADD)
        sums(b, p, t);
    else
        one_for_another(b, p, t);
}

/* The lesson's own form of c: a row quantity built from its exact data
 * (in *pool, with *row), or an intermediate's own expression (Z[i]);
 * NULL when c has none. */
static const exattn_xnode *
lesson_node(const exattn_audit_candidate *c, exattn_expr **pool,
            exattn_row **row)
{
    const exattn_claim *cl = &c->claim;
    exattn_error_t local;

    *pool = NULL;
    *row = NULL;
    exattn_error_init(&local);
    if (cl->lesson != NULL && cl->target == EXATTN_TARGET_ROW
        && (*pool = exattn_expr__pool("lesson")) != NULL
        && exattn_row_new(row, cl->lesson, cl->row, &local) == EXATTN_OK)
        return exattn_expr__row_node(*pool, *row, cl->kind, cl->key,
                                     cl->col, &local);
    if (cl->target == EXATTN_TARGET_EXPR && cl->expr != NULL)
        return cl->expr->root;
    return NULL;
}

char *
exattn_audit__lesson_form(const exattn_audit_candidate *c, unsigned flags)
{
    exattn_expr *pool;
    exattn_row *row;
    const exattn_xnode *n = lesson_node(c, &pool, &row);
    char *s = n ? exattn_expr__print(n, flags, 0, 0) : NULL;

    exattn_row_free(row);
    exattn_expr_free(pool);
    return s;
}

char *
exattn_audit__what_differs(const exattn_audit_candidate *c,
                           const char *text, char **form)
{
    exattn_expr *page = NULL, *pool;
    const exattn_xnode *truth;
    exattn_row *row;
    exattn_error_t local;
    exattn_sbuf b;

    *form = NULL;
    exattn_error_init(&local);
    truth = lesson_node(c, &pool, &row);
    if (truth == NULL
        || exattn_expr_parse(&page, text, strlen(text), "page", &local)
               != EXATTN_OK)
    {
        exattn_row_free(row);
        exattn_expr_free(pool);
        return NULL;
    }
    *form = exattn_expr__print(truth, 0, 0, 2 * SHOWN);
    exattn_sbuf__init(&b);
    differ(&b, page->root, truth);
    exattn_expr_free(page);
    exattn_row_free(row);
    exattn_expr_free(pool);
    return exattn_sbuf__take(&b);
}
