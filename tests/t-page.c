/* The page reader of exattn audit: which numbers each format yields,
 * where, and with what wording; what it skips; its errors. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "exattn.h"
#include "internal.h"
#include "page/page.h"

/* The numbers of `text` as one line each: "L:C [v,v] flags". */
static char *
numbers_of(const char *text, exattn_page_format fmt)
{
    exattn_page p;
    exattn_error_t err;
    exattn_sbuf b;
    size_t i, k;

    exattn_error_init(&err);
    cr_assert_eq(exattn_page__read(&p, "page", text, strlen(text), fmt, &err),
                 EXATTN_OK, "%s", err.message);
    exattn_sbuf__init(&b);
    for (i = 0; i < p.count; i++)
    {
        const exattn_page_number *n = &p.items[i];

        exattn_sbuf__printf(&b, "%lu:%lu [", n->line, n->column);
        for (k = 0; k < n->count; k++)
            exattn_sbuf__printf(&b, "%s%s", k ? "," : "", n->values[k]);
        exattn_sbuf__printf(&b, "]%s%s%s", n->math ? " math" : "",
                            n->exactly ? " exactly" : "",
                            n->approx ? " approx" : "");
        if (n->marker)
            exattn_sbuf__printf(&b, " marker=%s", n->marker);
        if (n->arithmetic)
            exattn_sbuf__printf(&b, " arith=%s", n->arithmetic);
        exattn_sbuf__puts(&b, "\n");
    }
    exattn_page__clear(&p);
    return exattn_sbuf__take(&b);
}

static void
expect(const char *text, exattn_page_format fmt, const char *want)
{
    char *got = numbers_of(text, fmt);

    cr_assert_str_eq(got, want, "page:\n%s\ngot:\n%s", text, got);
    free(got);
}

/* The error of a bad page: its message and position. */
static void
expect_error(const char *text, size_t len, exattn_page_format fmt,
             unsigned long line, unsigned long column, const char *what)
{
    exattn_page p;
    exattn_error_t err;

    exattn_error_init(&err);
    cr_assert_neq(exattn_page__read(&p, "bad.md", text, len, fmt, &err),
                  EXATTN_OK);
    cr_assert_eq(p.count, 0);
    cr_assert_str_eq(err.file, "bad.md");
    cr_assert_eq(err.line, line, "%s: line %lu", err.message, err.line);
    cr_assert_eq(err.column, column, "%s: column %lu", err.message,
                 err.column);
    cr_assert_not_null(strstr(err.message, what), "%s", err.message);
}

Test(page, markdown_decimals_fractions_and_vectors)
{
    expect("The weights are $a \\approx [0.284, 0.140, 0.576]$; each is 1/3\n"
           "exactly 0.5, about −0.25, and (1, 5/4) then $\\frac{2}{3}$.\n",
           EXATTN_PAGE_MARKDOWN,
           "1:28 [0.284,0.140,0.576] math approx\n"
           "1:60 [1/3]\n"
           "2:9 [0.5] exactly\n"
           "2:20 [-0.25] approx\n"
           "2:31 [1,5/4]\n"
           "2:46 [2/3] math\n");
}

Test(page, what_is_not_a_result)
{
    /* identifiers, sections, units, counts, code, URLs, indices,
     * exponents, radicands and function arguments */
    expect("See CL-001, S1, q1 and §3.2.1 or 3.2.1; a 2D grid, 40% of it,\n"
           "three tokens and d_k = 2; score(1,1) and exp(0.707).\n"
           "`0.111` and https://example.org/0.222 and [link](http://x/0.333)\n"
           "```\n0.444\n```\n"
           "$w_{1} + e^{2} + \\sqrt{2} + \\text{row 7} + x_3 = 0.5$\n",
           EXATTN_PAGE_MARKDOWN,
           "7:50 [0.5] math\n");
}

Test(page, integers_count_in_math_and_under_a_marker)
{
    expect("three is 3, but $d_k = 2$ and <!-- exattn shape.n --> 3.\n",
           EXATTN_PAGE_MARKDOWN,
           "1:24 [2] math\n"
           "1:55 [3] marker=shape.n\n");
}

Test(page, the_pages_own_arithmetic)
{
    expect("w1 = 2.028 / 5.056 = 0.401 and 0.401 + 0.198 + 0.401 = 1.000\n"
           "but 0.1 , 0.2 = 0.3 is no sum\n",
           EXATTN_PAGE_TEXT,
           "1:6 [2.028]\n1:14 [5.056]\n1:22 [0.401] arith=2.028/5.056\n"
           "1:32 [0.401]\n1:40 [0.198]\n1:48 [0.401]\n"
           "1:56 [1.000] arith=0.401+0.198+0.401\n"
           "2:5 [0.1]\n2:11 [0.2]\n2:17 [0.3]\n");
}

Test(page, html_tags_entities_and_katex)
{
    /* KaTeX's MathML annotation is read; its visual copy and <pre> are
     * not */
    expect("<p>w = <span class=\"katex\"><span class=\"katex-mathml\"><math>"
           "<semantics><mrow><mn>0.401</mn></mrow><annotation encoding="
           "\"application/x-tex\">0.401</annotation></semantics></math>"
           "</span><span class=\"katex-html\" aria-hidden=\"true\"><span>"
           "0.401</span></span></span> and &minus;0.5</p>\n"
           "<pre>9.99</pre><code>8.88</code><!-- exattn output[1] --> 0.7\n",
           EXATTN_PAGE_HTML,
           "1:140 [0.401] math\n"
           "1:265 [-0.5]\n"
           "2:59 [0.7] marker=output[1]\n");
}

Test(page, latex_math_comments_and_verbatim)
{
    expect("Weights % exattn weights[1]\n"
           "$\\left[0.401, 0.198\\right]$ and "
           "\\[ \\begin{bmatrix}0.802 \\\\ 0.599\\end{bmatrix} \\]\n"
           "\\begin{verbatim}1.5\\end{verbatim} \\verb|2.5| "
           "\\begin{equation}x = -\\frac{1}{2}\\end{equation} \\label{e:3.5}\n",
           EXATTN_PAGE_LATEX,
           "2:2 [0.401,0.198] math marker=weights[1]\n"
           "2:36 [0.802,0.599] math\n"
           "3:66 [-1/2] math\n");
}

Test(page, plain_text_is_all_prose)
{
    expect("$5 and `0.5` are text here: 0.25\n", EXATTN_PAGE_TEXT,
           "1:9 [0.5]\n1:29 [0.25]\n");
}

Test(page, columns_count_characters_and_a_bom_is_skipped)
{
    expect("\xef\xbb\xbf\xce\xb1\xce\xb2 \xe2\x89\x88 0.5\n",
           EXATTN_PAGE_MARKDOWN, "1:6 [0.5] approx\n");
}

Test(page, format_by_extension)
{
    cr_assert_eq(exattn_page_format_of("a/page.md"), EXATTN_PAGE_MARKDOWN);
    cr_assert_eq(exattn_page_format_of("x.markdown"), EXATTN_PAGE_MARKDOWN);
    cr_assert_eq(exattn_page_format_of("x.html"), EXATTN_PAGE_HTML);
    cr_assert_eq(exattn_page_format_of("x.htm"), EXATTN_PAGE_HTML);
    cr_assert_eq(exattn_page_format_of("x.tex"), EXATTN_PAGE_LATEX);
    cr_assert_eq(exattn_page_format_of("x.txt"), EXATTN_PAGE_TEXT);
    cr_assert_eq(exattn_page_format_of("md"), EXATTN_PAGE_TEXT);
}

Test(page, bad_pages_say_where)
{
    static const char overlong[] = "ok\n\xc0\xaf";
    static const char surrogate[] = "a \xed\xa0\x80";
    static const char truncated[] = "0.5 \xe2\x89";
    static const char nul[] = "0.5\0x";

    expect_error("a\n$$ 0.5\n", 9, EXATTN_PAGE_MARKDOWN, 2, 1,
                 "unterminated display math");
    expect_error("x \\( 0.5", 8, EXATTN_PAGE_MARKDOWN, 1, 3,
                 "unterminated math");
    expect_error("x \\[ 0.5", 8, EXATTN_PAGE_LATEX, 1, 3,
                 "unterminated display math");
    expect_error("price $5 today\n", 15, EXATTN_PAGE_MARKDOWN, 1, 7,
                 "unterminated math");
    expect_error("\\begin{align} 1", 15, EXATTN_PAGE_LATEX, 1, 1,
                 "unterminated math environment");
    expect_error("a <!-- b", 8, EXATTN_PAGE_HTML, 1, 3,
                 "unterminated HTML comment");
    expect_error("<pre>0.5", 8, EXATTN_PAGE_HTML, 1, 1,
                 "unterminated element");
    expect_error("<math><mn>1</mn>", 16, EXATTN_PAGE_HTML, 1, 1,
                 "unterminated <math>");
    expect_error(overlong, sizeof overlong - 1, EXATTN_PAGE_TEXT, 2, 1,
                 "invalid UTF-8");
    expect_error(surrogate, sizeof surrogate - 1, EXATTN_PAGE_TEXT, 1, 3,
                 "invalid UTF-8");
    expect_error(truncated, sizeof truncated - 1, EXATTN_PAGE_TEXT, 1, 5,
                 "invalid UTF-8");
    expect_error(nul, sizeof nul - 1, EXATTN_PAGE_TEXT, 1, 4, "NUL byte");
    expect_error("0.5 <!-- exattn weights[1] -->\n", 31, EXATTN_PAGE_MARKDOWN,
                 1, 5, "followed by no number");
}

/* The page handed over exactly as long as it is, with no NUL after it:
 * a reader that looked one byte past it would be caught by ASan. */
static size_t
count_exact(const char *text, exattn_page_format fmt)
{
    size_t len = strlen(text), count;
    char *copy = malloc(len ? len : 1);
    exattn_page p;
    exattn_error_t err;

    cr_assert_not_null(copy);
    memcpy(copy, text, len);
    exattn_error_init(&err);
    if (exattn_page__read(&p, "edge", copy, len, fmt, &err) != EXATTN_OK)
        count = (size_t)-1;
    else
        count = p.count;
    exattn_page__clear(&p);
    free(copy);
    return count;
}

Test(page, the_reader_stays_inside_the_page)
{
    cr_assert_eq(count_exact("0.5 <math", EXATTN_PAGE_HTML), 1);
    cr_assert_eq(count_exact("0.5 \\label", EXATTN_PAGE_LATEX), 1);
    cr_assert_eq(count_exact("0.5 <pre", EXATTN_PAGE_HTML), 1);
    cr_assert_eq(count_exact("0.5 $\\begin{bmatrix}1&2\\end{$",
                             EXATTN_PAGE_MARKDOWN), 3);
    cr_assert_eq(count_exact("\\verb", EXATTN_PAGE_LATEX), 0);
    cr_assert_eq(count_exact("$1 - 0.5$", EXATTN_PAGE_MARKDOWN), 2);
}

Test(page, a_malformed_matrix_is_its_numbers)
{
    /* no \end{bmatrix}: not a vector, and nothing read past the page */
    expect("$\\begin{bmatrix}0.1&0.2\\end{x}$\n", EXATTN_PAGE_MARKDOWN,
           "1:17 [0.1] math\n1:21 [0.2] math\n");
}

Test(page, an_unclosed_annotation_stays_in_its_element)
{
    /* each element's TeX once, in page order, whatever follows */
    expect("<math><annotation encoding=\"application/x-tex\">0.1</math>"
           " <math><annotation encoding=\"application/x-tex\">0.2</math>\n",
           EXATTN_PAGE_HTML, "1:48 [0.1] math\n1:106 [0.2] math\n");
}

Test(page, tex_comments_and_paragraphs_in_math)
{
    /* a % comment in math is dropped (a marker kept); inline math may
     * cross a line but not a paragraph; ~ is a space, not "about";
     * "not exactly" is not "exactly" */
    expect("$x = 0.5 % 0.6 is gone\n+ 0.25$ and $y % exattn weights[1]\n"
           "= [0.1, 0.2]$, equals~0.3, not exactly 0.4\n",
           EXATTN_PAGE_MARKDOWN,
           "1:6 [0.5] math\n2:3 [0.25] math\n"
           "3:3 [0.1,0.2] math marker=weights[1]\n3:23 [0.3]\n"
           "3:40 [0.4]\n");
    expect_error("$x = 0.5\n\nand more$\n", 20, EXATTN_PAGE_MARKDOWN, 1, 1,
                 "closes in its paragraph");
}

/* What the reader says around number `k` of a page: "lead|subject|row|
 * column" (each "-" when absent). */
static char *
context_of(const char *text, exattn_page_format fmt, size_t k)
{
    exattn_page p;
    exattn_error_t err;
    exattn_sbuf b;
    const exattn_page_number *n;

    exattn_error_init(&err);
    cr_assert_eq(exattn_page__read(&p, "page", text, strlen(text), fmt, &err),
                 EXATTN_OK, "%s", err.message);
    cr_assert_lt(k, p.count);
    n = &p.items[k];
    exattn_sbuf__init(&b);
    exattn_sbuf__printf(&b, "%s|%s|%s|%s", n->lead ? n->lead : "-",
                        n->subject ? n->subject : "-",
                        n->row_head ? n->row_head : "-",
                        n->column_head ? n->column_head : "-");
    exattn_page__clear(&p);
    return exattn_sbuf__take(&b);
}

static void
expect_context(const char *text, exattn_page_format fmt, size_t k,
               const char *want)
{
    char *got = context_of(text, fmt, k);

    cr_assert_str_eq(got, want, "page:\n%s\nnumber %zu: got\n%s", text, k,
                     got);
    free(got);
}

Test(page, html_tables_are_read_row_by_row)
{
    /* rows on lines of their own, with spaces and breaks between them;
     * a body row may open with a <th>; only a row of <th>s is the
     * heading; what follows the table is a paragraph of its own */
    static const char page[] =
        "<p>The weights.</p>\n<table>\n  <tr><th>query</th><th>cold</th>"
        "<th>hot</th></tr>\n  <tr><th>cold</th><td>0.313</td><td>0.5</td>"
        "</tr>\n  <tr>\n    <td>hot</td>\n    <td>0.25</td><td>0.75</td>\n"
        "  </tr>\n</table>\nAfter it, 0.9.\n";

    /* the row's 0.313 is a value of its own column, no name for 0.5 */
    expect_context(page, EXATTN_PAGE_HTML, 1,
                   "The weights  hot  cold |-|cold|hot");
    expect_context(page, EXATTN_PAGE_HTML, 2,
                   "The weights  cold  hot |-|hot|cold");
    expect_context(page, EXATTN_PAGE_HTML, 4, "After it,|-|-|-");
}

Test(page, a_cell_is_named_by_cells_that_hold_no_number)
{
    /* | row | a symbol | the value |: the symbol names the value, also
     * with digits in its scripts or \text{}; a cell holding a number,
     * \sqrt{2} too, is a value of its own column and names nothing */
    static const char page[] =
        "The weights:\n\n| key | weight | value |\n|---|---|---|\n"
        "| grid | $w_{2,\\text{row 1}}$ | 0.25 |\n"
        "| load | $\\sqrt{2}$ | 0.5 |\n";

    expect_context(page, EXATTN_PAGE_MARKDOWN, 0,
                   "The weights  value  grid $ w_{2,\\text{row 1}}$ "
                   "|-|grid|value");
    expect_context(page, EXATTN_PAGE_MARKDOWN, 2,
                   "The weights  value  load |-|load|value");
}

Test(page, html_paragraphs_end_sentences_and_entities_decode)
{
    /* </p> and <li> end what a lead reads; any numeric character
     * reference is its character (KaTeX writes m' as m&#x27;) */
    expect_context("<p>The weight is</p><p>0.25 here</p>\n",
                   EXATTN_PAGE_HTML, 0, "|-|-|-");
    expect_context("<ul><li>weights</li><li>0.5</li></ul>\n",
                   EXATTN_PAGE_HTML, 0, "|-|-|-");
    expect("<p>&#8722;0.5, &#x2212;0.25 and &#45;0.125; &#0;1.5 &#xD800;2.5"
           "</p>\n", EXATTN_PAGE_HTML,
           "1:4 [-0.5]\n1:16 [-0.25]\n1:33 [-0.125]\n1:49 [1.5]\n"
           "1:61 [2.5]\n");
    expect_context("<math><annotation encoding=\"application/x-tex\">"
                   "m&#x27; = 3</annotation></math>\n", EXATTN_PAGE_HTML, 0,
                   "$ m' =$|m'|-|-");
}

Test(page, a_formula_before_a_relation_is_its_side)
{
    /* a closed form is the side, not its last term; a term after a word
     * in \text is a symbol of its own */
    expect_context("Then $\\frac{e^{1}}{e^{1}+e^{2}}\\cdot (-1)$ ≈ 0.079.\n",
                   EXATTN_PAGE_MARKDOWN, 1,
                   "Then$ \\frac{e^{1}}{e^{1}+e^{2}}\\cdot (-1)$ ≈|"
                   "\\frac{e^{1}}{e^{1}+e^{2}}\\cdot (-1)|-|-");
    expect_context("So $\\frac{1}{Z_{9}}\\sum_{k} e^{s_{9,k}}\\,V_{k,3}$ ≈ "
                   "-0.030.\n", EXATTN_PAGE_MARKDOWN, 0,
                   "So$ \\frac{1}{Z_{9}}\\sum_{k} e^{s_{9,k}}\\,V_{k,3}$ ≈|"
                   "\\frac{1}{Z_{9}}\\sum_{k} e^{s_{9,k}}\\,V_{k,3}|-|-");
    expect_context("$$\\{k_{1}\\}\\ \\text{at } s = 3$$\n", EXATTN_PAGE_MARKDOWN,
                   0, "$ \\{k_{1}\\}\\ \\text{at } s =$|s|-|-");
}

Test(page, prose_formulas_are_read)
{
    /* a text page's named forms, written out in exattn's syntax; a lone
     * e, a decimal exponent and a sum of plain numbers are none */
    expect("w[apple] = exp(1)/(exp(1)+exp(2)) = 2.718 / 10.107 = 0.269\n"
           "s = 2/√2 = √2, and e^{√2/2}/(1+e^-1); e.g. e is a letter,\n"
           "e^1.155 and 1+2+3 are not; 3√2/2 is.\n",
           EXATTN_PAGE_TEXT,
           "1:12 [exp(1)/(exp(1)+exp(2))]\n"
           "1:37 [2.718]\n1:45 [10.107]\n1:54 [0.269] arith=2.718/10.107\n"
           "2:5 [2/sqrt(2)]\n2:12 [sqrt(2)]\n"
           "2:20 [e^((sqrt(2)/2))/(1+e^((-1)))]\n"
           "3:28 [3*sqrt(2)/2]\n");
}

Test(page, indented_code_and_wrapped_tex)
{
    /* an indented code block is code (not a list item's paragraph); a
     * MediaWiki annotation wrapped in {\displaystyle ...} is read inside */
    expect("Text.\n\n    [1.5, 0.5]\n\n    0.75\n\nafter 0.5\n\n- item\n\n"
           "    0.333 goes on\n", EXATTN_PAGE_MARKDOWN,
           "7:7 [0.5]\n11:5 [0.333]\n");
    expect("<math><annotation encoding=\"application/x-tex\">{\\displaystyle "
           "w={\\frac {e}{e+2}}\\approx 0.576}</annotation></math>\n",
           EXATTN_PAGE_HTML,
           "1:65 [(((e)/(e+2)))] math\n1:89 [0.576] math approx\n");
}
