/* exattn derive LESSON.json... [--format text|json|latex|markdown|svg]
 *               [-o FILE] */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

typedef struct
{
    cli_files lessons;
    size_t written;
    const char *output;
    int format;                 /* an exattn_format_t */
    int standalone, expanded, vectors, labels;
    unsigned long sum_threshold;    /* (unsigned long)-1: not given */
    exattn_write_opts write;    /* the options that are the library's */
    exattn_limits_t limits;
} derive_args;

#define AT(field) offsetof(derive_args, field)
#define STRING_OF(x) #x
#define STRING(x) STRING_OF(x)  /* a macro's value, as the help says it */

static const cli_choice formats[] = {
    { "text", EXATTN_FORMAT_TEXT, 0 }, { "json", EXATTN_FORMAT_JSON, 0 },
    { "latex", EXATTN_FORMAT_LATEX, 0 },
    { "markdown", EXATTN_FORMAT_MARKDOWN, 0 },
    { "svg", EXATTN_FORMAT_SVG, 0 }, { NULL, 0, 0 }
};
static const cli_choice quantities[] = {
    { "scores", EXATTN_SHOW(EXATTN_SCORE), 0 },
    { "scaled", EXATTN_SHOW(EXATTN_SCALED), 0 },
    { "weights", EXATTN_SHOW(EXATTN_WEIGHT), 0 },
    { "contributions", EXATTN_SHOW(EXATTN_CONTRIBUTION), 0 },
    { "output", EXATTN_SHOW(EXATTN_OUTPUT), 0 },
    { "contrast", EXATTN_SHOW_CONTRAST, 0 }, { NULL, 0, 0 }
};
static const cli_choice vector_styles[] = {
    { "bmatrix", 0, 0 }, { "paren", EXATTN_LATEX_PAREN_VECTORS, 0 },
    { NULL, 0, 0 }
};
static const cli_choice exponent_forms[] = {
    { "simplified", EXATTN_EXPONENTS_SIMPLIFIED, 0 },
    { "written", EXATTN_EXPONENTS_WRITTEN, 0 }, { NULL, 0, 0 }
};

static const cli_opt opts[] = {
    { "--format", NULL, CLI_CHOICE, AT(format), "FMT", formats, 0, "text",
      "see docs/output-formats.md; an SVG image and a standalone LaTeX "
      "document are one lesson's" },
    { "--output", "-o", CLI_TEXT, AT(output), "FILE", NULL, 0, NULL,
      "write FILE, only once the whole result is complete (never one of "
      "the lessons)" },
    { "--digits", NULL, CLI_COUNT, AT(write.digits), "N", NULL, EXATTN_MAX_DIGITS,
      NULL, "add certified decimals, N digits after the point (0 to "
      "10000000), rounded to nearest, ties away from zero" },
    { "--max-prec", NULL, CLI_PREC, AT(write.max_prec), "BITS", NULL,
      EXATTN_MAX_PREC, NULL,
      "cap the working precision (default 131072 bits, more for huge "
      "values); beyond it a decimal is \"undecided\", never guessed" },
    { "--show", NULL, CLI_CHOICES, AT(write.quantities), "LIST", quantities, 0, NULL,
      "only these quantities, comma-separated (default: all)" },
    { "--standalone", NULL, CLI_FLAG, AT(standalone), NULL, NULL, 0, NULL,
      "latex: a complete document for pdflatex, not fragments" },
    { "--labels", NULL, CLI_FLAG, AT(labels), NULL, NULL, 0, NULL,
      "latex: number every display and \\label it "
      "(exattn:base:q3:weights, exattn:v1:h1.weights)" },
    { "--vectors", NULL, CLI_CHOICE, AT(vectors), "STYLE", vector_styles, 0,
      "bmatrix", "latex: how row vectors are set" },
    { "--sum-threshold", NULL, CLI_COUNT, AT(sum_threshold), "N", NULL,
      1000000000UL, STRING(EXATTN_SUM_THRESHOLD),
      "rows with more than N allowed keys (0: none) are compact: the "
      "denominator written once as Z_i, only allowed keys listed" },
    { "--exponents", NULL, CLI_CHOICE, AT(write.exponents), "FORM",
      exponent_forms, 0, "simplified",
      "a named weight's exponents: simplified (e^{√2}, e^{1/2}) or as the "
      "lesson writes the scaled score (e^{2/√2}, e^{1/√4})" },
    { "--expanded", NULL, CLI_FLAG, AT(expanded), NULL, NULL, 0, NULL,
      "latex: named rows written out in full, not over Z_i and w_{i,j} "
      "defined once" },
    { "--limit", NULL, CLI_LIMIT, AT(limits), "NAME=N", NULL, 0, NULL, "" },
    { "--help", "-h", CLI_HELP, 0, NULL, NULL, 0, NULL, "show this help" },
    { NULL, NULL, CLI_FLAG, 0, NULL, NULL, 0, NULL, NULL }
};

static int
add_lesson(void *args, const char *word)
{
    cli_files_add(&((derive_args *)args)->lessons, word);
    return CLI_EXIT_OK;
}

const cli_command cli_derive_command = {
    "derive",
    "exattn derive LESSON.json... [--format text|json|latex|markdown|svg] "
    "[--digits N] [-o FILE]",
    "Derive every query row of a lesson exactly: the scores with the dot\n"
    "product written out, the scaled scores, the softmax weights, the\n"
    "weighted contributions and the outputs, each EXACT (a rational) or\n"
    "NAMED (a term such as e^0/(e^0+e^1)); then the lesson's blends and\n"
    "variants.  Decimals only with --digits, each digit proven.  Several\n"
    "lessons are derived one after another (text, markdown and LaTeX\n"
    "fragments a blank line apart, JSON a document each).  Exit status:\n"
    "0 success, 2 bad input or usage (message on stderr, and nothing\n"
    "written for that lesson).",
    opts, add_lesson, 0
};

static int one_document(const derive_args *a);

/* The parsed words as the library's write options. */
static void
write_options(derive_args *a)
{
    a->write.latex |= (a->standalone ? EXATTN_LATEX_STANDALONE : 0)
                      | (a->expanded ? EXATTN_LATEX_EXPANDED : 0)
                      | (a->labels ? EXATTN_LATEX_LABELS : 0)
                      | (unsigned)a->vectors;
    /* 0: EXATTN_SUM_NEVER; not given: the default */
    if (a->sum_threshold != (unsigned long)-1)
        a->write.sum_threshold = (size_t)a->sum_threshold;
}

static int
parse_args(derive_args *a, int argc, char **argv)
{
    int status;

    memset(a, 0, sizeof *a);
    a->write = (exattn_write_opts)EXATTN_WRITE_OPTS_INIT;
    a->limits = (exattn_limits_t)EXATTN_LIMITS_INIT;
    a->format = EXATTN_FORMAT_TEXT;
    a->sum_threshold = (unsigned long)-1;
    if (cli_files_init(&a->lessons, argc) != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    if ((status = cli_parse(&cli_derive_command, a, argc, argv))
        != CLI_EXIT_OK)
        return status;
    write_options(a);
    if (cli_files_finish(&a->lessons, "derive", "a lesson file")
        != CLI_EXIT_OK
        || cli_output_not_input(a->output, &a->lessons, NULL) != CLI_EXIT_OK)
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
    rc = exattn_write(f, lesson, (exattn_format_t)a->format, &a->write,
                      err);
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
