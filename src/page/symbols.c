/* The symbols a page defines in closed form ("Z_{1} = e^{1}+e^{2}",
 * "s_{1,2} = \frac{1}{\sqrt{2}}"), so that a later formula written in
 * them ("\frac{e^{1}}{Z_{1}}") can be read as the closed form it names
 * (docs/cli.md, "Named formulas").  A symbol means its latest
 * definition above the formula; names are compared with their spaces
 * removed and a one-character index braced (Z_1 is Z_{1}).  A hash table keeps a page of many definitions linear. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/page.h"

typedef struct
{
    char *name;                 /* spaces removed */
    char *expr;                 /* exattn's syntax, bracketed */
    int named;                  /* irrational in form: an exponential, a
                                   root, a function */
} definition;

typedef struct
{
    exattn_page_generic g;
    char *body;                 /* TeX, as the page wrote it */
} generic;

/* Letters a page may define generically, at most */
#define MAX_GENERICS 64

struct exattn_page_symbols
{
    definition *slots;
    size_t cap, count;          /* cap a power of two, or 0 */
    generic *generics;          /* a page defines few letters */
    size_t generic_count;
};

exattn_page_symbols *
exattn_page__symbols_new(void)
{
    return calloc(1, sizeof(exattn_page_symbols));
}

void
exattn_page__symbols_free(exattn_page_symbols *t)
{
    size_t k;

    if (t == NULL)
        return;
    for (k = 0; k < t->cap; k++)
    {
        free(t->slots[k].name);
        free(t->slots[k].expr);
    }
    free(t->slots);
    for (k = 0; k < t->generic_count; k++)
        free(t->generics[k].body);
    free(t->generics);
    free(t);
}

/* The name [s, s + n) without its spaces, in `out` (NUL-terminated);
 * its length, or (size_t)-1 when longer than `size` allows. */
static size_t
normalize(const char *s, size_t n, char *out, size_t size)
{
    size_t k, m = 0;

    for (k = 0; k < n; k++)
    {
        if (isspace((unsigned char)s[k]))
            continue;
        if (m + 4 >= size)
            return (size_t)-1;
        out[m++] = s[k];
        /* Z_1 is Z_{1} */
        if (s[k] == '_' && k + 1 < n && s[k + 1] != '{'
            && !isspace((unsigned char)s[k + 1]))
        {
            out[m++] = '{';
            out[m++] = s[++k];
            out[m++] = '}';
        }
    }
    out[m] = '\0';
    return m;
}

static size_t
hash(const char *s)
{
    size_t h = 2166136261u;

    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The slot of `name`: its own, or the empty one where it would go. */
static definition *
slot_of(const exattn_page_symbols *t, const char *name)
{
    size_t k = hash(name) & (t->cap - 1);

    while (t->slots[k].name != NULL && strcmp(t->slots[k].name, name) != 0)
        k = (k + 1) & (t->cap - 1);
    return &t->slots[k];
}

/* Double the table; 0 when out of memory. */
static int
grow(exattn_page_symbols *t)
{
    exattn_page_symbols bigger = { NULL, t->cap ? 2 * t->cap : 64, 0,
                                   NULL, 0 };
    size_t k;

    if ((bigger.slots = calloc(bigger.cap, sizeof *bigger.slots)) == NULL)
        return 0;
    for (k = 0; k < t->cap; k++)
        if (t->slots[k].name != NULL)
            *slot_of(&bigger, t->slots[k].name) = t->slots[k];
    free(t->slots);
    t->slots = bigger.slots;
    t->cap = bigger.cap;
    return 1;
}

int
exattn_page__symbols_define(exattn_page_symbols *t, const char *name,
                            size_t n, const char *expr, int named)
{
    char key[EXATTN_PAGE_SYMBOL_MAX + 1];
    definition *d;
    char *copy;

    if (normalize(name, n, key, sizeof key) == (size_t)-1)
        return 1;               /* too long to be a symbol: not kept */
    if ((t->count + 1) * 2 > t->cap && !grow(t))
        return 0;
    if ((copy = malloc(strlen(expr) + 3)) == NULL)
        return 0;
    copy[0] = '(';
    strcpy(copy + 1, expr);
    strcat(copy, ")");
    d = slot_of(t, key);
    if (d->name == NULL)
    {
        if ((d->name = exattn_str__dup(key)) == NULL)
        {
            free(copy);
            return 0;
        }
        t->count++;
    }
    free(d->expr);
    d->expr = copy;
    d->named = named;
    return 1;
}

void
exattn_page__symbols_forget(exattn_page_symbols *t, const char *name,
                            size_t n)
{
    char key[EXATTN_PAGE_SYMBOL_MAX + 1];
    definition *d;

    if (t == NULL || t->cap == 0
        || normalize(name, n, key, sizeof key) == (size_t)-1)
        return;
    d = slot_of(t, key);
    free(d->expr);              /* its name stays, as a slot in use */
    d->expr = NULL;
}

const char *
exattn_page__symbols_find(const exattn_page_symbols *t, const char *name,
                          size_t n, int *named)
{
    char key[EXATTN_PAGE_SYMBOL_MAX + 1];
    const definition *d;

    if (t == NULL || t->cap == 0
        || normalize(name, n, key, sizeof key) == (size_t)-1)
        return NULL;
    d = slot_of(t, key);
    if (d->name == NULL || d->expr == NULL)
        return NULL;
    *named = d->named;
    return d->expr;
}

int
exattn_page__symbols_generic(exattn_page_symbols *t,
                             const exattn_page_generic *g, const char *body,
                             size_t n)
{
    generic *at = NULL, *more;
    char *copy = malloc(n + 1);
    size_t k;

    if (copy == NULL)
        return 0;
    memcpy(copy, body, n);
    copy[n] = '\0';
    for (k = 0; k < t->generic_count && at == NULL; k++)
        if (strcmp(t->generics[k].g.base, g->base) == 0
            && t->generics[k].g.count == g->count)
            at = &t->generics[k];
    if (at == NULL && t->generic_count == MAX_GENERICS)
    {
        free(copy);
        return 1;               /* a page of so many letters: not kept */
    }
    if (at == NULL)
    {
        if ((more = realloc(t->generics, (t->generic_count + 1)
                                             * sizeof *more)) == NULL)
        {
            free(copy);
            return 0;
        }
        t->generics = more;
        at = &more[t->generic_count++];
        at->body = NULL;
    }
    free(at->body);
    at->g = *g;
    at->body = copy;
    return 1;
}

char *
exattn_page__symbols_instance(const exattn_page_symbols *t, const char *sym,
                              size_t n)
{
    char *body;
    size_t k;

    for (k = 0; t != NULL && k < t->generic_count; k++)
        if ((body = exattn_page__generic_at(&t->generics[k].g,
                                            t->generics[k].body, sym, n))
            != NULL)
            return body;
    return NULL;
}

/* A sum's marker byte, plain: "sum(" before its index, " in " and ": "
 * around its range, ")" at its end -- "sum(k in A_{9}: e^(s_{9,k}))".
 * *marks counts the separators seen in the current sum. */
static char *
sum_part(char *o, char mark, int *marks)
{
    const char *put = mark == EXATTN_PAGE_SUM[0] ? "sum("
                      : mark == EXATTN_PAGE_SUM[2] ? ")"
                      : (*marks)++ % 2 == 0 ? " in " : ": ";

    if (mark == EXATTN_PAGE_SUM[0])
        *marks = 0;
    while (*put)
        *o++ = *put++;
    return o;
}

char *
exattn_page__formula_plain(const char *expr)
{
    /* a marker byte becomes at most four ("sum(", " in ") */
    char *out = malloc(4 * strlen(expr) + 1), *o = out;
    int depth = 0, hidden = 0, sum_marks = 0;

    if (out == NULL)
        return NULL;
    /* hidden: the depth inside which a definition is skipped (0: none) */
    for (; *expr; expr++)
        if (*expr == EXATTN_PAGE_FREE_SYMBOL[0])
            depth++;
        else if (*expr == EXATTN_PAGE_FREE_SYMBOL[1])
        {
            if (hidden == depth)
                hidden = 0;
            depth -= depth > 0;
        }
        else if (*expr == EXATTN_PAGE_DEFINED[0]
                 || *expr == EXATTN_PAGE_GENERIC[0])
            hidden = hidden ? hidden : depth;
        else if (hidden)
            ;
        else if (*expr == EXATTN_PAGE_SUM[0] || *expr == EXATTN_PAGE_SUM[1]
                 || *expr == EXATTN_PAGE_SUM[2])
            o = sum_part(o, *expr, &sum_marks);
        else
            *o++ = *expr;
    *o = '\0';
    return out;
}
