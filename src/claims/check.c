/* Checking a claim, entry by entry.  The true value of an entry is either
 * an exact rational (scores, exact weights and outputs, blends, exact
 * expressions) or a named value enclosed in balls; every verdict rests on
 * integer arithmetic or on an enclosure that decides it. */
#include <stdlib.h>
#include <string.h>
#include "block/block.h"
#include "claims/check.h"
#include "claims/source.h"
#include "eval/decimal.h"
#include "eval/row_eval.h"
#include "eval/ziv.h"
#include "expr/expr.h"
#include "expr/row_node.h"
#include "claims/read.h"

typedef exattn_claim_source source;

/* The expression of an expression or block entry; NULL for others. */
const exattn_expr *
exattn_claims__source_expr(const source *s)
{
    if (s->claim->target == EXATTN_TARGET_EXPR)
        return s->claim->expr;
    return s->claim->target == EXATTN_TARGET_BLOCK
           || s->claim->target == EXATTN_TARGET_DIFF ? s->view : NULL;
}

static char *
printf_dup(const char *fmt, const char *a, const char *b)
{
    size_t n = strlen(fmt) + strlen(a) + (b ? strlen(b) : 0) + 1;
    char *d = malloc(n);

    if (d)
        snprintf(d, n, fmt, a, b ? b : "");
    return d;
}

/* A block entry as an expression of its own. */
static int
select_block_entry(source *s, size_t i, exattn_error_t *err)
{
    const exattn_claim *c = s->claim;
    exattn_xnode *n = exattn_block__node(s->block, (exattn_stage_t)c->block_q,
                                         c->block_head,
                                         c->vary == 3 ? i : c->row,
                                         c->vary == 2 ? i : c->col);

    exattn_expr_free(s->view);
    s->view = n ? exattn_expr__view(s->block->pool, n) : NULL;
    if (s->view == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, c->lesson->file, 0, 0,
                                 "out of memory");
    s->exact = exattn_expr_get_mpq(s->q, s->view) == EXATTN_OK;
    return EXATTN_OK;
}

/* Entry i of a difference: the quantity of the claim's lesson minus the
 * same quantity of the other, built as one expression from both rows'
 * exact data. */
static int
select_diff_entry(source *s, exattn_error_t *err)
{
    const exattn_claim *c = s->claim;
    exattn_xnode *a, *b, *d = NULL;

    a = exattn_expr__row_node(s->pool, s->row, s->kind, s->key, s->col,
                              err);
    b = exattn_expr__row_node(s->pool, s->minus_row, s->kind, s->key,
                              s->col, err);
    if (a != NULL && b != NULL)
        d = exattn_expr__apply(s->pool, EXATTN_X_SUB, a, b, err);
    exattn_expr_free(s->view);
    s->view = d ? exattn_expr__view(s->pool, d) : NULL;
    if (s->view == NULL)
        return err && err->code != EXATTN_OK
               ? err->code
               : exattn_error__set(err, EXATTN_ENOMEM, c->lesson->file, 0,
                                   0, "out of memory");
    s->exact = exattn_expr_get_mpq(s->q, s->view) == EXATTN_OK;
    return EXATTN_OK;
}

/* Point the source at entry i of the claim. */
static int
select_entry(source *s, size_t i, exattn_error_t *err)
{
    const exattn_claim *c = s->claim;

    s->key = c->vary == 1 ? i : c->key;
    s->col = c->vary == 2 ? i : c->col;
    s->exact = 0;
    if (c->target == EXATTN_TARGET_BLOCK)
        return select_block_entry(s, i, err);
    if (c->target == EXATTN_TARGET_DIFF)
        return select_diff_entry(s, err);
    if (c->target == EXATTN_TARGET_BLEND)
    {
        exattn_lesson_blend_output(s->q, c->lesson, c->row, s->col);
        s->exact = 1;
    }
    else if (c->target == EXATTN_TARGET_EXPR)
        s->exact = exattn_expr_get_mpq(s->q, c->expr) == EXATTN_OK;
    else if (c->target == EXATTN_TARGET_SHAPE)
    {
        mpq_set_ui(s->q, (unsigned long)c->shape[s->col], 1);
        s->exact = 1;
    }
    else if (c->target == EXATTN_TARGET_MATRIX)
    {
        mpq_set(s->q, EXATTN_AT(exattn_claims__matrix(
                                    c->lesson, (exattn_matrix_t)c->kind),
                                c->row, s->col));
        s->exact = 1;
    }
    else
        s->exact = exattn_row_get_mpq(s->q, s->row, s->kind, s->key, s->col)
                   == EXATTN_OK;
    return EXATTN_OK;
}

/* The rounding of the entry to `digits` digits; cert/wp for named.  With
 * a target (a claimed rounding), EXATTN_ZIV_EXCLUDED as soon as the value
 * is proved not to round to it. */
static int
decide_for(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp, source *s,
           unsigned long digits, exattn_rounding_t mode, mpz_srcptr target,
           exattn_error_t *err)
{
    exattn_ziv_opts ask = { digits, mode, 0, s->max_prec, target };

    *wp = 0;
    if (s->exact)
    {
        exattn_ziv__decimal_q(d, s->q, digits, mode);
        return EXATTN_OK;
    }
    if (exattn_claims__source_expr(s) != NULL)
        return exattn_expr__decide(d, cert, wp, exattn_claims__source_expr(s),
                                   &ask, err);
    return exattn_row_eval__decide(d, cert, wp, s->ev, s->kind, s->key,
                                   s->col, &ask, err);
}

int
exattn_claims__decide(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp,
                      source *s, unsigned long digits,
                      exattn_rounding_t mode, exattn_error_t *err)
{
    return decide_for(d, cert, wp, s, digits, mode, NULL, err);
}

/* The certified value with `digits` digits, as text. */
char *
exattn_claims__decimal_text(source *s, unsigned long digits,
                            exattn_error_t *err)
{
    exattn_ball cert;
    mpfr_prec_t wp;
    mpz_t d;
    char *out = NULL;

    mpz_init(d);
    exattn_ball__init(&cert, 64);
    if (exattn_claims__decide(d, &cert, &wp, s, digits, EXATTN_ROUND_NEAREST,
                              err) == EXATTN_OK)
        out = exattn_decimal__format(d, digits);
    exattn_ball__clear(&cert);
    mpz_clear(d);
    return out;
}

/* The true value as a report shows it: exact values exactly (with a
 * decimal when they are not integers), named ones to digits + 3. */
char *
exattn_claims__truth_text(source *s, unsigned long digits, exattn_error_t *err)
{
    char *exact, *dec, *both;

    dec = exattn_claims__decimal_text(s, digits + 3, err);
    if (!s->exact || mpz_cmp_ui(mpq_denref(s->q), 1) == 0 || dec == NULL)
    {
        if (s->exact && mpz_cmp_ui(mpq_denref(s->q), 1) == 0)
        {
            free(dec);
            return exattn_mpq_get_str(s->q);
        }
        return dec;
    }
    exact = exattn_mpq_get_str(s->q);
    both = exact ? printf_dup("%s = %s", exact, dec) : NULL;
    exattn_free(exact);
    free(dec);
    return both;
}

/* The certificate: the enclosure's ends, outward, to a few digits more
 * than claimed. */
static void
certificate(exattn_entry_result *r, const exattn_ball *b, mpfr_prec_t wp,
            unsigned long digits)
{
    mpfr_t lo, hi;
    int n = digits + 5 > 60 ? 60 : (int)digits + 5;

    r->prec = (long)wp;
    mpfr_init2(lo, mpfr_get_prec(b->mid) + 64);
    mpfr_init2(hi, mpfr_get_prec(b->mid) + 64);
    mpfr_sub(lo, b->mid, b->rad, MPFR_RNDD);
    mpfr_add(hi, b->mid, b->rad, MPFR_RNDU);
    if (mpfr_asprintf(&r->enc_lo, "%.*RDe", n, lo) < 0)
        r->enc_lo = NULL;
    if (mpfr_asprintf(&r->enc_hi, "%.*RUe", n, hi) < 0)
        r->enc_hi = NULL;
    mpfr_clear(lo);
    mpfr_clear(hi);
}

/* The roundings of the two ends of a finite ball to n digits, as text
 * (the neighbours of the boundary the value is not separated from), and
 * the ball as the entry's certificate. */
static void
boundary_ends(char **lo_text, char **hi_text, exattn_entry_result *r,
              const exattn_ball *b, mpfr_prec_t wp, unsigned long n)
{
    mpz_t lo, hi, pow10;

    mpz_inits(lo, hi, pow10, (mpz_ptr)0);
    mpz_ui_pow_ui(pow10, 10, n);
    exattn_decimal__round_ends(lo, hi, b, pow10, 0);
    certificate(r, b, wp, n);
    *lo_text = exattn_decimal__format(lo, n);
    *hi_text = exattn_decimal__format(hi, n);
    mpz_clears(lo, hi, pow10, (mpz_ptr)0);
}

/* The verdict on a value whose rounding is not decided (it sits on a
 * rounding boundary, or is a hidden exact tie) but is proved not to be
 * the claimed one: the ends of the enclosure name the two neighbours. */
static void
excluded_verdict(exattn_entry_result *r, source *s, const exattn_ball *b,
                 mpfr_prec_t wp, unsigned long n, exattn_error_t *err)
{
    exattn_sbuf note;
    char *a, *c;

    boundary_ends(&a, &c, r, b, wp, n);
    r->verdict = EXATTN_FAIL;
    r->truth = exattn_claims__truth_text(s, n, err);
    exattn_sbuf__init(&note);
    exattn_sbuf__printf(&note, "at %ld bits the value rounds to a decimal "
                        "from %s to %s (it is not separated from the "
                        "rounding boundary between them), never to the "
                        "claim", (long)wp, a ? a : "?", c ? c : "?");
    r->note = exattn_sbuf__take(&note);
    free(a);
    free(c);
}

/* A value not separated from a rounding boundary at the cap, which
 * the claim's rounding is one side of: a true tie hidden from the exact
 * layer, or a value closer to the boundary than 2^-cap. */
static void
undecided_verdict(exattn_entry_result *r, source *s, const exattn_ball *b,
                  mpfr_prec_t wp, unsigned long n, exattn_error_t *err)
{
    exattn_sbuf note;
    char *a, *c;

    r->verdict = EXATTN_UNDECIDED;
    if (!exattn_ball__is_finite(b))
    {
        r->note = exattn_str__dup(err->message);
        return;
    }
    boundary_ends(&a, &c, r, b, wp, n);
    exattn_sbuf__init(&note);
    exattn_sbuf__printf(&note, "%s: the value is not separated from the "
                        "rounding boundary between %s and %s (it may lie "
                        "exactly on it)", err->message, a ? a : "?",
                        c ? c : "?");
    r->note = exattn_sbuf__take(&note);
    free(a);
    free(c);
    r->truth = exattn_claims__truth_text(s, n, err);
}

static int
check_approx(exattn_entry_result *r, source *s, const char *claimed,
             exattn_error_t *err)
{
    exattn_ball cert;
    mpfr_prec_t wp;
    mpz_t c, d;
    unsigned long n;
    int rc;

    mpz_inits(c, d, (mpz_ptr)0);
    exattn_ball__init(&cert, 64);
    n = exattn_claims__claimed_integer(c, claimed);
    /* decided against the claim's own interval first: a value on some
     * other rounding boundary is still a FAIL */
    rc = decide_for(d, &cert, &wp, s, n, EXATTN_ROUND_NEAREST, c, err);
    if (rc == EXATTN_OK)
    {
        if (!s->exact)
            certificate(r, &cert, wp, n);
        if (s->want_truth)
            r->truth = exattn_claims__truth_text(s, n, err);
        r->tie = s->exact && exattn_ziv__is_tie(s->q, n);
        r->verdict = mpz_cmp(c, d) == 0
                             || exattn_claims__other_tie_neighbour(s, c, d, n)
                         ? EXATTN_PASS : EXATTN_FAIL;
        /* a tie has two roundings, which its note names, and no one
         * "rounds to" */
        if (r->verdict == EXATTN_FAIL && !r->tie)
        {
            r->rounds_to = exattn_decimal__format(d, n);
            r->slip = exattn_claims__find_slip(s, c, d, n, err);
        }
        if (r->tie)
            r->note = exattn_claims__tie_note(s, d, n, claimed,
                               r->verdict == EXATTN_PASS, err);
    }
    else if (rc == EXATTN_ZIV_EXCLUDED)
    {
        excluded_verdict(r, s, &cert, wp, n, err);
        rc = EXATTN_OK;
    }
    else if (rc == EXATTN_EUNABLE)
    {
        undecided_verdict(r, s, &cert, wp, n, err);
        rc = EXATTN_OK;
    }
    exattn_ball__clear(&cert);
    mpz_clears(c, d, (mpz_ptr)0);
    return rc;
}

static int
enclose_source(exattn_ball *b, source *s, mpfr_prec_t wp,
               exattn_error_t *err)
{
    exattn_ball__set_prec(b, wp);
    if (s->exact)
    {
        exattn_ball__set_q(b, s->q);
        return 0;
    }
    if (exattn_claims__source_expr(s) != NULL)
        return exattn_expr__ball(b, exattn_claims__source_expr(s)->root, wp,
                                 exattn_claims__source_expr(s)->name, err);
    return exattn_row_eval__enclose(b, s->ev, s->kind, s->key, s->col, wp);
}

/* Do the enclosures of the entry and of an expression come apart as the
 * precision grows?  1: proved different; 0: they still overlap at the
 * cap; 2: one of them could not be enclosed up to the cap (a divisor
 * that may be exactly 0); negative: an error (a domain error of the
 * claimed expression). */
static int
proved_different(source *s, const exattn_expr *claimed, long *prec,
                 exattn_error_t *err)
{
    mpfr_prec_t wp, cap = exattn_ziv__cap(s->max_prec, 128);
    exattn_ball a, b, d;
    int rc = 0, apart = 0;

    exattn_ball__init(&a, 64);
    exattn_ball__init(&b, 64);
    exattn_ball__init(&d, 64);
    for (wp = 128; !apart && rc >= 0; wp *= 2)
    {
        if (wp > cap)
            wp = cap;
        rc = enclose_source(&a, s, wp, err);
        if (rc == 0)
            rc = exattn_expr__ball(&b, claimed->root, wp, claimed->name,
                                   err);
        if (rc == 0)
        {
            exattn_ball__set_prec(&d, wp);
            exattn_ball__sub(&d, &a, &b);
            apart = exattn_ball__excludes_zero(&d);
        }
        *prec = (long)wp;
        if (wp >= cap)
            break;
    }
    exattn_ball__clear(&a);
    exattn_ball__clear(&b);
    exattn_ball__clear(&d);
    return rc < 0 ? rc : rc > 0 ? 2 : apart;
}

/* Settle a comparison numerically: FAIL when proved different, else
 * UNDECIDED (equal as far as it was evaluated, but not proved). */
int
exattn_claims__numeric_verdict(exattn_entry_result *r, source *s,
                               const exattn_expr *e, exattn_error_t *err)
{
    long prec = 0;
    char buf[256];
    int apart = proved_different(s, e, &prec, err);

    if (apart < 0)
        return apart;
    r->verdict = apart == 1 ? EXATTN_FAIL : EXATTN_UNDECIDED;
    snprintf(buf, sizeof buf, apart == 1
             ? "proved different: disjoint enclosures at %ld bits"
             : apart == 2
             ? "not evaluated: a divisor, or the argument of a square root "
               "or logarithm, could not be separated from 0 at %ld bits "
               "(it may be exactly 0)"
             : "equal to %ld bits, but not proved equal", prec);
    r->note = exattn_str__dup(buf);
    return EXATTN_OK;
}

static int
check_is(exattn_entry_result *r, source *s, const mpq_t claimed,
         exattn_error_t *err)
{
    r->truth = exattn_claims__truth_text(s, 6, err);
    if (s->exact)
    {
        r->verdict = mpq_equal(s->q, claimed) ? EXATTN_PASS : EXATTN_FAIL;
        if (r->verdict == EXATTN_FAIL)
            r->note = exattn_str__dup("a different rational");
        return EXATTN_OK;
    }
    if (s->claim->target == EXATTN_TARGET_ROW)
    {
        /* the rule proves a named row quantity irrational */
        r->verdict = EXATTN_FAIL;
        r->note = exattn_str__dup("the value is named (irrational), not a rational");
        return EXATTN_OK;
    }
    {
        exattn_expr *e = NULL;
        char *text = exattn_mpq_get_str(claimed);
        int rc = text ? exattn_expr_parse(&e, text, strlen(text), "claim",
                                          err) : EXATTN_ENOMEM;

        exattn_free(text);
        if (rc == EXATTN_OK)
            rc = exattn_claims__numeric_verdict(r, s, e, err);
        exattn_expr_free(e);
        return rc;
    }
}

static int
check_entry(exattn_entry_result *r, source *s, size_t i, exattn_error_t *err)
{
    const exattn_claim *c = s->claim;
    exattn_error_t local;
    int rc;

    exattn_error_init(&local);
    if ((rc = select_entry(s, i, &local)) != EXATTN_OK)
    {
        if (err != NULL)
            *err = local;
        return rc;
    }
    switch (c->claim)
    {
    case EXATTN_CLAIM_APPROX:
        rc = check_approx(r, s, c->values[i], &local);
        break;
    case EXATTN_CLAIM_IS:
        rc = check_is(r, s, c->exact[i], &local);
        break;
    default:
        rc = c->refs ? exattn_claims__check_named_refs(r, s, i, &local)
                     : exattn_claims__check_named(r, s, c->named[i], &local);
        break;
    }
    if (rc != EXATTN_OK && err != NULL)
        *err = local;
    return rc;
}

void
exattn_claims__clear(exattn_claim_result *r)
{
    size_t i;

    for (i = 0; i < r->count && r->entries; i++)
    {
        exattn_entry_result *e = &r->entries[i];

        free(e->truth);
        exattn_free(e->rounds_to);
        exattn_free(e->slip);
        free(e->note);
        if (e->enc_lo)
            mpfr_free_str(e->enc_lo);
        if (e->enc_hi)
            mpfr_free_str(e->enc_hi);
    }
    free(r->entries);
    r->entries = NULL;
    r->count = 0;
}

/* The source of a claim's entries: its row, evaluator, block or pool. */
static int
source_open(source *s, const exattn_claim *c, exattn_block *block,
            exattn_claims_rows *rows, mpfr_prec_t max_prec,
            exattn_error_t *err)
{
    int rc = EXATTN_OK;

    memset(s, 0, sizeof *s);
    s->claim = c;
    s->kind = c->kind;
    s->max_prec = max_prec;
    mpq_init(s->q);
    if (c->target == EXATTN_TARGET_BLOCK)
        s->block = block;
    if (c->target == EXATTN_TARGET_BLOCK && block == NULL)
        rc = exattn_block_new(&s->block, c->lesson, max_prec, err);
    if (rc == EXATTN_OK && c->target == EXATTN_TARGET_ROW && rows != NULL)
    {
        rc = exattn_claims__rows_get(rows, c->lesson, c->row, &s->row,
                                     &s->ev, err);
        s->borrowed = s->row != NULL;
    }
    if (rc == EXATTN_OK && c->target == EXATTN_TARGET_ROW && !s->borrowed)
    {
        rc = exattn_row_new(&s->row, c->lesson, c->row, err);
        if (rc == EXATTN_OK)
            rc = exattn_row_eval_new(&s->ev, s->row, NULL, err);
    }
    if (rc == EXATTN_OK && c->target == EXATTN_TARGET_DIFF
        && (rc = exattn_row_new(&s->row, c->lesson, c->row, err))
               == EXATTN_OK
        && (rc = exattn_row_new(&s->minus_row, c->minus_lesson, c->row,
                                err)) == EXATTN_OK
        && (s->pool = exattn_expr__pool(c->lesson->file)) == NULL)
        rc = exattn_error__set(err, EXATTN_ENOMEM, c->lesson->file, 0, 0,
                               "out of memory");
    return rc;
}

static void
source_close(source *s, const exattn_block *block)
{
    if (!s->borrowed)
    {
        exattn_row_eval_free(s->ev);
        exattn_row_free(s->row);
    }
    exattn_expr_free(s->view);
    exattn_row_free(s->minus_row);
    exattn_expr_free(s->pool);
    if (s->block != block)
        exattn_block_free(s->block);
    mpq_clear(s->q);
}

static int
check_claim(exattn_claim_result *out, const exattn_claim *c,
            exattn_block *block, exattn_claims_rows *rows,
            mpfr_prec_t max_prec, int want_truth, exattn_error_t *err)
{
    source s;
    size_t i;
    int rc = EXATTN_OK, undecided = 0, failed = 0;

    memset(out, 0, sizeof *out);
    out->entries = calloc(c->count ? c->count : 1, sizeof *out->entries);
    if (out->entries == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, c->lesson->file, 0, 0,
                                 "out of memory");
    out->count = c->count;
    rc = source_open(&s, c, block, rows, max_prec, err);
    s.want_truth = want_truth;
    if (rc == EXATTN_OK && c->claim == EXATTN_CLAIM_HOLDS)
        rc = exattn_claims__property(&out->entries[0], c, s.row, max_prec,
                                     err);
    for (i = 0; rc == EXATTN_OK && c->claim != EXATTN_CLAIM_HOLDS
                && i < c->count; i++)
    {
        rc = check_entry(&out->entries[i], &s, i, err);
        failed |= out->entries[i].verdict == EXATTN_FAIL;
        undecided |= out->entries[i].verdict == EXATTN_UNDECIDED;
    }
    if (rc == EXATTN_OK && c->claim == EXATTN_CLAIM_HOLDS)
    {
        failed = out->entries[0].verdict == EXATTN_FAIL;
        undecided = out->entries[0].verdict == EXATTN_UNDECIDED;
    }
    out->verdict = failed ? EXATTN_FAIL
                          : undecided ? EXATTN_UNDECIDED : EXATTN_PASS;
    source_close(&s, block);
    if (rc != EXATTN_OK)
        exattn_claims__clear(out);
    return rc;
}

int
exattn_claims__check(exattn_claim_result *out, const exattn_claim *c,
                     exattn_block *block, mpfr_prec_t max_prec,
                     exattn_error_t *err)
{
    return check_claim(out, c, block, NULL, max_prec, 1, err);
}

int
exattn_claims__verdict(exattn_claim_result *out, const exattn_claim *c,
                       exattn_block *block, exattn_claims_rows *rows,
                       mpfr_prec_t max_prec, exattn_error_t *err)
{
    return check_claim(out, c, block, rows, max_prec, 0, err);
}

int
exattn_claims__values(mpq_t *out, int *exact, const exattn_claim *c,
                      unsigned long digits, exattn_block *block,
                      exattn_claims_rows *rows, mpfr_prec_t max_prec,
                      exattn_error_t *err)
{
    exattn_ball cert;
    mpfr_prec_t wp;
    source s;
    size_t i;
    mpz_t d;
    int rc;

    mpz_init(d);
    exattn_ball__init(&cert, 64);
    rc = source_open(&s, c, block, rows, max_prec, err);
    for (i = 0; rc == EXATTN_OK && i < c->count; i++)
    {
        if ((rc = select_entry(&s, i, err)) != EXATTN_OK)
            break;
        exact[i] = s.exact;
        if (s.exact)
        {
            mpq_set(out[i], s.q);
            continue;
        }
        rc = exattn_claims__decide(d, &cert, &wp, &s, digits,
                                   EXATTN_ROUND_NEAREST, err);
        if (rc != EXATTN_OK)
            break;
        mpz_set(mpq_numref(out[i]), d);
        mpz_ui_pow_ui(mpq_denref(out[i]), 10, digits);
        mpq_canonicalize(out[i]);
    }
    source_close(&s, block);
    exattn_ball__clear(&cert);
    mpz_clear(d);
    return rc;
}

/* An entry with no expression of its own (a blend's output, a shape, an
 * entry of a given matrix): its exact value as one. */
static int
exact_expr(exattn_expr **out, const source *s, exattn_error_t *err)
{
    char *t = exattn_mpq_get_str(s->q);
    int rc;

    if (t == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, s->claim->lesson->file,
                                 0, 0, "out of memory");
    rc = exattn_expr_parse(out, t, strlen(t), s->claim->lesson->file, err);
    exattn_free(t);
    return rc;
}

int
exattn_claims__each_expr(const exattn_claim *c, mpfr_prec_t max_prec,
                         exattn_claims_each_fn each, void *ctx,
                         exattn_error_t *err)
{
    exattn_expr *pool = NULL, *own = NULL;
    const exattn_expr *e;
    exattn_xnode *n;
    source s;
    size_t i;
    int rc = source_open(&s, c, NULL, NULL, max_prec, err);

    for (i = 0; rc == EXATTN_OK && i < c->count; i++)
    {
        if ((rc = select_entry(&s, i, err)) != EXATTN_OK)
            break;
        e = exattn_claims__source_expr(&s);
        if (e == NULL && c->target == EXATTN_TARGET_ROW)
        {
            /* the row's quantity, built from its exact data */
            if (pool == NULL
                && (pool = exattn_expr__pool(c->lesson->file)) == NULL)
                rc = exattn_error__set(err, EXATTN_ENOMEM, c->lesson->file,
                                       0, 0, "out of memory");
            n = rc == EXATTN_OK ? exattn_expr__row_node(pool, s.row, s.kind,
                                                        s.key, s.col, err)
                                : NULL;
            if (rc == EXATTN_OK && (n == NULL
                                    || (own = exattn_expr__view(pool, n))
                                           == NULL))
                rc = err->code != EXATTN_OK
                         ? err->code
                         : exattn_error__set(err, EXATTN_ENOMEM,
                                             c->lesson->file, 0, 0,
                                             "out of memory");
            e = own;
        }
        else if (e == NULL)
        {
            rc = exact_expr(&own, &s, err);
            e = own;
        }
        if (rc == EXATTN_OK)
            rc = each(ctx, i, e, err);
        exattn_expr_free(own);
        own = NULL;
    }
    exattn_expr_free(pool);
    source_close(&s, NULL);
    return rc;
}
