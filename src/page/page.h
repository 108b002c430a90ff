/* Reading the numbers a lesson page prints (exattn audit): Markdown, HTML,
 * LaTeX or plain text, in two steps.  The page is first cleaned
 * (src/page/clean.c): code, tags, comments, URLs and the visual copy of
 * rendered math are dropped, entities decoded, and every byte kept
 * remembers where it was and whether it is prose or math.  The numbers
 * are then read from the cleaned text (src/page/numbers.c). */
#ifndef EXATTN_PAGE_PAGE_H
#define EXATTN_PAGE_PAGE_H

#include "internal.h"
#include <exattn/audit.h>

/* A marker: an invisible comment naming what the next number is. */
typedef struct
{
    size_t at;                  /* position in the cleaned text */
    size_t origin;              /* byte offset of the comment in the page */
    char *text;                 /* "weights[rises][1] digits=3" */
} exattn_page_marker;

/* Where a byte of prose stands: in a heading, a link's text or an
 * image's alt text, whose numbers are never results (docs/cli.md). */
enum
{
    EXATTN_PAGE_IN_HEADING = 1,
    EXATTN_PAGE_IN_LINK = 2,
    EXATTN_PAGE_IN_ALT = 4,
    EXATTN_PAGE_IN_CODE = 8     /* inline code, kept for the words around
                                   a number (a label `tea`), never read
                                   for numbers */
};

/* A heading of the cleaned page: its text [from, to), its level (1 for
 * <h1>, "#" and \chapter; 0 for a title) and the heading it stands
 * under, or (size_t)-1. */
typedef struct
{
    size_t from, to;
    int level;
    size_t parent;
} exattn_page_heading;

/* The page cleaned: text[i] came from byte off[i] of the page, is math
 * when math[i], and stands where where[i] says (EXATTN_PAGE_IN_...). */
typedef struct
{
    exattn_sbuf text;
    size_t *off;
    unsigned char *math;
    unsigned char *where;
    unsigned char context;      /* where what is put now stands */
    size_t cap;
    exattn_page_marker *markers;
    size_t marker_count, marker_cap;
    exattn_page_heading *headings;  /* in page order */
    size_t heading_count, heading_cap;
    int heading_started, heading_level;
    int oom;
} exattn_page_clean;

int exattn_page__clean(exattn_page_clean *out, const char *file,
                       const char *page, size_t len, exattn_page_format fmt,
                       exattn_error_t *err);
void exattn_page__clean_clear(exattn_page_clean *c);

/* Append to the cleaned text (clean.c), for the readers of each format. */
void exattn_page__put(exattn_page_clean *c, const char *s, size_t n,
                      size_t origin, int math);

/* One number (or vector of numbers) the page prints. */
typedef struct
{
    unsigned long line, column;  /* of its first character, 1-based;
                                    columns count characters */
    size_t start, end;           /* its bytes in the page */
    size_t count;                /* entries: 1, or a vector's */
    char **values;               /* each as written, in ASCII: "0.284",
                                    "-1", "5/4" (a \frac too) */
    unsigned char *decimal;      /* each: written with a decimal point */
    size_t *entry_start, *entry_end; /* each entry's bytes in the page */
    int math;                    /* inside math */
    int exactly;                 /* the page says "exactly" */
    int approx;                  /* ≈, \approx, "approximately" before it */
    char *marker;                /* the marker before it, or NULL */
    const char *mention;         /* why it is no result whatever its
                                    value ("a heading's number", "a
                                    reference: Figure 4.3"), or NULL */
    char *subject;               /* what the page sets equal to it: the
                                    symbol or word before "=", "≈" or
                                    ":" ("w_{1,2}", "N"), or NULL */
    char *matrix_subject;        /* in a matrix, what the matrix is set
                                    equal to ("W_1" in W_1 =
                                    \begin{bmatrix}..), or NULL */
    char *subject_form;          /* a formula's subject as the page's
                                    generic definition of its letter
                                    reads it (formulas.c), or NULL */
    char *lead;                  /* the words before it in its sentence
                                    (math between $), a table cell's
                                    column heading and row label, or
                                    NULL */
    char *tail;                  /* the words after it in its clause */
    char *row_head, *column_head;    /* a table cell's row label (its
                                        first cell) and its column's
                                        heading, or NULL */
    char *table_about;           /* the text before its table and the
                                    table's corner cell, or NULL */
    size_t sentence;             /* where its sentence starts in the
                                    cleaned text */
    char *times;                 /* the value it multiplies: a value's
                                    symbol ("v_{\\text{the}}"), "(vector)"
                                    for a vector, or NULL */
    char *section;               /* the headings it stands under,
                                    outermost first ("Variant: zero
                                    query / Query 1: grid"), or NULL */
    int formula;                 /* a named formula: values[0] is its
                                    expression (exattn's syntax) */
    int operand;                 /* an operand of the page's arithmetic
                                    ("0.24" in "0.24 / 3.27 = 0.0734") */
    char *arithmetic;            /* the page's own arithmetic when the
                                    number is its result ("2.028/5.056"
                                    in "2.028 / 5.056 = 0.401"), in
                                    exattn's expression syntax; or NULL */
} exattn_page_number;

typedef struct
{
    exattn_page_number *items;
    size_t count, cap;
} exattn_page;

/* The length of the math spacing at t[i] ("\\,", "\\quad", "~": read as
 * a space; stop: the end), or 0 (subject.c). */
size_t exattn_page__gap(const char *t, size_t i, size_t stop);
/* A round bracket `c` at t[k], bare or sized (\left( \right), \bigl(
 * \bigr), \Bigg( ...): its length, or 0 (subject.c). */
size_t exattn_page__bracket(const char *t, size_t k, size_t stop, char c);

/* Around a number at [start, end) of the cleaned text: why it is a
 * mention whatever its value, or NULL, and whether the text between two
 * numbers only joins references ("Figures 2 and 3") (context.c); the
 * words before it in its sentence or table (math between $) and the
 * words after it in its clause (words.c); what the page sets equal to it
 * ("w_{1,2}" in "w_{1,2} = 0.28"), or NULL (subject.c). */
const char *exattn_page__mention(const exattn_page_clean *c, size_t start,
                                 size_t end);
int exattn_page__joins_references(const exattn_page_clean *c, size_t from,
                                  size_t to);
char *exattn_page__lead(const exattn_page_clean *c, size_t start);
size_t exattn_page__sentence_start(const exattn_page_clean *c,
                                   size_t start);
char *exattn_page__tail(const exattn_page_clean *c, size_t end);
/* The value the number at [.., end) multiplies: "0.88\\,v_{the}",
 * "\\frac{1}{2}(4, 0)"; NULL when it multiplies nothing. */
char *exattn_page__factor_after(const exattn_page_clean *c, size_t end);
/* A table cell's row label, its column's heading and what the table is
 * of (the text before it and its corner cell); all NULL when the number
 * is in no table's body or in its first column. */
int exattn_page__table_heads(const exattn_page_clean *c, size_t at,
                             char **row, char **column, char **about);
char *exattn_page__subject(const exattn_page_clean *c, size_t start);

/* The headings a position stands under, outermost first, joined by
 * " / " ("Variant: zero query / Query 1: grid"), or NULL when none
 * (context.c); exattn_page__nest_headings links them first. */
char *exattn_page__section(const exattn_page_clean *c, size_t at);
void exattn_page__nest_headings(exattn_page_clean *c);

/* The subject of the matrix holding the number at `start` -- what the
 * page sets \begin{bmatrix}..\end{bmatrix} equal to -- or NULL (also
 * when out of memory; subject.c). */
char *exattn_page__matrix_subject(const exattn_page_clean *c, size_t start);

/* The start of the line holding k in the cleaned text, and its end
 * (its newline, or the text's end; words.c). */
size_t exattn_page__line_start(const exattn_page_clean *c, size_t k);
size_t exattn_page__line_stop(const exattn_page_clean *c, size_t k);

/* A value of a plain-text table set by spaces (aligned.c): the label of
 * its row at [*row_a, *row_z), its column's heading at [*col_a, *col_z),
 * and where the table's heading line starts; 0 when `at` is no value of
 * such a table. */
int exattn_page__aligned_cell(const exattn_page_clean *c, size_t at,
                              size_t *row_a, size_t *row_z, size_t *col_a,
                              size_t *col_z, size_t *top);

/* A named formula of the page (formulas.c): a piece of math in closed
 * form ("\frac{e^{1}}{e^{1}+e^{2}}"), at [from, to) of the cleaned text,
 * in exattn's expression syntax; the piece a relation sets it equal to,
 * or subject_to == 0. */
typedef struct
{
    size_t from, to;
    size_t subject_from, subject_to;
    char *expr;
    char *subject_form;         /* the subject read through the page's
                                   generic definition of its letter, in
                                   exattn's syntax, or NULL */
    int prose;                  /* written outside math */
    size_t entry;               /* its place, from 1, in a vector set
                                   equal to the subject ("u = (f1, f2)");
                                   0 when it stands alone */
} exattn_page_formula;

/* The formulas found so far, and the one way to add to them. */
typedef struct
{
    exattn_page_formula *items;
    size_t count, cap;
    int oom;
    /* values the page sets a symbol of a generically defined letter to
     * ("A_{12} \approx 1.25"): no formulas, expr NULL, subject_form the
     * symbol read through that definition */
    exattn_page_formula *values;
    size_t value_count, value_cap;
} exattn_page_formula_list;

void exattn_page__formula_push(exattn_page_formula_list *l,
                               const exattn_page_clean *c, size_t from,
                               size_t to, char *expr, size_t subject_from,
                               size_t subject_to, int prose);

/* The named formulas of the page's prose (prose_formulas.c):
 * exp(1)/(exp(1)+exp(2)), e^{√2}/(e^{√2}+1); 0 when out of memory. */
int exattn_page__prose_formulas(exattn_page_formula_list *l,
                                const exattn_page_clean *c);

/* The symbols a page defines in closed form (symbols.c): "Z_{1}" bound
 * to "(e^(1)+e^(2))", its latest definition; named when the form is
 * irrational (an exponential, a root, a function). */
#define EXATTN_PAGE_SYMBOL_MAX 96
typedef struct exattn_page_symbols exattn_page_symbols;
exattn_page_symbols *exattn_page__symbols_new(void);
void exattn_page__symbols_free(exattn_page_symbols *t);
int exattn_page__symbols_define(exattn_page_symbols *t, const char *name,
                                size_t n, const char *expr, int named);
/* Forget a symbol's definition: the page says it is only bounded now
 * ("\varepsilon > 0"), so an earlier value no longer holds. */
void exattn_page__symbols_forget(exattn_page_symbols *t, const char *name,
                                 size_t n);
const char *exattn_page__symbols_find(const exattn_page_symbols *t,
                                      const char *name, size_t n,
                                      int *named);

/* A generic subject (generic.c): "s_{ij}" is the letter "s" with the
 * index variables i and j. */
#define EXATTN_PAGE_VARS 3
typedef struct
{
    char base[64];              /* spaces removed: "s", "\\alpha" */
    char vars[EXATTN_PAGE_VARS];
    size_t count;
} exattn_page_generic;

/* Is [s, s + n) a generic subject?  1 and g filled, or 0. */
int exattn_page__generic_subject(exattn_page_generic *g, const char *s,
                                 size_t n);
/* Does the body [body, body + n) use g's variables in a subscript (the
 * q_i of s_{ij} = q_i^\top k_j; not d_k = 2)? */
int exattn_page__generic_uses(const exattn_page_generic *g, const char *body,
                              size_t n);
/* The body of g's definition at the concrete symbol [sym, sym + n)
 * (s_{2,1}, s_{21}): its subscripts' variables replaced by the symbol's
 * indices ("q_{2}^\\top k_{1}"); NULL when the symbol is no instance of
 * g, or out of memory. */
char *exattn_page__generic_at(const exattn_page_generic *g, const char *body,
                              const char *sym, size_t n);
/* Keep g's definition [body, body + n) as the page's latest for its
 * letter (symbols.c); 0 when out of memory. */
int exattn_page__symbols_generic(exattn_page_symbols *t,
                                 const exattn_page_generic *g,
                                 const char *body, size_t n);
/* The symbol [sym, sym + n) read through the page's latest generic
 * definition of its letter: that definition's body at its index, or
 * NULL when there is none. */
char *exattn_page__symbols_instance(const exattn_page_symbols *t,
                                    const char *sym, size_t n);

/* A formula's indexed symbol that the page never defined (w_{2,1},
 * H^{(1)}_{2,1}, Z_{\text{rises}}: an index of digits or labels, or a
 * sum's own index letter, no other generic i or j; \varepsilon; in prose
 * exattn's text notation, a[2,1], Z9) is kept as written, between these
 * two bytes, for the reader of the formula to resolve:
 * "(\x01a_{2,1}\x02+1)". */
#define EXATTN_PAGE_FREE_SYMBOL "\x01\x02"
/* One the page did define is kept with its definition after this byte:
 * "\x01Z_{1}\x03(e^(1)+e^(2))\x02" (definitions may nest). */
#define EXATTN_PAGE_DEFINED "\x03"
/* One whose letter the page defined generically (s_{ij} = q_i^\top k_j)
 * is kept with that definition at its index after this byte:
 * "\x01s_{2,1}\x04(\x01q_{2}\x02*\x01k_{1}\x02)\x02" -- the page's
 * meaning of the letter, read in place of the lesson's when the reader
 * can read it. */
#define EXATTN_PAGE_GENERIC "\x04"
/* A sum over an index is kept with its index, range and body for the
 * reader to write out term by term: "\x05k\x06A_{9}\x06BODY\x07" for
 * \sum_{k \in A_9} (the lesson's set: row 9's allowed keys),
 * "\x05j\x061..3\x06BODY\x07" for \sum_{j=1}^{3}; in BODY the index stands
 * as written in the symbols (\x01s_{9,k}\x02). */
#define EXATTN_PAGE_SUM "\x05\x06\x07"

/* A formula's expression as a report shows it: each kept symbol as the
 * page writes it, its markers (and a definition kept with it) left out,
 * a sum as "sum(k in A_{9}: body)"; NULL when out of memory
 * (symbols.c). */
char *exattn_page__formula_plain(const char *expr);

/* Every named formula of the cleaned page, in page order, and the values
 * set equal to a symbol of a generically defined letter (the `values` of
 * exattn_page_formula_list), in page order; 0 when out of memory. */
int exattn_page__formulas(exattn_page_formula **out, size_t *count,
                          exattn_page_formula **values, size_t *value_count,
                          const exattn_page_clean *c);

/* Every number of the page a reader would take as a result. */
int exattn_page__read(exattn_page *out, const char *file, const char *page,
                      size_t len, exattn_page_format fmt,
                      exattn_error_t *err);
void exattn_page__clear(exattn_page *p);

/* Line and column of byte `at` of the page. */
void exattn_page__position(const char *page, size_t at, unsigned long *line,
                           unsigned long *column);

#endif
