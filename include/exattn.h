/* exattn: exact/symbolic arithmetic for lessons on transformer attention.
 *
 * This umbrella header includes every public header.  Ownership rule, for
 * the whole API: an object written through `**out` belongs to the caller,
 * who releases it with the type's own `_free` (NULL-safe); a pointer
 * returned directly is borrowed from its parent object; a `char *` returned
 * by a `_get_str` function is the caller's and is released with
 * exattn_free().  Indices in the C API are 0-based; lesson files and
 * printed output are 1-based.
 */
#ifndef EXATTN_H
#define EXATTN_H

#include <exattn/version.h>
#include <exattn/error.h>
#include <exattn/num.h>
#include <exattn/lesson.h>
#include <exattn/row.h>
#include <exattn/eval.h>
#include <exattn/expr.h>
#include <exattn/stage.h>
#include <exattn/block.h>
#include <exattn/check.h>
#include <exattn/write.h>
#include <exattn/doc.h>
#include <exattn/audit.h>
#include <exattn/grade.h>

#endif
