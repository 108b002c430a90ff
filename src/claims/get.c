/* One quantity of a lesson by its claim path (exattn get): each entry's
 * named form in text and LaTeX, its exact value when it has one, and its
 * certified decimal -- what a page pastes (include/exattn/check.h,
 * exattn_lesson_get).  The path is read as a claim's is
 * (src/claims/paths.c), so it names what a claim can, with the same
 * errors. */
#include <stdlib.h>
#include <string.h>
#include "claims/check.h"
#include "claims/read.h"

typedef struct
{
    exattn_quantity_entry *entries;
    unsigned long digits;
    mpfr_prec_t max_prec;
    const char *file;
} getter;

static int
fill(void *ctx, size_t i, const exattn_expr *e, exattn_error_t *err)
{
    getter *g = ctx;
    exattn_quantity_entry *q = &g->entries[i];
    exattn_error_t local;
    mpq_t v;
    int rc;

    q->status = exattn_expr_status(e);
    /* exponents as derive writes them: e^{√2/2}, not e^{1/2·√2} */
    q->text = exattn_expr_get_str(e, EXATTN_TEXT | EXATTN_SIMPLIFIED);
    q->latex = exattn_expr_get_str(e, EXATTN_LATEX | EXATTN_SIMPLIFIED);
    if (q->status == EXATTN_EXACT)
    {
        mpq_init(v);
        if (exattn_expr_get_mpq(v, e) == EXATTN_OK)
            q->exact = exattn_mpq_get_str(v);
        mpq_clear(v);
    }
    if (q->text == NULL || q->latex == NULL
        || (q->status == EXATTN_EXACT && q->exact == NULL))
        return exattn_error__set(err, EXATTN_ENOMEM, g->file, 0, 0,
                                 "out of memory");
    if (g->digits == EXATTN_DIGITS_NONE)
        return EXATTN_OK;
    exattn_error_init(&local);
    rc = exattn_expr_get_decimal(&q->decimal, &q->decimal_exact, e,
                                 g->digits, g->max_prec, &local);
    if (rc == EXATTN_EUNABLE)
    {
        /* within the cap the rounding is not decided: said, not guessed */
        q->undecided = exattn_str__dup(local.message);
        return q->undecided ? EXATTN_OK
                            : exattn_error__set(err, EXATTN_ENOMEM, g->file,
                                                0, 0, "out of memory");
    }
    if (rc != EXATTN_OK)
        *err = local;
    return rc;
}

int
exattn_lesson_get(exattn_quantity_entry **out, size_t *count,
                  const exattn_lesson *lesson, const char *variant,
                  const char *path, unsigned long digits,
                  mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_claim c;
    getter g;
    int rc;

    *out = NULL;
    *count = 0;
    memset(&c, 0, sizeof c);
    rc = exattn_claims__path_quantity(&c, lesson, variant, path, NULL, "path",
                                      err);
    if (rc == EXATTN_OK
        && (g.entries = calloc(c.count ? c.count : 1, sizeof *g.entries))
               == NULL)
        rc = exattn_error__set(err, EXATTN_ENOMEM, lesson->file, 0, 0,
                               "out of memory");
    if (rc != EXATTN_OK)
    {
        exattn_claims__clear_claim(&c);
        return rc;
    }
    g.digits = digits;
    g.max_prec = max_prec;
    g.file = lesson->file;
    rc = exattn_claims__each_expr(&c, max_prec, fill, &g, err);
    if (rc == EXATTN_OK)
    {
        *out = g.entries;
        *count = c.count;
    }
    else
        exattn_quantity_entries_free(g.entries, c.count);
    exattn_claims__clear_claim(&c);
    return rc;
}

void
exattn_quantity_entries_free(exattn_quantity_entry *entries, size_t count)
{
    size_t i;

    for (i = 0; entries != NULL && i < count; i++)
    {
        exattn_free(entries[i].exact);
        exattn_free(entries[i].text);
        exattn_free(entries[i].latex);
        exattn_free(entries[i].decimal);
        free(entries[i].undecided);
    }
    free(entries);
}
