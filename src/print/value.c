/* What every writer decides alike about one value (value.h). */
#include "print/value.h"

int
exattn_print__decimal_adds_nothing(const exattn_doc_value *v)
{
    return v->status == EXATTN_EXACT && v->decimal != NULL
           && v->decimal_exact;
}
