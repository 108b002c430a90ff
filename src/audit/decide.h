/* Deciding one number (verdict.c), shared with the policy for numbers no
 * marker names (results.c): the page's value, the comparison with a list
 * of candidates, and the reports of a number nothing matches. */
#ifndef EXATTN_AUDIT_DECIDE_H
#define EXATTN_AUDIT_DECIDE_H

#include "audit/audit.h"

/* One value the page prints, read exactly. */
typedef struct
{
    mpq_t q;                    /* the page's value */
    mpz_t c;                    /* a decimal: q * 10^d */
    mpz_t ten_d, ten_rest;      /* 10^d and 10^(AUDIT_DIGITS - d), made
                                   once for every candidate compared */
    unsigned long d;
    int decimal;
    double x, unit;             /* approximately: to pass over far
                                   candidates only */
} exattn_audit_value;

/* What a table cell's neighbours are (peers.c): the kind and the entry
 * the audited cells of its row (or column) share. */
typedef struct
{
    unsigned family;            /* the EXATTN_FAM_ kinds they share */
    size_t row_index, key_index;    /* from 1; 0 when not shared */
    char *why;                  /* "its table's 4 audited cells" */
} exattn_audit_peers;

/* A number of the page, its entries read. */
typedef struct
{
    exattn_audit_value *v;
    size_t count;
    const exattn_page_number *n;
    const exattn_audit_peers *peers;    /* a table cell's, or NULL */
} exattn_audit_number;

/* The verdict on n as a cell among `peers` (NULL: alone), as
 * exattn_audit__verdict gives it. */
int exattn_audit__verdict_among(exattn_audit_result *r,
                                const exattn_page_number *n,
                                const exattn_audit_peers *peers,
                                exattn_audit_candidates *all,
                                const exattn_lesson *l, mpfr_prec_t max_prec,
                                exattn_error_t *err);

/* The verdict against the candidates `cands` (a marker's one when
 * `marked`): PASS, WORDING, UNDECIDED, or with `allow_near` a FAIL
 * against the nearest that is near; else UNSOURCED. */
int exattn_audit__decide(exattn_audit_result *r,
                         exattn_audit_candidate **cands, size_t count,
                         exattn_audit_candidates *all,
                         const exattn_audit_number *p, mpfr_prec_t max_prec,
                         int marked, int allow_near, exattn_error_t *err);
/* The candidates a number may be or be near; 0 when out of memory. */
int exattn_audit__candidates_for(exattn_audit_list *list,
                                 exattn_audit_candidates *all,
                                 const exattn_audit_number *p);
/* UNSOURCED: the three nearest quantities, into r->truth. */
int exattn_audit__nearest(exattn_audit_result *r,
                          exattn_audit_candidates *all,
                          const exattn_audit_number *p);
/* UNDECIDED: quantities that could not be evaluated may be it. */
int exattn_audit__unevaluated(exattn_audit_result *r,
                              const exattn_audit_candidates *all);
/* The largest distance of an entry of c, in units of its last digit. */
void exattn_audit__distance(mpq_t u, const exattn_audit_candidate *c,
                            const exattn_audit_number *p);

/* ---- matching a page's value (matches.c) ------------------------------ */

#define NEAR_UNITS 10           /* a FAIL, not UNSOURCED: this close */
#define DOUBT 1e-15             /* relative error of the doubles that
                                   choose whom to compare */

/* 10^-d as a double (0 past the range of doubles). */
double exattn_audit__unit_of(unsigned long d);
/* The page's value `text` read into v (decimal: its digits count); 0
 * when it cannot be read.  v is initialized either way. */
int exattn_audit__read_value(exattn_audit_value *v, const char *text,
                             int decimal);
void exattn_audit__value_clear(exattn_audit_value *v);
/* Does entry (x, exact) match page value v?  1 yes, 0 no, 2 not decided
 * at AUDIT_DIGITS. */
int exattn_audit__entry_matches(const mpq_t x, int exact,
                                const exattn_audit_value *v);
/* Units of the last written digit between x and v, into u. */
void exattn_audit__entry_distance(mpq_t u, const mpq_t x,
                                  const exattn_audit_value *v);
/* Can entry i of c match v at all?  0 when the doubles prove it cannot. */
int exattn_audit__entry_may_match(const exattn_audit_candidate *c, size_t i,
                                  const exattn_audit_value *v);
/* Every entry of c against the number: 1 match, 0 not, 2 undecided. */
int exattn_audit__candidate_matches(const exattn_audit_candidate *c,
                                    const exattn_audit_number *p);

/* ---- slips (slips.c) ------------------------------------------------ */

/* One digit differs from x's correct rounding (0.294 for 0.284)? */
int exattn_audit__one_digit_differs(const mpq_t x,
                                    const exattn_audit_value *v);
/* Two neighbouring digits swapped? */
int exattn_audit__digits_transposed(const mpq_t x,
                                    const exattn_audit_value *v);
/* Is every entry of c near the number (a misprint of it)? */
int exattn_audit__candidate_near(const exattn_audit_candidate *c,
                                 const exattn_audit_number *p);
/* A fraction or an integer written for a named value? */
int exattn_audit__fraction_for_named(const exattn_audit_candidate *c,
                                     const exattn_audit_number *p);
/* Could c be the value the page meant, by some slip? */
int exattn_audit__may_relate(const exattn_audit_candidate *c,
                             const exattn_audit_number *p);
/* The slip a fraction shows ("entry 1: the fraction is written upside
 * down"), the caller's to free; or NULL. */
char *exattn_audit__fraction_slip(const exattn_audit_candidate *c,
                                  const exattn_audit_number *p);
/* "entry 2: TEXT", or TEXT for entry 0 (a scalar); the caller's to free,
 * NULL when out of memory. */
char *exattn_audit__entry_text(size_t entry, const char *text);
int exattn_audit__nomem(exattn_error_t *err);
/* List `name` among the quantities a verdict names (at most six are
 * kept, all are counted); 0 when out of memory. */
int exattn_audit__add_bound(exattn_audit_result *r, const char *name);

/* Is candidate c of the kind, token and variant the evidence names? */
int exattn_audit__in_scope(const exattn_audit_candidate *c,
                           const exattn_audit_evidence *e);
/* MENTION, saying why ("why: what"). */
int exattn_audit__mention(exattn_audit_result *r, const char *why,
                          const char *what);
/* The value of an expression of the page (exattn's syntax), as a
 * candidate of no name (candidates.c). */
int exattn_audit__expr_value(exattn_audit_candidate *out,
                             exattn_audit_candidates *all,
                             const exattn_lesson *l, const char *text,
                             mpfr_prec_t max_prec, exattn_error_t *err);
/* A quantity's value as a report shows it ("= 1/3 ≈ 0.333333",
 * "≈ 0.401112"): certified decimals, as many as the page's number has
 * plus three, or `fixed` when p is NULL (verdict.c). */
char *exattn_audit__value_text_at(const exattn_audit_candidate *c,
                                  const exattn_audit_number *p,
                                  unsigned long fixed);
/* What differs between the page's named formula `text` (exattn's
 * syntax) and the lesson's form of candidate c ("the denominator
 * differs: a term is missing: e^(2)"), and that form in *form (NULL
 * when too long); NULL when c has no form to compare (differ.c). */
char *exattn_audit__what_differs(const exattn_audit_candidate *c,
                                 const char *text, char **form);

/* The lesson's own form of c, printed (flags: EXATTN_LATEX for LaTeX),
 * or NULL when c has none (differ.c). */
char *exattn_audit__lesson_form(const exattn_audit_candidate *c,
                                unsigned flags);

/* A formula's lesson symbols (EXATTN_PAGE_FREE_SYMBOL) written out
 * as the forms of the quantities of lesson l they name, under reading
 * `reading` of the ambiguous ones; *has gains what makes them ambiguous
 * (EXATTN_READS_: an s, a symbol the page defined too), which reading 0
 * finds and exattn_audit__readings counts.  *out NULL when a symbol names
 * no single entry (symbol_forms.c). */
enum { EXATTN_READS_S = 1, EXATTN_READS_PAGE = 2, EXATTN_READS_GENERIC = 4 };
int exattn_audit__lesson_symbols(char **out, unsigned *has, const char *expr,
                                 const exattn_lesson *l,
                                 exattn_audit_candidates *all, int reading,
                                 mpfr_prec_t max_prec, exattn_error_t *err);
int exattn_audit__readings(unsigned has);
/* A formula's subject read through the page's generic definition of
 * its letter (n->subject_form): the value that definition gives, as a
 * candidate in *out named after the subject; *found 0 when the
 * definition names what lesson l cannot say (symbol_forms.c). */
int exattn_audit__subject_form(exattn_audit_candidate *out, int *found,
                               const char *form, const char *subject,
                               const exattn_lesson *l,
                               exattn_audit_candidates *all,
                               mpfr_prec_t max_prec, exattn_error_t *err);
/* The candidate of lesson l that `subject` (w_{2,1}, H^{(1)}_{2,2})
 * names by the lesson's symbols, or NULL (symbol_refs.c). */
exattn_audit_candidate *
exattn_audit__subject(exattn_audit_candidates *all, const exattn_lesson *l,
                      const char *subject, mpfr_prec_t max_prec);
/* The entry `subject` names, read under its row's label when it has one
 * index ("a: u_1" is u_{a,1}): its candidate, or -- for a block's entry
 * the candidates left out, its value depending on a symbol with none --
 * a claim of its own in *scratch (clear it with
 * exattn_audit__candidate_clear when that is returned); NULL when it
 * names no entry. */
exattn_audit_candidate *exattn_audit__subject_entry(
    exattn_audit_candidates *all, const exattn_lesson *l,
    const char *subject, const char *row_label,
    exattn_audit_candidate *scratch, mpfr_prec_t max_prec);
/* Is `subject` (w_{1,2}, H1[2,2], cs[1]) in a letter of lesson l's own,
 * in TeX or in exattn's text notation?  Whether or not its index names
 * an entry (symbol_refs.c). */
int exattn_audit__lesson_letter(const exattn_lesson *l, const char *subject);
/* Is every table of the evidence's vocabulary in byte order, as its
 * search by halves needs?  1 or 0 (clues.c, for the tests). */
int exattn_audit__vocabulary_sorted(void);
/* The lesson of the variant named `name`, or l itself (variants.c). */
const exattn_lesson *exattn_audit__variant_lesson(const exattn_lesson *l,
                                                  const char *name);

/* The verdict on a named formula (formula.c). */
int exattn_audit__formula(exattn_audit_result *r,
                          const exattn_page_number *n,
                          exattn_audit_candidates *all,
                          const exattn_lesson *l, mpfr_prec_t max_prec,
                          exattn_error_t *err);

/* A number no marker names: a result or a mention (results.c). */
int exattn_audit__unmarked(exattn_audit_result *r,
                           const exattn_audit_number *p,
                           exattn_audit_candidates *all,
                           const exattn_lesson *l, mpfr_prec_t max_prec,
                           exattn_error_t *err);

/* ---- adding candidates (candidates.c), for enumerate.c -------------- */

/* The quantity at `path` (of `variant`, minus `minus`); a path the
 * lesson does not have is left out. */
int exattn_audit__add_path(exattn_audit_candidates *all,
                           const exattn_lesson *base, const char *variant,
                           const char *path, const char *minus,
                           mpfr_prec_t max_prec, exattn_error_t *err);
/* An intermediate, as an expression: "e^{√2/2}", "sqrt(2)". */
int exattn_audit__add_expr(exattn_audit_candidates *all,
                           const exattn_lesson *l, const char *name,
                           const char *text, unsigned family,
                           mpfr_prec_t max_prec, exattn_error_t *err);
/* An intermediate of a block, as an expression of references to its
 * nodes (block_refs.c: "blockz[0][4][0][1]", a head's Z_2). */
int exattn_audit__add_block_expr(exattn_audit_candidates *all,
                                 const exattn_lesson *l, const char *name,
                                 const char *text, unsigned family,
                                 mpfr_prec_t max_prec, exattn_error_t *err);
/* A value the lesson states rather than derives: exact, no claim. */
int exattn_audit__add_constant(exattn_audit_candidates *all,
                               const exattn_lesson *l, const char *name,
                               mpq_t *values, size_t count, unsigned family,
                               exattn_error_t *err);
/* A blend's weights, contributions and their vector. */
int exattn_audit__blend_constants(exattn_audit_candidates *all,
                                  const exattn_lesson *l, size_t k,
                                  exattn_error_t *err);

#endif
