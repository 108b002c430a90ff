/* exattn audit PAGE... --lesson LESSON.json [--input-format F]
 *              [--format text|json] [--max-prec BITS] [-o FILE] */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

typedef struct
{
    cli_files pages;
    const char *lesson, *output;
    int json, fill, quiet, strict;
    cli_texts ignore;           /* --ignore's patterns */
    int fmt;                    /* an exattn_page_format */
    mpfr_prec_t max_prec;
    exattn_limits_t limits;
} audit_args;

#define AT(field) offsetof(audit_args, field)

static const cli_choice input_formats[] = {
    { "markdown", EXATTN_PAGE_MARKDOWN, 0 },
    { "md", EXATTN_PAGE_MARKDOWN, 1 }, { "html", EXATTN_PAGE_HTML, 0 },
    { "latex", EXATTN_PAGE_LATEX, 0 }, { "tex", EXATTN_PAGE_LATEX, 1 },
    { "text", EXATTN_PAGE_TEXT, 0 }, { NULL, 0, 0 }
};
static const cli_choice formats[] = {
    { "text", 0, 0 }, { "json", 1, 0 }, { NULL, 0, 0 }
};

static const cli_opt opts[] = {
    { "--lesson", "-l", CLI_TEXT, AT(lesson), "FILE", NULL, 0, NULL,
      "the lesson whose numbers the page prints" },
    { "--input-format", NULL, CLI_CHOICE, AT(fmt), "FMT", input_formats, 0,
      NULL, "the pages' format; by default by each page's extension (.md, "
      ".html, .tex; text otherwise)" },
    { "--format", NULL, CLI_CHOICE, AT(json), "FMT", formats, 0, "text",
      "the report: a line per number, FILE:LINE:COLUMN: VERDICT, or a JSON "
      "document with \"schema\": 1" },
    { "--quiet", "-q", CLI_FLAG, AT(quiet), NULL, NULL, 0, NULL,
      "text: only the numbers that do not pass, and no count lines" },
    { "--strict", NULL, CLI_FLAG, AT(strict), NULL, NULL, 0, NULL,
      "an UNSOURCED number (a result that no quantity is) fails too" },
    { "--ignore", NULL, CLI_TEXTS, AT(ignore), "REGEX", NULL, 0, NULL,
      "a number inside a match of REGEX (POSIX extended, within a line) "
      "is a mention; repeatable" },
    { "--fill", NULL, CLI_FLAG, AT(fill), NULL, NULL, 0, NULL,
      "write the page again, each marked number from the lesson (one "
      "page; the filled page, not a report)" },
    { "--output", "-o", CLI_TEXT, AT(output), "FILE", NULL, 0, NULL,
      "write FILE, only once the whole report (or page) is complete "
      "(never a page or the lesson)" },
    { "--max-prec", NULL, CLI_PREC, AT(max_prec), "BITS", NULL,
      EXATTN_MAX_PREC, NULL, "cap the working precision of any "
      "evaluation" },
    { "--limit", NULL, CLI_LIMIT, AT(limits), "NAME=N", NULL, 0, NULL, "" },
    { "--help", "-h", CLI_HELP, 0, NULL, NULL, 0, NULL, "show this help" },
    { NULL, NULL, CLI_FLAG, 0, NULL, NULL, 0, NULL, NULL }
};

static int
add_page(void *args, const char *word)
{
    cli_files_add(&((audit_args *)args)->pages, word);
    return CLI_EXIT_OK;
}

const cli_command cli_audit_command = {
    "audit",
    "exattn audit PAGE... --lesson LESSON.json [--input-format FMT] "
    "[--format text|json] [--quiet] [--strict] [--ignore REGEX] [--fill] "
    "[--max-prec BITS] [-o FILE]",
    "Find every number the pages print -- decimals, fractions, vectors,\n"
    "in prose and in math -- and bind it to the lesson's quantities:\n"
    "by a marker before it (<!-- exattn weights[rises] --> in Markdown\n"
    "and HTML, % exattn weights[rises] in LaTeX), or, when the page\n"
    "says it is a result (a symbol, word or token label naming a\n"
    "quantity next to it, a vector of a quantity's shape), to the\n"
    "quantities of that kind whose certified rounding at the number's\n"
    "own precision is it.  Other numbers are mentions (section and\n"
    "figure numbers, versions, other models' settings), never failures;\n"
    "<!-- exattn ignore --> and <!-- exattn off -->...<!-- exattn on -->\n"
    "make a number or a passage one.  Verdicts: PASS, FAIL (the true\n"
    "value, its rounding and the usual slip), EXACT-WORDING (\"exactly\"\n"
    "for a rounding, \"≈\" for an exact value), UNSOURCED (a result no\n"
    "quantity is), UNDECIDED, MENTION.  --fill writes the page with\n"
    "every marked number from the lesson instead, and fills empty pairs\n"
    "<!-- exattn PATH digits=3 --><!-- /exattn -->.  After several\n"
    "pages, \"N numbers in M pages: ...\".  Exit status: 0 no number\n"
    "fails (or the page is filled), 1 one fails, is misworded or\n"
    "undecided (or unsourced, with --strict), 2 bad input or usage (in\n"
    "the lesson or any page).",
    opts, add_page, 0
};

/* Options that contradict each other, or the inputs. */
static int
consistent(const audit_args *a)
{
    size_t i;

    for (i = 0; i < a->pages.count; i++)
        if (cli_is_stdin(a->pages.paths[i]) && cli_is_stdin(a->lesson))
        {
            cli_error("audit: the page and the lesson cannot both be "
                      "standard input");
            return CLI_EXIT_BAD_INPUT;
        }
    if (a->fill && (a->pages.count > 1 || a->json || a->quiet))
    {
        cli_error("audit --fill writes one page (and no report): %s",
                  a->json ? "--format json asks for a report"
                  : a->quiet ? "--quiet asks for a report"
                             : "give one page");
        return CLI_EXIT_BAD_INPUT;
    }
    if (a->quiet && a->json)
    {
        cli_error("audit --quiet leaves the text report's failures; "
                  "--format json has every number");
        return CLI_EXIT_BAD_INPUT;
    }
    return cli_output_not_input(a->output, &a->pages, a->lesson);
}

static int
parse_args(audit_args *a, int argc, char **argv)
{
    int status;

    memset(a, 0, sizeof *a);
    a->limits = (exattn_limits_t)EXATTN_LIMITS_INIT;
    a->fmt = EXATTN_PAGE_AUTO;
    if ((a->ignore.items = calloc((size_t)argc, sizeof *a->ignore.items))
        == NULL)
    {
        cli_error("out of memory");
        return CLI_EXIT_BAD_INPUT;
    }
    if (cli_files_init(&a->pages, argc) != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    if ((status = cli_parse(&cli_audit_command, a, argc, argv))
        != CLI_EXIT_OK)
        return status;
    if (cli_files_finish(&a->pages, "audit",
                         "a page (Markdown, HTML, LaTeX or text)")
        != CLI_EXIT_OK || consistent(a) != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    return cli_require(a->lesson, "audit", "--lesson LESSON.json");
}

/* One page's report (or filled page), into `f`. */
static int
audit_one(FILE *f, exattn_audit_summary_t *sum, const audit_args *a,
          exattn_auditor *auditor, const char *name, exattn_error_t *err)
{
    size_t len, changed = 0;
    char *page = cli_read_input(name, a->limits.max_file_bytes, &len);
    exattn_page_format fmt = (exattn_page_format)a->fmt;
    int rc;

    memset(sum, 0, sizeof *sum);
    if (page == NULL)
        return EXATTN_EIO;      /* reported */
    if (fmt == EXATTN_PAGE_AUTO && cli_is_stdin(name))
        fmt = EXATTN_PAGE_MARKDOWN;     /* as pandoc reads standard input */
    if (a->fill)
    {
        rc = exattn_auditor_fill(f, &changed, auditor, cli_input_name(name),
                                 page, len, fmt, err);
        if (rc == EXATTN_OK)
            fprintf(stderr, "exattn: %s: %zu %s rewritten from the lesson\n",
                    name, changed, changed == 1 ? "number" : "numbers");
    }
    else if (a->json)
        rc = exattn_auditor_write_json(f, sum, auditor, cli_input_name(name),
                                       page, len, fmt, err);
    else if (a->quiet)
        rc = exattn_auditor_write_failures(f, sum, auditor,
                                           cli_input_name(name), page, len,
                                           fmt, err);
    else
        rc = exattn_auditor_write_text(f, sum, auditor, cli_input_name(name),
                                       page, len, fmt, err);
    if (rc != EXATTN_OK)
        cli_error_lib(err);
    free(page);
    return rc;
}

/* The pages' run: the lesson read once, the counts so far. */
typedef struct
{
    const audit_args *args;
    exattn_auditor *auditor;    /* the lesson's quantities, once */
    exattn_audit_summary_t total;
    size_t audited;
} audit_run;

static int
audit_file(FILE *f, const char *path, void *ctx)
{
    audit_run *run = ctx;
    exattn_audit_summary_t sum;
    exattn_error_t err;

    exattn_error_init(&err);
    if (audit_one(f, &sum, run->args, run->auditor, path, &err) != EXATTN_OK)
        return CLI_EXIT_BAD_INPUT;      /* reported */
    run->total.numbers += sum.numbers;
    run->total.passed += sum.passed;
    run->total.failed += sum.failed + sum.wording;
    run->total.unsourced += sum.unsourced;
    run->total.undecided += sum.undecided;
    run->total.mentions += sum.mentions;
    run->audited++;
    return CLI_EXIT_OK;
}

/* After several pages: "N numbers in M pages: P passed, ...". */
static int
write_total(FILE *f, void *ctx)
{
    const audit_run *run = ctx;
    const exattn_audit_summary_t *t = &run->total;
    size_t pages = run->args->pages.count;

    if (pages < 2 || run->args->json || run->args->quiet)
        return 0;
    fprintf(f, "%zu numbers in %zu pages: %zu passed, %zu failed, %zu "
            "unsourced", t->numbers, pages, t->passed, t->failed,
            t->unsourced);
    if (t->undecided)
        fprintf(f, ", %zu undecided", t->undecided);
    if (t->mentions)
        fprintf(f, ", %zu mentions", t->mentions);
    if (run->audited < pages)
        fprintf(f, "; %zu %s not be audited", pages - run->audited,
                pages - run->audited == 1 ? "page could" : "pages could");
    return fputc('\n', f) == EOF;
}

/* The pages against one auditor: the lesson read and its quantities
 * evaluated once for them all.  A bad page is reported and the others go
 * on, as check's lessons. */
static int
audit_pages(audit_run *run)
{
    const audit_args *a = run->args;
    exattn_audit_options_t o = EXATTN_AUDIT_OPTIONS_INIT;
    exattn_lesson *lesson = NULL;
    exattn_error_t err;
    int status;

    if (cli_read_lesson(&lesson, a->lesson, &a->limits) != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    o.max_prec = a->max_prec;
    o.ignore = a->ignore.items;
    o.ignore_count = a->ignore.count;
    exattn_error_init(&err);
    if (exattn_auditor_new(&run->auditor, lesson, &o, &err) != EXATTN_OK)
    {
        cli_error_lib(&err);
        exattn_lesson_free(lesson);
        return CLI_EXIT_BAD_INPUT;
    }
    status = cli_write_each(&a->pages, a->output, audit_file, write_total,
                            run);
    exattn_auditor_free(run->auditor);
    exattn_lesson_free(lesson);
    return status;
}

int
cmd_audit(int argc, char **argv)
{
    audit_args a;
    audit_run run;
    int status = parse_args(&a, argc, argv);

    memset(&run, 0, sizeof run);
    run.args = &a;
    if (status == CLI_EXIT_OK)
        status = audit_pages(&run);
    else if (status < 0)
        status = CLI_EXIT_OK;   /* --help */
    cli_files_free(&a.pages);
    free(a.ignore.items);
    if (status == CLI_EXIT_OK
        && (run.total.failed || run.total.undecided
            || (a.strict && run.total.unsourced)))
        status = CLI_EXIT_CLAIM_FAILED;
    return status;
}
