/* The polynomial form of a built node, printed: a sum of terms, each a
 * coefficient times atoms, square roots and exponentials, with the
 * author's own radicals kept where the hints allow (√8 stays √8 when the
 * lesson wrote it so).  src/expr/print.c prints it when it is shorter
 * than the tree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "expr/print.h"

typedef exattn_pctx pctx;

void
exattn_pctx__sub_init(pctx *s, const pctx *b)
{
    exattn_sbuf__init(&s->out);
    s->labels = b->labels;
    s->root = b->root;
    /* an item longer than the whole printing's limit cannot fit in it:
     * stop there, or a shared atom expands without bound */
    s->limit = b->limit;
    s->over = 0;
    s->hint = b->hint;
    s->hint_count = b->hint_count;
    s->simplified = b->simplified;
}

/* Join items with · (text) or \cdot (LaTeX). */
static void
join(exattn_sbuf *out, char **items, size_t n, int tex)
{
    size_t i;

    for (i = 0; i < n; i++)
    {
        if (i)
            exattn_sbuf__puts(out, tex ? "\\cdot " : "·");
        exattn_sbuf__puts(out, items[i]);
    }
}

typedef struct
{
    char *item[80];
    size_t n;
    int lost;           /* an item past the limit or out of memory */
} items;

static void
items_add(items *it, char *s)
{
    if (s != NULL && it->n < sizeof it->item / sizeof *it->item)
        it->item[it->n++] = s;
    else
    {
        it->lost = 1;
        free(s);
    }
}

static void
items_clear(items *it)
{
    size_t i;

    for (i = 0; i < it->n; i++)
        free(it->item[i]);
    it->n = 0;
}

static char *
str_z(mpz_srcptr z)
{
    return mpz_get_str(NULL, 10, z);
}

/* √r for a rational r > 0: √5, √(5/3); \sqrt{5}, \sqrt{\frac{5}{3}} */
static char *
root_item(mpq_srcptr r, int tex)
{
    exattn_sbuf s;
    char *num = str_z(mpq_numref(r)), *den = str_z(mpq_denref(r));
    int whole = mpz_cmp_ui(mpq_denref(r), 1) == 0;

    exattn_sbuf__init(&s);
    if (tex && whole)
        exattn_sbuf__printf(&s, "\\sqrt{%s}", num);
    else if (tex)
        exattn_sbuf__printf(&s, "\\sqrt{\\frac{%s}{%s}}", num, den);
    else if (whole)
        exattn_sbuf__printf(&s, "√%s", num);
    else
        exattn_sbuf__printf(&s, "√(%s/%s)", num, den);
    free(num);
    free(den);
    return exattn_sbuf__take(&s);
}

/* b^(p/q): 2^{1/3}, 2^{\frac{1}{3}} */
static char *
power_item(mpz_srcptr base, mpq_srcptr e, int tex)
{
    exattn_sbuf s;
    char *bs = str_z(base), *p = str_z(mpq_numref(e)),
         *q = str_z(mpq_denref(e));

    exattn_sbuf__init(&s);
    exattn_sbuf__printf(&s, tex ? "%s^{\\frac{%s}{%s}}" : "%s^{%s/%s}", bs,
                        p, q);
    free(bs);
    free(p);
    free(q);
    return exattn_sbuf__take(&s);
}

/* e^X: e, e^2, e^{1/2}, e^{√2/4} */
static char *
exp_item(const pctx *b, const exattn_lpoly *x, int tex)
{
    pctx s;
    mpq_srcptr c = exattn_lpoly__coef(x, 0);
    int constant = exattn_lpoly__terms(x) == 1
                   && exattn_lpoly__factors(x, 0) == 0
                   && exattn_lpoly__radicals(x, 0) == 0
                   && exattn_lpoly__expo(x, 0) == NULL;

    exattn_pctx__sub_init(&s, b);
    if (constant && mpq_cmp_ui(c, 1, 1) == 0)
        exattn_pctx__put(&s, "e");
    else if (constant && mpz_cmp_ui(mpq_denref(c), 1) == 0
             && mpq_sgn(c) > 0 && !tex)
    {
        exattn_pctx__put(&s, "e^");
        exattn_pctx__poly(&s, x, tex);
    }
    else
    {
        exattn_pctx__put(&s, "e^{");
        exattn_pctx__poly(&s, x, tex);
        exattn_pctx__put(&s, "}");
    }
    return exattn_pctx__take(&s);
}

/* N, the product of a term's square-root bases. */
static void
root_product(mpz_t n, const exattn_lpoly *p, size_t k)
{
    mpq_srcptr e;
    mpz_srcptr base;
    size_t i;

    mpz_set_ui(n, 1);
    for (i = 0; i < exattn_lpoly__radicals(p, k); i++)
    {
        base = exattn_lpoly__radical(p, k, i, &e);
        if (mpq_cmp_ui(e, 1, 2) == 0)
            mpz_mul(n, n, base);
    }
}

/* One term, without its sign, as num/den: |c|·√N written as kc·√r
 * (`below` 0) or kc/√r (`below` 1); r NULL when N = 1. */
static char *
term_text(const pctx *b, const exattn_lpoly *p, size_t k, int tex,
          mpq_srcptr kc, mpq_srcptr r, int below)
{
    items num = { { 0 }, 0, 0 }, den = { { 0 }, 0, 0 };
    mpq_srcptr e;
    mpz_srcptr base;
    exattn_sbuf out;
    size_t i;
    long ex;
    const exattn_xnode *a;

    if (mpz_cmp_ui(mpq_numref(kc), 1) != 0)
        items_add(&num, str_z(mpq_numref(kc)));
    if (r != NULL && !below)
        items_add(&num, root_item(r, tex));
    for (i = 0; i < exattn_lpoly__radicals(p, k); i++)
    {
        base = exattn_lpoly__radical(p, k, i, &e);
        if (mpq_cmp_ui(e, 1, 2) != 0)
            items_add(&num, power_item(base, e, tex));
    }
    if (exattn_lpoly__expo(p, k) != NULL)
        items_add(&num, exp_item(b, exattn_lpoly__expo(p, k), tex));
    for (i = 0; i < exattn_lpoly__factors(p, k); i++)
    {
        a = exattn_lpoly__factor(p, k, i, &ex);
        if (ex > 0)
            items_add(&num, exattn_pctx__atom(b, a, ex, tex));
    }
    if (mpz_cmp_ui(mpq_denref(kc), 1) != 0)
        items_add(&den, str_z(mpq_denref(kc)));
    if (r != NULL && below)
        items_add(&den, root_item(r, tex));
    for (i = 0; i < exattn_lpoly__factors(p, k); i++)
    {
        a = exattn_lpoly__factor(p, k, i, &ex);
        if (ex < 0)
            items_add(&den, exattn_pctx__atom(b, a, ex, tex));
    }
    if (num.lost || den.lost)
    {
        items_clear(&num);
        items_clear(&den);
        return NULL;
    }
    exattn_sbuf__init(&out);
    if (tex && den.n)
        exattn_sbuf__puts(&out, "\\frac{");
    if (num.n == 0)
        exattn_sbuf__puts(&out, "1");
    join(&out, num.item, num.n, tex);
    if (den.n)
    {
        exattn_sbuf__puts(&out, tex ? "}{" : "/");
        if (!tex && den.n > 1)
            exattn_sbuf__puts(&out, "(");
        join(&out, den.item, den.n, tex);
        exattn_sbuf__puts(&out, tex ? "}" : den.n > 1 ? ")" : "");
    }
    items_clear(&num);
    items_clear(&den);
    return exattn_sbuf__take(&out);
}

/* out = √x when x is the square of a rational. */
static int
rational_sqrt(mpq_t out, const mpq_t x)
{
    if (mpq_sgn(x) < 0 || !mpz_perfect_square_p(mpq_numref(x))
        || !mpz_perfect_square_p(mpq_denref(x)))
        return 0;
    mpz_sqrt(mpq_numref(out), mpq_numref(x));
    mpz_sqrt(mpq_denref(out), mpq_denref(x));
    return 1;
}

/* The ways to write |c|·√N: kc·√r or kc/√r.  Way 0: |c|·√N; 1: a/√(b²/N)
 * (c = a/b); 2: 1/√(b²/(a²N)); then for each radicand q the expression
 * itself takes a root of (hints), q·k or k/√q when k is rational -- so
 * 2/√(100001/100000) keeps the lesson's 1 + ε.  0 when way w does not
 * apply. */
static int
root_way(mpq_t kc, mpq_t r, int *below, const pctx *b, mpq_srcptr c,
         mpz_srcptr n, size_t w)
{
    mpq_t t;
    int ok = 1;

    mpq_abs(kc, c);
    mpz_set(mpq_numref(r), n);
    mpz_set_ui(mpq_denref(r), 1);
    *below = w != 0;
    if (w == 1 || w == 2)
    {
        mpz_mul(mpq_numref(r), mpq_denref(c), mpq_denref(c));
        mpz_set(mpq_denref(r), n);
        if (w == 2)
        {
            mpz_mul(mpq_denref(r), mpq_denref(r), mpq_numref(c));
            mpz_mul(mpq_denref(r), mpq_denref(r), mpq_numref(c));
        }
        mpq_canonicalize(r);
        mpz_abs(mpq_numref(kc), w == 1 ? mpq_numref(c) : mpq_numref(kc));
        if (w == 2)
            mpz_set_ui(mpq_numref(kc), 1);
        mpz_set_ui(mpq_denref(kc), 1);
    }
    else if (w >= 3)
    {
        size_t h = (w - 3) / 2;

        if (h >= b->hint_count)
            return 0;
        *below = (w - 3) % 2 == 0;
        mpq_init(t);
        /* kc² = c² N q (below) or c² N / q (above) */
        mpq_mul(t, c, c);
        mpz_mul(mpq_numref(t), mpq_numref(t), n);
        mpq_canonicalize(t);
        if (*below)
            mpq_mul(t, t, b->hint[h]);
        else
            mpq_div(t, t, b->hint[h]);
        ok = rational_sqrt(kc, t);
        mpq_set(r, b->hint[h]);
        mpq_clear(t);
    }
    return ok;
}

/* A node by its polynomial form: c·a·b/(d·e) + ..., each term's square
 * roots written the shortest way (chosen on the text, so that text and
 * LaTeX agree; a radicand of the expression first on a tie). */
void
exattn_pctx__poly(pctx *b, const exattn_lpoly *p, int tex)
{
    size_t k, w, best = 0, shortest = 0;
    mpq_t kc, r;
    mpz_t n;
    char *x;
    int below, found;

    mpq_inits(kc, r, (mpq_ptr)0);
    mpz_init(n);
    if (exattn_lpoly__terms(p) == 0)
        exattn_pctx__put(b, "0");
    for (k = 0; !b->over && k < exattn_lpoly__terms(p); k++)
    {
        mpq_srcptr c = exattn_lpoly__coef(p, k);

        if (mpq_sgn(c) < 0)
            exattn_pctx__put(b, "-");
        else if (k)
            exattn_pctx__put(b, "+");
        root_product(n, p, k);
        found = 0;
        for (w = 3 + 2 * b->hint_count; mpz_cmp_ui(n, 1) != 0 && w-- > 0;)
        {
            if (!root_way(kc, r, &below, b, c, n, w))
                continue;
            x = term_text(b, p, k, 0, kc, r, below);
            if (x != NULL && (!found || strlen(x) < shortest))
            {
                found = 1;
                best = w;
                shortest = strlen(x);
            }
            free(x);
        }
        if (found)
        {
            root_way(kc, r, &below, b, c, n, best);
            x = term_text(b, p, k, tex, kc, r, below);
        }
        else
        {
            mpq_abs(kc, c);
            x = term_text(b, p, k, tex, kc, NULL, 0);
        }
        if (x != NULL)
            exattn_pctx__put(b, x);
        else
            b->over = 1;        /* past the limit, or out of memory */
        free(x);
    }
    mpq_clears(kc, r, (mpq_ptr)0);
    mpz_clear(n);
}

