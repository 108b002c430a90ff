/* "permute": reorder the tokens of a self-attention lesson -- the rows of
 * Q, K, V (after projection: a row of X moves with all three) and their
 * labels -- while the mask stays fixed to positions.  New row i is old row
 * perm[i] (1-based in the file).  Seed 002 asks whether outputs stay at
 * their row index; a variant's contrast answers it. */
#include <stdlib.h>
#include <string.h>
#include "lesson/resolve.h"

static int
permute_matrix(exattn_matrix *m, const size_t *perm)
{
    exattn_matrix old;
    size_t r, c;
    int rc;

    exattn_matrix__init(&old);
    if ((rc = exattn_matrix__copy(&old, m)) != EXATTN_OK)
        return rc;
    for (r = 0; r < m->rows; r++)
        for (c = 0; c < m->cols; c++)
            if (m->ints != NULL)
                m->ints[r * m->cols + c] = old.ints[perm[r] * m->cols + c];
            else
                mpq_set(EXATTN_ENTRY(m, r, c), EXATTN_AT(&old, perm[r], c));
    exattn_matrix__clear(&old);
    return EXATTN_OK;
}

static void
permute_labels(char **labels, const size_t *perm, size_t n, char **tmp)
{
    size_t i;

    memcpy(tmp, labels, n * sizeof *tmp);
    for (i = 0; i < n; i++)
        labels[i] = tmp[perm[i]];
}

static int
read_perm(size_t *perm, const exattn_rctx *rc, const exattn_jnode *node,
          size_t n)
{
    unsigned char *seen = calloc(n, 1);
    size_t i;
    int code = EXATTN_OK;

    if (seen == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    for (i = 0; i < n && code == EXATTN_OK; i++)
    {
        code = exattn_lesson__index(&perm[i], rc, node->items[i],
                                    "permute", n);
        if (code == EXATTN_OK && seen[perm[i]]++)
            code = exattn_lesson__fail(rc, EXATTN_EFIELD, node->items[i],
                "permute: row %zu appears twice", perm[i] + 1);
    }
    free(seen);
    return code;
}

int
exattn_lesson__read_permute(exattn_lesson *l, const exattn_rctx *rc,
                            const exattn_fields *f)
{
    const exattn_jnode *node = exattn_lesson__field(f, "permute");
    char **tmp;
    int code;

    if (node == NULL)
        return EXATTN_OK;
    if (node->kind != EXATTN_J_ARRAY || node->count != l->n)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, node,
            "permute: expected a permutation of the %zu rows, as an array "
            "of indices", l->n);
    if (l->n != l->m)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, node,
            "permute: reorders the tokens of self-attention (n = m), not "
            "n=%zu queries and m=%zu keys", l->n, l->m);
    l->perm = malloc(l->n * sizeof *l->perm);
    tmp = malloc(l->n * sizeof *tmp);
    if (l->perm == NULL || tmp == NULL)
    {
        free(tmp);
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    }
    code = read_perm(l->perm, rc, node, l->n);
    if (code == EXATTN_OK
        && (permute_matrix(&l->q, l->perm) != EXATTN_OK
            || permute_matrix(&l->k, l->perm) != EXATTN_OK
            || permute_matrix(&l->v, l->perm) != EXATTN_OK
            /* X's rows are the tokens too, and a memory's the keys: q
             * stays X·W_Q, k memory·W_K */
            || (l->x.rows == l->n && permute_matrix(&l->x, l->perm)
                                         != EXATTN_OK)
            || (l->memory.rows == l->m
                && permute_matrix(&l->memory, l->perm) != EXATTN_OK)))
        code = exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    if (code == EXATTN_OK)
    {
        permute_labels(l->query_labels, l->perm, l->n, tmp);
        permute_labels(l->key_labels, l->perm, l->m, tmp);
    }
    free(tmp);
    return code;
}
