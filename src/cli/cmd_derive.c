/* exattn derive LESSON.json... [--format text|json|latex|markdown|svg]
 *               [-o FILE] */
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

enum { OPT_FORMAT, OPT_OUTPUT, OPT_DIGITS, OPT_MAX_PREC, OPT_SHOW,
       OPT_STANDALONE, OPT_VECTORS, OPT_SUM_THRESHOLD, OPT_EXPONENTS,
       OPT_EXPANDED, OPT_LIMIT, OPT_HELP };

static const cli_opt opts[] = {
    { "--format", NULL, "FMT",
      "text (default), json, latex, markdown or svg; see\n"
      "                         docs/output-formats.md" },
    { "--output", "-o", "FILE",
      "write FILE, only once the whole result is complete" },
    { "--digits", NULL, "N",
      "add certified decimals, N digits after the point (0 to 10000000),\n"
      "                         rounded to nearest, ties away from zero" },
    { "--max-prec", NULL, "BITS",
      "cap the working precision (default 131072 bits, more\n"
      "                         for huge values); beyond it a decimal\n"
      "                         is \"undecided\"" },
    { "--show", NULL, "LIST",
      "only these quantities, comma-separated: scores, scaled,\n"
      "                         weights, contributions, output "
      "(default: all)" },
    { "--standalone", NULL, NULL,
      "latex: a complete document for pdflatex, not fragments" },
    { "--vectors", NULL, "STYLE",
      "latex: row vectors as bmatrix (default) or paren" },
    { "--sum-threshold", NULL, "N",
      "rows with more than N allowed keys (default 8; 0: never) are\n"
      "                         compact: the denominator written once as\n"
      "                         Z_i, only allowed keys listed" },
    { "--exponents", NULL, "FORM",
      "a named weight's exponents: simplified (default: e^{√2},\n"
      "                         e^{1/2}) or written (as the lesson writes\n"
      "                         the scaled score: e^{2/√2}, e^{1/√4})" },
    { "--expanded", NULL, NULL,
      "latex: named rows written out in full, not over Z_i and\n"
      "                         w_{i,j} defined once" },
    { "--limit", NULL, "NAME=N", CLI_LIMIT_HELP },
    { "--help", "-h", NULL, "show this help" },
    { NULL, NULL, NULL, NULL }
};

static void
help(FILE *f)
{
    cli_print_help(f, "exattn derive LESSON.json... "
                      "[--format text|json|latex|markdown|svg] "
                      "[--digits N] [-o FILE]",
        "Derive every query row of a lesson exactly: the scores with the dot\n"
        "product written out, the scaled scores, the softmax weights, the\n"
        "weighted contributions and the outputs, each EXACT (a rational) or\n"
        "NAMED (a term such as e^0/(e^0+e^1)); then the lesson's blends and\n"
        "variants.  Decimals only with --digits, each digit proven.  Several\n"
        "lessons are derived one after another (text, markdown and LaTeX\n"
        "fragments a blank line apart, JSON a document each).  Exit status:\n"
        "0 success, 2 bad input or usage (message on stderr, and nothing\n"
        "written for that lesson).", opts);
}

typedef struct
{
    cli_files lessons;
    size_t written;
    const char *output;
    exattn_format_t format;
    exattn_write_opts write;
    exattn_limits_t limits;
} derive_args;

/* "weights,output" -> EXATTN_SHOW(EXATTN_WEIGHT) | EXATTN_SHOW(...). */
static int
parse_show(unsigned *out, const char *list)
{
    static const char *const names[] = { "scores", "scaled", "weights",
                                         "contributions", "output" };
    const char *p = list;
    size_t k, n;

    *out = 0;
    while (*p)
    {
        n = strcspn(p, ",");
        for (k = 0; k < 5; k++)
            if (strlen(names[k]) == n && strncmp(p, names[k], n) == 0)
                break;
        if (k == 5)
        {
            cli_error("--show %s: '%.*s' is not one of scores, scaled, "
                      "weights, contributions, output", list, (int)n, p);
            return CLI_EXIT_BAD_INPUT;
        }
        *out |= EXATTN_SHOW(k);
        p += n + (p[n] == ',');
    }
    if (*out == 0)
    {
        cli_error("--show needs at least one quantity");
        return CLI_EXIT_BAD_INPUT;
    }
    return CLI_EXIT_OK;
}

static int one_document(const derive_args *a);

static int
parse_args(derive_args *a, int argc, char **argv)
{
    const char *arg;
    int i, k;

    memset(a, 0, sizeof *a);
    a->write = (exattn_write_opts)EXATTN_WRITE_OPTS_INIT;
    a->limits = (exattn_limits_t)EXATTN_LIMITS_INIT;
    if (cli_files_init(&a->lessons, argc) != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    for (i = 1; i < argc; i++)
    {
        k = cli_next_opt(argc, argv, &i, opts, &arg);
        if (k == -2)
            return CLI_EXIT_BAD_INPUT;
        if (k == OPT_HELP)
        {
            help(stdout);
            return -1;
        }
        if (k == OPT_FORMAT && (strcmp(arg, "text") == 0
                                || strcmp(arg, "json") == 0
                                || strcmp(arg, "latex") == 0
                                || strcmp(arg, "markdown") == 0
                                || strcmp(arg, "svg") == 0))
            a->format = arg[0] == 't'   ? EXATTN_FORMAT_TEXT
                        : arg[0] == 'j' ? EXATTN_FORMAT_JSON
                        : arg[0] == 'm' ? EXATTN_FORMAT_MARKDOWN
                        : arg[0] == 's' ? EXATTN_FORMAT_SVG
                                        : EXATTN_FORMAT_LATEX;
        else if (k == OPT_FORMAT)
        {
            cli_error("--format %s: expected text, json, latex, markdown or "
                      "svg", arg);
            return CLI_EXIT_BAD_INPUT;
        }
        else if (k == OPT_STANDALONE)
            a->write.latex |= EXATTN_LATEX_STANDALONE;
        else if (k == OPT_EXPANDED)
            a->write.latex |= EXATTN_LATEX_EXPANDED;
        else if (k == OPT_VECTORS && (strcmp(arg, "bmatrix") == 0
                                      || strcmp(arg, "paren") == 0))
        {
            if (arg[0] == 'p')
                a->write.latex |= EXATTN_LATEX_PAREN_VECTORS;
        }
        else if (k == OPT_VECTORS)
        {
            cli_error("--vectors %s: expected bmatrix or paren", arg);
            return CLI_EXIT_BAD_INPUT;
        }
        else if (k == OPT_EXPONENTS && (strcmp(arg, "simplified") == 0
                                        || strcmp(arg, "written") == 0))
            a->write.exponents = arg[0] == 'w' ? EXATTN_EXPONENTS_WRITTEN
                                               : EXATTN_EXPONENTS_SIMPLIFIED;
        else if (k == OPT_EXPONENTS)
        {
            cli_error("--exponents %s: expected simplified or written", arg);
            return CLI_EXIT_BAD_INPUT;
        }
        else if (k == OPT_SUM_THRESHOLD)
        {
            unsigned long v;

            if (cli_parse_count(&v, "--sum-threshold", arg, 1000000000UL)
                != CLI_EXIT_OK)
                return CLI_EXIT_BAD_INPUT;
            a->write.sum_threshold = (size_t)v; /* 0: EXATTN_SUM_NEVER */
        }
        else if (k == OPT_OUTPUT)
            a->output = arg;
        else if (k == OPT_SHOW)
        {
            if (parse_show(&a->write.quantities, arg) != CLI_EXIT_OK)
                return CLI_EXIT_BAD_INPUT;
        }
        else if (k == OPT_LIMIT)
        {
            if (cli_parse_limit(&a->limits, arg) != CLI_EXIT_OK)
                return CLI_EXIT_BAD_INPUT;
        }
        else if (k == OPT_DIGITS || k == OPT_MAX_PREC)
        {
            unsigned long v;

            if (cli_parse_count(&v, opts[k].long_name, arg, k == OPT_DIGITS
                    ? EXATTN_MAX_DIGITS : EXATTN_MAX_PREC)
                != CLI_EXIT_OK)
                return CLI_EXIT_BAD_INPUT;
            if (k == OPT_DIGITS)
                a->write.digits = v;
            else
                a->write.max_prec = (mpfr_prec_t)v;
        }
        else
            cli_files_add(&a->lessons, argv[i]);
    }
    if (cli_files_finish(&a->lessons, "derive", "a lesson file")
        != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    return one_document(a);
}

/* Documents that cannot follow one another in one output. */
static int
one_document(const derive_args *a)
{
    const char *what = a->format == EXATTN_FORMAT_SVG ? "an SVG image"
        : a->format == EXATTN_FORMAT_LATEX
              && (a->write.latex & EXATTN_LATEX_STANDALONE)
            ? "a standalone LaTeX document" : NULL;

    if (a->lessons.count < 2 || what == NULL)
        return CLI_EXIT_OK;
    cli_error("derive: %s is one lesson's (several would not make one "
              "file): derive each lesson on its own", what);
    return CLI_EXIT_BAD_INPUT;
}

static int
write_derivation(FILE *f, const exattn_lesson *lesson, void *ctx,
                 exattn_error_t *err)
{
    derive_args *a = ctx;
    int rc;

    /* a blank line between two lessons' text, Markdown or LaTeX */
    if (a->written > 0 && a->format != EXATTN_FORMAT_JSON)
        fputc('\n', f);
    rc = exattn_write(f, lesson, a->format, &a->write, err);
    a->written += rc == EXATTN_OK;
    return rc;
}

int
cmd_derive(int argc, char **argv)
{
    derive_args a;
    int status = parse_args(&a, argc, argv);

    if (status == CLI_EXIT_OK)
        status = cli_write_lessons(&a.lessons, a.output, &a.limits,
                                   write_derivation, NULL, &a);
    else if (status < 0)
        status = CLI_EXIT_OK;   /* --help */
    cli_files_free(&a.lessons);
    return status;
}
