/* A lesson's variants as a page names them: by name in a lead ("the zero
 * query"), or by every word of the name in a heading ("## What if the
 * query were zero?"). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "audit/clues.h"
#include "audit/decide.h"

#define word_char exattn_audit__word_char  /* clues.h */

/* The variant the lead names last ("the zero query", "with causal off"):
 * its name, and its bytes in the lead [*from, *to); or NULL. */
const char *
exattn_audit__variant_named(const char *lead, const exattn_lesson *l,
                            size_t *from, size_t *to)
{
    const char *best = NULL;
    size_t v, k, n, len = strlen(lead);

    unsigned char starts[256];

    *from = *to = 0;
    if (l->variant_count == 0)
        return NULL;
    /* the letters a name starts with: most words start with none */
    memset(starts, 0, sizeof starts);
    for (v = 0; v < l->variant_count; v++)
        starts[tolower((unsigned char)l->variants[v]->name[0])] = 1;
    /* word starts outside, names inside: a lead is read once, not once
     * a variant */
    for (k = 0; k < len; k++)
    {
        int first = tolower((unsigned char)lead[k]);

        if (!starts[first] || (k > 0 && word_char(lead[k - 1])))
            continue;
        for (v = 0; v < l->variant_count; v++)
        {
            const char *name = l->variants[v]->name;

            if (first != tolower((unsigned char)name[0]))
                continue;
            n = strlen(name);
            if (n > 0 && k + n <= len && strncasecmp(lead + k, name, n) == 0
                && (k + n == len || !word_char(lead[k + n]))
                && (k + n > *to || (k + n == *to && n > *to - *from)))
            {
                best = name;
                *from = k;
                *to = k + n;
            }
        }
    }
    return best;
}

/* The lesson of the variant named `name` (its tokens, its block), or the
 * base lesson l. */
const exattn_lesson *
exattn_audit__variant_lesson(const exattn_lesson *l, const char *name)
{
    size_t v;

    for (v = 0; name != NULL && v < l->variant_count; v++)
        if (strcmp(l->variants[v]->name, name) == 0)
            return l->variants[v];
    return l;
}

/* Does `text`, in lower case, hold the word [w, w + n) as a word?  By
 * strstr, which is quick on a heading, case set aside beforehand. */
static int
has_word(const char *text, const char *w, size_t n)
{
    char word[64];
    const char *p;
    size_t i;

    if (n >= sizeof word)
        return 0;               /* no heading's word is this long */
    for (i = 0; i < n; i++)
        word[i] = (char)tolower((unsigned char)w[i]);
    word[n] = '\0';
    for (p = strstr(text, word); p != NULL; p = strstr(p + 1, word))
        if ((p == text || !word_char(p[-1])) && !word_char(p[n]))
            return 1;
    return 0;
}

/* Does `text` (in lower case) hold every word of `name` as a word ("what
 * if the query were zero?" holds "zero query")? */
static int
has_every_word(const char *text, const char *name)
{
    const char *w = name;
    size_t n;

    while (*w)
    {
        while (*w && !word_char(*w))
            w++;
        for (n = 0; w[n] && word_char(w[n]); n++)
            ;
        if (n == 0)
            break;
        if (!has_word(text, w, n))
            return 0;
        w += n;
    }
    return 1;
}

/* The variant a heading names, into *best: by its name, or by every word
 * of its name ("## What if the query were zero?" for "zero query"), the
 * longest name first; NULL when none.  EXATTN_OK or EXATTN_ENOMEM. */
int
exattn_audit__variant_of_heading(const char *section,
                                 const exattn_lesson *l, const char **best)
{
    char *lower;
    size_t from, to, v, k;

    if ((*best = exattn_audit__variant_named(section, l, &from, &to)) != NULL
        || l->variant_count == 0)
        return EXATTN_OK;
    if ((lower = exattn_str__dup(section)) == NULL)
        return EXATTN_ENOMEM;
    for (k = 0; lower[k]; k++)
        lower[k] = (char)tolower((unsigned char)lower[k]);
    for (v = 0; v < l->variant_count; v++)
        if (has_every_word(lower, l->variants[v]->name)
            && (*best == NULL
                || strlen(l->variants[v]->name) > strlen(*best)))
            *best = l->variants[v]->name;
    free(lower);
    return EXATTN_OK;
}
