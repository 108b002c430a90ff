/* The LaTeX of a block: one display per stage and token, each vector
 * exact or named, in the order of the text presentation.  Fragments
 * between $$ ... $$, or a standalone document (amsmath only). */
#include <stdio.h>
#include <stdlib.h>
#include "print/block.h"

typedef struct
{
    exattn_sbuf out;
    const exattn_block *b;
    const exattn_write_opts *opts;
    int standalone, paren;
    exattn_error_t *err;
} xctx;

static void
open_display(xctx *x, const char *comment)
{
    exattn_sbuf__puts(&x->out, "% ");
    exattn_sbuf__latex_comment(&x->out, comment);
    exattn_sbuf__puts(&x->out, x->standalone ? "\n\\[\n" : "\n$$\n");
}

static void
close_display(xctx *x)
{
    exattn_sbuf__puts(&x->out, x->standalone ? "\n\\]\n\n" : "\n$$\n\n");
}

/* [who:] NAME = vector (status) [\approx decimals] */
static int
vector(xctx *x, const char *who, const char *name, exattn_xnode **v,
       size_t count)
{
    exattn_bentry *e = calloc(count ? count : 1, sizeof *e);
    size_t k;
    int rc = e ? EXATTN_OK : exattn_block__nomem(x->b, x->err), exact = 1;

    for (k = 0; rc == EXATTN_OK && k < count; k++)
    {
        rc = exattn_bentry__make(&e[k], v[k], x->b, EXATTN_LATEX, x->opts,
                                 x->err);
        exact &= e[k].exact;
    }
    if (rc == EXATTN_OK)
    {
        open_display(x, name);
        if (who != NULL)
        {
            exattn_sbuf__puts(&x->out, "\\text{");
            exattn_sbuf__latex_text(&x->out, who);
            exattn_sbuf__puts(&x->out, "}:\\ ");
        }
        exattn_sbuf__printf(&x->out, "%s = %s", name,
                            count < 2 ? "" : x->paren ? "\\left("
                                                      : "\\begin{bmatrix}");
        for (k = 0; k < count; k++)
            exattn_sbuf__printf(&x->out, "%s%s", !k ? "" : x->paren ? ", "
                                                                 : " & ",
                                e[k].text);
        exattn_sbuf__puts(&x->out, count < 2 ? "" : x->paren
                                                    ? "\\right)"
                                                    : "\\end{bmatrix}");
        exattn_sbuf__puts(&x->out, exact ? "\\quad(\\text{exact})"
                                         : "\\quad(\\text{named})");
        if (x->opts != NULL && x->opts->digits != EXATTN_DIGITS_NONE && !exact)
            for (k = 0; k < count; k++)
                exattn_sbuf__printf(&x->out, "%s%s", k ? ",\\ " :
                                    "\\quad\\approx\\ ",
                                    e[k].decimal ? e[k].decimal
                                                 : "\\text{(undecided)}");
        close_display(x);
    }
    for (k = 0; e != NULL && k < count; k++)
        exattn_bentry__clear(&e[k]);
    free(e);
    return rc;
}

static int
table(xctx *x, const char *name, exattn_xnode **t, size_t rows, size_t cols,
      char *const *labels)
{
    size_t i;
    int rc = EXATTN_OK;

    for (i = 0; rc == EXATTN_OK && i < rows; i++)
        rc = vector(x, labels[i], name, t + i * cols, cols);
    return rc;
}

static int
positions(xctx *x)
{
    const exattn_block *b = x->b;
    char name[64];
    size_t p;
    int rc = EXATTN_OK;

    for (p = 0; b->spec->positional && rc == EXATTN_OK && p < b->n; p++)
    {
        snprintf(name, sizeof name, "\\mathrm{PE}(%zu)", p);
        rc = vector(x, NULL, name, b->q[EXATTN_BQ_PE] + p * b->d, b->d);
    }
    return rc ? rc : table(x, "x'", b->q[EXATTN_BQ_INPUT], b->n, b->d,
                           b->lesson->query_labels);
}

static int
heads(xctx *x)
{
    const exattn_block *b = x->b;
    char *const *ql = b->lesson->query_labels;
    char name[5][48];
    size_t k;
    int rc = EXATTN_OK;

    for (k = 0; rc == EXATTN_OK && k < b->heads_count; k++)
    {
        const exattn_head_nodes *h = &b->heads[k];
        const char *base[5] = { "q", "k", "v", "a", "H" };
        int i;

        for (i = 0; i < 5; i++)
            if (i == 4 || b->heads_count > 1)
                snprintf(name[i], sizeof name[i], "%s^{(%zu)}", base[i],
                         k + 1);
            else
                snprintf(name[i], sizeof name[i], "%s", base[i]);
        if ((rc = table(x, name[0], h->q, b->n, h->dk, ql)) != EXATTN_OK
            || (rc = table(x, name[1], h->k, b->m, h->dk,
                           b->lesson->key_labels)) != EXATTN_OK
            || (rc = table(x, name[2], h->v, b->m, h->dv,
                           b->lesson->key_labels)) != EXATTN_OK
            || (rc = table(x, "s", h->s, b->n, b->m, ql)) != EXATTN_OK
            || (rc = table(x, name[3], h->w, b->n, b->m, ql)) != EXATTN_OK)
            break;
        rc = table(x, name[4], h->out, b->n, h->dv, ql);
    }
    return rc;
}

static int
stages(xctx *x)
{
    const exattn_block *b = x->b;
    const exattn_block_spec *s = b->spec;
    char *const *ql = b->lesson->query_labels;
    int rc;

    if ((rc = positions(x)) != EXATTN_OK || (rc = heads(x)) != EXATTN_OK
        || (s->wo.rows && (rc = table(x, "A", b->q[EXATTN_BQ_ATTN], b->n,
                                      b->d, ql)) != EXATTN_OK)
        || (rc = table(x, "z", b->q[EXATTN_BQ_RES1], b->n, b->d, ql))
               != EXATTN_OK
        || !s->ln1.present
        || (rc = table(x, "\\mu", b->q[EXATTN_BQ_MEAN1], b->n, 1, ql))
               != EXATTN_OK
        || (rc = table(x, "\\sigma^2", b->q[EXATTN_BQ_VAR1], b->n, 1, ql))
               != EXATTN_OK
        || (rc = table(x, "u", b->q[EXATTN_BQ_LN1], b->n, b->d, ql))
               != EXATTN_OK
        || !s->has_ffn)
        return rc;
    if ((rc = table(x, "h", b->q[EXATTN_BQ_HIDDEN], b->n, b->dff, ql))
            != EXATTN_OK
        || (rc = table(x, "r", b->q[EXATTN_BQ_RELU], b->n, b->dff, ql))
               != EXATTN_OK
        || (rc = table(x, "f", b->q[EXATTN_BQ_FFN], b->n, b->d, ql))
               != EXATTN_OK
        || (rc = table(x, "z'", b->q[EXATTN_BQ_RES2], b->n, b->d, ql))
               != EXATTN_OK
        || (rc = table(x, "\\mu'", b->q[EXATTN_BQ_MEAN2], b->n, 1, ql))
               != EXATTN_OK
        || (rc = table(x, "{\\sigma'}^2", b->q[EXATTN_BQ_VAR2], b->n, 1,
                       ql)) != EXATTN_OK)
        return rc;
    return table(x, "y", b->q[EXATTN_BQ_LN2], b->n, b->d, ql);
}

int
exattn_block__write_latex(FILE *f, const exattn_lesson *l,
                          const exattn_write_opts *opts, exattn_error_t *err)
{
    exattn_block *b = NULL;
    xctx x;
    int rc = exattn_block_new(&b, l, opts ? opts->max_prec : 0, err);

    if (rc != EXATTN_OK)
        return rc;
    x.b = b;
    x.opts = opts;
    x.err = err;
    x.standalone = opts && (opts->latex & EXATTN_LATEX_STANDALONE);
    x.paren = opts && (opts->latex & EXATTN_LATEX_PAREN_VECTORS);
    exattn_sbuf__init(&x.out);
    if (x.standalone)
    {
        exattn_sbuf__puts(&x.out, "\\documentclass{article}\n"
                          "\\usepackage{amsmath}\n\\begin{document}\n\n"
                          "\\section*{");
        exattn_sbuf__latex_text(&x.out, l->title ? l->title
                                : "A Transformer block, derived by exattn");
        exattn_sbuf__puts(&x.out, "}\n\n");
    }
    else
    {
        exattn_sbuf__puts(&x.out, "% ");
        exattn_sbuf__latex_comment(&x.out, l->title ? l->title : "block");
        exattn_sbuf__puts(&x.out, "\n\n");
    }
    rc = stages(&x);
    if (rc == EXATTN_OK && x.standalone)
        exattn_sbuf__puts(&x.out, "\\end{document}\n");
    if (rc == EXATTN_OK)
        rc = exattn_sbuf__flush(&x.out, f, l->file, err);
    exattn_sbuf__clear(&x.out);
    exattn_block_free(b);
    return rc;
}
