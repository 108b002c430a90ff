/* An auditor: one lesson's quantities, evaluated once for every page
 * audited with it (a site's pages against one lesson: bench/audit.sh),
 * and the options -- the precision cap and --ignore's patterns. */
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"

static void
free_patterns(exattn_auditor *a)
{
    size_t k;

    for (k = 0; k < a->ignore_count; k++)
        regfree(&a->ignore[k]);
    free(a->ignore);
    a->ignore = NULL;
    a->ignore_count = 0;
}

/* Compile --ignore's patterns (POSIX extended, one line each). */
static int
compile(exattn_auditor *a, const exattn_audit_options_t *o,
        exattn_error_t *err)
{
    size_t k;
    int rc;

    if (o->ignore_count == 0)
        return EXATTN_OK;
    if ((a->ignore = calloc(o->ignore_count, sizeof *a->ignore)) == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, "audit", 0, 0,
                                 "out of memory");
    for (k = 0; k < o->ignore_count; k++)
    {
        if ((rc = regcomp(&a->ignore[k], o->ignore[k],
                          REG_EXTENDED | REG_NEWLINE)) != 0)
        {
            char why[128];

            regerror(rc, &a->ignore[k], why, sizeof why);
            free_patterns(a);
            return exattn_error__set(err, EXATTN_EINVAL, "--ignore", 0, 0,
                                     "\"%.60s\" is no regular expression: "
                                     "%s", o->ignore[k], why);
        }
        a->ignore_count = k + 1;
    }
    return EXATTN_OK;
}

int
exattn_auditor_new(exattn_auditor **out, const exattn_lesson *lesson,
                   const exattn_audit_options_t *opts, exattn_error_t *err)
{
    static const exattn_audit_options_t defaults = EXATTN_AUDIT_OPTIONS_INIT;
    const exattn_audit_options_t *o = opts ? opts : &defaults;
    exattn_auditor *a;
    int rc;

    *out = NULL;
    if (lesson == NULL || o->version < 1 || o->max_prec < 0
        || (o->ignore_count > 0 && o->ignore == NULL))
        return exattn_error__set(err, EXATTN_EINVAL, "audit", 0, 0,
                                 "no lesson, or options out of range");
    if ((a = calloc(1, sizeof *a)) == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, "audit", 0, 0,
                                 "out of memory");
    a->lesson = lesson;
    a->max_prec = o->max_prec;
    if ((rc = compile(a, o, err)) != EXATTN_OK)
    {
        free(a);
        return rc;
    }
    *out = a;
    return EXATTN_OK;
}

void
exattn_auditor_free(exattn_auditor *a)
{
    if (a == NULL)
        return;
    if (a->built)
        exattn_audit__candidates_clear(&a->all);
    free_patterns(a);
    free(a);
}

int
exattn_audit__quantities(exattn_audit_candidates **out, exattn_auditor *a,
                         exattn_error_t *err)
{
    int rc;

    if (!a->built)
    {
        if ((rc = exattn_audit__candidates(&a->all, a->lesson, a->max_prec,
                                           err)) != EXATTN_OK)
            return rc;
        a->built = 1;
    }
    *out = &a->all;
    return EXATTN_OK;
}

static const char MATCHED[] = "inside a match of an --ignore pattern";

/* Every match of pattern `re` in text (NUL-ended, len bytes): the numbers
 * from *next on that start inside one become mentions. */
static void
ignore_matches(exattn_page *p, const regex_t *re, const char *text,
               size_t len)
{
    regmatch_t m;
    size_t at = 0, i = 0, from, to;

    while (at <= len && i < p->count
           && regexec(re, text + at, 1, &m, at ? REG_NOTBOL : 0) == 0)
    {
        from = at + (size_t)m.rm_so;
        to = at + (size_t)m.rm_eo;
        while (i < p->count && p->items[i].start < from)
            i++;
        for (; i < p->count && p->items[i].start < to; i++)
            if (p->items[i].marker == NULL)
                p->items[i].mention = MATCHED;
        at = to > from ? to : to + 1;   /* an empty match moves on */
    }
}

int
exattn_audit__ignore(exattn_page *p, const exattn_auditor *a,
                     const char *page, size_t len)
{
    char *text;
    size_t k;

    if (a->ignore_count == 0 || p->count == 0)
        return 1;
    if ((text = malloc(len + 1)) == NULL)
        return 0;
    memcpy(text, page, len);
    text[len] = '\0';
    for (k = 0; k < a->ignore_count; k++)
        ignore_matches(p, &a->ignore[k], text, len);
    free(text);
    return 1;
}
