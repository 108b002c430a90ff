/* Reading a results file of `exattn grade` (results.h).  The reading
 * layer: JSON with positions and exact floats (src/num/binfloat.c); every
 * value becomes the exact number its float is, and every error names the
 * file, line and column. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grade/results.h"
#include "grade/npy.h"

typedef struct
{
    const char *file;
    const exattn_float_format *fmt;
    size_t max_values, total;
    exattn_error_t *err;
} reader;

static int fail(const reader *r, int code, const exattn_jnode *at,
                const char *fmt, ...) EXATTN_PRINTF(4, 5);

/* An error at `at` (NULL: the file). */
static int
fail(const reader *r, int code, const exattn_jnode *at, const char *fmt, ...)
{
    char msg[400];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return exattn_error__set(r->err, code, r->file, at ? at->line : 0,
                             at ? at->column : 0, "%s", msg);
}

/* One value: a string or a number, exactly the float it denotes (a
 * double: every float of the four formats is one, so mpq_get_d is
 * exact). */
static int
value(const reader *r, double *out, const exattn_jnode *v, const char *path,
      mpq_t q)
{
    const char *why = NULL;
    int code;

    if (v->kind != EXATTN_J_STRING && v->kind != EXATTN_J_NUMBER)
        return fail(r, EXATTN_EFIELD, v, "\"%.60s\": a value is a decimal or "
                    "hexadecimal float, as a string (or a JSON number)", path);
    code = exattn_float__parse(q, v->text, v->len, r->fmt, &why);
    if (code != EXATTN_OK)
        return exattn_error__set(r->err, code, r->file, v->line, v->column,
                                 "\"%.60s\": \"%.40s\" as %s: %s", path,
                                 v->text, r->fmt->name, why);
    *out = mpq_get_d(q);
    return EXATTN_OK;
}

void
exattn_results__value(mpq_t out, const exattn_result_set *s, size_t k)
{
    mpq_set_d(out, s->values[k]);
}

unsigned long
exattn_results__line(const exattn_result_set *s, size_t k)
{
    return s->lines ? s->lines[k] : s->npy_line;
}

unsigned long
exattn_results__column(const exattn_result_set *s, size_t k)
{
    return s->columns ? s->columns[k] : s->npy_column;
}

const char *
exattn_results__text(const exattn_result_set *s, size_t k,
                     char buf[EXATTN_RESULTS_TEXT_MAX])
{
    if (s->texts != NULL)
        return s->texts[k];
    snprintf(buf, EXATTN_RESULTS_TEXT_MAX, "%a", s->values[k]);
    return buf;
}

/* The shape of a path's values: a scalar, a vector, or a rectangular
 * matrix of scalars. */
static int
shape(const reader *r, exattn_result_set *s, const exattn_jnode *v)
{
    size_t i;

    s->dims = 0;
    s->rows = s->cols = 1;
    if (v->kind != EXATTN_J_ARRAY)
        return EXATTN_OK;
    if (v->count == 0)
        return fail(r, EXATTN_ESHAPE, v, "\"%.60s\": no values", s->path);
    s->dims = v->items[0]->kind == EXATTN_J_ARRAY ? 2 : 1;
    s->rows = s->dims == 2 ? v->count : 1;
    s->cols = s->dims == 2 ? v->items[0]->count : v->count;
    if (s->cols == 0)
        return fail(r, EXATTN_ESHAPE, v->items[0], "\"%.60s\": row 1 has "
                    "no values", s->path);
    for (i = 0; s->dims == 2 && i < v->count; i++)
        if (v->items[i]->kind != EXATTN_J_ARRAY
            || v->items[i]->count != s->cols || s->cols == 0)
            return exattn_error__set(r->err, EXATTN_ESHAPE, r->file,
                v->items[i]->line, v->items[i]->column,
                "\"%.60s\": row %zu has %zu values, row 1 has %zu: a matrix "
                "is rectangular", s->path, i + 1,
                v->items[i]->kind == EXATTN_J_ARRAY ? v->items[i]->count : 1,
                s->cols);
    return EXATTN_OK;
}

/* The node of value (i, j) of a set written as `v`. */
static const exattn_jnode *
node_at(const exattn_result_set *s, const exattn_jnode *v, size_t i, size_t j)
{
    if (s->dims == 0)
        return v;
    if (s->dims == 1)
        return v->items[j];
    return v->items[i]->items[j];
}

/* {"npy": "weights.npy"}: the set's values from a NumPy file, of the
 * results file's format (written back, when shown, as exact hex floats). */
static int
npy_set(reader *r, exattn_result_set *s, const exattn_jnode *v)
{
    const exattn_jnode *file = exattn_json__get(v, "npy");
    exattn_npy npy;
    int code;

    if (v->count != 1 || file == NULL || file->kind != EXATTN_J_STRING)
        return fail(r, EXATTN_EFIELD, v, "\"%.60s\": an object of values is "
                    "{\"npy\": \"FILE.npy\"}", s->path);
    code = exattn_npy__read_file(&npy, r->file, file->text,
                                 r->max_values - r->total, r->err);
    if (code == EXATTN_EIO)
    {
        /* where the results file names it (the message copied first: it
         * is rewritten) */
        exattn_error_t was;

        exattn_error_init(&was);
        if (r->err != NULL)
            was = *r->err;
        return fail(r, EXATTN_EIO, file, "\"%.60s\": %.200s: %.100s",
                    s->path, r->err ? was.file : file->text,
                    r->err ? was.message : "cannot read it");
    }
    if (code != EXATTN_OK)
        return code;
    if (npy.format != r->fmt)
    {
        code = fail(r, EXATTN_EFIELD, file, "\"%.60s\": the .npy file holds "
                    "%s floats, the results file says %s", s->path,
                    npy.format->name, r->fmt->name);
        exattn_npy__clear(&npy);
        return code;
    }
    r->total += npy.rows * npy.cols;
    s->dims = npy.dims;
    s->rows = npy.rows;
    s->cols = npy.cols;
    s->values = npy.values;     /* taken */
    s->npy_line = file->line;
    s->npy_column = file->column;
    return EXATTN_OK;
}

static int
read_set(reader *r, exattn_result_set *s, const exattn_jnode *name,
         const exattn_jnode *v)
{
    size_t i, j, n;
    const exattn_jnode *x;
    mpq_t q;
    int code;

    s->path = exattn_str__dup(name->text);
    s->line = name->line;
    s->column = name->column;
    if (s->path == NULL)
        return fail(r, EXATTN_ENOMEM, name, "out of memory");
    if (v->kind == EXATTN_J_OBJECT)
        return npy_set(r, s, v);
    if ((code = shape(r, s, v)) != EXATTN_OK)
        return code;
    n = s->rows * s->cols;
    if (n > r->max_values - r->total)
        return exattn_error__set(r->err, EXATTN_ELIMIT, r->file, v->line,
                                 v->column, "more than %zu values",
                                 r->max_values);
    r->total += n;
    s->values = malloc(n * sizeof *s->values);
    s->lines = malloc(n * sizeof *s->lines);
    s->columns = malloc(n * sizeof *s->columns);
    s->texts = calloc(n, sizeof *s->texts);
    if (s->values == NULL || s->lines == NULL || s->columns == NULL
        || s->texts == NULL)
        return fail(r, EXATTN_ENOMEM, v, "out of memory");
    mpq_init(q);
    for (i = 0, code = EXATTN_OK; code == EXATTN_OK && i < s->rows; i++)
        for (j = 0; code == EXATTN_OK && j < s->cols; j++)
        {
            x = node_at(s, v, i, j);
            if (x->kind == EXATTN_J_ARRAY)
                code = fail(r, EXATTN_ESHAPE, x, "\"%.60s\": values nest "
                            "at most two deep (a matrix)", s->path);
            else if ((code = value(r, &s->values[i * s->cols + j], x,
                                   s->path, q)) != EXATTN_OK)
                ;
            else if ((s->texts[i * s->cols + j] = exattn_str__dup(x->text))
                     == NULL)
                code = fail(r, EXATTN_ENOMEM, x, "out of memory");
            else
            {
                s->lines[i * s->cols + j] = x->line;
                s->columns[i * s->cols + j] = x->column;
            }
        }
    mpq_clear(q);
    return code;
}

static int
read_format(reader *r, const exattn_jnode *root)
{
    const exattn_jnode *f = exattn_json__get(root, "format");

    if (f == NULL || f->kind != EXATTN_J_STRING)
        return fail(r, EXATTN_EFIELD, f ? f : root, "results: \"format\" "
                    "names the floats' format (%s)",
                    exattn_float__format_names());
    r->fmt = exattn_float__format(f->text);
    if (r->fmt == NULL)
        return exattn_error__set(r->err, EXATTN_EFIELD, r->file, f->line,
                                 f->column, "results: unknown format "
                                 "\"%.40s\" (formats: %s)", f->text,
                                 exattn_float__format_names());
    return EXATTN_OK;
}

static int
read_root(reader *r, exattn_results *res, const exattn_jnode *root)
{
    const exattn_jnode *values;
    size_t k;
    int code;

    if (root->kind != EXATTN_J_OBJECT)
        return fail(r, EXATTN_EFIELD, root, "results: one JSON object with "
                    "\"format\" and \"values\"");
    for (k = 0; k < root->count; k++)
        if (strcmp(root->keys[k]->text, "format") != 0
            && strcmp(root->keys[k]->text, "values") != 0)
            return exattn_error__set(r->err, EXATTN_EFIELD, r->file,
                root->keys[k]->line, root->keys[k]->column,
                "results: unknown field \"%.40s\" (known fields: format, "
                "values)", root->keys[k]->text);
    if ((code = read_format(r, root)) != EXATTN_OK)
        return code;
    res->format = r->fmt;
    values = exattn_json__get(root, "values");
    if (values == NULL || values->kind != EXATTN_J_OBJECT
        || values->count == 0)
        return fail(r, EXATTN_EFIELD, values ? values : root, "results: "
                    "\"values\" maps claim paths (weights[rises], output) to "
                    "their floats");
    res->sets = calloc(values->count, sizeof *res->sets);
    if (res->sets == NULL)
        return fail(r, EXATTN_ENOMEM, values, "out of memory");
    for (k = 0; k < values->count; k++)
    {
        res->count++;           /* freed with the results, read or not */
        if ((code = read_set(r, &res->sets[k], values->keys[k],
                             values->items[k])) != EXATTN_OK)
            return code;
    }
    return EXATTN_OK;
}

int
exattn_results__read(exattn_results **out, const char *data, size_t len,
                     const char *name, size_t max_values, exattn_error_t *err)
{
    exattn_jnode *root = NULL;
    exattn_results *res;
    reader r = { name ? name : "<results>", NULL, max_values, 0, err };
    int code;

    *out = NULL;
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
    {
        /* a byte-order mark, as some editors write: not a column */
        data += 3;
        len -= 3;
    }
    if ((code = exattn_json__parse(&root, data, len, r.file, 32, err))
        != EXATTN_OK)
        return code;
    res = calloc(1, sizeof *res);
    code = res == NULL ? fail(&r, EXATTN_ENOMEM, NULL, "out of memory")
                       : read_root(&r, res, root);
    exattn_json__free(root);
    if (code != EXATTN_OK)
    {
        exattn_results__free(res);
        return code;
    }
    *out = res;
    return EXATTN_OK;
}

void
exattn_results__free(exattn_results *r)
{
    size_t k, i;

    if (r == NULL)
        return;
    for (k = 0; k < r->count; k++)
    {
        exattn_result_set *s = &r->sets[k];

        for (i = 0; s->texts != NULL && i < s->rows * s->cols; i++)
            free(s->texts[i]);
        free(s->texts);
        free(s->values);
        free(s->lines);
        free(s->columns);
        free(s->path);
    }
    free(r->sets);
    free(r);
}
