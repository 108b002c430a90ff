/* A page's generic definitions: "s_{ij} = q_i^\top k_j" or
 * "s_{ij} = \exp(q_i \cdot k_j / \sqrt{d_k})" says what the page's letter
 * s means at every index, and so which of the lesson's quantities s_{2,1}
 * is -- the raw score, the scaled one, its exponential.  A later s_{2,1}
 * is read as the definition with i = 2 and j = 1 put into its subscripts
 * (docs/cli.md, "Named formulas").  This file reads a generic subject
 * (its letter and index variables) and writes a definition's body at a
 * concrete index; symbols.c keeps the definitions. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/page.h"

/* The brace group opening at s[k]: past its close, or 0. */
static size_t
group_past(const char *s, size_t k, size_t n)
{
    int depth = 0;

    for (; k < n; k++)
        if (s[k] == '{')
            depth++;
        else if (s[k] == '}' && --depth == 0)
            return k + 1;
    return 0;
}

/* The subscript of the symbol [s, s + n): the text of its index in
 * [*a, *b) and the letter before it (spaces removed) in `base`; 0 when
 * the symbol has no subscript at its end. */
static int
split_symbol(const char *s, size_t n, char *base, size_t size, size_t *a,
             size_t *b)
{
    size_t k, m = 0, u = 0;

    for (k = 0; k < n && s[k] != '_'; k++)
    {
        if (s[k] == '{')
        {
            size_t past = group_past(s, k, n);

            if (past == 0)
                return 0;
            /* a group of the letter (\mathbf{q}, ^{(1)}): copied whole */
            for (; k < past; k++)
                if (!isspace((unsigned char)s[k]) && m + 1 < size)
                    base[m++] = s[k];
            k--;
            continue;
        }
        if (!isspace((unsigned char)s[k]) && m + 1 < size)
            base[m++] = s[k];
    }
    base[m] = '\0';
    if (k >= n || m == 0 || m + 1 >= size)
        return 0;
    k++;
    if (k < n && s[k] == '{')
    {
        if ((u = group_past(s, k, n)) == 0)
            return 0;
        *a = k + 1;
        *b = u - 1;
    }
    else if (k < n && !isspace((unsigned char)s[k]))
    {
        *a = k;
        *b = u = k + 1;
    }
    else
        return 0;
    /* primes after the index belong to the letter */
    while (u < n && (s[u] == '\'' || isspace((unsigned char)s[u])))
        u++;
    return u == n;
}

/* Are [s + a, s + b) index variables only -- single small letters,
 * apart or between commas ("ij", "i,j", "t")?  Them, in vars, and their count;
 * 0 otherwise. */
static size_t
variables(const char *s, size_t a, size_t b, char vars[EXATTN_PAGE_VARS])
{
    size_t count = 0, k, v;

    for (k = a; k < b; k++)
    {
        if (isspace((unsigned char)s[k]) || s[k] == ',')
            continue;
        if (!islower((unsigned char)s[k]) || count == EXATTN_PAGE_VARS)
            return 0;
        for (v = 0; v < count; v++)
            if (vars[v] == s[k])
                return 0;       /* s_{ii}: a diagonal, not a definition */
        vars[count++] = s[k];
    }
    return count;
}

int
exattn_page__generic_subject(exattn_page_generic *g, const char *s, size_t n)
{
    size_t a, b;

    memset(g, 0, sizeof *g);
    if (!split_symbol(s, n, g->base, sizeof g->base, &a, &b))
        return 0;
    g->count = variables(s, a, b, g->vars);
    return g->count > 0;
}

/* The concrete indices of the symbol [s, s + n) written against g: each
 * index's text, split at top-level commas -- or digit by digit when
 * there is one index of exactly as many digits as g has variables
 * (s_{21} for s_{ij}).  0 when they do not fit. */
static int
indices(const exattn_page_generic *g, const char *s, size_t a, size_t b,
        size_t from[EXATTN_PAGE_VARS], size_t to[EXATTN_PAGE_VARS])
{
    size_t count = 0, k, start = a;
    int depth = 0;

    for (k = a; k <= b; k++)
    {
        if (k < b && s[k] == '{')
            depth++;
        else if (k < b && s[k] == '}')
            depth--;
        if (k < b && !(depth == 0 && s[k] == ','))
            continue;
        while (start < k && isspace((unsigned char)s[start]))
            start++;
        if (count == EXATTN_PAGE_VARS || start == k)
            return 0;
        from[count] = start;
        to[count] = k;
        while (to[count] > start && isspace((unsigned char)s[to[count] - 1]))
            to[count]--;
        count++;
        start = k + 1;
    }
    if (count == g->count)
        return 1;
    if (count != 1 || g->count < 2 || to[0] - from[0] != g->count)
        return 0;
    start = from[0];            /* the one index, digit by digit */
    for (k = 0; k < g->count; k++)
    {
        if (!isdigit((unsigned char)s[start + k]))
            return 0;
        from[k] = start + k;
        to[k] = start + k + 1;
    }
    return 1;
}

/* Is [s + a, s + b) made only of g's variables (and commas, spaces)? */
static int
only_variables(const exattn_page_generic *g, const char *s, size_t a,
               size_t b)
{
    size_t k;
    int any = 0;

    for (k = a; k < b; k++)
        if (isspace((unsigned char)s[k]) || s[k] == ',')
            continue;
        else if (memchr(g->vars, s[k], g->count) != NULL)
            any = 1;
        else
            return 0;
    return any;
}

int
exattn_page__generic_uses(const exattn_page_generic *g, const char *body,
                           size_t n)
{
    size_t k, end;

    for (k = 0; k + 1 < n; k++)
        if (body[k] == '_')
        {
            if (body[k + 1] != '{')
                end = k + 2;
            else if ((end = group_past(body, k + 1, n)) == 0)
                return 0;
            else
                end--;
            if (only_variables(g, body, k + 1 + (body[k + 1] == '{'), end))
                return 1;
        }
    return 0;
}

/* The subscript [a, b) of the body rewritten at the concrete index:
 * each variable replaced by its index, joined by commas. */
static void
put_subscript(exattn_sbuf *out, const exattn_page_generic *g,
              const char *body, size_t a, size_t b, const char *sym,
              const size_t from[], const size_t to[])
{
    size_t k, v;
    int first = 1;

    exattn_sbuf__puts(out, "_{");
    for (k = a; k < b; k++)
    {
        const char *at = memchr(g->vars, body[k], g->count);

        if (at == NULL)
            continue;
        v = (size_t)(at - g->vars);
        if (!first)
            exattn_sbuf__puts(out, ",");
        exattn_sbuf__putn(out, sym + from[v], to[v] - from[v]);
        first = 0;
    }
    exattn_sbuf__puts(out, "}");
}

char *
exattn_page__generic_at(const exattn_page_generic *g, const char *body,
                        const char *sym, size_t n)
{
    char base[sizeof g->base];
    size_t a, b, from[EXATTN_PAGE_VARS], to[EXATTN_PAGE_VARS], k, start,
        end, len = strlen(body);
    exattn_sbuf out;

    if (!split_symbol(sym, n, base, sizeof base, &a, &b)
        || strcmp(base, g->base) != 0 || !indices(g, sym, a, b, from, to))
        return NULL;
    exattn_sbuf__init(&out);
    for (k = 0; k < len; k++)
    {
        if (body[k] != '_' || k + 1 >= len)
        {
            exattn_sbuf__putn(&out, body + k, 1);
            continue;
        }
        start = k + 1;
        if (body[start] == '{')
        {
            if ((end = group_past(body, start, len)) == 0)
            {
                out.oom = 1;    /* an open group: no definition read */
                break;
            }
            start++;
            end--;
        }
        else
            end = start + 1;
        /* q_i, k_{j}, s_{ij}: the index put in; d_k, \sum_{l} as written */
        if (only_variables(g, body, start, end))
        {
            put_subscript(&out, g, body, start, end, sym, from, to);
            k = body[k + 1] == '{' ? end : end - 1;
        }
        else
            exattn_sbuf__putn(&out, body + k, 1);
    }
    if (out.oom)
    {
        exattn_sbuf__clear(&out);
        return NULL;
    }
    return exattn_sbuf__take(&out);
}
