/* Whole weights and outputs of a dyadic head, graded row by row
 * (grade_fast.h).  A row is decided from the head's enclosures only when
 * every one of its values is: its grade (exattn_grade__ball: the same
 * tests as the refining path's), its truth to the report's decimals and
 * its display; the first value they leave open sends the whole row, with
 * nothing reported yet, to the exact path.  So a report never mixes the
 * two within a row, and a value is never shown a digit its enclosure
 * does not prove. */
#include <stdlib.h>
#include <string.h>
#include "claims/grade_fast.h"
#include "eval/decimal.h"
#include "row/dyadic.h"

/* The precision of the enclosures' midpoints (dyadic.c's). */
#define FAST_PREC 192

struct exattn_grade_fast
{
    exattn_dyadic *head;
    int weights;                /* else outputs */
    size_t cols;
    exattn_grade *grades;       /* cols */
    char **decimals, **shows;   /* cols each */
    int *zero;                  /* cols: a blocked key's weight, 0 */
    exattn_ball ball;
    mpz_t d, pow10;
};

static void
clear_row(exattn_grade_fast *f)
{
    size_t c;

    for (c = 0; c < f->cols; c++)
    {
        exattn_free(f->decimals[c]);
        exattn_free(f->shows[c]);
        f->decimals[c] = f->shows[c] = NULL;
    }
}

void
exattn_grade_fast__free(exattn_grade_fast *f)
{
    size_t c;

    if (f == NULL)
        return;
    if (f->decimals != NULL && f->shows != NULL)
        clear_row(f);
    for (c = 0; f->grades != NULL && c < f->cols; c++)
        exattn_grade__clear(&f->grades[c]);
    free(f->grades);
    free(f->decimals);
    free(f->shows);
    free(f->zero);
    exattn_dyadic__free(f->head);
    exattn_ball__clear(&f->ball);
    mpz_clears(f->d, f->pow10, (mpz_ptr)0);
    free(f);
}

int
exattn_grade_fast__new(exattn_grade_fast **out, const exattn_lesson *lv,
                       const exattn_result_set *s, exattn_error_t *err)
{
    exattn_grade_fast *f;
    int weights = strcmp(s->path, "weights") == 0;
    size_t c, cols = weights ? lv->m : lv->dv;
    int rc;

    *out = NULL;
    if ((!weights && strcmp(s->path, "output") != 0) || s->dims != 2
        || s->cols != cols || s->rows != lv->n)
        return EXATTN_OK;
    if ((f = calloc(1, sizeof *f)) == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, "grade", 0, 0,
                                 "out of memory");
    f->weights = weights;
    f->cols = cols;
    exattn_ball__init(&f->ball, FAST_PREC);
    mpz_inits(f->d, f->pow10, (mpz_ptr)0);
    f->grades = calloc(cols, sizeof *f->grades);
    f->decimals = calloc(cols, sizeof *f->decimals);
    f->shows = calloc(cols, sizeof *f->shows);
    f->zero = calloc(cols, sizeof *f->zero);
    rc = f->grades && f->decimals && f->shows && f->zero
             ? exattn_dyadic__new(&f->head, lv)
             : EXATTN_ENOMEM;
    for (c = 0; f->grades != NULL && c < cols; c++)
        exattn_grade__init(&f->grades[c]);
    if (rc != EXATTN_OK || f->head == NULL)
    {
        f->cols = f->grades ? cols : 0;
        exattn_grade_fast__free(f);
        return rc == EXATTN_OK ? EXATTN_OK
                               : exattn_error__set(err, rc, "grade", 0, 0,
                                                   "out of memory");
    }
    *out = f;
    return EXATTN_OK;
}

/* The ball's rounding to `digits` decimals, if it decides it: 1 with *out
 * set, 0 undecided, -1 out of memory. */
static int
decimal(char **out, exattn_grade_fast *f, unsigned long digits)
{
    mpz_ui_pow_ui(f->pow10, 10, digits);
    if (!exattn_decimal__round_ball(f->d, &f->ball, f->pow10))
        return 0;
    return (*out = exattn_decimal__format(f->d, digits)) != NULL ? 1 : -1;
}

/* Value c of the row: 1 decided, 0 not, -1 out of memory. */
static int
decide(exattn_grade_fast *f, const mpq_t v, size_t c,
       const exattn_grade_how *how)
{
    int blocked = 0, exact, ok;
    unsigned long td = how->truth_digits(v, how->fmt);

    if (f->weights)
        exattn_dyadic__weight(&f->ball, f->head, c, &blocked);
    else
        exattn_dyadic__output(&f->ball, f->head, c);
    f->zero[c] = blocked;
    if (blocked)
    {
        /* exactly 0, as the exact path grades and writes it */
        mpq_t zero;

        mpq_init(zero);
        exattn_grade__exact(&f->grades[c], v, zero, how->fmt);
        f->decimals[c] = exattn_decimal__of_q(zero, td, &exact);
        if (how->digits != EXATTN_DIGITS_NONE)
            f->shows[c] = exattn_decimal__of_q(zero, how->digits, &exact);
        mpq_clear(zero);
        return f->decimals[c] != NULL
                       && (how->digits == EXATTN_DIGITS_NONE
                           || f->shows[c] != NULL)
                   ? 1
                   : -1;
    }
    if (!exattn_grade__ball(&f->grades[c], v, how->fmt, &f->ball))
        return 0;
    if ((ok = decimal(&f->decimals[c], f, td)) != 1)
        return ok;
    if (how->digits == EXATTN_DIGITS_NONE)
        return 1;
    return decimal(&f->shows[c], f, how->digits);
}

int
exattn_grade_fast__row(exattn_grade_fast *f, const exattn_result_set *s,
                       size_t row, const exattn_grade_how *how,
                       exattn_grade_fn each, void *ctx, int *done,
                       exattn_error_t *err)
{
    exattn_grade_entry entry;
    size_t c;
    int fast, ok = 1, rc;
    mpq_t v;

    *done = 0;
    if ((rc = exattn_dyadic__row(f->head, row, &fast)) != EXATTN_OK)
        return exattn_error__set(err, rc, "grade", 0, 0, "out of memory");
    if (!fast)
        return EXATTN_OK;
    mpq_init(v);
    for (c = 0; ok == 1 && c < f->cols; c++)
    {
        exattn_results__value(v, s, row * s->cols + c);
        ok = decide(f, v, c, how);
    }
    mpq_clear(v);
    rc = ok < 0 ? exattn_error__set(err, EXATTN_ENOMEM, "grade", 0, 0,
                                    "out of memory")
                : EXATTN_OK;
    for (c = 0; ok == 1 && rc == EXATTN_OK && c < f->cols; c++)
    {
        memset(&entry, 0, sizeof entry);
        entry.grade = &f->grades[c];
        entry.named = !f->zero[c];
        entry.truth = f->zero[c] ? "0" : NULL;
        entry.decimal = f->decimals[c];
        entry.decimal_exact = f->zero[c];
        entry.should_show = f->shows[c];
        rc = each(ctx, s, row, c, &entry, err);
    }
    *done = ok == 1 && rc == EXATTN_OK;
    clear_row(f);
    return rc;
}
