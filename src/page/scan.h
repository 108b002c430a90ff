/* The page reader's scanner, shared by its files (numbers.c, scan.c,
 * operands.c, lex.c, terms.c): a number as lexed, the scanner over the
 * cleaned text, the character and number lexing, and the rules that make
 * a number part of a formula rather than a result.  Private to
 * src/page. */
#ifndef EXATTN_PAGE_SCAN_H
#define EXATTN_PAGE_SCAN_H

#include "page/page.h"

/* A number as lexed, before the audit keeps it or not. */
typedef struct
{
    size_t start, end;          /* in the cleaned text */
    size_t count, cap;          /* entries, and room for them */
    char **values;
    unsigned char *decimal;
    size_t *from, *to;          /* each entry's text, in the cleaned text */
    int vector;
    int factor;                 /* a factor of a product (w_1[1 0]) */
} lexeme;

typedef struct
{
    const exattn_page_clean *c;
    const char *t;
    size_t len;
    lexeme *lx;
    size_t count, cap;
    int oom;
    /* where the last number was, so that positions are counted once:
     * numbers come in page order */
    size_t at;
    unsigned long line, column;
} scanner;

/* Characters and numbers (lex.c). */
unsigned long exattn_page__code_point(const char *t, size_t len, size_t i,
                                      size_t *n);
int exattn_page__is_letter_cp(unsigned long cp);
unsigned long exattn_page__before(const scanner *s, size_t i);
size_t exattn_page__skip_spaces(const scanner *s, size_t i);
size_t exattn_page__sign_at(const scanner *s, size_t i);
size_t exattn_page__number_at(const scanner *s, size_t i, exattn_sbuf *text,
                              int *decimal);
int exattn_page__attached_after(const scanner *s, size_t k);
size_t exattn_page__skip_argument(const scanner *s, size_t i);

/* Parts of formulas (terms.c). */
int exattn_page__after_relation(const scanner *s, size_t i);
int exattn_page__vector_factor(const scanner *s, size_t i);
int exattn_page__range_end(const scanner *s, size_t i, size_t end);
size_t exattn_page__set_at(const scanner *s, size_t i);
int exattn_page__formula_term(const scanner *s, size_t i, size_t end);
int exattn_page__argument_of(const scanner *s, size_t i, size_t end);

/* ---- the scan (scan.c) ------------------------------------------------ */

/* The lexemes of s->t, into s->lx. */
void exattn_page__scan(scanner *s);

/* ---- the page's arithmetic (operands.c) ------------------------------- */

/* "2.028/5.056" when lexeme r is `=` a chain of scalar lexemes joined by
 * operators on its line; else NULL. */
char *exattn_page__arithmetic(const scanner *s, size_t r);
/* Is lexeme k joined to a neighbour by an arithmetic operator (not "=")? */
int exattn_page__operand(const scanner *s, size_t k);

#endif
