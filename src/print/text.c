/* The text presentation of a derivation, after seed lesson 004: one block
 * per query row (scores, weights, contributions, output, each marked EXACT
 * or NAMED), then blends and variants.  Written row by row. */
#include <stdio.h>
#include "internal.h"
#include "print/block.h"
#include "print/named.h"
#include "print/decimals.h"
#include "print/contrast.h"
#include "print/compact.h"
#include "eval/decimal.h"
#include "eval/ziv.h"

/* "Q1" for default labels, "Q[rises]" for token labels. */
static void
label(exattn_sbuf *b, const char *prefix, const char *name, int plain)
{
    exattn_sbuf__printf(b, plain ? "%s%s" : "%s[%s]", prefix, name);
}

static void
qlabel(exattn_sbuf *b, const exattn_lesson *l, const char *prefix, size_t i)
{
    label(b, prefix, l->query_labels[i], l->default_query_labels);
}

static void
klabel(exattn_sbuf *b, const exattn_lesson *l, const char *prefix, size_t j)
{
    label(b, prefix, l->key_labels[j], l->default_key_labels);
}

/* "(2,0)" */
static void
vector(exattn_sbuf *b, const exattn_matrix *m, size_t r)
{
    size_t c;

    exattn_sbuf__puts(b, "(");
    for (c = 0; c < m->cols; c++)
    {
        if (c > 0)
            exattn_sbuf__puts(b, ",");
        exattn_sbuf__mpq(b, EXATTN_AT(m, r, c));
    }
    exattn_sbuf__puts(b, ")");
}

static void
matrix_line(exattn_sbuf *b, const exattn_lesson *l, const char *name,
            const exattn_matrix *m, int queries)
{
    size_t r;

    exattn_sbuf__printf(b, "%s: ", name);
    for (r = 0; r < m->rows; r++)
    {
        if (r > 0)
            exattn_sbuf__puts(b, "; ");
        if (queries)
            qlabel(b, l, name, r);
        else
            klabel(b, l, name, r);
        exattn_sbuf__puts(b, "=");
        vector(b, m, r);
    }
    exattn_sbuf__puts(b, "\n");
}

static void
scale_line(exattn_sbuf *b, const exattn_lesson *l)
{
    exattn_sbuf__puts(b, "scale: ");
    switch (l->scale_kind)
    {
    case EXATTN_SCALE_NONE:
        exattn_sbuf__puts(b, "none (scaled scores are the scores)\n");
        break;
    case EXATTN_SCALE_RATIONAL:
        exattn_sbuf__puts(b, "every score times ");
        exattn_sbuf__mpq(b, l->scale_value);
        exattn_sbuf__puts(b, "\n");
        break;
    case EXATTN_SCALE_INV_SQRT:
        exattn_sbuf__puts(b, "every score divided by √");
        exattn_named__factor(b, l->scale_value, 0);
        exattn_sbuf__puts(b, "\n");
        break;
    }
}

static void
header(exattn_sbuf *b, const exattn_lesson *l)
{
    static const char *const masks[] = {
        "none (every key visible)",
        "causal (key j visible to query i iff j <= i)",
        "explicit 0/1 matrix" };

    if (l->title)
        exattn_sbuf__printf(b, "%s\n", l->title);
    exattn_sbuf__printf(b, "shape: n=%zu query rows, m=%zu key/value rows, "
                        "d_k=%zu, d_v=%zu\n", l->n, l->m, l->dk, l->dv);
    matrix_line(b, l, "V", &l->v, 0);
    matrix_line(b, l, "Q", &l->q, 1);
    matrix_line(b, l, "K", &l->k, 0);
    scale_line(b, l);
    exattn_sbuf__printf(b, "mask: %s\n", masks[l->mask_kind]);
}

/* A compact row's heading: its keys in runs, and Z_i defined once. */
static void
compact_heading(exattn_sbuf *b, const exattn_row *row)
{
    exattn_sbuf__puts(b, "\nquery ");
    qlabel(b, row->lesson, "Q", row->index);
    exattn_sbuf__printf(b, " attends %zu keys ", row->allowed_count);
    exattn_compact__key_set(b, row, 0);
    exattn_sbuf__puts(b, " — multiple keys: NAMED weights over ");
    exattn_compact__symbol(b, row, "Z", 0);
    exattn_sbuf__puts(b, " = ");
    exattn_compact__denominator(b, row, 0);
    exattn_sbuf__puts(b, "\n");
}

static void
row_heading(exattn_sbuf *b, const exattn_row *row, int compact)
{
    const exattn_lesson *l = row->lesson;
    size_t j;
    int first = 1;

    if (compact)
    {
        compact_heading(b, row);
        return;
    }
    exattn_sbuf__puts(b, "\nquery ");
    qlabel(b, l, "Q", row->index);
    exattn_sbuf__puts(b, " attends {");
    for (j = 0; j < l->m; j++)
        if (row->allowed[j])
        {
            if (!first)
                exattn_sbuf__puts(b, ",");
            klabel(b, l, "K", j);
            first = 0;
        }
    if (row->allowed_count == 1)
        exattn_sbuf__puts(b, "} — single key: weight is EXACTLY 1\n");
    else if (row->weights_exact)
    {
        exattn_sbuf__puts(b, "} — equal scores: every weight is EXACTLY ");
        exattn_sbuf__mpq(b, row->weight);
        exattn_sbuf__puts(b, "\n");
    }
    else
        exattn_sbuf__puts(b, "} — multiple keys: NAMED weights\n");
}

/* " ; " between the entries of a line (the first gets none) */
static void
separator(exattn_sbuf *b, int *first)
{
    if (!*first)
        exattn_sbuf__puts(b, " ; ");
    *first = 0;
}

static void
scores_line(exattn_sbuf *b, const exattn_row *row, int compact)
{
    const exattn_lesson *l = row->lesson;
    size_t j;
    int first = 1;
    char *dot;

    exattn_sbuf__puts(b, "scores: ");
    for (j = 0; j < l->m; j++)
    {
        if (compact && !row->allowed[j])
            continue;
        separator(b, &first);
        qlabel(b, l, "Q", row->index);
        exattn_sbuf__puts(b, "·");
        klabel(b, l, "K", j);
        exattn_sbuf__puts(b, " = ");
        if (!compact)
        {
            dot = exattn_row_get_str(row, EXATTN_SCORE, j, 0, EXATTN_TEXT);
            exattn_sbuf__printf(b, "%s = ", dot ? dot : "");
            exattn_free(dot);
        }
        exattn_sbuf__mpq(b, row->score[j]);
        if (!row->allowed[j])
            exattn_sbuf__puts(b, " (blocked)");
    }
    exattn_sbuf__puts(b, "\n");
}

static void
scaled_line(exattn_sbuf *b, const exattn_row *row, exattn_decimals *d,
            int compact)
{
    const exattn_lesson *l = row->lesson;
    size_t j;
    int first = 1;

    if (l->scale_kind == EXATTN_SCALE_NONE)
        return;
    exattn_sbuf__puts(b, "scaled: ");
    for (j = 0; j < l->m; j++)
    {
        if (compact && !row->allowed[j])
            continue;
        separator(b, &first);
        klabel(b, l, "s", j);
        exattn_sbuf__puts(b, " = ");
        exattn_named__scaled(b, row, j, 0);
        if (l->scale_kind == EXATTN_SCALE_INV_SQRT
            && mpq_sgn(row->score[j]) != 0)
        {
            exattn_sbuf__puts(b, " = ");
            exattn_named__scaled_simplified(b, row, j, 0);
        }
        if (exattn_row_status(row, EXATTN_SCALED, j, 0) == EXATTN_NAMED)
            exattn_decimals__text(b, d, EXATTN_SCALED, j, 0);
        exattn_sbuf__puts(b,
            exattn_row_status(row, EXATTN_SCALED, j, 0) == EXATTN_EXACT
                ? " (EXACT)" : " (NAMED)");
        if (!row->allowed[j])
            exattn_sbuf__puts(b, " (blocked)");
    }
    exattn_sbuf__puts(b, "\n");
}

static void
weights_line(exattn_sbuf *b, const exattn_row *row, exattn_decimals *d,
             int compact)
{
    const exattn_lesson *l = row->lesson;
    size_t j;
    int first = 1;

    exattn_sbuf__puts(b, "weights: ");
    for (j = 0; j < l->m; j++)
    {
        if (compact && !row->allowed[j])
            continue;
        separator(b, &first);
        klabel(b, l, "w", j);
        exattn_sbuf__puts(b, " = ");
        if (compact)
            exattn_compact__weight(b, row, j, 0);
        else
            exattn_named__weight(b, row, j, 0);
        if (row->allowed[j] && row->allowed_count > 1)
            exattn_decimals__text(b, d, EXATTN_WEIGHT, j, 0);
        if (!row->allowed[j])
            exattn_sbuf__puts(b, " (blocked, EXACT)");
        else
            exattn_sbuf__puts(b, row->weights_exact ? " (EXACT)"
                                                    : " (NAMED)");
    }
    if (compact && row->allowed_count < l->m)
        exattn_sbuf__puts(b, " ; every other key: 0 (blocked, EXACT)");
    exattn_sbuf__puts(b, "\n");
}

/* " ≈ (0.538,0.000)": the decimals of a vector quantity, "=" when every
 * coordinate's decimal is exact. */
static void
decimal_vector(exattn_sbuf *b, exattn_decimals *d, const exattn_row *row,
               exattn_kind_t kind, size_t key)
{
    size_t c, dv = row->lesson->dv;
    int exact, undecided, all_exact = 1;
    exattn_sbuf parts;
    char *s;

    if (d->ev == NULL)
        return;
    exattn_sbuf__init(&parts);
    for (c = 0; c < dv; c++)
    {
        s = exattn_decimals__get(d, kind, key, c, &exact, &undecided);
        exattn_sbuf__puts(&parts, c ? "," : "");
        exattn_sbuf__puts(&parts, s ? s : undecided ? "undecided" : "?");
        all_exact &= s != NULL && exact;
        exattn_free(s);
    }
    exattn_sbuf__printf(b, all_exact ? " = (%s)" : " ≈ (%s)",
                        parts.s ? parts.s : "");
    b->oom |= parts.oom;
    exattn_sbuf__clear(&parts);
}

/* "output2 ≈ (0.538,2.193)" on a line of its own. */
static void
decimal_output(exattn_sbuf *b, exattn_decimals *d, const exattn_row *row)
{
    if (d->ev == NULL)
        return;
    qlabel(b, row->lesson, "output", row->index);
    decimal_vector(b, d, row, EXATTN_OUTPUT, 0);
    exattn_sbuf__puts(b, "\n");
}

/* weight_j · V_j as a vector, for exact weights: "1/3·(1,0)=(1/3,0)". */
static void
exact_product(exattn_sbuf *b, const exattn_row *row, size_t j)
{
    const exattn_lesson *l = row->lesson;
    mpq_t t;
    size_t c;

    mpq_init(t);
    exattn_sbuf__mpq(b, row->weight);
    exattn_sbuf__puts(b, "·");
    vector(b, &l->v, j);
    exattn_sbuf__puts(b, "=(");
    for (c = 0; c < l->dv; c++)
    {
        mpq_mul(t, row->weight, EXATTN_AT(&l->v, j, c));
        exattn_sbuf__printf(b, c ? "," : "");
        exattn_sbuf__mpq(b, t);
    }
    exattn_sbuf__puts(b, ")");
    mpq_clear(t);
}

static void
contributions_line(exattn_sbuf *b, const exattn_row *row,
                   exattn_decimals *d, int compact)
{
    const exattn_lesson *l = row->lesson;
    size_t j;
    int first = 1;

    for (j = 0; j < l->m; j++)
    {
        if (!row->allowed[j])
            continue;
        if (!first)
            exattn_sbuf__puts(b, " ; ");
        first = 0;
        if (row->allowed_count == 1)
        {
            klabel(b, l, "1·V", j);
            exattn_sbuf__puts(b, "=");
            vector(b, &l->v, j);
        }
        else if (row->weights_exact)
        {
            exattn_sbuf__mpq(b, row->weight);
            klabel(b, l, "·V", j);
            exattn_sbuf__puts(b, "=");
            exact_product(b, row, j);
        }
        else
        {
            klabel(b, l, "weight·V", j);
            exattn_sbuf__puts(b, "=");
            if (compact)
            {
                exattn_sbuf__puts(b, "(");
                exattn_compact__weight(b, row, j, 0);
                exattn_sbuf__puts(b, ")");
            }
            else
                exattn_named__weight_factor(b, row, j, 0);
            exattn_sbuf__puts(b, "·");
            vector(b, &l->v, j);
            decimal_vector(b, d, row, EXATTN_CONTRIBUTION, j);
        }
    }
    exattn_sbuf__puts(b, "\n");
}

/* "(1,5/4)", with "named" for coordinates that are not exact. */
static void
output_vector(exattn_sbuf *b, const exattn_row *row)
{
    size_t c;

    exattn_sbuf__puts(b, "(");
    for (c = 0; c < row->lesson->dv; c++)
    {
        if (c > 0)
            exattn_sbuf__puts(b, ",");
        if (row->out_exact[c])
            exattn_sbuf__mpq(b, row->out_value[c]);
        else
            exattn_sbuf__puts(b, "named");
    }
    exattn_sbuf__puts(b, ")");
}

static size_t
exact_outputs(const exattn_row *row)
{
    size_t c, count = 0;

    for (c = 0; c < row->lesson->dv; c++)
        count += row->out_exact[c];
    return count;
}

static void
named_sum(exattn_sbuf *b, const exattn_row *row)
{
    size_t j;
    int first = 1;

    exattn_sbuf__puts(b, "Σ ");
    for (j = 0; j < row->lesson->m; j++)
        if (row->allowed[j])
        {
            if (!first)
                exattn_sbuf__puts(b, " + ");
            exattn_named__weight_factor(b, row, j, 0);
            exattn_sbuf__puts(b, "·");
            vector(b, &row->lesson->v, j);
            first = 0;
        }
}

/* Why a coordinate of a named row is exact: its score groups' means. */
static void
group_note(exattn_sbuf *b, const exattn_row *row, size_t c)
{
    const exattn_lesson *l = row->lesson;
    size_t g, j;
    int first;

    exattn_sbuf__puts(b, "note: ");
    qlabel(b, l, "output", row->index);
    exattn_sbuf__printf(b, " coordinate %zu is EXACTLY ", c + 1);
    exattn_sbuf__mpq(b, row->out_value[c]);
    exattn_sbuf__puts(b, " although its weights are named: every group of "
                      "keys with equal scores has the same mean value "
                      "there (");
    for (g = 0; g < row->group_count; g++)
    {
        first = 1;
        exattn_sbuf__puts(b, g ? "; {" : "{");
        for (j = 0; j < l->m; j++)
            if (row->allowed[j] && row->group[j] == g)
            {
                exattn_sbuf__puts(b, first ? "" : ",");
                klabel(b, l, "K", j);
                first = 0;
            }
        exattn_sbuf__puts(b, "} at scaled score ");
        for (j = 0; j < l->m && !(row->allowed[j] && row->group[j] == g);
             j++)
            ;
        exattn_named__scaled_simplified(b, row, j, 0);
        exattn_sbuf__puts(b, ": mean ");
        exattn_sbuf__mpq(b, row->out_value[c]);
    }
    exattn_sbuf__puts(b, ")\n");
}

/* A compact row's exact coordinate: the groups are too many to list. */
static void
compact_note(exattn_sbuf *b, const exattn_row *row, size_t c)
{
    exattn_sbuf__puts(b, "note: ");
    qlabel(b, row->lesson, "output", row->index);
    exattn_sbuf__printf(b, " coordinate %zu is EXACTLY ", c + 1);
    exattn_sbuf__mpq(b, row->out_value[c]);
    exattn_sbuf__printf(b, " although its weights are named: each of the "
                        "%zu groups of keys with equal scores has mean ",
                        row->group_count);
    exattn_sbuf__mpq(b, row->out_value[c]);
    exattn_sbuf__puts(b, " there\n");
}

static void
output_line(exattn_sbuf *b, const exattn_row *row, exattn_decimals *d,
            int compact)
{
    const exattn_lesson *l = row->lesson;
    size_t c, exact = exact_outputs(row);

    qlabel(b, l, "output", row->index);
    if (row->allowed_count == 1)
    {
        for (c = 0; c < l->m && !row->allowed[c]; c++)
            ;
        klabel(b, l, " = 1·V", c);
        exattn_sbuf__puts(b, " = ");
        output_vector(b, row);
        exattn_sbuf__puts(b, " (EXACT)\n");
        decimal_output(b, d, row);
        return;
    }
    if (row->weights_exact)
    {
        exattn_sbuf__puts(b, " = Σ wⱼ·Vⱼ = ");
        output_vector(b, row);
        exattn_sbuf__puts(b, " (EXACT)\n");
        decimal_output(b, d, row);
        return;
    }
    exattn_sbuf__puts(b, " = ");
    if (compact)
    {
        exattn_sbuf__puts(b, "(");
        exattn_compact__denominator(b, row, 0);
        exattn_sbuf__puts(b, "·V_k)/");
        exattn_compact__symbol(b, row, "Z", 0);
    }
    else
        named_sum(b, row);
    if (exact == 0)
    {
        exattn_sbuf__puts(b, " (NAMED)\n");
        decimal_output(b, d, row);
        return;
    }
    exattn_sbuf__puts(b, " = ");
    output_vector(b, row);
    exattn_sbuf__puts(b, exact == l->dv ? " (EXACT)\n"
                                        : " (NAMED except the exact "
                                          "coordinates shown)\n");
    for (c = 0; c < l->dv; c++)
        if (row->out_exact[c] && compact)
            compact_note(b, row, c);
        else if (row->out_exact[c])
            group_note(b, row, c);
    decimal_output(b, d, row);
}

/* One row's block; decimals, if asked for, beside the exact and named
 * forms. */
static void
row_block(exattn_sbuf *b, const exattn_row *row, exattn_decimals *d,
          void *ctx)
{
    int compact = exattn_compact__is(row, d->threshold);

    (void)ctx;
    row_heading(b, row, compact);
    if (EXATTN_SHOWN(d, EXATTN_SCORE))
        scores_line(b, row, compact);
    if (EXATTN_SHOWN(d, EXATTN_SCALED))
        scaled_line(b, row, d, compact);
    if (EXATTN_SHOWN(d, EXATTN_WEIGHT))
        weights_line(b, row, d, compact);
    if (EXATTN_SHOWN_IN(d, compact, EXATTN_CONTRIBUTION))
        contributions_line(b, row, d, compact);
    if (EXATTN_SHOWN(d, EXATTN_OUTPUT))
        output_line(b, row, d, compact);
}

/* "NAME output = (1.000,1.250)": the blend's exact output rounded, "≈"
 * when a coordinate is not a decimal of `digits` digits. */
static void
blend_decimals(exattn_sbuf *b, const exattn_lesson *l, size_t k,
               unsigned long digits)
{
    exattn_sbuf parts;
    mpq_t t;
    mpz_t d;
    size_t c;
    char *s;
    int exact = 1;

    mpq_init(t);
    mpz_init(d);
    exattn_sbuf__init(&parts);
    for (c = 0; c < l->dv; c++)
    {
        exattn_lesson_blend_output(t, l, k, c);
        exact &= exattn_ziv__decimal_q(d, t, digits, EXATTN_ROUND_NEAREST);
        s = exattn_decimal__format(d, digits);
        exattn_sbuf__printf(&parts, "%s%s", c ? "," : "", s ? s : "?");
        exattn_free(s);
    }
    exattn_sbuf__printf(b, "%s output %s (%s)\n", l->blends[k].name,
                        exact ? "=" : "≈", parts.s ? parts.s : "");
    b->oom |= parts.oom;
    exattn_sbuf__clear(&parts);
    mpz_clear(d);
    mpq_clear(t);
}

static void
blend(exattn_sbuf *b, const exattn_lesson *l, size_t k,
      const exattn_write_opts *opts)
{
    const exattn_blend *bl = &l->blends[k];
    size_t j, c;
    mpq_t t;

    mpq_init(t);
    exattn_sbuf__printf(b, "\nblend \"%s\": assigned exact weights (not "
                        "softmax): ", bl->name);
    for (j = 0; j < l->m; j++)
    {
        exattn_sbuf__puts(b, j ? "; " : "");
        klabel(b, l, "w", j);
        exattn_sbuf__puts(b, "=");
        exattn_sbuf__mpq(b, bl->w[j]);
    }
    exattn_sbuf__puts(b, "\nweights sum = ");
    for (j = 0; j < l->m; j++)
    {
        exattn_sbuf__puts(b, j ? " + " : "");
        exattn_sbuf__mpq(b, bl->w[j]);
    }
    exattn_sbuf__puts(b, " = 1 (EXACT)\n");
    for (j = 0; j < l->m; j++)
    {
        exattn_sbuf__puts(b, j ? " ; " : "");
        exattn_sbuf__mpq(b, bl->w[j]);
        klabel(b, l, "·V", j);
        exattn_sbuf__puts(b, "=");
        exattn_sbuf__mpq(b, bl->w[j]);
        exattn_sbuf__puts(b, "·");
        vector(b, &l->v, j);
        exattn_sbuf__puts(b, "=(");
        for (c = 0; c < l->dv; c++)
        {
            mpq_mul(t, bl->w[j], EXATTN_AT(&l->v, j, c));
            exattn_sbuf__puts(b, c ? "," : "");
            exattn_sbuf__mpq(b, t);
        }
        exattn_sbuf__puts(b, ")");
    }
    exattn_sbuf__printf(b, "\n%s output = Σ wⱼ·Vⱼ = (", bl->name);
    for (c = 0; c < l->dv; c++)
    {
        exattn_lesson_blend_output(t, l, k, c);
        exattn_sbuf__puts(b, c ? "," : "");
        exattn_sbuf__mpq(b, t);
    }
    exattn_sbuf__puts(b, ") (EXACT)\n");
    if (opts != NULL && opts->digits >= 0)
        blend_decimals(b, l, k, (unsigned long)opts->digits);
    mpq_clear(t);
}

static int
write_lesson(FILE *f, exattn_sbuf *b, const exattn_lesson *l,
             const exattn_write_opts *opts, exattn_error_t *err)
{
    size_t k;
    int code;

    header(b, l);
    if ((code = exattn_decimals__write_rows(f, b, l, opts, row_block, NULL,
                                           err)) != EXATTN_OK)
        return code;
    for (k = 0; k < l->blend_count; k++)
        blend(b, l, k, opts);
    return exattn_sbuf__flush(b, f, l->file, err);
}

int
exattn_write_text(FILE *f, const exattn_lesson *l,
                  const exattn_write_opts *opts, exattn_error_t *err)
{
    exattn_sbuf b;
    size_t k;
    int code;

    if (l->block != NULL)
        return exattn_block__write_text(f, l, opts, err);
    exattn_sbuf__init(&b);
    code = write_lesson(f, &b, l, opts, err);
    for (k = 0; code == EXATTN_OK && k < l->variant_count; k++)
    {
        exattn_sbuf__printf(&b, "\n== variant \"%s\" ==\n",
                            l->variants[k]->name);
        code = exattn_contrast__text(&b, l->variants[k], opts, err);
        if (code == EXATTN_OK)
            code = write_lesson(f, &b, l->variants[k], opts, err);
    }
    exattn_sbuf__clear(&b);
    if (code == EXATTN_OK && ferror(f))
        code = exattn_error__set(err, EXATTN_EIO, l->file, 0, 0,
                                 "cannot write the output");
    return code;
}
