/* Reading a NumPy .npy file of floats exactly (npy.h).  The reading
 * layer: bytes in, exact numbers out, every error naming the file and
 * the byte where it is. */
#include <stdarg.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "grade/npy.h"

#define MAGIC "\x93NUMPY"
#define MAGIC_LEN 6

typedef struct
{
    const unsigned char *p;
    size_t len, at;             /* the header's bytes [.., len), the
                                   cursor */
    const char *file;
    exattn_error_t *err;
} cursor;

static int fail(const cursor *c, int code, size_t at, const char *fmt, ...)
    EXATTN_PRINTF(4, 5);

static int
fail(const cursor *c, int code, size_t at, const char *fmt, ...)
{
    char msg[300];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return exattn_error__set(c->err, code, c->file, 0, 0, "byte %zu: %s",
                             at, msg);
}

/* ---- the header: a Python dict literal --------------------------------- */

static void
blanks(cursor *c)
{
    while (c->at < c->len && (c->p[c->at] == ' ' || c->p[c->at] == '\t'
                              || c->p[c->at] == '\n' || c->p[c->at] == '\r'))
        c->at++;
}

static int
expect(cursor *c, char ch)
{
    blanks(c);
    if (c->at >= c->len || c->p[c->at] != (unsigned char)ch)
        return fail(c, EXATTN_ESYNTAX, c->at, "the .npy header: expected "
                    "'%c'", ch);
    c->at++;
    return EXATTN_OK;
}

/* A quoted string (no escapes: a dtype, a key) into buf. */
static int
string(cursor *c, char *buf, size_t size)
{
    unsigned char q;
    size_t n = 0;

    blanks(c);
    if (c->at >= c->len || (c->p[c->at] != '\'' && c->p[c->at] != '"'))
        return fail(c, EXATTN_ESYNTAX, c->at, "the .npy header: expected a "
                    "quoted string");
    q = c->p[c->at++];
    while (c->at < c->len && c->p[c->at] != q)
    {
        if (c->p[c->at] == '\\' || n + 1 >= size)
            return fail(c, EXATTN_ESYNTAX, c->at, "the .npy header: a "
                        "string too long or escaped");
        buf[n++] = (char)c->p[c->at++];
    }
    if (c->at >= c->len)
        return fail(c, EXATTN_ESYNTAX, c->at, "the .npy header: an "
                    "unterminated string");
    c->at++;
    buf[n] = '\0';
    return EXATTN_OK;
}

/* True or False. */
static int
boolean(cursor *c, int *out)
{
    blanks(c);
    if (c->len - c->at >= 4 && memcmp(c->p + c->at, "True", 4) == 0)
    {
        c->at += 4;
        *out = 1;
        return EXATTN_OK;
    }
    if (c->len - c->at >= 5 && memcmp(c->p + c->at, "False", 5) == 0)
    {
        c->at += 5;
        *out = 0;
        return EXATTN_OK;
    }
    return fail(c, EXATTN_ESYNTAX, c->at, "the .npy header: "
                "'fortran_order' is True or False");
}

/* (), (n,), (r, c): at most two dimensions. */
static int
shape(cursor *c, size_t *dims, size_t *count)
{
    size_t at;

    *count = 0;
    if (expect(c, '(') != EXATTN_OK)
        return EXATTN_ESYNTAX;
    for (;;)
    {
        size_t v = 0;

        blanks(c);
        if (c->at < c->len && c->p[c->at] == ')')
        {
            c->at++;
            return EXATTN_OK;
        }
        at = c->at;
        if (c->at >= c->len || c->p[c->at] < '0' || c->p[c->at] > '9')
            return fail(c, EXATTN_ESYNTAX, c->at, "the .npy header: a shape "
                        "is a tuple of whole numbers");
        while (c->at < c->len && c->p[c->at] >= '0' && c->p[c->at] <= '9')
        {
            if (v > ((size_t)-1 - 9) / 10)
                return fail(c, EXATTN_ELIMIT, at, "the .npy header: a "
                            "dimension too large");
            v = v * 10 + (size_t)(c->p[c->at++] - '0');
        }
        if (*count == 2)
            return fail(c, EXATTN_EFIELD, at, "a shape of more than two "
                        "dimensions (a scalar, a vector or a matrix)");
        dims[(*count)++] = v;
        blanks(c);
        if (c->at < c->len && c->p[c->at] == ',')
            c->at++;
        else if (!(c->at < c->len && c->p[c->at] == ')'))
            return fail(c, EXATTN_ESYNTAX, c->at, "the .npy header: expected "
                        "',' or ')' in the shape");
    }
}

/* The dtype: '<f8', '>f4', '<f2' (and '|' or '=' only where no order
 * matters). */
static int
dtype(cursor *c, const char *d, size_t at, exattn_npy *out, int *big)
{
    if (strlen(d) == 3 && (d[0] == '<' || d[0] == '>') && d[1] == 'f'
        && strchr("248", d[2]) != NULL)
    {
        *big = d[0] == '>';
        out->format = exattn_float__format(d[2] == '8' ? "binary64"
                                           : d[2] == '4' ? "binary32"
                                                         : "binary16");
        return EXATTN_OK;
    }
    return fail(c, EXATTN_EFIELD, at, "dtype '%.20s' is no float of a "
                "format exattn grades ('<f8' binary64, '<f4' binary32, "
                "'<f2' binary16; '>' for big-endian)", d);
}

typedef struct
{
    int big, fortran;
    size_t dims[2], ndims;
} header;

static int
read_header(cursor *c, exattn_npy *out, header *h)
{
    char key[32], descr[32];
    int seen = 0, rc;
    size_t at;

    if ((rc = expect(c, '{')) != EXATTN_OK)
        return rc;
    for (;;)
    {
        blanks(c);
        if (c->at < c->len && c->p[c->at] == '}')
        {
            c->at++;
            break;
        }
        at = c->at;
        if ((rc = string(c, key, sizeof key)) != EXATTN_OK
            || (rc = expect(c, ':')) != EXATTN_OK)
            return rc;
        if (strcmp(key, "descr") == 0)
        {
            blanks(c);
            at = c->at;
            rc = string(c, descr, sizeof descr);
            if (rc == EXATTN_OK)
                rc = dtype(c, descr, at, out, &h->big);
            seen |= 1;
        }
        else if (strcmp(key, "fortran_order") == 0)
            rc = boolean(c, &h->fortran), seen |= 2;
        else if (strcmp(key, "shape") == 0)
            rc = shape(c, h->dims, &h->ndims), seen |= 4;
        else
            rc = fail(c, EXATTN_EFIELD, at, "the .npy header: unknown key "
                      "'%.20s'", key);
        if (rc != EXATTN_OK)
            return rc;
        blanks(c);
        if (c->at < c->len && c->p[c->at] == ',')
            c->at++;
    }
    if (seen != 7)
        return fail(c, EXATTN_EFIELD, c->at, "the .npy header: 'descr', "
                    "'fortran_order' and 'shape' are needed");
    blanks(c);
    if (c->at != c->len)
        return fail(c, EXATTN_ESYNTAX, c->at, "the .npy header: bytes "
                    "after the dict");
    return EXATTN_OK;
}

/* ---- the values ------------------------------------------------------- */

/* The float of `bytes` bytes at p (byte order big or little), exactly;
 * EXATTN_EDOMAIN for a NaN or an infinity. */
static int
decode(double *out, const unsigned char *p, size_t bytes, int big,
       const exattn_float_format *fmt)
{
    unsigned long long bits = 0;
    unsigned mant_bits = fmt->precision - 1;
    unsigned exp_bits = (unsigned)(8 * bytes) - 1 - mant_bits;
    unsigned long long mant, exp, all = (1ULL << exp_bits) - 1;
    size_t k;
    long shift;
    int negative;

    for (k = 0; k < bytes; k++)
        bits |= (unsigned long long)p[big ? k : bytes - 1 - k]
                << (8 * (bytes - 1 - k));
    negative = (int)(bits >> (8 * bytes - 1)) & 1;
    exp = (bits >> mant_bits) & all;
    mant = bits & ((1ULL << mant_bits) - 1);
    if (exp == all)
        return EXATTN_EDOMAIN;
    if (exp == 0)
        shift = fmt->emin - (long)mant_bits;        /* subnormal, or 0 */
    else
    {
        mant |= 1ULL << mant_bits;
        shift = (long)exp - fmt->emax - (long)mant_bits;
    }
    /* mant < 2^53 converts exactly, and mant 2^shift is a double: ldexp
     * is exact */
    *out = ldexp((double)mant, (int)shift);
    if (negative)
        *out = -*out;
    return EXATTN_OK;
}

static size_t
width(const exattn_float_format *fmt)
{
    return fmt->precision == 53 ? 8 : fmt->precision == 24 ? 4 : 2;
}

static int
read_values(cursor *c, exattn_npy *out, const header *h,
            const unsigned char *data, size_t len, size_t max_values)
{
    size_t n = out->rows * out->cols, bytes = width(out->format), i, r, k;

    if (n == 0)
        return fail(c, EXATTN_ESHAPE, len, "no values (a dimension is 0)");
    if (n > max_values)
        return fail(c, EXATTN_ELIMIT, 0, "more than %zu values", max_values);
    if (len / bytes != n || len % bytes != 0)
        return fail(c, EXATTN_ESHAPE, c->len + len, "%zu bytes of values for "
                    "a shape of %zu values of %zu bytes (%s)", len, n, bytes,
                    len < n * bytes ? "the file is truncated"
                                    : "bytes after the values");
    if ((out->values = malloc(n * sizeof *out->values)) == NULL)
        return fail(c, EXATTN_ENOMEM, 0, "out of memory");
    for (i = 0; i < n; i++)
    {
        /* the i-th stored value; Fortran order stores columns first */
        r = h->fortran ? i % out->rows : i / out->cols;
        k = h->fortran ? i / out->rows : i % out->cols;
        if (decode(&out->values[r * out->cols + k], data + i * bytes, bytes,
                   h->big, out->format) != EXATTN_OK)
            return fail(c, EXATTN_EDOMAIN, c->len + i * bytes, "value %zu "
                        "is a NaN or an infinity: no exact value to grade",
                        i + 1);
    }
    return EXATTN_OK;
}

int
exattn_npy__read(exattn_npy *out, const unsigned char *data, size_t len,
                 const char *name, size_t max_values, exattn_error_t *err)
{
    cursor c = { data, 0, 0, name ? name : "<npy>", err };
    header h;
    size_t hlen, start;
    int rc;

    memset(out, 0, sizeof *out);
    memset(&h, 0, sizeof h);
    if (len < MAGIC_LEN + 4 || memcmp(data, MAGIC, MAGIC_LEN) != 0)
        return fail(&c, EXATTN_ESYNTAX, 0, "not a .npy file (no \\x93NUMPY "
                    "at its start)");
    if (data[6] < 1 || data[6] > 3)
        return fail(&c, EXATTN_ESYNTAX, 6, ".npy format version %u.%u "
                    "(exattn reads 1 to 3)", data[6], data[7]);
    if (data[6] == 1)
    {
        hlen = (size_t)data[8] | (size_t)data[9] << 8;
        start = 10;
    }
    else
    {
        if (len < 12)
            return fail(&c, EXATTN_ESYNTAX, len, "the .npy header is cut "
                        "short");
        hlen = (size_t)data[8] | (size_t)data[9] << 8
               | (size_t)data[10] << 16 | (size_t)data[11] << 24;
        start = 12;
    }
    if (hlen > len - start)
        return fail(&c, EXATTN_ESYNTAX, len, "the .npy header is cut short "
                    "(%zu bytes said, %zu left)", hlen, len - start);
    c.at = start;
    c.len = start + hlen;
    if ((rc = read_header(&c, out, &h)) != EXATTN_OK)
        return rc;
    out->dims = (unsigned)h.ndims;
    out->rows = h.ndims == 2 ? h.dims[0] : 1;
    out->cols = h.ndims == 0 ? 1 : h.dims[h.ndims - 1];
    if (h.ndims == 2 && h.dims[1] != 0 && h.dims[0] > (size_t)-1 / h.dims[1])
        return fail(&c, EXATTN_ELIMIT, start, "a shape too large");
    rc = read_values(&c, out, &h, data + c.len, len - c.len, max_values);
    if (rc != EXATTN_OK)
        exattn_npy__clear(out);
    return rc;
}

/* The path of a file that `beside_file` names: beside it, unless
 * absolute (standard input's, "<stdin>": from the working directory). */
static char *
beside(const char *results, const char *file)
{
    const char *slash = strrchr(results, '/');
    exattn_sbuf b;

    exattn_sbuf__init(&b);
    if (file[0] != '/' && slash != NULL && results[0] != '<')
        exattn_sbuf__putn(&b, results, (size_t)(slash - results) + 1);
    exattn_sbuf__puts(&b, file);
    return exattn_sbuf__take(&b);
}

/* The whole file at `path`, within `max` bytes; NULL with *why. */
static unsigned char *
slurp(const char *path, size_t max, size_t *len, const char **why)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL, *grown;
    size_t cap = 0, n = 0, got;

    *why = "cannot open it";
    if (f == NULL)
        return NULL;
    for (;;)
    {
        if (n == cap)
        {
            cap = cap ? 2 * cap : 65536;
            if (cap > max + 1 || (grown = realloc(buf, cap)) == NULL)
            {
                *why = cap > max + 1 ? "too large" : "out of memory";
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = grown;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f))
    {
        *why = "cannot read it";
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = n;
    return buf;
}

int
exattn_npy__read_file(exattn_npy *out, const char *beside_file,
                      const char *file, size_t max_values,
                      exattn_error_t *err)
{
    char *path = beside(beside_file ? beside_file : "", file);
    unsigned char *data;
    const char *why;
    size_t len;
    int code;

    memset(out, 0, sizeof *out);
    if (path == NULL)
        return exattn_error__set(err, EXATTN_ENOMEM, file, 0, 0,
                                 "out of memory");
    /* a float is at most 8 bytes, the header at most 64 KiB and a bit */
    data = slurp(path, 8 * max_values + 70000, &len, &why);
    if (data == NULL)
        code = exattn_error__set(err, EXATTN_EIO, path, 0, 0, "%s", why);
    else
        code = exattn_npy__read(out, data, len, path, max_values, err);
    free(data);
    free(path);
    return code;
}

void
exattn_npy__clear(exattn_npy *n)
{
    free(n->values);
    memset(n, 0, sizeof *n);
}
