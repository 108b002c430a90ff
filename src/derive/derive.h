/* The derivation document (include/exattn/doc.h), inside the library: the
 * walk that decides every section, entry and note, and the values it
 * hands to the sink. */
#ifndef EXATTN_DERIVE_H
#define EXATTN_DERIVE_H

#include "row/model.h"
#include "exattn/doc.h"
#include "derive/decimals.h"

/* A document value with the strings and the rational it owns. */
typedef struct
{
    exattn_doc_value v;
    char *own[8];
    size_t owned;
    mpq_t q;
    int has_q;
} exattn_dval;

void exattn_dval__init(exattn_dval *d);
void exattn_dval__clear(exattn_dval *d);
/* d->v.exact = a copy of q, status EXACT. */
void exattn_dval__exact(exattn_dval *d, const mpq_t q);
/* Keep s (may be NULL) and return it; 0 when out of memory. */
int exattn_dval__own(exattn_dval *d, char *s, const char **slot);

/* A presentation built by `fn` for key j of a row. */
typedef void (*exattn_form_fn)(exattn_sbuf *b, const exattn_row *row,
                               size_t j, int latex);

/* The walk over one lesson's derivation. */
typedef struct
{
    const exattn_doc_sink *sink;
    void *ctx;
    unsigned notations;         /* never 0 */
    const exattn_write_opts *opts; /* never NULL */
    unsigned show;              /* OR of EXATTN_SHOW(kind), never 0 */
    unsigned decimals;          /* the kinds whose decimals the sink
                                   writes, never 0 */
    unsigned forms;             /* the kinds whose values' forms it
                                   writes, never 0 */
    int named_show;             /* `show` was given, not the default */
    int symbols;                /* LaTeX forms of named rows in symbols
                                   (EXATTN_PRESENT_SYMBOLS) */
    int breaks;                 /* long LaTeX forms carry the line breaks
                                   of an aligned display (the same
                                   presentation, --expanded or not) */
    exattn_error_t *err;
    /* the headers of the lesson and its variants (src/derive/header.c) */
    exattn_doc_header *headers;
    const exattn_lesson **header_lessons;
    const char **blend_names;
    size_t header_count;
    mpq_t *roots;               /* each header's rational √d (scale_root) */
    unsigned char *same_rows;   /* the variant being walked: its rows its
                                   contrast proved the same derivation as
                                   the lesson it changes (n flags); NULL
                                   when there is no contrast */
} exattn_walk;

/* The sink's callbacks, skipped when NULL. */
int exattn_walk__begin(exattn_walk *w, const exattn_doc_section *s);
int exattn_walk__end(exattn_walk *w, const exattn_doc_section *s);
int exattn_walk__entry(exattn_walk *w, const exattn_doc_entry *e);
int exattn_walk__note(exattn_walk *w, const exattn_doc_note *n);
/* A section of `kind` for lesson l, every other field empty. */
/* A row the walk derived, in the presentation the options ask for (its
 * exponents as written, or simplified). */
/* Does the author keep exponents as the lesson writes them (e^{2/√2})? */
int exattn_walk__written_exponents(const exattn_walk *w);
void exattn_walk__style_row(const exattn_walk *w, exattn_row *row);
/* Are a row's LaTeX forms written in symbols (Z_i, w_{i,j})?  A named,
 * not compact row of a sink that asks for them: the one decision, for
 * its derivation and the contrasts that quote it. */
int exattn_walk__in_symbols(const exattn_walk *w, const exattn_row *row);

/* A section of `kind` for lesson l (its `header` too), every other
 * field empty. */
void exattn_walk__section(const exattn_walk *w, exattn_doc_section *s,
                          exattn_section_t kind, const exattn_lesson *l);
/* The headers of l and its variants, built once (src/derive/header.c);
 * the header of one of them (NULL for another lesson). */
int exattn_walk__headers(exattn_walk *w, const exattn_lesson *l);
void exattn_walk__free_headers(exattn_walk *w);
const exattn_doc_header *exattn_walk__header(const exattn_walk *w,
                                             const exattn_lesson *l);

/* fn's form in every notation w asks for, into slot[2] (owned by d). */
int exattn_walk__forms(exattn_walk *w, exattn_dval *d, const char **slot,
                       exattn_form_fn fn, const exattn_row *row, size_t j);
/* fn's text form only, into *slot (owned by d). */
/* The same, with another function for the LaTeX form. */
int exattn_walk__forms2(exattn_walk *w, exattn_dval *d, const char **slot,
                        exattn_form_fn text, exattn_form_fn latex,
                        const exattn_row *row, size_t j);
int exattn_walk__forms_text(exattn_walk *w, exattn_dval *d, const char **slot,
                            exattn_form_fn fn, const exattn_row *row,
                            size_t j);
/* The same with a string per notation already built: texts[2], taken. */
int exattn_walk__take_forms(exattn_walk *w, exattn_dval *d,
                            const char **slot, exattn_sbuf *texts);

/* The certified decimal of a row quantity, when asked for. */
int exattn_walk__decimal(exattn_walk *w, exattn_dval *d, exattn_decimals *dec,
                         exattn_kind_t kind, size_t key, size_t col);
/* The same for an exact rational. */
int exattn_walk__decimal_q(exattn_walk *w, exattn_dval *d, const mpq_t q);
/* The same for an exact change's amount, given its significant digits
 * when it rounds to 0 (src/derive/amount.c). */
int exattn_walk__amount_q(exattn_walk *w, exattn_dval *d, const mpq_t q);

/* One row's section, entries and notes. */
int exattn_derive__row(exattn_walk *w, const exattn_row *row,
                       exattn_decimals *dec);
/* Blend k of l. */
int exattn_derive__blend(exattn_walk *w, const exattn_lesson *l, size_t k);
/* A block lesson's block: its section, stages and heads. */
int exattn_derive__block(exattn_walk *w, const exattn_lesson *l);
/* The live lab of l (which has one): its section. */
int exattn_derive__lab(exattn_walk *w, const exattn_lesson *l);
/* A variant's contrast with the lesson it changes (nothing when it names
 * none). */
int exattn_derive__contrast(exattn_walk *w, const exattn_lesson *variant);

#endif
