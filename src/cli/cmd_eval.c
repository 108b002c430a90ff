/* exattn eval 'EXPR' [--digits N] [--max-prec BITS] [--limit NAME=N] */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

typedef struct
{
    const char *text;
    unsigned long digits;
    mpfr_prec_t max_prec;
    exattn_limits_t limits;
} eval_args;

#define AT(field) offsetof(eval_args, field)

static const cli_opt opts[] = {
    { "--digits", NULL, CLI_COUNT, AT(digits), "N", NULL, EXATTN_MAX_DIGITS,
      "20", "digits after the point (at most 10000000), rounded to "
      "nearest, ties away from zero" },
    { "--max-prec", NULL, CLI_PREC, AT(max_prec), "BITS", NULL,
      EXATTN_MAX_PREC, NULL,
      "cap the working precision (default 131072 bits, more for huge "
      "values); beyond it a decimal is \"undecided\", never guessed" },
    { "--limit", NULL, CLI_LIMIT, AT(limits), "NAME=N", NULL, 0, NULL, "" },
    { "--help", "-h", CLI_HELP, 0, NULL, NULL, 0, NULL, "show this help" },
    { NULL, NULL, CLI_FLAG, 0, NULL, NULL, 0, NULL, NULL }
};

static int
take_expression(void *args, const char *word)
{
    return cli_take_positional(&((eval_args *)args)->text, word, "eval",
                               "expression");
}

const cli_command cli_eval_command = {
    "eval",
    "exattn eval 'EXPR' [--digits N] [--max-prec BITS]",
    "Evaluate one expression: print it in named form (text and LaTeX),\n"
    "say whether it is EXACT (a rational, printed exactly) or NAMED, and\n"
    "print its certified decimal.  The language: integers, decimals\n"
    "(0.125, 1e-3), p/q, + - * / ^ (also · ×), unary minus, ( ) and\n"
    "{ }, e, e^x, exp, sqrt or √, sin, cos, ln.  Expressions are limited\n"
    "to 10000 bytes and 200 levels of nesting (see --limit).  Exit\n"
    "status: 0 success, 2 bad input or usage.",
    /* "-1/2" is an expression, not an option */
    opts, take_expression, 1
};

static int
parse_args(eval_args *a, int argc, char **argv)
{
    int status;

    memset(a, 0, sizeof *a);
    a->digits = 20;
    a->limits = (exattn_limits_t)EXATTN_LIMITS_INIT;
    if ((status = cli_parse(&cli_eval_command, a, argc, argv))
        != CLI_EXIT_OK)
        return status;
    a->text = cli_default_input(a->text);
    return cli_require(a->text, "eval", "an expression");
}

static void
print_result(const exattn_expr *e, const char *decimal, int exact,
             unsigned long digits, const char *undecided)
{
    char *text = exattn_expr_get_str(e, EXATTN_TEXT);
    char *latex = exattn_expr_get_str(e, EXATTN_LATEX);
    mpq_t q;

    printf("named:   %s\nlatex:   %s\n", text ? text : "?",
           latex ? latex : "?");
    if (exattn_expr_status(e) == EXATTN_EXACT)
    {
        char *value;

        mpq_init(q);
        if (exattn_expr_get_mpq(q, e) == EXATTN_OK)
        {
            value = exattn_mpq_get_str(q);
            printf("status:  EXACT\nvalue:   %s\n", value ? value : "?");
            exattn_free(value);
        }
        mpq_clear(q);
    }
    else
        printf("status:  NAMED\n");
    if (undecided != NULL)
        printf("decimal: %s\n", undecided);
    else
        printf("decimal: %s (%lu digits after the point, %s)\n", decimal,
               digits, exact ? "exact" : "certified, ties away from zero");
    exattn_free(text);
    exattn_free(latex);
}

int
cmd_eval(int argc, char **argv)
{
    eval_args a;
    exattn_expr *e = NULL;
    exattn_error_t err;
    char *decimal = NULL, *input = NULL;
    const char *text;
    size_t len;
    int status, exact = 0;

    status = parse_args(&a, argc, argv);
    if (status != CLI_EXIT_OK)
        return status < 0 ? CLI_EXIT_OK : status;
    text = a.text;
    len = strlen(text);
    if (cli_is_stdin(a.text))
    {
        /* `echo '1+1' | exattn eval -`: the expression, its final line
         * breaks dropped */
        if ((input = cli_read_input("-", a.limits.max_expr_length, &len))
            == NULL)
            return CLI_EXIT_BAD_INPUT;
        while (len > 0 && (input[len - 1] == '\n' || input[len - 1] == '\r'))
            input[--len] = '\0';
        text = input;
    }
    exattn_error_init(&err);
    status = exattn_expr_parse_limited(&e, text, len, input ? "<stdin>"
                                                            : "expression",
                                       &a.limits, &err);
    free(input);
    if (status != EXATTN_OK)
    {
        cli_error_lib(&err);
        return CLI_EXIT_BAD_INPUT;
    }
    status = exattn_expr_get_decimal(&decimal, &exact, e, a.digits,
                                     a.max_prec, &err);
    if (status != EXATTN_OK && status != EXATTN_EUNABLE)
    {
        cli_error_lib(&err);
        exattn_expr_free(e);
        return CLI_EXIT_BAD_INPUT;
    }
    print_result(e, decimal, exact, a.digits,
                 decimal ? NULL : err.message);
    exattn_free(decimal);
    exattn_expr_free(e);
    return cli_finish_stdout();
}
