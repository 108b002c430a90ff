/* A block's entries inside a page's formula.  A symbol of a block's
 * stage (u_{2,1}, \mu_{2}, h_{3,3}) is written into the formula's text as
 * a reference to the node the block built for it, not as that node's
 * form written out: the formula is then proved against the lesson by
 * the very nodes the lesson's quantities are built of, so that
 * h_3 = -u_{2,1} + u_{2,2} is the identity of two sums of the same
 * atoms whatever a LayerNorm's square root of named values is, and a
 * formula costs its own size, not its symbols' whole derivation.
 *
 * The reference is internal to the audit -- "block[b][q][h][i][j]": the
 * auditor's block b, stage q, head h, entry (i, j), all from 0;
 * "blockz[b][q][h][i]", the softmax denominator of row i of weights
 * stage q (Z_{i}); and
 * "epsilon[b]", block b's layer norms' ε when it is a symbol -- and is
 * read back only by exattn_audit__parse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"
#include "expr/expr.h"

#define REF_NAME "block"
#define Z_NAME "blockz"
#define EPSILON_NAME "epsilon"
#define REF_INDICES 5
#define Z_INDICES 4

void
exattn_audit__put_block_ref(exattn_sbuf *b, size_t block, unsigned bq,
                            size_t head, size_t row, size_t col)
{
    exattn_sbuf__printf(b, "%s[%zu][%u][%zu][%zu][%zu]", REF_NAME, block,
                        bq, head, row, col);
}

void
exattn_audit__put_block_z_ref(exattn_sbuf *b, size_t block, unsigned bq,
                              size_t head, size_t row)
{
    exattn_sbuf__printf(b, "%s[%zu][%u][%zu][%zu]", Z_NAME, block, bq, head,
                        row);
}

void
exattn_audit__block_z_name(char *out, size_t size, unsigned bq, size_t head,
                           size_t row)
{
    char path[64];
    size_t n;

    /* "h1.weights", "cross.h1.weights": the head's prefix, then Z[row] */
    exattn_block__path(path, sizeof path, (exattn_stage_t)bq, head);
    n = strlen(path);
    if (n >= strlen("weights")
        && strcmp(path + n - strlen("weights"), "weights") == 0)
        path[n - strlen("weights")] = '\0';
    snprintf(out, size, "%sZ[%zu]", path, row + 1);
}

int
exattn_audit__put_epsilon(exattn_sbuf *b, const exattn_block *blk,
                          size_t block)
{
    exattn_expr *pool = exattn_expr__pool("epsilon");
    exattn_xnode *eps = pool ? exattn_block__epsilon(blk, pool) : NULL;
    int ok = eps != NULL;

    if (ok && eps->exact)
    {
        char *q = mpq_get_str(NULL, 10, eps->value);

        if ((ok = q != NULL))
            exattn_sbuf__printf(b, "(%s)", q);
        free(q);
    }
    else if (ok)
        exattn_sbuf__printf(b, "%s[%zu]", EPSILON_NAME, block);
    exattn_expr_free(pool);
    return ok;
}

size_t
exattn_audit__block_index(const exattn_audit_candidates *all,
                          const exattn_block *blk)
{
    size_t i;

    for (i = 0; i < all->block_count; i++)
        if (all->blocks[i] == blk)
            return i;
    return all->block_count;
}

/* The `count` indices of a reference name[..]...[..]: 1 when it is
 * one. */
static int
read_ref(size_t *at, const char *path, const char *name, size_t count)
{
    const char *p = path + strlen(name);
    size_t k;

    if (strncmp(path, name, strlen(name)) != 0)
        return 0;
    for (k = 0; k < count; k++)
    {
        char *end;

        if (*p != '[' || p[1] < '0' || p[1] > '9')
            return 0;
        at[k] = strtoul(p + 1, &end, 10);
        if (*end != ']')
            return 0;
        p = end + 1;
    }
    return *p == '\0';
}

/* The resolver of exattn_expr__parse_paths: the block's own node.  It
 * is shared, not copied: the page's expression holds it as an operand
 * and frees only its own nodes. */
static exattn_xnode *
block_node(void *ctx, exattn_expr *pool, const char *path,
           exattn_error_t *why)
{
    const exattn_audit_candidates *all = ctx;
    size_t at[REF_INDICES];
    exattn_xnode *n = NULL;

    if (read_ref(at, path, EPSILON_NAME, 1) && at[0] < all->block_count)
        n = exattn_block__epsilon(all->blocks[at[0]], pool);
    else if (read_ref(at, path, Z_NAME, Z_INDICES)
             && at[0] < all->block_count && at[1] < EXATTN_STAGE_COUNT)
        n = exattn_block__denominator(all->blocks[at[0]],
                                      (exattn_stage_t)at[1], at[2], at[3]);
    else if (read_ref(at, path, REF_NAME, REF_INDICES)
             && at[0] < all->block_count
        && at[1] < EXATTN_STAGE_COUNT)
        n = exattn_block__node(all->blocks[at[0]], (exattn_stage_t)at[1],
                               at[2], at[3], at[4]);
    if (n == NULL)
        exattn_error__set(why, EXATTN_ESYNTAX, "page", 0, 0,
                          "\"%.60s\" names no entry of a block", path);
    return n;
}

int
exattn_audit__parse(exattn_expr **out, const char *text,
                    const exattn_audit_candidates *all, exattn_error_t *err)
{
    return exattn_expr__parse_paths(out, text, strlen(text), "page", NULL,
                                    block_node, (void *)all, err);
}
