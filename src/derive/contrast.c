/* A variant as a contrast with the lesson it changes (the base, or the
 * variant its "contrast" field names): for every query row, which weights
 * and output coordinates are unchanged -- proved equal, as exact
 * rationals or by the identity engine (the same normal form), never
 * compared as decimals -- and how the others change.  When a row's weights are
 * unchanged, the change of an output is sum_j w_j (V'_jc - V_jc): it is
 * derived as the output of the lesson with values V' - V, so the
 * exact-or-named rule decides it too ("increases by 2·w3 ≈ 1.152"), and
 * its sign is proved by an enclosure. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "derive/derive.h"
#include "derive/amount.h"
#include "derive/symbols.h"
#include "expr/row_node.h"
#include "row/named.h"
#include "eval/row_eval.h"

/* The two rows of a contrast, with their decimals when asked for and
 * their quantities' nodes for the identity engine. */
typedef struct
{
    exattn_walk *w;
    const exattn_row *from, *to;
    exattn_decimals df, dt;
    exattn_expr *pool;
    exattn_row_nodes nf, nt;
    exattn_error_t local;
    exattn_doc_contrast_summary *sum;   /* counts every relation */
    int changed;                /* this row has a relation not EQUAL */
} pair;

static int
oom(exattn_walk *w, const exattn_lesson *l)
{
    return exattn_error__set(w->err, EXATTN_ENOMEM, l->file, 0, 0,
                             "out of memory");
}

/* The quantity in both rows: equal by the identity engine, or different
 * when certified enclosures of the difference, refined up to the walk's
 * precision cap, exclude 0 (*sign: the sign of to - from); else
 * unproved. */
static int
same_named(pair *p, exattn_kind_t kind, size_t key, size_t col, int *sign)
{
    exattn_xnode *x, *y, *d;
    int different = 0;

    if (p->pool == NULL
        || (x = exattn_expr__row_nodes_get(&p->nf, kind, key, col)) == NULL
        || (y = exattn_expr__row_nodes_get(&p->nt, kind, key, col)) == NULL)
        return -1;
    switch (exattn_expr__identity(x, y))
    {
    case EXATTN_IDENTITY_EQUAL: return 1;
    case EXATTN_IDENTITY_DIFFERENT: different = 1; break;
    default: break;
    }
    d = exattn_expr__apply(p->pool, EXATTN_X_SUB, y, x, &p->local);
    if (d != NULL
        && exattn_expr__sign(sign, d,
                             p->w->opts->max_prec
                                 ? p->w->opts->max_prec
                                 : (mpfr_prec_t)EXATTN_DEFAULT_MAX_PREC,
                             "contrast", &p->local) == EXATTN_OK
        && *sign != 0)
        return 0;
    *sign = 0;          /* proved different, its direction not decided */
    return different ? 0 : -1;
}

/* Is quantity (kind, key, col) the same in both rows?  1 proved equal,
 * 0 proved different (*sign the sign of the change, to - from), -1 not
 * decided. */
static int
same(pair *p, exattn_kind_t kind, size_t key, size_t col, int *sign)
{
    mpq_t x, y;
    int r;

    mpq_init(x);
    mpq_init(y);
    *sign = 0;
    if (exattn_row_get_mpq(x, p->from, kind, key, col) == EXATTN_OK
        && exattn_row_get_mpq(y, p->to, kind, key, col) == EXATTN_OK)
    {
        r = mpq_equal(x, y);
        *sign = mpq_cmp(y, x) > 0 ? 1 : mpq_cmp(y, x) < 0 ? -1 : 0;
    }
    else
        r = same_named(p, kind, key, col, sign);
    mpq_clear(x);
    mpq_clear(y);
    return r;
}

/* The relation `same` proved: a difference with its direction. */
static exattn_relation_t
relation_of(int same_result, int sign)
{
    if (same_result == 1)
        return EXATTN_RELATION_EQUAL;
    if (same_result != 0)
        return EXATTN_RELATION_UNPROVED;
    return sign > 0 ? EXATTN_RELATION_INCREASES
           : sign < 0 ? EXATTN_RELATION_DECREASES
                      : EXATTN_RELATION_DIFFERENT;
}

/* Count relation `rel` of a weight or an output in the summary. */
static void
count(pair *p, exattn_role_t role, exattn_relation_t rel)
{
    exattn_doc_contrast_summary *s = p->sum;
    int weight = role == EXATTN_ROLE_CHANGE_WEIGHT;

    if (rel == EXATTN_RELATION_EQUAL)
        return;
    p->changed = 1;
    if (rel == EXATTN_RELATION_INCREASES)
        ++*(weight ? &s->weights_up : &s->outputs_up);
    else if (rel == EXATTN_RELATION_DECREASES)
        ++*(weight ? &s->weights_down : &s->outputs_down);
    else if (rel == EXATTN_RELATION_UNPROVED)
        s->unproved++;
    else
        s->different++;
}

/* A row quantity as a value: exact, or named by its form; its decimal
 * when asked for. */
static int
quantity_value(exattn_walk *w, exattn_dval *d, const exattn_row *row,
               exattn_decimals *dec, exattn_kind_t kind, size_t key,
               size_t col)
{
    exattn_sbuf texts[2];
    mpq_t q;
    char *s;
    int k;

    mpq_init(q);
    if (exattn_row_get_mpq(q, row, kind, key, col) == EXATTN_OK)
        exattn_dval__exact(d, q);
    mpq_clear(q);
    d->v.why = EXATTN_WHY_CHANGE;
    for (k = 0; k < 2; k++)
    {
        exattn_sbuf__init(&texts[k]);
        if (d->v.status == EXATTN_EXACT || !(w->notations & (1u << k)))
            continue;
        if (k == EXATTN_FORM_LATEX && exattn_walk__in_symbols(w, row))
        {
            /* both lessons' derivations name their weights w_{i,j} with
             * Z_i: a contrast in those symbols would read as one lesson,
             * so it says "named" (and the decimal when asked for) */
            exattn_sbuf__puts(&texts[k], "\\text{named}");
            continue;
        }
        s = exattn_row_get_str(row, kind, key, col,
                               k ? EXATTN_LATEX : EXATTN_TEXT);
        exattn_sbuf__puts(&texts[k], s ? s : "");
        texts[k].oom |= s == NULL;
        exattn_free(s);
    }
    if (d->v.status != EXATTN_EXACT
        && exattn_walk__take_forms(w, d, d->v.form, texts) != EXATTN_OK)
        return EXATTN_ENOMEM;
    return exattn_walk__decimal(w, d, dec, kind, key, col);
}

/* How much a value changed when both values are exact: |b - a|, the
 * direction being proved.  A named change gets none: its direction is
 * proved and both values stand beside it (with their decimals when asked
 * for), while the difference of two softmax forms would only repeat
 * them at twice the length. */
static int
exact_amount(exattn_walk *w, exattn_dval *by, const exattn_dval *a,
             const exattn_dval *b, int *has)
{
    mpq_t q;
    int code;

    *has = a->v.status == EXATTN_EXACT && b->v.status == EXATTN_EXACT;
    if (!*has)
        return EXATTN_OK;
    by->v.why = EXATTN_WHY_CHANGE;
    mpq_init(q);
    mpq_sub(q, b->v.exact, a->v.exact);
    mpq_abs(q, q);
    exattn_dval__exact(by, q);
    code = exattn_walk__amount_q(w, by, q);
    mpq_clear(q);
    return code;
}

/* An amount's decimal as an evaluation returned it (`code`, the digits
 * `s`, `local` its message): the decimal, or, when it is undecided within
 * the cap, why -- the reason, not a failure; another error goes to the
 * walk. */
static int
take_decimal(exattn_walk *w, exattn_dval *by, int code, char *s, int exact,
             const exattn_error_t *local, const exattn_lesson *l)
{
    if (code == EXATTN_EUNABLE)
        return exattn_dval__own(by, exattn_str__dup(local->message),
                                &by->v.undecided) ? EXATTN_OK : oom(w, l);
    if (code == EXATTN_OK)
    {
        by->v.decimal_exact = exact;
        return exattn_dval__own(by, s, &by->v.decimal) ? EXATTN_OK
                                                      : oom(w, l);
    }
    if (local->code != EXATTN_OK && w->err != NULL)
        *w->err = *local;
    return code;
}

/* One value's form in notation k, for a difference: its own form, or
 * the exact value written out; 0 when it has none in k. */
static int
form_of(exattn_sbuf *b, const exattn_dval *d, int k)
{
    if (d->v.status == EXATTN_EXACT)
    {
        if (k == EXATTN_FORM_LATEX)
            exattn_sbuf__mpq_latex(b, d->v.exact);
        else
            exattn_sbuf__mpq(b, d->v.exact);
        return 1;
    }
    if (d->v.form[k] == NULL)
        return 0;
    exattn_sbuf__printf(b, k == EXATTN_FORM_LATEX ? "\\left(%s\\right)"
                                                   : "(%s)", d->v.form[k]);
    return 1;
}

/* A named difference's decimal at `places` places (amount.c asks). */
typedef struct
{
    const exattn_expr *view;
    mpfr_prec_t max_prec;
} view_amount;

static int
view_places(char **out, int *exact, unsigned long places, void *arg,
            exattn_error_t *err)
{
    const view_amount *a = arg;

    return exattn_expr_get_decimal(out, exact, a->view, places, a->max_prec,
                                   err);
}

/* How much a named value changed, when decimals are asked for: |b - a|,
 * named as that difference (the larger first, so it reads as the
 * amount), its certified decimal from the identity engine's nodes of the
 * two quantities -- the difference of the two forms proves nothing by
 * itself; the direction it is the amount of was proved before.  *has 0
 * when there are no nodes to enclose. */
static int
named_amount(pair *p, exattn_dval *by, const exattn_dval *a,
             const exattn_dval *b, exattn_kind_t kind, size_t key,
             size_t col, exattn_relation_t rel, int *has)
{
    exattn_walk *w = p->w;
    int up = rel == EXATTN_RELATION_INCREASES;
    const exattn_dval *hi = up ? b : a, *lo = up ? a : b;
    exattn_xnode *x, *y, *d;
    exattn_expr *view;
    exattn_sbuf texts[2];
    exattn_error_t local;
    char *s = NULL;
    int code, exact = 0, k;

    *has = 0;
    if (p->pool == NULL
        || (x = exattn_expr__row_nodes_get(&p->nf, kind, key, col)) == NULL
        || (y = exattn_expr__row_nodes_get(&p->nt, kind, key, col)) == NULL
        || (d = exattn_expr__apply(p->pool, EXATTN_X_SUB, up ? y : x,
                                   up ? x : y, &p->local)) == NULL
        || (view = exattn_expr__view(p->pool, d)) == NULL)
        return EXATTN_OK;
    *has = 1;
    by->v.why = EXATTN_WHY_CHANGE;
    for (k = 0; k < 2; k++)
    {
        exattn_sbuf__init(&texts[k]);
        if ((w->notations & (1u << k)) && form_of(&texts[k], hi, k)
            && !(lo->v.status == EXATTN_EXACT && mpq_sgn(lo->v.exact) == 0))
        {
            /* "hi − lo", without "− 0" */
            exattn_sbuf__puts(&texts[k], k == EXATTN_FORM_LATEX ? " - "
                                                                : " − ");
            form_of(&texts[k], lo, k);
        }
    }
    code = exattn_walk__take_forms(w, by, by->v.form, texts);
    exattn_error_init(&local);
    if (code == EXATTN_OK)
    {
        view_amount va = { view, w->opts->max_prec };

        code = exattn_amount__decimal(&s, &exact, w->opts->digits,
                                      view_places, &va, &local);
    }
    exattn_expr_free(view);
    return take_decimal(w, by, code, s, exact, &local, p->to->lesson);
}

/* A change entry of `role` for (key, col): both values, their relation
 * (its direction proved), and the amount -- exact when both values are,
 * else, with decimals asked for, named with its certified decimal. */
static int
change_entry(pair *p, exattn_role_t role, size_t key, size_t col,
             exattn_relation_t rel)
{
    exattn_kind_t kind = role == EXATTN_ROLE_CHANGE_WEIGHT ? EXATTN_WEIGHT
                                                           : EXATTN_OUTPUT;
    exattn_doc_entry e = { 0 };
    exattn_dval a, b, by;
    int code, has = 0;

    exattn_dval__init(&a);
    exattn_dval__init(&b);
    exattn_dval__init(&by);
    e.role = role;
    e.row = p->to->index;
    e.key = key;
    e.col = col;
    e.count = 1;
    e.rule = EXATTN_RULE_SOFTMAX;
    e.relation = rel;
    if ((code = quantity_value(p->w, &a, p->from, &p->df, kind, key, col))
            == EXATTN_OK
        && (code = quantity_value(p->w, &b, p->to, &p->dt, kind, key, col))
               == EXATTN_OK
        && (code = exact_amount(p->w, &by, &a, &b, &has)) == EXATTN_OK
        && (has || p->w->opts->digits == EXATTN_DIGITS_NONE
            || (rel != EXATTN_RELATION_INCREASES
                && rel != EXATTN_RELATION_DECREASES)
            || (code = named_amount(p, &by, &a, &b, kind,
                                    kind == EXATTN_WEIGHT ? key : 0,
                                    kind == EXATTN_WEIGHT ? 0 : col, rel,
                                    &has))
                   == EXATTN_OK))
    {
        count(p, role, rel);
        e.from = &a.v;
        e.values = &b.v;
        e.by = has && rel != EXATTN_RELATION_EQUAL ? &by.v : NULL;
        code = exattn_walk__entry(p->w, &e);
    }
    exattn_dval__clear(&a);
    exattn_dval__clear(&b);
    exattn_dval__clear(&by);
    return code;
}

/* The amount of a named change of output col, from the keys whose value
 * changed: "2·(e^{..}/(..))", signs relative to the proved direction. */
static void
amount_form(exattn_sbuf *b, const exattn_row *delta, size_t col, int latex,
            int negative, int symbols)
{
    size_t j;
    int first = 1;
    mpq_t q;

    mpq_init(q);
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
        mpq_abs(q, dv);
        if (mpq_cmp_ui(q, 1, 1) != 0)
        {
            if (latex)
                exattn_sbuf__mpq_latex(b, q);
            else
                exattn_sbuf__mpq(b, q);
            exattn_sbuf__puts(b, latex ? (symbols ? "\\," : "\\cdot ")
                                       : "·");
        }
        if (latex && symbols)
            exattn_symbols__weight(b, delta, j, 1);
        else
            exattn_named__weight_factor(b, delta, j, latex);
    }
    mpq_clear(q);
}

/* An output coordinate's decimal at `places` places (amount.c asks). */
typedef struct
{
    exattn_row_eval *ev;
    size_t col;
    mpfr_prec_t max_prec;
} output_amount;

static int
output_places(char **out, int *exact, unsigned long places, void *arg,
              exattn_error_t *err)
{
    const output_amount *a = arg;

    return exattn_row_eval_decimal(out, exact, a->ev, EXATTN_OUTPUT, 0,
                                   a->col, places, a->max_prec, err);
}

/* The decimal of |change| of output col, `sign` its proved sign: the
 * output of the lesson with values V' - V, or V - V' when the change is
 * negative, so the decimal is a quantity's own, never a string with its
 * sign cut off.  Undecided within the cap: the reason, not a failure. */
static int
amount_decimal(exattn_walk *w, exattn_dval *by, const exattn_row *delta,
               size_t col, int sign)
{
    const exattn_lesson *l = delta->lesson;
    exattn_lesson *neg = NULL;
    exattn_row *row = NULL;
    exattn_row_eval *ev = NULL;
    exattn_matrix v;
    exattn_error_t local;
    char *s = NULL;
    size_t i;
    int code = EXATTN_OK, exact = 0;

    exattn_matrix__init(&v);
    if (sign < 0)
    {
        if (exattn_matrix__copy(&v, &l->v) != EXATTN_OK
            || exattn_matrix__rationals(&v) != EXATTN_OK)
        {
            exattn_matrix__clear(&v);
            return oom(w, l);
        }
        for (i = 0; i < v.rows * v.cols; i++)
            mpq_neg(v.a[i], v.a[i]);
        code = exattn_lesson__with_values(&neg, l, &v) == EXATTN_OK
               ? exattn_row_new(&row, neg, delta->index, w->err)
               : oom(w, l);
    }
    exattn_error_init(&local);
    if (code == EXATTN_OK
        && (code = exattn_row_eval_new(&ev, row ? row : delta, NULL,
                                       w->err)) == EXATTN_OK)
    {
        output_amount a = { ev, col, w->opts->max_prec };

        code = exattn_amount__decimal(&s, &exact, w->opts->digits,
                                      output_places, &a, &local);
    }
    code = take_decimal(w, by, code, s, exact, &local, l);
    exattn_row_eval_free(ev);
    exattn_row_free(row);
    exattn_lesson_free(neg);
    exattn_matrix__clear(&v);
    return code;
}

/* The sign of a named change, proved by an enclosure; *proved 0 when it
 * is not decided within the cap (the relation is then "unproved"). */
static int
change_sign(exattn_walk *w, int *sign, int *proved, const exattn_row *delta,
            size_t col)
{
    exattn_row_eval *ev = NULL;
    exattn_error_t local;
    int code;

    *sign = 0;
    *proved = 1;
    exattn_error_init(&local);
    if ((code = exattn_row_eval_new(&ev, delta, NULL, w->err)) == EXATTN_OK
        && (code = exattn_row_eval__sign(sign, ev, EXATTN_OUTPUT, 0, col,
                                         w->opts->max_prec, &local))
               == EXATTN_EUNABLE)
    {
        *sign = 0;
        *proved = 0;
        code = EXATTN_OK;
    }
    else if (code != EXATTN_OK && local.code != EXATTN_OK && w->err != NULL)
        *w->err = local;
    exattn_row_eval_free(ev);
    return code;
}

/* The change of output col when the weights are unchanged: output col of
 * the lesson with values V' - V, its sign proved, its size in `by`. */
static int
output_change(pair *p, const exattn_row *delta, size_t col)
{
    exattn_walk *w = p->w;
    exattn_doc_entry e = { 0 };
    exattn_sbuf texts[2];
    exattn_dval a, b, by;
    int code, sign = 0, proved = 1, k;
    mpq_t q;

    exattn_dval__init(&a);
    exattn_dval__init(&b);
    exattn_dval__init(&by);
    by.v.why = EXATTN_WHY_CHANGE;
    mpq_init(q);
    code = exattn_row_get_mpq(q, delta, EXATTN_OUTPUT, 0, col);
    if (code == EXATTN_OK)
    {
        sign = mpq_sgn(q);
        mpq_abs(q, q);
        exattn_dval__exact(&by, q);
        code = exattn_walk__amount_q(w, &by, q);
    }
    else if ((code = change_sign(w, &sign, &proved, delta, col)) == EXATTN_OK
             && sign != 0)
    {
        for (k = 0; k < 2; k++)
        {
            exattn_sbuf__init(&texts[k]);
            if (w->notations & (1u << k))
                amount_form(&texts[k], delta, col, k, sign < 0,
                            exattn_walk__in_symbols(w, delta));
        }
        code = exattn_walk__take_forms(w, &by, by.v.form, texts);
        if (code == EXATTN_OK && w->opts->digits != EXATTN_DIGITS_NONE)
            code = amount_decimal(w, &by, delta, col, sign);
    }
    mpq_clear(q);
    e.role = EXATTN_ROLE_CHANGE_OUTPUT;
    e.row = p->to->index;
    e.key = SIZE_MAX;
    e.col = col;
    e.count = 1;
    e.rule = EXATTN_RULE_SOFTMAX;
    e.relation = !proved    ? EXATTN_RELATION_UNPROVED
                 : sign > 0 ? EXATTN_RELATION_INCREASES
                 : sign < 0 ? EXATTN_RELATION_DECREASES
                            : EXATTN_RELATION_EQUAL;
    e.by = sign != 0 ? &by.v : NULL;
    if (code == EXATTN_OK
        && (code = quantity_value(w, &a, p->from, &p->df, EXATTN_OUTPUT, 0,
                                  col)) == EXATTN_OK
        && (code = quantity_value(w, &b, p->to, &p->dt, EXATTN_OUTPUT, 0,
                                  col)) == EXATTN_OK)
    {
        e.from = &a.v;
        e.values = &b.v;
        count(p, e.role, e.relation);
        code = exattn_walk__entry(w, &e);
    }
    exattn_dval__clear(&a);
    exattn_dval__clear(&b);
    exattn_dval__clear(&by);
    return code;
}

/* What happened to row i: unchanged, weights changed, weights kept. */
static exattn_contrast_t
outcome(pair *p, const exattn_lesson *delta)
{
    const exattn_lesson *to = p->to->lesson;
    size_t j, col;
    int weights_same = 1, values_same = 1, blocked_differ = 0, sign;

    for (j = 0; j < to->m; j++)
        weights_same &= same(p, EXATTN_WEIGHT, j, 0, &sign) == 1;
    for (j = 0; j < to->m; j++)
        for (col = 0; col < to->dv; col++)
            if (mpq_sgn(EXATTN_AT(&delta->v, j, col)) != 0)
            {
                values_same &= !p->to->allowed[j];
                blocked_differ |= !p->to->allowed[j];
            }
    if (weights_same && values_same)
        return blocked_differ ? EXATTN_CONTRAST_UNCHANGED_BLOCKED
                              : EXATTN_CONTRAST_UNCHANGED;
    return weights_same ? EXATTN_CONTRAST_WEIGHTS_SAME
                        : EXATTN_CONTRAST_WEIGHTS_CHANGE;
}

/* The change entries of a row whose weights change: each weight that
 * does, then every output coordinate, each with its proved direction. */
static int
weights_change(pair *p)
{
    const exattn_lesson *l = p->to->lesson;
    size_t j, col;
    int code = EXATTN_OK, r, sign;

    for (j = 0; j < l->m && code == EXATTN_OK; j++)
        if ((r = same(p, EXATTN_WEIGHT, j, 0, &sign)) != 1)
            code = change_entry(p, EXATTN_ROLE_CHANGE_WEIGHT, j, SIZE_MAX,
                                relation_of(r, sign));
    for (col = 0; col < l->dv && code == EXATTN_OK; col++)
    {
        r = same(p, EXATTN_OUTPUT, 0, col, &sign);
        code = change_entry(p, EXATTN_ROLE_CHANGE_OUTPUT, SIZE_MAX, col,
                            relation_of(r, sign));
    }
    return code;
}

static int
row_changes(pair *p, exattn_contrast_t how, const exattn_row *delta)
{
    const exattn_lesson *l = p->to->lesson;
    size_t col;
    int code = EXATTN_OK, r, sign;

    if (how == EXATTN_CONTRAST_WEIGHTS_CHANGE)
        return weights_change(p);
    for (col = 0; col < l->dv && code == EXATTN_OK; col++)
        if (how == EXATTN_CONTRAST_WEIGHTS_SAME)
            code = output_change(p, delta, col);
        else if (how == EXATTN_CONTRAST_NOT_MOVED
                 && (r = same(p, EXATTN_OUTPUT, 0, col, &sign)) != 1)
            /* a token that did not move with its output: was, is */
            code = change_entry(p, EXATTN_ROLE_CHANGE_OUTPUT, SIZE_MAX, col,
                                relation_of(r, 0));
    return code;
}

static int
moved(pair *p)
{
    size_t col;
    int all = 1, sign;

    for (col = 0; col < p->to->lesson->dv; col++)
        all &= same(p, EXATTN_OUTPUT, 0, col, &sign) == 1;
    return all;
}

/* Row i of `to` against row `from_row` of `from` (i itself, or the row
 * that held its token when permuted); `delta` has values V' - V. */
/* Row i of l, in the walk's presentation (its forms are written). */
static int
styled_row(exattn_walk *w, exattn_row **out, const exattn_lesson *l,
           size_t i)
{
    int code = exattn_row_new(out, l, i, w->err);

    if (code == EXATTN_OK)
        exattn_walk__style_row(w, *out);
    return code;
}

/* Is row i of `to` row i of `from` in every quantity its derivation
 * shows: the same query, keys, scale, values and labels, and (proved by
 * the contrast) the same weights?  Then the variant need not derive it
 * again. */
static int
same_derivation(const exattn_lesson *from, const exattn_lesson *to,
                size_t i, exattn_contrast_t how)
{
    size_t j, c;

    if (how != EXATTN_CONTRAST_UNCHANGED || from->scale_kind != to->scale_kind
        || strcmp(from->query_labels[i], to->query_labels[i]) != 0
        || !mpq_equal(from->scale_value, to->scale_value)
        || from->k.rows != to->k.rows || from->k.cols != to->k.cols
        || from->q.cols != to->q.cols)
        return 0;
    for (c = 0; c < to->q.cols; c++)
        if (!mpq_equal(EXATTN_AT(&from->q, i, c), EXATTN_AT(&to->q, i, c)))
            return 0;
    for (j = 0; j < to->k.rows * to->k.cols; j++)
        if (!mpq_equal(EXATTN_AT_I(&from->k, j), EXATTN_AT_I(&to->k, j)))
            return 0;
    for (j = 0; j < to->m; j++)     /* the derivation names its keys */
        if (strcmp(from->key_labels[j], to->key_labels[j]) != 0)
            return 0;
    return 1;
}

static int
contrast_row(exattn_walk *w, exattn_doc_contrast_summary *sum,
             size_t *changed, const exattn_lesson *from,
             const exattn_lesson *to, const exattn_lesson *delta, size_t i,
             size_t from_row)
{
    exattn_row *rf = NULL, *rt = NULL, *rd = NULL;
    pair p = { 0 };
    exattn_doc_section s;
    int code;

    p.w = w;
    p.sum = sum;
    exattn_walk__section(w, &s, EXATTN_SECTION_CONTRAST_ROW, to);
    s.row = i;
    s.against = from;
    s.against_header = exattn_walk__header(w, from);
    s.permuted = delta == NULL;
    if ((code = styled_row(w, &rf, from, from_row)) != EXATTN_OK
        || (code = styled_row(w, &rt, to, i)) != EXATTN_OK
        || (delta != NULL
            && (code = styled_row(w, &rd, delta, i)) != EXATTN_OK)
        || (code = exattn_decimals__open(&p.df, rf, w->opts, NULL, w->err))
               != EXATTN_OK
        || (code = exattn_decimals__open(&p.dt, rt, w->opts, NULL, w->err))
               != EXATTN_OK)
        goto done;
    p.from = rf;
    p.to = rt;
    exattn_error_init(&p.local);
    p.pool = exattn_expr__pool("contrast");
    exattn_expr__row_nodes_init(&p.nf, p.pool, rf, &p.local);
    exattn_expr__row_nodes_init(&p.nt, p.pool, rt, &p.local);
    if (delta == NULL)
    {
        s.token = from_row;
        s.contrast = moved(&p) ? EXATTN_CONTRAST_MOVED
                               : EXATTN_CONTRAST_NOT_MOVED;
    }
    else
        s.contrast = outcome(&p, delta);
    if ((code = exattn_walk__begin(w, &s)) == EXATTN_OK
        && (code = row_changes(&p, s.contrast, rd)) == EXATTN_OK)
        code = exattn_walk__end(w, &s);
    if (p.changed)
        changed[sum->rows_changed++] = i;
    if (delta != NULL && w->same_rows != NULL)
        w->same_rows[i] = (unsigned char)same_derivation(from, to, i,
                                                         s.contrast);
done:
    exattn_expr__row_nodes_clear(&p.nf);
    exattn_expr__row_nodes_clear(&p.nt);
    exattn_expr_free(p.pool);
    exattn_decimals__close(&p.df);
    exattn_decimals__close(&p.dt);
    exattn_row_free(rd);
    exattn_row_free(rt);
    exattn_row_free(rf);
    return code;
}

/* The lesson of values V' - V (*out NULL when the tokens are permuted:
 * rows are then compared with the row that held their token). */
static int
delta_lesson(exattn_walk *w, exattn_lesson **out, const exattn_lesson *from,
             const exattn_lesson *variant)
{
    exattn_matrix dv;
    size_t i;
    int code = EXATTN_OK;

    *out = NULL;
    if (variant->perm != NULL && from->perm == NULL)
        return EXATTN_OK;
    exattn_matrix__init(&dv);
    if (exattn_matrix__copy(&dv, &variant->v) != EXATTN_OK
        || exattn_matrix__rationals(&dv) != EXATTN_OK)
    {
        exattn_matrix__clear(&dv);
        return oom(w, variant);
    }
    for (i = 0; i < dv.rows * dv.cols; i++)
        mpq_sub(dv.a[i], dv.a[i], EXATTN_AT_I(&from->v, i));
    if (exattn_lesson__with_values(out, variant, &dv) != EXATTN_OK)
        code = oom(w, variant);
    exattn_matrix__clear(&dv);
    return code;
}

/* How many changed rows a summary names before it only counts them. */
#define SUMMARY_NAMES 4

int
exattn_derive__contrast(exattn_walk *w, const exattn_lesson *variant)
{
    const exattn_lesson *from = variant->contrast;
    exattn_lesson *delta = NULL;
    exattn_doc_contrast_summary sum = { 0 };
    exattn_doc_section s;
    size_t i, *changed;
    int code;

    if (from == NULL)
        return EXATTN_OK;
    exattn_walk__section(w, &s, EXATTN_SECTION_CONTRAST, variant);
    s.against = from;
    s.against_header = exattn_walk__header(w, from);
    s.shapes_differ = from->n != variant->n || from->m != variant->m
                      || from->dv != variant->dv;
    s.permuted = variant->perm != NULL && from->perm == NULL;
    if ((changed = calloc(variant->n + 1, sizeof *changed)) == NULL
        || (!s.shapes_differ
            && (w->same_rows = calloc(variant->n + 1, 1)) == NULL))
    {
        free(changed);
        return oom(w, variant);
    }
    if ((code = exattn_walk__begin(w, &s)) == EXATTN_OK && !s.shapes_differ)
        code = delta_lesson(w, &delta, from, variant);
    for (i = 0; !s.shapes_differ && i < variant->n && code == EXATTN_OK; i++)
        code = contrast_row(w, &sum, changed, from, variant, delta, i,
                            s.permuted ? variant->perm[i] : i);
    exattn_lesson_free(delta);
    sum.rows = variant->n;
    sum.changed = changed;
    sum.listed = sum.rows_changed <= SUMMARY_NAMES + 1 ? sum.rows_changed
                                                       : SUMMARY_NAMES;
    s.contrast_summary = s.shapes_differ ? NULL : &sum;
    if (code == EXATTN_OK)
        code = exattn_walk__end(w, &s);
    free(changed);
    return code;
}
