/* A page cleaned for reading its numbers: what a reader sees as prose or
 * math, each byte with the page offset it came from.  Dropped: code
 * (fences, inline code, <pre>, <code>, verbatim), tags, comments (kept as
 * markers when they begin with "exattn"), URLs and link targets, the
 * visual copy of KaTeX-rendered math (its TeX annotation is read
 * instead).  Each reader is a loop over the page that calls
 * exattn_page__put; a dropped stretch becomes one space, so that the
 * words on either side stay apart.  Here: the cleaned text, the
 * reader's primitives (searches, markers, entities, math delimiters,
 * where prose stands), plain text and the dispatch by format; the
 * readers of Markdown and HTML are clean_markup.c's, of LaTeX
 * clean_latex.c's. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>              /* strncasecmp (POSIX) */
#include "page/clean.h"

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


/* Set what is put next to stand where r->i is. */
void
exattn_page__context_at(reader *r)
{
    unsigned char ctx = 0;
    int k;

    for (k = 0; k < 3; k++)
        if (r->i < r->until[k])
            ctx |= (unsigned char)(1u << k);
    r->c->context = ctx;
}

/* Context bit `bit` (an EXATTN_PAGE_IN_ value) from r->i to `end`. */
void
exattn_page__stand_in(reader *r, int bit, size_t end)
{
    int k = bit == EXATTN_PAGE_IN_HEADING ? 0
            : bit == EXATTN_PAGE_IN_LINK ? 1 : 2;

    if (end > r->until[k])
        r->until[k] = end;
}

/* A heading of `level` (1 for a title or a chapter, as <h1>) from r->i
 * to `end`. */
void
exattn_page__heading_at(reader *r, int level, size_t end)
{
    if (end > r->until[0])
    {
        r->c->heading_started = 1;
        r->c->heading_level = level;
    }
    exattn_page__stand_in(r, EXATTN_PAGE_IN_HEADING, end);
}

int
exattn_page__fail_at(reader *r, size_t at, const char *what)
{
    unsigned long line, column;

    exattn_page__position(r->p, at, &line, &column);
    return exattn_error__set(r->err, EXATTN_ESYNTAX, r->file, line, column,
                             "%s", what);
}

int
exattn_page__starts(const reader *r, size_t at, const char *s)
{
    size_t n;

    if (at >= r->len || r->p[at] != s[0])
        return 0;
    n = strlen(s);
    return at + n <= r->len && memcmp(r->p + at, s, n) == 0;
}

int
exattn_page__starts_nocase(const reader *r, size_t at, const char *s)
{
    size_t n = strlen(s);

    return at + n <= r->len && strncasecmp(r->p + at, s, n) == 0;
}

size_t
exattn_page__scan_for(const reader *r, size_t at, const char *s, int nocase)
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
    k = exattn_page__scan_for(r, at, s, nocase);
    if (m != NULL)
    {
        m->from = at;
        m->found = k;
    }
    return k;
}

size_t
exattn_page__find(reader *r, size_t at, const char *s)
{
    return search(r, at, s, 0);
}

size_t
exattn_page__find_nocase(reader *r, size_t at, const char *s)
{
    return search(r, at, s, 1);
}

void
exattn_page__space(reader *r, size_t origin)
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
int
exattn_page__html_comment(reader *r)
{
    size_t start = r->i, end = exattn_page__find(r, r->i + 4, "-->"), n;
    const char *body;

    if (end == r->len)
        return exattn_page__fail_at(r, start, "unterminated HTML comment "
                                              "(<!-- without -->)");
    body = marker_body(r->p + start + 4, end - start - 4, &n);
    if (body != NULL && add_marker(r, start, body, n) != EXATTN_OK)
        return EXATTN_ENOMEM;
    r->i = end + 3;
    exattn_page__space(r, start);
    return EXATTN_OK;
}

/* % to the end of the line: a marker or nothing. */
int
exattn_page__tex_comment(reader *r)
{
    size_t start = r->i, end = exattn_page__find(r, start, "\n"), n;
    const char *body = marker_body(r->p + start + 1, end - start - 1, &n);

    if (body != NULL && add_marker(r, start, body, n) != EXATTN_OK)
        return EXATTN_ENOMEM;
    r->i = end;
    exattn_page__space(r, start);
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

    if (!exattn_page__starts(r, r->i, "&#"))
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
int
exattn_page__entity(reader *r, int math)
{
    size_t k, n;
    unsigned long cp;
    char utf8[4];

    for (k = 0; k < sizeof entities / sizeof *entities; k++)
        if (exattn_page__starts(r, r->i, entities[k].name))
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
void
exattn_page__copy_math(reader *r, size_t end)
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
        if (r->fmt == EXATTN_PAGE_HTML && r->p[r->i] == '&'
            && exattn_page__entity(r, 1))
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
int
exattn_page__math_span(reader *r)
{
    static const char *const pairs[][2] = {
        { "$$", "$$" }, { "\\(", "\\)" }, { "\\[", "\\]" },
    };
    static const char *const unterminated[] = {
        "unterminated display math ($$ without its closing $$)",
        "unterminated math (\\( without \\))",
        "unterminated display math (\\[ without \\])" };
    size_t k, open = r->i, end;

    for (k = 0; k < 3; k++)
        if (exattn_page__starts(r, open, pairs[k][0]))
        {
            end = exattn_page__find(r, open + 2, pairs[k][1]);
            if (end == r->len)
                return exattn_page__fail_at(r, open, unterminated[k]), -1;
            exattn_page__space(r, open);
            r->i = open + 2;
            exattn_page__copy_math(r, end);
            r->i = end + 2;
            exattn_page__space(r, end);
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
        return exattn_page__fail_at(r, open, "unterminated math: a $ opens "
                                             "math that no $ closes in its "
                                             "paragraph (write \\$ for a "
                                             "dollar sign)"), -1;
    exattn_page__space(r, open);
    r->i = open + 1;
    exattn_page__copy_math(r, end);
    r->i = end + 1;
    exattn_page__space(r, end);
    return 1;
}

/* A URL at r->i (http://, https://, www.): skipped to the next space,
 * closing bracket or quote. */
int
exattn_page__url(reader *r)
{
    size_t start = r->i;

    if (!exattn_page__starts(r, start, "http://")
        && !exattn_page__starts(r, start, "https://")
        && !exattn_page__starts(r, start, "www."))
        return 0;
    if (start > 0 && isalnum((unsigned char)r->p[start - 1]))
        return 0;
    while (r->i < r->len && !isspace((unsigned char)r->p[r->i])
           && !strchr(")]>\"'<", r->p[r->i]))
        r->i++;
    exattn_page__space(r, start);
    return 1;
}

/* A plain-text heading: a line that opens and closes with a run of "="
 * (wiki style, "== variant \"zero query\" =="; level: the run's
 * length), or a line underlined by "===" or "---" (setext). */
static void
text_heading(reader *r)
{
    size_t k = r->i, n = 0, eol, e;

    if (!exattn_page__at_line_start(r, k))
        return;
    eol = exattn_page__line_end(r, k);
    while (k + n < eol && r->p[k + n] == '=')
        n++;
    e = eol;
    while (e > k && (r->p[e - 1] == ' ' || r->p[e - 1] == '\r'))
        e--;
    if (n >= 1 && n <= 6 && e - k > 2 * n && r->p[k + n] == ' '
        && r->p[e - 1] == '=')
    {
        exattn_page__heading_at(r, (int)n, eol);
        return;
    }
    exattn_page__markdown_heading(r);        /* setext: "Title\n=====" */
}

/* Spaces at the start of the line at offset i. */
static size_t
indent_at(const reader *r, size_t i)
{
    size_t k = i;

    while (k < r->len && r->p[k] == ' ')
        k++;
    return k - i;
}

/* Does the line break at r->i join a wrapped line to the one it goes on
 * from?  The next line is indented four or more columns past this one's
 * start (at `line`) and either opens with an operator -- "+ (w_2)·(0,2)",
 * "= 0.284"; not '-', a list's bullet -- or comes inside brackets left open (`open`: "(a, b,"
 * then "c)"), as exattn's text output wraps a long formula and a
 * terminal's or a mail's wrapped formula reads. */
static int
continues(const reader *r, size_t line, int open)
{
    size_t next = r->i + 1, in = indent_at(r, next), k = next + in;

    if (in < indent_at(r, line) + 4 || k >= r->len)
        return 0;
    /* "- w1 = 0.27" under "Notes:" is a list's item, not a minus: '-'
     * never continues a line, '+' only when not set as a bullet after a
     * colon */
    if (r->p[k] == '+' && r->i > 0 && r->p[r->i - 1] == ':')
        return 0;
    return open > 0 || strchr("+=", r->p[k]) != NULL
           || (k + 2 < r->len && (memcmp(r->p + k, "\xc2\xb7", 2) == 0
                                  || memcmp(r->p + k, "\xe2\x89\x88", 3)
                                         == 0));
}

static int
read_text(reader *r)
{
    size_t line = 0;
    int open = 0, joined;
    char k;

    while (r->i < r->len)
    {
        text_heading(r);
        exattn_page__context_at(r);
        if (exattn_page__url(r))
            continue;
        k = r->p[r->i];
        joined = k == '\n' && continues(r, line, open);
        exattn_page__put(r->c, joined ? " " : r->p + r->i, 1, r->i, 0);
        open += (k == '(' || k == '[' || k == '{')
                - (k == ')' || k == ']' || k == '}');
        open = open < 0 ? 0 : open;     /* a stray ')' closes nothing */
        if (k == '\n' && !joined)
        {
            line = r->i + 1;        /* a line of its own */
            open = 0;
        }
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
    const char *nul;
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
    if ((nul = memchr(page, '\0', len)) != NULL)
        return exattn_page__fail_at(&r, (size_t)(nul - page),
                                    "a NUL byte: not a text page");
    if ((bad = invalid_utf8((const unsigned char *)page, len)) < len)
        return exattn_page__fail_at(&r, bad, "invalid UTF-8");
    if (len >= 3 && memcmp(page, "\xef\xbb\xbf", 3) == 0)
        r.i = 3;                /* a byte-order mark */
    code = fmt == EXATTN_PAGE_LATEX ? exattn_page__read_latex(&r)
           : fmt == EXATTN_PAGE_TEXT ? read_text(&r)
                                     : exattn_page__read_markup(&r);
    if (code == EXATTN_OK && out->oom)
        code = exattn_error__set(err, EXATTN_ENOMEM, file, 0, 0,
                                 "out of memory");
    if (code == EXATTN_OK)
        exattn_page__nest_headings(out);
    return code;
}
