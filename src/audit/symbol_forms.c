/* A page's formula with the lesson's symbols written out: each kept
 * symbol replaced by its entry's exact or named form (or a block node's
 * reference), sums written term by term, s read two ways. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"
#include "audit/decide.h"
#include "audit/symbols.h"
#include "claims/read.h"
#include "expr/expr.h"
#include "expr/row_node.h"
#include "row/named.h"

/* Bytes of a formula with the lesson's forms written out; past this the
 * formula is not read (a block's entries are references, not forms) */
#define MAX_WRITTEN 65536

/* ---- writing what it names -------------------------------------------- */

/* A rational, bracketed, into b. */
static void
put_rational(exattn_sbuf *b, const mpq_t q)
{
    char *s = exattn_mpq_get_str(q);

    exattn_sbuf__printf(b, "(%s)", s ? s : "?");
    if (s == NULL)
        b->oom = 1;
    exattn_free(s);
}

/* A head lesson's row quantity or Z, written into b; 0 when it has
 * none. */
static int
put_row(exattn_sbuf *b, const exattn_lesson *l, const ref *x)
{
    exattn_error_t local;
    exattn_expr *pool = exattn_expr__pool("lesson");
    exattn_row *row = NULL;
    exattn_xnode *n;
    char *text = NULL;
    size_t j;
    int first = 1, ok = 0;

    exattn_error_init(&local);
    if (pool != NULL && exattn_row_new(&row, l, x->row, &local) == EXATTN_OK)
    {
        if (x->what == REF_Z)
        {
            /* Z_i: the sum of the allowed keys' exponentials */
            exattn_sbuf__puts(b, "(");
            for (j = 0; j < l->m; j++)
                if (row->allowed[j])
                {
                    if (!first)
                        exattn_sbuf__puts(b, "+");
                    exattn_named__exp(b, row, j, 0);
                    first = 0;
                }
            exattn_sbuf__puts(b, ")");
            ok = !first;
        }
        else if ((n = exattn_expr__row_node(pool, row, x->kind, x->key,
                                            x->col, &local)) != NULL
                 && (text = exattn_expr__print(n, 0, 0, MAX_WRITTEN))
                        != NULL)
        {
            exattn_sbuf__printf(b, "(%s)", text);
            ok = 1;
        }
    }
    free(text);
    exattn_row_free(row);
    exattn_expr_free(pool);
    return ok;
}

/* The entry x names, written into b; 0 when it cannot be.  A block's
 * entry that is not exact is written as a reference to its node
 * (block_refs.c), `block` the block's index in the auditor. */
static int
put_ref(exattn_sbuf *b, const exattn_lesson *l, const exattn_block *blk,
        size_t block, const ref *x)
{
    const exattn_matrix *m;
    exattn_xnode *n;

    switch (x->what)
    {
    case REF_ROW: case REF_Z:
        return put_row(b, l, x);
    case REF_MATRIX:
        m = exattn_claims__matrix(l, (exattn_matrix_t)x->matrix);
        put_rational(b, EXATTN_AT(m, x->row, x->col));
        return 1;
    case REF_KEY_WIDTH:
        exattn_sbuf__printf(b, "(%zu)", l->k.cols);
        return 1;
    case REF_EPSILON:
        return exattn_audit__put_epsilon(b, blk, block);
    case REF_BLOCK_Z:
        if (exattn_block__denominator(blk, x->bq, x->head, x->row) == NULL)
            return 0;
        exattn_audit__put_block_z_ref(b, block, (unsigned)x->bq, x->head,
                                      x->row);
        return 1;
    default:
        if ((n = exattn_block__node(blk, x->bq, x->head, x->row, x->col))
            == NULL)
            return 0;
        if (n->exact)
            put_rational(b, n->value);
        else
            exattn_audit__put_block_ref(b, block, (unsigned)x->bq, x->head,
                                        x->row, x->col);
        return 1;
    }
}

/* ---- the formula ------------------------------------------------------ */

typedef struct
{
    const exattn_lesson *l;
    const exattn_block *blk;
    size_t block;               /* blk's index in the auditor */
    int s_reading;              /* s as q k^T (1) or scaled (0) */
    int lesson_over_page;       /* a symbol the page defined, read as the
                                   lesson's entry (1) or the page's form */
    unsigned has;               /* EXATTN_READS_ bits met */
    int in_generic;             /* writing a generic definition's body */
    char bound;                 /* writing a sum's term: its index */
    unsigned long value;        /* and the index's value */
    exattn_sbuf *out;
} writer;

/* Terms a sum is written out to at most */
#define MAX_SUM_TERMS 64

/* The first symbol's or sum's opening byte in [p, end), or NULL. */
static const char *
next_marker(const char *p, const char *end)
{
    for (; p < end; p++)
        if (*p == EXATTN_PAGE_FREE_SYMBOL[0] || *p == EXATTN_PAGE_SUM[0])
            return p;
    return NULL;
}

/* The placeholder's close matching the open at a, before end; NULL when
 * there is none (definitions nest). */
static const char *
placeholder_end(const char *a, const char *end)
{
    int depth = 0;

    for (; a < end; a++)
        if (*a == EXATTN_PAGE_FREE_SYMBOL[0])
            depth++;
        else if (*a == EXATTN_PAGE_FREE_SYMBOL[1] && --depth == 0)
            return a;
    return NULL;
}

/* Does symbol [s, s + n) name an s, read two ways?  Its bit in w->has. */
static void
note_s(writer *w, const char *s, size_t n)
{
    ref x;

    if (exattn_audit__resolve_symbol(&x, s, n, w->l, w->blk, 0)
        && x.what == REF_ROW
        && x.kind == EXATTN_SCALED)
        w->has |= EXATTN_READS_S;
}

static int put_reading(writer *w, const char *p, const char *end);

/* Symbol [s, s + n) with a sum's index put in: each index part that is
 * the index letter alone (s_{9,k}, v_k) becomes its value; 0 when it
 * does not fit. */
static int
put_index(char *out, size_t size, const char *s, size_t n, char bound,
          unsigned long value)
{
    const char *sub = memchr(s, '_', n);
    exattn_sbuf b;
    size_t k;
    int ok;

    exattn_sbuf__init(&b);
    for (k = 0; k < n; k++)
    {
        /* the letter alone between the index's delimiters, spaces
         * aside: _k, _{9,k}, _{9, k } */
        size_t p = k, q = k + 1;
        char before, after;

        while (p > 0 && s[p - 1] == ' ')
            p--;
        while (q < n && s[q] == ' ')
            q++;
        before = p > 0 ? s[p - 1] : 0;
        after = q < n ? s[q] : 0;
        if (sub != NULL && s + k > sub && s[k] == bound
            && (before == '_' || before == '{' || before == ',')
            && (q == n || after == '}' || after == ','))
            exattn_sbuf__printf(&b, "%s%lu%s", before == '_' ? "{" : "",
                                value, before == '_' ? "}" : "");
        else
            exattn_sbuf__putn(&b, s + k, 1);
    }
    ok = !b.oom && b.len < size;
    if (ok)
        memcpy(out, b.s, b.len + 1);
    exattn_sbuf__clear(&b);
    return ok;
}

/* The lesson's entry named by symbol [s, s + n), written; 0 when none. */
static int
put_symbol(writer *w, const char *s, size_t n)
{
    char term[160];
    ref x;

    if (w->bound != 0)
    {
        if (!put_index(term, sizeof term, s, n, w->bound, w->value))
            return 0;
        s = term;
        n = strlen(term);
    }
    note_s(w, s, n);
    return exattn_audit__resolve_symbol(&x, s, n, w->l, w->blk, w->s_reading)
           && put_ref(w->out, w->l, w->blk, w->block, &x);
}

/* A symbol squared after its index, \sigma_{2}^2 (placeholder [a, z]
 * then "^(2)"): as \sigma^2_{2}, a variance's own symbol, when the letter
 * squared names a stage and the letter alone does not; *next past the
 * square.  0 when it is no such symbol. */
static int
put_squared(writer *w, const char *a, const char *z, const char *end,
            const char **next)
{
    const char *sub = memchr(a + 1, '_', (size_t)(z - a - 1));
    char text[160];
    size_t base, n;

    if (sub == NULL || end - (z + 1) < 4 || strncmp(z + 1, "^(2)", 4) != 0
        || (n = (size_t)(z - a - 1)) + 3 > sizeof text)
        return 0;
    base = (size_t)(sub - (a + 1));
    memcpy(text, a + 1, base);
    memcpy(text + base, "^2", 2);
    memcpy(text + base + 2, sub, n - base);
    if (!put_symbol(w, text, n + 2))
        return 0;
    *next = z + 5;
    return 1;
}

/* The values a sum's index takes, from its range [r, r + n): "1..3", or
 * a head lesson's A_{9}, the keys row 9 allows (from 1); how many, 0
 * when the range names none. */
static size_t
sum_values(unsigned long *v, const writer *w, const char *r, size_t n)
{
    unsigned long lo, hi;
    size_t count = 0, row, j;
    symbol y;
    char text[64], *end;

    if (n == 0 || n >= sizeof text)
        return 0;
    memcpy(text, r, n);
    text[n] = '\0';
    if (isdigit((unsigned char)text[0]))
    {
        lo = strtoul(text, &end, 10);
        if (strncmp(end, "..", 2) != 0)
            return 0;
        hi = strtoul(end + 2, &end, 10);
        if (*end != '\0' || hi < lo || hi - lo >= MAX_SUM_TERMS)
            return 0;
        for (; lo <= hi; lo++)
            v[count++] = lo;
        return count;
    }
    /* A_i, the keys query i may attend to */
    if (w->blk != NULL || !exattn_audit__read_symbol(&y, text, n)
        || y.count != 1
        || strcmp(y.base, "A") != 0 || y.head != 0
        || (row = exattn_audit__symbol_position(y.index[0], w->l->n,
                           w->l->default_query_labels ? NULL
                           : w->l->query_labels, NULL)) == (size_t)-1)
        return 0;
    for (j = 0; j < w->l->m; j++)
        if (w->l->allowed[row * w->l->m + j])
        {
            if (count == MAX_SUM_TERMS)
                return 0;       /* written out whole, or not read */
            v[count++] = j + 1;
        }
    return count;
}

/* The sum [a, z] (its marker bytes): each term written with the index's
 * value put in, as one bracketed sum; 0 when it cannot be. */
static int
put_sum(writer *w, const char *a, const char *z)
{
    const char *range = memchr(a + 1, EXATTN_PAGE_SUM[1],
                               (size_t)(z - a - 1)), *body;
    unsigned long values[MAX_SUM_TERMS];
    size_t count, k;
    char outer = w->bound;

    if (outer != 0 || range != a + 2 || !isalpha((unsigned char)a[1])
        || (body = memchr(range + 1, EXATTN_PAGE_SUM[1],
                          (size_t)(z - range - 1))) == NULL
        || (count = sum_values(values, w, range + 1,
                               (size_t)(body - range - 1))) == 0)
        return 0;
    w->bound = a[1];
    exattn_sbuf__puts(w->out, "(");
    for (k = 0; k < count; k++)
    {
        w->value = values[k];
        exattn_sbuf__puts(w->out, k ? "+(" : "(");
        if (!put_reading(w, body + 1, z))
            break;
        exattn_sbuf__puts(w->out, ")");
    }
    w->bound = outer;
    exattn_sbuf__puts(w->out, ")");
    return k == count;
}

/* Undo what was written since `had`. */
static void
put_undo(writer *w, size_t had)
{
    w->out->len = had;
    if (w->out->s)
        w->out->s[had] = '\0';
}

/* The placeholder [a, z] of a symbol the page defined: the lesson's
 * entry or the page's form (def, its byte), as the reading says; a
 * generic definition's form whenever the lesson can read it. */
static int
put_defined(writer *w, const char *a, const char *def, const char *z)
{
    size_t had = w->out->len;

    if (*def == EXATTN_PAGE_GENERIC[0])
    {
        /* the page's own meaning of its letter, else the lesson's */
        unsigned has = w->has;
        int ok;

        w->in_generic++;
        ok = put_reading(w, def + 1, z);
        w->in_generic--;
        if (ok)
        {
            w->has |= EXATTN_READS_GENERIC;
            return 1;
        }
        /* what the abandoned reading met asks for no readings */
        w->has = has;
        put_undo(w, had);
        return !w->out->oom && put_symbol(w, a + 1, (size_t)(def - a - 1));
    }
    w->has |= EXATTN_READS_PAGE;
    note_s(w, a + 1, (size_t)(def - a - 1));
    /* the lesson's entry, or the page's form when the lesson has no such
     * entry */
    if (w->lesson_over_page && put_symbol(w, a + 1, (size_t)(def - a - 1)))
        return 1;
    put_undo(w, had);
    return put_reading(w, def + 1, z);
}

/* The symbol of placeholder [a, z] as written, without a definition the
 * page gave it (a row's name is the lesson's whatever the page set it
 * equal to: k_3 = k_4); its length, or 0 for a generic one's. */
static size_t
written_symbol(const char *a, const char *z)
{
    const char *d = memchr(a + 1, EXATTN_PAGE_DEFINED[0], (size_t)(z - a - 1));

    if (memchr(a + 1, EXATTN_PAGE_GENERIC[0], (size_t)(z - a - 1)) != NULL)
        return 0;
    return (size_t)((d != NULL ? d : z) - a - 1);
}

/* In a generic definition's body, the vector of the placeholder [a, z]
 * times the vector of the placeholder after it (q_2^\top k_1, read as
 * q_2 * k_1): their inner product written out, and *next past the
 * second; 0 when they are not two rows of a length. */
static int
put_dot(writer *w, const char *a, const char *z, const char *end,
        const char **next)
{
    const exattn_matrix *m1, *m2;
    const char *b, *y;
    size_t r1, r2, c;

    for (b = z + 1; b < end && *b == ' '; b++)
        ;
    if (b >= end || *b != '*')
        return 0;
    for (b++; b < end && *b == ' '; b++)
        ;
    if (b >= end || *b != EXATTN_PAGE_FREE_SYMBOL[0]
        || (y = placeholder_end(b, end)) == NULL
        || !exattn_audit__vector_ref(&m1, &r1, a + 1, written_symbol(a, z),
                                     w->l)
        || !exattn_audit__vector_ref(&m2, &r2, b + 1, written_symbol(b, y),
                                     w->l)
        || m1->cols != m2->cols)
        return 0;
    exattn_sbuf__puts(w->out, "(");
    for (c = 0; c < m1->cols; c++)
    {
        if (c > 0)
            exattn_sbuf__puts(w->out, "+");
        put_rational(w->out, EXATTN_AT(m1, r1, c));
        exattn_sbuf__puts(w->out, "*");
        put_rational(w->out, EXATTN_AT(m2, r2, c));
    }
    exattn_sbuf__puts(w->out, ")");
    *next = y + 1;
    return 1;
}

/* The first byte of [a, z) that joins a symbol to its definition, or
 * NULL: a symbol as written holds none, so it is the top level's. */
static const char *
definition_byte(const char *a, const char *z)
{
    for (; a < z; a++)
        if (*a == EXATTN_PAGE_DEFINED[0] || *a == EXATTN_PAGE_GENERIC[0])
            return a;
    return NULL;
}

/* [p, end) written with its placeholders read; 0 when a symbol names no
 * entry. */
static int
put_reading(writer *w, const char *p, const char *end)
{
    const char *a, *z, *def, *next;

    while (p < end)
    {
        if ((a = next_marker(p, end)) == NULL)
        {
            exattn_sbuf__putn(w->out, p, (size_t)(end - p));
            return 1;
        }
        exattn_sbuf__putn(w->out, p, (size_t)(a - p));
        if (*a == EXATTN_PAGE_SUM[0])
        {
            if ((z = memchr(a, EXATTN_PAGE_SUM[2], (size_t)(end - a)))
                    == NULL
                || !put_sum(w, a, z))
                return 0;
            p = z + 1;
            continue;
        }
        if ((z = placeholder_end(a, end)) == NULL)
            return 0;
        next = z + 1;
        def = definition_byte(a + 1, z);
        if (w->in_generic && w->l->block == NULL
            && put_dot(w, a, z, end, &next))
            ;                   /* two rows: their inner product */
        else if (def != NULL)
        {
            if (!put_defined(w, a, def, z))
                return 0;
        }
        else if (!put_symbol(w, a + 1, (size_t)(z - a - 1))
                 && !put_squared(w, a, z, end, &next))
            return 0;
        if (w->out->oom || w->out->len > MAX_WRITTEN)
            return 0;
        p = next;
    }
    return 1;
}

int
exattn_audit__readings(unsigned has)
{
    return ((has & EXATTN_READS_S) ? 2 : 1)
           * ((has & EXATTN_READS_PAGE) ? 2 : 1);
}

int
exattn_audit__lesson_symbols(char **out, unsigned *has, const char *expr,
                             const exattn_lesson *l,
                             exattn_audit_candidates *all, int reading,
                             mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_block *blk = NULL;
    exattn_sbuf b;
    writer w;
    int ok;

    *out = NULL;
    if (l->block != NULL
        && (blk = exattn_audit__block_of(all, l, max_prec, err)) == NULL)
        return err && err->code ? err->code : EXATTN_ENOMEM;
    exattn_sbuf__init(&b);
    memset(&w, 0, sizeof w);
    w.l = l;
    w.blk = blk;
    w.block = blk ? exattn_audit__block_index(all, blk) : 0;
    w.out = &b;
    /* reading r: its low bit reads s, the next bit a page's definitions,
     * for those of the two the formula has (found by reading 0) */
    if (reading > 0 && (*has & EXATTN_READS_S))
    {
        w.s_reading = reading & 1;
        reading >>= 1;
    }
    w.lesson_over_page = reading & 1;
    ok = put_reading(&w, expr, expr + strlen(expr));
    *has |= w.has;
    if (!ok || b.oom)
    {
        int oom = b.oom;

        exattn_sbuf__clear(&b);
        return oom ? exattn_audit__nomem(err) : EXATTN_OK;
    }
    *out = exattn_sbuf__take(&b);
    return EXATTN_OK;
}

int
exattn_audit__subject_form(exattn_audit_candidate *out, int *found,
                           const char *form, const char *subject,
                           const exattn_lesson *l,
                           exattn_audit_candidates *all,
                           mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_error_t local;
    exattn_sbuf name;
    unsigned has = 0;
    char *text = NULL;
    int rc;

    *found = 0;
    memset(out, 0, sizeof *out);
    rc = exattn_audit__lesson_symbols(&text, &has, form, l, all, 0,
                                      max_prec, err);
    if (rc != EXATTN_OK || text == NULL || !(has & EXATTN_READS_GENERIC))
    {
        free(text);
        return rc;
    }
    exattn_error_init(&local);
    rc = exattn_audit__expr_value(out, all, l, text, max_prec, &local);
    free(text);
    if (rc == EXATTN_ENOMEM)
        return exattn_audit__nomem(err);
    if (rc != EXATTN_OK)
        return EXATTN_OK;       /* a form exattn cannot evaluate: unread */
    exattn_sbuf__init(&name);
    exattn_sbuf__printf(&name, "%s as the page defines it", subject);
    if ((out->name = exattn_sbuf__take(&name)) == NULL)
    {
        exattn_audit__candidate_clear(out);
        return exattn_audit__nomem(err);
    }
    *found = 1;
    return EXATTN_OK;
}
