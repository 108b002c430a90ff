/* Printers: a whole derivation of a lesson, its variants and blends,
 * written row by row to a stream. */
#ifndef EXATTN_WRITE_H
#define EXATTN_WRITE_H

#include <stdio.h>
#include <mpfr.h>
#include <exattn/error.h>
#include <exattn/lesson.h>

/* What to print beside the exact and named forms. */
typedef struct
{
    unsigned version;       /* EXATTN_WRITE_OPTS_VERSION */
    unsigned long digits;   /* certified decimals with this many digits
                               after the point (the type of every digits
                               argument of the API); EXATTN_DIGITS_NONE:
                               none */
    mpfr_prec_t max_prec;   /* precision cap in bits; 0: the default of
                               exattn_row_eval_decimal */
    unsigned quantities;    /* which quantities to show: OR of
                               EXATTN_SHOW(EXATTN_SCORE) etc.; 0: all */
    unsigned latex;         /* LaTeX: OR of EXATTN_LATEX_* */
    size_t sum_threshold;   /* rows with more allowed keys than this
                               (and named weights) are compact in every
                               format: the softmax denominator written
                               once as Z_i, blocked keys not listed,
                               contributions only when named in
                               `quantities`; EXATTN_SUM_NEVER: no row is
                               compact (as --sum-threshold 0) */
    int exponents;          /* (version 2) a named weight's exponents:
                               EXATTN_EXPONENTS_SIMPLIFIED, the scaled
                               score in canonical form (e^{√2}, e^{1/2}),
                               or EXATTN_EXPONENTS_WRITTEN, as the lesson
                               writes it (e^{2/√2}, e^{1/√4}) */
} exattn_write_opts;

#define EXATTN_SHOW(kind) (1u << (kind))
/* The row quantities together: a lesson's rows are derived when
 * `quantities` names one of them (or is 0). */
#define EXATTN_SHOW_ROW_QUANTITIES 0x1fu
/* The variants' contrasts, which are shown with any `quantities`; named
 * alone, the contrasts are all that is derived (with the lessons'
 * headers; a variant that places the lesson in a block, which has no
 * contrast, is left out). */
#define EXATTN_SHOW_CONTRAST (1u << 8)
#define EXATTN_LATEX_STANDALONE 1u      /* a complete document */
#define EXATTN_LATEX_PAREN_VECTORS 2u   /* (1,\tfrac{5}{4}), not bmatrix */
#define EXATTN_LATEX_EXPANDED 4u        /* named rows written out in full,
                                           every weight with its whole
                                           denominator, not in symbols */
#define EXATTN_LATEX_LABELS 8u          /* LaTeX (not Markdown): every
                                           display numbered, with a \label
                                           "exattn:base:q3:weights" */
#define EXATTN_SUM_THRESHOLD 8
#define EXATTN_SUM_NEVER 0
#define EXATTN_DIGITS_NONE ((unsigned long)-1)
#define EXATTN_EXPONENTS_SIMPLIFIED 0
#define EXATTN_EXPONENTS_WRITTEN 1
#define EXATTN_WRITE_OPTS_VERSION 2
#define EXATTN_WRITE_OPTS_INIT \
    { EXATTN_WRITE_OPTS_VERSION, EXATTN_DIGITS_NONE, 0, 0, 0, \
      EXATTN_SUM_THRESHOLD, EXATTN_EXPONENTS_SIMPLIFIED }

typedef enum
{
    EXATTN_FORMAT_TEXT = 0,
    EXATTN_FORMAT_JSON = 1,
    EXATTN_FORMAT_LATEX = 2,
    EXATTN_FORMAT_MARKDOWN = 3,
    EXATTN_FORMAT_SVG = 4
} exattn_format_t;

/* The derivation in `format`: one of the five functions below
 * (EXATTN_EINVAL for another value). */
EXATTN_WUR int exattn_write(FILE *stream, const exattn_lesson *lesson,
                            exattn_format_t format,
                            const exattn_write_opts *opts,
                            exattn_error_t *err);

/* The text presentation (docs/output-formats.md).  `opts` NULL: no
 * decimals. */
EXATTN_WUR int exattn_write_text(FILE *stream, const exattn_lesson *lesson,
                                 const exattn_write_opts *opts,
                                 exattn_error_t *err);

/* The LaTeX of the derivation, step by step (docs/output-formats.md):
 * fragments, one display per step, or with EXATTN_LATEX_STANDALONE a
 * document that compiles with pdflatex and amsmath.  Every display
 * renders in KaTeX with strict: "error". */
EXATTN_WUR int exattn_write_latex(FILE *stream, const exattn_lesson *lesson,
                                  const exattn_write_opts *opts,
                                  exattn_error_t *err);

/* A Markdown page section (CommonMark with $…$ and $$…$$ math, pipe
 * tables): headings for the lesson, its rows and variants, the displays
 * of the LaTeX fragments with captions instead of comments, a table of
 * each row's weights by token (docs/output-formats.md). */
EXATTN_WUR int exattn_write_markdown(FILE *stream,
                                     const exattn_lesson *lesson,
                                     const exattn_write_opts *opts,
                                     exattn_error_t *err);

/* The attention map as SVG (docs/output-formats.md): the weights as a
 * heatmap (queries by keys, blocked cells hatched, each cell's exact or
 * named value and certified decimal in its <title>) and each query's
 * weights as bars beside the values and contributions; for a block, a
 * map per head.  At most 64 queries and keys (EXATTN_ELIMIT). */
EXATTN_WUR int exattn_write_svg(FILE *stream, const exattn_lesson *lesson,
                                const exattn_write_opts *opts,
                                exattn_error_t *err);

/* The JSON document (its schema: docs/output-formats.md). */
EXATTN_WUR int exattn_write_json(FILE *stream, const exattn_lesson *lesson,
                                 const exattn_write_opts *opts,
                                 exattn_error_t *err);

#endif
