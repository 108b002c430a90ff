/* What a mistyped label could have been: the labels that exist and the
 * nearest one by edit distance, for "no such key" messages. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "lesson/fields.h"

#define LISTED 12

/* Levenshtein distance, two rows; SIZE_MAX when out of memory. */
static size_t
distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), i, j, *prev, *cur, *t, d;

    prev = malloc((lb + 1) * sizeof *prev);
    cur = malloc((lb + 1) * sizeof *cur);
    if (prev == NULL || cur == NULL)
    {
        free(prev);
        free(cur);
        return (size_t)-1;
    }
    for (j = 0; j <= lb; j++)
        prev[j] = j;
    for (i = 1; i <= la; i++)
    {
        cur[0] = i;
        for (j = 1; j <= lb; j++)
        {
            d = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < d)
                d = prev[j] + 1;
            if (cur[j - 1] + 1 < d)
                d = cur[j - 1] + 1;
            cur[j] = d;
        }
        t = prev;
        prev = cur;
        cur = t;
    }
    d = prev[lb];
    free(prev);
    free(cur);
    return d;
}

void
exattn_lesson__suggest(exattn_sbuf *b, const char *what,
                       char *const *labels, size_t count, const char *wanted)
{
    size_t i, d, best = (size_t)-1, at = 0, limit;

    exattn_sbuf__printf(b, " (%s: ", what);
    if (labels == NULL)
        exattn_sbuf__printf(b, "1 to %zu)", count);
    else
    {
        for (i = 0; i < count && i < LISTED; i++)
            exattn_sbuf__printf(b, "%s%s", i ? ", " : "", labels[i]);
        if (count > LISTED)
            exattn_sbuf__puts(b, ", …");
        exattn_sbuf__printf(b, "; or 1 to %zu", count);
        /* near enough to be a slip: a third of the word, at least 2 */
        limit = strlen(wanted) / 3 > 2 ? strlen(wanted) / 3 : 2;
        for (i = 0; i < count; i++)
            if ((d = distance(labels[i], wanted)) <= limit && d < best)
            {
                best = d;
                at = i;
            }
        if (best != (size_t)-1)
            exattn_sbuf__printf(b, "; did you mean \"%s\"?", labels[at]);
        exattn_sbuf__puts(b, ")");
    }
}
