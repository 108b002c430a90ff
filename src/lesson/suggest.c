/* What a mistyped label could have been: the labels that exist and the
 * nearest one by edit distance, for "no such key" messages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "lesson/fields.h"

#define LISTED 12

/* "a, b, c" (the first LISTED), and "; did you mean" the nearest. */
static void
list_and_nearest(exattn_sbuf *b, const char *const *words, size_t count,
                 const char *wanted, const char *more)
{
    size_t i;

    for (i = 0; i < count && i < LISTED; i++)
        exattn_sbuf__printf(b, "%s%s", i ? ", " : "", words[i]);
    if (count > LISTED)
        exattn_sbuf__puts(b, ", …");
    exattn_sbuf__puts(b, more);
    if ((i = exattn_nearest(words, count, wanted)) < count)
        exattn_sbuf__printf(b, "; did you mean \"%s\"?", words[i]);
    exattn_sbuf__puts(b, ")");
}

/* A lesson without tokens labels its rows "1", "2", ...: nothing to list
 * beyond the range. */
static int
labels_are_indices(char *const *labels, size_t count)
{
    char n[24];
    size_t i;

    for (i = 0; i < count; i++)
    {
        snprintf(n, sizeof n, "%zu", i + 1);
        if (strcmp(labels[i], n) != 0)
            return 0;
    }
    return 1;
}

void
exattn_lesson__suggest(exattn_sbuf *b, const char *what,
                       char *const *labels, size_t count, const char *wanted)
{
    char more[48];

    exattn_sbuf__printf(b, " (%s: ", what);
    snprintf(more, sizeof more, "; or 1 to %zu", count);
    if (labels == NULL || labels_are_indices(labels, count))
        exattn_sbuf__printf(b, "1 to %zu)", count);
    else
        list_and_nearest(b, (const char *const *)labels, count, wanted,
                         more);
}

void
exattn_lesson__suggest_names(exattn_sbuf *b, const char *what,
                             const char *const *names, size_t count,
                             const char *wanted)
{
    if (count == 0)
    {
        exattn_sbuf__printf(b, " (the lesson has no %s)", what);
        return;
    }
    exattn_sbuf__printf(b, " (%s: ", what);
    list_and_nearest(b, names, count, wanted, "");
}
