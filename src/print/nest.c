/* A block writer nested in a lab lesson's writer (src/print/block.h):
 * the outer writer's sink hands over every call that belongs to a block
 * section, from its begin to its end. */
#include "print/block.h"

void
exattn_print__nest_init(exattn_print__nest *n, exattn_print__nest_open open,
                        exattn_print__nest_close close, FILE *f,
                        const exattn_write_opts *opts, exattn_error_t *err)
{
    n->open = open;
    n->close = close;
    n->f = f;
    n->opts = opts;
    n->err = err;
    n->ctx = NULL;
}

int
exattn_print__nest_takes(const exattn_print__nest *n,
                         const exattn_doc_section *s)
{
    return n->ctx != NULL
           || (s != NULL && s->kind == EXATTN_SECTION_BLOCK);
}

int
exattn_print__nest_begin(exattn_print__nest *n, const exattn_doc_section *s,
                         exattn_sbuf *pending)
{
    int rc;

    /* what the outer writer holds goes out before the block's */
    if (n->ctx == NULL
        && ((rc = exattn_sbuf__flush(pending, n->f, s->header->file,
                                     n->err)) != EXATTN_OK
            || (rc = n->open(&n->ctx, &n->sink, n->f, s->lesson, n->opts, 1,
                             n->err)) != EXATTN_OK))
        return rc;
    return n->sink.begin ? n->sink.begin(n->ctx, s) : EXATTN_OK;
}

int
exattn_print__nest_entry(exattn_print__nest *n, const exattn_doc_entry *e)
{
    return n->sink.entry ? n->sink.entry(n->ctx, e) : EXATTN_OK;
}

int
exattn_print__nest_end(exattn_print__nest *n, const exattn_doc_section *s)
{
    int rc = n->sink.end ? n->sink.end(n->ctx, s) : EXATTN_OK;

    if (s->kind == EXATTN_SECTION_BLOCK)
        exattn_print__nest_clear(n);
    return rc;
}

void
exattn_print__nest_clear(exattn_print__nest *n)
{
    if (n->ctx != NULL)
        n->close(n->ctx);
    n->ctx = NULL;
}
