/* Values of the document and the walk's calls into the sink. */
#include <stdint.h>
#include <stdlib.h>
#include "derive/derive.h"
#include "derive/amount.h"
#include "derive/compact.h"
#include "eval/decimal.h"

void
exattn_dval__init(exattn_dval *d)
{
    static const exattn_doc_value empty;

    d->v = empty;
    d->v.status = EXATTN_NAMED;
    d->owned = 0;
    d->has_q = 0;
}

void
exattn_dval__clear(exattn_dval *d)
{
    size_t i;

    for (i = 0; i < d->owned; i++)
        exattn_free(d->own[i]);
    d->owned = 0;
    if (d->has_q)
        mpq_clear(d->q);
    d->has_q = 0;
}

void
exattn_dval__exact(exattn_dval *d, const mpq_t q)
{
    if (!d->has_q)
        mpq_init(d->q);
    d->has_q = 1;
    mpq_set(d->q, q);
    d->v.exact = d->q;
    d->v.status = EXATTN_EXACT;
}

int
exattn_dval__own(exattn_dval *d, char *s, const char **slot)
{
    if (s == NULL || d->owned == sizeof d->own / sizeof *d->own)
    {
        exattn_free(s);
        return 0;
    }
    d->own[d->owned++] = s;
    *slot = s;
    return 1;
}

static int
oom(exattn_walk *w)
{
    return exattn_error__set(w->err, EXATTN_ENOMEM, NULL, 0, 0,
                             "out of memory");
}

int
exattn_walk__take_forms(exattn_walk *w, exattn_dval *d, const char **slot,
                        exattn_sbuf *texts)
{
    int k, ok = 1;

    for (k = 0; k < 2; k++)
    {
        if (!(w->notations & (1u << k)))
        {
            exattn_sbuf__clear(&texts[k]);
            continue;
        }
        if (texts[k].oom)
            ok = 0;
        if (texts[k].s == NULL)
            exattn_sbuf__puts(&texts[k], "");
        ok &= exattn_dval__own(d, exattn_sbuf__take(&texts[k]), &slot[k]);
    }
    return ok ? EXATTN_OK : oom(w);
}

int
exattn_walk__forms(exattn_walk *w, exattn_dval *d, const char **slot,
                   exattn_form_fn fn, const exattn_row *row, size_t j)
{
    return exattn_walk__forms2(w, d, slot, fn, fn, row, j);
}

int
exattn_walk__forms2(exattn_walk *w, exattn_dval *d, const char **slot,
                    exattn_form_fn text, exattn_form_fn latex,
                    const exattn_row *row, size_t j)
{
    exattn_sbuf texts[2];
    int k;

    for (k = 0; k < 2; k++)
    {
        exattn_sbuf__init(&texts[k]);
        if (w->notations & (1u << k))
            (k == EXATTN_FORM_LATEX ? latex : text)(&texts[k], row, j,
                                                    k == EXATTN_FORM_LATEX);
    }
    return exattn_walk__take_forms(w, d, slot, texts);
}

int
exattn_walk__forms_text(exattn_walk *w, exattn_dval *d, const char **slot,
                        exattn_form_fn fn, const exattn_row *row, size_t j)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    fn(&b, row, j, 0);
    if (b.s == NULL)
        exattn_sbuf__puts(&b, "");
    if (b.oom)
    {
        exattn_sbuf__clear(&b);
        return oom(w);
    }
    return exattn_dval__own(d, exattn_sbuf__take(&b), slot) ? EXATTN_OK
                                                            : oom(w);
}

int
exattn_walk__decimal(exattn_walk *w, exattn_dval *d, exattn_decimals *dec,
                     exattn_kind_t kind, size_t key, size_t col)
{
    int exact = 0, undecided = 0;
    char *s;

    if (dec == NULL || dec->ev == NULL
        || !(w->decimals & EXATTN_SHOW(kind)))
        return EXATTN_OK;
    s = exattn_decimals__get(dec, kind, key, col, &exact, &undecided);
    if (dec->code != EXATTN_OK)
    {
        if (w->err != NULL)
            *w->err = dec->error;
        return dec->code;
    }
    if (undecided)
        s = exattn_str__dup(dec->error.message);
    if (!exattn_dval__own(d, s, undecided ? &d->v.undecided
                                          : &d->v.decimal))
        return oom(w);
    d->v.decimal_exact = exact;
    return EXATTN_OK;
}

/* q's decimal as `decimal` gives it (at the walk's digits, *exact set),
 * owned by d; nothing without digits. */
static int
own_decimal_q(exattn_walk *w, exattn_dval *d, const mpq_t q,
              char *(*decimal)(const mpq_t, unsigned long, int *))
{
    char *s;

    if (w->opts->digits == EXATTN_DIGITS_NONE)
        return EXATTN_OK;
    s = decimal(q, w->opts->digits, &d->v.decimal_exact);
    return exattn_dval__own(d, s, &d->v.decimal) ? EXATTN_OK : oom(w);
}

int
exattn_walk__decimal_q(exattn_walk *w, exattn_dval *d, const mpq_t q)
{
    return own_decimal_q(w, d, q, exattn_decimal__of_q);
}

int
exattn_walk__amount_q(exattn_walk *w, exattn_dval *d, const mpq_t q)
{
    return own_decimal_q(w, d, q, exattn_amount__decimal_q);
}

void
exattn_walk__section(const exattn_walk *w, exattn_doc_section *s,
                     exattn_section_t kind, const exattn_lesson *l)
{
    static const exattn_doc_section empty;

    *s = empty;
    s->kind = kind;
    s->lesson = l;
    s->row = SIZE_MAX;
    s->blend = SIZE_MAX;
    s->token = SIZE_MAX;
    s->head = SIZE_MAX;
    s->header = exattn_walk__header(w, l);
}

int
exattn_walk__in_symbols(const exattn_walk *w, const exattn_row *row)
{
    return w->symbols && !row->weights_exact && row->allowed_count > 1
           && !exattn_compact__is(row, w->opts->sum_threshold);
}

int
exattn_walk__written_exponents(const exattn_walk *w)
{
    return w->opts->version >= 2
           && w->opts->exponents == EXATTN_EXPONENTS_WRITTEN;
}

void
exattn_walk__style_row(const exattn_walk *w, exattn_row *row)
{
    row->written_exponents = exattn_walk__written_exponents(w);
}

int
exattn_walk__begin(exattn_walk *w, const exattn_doc_section *s)
{
    return w->sink->begin ? w->sink->begin(w->ctx, s) : EXATTN_OK;
}

int
exattn_walk__end(exattn_walk *w, const exattn_doc_section *s)
{
    return w->sink->end ? w->sink->end(w->ctx, s) : EXATTN_OK;
}

int
exattn_walk__entry(exattn_walk *w, const exattn_doc_entry *e)
{
    return w->sink->entry ? w->sink->entry(w->ctx, e) : EXATTN_OK;
}

int
exattn_walk__note(exattn_walk *w, const exattn_doc_note *n)
{
    return w->sink->note ? w->sink->note(w->ctx, n) : EXATTN_OK;
}
