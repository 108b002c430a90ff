/* The page cleaner's LaTeX reader (clean.h): headings, environments,
 * silent commands, comments, and tabulars read as a Markdown table's
 * rows. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/clean.h"

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
        if (exattn_page__starts(r, r->i, heads[k])
            && (r->i + n >= r->len || !isalpha((unsigned char)r->p[r->i + n])))
        {
            exattn_page__heading_at(r, levels[k], group_after(r, r->i + n));
            return;
        }
    }
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

    if (!exattn_page__starts(r, r->i, "\\begin{"))
        return -1;
    for (k = 0; k < count; k++)
    {
        n = strlen(list[k]);
        if (exattn_page__starts(r, r->i + 7, list[k]) && r->i + 7 + n < r->len
            && r->p[r->i + 7 + n] == '}')
            return (int)k;
    }
    return -1;
}

static int
environment(reader *r, const char *name, int math)
{
    char end_tag[48];
    size_t start = r->i, body = exattn_page__find(r, start, "}") + 1, end;

    snprintf(end_tag, sizeof end_tag, "\\end{%s}", name);
    /* not memoized: end_tag is a local */
    end = exattn_page__scan_for(r, body, end_tag, 0);
    if (end == r->len)
        return exattn_page__fail_at(r, start,
                                    math ? "unterminated math environment "
                                           "(\\begin without its \\end)"
                                         : "unterminated environment "
                                           "(\\begin without its \\end)");
    exattn_page__space(r, start);
    r->i = body;
    if (math)
        exattn_page__copy_math(r, end);
    r->i = end + strlen(end_tag);
    exattn_page__space(r, end);
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
    r->tabular_end = exattn_page__scan_for(r, r->i, end_tag, 0);
    r->tabular_rows = 0;
    exattn_page__space(r, r->i);
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
            if (exattn_page__starts(r, r->i, rules[k]))
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
    if (exattn_page__starts(r, r->i, "\\\\"))
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
        if (exattn_page__starts(r, r->i, rules[k]))
        {
            r->i += strlen(rules[k]);
            if (strcmp(rules[k], "\\cline") == 0)
                skip_group(r);
            exattn_page__space(r, start);
            return 1;
        }
    return 0;
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

/* A line break, \\[2pt] too: no \[ opens display math. */
static void
line_break(reader *r, size_t start)
{
    r->i += 2;
    if (r->i < r->len && r->p[r->i] == '[')
    {
        const char *close = memchr(r->p + r->i, ']', r->len - r->i);

        if (close != NULL && close - (r->p + r->i) < 16)
            r->i = (size_t)(close - r->p) + 1;
    }
    exattn_page__space(r, start);
}

/* A code environment (dropped) or a math one (copied) at r->i: *read 1
 * when there is one; EXATTN_OK, or environment()'s error. */
static int
code_or_math_environment(reader *r, int *read)
{
    int e;

    *read = 1;
    if ((e = begins(r, code_envs, sizeof code_envs / sizeof *code_envs))
        >= 0)
        return environment(r, code_envs[e], 0);
    if ((e = begins(r, math_envs, sizeof math_envs / sizeof *math_envs))
        >= 0)
        return environment(r, math_envs[e], 1);
    *read = 0;
    return EXATTN_OK;
}

/* \verb|..| at r->i, dropped: 1 when there is one. */
static int
verb(reader *r, size_t start)
{
    char delim;
    const char *hit;
    size_t end;

    if (!exattn_page__starts(r, r->i, "\\verb") || r->i + 5 >= r->len
        || isalpha((unsigned char)r->p[r->i + 5]))
        return 0;
    delim = r->p[r->i + 5];
    hit = memchr(r->p + r->i + 6, delim, r->len - r->i - 6);
    end = hit ? (size_t)(hit - r->p) : r->len;
    r->i = end < r->len ? end + 1 : r->len;
    exattn_page__space(r, start);
    return 1;
}

/* A command whose first argument is no prose (\label, \cite, \href's
 * url, ...) at r->i, skipped with it: 1 when there is one. */
static int
silent_command(reader *r, size_t start)
{
    size_t k, n = sizeof silent / sizeof *silent;

    for (k = 0; k < n; k++)
        if (exattn_page__starts(r, r->i, silent[k])
            && (r->i + strlen(silent[k]) >= r->len
                || !isalpha((unsigned char)r->p[r->i
                                                + strlen(silent[k])])))
            break;
    if (k == n)
        return 0;
    r->i += strlen(silent[k]);
    if (r->i < r->len && r->p[r->i] == '*')
        r->i++;
    skip_group(r);
    exattn_page__space(r, start);
    /* \href{url}{text}: the text is a link's */
    if (strcmp(silent[k], "\\href") == 0)
        exattn_page__stand_in(r, EXATTN_PAGE_IN_LINK, group_after(r, r->i));
    return 1;
}

int
exattn_page__read_latex(reader *r)
{
    size_t start;
    int e, code;

    while (r->i < r->len)
    {
        char ch = r->p[r->i];

        start = r->i;
        latex_heading(r);
        exattn_page__context_at(r);
        if (ch == '\\' && r->i + 1 < r->len
            && strchr("%$&#_{}", r->p[r->i + 1]))
        {
            exattn_page__put(r->c, r->p + r->i + 1, 1, r->i + 1, 0);
            r->i += 2;
            continue;
        }
        if (r->tabular_end != 0 && tabular_mark(r))
            continue;
        if (ch == '\\' && r->i + 1 < r->len && r->p[r->i + 1] == '\\')
        {
            line_break(r, start);
            continue;
        }
        if (ch == '%')
        {
            if ((code = exattn_page__tex_comment(r)) != EXATTN_OK)
                return code;
            continue;
        }
        if (tabular_begins(r))
            continue;
        if ((code = code_or_math_environment(r, &e)) != EXATTN_OK)
            return code;
        if (e)
            continue;
        if (verb(r, start) || silent_command(r, start))
            continue;
        if (exattn_page__url(r))
            continue;
        if ((e = exattn_page__math_span(r)) != 0)
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
