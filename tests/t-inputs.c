/* What a lesson gives before projection, in the document's header: X, a
 * cross-attention's memory and W_Q, W_K, W_V, with Q, K, V their products
 * (computed here a second way), the lab's interventions after them, and
 * the mask as written (a key padding vector, valid lengths) beside the
 * 0/1 matrix it stands for; then each writer shows them. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "exattn.h"

/* ---- the header of every section, as a sink sees it ----------------- */

typedef struct
{
    const exattn_doc_header *first;     /* the lesson's */
    const exattn_doc_header *variant[4];
    size_t variants;
    /* copies of what is checked, since headers live only in the walk */
    int ok;
    char why[256];
    int (*check)(void *ctx, const exattn_doc_header *h, size_t which);
    void *ctx;
} walk;

static int
on_begin(void *ctx, const exattn_doc_section *s)
{
    walk *w = ctx;

    if (s->kind == EXATTN_SECTION_LESSON && w->first == NULL)
    {
        w->first = s->header;
        if (!w->check(w->ctx, s->header, 0))
            w->ok = 0;
    }
    else if (s->kind == EXATTN_SECTION_VARIANT && w->variants < 4)
    {
        w->variant[w->variants++] = s->header;
        if (!w->check(w->ctx, s->header, w->variants))
            w->ok = 0;
    }
    return EXATTN_OK;
}

static void
derive_checking(const exattn_lesson *l,
                int (*check)(void *, const exattn_doc_header *, size_t),
                void *ctx)
{
    exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
    exattn_error_t err;
    walk w = { 0 };

    exattn_error_init(&err);
    w.ok = 1;
    w.check = check;
    w.ctx = ctx;
    sink.begin = on_begin;
    cr_assert_eq(exattn_derive(&sink, &w, l, NULL, &err), EXATTN_OK, "%s",
                 err.message);
    cr_assert_not_null(w.first, "no lesson section");
    cr_assert(w.ok, "a header is not what the lesson gave");
}

/* ---- random projected lessons --------------------------------------- */

typedef struct
{
    size_t n, m, d, dk, dv;
    int cross;
    long x[4][3], mem[4][3], wq[3][3], wk[3][3], wv[3][3];
    long by;                /* the first variant multiplies query 2 */
    long override;          /* the second sets V[1][1] */
} projected;

static void
matrix_json(char **p, const char *name, long a[][3], size_t rows,
            size_t cols)
{
    size_t r, c;

    *p += sprintf(*p, "\"%s\": [", name);
    for (r = 0; r < rows; r++)
    {
        *p += sprintf(*p, "%s[", r ? ", " : "");
        for (c = 0; c < cols; c++)
            *p += sprintf(*p, "%s%ld", c ? ", " : "", a[r][c]);
        *p += sprintf(*p, "]");
    }
    *p += sprintf(*p, "], ");
}

static void
random_matrix(gmp_randstate_t st, long a[][3], size_t rows, size_t cols)
{
    size_t r, c;

    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            a[r][c] = (long)th_rand(st, 7) - 3;
}

static void
lesson_json(char *buf, const projected *p)
{
    char *q = buf;

    q += sprintf(q, "{");
    matrix_json(&q, "X", (long (*)[3])p->x, p->n, p->d);
    if (p->cross)
        matrix_json(&q, "memory", (long (*)[3])p->mem, p->m, p->d);
    matrix_json(&q, "W_Q", (long (*)[3])p->wq, p->d, p->dk);
    matrix_json(&q, "W_K", (long (*)[3])p->wk, p->d, p->dk);
    matrix_json(&q, "W_V", (long (*)[3])p->wv, p->d, p->dv);
    sprintf(q, "\"variants\": [{\"name\": \"m\", \"query_multiplier\": "
               "{\"query\": 2, \"by\": %ld}}, {\"name\": \"o\", "
               "\"value_override\": {\"row\": 1, \"col\": 1, \"value\": "
               "%ld}}]}", p->by, p->override);
}

/* Entry (r, c) of a document's matrix is v: read as a sink would,
 * whether the matrix holds rationals or 64-bit integers. */
static int
entry_is(const exattn_doc_matrix *m, size_t r, size_t c, long v)
{
    mpq_t e;
    int same;

    mpq_init(e);
    exattn_doc_matrix_entry(e, m, r, c);
    same = mpq_cmp_si(e, v, 1) == 0;
    mpq_clear(e);
    return same;
}

static int
same_matrix(const exattn_doc_matrix *m, long a[][3], size_t rows,
            size_t cols)
{
    size_t r, c;

    if (m->rows != rows || m->cols != cols)
        return 0;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            if (!entry_is(m, r, c, a[r][c]))
                return 0;
    return 1;
}

/* Is m = a·w (a rows x d, w d x cols), row `scaled` times `by`, entry
 * (0, 0) `set` when set_it?  Computed in integers here. */
static int
is_product(const exattn_doc_matrix *m, long a[][3], long w[][3],
           size_t rows, size_t d, size_t cols, size_t scaled, long by,
           int set_it, long set)
{
    size_t r, c, k;
    long v;

    if (m->rows != rows || m->cols != cols)
        return 0;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
        {
            for (v = 0, k = 0; k < d; k++)
                v += a[r][k] * w[k][c];
            if (r == scaled)
                v *= by;
            if (set_it && r == 0 && c == 0)
                v = set;
            if (!entry_is(m, r, c, v))
                return 0;
        }
    return 1;
}

static int
check_projected(void *ctx, const exattn_doc_header *h, size_t which)
{
    projected *p = ctx;
    long (*src)[3] = p->cross ? p->mem : p->x;

    return same_matrix(&h->x, p->x, p->n, p->d)
           && (p->cross ? same_matrix(&h->memory, p->mem, p->m, p->d)
                        : h->memory.rows == 0)
           && same_matrix(&h->w_q, p->wq, p->d, p->dk)
           && same_matrix(&h->w_k, p->wk, p->d, p->dk)
           && same_matrix(&h->w_v, p->wv, p->d, p->dv)
           && h->q_multiplied == (which == 1)
           && h->v_overridden == (which == 2)
           && is_product(&h->q, p->x, p->wq, p->n, p->d, p->dk,
                         which == 1 ? 1 : SIZE_MAX, p->by, 0, 0)
           && is_product(&h->k, src, p->wk, p->m, p->d, p->dk, SIZE_MAX, 1,
                         0, 0)
           && is_product(&h->v, src, p->wv, p->m, p->d, p->dv, SIZE_MAX, 1,
                         which == 2, p->override)
           && h->mask_written == EXATTN_MASK_WRITTEN_AS_KIND;
}

Test(inputs, the_header_holds_x_and_the_projections_of_q_k_v)
{
    gmp_randstate_t st;
    unsigned long i, count = th_iterations(40);
    char json[2048];

    th_rand_init(st);
    for (i = 0; i < count; i++)
    {
        projected p = { 0 };
        exattn_lesson *l;

        p.n = 2 + th_rand(st, 3);
        p.m = 2 + th_rand(st, 3);
        p.cross = th_rand(st, 2) == 1;
        if (!p.cross)
            p.m = p.n;
        p.d = 1 + th_rand(st, 3);
        p.dk = 1 + th_rand(st, 3);
        p.dv = 1 + th_rand(st, 3);
        random_matrix(st, p.x, p.n, p.d);
        random_matrix(st, p.mem, p.m, p.d);
        random_matrix(st, p.wq, p.d, p.dk);
        random_matrix(st, p.wk, p.d, p.dk);
        random_matrix(st, p.wv, p.d, p.dv);
        p.by = (long)th_rand(st, 5) - 2;
        p.override = (long)th_rand(st, 9) - 4;
        lesson_json(json, &p);
        l = th_lesson(json);
        derive_checking(l, check_projected, &p);
        exattn_lesson_free(l);
    }
    gmp_randclear(st);
}

/* A permuted variant moves X's rows with Q's: Q stays X·W_Q. */
static int
check_permuted(void *ctx, const exattn_doc_header *h, size_t which)
{
    static long x[2][3] = { { 1, 2, 0 }, { 3, 4, 0 } };
    static long swapped[2][3] = { { 3, 4, 0 }, { 1, 2, 0 } };
    static long w[2][3] = { { 1, 0, 0 }, { 0, 1, 0 } };

    (void)ctx;
    return same_matrix(&h->x, which ? swapped : x, 2, 2)
           && is_product(&h->q, which ? swapped : x, w, 2, 2, 2, SIZE_MAX,
                         1, 0, 0);
}

Test(inputs, a_permutation_moves_the_rows_of_x)
{
    exattn_lesson *l = th_lesson(
        "{\"X\": [[1, 2], [3, 4]], \"W_Q\": [[1, 0], [0, 1]], "
        "\"W_K\": [[1, 0], [0, 1]], \"W_V\": [[1, 0], [0, 1]], "
        "\"variants\": [{\"name\": \"p\", \"permute\": [2, 1]}]}");

    derive_checking(l, check_permuted, NULL);
    exattn_lesson_free(l);
}

/* In cross-attention a permutation moves the memory's rows with K's: K
 * stays memory·W_K. */
static int
check_permuted_memory(void *ctx, const exattn_doc_header *h, size_t which)
{
    static long mem[2][3] = { { 1, 2, 0 }, { 3, 4, 0 } };
    static long swapped[2][3] = { { 3, 4, 0 }, { 1, 2, 0 } };
    static long w[2][3] = { { 1, 1, 0 }, { 0, 1, 0 } };

    (void)ctx;
    return same_matrix(&h->memory, which ? swapped : mem, 2, 2)
           && is_product(&h->k, which ? swapped : mem, w, 2, 2, 2,
                         SIZE_MAX, 1, 0, 0);
}

Test(inputs, a_permutation_moves_the_rows_of_the_memory)
{
    exattn_lesson *l = th_lesson(
        "{\"X\": [[1, 0], [0, 1]], \"memory\": [[1, 2], [3, 4]], "
        "\"W_Q\": [[1, 0], [0, 1]], \"W_K\": [[1, 1], [0, 1]], "
        "\"W_V\": [[1, 0], [0, 1]], "
        "\"variants\": [{\"name\": \"p\", \"permute\": [2, 1]}]}");

    derive_checking(l, check_permuted_memory, NULL);
    exattn_lesson_free(l);
}

static int
check_given(void *ctx, const exattn_doc_header *h, size_t which)
{
    (void)ctx;
    (void)which;
    return h->x.rows == 0 && h->w_q.rows == 0 && h->memory.rows == 0
           && !h->q_multiplied && !h->v_overridden;
}

Test(inputs, a_lesson_that_gives_q_k_v_has_no_inputs)
{
    exattn_lesson *l = th_lesson(
        "{\"Q\": [[1]], \"K\": [[1], [0]], \"V\": [[1], [2]], "
        "\"variants\": [{\"name\": \"m\", \"query_multiplier\": "
        "{\"query\": 1, \"by\": 0}}]}");
    exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
    exattn_error_t err;
    walk w = { 0 };

    /* Q, K, V given: nothing before them; the multiplier's variant
     * changed Q itself */
    exattn_error_init(&err);
    w.ok = 1;
    w.check = check_given;
    sink.begin = on_begin;
    cr_assert_eq(exattn_derive(&sink, &w, l, NULL, &err), EXATTN_OK);
    cr_assert(w.first != NULL && w.variants == 1);
    exattn_lesson_free(l);
}

/* ---- the mask as written --------------------------------------------- */

typedef struct
{
    size_t n, m;
    int form;               /* 1 key padding, 2 one length, 3 per row */
    int causal;
    unsigned char pad[5];
    size_t lens[5];
} written;

static int
visible(const written *w, size_t i, size_t j)
{
    int on = w->form == 1 ? w->pad[j]
             : j < w->lens[w->form == 2 ? 0 : i];

    return on && (!w->causal || j <= i);
}

static int
check_written(void *ctx, const exattn_doc_header *h, size_t which)
{
    written *w = ctx;
    size_t i, j, count = w->form == 3 ? w->n : 1;

    (void)which;
    if (h->mask_kind != EXATTN_MASK_MATRIX || h->mask_causal != w->causal)
        return 0;
    for (i = 0; i < w->n; i++)
        for (j = 0; j < w->m; j++)
            if (h->allowed[i * w->m + j] != visible(w, i, j))
                return 0;
    if (w->form == 1)
        return h->mask_written == EXATTN_MASK_WRITTEN_KEY_PADDING
               && memcmp(h->key_padding, w->pad, w->m) == 0;
    if (h->mask_written != EXATTN_MASK_WRITTEN_VALID_LENS
        || h->valid_lens_count != count)
        return 0;
    for (i = 0; i < count; i++)
        if (h->valid_lens[i] != w->lens[i])
            return 0;
    return 1;
}

/* The mask field for w, as an author writes it. */
static void
mask_json(char *buf, const written *w)
{
    size_t k;
    char *p = buf;

    p += sprintf(p, "{\"%s\": ", w->form == 1 ? "key_padding" : "valid_lens");
    if (w->form == 2)
        p += sprintf(p, "%zu", w->lens[0]);
    else
    {
        p += sprintf(p, "[");
        for (k = 0; k < (w->form == 1 ? w->m : w->n); k++)
            p += sprintf(p, "%s%zu", k ? ", " : "",
                         w->form == 1 ? (size_t)w->pad[k] : w->lens[k]);
        p += sprintf(p, "]");
    }
    sprintf(p, ", \"causal\": %s}", w->causal ? "true" : "false");
}

Test(inputs, the_mask_as_written_stands_beside_its_matrix)
{
    gmp_randstate_t st;
    unsigned long i, count = th_iterations(60);
    char mask[256], json[1024];
    size_t k;

    th_rand_init(st);
    for (i = 0; i < count; i++)
    {
        written w = { 0 };
        exattn_lesson *l;

        w.n = w.m = 2 + th_rand(st, 4);
        w.form = 1 + (int)th_rand(st, 3);
        w.causal = th_rand(st, 2) == 1;
        /* the first key visible, so that no row is empty */
        for (k = 0; k < w.m; k++)
            w.pad[k] = k == 0 || th_rand(st, 3) != 0;
        for (k = 0; k < w.n; k++)
            w.lens[k] = 1 + th_rand(st, w.m);
        mask_json(mask, &w);
        snprintf(json, sizeof json,
                 "{\"Q\": [%s], \"K\": [%s], \"V\": [%s], \"mask\": %s}",
                 w.n == 2 ? "[1], [2]" : w.n == 3 ? "[1], [2], [3]"
                 : w.n == 4 ? "[1], [2], [3], [4]"
                            : "[1], [2], [3], [4], [5]",
                 w.m == 2 ? "[1], [0]" : w.m == 3 ? "[1], [0], [2]"
                 : w.m == 4 ? "[1], [0], [2], [1]"
                            : "[1], [0], [2], [1], [3]",
                 w.m == 2 ? "[1], [0]" : w.m == 3 ? "[1], [0], [2]"
                 : w.m == 4 ? "[1], [0], [2], [1]"
                            : "[1], [0], [2], [1], [3]", mask);
        l = th_lesson(json);
        derive_checking(l, check_written, &w);
        exattn_lesson_free(l);
    }
    gmp_randclear(st);
}

/* ---- what each writer shows ----------------------------------------- */

static const char *const padded =
    "{\"tokens\": [\"a\", \"b\", \"c\"], \"X\": [[1, 0], [0, 1], [1, 1]], "
    "\"W_Q\": [[2, 0], [0, 1]], \"W_K\": [[1, 0], [0, 1]], "
    "\"W_V\": [[1], [3]], \"mask\": [1, 1, 0]}";

static void
assert_has(const char *out, const char *what, const char *format)
{
    cr_assert_not_null(strstr(out, what), "%s output lacks \"%s\":\n%s",
                       format, what, out);
}

Test(inputs, every_writer_shows_the_inputs_and_the_mask_as_written)
{
    exattn_lesson *l = th_lesson(padded);
    char *text = th_write(l, EXATTN_FORMAT_TEXT, NULL);
    char *json = th_write(l, EXATTN_FORMAT_JSON, NULL);
    char *latex = th_write(l, EXATTN_FORMAT_LATEX, NULL);
    char *md = th_write(l, EXATTN_FORMAT_MARKDOWN, NULL);

    /* Q = X·W_Q = ((2,0),(0,1),(2,1)), V = X·W_V = (1, 3, 4) */
    assert_has(text, "X: X[a]=(1,0); X[b]=(0,1); X[c]=(1,1)\n", "text");
    assert_has(text, "W_Q = ((2,0),(0,1)); W_K = ((1,0),(0,1)); "
                     "W_V = ((1),(3))\n", "text");
    assert_has(text, "Q = X·W_Q: Q[a]=(2,0); Q[b]=(0,1); Q[c]=(2,1)\n",
               "text");
    assert_has(text, "V = X·W_V: V[a]=(1); V[b]=(3); V[c]=(4)\n", "text");
    assert_has(text, "given as key padding (1,1,0)", "text");
    assert_has(json, "\"mask_written\": {\"key_padding\": [1, 1, 0], "
                     "\"causal\": false}", "JSON");
    assert_has(json, "\"X\": [[\"1\", \"0\"], [\"0\", \"1\"], "
                     "[\"1\", \"1\"]]", "JSON");
    assert_has(json, "\"W_V\": [[\"1\"], [\"3\"]]", "JSON");
    assert_has(json, "\"interventions\": []", "JSON");
    assert_has(latex, "Q &= XW_Q = \\begin{bmatrix}2 & 0 \\\\ 0 & 1 \\\\ "
                      "2 & 1\\end{bmatrix}", "LaTeX");
    assert_has(latex,
               "\\text{padding} = \\begin{bmatrix}1 & 1 & 0\\end{bmatrix}",
               "LaTeX");
    assert_has(md, "*The inputs: X, a row per token, and the projections*",
               "Markdown");
    free(text);
    free(json);
    free(latex);
    free(md);
    exattn_lesson_free(l);
}

/* ---- claims on the inputs --------------------------------------------- */

/* Every entry of X, memory and the projections, claimed right and off by
 * one: each verdict as the values given. */
Test(inputs, claims_name_the_inputs_by_path)
{
    gmp_randstate_t st;
    unsigned long it, count = th_iterations(10);
    static const char *const names[] = { "X", "memory", "W_Q", "W_K",
                                         "W_V" };
    char json[16384], *p;
    size_t r, c, k, claims;

    th_rand_init(st);
    for (it = 0; it < count; it++)
    {
        projected q = { 0 };
        long (*m[5])[3];
        size_t rows[5], cols[5];
        exattn_lesson *l;
        exattn_error_t err;
        exattn_verdict_t v;

        q.n = 2;
        q.m = 3;
        q.cross = 1;
        q.d = 1 + th_rand(st, 3);
        q.dk = 1 + th_rand(st, 3);
        q.dv = 1 + th_rand(st, 3);
        random_matrix(st, q.x, q.n, q.d);
        random_matrix(st, q.mem, q.m, q.d);
        random_matrix(st, q.wq, q.d, q.dk);
        random_matrix(st, q.wk, q.d, q.dk);
        random_matrix(st, q.wv, q.d, q.dv);
        m[0] = q.x, m[1] = q.mem, m[2] = q.wq, m[3] = q.wk, m[4] = q.wv;
        rows[0] = q.n, rows[1] = q.m, rows[2] = rows[3] = rows[4] = q.d;
        cols[0] = cols[1] = q.d, cols[2] = cols[3] = q.dk, cols[4] = q.dv;
        lesson_json(json, &q);
        /* drop the variants; claim every entry, then every entry + 1 */
        p = strstr(json, "\"variants\"");
        p += sprintf(p, "\"claims\": [");
        for (claims = 0, k = 0; k < 5; k++)
            for (r = 0; r < rows[k]; r++)
                for (c = 0; c < cols[k]; c++, claims += 2)
                    p += sprintf(p, "%s{\"of\": \"%s[%zu][%zu]\", \"is\": "
                                 "\"%ld\"}, {\"of\": \"%s[%zu][%zu]\", "
                                 "\"is\": \"%ld\"}", claims ? ", " : "",
                                 names[k], r + 1, c + 1, m[k][r][c],
                                 names[k], r + 1, c + 1, m[k][r][c] + 1);
        sprintf(p, "]}");
        l = th_lesson(json);
        cr_assert_eq(exattn_lesson_claim_count(l), claims);
        for (k = 0; k < claims; k++)
        {
            exattn_error_init(&err);
            cr_assert_eq(exattn_claim_verdict(&v, l, k, 0, &err), EXATTN_OK,
                         "%s", err.message);
            cr_assert_eq(v, k % 2 ? EXATTN_FAIL : EXATTN_PASS,
                         "claim %zu of %s", k, json);
        }
        exattn_lesson_free(l);
    }
    gmp_randclear(st);
}

/* The integer square root of n when n is a square, else 0. */
static unsigned long
square_root(unsigned long n)
{
    unsigned long r;

    for (r = 1; r * r <= n; r++)
        if (r * r == n)
            return r;
    return 0;
}

static unsigned long
gcd(unsigned long a, unsigned long b)
{
    return b ? gcd(b, a % b) : a;
}

/* √d is written with its value where it is rational (√4 = 2, √(9/4) =
 * 3/2) in text, JSON and LaTeX, and nowhere else: d = p/q over small p and q
 * (reduced here), the root found here by integer square roots. */
Test(inputs, a_rational_root_of_d_is_written_with_its_value)
{
    unsigned long p, q;

    for (p = 1; p <= 30; p++)
        for (q = 1; q <= 9; q += 3)
        {
            unsigned long g = gcd(p, q), rp = square_root(p / g),
                          rq = square_root(q / g);
            char lesson[160], want[64];
            exattn_lesson *l;
            char *text, *json, *latex, *line, *eol, *sqrt_line, *sqrt_end;
            char root_tex[64];

            snprintf(lesson, sizeof lesson, "{\"Q\": [[1]], \"K\": [[1],"
                     " [0]], \"V\": [[1], [0]], \"scale\": "
                     "\"1/sqrt(%lu/%lu)\"}", p, q);
            l = th_lesson(lesson);
            text = th_write(l, EXATTN_FORMAT_TEXT, NULL);
            json = th_write(l, EXATTN_FORMAT_JSON, NULL);
            latex = th_write(l, EXATTN_FORMAT_LATEX, NULL);
            /* past "\sqrt{d_k} = \sqrt{": what follows the radicand */
            sqrt_line = strstr(latex, "\\sqrt{d_k} = \\sqrt{");
            cr_assert_not_null(sqrt_line, "%s", latex);
            sqrt_line += strlen("\\sqrt{d_k} = \\sqrt{");
            sqrt_end = strchr(sqrt_line, '\n');
            if (rq == 1)
                snprintf(want, sizeof want, "\"root\": \"%lu\"", rp);
            else
                snprintf(want, sizeof want, "\"root\": \"%lu/%lu\"", rp,
                         rq);
            line = strstr(text, "scale: ");
            cr_assert_not_null(line);
            eol = strchr(line, '\n');
            if (rq == 1)
                snprintf(root_tex, sizeof root_tex, "} = %lu", rp);
            else
                snprintf(root_tex, sizeof root_tex, "} = \\tfrac{%lu}{%lu}",
                         rp, rq);
            if (rp && rq)
            {
                cr_assert_not_null(strstr(json, want), "%lu/%lu: %s", p, q,
                                   json);
                cr_assert(strstr(line, " = ") && strstr(line, " = ") < eol,
                          "%lu/%lu: %s", p, q, text);
                cr_assert(strstr(sqrt_line, root_tex)
                          && strstr(sqrt_line, root_tex) < sqrt_end,
                          "%lu/%lu: %s", p, q, latex);
            }
            else
            {
                cr_assert_null(strstr(json, "\"root\""), "%lu/%lu", p, q);
                cr_assert(!strstr(line, " = ") || strstr(line, " = ") > eol,
                          "%lu/%lu: %s", p, q, text);
                cr_assert(!strstr(sqrt_line, "} = ")
                          || strstr(sqrt_line, "} = ") > sqrt_end,
                          "%lu/%lu: %s", p, q, latex);
            }
            free(text);
            free(json);
            free(latex);
            exattn_lesson_free(l);
        }
}
