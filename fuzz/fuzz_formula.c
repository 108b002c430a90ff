/* libFuzzer harness: the named-formula reader (src/page/formulas.c and
 * symbols.c) and the proof of what it reads (src/audit/formula.c).  The
 * input is set as display math, so every byte reaches the formula reader:
 * definitions (Z_{1} = ..), symbols used later, functions, continued
 * lines, nesting, the lesson's own symbols (w_{2,1}; a block's a_{2,1}
 * and H^{(1)}_{1,2} when the input opens with '%').  The lesson's weights
 * are named, so a formula that reads is proved or refuted by the claim
 * checker.  An error must say
 * why; a report must count every number once. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exattn.h"
#include "lessons.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char lesson_json[] =
    "{\"tokens\": [\"a\", \"b\"], \"Q\": [[1,0],[1,1]],"
    " \"K\": [[1,0],[0,1]], \"V\": [[1,0],[0,2]],"
    " \"variants\": [{\"name\": \"zero\", \"Q\": [[0,0],[1,1]]}]}";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static exattn_lesson *lesson, *block;
    static FILE *sink;
    exattn_audit_summary_t sum;
    exattn_error_t err;
    char *page;
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
    if ((page = malloc(size + 8)) == NULL)
        return 0;
    memcpy(page, "$$\n", 3);
    memcpy(page + 3, data, size);
    memcpy(page + 3 + size, "\n$$\n", 4);
    exattn_error_init(&err);
    /* an input that opens with '%' (a TeX comment: no formula) is read
     * against the block */
    rc = exattn_audit_write_text(sink, &sum,
                                 size > 0 && data[0] == '%' ? block : lesson,
                                 "page.md", page,
                                 size + 7, EXATTN_PAGE_MARKDOWN, 256, &err);
    free(page);
    if (rc != EXATTN_OK && (err.code == EXATTN_OK || err.message[0] == '\0'))
        abort();
    if (rc == EXATTN_OK && sum.numbers != sum.passed + sum.failed
                                          + sum.wording + sum.unsourced
                                          + sum.undecided + sum.mentions)
        abort();
    return 0;
}
