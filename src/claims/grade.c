/* Grading a results file's floats against the lesson (issue 29): each
 * path names a quantity as a claim's path does (weights[rises],
 * output[3][2]), or, without brackets, a row quantity of every query row
 * (weights, output: a matrix, row by row); each value is graded against
 * its entry's exact or named value (src/eval/grade.c) -- as an expression
 * of the entry, or, for the whole weights and outputs of a dyadic head,
 * from the head's enclosures (src/claims/grade_fast.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "claims/grade.h"
#include "claims/grade_fast.h"
#include "claims/check.h"
#include "claims/read.h"
#include "expr/expr.h"

typedef struct
{
    const exattn_grade_how *how;
    const exattn_result_set *set;
    size_t row;                 /* the set's row being graded */
    exattn_grade_fn each;
    void *ctx;
    const char *file;
} grader;

/* The truth of entry e as the report shows it, and the call. */
static int
report_entry(const grader *g, size_t i, const exattn_expr *e, const mpq_t f,
             const exattn_grade *grade, exattn_error_t *err)
{
    const exattn_grade_how *how = g->how;
    const exattn_result_set *s = g->set;
    exattn_grade_entry entry;
    char *truth = NULL, *decimal = NULL, *should = NULL;
    int exact = 0, rc;

    memset(&entry, 0, sizeof entry);
    entry.grade = grade;
    entry.named = exattn_expr_status(e) != EXATTN_EXACT;
    if (!entry.named && (truth = exattn_expr_get_str(e, EXATTN_TEXT)) == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, "grade", 0, 0,
                                 "out of memory");
    rc = exattn_expr_get_decimal(&decimal, &exact, e,
                                 how->truth_digits(f, how->fmt),
                                 how->max_prec, err);
    entry.decimal_exact = exact;
    if (rc == EXATTN_OK && how->digits != EXATTN_DIGITS_NONE)
        rc = exattn_expr_get_decimal(&should, &exact, e, how->digits,
                                     how->max_prec, err);
    entry.truth = truth;
    entry.decimal = decimal;
    entry.should_show = should;
    if (rc == EXATTN_OK)
        rc = g->each(g->ctx, s, g->row, i, &entry, err);
    exattn_free(truth);
    exattn_free(decimal);
    exattn_free(should);
    return rc;
}

static int
grade_entry(void *ctx, size_t i, const exattn_expr *e, exattn_error_t *err)
{
    grader *g = ctx;
    const exattn_result_set *s = g->set;
    size_t k = g->row * s->cols + i;
    exattn_grade grade;
    char name[120];
    mpq_t y, f;
    int rc = EXATTN_OK;

    exattn_grade__init(&grade);
    mpq_inits(y, f, (mpq_ptr)0);
    exattn_results__value(f, s, k);
    if (exattn_expr_status(e) == EXATTN_EXACT
        && exattn_expr_get_mpq(y, e) == EXATTN_OK)
        exattn_grade__exact(&grade, f, y, g->how->fmt);
    else
    {
        snprintf(name, sizeof name, "\"%.60s\" row %zu, value %zu", s->path,
                 g->row + 1, i + 1);
        rc = exattn_grade__enclosed(&grade, f, g->how->fmt,
                                    exattn_expr__enclose, (void *)e,
                                    g->how->max_prec, name, err);
        if (rc == EXATTN_EUNABLE && err != NULL)
        {
            /* at the value, where the file writes it */
            snprintf(err->file, sizeof err->file, "%s", g->file);
            err->line = exattn_results__line(s, k);
            err->column = exattn_results__column(s, k);
        }
    }
    if (rc == EXATTN_OK)
        rc = report_entry(g, i, e, f, &grade, err);
    mpq_clears(y, f, (mpq_ptr)0);
    exattn_grade__clear(&grade);
    return rc;
}

/* The quantity at `path` for one row of the set: its entries must be as
 * many as the row's values. */
static int
grade_path(grader *g, const exattn_lesson *l, const char *path,
           exattn_error_t *err)
{
    const exattn_result_set *s = g->set;
    exattn_claim c;
    int rc;

    memset(&c, 0, sizeof c);
    rc = exattn_claims__path_quantity(&c, l, g->how->variant, path, NULL,
                                      "path", err);
    if (rc == EXATTN_OK && c.target == EXATTN_TARGET_ROW && c.vary == 0
        && s->dims != 0)
        /* one entry written as a list: its place would be a path that
         * does not exist (output[2][1][1]) */
        rc = exattn_error__set(err, EXATTN_ESHAPE, g->file, s->line,
                               s->column, "\"%.60s\": one entry, written as "
                               "a list; write the value alone", s->path);
    else if (rc == EXATTN_OK && c.count != s->cols)
        rc = exattn_error__set(err, EXATTN_ESHAPE, g->file, s->line,
                               s->column, "\"%.60s\": %zu values for %zu "
                               "entries of %.60s", s->path, s->cols,
                               c.count, path);
    if (rc == EXATTN_OK)
        rc = exattn_claims__each_expr(&c, g->how->max_prec, grade_entry, g,
                                      err);
    exattn_claims__clear_claim(&c);
    if (rc != EXATTN_OK && err != NULL && err->line == 0)
    {
        /* a path the lesson has no quantity for: where the file names it */
        err->line = s->line;
        err->column = s->column;
        snprintf(err->file, sizeof err->file, "%s", g->file);
    }
    return rc;
}

/* A row quantity named without its row: every query row's, a matrix. */
static int
is_whole(const char *path)
{
    return strchr(path, '[') == NULL;
}

/* A matrix of the lesson named whole ("Q", "W_V"): its rows; NULL for a
 * row quantity (weights, output: a row per query). */
static const exattn_matrix *
whole_matrix(const exattn_lesson *l, const char *path)
{
    static const char *const names[] = { "Q", "K", "V", "X", "memory",
                                         "W_Q", "W_K", "W_V" };
    const exattn_matrix *m[8];
    size_t k;

    m[0] = &l->q;
    m[1] = &l->k;
    m[2] = &l->v;
    m[3] = &l->x;
    m[4] = &l->memory;
    m[5] = &l->w_q;
    m[6] = &l->w_k;
    m[7] = &l->w_v;
    for (k = 0; k < 8; k++)
        if (strcmp(path, names[k]) == 0)
            return m[k];
    return NULL;
}

/* The lesson a variant name gives (its rows: a whole quantity's). */
static const exattn_lesson *
variant_lesson(const exattn_lesson *l, const char *variant)
{
    size_t k;

    for (k = 0; variant != NULL && k < l->variant_count; k++)
        if (strcmp(l->variants[k]->name, variant) == 0)
            return l->variants[k];
    return l;
}

/* The rows of a whole set: each from the dyadic head where it decides
 * the row, else the exact way. */
static int
grade_rows(grader *g, const exattn_lesson *l, const exattn_lesson *lv,
           exattn_error_t *err)
{
    const exattn_result_set *s = g->set;
    exattn_grade_fast *fast = NULL;
    char path[256];
    int rc = EXATTN_OK, done;

    if (!g->how->exact_path_only)
        rc = exattn_grade_fast__new(&fast, lv, s, err);
    for (g->row = 0; rc == EXATTN_OK && g->row < s->rows; g->row++)
    {
        done = 0;
        if (fast != NULL)
            rc = exattn_grade_fast__row(fast, s, g->row, g->how, g->each,
                                        g->ctx, &done, err);
        if (rc != EXATTN_OK || done)
            continue;
        snprintf(path, sizeof path, "%.200s[%zu]", s->path, g->row + 1);
        rc = grade_path(g, l, path, err);
    }
    exattn_grade_fast__free(fast);
    return rc;
}

int
exattn_claims__grade_set(const exattn_lesson *l, const exattn_result_set *s,
                         const exattn_grade_how *how, const char *file,
                         exattn_grade_fn each, void *ctx,
                         exattn_error_t *err)
{
    grader g = { how, s, 0, each, ctx, file };
    const exattn_lesson *lv = variant_lesson(l, how->variant);
    const exattn_matrix *m;
    size_t rows;

    if (!is_whole(s->path) || s->dims < 2)
    {
        if (s->rows != 1)
            return exattn_error__set(err, EXATTN_ESHAPE, file, s->line,
                                     s->column, "\"%.60s\": a matrix of "
                                     "values for one row's quantity",
                                     s->path);
        return grade_path(&g, l, s->path, err);
    }
    m = whole_matrix(lv, s->path);
    rows = m ? m->rows : lv->n;
    if (m != NULL && rows == 0)
        return exattn_error__set(err, EXATTN_EFIELD, file, s->line,
                                 s->column, "\"%.60s\": the lesson "
                                 "gives no such matrix", s->path);
    if (s->rows != rows)
        return exattn_error__set(err, EXATTN_ESHAPE, file, s->line,
                                 s->column, "\"%.60s\": %zu row%s of "
                                 "values for %zu %s", s->path, s->rows,
                                 s->rows == 1 ? "" : "s", rows,
                                 m ? "rows" : "query rows");
    return grade_rows(&g, l, lv, err);
}
