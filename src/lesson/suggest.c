/* What a mistyped label could have been: the labels that exist and the
 * nearest one by edit distance, for "no such key" messages. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "lesson/fields.h"

#define LISTED 12

/* Letters compared without their case: "wq" is a slip for "W_Q". */
static int
same_letter(char a, char b)
{
    return tolower((unsigned char)a) == tolower((unsigned char)b);
}

/* Levenshtein distance, two rows, case aside; SIZE_MAX when out of
 * memory. */
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
            d = prev[j - 1] + !same_letter(a[i - 1], b[j - 1]);
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

/* Does `word` start with `part` (case aside)? */
static int
starts_with(const char *word, const char *part)
{
    for (; *part; part++, word++)
        if (*word == '\0' || !same_letter(*word, *part))
            return 0;
    return 1;
}

size_t
exattn_lesson__nearest(const char *const *words, size_t count,
                       const char *wanted)
{
    size_t i, d, best = (size_t)-1, at = count, limit, prefixed = 0;
    int first, best_first = 0;

    /* near enough to be a slip: a third of the word, at least 2 (one
     * letter in a word of two, none in one: "z" is no slip for "Q"); of
     * two as near, the one that begins with the same letter */
    limit = strlen(wanted) / 3 > 2 ? strlen(wanted) / 3
            : strlen(wanted) > 2 ? 2 : strlen(wanted) - (strlen(wanted) > 0);
    for (i = 0; i < count; i++)
    {
        d = distance(words[i], wanted);
        first = same_letter(words[i][0], wanted[0]);
        if (d <= limit && (d < best || (d == best && first && !best_first)))
        {
            best = d;
            at = i;
            best_first = first;
        }
    }
    if (at < count || strlen(wanted) < 2)
        return at;
    /* else a word cut short ("add" for "additive"), if only one fits */
    for (i = 0; i < count; i++)
        if (starts_with(words[i], wanted))
        {
            prefixed++;
            at = i;
        }
    return prefixed == 1 ? at : count;
}

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
    if ((i = exattn_lesson__nearest(words, count, wanted)) < count)
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
