/* libFuzzer harness: the lesson reader, then everything a lesson that
 * loads can be asked for -- derive in text, JSON and LaTeX with decimals,
 * and check of its claims.  Limits are tightened so that one input stays
 * fast; what they refuse is a clear error, as for any user. */
#include <stdint.h>
#include <stdio.h>
#include "exattn.h"
#include "sink.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    exattn_limits_t lim = EXATTN_LIMITS_INIT;
    exattn_lesson *l = NULL;
    exattn_error_t err;

    lim.max_file_bytes = 1u << 16;
    lim.max_rows = 32;
    lim.max_width = 16;
    lim.max_cells = 1024;
    exattn_error_init(&err);
    if (exattn_lesson_read_buffer(&l, (const char *)data, size, "fuzz.json",
                                  &lim, &err) != EXATTN_OK)
    {
        fuzz_expect_failed(l, &err);
        return 0;
    }
    fuzz_derive_everything(l);
    exattn_lesson_free(l);
    return 0;
}
