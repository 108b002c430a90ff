/* What a mistyped word could have been: the nearest of the words that
 * exist by edit distance, for "did you mean" messages -- of a lesson's
 * labels and fields, of the command line's commands, options and
 * values. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "exattn/error.h"

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
exattn_nearest(const char *const *words, size_t count, const char *wanted)
{
    size_t i, d, best = (size_t)-1, at = count, limit, prefixed = 0, n;
    int first, best_first = 0;

    /* near enough to be a slip: a third of the word, at least 2 from six
     * letters on ("casual" for "causal" is two), one below ("tan" is no
     * slip for "sin"), none in a word of one ("z" for "Q"); of two as
     * near, the one that begins with the same letter */
    n = strlen(wanted);
    limit = n >= 6 ? (n / 3 > 2 ? n / 3 : 2) : n >= 2 ? 1 : 0;
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

