/* exattn get LESSON PATH [--variant NAME] [--format text|json|latex|markdown]
 *            [--digits N] [--max-prec BITS] */
#include <stddef.h>
#include <string.h>
#include "cli/cli.h"

enum { GET_TEXT, GET_JSON, GET_LATEX, GET_MARKDOWN };

typedef struct
{
    const char *lesson, *path, *variant;
    int format;
    unsigned long digits;
    mpfr_prec_t max_prec;
    exattn_limits_t limits;
} get_args;

#define AT(field) offsetof(get_args, field)

static const cli_choice formats[] = {
    { "text", GET_TEXT, 0 }, { "json", GET_JSON, 0 },
    { "latex", GET_LATEX, 0 }, { "markdown", GET_MARKDOWN, 0 },
    { NULL, 0, 0 }
};

static const cli_opt opts[] = {
    { "--format", NULL, CLI_CHOICE, AT(format), "FMT", formats, 0, "text",
      "a line per entry (PATH = FORM ≈ DECIMAL (NAMED)); JSON; the LaTeX "
      "to paste into a formula; or that LaTeX in $...$" },
    { "--variant", NULL, CLI_TEXT, AT(variant), "NAME", NULL, 0, NULL,
      "the quantity of this variant of the lesson (default: the base)" },
    { "--digits", NULL, CLI_COUNT, AT(digits), "N", NULL, EXATTN_MAX_DIGITS,
      "3", "digits after the point of the certified decimals, rounded to "
      "nearest, ties away from zero" },
    { "--max-prec", NULL, CLI_PREC, AT(max_prec), "BITS", NULL,
      EXATTN_MAX_PREC, NULL,
      "cap the working precision; beyond it a decimal is \"undecided\", "
      "never guessed" },
    { "--limit", NULL, CLI_LIMIT, AT(limits), "NAME=N", NULL, 0, NULL, "" },
    { "--help", "-h", CLI_HELP, 0, NULL, NULL, 0, NULL, "show this help" },
    { NULL, NULL, CLI_FLAG, 0, NULL, NULL, 0, NULL, NULL }
};

static int
take_word(void *args, const char *word)
{
    get_args *a = args;

    if (a->lesson == NULL)
        return cli_take_positional(&a->lesson, word, "get", "lesson");
    return cli_take_positional(&a->path, word, "get", "path");
}

const cli_command cli_get_command = {
    "get",
    "exattn get LESSON.json PATH [--variant NAME] "
    "[--format text|json|latex|markdown] [--digits N]",
    "Print one quantity of a lesson for pasting into a page: PATH is a\n"
    "claim's path (weights[rises], output[2][1], h1.weights[grid],\n"
    "ln1[rises], shape.d_k; docs/lesson-format.md, \"Paths\").  Each\n"
    "entry exactly when it is exact (1/3), else in its named form\n"
    "(e^1/(e^1+e^1+e^2)), with its certified decimal (3 digits unless\n"
    "--digits says otherwise; \"≈\" only for a rounded one).  Exit\n"
    "status: 0 success, 2 bad input or usage (a path the lesson does\n"
    "not have, with the paths it has).",
    opts, take_word, 1
};

static int
parse_args(get_args *a, int argc, char **argv)
{
    int status;

    memset(a, 0, sizeof *a);
    a->digits = 3;
    a->limits = (exattn_limits_t)EXATTN_LIMITS_INIT;
    if ((status = cli_parse(&cli_get_command, a, argc, argv)) != CLI_EXIT_OK)
        return status;
    if ((status = cli_require(a->lesson, "get", "a lesson")) != CLI_EXIT_OK)
        return status;
    return cli_require(a->path, "get", "a path");
}

/* "1/3", "e^1/(e^1+e^1+e^2)" */
static void
text_value(const exattn_quantity_entry *q)
{
    fputs(q->status == EXATTN_EXACT ? q->exact : q->text, stdout);
}

/* Does the entry's decimal say more than its exact value (1/3, a named
 * one) rather than repeat it (0, 5/4)? */
static int
decimal_says_more(const exattn_quantity_entry *q)
{
    return q->decimal != NULL
           && !(q->status == EXATTN_EXACT && q->decimal_exact);
}

/* " ≈ 0.284", nothing when the decimal is the exact value itself */
static void
text_decimal(const exattn_quantity_entry *q)
{
    if (q->undecided != NULL)
        printf(" ≈ (%s)", q->undecided);
    else if (decimal_says_more(q))
        printf(" %s %s", q->decimal_exact ? "=" : "≈", q->decimal);
}

static void
write_text(const get_args *a, const exattn_quantity_entry *q, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
    {
        fputs(a->path, stdout);
        if (n > 1)
            printf("[%zu]", i + 1);
        fputs(" = ", stdout);
        text_value(&q[i]);
        text_decimal(&q[i]);
        puts(q[i].status == EXATTN_EXACT ? " (EXACT)" : " (NAMED)");
    }
}

/* The entry in LaTeX: an exact one as its value (\frac{1}{3}), a named
 * one as its form. */
static int
latex_value(const exattn_quantity_entry *q)
{
    mpq_t v;
    char *tex = NULL;
    exattn_error_t err;
    int ok;

    if (q->status != EXATTN_EXACT)
    {
        fputs(q->latex, stdout);
        return 1;
    }
    mpq_init(v);
    exattn_error_init(&err);
    if (exattn_mpq_set_text(v, q->exact, strlen(q->exact), &err)
        == EXATTN_OK)
        tex = exattn_mpq_get_str_latex(v);
    mpq_clear(v);
    if ((ok = tex != NULL))
        fputs(tex, stdout);
    exattn_free(tex);
    return ok;
}

/* "\frac{e^{1}}{…} \approx 0.284"; a vector as a row matrix, its
 * decimals beside it (an exact coordinate whose decimal is itself
 * written exactly). */
static int
write_latex(const exattn_quantity_entry *q, size_t n)
{
    size_t i;
    int rounded = 0, ok = 1;

    for (i = 0; i < n; i++)
        rounded |= decimal_says_more(&q[i]);
    fputs(n > 1 ? "\\begin{bmatrix}" : "", stdout);
    for (i = 0; i < n && ok; i++)
    {
        fputs(i ? " & " : "", stdout);
        ok = latex_value(&q[i]);
    }
    fputs(n > 1 ? "\\end{bmatrix}" : "", stdout);
    if (!rounded)
        return ok;
    fputs(n > 1 ? " \\approx \\begin{bmatrix}" : " \\approx ", stdout);
    for (i = 0; i < n && ok; i++)
    {
        fputs(i ? " & " : "", stdout);
        if (q[i].decimal != NULL && !decimal_says_more(&q[i]))
            ok = latex_value(&q[i]);
        else
            fputs(q[i].decimal ? q[i].decimal : "\\text{(undecided)}",
                  stdout);
    }
    fputs(n > 1 ? "\\end{bmatrix}" : "", stdout);
    return ok;
}

/* A JSON string, or null. */
static void
json_string(const char *s)
{
    if (s == NULL)
    {
        fputs("null", stdout);
        return;
    }
    putchar('"');
    for (; *s; s++)
    {
        unsigned char c = (unsigned char)*s;

        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void
write_json(const get_args *a, const exattn_quantity_entry *q, size_t n)
{
    size_t i;

    fputs("{\"path\": ", stdout);
    json_string(a->path);
    fputs(", \"variant\": ", stdout);
    json_string(a->variant);
    fputs(", \"entries\": [", stdout);
    for (i = 0; i < n; i++)
    {
        printf("%s\n  {\"status\": \"%s\", \"value\": ", i ? "," : "",
               q[i].status == EXATTN_EXACT ? "exact" : "named");
        json_string(q[i].exact);
        fputs(", \"text\": ", stdout);
        json_string(q[i].text);
        fputs(", \"latex\": ", stdout);
        json_string(q[i].latex);
        fputs(", \"decimal\": ", stdout);
        json_string(q[i].decimal);
        printf(", \"decimal_exact\": %s, \"undecided\": ",
               q[i].decimal_exact ? "true" : "false");
        json_string(q[i].undecided);
        putchar('}');
    }
    puts("\n]}");
}

int
cmd_get(int argc, char **argv)
{
    get_args a;
    exattn_lesson *l = NULL;
    exattn_quantity_entry *q = NULL;
    exattn_error_t err;
    size_t n = 0;
    int status, ok = 1;

    status = parse_args(&a, argc, argv);
    if (status != CLI_EXIT_OK)
        return status < 0 ? CLI_EXIT_OK : status;
    if ((status = cli_read_lesson(&l, a.lesson, &a.limits)) != CLI_EXIT_OK)
        return status;
    exattn_error_init(&err);
    if (exattn_lesson_get(&q, &n, l, a.variant, a.path, a.digits,
                          a.max_prec, &err) != EXATTN_OK)
    {
        cli_error_lib(&err);
        exattn_lesson_free(l);
        return CLI_EXIT_BAD_INPUT;
    }
    /* every entry is ready: nothing is written before all are */
    switch (a.format)
    {
    case GET_JSON: write_json(&a, q, n); break;
    case GET_LATEX: ok = write_latex(q, n); putchar('\n'); break;
    case GET_MARKDOWN:
        putchar('$');
        ok = write_latex(q, n);
        puts("$");
        break;
    default: write_text(&a, q, n); break;
    }
    exattn_quantity_entries_free(q, n);
    exattn_lesson_free(l);
    if (!ok)
    {
        cli_error("get: out of memory");
        return CLI_EXIT_BAD_INPUT;
    }
    return cli_finish_stdout();
}
