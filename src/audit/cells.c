/* A number in a table of queries by keys: its row's and its column's
 * headings name the entry (| cold | 0.313 | under "bitter"), whatever the
 * rest of its row holds; what the text before the table and its corner
 * say decides which of a query's and key's quantities it is.  Part of the
 * page's evidence (src/audit/evidence.c). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "audit/audit.h"
#include "audit/decide.h"
#include "audit/clues.h"

#define F(x) EXATTN_FAM_##x

/* Does a table cell name `label` -- the label alone, set as text or
 * math ("grid", "$\\text{grid}$", "`<s>`"), or among words ("query
 * grid")? */
static int
cell_names(const char *cell, const char *label)
{
    static const char *const wraps[] = { "\\text{", "\\mathrm{",
                                         "\\texttt{", "\\textrm{" };
    size_t a = 0, z = strlen(cell), n = strlen(label), k, w;

    for (;;)
    {
        while (a < z && (isspace((unsigned char)cell[a]) || cell[a] == '$'
                         || cell[a] == '`' || cell[a] == '"'))
            a++;
        while (z > a && (isspace((unsigned char)cell[z - 1])
                         || cell[z - 1] == '$' || cell[z - 1] == '`'
                         || cell[z - 1] == '"'))
            z--;
        for (k = 0; k < sizeof wraps / sizeof *wraps; k++)
            if (z > a + (w = strlen(wraps[k]))
                && strncmp(cell + a, wraps[k], w) == 0 && cell[z - 1] == '}')
                break;
        if (k == sizeof wraps / sizeof *wraps)
            break;
        a += w;
        z--;
    }
    if (z - a == n && strncasecmp(cell + a, label, n) == 0)
        return 1;
    return exattn_audit__label_in(cell, label) != 0;
}

/* Does a table's row label open with `label` as its first word
 * ("dog blocked (removed from the softmax)"): the row is that token's,
 * whatever note follows?  Case counts: "A weighted sum" is no row of a
 * token "a". */
static int
cell_opens_with(const char *cell, const char *label)
{
    size_t n = strlen(label);

    while (isspace((unsigned char)*cell) || *cell == '`' || *cell == '"')
        cell++;
    return n > 0 && strncmp(cell, label, n) == 0
           && (cell[n] == '\0' || isspace((unsigned char)cell[n])
               || cell[n] == '`' || cell[n] == '"' || cell[n] == ':');
}

/* The lesson's query label a table's row names, or its key label a
 * column names; NULL when none does. */
static const char *
cell_label(const char *cell, const char *const *labels, size_t count,
           int defaults)
{
    size_t k;

    for (k = 0; cell != NULL && !defaults && k < count; k++)
        if (cell_names(cell, labels[k]))
            return labels[k];
    return NULL;
}

/* Pairs of a query and a key: what a table of queries by keys holds. */
#define PAIRWISE (F(SCORE) | F(SCALED) | F(EXP) | F(WEIGHT) | F(CONTRIB))

/* A cell of a table whose rows are queries and whose columns are keys
 * (| cold | 0.313 | under "bitter"): its position names the entry, the
 * query's and the key's, whatever else its row holds.  Its kind is what
 * the text before the table and the table's corner say, among the kinds
 * a query and a key have together ("each row is a query, each column a
 * key" names no kind: any of them).  1 when it is one. */
int
exattn_audit__table_entry(exattn_audit_evidence *e,
                          const exattn_page_number *n,
                          const exattn_lesson *l,
                          const exattn_block_spec *block, int *rc)
{
    char what[96];
    const char *row = cell_label(n->row_head, (const char *const *)
                                 l->query_labels, l->n,
                                 l->default_query_labels);
    const char *key = cell_label(n->column_head, (const char *const *)
                                 l->key_labels, l->m, l->default_key_labels);
    size_t j;
    exattn_audit_clue about = EXATTN_AUDIT_CLUE_INIT(l);
    exattn_sbuf b;

    /* a decoder's cross-attention: its keys are the memory's tokens */
    for (j = 0; key == NULL && n->column_head != NULL
                && j < exattn_block__memory_rows(l); j++)
        if (exattn_block__memory_label(l, j) != NULL
            && cell_names(n->column_head, exattn_block__memory_label(l, j)))
            key = exattn_block__memory_label(l, j);
    if (row == NULL || key == NULL)
        return 0;
    exattn_audit__read_lead(&about, n->table_about ? n->table_about : "",
                            block);
    e->label = row;
    e->key_label = key;
    e->families = about.families & PAIRWISE ? about.families & PAIRWISE
                                            : PAIRWISE;
    e->nearest = about.nearest & PAIRWISE ? about.nearest & PAIRWISE
                                          : e->families;
    e->direct = 1;
    exattn_sbuf__init(&b);
    if (about.nearest & PAIRWISE)
        exattn_sbuf__printf(&b, "%s, ",
                            exattn_audit__what_of(&about, what, sizeof what));
    exattn_sbuf__printf(&b, "its table's row \"%s\" and column \"%s\"",
                        row, key);
    *rc = (e->why = exattn_sbuf__take(&b)) ? EXATTN_OK : EXATTN_ENOMEM;
    return 1;
}


/* The token a table's row label names: a query's or a key's label, the
 * cell alone, among words, or as the first word of the row; NULL when it
 * names none (or the lesson's labels are indices). */
const char *
exattn_audit__row_token(const char *cell, const exattn_lesson *l)
{
    const char *t;
    size_t k;

    if (cell == NULL)
        return NULL;
    if ((t = cell_label(cell, (const char *const *)l->query_labels, l->n,
                        l->default_query_labels)) != NULL
        || (t = cell_label(cell, (const char *const *)l->key_labels, l->m,
                           l->default_key_labels)) != NULL)
        return t;
    for (k = 0; !l->default_query_labels && k < l->n; k++)
        if (cell_opens_with(cell, l->query_labels[k]))
            return l->query_labels[k];
    for (k = 0; !l->default_key_labels && k < l->m; k++)
        if (cell_opens_with(cell, l->key_labels[k]))
            return l->key_labels[k];
    return NULL;
}

/* The query a table's rows of keys belong to, as the text before the
 * table or the heading it stands under says: "Query eel", "for the query
 * `rises`" -- the word "query", then one of the lesson's query labels as
 * a whole word.  NULL when neither says. */
static const char *
query_in(const char *text, const exattn_lesson *l)
{
    const char *p, *best = NULL;
    size_t k, n;

    for (p = text; *p != '\0'; p++)
    {
        const char *w = p + 5;

        if (strncasecmp(p, "query", 5) != 0
            || (p > text && exattn_audit__word_char(p[-1])))
            continue;
        while (*w == ' ' || *w == '`' || *w == '"' || *w == '*'
               || *w == '$')
            w++;
        if (strncmp(w, "\\text{", 6) == 0)
            w += 6;
        for (k = 0; k < l->n; k++)
            if (strncmp(w, l->query_labels[k],
                        n = strlen(l->query_labels[k])) == 0
                && !exattn_audit__word_char(w[n]))
                best = l->query_labels[k];
    }
    return best;
}

const char *
exattn_audit__table_query(const exattn_page_number *n,
                          const exattn_lesson *l)
{
    const char *q = NULL, *inner;

    if (l->default_query_labels)
        return NULL;
    if (n->table_about != NULL)
        q = query_in(n->table_about, l);
    if (q == NULL && n->section != NULL)
    {
        /* the innermost heading: "... / Query eel" */
        inner = strrchr(n->section, '/');
        q = query_in(inner ? inner + 1 : n->section, l);
    }
    return q;
}
