/* The expression parser: recursive descent over
 *
 *   sum     := product (("+" | "-") product)*
 *   product := unary (("*" | "/" | "·" | "×") unary | implicit)*
 *   unary   := ("-" | "+") unary | power
 *   power   := primary ("^" unary)?          right-associative
 *   primary := number | "e" | func "(" sum ")" | "(" sum ")" | "{" sum "}"
 *            | "√" primary | path
 *   path    := name ("[" index "]")+      only when the caller resolves
 *                                          paths (claims: a quantity)
 *
 * "implicit" multiplication joins a product to a following "√", "(" ,
 * "{", "e" or function name: 3√2, 2(1+e).  A number is digits with an
 * optional point and exponent; "1e-3" is 1/1000, while "2e" is 2·e.
 * Nesting is bounded by the limits' max_expr_depth. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "expr/expr.h"

typedef struct
{
    const char *s;
    size_t len, pos;
    size_t depth;
    exattn_expr *e;
    const char *name;
    exattn_error_t *err;
    int code;                   /* first error */
    const exattn_limits_t *limits;
    exattn_expr__resolver resolve;  /* paths: NULL when not allowed */
    void *resolve_ctx;
    exattn_xshare share;        /* one node per named subtree */
} parser;

static unsigned long
column_at(const parser *p, size_t pos)
{
    unsigned long col = 1;
    size_t i;

    for (i = 0; i < pos && i < p->len; i++)
        col += ((unsigned char)p->s[i] & 0xC0) != 0x80;
    return col;
}

static exattn_xnode *
fail(parser *p, int code, size_t pos, const char *msg)
{
    if (p->code == EXATTN_OK)
        p->code = exattn_error__set(p->err, code, p->name, 1,
                                    column_at(p, pos), "%s", msg);
    return NULL;
}

static exattn_xnode *
too_deep(parser *p, size_t pos)
{
    char msg[64];

    snprintf(msg, sizeof msg, "nesting deeper than %zu levels",
             p->limits->max_expr_depth);
    return fail(p, EXATTN_ELIMIT, pos, msg);
}

static void
skip_space(parser *p)
{
    while (p->pos < p->len && isspace((unsigned char)p->s[p->pos]))
        p->pos++;
}

/* Does the input continue with `tok` (after spaces)? Consumes it if so. */
static int
accept(parser *p, const char *tok)
{
    size_t n = strlen(tok);

    skip_space(p);
    if (p->len - p->pos >= n && memcmp(p->s + p->pos, tok, n) == 0)
    {
        p->pos += n;
        return 1;
    }
    return 0;
}

static int
peek_is(parser *p, const char *tok)
{
    size_t save = p->pos;
    int yes = accept(p, tok);

    p->pos = save;
    return yes;
}

static exattn_xnode *sum(parser *p);
static exattn_xnode *unary(parser *p);

/* n when it is new; else the node written before it, which its parent
 * uses instead (n stays in the pool, unused, until the expression is
 * freed). */
static exattn_xnode *
shared(exattn_xnode *n, exattn_xnode *first)
{
    if (first != n)
    {
        if (n->a != NULL)
            n->a->parents--;
        if (n->b != NULL)
            n->b->parents--;
    }
    return first;
}

static exattn_xnode *
make(parser *p, exattn_xop op, exattn_xnode *a, exattn_xnode *b,
     size_t pos)
{
    exattn_xnode *n;

    if (p->code != EXATTN_OK)
        return NULL;
    n = exattn_expr__node(p->e, op, a, b, column_at(p, pos));
    if (n == NULL)
        return fail(p, EXATTN_ENOMEM, pos, "out of memory");
    if (exattn_expr__fold(n, p->name, p->limits->max_exact_bits, p->err)
        != EXATTN_OK)
    {
        p->code = p->err ? p->err->code : EXATTN_EDOMAIN;
        return NULL;
    }
    /* a polynomial in named parts that cancels is exact: sin(1)-sin(1) */
    if (!n->exact && (n->lin = exattn_lform__of(n)) != NULL
        && exattn_lform__is_constant(n->lin, n->value))
        n->exact = 1;
    return shared(n, exattn_xshare__canonical(&p->share, n));
}

/* Digits [. digits] [e [+-] digits]: read exactly. */
static exattn_xnode *
number(parser *p)
{
    size_t start = p->pos, end = p->pos;
    exattn_xnode *n;
    exattn_error_t why;

    while (end < p->len && isdigit((unsigned char)p->s[end]))
        end++;
    if (end < p->len && p->s[end] == '.')
        for (end++; end < p->len && isdigit((unsigned char)p->s[end]);)
            end++;
    if (end < p->len && (p->s[end] == 'e' || p->s[end] == 'E'))
    {
        size_t x = end + 1;

        if (x < p->len && (p->s[x] == '+' || p->s[x] == '-'))
            x++;
        if (x < p->len && isdigit((unsigned char)p->s[x]))
            for (end = x; end < p->len && isdigit((unsigned char)p->s[end]);)
                end++;
    }
    n = make(p, EXATTN_X_NUM, NULL, NULL, start);
    if (n == NULL)
        return NULL;
    exattn_error_init(&why);
    if (exattn_num__set_text(n->value, p->s + start, end - start,
                             p->limits->max_exponent, &why) != EXATTN_OK)
        return fail(p, why.code, start, why.message);
    n->literal = malloc(end - start + 1);
    if (n->literal == NULL)
        return fail(p, EXATTN_ENOMEM, start, "out of memory");
    memcpy(n->literal, p->s + start, end - start);
    n->literal[end - start] = '\0';
    p->pos = end;
    return n;
}

static const struct
{
    const char *name;
    exattn_xop op;
} functions[] = {
    { "exp", EXATTN_X_EXP }, { "sqrt", EXATTN_X_SQRT },
    { "sin", EXATTN_X_SIN }, { "cos", EXATTN_X_COS }, { "ln", EXATTN_X_LN },
};

/* "unknown name 'exq' (known: e, exp, sqrt, sin, cos, ln; did you mean
 * 'exp'?)" at start. */
static exattn_xnode *
unknown_name(parser *p, size_t start, size_t end)
{
    static const char *const names[] = { "e", "exp", "sqrt", "sin", "cos",
                                         "ln" };
    char word[48], msg[160];
    size_t n = end - start < sizeof word ? end - start : sizeof word - 1,
           near;

    memcpy(word, p->s + start, n);
    word[n] = '\0';
    near = exattn_nearest(names, sizeof names / sizeof *names, word);
    snprintf(msg, sizeof msg, "unknown name '%.40s' (known: e, exp, sqrt, "
             "sin, cos, ln%s%s%s)", word,
             near < sizeof names / sizeof *names ? "; did you mean '" : "",
             near < sizeof names / sizeof *names ? names[near] : "",
             near < sizeof names / sizeof *names ? "'?" : "");
    return fail(p, EXATTN_ESYNTAX, start, msg);
}

/* A path ("weights[rises][3]"): the name and its bracketed indices,
 * handed to the resolver for the node of the quantity it names. */
static exattn_xnode *
path(parser *p, size_t start, size_t end)
{
    exattn_error_t why;
    exattn_xnode *n;
    char *text;

    while (end < p->len && p->s[end] == '[')
    {
        const char *close = memchr(p->s + end, ']', p->len - end);

        if (close == NULL)
            return fail(p, EXATTN_ESYNTAX, end, "expected ']'");
        end = (size_t)(close - p->s) + 1;
    }
    if ((text = malloc(end - start + 1)) == NULL)
        return fail(p, EXATTN_ENOMEM, start, "out of memory");
    memcpy(text, p->s + start, end - start);
    text[end - start] = '\0';
    exattn_error_init(&why);
    n = p->resolve(p->resolve_ctx, p->e, text, &why);
    free(text);
    if (n == NULL)
        return fail(p, why.code != EXATTN_OK ? why.code : EXATTN_ENOMEM,
                    start, why.message[0] ? why.message : "out of memory");
    p->pos = end;
    return n;
}

/* An identifier: a function applied to a parenthesised argument, e, or
 * (when the caller resolves them) a path. */
static exattn_xnode *
identifier(parser *p)
{
    size_t start = p->pos, end = p->pos, i;
    exattn_xnode *arg;

    while (end < p->len && isalpha((unsigned char)p->s[end]))
        end++;
    if (p->resolve != NULL && end < p->len && p->s[end] == '[')
        return path(p, start, end);
    for (i = 0; i < sizeof functions / sizeof *functions; i++)
        if (strlen(functions[i].name) == end - start
            && memcmp(functions[i].name, p->s + start, end - start) == 0)
        {
            p->pos = end;
            if (!accept(p, "("))
                return fail(p, EXATTN_ESYNTAX, p->pos,
                            "expected '(' after a function name");
            arg = sum(p);
            if (arg == NULL)
                return NULL;
            if (!accept(p, ")"))
                return fail(p, EXATTN_ESYNTAX, p->pos, "expected ')'");
            return make(p, functions[i].op, arg, NULL, start);
        }
    if (end - start == 1 && p->s[start] == 'e')
    {
        p->pos = end;
        return make(p, EXATTN_X_E, NULL, NULL, start);
    }
    return unknown_name(p, start, end);
}

static exattn_xnode *
primary(parser *p)
{
    exattn_xnode *n;
    size_t start;
    const char *close;

    skip_space(p);
    start = p->pos;
    if (p->pos >= p->len)
        return fail(p, EXATTN_ESYNTAX, p->pos, "unexpected end of the "
                    "expression");
    if (isdigit((unsigned char)p->s[p->pos]) || p->s[p->pos] == '.')
        return number(p);
    if (isalpha((unsigned char)p->s[p->pos]))
        return identifier(p);
    if (accept(p, "√"))
    {
        if (++p->depth > p->limits->max_expr_depth)
            return too_deep(p, start);
        n = primary(p);
        p->depth--;
        return n ? make(p, EXATTN_X_SQRT, n, NULL, start) : NULL;
    }
    if (accept(p, "("))
        close = ")";
    else if (accept(p, "{"))
        close = "}";
    else
    {
        char msg[64];

        snprintf(msg, sizeof msg, "unexpected '%c'",
                 isprint((unsigned char)p->s[p->pos]) ? p->s[p->pos] : '?');
        return fail(p, EXATTN_ESYNTAX, p->pos, msg);
    }
    n = sum(p);
    if (n != NULL && !accept(p, close))
        return fail(p, EXATTN_ESYNTAX, p->pos,
                    close[0] == ')' ? "expected ')'" : "expected '}'");
    return n;
}

static exattn_xnode *
power(parser *p)
{
    size_t start;
    exattn_xnode *base, *expo;

    skip_space(p);
    start = p->pos;
    base = primary(p);
    if (base == NULL || !accept(p, "^"))
        return base;
    if (++p->depth > p->limits->max_expr_depth)
        return too_deep(p, start);      /* an exponent opens a level */
    expo = unary(p);
    p->depth--;
    if (expo == NULL)
        return NULL;
    return make(p, EXATTN_X_POW, base, expo, start);
}

static exattn_xnode *
unary(parser *p)
{
    size_t start;
    exattn_xnode *n;

    skip_space(p);
    start = p->pos;
    /* a sign opens a level (- - - 1); a plain factor does not, so that
     * a parenthesis is one level, as the limit is documented */
    if (accept(p, "-") || accept(p, "−"))
    {
        if (++p->depth > p->limits->max_expr_depth)
            return too_deep(p, start);
        n = unary(p);
        n = n ? make(p, EXATTN_X_NEG, n, NULL, start) : NULL;
        p->depth--;
    }
    else if (accept(p, "+"))
    {
        if (++p->depth > p->limits->max_expr_depth)
            return too_deep(p, start);
        n = unary(p);
        p->depth--;
    }
    else
        n = power(p);
    return n;
}

/* Can a factor follow directly, as in 3√2 or 2(1+e)? */
static int
implicit_factor(parser *p)
{
    skip_space(p);
    if (p->pos >= p->len)
        return 0;
    return peek_is(p, "√") || peek_is(p, "(") || peek_is(p, "{")
           || isalpha((unsigned char)p->s[p->pos]);
}

static exattn_xnode *
product(parser *p)
{
    size_t start;
    exattn_xnode *n, *rhs;
    exattn_xop op;

    skip_space(p);
    start = p->pos;
    n = unary(p);
    while (n != NULL)
    {
        if (accept(p, "*") || accept(p, "·") || accept(p, "×"))
            op = EXATTN_X_MUL;
        else if (accept(p, "/"))
            op = EXATTN_X_DIV;
        else if (implicit_factor(p))
            op = EXATTN_X_MUL;
        else
            break;
        rhs = unary(p);
        n = rhs ? make(p, op, n, rhs, start) : NULL;
    }
    return n;
}

static exattn_xnode *
sum(parser *p)
{
    size_t start;
    exattn_xnode *n, *rhs;
    exattn_xop op;

    if (++p->depth > p->limits->max_expr_depth)
        return too_deep(p, p->pos);
    skip_space(p);
    start = p->pos;
    n = product(p);
    while (n != NULL)
    {
        if (accept(p, "+"))
            op = EXATTN_X_ADD;
        else if (accept(p, "-") || accept(p, "−"))
            op = EXATTN_X_SUB;
        else
            break;
        rhs = product(p);
        n = rhs ? make(p, op, n, rhs, start) : NULL;
    }
    p->depth--;
    return n;
}

int
exattn_expr_parse(exattn_expr **out, const char *text, size_t len,
                  const char *name, exattn_error_t *err)
{
    return exattn_expr_parse_limited(out, text, len, name, NULL, err);
}

int
exattn_expr_parse_limited(exattn_expr **out, const char *text, size_t len,
                          const char *name, const exattn_limits_t *limits,
                          exattn_error_t *err)
{
    return exattn_expr__parse_paths(out, text, len, name, limits, NULL, NULL,
                                    err);
}

int
exattn_expr__parse_paths(exattn_expr **out, const char *text, size_t len,
                         const char *name, const exattn_limits_t *limits,
                         exattn_expr__resolver resolve, void *ctx,
                         exattn_error_t *err)
{
    static const exattn_limits_t defaults = EXATTN_LIMITS_INIT;
    parser p;
    exattn_expr *e;

    *out = NULL;
    name = name ? name : "expression";
    limits = limits ? limits : &defaults;
    if (limits->version != EXATTN_LIMITS_VERSION)
        return exattn_error__set(err, EXATTN_EINVAL, name, 0, 0,
                                 "limits of another version (%u, not %u): "
                                 "start from EXATTN_LIMITS_INIT",
                                 limits->version, EXATTN_LIMITS_VERSION);
    if (len > limits->max_expr_length)
        return exattn_error__set(err, EXATTN_ELIMIT, name, 0, 0,
            "%zu bytes, more than the limit of %zu", len,
            limits->max_expr_length);
    if (memchr(text, '\0', len) != NULL)
        return exattn_error__set(err, EXATTN_ESYNTAX, name, 0, 0,
                                 "the expression holds a NUL byte");
    e = calloc(1, sizeof *e);
    if (e == NULL || (e->name = malloc(strlen(name) + 1)) == NULL)
    {
        free(e);
        return exattn_error__set(err, EXATTN_ENOMEM, name, 0, 0,
                                 "out of memory");
    }
    strcpy(e->name, name);
    memset(&p, 0, sizeof p);
    p.s = text;
    p.len = len;
    p.e = e;
    p.name = name;
    p.err = err;
    p.limits = limits;
    p.resolve = resolve;
    p.resolve_ctx = ctx;
    e->root = sum(&p);
    skip_space(&p);
    if (e->root != NULL && p.pos < p.len)
    {
        char msg[64];

        snprintf(msg, sizeof msg, "unexpected '%c'",
                 isprint((unsigned char)text[p.pos]) ? text[p.pos] : '?');
        fail(&p, EXATTN_ESYNTAX, p.pos, msg);
    }
    exattn_xshare__clear(&p.share);
    if (p.code != EXATTN_OK)
    {
        exattn_expr_free(e);
        return p.code;
    }
    *out = e;
    return EXATTN_OK;
}
