/* Pre-LN blocks and RMSNorm: every stage computed a second way, here,
 * with GMP and MPFR from the block's own definition (docs/lesson-format.md,
 * "block"): a norm of exact rows from the rows themselves, and each later
 * stage from the decimals of the stages it reads, at twice the digits
 * compared.  Exactness is checked against the rule a reader would apply:
 * an RMSNorm output is exact where gamma·x is 0 or the mean square plus
 * epsilon is the square of a rational. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exattn.h"
#include "helpers.h"

#define PREC 400
#define DIGITS 40

static exattn_expr *
quantity(const exattn_block *b, const char *name, size_t i, size_t j)
{
    exattn_expr *e = NULL;
    exattn_error_t err;

    cr_assert_eq(exattn_block_quantity(&e, b, name, i, j, &err), EXATTN_OK,
                 "%s[%zu][%zu]: %s", name, i, j, err.message);
    return e;
}

/* Quantity name(i, j) read as a decimal of `digits` digits into x. */
static void
read_stage(mpfr_t x, const exattn_block *b, const char *name, size_t i,
           size_t j, unsigned long digits)
{
    exattn_expr *e = quantity(b, name, i, j);
    exattn_error_t err;
    char *s = NULL;

    cr_assert_eq(exattn_expr_get_decimal(&s, NULL, e, digits, 0, &err),
                 EXATTN_OK, "%s[%zu][%zu]: %s", name, i, j, err.message);
    mpfr_set_str(x, s, 10, MPFR_RNDN);
    exattn_free(s);
    exattn_expr_free(e);
}

/* Is a decimal "0.000…" or "-0.000…"? */
static int
zero(const char *d)
{
    return strspn(d + (*d == '-'), "0.") == strlen(d + (*d == '-'));
}

/* The block's DIGITS-digit decimal of name(i, j) equals x rounded. */
static void
expect_stage(const exattn_block *b, const char *name, size_t i, size_t j,
             const mpfr_t x, const char *json)
{
    exattn_expr *e = quantity(b, name, i, j);
    exattn_error_t err;
    char *got = NULL, want[256];

    cr_assert_eq(exattn_expr_get_decimal(&got, NULL, e, DIGITS, 0, &err),
                 EXATTN_OK, "%s", err.message);
    mpfr_snprintf(want, sizeof want, "%.*Rf", DIGITS, x);
    /* "-0.000…" and "0.000…" are one value, on either side */
    cr_assert(strcmp(got + (got[0] == '-' && zero(got)),
                     want + (want[0] == '-' && zero(want))) == 0,
              "%s[%zu][%zu]: block %s, here %s\n%s", name, i, j, got, want,
              json);
    exattn_free(got);
    exattn_expr_free(e);
}

typedef struct
{
    size_t d;
    long gamma_num[4], gamma_den[4], beta_num[4];
    long eps_den;               /* epsilon 1/eps_den; 0: epsilon 0 */
} norm_params;

static void
random_norm(norm_params *p, gmp_randstate_t rs, size_t d, int eps_zero)
{
    static const long eps_dens[] = { 100, 100000, 7 };
    size_t c;

    p->d = d;
    for (c = 0; c < d; c++)
    {
        p->gamma_num[c] = (long)th_rand(rs, 3) + 1;
        p->gamma_den[c] = th_rand(rs, 2) ? 1 : 2;
        p->beta_num[c] = (long)th_rand(rs, 3) - 1;
    }
    p->eps_den = eps_zero ? 0 : eps_dens[th_rand(rs, 3)];
}

/* {"gamma": [...], "beta": [...], "epsilon": ...} */
static size_t
norm_json(char *out, const norm_params *p)
{
    size_t c, pos = (size_t)sprintf(out, "{\"gamma\": [");

    for (c = 0; c < p->d; c++)
        pos += (size_t)sprintf(out + pos, "%s\"%ld/%ld\"", c ? "," : "",
                               p->gamma_num[c], p->gamma_den[c]);
    pos += (size_t)sprintf(out + pos, "], \"beta\": [");
    for (c = 0; c < p->d; c++)
        pos += (size_t)sprintf(out + pos, "%s\"%ld/2\"", c ? "," : "",
                               p->beta_num[c]);
    if (p->eps_den)
        pos += (size_t)sprintf(out + pos, "], \"epsilon\": \"1/%ld\"}",
                               p->eps_den);
    else
        pos += (size_t)sprintf(out + pos, "], \"epsilon\": 0}");
    return pos;
}

/* out = Norm(z) of one row (d entries), in MPFR: gamma (z - mean) /
 * sqrt(spread + eps) + beta, spread the biased variance, or for an
 * RMSNorm the mean square and no mean. */
static void
norm_mpfr(mpfr_t *out, mpfr_t *z, const norm_params *p, int rms)
{
    mpfr_t mean, spread, t;
    size_t c;

    mpfr_inits2(PREC, mean, spread, t, (mpfr_ptr)0);
    mpfr_set_ui(mean, 0, MPFR_RNDN);
    for (c = 0; c < p->d && !rms; c++)
        mpfr_add(mean, mean, z[c], MPFR_RNDN);
    mpfr_div_ui(mean, mean, p->d, MPFR_RNDN);
    mpfr_set_ui(spread, 0, MPFR_RNDN);
    for (c = 0; c < p->d; c++)
    {
        mpfr_sub(t, z[c], mean, MPFR_RNDN);
        mpfr_sqr(t, t, MPFR_RNDN);
        mpfr_add(spread, spread, t, MPFR_RNDN);
    }
    mpfr_div_ui(spread, spread, p->d, MPFR_RNDN);
    if (p->eps_den)
    {
        mpfr_set_ui(t, 1, MPFR_RNDN);
        mpfr_div_si(t, t, p->eps_den, MPFR_RNDN);
        mpfr_add(spread, spread, t, MPFR_RNDN);
    }
    mpfr_sqrt(spread, spread, MPFR_RNDN);
    for (c = 0; c < p->d; c++)
    {
        mpfr_sub(t, z[c], mean, MPFR_RNDN);
        mpfr_div(t, t, spread, MPFR_RNDN);
        mpfr_mul_si(t, t, p->gamma_num[c], MPFR_RNDN);
        mpfr_div_si(t, t, p->gamma_den[c], MPFR_RNDN);
        mpfr_set_si(out[c], p->beta_num[c], MPFR_RNDN);
        mpfr_div_ui(out[c], out[c], 2, MPFR_RNDN);
        mpfr_add(out[c], out[c], t, MPFR_RNDN);
    }
    mpfr_clears(mean, spread, t, (mpfr_ptr)0);
}

static int
is_rational_square(const mpq_t q)
{
    return mpq_sgn(q) >= 0 && mpz_perfect_square_p(mpq_numref(q))
           && mpz_perfect_square_p(mpq_denref(q));
}

/* An RMSNorm of exact rows: the attention adds nothing (W_V is 0), so
 * the residual is X and the norm is of integers. */
Test(norms, rms_norm_agrees_with_its_definition)
{
    gmp_randstate_t rs;
    unsigned long it, n = th_iterations(60);
    char json[2048], want[64];
    mpfr_t z[4], u[4];
    mpq_t ms, sq;
    size_t i, c, k;

    th_rand_init(rs);
    mpq_inits(ms, sq, (mpq_ptr)0);
    for (k = 0; k < 4; k++)
        mpfr_inits2(PREC, z[k], u[k], (mpfr_ptr)0);
    for (it = 0; it < n; it++)
    {
        size_t d = 2 + th_rand(rs, 3), pos;
        long x[3][4];
        norm_params p;
        exattn_lesson *l;
        exattn_block *b;

        random_norm(&p, rs, d, th_rand(rs, 2));
        for (i = 0; i < 3; i++)
        {
            for (c = 0; c < d; c++)
                x[i][c] = (long)th_rand(rs, 7) - 3;
            x[i][0] += x[i][0] == 0 && x[i][d - 1] == 0;  /* no zero row */
        }
        pos = (size_t)sprintf(json, "{\"X\": [");
        for (i = 0; i < 3; i++)
            for (c = 0; c < d; c++)
                pos += (size_t)sprintf(json + pos, "%s%ld%s",
                                       c ? "," : i ? ",[" : "[", x[i][c],
                                       c + 1 == d ? "]" : "");
        pos += (size_t)sprintf(json + pos, "], \"W_Q\": [");
        for (c = 0; c < d; c++)
            pos += (size_t)sprintf(json + pos, "%s[1]", c ? "," : "");
        pos += (size_t)sprintf(json + pos, "], \"W_K\": [");
        for (c = 0; c < d; c++)
            pos += (size_t)sprintf(json + pos, "%s[1]", c ? "," : "");
        pos += (size_t)sprintf(json + pos, "], \"W_V\": [");
        for (c = 0; c < d; c++)
            for (k = 0; k < d; k++)
                pos += (size_t)sprintf(json + pos, "%s0%s",
                                       k ? "," : c ? ",[" : "[",
                                       k + 1 == d ? "]" : "");
        pos += (size_t)sprintf(json + pos, "], \"block\": {\"norm\": "
                               "\"rms_norm\", \"layer_norm\": ");
        pos += norm_json(json + pos, &p);
        sprintf(json + pos, "}}");
        l = th_lesson(json);
        b = th_block(l);
        for (i = 0; i < 3; i++)
        {
            exattn_expr *e;
            char *s;

            /* the mean square, exactly: sum x^2 / d */
            mpq_set_ui(ms, 0, 1);
            for (c = 0; c < d; c++)
            {
                mpq_set_si(sq, x[i][c] * x[i][c], 1);
                mpq_add(ms, ms, sq);
            }
            mpq_set_ui(sq, 1, (unsigned long)d);
            mpq_mul(ms, ms, sq);
            gmp_snprintf(want, sizeof want, "%Qd", ms);
            e = quantity(b, "ln1.mean_square", i, 0);
            cr_assert_eq(exattn_expr_status(e), EXATTN_EXACT, "%s", json);
            s = exattn_expr_get_str(e, EXATTN_TEXT);
            cr_assert_str_eq(s, want, "%s", json);
            exattn_free(s);
            exattn_expr_free(e);
            /* the output, to 40 digits, and which entries are exact */
            if (p.eps_den)
            {
                mpq_set_ui(sq, 1, (unsigned long)p.eps_den);
                mpq_add(ms, ms, sq);
            }
            for (c = 0; c < d; c++)
                mpfr_set_si(z[c], x[i][c], MPFR_RNDN);
            norm_mpfr(u, z, &p, 1);
            for (c = 0; c < d; c++)
            {
                int exact = x[i][c] == 0 || is_rational_square(ms);

                expect_stage(b, "ln1", i, c, u[c], json);
                e = quantity(b, "ln1", i, c);
                cr_assert_eq(exattn_expr_status(e) == EXATTN_EXACT, exact,
                             "%s: ln1[%zu][%zu]", json, i, c);
                exattn_expr_free(e);
            }
        }
        exattn_block_free(b);
        exattn_lesson_free(l);
    }
    for (k = 0; k < 4; k++)
        mpfr_clears(z[k], u[k], (mpfr_ptr)0);
    mpq_clears(ms, sq, (mpq_ptr)0);
    gmp_randclear(rs);
}

/* A Pre-LN block of random rationals with either norm: each stage equals
 * its definition applied to the stages it reads. */
static void
pre_ln_block(gmp_randstate_t rs, int rms)
{
    static const size_t d = 2, dff = 3;
    norm_params p1, p2, p3;
    char json[4096];
    long w[3][2][2], w1[2][3], w2[3][2], b1[3];
    mpfr_t in[2], out[2], t, acc;
    size_t i, c, k, h, pos;
    exattn_lesson *l;
    exattn_block *b;
    static const char *const names[] = { "W_Q", "W_K", "W_V" };

    random_norm(&p1, rs, d, 0);
    random_norm(&p2, rs, d, 0);
    random_norm(&p3, rs, d, 0);
    pos = (size_t)sprintf(json, "{\"X\": [[%ld,\"1/2\"],[%ld,%ld],[\"%ld/3\""
                          ",1]], \"mask\": \"%s\"",
                          (long)th_rand(rs, 5) - 2, (long)th_rand(rs, 5) - 2,
                          (long)th_rand(rs, 5) - 2, (long)th_rand(rs, 5) - 2,
                          th_rand(rs, 2) ? "causal" : "none");
    for (k = 0; k < 3; k++)
    {
        for (i = 0; i < 2; i++)
            for (c = 0; c < 2; c++)
                w[k][i][c] = (long)th_rand(rs, 5) - 2;
        pos += (size_t)sprintf(json + pos, ", \"%s\": [[%ld,%ld],[%ld,%ld]]",
                               names[k], w[k][0][0], w[k][0][1], w[k][1][0],
                               w[k][1][1]);
    }
    pos += (size_t)sprintf(json + pos, ", \"block\": {\"order\": \"pre\", "
                           "\"norm\": \"%s\", \"layer_norm\": ",
                           rms ? "rms_norm" : "layer_norm");
    pos += norm_json(json + pos, &p1);
    pos += (size_t)sprintf(json + pos, ", \"layer_norm_2\": ");
    pos += norm_json(json + pos, &p2);
    pos += (size_t)sprintf(json + pos, ", \"final_norm\": ");
    pos += norm_json(json + pos, &p3);
    for (i = 0; i < d; i++)
        for (h = 0; h < dff; h++)
            w1[i][h] = (long)th_rand(rs, 5) - 2;
    for (h = 0; h < dff; h++)
    {
        b1[h] = (long)th_rand(rs, 3) - 1;
        for (c = 0; c < d; c++)
            w2[h][c] = (long)th_rand(rs, 3) - 1;
    }
    sprintf(json + pos, ", \"ffn\": {\"W_1\": [[%ld,%ld,%ld],[%ld,%ld,%ld]], "
            "\"b_1\": [%ld,%ld,%ld], \"W_2\": [[%ld,%ld],[%ld,%ld],[%ld,%ld]]"
            ", \"b_2\": [0,\"1/3\"]}}}", w1[0][0], w1[0][1], w1[0][2],
            w1[1][0], w1[1][1], w1[1][2], b1[0], b1[1], b1[2], w2[0][0],
            w2[0][1], w2[1][0], w2[1][1], w2[2][0], w2[2][1]);
    l = th_lesson(json);
    b = th_block(l);
    mpfr_inits2(PREC, in[0], in[1], out[0], out[1], t, acc, (mpfr_ptr)0);
    for (i = 0; i < 3; i++)
    {
        /* u = Norm1(x'): the heads read it */
        for (c = 0; c < d; c++)
            read_stage(in[c], b, "input", i, c, 2 * DIGITS);
        norm_mpfr(out, in, &p1, rms);
        for (c = 0; c < d; c++)
            expect_stage(b, "ln1", i, c, out[c], json);
        for (k = 0; k < 3; k++)
            for (c = 0; c < 2; c++)
            {
                const char *q = k == 0 ? "h1.q" : k == 1 ? "h1.k" : "h1.v";

                mpfr_set_ui(acc, 0, MPFR_RNDN);
                for (h = 0; h < d; h++)
                {
                    read_stage(t, b, "ln1", i, h, 2 * DIGITS);
                    mpfr_mul_si(t, t, w[k][h][c], MPFR_RNDN);
                    mpfr_add(acc, acc, t, MPFR_RNDN);
                }
                expect_stage(b, q, i, c, acc, json);
            }
        /* A = H1 = sum_j a_j v_j (one head, no W_O), then z = x' + A */
        for (c = 0; c < 2; c++)
        {
            mpfr_set_ui(acc, 0, MPFR_RNDN);
            for (k = 0; k < 3; k++)
            {
                read_stage(t, b, "h1.weights", i, k, 2 * DIGITS);
                read_stage(out[0], b, "h1.v", k, c, 2 * DIGITS);
                mpfr_mul(t, t, out[0], MPFR_RNDN);
                mpfr_add(acc, acc, t, MPFR_RNDN);
            }
            expect_stage(b, "attention", i, c, acc, json);
            mpfr_add(in[c], in[c], acc, MPFR_RNDN);
            expect_stage(b, "residual", i, c, in[c], json);
        }
        /* y = Norm2(z), the FFN's input */
        norm_mpfr(out, in, &p2, rms);
        for (c = 0; c < d; c++)
            expect_stage(b, "ln2", i, c, out[c], json);
        for (h = 0; h < dff; h++)
        {
            mpfr_set_si(acc, b1[h], MPFR_RNDN);
            for (c = 0; c < d; c++)
            {
                read_stage(t, b, "ln2", i, c, 2 * DIGITS);
                mpfr_mul_si(t, t, w1[c][h], MPFR_RNDN);
                mpfr_add(acc, acc, t, MPFR_RNDN);
            }
            expect_stage(b, "ffn.hidden", i, h, acc, json);
        }
        /* f = max(0, h) W_2 + b_2, z' = z + f, then the final norm */
        for (c = 0; c < d; c++)
        {
            /* b_2 = (0, 1/3) */
            mpfr_set_si(acc, c == 1, MPFR_RNDN);
            mpfr_div_ui(acc, acc, 3, MPFR_RNDN);
            for (h = 0; h < dff; h++)
            {
                read_stage(t, b, "ffn.hidden", i, h, 2 * DIGITS);
                if (mpfr_sgn(t) < 0)
                    mpfr_set_ui(t, 0, MPFR_RNDN);
                mpfr_mul_si(t, t, w2[h][c], MPFR_RNDN);
                mpfr_add(acc, acc, t, MPFR_RNDN);
            }
            expect_stage(b, "ffn", i, c, acc, json);
            read_stage(t, b, "residual", i, c, 2 * DIGITS);
            mpfr_add(in[c], t, acc, MPFR_RNDN);
            expect_stage(b, "residual2", i, c, in[c], json);
        }
        norm_mpfr(out, in, &p3, rms);
        for (c = 0; c < d; c++)
            expect_stage(b, "final_norm", i, c, out[c], json);
    }
    mpfr_clears(in[0], in[1], out[0], out[1], t, acc, (mpfr_ptr)0);
    exattn_block_free(b);
    exattn_lesson_free(l);
}

Test(norms, pre_ln_stages_follow_their_definitions)
{
    gmp_randstate_t rs;
    unsigned long it, n = th_iterations(12);

    th_rand_init(rs);
    for (it = 0; it < n; it++)
        pre_ln_block(rs, (int)(it % 2));
    gmp_randclear(rs);
}

/* A norm has the moments of its kind only: an RMSNorm no mean, a
 * LayerNorm no mean square; a Post-LN block no final norm. */
Test(norms, each_norm_has_its_own_stages)
{
    exattn_lesson *rms = th_lesson("{\"X\": [[3,4]], \"W_Q\": [[1],[0]], "
        "\"W_K\": [[1],[0]], \"W_V\": [[0,0],[0,0]], \"block\": {\"norm\": "
        "\"rms_norm\", \"layer_norm\": {\"epsilon\": 0}}}");
    exattn_lesson *ln = th_lesson("{\"X\": [[3,4]], \"W_Q\": [[1],[0]], "
        "\"W_K\": [[1],[0]], \"W_V\": [[0,0],[0,0]], \"block\": "
        "{\"layer_norm\": {\"epsilon\": 0}}}");
    exattn_block *br = th_block(rms), *bl = th_block(ln);
    exattn_expr *e = NULL;
    exattn_error_t err;
    char *s;

    cr_assert_eq(exattn_block_quantity(&e, br, "ln1.mean", 0, 0, &err),
                 EXATTN_EINVAL);
    cr_assert_eq(exattn_block_quantity(&e, br, "ln1.variance", 0, 0, &err),
                 EXATTN_EINVAL);
    cr_assert_eq(exattn_block_quantity(&e, bl, "ln1.mean_square", 0, 0,
                                       &err), EXATTN_EINVAL);
    cr_assert_eq(exattn_block_quantity(&e, bl, "final_norm", 0, 0, &err),
                 EXATTN_EINVAL);
    /* [3, 4]: mean square 25/2, RMSNorm (3√2/5, 4√2/5); LayerNorm
     * (-1, 1) exactly */
    e = quantity(br, "ln1.mean_square", 0, 0);
    s = exattn_expr_get_str(e, EXATTN_TEXT);
    cr_assert_str_eq(s, "25/2");
    exattn_free(s);
    exattn_expr_free(e);
    e = quantity(br, "ln1", 0, 1);
    cr_assert_eq(exattn_expr_status(e), EXATTN_NAMED);
    exattn_expr_free(e);
    e = quantity(bl, "ln1", 0, 1);
    s = exattn_expr_get_str(e, EXATTN_TEXT);
    cr_assert_str_eq(s, "1");
    exattn_free(s);
    exattn_expr_free(e);
    exattn_block_free(br);
    exattn_block_free(bl);
    exattn_lesson_free(rms);
    exattn_lesson_free(ln);
}

/* A Pre-LN block without a feed-forward sublayer but with a final norm,
 * its keys and values from a memory: the heads' queries read u =
 * Norm(X), their keys and values the memory as given; z = x' + A; the
 * final norm reads z. */
Test(norms, pre_ln_with_memory_and_a_final_norm_only)
{
    static const char json[] = "{\"X\": [[1,2],[3,-1]], "
        "\"memory\": [[1,0],[0,1],[2,2]], \"W_Q\": [[1,0],[0,1]], "
        "\"W_K\": [[1,1],[0,1]], \"W_V\": [[1,0],[0,1]], \"block\": "
        "{\"order\": \"pre\", \"norm\": \"rms_norm\", \"layer_norm\": "
        "{\"epsilon\": 0}, \"final_norm\": {\"gamma\": [2, 1], "
        "\"epsilon\": \"1/7\"}}}";
    static const long x[2][2] = { { 1, 2 }, { 3, -1 } };
    exattn_lesson *l = th_lesson(json);
    exattn_block *b = th_block(l);
    norm_params p1 = { 2, { 1, 1 }, { 1, 1 }, { 0, 0 }, 0 };
    norm_params p3 = { 2, { 2, 1 }, { 1, 1 }, { 0, 0 }, 7 };
    mpfr_t in[2], out[2], t;
    size_t i, c;
    exattn_expr *e = NULL;
    exattn_error_t err;

    mpfr_inits2(PREC, in[0], in[1], out[0], out[1], t, (mpfr_ptr)0);
    for (i = 0; i < 2; i++)
    {
        for (c = 0; c < 2; c++)
            mpfr_set_si(in[c], x[i][c], MPFR_RNDN);
        norm_mpfr(out, in, &p1, 1);
        for (c = 0; c < 2; c++)
        {
            expect_stage(b, "ln1", i, c, out[c], json);
            /* W_Q is the identity: the queries are u */
            expect_stage(b, "h1.q", i, c, out[c], json);
            read_stage(t, b, "attention", i, c, 2 * DIGITS);
            mpfr_add(in[c], in[c], t, MPFR_RNDN);
            expect_stage(b, "residual", i, c, in[c], json);
        }
        norm_mpfr(out, in, &p3, 1);
        for (c = 0; c < 2; c++)
            expect_stage(b, "final_norm", i, c, out[c], json);
    }
    /* the keys are the memory's, not normalized: k = memory·W_K */
    mpfr_set_ui(t, 4, MPFR_RNDN);
    expect_stage(b, "h1.k", 2, 1, t, json);
    cr_assert_eq(exattn_block_quantity(&e, b, "ffn", 0, 0, &err),
                 EXATTN_EINVAL);
    cr_assert_eq(exattn_block_quantity(&e, b, "ln2", 0, 0, &err),
                 EXATTN_EINVAL);
    mpfr_clears(in[0], in[1], out[0], out[1], t, (mpfr_ptr)0);
    exattn_block_free(b);
    exattn_lesson_free(l);
}
