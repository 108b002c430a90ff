/* libFuzzer harness: the expression parser, the named forms in text and
 * LaTeX, exactness, and the certified decimal under a precision cap. */
#include <stdint.h>
#include <stdlib.h>
#include "exattn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    exattn_expr *e = NULL;
    exattn_error_t err;
    char *s;
    int exact;
    mpq_t q;

    exattn_error_init(&err);
    if (exattn_expr_parse(&e, (const char *)data, size, NULL, &err)
        != EXATTN_OK)
    {
        if (e != NULL || err.code == EXATTN_OK || err.message[0] == '\0')
            abort();
        return 0;
    }
    exattn_free(exattn_expr_get_str(e, EXATTN_TEXT));
    exattn_free(exattn_expr_get_str(e, EXATTN_LATEX));
    mpq_init(q);
    if (exattn_expr_status(e) == EXATTN_EXACT
        && exattn_expr_get_mpq(q, e) != EXATTN_OK)
        abort();
    mpq_clear(q);
    s = NULL;
    if (exattn_expr_get_decimal(&s, &exact, e, 8, 512, &err) == EXATTN_OK)
        exattn_free(s);
    else if (s != NULL)
        abort();
    exattn_expr_free(e);
    return 0;
}
