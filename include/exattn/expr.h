/* Expressions: the language of `exattn eval` and of claims.  Integers,
 * exact decimals, p/q, + - * / ^, unary minus, parentheses (or braces),
 * e, e^x, exp, sqrt (or √), sin, cos, ln; "·" and "×" multiply.
 * Exactness is decided when the expression is built: rational arithmetic
 * and the functions at their rational points (e^0, ln 1, sqrt 9/4, ...)
 * are exact; anything else is named and evaluated only on request. */
#ifndef EXATTN_EXPR_H
#define EXATTN_EXPR_H

#include <stddef.h>
#include <gmp.h>
#include <mpfr.h>
#include <exattn/error.h>
#include <exattn/row.h>

typedef struct exattn_expr exattn_expr;

/* Default limits (exattn_limits_t's max_expr_length, max_expr_depth): an
 * expression longer or nested deeper is refused (EXATTN_ELIMIT). */
#define EXATTN_EXPR_MAX_LENGTH 10000
#define EXATTN_EXPR_MAX_DEPTH 200

/* Parse `len` bytes of `text`.  `name` is used in messages ("expression"
 * when NULL); columns count characters from 1.  Errors: EXATTN_ESYNTAX,
 * EXATTN_EDOMAIN (an exact division by zero, sqrt of a negative number,
 * ln of a non-positive number, a negative base with a fractional
 * exponent), EXATTN_ELIMIT (too long, too deep, an exact result too large
 * to represent), EXATTN_ENOMEM. */
EXATTN_WUR int exattn_expr_parse(exattn_expr **out, const char *text,
                                 size_t len, const char *name,
                                 exattn_error_t *err);
/* The same under other limits (NULL: EXATTN_LIMITS_INIT): expression
 * length and nesting, the size of exact results in bits, the exponent
 * and digits of number literals. */
EXATTN_WUR int exattn_expr_parse_limited(exattn_expr **out,
                                         const char *text, size_t len,
                                         const char *name,
                                         const exattn_limits_t *limits,
                                         exattn_error_t *err);
void exattn_expr_free(exattn_expr *e);

/* EXATTN_EXACT when the value is a rational the parser proved. */
exattn_status_t exattn_expr_status(const exattn_expr *e);

/* The exact value; EXATTN_ENOTEXACT for a named expression. */
EXATTN_WUR int exattn_expr_get_mpq(mpq_t out, const exattn_expr *e);

/* The expression in named form, with the fewest parentheses
 * (EXATTN_TEXT) or in LaTeX (EXATTN_LATEX).  Release with exattn_free(). */
char *exattn_expr_get_str(const exattn_expr *e, unsigned flags);

/* The certified decimal, `digits` digits after the point, ties away from
 * zero; as exattn_row_eval_decimal (EXATTN_EUNABLE "undecided at P bits",
 * EXATTN_EDOMAIN for a named argument proved outside a function's domain,
 * EXATTN_ELIMIT for a value too large to print). */
EXATTN_WUR int exattn_expr_get_decimal(char **out, int *exact,
                                       const exattn_expr *e,
                                       unsigned long digits,
                                       mpfr_prec_t max_prec,
                                       exattn_error_t *err);

#endif
