/* Which quantities a lesson has, as candidates (candidates.c adds and
 * evaluates each): every entry of its derivation by claim path --
 * shapes, Q/K/V and what they were projected from, scores, scaled
 * scores, weights, contributions, outputs, blends, each variant's, a
 * variant's output and weights minus its base's, a block's stages -- and
 * the intermediates a page prints on the way (e^{s_j}, Z_i, √d_k,
 * 1/√d_k, the weights' sum). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "audit/clues.h"
#include "audit/decide.h"
#include "claims/read.h"
#include "row/named.h"

#define NONE EXATTN_AUDIT_NO_TOKEN
/* "[rises]" by label, or "[2]" when the label cannot be written in a
 * path. */
static void
ref(exattn_sbuf *b, char *const *labels, size_t i)
{
    if (labels && !strpbrk(labels[i], "[]\"") && labels[i][0])
        exattn_sbuf__printf(b, "[%s]", labels[i]);
    else
        exattn_sbuf__printf(b, "[%zu]", i + 1);
}

typedef struct
{
    exattn_audit_candidates *all;
    const exattn_lesson *base;
    const char *variant;
    mpfr_prec_t max_prec;
    exattn_error_t *err;
} adder;

static int
path(adder *a, exattn_sbuf *b, const char *minus)
{
    int rc;

    if (b->oom)
        return exattn_error__set(a->err, EXATTN_ENOMEM, a->base->file, 0, 0,
                                 "out of memory");
    rc = exattn_audit__add_path(a->all, a->base, a->variant, b->s, minus,
                                a->max_prec, a->err);
    exattn_sbuf__clear(b);
    exattn_sbuf__init(b);
    return rc;
}

/* NAME[row] and NAME[row][j] for j < cols (labels for j when given). */
static int
row_and_entries(adder *a, const char *name, char *const *rows, size_t r,
                char *const *cols, size_t count, const char *minus)
{
    exattn_sbuf b;
    size_t j;
    int rc;

    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, name);
    ref(&b, rows, r);
    if ((rc = path(a, &b, minus)) != EXATTN_OK)
        return rc;
    for (j = 0; j < count; j++)
    {
        exattn_sbuf__puts(&b, name);
        ref(&b, rows, r);
        ref(&b, cols, j);
        if ((rc = path(a, &b, minus)) != EXATTN_OK)
            return rc;
    }
    exattn_sbuf__clear(&b);
    return EXATTN_OK;
}

/* The tokens of an intermediate just added (query r, key j or NONE) and
 * its variant, unless it was left out. */
static void
tokens_added(exattn_audit_candidates *all, size_t had, const adder *a,
             const exattn_lesson *l, size_t r, size_t j)
{
    if (all->count > had)
    {
        exattn_audit__set_tokens(&all->items[all->count - 1], l, r, j);
        all->items[all->count - 1].variant = a->variant;
    }
}

static int
intermediates(adder *a, const exattn_lesson *l, size_t r)
{
    exattn_row *row;
    exattn_sbuf name, text;
    size_t j, had;
    int rc, first = 1;

    if ((rc = exattn_row_new(&row, l, r, a->err)) != EXATTN_OK)
        return rc;
    exattn_sbuf__init(&name);
    exattn_sbuf__init(&text);
    for (j = 0; j < l->m && rc == EXATTN_OK; j++)
        if (row->allowed[j])
        {
            exattn_sbuf__puts(&name, "e^scaled");
            ref(&name, l->query_labels, r);
            ref(&name, l->key_labels, j);
            exattn_named__exp(&text, row, j, 0);
            if (a->variant)
                exattn_sbuf__printf(&name, " variant=\"%s\"", a->variant);
            had = a->all->count;
            rc = name.oom || text.oom
                 ? EXATTN_ENOMEM
                 : exattn_audit__add_expr(a->all, l, name.s, text.s,
                                          EXATTN_FAM_EXP, a->max_prec,
                                          a->err);
            tokens_added(a->all, had, a, l, r, j);
            exattn_sbuf__clear(&name);
            exattn_sbuf__clear(&text);
            exattn_sbuf__init(&name);
            exattn_sbuf__init(&text);
        }
    /* Z_i, the softmax's denominator */
    exattn_sbuf__puts(&name, "Z");
    ref(&name, l->query_labels, r);
    if (a->variant)
        exattn_sbuf__printf(&name, " variant=\"%s\"", a->variant);
    for (j = 0; j < l->m; j++)
        if (row->allowed[j])
        {
            if (!first)
                exattn_sbuf__puts(&text, "+");
            exattn_named__exp(&text, row, j, 0);
            first = 0;
        }
    had = a->all->count;
    if (rc == EXATTN_OK && !first)
        rc = name.oom || text.oom
             ? EXATTN_ENOMEM
             : exattn_audit__add_expr(a->all, l, name.s, text.s,
                                      EXATTN_FAM_Z, a->max_prec, a->err);
    tokens_added(a->all, had, a, l, r, NONE);
    exattn_sbuf__clear(&name);
    exattn_sbuf__clear(&text);
    exattn_row_free(row);
    return rc;
}

/* A matrix of one column (Q, K, V when their width is 1), which a page
 * prints as a column vector: a candidate of its own. */
static int
column(adder *a, const exattn_lesson *l, const char *name,
       const exattn_matrix *x)
{
    mpq_t *v;
    size_t i, had = a->all->count;
    int rc;

    if (x->cols != 1 || x->rows < 2)
        return EXATTN_OK;
    if ((v = malloc(x->rows * sizeof *v)) == NULL)
        return exattn_error__set(a->err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    for (i = 0; i < x->rows; i++)
        mpq_init(v[i]), mpq_set(v[i], EXATTN_AT(x, i, 0));
    rc = exattn_audit__add_constant(a->all, l, name, v, x->rows,
                                    EXATTN_FAM_INPUT, a->err);
    if (a->all->count > had)
        a->all->items[a->all->count - 1].variant = a->variant;
    for (i = 0; i < x->rows; i++)
        mpq_clear(v[i]);
    free(v);
    return rc;
}

/* What a projected lesson gave: X's rows (a query's), the memory's (a
 * key's) and the rows of W_Q, W_K, W_V (by index). */
static int
inputs(adder *a, const exattn_lesson *l)
{
    static const char *const names[] = { "X", "memory", "W_Q", "W_K",
                                         "W_V" };
    static const exattn_matrix_t which[] = {
        EXATTN_MATRIX_X, EXATTN_MATRIX_MEMORY, EXATTN_MATRIX_W_Q,
        EXATTN_MATRIX_W_K, EXATTN_MATRIX_W_V };
    const exattn_matrix *m;
    size_t k, r;
    int rc = EXATTN_OK;

    for (k = 0; k < 5 && rc == EXATTN_OK; k++)
    {
        m = exattn_claims__matrix(l, which[k]);
        for (r = 0; r < m->rows && rc == EXATTN_OK; r++)
            rc = row_and_entries(a, names[k],
                                 exattn_claims__matrix_labels(l, which[k]),
                                 r, NULL, m->cols, NULL);
    }
    return rc;
}

/* The shapes, the rows and entries of Q, K and V (and their columns as
 * vectors), and what the lesson projected them from. */
static int
lesson_matrices(adder *a, const exattn_lesson *l)
{
    static const char *const shapes[] = { "shape.n", "shape.m", "shape.d_k",
                                          "shape.d_v" };
    exattn_sbuf b;
    size_t r, j, k;
    int rc = EXATTN_OK;

    exattn_sbuf__init(&b);
    for (k = 0; k < 4 && rc == EXATTN_OK; k++)
    {
        exattn_sbuf__puts(&b, shapes[k]);
        rc = path(a, &b, NULL);
    }
    exattn_sbuf__clear(&b);
    for (r = 0; r < l->n && rc == EXATTN_OK; r++)
        rc = row_and_entries(a, "Q", l->query_labels, r, NULL, l->dk, NULL);
    if (rc == EXATTN_OK)
        rc = column(a, l, "Q (its column)", &l->q);
    if (rc == EXATTN_OK)
        rc = column(a, l, "K (its column)", &l->k);
    if (rc == EXATTN_OK)
        rc = column(a, l, "V (its column)", &l->v);
    for (j = 0; j < l->m && rc == EXATTN_OK; j++)
        if ((rc = row_and_entries(a, "K", l->key_labels, j, NULL, l->dk,
                                  NULL)) == EXATTN_OK)
            rc = row_and_entries(a, "V", l->key_labels, j, NULL, l->dv,
                                 NULL);
    return rc == EXATTN_OK ? inputs(a, l) : rc;
}

/* contributions[r][j] (the vector) and its entries [r][j][c]. */
static int
contributions(adder *a, const exattn_lesson *l, size_t r, size_t j)
{
    exattn_sbuf b;
    char *prefix;
    size_t k;
    int rc;

    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, "contributions");
    ref(&b, l->query_labels, r);
    ref(&b, l->key_labels, j);
    if ((prefix = exattn_sbuf__take(&b)) == NULL)
        return EXATTN_ENOMEM;
    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, prefix);
    rc = path(a, &b, NULL);
    for (k = 0; k < l->dv && rc == EXATTN_OK; k++)
    {
        exattn_sbuf__printf(&b, "%s[%zu]", prefix, k + 1);
        rc = path(a, &b, NULL);
    }
    free(prefix);
    exattn_sbuf__clear(&b);
    return rc;
}

/* Row r's output and weights in variant a->variant minus the lesson
 * `against` ("base" or a variant's name), and the reverse: a page says
 * "decreases by 0.243" of a change of -0.243, the amount a contrast
 * prints.  The reverse is the variant's number too. */
static int
changes(adder *a, const exattn_lesson *l, size_t r, const char *against)
{
    adder back = *a;
    size_t from = a->all->count, k;
    int rc;

    rc = row_and_entries(a, "output", l->query_labels, r, NULL, l->dv,
                         against);
    if (rc == EXATTN_OK)
        rc = row_and_entries(a, "weights", l->query_labels, r, l->key_labels,
                             l->m, against);
    back.variant = strcmp(against, "base") == 0 ? NULL : against;
    if (rc == EXATTN_OK)
        rc = row_and_entries(&back, "output", l->query_labels, r, NULL,
                             l->dv, a->variant);
    if (rc == EXATTN_OK)
        rc = row_and_entries(&back, "weights", l->query_labels, r,
                             l->key_labels, l->m, a->variant);
    for (k = from; k < a->all->count; k++)
        a->all->items[k].variant = a->variant;
    return rc;
}

/* Row r's scores, scaled scores, weights, contributions and output (and
 * in a variant of the same shape, its output and weights minus the
 * base's), then its intermediates. */
static int
row_quantities(adder *a, const exattn_lesson *l, size_t r)
{
    static const char *const over_keys[] = { "scores", "scaled", "weights" };
    size_t j, k;
    int rc = EXATTN_OK;

    for (k = 0; k < 3 && rc == EXATTN_OK; k++)
        rc = row_and_entries(a, over_keys[k], l->query_labels, r,
                             l->key_labels, l->m, NULL);
    for (j = 0; j < l->m && rc == EXATTN_OK; j++)
        rc = contributions(a, l, r, j);
    if (rc == EXATTN_OK)
        rc = row_and_entries(a, "output", l->query_labels, r, NULL, l->dv,
                             NULL);
    if (rc == EXATTN_OK && a->variant && l->n == a->base->n
        && l->m == a->base->m && l->dv == a->base->dv && !l->perm)
        rc = changes(a, l, r, "base");
    /* and against the variant its contrast names */
    if (rc == EXATTN_OK && a->variant && l->contrast != NULL
        && l->contrast->name != NULL && l->contrast->n == l->n
        && l->contrast->m == l->m && l->contrast->dv == l->dv && !l->perm)
        rc = changes(a, l, r, l->contrast->name);
    return rc == EXATTN_OK ? intermediates(a, l, r) : rc;
}

/* Each blend's output (the vector, unless its name holds brackets) and
 * its entries, and its constants. */
static int
blends(adder *a, const exattn_lesson *l)
{
    exattn_sbuf b;
    size_t k, j;
    int rc = EXATTN_OK;

    exattn_sbuf__init(&b);
    for (k = 0; k < l->blend_count && rc == EXATTN_OK; k++)
    {
        exattn_sbuf__printf(&b, "blend[%s]", l->blends[k].name);
        if (!strpbrk(l->blends[k].name, "[]"))
            rc = path(a, &b, NULL);
        else
            exattn_sbuf__clear(&b), exattn_sbuf__init(&b);
        for (j = 0; j < l->dv && rc == EXATTN_OK; j++)
        {
            exattn_sbuf__printf(&b, "blend[%s][%zu]", l->blends[k].name,
                                j + 1);
            rc = path(a, &b, NULL);
        }
        if (rc == EXATTN_OK)
            rc = exattn_audit__blend_constants(a->all, l, k, a->err);
    }
    exattn_sbuf__clear(&b);
    return rc;
}

/* A mask as the lesson wrote it, which a page prints beside the
 * visibility it gives: the key padding vector (1 a token, 0 padding) and
 * the valid lengths, each a candidate of its own ("mask.key_padding",
 * "mask.valid_lens"). */
static int
written_mask(adder *a, const exattn_lesson *l)
{
    mpq_t *v;
    size_t k, count = l->key_padding ? l->m : l->valid_lens_count;
    size_t had = a->all->count;
    int rc;

    if (count == 0 || (l->key_padding == NULL && l->valid_lens == NULL))
        return EXATTN_OK;
    if ((v = malloc(count * sizeof *v)) == NULL)
        return exattn_error__set(a->err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    for (k = 0; k < count; k++)
    {
        mpq_init(v[k]);
        mpq_set_ui(v[k], l->key_padding ? l->key_padding[k]
                                        : (unsigned long)l->valid_lens[k], 1);
    }
    rc = exattn_audit__add_constant(a->all, l, l->key_padding
                                    ? "mask.key_padding" : "mask.valid_lens",
                                    v, count, EXATTN_FAM_INPUT, a->err);
    if (a->all->count > had)
        a->all->items[a->all->count - 1].variant = a->variant;
    for (k = 0; k < count; k++)
        mpq_clear(v[k]);
    free(v);
    return rc;
}

static int
head_lesson(adder *a, const exattn_lesson *l)
{
    size_t r;
    int rc = lesson_matrices(a, l);

    if (rc == EXATTN_OK)
        rc = written_mask(a, l);

    for (r = 0; r < l->n && rc == EXATTN_OK; r++)
        rc = row_quantities(a, l, r);
    return rc == EXATTN_OK ? blends(a, l) : rc;
}

/* A layer norm's parameters as the lesson states them -- its gain γ and
 * shift β (vectors of d_model) and, when it is a number, ε -- which a
 * page prints beside its formula ("γ = (1, 1), ε = 1/100000"). */
static int
norm_parameters(adder *a, const exattn_lesson *l, const char *path,
                const exattn_norm_spec *ns)
{
    static const char *const names[] = { "gamma", "beta" };
    const exattn_matrix *m[2];
    char name[64];
    size_t k, had = a->all->count;
    int rc = EXATTN_OK;

    if (!ns->present)
        return EXATTN_OK;
    m[0] = &ns->gamma;
    m[1] = &ns->beta;
    for (k = 0; k < 2 && rc == EXATTN_OK; k++)
        if (m[k]->rows == 1 && m[k]->cols > 0)
        {
            snprintf(name, sizeof name, "%s.%s", path, names[k]);
            rc = exattn_audit__add_constant(a->all, l, name, m[k]->a,
                                            m[k]->cols, EXATTN_FAM_NORM,
                                            a->err);
        }
    if (rc == EXATTN_OK && (ns->eps_symbol == NULL || ns->eps_has_value))
    {
        snprintf(name, sizeof name, "%s.epsilon", path);
        rc = exattn_audit__add_constant(a->all, l, name, (mpq_t *)&ns->eps,
                                        1, EXATTN_FAM_NORM, a->err);
    }
    for (k = had; k < a->all->count; k++)
        a->all->items[k].variant = a->variant;
    return rc;
}

/* Each named row's softmax denominator in the block's heads (Z_2,
 * \tilde{Z}^{(1)}_{2}: exattn derive writes them), by reference to its
 * node; named "h1.Z[2]", "cross.h1.Z[2]". */
static int
block_denominators(adder *a, const exattn_lesson *l)
{
    static const exattn_stage_t stages[] = { EXATTN_STAGE_WEIGHTS,
                                             EXATTN_STAGE_CWEIGHTS };
    exattn_block *blk;
    exattn_error_t local;
    exattn_sbuf text;
    char name[80];
    size_t k, h, r, rows, cols, at, had;
    int rc = EXATTN_OK;

    exattn_error_init(&local);
    if ((blk = exattn_audit__block_of(a->all, l, a->max_prec, &local))
        == NULL)
    {
        /* a block that cannot be built has no quantities, as its stages'
         * paths have none (add_path); only running out of memory or a
         * limit ends the audit */
        if (local.code != EXATTN_ENOMEM && local.code != EXATTN_ELIMIT)
            return EXATTN_OK;
        if (a->err)
            *a->err = local;
        return local.code;
    }
    at = exattn_audit__block_index(a->all, blk);
    had = a->all->count;
    for (k = 0; k < 2 && rc == EXATTN_OK; k++)
        for (h = 0; exattn_block__present(l->block, stages[k])
                    && h < exattn_block__heads_of(blk, stages[k])
                    && rc == EXATTN_OK; h++)
        {
            exattn_block__shape(l, stages[k], h, &rows, &cols);
            for (r = 0; r < rows && rc == EXATTN_OK; r++)
            {
                if (exattn_block__denominator(blk, stages[k], h, r) == NULL)
                    continue;
                exattn_audit__block_z_name(name, sizeof name,
                                           (unsigned)stages[k], h, r);
                exattn_sbuf__init(&text);
                exattn_audit__put_block_z_ref(&text, at, (unsigned)stages[k],
                                              h, r);
                rc = text.oom
                     ? exattn_error__set(a->err, EXATTN_ENOMEM, l->file, 0,
                                         0, "out of memory")
                     : exattn_audit__add_block_expr(a->all, l, name,
                                                    text.s, EXATTN_FAM_Z,
                                                    a->max_prec, a->err);
                exattn_sbuf__clear(&text);
            }
        }
    for (k = had; k < a->all->count; k++)
        a->all->items[k].variant = a->variant;
    return rc;
}

static int
block_lesson(adder *a, const exattn_lesson *l)
{
    /* the block's shapes, as a page prints them ("n = 3, d_model = 2",
     * a decoder's memory "m' = 3"); one the block lacks (d_ff without a
     * feed-forward layer) is left out */
    static const char *const shapes[] = { "shape.n", "shape.m",
                                          "shape.d_model", "shape.d_ff",
                                          "shape.heads", "shape.cross.m" };
    char name[64];
    size_t q, h, heads, rows, cols, r;
    exattn_sbuf b;
    int rc = EXATTN_OK;

    exattn_sbuf__init(&b);
    for (q = 0; q < sizeof shapes / sizeof *shapes && rc == EXATTN_OK; q++)
    {
        exattn_sbuf__puts(&b, shapes[q]);
        rc = path(a, &b, NULL);
    }
    for (q = 0; q < EXATTN_STAGE_COUNT && rc == EXATTN_OK; q++)
    {
        heads = exattn_block__per_head((exattn_stage_t)q)
                    ? (exattn_block__is_cross((exattn_stage_t)q)
                           ? l->block->cross.head_count
                           : l->block->head_count)
                    : 1;
        for (h = 0; h < heads && rc == EXATTN_OK; h++)
        {
            exattn_block__shape(l, (exattn_stage_t)q, h, &rows, &cols);
            exattn_block__path(name, sizeof name, (exattn_stage_t)q, h);
            for (r = 0; r < rows && rc == EXATTN_OK; r++)
            {
                /* PE(p) from p = 0; every other row from 1 */
                size_t c, row = q == EXATTN_STAGE_PE ? r : r + 1;

                exattn_sbuf__printf(&b, "%s[%zu]", name, row);
                rc = path(a, &b, NULL);
                for (c = 0; cols > 1 && c < cols && rc == EXATTN_OK; c++)
                {
                    exattn_sbuf__printf(&b, "%s[%zu][%zu]", name, row,
                                        c + 1);
                    rc = path(a, &b, NULL);
                }
            }
        }
    }
    if (rc == EXATTN_OK)
        rc = block_denominators(a, l);
    if (rc == EXATTN_OK)
        rc = norm_parameters(a, l, "ln1", &l->block->ln1);
    if (rc == EXATTN_OK && l->block->cross.present)
        rc = norm_parameters(a, l, "cross.ln", &l->block->cross.ln);
    if (rc == EXATTN_OK)
        rc = norm_parameters(a, l, "ln2", &l->block->ln2);
    if (rc == EXATTN_OK && l->block->final.present)
        rc = norm_parameters(a, l, "final_norm", &l->block->final);
    exattn_sbuf__clear(&b);
    return rc;
}

static int
lesson_candidates(adder *a, const exattn_lesson *l)
{
    return l->block ? block_lesson(a, l) : head_lesson(a, l);
}

int
exattn_audit__candidates(exattn_audit_candidates *out,
                         const exattn_lesson *l, mpfr_prec_t max_prec,
                         exattn_error_t *err)
{
    adder a = { out, l, NULL, max_prec, err };
    char text[64];
    size_t v;
    int rc;

    memset(out, 0, sizeof *out);
    if ((out->section_memo = calloc(1, sizeof *out->section_memo)) == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    rc = lesson_candidates(&a, l);
    if (rc == EXATTN_OK && !l->block && l->scale_kind == EXATTN_SCALE_INV_SQRT)
    {
        char *d = exattn_mpq_get_str(l->scale_value);

        if (d == NULL)
            rc = EXATTN_ENOMEM;
        else
        {
            snprintf(text, sizeof text, "sqrt(%.40s)", d);
            rc = exattn_audit__add_expr(out, l, "sqrt(d_k)", text,
                                        EXATTN_FAM_SCALE, max_prec, err);
            snprintf(text, sizeof text, "1/sqrt(%.40s)", d);
            if (rc == EXATTN_OK)
                rc = exattn_audit__add_expr(out, l, "1/sqrt(d_k)", text,
                                            EXATTN_FAM_SCALE, max_prec, err);
            exattn_free(d);
        }
    }
    if (rc == EXATTN_OK && !l->block && l->scale_kind == EXATTN_SCALE_RATIONAL)
    {
        /* "scale: every score times 1/2": the factor itself */
        char *q = exattn_mpq_get_str(l->scale_value);

        if (q == NULL)
            rc = EXATTN_ENOMEM;
        else
        {
            rc = exattn_audit__add_expr(out, l, "scale", q, EXATTN_FAM_SCALE,
                                        max_prec, err);
            exattn_free(q);
        }
    }
    if (rc == EXATTN_OK)
        rc = exattn_audit__add_expr(out, l, "the weights' sum", "1",
                                    EXATTN_FAM_SUM, max_prec, err);
    for (v = 0; v < l->variant_count && rc == EXATTN_OK; v++)
    {
        a.variant = l->variants[v]->name;
        rc = lesson_candidates(&a, l->variants[v]);
    }
    if (rc == EXATTN_OK)
        rc = exattn_audit__index(out, err);
    if (rc != EXATTN_OK)
        exattn_audit__candidates_clear(out);
    return rc;
}
