/* Named formulas written in prose, outside math: the ASCII and Unicode
 * forms of a plain-text page, a mailing-list answer or exattn's own text
 * output -- exp(1)/(exp(1)+exp(2)+exp(0)), e^{√2}/(e^{√2}+e^{√2/2}),
 * 1/(1+e^-1), sqrt(2)/2 (docs/cli.md, "Named formulas").  Prose is cut
 * into pieces at relations (=, ≈), commas, semicolons, colons before a
 * space, line breaks and words; a piece is a named formula when it reads
 * whole in this grammar and names something (an exponential, a root, a
 * function) with an operator, a power or a call in it -- a lone "e" is a
 * letter.  The piece is written out in exattn's expression syntax, every
 * group in parentheses, for the audit to parse.  A symbol before "="
 * (w[apple], Z) is its subject.  The lesson's symbols in exattn's text
 * notation (a[2,1], H1[2,2], μ[2], Z9, ε) are kept for the audit, a
 * vector's entries are its subject's by place, and an output written
 * as Σ (w_1)·(v_1) + ... is read coordinate by coordinate.  The grammar
 * of a piece is prose_expr.c's. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/prose.h"

/* ---- pieces of prose ------------------------------------------------ */

/* Can byte k of the cleaned text be part of a prose formula? */
static int
prose_byte(const exattn_page_clean *c, size_t k)
{
    return !c->math[k]
           && !(c->where[k] & (EXATTN_PAGE_IN_CODE | EXATTN_PAGE_IN_HEADING
                               | EXATTN_PAGE_IN_LINK | EXATTN_PAGE_IN_ALT));
}

/* A relation at k (=, ≈, ~): its length, or 0. */
static size_t
relation_at(const char *t, size_t k, size_t stop)
{
    if (t[k] == '=' || t[k] == '~')
        return 1;
    if (k + 3 <= stop && memcmp(t + k, "\xe2\x89\x88", 3) == 0)
        return 3;
    return 0;
}

/* A word at k that ends a piece (letters that are no e, exp, sqrt, sin,
 * cos, ln, log), with an index or label after it ("w[apple]", "s_12");
 * its end, or k when there is none. */
static size_t
word_end(const char *t, size_t k, size_t stop)
{
#define KEPT(w) { w, sizeof w - 1 }
    /* with their lengths: asked for every word of the page's prose */
    static const struct
    {
        const char *word;
        size_t len;
    } kept[] = { KEPT("e"), KEPT("exp"), KEPT("sqrt"), KEPT("sin"),
                 KEPT("cos"), KEPT("ln"), KEPT("log") };
#undef KEPT
    size_t j = k, n;

    while (j < stop && isalpha((unsigned char)t[j]))
        j++;
    if (j == k)
        return k;
    for (n = 0; n < sizeof kept / sizeof *kept; n++)
        if (kept[n].len == j - k && kept[n].word[0] == t[k]
            && memcmp(t + k, kept[n].word, j - k) == 0)
            return k;
    for (;;)
    {
        /* w[apple], and o_{9,1} as TeX writes an index in plain text */
        if (j < stop && (t[j] == '[' || (t[j] == '{' && t[j - 1] == '_')))
        {
            const char *close = memchr(t + j, t[j] == '[' ? ']' : '}',
                                       stop - j);

            if (close == NULL || close - (t + j) > 40)
                break;
            j = (size_t)(close - t) + 1;
        }
        else if (j < stop && (t[j] == '_' || t[j] == '\''
                              || isalnum((unsigned char)t[j])))
            j++;
        else
            break;
    }
    return j;
}

/* The subject of a piece after the relation at rel: the word before it
 * ("w[apple]  = ..."), as [*a, *b); 0 when there is none. */
static int
prose_subject(const exattn_page_clean *c, size_t lo, size_t rel, size_t *a,
              size_t *b)
{
    const char *t = c->text.s;
    size_t k = rel, depth = 0;

    while (k > lo && (t[k - 1] == ' ' || t[k - 1] == '\t'))
        k--;
    *b = k;
    while (k > lo)
    {
        char ch = t[k - 1];

        if (ch == ']' || ch == '}')
            depth++;
        else if (ch == '[' || ch == '{')
        {
            if (depth == 0)
                break;
            depth--;
        }
        else if (depth == 0 && !(isalnum((unsigned char)ch) || ch == '_'
                                 || ch == '\''))
            break;
        k--;
    }
    *a = k;
    /* "weight·V1 = ..", "1/3·V4 = ..": the left side is a product, not
     * the symbol it ends in -- the whole of it is the subject */
    if (k > lo && (strchr("*/", t[k - 1]) != NULL
                   || (k >= lo + 2 && memcmp(t + k - 2, "\xc2\xb7", 2) == 0)
                   || (k >= lo + 2 && memcmp(t + k - 2, "\xc3\x97", 2) == 0)))
    {
        while (k > lo && !isspace((unsigned char)t[k - 1]) && t[k - 1] != ';'
               && t[k - 1] != ',')
            k--;
        *a = k;
        return *b > *a && depth == 0;
    }
    return *b > *a && isalpha((unsigned char)t[*a]) && depth == 0;
}

/* A vector's brackets around its entries, cut apart at its commas --
 * "(2e/(1 + e)" and "2/(1 + e))" -- are no part of either entry: an
 * opening bracket the piece never closes, or a closing one it never
 * opened, at its edges, is left out (with the spaces after it). */
static void
unbracket(const char *t, size_t *from, size_t *to)
{
    long depth = 0, low = 0;
    size_t k;

    /* an opener at its end, the word after it cut away: "e^{√2}/(..)
     * (NAMED)", "0.2 (rounded)" */
    while (*to > *from && t[*to - 1] == '(')
        for (--*to; *to > *from && isspace((unsigned char)t[*to - 1]);)
            --*to;
    for (k = *from; k < *to; k++)
    {
        depth += t[k] == '(';
        depth -= t[k] == ')';
        if (depth < low)
            low = depth;
    }
    /* closers with no opener: the piece ends in them */
    for (; low < 0 && *to > *from && t[*to - 1] == ')'; low++, depth++)
        --*to;
    for (; depth > 0 && *from < *to && t[*from] == '('; depth--)
        for (++*from; *from < *to && isspace((unsigned char)t[*from]);)
            ++*from;
}

/* Read the piece [from, to) (trimmed, a sentence's full stop left out);
 * after a relation at rel (or (size_t)-1), its subject is the word
 * before it. */
static void
piece(exattn_page_formula_list *l, const exattn_page_clean *c, size_t lo,
      size_t from, size_t to, size_t rel, size_t entry, int left_side)
{
    const char *t = c->text.s;
    size_t a = 0, b = 0;
    char *expr;

    while (from < to && isspace((unsigned char)t[from]))
        from++;
    while (to > from && (isspace((unsigned char)t[to - 1])
                         || t[to - 1] == '.'))
        to--;
    unbracket(t, &from, &to);
    if (to <= from
        || (expr = exattn_page__prose_translate(c, from, to)) == NULL)
        return;
    /* a left side in the lesson's symbols (1/3·V1 = ..) is what the
     * right side is set equal to, not a formula of its own */
    if (left_side && rel == (size_t)-1
        && strchr(expr, EXATTN_PAGE_FREE_SYMBOL[0]) != NULL)
    {
        free(expr);
        return;
    }
    if (rel == (size_t)-1 || !prose_subject(c, lo, rel, &a, &b))
        a = b = entry = 0;
    exattn_page__formula_push(l, c, from, to, expr, a, b, 1);
    if (!l->oom)
        l->items[l->count - 1].entry = entry;
}

/* The closing bracket of the group opening at k, or stop: within
 * EXATTN_PAGE_PROSE_PIECE bytes, so that a page of unclosed brackets
 * after every "=" stays linear. */
static size_t
group_close(const char *t, size_t k, size_t stop)
{
    size_t end = stop - k > EXATTN_PAGE_PROSE_PIECE
                     ? k + EXATTN_PAGE_PROSE_PIECE : stop;
    long depth = 0;

    for (; k < end; k++)
    {
        depth += t[k] == '(';
        depth -= t[k] == ')';
        if (depth == 0)
            return k;
    }
    return stop;
}

/* Does what follows a right side at k end it: the end of the run, a
 * relation, a separator, or a word in parentheses ("(NAMED)")?  Not an
 * operator -- "(√2, e) + (1, 1)" is no vector set equal to the left. */
static int
whole_side(const char *t, size_t k, size_t stop)
{
    while (k < stop && (t[k] == ' ' || t[k] == '\t'))
        k++;
    if (k >= stop || strchr(";,.\n\r=~", t[k]) != NULL
        || relation_at(t, k, stop) != 0)
        return 1;
    return t[k] == '(' && k + 1 < stop && isalpha((unsigned char)t[k + 1]);
}

/* Where a vector opens after the relation at rel (past spaces): a "("
 * with a comma at its own depth, closed, and not multiplied or raised
 * after it ("(e^1/Z)·(1,0)" is a product); (size_t)-1 when none. */
static size_t
vector_after(const char *t, size_t rel, size_t n, size_t stop)
{
    size_t k = rel + n, open, commas = 0, close;
    long depth = 0;

    while (k < stop && (t[k] == ' ' || t[k] == '\t'))
        k++;
    if (k >= stop || t[k] != '('
        || (close = group_close(t, k, stop)) >= stop)
        return (size_t)-1;
    /* commas at its own level: not inside an entry's brackets or an
     * index, a[2,1] */
    for (open = k; k < close; k++)
    {
        depth += (t[k] == '(' || t[k] == '[') - (t[k] == ')' || t[k] == ']');
        commas += t[k] == ',' && depth == 1;
    }
    if (commas == 0)
        return (size_t)-1;
    return whole_side(t, close + 1, stop) ? open : (size_t)-1;
}

/* A number of a vector written out at k ("-3", "5/2"): its end, or k. */
static size_t
vector_number(const char *t, size_t k, size_t stop)
{
    size_t j = k + (k < stop && t[k] == '-');
    size_t digits = j;

    while (j < stop && isdigit((unsigned char)t[j]))
        j++;
    if (j == digits)
        return k;
    if (j + 1 < stop && t[j] == '/' && isdigit((unsigned char)t[j + 1]))
        for (j++; j < stop && isdigit((unsigned char)t[j]); j++)
            ;
    return j;
}

#define MAX_WIDTH 64            /* coordinates of a weighted sum read */

/* The formula of each coordinate of a weighted sum at [from, end), its
 * subject at [a, b): the subject's entry j + 1. */
static void
push_coordinates(exattn_page_formula_list *l, const exattn_page_clean *c,
                 exattn_sbuf *coord, size_t width, size_t from, size_t end,
                 size_t a, size_t b)
{
    size_t j;
    char *expr;

    for (j = 0; j < width && !l->oom; j++)
    {
        if ((expr = exattn_sbuf__take(&coord[j])) == NULL)
        {
            l->oom = 1;
            return;
        }
        exattn_page__formula_push(l, c, from, end, expr, a, b, 1);
        if (!l->oom)
            l->items[l->count - 1].entry = j + 1;
    }
}

/* exattn's text notation for an output, "Σ (w_1)·(1,0) + (w_2)·(0,2)":
 * after the relation at rel, a sum of named weights times vectors of
 * numbers, read as one formula per coordinate (the weights times that
 * coordinate), each the subject's entry by place.  The end of what was
 * read, or 0 when it is not one. */
static size_t
weighted_sum(exattn_page_formula_list *l, const exattn_page_clean *c,
             size_t lo, size_t rel, size_t n, size_t stop)
{
    const char *t = c->text.s;
    exattn_sbuf coord[MAX_WIDTH];
    size_t k = rel + n, width = 0, terms = 0, j, close, a, b, from, end = 0;
    char *weight;
    int ok = 1;

    while (k < stop && t[k] == ' ')
        k++;
    if (k + 2 > stop || memcmp(t + k, "\xce\xa3", 2) != 0
        || !prose_subject(c, lo, rel, &a, &b))
        return 0;
    from = k;
    for (j = 0; j < MAX_WIDTH; j++)
        exattn_sbuf__init(&coord[j]);
    for (k += 2; ok; terms++)
    {
        while (k < stop && t[k] == ' ')
            k++;
        /* (weight)·(v_1, ..., v_d); a term that is not one leaves the
         * sum unread, never read short */
        if (k >= stop || t[k] != '(' || (close = group_close(t, k, stop))
                                            >= stop
            || (weight = exattn_page__prose_translate(c, k + 1, close))
                   == NULL)
        {
            ok = 0;
            break;
        }
        k = close + 1;
        if (k + 2 <= stop && memcmp(t + k, "\xc2\xb7", 2) == 0)
            k += 2;
        else
            ok = 0;
        for (j = 0; ok && k < stop && t[k] == (j ? ',' : '('); j++)
        {
            size_t e = vector_number(t, k + 1, stop);

            if (e == k + 1 || j == MAX_WIDTH || (terms && j >= width))
                ok = 0;
            else
                exattn_sbuf__printf(&coord[j], "%s(%s)*(%.*s)",
                                    terms ? "+" : "", weight,
                                    (int)(e - k - 1), t + k + 1);
            k = e;
        }
        free(weight);
        if (!ok || k >= stop || t[k] != ')' || j < 1
            || (terms && j != width))
            ok = 0;
        width = j;
        end = ++k;
        while (k < stop && t[k] == ' ')
            k++;
        if (k >= stop || t[k] != '+')
        {
            terms++;
            ok = ok && whole_side(t, end, stop);
            break;
        }
        k++;
    }
    if (ok && terms > 0)
        push_coordinates(l, c, coord, width, from, end, a, b);
    for (j = 0; j < MAX_WIDTH; j++)
        exattn_sbuf__clear(&coord[j]);
    return ok && terms > 0 ? end : 0;
}

/* The prose run [a, b): its pieces, cut at relations, separators and
 * words. */
static void
run(exattn_page_formula_list *l, const exattn_page_clean *c, size_t a,
    size_t b)
{
    const char *t = c->text.s;
    size_t k = a, start = a, rel = (size_t)-1, last_rel = (size_t)-1, n,
           end, vector = (size_t)-1, vector_rel = (size_t)-1, entry = 0,
           last_entry;
    long depth = 0;

    while (k <= b && !l->oom)
    {
        int cut = k == b, closing = 0;

        /* a vector set equal to a symbol, "u = (f1, f2)": its entries
         * are the symbol's, by place */
        if (k == vector)
            depth = 0, entry = 1;
        if (k < b && entry != 0)
        {
            depth += t[k] == '(';
            depth -= t[k] == ')';
            closing = depth <= 0 && t[k] == ')';
        }
        n = 1;
        if (closing)
            cut = 1;            /* its last entry ends here */
        else if (!cut && (n = relation_at(t, k, b)) != 0
                 && (end = weighted_sum(l, c, a, k, n, b)) != 0)
        {
            /* read whole: the piece before it, then on past it */
            piece(l, c, a, start, k, last_rel, 0, 1);
            last_rel = rel = (size_t)-1;
            start = k = end;
            continue;
        }
        else if (!cut && n != 0)
        {
            cut = 1, rel = k;
            if ((vector = vector_after(t, k, n, b)) != (size_t)-1)
                vector_rel = k;
        }
        else if (!cut && (end = exattn_page__prose_sum_end(t, k, b)) != 0)
            n = end - k;        /* Σ_{k∈A9} e^{s_k}·V_{k,1}: read whole */
        else if (!cut && !(t[k] == ',' && entry != 0 && depth > 1)
                 && (strchr(",;\n\r\"`!?", t[k]) != NULL
                          || (t[k] == ':' && k + 1 < b
                              && isspace((unsigned char)t[k + 1]))))
            cut = 1, n = 1;
        else if (!cut && isalpha((unsigned char)t[k])
                 && (k == a || !isalnum((unsigned char)t[k - 1]))
                 && (end = exattn_page__prose_indexed_symbol(t, k, b)) != 0)
            n = end - k;        /* a[2,1]: a symbol of the formula */
        else if (!cut && isalpha((unsigned char)t[k])
                 && (k == a || !isalnum((unsigned char)t[k - 1]))
                 && (end = word_end(t, k, b)) != k)
            cut = 1, n = end - k;
        else
            n = 1;
        if (cut)
        {
            /* a piece inside the vector, cut at its commas at its depth */
            last_entry = entry != 0 && (depth == 1 || closing) ? entry : 0;
            piece(l, c, a, start, k, last_entry ? vector_rel : last_rel,
                  last_entry, rel == k);
            if (last_entry && t[k] == ',')
                entry++;
            if (closing)
                entry = 0, vector_rel = (size_t)-1;
            last_rel = rel;
            rel = (size_t)-1;
            start = k + n;
        }
        k += n;
    }
}

int
exattn_page__prose_formulas(exattn_page_formula_list *l,
                            const exattn_page_clean *c)
{
    size_t k = 0, a;

    while (k < c->text.len && !l->oom)
    {
        if (!prose_byte(c, k))
        {
            k++;
            continue;
        }
        for (a = k; k < c->text.len && prose_byte(c, k); k++)
            ;
        run(l, c, a, k);
    }
    return !l->oom;
}
