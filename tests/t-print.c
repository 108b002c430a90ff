/* Printers: the text presentation against goldens (seed 004's lines), the
 * JSON document parsed back and checked, and write errors. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <yajl/yajl_tree.h>
#include "exattn.h"
#include "helpers.h"

/* Derive a shipped example into a string. */
static char *
derive(const char *example, int format)
{
    char *path = th_srcpath(example);
    exattn_lesson *l = NULL;
    exattn_error_t err;
    char *buf;

    cr_assert_eq(exattn_lesson_read_file(&l, path, NULL, &err), EXATTN_OK,
                 "%s: %s", path, err.message);
    buf = th_write(l, format, NULL);
    exattn_lesson_free(l);
    free(path);
    return buf;
}

/* The first line where two texts differ (1-based), or 0 when equal; the
 * lines themselves in *a and *b (pointers into the texts). */
static size_t
first_difference(const char *x, const char *y, const char **a,
                 const char **b)
{
    size_t line = 1;

    *a = x;
    *b = y;
    while (*x == *y && *x != '\0')
    {
        if (*x == '\n')
        {
            line++;
            *a = x + 1;
            *b = y + 1;
        }
        x++;
        y++;
    }
    return *x == *y ? 0 : line;
}

/* A golden of tests/data/ (presentation only; every value is also
 * computed two ways elsewhere).  On a difference the first differing line
 * of each is shown; tests/goldens.sh regenerates them all. */
static void
expect_golden(const char *example, const char *golden, int json)
{
    char *got = derive(example, json);
    char *path = th_srcpath(golden);
    char *want = th_slurp(path, NULL);
    const char *w, *g;
    size_t line;

    cr_assert_not_null(want, "cannot read %s", path);
    line = first_difference(want, got, &w, &g);
    cr_assert_eq(line, 0, "%s differs from %s at line %zu:\n"
                 "  golden: %.*s\n  now:    %.*s\n"
                 "(after a documented change: tests/goldens.sh)", example,
                 golden, line, (int)strcspn(w, "\n"), w,
                 (int)strcspn(g, "\n"), g);
    free(got);
    free(want);
    free(path);
}

Test(print, seed_004_text_golden)
{
    expect_golden("docs/examples/004-value-weighting.json",
                  "tests/data/004-value-weighting.expected.txt", 0);
}

Test(print, seed_002_text_golden)
{
    expect_golden("docs/examples/002-grid-load-rises.json",
                  "tests/data/002-grid-load-rises.expected.txt", 0);
}

Test(print, seed_004_latex_golden)
{
    expect_golden("docs/examples/004-value-weighting.json",
                  "tests/data/004-value-weighting.expected.tex", 2);
}

Test(print, seed_000_and_001_latex_golden)
{
    expect_golden("docs/examples/000-scores-to-mixture.json",
                  "tests/data/000-scores-to-mixture.expected.tex", 2);
    expect_golden("docs/examples/001-soft-lookup.json",
                  "tests/data/001-soft-lookup.expected.tex", 2);
}

/* The Markdown page sections of the seed examples. */
Test(print, markdown_goldens)
{
    expect_golden("docs/examples/000-scores-to-mixture.json",
                  "tests/data/000-scores-to-mixture.expected.md", 3);
    expect_golden("docs/examples/001-soft-lookup.json",
                  "tests/data/001-soft-lookup.expected.md", 3);
    expect_golden("docs/examples/004-value-weighting.json",
                  "tests/data/004-value-weighting.expected.md", 3);
    expect_golden("docs/examples/002-grid-load-rises.json",
                  "tests/data/002-grid-load-rises.expected.md", 3);
    expect_golden("docs/examples/002-encoder-block.json",
                  "tests/data/002-encoder-block.expected.md", 3);
    expect_golden("docs/examples/002-pre-ln-rms-block.json",
                  "tests/data/002-pre-ln-rms-block.expected.md", 3);
}

/* The attention maps of the seed examples (their bytes: the maps are
 * deterministic). */
Test(print, svg_goldens)
{
    expect_golden("docs/examples/000-scores-to-mixture.json",
                  "tests/data/000-scores-to-mixture.expected.svg", 4);
    expect_golden("docs/examples/004-value-weighting.json",
                  "tests/data/004-value-weighting.expected.svg", 4);
    expect_golden("docs/examples/002-grid-load-rises.json",
                  "tests/data/002-grid-load-rises.expected.svg", 4);
    expect_golden("docs/examples/002-decoder-block.json",
                  "tests/data/002-decoder-block.expected.svg", 4);
}

Test(print, seed_002_latex_golden)
{
    expect_golden("docs/examples/002-grid-load-rises.json",
                  "tests/data/002-grid-load-rises.expected.tex", 2);
}

/* The steps in the lesson's order, named weights as \frac, blocked keys
 * removed, exact and named labels. */
Test(print, latex_shows_every_step)
{
    char *tex = derive("docs/examples/004-value-weighting.json", 2);
    static const char *const parts[] = {
        "n = 3,\\quad m = 3,\\quad d_k = 2,\\quad d_v = 2",
        "q_{2}k_{1}^{\\mathsf{T}} &= 0\\cdot 1+1\\cdot 0 = 0",
        "&\\text{blocked, removed from the softmax (weight exactly } "
        "0\\text{):} \\\\\n&\\qquad k_{3}",
        /* Z_i once, each weight over it, outputs in the weights' symbols */
        "Z_{3} &= e^{1} + e^{1} + e^{2} \\\\\n"
        "w_{3,1} &= \\frac{e^{1}}{Z_{3}}\\quad(\\text{named})",
        "w_{3,2}V_{2} &= w_{3,2}\\begin{bmatrix}0 & 3\\end{bmatrix}",
        "o_{3,2} &= 3\\,w_{3,2} + w_{3,3}\\quad(\\text{named})",
        "w_{1,1} &= 1\\quad(\\text{exact})",
        "o_{1} = \\sum_{j \\in A_{1}} w_{1,j}V_{j} = \\begin{bmatrix}2 & "
        "0\\end{bmatrix}\\quad(\\text{exact})",
        "o_{3,1} &= 2\\,w_{3,1} + w_{3,3} = 1\\quad(\\text{exact})",
        "\\text{assigned: } w &= \\begin{bmatrix}\\tfrac{1}{4} & "
        "\\tfrac{1}{4} & \\tfrac{1}{2}\\end{bmatrix}",
        "= \\begin{bmatrix}1 & \\tfrac{5}{4}\\end{bmatrix}\\quad"
        "(\\text{exact})",
    };
    size_t i;

    for (i = 0; i < sizeof parts / sizeof *parts; i++)
        cr_assert_not_null(strstr(tex, parts[i]), "missing %s", parts[i]);
    cr_assert_null(strstr(tex, "$$"), "fragments use \\[ ... \\]");
    cr_assert_not_null(strstr(tex, "\n\\[\n"), "%s", tex);
    free(tex);
}

/* EXATTN_LATEX_EXPANDED (--latex-forms expanded) writes named rows in
 * full, as before Z_i and w_{i,j} were defined once. */
Test(print, latex_expanded_forms)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1,0]], \"K\": [[1,0],[0,0]],"
                                 " \"V\": [[2,0],[0,3]], \"scale\": "
                                 "\"none\"}");
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    char *tex;

    o.latex = EXATTN_LATEX_EXPANDED;
    tex = th_write(l, EXATTN_FORMAT_LATEX, &o);
    cr_assert_not_null(strstr(tex, "w_{1,1} &= \\frac{e^{1}}{e^{1}+e^{0}}"),
                       "%s", tex);
    cr_assert_null(strstr(tex, "Z_{"), "%s", tex);
    free(tex);
    o.latex = 0;
    tex = th_write(l, EXATTN_FORMAT_LATEX, &o);
    cr_assert_not_null(strstr(tex, "Z_{1} &= e^{1} + e^{0} \\\\\n"
                                   "w_{1,1} &= \\frac{e^{1}}{Z_{1}}"), "%s",
                       tex);
    cr_assert_not_null(strstr(tex, "o_{1,1} &= 2\\,w_{1,1}"), "%s", tex);
    free(tex);
    exattn_lesson_free(l);
}

Test(print, latex_options)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1,1]], \"K\": [[1,1],[0,1],"
        "[1,2]], \"V\": [[1,0],[0,2],[1,2]], \"query_tokens\": "
        "[\"rises\"]}");
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    char *tex;

    o.latex = EXATTN_LATEX_STANDALONE | EXATTN_LATEX_PAREN_VECTORS;
    o.digits = 3;
    tex = th_write(l, EXATTN_FORMAT_LATEX, &o);
    cr_assert(strncmp(tex, "\\documentclass{article}\n\\usepackage"
                           "{amsmath}\n", 41) == 0, "%s", tex);
    /* a character pdflatex has no font for is a box, not an error */
    cr_assert_not_null(strstr(tex, "\\def\\UTFviii@undefined@err#1"
                                   "{\\fbox{?}}\n\\makeatother\n"
                                   "\\begin{document}"), "%s", tex);
    cr_assert_not_null(strstr(tex, "\\end{document}\n"));
    cr_assert_null(strstr(tex, "$$"));
    cr_assert_not_null(strstr(tex, "\\left(0.284, 0\\right)"), "%s",
                       tex);
    cr_assert_not_null(strstr(tex, "\\approx 0.576\\quad(\\text{named})"));
    cr_assert_not_null(strstr(tex, "\\approx 1.432\\quad(\\text{named})"));
    free(tex);
    /* past the threshold the denominator is written once, as a sum */
    o = (exattn_write_opts)EXATTN_WRITE_OPTS_INIT;
    o.sum_threshold = 2;
    tex = th_write(l, EXATTN_FORMAT_LATEX, &o);
    cr_assert_not_null(strstr(tex, "Z_{\\text{rises}} &= \\sum_{k \\in "
        "A_{\\text{rises}}} e^{s_{\\text{rises},k}},\\quad "
        "A_{\\text{rises}} = \\{1, \\dots, 3\\}"), "%s", tex);
    cr_assert_not_null(strstr(tex, "w_{\\text{rises},2} &= "
        "\\frac{e^{\\sqrt{2}/2}}{Z_{\\text{rises}}}"));
    cr_assert_null(strstr(tex, "+e^{3\\sqrt{2}/2}}"));
    free(tex);
    o.sum_threshold = 3;
    tex = th_write(l, EXATTN_FORMAT_LATEX, &o);
    /* 3 keys are not past 3: Z_i is the explicit sum, not a \sum */
    cr_assert_null(strstr(tex, "\\sum_{k \\in"), "%s", tex);
    cr_assert_not_null(strstr(tex, "Z_{\\text{rises}} &= e^{\\sqrt{2}} + "
                                   "e^{\\sqrt{2}/2} + e^{3\\sqrt{2}/2}"), "%s",
                       tex);
    free(tex);
    exattn_lesson_free(l);
}

/* A named weight's exponent is its scaled score simplified (e^{1/2} for a
 * score 1 at d_k = 4, e^{√2} for 2/√2), or as the lesson writes it on
 * request; the scaled-score line keeps both.  Options of version 1, which
 * had no choice, are still read (simplified). */
Test(print, exponents_simplified_or_as_written)
{
    exattn_lesson *l = th_lesson(
        "{\"Q\": [[1,0,0,0],[1,1,0,0]], \"K\": [[1,0,0,0],[0,0,0,0],"
        "[2,0,0,0]], \"V\": [[1,0],[0,1],[1,1]], \"mask\": [[1,1,1],"
        "[1,1,0]]}");
    exattn_lesson *l2 = th_lesson("{\"Q\": [[1,1]], \"K\": [[1,1],[0,1]],"
                                  " \"V\": [[1],[2]]}");
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    char *text, *tex, *json;

    text = th_write(l, EXATTN_FORMAT_TEXT, &o);
    cr_assert_not_null(strstr(text, "w1 = e^{1/2}/(e^{1/2}+e^0+e^1) "
                                    "(NAMED)"), "%s", text);
    cr_assert_not_null(strstr(text, "s1 = 1/√4 = 1/2"), "%s", text);
    free(text);
    tex = th_write(l, EXATTN_FORMAT_LATEX, &o);
    cr_assert_not_null(strstr(tex, "Z_{1} &= e^{1/2} + e^{0} + e^{1}"), "%s",
                       tex);
    cr_assert_not_null(strstr(tex, "\\frac{e^{1/2}}{Z_{1}}"), "%s", tex);
    free(tex);
    json = th_write(l2, EXATTN_FORMAT_JSON, &o);
    cr_assert_not_null(strstr(json, "e^{√2}/(e^{√2}+e^{√2/2})"), "%s", json);
    free(json);
    o.exponents = EXATTN_EXPONENTS_WRITTEN;
    text = th_write(l, EXATTN_FORMAT_TEXT, &o);
    cr_assert_not_null(strstr(text, "w1 = e^{1/√4}/(e^{1/√4}+e^0+"
                                    "e^{2/√4}) (NAMED)"), "%s", text);
    free(text);
    json = th_write(l2, EXATTN_FORMAT_JSON, &o);
    cr_assert_not_null(strstr(json, "e^{2/√2}/(e^{2/√2}+e^{1/√2})"), "%s",
                       json);
    free(json);
    o.version = 1;      /* before "exponents": read as simplified */
    text = th_write(l2, EXATTN_FORMAT_TEXT, &o);
    cr_assert_not_null(strstr(text, "e^{√2}/(e^{√2}+e^{√2/2})"), "%s", text);
    free(text);
    exattn_lesson_free(l);
    exattn_lesson_free(l2);
}

/* A block's named weights take the rows' exponents: the scaled score
 * 3/√8 is e^{3√2/4}, -1/√8 is e^{-√2/4}, in text and LaTeX (on one line,
 * no nested fraction), or as written on request. */
Test(print, block_exponents_simplified_or_as_written)
{
    exattn_lesson *l = th_lesson(
        "{\"X\": [[1,0],[0,1]], \"W_Q\": [[1,0],[0,1]], \"W_K\": "
        "[[3,0],[-1,0]], \"W_V\": [[1,0],[0,1]], \"scale\": \"1/sqrt(8)\","
        " \"mask\": \"none\", \"block\": {}}");
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    char *text, *json;

    text = th_write(l, EXATTN_FORMAT_TEXT, &o);
    cr_assert_not_null(strstr(text, "e^{3√2/4}/(e^{3√2/4}+e^{-√2/4})"),
                       "%s", text);
    free(text);
    json = th_write(l, EXATTN_FORMAT_JSON, &o);
    cr_assert_not_null(strstr(json, "\\\\frac{e^{3\\\\sqrt{2}/4}}"
                                    "{e^{3\\\\sqrt{2}/4}+e^{-\\\\sqrt{2}/4}}"),
                       "%s", json);
    free(json);
    o.exponents = EXATTN_EXPONENTS_WRITTEN;
    text = th_write(l, EXATTN_FORMAT_TEXT, &o);
    cr_assert_not_null(strstr(text, "e^{3/√8}/(e^{3/√8}+e^{-1/√8})"),
                       "%s", text);
    free(text);
    exattn_lesson_free(l);
}

Test(print, latex_escapes_labels)
{
    exattn_lesson *l = th_lesson("{\"tokens\": [\"a_b\", \"50%\", "
        "\"x&y\", \"#1\", \"{z}\", \"back\\\\slash\"], \"query_tokens\": "
        "[\"q^~$\"], \"Q\": [[1]], \"K\": [[1],[2],[3],[4],[5],[6]], "
        "\"V\": [[1],[2],[3],[4],[5],[6]], \"title\": \"a\\nb\"}");
    char *tex = th_write(l, EXATTN_FORMAT_LATEX, NULL);
    static const char *const parts[] = {
        "k_{\\text{a\\_b}}", "k_{\\text{50\\%}}", "k_{\\text{x\\&y}}",
        "k_{\\text{\\#1}}", "k_{\\text{\\{z\\}}}",
        "k_{\\text{back\\textbackslash{}slash}}",
        "q_{\\text{q\\textasciicircum{}\\textasciitilde{}\\$}}",
        "% a b\n",
    };
    size_t i;

    for (i = 0; i < sizeof parts / sizeof *parts; i++)
        cr_assert_not_null(strstr(tex, parts[i]), "missing %s in\n%s",
                           parts[i], tex);
    free(tex);
    exattn_lesson_free(l);
}

/* The lab section: controls, exact positions, the lab's lesson, masks. */
Test(print, seed_002_json_golden)
{
    expect_golden("docs/examples/002-grid-load-rises.json",
                  "tests/data/002-grid-load-rises.expected.json", 1);
}

Test(print, seed_004_json_golden)
{
    expect_golden("docs/examples/004-value-weighting.json",
                  "tests/data/004-value-weighting.expected.json", 1);
}

/* The lines docs/output-formats.md quotes for seed lesson 004, each on
 * a line of its own. */
Test(print, seed_004_has_the_product_lines)
{
    static const char *const lines[] = {
        "query Q1 attends {K1} — single key: weight is EXACTLY 1",
        "output1 = 1·V1 = (2,0) (EXACT)",
        "query Q2 attends {K1,K2} — multiple keys: NAMED weights",
        "weight·V1=(e^0/(e^0+e^1))·(2,0) ; "
        "weight·V2=(e^1/(e^0+e^1))·(0,3)",
        "output2 = Σ (e^0/(e^0+e^1))·(2,0) + (e^1/(e^0+e^1))·(0,3) (NAMED)",
        "assigned output = Σ wⱼ·Vⱼ = (1,5/4) (EXACT)",
    };
    char *text = derive("docs/examples/004-value-weighting.json", 0);
    char needle[256];
    size_t i;

    for (i = 0; i < sizeof lines / sizeof *lines; i++)
    {
        snprintf(needle, sizeof needle, "\n%s\n", lines[i]);
        cr_assert_not_null(strstr(text, needle), "missing line: %s",
                           lines[i]);
    }
    /* where the lesson says NAMED but the rule proves a rational */
    cr_assert_not_null(strstr(text, "note: output3 coordinate 1 is EXACTLY "
                                    "1 although its weights are named"));
    free(text);
}

static const char *
str_at(yajl_val root, const char **path)
{
    yajl_val v = yajl_tree_get(root, path, yajl_t_string);

    cr_assert_not_null(v, "no string at %s/%s", path[0], path[1]);
    return YAJL_GET_STRING(v);
}

static yajl_val
index_of(yajl_val arr, size_t i)
{
    cr_assert(YAJL_IS_ARRAY(arr) && i < YAJL_GET_ARRAY(arr)->len);
    return YAJL_GET_ARRAY(arr)->values[i];
}

static yajl_val
field(yajl_val obj, const char *name)
{
    const char *path[] = { name, NULL };
    yajl_val v = yajl_tree_get(obj, path, yajl_t_any);

    cr_assert_not_null(v, "no field %s", name);
    return v;
}

/* Every quantity object has status, text and latex, and value exactly when
 * its status is exact. */
static void
check_quantity(yajl_val q)
{
    const char *status[] = { "status", NULL };
    const char *text[] = { "text", NULL };
    const char *latex[] = { "latex", NULL };
    const char *value[] = { "value", NULL };
    int exact = strcmp(str_at(q, status), "exact") == 0;

    cr_assert(exact || strcmp(str_at(q, status), "named") == 0);
    cr_assert(strlen(str_at(q, text)) > 0);
    cr_assert(strlen(str_at(q, latex)) > 0);
    cr_assert_eq(yajl_tree_get(q, value, yajl_t_string) != NULL, exact);
}

static void
check_all_quantities(yajl_val v)
{
    size_t i;

    if (YAJL_IS_ARRAY(v))
        for (i = 0; i < YAJL_GET_ARRAY(v)->len; i++)
            check_all_quantities(YAJL_GET_ARRAY(v)->values[i]);
    else if (YAJL_IS_OBJECT(v))
    {
        const char *status[] = { "status", NULL };

        if (yajl_tree_get(v, status, yajl_t_string) != NULL)
        {
            check_quantity(v);
            return;
        }
        for (i = 0; i < YAJL_GET_OBJECT(v)->len; i++)
            check_all_quantities(YAJL_GET_OBJECT(v)->values[i]);
    }
}

Test(print, json_parses_back)
{
    char *text = derive("docs/examples/004-value-weighting.json", 1);
    char msg[256];
    yajl_val root = yajl_tree_parse(text, msg, sizeof msg);
    yajl_val rows, row3, out;
    const char *value[] = { "value", NULL };
    const char *status[] = { "status", NULL };
    const char *txt[] = { "text", NULL };
    const char *latex[] = { "latex", NULL };

    cr_assert_not_null(root, "JSON does not parse: %s", msg);
    cr_assert(YAJL_IS_NULL(field(root, "digits")));
    rows = field(root, "rows");
    cr_assert_eq(YAJL_GET_ARRAY(rows)->len, 3);
    row3 = index_of(rows, 2);
    cr_assert_str_eq(YAJL_GET_STRING(field(row3, "query")), "3");
    cr_assert(YAJL_IS_INTEGER(field(row3, "index")));
    out = field(row3, "output");
    cr_assert_str_eq(str_at(index_of(out, 0), status), "exact");
    cr_assert_str_eq(str_at(index_of(out, 0), value), "1");
    cr_assert_str_eq(str_at(index_of(out, 1), status), "named");
    cr_assert_str_eq(str_at(index_of(field(row3, "weights"), 2), txt),
                     "e^2/(e^1+e^1+e^2)");
    cr_assert_str_eq(str_at(index_of(field(row3, "weights"), 2), latex),
                     "\\frac{e^{2}}{e^{1}+e^{1}+e^{2}}");
    cr_assert_str_eq(str_at(index_of(field(index_of(rows, 0), "weights"), 0),
                            value), "1");
    cr_assert(YAJL_IS_FALSE(index_of(field(index_of(rows, 0), "allowed"),
                                     1)));
    out = field(index_of(field(root, "blends"), 0), "output");
    cr_assert_str_eq(str_at(index_of(out, 1), value), "5/4");
    check_all_quantities(root);
    yajl_tree_free(root);
    free(text);
}

Test(print, every_example_gives_valid_json)
{
    static const char *const examples[] = {
        "docs/examples/000-scores-to-mixture.json",
        "docs/examples/001-soft-lookup.json",
        "docs/examples/002-grid-load-rises.json",
        "docs/examples/002-try-a-case.json",
        "docs/examples/004-value-weighting.json",
    };
    char msg[256];
    size_t i;

    for (i = 0; i < sizeof examples / sizeof *examples; i++)
    {
        char *text = derive(examples[i], 1);
        yajl_val root = yajl_tree_parse(text, msg, sizeof msg);

        cr_assert_not_null(root, "%s: %s", examples[i], msg);
        check_all_quantities(root);
        yajl_tree_free(root);
        free(text);
    }
}

Test(print, write_errors_are_reported)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1]], \"K\": [[1]], \"V\": [[1]]}");
    exattn_error_t err;
    FILE *f = fopen("/dev/full", "w");

    cr_assert_not_null(f);
    setvbuf(f, NULL, _IONBF, 0);
    cr_assert_eq(exattn_write_text(f, l, NULL, &err), EXATTN_EIO);
    cr_assert_not_null(strstr(err.message, "cannot write"));
    cr_assert_eq(exattn_write_json(f, l, NULL, &err), EXATTN_EIO);
    fclose(f);
    exattn_lesson_free(l);
}

/* Seed 002's blocks: the presentation of every stage, in each format. */
Test(print, seed_002_block_goldens)
{
    expect_golden("docs/examples/002-encoder-block.json",
                  "tests/data/002-encoder-block.expected.txt", 0);
    expect_golden("docs/examples/002-encoder-block.json",
                  "tests/data/002-encoder-block.expected.json", 1);
    expect_golden("docs/examples/002-encoder-block.json",
                  "tests/data/002-encoder-block.expected.tex", 2);
    expect_golden("docs/examples/002-positional-encoding.json",
                  "tests/data/002-positional-encoding.expected.txt", 0);
    expect_golden("docs/examples/002-cross-attention-block.json",
                  "tests/data/002-cross-attention-block.expected.txt", 0);
    expect_golden("docs/examples/002-decoder-block.json",
                  "tests/data/002-decoder-block.expected.txt", 0);
    expect_golden("docs/examples/002-decoder-block.json",
                  "tests/data/002-decoder-block.expected.json", 1);
    expect_golden("docs/examples/002-decoder-block.json",
                  "tests/data/002-decoder-block.expected.tex", 2);
    expect_golden("docs/examples/002-pre-ln-rms-block.json",
                  "tests/data/002-pre-ln-rms-block.expected.txt", 0);
    expect_golden("docs/examples/002-pre-ln-rms-block.json",
                  "tests/data/002-pre-ln-rms-block.expected.json", 1);
    expect_golden("docs/examples/002-pre-ln-rms-block.json",
                  "tests/data/002-pre-ln-rms-block.expected.tex", 2);
}

/* With --digits every output has its decimal line, the single key's and
 * the blend's exact outputs too ("=" when the decimal is exact, "≈" when
 * it is rounded). */
Test(print, every_output_has_its_decimal_line)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[1,0],[1,1]], "
        "\"K\": [[1,0],[0,1],[1,1]], \"V\": [[2,0],[0,3],[1,1]], "
        "\"mask\": \"causal\", \"scale\": \"none\", "
        "\"blends\": [{\"name\": \"thirds\", \"weights\": "
        "[\"1/3\", \"1/3\", \"1/3\"]}, {\"name\": \"quarters\", "
        "\"weights\": [\"1/4\", \"1/4\", \"1/2\"]}]}");
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    char *text;

    o.digits = 3;
    text = th_write(l, EXATTN_FORMAT_TEXT, &o);
    /* an exact vector's decimals say nothing new when they are exact:
     * left out; a rounded coordinate keeps its ≈, an exact one beside it
     * is written exactly */
    cr_assert_not_null(strstr(text, "output1 = 1·V1 = (2,0) (EXACT)\n"),
                       "%s", text);
    cr_assert_null(strstr(text, "output1 = (2.000,0.000)"), "%s", text);
    cr_assert_not_null(strstr(text, "thirds output ≈ (1,1.333)\n"),
                       "%s", text);
    cr_assert_null(strstr(text, "quarters output = (1.000,1.250)"),
                   "%s", text);
    cr_assert_not_null(strstr(text, "quarters output = Σ wⱼ·Vⱼ = (1,5/4) "
                                    "(EXACT)\n"), "%s", text);
    free(text);
    exattn_lesson_free(l);
}

/* The attention map: a title and a description, one cell per query and
 * key with the weight's exact or named value and decimal in its title,
 * blocked cells hatched, the same bytes every time; a block lesson and
 * a lesson too large to draw are refused. */
Test(print, svg_attention_map)
{
    exattn_lesson *l = th_lesson(
        "{\"tokens\": [\"the\",\"cat\",\"sat\",\"pad\"], "
        "\"Q\": [[1,0,0,0],[0,1,0,0],[1,1,0,0],[0,0,0,0]], "
        "\"K\": [[1,0,0,0],[0,0,0,0],[2,0,0,0],[0,0,0,0]], "
        "\"V\": [[1,0],[0,1],[1,1],[0,0]], \"mask\": [[1,1,1,0],[1,1,1,0],"
        "[1,1,1,0],[1,1,1,0]]}");
    exattn_lesson *block = th_lesson("{\"X\": [[1,0]], \"W_Q\": [[1,0],"
        "[0,1]], \"W_K\": [[1,0],[0,1]], \"W_V\": [[1,0],[0,1]], "
        "\"block\": {}}");
    char *svg = th_write(l, EXATTN_FORMAT_SVG, NULL);
    char *again = th_write(l, EXATTN_FORMAT_SVG, NULL);
    const char *p;
    size_t cells = 0, hatched = 0;
    exattn_error_t err;
    FILE *f;

    cr_assert(strncmp(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39)
              == 0, "%s", svg);
    cr_assert_not_null(strstr(svg, "<title id=\"t\">"));
    cr_assert_not_null(strstr(svg, "<desc id=\"d\">"));
    for (p = svg; (p = strstr(p, "<title>w[")) != NULL; p++)
        cells++;
    for (p = svg; (p = strstr(p, "height=\"56\" fill=\"url(#blocked)\""))
                  != NULL; p++)
        hatched++;
    cr_assert_eq(cells, 2 * 16, "a cell and a bar per weight: %zu", cells);
    cr_assert_eq(hatched, 4, "the padded key, in every row");
    cr_assert_not_null(strstr(svg, "<title>w[the, the] = "
                                   "e^{1/2}/(e^{1/2}+e^0+e^1) ≈ 0.307 "
                                   "(named)</title>"), "%s", svg);
    cr_assert_not_null(strstr(svg, "<title>w[the, pad] = 0 "
                                   "(exact: blocked)</title>"), "%s", svg);
    /* a named weight's cell shows its rounded decimal as such; the axes
     * are titled, the shades have their scale, the bars their ticks */
    cr_assert_not_null(strstr(svg, ">≈0.307</text>"), "%s", svg);
    cr_assert_not_null(strstr(svg, "font-style=\"italic\" fill=\"#555\">"
                                   "keys</text>"), "%s", svg);
    cr_assert_not_null(strstr(svg, ">queries</text>"), "%s", svg);
    cr_assert_not_null(strstr(svg, "fill=\"url(#scale)\""), "%s", svg);
    cr_assert_not_null(strstr(svg, ">blocked</text></g>"), "%s", svg);
    cr_assert_not_null(strstr(svg, "text-anchor=\"middle\">0.5</text>"),
                       "%s", svg);
    cr_assert_not_null(strstr(svg, "style=\"max-width:100%;height:auto\""),
                       "%s", svg);
    cr_assert_str_eq(svg, again, "the same bytes every time");
    cr_assert_not_null(strstr(svg, "</svg>\n"));
    free(svg);
    free(again);
    f = fopen("/dev/null", "w");
    {
        exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;

        o.version = 99;     /* a caller of another library's header */
        cr_assert_eq(exattn_write_svg(f, l, &o, &err), EXATTN_EINVAL);
    }
    fclose(f);
    /* a block: a map for each head */
    svg = th_write(block, EXATTN_FORMAT_SVG, NULL);
    cr_assert_not_null(strstr(svg, ">head 1: weights</text>"), "%s", svg);
    cr_assert_not_null(strstr(svg, "<title>w[1, 1] = 1 (exact)</title>"),
                       "%s", svg);
    /* an exact weight is drawn as itself, not as 1.000 */
    cr_assert_not_null(strstr(svg, "fill=\"#fff\">1</text>"), "%s", svg);
    free(svg);
    exattn_lesson_free(block);
    exattn_lesson_free(l);
}

/* A contribution written as a rounded decimal (100/21 is too long for
 * the map) is "≈", not "="; with one query row the colour scale and its
 * "blocked" swatch end above the bar chart's title. */
Test(print, svg_rounded_contributions_and_the_scale_s_room)
{
    exattn_lesson *l = th_lesson("{\"Q\": [[0]], \"K\": [[0],[0],[0],[0],"
                                 "[0],[0],[0]], \"V\": [[\"100/3\"],[0],[0],"
                                 "[0],[0],[0],[0]]}");
    char *svg = th_write(l, EXATTN_FORMAT_SVG, NULL);
    const char *swatch, *title, *p;
    unsigned long swatch_y = 0, title_y = 0;

    cr_assert_not_null(strstr(svg, ">1/7</text>"), "%s", svg);
    cr_assert_not_null(strstr(svg, "w·V ≈ (4.762)"), "%s", svg);
    cr_assert_null(strstr(svg, "w·V = (4.762"), "%s", svg);
    /* the swatch's label: <text x=".." y="Y">blocked</text></g> */
    swatch = strstr(svg, ">blocked</text></g>");
    cr_assert_not_null(swatch);
    for (p = swatch; p > svg && strncmp(p, " y=\"", 4) != 0; p--)
        ;
    cr_assert_eq(sscanf(p, " y=\"%lu\"", &swatch_y), 1);
    title = strstr(svg, "font-weight=\"bold\">query ");
    cr_assert_not_null(title, "%s", svg);
    for (p = title; p > svg && strncmp(p, " y=\"", 4) != 0; p--)
        ;
    cr_assert_eq(sscanf(p, " y=\"%lu\"", &title_y), 1);
    cr_assert_lt(swatch_y + 12, title_y, "the scale runs into the bars");
    free(svg);
    exattn_lesson_free(l);
}

/* A title longer than the picture is wide is set on several lines, at
 * spaces, and the picture drawn that much lower; a short one is one
 * line and nothing moves. */
Test(print, svg_long_titles_wrap)
{
    exattn_lesson *l = th_lesson("{\"title\": \"A title long enough to "
        "need a second line in a picture only a few keys wide, and then "
        "some more words\", \"Q\": [[1]], \"K\": [[0],[1]], \"V\": [[1],"
        "[0]]}");
    exattn_lesson *s = th_lesson("{\"title\": \"Short\", \"Q\": [[1]], "
                                 "\"K\": [[0],[1]], \"V\": [[1],[0]]}");
    char *svg = th_write(l, EXATTN_FORMAT_SVG, NULL);
    char *one = th_write(s, EXATTN_FORMAT_SVG, NULL);

    cr_assert_not_null(strstr(svg, "<text x=\"10\" y=\"24\" font-size=\"16\" "
                                   "font-weight=\"bold\">A title long"),
                       "%s", svg);
    cr_assert_not_null(strstr(svg, "<text x=\"10\" y=\"44\" font-size=\"16\" "
                                   "font-weight=\"bold\">"), "%s", svg);
    cr_assert_not_null(strstr(svg, "<g transform=\"translate(0,"), "%s",
                       svg);
    cr_assert_not_null(strstr(svg, "</g>\n</svg>\n"), "%s", svg);
    cr_assert_null(strstr(one, "y=\"44\" font-size=\"16\""), "%s", one);
    cr_assert_null(strstr(one, "<g transform=\"translate"), "%s", one);
    free(svg);
    free(one);
    exattn_lesson_free(l);
    exattn_lesson_free(s);
}

/* ---- text wrapped at 100 columns ------------------------------------- */

#include "print/text.h"

/* The longest line of s, in columns (UTF-8 code points). */
static size_t
widest_line(const char *s)
{
    size_t widest = 0, cols = 0;

    for (; *s; s++)
    {
        if (*s == '\n')
        {
            widest = cols > widest ? cols : widest;
            cols = 0;
        }
        else if (((unsigned char)*s & 0xC0) != 0x80)
            cols++;
    }
    return cols > widest ? cols : widest;
}

/* s without its whitespace: what wrapping may not change. */
static char *
ink(const char *s)
{
    char *out = malloc(strlen(s) + 1), *o = out;

    cr_assert_not_null(out);
    for (; *s; s++)
        if (*s != ' ' && *s != '\n')
            *o++ = *s;
    *o = '\0';
    return out;
}

static void
text_fits(const char *path, const char *name, void *ctx)
{
    const char *argv[] = { "derive", path, "--digits", "3", NULL };
    char *out, *err;

    (void)ctx;
    cr_assert_eq(th_run(argv, &out, &err), 0, "%s: %s", name, err);
    cr_assert_leq(widest_line(out), 100, "%s:\n%s", name, out);
    free(out);
    free(err);
}

Test(print, text_lines_fit_100_columns)
{
    cr_assert_geq(th_each_example(text_fits, NULL), 10);
}

/* A line over 100 columns goes on over lines indented four more than its
 * own, broken between items (after " ; "), before a spaced operator, then
 * inside a form before a '+'; nothing but line breaks and spaces added. */
Test(print, a_long_line_wraps_without_changing_a_character)
{
    exattn_sbuf b;
    exattn_error_t err;
    char *got, *a, *c, *orig;
    size_t len, k;
    FILE *f = tmpfile();

    cr_assert_not_null(f);
    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, "short line\n  scores: ");
    for (k = 0; k < 12; k++)
        exattn_sbuf__printf(&b, "%sQ[t%zu]·K[t%zu] = 1·1+0·√2 = %zu",
                            k ? " ; " : "", k, k, k);
    exattn_sbuf__puts(&b, "\nform: x=(");
    for (k = 0; k < 40; k++)
        exattn_sbuf__printf(&b, "%se^{%zu√2}", k ? "+" : "", k);
    exattn_sbuf__puts(&b, ")\n");
    c = ink(b.s);
    orig = strdup(b.s);
    cr_assert_eq(exattn_text__flush_wrapped(&b, f, "t", &err), EXATTN_OK);
    cr_assert_eq(b.len, 0);
    rewind(f);
    got = calloc(1, 8192);
    len = fread(got, 1, 8191, f);
    cr_assert_gt(len, 0);
    cr_assert_leq(widest_line(got), 100, "%s", got);
    /* the items' line goes on indented 2 + 4; the form's inside it */
    cr_assert_not_null(strstr(got, " ;\n      Q[t"), "%s", got);
    cr_assert_not_null(strstr(got, "\n    +e^{"), "%s", got);
    cr_assert_eq(strncmp(got, "short line\n  scores: Q[t0]", 26), 0, "%s",
                 got);
    a = ink(got);
    cr_assert_str_eq(a, c);
    /* and exactly: joined again, the lines are what was composed */
    cr_assert_str_eq(th_unwrap(got), orig);
    free(orig);
    free(a);
    free(c);
    free(got);
    exattn_sbuf__clear(&b);
    fclose(f);
}

/* A report past the spool limit moves to a temporary file and comes out
 * whole and in order at the flush; a spooled buffer cannot be taken, and
 * clearing one discards its file. */
Test(print, a_spooled_buffer_flushes_every_byte_in_order)
{
    exattn_sbuf b;
    exattn_error_t err;
    FILE *out = tmpfile();
    char want[64], got[64];
    size_t i, n = 0;
    int c;

    cr_assert_not_null(out);
    exattn_error_init(&err);
    exattn_sbuf__init(&b);
    for (i = 0; i < 5000; i++)
    {
        exattn_sbuf__printf(&b, "line %zu\n", i);
        exattn_sbuf__spool(&b, 100);
        cr_assert(b.len <= 100 + 16);
    }
    cr_assert_not_null(b.spool);
    cr_assert_eq(exattn_sbuf__flush(&b, out, "out", &err), EXATTN_OK);
    cr_assert_null(b.spool);
    rewind(out);
    for (i = 0; i < 5000; i++)
    {
        snprintf(want, sizeof want, "line %zu\n", i);
        cr_assert_not_null(fgets(got, sizeof got, out));
        cr_assert_str_eq(got, want);
        n++;
    }
    cr_assert_eq((c = fgetc(out)), EOF, "a byte after the last line: %d", c);
    cr_assert_eq(n, 5000);
    fclose(out);

    exattn_sbuf__printf(&b, "%0200d", 1);
    exattn_sbuf__spool(&b, 100);
    cr_assert_not_null(b.spool);
    cr_assert_null(exattn_sbuf__take(&b));
    cr_assert_null(b.spool);
    exattn_sbuf__printf(&b, "%0200d", 2);
    exattn_sbuf__spool(&b, 100);
    exattn_sbuf__clear(&b);
    cr_assert_null(b.spool);
}
