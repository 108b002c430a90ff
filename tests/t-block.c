/* Blocks: sinusoidal positions, heads and W_O, residuals, LayerNorm, the
 * feed-forward network, cross-attention -- exact where the arithmetic
 * proves it, named otherwise, and equal to independent computations. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exattn.h"
#include "helpers.h"

#define LAB "\"tokens\": [\"grid\",\"load\",\"rises\"], " \
    "\"X\": [[1,0],[0,1],[1,1]], \"W_Q\": [[1,0],[0,1]], " \
    "\"W_K\": [[1,1],[0,1]], \"W_V\": [[1,0],[0,2]]"

/* Quantity name(i, j) of the block: its text, and whether it is exact. */
static char *
text_at(const exattn_block *b, const char *name, size_t i, size_t j,
        int *exact)
{
    exattn_expr *e = NULL;
    exattn_error_t err;
    char *s;

    cr_assert_eq(exattn_block_quantity(&e, b, name, i, j, &err), EXATTN_OK,
                 "%s", err.message);
    if (exact)
        *exact = exattn_expr_status(e) == EXATTN_EXACT;
    s = exattn_expr_get_str(e, EXATTN_TEXT);
    exattn_expr_free(e);
    return s;
}

static void
expect_text(const exattn_block *b, const char *name, size_t i, size_t j,
            const char *want, int want_exact)
{
    int exact;
    char *s = text_at(b, name, i, j, &exact);

    cr_assert_str_eq(s, want, "%s[%zu][%zu]: %s", name, i, j, s);
    cr_assert_eq(exact, want_exact, "%s[%zu][%zu] = %s: status", name, i, j,
                 s);
    exattn_free(s);
}

/* The certified decimal of a quantity, `digits` digits. */
static char *
decimal_at(const exattn_block *b, const char *name, size_t i, size_t j,
           unsigned long digits)
{
    exattn_expr *e = NULL;
    exattn_error_t err;
    char *s = NULL;

    cr_assert_eq(exattn_block_quantity(&e, b, name, i, j, &err), EXATTN_OK);
    cr_assert_eq(exattn_expr_get_decimal(&s, NULL, e, digits, 0, &err),
                 EXATTN_OK, "%s", err.message);
    exattn_expr_free(e);
    return s;
}

/* x, computed here with MPFR at 300 bits, rounded to `digits` digits. */
static void
expect_decimal(const exattn_block *b, const char *name, size_t i, size_t j,
               mpfr_t x, unsigned long digits)
{
    char *got = decimal_at(b, name, i, j, digits), want[200];

    mpfr_snprintf(want, sizeof want, "%.*Rf", (int)digits, x);
    cr_assert_str_eq(got, want, "%s[%zu][%zu]", name, i, j);
    exattn_free(got);
}

Test(block, positional_encoding_is_exact_at_zero_and_named_after)
{
    exattn_lesson *l = th_lesson("{\"X\": [[0,0,0,0],[0,0,0,0],[0,0,0,0]], "
        "\"W_Q\": [[1],[0],[0],[0]], \"W_K\": [[1],[0],[0],[0]], "
        "\"W_V\": [[1],[0],[0],[0]], \"block\": {\"positional\": "
        "\"sinusoidal\", \"W_O\": [[1,0,0,0]]}}");
    exattn_block *b = th_block(l);
    mpfr_t x;

    /* PE(0) = [0, 1, 0, 1] exactly; PE(1) named in the original form:
     * 10000^(2/4) = 100 exactly, so the second pair is at p/100 */
    expect_text(b, "pe", 0, 0, "0", 1);
    expect_text(b, "pe", 0, 1, "1", 1);
    expect_text(b, "pe", 0, 3, "1", 1);
    expect_text(b, "pe", 1, 0, "sin(1)", 0);
    expect_text(b, "pe", 1, 1, "cos(1)", 0);
    expect_text(b, "pe", 1, 2, "sin(1/100)", 0);
    expect_text(b, "pe", 2, 3, "cos(1/50)", 0);   /* 2/100, reduced */
    mpfr_init2(x, 300);
    mpfr_set_ui(x, 2, MPFR_RNDN);
    mpfr_div_ui(x, x, 100, MPFR_RNDN);
    mpfr_cos(x, x, MPFR_RNDN);
    expect_decimal(b, "pe", 2, 3, x, 40);
    mpfr_clear(x);
    exattn_block_free(b);
    exattn_lesson_free(l);
}

Test(block, positional_encoding_of_an_odd_radical_width)
{
    exattn_lesson *l = th_lesson("{\"X\": [[0,0,0,0,0,0],[0,0,0,0,0,0]], "
        "\"W_Q\": [[1],[0],[0],[0],[0],[0]], \"W_K\": [[1],[0],[0],[0],"
        "[0],[0]], \"W_V\": [[1],[0],[0],[0],[0],[0]], \"block\": "
        "{\"positional\": \"sinusoidal\", \"W_O\": [[1,0,0,0,0,0]]}}");
    exattn_block *b = th_block(l);
    mpfr_t x, t;

    /* d_model = 6: 10000^(2/6) is irrational and stays in the form */
    expect_text(b, "pe", 1, 2, "sin(1/10000^{1/3})", 0);
    mpfr_inits2(300, x, t, (mpfr_ptr)0);
    mpfr_set_ui(t, 10000, MPFR_RNDN);
    mpfr_cbrt(t, t, MPFR_RNDN);
    mpfr_ui_div(x, 1, t, MPFR_RNDN);
    mpfr_sin(x, x, MPFR_RNDN);
    expect_decimal(b, "pe", 1, 2, x, 50);
    mpfr_clears(x, t, (mpfr_ptr)0);
    exattn_block_free(b);
    exattn_lesson_free(l);
}

/* Seed 002: z = [1,3] has mean 2 and variance 1; the normalised vector
 * is exact up to the surd 1/√(1+ε). */
Test(block, layer_norm_of_one_three)
{
    exattn_lesson *l = th_lesson("{\"X\": [[1,3],[2,2]], \"W_Q\": "
        "[[1,0],[0,1]], \"W_K\": [[1,0],[0,1]], \"W_V\": [[0,0],[0,0]], "
        "\"block\": {\"layer_norm\": {\"gamma\": [2, 1], \"beta\": "
        "[\"1/2\", 0], \"epsilon\": \"1/100000\"}}}");
    exattn_block *b = th_block(l);
    mpfr_t x;

    expect_text(b, "residual", 0, 0, "1", 1);
    expect_text(b, "residual", 0, 1, "3", 1);
    expect_text(b, "ln1.mean", 0, 0, "2", 1);
    expect_text(b, "ln1.variance", 0, 0, "1", 1);
    expect_text(b, "ln1", 0, 1, "1/√(100001/100000)", 0);
    expect_text(b, "ln1", 0, 0, "-2/√(100001/100000)+1/2", 0);
    /* a constant token: variance 0, the output is beta exactly */
    expect_text(b, "ln1.variance", 1, 0, "0", 1);
    expect_text(b, "ln1", 1, 0, "1/2", 1);
    expect_text(b, "ln1", 1, 1, "0", 1);
    mpfr_init2(x, 300);
    mpfr_set_ui(x, 100001, MPFR_RNDN);
    mpfr_div_ui(x, x, 100000, MPFR_RNDN);
    mpfr_rec_sqrt(x, x, MPFR_RNDN);
    expect_decimal(b, "ln1", 0, 1, x, 60);
    mpfr_clear(x);
    exattn_block_free(b);
    exattn_lesson_free(l);
}

Test(block, symbolic_epsilon_stays_a_symbol)
{
    exattn_lesson *l = th_lesson("{\"X\": [[1,3]], \"W_Q\": [[1],[0]], "
        "\"W_K\": [[1],[0]], \"W_V\": [[0,0],[0,0]], \"block\": "
        "{\"layer_norm\": {\"epsilon\": {\"symbol\": \"ε\"}}}}");
    exattn_lesson *lv = th_lesson("{\"X\": [[1,3]], \"W_Q\": [[1],[0]], "
        "\"W_K\": [[1],[0]], \"W_V\": [[0,0],[0,0]], \"block\": "
        "{\"layer_norm\": {\"epsilon\": {\"symbol\": \"eps\", \"value\": "
        "\"1/100000\"}}}}");
    exattn_block *b = th_block(l), *bv = th_block(lv);
    exattn_expr *e;
    exattn_error_t err;
    char *s;

    expect_text(b, "ln1", 0, 0, "-1/√(1+ε)", 0);
    cr_assert_eq(exattn_block_quantity(&e, b, "ln1", 0, 0, &err), EXATTN_OK);
    cr_assert_eq(exattn_expr_get_decimal(&s, NULL, e, 5, 0, &err),
                 EXATTN_EUNABLE);
    cr_assert_not_null(strstr(err.message, "depends on ε, which has no "
                                           "value"), "%s", err.message);
    exattn_expr_free(e);
    /* with a value: printed as the symbol, evaluated with the value */
    expect_text(bv, "ln1", 0, 1, "1/√(1+eps)", 0);
    s = decimal_at(bv, "ln1", 0, 1, 9);
    cr_assert_str_eq(s, "0.999995000");
    exattn_free(s);
    exattn_block_free(b);
    exattn_block_free(bv);
    exattn_lesson_free(l);
    exattn_lesson_free(lv);
}

static char *
example(const char *name)
{
    char *rel = malloc(strlen(name) + 32);
    char *path;

    sprintf(rel, "docs/examples/%s", name);
    path = th_srcpath(rel);
    free(rel);
    return path;
}

static exattn_lesson *
example_lesson(const char *name)
{
    char *path = example(name);
    exattn_lesson *l = NULL;
    exattn_error_t err;

    cr_assert_eq(exattn_lesson_read_file(&l, path, NULL, &err), EXATTN_OK,
                 "%s", err.message);
    free(path);
    return l;
}

/* ReLU signs: exactly 0 (even when the input is built from named parts
 * that cancel), proved negative (then the output is exactly 0), proved
 * positive (then it is the input). */
Test(block, relu_signs_are_proved)
{
    exattn_lesson *l = example_lesson("002-encoder-block.json");
    exattn_block *b = th_block(l);
    int exact;
    char *s;

    expect_text(b, "ffn.hidden", 0, 0, "0", 1);
    expect_text(b, "ffn.hidden", 0, 1, "-1", 1);
    expect_text(b, "ffn.relu", 0, 1, "0", 1);
    expect_text(b, "ffn.hidden", 0, 2, "2/√(100001/100000)", 0);
    expect_text(b, "ffn.relu", 0, 2, "2/√(100001/100000)", 0);
    /* load: u is named, yet u1 + u2 is exactly 0 (LayerNorm centres) */
    s = text_at(b, "ln1", 1, 0, &exact);
    cr_assert_eq(exact, 0, "%s", s);
    exattn_free(s);
    expect_text(b, "ffn.hidden", 1, 0, "0", 1);
    expect_text(b, "ffn.relu", 2, 0, "0", 1);
    exattn_block_free(b);
    exattn_lesson_free(l);
}

/* An undecided sign leaves max(0, h) in the expression, and it is still
 * enclosed: its decimals are certified.  Token 2 sits at position 1: its
 * state is (sin 1, cos 1); LayerNorm with ε = 0 makes u exactly (1, -1),
 * but through √((sin 1 - cos 1)²/4), which the polynomial layer does not
 * reduce: h = 1 - u1 is exactly 0 and no enclosure can prove its sign. */
Test(block, an_unproved_sign_keeps_the_relu)
{
    exattn_lesson *l = th_lesson("{\"X\": [[0,0],[0,0]], \"W_Q\": "
        "[[1,0],[0,1]], \"W_K\": [[1,0],[0,1]], \"W_V\": [[0,0],[0,0]], "
        "\"block\": {\"positional\": \"sinusoidal\", \"layer_norm\": "
        "{\"epsilon\": 0}, \"ffn\": {\"W_1\": [[-1],[0]], \"b_1\": [1], "
        "\"W_2\": [[1,0]]}, \"layer_norm_2\": {\"epsilon\": 1}}}");
    exattn_block *b = NULL;
    exattn_error_t err;
    int exact;
    char *s;

    cr_assert_eq(exattn_block_new(&b, l, 256, &err), EXATTN_OK, "%s",
                 err.message);
    expect_text(b, "ffn.hidden", 0, 0, "2", 1);   /* position 0: exact */
    s = text_at(b, "ffn.relu", 1, 0, &exact);
    cr_assert_eq(exact, 0);
    cr_assert_str_eq(s, "max(0, h[2])");
    exattn_free(s);
    s = decimal_at(b, "ffn.relu", 1, 0, 30);
    cr_assert_str_eq(s, "0.000000000000000000000000000000");
    exattn_free(s);
    s = decimal_at(b, "residual2", 1, 0, 20);     /* u1 + r = 1 + 0 */
    cr_assert_str_eq(s, "1.00000000000000000000");
    exattn_free(s);
    exattn_block_free(b);
    exattn_lesson_free(l);
}

Test(block, identities_beyond_polynomials_stay_named)
{
    exattn_expr *e;
    exattn_error_t err;
    mpq_t q;
    char *s;
    int exact;

    /* sin²+cos² = 1 of one argument is known: exact, whatever the
     * powers and coefficients around it */
    static const char *const pythagorean[] = {
        "sin(1)^2+cos(1)^2-1", "(sin(1/50)^2+cos(1/50)^2)/√2-1/√2",
        "cos(2)^4+sin(2)^2·cos(2)^2-cos(2)^2",
        "3·cos(1/3)^2+3·sin(1/3)^2-3" };
    size_t i;

    mpq_init(q);
    for (i = 0; i < sizeof pythagorean / sizeof *pythagorean; i++)
    {
        cr_assert_eq(exattn_expr_parse(&e, pythagorean[i],
                                       strlen(pythagorean[i]), NULL, &err),
                     EXATTN_OK, "%s", err.message);
        cr_assert_eq(exattn_expr_status(e), EXATTN_EXACT, "%s",
                     pythagorean[i]);
        cr_assert_eq(exattn_expr_get_mpq(q, e), 0);
        cr_assert_eq(mpq_sgn(q), 0, "%s", pythagorean[i]);
        exattn_expr_free(e);
    }
    mpq_clear(q);
    /* cos 2 = 1 - 2 sin² 1 relates two arguments, beyond the layer:
     * named, and decided numerically where it is not on a tie */
    cr_assert_eq(exattn_expr_parse(&e, "cos(2)-1+2*sin(1)^2", 19, NULL,
                                   &err), EXATTN_OK);
    cr_assert_eq(exattn_expr_status(e), EXATTN_NAMED);
    cr_assert_eq(exattn_expr_get_decimal(&s, &exact, e, 5, 512, &err),
                 EXATTN_OK);
    cr_assert_str_eq(s, "0.00000");
    exattn_free(s);
    exattn_expr_free(e);
    /* polynomial identities are exact */
    cr_assert_eq(exattn_expr_parse(&e, "(1+sin(1))^2-sin(1)^2-2·sin(1)", 31,
                                   NULL, &err), EXATTN_OK, "%s", err.message);
    cr_assert_eq(exattn_expr_status(e), EXATTN_EXACT);
    exattn_expr_free(e);
}

/* Each head keeps its own state: head 2 (zero queries) exact, head 1
 * named; W_O mixes them, computed here independently. */
Test(block, heads_keep_their_own_state)
{
    exattn_lesson *l = example_lesson("002-multi-head.json");
    exattn_block *b = th_block(l);
    mpfr_t w1, w2, w3, h1, t;
    int exact;
    char *s;

    expect_text(b, "h2.weights", 2, 0, "1/3", 1);
    expect_text(b, "h2.output", 2, 0, "4/3", 1);
    s = text_at(b, "h1.weights", 2, 0, &exact);
    cr_assert_eq(exact, 0);
    cr_assert_str_eq(s, "e^{2/√2}/(e^{2/√2}+e^{1/√2}+e^{3/√2})");
    exattn_free(s);
    /* rises: scores 2, 1, 3 over √2; H1 = w1·1 + w3·1 */
    mpfr_inits2(300, w1, w2, w3, h1, t, (mpfr_ptr)0);
    mpfr_sqrt_ui(t, 2, MPFR_RNDN);
    mpfr_ui_div(w1, 2, t, MPFR_RNDN);
    mpfr_exp(w1, w1, MPFR_RNDN);
    mpfr_ui_div(w2, 1, t, MPFR_RNDN);
    mpfr_exp(w2, w2, MPFR_RNDN);
    mpfr_ui_div(w3, 3, t, MPFR_RNDN);
    mpfr_exp(w3, w3, MPFR_RNDN);
    mpfr_add(t, w1, w2, MPFR_RNDN);
    mpfr_add(t, t, w3, MPFR_RNDN);
    mpfr_add(h1, w1, w3, MPFR_RNDN);
    mpfr_div(h1, h1, t, MPFR_RNDN);
    expect_decimal(b, "attention", 2, 0, h1, 60);
    mpfr_set_ui(t, 4, MPFR_RNDN);          /* W_O: A2 = H1 + H2 = H1 + 4/3 */
    mpfr_div_ui(t, t, 3, MPFR_RNDN);
    mpfr_add(h1, h1, t, MPFR_RNDN);
    expect_decimal(b, "attention", 2, 1, h1, 60);
    mpfr_clears(w1, w2, w3, h1, t, (mpfr_ptr)0);
    exattn_block_free(b);
    exattn_lesson_free(l);
}

Test(block, cross_attention_has_its_own_shapes)
{
    exattn_lesson *l = example_lesson("002-cross-attention-block.json");
    exattn_block *b = th_block(l);
    exattn_expr *e = NULL;
    exattn_error_t err;

    /* n = 2 decoder queries, m = 3 encoder keys */
    expect_text(b, "h1.weights", 0, 2, "1/3", 1);
    expect_text(b, "h1.output", 0, 1, "4/3", 1);
    expect_text(b, "h1.k", 2, 1, "2", 1);
    cr_assert_eq(exattn_block_quantity(&e, b, "h1.weights", 0, 3, &err),
                 EXATTN_EINVAL);
    cr_assert_eq(exattn_block_quantity(&e, b, "h1.q", 2, 0, &err),
                 EXATTN_EINVAL);
    cr_assert_eq(exattn_block_quantity(&e, b, "h2.q", 0, 0, &err),
                 EXATTN_EINVAL);
    cr_assert_eq(exattn_block_quantity(&e, b, "nonsense", 0, 0, &err),
                 EXATTN_EINVAL);
    cr_assert_null(e);
    /* the residual carries the decoder state */
    expect_text(b, "residual", 0, 0, "2/3", 1);
    exattn_block_free(b);
    exattn_lesson_free(l);
}

/* Without positions, a block's one head is the lesson's head: random
 * lessons give the same exact values and the same certified decimals
 * through the block (expressions) and through the row engine. */
Test(block, one_head_agrees_with_the_row_engine)
{
    gmp_randstate_t rs;
    unsigned long it, n = th_iterations(40);
    char json[1024], *a, *c;
    size_t i, j, pos;

    th_rand_init(rs);
    for (it = 0; it < n; it++)
    {
        exattn_lesson *l;
        exattn_block *b;

        pos = (size_t)sprintf(json, "{\"X\": [");
        for (i = 0; i < 3; i++)
            pos += (size_t)sprintf(json + pos, "%s[%ld,%ld]", i ? "," : "",
                                   (long)th_rand(rs, 5) - 2,
                                   (long)th_rand(rs, 5) - 2);
        pos += (size_t)sprintf(json + pos, "], \"W_Q\": [[%ld,%ld],[%ld,%ld]]"
                               ", \"W_K\": [[1,%ld],[%ld,1]], \"W_V\": "
                               "[[1,0],[%ld,1]], \"mask\": \"%s\", "
                               "\"block\": {}}",
                               (long)th_rand(rs, 3) - 1,
                               (long)th_rand(rs, 3) - 1,
                               (long)th_rand(rs, 3) - 1,
                               (long)th_rand(rs, 3) - 1,
                               (long)th_rand(rs, 3) - 1,
                               (long)th_rand(rs, 3) - 1,
                               (long)th_rand(rs, 3),
                               th_rand(rs, 2) ? "causal" : "none");
        l = th_lesson(json);
        b = th_block(l);
        for (i = 0; i < 3; i++)
        {
            exattn_row *row;
            exattn_row_eval *ev;
            exattn_error_t err;

            cr_assert_eq(exattn_row_new(&row, l, i, &err), EXATTN_OK);
            cr_assert_eq(exattn_row_eval_new(&ev, row, NULL, &err),
                         EXATTN_OK);
            for (j = 0; j < 5; j++)
            {
                int weight = j < 3, exact;
                exattn_kind_t k = weight ? EXATTN_WEIGHT : EXATTN_OUTPUT;
                size_t key = weight ? j : 0, col = weight ? 0 : j - 3;

                a = decimal_at(b, weight ? "h1.weights" : "h1.output", i,
                               weight ? j : j - 3, 30);
                cr_assert_eq(exattn_row_eval_decimal(&c, NULL, ev, k, key,
                                                     col, 30, 0, &err),
                             EXATTN_OK);
                cr_assert_str_eq(a, c, "%s row %zu entry %zu", json, i, j);
                exattn_free(a);
                exattn_free(c);
                a = text_at(b, weight ? "h1.weights" : "h1.output", i,
                            weight ? j : j - 3, &exact);
                cr_assert_eq(exact, exattn_row_status(row, k, key, col)
                                        == EXATTN_EXACT,
                             "%s row %zu entry %zu: %s", json, i, j, a);
                exattn_free(a);
            }
            exattn_row_eval_free(ev);
            exattn_row_free(row);
        }
        exattn_block_free(b);
        exattn_lesson_free(l);
    }
    gmp_randclear(rs);
}

Test(block, bad_blocks_are_input_errors)
{
    static const struct
    {
        const char *json, *message;
    } cases[] = {
        { "{\"Q\": [[1]], \"K\": [[1]], \"V\": [[1]], \"block\": {}}",
          "block: needs X" },
        { "{" LAB ", \"query_multiplier\": {\"query\": 1, \"by\": 0}, "
          "\"block\": {}}", "\"query_multiplier\" does not combine" },
        { "{" LAB ", \"block\": [1]}", "\"block\" must be an object" },
        { "{" LAB ", \"block\": {\"layers\": 2}}",
          "unknown field \"layers\"" },
        { "{" LAB ", \"block\": {\"positional\": \"cosine\"}}",
          "\"positional\" is \"sinusoidal\" or \"none\"" },
        { "{" LAB ", \"block\": {\"heads\": [{\"W_Q\": [[1],[0]], \"W_K\": "
          "[[1],[0]], \"W_V\": [[1],[0]]}, {\"W_Q\": [[1],[0]], \"W_K\": "
          "[[1],[0]], \"W_V\": [[1],[0]]}]}}", "W_O is needed" },
        { "{" LAB ", \"block\": {\"W_O\": [[1,0]]}}",
          "W_O is 1 x 2, expected 2 x 2" },
        { "{" LAB ", \"block\": {\"heads\": []}}", "0 heads" },
        { "{" LAB ", \"block\": {\"heads\": [{\"W_Q\": [[1],[0]], \"W_K\": "
          "[[1,0],[0,1]], \"W_V\": [[1],[0]]}], \"W_O\": [[1,0]]}}",
          "W_K is 2 x 2, expected 2 x 1" },
        { "{" LAB ", \"block\": {\"ffn\": {\"W_1\": [[1],[1]], \"W_2\": "
          "[[1,1]]}}}", "needs \"layer_norm\" before it" },
        { "{" LAB ", \"block\": {\"layer_norm\": {\"epsilon\": 0}, "
          "\"layer_norm_2\": {\"epsilon\": 0}}}", "follows \"ffn\"" },
        { "{" LAB ", \"block\": {\"layer_norm\": {}}}", "needs \"epsilon\"" },
        { "{" LAB ", \"block\": {\"layer_norm\": {\"epsilon\": \"-1/2\"}}}",
          "epsilon must not be negative" },
        { "{" LAB ", \"block\": {\"layer_norm\": {\"epsilon\": {\"symbol\": "
          "\"e^2\"}}}}", "a symbol is \"ε\" or 1 to 16 ASCII letters" },
        { "{" LAB ", \"block\": {\"layer_norm\": {\"epsilon\": 0, "
          "\"gamma\": [1]}}}", "gamma has 1 entries, expected 2" },
        { "{" LAB ", \"block\": {\"cross_attention\": {}}}",
          "reads the first sublayer's \"layer_norm\", which is missing" },
        { "{" LAB ", \"block\": {\"layer_norm\": {\"epsilon\": 0}, "
          "\"cross_attention\": {}}}", "cross_attention needs \"memory\"" },
        { "{" LAB ", \"block\": {\"layer_norm\": {\"epsilon\": 0}, "
          "\"cross_attention\": {\"memory\": [[1]]}}}",
          "cross_attention needs \"heads\"" },
        { "{" LAB ", \"block\": {\"layer_norm\": {\"epsilon\": 0}, "
          "\"cross_attention\": {\"memory\": [[1]], \"heads\": [{\"W_Q\": "
          "[[1],[0]], \"W_K\": [[1]], \"W_V\": [[1, 0]]}]}}}",
          "cross_attention needs its \"layer_norm\"" },
        { "{" LAB ", \"block\": {\"layer_norm\": {\"epsilon\": 0}, "
          "\"cross_attention\": {\"memory\": [[1]], \"heads\": [{\"W_Q\": "
          "[[1],[0]], \"W_K\": [[1, 0]], \"W_V\": [[1, 0]]}]}}}",
          "W_K is 1 x 2, expected 1 x 1" },
        { "{" LAB ", \"block\": {\"layer_norm\": {\"epsilon\": 0}, "
          "\"cross_attention\": {\"memory\": [[1]], \"memory_tokens\": "
          "[\"a\", \"b\"]}}}", "memory_tokens" },
        { "{" LAB ", \"block\": {\"layer_norm\": {\"epsilon\": 0}, "
          "\"cross_attention\": {\"memory\": [[1]], \"heads\": [{\"W_Q\": "
          "[[1],[0]], \"W_K\": [[1]], \"W_V\": [[1]]}], \"layer_norm\": "
          "{\"epsilon\": 0}}}}", "W_O is needed to map the 1" },
        { "{\"X\": [[1, 0]], \"memory\": [[1, 0]], \"W_Q\": [[1], [0]], "
          "\"W_K\": [[1], [0]], \"W_V\": [[1], [0]], \"block\": {"
          "\"layer_norm\": {\"epsilon\": 0}, \"cross_attention\": {}}}",
          "give the encoder's output as \"memory\" inside" },
        { "{" LAB ", \"block\": {}, \"claims\": [{\"of\": "
          "\"cross.h1.weights[1]\", \"is\": [1]}]}",
          "the block has no such quantity" },
        { "{" LAB ", \"block\": {}, \"claims\": [{\"of\": "
          "\"shape.cross.heads\", \"is\": 1}]}", "no such shape" },
        { "{" LAB ", \"block\": {}, \"variants\": [{\"name\": \"v\"}]}",
          "a lesson with a \"block\" has no \"variants\"" },
        { "{" LAB ", \"variants\": [{\"name\": \"b\", \"block\": {}}, "
          "{\"name\": \"c\", \"contrast\": \"b\"}]}",
          "\"contrast\" names \"b\", a block" },
        { "{" LAB ", \"variants\": [{\"name\": \"b\", \"block\": {}}, "
          "{\"name\": \"c\", \"block\": {}, \"contrast\": \"b\"}]}",
          "a variant with a \"block\" has no \"contrast\"" },
        { "{" LAB ", \"variants\": [{\"name\": \"b\", \"block\": {}}], "
          "\"claims\": [{\"of\": \"weights[1]\", \"variant\": \"b\", "
          "\"is\": [1, 0, 0]}]}", "the variant is a block" },
        { "{" LAB ", \"block\": {}, \"claims\": [{\"of\": \"output[1]\", "
          "\"is\": [1, 0]}]}", "the lesson is a block" },
        { "{" LAB ", \"variants\": [{\"name\": \"b\", \"block\": {}}], "
          "\"claims\": [{\"of\": \"output[1][1]\", \"minus\": \"b\", "
          "\"is\": 0}]}", "a block has no row quantities" },
        { "{" LAB ", \"block\": {}, \"claims\": [{\"of\": \"pe[0]\", "
          "\"is\": [0, 1]}]}", "the block has no such quantity" },
        { "{" LAB ", \"block\": {}, \"claims\": [{\"of\": "
          "\"h2.weights[1]\", \"is\": [1, 0, 0]}]}",
          "the block has no such quantity" },
        { "{" LAB ", \"claims\": [{\"of\": \"ln1[1]\", \"is\": [1, 0]}]}",
          "the lesson has no \"block\"" },
        { "{" LAB ", \"block\": {\"positional\": \"sinusoidal\"}, "
          "\"claims\": [{\"of\": \"pe[3]\", \"is\": [0, 1]}]}",
          "no such row" },
    };
    exattn_error_t err;
    size_t i;

    for (i = 0; i < sizeof cases / sizeof *cases; i++)
    {
        th_lesson_fails(cases[i].json, &err);
        cr_assert_not_null(strstr(err.message, cases[i].message),
                           "case %zu: %s", i, err.message);
    }
}

Test(block, limits_and_division_by_an_exact_zero)
{
    char *json = malloc(17 * 8 + 256);
    exattn_lesson *l;
    exattn_block *b = (exattn_block *)1;
    exattn_error_t err;
    size_t i, pos;

    pos = (size_t)sprintf(json, "{\"X\": [");
    for (i = 0; i < 17; i++)
        pos += (size_t)sprintf(json + pos, "%s[1]", i ? "," : "");
    sprintf(json + pos, "], \"W_Q\": [[1]], \"W_K\": [[1]], \"W_V\": [[1]], "
            "\"block\": {}}");
    cr_assert_eq(th_lesson_fails(json, &err), EXATTN_ELIMIT);
    cr_assert_not_null(strstr(err.message, "at most 16 rows"), "%s",
                       err.message);
    free(json);
    /* a constant token with epsilon 0: LayerNorm divides by 0 */
    l = th_lesson("{\"X\": [[2,2]], \"W_Q\": [[1],[0]], \"W_K\": [[1],[0]],"
                  " \"W_V\": [[0,0],[0,0]], \"block\": {\"layer_norm\": "
                  "{\"epsilon\": 0}}}");
    cr_assert_eq(exattn_block_new(&b, l, 0, &err), EXATTN_EDOMAIN);
    cr_assert_null(b);
    cr_assert_not_null(strstr(err.message, "divides by zero for token 1"),
                       "%s", err.message);
    exattn_lesson_free(l);
}

/* derive on a block in the three formats, through the command. */
Test(block, derive_formats)
{
    char *path = example("002-encoder-block.json");
    const char *text[] = { "derive", path, "--digits", "3", NULL };
    const char *json[] = { "derive", path, "--format", "json", NULL };
    const char *tex[] = { "derive", path, "--format", "latex", NULL };
    char *out, *err;

    cr_assert_eq(th_run(text, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "[grid] z = (1, 3) (EXACT)"), "%s", out);
    cr_assert_not_null(strstr(out, "[grid] μ = 2 (EXACT)"), "%s", out);
    cr_assert_not_null(strstr(out, "[grid] u = (-1/√(100001/100000), "
                                   "1/√(100001/100000)) (NAMED)"), "%s",
                       out);
    cr_assert_not_null(strstr(out, "ReLU signs (0 (exact), − (proved), + "
                                   "(proved))"), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(json, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "\"relu_signs\": [[\"0\", \"-\", \"+\"]"),
                       "%s", out);
    cr_assert_not_null(strstr(out, "\"ln1_variance\": [\n      "
                                   "{\"status\": \"exact\", \"value\": "
                                   "\"1\""), "%s", out);
    free(out);
    free(err);
    cr_assert_eq(th_run(tex, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "\\text{grid}:\\ & u_{1} = "
                                   "-\\frac{1}{\\sqrt{\\frac{100001}"
                                   "{100000}}}"), "%s", out);
    /* each part under its title, with the formula that defines it */
    cr_assert_not_null(strstr(out, "% Layer norm\n\\[\n\\begin{gathered}"
                                   "\nu = \\gamma \\odot \\frac{z - \\mu}"
                                   "{\\sqrt{\\sigma^2 + \\varepsilon}}"),
                       "%s", out);
    free(out);
    free(err);
    free(path);
}

/* d_k = 1 and d_ff = 1: the JSON tables are still lists of rows, and a
 * softmax term of score 0 is written e^0, as the row engine writes it. */
#define NARROW "{\"tokens\": [\"a\",\"b\"], \"X\": [[1,0],[0,1]], " \
    "\"W_Q\": [[1],[0]], \"W_K\": [[1],[0]], \"W_V\": [[1,0],[0,1]], " \
    "\"block\": {\"layer_norm\": {\"gamma\": [1,1], \"beta\": [0,0], " \
    "\"epsilon\": \"1/100000\"}, \"ffn\": {\"W_1\": [[1],[1]], " \
    "\"b_1\": [0], \"W_2\": [[1,1]], \"b_2\": [0,0]}, " \
    "\"layer_norm_2\": {\"gamma\": [1,1], \"beta\": [0,0], " \
    "\"epsilon\": \"1/100000\"}}}"

Test(block, narrow_tables_and_e_to_the_zero)
{
    exattn_lesson *l = th_lesson(NARROW);
    exattn_block *b = th_block(l);
    char *json = th_write(l, EXATTN_FORMAT_JSON, NULL);
    static const char *const narrow[] = { "\"q\": [\n      [{",
        "\"k\": [\n      [{", "\"ffn_hidden\": [\n      [{",
        "\"ffn_relu\": [\n      [{" };
    size_t i;

    expect_text(b, "h1.weights", 0, 0, "e^1/(e^1+e^0)", 0);
    expect_text(b, "h1.weights", 0, 1, "e^0/(e^1+e^0)", 0);
    expect_text(b, "h1.weights", 1, 0, "1/2", 1);
    for (i = 0; i < sizeof narrow / sizeof *narrow; i++)
        cr_assert_not_null(strstr(json, narrow[i]), "%s in %s", narrow[i],
                           json);
    /* a mean is one entry per token: a flat list */
    cr_assert_not_null(strstr(json, "\"ln1_mean\": [\n      {"), "%s", json);
    free(json);
    exattn_block_free(b);
    exattn_lesson_free(l);
}

/* One lesson file holds the lab and a block: the block variant is
 * written, in every format, as the same block given as its own lesson,
 * and its claims are checked against that block. */
static int
contains(const char *s, const char *part, size_t len)
{
    for (; *s; s++)
        if (strncmp(s, part, len) == 0)
            return 1;
    return 0;
}

#define MIXED_BLOCK "\"block\": {\"layer_norm\": {\"epsilon\": \"1/100\"}}"

Test(block, a_block_variant_is_written_as_its_own_block)
{
    exattn_lesson *mixed = th_lesson(
        "{" LAB ", \"mask\": \"causal\", \"variants\": [{\"name\": \"zero\", "
        "\"query_multiplier\": {\"query\": 3, \"by\": 0}}, {\"name\": \"enc\","
        " \"mask\": \"none\", " MIXED_BLOCK "}], \"claims\": [{\"of\": "
        "\"weights[1]\", \"is\": [1, 0, 0]}, {\"of\": \"ln1.mean[1]\", "
        "\"variant\": \"enc\", \"is\": \"3/2\"}]}");
    exattn_lesson *alone = th_lesson("{" LAB ", \"mask\": \"none\", "
                                     MIXED_BLOCK "}");
    exattn_format_t formats[] = { EXATTN_FORMAT_TEXT, EXATTN_FORMAT_JSON,
                                  EXATTN_FORMAT_LATEX };
    exattn_check_summary_t sum;
    exattn_error_t err;
    FILE *sink;
    size_t k;

    for (k = 0; k < 3; k++)
    {
        char *a = th_write(mixed, formats[k], NULL);
        char *b = th_write(alone, formats[k], NULL);
        /* the standalone block's own opening (none: no title; JSON's
         * title and digits; LaTeX's comment line) is not repeated */
        const char *body = formats[k] == EXATTN_FORMAT_JSON
                               ? strstr(b, "\"block\": {")
                           : formats[k] == EXATTN_FORMAT_LATEX
                               ? strstr(b, "\n\n") + 2 : b;
        size_t len = strlen(body) - (formats[k] == EXATTN_FORMAT_JSON
                                     ? 2 : 0);   /* its closing "}\n" */

        cr_assert_not_null(strstr(a, "zero"), "format %zu", k);
        cr_assert(contains(a, body, len),
                  "format %zu: the block variant is not the block:\n%s\n"
                  "---\n%s", k, a, body);
        free(a);
        free(b);
    }
    sink = fopen("/dev/null", "w");
    cr_assert_not_null(sink);
    cr_assert_eq(exattn_check_write_text(sink, &sum, mixed, 0, &err),
                 EXATTN_OK, "%s", err.message);
    fclose(sink);
    cr_assert_eq(sum.passed, 2, "%zu passed", sum.passed);
    exattn_lesson_free(mixed);
    exattn_lesson_free(alone);
}

/* A decoder on two tokens: causal self-attention with a zero query (one
 * key, then two equal scores), its residual and layer norm -- exact, by
 * hand below --, then cross-attention to a 3-row memory.  The second half
 * must be the cross-attention block of the same memory whose X is the
 * first half's u: the same certified decimals, stage by stage. */
#define DECODER_MEMORY "[[1, 0], [0, 1], [1, 1]]"
#define DECODER_LAYERS "\"ffn\": {\"W_1\": [[1, 0], [0, 1]], \"W_2\": " \
    "[[1, 0], [0, 1]]}, \"layer_norm_2\": {\"epsilon\": \"1/100000\"}"
#define IDENTITY "[[1, 0], [0, 1]]"

Test(block, a_decoder_is_self_attention_then_a_cross_block)
{
    exattn_lesson *dec = th_lesson(
        "{\"X\": " IDENTITY ", \"W_Q\": [[0, 0], [0, 0]], \"W_K\": " IDENTITY
        ", \"W_V\": " IDENTITY ", \"mask\": \"causal\", \"block\": {"
        "\"layer_norm\": {\"epsilon\": 0}, \"cross_attention\": {\"memory\": "
        DECODER_MEMORY ", \"heads\": [{\"W_Q\": " IDENTITY ", \"W_K\": "
        IDENTITY ", \"W_V\": " IDENTITY "}], \"layer_norm\": {\"epsilon\": "
        "\"1/100000\"}}, " DECODER_LAYERS "}}");
    exattn_lesson *cross = th_lesson(
        "{\"X\": [[1, -1], [-1, 1]], \"memory\": " DECODER_MEMORY ", "
        "\"W_Q\": " IDENTITY ", \"W_K\": " IDENTITY ", \"W_V\": " IDENTITY
        ", \"block\": {\"layer_norm\": {\"epsilon\": \"1/100000\"}, "
        DECODER_LAYERS "}}");
    static const char *const pairs[][2] = {
        { "cross.h1.scores", "h1.scores" },
        { "cross.h1.weights", "h1.weights" },
        { "cross.h1.output", "h1.output" },
        { "cross.residual", "residual" }, { "cross.ln", "ln1" },
        { "ffn", "ffn" }, { "residual2", "residual2" }, { "ln2", "ln2" } };
    /* the first sublayer is the encoder block of the same X, heads and
     * mask stopped after its layer norm */
    exattn_lesson *enc = th_lesson(
        "{\"X\": " IDENTITY ", \"W_Q\": [[0, 0], [0, 0]], \"W_K\": " IDENTITY
        ", \"W_V\": " IDENTITY ", \"mask\": \"causal\", \"block\": {"
        "\"layer_norm\": {\"epsilon\": 0}}}");
    static const char *const first[] = { "h1.scores", "h1.weights",
                                         "h1.output", "residual", "ln1" };
    exattn_block *d = th_block(dec), *c = th_block(cross), *en = th_block(enc);
    mpfr_t s[3], z, w;
    size_t i, j, k, cols;

    /* by hand: a = (1, 0) and (1/2, 1/2); z = x' + a·v; u = LN(z), ε = 0 */
    expect_text(d, "h1.weights", 0, 0, "1", 1);
    expect_text(d, "h1.weights", 0, 1, "0", 1);
    expect_text(d, "h1.weights", 1, 0, "1/2", 1);
    expect_text(d, "residual", 1, 1, "3/2", 1);
    expect_text(d, "ln1.variance", 1, 0, "1/4", 1);
    expect_text(d, "ln1", 0, 0, "1", 1);
    expect_text(d, "ln1", 0, 1, "-1", 1);
    expect_text(d, "ln1", 1, 0, "-1", 1);
    expect_text(d, "cross.h1.q", 1, 1, "1", 1);     /* u · I */
    expect_text(d, "cross.h1.k", 2, 0, "1", 1);     /* memory · I */
    /* the first query's cross weights: softmax(1/√2, -1/√2, 0) */
    mpfr_inits2(300, s[0], s[1], s[2], z, w, (mpfr_ptr)0);
    mpfr_sqrt_ui(s[0], 2, MPFR_RNDN);
    mpfr_ui_div(s[0], 1, s[0], MPFR_RNDN);
    mpfr_neg(s[1], s[0], MPFR_RNDN);
    mpfr_set_ui(s[2], 0, MPFR_RNDN);
    mpfr_set_ui(z, 0, MPFR_RNDN);
    for (j = 0; j < 3; j++)
    {
        mpfr_exp(w, s[j], MPFR_RNDN);
        mpfr_add(z, z, w, MPFR_RNDN);
    }
    for (j = 0; j < 3; j++)
    {
        mpfr_exp(w, s[j], MPFR_RNDN);
        mpfr_div(w, w, z, MPFR_RNDN);
        expect_decimal(d, "cross.h1.weights", 0, j, w, 20);
    }
    mpfr_clears(s[0], s[1], s[2], z, w, (mpfr_ptr)0);
    for (k = 0; k < sizeof first / sizeof *first; k++)
        for (i = 0; i < 2; i++)
            for (j = 0; j < 2; j++)
            {
                char *a = text_at(d, first[k], i, j, NULL);
                char *b = text_at(en, first[k], i, j, NULL);

                cr_assert_str_eq(a, b, "%s[%zu][%zu]", first[k], i, j);
                exattn_free(a);
                exattn_free(b);
            }
    exattn_block_free(en);
    exattn_lesson_free(enc);
    /* the cross sublayer and what follows it, against the cross block */
    for (k = 0; k < sizeof pairs / sizeof *pairs; k++)
    {
        cols = strstr(pairs[k][1], "scores") || strstr(pairs[k][1],
                                                       "weights") ? 3 : 2;
        for (i = 0; i < 2; i++)
            for (j = 0; j < cols; j++)
            {
                char *a = decimal_at(d, pairs[k][0], i, j, 30);
                char *b = decimal_at(c, pairs[k][1], i, j, 30);

                cr_assert_str_eq(a, b, "%s[%zu][%zu] = %s, but the cross "
                                 "block's %s = %s", pairs[k][0], i, j, a,
                                 pairs[k][1], b);
                exattn_free(a);
                exattn_free(b);
            }
    }
    exattn_block_free(d);
    exattn_block_free(c);
    exattn_lesson_free(dec);
    exattn_lesson_free(cross);
}

/* bench/gen-block.sh 15 3 3 4: a decoder with four heads on each side,
 * positions and both norms. Its forms share parts so deeply that printed
 * as trees they would be gigabytes: every form longer than the inline
 * limit must be abandoned at the limit (a sub-printing of an atom too),
 * not expanded and then found too long -- which took over a minute and
 * 2.6 GB. The timeout guards against a hang; it is not a speed goal. */
Test(block, deeply_shared_forms_stop_at_the_limit, .timeout = 120)
{
    char *path = th_srcpath("tests/data/deep-decoder-block.json");
    const char *const formats[] = { "text", "json", "latex", "markdown" };
    char *out, *err;
    size_t f;

    for (f = 0; f < sizeof formats / sizeof *formats; f++)
    {
        const char *argv[] = { "derive", path, "--format", formats[f],
                               "--digits", "4", NULL };

        cr_assert_eq(th_run(argv, &out, &err), 0, "%s: %s", formats[f],
                     err);
        /* the FFN's input written by its parts' labels (ũ) */
        cr_assert_not_null(strstr(out, f == 0 ? "uc[1,1]"
                                       : "\\tilde{u}_{1,1}"),
                           "%s: %s", formats[f], out);
        free(out);
        free(err);
    }
    free(path);
}

/* In LaTeX a named row of weights defines its denominator once and
 * writes each weight over it, a scaled score is c√s as a head row writes
 * it, and e to a power written by its label is exp(...). */
Test(block, weights_are_written_over_their_denominator)
{
    char *path = th_srcpath("docs/examples/002-encoder-block.json");
    char *deep = th_srcpath("tests/data/deep-decoder-block.json");
    const char *tex[] = { "derive", path, "--format", "latex", NULL };
    const char *text[] = { "derive", path, NULL };
    const char *wide[] = { "derive", deep, "--format", "latex", NULL };
    char *out, *err;

    cr_assert_eq(th_run(tex, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "\\text{load}:\\ & Z_{2} = e^{\\sqrt{2}/2}"
                                   "+e^{\\sqrt{2}/2}+e^{\\sqrt{2}}"), "%s",
                       out);
    cr_assert_not_null(strstr(out, "& a_{3} = \\frac{e^{\\sqrt{2}}}{Z_{3}}"),
                       "%s", out);
    cr_assert_not_null(strstr(out, "& s_{1} = \\frac{\\sqrt{2}}{2}"), "%s",
                       out);
    free(out);
    free(err);
    cr_assert_eq(th_run(text, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "[load] s = (√2/2, √2/2, √2) (NAMED)"),
                       "%s", out);
    free(out);
    free(err);
    /* four heads: Z^{(h)}_{i}, exp of a score's label, lines broken */
    cr_assert_eq(th_run(wide, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "Z^{(1)}_{2} = "), "%s", out);
    cr_assert_not_null(strstr(out, "\\exp(\\tilde{s}^{(1)}_{"), "%s", out);
    cr_assert_not_null(strstr(out, " \\\\\n&\\qquad "), "%s", out);
    cr_assert_null(strstr(out, "e^{\\tilde{s}"), "%s", out);
    free(out);
    free(err);
    free(path);
    free(deep);
}
