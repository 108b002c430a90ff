/* Readers for the values a lesson file holds: numbers, matrices, labels,
 * row references. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lesson/fields.h"
#include "grade/npy.h"

/* The message, the hint after it (may be NULL), the rctx's prefix
 * before it. */
static int
vfail(const exattn_rctx *rc, int code, const exattn_jnode *at,
      const char *hint, const char *fmt, va_list ap)
{
    char msg[900];

    vsnprintf(msg, sizeof msg, fmt, ap);
    return exattn_error__set(rc->err, code, rc->file, at ? at->line : 0,
                             at ? at->column : 0, "%s%s%s", rc->prefix, msg,
                             hint ? hint : "");
}

int
exattn_lesson__fail(const exattn_rctx *rc, int code, const exattn_jnode *at,
                    const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    code = vfail(rc, code, at, NULL, fmt, ap);
    va_end(ap);
    return code;
}

int
exattn_lesson__fail_hinted(const exattn_rctx *rc, int code,
                           const exattn_jnode *at, exattn_sbuf *hint,
                           const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    code = vfail(rc, code, at, hint->s, fmt, ap);
    va_end(ap);
    exattn_sbuf__clear(hint);
    return code;
}

int
exattn_lesson__number(mpq_t out, const exattn_rctx *rc,
                      const exattn_jnode *node, const char *what)
{
    exattn_error_t why;
    int code;

    if (node->kind != EXATTN_J_NUMBER && node->kind != EXATTN_J_STRING)
        return exattn_lesson__fail(rc, EXATTN_ENUMBER, node,
            "%s: expected a number, found %s", what,
            exattn_json__kind_name(node->kind));
    exattn_error_init(&why);
    code = exattn_num__set_text(out, node->text, node->len,
                                rc->limits->max_exponent, &why);
    if (code != EXATTN_OK)
        return exattn_lesson__fail(rc, code, node, "%s: %s", what,
                                   why.message);
    return EXATTN_OK;
}

static int
check_size(const exattn_rctx *rc, const exattn_jnode *node, const char *what,
           size_t rows, size_t cols)
{
    const exattn_limits_t *lim = rc->limits;

    if (rows > lim->max_rows)
        return exattn_lesson__fail(rc, EXATTN_ELIMIT, node,
            "%s: %zu rows, more than the limit of %zu", what, rows,
            lim->max_rows);
    if (cols > lim->max_width)
        return exattn_lesson__fail(rc, EXATTN_ELIMIT, node,
            "%s: rows of %zu entries, more than the limit of %zu", what,
            cols, lim->max_width);
    if (cols != 0 && rows > lim->max_cells / cols)
        return exattn_lesson__fail(rc, EXATTN_ELIMIT, node,
            "%s: %zu x %zu entries, more than the limit of %zu", what, rows,
            cols, lim->max_cells);
    return EXATTN_OK;
}

/* Rows must all be arrays of the first row's length. */
static int
check_rows(const exattn_rctx *rc, const exattn_jnode *node, const char *what)
{
    size_t r, cols;

    if (node->kind != EXATTN_J_ARRAY)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, node,
            "%s: expected a matrix (an array of rows), found %s", what,
            exattn_json__kind_name(node->kind));
    if (node->count == 0)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, node,
                                   "%s: the matrix has no rows", what);
    for (r = 0; r < node->count; r++)
        if (node->items[r]->kind != EXATTN_J_ARRAY)
            return exattn_lesson__fail(rc, EXATTN_ESHAPE, node->items[r],
                "%s: row %zu is %s, not an array of numbers", what, r + 1,
                exattn_json__kind_name(node->items[r]->kind));
    cols = node->items[0]->count;
    if (cols == 0)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, node->items[0],
                                   "%s: row 1 is empty", what);
    for (r = 1; r < node->count; r++)
        if (node->items[r]->count != cols)
            return exattn_lesson__fail(rc, EXATTN_ESHAPE, node->items[r],
                "%s: ragged rows: row %zu has %zu entries, row 1 has %zu",
                what, r + 1, node->items[r]->count, cols);
    return check_size(rc, node, what, node->count, cols);
}

/* An entry of a matrix of floats: a decimal (the format's rounding of
 * it, as a program's shortest printing stands for it) or a hex float (a
 * value of the format exactly). */
static int
float_entry(mpq_t out, const exattn_rctx *rc, const exattn_jnode *node,
            const char *what)
{
    const char *why = NULL;
    int code;

    if (node->kind != EXATTN_J_NUMBER && node->kind != EXATTN_J_STRING)
        return exattn_lesson__fail(rc, EXATTN_ENUMBER, node,
            "%s: expected a %s float, found %s", what, rc->floats->name,
            exattn_json__kind_name(node->kind));
    code = exattn_float__parse(out, node->text, node->len, rc->floats, &why);
    if (code != EXATTN_OK)
        return exattn_lesson__fail(rc, code, node, "%s: \"%.40s\" as %s: %s",
                                   what, node->text, rc->floats->name, why);
    return EXATTN_OK;
}

/* {"npy": "Q.npy"}: a matrix from a NumPy file beside the lesson, each
 * entry the float its bits are; of the lesson's "floats" format when it
 * has one. */
static int
npy_matrix(exattn_matrix *out, const exattn_rctx *rc,
           const exattn_jnode *node, const char *what)
{
    const exattn_jnode *file = exattn_json__get(node, "npy");
    exattn_error_t why;
    exattn_npy npy;
    size_t i, n;
    int code;

    if (node->count != 1 || file == NULL || file->kind != EXATTN_J_STRING)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, node, "%s: expected a "
                                   "matrix (an array of rows) or {\"npy\": "
                                   "\"FILE.npy\"}", what);
    exattn_error_init(&why);
    code = exattn_npy__read_file(&npy, rc->file, file->text,
                                 rc->limits->max_cells, &why);
    if (code != EXATTN_OK)
        return exattn_lesson__fail(rc, code, file, "%s: %.200s: %.300s",
                                   what, why.file, why.message);
    if (rc->floats != NULL && npy.format != rc->floats)
        code = exattn_lesson__fail(rc, EXATTN_EFIELD, file, "%s: the .npy "
                                   "file holds %s floats, the lesson's "
                                   "\"floats\" are %s", what,
                                   npy.format->name, rc->floats->name);
    else if (npy.dims != 2)
        code = exattn_lesson__fail(rc, EXATTN_ESHAPE, file, "%s: the .npy "
                                   "file holds a %s, not a matrix", what,
                                   npy.dims ? "vector" : "scalar");
    else
        code = check_size(rc, file, what, npy.rows, npy.cols);
    if (code == EXATTN_OK
        && exattn_matrix__alloc(out, npy.rows, npy.cols) != EXATTN_OK)
        code = exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    for (i = 0, n = npy.rows * npy.cols; code == EXATTN_OK && i < n; i++)
        mpq_set_d(EXATTN_ENTRY(out, i / npy.cols, i % npy.cols),
                  npy.values[i]);
    exattn_npy__clear(&npy);
    return code;
}

/* Entry i of `out` = e: an integer while every entry so far is one of 64
 * bits (a real head's 786,432 entries in 8 bytes each), the matrix's
 * rationals from the first that is not. */
static int
store_entry(exattn_matrix *out, size_t i, mpq_srcptr e)
{
    int rc;

    if (out->ints != NULL && mpz_cmp_ui(mpq_denref(e), 1) == 0
        && mpz_sizeinbase(mpq_numref(e), 2) <= 63)
    {
        out->ints[i] = exattn_num__get_int64(mpq_numref(e));
        return EXATTN_OK;
    }
    if ((rc = exattn_matrix__rationals(out)) == EXATTN_OK)
        mpq_set(out->a[i], e);
    return rc;
}

int
exattn_lesson__matrix(exattn_matrix *out, const exattn_rctx *rc,
                      const exattn_jnode *node, const char *what)
{
    exattn_jnode scratch;
    const exattn_jnode *item;
    size_t r, c;
    char where[160];
    mpq_t e;
    int code = EXATTN_OK;

    if (node->kind == EXATTN_J_OBJECT)
        return npy_matrix(out, rc, node, what);
    if ((code = check_rows(rc, node, what)) != EXATTN_OK)
        return code;
    if (exattn_matrix__alloc_ints(out, node->count, node->items[0]->count)
        != EXATTN_OK)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    mpq_init(e);
    for (r = 0; code == EXATTN_OK && r < out->rows; r++)
        for (c = 0; code == EXATTN_OK && c < out->cols; c++)
        {
            snprintf(where, sizeof where, "%s row %zu, entry %zu", what,
                     r + 1, c + 1);
            item = exattn_json__item(node->items[r], c, &scratch);
            code = rc->floats ? float_entry(e, rc, item, where)
                              : exattn_lesson__number(e, rc, item, where);
            if (code == EXATTN_OK
                && store_entry(out, r * out->cols + c, e) != EXATTN_OK)
                code = exattn_lesson__fail(rc, EXATTN_ENOMEM, node,
                                           "out of memory");
        }
    mpq_clear(e);
    return code;
}

void
exattn_lesson__free_labels(char **labels, size_t count)
{
    size_t i;

    if (labels == NULL)
        return;
    for (i = 0; i < count; i++)
        free(labels[i]);
    free(labels);
}

int
exattn_lesson__string(char **out, const exattn_rctx *rc,
                      const exattn_jnode *node, const char *what)
{
    if (node->kind != EXATTN_J_STRING)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
            "%s: expected a string, found %s", what,
            exattn_json__kind_name(node->kind));
    *out = exattn_str__dup(node->text);
    if (*out == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    return EXATTN_OK;
}

/* A label and its position, sorted by label to find a repeated one in
 * n log n. */
typedef struct
{
    const char *label;
    size_t pos;
} placed_label;

static int
by_label(const void *a, const void *b)
{
    const placed_label *x = a, *y = b;
    int c = strcmp(x->label, y->label);

    return c ? c : (x->pos > y->pos) - (x->pos < y->pos);
}

/* A label twice would make weights[the] mean one of them silently: an
 * error, naming both places. */
static int
distinct_labels(const exattn_rctx *rc, const exattn_jnode *node,
                const char *what, char *const *labels, size_t count)
{
    placed_label *order;
    size_t k, i, j;
    int code = EXATTN_OK;

    if (count < 2)
        return EXATTN_OK;
    if ((order = malloc(count * sizeof *order)) == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    for (k = 0; k < count; k++)
    {
        order[k].label = labels[k];
        order[k].pos = k;
    }
    qsort(order, count, sizeof *order, by_label);
    for (k = 1; k < count && code == EXATTN_OK; k++)
        if (strcmp(order[k - 1].label, order[k].label) == 0)
        {
            i = order[k - 1].pos;
            j = order[k].pos;
            code = exattn_lesson__fail(rc, EXATTN_EFIELD, node->items[j],
                "%s: label \"%.60s\" is at positions %zu and %zu (line "
                "%lu, column %lu): a path could not tell them apart", what,
                labels[j], i + 1, j + 1, node->items[i]->line,
                node->items[i]->column);
        }
    free(order);
    return code;
}

int
exattn_lesson__labels(char ***out, const exattn_rctx *rc,
                      const exattn_jnode *node, const char *what,
                      size_t count)
{
    size_t i;
    char **labels;
    int code;

    if (node->kind != EXATTN_J_ARRAY)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
            "%s: expected an array of labels, found %s", what,
            exattn_json__kind_name(node->kind));
    if (node->count != count)
        return exattn_lesson__fail(rc, EXATTN_ESHAPE, node,
            "%s: %zu labels for %zu rows", what, node->count, count);
    labels = calloc(count ? count : 1, sizeof *labels);
    if (labels == NULL)
        return exattn_lesson__fail(rc, EXATTN_ENOMEM, node, "out of memory");
    for (i = 0; i < count; i++)
    {
        code = exattn_lesson__string(&labels[i], rc, node->items[i], what);
        if (code == EXATTN_OK && labels[i][0] == '\0')
            code = exattn_lesson__fail(rc, EXATTN_EFIELD, node->items[i],
                                       "%s: label %zu is empty", what, i + 1);
        if (code != EXATTN_OK)
        {
            exattn_lesson__free_labels(labels, count);
            return code;
        }
    }
    if ((code = distinct_labels(rc, node, what, labels, count)) != EXATTN_OK)
    {
        exattn_lesson__free_labels(labels, count);
        return code;
    }
    *out = labels;
    return EXATTN_OK;
}

/* A 1-based integer index from 1 to count, as a 0-based *out. */
static int
index_value(size_t *out, const exattn_jnode *node, size_t count)
{
    mpq_t q;
    int ok;

    if (node->kind != EXATTN_J_NUMBER)
        return 0;
    mpq_init(q);
    ok = exattn_mpq_set_text(q, node->text, node->len, NULL) == EXATTN_OK
         && mpz_cmp_ui(mpq_denref(q), 1) == 0 && mpq_sgn(q) > 0
         && mpz_cmp_ui(mpq_numref(q), count) <= 0;
    if (ok)
        *out = mpz_get_ui(mpq_numref(q)) - 1;
    mpq_clear(q);
    return ok;
}

int
exattn_lesson__index(size_t *out, const exattn_rctx *rc,
                     const exattn_jnode *node, const char *what, size_t count)
{
    if (index_value(out, node, count))
        return EXATTN_OK;
    return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
        "%s: expected an index from 1 to %zu, found %s%.60s", what, count,
        node->kind == EXATTN_J_NUMBER ? ""
                                      : exattn_json__kind_name(node->kind),
        node->kind == EXATTN_J_NUMBER ? node->text : "");
}

int
exattn_lesson__row_ref(size_t *out, const exattn_rctx *rc,
                       const exattn_jnode *node, const char *what,
                       char *const *labels, size_t count)
{
    size_t i;

    if (node->kind == EXATTN_J_STRING)
        for (i = 0; i < count; i++)
            if (strcmp(labels[i], node->text) == 0)
            {
                *out = i;
                return EXATTN_OK;
            }
    if (index_value(out, node, count))
        return EXATTN_OK;
    if (node->kind == EXATTN_J_STRING && labels != NULL)
    {
        exattn_sbuf b;

        exattn_sbuf__init(&b);
        exattn_lesson__suggest(&b, "rows", labels, count, node->text);
        return exattn_lesson__fail_hinted(rc, EXATTN_EFIELD, node, &b,
                                          "%s: no row \"%.60s\"", what,
                                          node->text);
    }
    return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
        "%s: no row %s%.60s%s (give a label or an index from 1 to %zu)",
        what, node->kind == EXATTN_J_STRING ? "\"" : "",
        node->text ? node->text : exattn_json__kind_name(node->kind),
        node->kind == EXATTN_J_STRING ? "\"" : "", count);
}

int
exattn_lesson__array(const exattn_rctx *rc, const exattn_jnode *node,
                     const char *what, const char *expected)
{
    if (node->kind == EXATTN_J_ARRAY)
        return EXATTN_OK;
    return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
        "%s: expected an array of %s, found %s", what, expected,
        exattn_json__kind_name(node->kind));
}
