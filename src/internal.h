/* Internal declarations of the bottom layer that every module may use:
 * errors, strings, JSON trees, matrices of rationals, number texts.  The
 * models of the layers above live with the folders that own them
 * (lesson/model.h, row/model.h).  Names are exattn_<module>__<name>;
 * nothing here is exported (the library is linked with
 * -export-symbols-regex '^exattn_[a-z]+_[a-z]' and these names carry a
 * double underscore, see Makefile.am). */
#ifndef EXATTN_INTERNAL_H
#define EXATTN_INTERNAL_H

#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <gmp.h>
#include "exattn.h"

#if defined(__GNUC__)
#define EXATTN_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define EXATTN_PRINTF(a, b)
#endif

/* ---- errors (src/util/error.c) ----------------------------------------- */

/* Fill `err` (may be NULL) and return `code`. */
int exattn_error__set(exattn_error_t *err, int code, const char *file,
                      unsigned long line, unsigned long column,
                      const char *fmt, ...) EXATTN_PRINTF(6, 7);
/* Set only the code and message, leaving the position to the caller. */
int exattn_error__msg(exattn_error_t *err, int code, const char *fmt, ...)
    EXATTN_PRINTF(3, 4);

/* ---- UTF-8 (src/util/utf8.c) ------------------------------------------- */

/* The length of the valid UTF-8 sequence at p (left bytes remain), or 0
 * when it is not one: overlong forms, surrogates and code points above
 * U+10FFFF are invalid too. */
size_t exattn_utf8__sequence(const unsigned char *p, size_t left);
/* The characters of [s, s + n): code points, continuation bytes aside
 * (a column each in a terminal: "√" is one). */
size_t exattn_utf8__count(const char *s, size_t n);

/* ---- growable strings (src/util/sbuf.c) --------------------------------- */

typedef struct
{
    char *s;
    size_t len;
    size_t cap;
    int oom;        /* sticky: a failed allocation (2: a failed write to
                       the spool); s stays valid */
    FILE *spool;    /* NULL, or the bytes before s (exattn_sbuf__spool) */
} exattn_sbuf;

void exattn_sbuf__init(exattn_sbuf *b);
/* A report is written whole or not at all, and a report of half a
 * million graded values is a hundred megabytes: past `limit` bytes, what
 * b holds moves to a temporary file, which exattn_sbuf__flush writes out
 * first (and exattn_sbuf__clear discards).  Without a temporary file the
 * bytes stay in memory.  A spooled buffer is flushed, never taken. */
void exattn_sbuf__spool(exattn_sbuf *b, size_t limit);
#define EXATTN_SPOOL_LIMIT ((size_t)4 << 20)
void exattn_sbuf__clear(exattn_sbuf *b);
void exattn_sbuf__putn(exattn_sbuf *b, const char *s, size_t n);
void exattn_sbuf__puts(exattn_sbuf *b, const char *s);
void exattn_sbuf__printf(exattn_sbuf *b, const char *fmt, ...)
    EXATTN_PRINTF(2, 3);
void exattn_sbuf__size(exattn_sbuf *b, size_t v);
void exattn_sbuf__mpz(exattn_sbuf *b, const mpz_t z);
void exattn_sbuf__mpq(exattn_sbuf *b, const mpq_t q);
void exattn_sbuf__mpq_latex(exattn_sbuf *b, const mpq_t q);
/* The same with another fraction command ("\\tfrac"). */
void exattn_sbuf__mpq_latex_with(exattn_sbuf *b, const mpq_t q,
                                 const char *frac);
/* A copy of s (malloc), NULL when out of memory. */
char *exattn_str__dup(const char *s);
/* Text inside \text{...}, LaTeX's special characters escaped; text in
 * a % comment (line breaks become spaces). */
void exattn_sbuf__latex_text(exattn_sbuf *b, const char *s);
/* A label as a LaTeX subscript: itself when `plain` (the default labels
 * 1, 2, ...), "\text{rises}" otherwise. */
void exattn_sbuf__latex_label(exattn_sbuf *b, const char *label, int plain);
/* The width of LaTeX math s when set at 10 pt, estimated in points from
 * its text (src/util/latex_width.c); it errs wide. */
double exattn_latex__width(const char *s);
/* Text in Markdown (CommonMark): the characters that would start markup
 * escaped with a backslash; a line break as a space. */
void exattn_sbuf__markdown_text(exattn_sbuf *b, const char *s);
void exattn_sbuf__latex_comment(exattn_sbuf *b, const char *s);
/* s as a JSON string, quoted and escaped. */
void exattn_sbuf__json(exattn_sbuf *b, const char *s);
/* Write the buffer to `f` and empty it; EXATTN_ENOMEM if a build failed,
 * EXATTN_EIO if the write did. */
int exattn_sbuf__flush(exattn_sbuf *b, FILE *f, const char *file,
                       exattn_error_t *err);
/* Hand the string to the caller (NULL if an allocation failed). */
char *exattn_sbuf__take(exattn_sbuf *b);

/* ---- JSON tree with positions (src/json/tree.c) ------------------------- */

typedef enum
{
    EXATTN_J_NULL,
    EXATTN_J_BOOL,
    EXATTN_J_NUMBER,    /* `text` holds the literal exactly as written */
    EXATTN_J_STRING,
    EXATTN_J_ARRAY,
    EXATTN_J_OBJECT
} exattn_jkind;

typedef struct exattn_jnode exattn_jnode;

/* A row of numbers packed (exattn_json__parse_rows): each number's place
 * and its text in one block, NUL-terminated -- 20 bytes a number where
 * a node of its own takes 130. */
typedef struct
{
    uint32_t line, column, off, len;
} exattn_jnum;

typedef struct
{
    exattn_jnum *nums;
    size_t cap;
    char *text;
    size_t text_len, text_cap;
} exattn_jrow;

struct exattn_jnode
{
    exattn_jkind kind;
    unsigned long line, column;     /* where the value starts */
    char *text;                     /* number literal or string (UTF-8) */
    size_t len;
    int boolean;
    size_t count;                   /* array items or object members */
    size_t cap;
    exattn_jnode **items;           /* values */
    exattn_jnode **keys;            /* object member names (STRING nodes) */
    exattn_jrow *row;               /* an array of `count` numbers packed:
                                       `items` NULL; read them with
                                       exattn_json__item */
};

/* Parse `len` bytes; `name` is used in messages.  Rejects malformed JSON,
 * duplicate member names and nesting deeper than `max_depth`. */
int exattn_json__parse(exattn_jnode **out, const char *data, size_t len,
                       const char *name, size_t max_depth,
                       exattn_error_t *err);
/* As exattn_json__parse, with every array of numbers that is an item of
 * an array (a matrix's row) packed: a real head's lesson holds 786,432
 * numbers.  Its readers take items with exattn_json__item. */
int exattn_json__parse_rows(exattn_jnode **out, const char *data,
                            size_t len, const char *name, size_t max_depth,
                            exattn_error_t *err);
/* Item i of an array, packed or not: a packed number is written into
 * *scratch, valid until *scratch is used again. */
const exattn_jnode *exattn_json__item(const exattn_jnode *array, size_t i,
                                      exattn_jnode *scratch);
void exattn_json__free(exattn_jnode *node);
/* Member `key` of an object node, or NULL. */
const exattn_jnode *exattn_json__get(const exattn_jnode *obj,
                                     const char *key);
const char *exattn_json__kind_name(exattn_jkind kind);

/* ---- matrices of rationals (src/util/matrix.c) -------------------------- */

/* The public exattn_doc_matrix (include/exattn/doc.h): rows*cols entries,
 * row-major; NULL when empty. */
typedef exattn_doc_matrix exattn_matrix;

void exattn_matrix__init(exattn_matrix *m);
int exattn_matrix__alloc(exattn_matrix *m, size_t rows, size_t cols);
void exattn_matrix__clear(exattn_matrix *m);
int exattn_matrix__copy(exattn_matrix *dst, const exattn_matrix *src);
/* out = a * b; shapes already checked (a->cols == b->rows). */
int exattn_matrix__mul(exattn_matrix *out, const exattn_matrix *a,
                       const exattn_matrix *b);
/* Entries of 64-bit integers (`ints`) when every one is, else rationals
 * (`a`).  A reader takes an entry as a read-only rational either way:
 * `a`'s own, or an integer of `ints` seen through *view (GMP's
 * mpz_roinit_n over the view's limbs: never written nor cleared), valid
 * while *view is.  EXATTN_AT does so with a view of the enclosing block
 * (a compound literal): its pointer must not outlive that block, nor be
 * kept from one pass of a loop to the next, where the view is made
 * again -- copy the entry (mpq_set) to keep it.  EXATTN_ENTRY is an
 * entry to write, of a matrix held as rationals (made so by
 * exattn_matrix__alloc or exattn_matrix__rationals). */
typedef struct
{
    mpq_t q;
    mp_limb_t num[64 / GMP_NUMB_BITS + 1];
    mp_limb_t one;
} exattn_qview;

mpq_srcptr exattn_matrix__get(const exattn_matrix *m, size_t i,
                              exattn_qview *view);
/* Hold m's entries as rationals (a no-op when it already does), so that
 * they may be written. */
int exattn_matrix__rationals(exattn_matrix *m);
/* m as rows*cols integers, all 0; EXATTN_ENOMEM. */
int exattn_matrix__alloc_ints(exattn_matrix *m, size_t rows, size_t cols);
#define EXATTN_AT_I(m, i) exattn_matrix__get((m), (i), &(exattn_qview){0})
#define EXATTN_AT(m, r, c) EXATTN_AT_I((m), (r) * (m)->cols + (c))
#define EXATTN_ENTRY(m, r, c) ((m)->a[(r) * (m)->cols + (c)])

/* exattn_mpq_set_text with another limit on exponents and digits
 * (src/num/parse.c). */
int exattn_num__set_text(mpq_t out, const char *text, size_t len,
                         long max_exponent, exattn_error_t *err);

/* z = v and the value of z (which must fit in an int64_t), whatever the
 * width of long (src/num/int64.c). */
void exattn_num__set_int64(mpz_t z, int64_t v);
int64_t exattn_num__get_int64(const mpz_t z);

/* 1/sqrt(d) = coef * sqrt(surd) with surd square-free (src/num/surd.c).
 * d must be a positive rational. */
int exattn_num__inv_sqrt(mpq_t coef, unsigned long *surd, const mpq_t d);

/* c*sqrt(s) on one line, "3√2/2" ("3\sqrt{2}/2" for tex): the canonical
 * form of a scaled score in an exponent (src/num/surd.c). */
void exattn_num__put_surd(exattn_sbuf *b, mpq_srcptr c, unsigned long s,
                          int tex);

#endif
