/* The quantities a page's number may be, as candidates: their store,
 * and how each is added -- by the claim path `exattn check` knows it by,
 * as an intermediate's expression, or as a value the lesson states --
 * and evaluated once: exact, or certified to AUDIT_DIGITS decimals.
 * Which quantities a lesson has is enumerate.c's. */
#include <stdlib.h>
#include <string.h>
#include "audit/clues.h"
#include "audit/decide.h"
#include "claims/read.h"
#include "row/named.h"

void
exattn_audit__candidate_clear(exattn_audit_candidate *c)
{
    size_t i;

    for (i = 0; c->value && i < c->count; i++)
        mpq_clear(c->value[i]);
    free(c->value);
    free(c->exact);
    free(c->approx);
    free(c->name);
    exattn_claims__clear_claim(&c->claim);
    memset(c, 0, sizeof *c);
}

void
exattn_audit__candidates_clear(exattn_audit_candidates *c)
{
    size_t i;

    for (i = 0; i < c->count; i++)
        exattn_audit__candidate_clear(&c->items[i]);
    free(c->items);
    exattn_audit__index_clear(c);
    free(c->undecided_name);
    for (i = 0; i < c->block_count; i++)
        exattn_block_free(c->blocks[i]);
    free(c->blocks);
    free(c->block_lessons);
    exattn_claims__rows_free(c->rows);
    free(c->by_name);
    if (c->section_memo != NULL)
        free(c->section_memo->section);
    free(c->section_memo);
    memset(c, 0, sizeof *c);
}

struct exattn_claims_rows *
exattn_audit__rows(exattn_audit_candidates *all)
{
    /* out of memory: NULL, and each claim builds its own row */
    if (all->rows == NULL)
        all->rows = exattn_claims__rows_new();
    return all->rows;
}

exattn_block *
exattn_audit__block_of(exattn_audit_candidates *all, const exattn_lesson *l,
                       mpfr_prec_t max_prec, exattn_error_t *err)
{
    size_t i;
    exattn_block *b, **bs;
    const exattn_lesson **ls;

    for (i = 0; i < all->block_count; i++)
        if (all->block_lessons[i] == l)
            return all->blocks[i];
    if (exattn_block_new(&b, l, max_prec, err) != EXATTN_OK)
        return NULL;
    bs = realloc(all->blocks, (all->block_count + 1) * sizeof *bs);
    if (bs != NULL)
        all->blocks = bs;
    ls = bs ? realloc(all->block_lessons,
                      (all->block_count + 1) * sizeof *ls) : NULL;
    if (ls == NULL)
    {
        exattn_block_free(b);
        exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0, "out of memory");
        return NULL;
    }
    all->block_lessons = ls;
    all->blocks[all->block_count] = b;
    all->block_lessons[all->block_count++] = l;
    return b;
}

/* The candidate's values, from its claim. */
int
exattn_audit__evaluate(exattn_audit_candidate *c, exattn_audit_candidates *all,
         mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_block *b = NULL;
    size_t i, n = c->claim.count ? c->claim.count : 1;

    c->value = malloc(n * sizeof *c->value);
    c->exact = calloc(n, sizeof *c->exact);
    if (c->value == NULL || c->exact == NULL)
    {
        free(c->value);
        c->value = NULL;
        return exattn_error__set(err, EXATTN_ENOMEM, "audit", 0, 0,
                                 "out of memory");
    }
    c->count = c->claim.count;
    for (i = 0; i < c->count; i++)
        mpq_init(c->value[i]);
    if (c->claim.target == EXATTN_TARGET_BLOCK
        && (b = exattn_audit__block_of(all, c->claim.lesson, max_prec, err))
               == NULL)
        return err && err->code ? err->code : EXATTN_ENOMEM;
    return exattn_claims__values(c->value, c->exact, &c->claim, AUDIT_DIGITS,
                                 b, exattn_audit__rows(all), max_prec, err);
}

static exattn_audit_candidate *
slot(exattn_audit_candidates *all)
{
    exattn_audit_candidate *items;

    if (all->count == all->cap)
    {
        size_t cap = all->cap ? 2 * all->cap : 64;

        if ((items = realloc(all->items, cap * sizeof *items)) == NULL)
            return NULL;
        all->items = items;
        all->cap = cap;
    }
    memset(&all->items[all->count], 0, sizeof *all->items);
    return &all->items[all->count];
}

/* The name a report shows: the path, then the variant and what is
 * subtracted, as a marker writes them. */
char *
exattn_audit__display_name(const char *path, const char *variant,
                           const char *minus)
{
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    exattn_sbuf__puts(&b, path);
    if (variant)
        exattn_sbuf__printf(&b, " variant=\"%s\"", variant);
    if (minus)
        exattn_sbuf__printf(&b, " minus=%s", minus);
    return exattn_sbuf__take(&b);
}

#define NONE EXATTN_AUDIT_NO_TOKEN

/* Add the quantity at `path` (of variant, minus minus).  A path the
 * lesson does not have (a shape of a lesson without a block, say) is
 * left out. */
int
exattn_audit__add_path(exattn_audit_candidates *all,
                       const exattn_lesson *base, const char *variant,
                       const char *path, const char *minus,
                       mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_audit_candidate *c = slot(all);
    exattn_error_t local;
    int rc;

    if (c == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, base->file, 0, 0,
                                 "out of memory");
    exattn_error_init(&local);
    rc = exattn_claims__path_claim(&c->claim, base, variant, path, minus,
                                   &local);
    if (rc == EXATTN_ENOMEM)
    {
        exattn_claims__clear_claim(&c->claim);
        return exattn_error__set(err, EXATTN_ENOMEM, base->file, 0, 0,
                                 "out of memory");
    }
    if (rc != EXATTN_OK || c->claim.count == 0)
    {
        exattn_claims__clear_claim(&c->claim);
        return EXATTN_OK;
    }
    if ((c->name = exattn_audit__display_name(path, variant, minus)) == NULL)
        rc = exattn_error__set(err, EXATTN_ENOMEM, base->file, 0, 0,
                               "out of memory");
    else
        rc = exattn_audit__evaluate(c, all, max_prec, &local);
    if (rc == EXATTN_ENOMEM || rc == EXATTN_ELIMIT)
    {
        exattn_audit__candidate_clear(c);
        if (err)
            *err = local;
        return rc;
    }
    c->family = exattn_audit__family_of(&c->claim);
    c->variant = variant;
    exattn_audit__claim_tokens(c);
    if (rc != EXATTN_OK)
    {
        /* not decided within the cap: left out, and counted, so that no
         * number of its kind is then said to match nothing */
        all->undecided_families |= c->family;
        if (variant == NULL)
            all->undecided_base |= c->family;
        if (all->undecided++ == 0)
            all->undecided_name = exattn_str__dup(c->name);
        exattn_audit__candidate_clear(c);
        return EXATTN_OK;
    }
    all->count++;
    return EXATTN_OK;
}

/* The candidate c, its claim made (rc), named and counted; one that
 * cannot be valued is left out, only running out of memory an error. */
static int
keep_intermediate(exattn_audit_candidates *all, exattn_audit_candidate *c,
                  const exattn_lesson *l, const char *name, unsigned family,
                  int rc, exattn_error_t *err)
{
    if (rc == EXATTN_OK && (c->name = exattn_str__dup(name)) == NULL)
        rc = EXATTN_ENOMEM;
    c->family = family;
    if (rc != EXATTN_OK)
    {
        exattn_audit__candidate_clear(c);
        if (rc == EXATTN_ENOMEM)
            return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                     "out of memory");
        return EXATTN_OK;
    }
    all->count++;
    return EXATTN_OK;
}

/* An intermediate, as an expression: "e^{√2/2}", "sqrt(2)". */
int
exattn_audit__add_expr(exattn_audit_candidates *all, const exattn_lesson *l,
                       const char *name, const char *text, unsigned family,
                       mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_audit_candidate *c = slot(all);
    exattn_error_t local;
    int rc;

    if (c == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    exattn_error_init(&local);
    rc = exattn_claims__expr_claim(&c->claim, l, text, &local);
    if (rc == EXATTN_OK)
        rc = exattn_audit__evaluate(c, all, max_prec, &local);
    return keep_intermediate(all, c, l, name, family, rc, err);
}

int
exattn_audit__add_block_expr(exattn_audit_candidates *all,
                             const exattn_lesson *l, const char *name,
                             const char *text, unsigned family,
                             mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_audit_candidate *c = slot(all);
    exattn_error_t local;

    if (c == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    exattn_error_init(&local);
    /* the candidate is valued with the block's nodes it references */
    return keep_intermediate(all, c, l, name, family,
                             exattn_audit__expr_value(c, all, l, text,
                                                      max_prec, &local),
                             err);
}

int
exattn_audit__expr_value(exattn_audit_candidate *out,
                         exattn_audit_candidates *all,
                         const exattn_lesson *l, const char *text,
                         mpfr_prec_t max_prec, exattn_error_t *err)
{
    exattn_expr *e = NULL;
    int rc;

    memset(out, 0, sizeof *out);
    /* with the block entries it references (block_refs.c) */
    rc = exattn_audit__parse(&e, text, all, err);
    if (rc == EXATTN_OK)
        rc = exattn_claims__parsed_claim(&out->claim, l, text, e, err);
    if (rc == EXATTN_OK)
        rc = exattn_audit__evaluate(out, all, max_prec, err);
    if (rc == EXATTN_OK && out->count != 1)
        rc = exattn_error__set(err, EXATTN_ESHAPE, "page", 0, 0,
                               "not one value");
    if (rc != EXATTN_OK)
        exattn_audit__candidate_clear(out);
    return rc;
}

/* A value the lesson states rather than derives (a blend's assigned
 * weights and their products with V): exact, with no claim behind it. */
int
exattn_audit__add_constant(exattn_audit_candidates *all,
                           const exattn_lesson *l, const char *name,
                           mpq_t *values, size_t count, unsigned family,
                           exattn_error_t *err)
{
    exattn_audit_candidate *c = slot(all);
    size_t i;

    if (c == NULL || (c->name = exattn_str__dup(name)) == NULL
        || (c->value = malloc(count * sizeof *c->value)) == NULL
        || (c->exact = malloc(count * sizeof *c->exact)) == NULL)
    {
        if (c != NULL)
        {
            free(c->name);
            free(c->value);
            memset(c, 0, sizeof *c);
        }
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    }
    for (i = 0; i < count; i++)
    {
        mpq_init(c->value[i]);
        mpq_set(c->value[i], values[i]);
        c->exact[i] = 1;
    }
    c->count = count;
    c->family = family;
    all->count++;
    return EXATTN_OK;
}

/* blend[NAME] weight[j], blend[NAME] contribution[j] (a vector) and
 * blend[NAME] weights (the vector of them). */
int
exattn_audit__blend_constants(exattn_audit_candidates *all,
                              const exattn_lesson *l, size_t k,
                              exattn_error_t *err)
{
    const exattn_blend *bl = &l->blends[k];
    mpq_t *v = malloc((l->dv ? l->dv : 1) * sizeof *v);
    exattn_sbuf name;
    size_t j, c;
    int rc = EXATTN_OK;

    if (v == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, l->file, 0, 0,
                                 "out of memory");
    for (c = 0; c < l->dv; c++)
        mpq_init(v[c]);
    exattn_sbuf__init(&name);
    for (j = 0; j < l->m && rc == EXATTN_OK; j++)
    {
        exattn_sbuf__printf(&name, "blend[%s] weight[%zu]", bl->name, j + 1);
        rc = name.oom ? EXATTN_ENOMEM
                      : exattn_audit__add_constant(all, l, name.s, &bl->w[j],
                                                   1, EXATTN_FAM_WEIGHT, err);
        exattn_sbuf__clear(&name);
        exattn_sbuf__init(&name);
        for (c = 0; c < l->dv; c++)
            mpq_mul(v[c], bl->w[j], EXATTN_AT(&l->v, j, c));
        exattn_sbuf__printf(&name, "blend[%s] contribution[%zu]", bl->name,
                            j + 1);
        if (rc == EXATTN_OK)
            rc = name.oom ? EXATTN_ENOMEM
                          : exattn_audit__add_constant(all, l, name.s, v,
                                                       l->dv,
                                                       EXATTN_FAM_CONTRIB,
                                                       err);
        exattn_sbuf__clear(&name);
        exattn_sbuf__init(&name);
    }
    /* the assigned weights as one vector, as a page prints them */
    exattn_sbuf__printf(&name, "blend[%s] weights", bl->name);
    if (rc == EXATTN_OK && l->m > 1)
        rc = name.oom ? EXATTN_ENOMEM
                      : exattn_audit__add_constant(all, l, name.s, bl->w, l->m,
                                     EXATTN_FAM_WEIGHT, err);
    for (c = 0; c < l->dv; c++)
        mpq_clear(v[c]);
    free(v);
    exattn_sbuf__clear(&name);
    return rc;
}
