/* The words around a number of the cleaned page: its sentence's lead (or
 * a display's), its clause's tail, a table cell's row label and column
 * heading, and the bounds of its line. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/page.h"

#define LEAD_BYTES 160          /* a sentence's worth before a number */
#define SENTENCE_REACH 4096     /* the farthest back a sentence starts */
#define LEAD_REACH 1280         /* the farthest back it is read, math and
                                   all */
#define TAIL_BYTES 48
#define TABLE_LINE 4096         /* the longest table row read as one */
#define TABLE_ROWS 512          /* the farthest a cell's heading is read */

/* Bytes a display is followed back to find its first line. */
#define DISPLAY_BYTES 4096

/* ---- the words around a number ----------------------------------------- */

/* Append text[from, to) to b, math between '$', spaces collapsed. */
static void
put_span(exattn_sbuf *b, const exattn_page_clean *c, size_t from, size_t to)
{
    int math = 0, space = 0;
    size_t k, run;

    for (k = from; k < to; k++)
    {
        char ch = c->text.s[k];

        if (c->math[k] != math && !isspace((unsigned char)ch))
        {
            exattn_sbuf__putn(b, "$", 1);
            math = c->math[k];
        }
        if (isspace((unsigned char)ch))
        {
            space = 1;
            continue;
        }
        if (space && b->len > 0)
            exattn_sbuf__putn(b, " ", 1);
        space = 0;
        /* a word at once: up to a space or a change into or out of math */
        for (run = k + 1; run < to && !isspace((unsigned char)c->text.s[run])
                          && c->math[run] == math;
             run++)
            ;
        exattn_sbuf__putn(b, c->text.s + k, run - k);
        k = run - 1;
    }
    if (math)
        exattn_sbuf__putn(b, "$", 1);
}

/* Does prose text end a sentence at k ('.', '!', '?' then a space, after
 * a word of four letters or more, a digit or a bracket: not "Fig." or
 * "e.g.")? */
static int
sentence_ends(const exattn_page_clean *c, size_t k)
{
    const char *t = c->text.s;
    size_t w = k;

    /* called for every byte a lead is followed back over: the cheap
     * test first */
    if ((t[k] != '.' && t[k] != '!' && t[k] != '?') || c->math[k]
        || k + 1 >= c->text.len || !isspace((unsigned char)t[k + 1]))
        return 0;
    if (t[k] != '.')
        return 1;
    while (w > 0 && isalpha((unsigned char)t[w - 1]))
        w--;
    return k - w >= 4 || (k > 0 && (strchr("0123456789)] ", t[k - 1])
                                    || c->math[k - 1]));
}

size_t
exattn_page__line_start(const exattn_page_clean *c, size_t k)
{
    while (k > 0 && c->text.s[k - 1] != '\n')
        k--;
    return k;
}

size_t
exattn_page__line_stop(const exattn_page_clean *c, size_t k)
{
    const char *nl = memchr(c->text.s + k, '\n', c->text.len - k);

    return nl ? (size_t)(nl - c->text.s) : c->text.len;
}

/* Is the line [from, to) a table row "| a | b |"? */
static int
table_row(const exattn_page_clean *c, size_t from, size_t to)
{
    while (from < to && isspace((unsigned char)c->text.s[from]))
        from++;
    return from < to && c->text.s[from] == '|' && !c->math[from];
}

/* Is the line a table's delimiter row "|---|:--:|"? */
static int
delimiter_row(const exattn_page_clean *c, size_t from, size_t to)
{
    size_t k, dashes = 0;

    if (!table_row(c, from, to))
        return 0;
    for (k = from; k < to; k++)
        if (c->text.s[k] == '-')
            dashes++;
        else if (!strchr("|: \t\r", c->text.s[k]))
            return 0;
    return dashes > 0;
}

/* Cell `cell` (from 0, counting the bars before it) of the table row
 * [from, to): its bounds. */
static int
cell_of(const exattn_page_clean *c, size_t from, size_t to, size_t cell,
        size_t *a, size_t *b)
{
    size_t k, bars = 0;

    for (k = from; k < to && bars < cell; k++)
        if (c->text.s[k] == '|' && !c->math[k])
            bars++;
    if (bars < cell)
        return 0;
    *a = k;
    while (k < to && !(c->text.s[k] == '|' && !c->math[k]))
        k++;
    *b = k;
    return 1;
}

/* The start of `start`'s line when that line is a table's row (an HTML
 * table without a heading row is read as such lines, "|(a)|0.035|"): a
 * row is a sentence of its own, whose label names no cell of the next
 * row.  0 otherwise. */
static size_t
row_floor(const exattn_page_clean *c, size_t start)
{
    size_t from = exattn_page__line_start(c, start);

    return table_row(c, from, exattn_page__line_stop(c, start)) ? from : 0;
}

/* Where the sentence holding `start` begins: back to the end of the one
 * before, a blank line, the start of a table's row, or SENTENCE_REACH
 * bytes. */
size_t
exattn_page__sentence_start(const exattn_page_clean *c, size_t start)
{
    size_t from = start > SENTENCE_REACH ? start - SENTENCE_REACH : 0, k;

    if (row_floor(c, start) > from)
        from = row_floor(c, start);

    for (k = start; k > from; k--)
        if (sentence_ends(c, k - 1)
            || (c->text.s[k - 1] == '\n' && k >= 2
                && c->text.s[k - 2] == '\n'))
            break;
    return k;
}

/* The sentence before `start`, into b: at most LEAD_BYTES of its prose,
 * a formula in it counting as one word whatever its length (a named
 * form of ninety bytes is no farther than a word), and LEAD_REACH bytes
 * in all, so that the work per number stays bounded. */
static void
sentence_lead(exattn_sbuf *b, const exattn_page_clean *c, size_t start)
{
    size_t from = start > LEAD_REACH ? start - LEAD_REACH : 0, k,
           prose = 0;

    if (row_floor(c, start) > from)
        from = row_floor(c, start);

    for (k = start; k > from && prose < LEAD_BYTES; k--)
    {
        if (sentence_ends(c, k - 1)
            || (c->text.s[k - 1] == '\n' && k >= 2
                && c->text.s[k - 2] == '\n'))
            break;
        prose += !c->math[k - 1];
    }
    /* a cut word at the window's edge is no word */
    if (k > 0 && (k == from || prose >= LEAD_BYTES))
        while (k < start && !isspace((unsigned char)c->text.s[k]))
            k++;
    put_span(b, c, k, start);
}

/* A table's cell at `at`: its row [from, to), the heading row [hf, ht)
 * and its column (the bars before it in its row). */
typedef struct
{
    size_t from, to, hf, ht, column;
} table_cell;

/* Is `at` in a Markdown table's body (rows under a heading row and its
 * delimiter)?  Then *cell locates it.  A table's row is short, and its
 * heading near: bounded work per number, so that a page of one long
 * line stays linear. */
static int
table_cell_at(const exattn_page_clean *c, size_t at, table_cell *cell)
{
    size_t from, to, k, bars = 0, hf, ht, up, rows = 0;

    for (from = at; from > 0 && c->text.s[from - 1] != '\n'; from--)
        if (at - from > TABLE_LINE)
            return 0;
    to = exattn_page__line_stop(c, at);
    if (!table_row(c, from, to))
        return 0;
    for (k = from; k < at; k++)
        if (c->text.s[k] == '|' && !c->math[k])
            bars++;
    /* up to the delimiter row; the heading row is above it */
    for (up = from; up > 0;)
    {
        hf = exattn_page__line_start(c, up - 1);
        ht = up - 1;
        if (delimiter_row(c, hf, ht))
        {
            if (hf == 0)
                return 0;
            ht = hf - 1;
            hf = exattn_page__line_start(c, ht);
            if (!table_row(c, hf, ht))
                return 0;
            *cell = (table_cell){ from, to, hf, ht, bars };
            return 1;
        }
        if (!table_row(c, hf, ht) || ++rows > TABLE_ROWS)
            return 0;
        up = hf;
    }
    return 0;
}

/* Back from k over the LaTeX commands that open a float before its
 * table ("\begin{table}[h] \centering \small"): where the prose before
 * them ends. */
static size_t
before_commands(const exattn_page_clean *c, size_t k)
{
    const char *t = c->text.s;
    size_t j;
    int depth;

    for (;;)
    {
        while (k > 0 && isspace((unsigned char)t[k - 1]))
            k--;
        j = k;
        /* its arguments, [..] and {..}, then its name */
        while (j > 0 && !c->math[j - 1]
               && (t[j - 1] == ']' || t[j - 1] == '}'))
        {
            char close = t[j - 1], open = close == ']' ? '[' : '{';

            for (depth = 0; j > 0; j--)
                if (t[j - 1] == close)
                    depth++;
                else if (t[j - 1] == open && --depth == 0)
                    break;
            if (j == 0)
                return k;
            j--;
        }
        while (j > 0 && isalpha((unsigned char)t[j - 1]))
            j--;
        if (j == 0 || j == k || t[j - 1] != '\\' || c->math[j - 1])
            return k;
        k = j - 1;
    }
}

/* The last sentence of the text before a table, into b: a table
 * stands apart from the paragraph that introduces it ("The weights:",
 * a blank line, the table). */
static void
text_before_table(exattn_sbuf *b, const exattn_page_clean *c, size_t hf)
{
    size_t k = before_commands(c, hf);

    if (k > 0 && !c->math[k - 1] && strchr(".:!?", c->text.s[k - 1]))
        k--;
    sentence_lead(b, c, k);
}

/* Does [a, z) hold a number: a digit that is not in a script or a
 * \text{} (w_{2,1} and \text{row 2} name; 1.414 and \sqrt{2} are values)? */
static int
holds_number(const exattn_page_clean *c, size_t a, size_t z)
{
    size_t k;
    int depth = 0, quiet = 0;       /* quiet: the depth of a script */

    for (k = a; k < z; k++)
    {
        char ch = c->text.s[k];

        if (ch == '{')
            depth++;
        else if (ch == '}')
        {
            if (quiet == depth)
                quiet = 0;
            depth--;
        }
        else if (quiet == 0 && (ch == '_' || ch == '^')
                 && k + 1 < z && c->text.s[k + 1] == '{')
            quiet = depth + 1;
        else if (quiet == 0 && (ch == '_' || ch == '^'))
            k++;                    /* a one-character script */
        else if (quiet == 0 && ch == '\\' && k + 5 < z
                 && strncmp(c->text.s + k, "\\text{", 6) == 0)
        {
            quiet = depth + 1;
            k += 4;
        }
        else if (quiet == 0 && isdigit((unsigned char)ch))
            return 1;
    }
    return 0;
}

/* A row's cells before the one at `at`, after its first: those that
 * name rather than hold a value (| grid | $w_{load,grid}$ | 1/2 |); a
 * cell holding a number is a value of its own column, no name for the
 * next (| rises | $\sqrt{2}$ | $0$ |). */
static void
naming_cells(exattn_sbuf *b, const exattn_page_clean *c, const table_cell *t,
             size_t at)
{
    size_t cell, a, z;

    for (cell = 2; cell_of(c, t->from, t->to, cell, &a, &z) && z < at;
         cell++)
        if (!holds_number(c, a, z))
        {
            exattn_sbuf__putn(b, " ", 1);
            put_span(b, c, a, z);
        }
}

/* A table's cell: what the text before the table calls its cells, the
 * column's heading, then the row's first cell and the cells that name
 * its entry (| grid | $w_{load,grid}$ | 1/2 |: a weight). */
static int
table_lead(exattn_sbuf *b, const exattn_page_clean *c, size_t at)
{
    table_cell t;
    size_t a, z, ra, rz, top;

    if (!table_cell_at(c, at, &t))
    {
        /* a plain-text table set by spaces: the same, its heading cell
         * and its row's label */
        if (!exattn_page__aligned_cell(c, at, &ra, &rz, &a, &z, &top))
            return 0;
        text_before_table(b, c, top);
        exattn_sbuf__putn(b, " ", 1);
        put_span(b, c, a, z);
        exattn_sbuf__putn(b, " ", 1);
        put_span(b, c, ra, rz);
        return 1;
    }
    text_before_table(b, c, t.hf);
    exattn_sbuf__putn(b, " ", 1);
    if (cell_of(c, t.hf, t.ht, t.column, &a, &z))
        put_span(b, c, a, z);
    exattn_sbuf__putn(b, " ", 1);
    if (!cell_of(c, t.from, t.to, 1, &a, &z) || a >= at)
        return 1;
    if (z >= at)                /* the number is in the first cell */
    {
        put_span(b, c, a, at);
        return 1;
    }
    put_span(b, c, a, z);
    naming_cells(b, c, &t, at);
    /* this cell's own words before the number */
    for (a = at; a > t.from && !(c->text.s[a - 1] == '|' && !c->math[a - 1]);
         a--)
        ;
    exattn_sbuf__putn(b, " ", 1);
    put_span(b, c, a, at);
    return 1;
}

/* Cell [a, z) of the cleaned text, its spaces trimmed, as a string. */
static char *
cell_text(const exattn_page_clean *c, size_t a, size_t z)
{
    exattn_sbuf b;

    while (a < z && isspace((unsigned char)c->text.s[a]))
        a++;
    while (z > a && isspace((unsigned char)c->text.s[z - 1]))
        z--;
    exattn_sbuf__init(&b);
    put_span(&b, c, a, z);
    return exattn_sbuf__take(&b);
}

int
exattn_page__table_heads(const exattn_page_clean *c, size_t at, char **row,
                         char **column, char **about)
{
    table_cell t;
    size_t a, z, ra, rz, ca, cz;
    exattn_sbuf b;

    *row = *column = *about = NULL;
    /* a cell past the first, under a heading of its own -- of a
     * Markdown table, or of a plain-text one set by spaces (aligned.c),
     * whose corner is where its heading line starts */
    if (table_cell_at(c, at, &t) && t.column >= 2
        && cell_of(c, t.hf, t.ht, t.column, &a, &z)
        && cell_of(c, t.from, t.to, 1, &ra, &rz) && rz <= at
        && cell_of(c, t.hf, t.ht, 1, &ca, &cz))
        ;
    else if (exattn_page__aligned_cell(c, at, &ra, &rz, &a, &z, &t.hf))
        ca = cz = t.hf;
    else
        return EXATTN_OK;
    /* what the table is of: the text before it, then its corner */
    exattn_sbuf__init(&b);
    text_before_table(&b, c, t.hf);
    exattn_sbuf__putn(&b, " ", 1);
    put_span(&b, c, ca, cz);
    if ((*about = exattn_sbuf__take(&b)) == NULL
        || (*row = cell_text(c, ra, rz)) == NULL
        || (*column = cell_text(c, a, z)) == NULL)
    {
        free(*about);
        free(*row);
        *about = *row = NULL;
        return EXATTN_ENOMEM;
    }
    return EXATTN_OK;
}

/* In a display of several lines, what its first line says before its
 * first relation ("\text{grid}:\ a_{1}" in "\text{grid}:\ a_{1} &= ..
 * \\ a_{2} &= .."): it names what every line is about.  Put before the
 * lead of a number on a later line. */
static void
display_lead(exattn_sbuf *b, const exattn_page_clean *c, size_t start)
{
    size_t a = start, stop = start > DISPLAY_BYTES ? start - DISPLAY_BYTES
                                                   : 0, k;

    while (a > stop && c->math[a - 1])
        a--;
    if (a == stop && a > 0 && c->math[a - 1])
        return;                 /* too long to follow back */
    /* past the spaces and \begin{aligned} that open it */
    for (;;)
    {
        while (a < start && isspace((unsigned char)c->text.s[a]))
            a++;
        if (strncmp(c->text.s + a, "\\begin{", 7) != 0)
            break;
        while (a < start && c->text.s[a] != '}')
            a++;
        a++;
    }
    for (k = a; k < start && c->text.s[k] != '\n'; k++)
        ;
    if (k >= start)
        return;                 /* the number is on the first line */
    for (k = a; k < start && k < a + 80 && c->text.s[k] != '\n'
                && c->text.s[k] != '&' && c->text.s[k] != '='; k++)
        ;
    put_span(b, c, a, k);
    exattn_sbuf__putn(b, " ", 1);
}

char *
exattn_page__lead(const exattn_page_clean *c, size_t start)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    if (c->math[start])
        display_lead(&b, c, start);
    if (!table_lead(&b, c, start))
        sentence_lead(&b, c, start);
    return exattn_sbuf__take(&b);
}

char *
exattn_page__tail(const exattn_page_clean *c, size_t end)
{
    exattn_sbuf b;
    size_t to = end, stop = end + TAIL_BYTES < c->text.len
                            ? end + TAIL_BYTES : c->text.len;

    exattn_sbuf__init(&b);
    while (to < stop && !sentence_ends(c, to) && c->text.s[to] != '\n'
           && !(c->text.s[to] == ',' && !c->math[to]))
        to++;
    put_span(&b, c, end, to);
    return exattn_sbuf__take(&b);
}
