/* A variant shown as a contrast with the lesson it changes (the base, or
 * the variant its "contrast" field names): for every query row, which
 * weights and output coordinates are unchanged -- proved equal, as exact
 * rationals or as the same rational function of t, never compared as
 * decimals -- and how the others change.  When a row's weights are
 * unchanged, the change of an output is sum_j w_j (V'_jc - V_jc): it is
 * derived as the output of the lesson with values V' - V, so the
 * exact-or-named rule decides it too ("increases by 2·w3 ≈ 1.152"). */
#include <string.h>
#include "internal.h"
#include "claims/tform.h"
#include "print/contrast.h"
#include "print/named.h"
#include "eval/row_eval.h"

typedef struct
{
    exattn_sbuf *b;
    const exattn_write_opts *opts;
    int code;
    exattn_error_t *err;
} contrast_ctx;

static void
row_name(exattn_sbuf *b, const exattn_lesson *l, size_t i)
{
    exattn_sbuf__printf(b, l->default_query_labels ? "row %s" : "row [%s]",
                        l->query_labels[i]);
}

/* Is quantity (kind, key, col) the same in both rows?  1 proved equal,
 * 0 proved different, -1 not decided. */
static int
same(const exattn_row *a, const exattn_row *b, exattn_kind_t kind,
     size_t key, size_t col)
{
    mpq_t x, y;
    int r = -1;

    mpq_init(x);
    mpq_init(y);
    if (exattn_row_get_mpq(x, a, kind, key, col) == EXATTN_OK
        && exattn_row_get_mpq(y, b, kind, key, col) == EXATTN_OK)
        r = mpq_equal(x, y);
    else
        switch (exattn_tform__compare_rows(a, b, kind, key, col))
        {
        case EXATTN_TFORM_EQUAL: r = 1; break;
        case EXATTN_TFORM_DIFFERENT: r = 0; break;
        default: r = -1; break;
        }
    mpq_clear(x);
    mpq_clear(y);
    return r;
}

/* A quantity's value as text: exact value or named form, with a decimal
 * when asked for. */
static void
value_text(contrast_ctx *c, const exattn_row *row, exattn_row_eval *ev,
           exattn_kind_t kind, size_t key, size_t col)
{
    mpq_t q;
    char *s;
    int exact;

    mpq_init(q);
    if (exattn_row_get_mpq(q, row, kind, key, col) == EXATTN_OK)
        exattn_sbuf__mpq(c->b, q);
    else
    {
        s = exattn_row_get_str(row, kind, key, col, EXATTN_TEXT);
        exattn_sbuf__puts(c->b, s ? s : "?");
        exattn_free(s);
    }
    mpq_clear(q);
    if (ev != NULL && c->opts && c->opts->digits >= 0
        && exattn_row_eval_decimal(&s, &exact, ev, kind, key, col,
                                   (unsigned long)c->opts->digits,
                                   c->opts->max_prec, c->err) == EXATTN_OK)
    {
        exattn_sbuf__printf(c->b, exact ? " = %s" : " ≈ %s", s);
        exattn_free(s);
    }
}

/* The change of output coordinate col when the weights are unchanged:
 * output col of the lesson with values V' - V. */
static void
output_change(contrast_ctx *c, const exattn_row *delta, size_t col)
{
    exattn_sbuf *b = c->b;
    exattn_row_eval *ev = NULL;
    mpq_t q;
    char *s = NULL;
    size_t j;
    int first = 1, exact = 0, negative, sign = 0;

    mpq_init(q);
    if (exattn_row_get_mpq(q, delta, EXATTN_OUTPUT, 0, col) == EXATTN_OK)
    {
        if (mpq_sgn(q) == 0)
            exattn_sbuf__puts(b, "unchanged (proved: the same weights, the "
                                 "same values where it matters)");
        else
        {
            exattn_sbuf__puts(b, mpq_sgn(q) > 0 ? "increases by "
                                                : "decreases by ");
            mpq_abs(q, q);
            exattn_sbuf__mpq(b, q);
            exattn_sbuf__puts(b, " (EXACT)");
        }
        mpq_clear(q);
        return;
    }
    mpq_clear(q);
    /* named: its sign proved by an enclosure (never read off a rounded
     * decimal: -0.07 at 0 digits is "0"), its form from the keys whose
     * value changed, its decimal when asked */
    if (exattn_row_eval_new(&ev, delta, NULL, c->err) != EXATTN_OK
        || exattn_row_eval__sign(&sign, ev, EXATTN_OUTPUT, 0, col,
                                 c->opts ? c->opts->max_prec : 0, c->err)
               != EXATTN_OK
        || (c->opts && c->opts->digits >= 0
            && exattn_row_eval_decimal(&s, &exact, ev, EXATTN_OUTPUT, 0, col,
                                       (unsigned long)c->opts->digits,
                                       c->opts->max_prec, c->err)
                   != EXATTN_OK))
    {
        c->code = c->err ? c->err->code : EXATTN_ENOMEM;
        exattn_row_eval_free(ev);
        return;
    }
    negative = sign < 0;
    exattn_sbuf__puts(b, negative ? "decreases by " : "increases by ");
    for (j = 0; j < delta->lesson->m; j++)
    {
        mpq_srcptr dv = EXATTN_AT(&delta->lesson->v, j, col);

        if (!delta->allowed[j] || mpq_sgn(dv) == 0)
            continue;
        exattn_sbuf__puts(b, first ? "" : (mpq_sgn(dv) > 0) != negative
                                              ? " + " : " - ");
        if (first && (mpq_sgn(dv) < 0) != negative)
            exattn_sbuf__puts(b, "-");
        first = 0;
        mpq_init(q);
        mpq_abs(q, dv);
        if (mpq_cmp_ui(q, 1, 1) != 0)
        {
            exattn_sbuf__mpq(b, q);
            exattn_sbuf__puts(b, "·");
        }
        mpq_clear(q);
        exattn_named__weight_factor(b, delta, j, 0);
    }
    if (s != NULL)
        exattn_sbuf__printf(b, " ≈ %s", s + (s[0] == '-'));
    exattn_sbuf__puts(b, " (NAMED)");
    exattn_free(s);
    exattn_row_eval_free(ev);
}

static void
weights_change(contrast_ctx *c, const exattn_row *from, const exattn_row *to,
               exattn_row_eval *ev_from, exattn_row_eval *ev_to)
{
    const exattn_lesson *l = to->lesson;
    size_t j;
    int r;

    row_name(c->b, l, to->index);
    exattn_sbuf__puts(c->b, ": weights change:");
    for (j = 0; j < l->m; j++)
    {
        if ((r = same(from, to, EXATTN_WEIGHT, j, 0)) == 1)
            continue;
        exattn_sbuf__printf(c->b, l->default_key_labels ? " w%s " : " w[%s] ",
                            l->key_labels[j]);
        value_text(c, from, ev_from, EXATTN_WEIGHT, j, 0);
        exattn_sbuf__puts(c->b, r == 0 ? " → " : " → (not proved different) ");
        value_text(c, to, ev_to, EXATTN_WEIGHT, j, 0);
        exattn_sbuf__puts(c->b, ";");
    }
    c->b->len--;                /* the last ";" */
    exattn_sbuf__puts(c->b, "\n");
}

static void
outputs_change(contrast_ctx *c, const exattn_row *from, const exattn_row *to,
               exattn_row_eval *ev_from, exattn_row_eval *ev_to)
{
    const exattn_lesson *l = to->lesson;
    size_t col;
    int r;

    for (col = 0; col < l->dv; col++)
    {
        row_name(c->b, l, to->index);
        exattn_sbuf__printf(c->b, ": output coordinate %zu ", col + 1);
        if ((r = same(from, to, EXATTN_OUTPUT, 0, col)) == 1)
            exattn_sbuf__puts(c->b, "unchanged (proved equal)");
        else
        {
            exattn_sbuf__puts(c->b, r == 0 ? "changes from "
                                           : "is not proved equal: from ");
            value_text(c, from, ev_from, EXATTN_OUTPUT, 0, col);
            exattn_sbuf__puts(c->b, " to ");
            value_text(c, to, ev_to, EXATTN_OUTPUT, 0, col);
        }
        exattn_sbuf__puts(c->b, "\n");
    }
}

/* Row i of `to` against row i of `from`; `delta` has values V' - V. */
static void
row_contrast(contrast_ctx *c, const exattn_lesson *from,
             const exattn_lesson *to, const exattn_lesson *delta, size_t i)
{
    exattn_row *rf = NULL, *rt = NULL, *rd = NULL;
    exattn_row_eval *ef = NULL, *et = NULL;
    size_t j, col;
    int weights_same = 1, values_same = 1, blocked_differ = 0;

    if (exattn_row_new(&rf, from, i, c->err) != EXATTN_OK
        || exattn_row_new(&rt, to, i, c->err) != EXATTN_OK
        || exattn_row_new(&rd, delta, i, c->err) != EXATTN_OK
        || (c->opts && c->opts->digits >= 0
            && (exattn_row_eval_new(&ef, rf, NULL, c->err) != EXATTN_OK
                || exattn_row_eval_new(&et, rt, NULL, c->err) != EXATTN_OK)))
    {
        c->code = c->err ? c->err->code : EXATTN_ENOMEM;
        goto done;
    }
    for (j = 0; j < to->m; j++)
        weights_same &= same(rf, rt, EXATTN_WEIGHT, j, 0) == 1;
    for (j = 0; j < to->m; j++)
        for (col = 0; col < to->dv; col++)
            if (mpq_sgn(EXATTN_AT(&delta->v, j, col)) != 0)
            {
                values_same &= !rt->allowed[j];
                blocked_differ |= !rt->allowed[j];
            }
    row_name(c->b, to, i);
    if (weights_same && values_same)
    {
        exattn_sbuf__puts(c->b, blocked_differ
            ? ": unchanged (proved: the same weights; the values differ only "
              "at blocked keys, which weigh exactly 0)\n"
            : ": unchanged (proved: the same weights and the same values)\n");
        goto done;
    }
    if (!weights_same)
    {
        c->b->len -= strlen(to->default_query_labels ? "row " : "row []")
                     + strlen(to->query_labels[i]);
        weights_change(c, rf, rt, ef, et);
        outputs_change(c, rf, rt, ef, et);
        goto done;
    }
    exattn_sbuf__puts(c->b, ": weights unchanged (proved equal)\n");
    for (col = 0; col < to->dv && c->code == EXATTN_OK; col++)
    {
        row_name(c->b, to, i);
        exattn_sbuf__printf(c->b, ": output coordinate %zu ", col + 1);
        output_change(c, rd, col);
        exattn_sbuf__puts(c->b, "\n");
    }
done:
    exattn_row_eval_free(ef);
    exattn_row_eval_free(et);
    exattn_row_free(rd);
    exattn_row_free(rt);
    exattn_row_free(rf);
}

/* A permuted variant: does each token's output move with it?  Variant
 * row i holds the token of row perm[i]; its output is a sum over all
 * visible keys, so the two are compared as rational functions of t
 * whatever the key order. */
static void
permuted_row(contrast_ctx *c, const exattn_lesson *from,
             const exattn_lesson *to, size_t i)
{
    exattn_row *rf = NULL, *rt = NULL;
    exattn_row_eval *ef = NULL, *et = NULL;
    size_t p = to->perm[i], col;
    int moved = 1, r;

    if (exattn_row_new(&rf, from, p, c->err) != EXATTN_OK
        || exattn_row_new(&rt, to, i, c->err) != EXATTN_OK
        || (c->opts && c->opts->digits >= 0
            && (exattn_row_eval_new(&ef, rf, NULL, c->err) != EXATTN_OK
                || exattn_row_eval_new(&et, rt, NULL, c->err) != EXATTN_OK)))
    {
        c->code = c->err ? c->err->code : EXATTN_ENOMEM;
        goto done;
    }
    for (col = 0; col < to->dv; col++)
        moved &= same(rf, rt, EXATTN_OUTPUT, 0, col) == 1;
    row_name(c->b, to, i);
    exattn_sbuf__printf(c->b, " (the token of row %zu): ", p + 1);
    if (moved)
    {
        exattn_sbuf__puts(c->b, "its output moved with it (proved equal)\n");
        goto done;
    }
    exattn_sbuf__puts(c->b, "its output did not move with it:");
    for (col = 0; col < to->dv; col++)
    {
        r = same(rf, rt, EXATTN_OUTPUT, 0, col);
        if (r == 1)
            continue;
        exattn_sbuf__printf(c->b, " coordinate %zu %s", col + 1,
                            r == 0 ? "was " : "(not proved) was ");
        value_text(c, rf, ef, EXATTN_OUTPUT, 0, col);
        exattn_sbuf__puts(c->b, ", is ");
        value_text(c, rt, et, EXATTN_OUTPUT, 0, col);
        exattn_sbuf__puts(c->b, ";");
    }
    c->b->len--;
    exattn_sbuf__puts(c->b, "\n");
done:
    exattn_row_eval_free(ef);
    exattn_row_eval_free(et);
    exattn_row_free(rt);
    exattn_row_free(rf);
}

static int
permuted_contrast(exattn_sbuf *b, const exattn_lesson *from,
                  const exattn_lesson *to, const exattn_write_opts *opts,
                  exattn_error_t *err)
{
    contrast_ctx c = { b, opts, EXATTN_OK, err };
    size_t i;

    exattn_sbuf__puts(b, "the tokens are permuted and the mask is kept: "
                         "does each output move with its token?\n");
    for (i = 0; i < to->n && c.code == EXATTN_OK; i++)
        permuted_row(&c, from, to, i);
    return c.code;
}

int
exattn_contrast__text(exattn_sbuf *b, const exattn_lesson *variant,
                      const exattn_write_opts *opts, exattn_error_t *err)
{
    const exattn_lesson *from = variant->contrast;
    exattn_lesson *delta = NULL;
    exattn_matrix dv;
    contrast_ctx c = { b, opts, EXATTN_OK, err };
    size_t i;

    if (from == NULL)
        return EXATTN_OK;
    exattn_sbuf__printf(b, "contrast with %s%s%s:\n",
                        from->name ? "variant \"" : "the base lesson",
                        from->name ? from->name : "",
                        from->name ? "\"" : "");
    if (from->n != variant->n || from->m != variant->m
        || from->dv != variant->dv)
    {
        exattn_sbuf__puts(b, "(the shapes differ: no row-by-row "
                             "contrast)\n");
        return EXATTN_OK;
    }
    if (variant->perm != NULL && from->perm == NULL)
        return permuted_contrast(b, from, variant, opts, err);
    exattn_matrix__init(&dv);
    if (exattn_matrix__copy(&dv, &variant->v) != EXATTN_OK)
        return exattn_error__set(err, EXATTN_ENOMEM, variant->file, 0, 0,
                                 "out of memory");
    for (i = 0; i < dv.rows * dv.cols; i++)
        mpq_sub(dv.a[i], dv.a[i], from->v.a[i]);
    if (exattn_lesson__with_values(&delta, variant, &dv) != EXATTN_OK)
        c.code = exattn_error__set(err, EXATTN_ENOMEM, variant->file, 0, 0,
                                   "out of memory");
    for (i = 0; i < variant->n && c.code == EXATTN_OK; i++)
        row_contrast(&c, from, variant, delta, i);
    exattn_lesson_free(delta);
    exattn_matrix__clear(&dv);
    return c.code;
}
