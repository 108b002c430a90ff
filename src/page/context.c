/* What a page says around a number: why it is a mention and never a
 * result (a heading's or a link's number, a reference such as Figure 4.3,
 * a version, an ordinal, a citation), and the words and symbols that may
 * name the quantity it is (its lead, its subject, its tail).  The audit
 * (src/audit/evidence.c) weighs them against the lesson; this file only
 * reads the cleaned page. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/page.h"

#define LEAD_BYTES 160          /* a sentence's worth before a number */
#define SIDE_BYTES 2048         /* the longest formula read as one side */
#define SENTENCE_REACH 4096     /* the farthest back a sentence starts */
#define LEAD_REACH 1280         /* the farthest back it is read, math and
                                   all */
#define TAIL_BYTES 48
#define TABLE_LINE 4096         /* the longest table row read as one */
#define TABLE_ROWS 512          /* the farthest a cell's heading is read */
#define MATRIX_REACH 1024       /* the farthest back a matrix is opened */

/* Math spacing: "\\,", "\\quad" and the like read as spaces. */
static const char *const math_gaps[] = {
    "\\,", "\\;", "\\:", "\\!", "\\ ", "\\quad", "\\qquad", "~", NULL
};

size_t
exattn_page__bracket(const char *t, size_t k, size_t stop, char c)
{
    static const char *const sizes[] = {
        "\\left", "\\right", "\\bigl", "\\bigr", "\\Bigl", "\\Bigr",
        "\\biggl", "\\biggr", "\\Biggl", "\\Biggr", "\\bigg", "\\Bigg",
        "\\big", "\\Big"
    };
    size_t z, n;

    if (k < stop && t[k] == c)
        return 1;
    if (k >= stop || t[k] != '\\')
        return 0;
    for (z = 0; z < sizeof sizes / sizeof *sizes; z++)
        if (k + (n = strlen(sizes[z])) < stop
            && strncmp(t + k, sizes[z], n) == 0 && t[k + n] == c)
            return n + 1;
    return 0;
}

size_t
exattn_page__gap(const char *t, size_t i, size_t stop)
{
    size_t k, n;

    for (k = 0; math_gaps[k] != NULL; k++)
    {
        if (i >= stop || t[i] != math_gaps[k][0])
            continue;
        n = strlen(math_gaps[k]);
        if (i + n <= stop && strncmp(t + i, math_gaps[k], n) == 0)
            return n;
    }
    return 0;
}

/* Bytes a display is followed back to find its first line. */
#define DISPLAY_BYTES 4096

/* ---- the word before a number ------------------------------------------ */

/* Words after which a number is a reference into a document (a section,
 * a figure, an equation: "Figure 4.3", "Eq. (3)"). */
static const char *const reference_words[] = {
    "section", "sections", "sec", "secs", "sect", "chapter", "chapters",
    "chap", "ch", "figure", "figures", "fig", "figs", "table", "tables",
    "tab", "equation", "equations", "eq", "eqs", "eqn", "eqns", "lemma",
    "lemmas", "theorem", "theorems", "thm", "definition", "definitions",
    "def", "corollary", "cor", "proposition", "prop", "remark", "example",
    "examples", "exercise", "exercises", "ex", "problem", "problems",
    "algorithm", "alg", "appendix", "listing", "line", "lines", "page",
    "pages", "p", "pp", "part", "parts", "step", "steps", "slide",
    "slides", "lecture", "lectures", "unit", "module", "week", "lesson",
    "homework", "hw", "assignment", "question", "questions", "footnote",
    "box", "panel", "item", "rule", "claim", "conjecture", "fact",
    "observation", "case", "cases", "volume", "vol", "no", "number",
    "issue", "note", "notes", "paragraph", "chapitre", "abschnitt",
    "abbildung", "tabelle", "gleichung"
};

/* Words after which a number is a version. */
static const char *const version_words[] = {
    "version", "versions", "release", "v", "python", "numpy", "pytorch",
    "torch", "tensorflow", "jax", "keras", "cuda", "cudnn", "transformers",
    "scipy", "pandas", "matplotlib", "julia", "node", "nodejs", "gcc",
    "clang", "llvm", "ubuntu", "debian", "windows", "macos", "ios",
    "android", "java", "latex", "katex", "mathjax", "quarto", "pandoc",
    "gpt", "bert", "llama", "html", "unicode", "ieee", "iso", "rfc",
    "firefox", "chrome", "chromium", "safari", "emacs", "vim", "gmp",
    "mpfr", "exattn", "es", "ecmascript", "c++", "rust", "go"
};

static int
in_list(const char *word, const char *const *list, size_t count)
{
    size_t k;

    for (k = 0; k < count; k++)
        if (word[0] == list[k][0] && strcmp(word, list[k]) == 0)
            return 1;
    return 0;
}

/* The word (ASCII letters, lower-cased, a final '.' dropped) that ends
 * just before `at`, past spaces, '~', '(' and '['; "" when there is
 * none. */
static void
word_before(const exattn_page_clean *c, size_t at, char *out, size_t size)
{
    const char *t = c->text.s;
    size_t end, from, n = 0, k;

    while (at > 0 && (isspace((unsigned char)t[at - 1]) || t[at - 1] == '~'
                      || t[at - 1] == '(' || t[at - 1] == '['))
        at--;
    if (at > 0 && t[at - 1] == '.')
        at--;
    end = at;
    while (at > 0 && (isalpha((unsigned char)t[at - 1]) || t[at - 1] == '+'))
        at--;
    from = at;
    for (k = from; k < end && n + 1 < size; k++)
        out[n++] = (char)tolower((unsigned char)t[k]);
    out[n] = '\0';
}

/* "^{th}", "^{\text{th}}", "^\mathrm{nd}" and the like at `at`: an
 * ordinal's suffix set as a superscript. */
static int
ordinal_suffix(const exattn_page_clean *c, size_t at)
{
    static const char *const skips[] = { "\\textrm", "\\mathrm", "\\text",
                                         "\\rm", "{", " " };
    static const char *const suffixes[] = { "th", "st", "nd", "rd" };
    const char *t = c->text.s;
    size_t len = c->text.len, k, j;
    int moved = 1;

    if (at >= len || t[at] != '^')
        return 0;
    for (at++; moved;)
        for (moved = 0, k = 0; k < sizeof skips / sizeof *skips; k++)
            if (strncmp(t + at, skips[k], strlen(skips[k])) == 0
                && at + strlen(skips[k]) <= len)
            {
                at += strlen(skips[k]);
                moved = 1;
            }
    for (j = 0; j < 4; j++)
        if (at + 2 <= len && strncmp(t + at, suffixes[j], 2) == 0
            && (at + 2 == len || !isalpha((unsigned char)t[at + 2])))
            return 1;
    return 0;
}

/* Is [start, end) a span of years written as a fraction -- "2024/25",
 * "1999/2000", an academic or a fiscal year: a year from 1900 to 2099
 * and the next one, whole or by its last two digits? */
static int
year_span(const exattn_page_clean *c, size_t start, size_t end)
{
    const char *t = c->text.s;
    unsigned long first = 0, second = 0;
    size_t k, n = end - start;

    if ((n != 7 && n != 9) || t[start + 4] != '/')
        return 0;
    for (k = 0; k < n; k++)
        if (k != 4 && !isdigit((unsigned char)t[start + k]))
            return 0;
    for (k = 0; k < 4; k++)
        first = first * 10 + (unsigned long)(t[start + k] - '0');
    for (k = 5; k < n; k++)
        second = second * 10 + (unsigned long)(t[start + k] - '0');
    return first >= 1900 && first <= 2099
           && (n == 7 ? second == (first + 1) % 100 : second == first + 1);
}

const char *
exattn_page__mention(const exattn_page_clean *c, size_t start, size_t end)
{
    char word[24];
    unsigned char where = c->where[start];

    if (where & EXATTN_PAGE_IN_HEADING)
        return "a heading's number";
    if (where & EXATTN_PAGE_IN_LINK)
        return "a link's text";
    if (where & EXATTN_PAGE_IN_ALT)
        return "an image's alt text";
    if (ordinal_suffix(c, end))
        return "an ordinal";
    if (year_span(c, start, end))
        return "a span of years";
    word_before(c, start, word, sizeof word);
    if (in_list(word, reference_words,
                sizeof reference_words / sizeof *reference_words))
        return "a reference into the document (section, figure, "
               "equation...)";
    if (in_list(word, version_words,
                sizeof version_words / sizeof *version_words))
        return "a version";
    return NULL;
}

/* Between two numbers, only what joins references ("Figures 2 and 3",
 * "Eqs. (1)-(3)", "Sections 3.1, 3.2")? */
int
exattn_page__joins_references(const exattn_page_clean *c, size_t from,
                              size_t to)
{
    static const char *const joins[] = { "and", "or", "to", "through" };
    const char *t = c->text.s;
    size_t k, j, n;

    if (to < from || to - from > 16)
        return 0;
    for (k = from; k < to;)
    {
        if (strchr(" ,;()-~\t", t[k]))
        {
            k++;
            continue;
        }
        if (strncmp(t + k, "\xe2\x80\x93", 3) == 0 && k + 3 <= to)
        {
            k += 3;             /* an en dash */
            continue;
        }
        for (j = 0; j < sizeof joins / sizeof *joins; j++)
        {
            n = strlen(joins[j]);
            if (k + n <= to && strncmp(t + k, joins[j], n) == 0)
                break;
        }
        if (j == sizeof joins / sizeof *joins)
            return 0;
        k += strlen(joins[j]);
    }
    return 1;
}

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

/* Where the sentence holding `start` begins: back to the end of the one
 * before, a blank line, or SENTENCE_REACH bytes. */
size_t
exattn_page__sentence_start(const exattn_page_clean *c, size_t start)
{
    size_t from = start > SENTENCE_REACH ? start - SENTENCE_REACH : 0, k;

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

/* A table's cell: what the text before the table calls its cells, the
 * column's heading, then the row's cells before this one, nearest
 * (| grid | $w_{load,grid}$ | 1/2 |: a weight). */
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
    if (cell_of(c, t.from, t.to, 1, &a, &z) && a < at)
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

/* ---- the subject: what the page sets equal to the number -------------- */

/* The relation ending at `at` ("=", "\approx", "≈", ":", "\simeq"): its
 * start, or (size_t)-1. */
static size_t
relation_before(const exattn_page_clean *c, size_t at)
{
    static const char *const rels[] = {
        "=", "\\approx", "\xe2\x89\x88", "\\simeq", "\\approxeq", "\\sim",
        "\xe2\x89\x83", ":", "\\to", "\\rightarrow", "\\mapsto"
    };
    const char *t = c->text.s;
    size_t k, n;

    for (k = 0; k < sizeof rels / sizeof *rels; k++)
    {
        n = strlen(rels[k]);
        if (at >= n && strncmp(t + at - n, rels[k], n) == 0)
            return at - n;
    }
    return (size_t)-1;
}

/* Skip back over spaces and math spacing ("\,", "\;", "\quad", "~"). */
static size_t
back_over_spaces(const exattn_page_clean *c, size_t at)
{
    const char *const *gaps = math_gaps;
    const char *t = c->text.s;
    size_t k, n;
    int moved = 1;

    while (moved)
    {
        moved = 0;
        while (at > 0 && isspace((unsigned char)t[at - 1]))
            at--, moved = 1;
        for (k = 0; gaps[k] != NULL; k++)
        {
            n = strlen(gaps[k]);
            if (at >= n && strncmp(t + at - n, gaps[k], n) == 0)
            {
                at -= n;
                moved = 1;
            }
        }
    }
    return at;
}

/* The start of the term that ends at `end`: a symbol with its indices,
 * primes and braces, or a word; `end` when none. */
static size_t
term_start(const exattn_page_clean *c, size_t end)
{
    const char *t = c->text.s;
    size_t k, depth = 0;

    for (k = end; k > 0 && end - k < 64; k--)
    {
        char ch = t[k - 1];

        /* braces, and in prose an index's brackets (V[grid]) */
        if (ch == '}' || (ch == ']' && !c->math[k - 1]))
            depth++;
        else if (ch == '{' || (ch == '[' && !c->math[k - 1]))
        {
            if (depth == 0)
                break;
            depth--;
        }
        else if (depth == 0 && !(isalnum((unsigned char)ch) || ch == '_'
                                 || ch == '^' || ch == '\\' || ch == '\''
                                 || (unsigned char)ch >= 0x80))
            break;
    }
    return depth != 0 ? end : k;
}

/* In math, does the term starting at k end an expression ("w_{3,3}" in
 * "o = 2w_{3,1} + w_{3,3} = 1"), an operator or a factor standing
 * before it? */
static int
ends_expression(const exattn_page_clean *c, size_t k)
{
    size_t at = back_over_spaces(c, k);
    char ch;

    if (at == 0 || !c->math[at - 1])
        return 0;
    ch = c->text.s[at - 1];
    return strchr("+-*/}')", ch) != NULL || isalnum((unsigned char)ch);
}

/* In prose, does an operator stand before the term at k, or before its
 * coefficient ("+ 0.0900 V[sat]" in exattn's text notation)? */
static int
prose_operand(const exattn_page_clean *c, size_t k)
{
    size_t at = back_over_spaces(c, k), j = at;

    while (j > 0 && (isdigit((unsigned char)c->text.s[j - 1])
                     || c->text.s[j - 1] == '.'))
        j--;
    if (j < at)
        at = back_over_spaces(c, j);
    return at > 0 && !c->math[at - 1]
           && strchr("+-*", c->text.s[at - 1]) != NULL
           && at >= 2 && c->text.s[at - 2] == ' ';
}

/* In math, is the term starting at k the last operand of a formula: an
 * operator before it ("+ w_{3,3}", "\cdot 2"), or a product written
 * with a thin space after a group ("e^{s_{9,k}}\,V_{k,3}")? */
static int
joined_by_operator(const exattn_page_clean *c, size_t k)
{
    const char *t = c->text.s;
    size_t at = k;

    while (at > 0 && isspace((unsigned char)t[at - 1]))
        at--;
    if (at == 0 || !c->math[at - 1])
        return 0;
    if (strchr("+-*/", t[at - 1]) != NULL)
        return 1;
    if ((at >= 5 && strncmp(t + at - 5, "\\cdot", 5) == 0)
        || (at >= 6 && strncmp(t + at - 6, "\\times", 6) == 0))
        return 1;
    return at >= 3 && t[at - 1] == ',' && t[at - 2] == '\\'
           && (t[at - 3] == '}' || t[at - 3] == ')');
}

/* The first relation of the chain that ends before `at` ("=" in "o &=
 * 2w_{3,1} + w_{3,3} \approx 0.3 = 1"): every side of a chain is the
 * same quantity.  The chain runs back to its line's start (in prose, to
 * a clause's, ";"); with `over_breaks`, over line breaks "\\" until a
 * line with a relation (a line that opens with an operator continues the
 * one above).  (size_t)-1 when none. */
static size_t
chain_start(const exattn_page_clean *c, size_t at, int over_breaks)
{
    const char *t = c->text.s;
    size_t k, stop = at > 1024 ? at - 1024 : 0, r, first = (size_t)-1;
    int depth = 0, math = at > 0 && c->math[at - 1];

    for (k = at; k > stop && c->math[k - 1] == math; k--)
    {
        int line_break = k >= 2 && t[k - 1] == '\\' && t[k - 2] == '\\';

        if (t[k - 1] == '}')
            depth++;
        else if (t[k - 1] == '{')
            depth--;
        else if ((t[k - 1] == '\n' && !over_breaks)
                 || (!math && t[k - 1] == ';')
                 || (line_break && (!over_breaks || first != (size_t)-1)))
            break;
        if (depth == 0 && (r = relation_before(c, k)) != (size_t)-1
            && t[r] != ':')
            first = r;
    }
    return first;
}

static size_t
opening_relation(const exattn_page_clean *c, size_t at)
{
    return chain_start(c, at, 0);
}

static size_t
first_relation_of_line(const exattn_page_clean *c, size_t at)
{
    return chain_start(c, at, 1);
}

/* The end of the side before the relation at rel: past spaces and an
 * alignment point ("w_{1,2} &= 0.28"). */
static size_t
side_end(const exattn_page_clean *c, size_t rel)
{
    size_t end = back_over_spaces(c, rel), first;

    if (end > 0 && c->text.s[end - 1] == '&' && c->math[end - 1])
        end = back_over_spaces(c, end - 1);
    /* "Z &= e^{..} + .. \\ &\approx 9.731": a line that opens with a
     * relation goes on with the line above, whose first side it is */
    if (end >= 2 && c->text.s[end - 1] == '\\' && c->text.s[end - 2] == '\\'
        && c->math[end - 1]
        && (first = first_relation_of_line(c, end - 2)) != (size_t)-1)
        end = side_end(c, first);
    return end;
}

/* The start of the formula that ends at `end` in math and is no term
 * ("\frac{..}{..}\cdot (-1)" before "≈ 0.079"): back to the start of
 * its math, or to a relation, "&", "," or "\\" outside its brackets;
 * `end` when it runs past SIDE_BYTES, too long to be one side. */
static size_t
formula_side(const exattn_page_clean *c, size_t end)
{
    const char *t = c->text.s;
    size_t k;
    int depth = 0;

    for (k = end; k > 0 && c->math[k - 1]; k--)
    {
        char ch = t[k - 1];

        if (end - k > SIDE_BYTES)
            return end;
        if (ch == '}' || ch == ')' || ch == ']')
            depth++;
        else if (ch == '{' || ch == '(' || ch == '[')
        {
            if (depth == 0)
                break;
            depth--;
        }
        else if (depth == 0
                 && (ch == '&' || ch == '=' || ch == '\n'
                     || (ch == ',' && !(k >= 2 && t[k - 2] == '\\'))
                     || (ch == '\\' && k >= 2 && t[k - 2] == '\\')
                     || relation_before(c, k) != (size_t)-1))
            break;
    }
    while (k < end && isspace((unsigned char)t[k]))
        k++;
    return depth != 0 ? end : k;
}

/* Does [s, s + n) hold a "·" (a product written in prose)? */
static int
has_middle_dot(const char *s, size_t n)
{
    size_t k;

    for (k = 0; k + 1 < n; k++)
        if ((unsigned char)s[k] == 0xC2 && (unsigned char)s[k + 1] == 0xB7)
            return 1;
    return 0;
}

/* Inside a matrix (\begin{bmatrix}, pmatrix, matrix, array) opened
 * within MATRIX_REACH bytes before start, in math: where the text before
 * its \begin ends; else `at`. */
static size_t
matrix_open_before(const exattn_page_clean *c, size_t start, size_t at)
{
    const char *t = c->text.s;
    size_t k = start, from = start > MATRIX_REACH ? start - MATRIX_REACH : 0;

    while (k > from && c->math[k - 1])
    {
        k--;
        if (t[k] != '\\')
            continue;
        if (c->text.len - k > 5 && strncmp(t + k, "\\end{", 5) == 0)
            return at;          /* a matrix closed before it */
        if (c->text.len - k > 7 && strncmp(t + k, "\\begin{", 7) == 0)
        {
            const char *close = memchr(t + k, '}', start - k);
            size_t n = close ? (size_t)(close - (t + k)) : 0;

            if (n >= 12 && (strncmp(close - 6, "matrix", 6) == 0
                            || strncmp(close - 5, "array", 5) == 0))
                return back_over_spaces(c, k);
            return at;
        }
    }
    return at;
}

static char *subject_from(const exattn_page_clean *c, size_t at);

char *
exattn_page__subject(const exattn_page_clean *c, size_t start)
{
    size_t at = back_over_spaces(c, start);

    return subject_from(c, at);
}

char *
exattn_page__matrix_subject(const exattn_page_clean *c, size_t start)
{
    size_t at = matrix_open_before(c, start, (size_t)-1);

    return at == (size_t)-1 ? NULL : subject_from(c, at);
}

/* The subject of a number whose text before it ends at `at`. */
static char *
subject_from(const exattn_page_clean *c, size_t at)
{
    const char *t = c->text.s;
    size_t rel, first, end, k;
    exattn_sbuf b;

    /* "= (-1/3)": a value in brackets of its own */
    if (at > 0 && (t[at - 1] == '(' || t[at - 1] == '['))
        at = back_over_spaces(c, at - 1);
    /* "≈ [0.28, ...]": the "\left" of a vector is no gap */
    if ((rel = relation_before(c, at)) == (size_t)-1)
        return NULL;
    if (rel > 0 && t[rel - 1] == ':' && t[rel] == '=')
        rel--;                  /* := */
    end = side_end(c, rel);
    k = term_start(c, end);
    /* "o = 2w_1 + w_3 = 1": the chain's first side is what is equal */
    if ((k == end ? end > 0 && c->text.s[end - 1] == ')'
                  : c->math[rel] ? ends_expression(c, k)
                                 : prose_operand(c, k))
        && (first = opening_relation(c, k)) != (size_t)-1)
    {
        rel = first;
        end = side_end(c, rel);
        k = term_start(c, end);
        if (k < end && (t[k] == '^' || t[k] == '_') && c->math[end - 1])
            k = formula_side(c, end);
    }
    /* "$\frac{1}{Z_9}\sum_k e^{s_{9,k}}\,V_{k,3}$ ≈ -0.030": a formula
     * that opens no chain is the side, not its last term */
    else if (end > 0 && c->math[end - 1]
             && (k == end || joined_by_operator(c, k)
                 /* "(1.7813)^2 \approx": a bracket's power, no symbol */
                 || (k < end && (t[k] == '^' || t[k] == '_'))))
        k = formula_side(c, end);
    if (k == end)
        return NULL;
    /* in math, a symbol of the same math; in prose, a name such as
     * d_model, N or o[who], not a word ("is = 1.000" has no subject) */
    if (c->math[rel] && !c->math[k])
        return NULL;
    /* (a product written with "·", 1/2·V1, is a formula: kept; so is
     * math before a relation in prose, "$\frac{e^{1}}{Z}$ ≈ 0.284") */
    if (!c->math[rel] && !memchr(t + k, '_', end - k)
        && !(isalpha((unsigned char)t[k]) && memchr(t + k, '[', end - k))
        && end - k > 2
        && !has_middle_dot(t + k, end - k) && !c->math[k])
        return NULL;
    if (!c->math[rel] && end - k == 2 && islower((unsigned char)t[k])
        && islower((unsigned char)t[k + 1]))
        return NULL;
    exattn_sbuf__init(&b);
    exattn_sbuf__putn(&b, t + k, end - k);
    return exattn_sbuf__take(&b);
}

/* ---- a factor after a number: 0.88\,v_{the}, \frac{1}{2}(4, 0) ------ */

/* Past the product signs and spacing after a number: spaces, "\,",
 * "\;", "\cdot", "\times", "·", "×". */
static size_t
past_product_sign(const exattn_page_clean *c, size_t k)
{
    static const char *const signs[] = { "\\cdot", "\\times", "\xc2\xb7",
                                         "\xc3\x97", "\\,", "\\;", "\\:",
                                         "\\ " };
    const char *t = c->text.s;
    size_t j, n;
    int moved = 1;

    while (moved && k < c->text.len)
    {
        moved = 0;
        while (k < c->text.len && (t[k] == ' ' || t[k] == '\t'))
            k++, moved = 1;
        for (j = 0; j < sizeof signs / sizeof *signs; j++)
            if (k + (n = strlen(signs[j])) <= c->text.len
                && strncmp(t + k, signs[j], n) == 0)
            {
                k += n;
                moved = 1;
            }
    }
    return k;
}

/* The end of a value's symbol at k -- v or V, plain or in a font
 * (\mathbf{v}), with its index -- or k when there is none. */
static size_t
value_symbol_end(const exattn_page_clean *c, size_t k)
{
    static const char *const fonts[] = { "\\mathbf{", "\\boldsymbol{",
                                         "\\bm{", "\\vec{", "\\mathit{" };
    const char *t = c->text.s;
    size_t len = c->text.len, j = k, f, n;

    for (f = 0; f < sizeof fonts / sizeof *fonts; f++)
        if (k + (n = strlen(fonts[f])) + 2 <= len
            && strncmp(t + k, fonts[f], n) == 0
            && (t[k + n] == 'v' || t[k + n] == 'V') && t[k + n + 1] == '}')
        {
            j = k + n + 2;
            break;
        }
    if (j == k)
    {
        if (k >= len || (t[k] != 'v' && t[k] != 'V')
            || (k + 1 < len && isalpha((unsigned char)t[k + 1])))
            return k;
        j = k + 1;
    }
    if (j < len && t[j] == '_')
    {
        if (j + 1 < len && t[j + 1] == '{')
        {
            int depth = 0;

            for (j++; j < len; j++)
                if (t[j] == '{')
                    depth++;
                else if (t[j] == '}' && --depth == 0)
                    break;
            j = j < len ? j + 1 : len;
        }
        else if (j + 1 < len)
            j += 2;
    }
    return j;
}

/* Does a bracket at k hold a vector of numbers ("(4, 0)", "\left(
 * \tfrac{1}{2}, 1 \right)"): entries with a comma between, and no
 * letter but a command's? */
static int
numbers_in_brackets(const exattn_page_clean *c, size_t k)
{
    const char *t = c->text.s;
    size_t j, stop = k + 256 < c->text.len ? k + 256 : c->text.len;
    int commas = 0;
    char close;

    if (strncmp(t + k, "\\left", 5) == 0)
        k += 5;
    if (k >= c->text.len || (t[k] != '(' && t[k] != '['))
        return 0;
    close = t[k] == '(' ? ')' : ']';
    for (j = k + 1; j < stop; j++)
    {
        if (t[j] == close)
            return commas > 0;
        if (t[j] == ',')
            commas++;
        else if (t[j] == '\\')
            while (j + 1 < stop && isalpha((unsigned char)t[j + 1]))
                j++;
        else if (isalpha((unsigned char)t[j]) || t[j] == '(' || t[j] == '[')
            return 0;
    }
    return 0;
}

/* A bracket at k holding a sum of values, "(\mathbf{v}_1 +
 * \mathbf{v}_2)", "\left(v_1+v_2+v_3\right)": its end, or k.  A number
 * before it is the weight each value has. */
static size_t
values_in_brackets(const exattn_page_clean *c, size_t k)
{
    const char *t = c->text.s;
    size_t len = c->text.len, j = k, end;

    if (strncmp(t + j, "\\left", 5) == 0)
        j += 5;
    if (j >= len || t[j] != '(')
        return k;
    for (j++;;)
    {
        while (j < len && t[j] == ' ')
            j++;
        if ((end = value_symbol_end(c, j)) == j)
            return k;
        for (j = end; j < len && t[j] == ' '; j++)
            ;
        if (strncmp(t + j, "\\right)", 7) == 0)
            return j + 7;
        if (j < len && t[j] == ')')
            return j + 1;
        if (j >= len || t[j] != '+')
            return k;
        j++;
    }
}

char *
exattn_page__factor_after(const exattn_page_clean *c, size_t end)
{
    const char *t = c->text.s;
    size_t k = past_product_sign(c, end), j;
    exattn_sbuf b;

    if (k == end && !(k < c->text.len && (t[k] == '(' || t[k] == '[')))
        return NULL;            /* "0.88v" is one token, read elsewhere */
    if (k >= c->text.len || c->math[k] != c->math[end > 0 ? end - 1 : 0])
        return NULL;
    if ((j = value_symbol_end(c, k)) > k
        || (j = values_in_brackets(c, k)) > k)
    {
        exattn_sbuf__init(&b);
        exattn_sbuf__putn(&b, t + k, j - k);
        return exattn_sbuf__take(&b);
    }
    /* a vector the number multiplies: (4, 0), \left(..\right),
     * \begin{bmatrix}; in prose only when joined to it ("1/2·(1,0)",
     * not "0.5 (about half)") */
    if (!c->math[k] && k > end && t[k - 1] == ' '
        && !has_middle_dot(t + end, k - end) && !memchr(t + end, '*', k - end))
        return NULL;
    if (strncmp(t + k, "\\begin{bmatrix}", 15) == 0
        || strncmp(t + k, "\\begin{pmatrix}", 15) == 0
        || numbers_in_brackets(c, k))
        return exattn_str__dup("(vector)");
    return NULL;
}

/* ---- the section: the headings a number stands under ------------------- */

void
exattn_page__nest_headings(exattn_page_clean *c)
{
    size_t k, p;

    /* the heading before of a lower level; a stack walk through the
     * parents keeps it linear */
    for (k = 0; k < c->heading_count; k++)
    {
        for (p = k > 0 ? k - 1 : (size_t)-1;
             p != (size_t)-1 && c->headings[p].level >= c->headings[k].level;
             p = c->headings[p].parent)
            ;
        c->headings[k].parent = p;
    }
}

char *
exattn_page__section(const exattn_page_clean *c, size_t at)
{
    size_t lo = 0, hi = c->heading_count, mid, chain[8], n = 0, k;
    exattn_sbuf b;

    /* the last heading that ends before `at` */
    while (lo < hi)
    {
        mid = lo + (hi - lo) / 2;
        if (c->headings[mid].to <= at)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    for (k = lo - 1; k != (size_t)-1 && n < 8; k = c->headings[k].parent)
        chain[n++] = k;
    exattn_sbuf__init(&b);
    while (n-- > 0)
    {
        const exattn_page_heading *h = &c->headings[chain[n]];
        size_t from = h->from, to = h->to;

        /* its words, without the breaks around them */
        while (from < to && isspace((unsigned char)c->text.s[from]))
            from++;
        while (to > from && isspace((unsigned char)c->text.s[to - 1]))
            to--;
        exattn_sbuf__putn(&b, c->text.s + from, to - from);
        if (n > 0)
            exattn_sbuf__puts(&b, " / ");
    }
    return exattn_sbuf__take(&b);
}
