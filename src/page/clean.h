/* The page cleaner's reader, shared by clean.c (its primitives, plain
 * text, the dispatch), clean_markup.c (Markdown and HTML) and
 * clean_latex.c (LaTeX): its state and primitives.  Private to
 * src/page. */
#ifndef EXATTN_PAGE_CLEAN_H
#define EXATTN_PAGE_CLEAN_H

#include "page/page.h"

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

/* ---- the reader's primitives (clean.c) -------------------------------- */

/* Set what is put next to stand where r->i is. */
void exattn_page__context_at(reader *r);

/* Context bit `bit` (an EXATTN_PAGE_IN_ value) from r->i to `end`. */
void exattn_page__stand_in(reader *r, int bit, size_t end);

/* A heading of `level` (1 for a title or a chapter, as <h1>) from r->i
 * to `end`. */
void exattn_page__heading_at(reader *r, int level, size_t end);

/* A syntax error `what` at page offset `at` (its line and column). */
int exattn_page__fail_at(reader *r, size_t at, const char *what);

/* Does the page hold s at `at` (ignoring case)? */
int exattn_page__starts(const reader *r, size_t at, const char *s);
int exattn_page__starts_nocase(const reader *r, size_t at, const char *s);

/* The next s from `at` by a plain scan, or the page's length. */
size_t exattn_page__scan_for(const reader *r, size_t at, const char *s,
                             int nocase);

/* The same, remembering the last searches (one that fails again and
 * again costs nothing after the first). */
size_t exattn_page__find(reader *r, size_t at, const char *s);
size_t exattn_page__find_nocase(reader *r, size_t at, const char *s);

/* A space in the cleaned text where a dropped stretch was. */
void exattn_page__space(reader *r, size_t origin);

/* <!-- ... -->: a marker or nothing. */
int exattn_page__html_comment(reader *r);

/* % to the end of the line: a marker or nothing. */
int exattn_page__tex_comment(reader *r);

/* An entity at r->i, put as its text: a named one of the list, or any
 * numeric reference (KaTeX writes m' as "m&#x27;"); 0 when there is
 * none. */
int exattn_page__entity(reader *r, int math);

/* Copy math from r->i to `end` (exclusive), entities decoded in HTML;
 * a % comment (TeX's and KaTeX's) is dropped, or kept as a marker. */
void exattn_page__copy_math(reader *r, size_t end);

/* $$...$$, $...$, \(...\), \[...\] at r->i: 1 when read (r->i past it),
 * 0 when there is none, negative on an error. */
int exattn_page__math_span(reader *r);

/* A URL at r->i (http://, https://, www.): skipped to the next space,
 * closing bracket or quote. */
int exattn_page__url(reader *r);

/* ---- Markdown and HTML (clean_markup.c) ------------------------------- */

/* The end of the line at `at` (its '\n', or len). */
size_t exattn_page__line_end(reader *r, size_t at);

/* Is `at` at a line's start, after at most three spaces? */
int exattn_page__at_line_start(const reader *r, size_t at);

/* A Markdown heading starts at r->i: "# ..." to "###### ...", or a line
 * underlined by a line of '=' (setext). */
void exattn_page__markdown_heading(reader *r);

/* The whole page read as Markdown with HTML, into r->c. */
int exattn_page__read_markup(reader *r);

/* ---- LaTeX (clean_latex.c) -------------------------------------------- */

/* The whole page read as LaTeX, into r->c. */
int exattn_page__read_latex(reader *r);

#endif
