/* exattn audit PAGE... --lesson LESSON.json [--input-format F]
 *              [--format text|json] [--max-prec BITS] [-o FILE] */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

enum { OPT_LESSON, OPT_INPUT_FORMAT, OPT_FORMAT, OPT_QUIET, OPT_STRICT,
       OPT_IGNORE, OPT_FILL, OPT_OUTPUT, OPT_MAX_PREC, OPT_LIMIT, OPT_HELP };

static const cli_opt opts[] = {
    { "--lesson", "-l", "FILE", "the lesson whose numbers the page prints" },
    { "--input-format", NULL, "FMT",
      "markdown, html, latex or text (default: by the page's extension,\n"
      "                         .md .html .tex; text otherwise)" },
    { "--format", NULL, "FMT",
      "text (default: a line per number, FILE:LINE:COLUMN: VERDICT) or "
      "json" },
    { "--quiet", "-q", NULL,
      "text: only the numbers that do not pass, and no count lines" },
    { "--strict", NULL, NULL,
      "an UNSOURCED number (a result that no quantity is) fails too" },
    { "--ignore", NULL, "REGEX",
      "a number inside a match of REGEX (POSIX extended, within a line)\n"
      "                         is a mention; repeatable" },
    { "--fill", NULL, NULL,
      "write the page again, each marked number from the lesson (one\n"
      "                         page; the filled page, not a report)" },
    { "--output", "-o", "FILE",
      "write FILE, only once the whole report (or page) is complete" },
    { "--max-prec", NULL, "BITS",
      "cap the working precision of any evaluation" },
    { "--limit", NULL, "NAME=N", CLI_LIMIT_HELP },
    { "--help", "-h", NULL, "show this help" },
    { NULL, NULL, NULL, NULL }
};

static void
help(FILE *f)
{
    cli_print_help(f, "exattn audit PAGE... --lesson LESSON.json "
                      "[--input-format FMT] [--format text|json] [--quiet] "
                      "[--strict] [--ignore REGEX] [--fill] [--max-prec BITS] "
                      "[-o FILE]",
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
        "the lesson or any page).", opts);
}

typedef struct
{
    cli_files pages;
    const char *lesson, *output;
    int json, fill, quiet, strict;
    const char **ignore;        /* --ignore's patterns */
    size_t ignore_count;
    exattn_page_format fmt;
    mpfr_prec_t max_prec;
    exattn_limits_t limits;
} audit_args;

static int
input_format(exattn_page_format *out, const char *arg)
{
    static const struct { const char *name; exattn_page_format fmt; } by[] = {
        { "markdown", EXATTN_PAGE_MARKDOWN }, { "md", EXATTN_PAGE_MARKDOWN },
        { "html", EXATTN_PAGE_HTML }, { "latex", EXATTN_PAGE_LATEX },
        { "tex", EXATTN_PAGE_LATEX }, { "text", EXATTN_PAGE_TEXT },
    };
    size_t k;

    for (k = 0; k < sizeof by / sizeof *by; k++)
        if (strcmp(arg, by[k].name) == 0)
        {
            *out = by[k].fmt;
            return CLI_EXIT_OK;
        }
    cli_error("--input-format %s: expected markdown, html, latex or text",
              arg);
    return CLI_EXIT_BAD_INPUT;
}

static int
parse_args(audit_args *a, int argc, char **argv)
{
    const char *arg;
    unsigned long v;
    int i, k;

    memset(a, 0, sizeof *a);
    a->limits = (exattn_limits_t)EXATTN_LIMITS_INIT;
    if ((a->ignore = calloc((size_t)argc, sizeof *a->ignore)) == NULL)
    {
        cli_error("out of memory");
        return CLI_EXIT_BAD_INPUT;
    }
    if (cli_files_init(&a->pages, argc) != CLI_EXIT_OK)
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
        if (k == OPT_LESSON)
            a->lesson = arg;
        else if (k == OPT_INPUT_FORMAT)
        {
            if (input_format(&a->fmt, arg) != CLI_EXIT_OK)
                return CLI_EXIT_BAD_INPUT;
        }
        else if (k == OPT_FORMAT && (strcmp(arg, "text") == 0
                                     || strcmp(arg, "json") == 0))
            a->json = strcmp(arg, "json") == 0;
        else if (k == OPT_FORMAT)
        {
            cli_error("--format %s: expected text or json", arg);
            return CLI_EXIT_BAD_INPUT;
        }
        else if (k == OPT_FILL)
            a->fill = 1;
        else if (k == OPT_STRICT)
            a->strict = 1;
        else if (k == OPT_IGNORE)
            a->ignore[a->ignore_count++] = arg;
        else if (k == OPT_QUIET)
            a->quiet = 1;
        else if (k == OPT_OUTPUT)
            a->output = arg;
        else if (k == OPT_LIMIT)
        {
            if (cli_parse_limit(&a->limits, arg) != CLI_EXIT_OK)
                return CLI_EXIT_BAD_INPUT;
        }
        else if (k == OPT_MAX_PREC)
        {
            if (cli_parse_count(&v, "--max-prec", arg, EXATTN_MAX_PREC)
                != CLI_EXIT_OK)
                return CLI_EXIT_BAD_INPUT;
            a->max_prec = (mpfr_prec_t)v;
        }
        else
            cli_files_add(&a->pages, argv[i]);
    }
    if (cli_files_finish(&a->pages, "audit",
                         "a page (Markdown, HTML, LaTeX or text)")
        != CLI_EXIT_OK)
        return CLI_EXIT_BAD_INPUT;
    for (i = 0; i < (int)a->pages.count; i++)
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
    return cli_require(a->lesson, "audit", "--lesson LESSON.json");
}

/* One page's report (or filled page), into `f`. */
static int
audit_one(FILE *f, exattn_audit_summary_t *sum, const audit_args *a,
          exattn_auditor *auditor, const char *name, exattn_error_t *err)
{
    size_t len, changed = 0;
    char *page = cli_read_input(name, a->limits.max_file_bytes, &len);
    exattn_page_format fmt = a->fmt;
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
    o.ignore = a->ignore;
    o.ignore_count = a->ignore_count;
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
    free(a.ignore);
    if (status == CLI_EXIT_OK
        && (run.total.failed || run.total.undecided
            || (a.strict && run.total.unsourced)))
        status = CLI_EXIT_CLAIM_FAILED;
    return status;
}
