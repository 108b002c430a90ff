/* One entry of a block as printed: exact values as rationals, named ones
 * in full when short and with the labels of their parts when long, and
 * the certified decimal on request. */
#include <stdlib.h>
#include <string.h>
#include "print/block.h"
#include "eval/decimal.h"

static char *
exact_text(const mpq_t q, unsigned flags)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    if (flags & EXATTN_LATEX)
        exattn_sbuf__mpq_latex(&b, q);
    else
        exattn_sbuf__mpq(&b, q);
    return exattn_sbuf__take(&b);
}

static int
decimal(exattn_bentry *e, const exattn_xnode *n, const exattn_block *b,
        const exattn_write_opts *opts, exattn_error_t *err)
{
    exattn_expr *view = exattn_expr__view(b->pool, (exattn_xnode *)n);
    exattn_error_t local;
    int rc;

    if (view == NULL)
        return exattn_block__nomem(b, err);
    exattn_error_init(&local);
    rc = exattn_expr_get_decimal(&e->decimal, NULL, view,
                                 opts->digits, opts->max_prec,
                                 &local);
    exattn_expr_free(view);
    if (rc == EXATTN_ENOMEM)
        return exattn_block__nomem(b, err);
    if (rc != EXATTN_OK && (e->why = exattn_str__dup(local.message)) == NULL)
        return exattn_block__nomem(b, err);
    return EXATTN_OK;
}

int
exattn_bentry__make(exattn_bentry *e, const exattn_xnode *n,
                    const exattn_block *b, unsigned flags,
                    const exattn_write_opts *opts, exattn_error_t *err)
{
    memset(e, 0, sizeof *e);
    e->exact = n->exact;
    if (n->exact)
        e->text = exact_text(n->value, flags);
    else if ((e->text = exattn_expr__print(n, flags, 0, EXATTN_BLOCK_INLINE))
             == NULL)
        e->text = exattn_expr__print(n, flags, 1, 0);
    if (e->text == NULL)
        return exattn_block__nomem(b, err);
    if (opts != NULL && opts->digits != EXATTN_DIGITS_NONE)
        return decimal(e, n, b, opts, err);
    return EXATTN_OK;
}

void
exattn_bentry__clear(exattn_bentry *e)
{
    free(e->text);
    exattn_free(e->decimal);
    free(e->why);
    memset(e, 0, sizeof *e);
}
