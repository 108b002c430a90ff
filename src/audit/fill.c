/* exattn audit --fill: the page again, each marked number rewritten from
 * the lesson -- the certified rounding at the digits the marker asks
 * (digits=N) or the page wrote, an exact value where the page writes a
 * fraction and the value is one -- and each empty pair of markers
 * (<!-- exattn P digits=3 --><!-- /exattn -->) filled.  Everything else
 * is copied byte for byte, and nothing is written unless the whole page
 * was read and every marker names a quantity. */
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"
#include "audit/decide.h"
#include "eval/decimal.h"
#include "eval/ziv.h"

/* An entry's new text: a fraction for an exact value the page writes as
 * a fraction, else the certified rounding to `digits`, with the page's
 * minus sign (− or -). */
static char *
entry_text(const exattn_audit_candidate *c, size_t i, unsigned long digits,
           int fraction, int unicode_minus)
{
    exattn_sbuf b;
    mpz_t z;
    char *s;

    if (fraction && c->exact[i])
        s = exattn_mpq_get_str(c->value[i]);
    else
    {
        mpz_init(z);
        exattn_ziv__decimal_q(z, c->value[i], digits, EXATTN_ROUND_NEAREST);
        s = exattn_decimal__format(z, digits);
        mpz_clear(z);
    }
    if (s == NULL || s[0] != '-' || !unicode_minus)
        return s;
    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, "\xe2\x88\x92");
    exattn_sbuf__puts(&b, s + 1);
    free(s);
    return exattn_sbuf__take(&b);
}

/* The marker's values with `digits` decimals, certified. */
static int
marker_values(exattn_audit_candidate *m, exattn_audit_candidates *all,
              unsigned long digits, mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_block *b = NULL;
    size_t i;

    for (i = 0; i < m->count; i++)
        if (!m->exact[i])
            break;
    if (i == m->count || m->claim.lesson == NULL)
        return EXATTN_OK;       /* exact: rounded exactly as written */
    if (m->claim.target == EXATTN_TARGET_BLOCK
        && (b = exattn_audit__block_of(all, m->claim.lesson, max_prec, err))
               == NULL)
        return err && err->code ? err->code : EXATTN_ENOMEM;
    /* AUDIT_DIGITS already decide roundings up to AUDIT_DIGITS - 4 digits
     * but for values next to a boundary: evaluate at the digits asked */
    return exattn_claims__values(m->value, m->exact, &m->claim, digits, b,
                                 exattn_audit__rows(all), max_prec, err);
}

static int
is_unicode_minus(const char *page, const exattn_page_number *n, size_t i)
{
    return n->entry_end[i] - n->entry_start[i] >= 3
           && memcmp(page + n->entry_start[i], "\xe2\x88\x92", 3) == 0;
}

/* Copy page[*at, to) and move *at. */
static void
copy_to(exattn_sbuf *out, const char *page, size_t *at, size_t to)
{
    if (to > *at)
        exattn_sbuf__putn(out, page + *at, to - *at);
    if (to > *at)
        *at = to;
}

/* The digits of entry i: the marker's digits=N, else the page's own for
 * a decimal, else `asked` (the default). */
static unsigned long
entry_digits(const exattn_page_number *n, size_t i, int has_digits,
             unsigned long asked)
{
    const char *point;

    if (has_digits || n->count == 0 || !n->decimal[i])
        return asked;
    point = strchr(n->values[i], '.');
    return point ? (unsigned long)strlen(point + 1) : 0;
}

/* A fraction the page writes that is the exact value already: kept as
 * written (\frac{5}{4} stays \frac{5}{4}). */
static int
exact_as_written(const exattn_audit_candidate *m, const exattn_page_number *n,
                 size_t i)
{
    mpq_t q;
    int same;

    if (n->decimal[i] || !m->exact[i])
        return 0;
    mpq_init(q);
    same = exattn_mpq_set_text(q, n->values[i], strlen(n->values[i]), NULL)
               == EXATTN_OK
           && mpq_equal(q, m->value[i]);
    mpq_clear(q);
    return same;
}

/* An empty pair filled: "0.4011", or "[0.40, 0.20, 0.40]". */
static int
fill_empty(exattn_sbuf *out, exattn_audit_candidate *m, unsigned long digits)
{
    size_t i;
    char *s;

    exattn_sbuf__puts(out, m->count > 1 ? "[" : "");
    for (i = 0; i < m->count; i++)
    {
        if ((s = entry_text(m, i, digits, 0, 0)) == NULL)
            return EXATTN_ENOMEM;
        exattn_sbuf__printf(out, "%s%s", i ? ", " : "", s);
        free(s);
    }
    exattn_sbuf__puts(out, m->count > 1 ? "]" : "");
    return EXATTN_OK;
}

/* A marker with form=latex: the number (or the empty pair) becomes the
 * quantity's named form in LaTeX, \frac{e^{1}}{e^{0}+e^{1}}; an exact
 * value its exact form.  One value only. */
static int
fill_latex(exattn_sbuf *out, size_t *at, size_t *changed, const char *page,
           const exattn_page_number *n, const exattn_audit_candidate *m,
           const exattn_lesson *l, exattn_error_t *err)
{
    char *s;

    if (m->count != 1)
        return exattn_error__set(err, EXATTN_ESHAPE, l->file, 0, 0,
                                 "marker \"%.60s\": form=latex names one "
                                 "value; this quantity has %zu", n->marker,
                                 m->count);
    if ((s = m->exact[0] ? exattn_mpq_get_str(m->value[0])
                         : exattn_audit__lesson_form(m, EXATTN_LATEX))
        == NULL)
        return exattn_error__set(err, EXATTN_EFIELD, l->file, 0, 0,
                                 "marker \"%.60s\": no named form to write "
                                 "for this quantity", n->marker);
    copy_to(out, page, at, n->start);
    /* in prose, the form is set as math; in math, as it is */
    exattn_sbuf__printf(out, n->math ? "%s" : "$%s$", s);
    if (n->count == 0 || strlen(s) != n->end - n->start
        || memcmp(s, page + n->start, n->end - n->start) != 0)
        (*changed)++;
    if (n->count != 0)
        *at = n->end;
    free(s);
    return EXATTN_OK;
}

/* One marked number (or empty pair) rewritten into out. */
static int
fill_one(exattn_sbuf *out, size_t *at, size_t *changed, const char *page,
         const exattn_page_number *n, exattn_audit_candidates *all,
         const exattn_lesson *l, mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_audit_candidate m;
    unsigned long asked, digits, evaluated = (unsigned long)-1;
    int has_digits = exattn_audit__marker_digits(n->marker, &asked), rc;
    size_t i;
    char *s;

    if ((rc = exattn_audit__marker(&m, all, l, n->marker, max_prec, err))
        != EXATTN_OK)
        return rc;
    if (n->count != 0 && m.count != n->count)
    {
        rc = exattn_error__set(err, EXATTN_ESHAPE, l->file, 0, 0,
                               "marker \"%.60s\" names %zu values, the "
                               "page prints %zu", n->marker, m.count,
                               n->count);
        exattn_audit__candidate_clear(&m);
        return rc;
    }
    if (exattn_audit__marker_latex(n->marker))
    {
        rc = fill_latex(out, at, changed, page, n, &m, l, err);
        exattn_audit__candidate_clear(&m);
        return rc;
    }
    if (n->count == 0)
    {
        rc = marker_values(&m, all, asked, max_prec, err);
        copy_to(out, page, at, n->start);
        if (rc == EXATTN_OK)
            rc = fill_empty(out, &m, asked);
        (*changed)++;
    }
    for (i = 0; rc == EXATTN_OK && i < n->count; i++)
    {
        size_t len = n->entry_end[i] - n->entry_start[i];

        if (exact_as_written(&m, n, i))
            continue;
        /* evaluated again only when the digits change along the vector */
        digits = entry_digits(n, i, has_digits, asked);
        if (digits != evaluated
            && (rc = marker_values(&m, all, digits, max_prec, err))
                   != EXATTN_OK)
            break;
        evaluated = digits;
        s = entry_text(&m, i, digits, !n->decimal[i],
                       is_unicode_minus(page, n, i));
        if (s == NULL)
        {
            rc = EXATTN_ENOMEM;
            break;
        }
        copy_to(out, page, at, n->entry_start[i]);
        exattn_sbuf__puts(out, s);
        if (strlen(s) != len || memcmp(s, page + n->entry_start[i], len) != 0)
            (*changed)++;
        *at = n->entry_end[i];
        free(s);
    }
    exattn_audit__candidate_clear(&m);
    if (rc == EXATTN_ENOMEM)
        exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0, "out of memory");
    return rc;
}

int
exattn_auditor_fill(FILE *stream, size_t *changed, exattn_auditor *a,
                    const char *file, const char *page, size_t len,
                    exattn_page_format fmt, exattn_error_t *err)
{
    return exattn_audit_fill(stream, changed, a->lesson, file, page, len, fmt,
                             a->max_prec, err);
}

/* Only marked numbers are written: the quantities they name are
 * evaluated alone, and --ignore's patterns change nothing. */
int
exattn_audit_fill(FILE *stream, size_t *changed, const exattn_lesson *lesson,
                  const char *file, const char *page, size_t len,
                  exattn_page_format fmt, mpfr_prec_t max_prec,
                  exattn_error_t *err)
{
    exattn_audit_candidates all;
    exattn_page p;
    exattn_sbuf out;
    size_t i, at = 0, count = 0;
    int rc;

    if (fmt == EXATTN_PAGE_AUTO)
        fmt = exattn_page_format_of(file);
    if ((rc = exattn_page__read(&p, file, page, len, fmt, err)) != EXATTN_OK)
        return rc;
    memset(&all, 0, sizeof all);
    exattn_sbuf__init(&out);
    for (i = 0; i < p.count && rc == EXATTN_OK; i++)
    {
        const exattn_page_number *n = &p.items[i];

        if (n->marker == NULL)
            continue;
        rc = fill_one(&out, &at, &count, page, n, &all, lesson, max_prec, err);
        if (rc != EXATTN_OK)
            exattn_audit__place_error(err, rc, file, n);
    }
    copy_to(&out, page, &at, len);
    if (rc == EXATTN_OK && out.oom)
        rc = exattn_error__set(err, EXATTN_ENOMEM, file, 0, 0,
                               "out of memory");
    if (rc == EXATTN_OK
        && (fwrite(out.s ? out.s : "", 1, out.len, stream) != out.len
            || fflush(stream) != 0))
        rc = exattn_error__set(err, EXATTN_EIO, file, 0, 0,
                               "cannot write the filled page");
    if (rc == EXATTN_OK && changed)
        *changed = count;
    exattn_sbuf__clear(&out);
    exattn_audit__candidates_clear(&all);
    exattn_page__clear(&p);
    return rc;
}
