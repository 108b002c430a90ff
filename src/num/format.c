/* Writing exact numbers as lessons show them. */
#include "internal.h"

char *
exattn_mpq_get_str(const mpq_t q)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    exattn_sbuf__mpq(&b, q);
    return exattn_sbuf__take(&b);
}

char *
exattn_mpq_get_str_latex(const mpq_t q)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    exattn_sbuf__mpq_latex(&b, q);
    return exattn_sbuf__take(&b);
}
