/* The walk of a derivation (include/exattn/doc.h): the lesson's section,
 * its rows one at a time -- derived (on machine integers where the lesson
 * allows), handed to the sink and freed before the next --, its blends,
 * then each variant with its contrast (or, for a variant that places the
 * lesson in a block, the block's stages); or a block's stages
 * (src/derive/block.c). */
#include <stdint.h>
#include <stdlib.h>
#include "derive/derive.h"

/* Row i, with its decimals when asked for. */
static int
one_row(exattn_walk *w, const exattn_lesson *l, size_t i,
        const exattn_ints *ints, exattn_head_eval *head)
{
    exattn_decimals dec;
    exattn_row *row;
    int code;

    if ((code = exattn_row__new_in(&row, l, i, ints, w->err)) != EXATTN_OK)
        return code;
    exattn_walk__style_row(w, row);
    if ((code = exattn_decimals__open(&dec, row, w->opts, head, w->err))
        == EXATTN_OK)
    {
        code = exattn_derive__row(w, row, &dec);
        exattn_decimals__close(&dec);
    }
    exattn_row_free(row);
    return code;
}

/* Row i of variant l, which its contrast proved to be the row of the
 * lesson it changes: a section that says so, and nothing derived
 * again. */
static int
same_row(exattn_walk *w, const exattn_lesson *l, size_t i)
{
    exattn_doc_section s;
    int code;

    exattn_walk__section(w, &s, EXATTN_SECTION_ROW, l);
    s.row = i;
    s.same_as_against = 1;
    s.against = l->contrast;
    s.against_header = exattn_walk__header(w, l->contrast);
    if ((code = exattn_walk__begin(w, &s)) != EXATTN_OK)
        return code;
    return exattn_walk__end(w, &s);
}

static int
rows(exattn_walk *w, const exattn_lesson *l)
{
    exattn_head_eval *head = NULL;
    exattn_ints *ints = NULL;
    size_t i;
    int code = exattn_decimals__head(&head, l, w->opts, w->err);

    if (code == EXATTN_OK && exattn_ints__new(&ints, l) != EXATTN_OK)
        code = exattn_error__set(w->err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    for (i = 0; code == EXATTN_OK && i < l->n; i++)
        code = w->same_rows != NULL && w->same_rows[i]
               ? same_row(w, l, i) : one_row(w, l, i, ints, head);
    exattn_ints__free(ints);
    exattn_head_eval_free(head);
    return code;
}

/* `--show contrast`: no row quantity asked for, the contrasts alone
 * (with the lessons' headers). */
static int
contrast_only(const exattn_walk *w)
{
    return !(w->show & EXATTN_SHOW_ROW_QUANTITIES);
}

static int
lesson_section(exattn_walk *w, const exattn_lesson *l)
{
    exattn_doc_section s;
    size_t k;
    int code;

    exattn_walk__section(w, &s, EXATTN_SECTION_LESSON, l);
    if ((code = exattn_walk__begin(w, &s)) != EXATTN_OK)
        return code;
    if (contrast_only(w))
        return exattn_walk__end(w, &s);
    if ((code = rows(w, l)) != EXATTN_OK)
        return code;
    for (k = 0; k < l->blend_count; k++)
        if ((code = exattn_derive__blend(w, l, k)) != EXATTN_OK)
            return code;
    return exattn_walk__end(w, &s);
}

static int
variant_section(exattn_walk *w, const exattn_lesson *v)
{
    exattn_doc_section s;
    int code;

    exattn_walk__section(w, &s, EXATTN_SECTION_VARIANT, v);
    s.against = v->contrast;    /* NULL for a block: its stages in full */
    s.against_header = exattn_walk__header(w, v->contrast);
    if ((code = exattn_walk__begin(w, &s)) != EXATTN_OK)
        return code;
    if (v->block != NULL)
        code = exattn_derive__block(w, v);
    else if ((code = exattn_derive__contrast(w, v)) == EXATTN_OK
             && !contrast_only(w))
        code = lesson_section(w, v);
    free(w->same_rows);
    w->same_rows = NULL;
    if (code != EXATTN_OK)
        return code;
    return exattn_walk__end(w, &s);
}

int
exattn_derive(const exattn_doc_sink *sink, void *ctx,
              const exattn_lesson *l, const exattn_write_opts *opts,
              exattn_error_t *err)
{
    static const exattn_write_opts defaults = EXATTN_WRITE_OPTS_INIT;
    exattn_walk w;
    size_t k;
    int code;

    if (sink == NULL || l == NULL
        || sink->version < 1 || sink->version > EXATTN_DOC_SINK_VERSION
        || (opts != NULL && (opts->version < 1
                             || opts->version > EXATTN_WRITE_OPTS_VERSION)))
        return exattn_error__set(err, EXATTN_EINVAL, NULL, 0, 0,
                                 "exattn_derive: no sink or lesson, or a "
                                 "sink or options of another version");
    w.sink = sink;
    w.ctx = ctx;
    w.notations = sink->notations ? sink->notations
                                  : EXATTN_NOTATION_TEXT
                                        | EXATTN_NOTATION_LATEX;
    w.opts = opts ? opts : &defaults;
    w.show = w.opts->quantities ? w.opts->quantities : ~0u;
    w.decimals = sink->decimals ? sink->decimals : ~0u;
    w.forms = sink->forms ? sink->forms : ~0u;
    w.named_show = w.opts->quantities != 0;
    w.symbols = sink->version >= 2
                && (sink->presentation & EXATTN_PRESENT_SYMBOLS)
                && !(w.opts->latex & EXATTN_LATEX_EXPANDED);
    w.breaks = sink->version >= 2
               && (sink->presentation & EXATTN_PRESENT_SYMBOLS);
    w.err = err;
    w.same_rows = NULL;
    if (w.opts->digits != EXATTN_DIGITS_NONE
        && w.opts->digits > EXATTN_MAX_DIGITS)
        return exattn_error__set(err, EXATTN_ELIMIT, l->file, 0, 0,
                                 "%lu digits, more than the limit of %lu",
                                 w.opts->digits, EXATTN_MAX_DIGITS);
    if ((code = exattn_walk__headers(&w, l)) != EXATTN_OK)
    {
        exattn_walk__free_headers(&w);
        return code;
    }
    if (l->block != NULL)
        code = exattn_derive__block(&w, l);
    else
        code = lesson_section(&w, l);
    /* the lab after the lesson it starts from, before the variants */
    if (code == EXATTN_OK && l->lab != NULL)
        code = exattn_derive__lab(&w, l);
    for (k = 0; code == EXATTN_OK && l->block == NULL && k < l->variant_count;
         k++)
        /* the contrasts alone: a variant that places the lesson in a
         * block has none */
        if (!contrast_only(&w) || l->variants[k]->block == NULL)
            code = variant_section(&w, l->variants[k]);
    exattn_walk__free_headers(&w);
    return code;
}
