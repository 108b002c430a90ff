/* libFuzzer harness: the page reader and the audit.  The first byte picks
 * the page's format (and, with bit 16, a block lesson, for exattn's text
 * notation of a block's stages: H1[2,2], μ[2], σ²[2]); the rest is the
 * page, audited against a small lesson with a variant and a blend.  An
 * error must say why; a report must be written whole. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "exattn.h"
#include "lessons.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* small, so that a run is fast; with a variant (differences) and a
 * blend (stated values) */
static const char lesson_json[] =
    "{\"tokens\": [\"a\", \"b\"], \"Q\": [[1,0],[1,1]],"
    " \"K\": [[1,0],[0,1]], \"V\": [[1,0],[0,2]],"
    " \"blends\": [{\"name\": \"half\", \"weights\": [\"1/2\", \"1/2\"]}],"
    " \"variants\": [{\"name\": \"zero\", \"Q\": [[0,0],[1,1]]}]}";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static exattn_lesson *lesson, *block;
    const exattn_lesson *l;
    static FILE *sink;
    exattn_audit_summary_t sum;
    exattn_error_t err;
    exattn_page_format fmt;
    int rc;

    if (lesson == NULL)
    {
        exattn_error_init(&err);
        if (exattn_lesson_read_buffer(&lesson, lesson_json,
                                      sizeof lesson_json - 1, "lesson", NULL,
                                      &err) != EXATTN_OK
            || exattn_lesson_read_buffer(&block, fuzz_block_json,
                                         sizeof fuzz_block_json - 1, "block",
                                         NULL, &err) != EXATTN_OK
            || (sink = fopen("/dev/null", "w")) == NULL)
            abort();
    }
    if (size == 0)
        return 0;
    fmt = (exattn_page_format)(data[0] % 5);
    l = (data[0] & 16) ? block : lesson;
    exattn_error_init(&err);
    rc = (data[0] & 8)
        ? exattn_audit_write_json(sink, &sum, l, "page.md",
                                  (const char *)data + 1, size - 1, fmt, 256,
                                  &err)
        : exattn_audit_write_text(sink, &sum, l, "page.md",
                                  (const char *)data + 1, size - 1, fmt, 256,
                                  &err);
    if (rc != EXATTN_OK && (err.code == EXATTN_OK || err.message[0] == '\0'))
        abort();
    if (rc == EXATTN_OK && sum.numbers != sum.passed + sum.failed
                                          + sum.wording + sum.unsourced
                                          + sum.undecided + sum.mentions)
        abort();
    return 0;
}
