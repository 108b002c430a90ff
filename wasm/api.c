/* The C side of the JavaScript module (wasm/exattn.mjs): the commands'
 * library calls, each taking its inputs as bytes and returning a result
 * object that holds either the output (the bytes `exattn derive`,
 * `check --format json`, `audit --format json` and `eval` would write) or the error
 * the command line would report.  Like src/cli/, a thin shell over the
 * public API: no decision is made here.  Everything a call allocates is
 * released by exattn_wasm_result_free. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <emscripten/emscripten.h>
#include <yajl/yajl_gen.h>
#include "exattn.h"

typedef struct
{
    int status;                 /* 0 success, 2 bad input (the CLI's) */
    char *out;                  /* the output; NULL after an error */
    size_t len;
    exattn_error_t err;
} exattn_wasm_result;

typedef int (*lesson_writer)(FILE *f, const exattn_lesson *lesson,
                             const void *ctx, exattn_error_t *err);

static exattn_wasm_result *
result_new(void)
{
    exattn_wasm_result *r = calloc(1, sizeof *r);

    if (r != NULL)
        exattn_error_init(&r->err);
    return r;
}

static void
fail_nomem(exattn_wasm_result *r)
{
    r->status = 2;
    r->err.code = EXATTN_ENOMEM;
    snprintf(r->err.message, sizeof r->err.message, "out of memory");
}

/* Run `write` into memory; on failure nothing of its output is kept. */
static void
capture(exattn_wasm_result *r, const exattn_lesson *lesson,
        lesson_writer write, const void *ctx)
{
    FILE *mem = open_memstream(&r->out, &r->len);
    int rc;

    if (mem == NULL)
    {
        fail_nomem(r);
        return;
    }
    rc = write(mem, lesson, ctx, &r->err);
    if (fclose(mem) != 0 && rc == EXATTN_OK)
        fail_nomem(r);
    else if (rc != EXATTN_OK)
        r->status = 2;
    if (r->status != 0)
    {
        free(r->out);
        r->out = NULL;
        r->len = 0;
    }
}

/* Read the lesson, then write with it: one command's run. */
static exattn_wasm_result *
with_lesson(const char *data, size_t len, const char *name,
            lesson_writer write, const void *ctx)
{
    exattn_wasm_result *r = result_new();
    exattn_limits_t limits = EXATTN_LIMITS_INIT;
    exattn_lesson *lesson = NULL;

    if (r == NULL)
        return NULL;
    if (exattn_lesson_read_buffer(&lesson, data, len, name, &limits, &r->err)
        != EXATTN_OK)
    {
        r->status = 2;
        return r;
    }
    capture(r, lesson, write, ctx);
    exattn_lesson_free(lesson);
    return r;
}

/* ---- derive ------------------------------------------------------------ */

typedef struct
{
    exattn_format_t format;
    exattn_write_opts opts;
} derive_ctx;

static int
write_derivation(FILE *f, const exattn_lesson *lesson, const void *ctx,
                 exattn_error_t *err)
{
    const derive_ctx *d = ctx;

    return exattn_write(f, lesson, d->format, &d->opts, err);
}

/* The bits of a comma-separated --show list; (unsigned)-1 for a name
 * that is none of the CLI's. */
EMSCRIPTEN_KEEPALIVE unsigned
exattn_wasm_show(const char *list)
{
    static const struct { const char *name; unsigned bit; } names[] = {
        { "scores", EXATTN_SHOW(EXATTN_SCORE) },
        { "scaled", EXATTN_SHOW(EXATTN_SCALED) },
        { "weights", EXATTN_SHOW(EXATTN_WEIGHT) },
        { "contributions", EXATTN_SHOW(EXATTN_CONTRIBUTION) },
        { "output", EXATTN_SHOW(EXATTN_OUTPUT) },
        { "contrast", EXATTN_SHOW_CONTRAST } };
    unsigned bits = 0;
    size_t i, n;

    while (*list)
    {
        n = strcspn(list, ",");
        for (i = 0; i < sizeof names / sizeof *names; i++)
            if (strlen(names[i].name) == n
                && strncmp(names[i].name, list, n) == 0)
                break;
        if (i == sizeof names / sizeof *names)
            return (unsigned)-1;
        bits |= names[i].bit;
        list += n + (list[n] == ',');
    }
    return bits;
}

/* format: an exattn_format_t; digits: -1 for none. */
EMSCRIPTEN_KEEPALIVE exattn_wasm_result *
exattn_wasm_derive(const char *data, size_t len, const char *name,
                   int format, double digits, unsigned show, double max_prec)
{
    derive_ctx d;

    d.format = (exattn_format_t)format;
    d.opts = (exattn_write_opts)EXATTN_WRITE_OPTS_INIT;
    if (digits >= 0)
        d.opts.digits = (unsigned long)digits;
    d.opts.quantities = show;
    d.opts.max_prec = (mpfr_prec_t)max_prec;
    return with_lesson(data, len, name, write_derivation, &d);
}

/* ---- check ------------------------------------------------------------- */

static int
write_check(FILE *f, const exattn_lesson *lesson, const void *ctx,
            exattn_error_t *err)
{
    exattn_check_summary_t sum = { 0, 0, 0 };

    return exattn_check_write_json(f, &sum, lesson,
                                   *(const mpfr_prec_t *)ctx, err);
}

EMSCRIPTEN_KEEPALIVE exattn_wasm_result *
exattn_wasm_check(const char *data, size_t len, const char *name,
                  double max_prec)
{
    mpfr_prec_t p = (mpfr_prec_t)max_prec;

    return with_lesson(data, len, name, write_check, &p);
}

/* ---- audit ------------------------------------------------------------- */

typedef struct
{
    const char *page, *name;
    size_t len;
    exattn_page_format format;
    mpfr_prec_t max_prec;
} audit_ctx;

static int
write_audit(FILE *f, const exattn_lesson *lesson, const void *ctx,
            exattn_error_t *err)
{
    const audit_ctx *a = ctx;
    exattn_audit_options_t o = EXATTN_AUDIT_OPTIONS_INIT;
    exattn_audit_summary_t sum;
    exattn_auditor *auditor = NULL;
    int rc;

    o.max_prec = a->max_prec;
    if ((rc = exattn_auditor_new(&auditor, lesson, &o, err)) != EXATTN_OK)
        return rc;
    memset(&sum, 0, sizeof sum);
    rc = exattn_auditor_write_json(f, &sum, auditor, a->name, a->page,
                                   a->len, a->format, err);
    exattn_auditor_free(auditor);
    return rc;
}

/* format: an exattn_page_format (EXATTN_PAGE_AUTO: by the page's name). */
EMSCRIPTEN_KEEPALIVE exattn_wasm_result *
exattn_wasm_audit(const char *page, size_t page_len, const char *page_name,
                  int format, const char *lesson, size_t lesson_len,
                  const char *lesson_name, double max_prec)
{
    audit_ctx a = { page, page_name, page_len, (exattn_page_format)format,
                    (mpfr_prec_t)max_prec };

    return with_lesson(lesson, lesson_len, lesson_name, write_audit, &a);
}

/* ---- evaluate ---------------------------------------------------------- */

static void
put_string(yajl_gen g, const char *key, const char *value)
{
    yajl_gen_string(g, (const unsigned char *)key, strlen(key));
    if (value == NULL)
        yajl_gen_null(g);
    else
        yajl_gen_string(g, (const unsigned char *)value, strlen(value));
}

/* The fields `exattn eval` prints, as a JSON object. */
static int
eval_json(exattn_wasm_result *r, const exattn_expr *e, const char *decimal,
          int exact, const char *undecided)
{
    yajl_gen g = yajl_gen_alloc(NULL);
    char *text = exattn_expr_get_str(e, EXATTN_TEXT);
    char *latex = exattn_expr_get_str(e, EXATTN_LATEX);
    char *value = NULL;
    const unsigned char *buf;
    size_t len;
    mpq_t q;
    int ok = g != NULL && text != NULL && latex != NULL;

    if (ok && exattn_expr_status(e) == EXATTN_EXACT)
    {
        mpq_init(q);
        if (exattn_expr_get_mpq(q, e) == EXATTN_OK)
            value = exattn_mpq_get_str(q);
        mpq_clear(q);
        ok = value != NULL;
    }
    if (ok)
    {
        yajl_gen_map_open(g);
        put_string(g, "named", text);
        put_string(g, "latex", latex);
        put_string(g, "status", value ? "exact" : "named");
        put_string(g, "value", value);
        put_string(g, "decimal", decimal);
        yajl_gen_string(g, (const unsigned char *)"decimal_exact", 13);
        yajl_gen_bool(g, decimal != NULL && exact);
        put_string(g, "undecided", undecided);
        yajl_gen_map_close(g);
        ok = yajl_gen_get_buf(g, &buf, &len) == yajl_gen_status_ok
             && (r->out = malloc(len + 1)) != NULL;
        if (ok)
        {
            memcpy(r->out, buf, len);
            r->out[len] = '\0';
            r->len = len;
        }
    }
    if (g != NULL)
        yajl_gen_free(g);
    exattn_free(text);
    exattn_free(latex);
    exattn_free(value);
    return ok;
}

EMSCRIPTEN_KEEPALIVE exattn_wasm_result *
exattn_wasm_evaluate(const char *text, size_t len, double digits,
                     double max_prec)
{
    exattn_wasm_result *r = result_new();
    exattn_limits_t limits = EXATTN_LIMITS_INIT;
    exattn_expr *e = NULL;
    char *decimal = NULL;
    int rc, exact = 0;

    if (r == NULL)
        return NULL;
    if (exattn_expr_parse_limited(&e, text, len, "expression", &limits,
                                  &r->err) != EXATTN_OK)
    {
        r->status = 2;
        return r;
    }
    rc = exattn_expr_get_decimal(&decimal, &exact, e, (unsigned long)digits,
                                 (mpfr_prec_t)max_prec, &r->err);
    if (rc != EXATTN_OK && rc != EXATTN_EUNABLE)
        r->status = 2;
    else if (!eval_json(r, e, decimal, exact,
                        decimal ? NULL : r->err.message))
        fail_nomem(r);
    if (r->status == 0)
        exattn_error_init(&r->err);     /* an undecided decimal is output */
    exattn_free(decimal);
    exattn_expr_free(e);
    return r;
}

/* ---- the result -------------------------------------------------------- */

EMSCRIPTEN_KEEPALIVE int
exattn_wasm_status(const exattn_wasm_result *r)
{
    return r ? r->status : 2;
}

EMSCRIPTEN_KEEPALIVE const char *
exattn_wasm_output(const exattn_wasm_result *r)
{
    return r ? r->out : NULL;
}

EMSCRIPTEN_KEEPALIVE size_t
exattn_wasm_output_length(const exattn_wasm_result *r)
{
    return r ? r->len : 0;
}

/* The error as the command line writes it after "exattn: "
 * (FILE:LINE:COLUMN: MESSAGE). */
EMSCRIPTEN_KEEPALIVE const char *
exattn_wasm_error(exattn_wasm_result *r)
{
    static const char nomem[] = "out of memory";
    char buf[2200];
    char *copy;

    if (r == NULL)
        return nomem;
    exattn_error_snprint(buf, sizeof buf, &r->err);
    copy = strdup(buf);
    if (copy == NULL)
        return nomem;
    free(r->out);               /* no output after an error: reuse it */
    r->out = copy;
    r->len = strlen(copy);
    return copy;
}

EMSCRIPTEN_KEEPALIVE const char *
exattn_wasm_error_file(const exattn_wasm_result *r)
{
    return r ? r->err.file : "";
}

EMSCRIPTEN_KEEPALIVE double
exattn_wasm_error_line(const exattn_wasm_result *r)
{
    return r ? (double)r->err.line : 0;
}

EMSCRIPTEN_KEEPALIVE double
exattn_wasm_error_column(const exattn_wasm_result *r)
{
    return r ? (double)r->err.column : 0;
}

EMSCRIPTEN_KEEPALIVE int
exattn_wasm_error_code(const exattn_wasm_result *r)
{
    return r ? r->err.code : EXATTN_ENOMEM;
}

EMSCRIPTEN_KEEPALIVE void
exattn_wasm_result_free(exattn_wasm_result *r)
{
    if (r == NULL)
        return;
    free(r->out);
    free(r);
}

/* Bytes allocated and not yet freed: the tests' check that a call
 * releases what it allocated. */
EMSCRIPTEN_KEEPALIVE double
exattn_wasm_heap_in_use(void)
{
    struct mallinfo m = mallinfo();

    return (double)m.uordblks;
}
