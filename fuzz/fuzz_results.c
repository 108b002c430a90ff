/* libFuzzer harness: the results file of exattn grade (src/grade/
 * results.c) -- read exactly or refused with a message and a position --
 * and every value it reads checked to be a float of its format. */
#include <stdint.h>
#include <stdlib.h>
#include "internal.h"
#include "grade/results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    exattn_results *r = NULL;
    exattn_error_t err;
    size_t k, i;
    mpq_t q;

    exattn_error_init(&err);
    if (exattn_results__read(&r, (const char *)data, size, "fuzz.json",
                             4096, &err) != EXATTN_OK)
    {
        if (r != NULL || err.code == EXATTN_OK || err.message[0] == '\0')
            abort();
        return 0;
    }
    mpq_init(q);
    for (k = 0; k < r->count; k++)
        for (i = 0; i < r->sets[k].rows * r->sets[k].cols; i++)
        {
            exattn_results__value(q, &r->sets[k], i);
            if (!exattn_float__is_value(q, r->format))
                abort();
        }
    mpq_clear(q);
    exattn_results__free(r);
    return 0;
}
