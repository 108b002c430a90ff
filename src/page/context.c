/* Why a number of the page is a mention whatever its value (a heading's
 * or a link's number, a reference such as Figure 4.3, a version, an
 * ordinal, a year, a citation), and the headings it stands under.  The
 * words around it are words.c's, the symbols subject.c's; the audit
 * (src/audit/evidence.c) weighs them against the lesson, these files only
 * read the cleaned page. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "page/page.h"

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
