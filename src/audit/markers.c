/* Audit markers: a page's own statement of what a number is
 * (<!-- exattn: weights[rises][2] variant="zero query" -->), resolved to
 * a candidate by name through a hash index of the lesson's candidates,
 * or built and evaluated when the marker names a quantity no candidate
 * holds; its options (digits=, latex) and the errors it gets, at the
 * marker's position. */
#include <stdlib.h>
#include <string.h>
#include "audit/clues.h"
#include "audit/decide.h"
#include "claims/read.h"

/* The value of option `key=` in a marker ("variant=\"zero query\"",
 * "minus=base"), copied, or NULL. */
static char *
option(const char *marker, const char *key)
{
    size_t n = strlen(key);
    const char *p = marker, *v, *end;
    char *out;

    while ((p = strstr(p, key)) != NULL)
    {
        const char *q;
        int quoted = 0;

        /* not inside a quoted value: variant="a digits=2" */
        for (q = marker; q < p; q++)
            quoted ^= *q == '"';
        if (!quoted && (p == marker || p[-1] == ' ') && p[n] == '=')
            break;
        p += n;
    }
    if (p == NULL)
        return NULL;
    v = p + n + 1;
    if (*v == '"')
        end = strchr(++v, '"');
    else
        end = v + strcspn(v, " ");
    if (end == NULL)
        end = v + strlen(v);
    if ((out = malloc((size_t)(end - v) + 1)) == NULL)
        return NULL;
    memcpy(out, v, (size_t)(end - v));
    out[end - v] = '\0';
    return out;
}

static size_t
name_hash(const char *s)
{
    size_t h = 2166136261u;

    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The table of the candidates by name, for all of them; 0 when out of
 * memory. */
static int
index_names(exattn_audit_candidates *all)
{
    size_t cap = 64, i, h;

    if (all->by_name != NULL && all->named == all->count)
        return 1;
    while (cap < 2 * all->count)
        cap *= 2;
    free(all->by_name);
    if ((all->by_name = calloc(cap, sizeof *all->by_name)) == NULL)
        return 0;
    all->by_name_cap = cap;
    /* the first of a name wins, as a search from the front finds it */
    for (i = 0; i < all->count; i++)
    {
        for (h = name_hash(all->items[i].name) & (cap - 1);
             all->by_name[h] != 0
             && strcmp(all->items[all->by_name[h] - 1].name,
                       all->items[i].name) != 0;
             h = (h + 1) & (cap - 1))
            ;
        if (all->by_name[h] == 0)
            all->by_name[h] = i + 1;
    }
    all->named = all->count;
    return 1;
}

/* The candidate named `name`, or NULL. */
static const exattn_audit_candidate *
named(exattn_audit_candidates *all, const char *name)
{
    size_t h;

    for (h = name_hash(name) & (all->by_name_cap - 1); all->by_name[h] != 0;
         h = (h + 1) & (all->by_name_cap - 1))
        if (strcmp(all->items[all->by_name[h] - 1].name, name) == 0)
            return &all->items[all->by_name[h] - 1];
    return NULL;
}

/* The values of the quantity of the same name among the candidates, into
 * c: 1 when it is there, 0 when not, EXATTN_ENOMEM. */
static int
known(exattn_audit_candidate *c, exattn_audit_candidates *all)
{
    const exattn_audit_candidate *k;

    if (!index_names(all))
        return EXATTN_ENOMEM;
    if ((k = named(all, c->name)) == NULL)
        return 0;
    c->value = malloc((k->count ? k->count : 1) * sizeof *c->value);
    c->exact = malloc((k->count ? k->count : 1) * sizeof *c->exact);
    if (c->value == NULL || c->exact == NULL)
    {
        free(c->value);
        c->value = NULL;
        return EXATTN_ENOMEM;
    }
    for (c->count = 0; c->count < k->count; c->count++)
    {
        mpq_init(c->value[c->count]);
        mpq_set(c->value[c->count], k->value[c->count]);
        c->exact[c->count] = k->exact[c->count];
    }
    return 1;
}

int
exattn_audit__marker(exattn_audit_candidate *out,
                     exattn_audit_candidates *all, const exattn_lesson *l,
                     const char *marker, mpfr_prec_t max_prec,
                     exattn_error_t *err)
{
    size_t n = strcspn(marker, " ");
    char *p = malloc(n + 1), *variant = option(marker, "variant"),
         *minus = option(marker, "minus");
    int rc;

    char *digits = option(marker, "digits"), *end = NULL;

    memset(out, 0, sizeof *out);
    if (digits != NULL
        && (digits[0] < '0' || digits[0] > '9'
            || strtoul(digits, &end, 10) > AUDIT_DIGITS - 4 || *end != '\0'))
    {
        free(digits);
        free(p);
        free(variant);
        free(minus);
        return exattn_error__set(err, EXATTN_EFIELD, l->file, 0, 0,
                                 "marker \"%.60s\": digits=N takes N from 0 "
                                 "to %d", marker, AUDIT_DIGITS - 4);
    }
    free(digits);
    if ((digits = option(marker, "form")) != NULL
        && strcmp(digits, "latex") != 0)
    {
        free(digits);
        free(p);
        free(variant);
        free(minus);
        return exattn_error__set(err, EXATTN_EFIELD, l->file, 0, 0,
                                 "marker \"%.60s\": form= takes latex (the "
                                 "named form, for --fill)", marker);
    }
    free(digits);
    if (p == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    memcpy(p, marker, n);
    p[n] = '\0';
    rc = exattn_claims__path_claim(&out->claim, l, variant, p, minus, err);
    if (rc == EXATTN_OK
        && (out->name = exattn_audit__display_name(p, variant, minus))
               == NULL)
        rc = exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                               "out of memory");
    if (rc == EXATTN_OK && (rc = known(out, all)) > 0)
        rc = EXATTN_OK;         /* evaluated already, for an earlier page */
    else if (rc == 0)
        rc = exattn_audit__evaluate(out, all, max_prec, err);
    else if (rc == EXATTN_ENOMEM)
        exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                          "out of memory");
    free(p);
    free(variant);
    free(minus);
    if (rc != EXATTN_OK)
        exattn_audit__candidate_clear(out);
    return rc;
}

int
exattn_audit__marker_digits(const char *marker, unsigned long *out)
{
    char *d = option(marker, "digits"), *end;
    int given = d != NULL;

    *out = 3;
    if (d != NULL && d[0] >= '0' && d[0] <= '9')
    {
        *out = strtoul(d, &end, 10);
        if (*end != '\0' || *out > AUDIT_DIGITS - 4)
            *out = 3;       /* refused by exattn_audit__marker */
    }
    free(d);
    return given;
}

int
exattn_audit__marker_latex(const char *marker)
{
    char *f = option(marker, "form");
    int latex = f != NULL && strcmp(f, "latex") == 0;

    free(f);
    return latex;
}

void
exattn_audit__place_error(exattn_error_t *err, int rc, const char *file,
                          const exattn_page_number *n)
{
    char msg[sizeof err->message];

    /* a marker's error is the page's, at its number; others (memory, the
     * lesson's arithmetic) keep their own place */
    if ((rc != EXATTN_EFIELD && rc != EXATTN_ESHAPE) || err == NULL
        || err->line != 0)
        return;
    memcpy(msg, err->message, sizeof msg);
    exattn_error__set(err, rc, file, n->line, n->column, "%s", msg);
}
