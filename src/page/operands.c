/* The page's own arithmetic between numbers: the operator a gap holds
 * ("+", " / ", ") + ("), the arithmetic a result is ("2.028/5.056"),
 * whether a number is an operand. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "page/scan.h"

#define MAX_OPERANDS 32

typedef struct
{
    const char *text;
    char op;
} gap_op;

static const gap_op gap_ops[] = {
    { "+", '+' }, { "-", '-' }, { "\xe2\x88\x92", '-' }, { "*", '*' },
    { "/", '/' }, { "\xc3\x97", '*' }, { "\xc2\xb7", '*' },
    { "\xe2\x8b\x85", '*' }, { "\xc3\xb7", '/' }, { "\\cdot", '*' },
    { "\\times", '*' }, { "\\div", '/' }, { "=", '=' },
};

/* The operator a gap holds, as a page writes arithmetic by hand:
 * "+", " / ", ") + (", "2(". */
static char
plain_gap_operator(const scanner *s, size_t from, size_t to)
{
    const gap_op *ops = gap_ops;
    size_t a = exattn_page__skip_spaces(s, from), b = to, k, n;

    /* 2(0.0722): a factor in parentheses, written against its number */
    if (b > a && s->t[b - 1] == '(' && exattn_page__skip_spaces(s, a)
                                           == b - 1)
        return '*';
    /* a negative operand in parentheses: 2\cdot (-2), (-1)\cdot 2 */
    if (a < b && s->t[a] == ')')
        a = exattn_page__skip_spaces(s, a + 1);
    while (b > a && isspace((unsigned char)s->t[b - 1]))
        b--;
    if (b > a && s->t[b - 1] == '(')
        b--;
    while (b > a && isspace((unsigned char)s->t[b - 1]))
        b--;
    if (memchr(s->t + from, '\n', to - from) != NULL)
        return 0;
    for (k = 0; k < sizeof gap_ops / sizeof *gap_ops; k++)
    {
        n = strlen(ops[k].text);
        if (b - a == n && strncmp(s->t + a, ops[k].text, n) == 0)
            return ops[k].op;
    }
    return 0;
}

/* Past closing brackets and the powers they carry at a, before b:
 * "\\bigr)^2\\Bigr) " of "(\\tfrac{4}{9})^2"; *structure gains 1 when
 * there were any, 2 when a power was among them. */
static size_t
past_closings(const scanner *s, size_t a, size_t b, int *structure)
{
    size_t n;

    for (;;)
    {
        a = exattn_page__skip_spaces(s, a);
        if (a < b && (n = exattn_page__bracket(s->t, a, b, ')')) != 0)
            a += n;
        else if (a + 1 < b && s->t[a] == '^' && *structure)
        {
            /* (..)^2, (..)^{2}: the group's power */
            a++;
            if (s->t[a] == '{')
                while (a < b && s->t[a] != '}')
                    a++;
            a++;
            *structure |= 2;
        }
        else
            return a > b ? b : a;
        *structure |= 1;
    }
}

/* Before opening brackets that end at b, after a: "\\Bigl(\\bigl(";
 * *structure set when there were any. */
static size_t
before_openings(const scanner *s, size_t a, size_t b, int *structure)
{
    size_t k, n;

    for (;;)
    {
        while (b > a && isspace((unsigned char)s->t[b - 1]))
            b--;
        for (k = b > a + 8 ? b - 8 : a; k < b; k++)
            if ((n = exattn_page__bracket(s->t, k, b, '(')) != 0 && k + n == b)
                break;
        if (k == b)
            return b;
        b = k;
        *structure = 1;
    }
}

/* The operator a gap between two numbers holds ("+", "/"), or 0; '=' for
 * an equals sign ('Q' after a bracket's power); 'p' for one inside
 * brackets and powers
 * ("\\bigr)^2 + \\bigl("), which makes its neighbours operands but is
 * no arithmetic the audit redoes. */
static char
gap_operator(const scanner *s, size_t from, size_t to)
{
    char op = plain_gap_operator(s, from, to);
    int structure = 0;
    size_t a, b, k, n;

    if (op != 0 || memchr(s->t + from, '\n', to - from) != NULL)
        return op;
    a = past_closings(s, from, to, &structure);
    b = before_openings(s, a, to, &structure);
    if (!structure)
        return 0;
    if (a >= b)
        return 'p';             /* \\tfrac13\\Bigl(\\bigl(: a product */
    for (k = 0; k < sizeof gap_ops / sizeof *gap_ops; k++)
        if (b - a == (n = strlen(gap_ops[k].text))
            && strncmp(s->t + a, gap_ops[k].text, n) == 0)
            return gap_ops[k].op != '=' ? 'p'
                   /* "2(1.7813)^2 = 7.3461": equal, but to a power the
                    * page's arithmetic does not hold */
                   : (structure & 2) ? 'Q' : '=';
    return 0;
}


/* "2.028/5.056" when lexeme r is `=` a chain of scalar lexemes joined by
 * operators on its line; else NULL. */
char *
exattn_page__arithmetic(const scanner *s, size_t r)
{
    exattn_sbuf b;
    size_t first = r, k;
    char op;

    if (r == 0 || s->lx[r].vector || s->lx[r - 1].vector
        || gap_operator(s, s->lx[r - 1].end, s->lx[r].start) != '=')
        return NULL;
    first = r - 1;
    /* a chain longer than a page writes by hand is not checked */
    while (first > 0 && r - first < MAX_OPERANDS && !s->lx[first - 1].vector
           && (op = gap_operator(s, s->lx[first - 1].end,
                                 s->lx[first].start)) != 0 && op != '='
           && op != 'p' && op != 'Q')
        first--;
    if (first == r - 1)
        return NULL;
    exattn_sbuf__init(&b);
    for (k = first; k < r; k++)
    {
        if (k > first)
        {
            op = gap_operator(s, s->lx[k - 1].end, s->lx[k].start);
            exattn_sbuf__putn(&b, &op, 1);
        }
        /* a negative operand in parentheses: 1 - (-2) */
        if (s->lx[k].values[0][0] == '-' && k > first)
            exattn_sbuf__printf(&b, "(%s)", s->lx[k].values[0]);
        else
            exattn_sbuf__puts(&b, s->lx[k].values[0]);
    }
    return exattn_sbuf__take(&b);
}

/* Is lexeme k joined to a neighbour by an arithmetic operator (not "=")? */
int
exattn_page__operand(const scanner *s, size_t k)
{
    char op;

    if (k + 1 < s->count
        && (op = gap_operator(s, s->lx[k].end, s->lx[k + 1].start)) != 0
        && op != '=' && op != 'Q')
        return 1;
    return k > 0
           && (op = gap_operator(s, s->lx[k - 1].end, s->lx[k].start)) != 0
           && op != '=' && op != 'Q';
}
