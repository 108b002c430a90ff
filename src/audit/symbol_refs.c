/* The lesson's entry a page's symbol names: its indices as positions
 * (labels, digits run together), a head lesson's row quantity, Z, an
 * entry of Q, K or V (or of what they were projected from), or a block's
 * stage entry; and the candidate a number's subject names. */
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

/* ---- indices ---------------------------------------------------------- */

/* Index `text` among `count` things labelled `labels` (NULL: none, or
 * a decoder's memory when `memory`): 0-based, or (size_t)-1. */
static size_t
position(const char *text, size_t count, char *const *labels,
         const exattn_lesson *memory)
{
    size_t k;
    char *end;
    unsigned long v;

    if (isdigit((unsigned char)text[0]))
    {
        v = strtoul(text, &end, 10);
        return *end == '\0' && v >= 1 && v <= count ? (size_t)v - 1
                                                    : (size_t)-1;
    }
    for (k = 0; k < count; k++)
    {
        const char *label = memory ? exattn_block__memory_label(memory, k)
                            : labels ? labels[k] : NULL;

        if (label != NULL && strcmp(label, text) == 0)
            return k;
    }
    return (size_t)-1;
}

size_t
exattn_audit__symbol_position(const char *text, size_t count,
                              char *const *labels,
                              const exattn_lesson *memory)
{
    return position(text, count, labels, memory);
}

/* The two indices of an entry of a rows x cols table: both written
 * (_{2,1}), run together when both are digits under 10 (_{21}), or one
 * when the other has a single value (\alpha_3 of a lesson of one query,
 * H_2 of a head one value wide).  First and second, as texts. */
static int
two_indices(const symbol *y, size_t rows, size_t cols, char *first,
            char *second)
{
    if (y->count == 2)
    {
        strcpy(first, y->index[0]);
        strcpy(second, y->index[1]);
        return 1;
    }
    if (y->count != 1)
        return 0;
    if (strlen(y->index[0]) == 2 && isdigit((unsigned char)y->index[0][0])
        && isdigit((unsigned char)y->index[0][1]) && rows < 10 && cols < 10)
    {
        first[0] = y->index[0][0], first[1] = '\0';
        second[0] = y->index[0][1], second[1] = '\0';
        return 1;
    }
    if (rows == 1)
    {
        strcpy(first, "1");
        strcpy(second, y->index[0]);
        return 1;
    }
    if (cols == 1)
    {
        strcpy(first, y->index[0]);
        strcpy(second, "1");
        return 1;
    }
    return 0;
}

/* ---- what a symbol names ---------------------------------------------- */


typedef enum { H_WEIGHT, H_SCORE, H_Z, H_OUTPUT, H_Q, H_K, H_V } head_q;

static const struct
{
    const char *base;
    head_q q;
} head_symbols[] = {
    { "w", H_WEIGHT }, { "a", H_WEIGHT }, { "\\alpha", H_WEIGHT },
    { "s", H_SCORE }, { "Z", H_Z }, { "o", H_OUTPUT },
    { "q", H_Q }, { "k", H_K }, { "v", H_V },
    /* the matrices' entries, as exattn's compact rows write them; an
     * output as its text names it, output[rises][1] */
    { "Q", H_Q }, { "K", H_K }, { "V", H_V }, { "output", H_OUTPUT },
};

/* A text symbol whose base ends in its row's number, output1[2]: the
 * number as its first index, into *split; 0 when the base has none. */
static int
row_in_base(symbol *split, const symbol *y)
{
    size_t n = strlen(y->base), d = n;

    while (d > 0 && isdigit((unsigned char)y->base[d - 1]))
        d--;
    if (d == 0 || d == n || y->count >= MAX_INDICES
        || n - d >= sizeof *y->index)
        return 0;
    *split = *y;
    memmove(split->index[1], split->index[0],
            y->count * sizeof *split->index);
    memcpy(split->index[0], y->base + d, n - d + 1);
    split->base[d] = '\0';
    split->count++;
    return 1;
}

/* The entry a head lesson's symbol names, reading s as the scaled score
 * (reading 0) or q k^T (reading 1); 0 when it names none. */
static int
head_ref(ref *out, const symbol *y, const exattn_lesson *l, int reading)
{
    char first[64], second[64];
    symbol split;
    size_t k;
    head_q q;

    for (k = 0; k < sizeof head_symbols / sizeof *head_symbols; k++)
        if (strcmp(head_symbols[k].base, y->base) == 0)
            break;
    if (k == sizeof head_symbols / sizeof *head_symbols
        && row_in_base(&split, y))
        return head_ref(out, &split, l, reading);
    if (k == sizeof head_symbols / sizeof *head_symbols || y->head != 0)
        return 0;
    q = head_symbols[k].q;
    memset(out, 0, sizeof *out);
    if (q == H_Z)
    {
        out->what = REF_Z;
        if (y->count == 0 && l->n == 1)
            return 1;
        return y->count == 1
               && (out->row = position(y->index[0], l->n, l->query_labels,
                                       NULL)) != (size_t)-1;
    }
    if (q == H_WEIGHT || q == H_SCORE)
    {
        out->what = REF_ROW;
        out->kind = q == H_WEIGHT ? EXATTN_WEIGHT
                    : reading == 0 ? EXATTN_SCALED : EXATTN_SCORE;
        return two_indices(y, l->n, l->m, first, second)
               && (out->row = position(first, l->n, l->query_labels, NULL))
                      != (size_t)-1
               && (out->key = position(second, l->m, l->key_labels, NULL))
                      != (size_t)-1;
    }
    if (q == H_OUTPUT)
    {
        out->what = REF_ROW;
        out->kind = EXATTN_OUTPUT;
        return two_indices(y, l->n, l->dv, first, second)
               && (out->row = position(first, l->n, l->query_labels, NULL))
                      != (size_t)-1
               && (out->col = position(second, l->dv, NULL, NULL))
                      != (size_t)-1;
    }
    {
        /* an entry of Q, K or V: its row's token, its coordinate */
        const exattn_matrix *x = q == H_Q ? &l->q : q == H_K ? &l->k : &l->v;

        out->what = REF_MATRIX;
        out->matrix = q == H_Q ? 0 : q == H_K ? 1 : 2;
        return two_indices(y, x->rows, x->cols, first, second)
               && (out->row = position(first, x->rows,
                                       q == H_Q ? l->query_labels
                                                : l->key_labels, NULL))
                      != (size_t)-1
               && (out->col = position(second, x->cols, NULL, NULL))
                      != (size_t)-1;
    }
}

/* The labels of a block's axis (query or key tokens, a decoder's memory
 * rows), for position(). */
static size_t
axis_position(const char *text, exattn_axis axis, size_t count,
              const exattn_lesson *l)
{
    if (axis == EXATTN_AXIS_MEMORY)
        return position(text, count, NULL, l);
    if (axis == EXATTN_AXIS_QUERY)
        return position(text, count,
                        l->default_query_labels ? NULL : l->query_labels,
                        NULL);
    if (axis == EXATTN_AXIS_KEY)
        return position(text, count,
                        l->default_key_labels ? NULL : l->key_labels, NULL);
    return position(text, count, NULL, NULL);
}

/* Is stage symbol `tex` the base `base` reads as: the same, but for
 * braces that set a prime under a square ({\sigma'}^2 is \sigma'^2)? */
static int
same_base(const char *tex, const char *base)
{
    size_t n;

    if (tex[0] != '{')
        return strcmp(tex, base) == 0;
    n = strcspn(tex, "}");
    return tex[n] == '}' && strncmp(tex + 1, base, n - 1) == 0
           && strcmp(tex + n + 1, base + n - 1) == 0;
}

/* The stage of the lesson's block whose LaTeX symbol is `base` (u,
 * \sigma^2, {\sigma'}^2 read as \sigma'^2), or NULL. */
static const exattn_stage_info *
tex_stage(const char *base, const exattn_lesson *l)
{
    size_t k;

    for (k = 0; k < EXATTN_STAGE_COUNT; k++)
        if (exattn_block__present(l->block, (exattn_stage_t)k)
            && same_base(exattn_block__stage((exattn_stage_t)k)->tex, base))
            return exattn_block__stage((exattn_stage_t)k);
    return NULL;
}

/* The stage whose symbol in exattn's text notation is `base` ("H1",
 * "a2", "ca", "zc": src/block/stages.c), its head (from 1; 0 for a
 * stage of the whole block) into *head; NULL when none. */
static const exattn_stage_info *
text_stage(size_t *head, const char *base, const exattn_lesson *l,
           const exattn_block *blk)
{
    char text[32], tex[64];
    size_t k, h, heads;

    for (k = 0; k < EXATTN_STAGE_COUNT; k++)
    {
        if (!exattn_block__present(l->block, (exattn_stage_t)k))
            continue;
        heads = exattn_block__per_head((exattn_stage_t)k)
                ? exattn_block__heads_of(blk, (exattn_stage_t)k) : 1;
        for (h = 0; h < heads; h++)
        {
            exattn_block__symbol(text, sizeof text, tex, sizeof tex,
                                 (exattn_stage_t)k, h, heads);
            if (strcmp(text, base) == 0)
            {
                const exattn_stage_info *st =
                    exattn_block__stage((exattn_stage_t)k);

                *head = exattn_block__per_head((exattn_stage_t)k)
                        && (heads > 1 || st->sup == EXATTN_SUP_ALWAYS)
                            ? h + 1 : 0;
                return exattn_block__stage((exattn_stage_t)k);
            }
        }
    }
    return NULL;
}

int
exattn_audit__lesson_letter(const exattn_lesson *l, const char *subject)
{
    char text[32], tex[64];
    symbol y;
    size_t k, h, heads;

    if (!exattn_audit__read_symbol(&y, subject, strlen(subject)))
        return 0;
    if (l->block == NULL)
    {
        for (k = 0; k < sizeof head_symbols / sizeof *head_symbols; k++)
            if (strcmp(head_symbols[k].base, y.base) == 0)
                return 1;
        return 0;
    }
    if (tex_stage(y.base, l) != NULL)
        return 1;
    for (k = 0; k < EXATTN_STAGE_COUNT; k++)
    {
        if (!exattn_block__present(l->block, (exattn_stage_t)k))
            continue;
        /* its text symbol, with a head's number or without */
        for (heads = 1; heads <= 2; heads++)
            for (h = 0; h < (heads == 1 ? 1 : 16); h++)
            {
                exattn_block__symbol(text, sizeof text, tex, sizeof tex,
                                     (exattn_stage_t)k, h, heads);
                if (strcmp(text, y.base) == 0)
                    return 1;
            }
    }
    return 0;
}

/* A block head's softmax denominator, Z_{i} (\tilde{Z} in a decoder's
 * cross-attention), written as the document writes it
 * (exattn_block__denominator_symbol): the head's superscript where its
 * weights carry one. */
static int
block_z_ref(ref *out, const symbol *y, const exattn_lesson *l,
            const exattn_block *blk)
{
    exattn_stage_t bq = strcmp(y->base, "Z") == 0 ? EXATTN_STAGE_WEIGHTS
                        : EXATTN_STAGE_CWEIGHTS;
    size_t heads, rows, cols;

    if (y->count != 1 || !exattn_block__present(l->block, bq))
        return 0;
    heads = exattn_block__heads_of(blk, bq);
    if (y->head == 0 ? heads != 1 : y->head > heads)
        return 0;
    memset(out, 0, sizeof *out);
    out->what = REF_BLOCK_Z;
    out->bq = bq;
    out->head = y->head ? y->head - 1 : 0;
    exattn_block__shape(l, bq, out->head, &rows, &cols);
    out->row = axis_position(y->index[0], exattn_block__row_axis(bq), rows,
                             l);
    return out->row != (size_t)-1;
}

/* The entry a block's symbol names, by its stage table's symbols. */
static int
block_ref(ref *out, const symbol *y, const exattn_lesson *l,
          const exattn_block *blk)
{
    const exattn_stage_info *st;
    char first[64], second[64];
    size_t heads, rows, cols, head = y->head;

    if (y->run_on)
        return 0;               /* H1 is head 1's output, not H_1 */
    if (strcmp(y->base, "Z") == 0 || strcmp(y->base, "\\tilde{Z}") == 0)
        return block_z_ref(out, y, l, blk);
    st = tex_stage(y->base, l);
    if (st == NULL && y->head == 0)
        st = text_stage(&head, y->base, l, blk);
    /* a textbook's x is the block's input x' when no positions are added
     * to it (then they are one) */
    if (st == NULL && strcmp(y->base, "x") == 0
        && !exattn_block__present(l->block, EXATTN_STAGE_PE))
        st = exattn_block__stage(EXATTN_STAGE_INPUT);
    if (st == NULL)
        return 0;
    memset(out, 0, sizeof *out);
    out->what = REF_BLOCK;
    out->bq = st->bq;
    heads = exattn_block__per_head(st->bq)
            ? exattn_block__heads_of(blk, st->bq) : 1;
    /* a head's superscript: always for H, with several heads for q, a;
     * never for the stages after the heads */
    if (st->sup == EXATTN_SUP_NEVER ? head != 0
        : head == 0 ? heads != 1 : head > heads)
        return 0;
    out->head = head ? head - 1 : 0;
    exattn_block__shape(l, st->bq, out->head, &rows, &cols);
    return rows > 0 && two_indices(y, rows, cols, first, second)
           && (out->row = axis_position(first,
                                        exattn_block__row_axis(st->bq), rows,
                                        l)) != (size_t)-1
           && (out->col = axis_position(second,
                                        exattn_block__col_axis(st->bq), cols,
                                        l)) != (size_t)-1;
}

/* The entry symbol [s, s + n) names in lesson l (blk its block, or
 * NULL); 0 when none. */
int
exattn_audit__resolve_symbol(ref *out, const char *s, size_t n,
                             const exattn_lesson *l, const exattn_block *blk,
                             int reading)
{
    symbol y;

    if (blk != NULL
        && ((n == 11 && strncmp(s, "\\varepsilon", n) == 0)
            || (n == 8 && strncmp(s, "\\epsilon", n) == 0)))
    {
        /* the block's layer norms' ε */
        memset(out, 0, sizeof *out);
        out->what = REF_EPSILON;
        return 1;
    }
    if (!exattn_audit__read_symbol(&y, s, n))
        return 0;
    if (blk == NULL && strcmp(y.base, "d") == 0 && y.count == 1
        && strcmp(y.index[0], "k") == 0)
    {
        /* d_k, in a page's generic definition (\sqrt{d_k}) */
        memset(out, 0, sizeof *out);
        out->what = REF_KEY_WIDTH;
        return 1;
    }
    return blk != NULL ? block_ref(out, &y, l, blk)
                       : head_ref(out, &y, l, reading);
}

/* The row of Q, K or V a head lesson's one-index symbol names (q_2,
 * k_{\text{rises}}): its matrix and row; 0 when none. */
int
exattn_audit__vector_ref(const exattn_matrix **m, size_t *row,
                         const char *s, size_t n, const exattn_lesson *l)
{
    symbol y;
    size_t k;

    if (!exattn_audit__read_symbol(&y, s, n) || y.count != 1 || y.head != 0)
        return 0;
    for (k = 0; k < sizeof head_symbols / sizeof *head_symbols; k++)
        if (strcmp(head_symbols[k].base, y.base) == 0)
            break;
    if (k == sizeof head_symbols / sizeof *head_symbols
        || head_symbols[k].q < H_Q)
        return 0;
    *m = head_symbols[k].q == H_Q ? &l->q
         : head_symbols[k].q == H_K ? &l->k : &l->v;
    *row = position(y.index[0], (*m)->rows,
                    head_symbols[k].q == H_Q ? l->query_labels
                                             : l->key_labels, NULL);
    return *row != (size_t)-1;
}

/* ---- the candidate a subject names ------------------------------------ */

/* Is candidate c the one value x names? */
static int
names(const exattn_audit_candidate *c, const ref *x)
{
    const exattn_claim *cl = &c->claim;
    char name[80];

    if (c->count != 1 || cl->vary != 0)
        return 0;
    switch (x->what)
    {
    case REF_ROW:
        return cl->target == EXATTN_TARGET_ROW && cl->kind == x->kind
               && cl->row == x->row
               && (x->kind == EXATTN_OUTPUT ? cl->col == x->col
                                            : cl->key == x->key);
    case REF_MATRIX:
        return cl->target == EXATTN_TARGET_MATRIX
               && (int)cl->kind == x->matrix && cl->row == x->row
               && cl->col == x->col;
    case REF_BLOCK:
        return cl->target == EXATTN_TARGET_BLOCK && cl->block_q == (int)x->bq
               && cl->block_head == x->head && cl->row == x->row
               && cl->col == x->col;
    case REF_BLOCK_Z:
        /* an intermediate: by the name it was added under (enumerate.c) */
        exattn_audit__block_z_name(name, sizeof name, (unsigned)x->bq,
                                   x->head, x->row);
        return c->name != NULL && strcmp(c->name, name) == 0;
    default:
        return 0;
    }
}

/* The candidate x names in lesson l, or NULL. */
static exattn_audit_candidate *
candidate_named(exattn_audit_candidates *all, const exattn_lesson *l,
                const ref *x)
{
    size_t k;

    /* s is read two ways: it names no one entry */
    if (x->what == REF_ROW && x->kind == EXATTN_SCALED)
        return NULL;
    for (k = 0; k < all->count; k++)
        if (all->items[k].claim.lesson == l && names(&all->items[k], x))
            return &all->items[k];
    return NULL;
}

exattn_audit_candidate *
exattn_audit__subject(exattn_audit_candidates *all, const exattn_lesson *l,
                      const char *subject, mpfr_prec_t max_prec)
{
    exattn_error_t local;
    exattn_block *blk = NULL;
    ref x;

    exattn_error_init(&local);
    if (subject == NULL
        || (l->block != NULL
            && (blk = exattn_audit__block_of(all, l, max_prec, &local))
                   == NULL)
        || !exattn_audit__resolve_symbol(&x, subject, strlen(subject), l,
                                         blk, 0))
        return NULL;
    return candidate_named(all, l, &x);
}

/* The entry x of a block names as a claim of its own, into *scratch,
 * for an entry the lesson's candidates left out (its value depends on a
 * symbol with none): by its claim path, "ln1[1][2]"; NULL for a head's
 * stages, or when the path is refused. */
static exattn_audit_candidate *
entry_claim(exattn_audit_candidate *scratch, const exattn_lesson *l,
            const ref *x)
{
    const exattn_stage_info *st = exattn_block__stage(x->bq);
    exattn_error_t local;
    char path[96];

    char name[64];

    if (x->what != REF_BLOCK || st == NULL)
        return NULL;
    /* cross.ln, h2.weights: the stage's path as claims name it */
    exattn_block__path(name, sizeof name, x->bq, x->head);
    if (exattn_block__per_token(x->bq))
        snprintf(path, sizeof path, "%s[%zu]", name, x->row + 1);
    else
        snprintf(path, sizeof path, "%s[%zu][%zu]", name, x->row + 1,
                 x->col + 1);
    memset(scratch, 0, sizeof *scratch);
    exattn_error_init(&local);
    if (exattn_claims__path_claim(&scratch->claim, l, NULL, path, NULL,
                                  &local) != EXATTN_OK
        || scratch->claim.count != 1
        || (scratch->name = exattn_str__dup(path)) == NULL)
    {
        exattn_audit__candidate_clear(scratch);
        return NULL;
    }
    return scratch;
}

exattn_audit_candidate *
exattn_audit__subject_entry(exattn_audit_candidates *all,
                            const exattn_lesson *l, const char *subject,
                            const char *row_label,
                            exattn_audit_candidate *scratch,
                            mpfr_prec_t max_prec)
{
    exattn_audit_candidate *c;
    exattn_error_t local;
    exattn_block *blk = NULL;
    symbol y;
    ref x;

    exattn_error_init(&local);
    if (subject == NULL
        || !exattn_audit__read_symbol(&y, subject, strlen(subject))
        || (l->block != NULL
            && (blk = exattn_audit__block_of(all, l, max_prec, &local))
                   == NULL))
        return NULL;
    /* u_{1} under "a:" is u_{a,1} */
    if (y.count == 1 && row_label != NULL
        && strlen(row_label) < sizeof *y.index)
    {
        memcpy(y.index[1], y.index[0], sizeof *y.index);
        strcpy(y.index[0], row_label);
        y.count = 2;
    }
    if (!(blk != NULL ? block_ref(&x, &y, l, blk) : head_ref(&x, &y, l, 0)))
        return NULL;
    c = candidate_named(all, l, &x);
    return c != NULL ? c : entry_claim(scratch, l, &x);
}
