/* Token labels and indices in a number's lead and subject: "rises",
 * \text{\textless{}s\textgreater{}}, w_{rises,load}, "query 2" -- which row and key a
 * number is of (evidence.c decides with them). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "audit/clues.h"
#include "audit/decide.h"

#define word_char exattn_audit__word_char  /* clues.h */

/* The character a LaTeX escape at lead[k] stands for in a label --
 * \textless{} '<', \textgreater{} '>', \_ '_' and the other escaped
 * signs -- with its length in *n; or 0. */
static int
escaped_sign(const char *lead, size_t len, size_t k, size_t *n)
{
    static const struct { const char *tex; char c; } words[] = {
        { "\\textless{}", '<' }, { "\\textgreater{}", '>' },
        { "\\textless", '<' }, { "\\textgreater", '>' },
    };
    size_t w, m;

    if (lead[k] != '\\' || k + 1 >= len)
        return 0;
    if (strchr("_&#%{}$", lead[k + 1]) != NULL)
    {
        *n = 2;
        return lead[k + 1];
    }
    for (w = 0; w < sizeof words / sizeof *words; w++)
        if (len - k >= (m = strlen(words[w].tex))
            && strncmp(lead + k, words[w].tex, m) == 0)
        {
            *n = m;
            return words[w].c;
        }
    return 0;
}

/* The end of `label` matched at lead[k], case aside, with the signs a
 * writer escapes read as themselves ("\text{\textless{}s\textgreater{}}"
 * names "<s>") and the inline math switches an older writer put around
 * them skipped ("\text{\(<\)s\(>\)}"); or 0. */
static size_t
label_match(const char *lead, size_t len, size_t k, const char *label)
{
    size_t i = 0, n;

    while (label[i] != '\0')
    {
        if (escaped_sign(lead, len, k, &n) == label[i])
        {
            k += n, i++;
            continue;
        }
        if (k + 1 < len && lead[k] == '\\'
            && (lead[k + 1] == '(' || lead[k + 1] == ')') && i > 0)
        {
            k += 2;
            continue;
        }
        if (k + 1 < len && lead[k] == '\\' && lead[k + 1] == '('
            && i == 0)
        {
            k += 2;
            continue;
        }
        if (k >= len || tolower((unsigned char)lead[k])
                            != tolower((unsigned char)label[i]))
            return 0;
        k++, i++;
    }
    if (k + 1 < len && lead[k] == '\\' && lead[k + 1] == ')')
        k += 2;
    return k;
}

/* Is the brace at lead[p] a command's argument (\text{, \mathrm{): no
 * bracket of its own, but a part of the label it holds? */
static int
command_brace(const char *lead, size_t p)
{
    size_t a = p;

    while (a > 0 && isalpha((unsigned char)lead[a - 1]))
        a--;
    return a < p && a > 0 && lead[a - 1] == '\\';
}

/* Is the label at lead[k] one member of a set or a list -- "{ant, bee,
 * eel}", "\{\text{ab}, \text{cd}\}" -- which names no one token?  A
 * subscript's pair (w_{rises,load}) names its row and key, and is none. */
static int
in_set(const char *lead, size_t len, size_t k)
{
    size_t p = k, depth = 0, q;
    int found = 0;

    while (!found && p > 0)
    {
        char ch = lead[--p];

        if (ch == '}' && !(p > 0 && lead[p - 1] == '\\'))
            depth++;
        else if (ch == '{' && depth > 0 && !(p > 0 && lead[p - 1] == '\\'))
            depth--;
        else if (ch == '{' && !(p > 0 && lead[p - 1] == '\\')
                 && command_brace(lead, p))
            continue;           /* \text{ab}: look past it */
        else if (ch == '{')
            found = 1;
    }
    if (!found)
        return 0;
    if (p > 0 && (lead[p - 1] == '_' || lead[p - 1] == '^'))
        return 0;
    /* a list: a comma at the set's own level */
    for (q = p + 1, depth = 0; q < len; q++)
    {
        if (lead[q] == '{' && !(lead[q - 1] == '\\'))
            depth++;
        else if (lead[q] == '}' && lead[q - 1] != '\\')
        {
            if (depth == 0)
                return 0;
            depth--;
        }
        else if (lead[q] == '\\' && q + 1 < len && lead[q + 1] == '}')
            return 0;           /* \} closes the set */
        else if (lead[q] == ',' && depth == 0)
            return 1;
    }
    return 0;
}

/* Can `label` stand unquoted in prose and still name its token: four
 * bytes or more, or an ASCII letter beside an ASCII sign or a space
 * ("R&D", "e/f", "g h", "x+y") -- no English word, number or symbol is
 * written so.  A short plain word ("is", "x1"), a contraction ("I'm"), a
 * number ("1/2"), a Greek letter ("α" is the page's own symbol as often
 * as a token) and a label of signs only ("—") name a token only when
 * quoted (or after "of" just before the number: evidence.c). */
static int
distinctive(const char *label, size_t n)
{
    size_t i;
    int letter = 0, sign = 0;

    if (n >= 4)
        return 1;
    for (i = 0; i < n; i++)
    {
        unsigned char ch = (unsigned char)label[i];

        if (ch >= 0x80)
            return 0;
        letter |= isalpha(ch) != 0;
        sign |= ch == ' ' || strchr("&/+=#@|\\<>*~^%_", ch) != NULL;
    }
    return letter && sign;
}

/* Does a relation or a product sign start at lead[k] -- "≈", "≃", "≅",
 * "≠", "≤", "≥", "×", "·" --, so that a label just before it ends there
 * ("R&D≈ 0.48")?  Other signs (an arrow: "hard→rain") and the letters of
 * other scripts stay a word's. */
static int
sign_at(const char *lead, size_t len, size_t k)
{
    static const char *const signs[] = {
        "\xe2\x89\x88", "\xe2\x89\x83", "\xe2\x89\x85",
        "\xe2\x89\xa0", "\xe2\x89\xa4", "\xe2\x89\xa5",
        "\xc3\x97", "\xc2\xb7"
    };
    size_t i, n;

    for (i = 0; i < sizeof signs / sizeof *signs; i++)
        if (len - k >= (n = strlen(signs[i]))
            && memcmp(lead + k, signs[i], n) == 0)
            return 1;
    return 0;
}

/* Is `label` named in the lead: quoted, in \text{..} or \mathrm{..}, or
 * as a word that is distinctive (above)?  Where it ends, or 0. */
size_t
exattn_audit__label_in(const char *lead, const char *label)
{
    size_t n = strlen(label), len = strlen(lead), k, end, last = 0;
    int first = tolower((unsigned char)label[0]);
    int unquoted = distinctive(label, n);

    if (n == 0 || n > 40)
        return 0;
    for (k = 0; k < len; k++)
    {
        int before, after, quoted, word;

        /* the label's first letter, or the \( a writer puts before it */
        if ((tolower((unsigned char)lead[k]) != first && lead[k] != '\\')
            || (end = label_match(lead, len, k, label)) == 0)
            continue;
        before = k > 0 ? (unsigned char)lead[k - 1] : ' ';
        after = end < len ? (unsigned char)lead[end] : ' ';
        /* "grid", {grid}, `grid`, [grid] (V[grid], row [rises]), and
         * set in emphasis, *is* or _is_ */
        quoted = (before == '"' || before == '\'' || before == '{'
                  || before == '`' || before == '['
                  || (k >= 3 && (unsigned char)lead[k - 1] == 0x9C))
                 && (after == '"' || after == '\'' || after == '}'
                     || after == '`' || after == ']'
                     || after == 0xE2);
        quoted |= (before == '*' && after == '*')
                  || (before == '_' && after == '_' && k >= 2
                      && !word_char(lead[k - 2]));
        word = !word_char((char)before)
               && (!word_char((char)after) || sign_at(lead, len, end))
               && unquoted;
        /* an index's labels: a_{C,A} */
        quoted |= (before == '{' || before == ',')
                  && (after == ',' || after == '}');
        if ((quoted || word) && !in_set(lead, len, k))
            last = end;
    }
    return last;
}

/* Where a default label (an index, "2") is named as a label -- set as
 * text, \text{2}, not as an index or a number -- ends in the lead, or
 * 0. */
static size_t
index_label_in(const char *lead, const char *label)
{
    char set[56];
    const char *p, *last = NULL;

    snprintf(set, sizeof set, "\\text{%s}", label);
    for (p = strstr(lead, set); p != NULL; p = strstr(p + 1, set))
        last = p;
    return last ? (size_t)(last - lead) + strlen(set) : 0;
}

/* The label named nearest the number, among the lesson's own; a default
 * index only when set as text (\text{2}: a token's row). */
const char *
exattn_audit__nearest_label(const char *lead, const exattn_lesson *l,
                            size_t *at)
{
    const char *best = NULL;
    size_t k, e;

    *at = 0;
    for (k = 0; k < l->n; k++)
        if ((e = l->default_query_labels
                     ? index_label_in(lead, l->query_labels[k])
                     : exattn_audit__label_in(lead, l->query_labels[k])) > *at)
            *at = e, best = l->query_labels[k];
    for (k = 0; !l->default_key_labels && k < l->m; k++)
        if ((e = exattn_audit__label_in(lead, l->key_labels[k])) > *at)
            *at = e, best = l->key_labels[k];
    /* a decoder's memory tokens are its cross-attention's keys */
    for (k = 0; k < exattn_block__memory_rows(l); k++)
        if (exattn_block__memory_label(l, k) != NULL
            && (e = exattn_audit__label_in(lead,
                                           exattn_block__memory_label(l, k)))
                   > *at)
            *at = e, best = exattn_block__memory_label(l, k);
    return best;
}

int
exattn_audit__label_ends(const char *label, const char *subject)
{
    size_t n = strlen(label), s = strlen(subject);

    return s > 0 && n >= s && strcmp(label + n - s, subject) == 0
           && (n == s || !word_char(label[n - s - 1]));
}

/* Is `subject` a proper tail of `label`, named in the lead? */
static int
tail_of(const char *lead, const char *subject, const char *label)
{
    return strlen(label) > strlen(subject)
           && exattn_audit__label_ends(label, subject)
           && exattn_audit__label_in(lead, label) != 0;
}

int
exattn_audit__label_tail(const char *lead, const char *subject,
                         const exattn_lesson *l)
{
    size_t k;

    for (k = 0; !l->default_query_labels && k < l->n; k++)
        if (tail_of(lead, subject, l->query_labels[k]))
            return 1;
    for (k = 0; !l->default_key_labels && k < l->m; k++)
        if (tail_of(lead, subject, l->key_labels[k]))
            return 1;
    return 0;
}

/* A default label ("2", set as \text{2}) names its row by index: the
 * quantities of a lesson without token labels carry none. */
void
exattn_audit__label_as_index(exattn_audit_evidence *e,
                             const exattn_lesson *l)
{
    size_t k;

    for (k = 0; e->label != NULL && l->default_query_labels && k < l->n;
         k++)
        if (e->label == l->query_labels[k])
        {
            e->row_index = k + 1;
            e->label = NULL;
        }
}

/* Two labels in a subject, a query's then a key's ("w_{rises,load}"):
 * the row's in e->label, the key's in e->key_label. */
void
exattn_audit__subject_labels(exattn_audit_evidence *e, const char *subject,
                             const exattn_lesson *l)
{
    const char *row = NULL, *key = NULL;
    size_t k, end, row_end = (size_t)-1, key_end = 0;

    for (k = 0; !l->default_query_labels && k < l->n; k++)
        if ((end = exattn_audit__label_in(subject, l->query_labels[k])) > 0
            && end < row_end)
            row_end = end, row = l->query_labels[k];
    for (k = 0; !l->default_key_labels && k < l->m; k++)
        if ((end = exattn_audit__label_in(subject, l->key_labels[k]))
            > key_end)
            key_end = end, key = l->key_labels[k];
    if (row != NULL && key != NULL && row_end < key_end)
    {
        e->label = row;
        e->key_label = key;
    }
}

/* ---- indices: "query 2", "row 1", "key 3" ------------------------------ */

/* The index the lead names last after one of `nouns` ("query 2"), or 0. */
size_t
exattn_audit__index_named(const char *lead, const char *const *nouns,
                          size_t count)
{
    size_t k, j, n, found = 0, len = strlen(lead);

    for (k = 0; k < len; k++)
        for (j = 0; j < count && (k == 0 || !word_char(lead[k - 1])); j++)
        {
            if (tolower((unsigned char)lead[k]) != nouns[j][0])
                continue;       /* the nouns are in lower case */
            n = strlen(nouns[j]);
            if (k + n + 1 < len && strncasecmp(lead + k, nouns[j], n) == 0
                && lead[k + n] == ' '
                && isdigit((unsigned char)lead[k + n + 1])
                && (k + n + 2 >= len || !word_char(lead[k + n + 2])
                    || isdigit((unsigned char)lead[k + n + 2])))
                found = strtoul(lead + k + n + 1, NULL, 10);
        }
    return found;
}
