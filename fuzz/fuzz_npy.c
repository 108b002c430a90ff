/* libFuzzer harness: a NumPy .npy file of exattn grade (src/grade/npy.c)
 * -- read exactly or refused with a message --, every value it reads a
 * float of its format, and the shape's count of them. */
#include <stdint.h>
#include <stdlib.h>
#include "internal.h"
#include "grade/npy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    exattn_npy n;
    exattn_error_t err;
    size_t i;
    mpq_t q;

    exattn_error_init(&err);
    if (exattn_npy__read(&n, data, size, "fuzz.npy", 4096, &err)
        != EXATTN_OK)
    {
        if (n.values != NULL || err.code == EXATTN_OK
            || err.message[0] == '\0')
            abort();
        return 0;
    }
    if (n.rows * n.cols == 0 || n.rows * n.cols > 4096 || n.dims > 2
        || (n.dims < 2 && n.rows != 1) || (n.dims == 0 && n.cols != 1))
        abort();
    mpq_init(q);
    for (i = 0; i < n.rows * n.cols; i++)
    {
        mpq_set_d(q, n.values[i]);
        if (!exattn_float__is_value(q, n.format))
            abort();
    }
    mpq_clear(q);
    exattn_npy__clear(&n);
    return 0;
}
