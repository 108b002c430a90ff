/* What every writer decides alike about one value of the document. */
#ifndef EXATTN_PRINT_VALUE_H
#define EXATTN_PRINT_VALUE_H

#include "exattn/doc.h"

/* Is v exact with a certified decimal that is the value itself (0, 1,
 * 5/4 at 3 digits; not 1/3)?  Then the decimal says nothing the exact
 * value does not, and a writer leaves it out: "≈" is for rounded
 * values only (docs/output-formats.md). */
int exattn_print__decimal_adds_nothing(const exattn_doc_value *v);

#endif
