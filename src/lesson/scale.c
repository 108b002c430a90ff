/* The scale of the scores: 1/sqrt(d_k) by default, "none", "1/sqrt(N)",
 * or an exact number.  A square-root scale is reduced once to
 * coef*sqrt(surd) with surd square-free, so that every scaled score of the
 * lesson is c*sqrt(surd) and scores compare as rationals. */
#include <ctype.h>
#include <string.h>
#include "lesson/resolve.h"

/* Radicands up to 10^12 keep the square-free split (trial division up to
 * the cube root) instantaneous. */
#define EXATTN_MAX_RADICAND "1000000000000"

static int
set_inv_sqrt(exattn_lesson *l, const exattn_rctx *rc, const exattn_jnode *at,
             const mpq_t d)
{
    mpz_t prod, cap;
    int too_big;

    if (mpq_sgn(d) <= 0)
        return exattn_lesson__fail(rc, EXATTN_EDOMAIN, at,
            "scale: 1/sqrt(N) needs N > 0");
    mpz_init(prod);
    mpz_init_set_str(cap, EXATTN_MAX_RADICAND, 10);
    mpz_mul(prod, mpq_numref(d), mpq_denref(d));
    too_big = mpz_cmp(prod, cap) > 0;
    mpz_clear(prod);
    mpz_clear(cap);
    if (too_big)
        return exattn_lesson__fail(rc, EXATTN_ELIMIT, at,
            "scale: the radicand is beyond the limit of %s",
            EXATTN_MAX_RADICAND);
    l->scale_kind = EXATTN_SCALE_INV_SQRT;
    mpq_set(l->scale_value, d);
    if (exattn_num__inv_sqrt(l->scale_coef, &l->surd, d) != EXATTN_OK)
        return exattn_lesson__fail(rc, EXATTN_ELIMIT, at,
                                   "scale: the radicand is too large");
    return EXATTN_OK;
}

/* "1/sqrt(...)" with an exact number or d_k inside. */
static int
read_inv_sqrt(exattn_lesson *l, const exattn_rctx *rc,
              const exattn_jnode *node)
{
    const char *inner = node->text + 7;
    size_t len = node->len - 8;
    mpq_t d;
    int code;

    mpq_init(d);
    if (len == 3 && strncmp(inner, "d_k", 3) == 0)
        mpq_set_ui(d, l->dk, 1);
    else
    {
        exattn_error_t why;

        exattn_error_init(&why);
        code = exattn_mpq_set_text(d, inner, len, &why);
        if (code != EXATTN_OK)
        {
            mpq_clear(d);
            return exattn_lesson__fail(rc, code, node, "scale: %s",
                                       why.message);
        }
    }
    code = set_inv_sqrt(l, rc, node, d);
    mpq_clear(d);
    return code;
}

/* A word that is no number but a slip for a keyword ("None" for "none",
 * "sqrt(d_k)" for "1/sqrt(d_k)"): refused with its suggestion;
 * EXATTN_OK when it is no such slip. */
static int
slip(const exattn_rctx *rc, const exattn_jnode *node)
{
    static const char *const words[] = { "none", "1/sqrt(d_k)" };
    size_t near = exattn_nearest(words, 2, node->text);

    if (near == 2)
        return EXATTN_OK;
    return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
        "scale: \"%.40s\" is not \"1/sqrt(d_k)\", \"none\" or an exact "
        "number; did you mean \"%s\"?", node->text, words[near]);
}

int
exattn_lesson__read_scale(exattn_lesson *l, const exattn_rctx *rc,
                          const exattn_fields *f)
{
    const exattn_jnode *node = exattn_lesson__field(f, "scale");
    int code;

    l->surd = 1;
    mpq_set_ui(l->scale_coef, 1, 1);
    mpq_set_ui(l->scale_value, 1, 1);
    if (node == NULL)
    {
        mpq_t d;

        mpq_init(d);
        mpq_set_ui(d, l->dk, 1);
        code = set_inv_sqrt(l, rc, NULL, d);
        mpq_clear(d);
        return code;
    }
    if (node->kind == EXATTN_J_STRING && strcmp(node->text, "none") == 0)
    {
        l->scale_kind = EXATTN_SCALE_NONE;
        return EXATTN_OK;
    }
    if (node->kind == EXATTN_J_STRING && node->len > 8
        && strncmp(node->text, "1/sqrt(", 7) == 0
        && node->text[node->len - 1] == ')')
        return read_inv_sqrt(l, rc, node);
    if (node->kind != EXATTN_J_NUMBER && node->kind != EXATTN_J_STRING)
        return exattn_lesson__fail(rc, EXATTN_EFIELD, node,
            "scale: expected \"1/sqrt(d_k)\", \"none\" or an exact number, "
            "found %s", exattn_json__kind_name(node->kind));
    if (node->kind == EXATTN_J_STRING && isalpha((unsigned char)node->text[0])
        && (code = slip(rc, node)) != EXATTN_OK)
        return code;
    code = exattn_lesson__number(l->scale_value, rc, node,
        "scale (\"1/sqrt(d_k)\", \"none\" or an exact number)");
    if (code != EXATTN_OK)
        return code;
    l->scale_kind = EXATTN_SCALE_RATIONAL;
    mpq_set(l->scale_coef, l->scale_value);
    return EXATTN_OK;
}
