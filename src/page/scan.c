/* The scan of a cleaned page into lexemes (scan.h): numbers, fractions
 * and vectors as written, skipping words, indices, exponents, sets,
 * ranges, dates and a function's arguments. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "page/scan.h"

#define MAX_ENTRIES 4096


/* ---- the lexemes -------------------------------------------------------- */

static lexeme *
add(scanner *s, size_t start, size_t end)
{
    lexeme *l;

    if (s->count == s->cap)
    {
        size_t cap = s->cap ? 2 * s->cap : 32;

        if ((l = realloc(s->lx, cap * sizeof *l)) == NULL)
            return s->oom = 1, NULL;
        s->lx = l;
        s->cap = cap;
    }
    l = &s->lx[s->count++];
    memset(l, 0, sizeof *l);
    l->start = start;
    l->end = end;
    return l;
}

static int
push_value(scanner *s, lexeme *l, exattn_sbuf *text, int decimal,
           size_t from, size_t to)
{
    char **v;
    unsigned char *d;
    size_t *f, cap = l->cap ? 2 * l->cap : 4;

    if (text->oom)
        return s->oom = 1, 0;
    /* room for twice as many entries when it is full: a vector of a
     * hundred entries is a few reallocations, not four hundred */
    if (l->count == l->cap)
    {
        if ((v = realloc(l->values, cap * sizeof *v)) == NULL)
            return s->oom = 1, 0;
        l->values = v;
        if ((d = realloc(l->decimal, cap)) == NULL)
            return s->oom = 1, 0;
        l->decimal = d;
        if ((f = realloc(l->from, cap * sizeof *f)) == NULL)
            return s->oom = 1, 0;
        l->from = f;
        if ((f = realloc(l->to, cap * sizeof *f)) == NULL)
            return s->oom = 1, 0;
        l->to = f;
        l->cap = cap;
    }
    l->from[l->count] = from;
    l->to[l->count] = to;
    l->values[l->count] = exattn_sbuf__take(text);
    l->decimal[l->count++] = (unsigned char)decimal;
    exattn_sbuf__init(text);
    return l->values[l->count - 1] != NULL || (s->oom = 1, 0);
}

/* A list of numbers from i (just past its opening), separated by `seps`
 * and closed by `close`: its end past the closing, or 0 (then nothing is
 * kept).  At least `least` entries. */
static size_t
list_at(scanner *s, size_t open, size_t i, const char *seps,
        const char *close, size_t least)
{
    lexeme *l;
    exattn_sbuf text;
    size_t k, count = 0;
    int decimal;

    for (k = i;;)
    {
        k = exattn_page__skip_spaces(s, k);
        if (exattn_page__number_at(s, k, NULL, &decimal) == 0)
            return 0;
        k = exattn_page__number_at(s, k, NULL, &decimal);
        if (exattn_page__attached_after(s, k))
            return 0;
        count++;
        k = exattn_page__skip_spaces(s, k);
        if (strncmp(s->t + k, close, strlen(close)) == 0 && k < s->len)
            break;
        if (k >= s->len || !strchr(seps, s->t[k]) || count >= MAX_ENTRIES)
            return 0;
        k += s->t[k] == '\\' ? 2 : 1;
    }
    if (count < least || (l = add(s, open, k + strlen(close))) == NULL)
        return 0;
    l->vector = 1;
    exattn_sbuf__init(&text);
    for (k = i;;)
    {
        size_t item;

        k = exattn_page__skip_spaces(s, k);
        item = k;
        k = exattn_page__number_at(s, k, &text, &decimal);
        if (!push_value(s, l, &text, decimal, item, k))
            break;
        k = exattn_page__skip_spaces(s, k);
        if (strncmp(s->t + k, close, strlen(close)) == 0)
            break;
        k += s->t[k] == '\\' ? 2 : 1;
    }
    exattn_sbuf__clear(&text);
    return l->end;
}

/* A vector at i: [..] or (..), \left[ .. \right], a bmatrix of one row or
 * one column.  Its end, or 0. */
static size_t
vector_at(scanner *s, size_t i)
{
    unsigned long cp = exattn_page__before(s, i);
    size_t k = i, end;

    /* score(1,1), f(x): arguments, not a vector; a matrix environment
     * is a vector wherever it stands (a factor is dropped later) */
    if (s->c->math[i] && strncmp(s->t + i, "\\left", 5) == 0)
        k = i + 5;
    else if (cp && strncmp(s->t + i, "\\begin{", 7) != 0
             && (exattn_page__is_letter_cp(cp)
                 || (cp < 0x80 && isdigit((int)cp)) || cp == ')'
                 || cp == ']' || cp == '\'')
             && !exattn_page__after_relation(s, i))
        return 0;       /* x'[2,1]: an index */
    if (s->c->math[i] && strncmp(s->t + i, "\\begin{", 7) == 0)
    {
        static const char *const kinds[] = { "bmatrix}", "pmatrix}",
                                             "matrix}", "Bmatrix}" };
        size_t j;

        for (j = 0; j < 4; j++)
            if (strncmp(s->t + i + 7, kinds[j], strlen(kinds[j])) == 0)
                break;
        if (j == 4)
            return 0;
        char close[24];

        k = i + 7 + strlen(kinds[j]);
        snprintf(close, sizeof close, "\\end{%s", kinds[j]);
        /* one row (& between entries) or one column (\\ between), closed
         * by its own \end{...} */
        /* a matrix of one entry is a vector of one: [2] in w_1[2] */
        if ((end = list_at(s, i, k, "&", close, 1)) != 0
            || (end = list_at(s, i, k, "\\", close, 1)) != 0)
            return end;
        return 0;
    }
    if (k >= s->len || (s->t[k] != '[' && s->t[k] != '('))
        return 0;
    end = list_at(s, i, k + 1, ",;",
                  s->t[k] == '[' ? (k > i ? "\\right]" : "]")
                                 : (k > i ? "\\right)" : ")"), 2);
    return end;
}

/* ---- math commands ------------------------------------------------------ */

/* A command at i (math): where scanning goes on.  \sqrt's radicand,
 * \text's words and an index or exponent are not results. */
static size_t
command(const scanner *s, size_t i)
{
    static const char *const silent[] = {
        "text", "mathrm", "textrm", "mathit", "mathsf", "mathbf",
        "operatorname", "label", "tag", "textbf", "textit", "mbox",
        "hbox", "mathtt", "texttt"
    };
    size_t k = i + 1, n, j;

    while (k < s->len && isalpha((unsigned char)s->t[k]))
        k++;
    n = k - i - 1;
    if (n == 0)
        return k + 1 < s->len ? k + 1 : s->len;
    if ((n == 4 && strncmp(s->t + i + 1, "frac", 4) == 0)
        || (n == 5 && (strncmp(s->t + i + 1, "tfrac", 5) == 0
                       || strncmp(s->t + i + 1, "dfrac", 5) == 0)))
        /* not a fraction of two integers (number_at read those): a
         * formula, whose numbers are its parts, not results */
        return exattn_page__skip_argument(s, exattn_page__skip_argument(s, k));
    if (n == 4 && strncmp(s->t + i + 1, "sqrt", 4) == 0)
    {
        k = exattn_page__skip_spaces(s, k);
        if (k < s->len && s->t[k] == '[')
            while (k < s->len && s->t[k] != ']')
                k++;
        return exattn_page__skip_argument(s, k < s->len && s->t[k] == ']'
                                                 ? k + 1 : k);
    }
    for (j = 0; j < sizeof silent / sizeof *silent; j++)
        if (strlen(silent[j]) == n && strncmp(s->t + i + 1, silent[j], n) == 0)
            return exattn_page__skip_argument(s, k);
    return k;
}

/* ---- the scan ---------------------------------------------------------- */

/* Past a word at i: the digits, hyphens and dots it carries, up to an
 * index or exponent in math. */
static size_t
word_end(const scanner *s, size_t i, int math)
{
    unsigned long cp;
    size_t n;

    for (; i < s->len; i += n)
    {
        cp = exattn_page__code_point(s->t, s->len, i, &n);
        if (math && (cp == '_' || cp == '^'))
            break;      /* an index or exponent follows */
        if (!(exattn_page__is_letter_cp(cp)
              || (cp < 0x80 && isdigit((int)cp))
              || ((cp == '-' || cp == '.') && i + 1 < s->len
                  && isdigit((unsigned char)s->t[i + 1]))))
            break;
    }
    return i;
}

/* "a-1", "2 -1": is the sign at i a minus between operands? */
static int
minus_between(const scanner *s, size_t i)
{
    unsigned long b = exattn_page__before(s, i);

    return b && (exattn_page__is_letter_cp(b)
                 || (b < 0x80 && isdigit((int)b))
                 || b == ')' || b == ']' || b == '}');
}

/* Where the scan goes on when the number at [i, end) is no value: past
 * an attached run or a date, a formula's term, "0/1", a range's end, a
 * function's argument; 0 when it is a value. */
static size_t
past_non_value(const scanner *s, size_t i, size_t end)
{
    size_t k;

    if (exattn_page__attached_after(s, end)
        || (end < s->len && s->t[end] == '/' && end + 1 < s->len
            && isdigit((unsigned char)s->t[end + 1])
            && memchr(s->t + i, '/', end - i) != NULL))
    {
        /* (and 12/05/2024: a date, not a fraction) */
        /* skip the whole attached run: 3.2.1, 2D */
        for (k = end; k < s->len && (isalnum((unsigned char)s->t[k])
                                     || s->t[k] == '.' || s->t[k] == '%');)
            k++;
        return k > end ? k : end;
    }
    if (exattn_page__formula_term(s, i, end)    /* 1 in 1+H_{2,2} */
        || (end - i == 3 && strncmp(s->t + i, "0/1", 3) == 0)  /* a mask */
        || exattn_page__range_end(s, i, end)    /* 1, \dots, n */
        || exattn_page__argument_of(s, i, end)) /* \sigma(0.5), f(2) */
        return end;
    return 0;
}

void
exattn_page__scan(scanner *s)
{
    exattn_sbuf text;
    size_t i = 0, k, n, end;
    unsigned long cp;
    int decimal;
    lexeme *l;

    exattn_sbuf__init(&text);
    while (i < s->len && !s->oom)
    {
        int math = s->c->math[i];
        char ch = s->t[i];

        if (s->c->where[i] & EXATTN_PAGE_IN_CODE)
        {
            i++;                /* code: never a number */
            continue;
        }
        if ((end = exattn_page__set_at(s, i)) != 0)
        {
            i = end;            /* \{1, 2\}: a set of indices */
            continue;
        }
        if ((ch == '[' || ch == '(' || (math && ch == '\\'))
            && (end = vector_at(s, i)) != 0)
        {
            /* w_{1}[1 0]: a factor, kept for the arithmetic around it */
            s->lx[s->count - 1].factor = exattn_page__vector_factor(s, i);
            i = end;
            continue;
        }
        if (math && ch == '\\')
        {
            if ((end = exattn_page__number_at(s, i, NULL, &decimal)) == 0)
            {
                i = command(s, i);
                continue;
            }
        }
        if (ch == '^' || (math && ch == '_'))
        {
            /* an exponent, in prose too (e^0, e^{√2/2}): never a result */
            i = exattn_page__skip_argument(s, i + 1);
            continue;
        }
        cp = exattn_page__code_point(s->t, s->len, i, &n);
        if (exattn_page__is_letter_cp(cp))
        {
            i = word_end(s, i + n, math);
            continue;
        }
        end = exattn_page__number_at(s, i, NULL, &decimal);
        if (end != 0 && exattn_page__sign_at(s, i) && minus_between(s, i))
            end = 0;
        if (end == 0)
        {
            i += n;
            continue;
        }
        if ((k = past_non_value(s, i, end)) != 0)
        {
            i = k;
            continue;
        }
        if ((l = add(s, i, end)) == NULL)
            break;
        exattn_page__number_at(s, i, &text, &decimal);
        push_value(s, l, &text, decimal, i, end);
        i = end;
    }
    exattn_sbuf__clear(&text);
}
