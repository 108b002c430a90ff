/* The sign of a node, proved by enclosures of increasing precision (the
 * shared loop of src/eval/ziv.c). */
#include "expr/expr.h"
#include "eval/ziv.h"

/* The enclosure of a node, as exattn_ziv__sign asks for it. */
typedef struct
{
    const exattn_xnode *node;
    const char *name;
} node_ctx;

static int
enclose_node(exattn_ball *out, void *ctx, mpfr_prec_t wp,
             exattn_error_t *err)
{
    const node_ctx *c = ctx;

    return exattn_expr__ball(out, c->node, wp, c->name, err);
}

int
exattn_expr__sign(int *sign, const exattn_xnode *n, mpfr_prec_t max_prec,
                  const char *name, exattn_error_t *err)
{
    node_ctx c = { n, name };
    mpfr_prec_t wp;
    int rc;

    if (n->exact)
    {
        *sign = mpq_sgn(n->value);
        return EXATTN_OK;
    }
    rc = exattn_ziv__sign(sign, &wp, enclose_node, &c, 64, max_prec, err);
    if (rc == EXATTN_EUNABLE)
        return exattn_error__set(err, rc, name, 0, 0,
                                 "sign undecided at %ld bits", (long)wp);
    return rc;
}
