/* The page cleaner's Markdown and HTML reader (clean.h): headings,
 * links, fences, code, HTML elements and tables, KaTeX, MathJax and
 * MathML, front matter. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/clean.h"

/* ---- where prose stands: headings, links' text, alt text -------------- */

/* The end of the line at `at` (its '\n', or len). */
size_t
exattn_page__line_end(reader *r, size_t at)
{
    return exattn_page__find(r, at, "\n");
}

/* A Markdown heading starts at r->i: "# ..." to "###### ...", or a line
 * underlined by a line of '=' (setext). */
void
exattn_page__markdown_heading(reader *r)
{
    size_t k = r->i, n = 0, eol, j;

    if (!exattn_page__at_line_start(r, k))
        return;
    while (k + n < r->len && r->p[k + n] == '#')
        n++;
    if (n >= 1 && n <= 6 && (k + n == r->len || r->p[k + n] == ' '
                             || r->p[k + n] == '\t' || r->p[k + n] == '\n'))
    {
        exattn_page__heading_at(r, (int)n, exattn_page__line_end(r, k));
        return;
    }
    eol = exattn_page__line_end(r, k);
    if (eol >= r->len || eol == k)
        return;
    for (j = eol + 1, n = 0; j < r->len && r->p[j] == '='; j++, n++)
        ;
    while (j < r->len && (r->p[j] == ' ' || r->p[j] == '\r'))
        j++;
    if (n >= 2 && (j == r->len || r->p[j] == '\n'))
        exattn_page__heading_at(r, 1, eol);
}

/* [text](target), [text][ref], ![alt](src) at r->i: the text is a
 * link's or an image's, on one line. */
static void
markdown_link(reader *r)
{
    size_t k, eol;

    if (r->p[r->i] != '[')
        return;
    eol = exattn_page__line_end(r, r->i);
    if (eol - r->i > 2000)
        eol = r->i + 2000;      /* a link's text is short: bounded work */
    for (k = r->i + 1; k < eol && r->p[k] != ']'; k++)
        if (r->p[k] == '\\')
            k++;
    if (k + 1 >= eol || (r->p[k + 1] != '(' && r->p[k + 1] != '['))
        return;
    exattn_page__stand_in(r, r->i > 0 && r->p[r->i - 1] == '!'
                                 ? EXATTN_PAGE_IN_ALT : EXATTN_PAGE_IN_LINK,
                          k);
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
    size_t k, n, after, close;

    if (r->p[r->i] != '<')
        return;
    for (k = 0; k < sizeof kinds / sizeof *kinds; k++)
    {
        n = strlen(kinds[k].open);
        after = r->i + n;
        if (exattn_page__starts_nocase(r, r->i, kinds[k].open)
            && (after >= r->len || isspace((unsigned char)r->p[after])
                || r->p[after] == '>'))
        {
            close = exattn_page__find_nocase(r, after, kinds[k].close);
            if (kinds[k].bit == EXATTN_PAGE_IN_HEADING)
                exattn_page__heading_at(r, kinds[k].open[1] == 't'
                                               ? 0 : kinds[k].open[2] - '0',
                                        close);
            else
                exattn_page__stand_in(r, kinds[k].bit, close);
            return;
        }
    }
}

/* ---- Markdown ---------------------------------------------------------- */

int
exattn_page__at_line_start(const reader *r, size_t at)
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
        at = exattn_page__find(r, at, "\n") + 1;
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

    if ((ch != '`' && ch != '~') || !exattn_page__at_line_start(r, start))
        return 0;
    while (start + n < r->len && r->p[start + n] == ch)
        n++;
    if (n < 3)
        return 0;
    k = start + n;
    body = exattn_page__find(r, k, "\n");
    for (;;)
    {
        k = exattn_page__find(r, k, "\n");
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
                k = exattn_page__find(r, j + m, "\n");
                break;
            }
        }
    }
    exattn_page__space(r, start);
    if (math_fence(r, start + n, body, close))
    {
        /* GitHub's ```math, MyST's ```{math}: display math, not code */
        exattn_page__copy_math(r, close);
        exattn_page__space(r, close);
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
    size_t n = exattn_page__find(r, k, "\n");

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
    exattn_page__space(r, k);
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
    exattn_page__space(r, to - 1);
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
                exattn_page__space(r, start);
                if (math)
                {
                    r->i = start + n;
                    exattn_page__copy_math(r, k);
                    exattn_page__space(r, k);
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
    exattn_page__space(r, start);
    return 1;
}

/* Is the tag at `at` named `name` (<td ...>, </TD>)? */
static int
tag_named(reader *r, size_t at, const char *name)
{
    size_t n = strlen(name);

    return exattn_page__starts_nocase(r, at, name) && at + n < r->len
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
        exattn_page__space(r, r->i);
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
    end = exattn_page__find(r, start, ">");
    if (end == r->len)
        return 0;
    r->i = end + 1;
    if (!between_rows(r))
        exattn_page__space(r, start);
    table_tag(r, start);
    return 1;
}

/* ](target): a link's target, skipped. */
static int
link_target(reader *r)
{
    size_t start = r->i, end;

    if (!exattn_page__starts(r, start, "]("))
        return 0;
    end = exattn_page__find(r, start + 2, ")");
    if (end == r->len || exattn_page__find(r, start, "\n") < end)
        return 0;               /* a target is on one line */
    exattn_page__put(r->c, "]", 1, start, 0);
    r->i = end + 1;
    exattn_page__space(r, start + 1);
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
    size_t tag_end = exattn_page__find(r, start, ">");

    if (tag_end == r->len)
        return 0;
    for (k = 0; k < sizeof names / sizeof *names; k++)
    {
        n = strlen(names[k]);
        if (exattn_page__starts_nocase(r, start + 1, names[k])
            && start + 1 + n < r->len
            && (isspace((unsigned char)r->p[start + 1 + n])
                || r->p[start + 1 + n] == '>'))
            name = names[k];
    }
    if (name == NULL && exattn_page__starts_nocase(r, start, "<span")
        && exattn_page__find(r, start, "katex-html") < tag_end)
        name = "span";
    if (name == NULL)
        return 0;
    snprintf(open_tag, sizeof open_tag, "<%s", name);
    snprintf(close_tag, sizeof close_tag, "</%s", name);
    depth = 1;
    for (close = tag_end; depth > 0 && close < r->len; close++)
        if (exattn_page__starts_nocase(r, close, close_tag))
            depth--;
        else if (exattn_page__starts_nocase(r, close, open_tag))
            depth++;
    if (depth > 0)
        return exattn_page__fail_at(r, start, "unterminated element: no "
                                              "closing tag"), -1;
    r->i = exattn_page__find(r, close, ">");
    r->i = r->i < r->len ? r->i + 1 : r->len;
    exattn_page__space(r, start);
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
    size_t k, n, start = r->i, tag_end = exattn_page__find(r, start, ">"), end;

    for (k = 0; k < sizeof tex / sizeof *tex; k++)
    {
        n = strlen(tex[k].open);
        if (!exattn_page__starts_nocase(r, start, tex[k].open)
            || start + n >= r->len
            || !(isspace((unsigned char)r->p[start + n])
                 || r->p[start + n] == '>')
            || tag_end == r->len
            || (tex[k].must
                && exattn_page__find_nocase(r, start, tex[k].must) > tag_end))
            continue;
        end = exattn_page__find_nocase(r, tag_end, tex[k].close);
        if (end == r->len)
            return exattn_page__fail_at(r, start, "unterminated math "
                                                  "element: no closing tag"),
                   -1;
        exattn_page__space(r, start);
        r->i = tag_end + 1;
        exattn_page__copy_math(r, end);
        r->i = end + strlen(tex[k].close);
        exattn_page__space(r, end);
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

    if (!exattn_page__starts_nocase(r, start, "<math") || start + 5 >= r->len
        || !(isspace((unsigned char)r->p[start + 5])
             || r->p[start + 5] == '>'))
        return 0;
    end = exattn_page__find_nocase(r, start, "</math>");
    if (end == r->len)
        return exattn_page__fail_at(r, start,
                                    "unterminated <math> (no </math>)"), -1;
    ann = exattn_page__find_nocase(r, start, "encoding=\"application/x-tex\"");
    exattn_page__space(r, start);
    if (ann < end)
    {
        size_t close;

        body = exattn_page__find(r, ann, ">") + 1;
        close = exattn_page__find_nocase(r, body, "</annotation>");
        r->i = body < end ? body : end;
        /* within this element only, whatever follows */
        exattn_page__copy_math(r, close < end ? close : end);
    }
    else
        for (r->i = exattn_page__find(r, start, ">") + 1; r->i < end;)
            if (r->p[r->i] == '<')
            {
                r->i = exattn_page__find(r, r->i, ">") + 1;
                exattn_page__space(r, r->i - 1);
            }
            else if (r->p[r->i] == '&' && exattn_page__entity(r, 1))
                ;
            else
                exattn_page__put(r->c, r->p + r->i, 1, r->i, 1), r->i++;
    r->i = end + 7;
    exattn_page__space(r, end);
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
        || !(exattn_page__starts(r, r->i, "---\n")
             || exattn_page__starts(r, r->i, "---\r\n")))
        return;
    for (k = exattn_page__find(r, r->i, "\n"); k < r->len;
         k = exattn_page__find(r, k + 1, "\n"))
        if (exattn_page__starts(r, k + 1, "---")
            || exattn_page__starts(r, k + 1, "..."))
        {
            size_t end = exattn_page__find(r, k + 1, "\n");

            exattn_page__space(r, r->i);
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

    if (exattn_page__at_line_start(r, r->i) || between_rows(r)
        || !inert(r, r->i))
        return 0;
    for (k = 0; k < 3; k++)
        if (r->until[k] > r->i && r->until[k] < end)
            end = r->until[k];
    for (j = r->i + 1; j < end && inert(r, j); j++)
        ;
    exattn_page__context_at(r);
    exattn_page__put(r->c, r->p + r->i, j - r->i, r->i, 0);
    r->i = j;
    return 1;
}

/* An HTML element at r->i: KaTeX's or MathJax's TeX, an element whose
 * content is no prose, MathML, or any other tag.  1 when read, 0 when
 * there is none, -1 on an error (r->err). */
static int
element(reader *r)
{
    int k;

    if ((k = tex_element(r)) != 0 || (k = skipped_element(r)) != 0
        || (k = mathml(r)) != 0)
        return k;
    return tag(r) ? 1 : 0;
}

int
exattn_page__read_markup(reader *r)
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
            exattn_page__markdown_heading(r);
            markdown_link(r);
        }
        if (ch == '<' && !r->row_open && paragraph_tag(r, r->i))
            /* a paragraph, a list item, a heading: its sentences end
             * (put before a heading's text begins) */
            exattn_page__put(r->c, "\n\n", 2, r->i, 0);
        html_context(r);
        exattn_page__context_at(r);
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
        if (exattn_page__starts(r, r->i, "<!--"))
        {
            if ((k = exattn_page__html_comment(r)) != EXATTN_OK)
                return k;
            continue;
        }
        if (ch == '<' && (k = element(r)) != 0)
        {
            if (k < 0)
                return r->err ? r->err->code : EXATTN_ESYNTAX;
            continue;
        }
        if (ch == '&' && exattn_page__entity(r, 0))
            continue;
        if (link_target(r) || exattn_page__url(r))
            continue;
        if ((k = exattn_page__math_span(r)) != 0)
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
