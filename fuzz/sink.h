/* What the harnesses share: a sink for output, the checks every failure
 * must pass, and a derivation of everything a lesson offers. */
#ifndef EXATTN_FUZZ_SINK_H
#define EXATTN_FUZZ_SINK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exattn.h"

/* /dev/null, opened once per process (the harness's, not the library's
 * state). */
static FILE *
fuzz_sink(void)
{
    static FILE *sink;

    if (sink == NULL)
        sink = fopen("/dev/null", "w");
    if (sink == NULL)
        abort();
    return sink;
}

/* A failed read leaves no lesson and a message that names the file. */
static void
fuzz_expect_failed(const exattn_lesson *l, const exattn_error_t *err)
{
    if (l != NULL || err->code == EXATTN_OK || err->message[0] == '\0')
        abort();
    if (err->code != EXATTN_ENOMEM && strcmp(err->file, "fuzz.json") != 0)
        abort();
}

/* Every output of a lesson; errors are allowed (a precision cap reached,
 * every key blocked), crashes and leaks are not. */
static void
fuzz_derive_everything(const exattn_lesson *l)
{
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    exattn_check_summary_t s;
    exattn_error_t err;

    o.digits = 4;
    o.max_prec = 256;
    exattn_error_init(&err);
    (void)exattn_write_text(fuzz_sink(), l, &o, &err);
    (void)exattn_write_json(fuzz_sink(), l, &o, &err);
    o.latex = EXATTN_LATEX_STANDALONE;
    (void)exattn_write_latex(fuzz_sink(), l, &o, &err);
    (void)exattn_check_write_json(fuzz_sink(), &s, l, 256, &err);
}

#endif
