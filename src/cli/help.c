/* A command's --help and the man page's option lists, from its option
 * table (options.h): one text for each option, in both. */
#include <string.h>
#include "cli/cli.h"

#define HELP_WIDTH 79
#define HELP_INDENT 25

/* Columns of a UTF-8 string of n bytes: its characters, not its bytes
 * ("√" is one). */
static size_t
columns(const char *s, size_t n)
{
    size_t i, c = 0;

    for (i = 0; i < n; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* `text` as words (any run of white space is one break), filled to
 * HELP_WIDTH columns; the cursor is at column `at`, and a new line starts
 * at `indent`. */
static void
put_filled(FILE *f, const char *text, size_t at, size_t indent)
{
    size_t n, w, first = 1;

    while (*text)
    {
        text += strspn(text, " \n");
        if (*text == '\0')
            break;
        n = strcspn(text, " \n");
        w = columns(text, n);
        if (!first && at + 1 + w > HELP_WIDTH)
        {
            fprintf(f, "\n%*s", (int)indent, "");
            at = indent;
        }
        else if (!first)
        {
            fputc(' ', f);
            at++;
        }
        fwrite(text, 1, n, f);
        at += w;
        text += n;
        first = 0;
    }
    fputc('\n', f);
}

void
cli_values_text(char *buf, size_t size, const cli_opt *o, int in_help)
{
    size_t at, k, listed = 0, n = 0;
    int or_last = !in_help || o->type == CLI_CHOICE;

    buf[0] = '\0';
    for (k = 0; o->choices[k].name; k++)
        listed += !o->choices[k].alias;
    for (k = 0; o->choices[k].name; k++)
        if (!o->choices[k].alias)
        {
            at = strlen(buf);
            snprintf(buf + at, size - at, "%s%s%s",
                     n == 0 ? "" : n + 1 == listed && or_last ? " or " : ", ",
                     o->choices[k].name,
                     in_help && o->def
                             && strcmp(o->def, o->choices[k].name) == 0
                         ? " (the default)" : "");
            n++;
        }
}

/* What an option does, whole: its values first, then its help, its
 * default, or the limits and theirs. */
static void
option_text(char *buf, size_t size, const cli_opt *o)
{
    size_t at;

    buf[0] = '\0';
    if (o->choices != NULL)
    {
        cli_values_text(buf, size, o, 1);
        at = strlen(buf);
        snprintf(buf + at, size - at, "; ");
    }
    at = strlen(buf);
    snprintf(buf + at, size - at, "%s", o->help);
    at = strlen(buf);
    if (o->type == CLI_LIMIT)
        cli_limits_help(buf + at, size - at);
    else if (o->def != NULL && o->choices == NULL)
        snprintf(buf + at, size - at, " (default %s)", o->def);
}

void
cli_print_help(FILE *f, const cli_command *cmd)
{
    char left[64], text[1024];
    size_t prog = strcspn(cmd->usage, " "), name, width;
    const cli_opt *o;

    /* the usage filled under its first argument: "usage: exattn derive " */
    name = cmd->usage[prog] ? strcspn(cmd->usage + prog + 1, " ") + 1 : 0;
    name = strlen("usage: ") + prog + 1 + name;
    fputs("usage: ", f);
    put_filled(f, cmd->usage, strlen("usage: "), name);
    fprintf(f, "\n%s\n\noptions:\n", cmd->about);
    for (o = cmd->opts; o->long_name; o++)
    {
        snprintf(left, sizeof left, "%s%s%s%s%s",
                 o->short_name ? o->short_name : "",
                 o->short_name ? ", " : "", o->long_name,
                 o->arg ? " " : "", o->arg ? o->arg : "");
        width = strlen(left) > 22 ? strlen(left) : 22;
        fprintf(f, "  %-22s ", left);
        option_text(text, sizeof text, o);
        put_filled(f, text, 2 + width + 1, HELP_INDENT);
    }
}

/* The code point of the UTF-8 sequence at s, its bytes in *n (1 for a
 * byte that starts none). */
static unsigned long
code_point(const char *s, size_t *n)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned long c;
    size_t k;

    *n = u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : u[0] >= 0xC0 ? 2 : 1;
    c = *n == 1 ? u[0] : u[0] & (0x7F >> *n);
    for (k = 1; k < *n; k++)
    {
        if ((u[k] & 0xC0) != 0x80)
        {
            *n = 1;
            return u[0];
        }
        c = c << 6 | (u[k] & 0x3F);
    }
    return c;
}

/* s as man(7) text on one line: backslashes and hyphens escaped, other
 * than ASCII as groff's \[uXXXX] (√ is \[u221A]), a leading period or
 * quote guarded. */
static void
put_roff(FILE *f, const char *s)
{
    size_t n;

    if (*s == '.' || *s == '\'')
        fputs("\\&", f);
    for (; *s; s += n)
    {
        unsigned long c = code_point(s, &n);

        if (c == '\\')
            fputs("\\e", f);
        else if (c == '-')
            fputs("\\-", f);
        else if (c == '\n')
            fputc(' ', f);
        else if (c >= 0x80)
            fprintf(f, "\\[u%04lX]", c);
        else
            fputc((int)c, f);
    }
}

void
cli_print_roff(FILE *f, const cli_command *cmd)
{
    char text[1024];
    const cli_opt *o;

    for (o = cmd->opts; o->long_name; o++)
    {
        fputs(".TP\n", f);
        if (o->short_name != NULL)
        {
            fputs(".BR ", f);
            put_roff(f, o->short_name);
            fputs(" \", \" ", f);
            put_roff(f, o->long_name);
            if (o->arg != NULL)
            {
                fputs(" \" \\fI", f);
                put_roff(f, o->arg);
                fputs("\\fR\"", f);
            }
        }
        else if (o->arg != NULL)
        {
            fputs(".BI ", f);
            put_roff(f, o->long_name);
            fputs(" \" ", f);
            put_roff(f, o->arg);
            fputs("\"", f);
        }
        else
        {
            fputs(".B ", f);
            put_roff(f, o->long_name);
        }
        fputc('\n', f);
        /* as --help says it (a value first, "text", stays as typed) */
        option_text(text, sizeof text, o);
        put_roff(f, text);
        fputs(text[strlen(text) - 1] == '.' ? "\n" : ".\n", f);
    }
}
