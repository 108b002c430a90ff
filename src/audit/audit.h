/* The audit of a page (exattn audit): the lesson's quantities a printed
 * number may be (src/audit/enumerate.c, candidates.c), the verdict on
 * each number (src/audit/verdict.c), and the report
 * (src/audit/report.c). */
#ifndef EXATTN_AUDIT_AUDIT_H
#define EXATTN_AUDIT_AUDIT_H

#include <regex.h>
#include "internal.h"
#include "page/page.h"
#include "claims/check.h"
#include "block/block.h"

/* Decimals of every candidate's value: enough that rounding to a page's
 * precision (at most AUDIT_DIGITS - 4) is decided, except right next to a
 * rounding boundary. */
#define AUDIT_DIGITS 24

/* The kinds of quantity a page's words and symbols may name (evidence.c),
 * one bit each; a candidate has one (a layer norm's output two), a word
 * may name several. */
enum
{
    EXATTN_FAM_SHAPE = 1u << 0,
    EXATTN_FAM_INPUT = 1u << 1,     /* X, Q, K, V and their entries */
    EXATTN_FAM_SCORE = 1u << 2,
    EXATTN_FAM_SCALED = 1u << 3,
    EXATTN_FAM_EXP = 1u << 4,       /* e^{s_ij} */
    EXATTN_FAM_Z = 1u << 5,         /* the softmax's denominator */
    EXATTN_FAM_WEIGHT = 1u << 6,
    EXATTN_FAM_CONTRIB = 1u << 7,
    EXATTN_FAM_OUTPUT = 1u << 8,
    EXATTN_FAM_SCALE = 1u << 9,     /* sqrt(d_k), 1/sqrt(d_k) */
    EXATTN_FAM_SUM = 1u << 10,      /* the weights' sum */
    EXATTN_FAM_POSITION = 1u << 11,
    EXATTN_FAM_RESIDUAL = 1u << 12,
    EXATTN_FAM_MEAN = 1u << 13,
    EXATTN_FAM_VARIANCE = 1u << 14,
    EXATTN_FAM_NORM = 1u << 15,
    EXATTN_FAM_FFN = 1u << 16,
    EXATTN_FAM_CHANGE = 1u << 17,   /* a variant's minus its base's */
    EXATTN_FAM_ALL = (1u << 18) - 1
};

/* A quantity of the lesson, by its claim path: an entry of the
 * derivation (a score, a weight, a contribution, an output, a block
 * stage's row), a difference between a variant and its base, a shape, or
 * an intermediate the derivation names (e^{s_j}, Z_i, √d_k). */
typedef struct
{
    char *name;                 /* as a report shows it and a marker
                                   writes it: "weights[rises][1]",
                                   "output[2] variant=\"x\" minus=base" */
    exattn_claim claim;
    size_t count;
    mpq_t *value;               /* exact, or rounded to AUDIT_DIGITS */
    int *exact;
    double *approx;             /* each entry, approximately: only to
                                   pass over candidates far from a number,
                                   never to decide */
    double key;                 /* the first entry, approximately: only
                                   to find the candidates near a number
                                   (src/audit/index.c), never to decide */
    unsigned family;            /* its EXATTN_FAM_ bits */
    const char *row_label;      /* its query's token label, or NULL */
    const char *key_label;      /* its key's, or NULL */
    size_t row_index, key_index;    /* from 1; 0 when it has none */
    const char *variant;        /* its variant's name; NULL: the base */
    unsigned long seen;         /* the last number that listed it */
    const void *seen_match;     /* the last number it matched */
} exattn_audit_candidate;

/* The candidates of one width, by key. */
typedef struct
{
    size_t count;
    exattn_audit_candidate **by_key;
    size_t n;
} exattn_audit_group;

/* A list of candidates to compare a number with. */
typedef struct
{
    exattn_audit_candidate **items;
    size_t count, cap;
} exattn_audit_list;

/* The variant the last section heading read names (evidence.c), kept so
 * that the numbers of one section read their heading once: keyed by the
 * lesson and the heading's whole text. */
typedef struct
{
    const exattn_lesson *lesson;
    char *section;              /* NULL: nothing kept yet */
    const char *variant;
} exattn_audit_section_memo;

typedef struct
{
    exattn_audit_candidate *items;
    size_t count, cap;
    /* the candidates by name, an open-addressing table of indices + 1
     * over the first `named` of them (built when a marker first asks) */
    size_t *by_name, by_name_cap, named;
    /* the rows the claims proved against them share (claims/rows.c) */
    struct exattn_claims_rows *rows;
    /* the blocks the block candidates share, one per lesson */
    exattn_block **blocks;
    const exattn_lesson **block_lessons;
    size_t block_count;
    size_t undecided;               /* quantities left out: not decided
                                       to AUDIT_DIGITS within the cap */
    char *undecided_name;           /* the first of them */
    unsigned undecided_families;    /* their EXATTN_FAM_ bits */
    unsigned undecided_base;        /* those of the base lesson's */
    exattn_audit_group *groups;     /* built once every candidate is in */
    size_t group_count;
    unsigned long stamp;
    /* a page's reading, kept between its numbers (a pointer: the
     * evidence reads the candidates as const) */
    exattn_audit_section_memo *section_memo;
} exattn_audit_candidates;

/* An auditor (include/exattn/audit.h): the lesson's quantities, built
 * on the first page and kept for the next, and the options. */
struct exattn_auditor
{
    const exattn_lesson *lesson;
    mpfr_prec_t max_prec;
    exattn_audit_candidates all;
    int built;                  /* `all` holds every quantity */
    regex_t *ignore;            /* --ignore's patterns, compiled */
    size_t ignore_count;
};

/* The auditor's quantities, evaluated on first use (auditor.c). */
int exattn_audit__quantities(exattn_audit_candidates **out,
                             exattn_auditor *a, exattn_error_t *err);
/* Make every number of `p` that starts inside a match of an --ignore
 * pattern a mention; 0 when out of memory. */
int exattn_audit__ignore(exattn_page *p, const exattn_auditor *a,
                         const char *page, size_t len);

/* Sort the candidates by width and key (src/audit/index.c). */
int exattn_audit__index(exattn_audit_candidates *all, exattn_error_t *err);
void exattn_audit__index_clear(exattn_audit_candidates *all);
/* Add to `out` the candidates of `count` entries whose key lies in
 * [lo, hi], each once per stamp; 0 when out of memory. */
int exattn_audit__window(exattn_audit_list *out, exattn_audit_candidates *all,
                         size_t count, double lo, double hi);
/* The group of `count` entries, or NULL. */
const exattn_audit_group *exattn_audit__group(
    const exattn_audit_candidates *all, size_t count);

/* Every quantity of lesson l and its variants, each evaluated, indexed
 * (src/audit/enumerate.c). */
int exattn_audit__candidates(exattn_audit_candidates *out,
                             const exattn_lesson *l, mpfr_prec_t max_prec,
                             exattn_error_t *err);
/* Release them (src/audit/candidates.c). */
void exattn_audit__candidates_clear(exattn_audit_candidates *c);

/* What a candidate is of (src/audit/tokens.c): the kinds a claim's
 * quantity is (EXATTN_FAM_ bits); the tokens of query row r and key j
 * (0-based, EXATTN_AUDIT_NO_TOKEN for none) into c, by index and label;
 * the tokens of c's own claim. */
#define EXATTN_AUDIT_NO_TOKEN ((size_t)-1)
unsigned exattn_audit__family_of(const exattn_claim *c);
void exattn_audit__set_tokens(exattn_audit_candidate *c,
                              const exattn_lesson *l, size_t r, size_t j);
void exattn_audit__claim_tokens(exattn_audit_candidate *c);

/* Candidate c's values, from its claim (src/audit/candidates.c); the
 * name a report shows for a path, its variant and what is subtracted. */
int exattn_audit__evaluate(exattn_audit_candidate *c,
                           exattn_audit_candidates *all,
                           mpfr_prec_t max_prec, exattn_error_t *err);
char *exattn_audit__display_name(const char *path, const char *variant,
                                 const char *minus);

/* A marker's quantity, as a candidate ("weights[rises] variant=x"). */
int exattn_audit__marker(exattn_audit_candidate *out,
                         exattn_audit_candidates *all, const exattn_lesson *l,
                         const char *marker, mpfr_prec_t max_prec,
                         exattn_error_t *err);
void exattn_audit__candidate_clear(exattn_audit_candidate *c);
/* Give a marker's error (EXATTN_EFIELD, EXATTN_ESHAPE, not yet placed)
 * the position of its number in `file`. */
void exattn_audit__place_error(exattn_error_t *err, int rc, const char *file,
                               const exattn_page_number *n);
/* The decimals a marker asks for, digits=N, into *out (3 when it says
 * none); whether it says. */
int exattn_audit__marker_digits(const char *marker, unsigned long *out);
/* The rows the claims of the audit share (NULL when out of memory). */
struct exattn_claims_rows *exattn_audit__rows(exattn_audit_candidates *all);
/* Does the marker ask --fill for the named form in LaTeX (form=latex)? */
int exattn_audit__marker_latex(const char *marker);
exattn_block *exattn_audit__block_of(exattn_audit_candidates *all,
                                     const exattn_lesson *l,
                                     mpfr_prec_t max_prec,
                                     exattn_error_t *err);
/* A block's entry in a formula's text, by reference to its node
 * (block_refs.c): the auditor's block `block` (its index among
 * all->blocks, exattn_audit__block_index), stage bq, head, entry. */
void exattn_audit__put_block_ref(exattn_sbuf *b, size_t block, unsigned bq,
                                 size_t head, size_t row, size_t col);
/* The same for the softmax denominator of row `row` of weights stage bq
 * (exattn_block__denominator). */
void exattn_audit__put_block_z_ref(exattn_sbuf *b, size_t block,
                                   unsigned bq, size_t head, size_t row);
/* The name a report gives that denominator: "h1.Z[2]", "cross.h1.Z[2]". */
void exattn_audit__block_z_name(char *out, size_t size, unsigned bq,
                                size_t head, size_t row);
/* The block's layer norms' ε: its number, or a reference to its symbol;
 * 0 when the block has no one ε (or out of memory). */
int exattn_audit__put_epsilon(exattn_sbuf *b, const exattn_block *blk,
                              size_t block);
size_t exattn_audit__block_index(const exattn_audit_candidates *all,
                                 const exattn_block *blk);
/* A formula's text in exattn's syntax, with the block entries it
 * references (the expression shares their nodes). */
int exattn_audit__parse(struct exattn_expr **out, const char *text,
                        const exattn_audit_candidates *all,
                        exattn_error_t *err);

/* What on the page says a number is a result, and of what (evidence.c):
 * a symbol or a word naming a kind of quantity, a token label, a vector
 * of a quantity's shape, the page's own arithmetic, a table's column; or
 * why it is a mention after all (a symbol the lesson does not define,
 * another model's hyperparameter, a metric, an example "such as"). */
typedef struct
{
    unsigned families;          /* 0: no evidence */
    unsigned nearest;           /* the kinds the nearest clue names: only
                                   these may FAIL as a slip */
    const char *label;          /* a token label it names, or NULL */
    size_t row_index, key_index;    /* "query 2", "key 3": from 1; 0 */
    const char *variant;        /* a variant the page names, or NULL */
    int variant_by_section;     /* named only by a heading above: the
                                   base lesson's quantities count too */
    const char *key_label;      /* a second label, the key's, when the
                                   subject names two (w_{rises,load}) */
    int base_only;              /* no variant named, and the number could
                                   be a coincidence: the base lesson's
                                   quantities only */
    int direct;                 /* the page sets a symbol equal to it */
    unsigned words;             /* the kinds its sentence's prose words
                                   name ("score"), whatever the symbol */
    unsigned clause_words;      /* those of them after the relation before
                                   its subject's (a formula's only): "the
                                   contribution to o_1 =", not a line
                                   "weights: w1 = ..." before it */
    const char *mention;        /* a mention after all: why; or NULL */
    char *why;                  /* "the symbol w", "the word \"weights\"",
                                   "the label \"rises\"", ... */
} exattn_audit_evidence;

int exattn_audit__evidence(exattn_audit_evidence *out,
                           const exattn_page_number *n,
                           const exattn_lesson *l,
                           const exattn_audit_candidates *all);
void exattn_audit__evidence_clear(exattn_audit_evidence *e);
/* A cell of a table whose rows are queries and whose columns are keys:
 * 1 when number n is one, with e's kind, labels and why filled (*rc
 * EXATTN_ENOMEM when its why could not be); 0 otherwise
 * (src/audit/cells.c). */
int exattn_audit__table_entry(exattn_audit_evidence *e,
                              const exattn_page_number *n,
                              const exattn_lesson *l,
                              const struct exattn_block_spec *block,
                              int *rc);
/* The token a table's row label names -- the label alone, among words,
 * or as the row's first word ("dog blocked (...)") --, or NULL; and the
 * query a table of keys belongs to, as the text before it or its
 * innermost heading says ("Query eel"), or NULL (src/audit/cells.c). */
const char *exattn_audit__row_token(const char *cell,
                                    const exattn_lesson *l);
const char *exattn_audit__table_query(const exattn_page_number *n,
                                      const exattn_lesson *l);

/* The verdict on one number. */
typedef struct
{
    exattn_audit_verdict_t verdict;
    char **bound;               /* the candidates it is (PASS, WORDING) or
                                   was meant for (FAIL), or the nearest
                                   (UNSOURCED) */
    size_t bound_count, considered;
    char *truth;                /* the true value (FAIL, WORDING) */
    char *rounds_to;            /* FAIL: the correct rounding */
    size_t entry;               /* of this entry of a vector, from 1 (0:
                                   a scalar) */
    char *slip;                 /* FAIL: the usual slips, or NULL */
    char *note;                 /* why (WORDING), the page's arithmetic */
    char *evidence;             /* why it was taken as a result, or why
                                   it is a mention */
    int by_kind_only;           /* a PASS of a number many quantities
                                   share (1, 1/2) that only a word of
                                   its kind names: no entry, no marker */
    const exattn_audit_candidate *first;   /* PASS: the first quantity
                                              it is */
    unsigned first_family;      /* PASS: the first quantity it is, its */
    size_t first_row, first_key;    /* kind and entry (from 1; 0: none) */
    size_t first_alike;         /* PASS: how many it is of the first's
                                   kind (2 or more: its entry is a tie) */
    unsigned bound_families;    /* PASS: the kinds of all it is */
    int bound_apart;            /* PASS: two of them differ in value */
    int valueless;              /* a formula with no value (a symbolic
                                   ε), judged by identity alone */
} exattn_audit_result;

int exattn_audit__verdict(exattn_audit_result *r,
                          const exattn_page_number *n,
                          exattn_audit_candidates *all,
                          const exattn_lesson *l, mpfr_prec_t max_prec,
                          exattn_error_t *err);
void exattn_audit__result_clear(exattn_audit_result *r);

/* Table cells that nothing of the lesson is, judged again as their
 * table's audited cells say: the kind most of them are, the row and key
 * their row's and column's share (peers.c). */
int exattn_audit__table_peers(exattn_audit_result *results,
                              const exattn_page *page,
                              exattn_audit_candidates *all,
                              const exattn_lesson *l, mpfr_prec_t max_prec,
                              exattn_error_t *err);

/* The page's own arithmetic on audited numbers ("0.7448 - 0.4907 =
 * 0.2541"), done again with the quantities its operands are: a result
 * no quantity is FAILs when that arithmetic does not round to it
 * (arithmetic.c). */
int exattn_audit__own_arithmetic(exattn_audit_result *results,
                                 const exattn_page *page,
                                 exattn_error_t *err);
/* The numbers of a sentence about another computation (cohort.c): a
 * PASS by kind only among numbers of its sentence that are no quantity
 * of the lesson is a mention. */
int exattn_audit__cohorts(exattn_audit_result *results,
                          const exattn_page *page);

/* An audit of one page (src/audit/run.c): the page, a verdict per
 * number, the counts. */
typedef struct
{
    exattn_page page;
    exattn_audit_result *results;
    exattn_audit_summary_t sum;
} exattn_audit_run;

/* Read the page and decide every number's verdict; on an error, the
 * number it was deciding is its place.  Cleared by
 * exattn_audit__run_clear whatever it returns. */
int exattn_audit__run(exattn_audit_run *a, exattn_auditor *auditor,
                      const char *file, const char *page, size_t len,
                      exattn_page_format fmt, exattn_error_t *err);
void exattn_audit__run_clear(exattn_audit_run *a);

#endif
