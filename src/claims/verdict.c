/* A lesson's claims one by one (include/exattn/check.h); the report of
 * all of them is a document (src/derive/check.c). */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "claims/check.h"

size_t
exattn_lesson_claim_count(const exattn_lesson *l)
{
    return l->claim_count;
}

int
exattn_claim_verdict(exattn_verdict_t *out, const exattn_lesson *l,
                     size_t i, mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_claim_result r;
    int rc;

    if (i >= l->claim_count)
        return exattn_error__set(err, EXATTN_EINVAL, l->file, 0, 0,
                                 "no claim %zu", i + 1);
    rc = exattn_claims__check(&r, &l->claims[i], NULL, max_prec, err);
    if (rc == EXATTN_OK)
        *out = r.verdict;
    exattn_claims__clear(&r);
    return rc;
}
