/* A page cleaned for reading its numbers: what a reader sees as prose or
 * math, each byte with the page offset it came from.  Dropped: code
 * (fences, inline code, <pre>, <code>, verbatim), tags, comments (kept as
 * markers when they begin with "exattn"), URLs and link targets, the
 * visual copy of KaTeX-rendered math (its TeX annotation is read
 * instead).  Each reader is a loop over the page that calls
 * exattn_page__put; a dropped stretch becomes one space, so that the
 * words on either side stay apart. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/page.h"

/* Text of a heading is put: a new heading when one was started since
 * the last (exattn_page__clean's readers call heading_start), else the
 * current one grows. */
static void
heading_put(exattn_page_clean *c, size_t n)
{
    exattn_page_heading *h;

    if (c->heading_started || c->heading_count == 0)
    {
        if (c->heading_count == c->heading_cap)
        {
            size_t cap = c->heading_cap ? 2 * c->heading_cap : 16;

            if ((h = realloc(c->headings, cap * sizeof *h)) == NULL)
            {
                c->oom = 1;
                return;
            }
            c->headings = h;
            c->heading_cap = cap;
        }
        h = &c->headings[c->heading_count++];
        h->from = c->text.len;
        h->level = c->heading_level;
        h->parent = (size_t)-1;
        c->heading_started = 0;
    }
    c->headings[c->heading_count - 1].to = c->text.len + n;
}

void
exattn_page__put(exattn_page_clean *c, const char *s, size_t n,
                 size_t origin, int math)
{
    size_t i, need = c->text.len + n + 1;

    if (c->oom)
        return;
    if (need > c->cap)
    {
        size_t cap = need * 2;
        size_t *off = realloc(c->off, cap * sizeof *off);
        unsigned char *m;

        if (off == NULL)
        {
            c->oom = 1;
            return;
        }
        c->off = off;
        if ((m = realloc(c->math, cap)) == NULL)
        {
            c->oom = 1;
            return;
        }
        c->math = m;
        if ((m = realloc(c->where, cap)) == NULL)
        {
            c->oom = 1;
            return;
        }
        c->where = m;
        c->cap = cap;
    }
    if ((c->context & EXATTN_PAGE_IN_HEADING) && n > 0)
        heading_put(c, n);
    for (i = 0; i < n; i++)
    {
        c->off[c->text.len + i] = origin + i;
        c->math[c->text.len + i] = (unsigned char)math;
        c->where[c->text.len + i] = c->context;
    }
    exattn_sbuf__putn(&c->text, s, n);
    c->oom |= c->text.oom;
}

void
exattn_page__clean_clear(exattn_page_clean *c)
{
    size_t i;

    exattn_sbuf__clear(&c->text);
    free(c->off);
    free(c->math);
    free(c->where);
    for (i = 0; i < c->marker_count; i++)
        free(c->markers[i].text);
    free(c->markers);
    free(c->headings);
    memset(c, 0, sizeof *c);
}

void
exattn_page__position(const char *page, size_t at, unsigned long *line,
                      unsigned long *column)
{
    size_t i;

    *line = 1;
    *column = 1;
    /* a byte-order mark is no column */
    i = at >= 3 && memcmp(page, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    for (; i < at; i++)
        if (page[i] == '\n')
            (*line)++, *column = 1;
        else if (((unsigned char)page[i] & 0xC0) != 0x80)
            (*column)++;
}

/* ---- the reading state ----------------------------------------------- */

/* The last search for a string: its next occurrence from `from` is at
 * `found` (len: none), and so for any start between the two.  Searches
 * that fail again and again (a page of '<' with no '>') then cost
 * nothing after the first. */
typedef struct
{
    const char *needle;
    size_t from, found;
    int nocase;
} search_memo;

#define MEMOS 16
#define CODE_RUNS 64

typedef struct
{
    exattn_page_clean *c;
    const char *file;
    const char *p;
    size_t len, i;
    exattn_page_format fmt;
    exattn_error_t *err;
    search_memo memo[MEMOS];
    size_t memo_count;
    /* inline code: no run of n backticks at or after run_none[n] */
    size_t run_none[CODE_RUNS];
    /* the page offset where a heading, a link's text and an image's alt
     * text end (EXATTN_PAGE_IN_HEADING, _LINK, _ALT: bits 0, 1, 2) */
    size_t until[3];
    int table_depth;            /* inside this many HTML <table>s */
    int row_open;               /* inside an HTML table's <tr> */
    size_t row_cells, row_heads;    /* its cells so far, and its <th>s */
    size_t tabular_end;         /* a LaTeX tabular's \end, or 0 */
    size_t tabular_rows;        /* its rows read so far */
} reader;

/* Set what is put next to stand where r->i is. */
static void
context_at(reader *r)
{
    unsigned char ctx = 0;
    int k;

    for (k = 0; k < 3; k++)
        if (r->i < r->until[k])
            ctx |= (unsigned char)(1u << k);
    r->c->context = ctx;
}

/* Context bit `bit` (an EXATTN_PAGE_IN_ value) from r->i to `end`. */
static void
stand_in(reader *r, int bit, size_t end)
{
    int k = bit == EXATTN_PAGE_IN_HEADING ? 0
            : bit == EXATTN_PAGE_IN_LINK ? 1 : 2;

    if (end > r->until[k])
        r->until[k] = end;
}

/* A heading of `level` (1 for a title or a chapter, as <h1>) from r->i
 * to `end`. */
static void
heading_at(reader *r, int level, size_t end)
{
    if (end > r->until[0])
    {
        r->c->heading_started = 1;
        r->c->heading_level = level;
    }
    stand_in(r, EXATTN_PAGE_IN_HEADING, end);
}

static int
fail_at(reader *r, size_t at, const char *what)
{
    unsigned long line, column;

    exattn_page__position(r->p, at, &line, &column);
    return exattn_error__set(r->err, EXATTN_ESYNTAX, r->file, line, column,
                             "%s", what);
}

static int
starts(const reader *r, size_t at, const char *s)
{
    size_t n;

    if (at >= r->len || r->p[at] != s[0])
        return 0;
    n = strlen(s);
    return at + n <= r->len && memcmp(r->p + at, s, n) == 0;
}

static int
starts_nocase(const reader *r, size_t at, const char *s)
{
    size_t n = strlen(s);

    return at + n <= r->len && strncasecmp(r->p + at, s, n) == 0;
}

static size_t
scan_for(const reader *r, size_t at, const char *s, int nocase)
{
    size_t n = strlen(s);

    for (; at + n <= r->len; at++)
        if (nocase ? strncasecmp(r->p + at, s, n) == 0
                   : memcmp(r->p + at, s, n) == 0)
            return at;
    return r->len;
}

/* Where `s` next occurs from `at`, or len. */
static size_t
search(reader *r, size_t at, const char *s, int nocase)
{
    size_t k;
    search_memo *m = NULL;

    for (k = 0; k < r->memo_count; k++)
        if (r->memo[k].nocase == nocase && strcmp(r->memo[k].needle, s) == 0)
        {
            m = &r->memo[k];
            if (m->from <= at && at <= m->found)
                return m->found;
            break;
        }
    if (m == NULL && r->memo_count < MEMOS)
    {
        m = &r->memo[r->memo_count++];
        m->needle = s;
        m->nocase = nocase;
    }
    k = scan_for(r, at, s, nocase);
    if (m != NULL)
    {
        m->from = at;
        m->found = k;
    }
    return k;
}

static size_t
find(reader *r, size_t at, const char *s)
{
    return search(r, at, s, 0);
}

static size_t
find_nocase(reader *r, size_t at, const char *s)
{
    return search(r, at, s, 1);
}

static void
space(reader *r, size_t origin)
{
    exattn_page__put(r->c, " ", 1, origin, 0);
}

static int
add_marker(reader *r, size_t origin, const char *s, size_t n)
{
    exattn_page_clean *c = r->c;
    exattn_page_marker *m;

    while (n > 0 && isspace((unsigned char)*s))
        s++, n--;
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        n--;
    if (c->marker_count == c->marker_cap)
    {
        size_t cap = c->marker_cap ? 2 * c->marker_cap : 8;

        if ((m = realloc(c->markers, cap * sizeof *m)) == NULL)
            return c->oom = 1, EXATTN_ENOMEM;
        c->markers = m;
        c->marker_cap = cap;
    }
    m = &c->markers[c->marker_count];
    if ((m->text = malloc(n + 1)) == NULL)
        return c->oom = 1, EXATTN_ENOMEM;
    memcpy(m->text, s, n);
    m->text[n] = '\0';
    m->at = c->text.len;
    m->origin = origin;
    c->marker_count++;
    return EXATTN_OK;
}

/* "exattn PATH ..." (or "exattn: PATH"): the rest of a comment that is a
 * marker, else NULL.  "/exattn" closes a pair: "/". */
static const char *
marker_body(const char *s, size_t n, size_t *rest)
{
    while (n > 0 && isspace((unsigned char)*s))
        s++, n--;
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        n--;
    if (n == 7 && strncmp(s, "/exattn", 7) == 0)
    {
        *rest = 1;
        return s;
    }
    if (n < 6 || strncmp(s, "exattn", 6) != 0
        || (n > 6 && !isspace((unsigned char)s[6]) && s[6] != ':'))
        return NULL;
    s += 6, n -= 6;
    if (n > 0 && *s == ':')
        s++, n--;
    *rest = n;
    return s;
}

/* <!-- ... -->: a marker or nothing. */
static int
html_comment(reader *r)
{
    size_t start = r->i, end = find(r, r->i + 4, "-->"), n;
    const char *body;

    if (end == r->len)
        return fail_at(r, start, "unterminated HTML comment (<!-- without "
                                 "-->)");
    body = marker_body(r->p + start + 4, end - start - 4, &n);
    if (body != NULL && add_marker(r, start, body, n) != EXATTN_OK)
        return EXATTN_ENOMEM;
    r->i = end + 3;
    space(r, start);
    return EXATTN_OK;
}

/* ---- entities -------------------------------------------------------- */

static const struct { const char *name, *text; } entities[] = {
    { "&minus;", "\xe2\x88\x92" }, { "&asymp;", "\xe2\x89\x88" },
    { "&nbsp;", " " }, { "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" },
    { "&quot;", "\"" }, { "&times;", "\xc3\x97" },
    { "&middot;", "\xc2\xb7" }, { "&sdot;", "\xe2\x8b\x85" },
    { "&thinsp;", " " }, { "&ThinSpace;", " " }, { "&apos;", "'" },
    { "&ndash;", "\xe2\x80\x93" }, { "&mdash;", "\xe2\x80\x94" },
    { "&le;", "\xe2\x89\xa4" }, { "&ge;", "\xe2\x89\xa5" },
    { "&ne;", "\xe2\x89\xa0" }, { "&prime;", "\xe2\x80\xb2" },
    { "&hellip;", "\xe2\x80\xa6" },
};

/* A numeric character reference at r->i ("&#39;", "&#x27;"): its code
 * point, and *n its length; 0 when there is none or it names no
 * character a page may hold (NUL, a surrogate, past U+10FFFF). */
static unsigned long
numeric_reference(const reader *r, size_t *n)
{
    size_t k = r->i + 2, digits = 0;
    int hex = k < r->len && (r->p[k] == 'x' || r->p[k] == 'X');
    unsigned long cp = 0;

    if (!starts(r, r->i, "&#"))
        return 0;
    for (k += (size_t)hex; k < r->len && digits < 8
                           && (hex ? isxdigit((unsigned char)r->p[k])
                                   : isdigit((unsigned char)r->p[k]));
         k++, digits++)
        cp = cp * (hex ? 16 : 10)
             + (unsigned long)(isdigit((unsigned char)r->p[k])
                               ? r->p[k] - '0'
                               : (tolower((unsigned char)r->p[k]) - 'a'
                                  + 10));
    if (digits == 0 || k >= r->len || r->p[k] != ';' || cp == 0
        || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    *n = k + 1 - r->i;
    return cp;
}

/* Code point cp as UTF-8, into out (4 bytes); its length. */
static size_t
utf8_of(unsigned long cp, char *out)
{
    if (cp < 0x80)
        return out[0] = (char)cp, 1;
    if (cp < 0x800)
    {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000)
    {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* An entity at r->i, put as its text: a named one of the list, or any
 * numeric reference (KaTeX writes m' as "m&#x27;"); 0 when there is
 * none. */
static int
entity(reader *r, int math)
{
    size_t k, n;
    unsigned long cp;
    char utf8[4];

    for (k = 0; k < sizeof entities / sizeof *entities; k++)
        if (starts(r, r->i, entities[k].name))
        {
            n = strlen(entities[k].name);
            exattn_page__put(r->c, entities[k].text,
                             strlen(entities[k].text), r->i, math);
            /* every byte of the replacement points at the entity */
            r->i += n;
            return 1;
        }
    if ((cp = numeric_reference(r, &n)) != 0)
    {
        /* a non-breaking or thin space is a space */
        if (cp == 0xA0 || cp == 0x2009 || cp == 0x202F)
            cp = ' ';
        exattn_page__put(r->c, utf8, utf8_of(cp, utf8), r->i, math);
        r->i += n;
        return 1;
    }
    return 0;
}

/* ---- math delimiters shared by Markdown, HTML and LaTeX -------------- */

static int add_marker(reader *r, size_t origin, const char *s, size_t n);
static const char *marker_body(const char *s, size_t n, size_t *rest);

/* Copy math from r->i to `end` (exclusive), entities decoded in HTML;
 * a % comment (TeX's and KaTeX's) is dropped, or kept as a marker. */
static void
copy_math(reader *r, size_t end)
{
    while (r->i < end)
    {
        if (r->p[r->i] == '\\' && r->i + 1 < end)
        {
            size_t k;

            exattn_page__put(r->c, r->p + r->i, 2, r->i, 1);
            r->i += 2;
            if (!isalpha((unsigned char)r->p[r->i - 1]))
                continue;
            /* a control word, and the spaces TeX drops after it when an
             * index or a power follows (MediaWiki's "\alpha _{1,2}") */
            while (r->i < end && isalpha((unsigned char)r->p[r->i]))
                exattn_page__put(r->c, r->p + r->i, 1, r->i, 1), r->i++;
            for (k = r->i; k < end && (r->p[k] == ' ' || r->p[k] == '\t');)
                k++;
            if (k > r->i && k < end && (r->p[k] == '_' || r->p[k] == '^'))
                r->i = k;
            continue;
        }
        if (r->p[r->i] == '%')
        {
            size_t eol = r->i, n;
            const char *body;

            while (eol < end && r->p[eol] != '\n')
                eol++;
            body = marker_body(r->p + r->i + 1, eol - r->i - 1, &n);
            if (body != NULL)
                add_marker(r, r->i, body, n);
            exattn_page__put(r->c, " ", 1, r->i, 1);
            r->i = eol;
            continue;
        }
        if (r->fmt == EXATTN_PAGE_HTML && r->p[r->i] == '&' && entity(r, 1))
            continue;
        exattn_page__put(r->c, r->p + r->i, 1, r->i, 1);
        r->i++;
    }
}

/* Is byte `at` a line break that ends a paragraph (a blank line
 * follows, or the page ends)? */
static int
paragraph_ends(const reader *r, size_t at)
{
    size_t k;

    if (r->p[at] != '\n')
        return 0;
    for (k = at + 1; k < r->len && (r->p[k] == ' ' || r->p[k] == '\t'
                                    || r->p[k] == '\r'); k++)
        ;
    return k >= r->len || r->p[k] == '\n';
}

/* $$...$$, $...$, \(...\), \[...\] at r->i: 1 when read (r->i past it),
 * 0 when there is none, negative on an error. */
static int
math_span(reader *r)
{
    static const char *const pairs[][2] = {
        { "$$", "$$" }, { "\\(", "\\)" }, { "\\[", "\\]" },
    };
    size_t k, open = r->i, end;

    for (k = 0; k < 3; k++)
        if (starts(r, open, pairs[k][0]))
        {
            end = find(r, open + 2, pairs[k][1]);
            if (end == r->len)
                return fail_at(r, open, k == 0
                               ? "unterminated display math ($$ without "
                                 "its closing $$)"
                               : k == 1 ? "unterminated math (\\( without "
                                          "\\))"
                                        : "unterminated display math (\\[ "
                                          "without \\])"), -1;
            space(r, open);
            r->i = open + 2;
            copy_math(r, end);
            r->i = end + 2;
            space(r, end);
            return 1;
        }
    if (r->p[open] != '$')
        return 0;
    /* $...$: opened by a $ before a non-space, closed within its
     * paragraph by a $ after a non-space and before no digit (pandoc's
     * tex_math_dollars) */
    if (open + 1 >= r->len || isspace((unsigned char)r->p[open + 1])
        || r->p[open + 1] == '`')
        return 0;               /* GitHub's $`..`$: inline_code's */
    for (end = open + 1; end < r->len && !paragraph_ends(r, end); end++)
        if (r->p[end] == '\\' && end + 1 < r->len)
            end++;
        else if (r->p[end] == '$'
                 && !isspace((unsigned char)r->p[end - 1])
                 && !(end + 1 < r->len
                      && isdigit((unsigned char)r->p[end + 1])))
            break;
    if (end >= r->len || r->p[end] != '$')
        return fail_at(r, open, "unterminated math: a $ opens math that no "
                                "$ closes in its paragraph (write \\$ for a "
                                "dollar sign)"), -1;
    space(r, open);
    r->i = open + 1;
    copy_math(r, end);
    r->i = end + 1;
    space(r, end);
    return 1;
}

/* A URL at r->i (http://, https://, www.): skipped to the next space,
 * closing bracket or quote. */
static int
url(reader *r)
{
    size_t start = r->i;

    if (!starts(r, start, "http://") && !starts(r, start, "https://")
        && !starts(r, start, "www."))
        return 0;
    if (start > 0 && isalnum((unsigned char)r->p[start - 1]))
        return 0;
    while (r->i < r->len && !isspace((unsigned char)r->p[r->i])
           && !strchr(")]>\"'<", r->p[r->i]))
        r->i++;
    space(r, start);
    return 1;
}

/* ---- where prose stands: headings, links' text, alt text -------------- */

/* The end of the line at `at` (its '\n', or len). */
static size_t
line_end(reader *r, size_t at)
{
    return find(r, at, "\n");
}

static int at_line_start(const reader *r, size_t at);

/* A Markdown heading starts at r->i: "# ..." to "###### ...", or a line
 * underlined by a line of '=' (setext). */
static void
markdown_heading(reader *r)
{
    size_t k = r->i, n = 0, eol, j;

    if (!at_line_start(r, k))
        return;
    while (k + n < r->len && r->p[k + n] == '#')
        n++;
    if (n >= 1 && n <= 6 && (k + n == r->len || r->p[k + n] == ' '
                             || r->p[k + n] == '\t' || r->p[k + n] == '\n'))
    {
        heading_at(r, (int)n, line_end(r, k));
        return;
    }
    eol = line_end(r, k);
    if (eol >= r->len || eol == k)
        return;
    for (j = eol + 1, n = 0; j < r->len && r->p[j] == '='; j++, n++)
        ;
    while (j < r->len && (r->p[j] == ' ' || r->p[j] == '\r'))
        j++;
    if (n >= 2 && (j == r->len || r->p[j] == '\n'))
        heading_at(r, 1, eol);
}

/* [text](target), [text][ref], ![alt](src) at r->i: the text is a
 * link's or an image's, on one line. */
static void
markdown_link(reader *r)
{
    size_t k, eol;

    if (r->p[r->i] != '[')
        return;
    eol = line_end(r, r->i);
    if (eol - r->i > 2000)
        eol = r->i + 2000;      /* a link's text is short: bounded work */
    for (k = r->i + 1; k < eol && r->p[k] != ']'; k++)
        if (r->p[k] == '\\')
            k++;
    if (k + 1 >= eol || (r->p[k + 1] != '(' && r->p[k + 1] != '['))
        return;
    stand_in(r, r->i > 0 && r->p[r->i - 1] == '!' ? EXATTN_PAGE_IN_ALT
                                                  : EXATTN_PAGE_IN_LINK, k);
}

/* <h1>..<h6>, <title>, <a ...>: to their closing tag. */
static void
html_context(reader *r)
{
    static const struct { const char *open, *close; int bit; } kinds[] = {
        { "<h1", "</h1", EXATTN_PAGE_IN_HEADING },
        { "<h2", "</h2", EXATTN_PAGE_IN_HEADING },
        { "<h3", "</h3", EXATTN_PAGE_IN_HEADING },
        { "<h4", "</h4", EXATTN_PAGE_IN_HEADING },
        { "<h5", "</h5", EXATTN_PAGE_IN_HEADING },
        { "<h6", "</h6", EXATTN_PAGE_IN_HEADING },
        { "<title", "</title", EXATTN_PAGE_IN_HEADING },
        { "<a", "</a", EXATTN_PAGE_IN_LINK },
    };
    size_t k, n, after;

    if (r->p[r->i] != '<')
        return;
    for (k = 0; k < sizeof kinds / sizeof *kinds; k++)
    {
        n = strlen(kinds[k].open);
        after = r->i + n;
        if (starts_nocase(r, r->i, kinds[k].open)
            && (after >= r->len || isspace((unsigned char)r->p[after])
                || r->p[after] == '>'))
        {
            if (kinds[k].bit == EXATTN_PAGE_IN_HEADING)
                heading_at(r, kinds[k].open[1] == 't' ? 0
                                                      : kinds[k].open[2] - '0',
                           find_nocase(r, after, kinds[k].close));
            else
                stand_in(r, kinds[k].bit,
                         find_nocase(r, after, kinds[k].close));
            return;
        }
    }
}

/* The brace group at k, past spaces, nesting counted: 1, and *close its
 * closing brace (len when it has none); or 0, and *close past the spaces
 * (no group there). */
static int
group_at(const reader *r, size_t k, size_t *close)
{
    size_t depth = 0;

    while (k < r->len && isspace((unsigned char)r->p[k]))
        k++;
    *close = k;
    if (k >= r->len || r->p[k] != '{')
        return 0;
    for (; k < r->len; k++)
        if (r->p[k] == '\\')
            k++;
        else if (r->p[k] == '{')
            depth++;
        else if (r->p[k] == '}' && --depth == 0)
            break;
    *close = k < r->len ? k : r->len;
    return 1;
}

/* The closing brace of the group that follows a command ending at k,
 * after an optional * and [..] (k past them when there is none). */
static size_t
group_after(reader *r, size_t k)
{
    size_t close;

    if (k < r->len && r->p[k] == '*')
        k++;
    while (k < r->len && isspace((unsigned char)r->p[k]))
        k++;
    if (k < r->len && r->p[k] == '[')
        while (k < r->len && r->p[k] != ']')
            k++;
    if (k < r->len && r->p[k] == ']')
        k++;
    group_at(r, k, &close);
    return close;
}

/* \section{..} and its kin: a heading. */
static void
latex_heading(reader *r)
{
    static const char *const heads[] = {
        "\\part", "\\chapter", "\\section", "\\subsection",
        "\\subsubsection", "\\paragraph", "\\subparagraph", "\\title",
        "\\frametitle", "\\framesubtitle"
    };
    /* as HTML's: \chapter is <h1>, \section <h2> */
    static const int levels[] = { 0, 1, 2, 3, 4, 5, 6, 0, 2, 3 };
    size_t k, n;

    if (r->p[r->i] != '\\')
        return;
    for (k = 0; k < sizeof heads / sizeof *heads; k++)
    {
        n = strlen(heads[k]);
        if (starts(r, r->i, heads[k])
            && (r->i + n >= r->len || !isalpha((unsigned char)r->p[r->i + n])))
        {
            heading_at(r, levels[k], group_after(r, r->i + n));
            return;
        }
    }
}

/* ---- Markdown ---------------------------------------------------------- */

static int
at_line_start(const reader *r, size_t at)
{
    size_t k = at, spaces = 0;

    while (k > 0 && r->p[k - 1] == ' ' && spaces < 4)
        k--, spaces++;
    return spaces < 4 && (k == 0 || r->p[k - 1] == '\n');
}

/* Is the fence whose info string runs [info, eol) a math block --
 * GitHub's "math", MyST's "{math}"?  Then r->i is set past its option
 * lines (MyST's ":label: eq-1") to where its TeX starts, before close. */
static int
math_fence(reader *r, size_t info, size_t eol, size_t close)
{
    static const char *const infos[] = { "math", "{math}" };
    size_t k, n, at;

    while (info < eol && (r->p[info] == ' ' || r->p[info] == '\t'))
        info++;
    for (k = 0; k < sizeof infos / sizeof *infos; k++)
    {
        n = strlen(infos[k]);
        if (info + n <= eol && memcmp(r->p + info, infos[k], n) == 0
            && (info + n == eol || isspace((unsigned char)r->p[info + n])))
            break;
    }
    if (k == sizeof infos / sizeof *infos || eol >= close)
        return 0;
    at = eol + 1;
    while (at < close && r->p[at] == ':')
        at = find(r, at, "\n") + 1;
    r->i = at < close ? at : close;
    return 1;
}

/* A fence (``` or ~~~) at the start of a line: skipped to its closing
 * fence, or to the end of the page (CommonMark). */
static int
fence(reader *r)
{
    char ch = r->p[r->i];
    size_t start = r->i, n = 0, k, close = r->len, body;

    if ((ch != '`' && ch != '~') || !at_line_start(r, start))
        return 0;
    while (start + n < r->len && r->p[start + n] == ch)
        n++;
    if (n < 3)
        return 0;
    k = start + n;
    body = find(r, k, "\n");
    for (;;)
    {
        k = find(r, k, "\n");
        if (k == r->len)
            break;
        k++;
        {
            size_t j = k, m = 0;

            while (j < r->len && r->p[j] == ' ' && j - k < 4)
                j++;
            while (j + m < r->len && r->p[j + m] == ch)
                m++;
            if (m >= n)
            {
                close = k;
                k = find(r, j + m, "\n");
                break;
            }
        }
    }
    space(r, start);
    if (math_fence(r, start + n, body, close))
    {
        /* GitHub's ```math, MyST's ```{math}: display math, not code */
        copy_math(r, close);
        space(r, close);
    }
    r->i = k;
    return 1;
}

/* The indentation of the line starting at k (a tab counts four), and
 * whether it holds nothing else. */
static size_t
indent_of(const reader *r, size_t k, int *blank)
{
    size_t n = 0;

    while (k < r->len && (r->p[k] == ' ' || r->p[k] == '\t'))
        n += r->p[k++] == '\t' ? 4 : 1;
    *blank = k >= r->len || r->p[k] == '\n' || r->p[k] == '\r';
    return n;
}

/* Does the line at k open a list item ("- ", "* ", "+ ", "1. ", "2) ")? */
static int
list_item(const reader *r, size_t k)
{
    while (k < r->len && r->p[k] == ' ')
        k++;
    if (k + 1 < r->len && strchr("-*+", r->p[k]) && r->p[k + 1] == ' ')
        return 1;
    while (k < r->len && isdigit((unsigned char)r->p[k]))
        k++;
    return k + 1 < r->len && k > 0 && isdigit((unsigned char)r->p[k - 1])
           && (r->p[k] == '.' || r->p[k] == ')') && r->p[k + 1] == ' ';
}

/* The start of the line after the one at k. */
static size_t
next_line(reader *r, size_t k)
{
    size_t n = find(r, k, "\n");

    return n < r->len ? n + 1 : r->len;
}

/* The start of the line before the one at k, or (size_t)-1. */
static size_t
line_before(const reader *r, size_t k)
{
    if (k == 0)
        return (size_t)-1;
    for (k--; k > 0 && r->p[k - 1] != '\n'; k--)
        ;
    return k;
}

/* An indented code block (CommonMark): lines indented four spaces or
 * more after a blank line, unless they go on a list item.  Skipped with
 * the blank lines inside it, as a fence's body is. */
static int
indented_code(reader *r)
{
    size_t k = r->i, prev, end;
    int blank;

    if ((k > 0 && r->p[k - 1] != '\n') || indent_of(r, k, &blank) < 4
        || blank)
        return 0;
    prev = line_before(r, k);
    if (prev != (size_t)-1)
    {
        indent_of(r, prev, &blank);
        if (!blank)
            return 0;           /* a paragraph's continuation */
        /* past the blank lines, the block before: a list item goes on */
        while (prev != (size_t)-1 && (indent_of(r, prev, &blank), blank))
            prev = line_before(r, prev);
        if (prev != (size_t)-1
            && (list_item(r, prev) || indent_of(r, prev, &blank) >= 2))
            return 0;
    }
    for (end = k; end < r->len;)
    {
        size_t after;

        if (indent_of(r, end, &blank) < 4 && !blank)
            break;
        if (!blank)
        {
            end = next_line(r, end);
            continue;
        }
        /* blank lines belong to it only when code follows them */
        for (after = end; after < r->len && (indent_of(r, after, &blank),
                                             blank);)
            after = next_line(r, after);
        if (after >= r->len || indent_of(r, after, &blank) < 4)
            break;
        end = after;
    }
    r->i = end;
    space(r, k);
    return 1;
}

/* A short inline code span [from, to), backticks and all, put as code:
 * no number is read there, but a label in it (`tea`) names a token. */
static void
code_words(reader *r, size_t from, size_t to)
{
    unsigned char was = r->c->context;

    if (to - from > 42 || memchr(r->p + from, '\n', to - from) != NULL)
        return;
    r->c->context |= EXATTN_PAGE_IN_CODE;
    exattn_page__put(r->c, r->p + from, to - from, from, 0);
    r->c->context = was;
    space(r, to - 1);
}

/* `code`: a run of backticks to the same run, else a literal backtick. */
static int
inline_code(reader *r)
{
    size_t start = r->i, n = 0, k;
    /* MyST's {math}`..` role and GitHub's $`..`$: math, not code */
    int math = (start >= 6 && memcmp(r->p + start - 6, "{math}", 6) == 0)
               || (start >= 1 && r->p[start - 1] == '$');

    while (start + n < r->len && r->p[start + n] == '`')
        n++;
    k = start + n;
    if (n < CODE_RUNS && r->run_none[n] != 0 && k >= r->run_none[n])
        k = r->len;         /* known: no closing run of n */
    for (; k < r->len; k++)
        if (r->p[k] == '`')
        {
            size_t m = 0;

            while (k + m < r->len && r->p[k + m] == '`')
                m++;
            if (m == n)
            {
                space(r, start);
                if (math)
                {
                    r->i = start + n;
                    copy_math(r, k);
                    space(r, k);
                }
                else
                    code_words(r, start, k + m);
                r->i = k + m;
                if (math && r->i < r->len && r->p[r->i] == '$')
                    r->i++;
                return 1;
            }
            k += m - 1;
        }
    if (n < CODE_RUNS)
        r->run_none[n] = start + n;
    r->i = start + n;
    space(r, start);
    return 1;
}

/* Is the tag at `at` named `name` (<td ...>, </TD>)? */
static int
tag_named(reader *r, size_t at, const char *name)
{
    size_t n = strlen(name);

    return starts_nocase(r, at, name) && at + n < r->len
           && (r->p[at + n] == '>' || isspace((unsigned char)r->p[at + n]));
}

/* Does a block-level element open or close at `at` (<p>, </li>,
 * <h2 id=..>, </div>)?  Its text is a paragraph of its own. */
static int
paragraph_tag(reader *r, size_t at)
{
    static const char *const blocks[] = {
        "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "blockquote",
        "section", "article", "aside", "header", "footer", "nav", "main",
        "figure", "figcaption", "caption", "pre", "hr", "h1", "h2", "h3",
        "h4", "h5", "h6"
    };
    size_t k, name = at + 1;

    if (r->p[at] != '<')
        return 0;
    if (name < r->len && r->p[name] == '/')
        name++;
    for (k = 0; k < sizeof blocks / sizeof *blocks; k++)
        if (tag_named(r, name, blocks[k]))
            return 1;
    return 0;
}

/* An HTML table's rows, put as a Markdown table's are ("|a|b|" on one
 * line, a delimiter row after a row of <th> headings), so that a cell
 * is read with its column's heading and its row's first cell as a
 * Markdown cell is.  Only a row of headings alone is the table's
 * heading: a body row may open with a <th> that names it. */
static void
table_tag(reader *r, size_t at)
{
    if (tag_named(r, at, "<table"))
        r->table_depth++;
    else if (tag_named(r, at, "</table") && r->table_depth > 0)
    {
        r->table_depth--;
        r->row_open = 0;
        /* what follows a table is a paragraph of its own */
        exattn_page__put(r->c, "\n\n", 2, at, 0);
    }
    else if (tag_named(r, at, "<tr"))
    {
        exattn_page__put(r->c, "\n|", 2, at, 0);
        r->row_open = 1;
        r->row_cells = r->row_heads = 0;
    }
    else if (tag_named(r, at, "</td") || tag_named(r, at, "</th"))
    {
        exattn_page__put(r->c, "|", 1, at, 0);
        r->row_cells++;
        r->row_heads += tag_named(r, at, "</th");
    }
    else if (tag_named(r, at, "</tr"))
    {
        int heading = r->row_cells > 0 && r->row_heads == r->row_cells;

        exattn_page__put(r->c, heading ? "\n|-|" : "", heading ? 4 : 0,
                         at, 0);
        r->row_open = 0;
    }
}

/* Between an HTML table's rows: the source's spaces and line breaks
 * there are no text, so that its rows stand on consecutive lines. */
static int
between_rows(const reader *r)
{
    return r->table_depth > 0 && !r->row_open;
}

/* In an HTML table's row, a line break of the source is a space: a
 * row is one line of the cleaned text. */
static int
row_break(reader *r)
{
    if (r->table_depth == 0 || (r->p[r->i] != '\n' && r->p[r->i] != '\r'))
        return 0;
    if (r->row_open)
        space(r, r->i);
    r->i++;
    return 1;
}

/* A tag <...>: skipped.  Returns 0 for a < that opens no tag. */
static int
tag(reader *r)
{
    size_t start = r->i, end;
    unsigned char next = start + 1 < r->len ? (unsigned char)r->p[start + 1]
                                            : 0;

    if (!isalpha(next) && next != '/' && next != '!' && next != '?')
        return 0;
    end = find(r, start, ">");
    if (end == r->len)
        return 0;
    r->i = end + 1;
    if (!between_rows(r))
        space(r, start);
    table_tag(r, start);
    return 1;
}

/* ](target): a link's target, skipped. */
static int
link_target(reader *r)
{
    size_t start = r->i, end;

    if (!starts(r, start, "]("))
        return 0;
    end = find(r, start + 2, ")");
    if (end == r->len || find(r, start, "\n") < end)
        return 0;               /* a target is on one line */
    exattn_page__put(r->c, "]", 1, start, 0);
    r->i = end + 1;
    space(r, start + 1);
    return 1;
}

/* An element whose content is not prose: <pre>, <code>, <script>,
 * <style>, and KaTeX's visual copy (class "katex-html"), skipped to its
 * closing tag (the same name, nesting counted). */
static int
skipped_element(reader *r)
{
    static const char *const names[] = { "pre", "code", "script", "style",
                                         "svg" };
    size_t k, start = r->i, n, close, depth;
    char open_tag[16], close_tag[16];
    const char *name = NULL;
    size_t tag_end = find(r, start, ">");

    if (tag_end == r->len)
        return 0;
    for (k = 0; k < sizeof names / sizeof *names; k++)
    {
        n = strlen(names[k]);
        if (starts_nocase(r, start + 1, names[k]) && start + 1 + n < r->len
            && (isspace((unsigned char)r->p[start + 1 + n])
                || r->p[start + 1 + n] == '>'))
            name = names[k];
    }
    if (name == NULL && starts_nocase(r, start, "<span")
        && find(r, start, "katex-html") < tag_end)
        name = "span";
    if (name == NULL)
        return 0;
    snprintf(open_tag, sizeof open_tag, "<%s", name);
    snprintf(close_tag, sizeof close_tag, "</%s", name);
    depth = 1;
    for (close = tag_end; depth > 0 && close < r->len; close++)
        if (starts_nocase(r, close, close_tag))
            depth--;
        else if (starts_nocase(r, close, open_tag))
            depth++;
    if (depth > 0)
        return fail_at(r, start, "unterminated element: no closing tag"),
               -1;
    r->i = find(r, close, ">");
    r->i = r->i < r->len ? r->i + 1 : r->len;
    space(r, start);
    return 1;
}

/* An element whose content is TeX, for a script to typeset: Distill's
 * <d-math> and MathJax 2's <script type="math/tex"> (mode=display too).
 * Its content is math, as between $ signs. */
static int
tex_element(reader *r)
{
    static const struct
    {
        const char *open, *must, *close;
    } tex[] = {
        { "<d-math", NULL, "</d-math>" },
        { "<script", "math/tex", "</script>" },
    };
    size_t k, n, start = r->i, tag_end = find(r, start, ">"), end;

    for (k = 0; k < sizeof tex / sizeof *tex; k++)
    {
        n = strlen(tex[k].open);
        if (!starts_nocase(r, start, tex[k].open) || start + n >= r->len
            || !(isspace((unsigned char)r->p[start + n])
                 || r->p[start + n] == '>')
            || tag_end == r->len
            || (tex[k].must && find_nocase(r, start, tex[k].must) > tag_end))
            continue;
        end = find_nocase(r, tag_end, tex[k].close);
        if (end == r->len)
            return fail_at(r, start, "unterminated math element: no "
                                     "closing tag"), -1;
        space(r, start);
        r->i = tag_end + 1;
        copy_math(r, end);
        r->i = end + strlen(tex[k].close);
        space(r, end);
        return 1;
    }
    return 0;
}

/* <math>...</math> (MathML, as KaTeX renders it): its TeX annotation as
 * math when it has one, else the text of its elements. */
static int
mathml(reader *r)
{
    size_t start = r->i, end, ann, body;

    if (!starts_nocase(r, start, "<math") || start + 5 >= r->len
        || !(isspace((unsigned char)r->p[start + 5])
             || r->p[start + 5] == '>'))
        return 0;
    end = find_nocase(r, start, "</math>");
    if (end == r->len)
        return fail_at(r, start, "unterminated <math> (no </math>)"), -1;
    ann = find_nocase(r, start, "encoding=\"application/x-tex\"");
    space(r, start);
    if (ann < end)
    {
        size_t close;

        body = find(r, ann, ">") + 1;
        close = find_nocase(r, body, "</annotation>");
        r->i = body < end ? body : end;
        /* within this element only, whatever follows */
        copy_math(r, close < end ? close : end);
    }
    else
        for (r->i = find(r, start, ">") + 1; r->i < end;)
            if (r->p[r->i] == '<')
                r->i = find(r, r->i, ">") + 1, space(r, r->i - 1);
            else if (r->p[r->i] == '&' && entity(r, 1))
                ;
            else
                exattn_page__put(r->c, r->p + r->i, 1, r->i, 1), r->i++;
    r->i = end + 7;
    space(r, end);
    return 1;
}

/* A Markdown page's YAML front matter ("---" ... "---" or "..." at the
 * top): metadata, not prose; skipped. */
static void
front_matter(reader *r)
{
    size_t k;

    if (r->fmt != EXATTN_PAGE_MARKDOWN || r->i != (r->len >= 3
        && memcmp(r->p, "\xef\xbb\xbf", 3) == 0 ? 3u : 0u)
        || !(starts(r, r->i, "---\n") || starts(r, r->i, "---\r\n")))
        return;
    for (k = find(r, r->i, "\n"); k < r->len; k = find(r, k + 1, "\n"))
        if (starts(r, k + 1, "---") || starts(r, k + 1, "..."))
        {
            size_t end = find(r, k + 1, "\n");

            space(r, r->i);
            r->i = end;
            return;
        }
}

/* Can byte k start nothing any reader of markup acts on, mid-line: no
 * tag, entity, escape, code, math, link or line break -- and no URL
 * (an "h" or a "w" after a letter or a digit)? */
static int
inert(const reader *r, size_t k)
{
    unsigned char ch = (unsigned char)r->p[k];

    if (strchr("<&\\`$[]\n\r", ch) != NULL || ch == '\0')
        return 0;
    if ((ch == 'h' || ch == 'w')
        && !(k > 0 && isalnum((unsigned char)r->p[k - 1])))
        return 0;
    return 1;
}

/* A run of inert bytes at r->i, not at a line's start (headings, fences
 * and indented code begin there) and not between an HTML table's rows:
 * put in one go, in the context of its first byte, up to where a
 * heading's, a link's or an alt text's context ends.  1 when there was
 * one.  The readers below would each have passed over these bytes. */
static int
plain_run(reader *r)
{
    size_t end = r->len, j, k;

    if (at_line_start(r, r->i) || between_rows(r) || !inert(r, r->i))
        return 0;
    for (k = 0; k < 3; k++)
        if (r->until[k] > r->i && r->until[k] < end)
            end = r->until[k];
    for (j = r->i + 1; j < end && inert(r, j); j++)
        ;
    context_at(r);
    exattn_page__put(r->c, r->p + r->i, j - r->i, r->i, 0);
    r->i = j;
    return 1;
}

static int
read_markup(reader *r)
{
    int k;

    front_matter(r);
    while (r->i < r->len)
    {
        char ch = r->p[r->i];

        if (plain_run(r))
            continue;
        if (r->fmt == EXATTN_PAGE_MARKDOWN)
        {
            markdown_heading(r);
            markdown_link(r);
        }
        if (ch == '<' && !r->row_open && paragraph_tag(r, r->i))
            /* a paragraph, a list item, a heading: its sentences end
             * (put before a heading's text begins) */
            exattn_page__put(r->c, "\n\n", 2, r->i, 0);
        html_context(r);
        context_at(r);
        if (ch == '\\' && r->i + 1 < r->len && strchr("$`<&", r->p[r->i + 1]))
        {
            /* an escaped character: literal */
            exattn_page__put(r->c, r->p + r->i + 1, 1, r->i + 1, 0);
            r->i += 2;
            continue;
        }
        if (r->fmt == EXATTN_PAGE_MARKDOWN && (fence(r) || indented_code(r)))
            continue;
        if (r->fmt == EXATTN_PAGE_MARKDOWN && ch == '`' && inline_code(r))
            continue;
        if (starts(r, r->i, "<!--"))
        {
            if ((k = html_comment(r)) != EXATTN_OK)
                return k;
            continue;
        }
        if (ch == '<' && (k = tex_element(r)) != 0)
        {
            if (k < 0)
                return r->err ? r->err->code : EXATTN_ESYNTAX;
            continue;
        }
        if (ch == '<' && (k = skipped_element(r)) != 0)
        {
            if (k < 0)
                return r->err ? r->err->code : EXATTN_ESYNTAX;
            continue;
        }
        if (ch == '<' && (k = mathml(r)) != 0)
        {
            if (k < 0)
                return r->err ? r->err->code : EXATTN_ESYNTAX;
            continue;
        }
        if (ch == '<' && tag(r))
            continue;
        if (ch == '&' && entity(r, 0))
            continue;
        if (link_target(r) || url(r))
            continue;
        if ((k = math_span(r)) != 0)
        {
            if (k < 0)
                return r->err ? r->err->code : EXATTN_ESYNTAX;
            continue;
        }
        if (row_break(r))
            continue;
        if (between_rows(r) && isspace((unsigned char)ch))
        {
            r->i++;
            continue;
        }
        exattn_page__put(r->c, r->p + r->i, 1, r->i, 0);
        r->i++;
    }
    return EXATTN_OK;
}

/* ---- LaTeX ------------------------------------------------------------ */

static const char *const math_envs[] = {
    "equation", "equation*", "align", "align*", "aligned", "gather",
    "gather*", "multline", "multline*", "displaymath", "math", "eqnarray",
    "eqnarray*", "split", "flalign", "flalign*"
};
static const char *const code_envs[] = { "verbatim", "verbatim*",
                                         "lstlisting", "minted", "comment" };
/* Commands whose first argument is not prose. */
static const char *const silent[] = {
    "\\label", "\\ref", "\\eqref", "\\cite", "\\url", "\\href",
    "\\includegraphics", "\\input", "\\include", "\\usepackage",
    "\\documentclass", "\\pageref", "\\bibliography", "\\bibliographystyle",
    "\\setlength", "\\vspace", "\\hspace", "\\newcommand",
    "\\renewcommand", "\\geometry"
};

/* \begin{NAME} at r->i when NAME is in `list`: the index, else -1. */
static int
begins(reader *r, const char *const *list, size_t count)
{
    size_t k, n;

    if (!starts(r, r->i, "\\begin{"))
        return -1;
    for (k = 0; k < count; k++)
    {
        n = strlen(list[k]);
        if (starts(r, r->i + 7, list[k]) && r->i + 7 + n < r->len
            && r->p[r->i + 7 + n] == '}')
            return (int)k;
    }
    return -1;
}

static int
environment(reader *r, const char *name, int math)
{
    char end_tag[48];
    size_t start = r->i, body = find(r, start, "}") + 1, end;

    snprintf(end_tag, sizeof end_tag, "\\end{%s}", name);
    end = scan_for(r, body, end_tag, 0);    /* not memoized: a local */
    if (end == r->len)
        return fail_at(r, start, math ? "unterminated math environment "
                                        "(\\begin without its \\end)"
                                      : "unterminated environment (\\begin "
                                        "without its \\end)");
    space(r, start);
    r->i = body;
    if (math)
        copy_math(r, end);
    r->i = end + strlen(end_tag);
    space(r, end);
    return EXATTN_OK;
}

static void skip_group(reader *r);
static void row_starts(reader *r);

/* ---- LaTeX tables: read as a Markdown table's rows are ---------------- */

static const char *const tabulars[] = { "tabular", "tabular*", "tabularx",
                                        "longtable" };

/* \begin{tabular}{..} at r->i: its rows are put as "|a|b|" lines, a
 * delimiter row after the first, so that a cell is read with its
 * column's heading and its row's first cell (words.c). */
static int
tabular_begins(reader *r)
{
    char end_tag[32];
    int e = begins(r, tabulars, sizeof tabulars / sizeof *tabulars);
    size_t k, close;

    if (e < 0)
        return 0;
    snprintf(end_tag, sizeof end_tag, "\\end{%s}", tabulars[e]);
    r->tabular_end = scan_for(r, r->i, end_tag, 0);
    r->tabular_rows = 0;
    space(r, r->i);
    k = r->i + 7 + strlen(tabulars[e]) + 1;
    /* tabular*'s and tabularx's width, then the column spec */
    if (e == 1 || e == 2)
        k = group_at(r, k, &close) ? close + 1 : k;
    r->i = group_at(r, k, &close) ? close + 1 : k;
    exattn_page__put(r->c, "\n", 1, r->i, 0);
    row_starts(r);
    return 1;
}

/* A tabular's row begins: past spaces, line breaks and rules, its
 * opening bar, on the row's own line. */
static void
row_starts(reader *r)
{
    static const char *const rules[] = { "\\hline", "\\toprule",
                                         "\\midrule", "\\bottomrule" };
    size_t k;
    int moved = 1;

    while (moved && r->i < r->tabular_end)
    {
        moved = 0;
        while (r->i < r->tabular_end && isspace((unsigned char)r->p[r->i]))
            r->i++, moved = 1;
        for (k = 0; k < sizeof rules / sizeof *rules; k++)
            if (starts(r, r->i, rules[k]))
                r->i += strlen(rules[k]), moved = 1;
    }
    exattn_page__put(r->c, "|", 1, r->i, 0);
}

/* Inside a tabular: '&' ends a cell, \\ a row; its \end ends it; rules
 * (\hline, \midrule) are dropped.  1 when r->i was one of these. */
static int
tabular_mark(reader *r)
{
    static const char *const rules[] = { "\\hline", "\\toprule",
                                         "\\midrule", "\\bottomrule",
                                         "\\cline" };
    size_t k, start = r->i;

    if (r->i >= r->tabular_end)
    {
        exattn_page__put(r->c, "|\n", 2, r->i, 0);
        r->tabular_end = 0;
        return 0;               /* the \end{tabular} itself is read on */
    }
    if (r->p[r->i] == '&')
    {
        exattn_page__put(r->c, "|", 1, r->i++, 0);
        return 1;
    }
    if (starts(r, r->i, "\\\\"))
    {
        r->i += 2;
        if (r->i < r->len && r->p[r->i] == '[')
            while (r->i < r->len && r->p[r->i - 1] != ']')
                r->i++;
        if (r->tabular_rows++ == 0)
            exattn_page__put(r->c, "|\n|-|\n", 6, start, 0);
        else
            exattn_page__put(r->c, "|\n", 2, start, 0);
        row_starts(r);
        return 1;
    }
    for (k = 0; k < sizeof rules / sizeof *rules; k++)
        if (starts(r, r->i, rules[k]))
        {
            r->i += strlen(rules[k]);
            if (strcmp(rules[k], "\\cline") == 0)
                skip_group(r);
            space(r, start);
            return 1;
        }
    return 0;
}

/* % to the end of the line: a marker or nothing. */
static int
tex_comment(reader *r)
{
    size_t start = r->i, end = find(r, start, "\n"), n;
    const char *body = marker_body(r->p + start + 1, end - start - 1, &n);

    if (body != NULL && add_marker(r, start, body, n) != EXATTN_OK)
        return EXATTN_ENOMEM;
    r->i = end;
    space(r, start);
    return EXATTN_OK;
}

/* A brace group at r->i, skipped (nesting counted). */
static void
skip_group(reader *r)
{
    size_t close;

    if (group_at(r, r->i, &close))
        r->i = close < r->len ? close + 1 : r->len;
    else
        r->i = close;
}

static int
read_latex(reader *r)
{
    size_t k, start;
    int e, code;

    while (r->i < r->len)
    {
        char ch = r->p[r->i];

        start = r->i;
        latex_heading(r);
        context_at(r);
        if (ch == '\\' && r->i + 1 < r->len && strchr("%$&#_{}", r->p[r->i + 1]))
        {
            exattn_page__put(r->c, r->p + r->i + 1, 1, r->i + 1, 0);
            r->i += 2;
            continue;
        }
        if (r->tabular_end != 0 && tabular_mark(r))
            continue;
        if (ch == '\\' && r->i + 1 < r->len && r->p[r->i + 1] == '\\')
        {
            /* a line break, \\[2pt] too: no \[ opens display math */
            r->i += 2;
            if (r->i < r->len && r->p[r->i] == '[')
            {
                const char *close = memchr(r->p + r->i, ']',
                                           r->len - r->i);

                if (close != NULL && close - (r->p + r->i) < 16)
                    r->i = (size_t)(close - r->p) + 1;
            }
            space(r, start);
            continue;
        }
        if (ch == '%')
        {
            if ((code = tex_comment(r)) != EXATTN_OK)
                return code;
            continue;
        }
        if (tabular_begins(r))
            continue;
        if ((e = begins(r, code_envs, sizeof code_envs / sizeof *code_envs))
            >= 0)
        {
            if ((code = environment(r, code_envs[e], 0)) != EXATTN_OK)
                return code;
            continue;
        }
        if ((e = begins(r, math_envs, sizeof math_envs / sizeof *math_envs))
            >= 0)
        {
            if ((code = environment(r, math_envs[e], 1)) != EXATTN_OK)
                return code;
            continue;
        }
        if (starts(r, r->i, "\\verb") && r->i + 5 < r->len
            && !isalpha((unsigned char)r->p[r->i + 5]))
        {
            char delim = r->p[r->i + 5];
            const char *hit = memchr(r->p + r->i + 6, delim,
                                     r->len - r->i - 6);
            size_t end = hit ? (size_t)(hit - r->p) : r->len;

            r->i = end < r->len ? end + 1 : r->len;
            space(r, start);
            continue;
        }
        for (k = 0; k < sizeof silent / sizeof *silent; k++)
            if (starts(r, r->i, silent[k])
                && (r->i + strlen(silent[k]) >= r->len
                    || !isalpha((unsigned char)r->p[r->i
                                                    + strlen(silent[k])])))
                break;
        if (k < sizeof silent / sizeof *silent)
        {
            r->i += strlen(silent[k]);
            if (r->i < r->len && r->p[r->i] == '*')
                r->i++;
            skip_group(r);
            space(r, start);
            /* \href{url}{text}: the text is a link's */
            if (strcmp(silent[k], "\\href") == 0)
                stand_in(r, EXATTN_PAGE_IN_LINK, group_after(r, r->i));
            continue;
        }
        if (url(r))
            continue;
        if ((e = math_span(r)) != 0)
        {
            if (e < 0)
                return r->err ? r->err->code : EXATTN_ESYNTAX;
            continue;
        }
        exattn_page__put(r->c, r->p + r->i, 1, r->i, 0);
        r->i++;
    }
    return EXATTN_OK;
}

/* A plain-text heading: a line that opens and closes with a run of "="
 * (wiki style, "== variant \"zero query\" =="; level: the run's
 * length), or a line underlined by "===" or "---" (setext). */
static void
text_heading(reader *r)
{
    size_t k = r->i, n = 0, eol, e;

    if (!at_line_start(r, k))
        return;
    eol = line_end(r, k);
    while (k + n < eol && r->p[k + n] == '=')
        n++;
    e = eol;
    while (e > k && (r->p[e - 1] == ' ' || r->p[e - 1] == '\r'))
        e--;
    if (n >= 1 && n <= 6 && e - k > 2 * n && r->p[k + n] == ' '
        && r->p[e - 1] == '=')
    {
        heading_at(r, (int)n, eol);
        return;
    }
    markdown_heading(r);        /* setext: "Title\n=====" */
}

static int
read_text(reader *r)
{
    while (r->i < r->len)
    {
        text_heading(r);
        context_at(r);
        if (url(r))
            continue;
        exattn_page__put(r->c, r->p + r->i, 1, r->i, 0);
        r->i++;
    }
    return EXATTN_OK;
}

/* The first byte that is not valid UTF-8 (overlong forms, surrogates and
 * code points past U+10FFFF included), or len. */
static size_t
invalid_utf8(const unsigned char *s, size_t len)
{
    size_t i = 0, n;

    while (i < len && (n = exattn_utf8__sequence(s + i, len - i)) > 0)
        i += n;
    return i;
}

int
exattn_page__clean(exattn_page_clean *out, const char *file,
                   const char *page, size_t len, exattn_page_format fmt,
                   exattn_error_t *err)
{
    reader r;
    size_t bad;
    int code;

    memset(out, 0, sizeof *out);
    memset(&r, 0, sizeof r);
    exattn_sbuf__init(&out->text);
    r.c = out;
    r.file = file;
    r.p = page;
    r.len = len;
    r.i = 0;
    r.fmt = fmt;
    r.err = err;
    if (memchr(page, '\0', len) != NULL)
        return fail_at(&r, (size_t)((const char *)memchr(page, '\0', len)
                                    - page),
                       "a NUL byte: not a text page");
    if ((bad = invalid_utf8((const unsigned char *)page, len)) < len)
        return fail_at(&r, bad, "invalid UTF-8");
    if (len >= 3 && memcmp(page, "\xef\xbb\xbf", 3) == 0)
        r.i = 3;                /* a byte-order mark */
    code = fmt == EXATTN_PAGE_LATEX ? read_latex(&r)
           : fmt == EXATTN_PAGE_TEXT ? read_text(&r)
                                     : read_markup(&r);
    if (code == EXATTN_OK && out->oom)
        code = exattn_error__set(err, EXATTN_ENOMEM, file, 0, 0,
                                 "out of memory");
    if (code == EXATTN_OK)
        exattn_page__nest_headings(out);
    return code;
}
