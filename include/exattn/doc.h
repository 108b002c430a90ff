/* The derivation document: the ordered content of a derivation -- its
 * sections (a lesson, a query row, a blend, a variant's contrast), the
 * entries of each (a score, a weight, an output, a change), and notes --
 * handed to a sink one piece at a time.  Every decision is made here,
 * once, by exact or certified arithmetic: the rule a row follows, whether
 * it is compact, which keys are listed, why a coordinate is exact, how a
 * variant changes a row.  The text, JSON and LaTeX writers are sinks of
 * this document; a page builder can be one too.
 *
 * Streaming: a row's section, entries and notes are produced, handed to
 * the sink and released before the next row is derived, so a head of
 * 4096 tokens is walked in memory bounded by one row.  Everything a
 * callback receives is borrowed: a section stays valid from its `begin`
 * to its `end`, an entry or a note only during the call. */
#ifndef EXATTN_DOC_H
#define EXATTN_DOC_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>
#include <exattn/error.h>
#include <exattn/lesson.h>
#include <exattn/row.h>
#include <exattn/stage.h>
#include <exattn/write.h>
#include <exattn/check.h>
#include <exattn/audit.h>
#include <exattn/grade.h>

/* The notations of the named forms: a sink asks for the ones it writes
 * (OR of these), and only those are built. */
#define EXATTN_NOTATION_TEXT 1u
#define EXATTN_NOTATION_LATEX 2u
/* Index of a notation in the form arrays below. */
#define EXATTN_FORM_TEXT 0
#define EXATTN_FORM_LATEX 1

typedef enum
{
    EXATTN_SECTION_LESSON = 0,     /* the lesson or one variant: its
                                      header; rows and blends inside */
    EXATTN_SECTION_ROW = 1,        /* one query row */
    EXATTN_SECTION_BLEND = 2,      /* assigned exact weights */
    EXATTN_SECTION_CONTRAST = 3,   /* a variant against the lesson it
                                      changes; contrast rows inside */
    EXATTN_SECTION_CONTRAST_ROW = 4,
    EXATTN_SECTION_VARIANT = 5,    /* one variant: its contrast (when it
                                      has one), then its lesson section;
                                      or, for a variant with a block
                                      (`against` NULL), its block section */
    EXATTN_SECTION_BLOCK = 6,      /* a block lesson, or a block variant:
                                      its stages, in the order they are
                                      computed */
    EXATTN_SECTION_HEAD = 7,       /* one attention head of a block: its
                                      q, k, v, scores, weights, output */
    EXATTN_SECTION_STAGE = 8,      /* one quantity of a block: a table of
                                      rows, one entry per row */
    EXATTN_SECTION_CHECK = 9,      /* the report of `exattn check`: a
                                      claim entry per claim */
    EXATTN_SECTION_AUDIT = 10,     /* the report of `exattn audit` on one
                                      page: a number entry per number */
    EXATTN_SECTION_LAB = 11,       /* the live lab a lesson declares: its
                                      controls and what it shows (`lab`),
                                      after the lesson's section */
    EXATTN_SECTION_GRADE = 12      /* the report of `exattn grade` on one
                                      results file: a grade entry per
                                      value */
} exattn_section_t;

/* How a row's weights were decided (docs/design.md, the rule). */
typedef enum
{
    EXATTN_RULE_SINGLE_KEY = 0,    /* one allowed key: weight exactly 1 */
    EXATTN_RULE_EQUAL_SCORES = 1,  /* every weight exactly 1/|A| */
    EXATTN_RULE_SOFTMAX = 2,       /* named weights e^{s_j}/Z */
    EXATTN_RULE_UNDECIDED = 3      /* a block's scores neither proved equal
                                      nor different within the cap */
} exattn_rule_t;

/* Why a value is what it is. */
typedef enum
{
    EXATTN_WHY_DOT_PRODUCT = 0,    /* a score: q_i . k_j, exact */
    EXATTN_WHY_SCALED_RATIONAL,    /* the score times a rational scale */
    EXATTN_WHY_SCALED_SURD,        /* the score over sqrt(d): c*sqrt(s) */
    EXATTN_WHY_BLOCKED,            /* a blocked key: weight exactly 0 */
    EXATTN_WHY_SINGLE_KEY,         /* the only allowed key: exactly 1 */
    EXATTN_WHY_EQUAL_SCORES,       /* equal allowed scores: 1/|A| */
    EXATTN_WHY_SOFTMAX,            /* e^{s_j}/Z, named */
    EXATTN_WHY_EXACT_WEIGHTS,      /* exact weights times exact values */
    EXATTN_WHY_ZERO_VALUE,         /* a named weight times a value 0 */
    EXATTN_WHY_NAMED_PRODUCT,      /* a named weight times a value */
    EXATTN_WHY_GROUP_MEANS,        /* exact although the weights are
                                      named: every equal-score group has
                                      the same mean value (a note says
                                      which) */
    EXATTN_WHY_NAMED_SUM,          /* a sum of named contributions */
    EXATTN_WHY_ASSIGNED,           /* a blend's assigned exact weight */
    EXATTN_WHY_CHANGE,             /* a value of a contrast: the two
                                      values compared, and a difference
                                      derived as the output of values
                                      V' - V */
    EXATTN_WHY_STAGE               /* a block stage's arithmetic: exact
                                      where it proves it, else named */
} exattn_why_t;

typedef enum
{
    EXATTN_ROLE_SCORE = 0,         /* these five are exattn_kind_t's */
    EXATTN_ROLE_SCALED = 1,
    EXATTN_ROLE_WEIGHT = 2,
    EXATTN_ROLE_CONTRIBUTION = 3,  /* a vector: weight_j * V_j */
    EXATTN_ROLE_OUTPUT = 4,        /* a vector */
    EXATTN_ROLE_BLEND_WEIGHT = 5,
    EXATTN_ROLE_BLEND_SUM = 6,     /* the sum of the weights: exactly 1 */
    EXATTN_ROLE_BLEND_CONTRIBUTION = 7, /* a vector */
    EXATTN_ROLE_BLEND_OUTPUT = 8,  /* a vector */
    EXATTN_ROLE_CHANGE_WEIGHT = 9, /* a contrast: weight `key` */
    EXATTN_ROLE_CHANGE_OUTPUT = 10, /* a contrast: output coordinate
                                       `col` */
    EXATTN_ROLE_STAGE_ROW = 11,    /* a row of a block stage: a vector */
    EXATTN_ROLE_CLAIM = 12,        /* a claim and its verdict (`claim`) */
    EXATTN_ROLE_NUMBER = 13,       /* a page's number and its verdict
                                      (`number`) */
    EXATTN_ROLE_GRADE = 14         /* a float of a results file and its
                                      grade (`grade`) */
} exattn_role_t;

/* A contrast's proved relation between the two values of an entry. */
typedef enum
{
    EXATTN_RELATION_NONE = 0,      /* not a contrast entry */
    EXATTN_RELATION_EQUAL,         /* proved equal */
    EXATTN_RELATION_DIFFERENT,     /* proved different */
    EXATTN_RELATION_UNPROVED,      /* neither proved equal nor different */
    EXATTN_RELATION_INCREASES,     /* proved: `by` > 0 */
    EXATTN_RELATION_DECREASES      /* proved: `by` < 0 (`by` is |change|) */
} exattn_relation_t;

/* A contrast row's outcome. */
typedef enum
{
    EXATTN_CONTRAST_UNCHANGED = 0,   /* same weights, same values */
    EXATTN_CONTRAST_UNCHANGED_BLOCKED, /* values differ at blocked keys
                                          only, which weigh exactly 0 */
    EXATTN_CONTRAST_WEIGHTS_CHANGE,  /* change entries for the weights that
                                        differ, then every output */
    EXATTN_CONTRAST_WEIGHTS_SAME,    /* the same weights: the outputs change
                                        by sum_j w_j (V'_j - V_j) */
    EXATTN_CONTRAST_MOVED,           /* permuted: the output moved with its
                                        token (proved equal) */
    EXATTN_CONTRAST_NOT_MOVED        /* permuted: change entries for the
                                        coordinates that did not */
} exattn_contrast_t;

/* One value: exact (a rational) or named, with the form it is derived or
 * named by and, when asked for, its certified decimal. */
typedef struct
{
    exattn_status_t status;
    exattn_why_t why;
    mpq_srcptr exact;           /* the value when EXACT, else NULL */
    const char *form[2];        /* the derivation or name of the value,
                                   in text and LaTeX ("1·1+0·1",
                                   "e^0/(e^0+e^1)"); NULL for a notation
                                   not asked for or when the value is its
                                   own form */
    const char *factor[2];      /* the same as a factor of a product
                                   ("(e^0/(e^0+e^1))"); NULL likewise */
    const char *simplified[2];  /* a scaled score as c·√s ("√2/2");
                                   NULL for other values */
    const char *decimal;        /* certified, rounded to nearest; NULL when
                                   not asked for or undecided */
    int decimal_exact;          /* the decimal equals the value */
    const char *undecided;      /* why there is no decimal although one was
                                   asked for ("undecided at P bits: ...");
                                   NULL otherwise */
    size_t shared;              /* nonzero: within one row section, every
                                   value with this number is this value
                                   (the weights of keys with equal scores,
                                   say), so a sink may serialize it once;
                                   0: not shared */
} exattn_doc_value;

typedef struct
{
    exattn_role_t role;
    size_t row;                 /* query row (0-based) */
    size_t key;                 /* key, or SIZE_MAX where none applies */
    size_t col;                 /* value coordinate of a scalar change
                                   entry, else SIZE_MAX */
    int blocked;                /* key is blocked for this row */
    size_t count;               /* values: 1, or d_v for a vector */
    const exattn_doc_value *values;
    const char *form[2];        /* a vector's form as a whole, where it has
                                   one ("Σ (w1)·(1,0) + ..."); else NULL */
    const exattn_doc_value *factor; /* a contribution: its weight;
                                       NULL otherwise */
    const exattn_doc_value *from;   /* a change: the value before (count of
                                       them); NULL otherwise */
    const exattn_doc_value *by;     /* a change of INCREASES or DECREASES:
                                       the amount, |change| -- exact when
                                       both values are, or, for an
                                       output of unchanged weights,
                                       named as sum_j w_j (V'_j - V_j);
                                       NULL otherwise (a named change of
                                       changed weights: its two values
                                       say how much) */
    exattn_relation_t relation;
    exattn_rule_t rule;         /* a stage row of weights: how they were
                                   decided; EXATTN_RULE_SOFTMAX otherwise */
    const signed char *signs;   /* a stage row of ReLU inputs: each one's
                                   sign, proved (-1, 0, 1) or
                                   EXATTN_SIGN_UNPROVED; NULL otherwise */
    /* (after every field above, which keep their places) */
    const struct exattn_doc_claim *claim;   /* CLAIM; NULL otherwise */
    const struct exattn_doc_number *number; /* NUMBER; NULL otherwise */
    /* (after every field above, which keep their places) */
    /* A stage row of softmax weights in symbols (EXATTN_PRESENT_SYMBOLS,
     * a block's head as a head row is written): the row's denominator,
     * defined once -- its symbol ("Z1[2]", "Z^{(1)}_{2}") and its value,
     * the sum of the e^{s_j} with its certified decimal --, each weight's
     * LaTeX form then e^{s_j} over that symbol.  NULL otherwise. */
    const char *symbol[2];
    const exattn_doc_value *denominator;
    /* (after every field above, which keep their places) */
    const struct exattn_doc_grade *grade;   /* GRADE; NULL otherwise */
} exattn_doc_entry;

#define EXATTN_SIGN_UNPROVED 2

/* An equal-score group of keys, for the note of an exact coordinate. */
typedef struct
{
    size_t count;
    const size_t *keys;         /* increasing key indices */
    const char *scaled[2];      /* their scaled score, simplified */
} exattn_doc_group;

typedef enum
{
    EXATTN_NOTE_EXACT_COORDINATE = 0   /* an output coordinate is exact
                                          although the weights are named */
} exattn_note_t;

typedef struct
{
    exattn_note_t kind;
    size_t row, col;
    mpq_srcptr value;           /* the exact coordinate, which is also every
                                   group's mean there */
    size_t group_count;
    const exattn_doc_group *groups; /* NULL when the row is compact: too
                                       many to list */
} exattn_doc_note;

/* How a claim's entry was decided, for its certificate. */
typedef enum
{
    EXATTN_CERTIFICATE_NONE = 0,   /* nothing enclosed: a property's proof
                                      is its note; an undecided entry
                                      never evaluated */
    EXATTN_CERTIFICATE_EXACT = 1,  /* by exact arithmetic */
    EXATTN_CERTIFICATE_ENCLOSURE = 2    /* by the enclosure [lo, hi] at
                                           `precision` bits */
} exattn_certificate_t;

/* One claimed value of a claim and its verdict. */
typedef struct
{
    const char *claimed;        /* as the lesson writes it */
    exattn_verdict_t verdict;
    const char *truth;          /* "2/3", "0.283995…"; NULL: unknown */
    const char *rounds_to;      /* approx FAIL: the correct rounding */
    int tie;                    /* an exact value on a rounding tie */
    const char *slip;           /* the usual slips it matches, or NULL */
    const char *note;           /* why, or NULL */
    exattn_certificate_t certificate;
    const char *lo, *hi;        /* ENCLOSURE: its bounds */
    long precision;             /* ENCLOSURE: its working precision */
} exattn_doc_claim_value;

/* What a claim says of its quantity. */
typedef enum
{
    EXATTN_CLAIMED_IS = 0,         /* exactly these values */
    EXATTN_CLAIMED_APPROX = 1,     /* their correct roundings */
    EXATTN_CLAIMED_NAMED = 2,      /* these expressions, exactly */
    EXATTN_CLAIMED_HOLDS = 3       /* a property, proved */
} exattn_claimed_t;

/* A claim of a lesson (docs/lesson-format.md, "Claims") and its
 * verdict: FAIL if a value fails, else UNDECIDED if one is, else PASS. */
typedef struct exattn_doc_claim
{
    const char *text;           /* the path or the expression */
    int expression;             /* `text` is an expression ("expr") */
    const char *variant;        /* NULL: the base lesson */
    const char *minus;          /* a difference: "base" or a variant's
                                   name; NULL otherwise */
    int minus_base;             /* a difference with the base lesson */
    exattn_claimed_t kind;
    unsigned long line, column;
    const char *source;         /* the page's sentence it checks, or
                                   NULL */
    exattn_verdict_t verdict;
    size_t count;
    const exattn_doc_claim_value *values;
} exattn_doc_claim;

/* A number a page prints and its verdict (docs/cli.md, "exattn
 * audit"). */
typedef struct exattn_doc_number
{
    unsigned long line, column;
    const char *text;           /* the page's bytes (line breaks kept) */
    size_t count;               /* the values it writes: 1, or a
                                   vector's */
    char *const *values;        /* a formula's with its symbols as the
                                   page writes them */
    int math;                   /* in math */
    exattn_audit_verdict_t verdict;
    size_t bound_count;
    char *const *bound;         /* the quantities it is (PASS, WORDING),
                                   was meant for (FAIL) or is nearest */
    size_t considered;          /* how many it could be (more than
                                   `bound_count`: the rest not listed) */
    const char *marker;         /* the page's marker, or NULL */
    const char *truth;          /* the true value (FAIL, WORDING), the
                                   nearest (UNDECIDED, UNSOURCED) */
    const char *rounds_to;      /* FAIL: the correct rounding */
    size_t entry;               /* of this entry of a vector, from 1 (0:
                                   a scalar) */
    const char *slip, *note, *arithmetic, *evidence;
} exattn_doc_number;

/* A number displayed as certified: every digit proven.  An error in
 * ULPs known only in an interval is written with as many decimals as
 * it takes for both ends to round alike (at least two, "5.13"); `lo`
 * and `hi` are the interval's ends, rounded outward, equal when the
 * error is known exactly. */
typedef struct
{
    const char *text;           /* "5.13" */
    const char *lo, *hi;        /* "5.1299999", "5.1300001", or both
                                   the exact value's decimal */
    int exact;                  /* known exactly */
} exattn_doc_ulps;

/* One float of a results file and its grade (docs/cli.md, "exattn
 * grade"). */
typedef struct exattn_doc_grade
{
    const char *path;           /* the results file's path ("weights") */
    const char *entry;          /* the quantity's entry it is
                                   ("weights[rises][grid]") */
    size_t row, col;            /* its place in its path's values, from 0 */
    unsigned long line, column; /* where the file writes it */
    const char *written;        /* the float as written */
    const char *truth;          /* the exact value: "1/3", or its named
                                   form */
    int named;                  /* the truth is named (not rational) */
    const char *truth_decimal;  /* certified, to the format's digits and
                                   three more */
    int truth_decimal_exact;    /* that decimal is the truth itself */
    exattn_doc_ulps error;      /* |float - truth| / ulp(truth) */
    int correctly_rounded;
    int over;                   /* with a bound: 1 proved above it, 0
                                   proved within, -1 not decided; 0
                                   without one */
    const char *max_ulp;        /* the bound, as given; NULL: none */
    const char *shown;          /* with digits: the float's display;
                                   NULL without */
    const char *should_show;    /* and the certified rounding of the
                                   truth */
    int display_right;          /* shown equals should_show */
} exattn_doc_grade;

/* One path's values, summed up. */
typedef struct
{
    const char *path;
    size_t values, correctly_rounded, wrong_displays, over;
    exattn_doc_ulps max, mean;  /* of the errors */
    const char *worst;          /* the entry of the largest error */
    unsigned long worst_line, worst_column;
} exattn_doc_grade_quantity;

typedef struct exattn_doc_grade_summary
{
    const char *format;         /* "binary64" */
    const char *variant;        /* graded against this variant; NULL:
                                   the lesson */
    const char *max_ulp;        /* the bound, as given; NULL: none */
    unsigned long digits;       /* EXATTN_DIGITS_NONE: no displays */
    size_t quantity_count;
    const exattn_doc_grade_quantity *quantities;    /* in the file's
                                                       order */
    exattn_doc_grade_quantity all;  /* every value ("path" NULL) */
    const exattn_grade_summary_t *counts;
} exattn_doc_grade_summary;

/* A matrix of exact rationals: rows*cols entries, row-major.  Entry (r,
 * c) is a[r * cols + c]; or `a` is NULL and the entry is the integer
 * ints[r * cols + c] -- a matrix the lesson gave whose entries are all
 * integers of at most 63 bits may be held so (a real head's Q, K and V:
 * 8 bytes an entry, not an mpq_t's 96).  Both NULL when it is empty.
 * Read entries with exattn_doc_matrix_entry, which takes either. */
typedef struct
{
    size_t rows, cols;
    mpq_t *a;
    int64_t *ints;
} exattn_doc_matrix;

/* out = entry (r, c) of m, which must be in range. */
void exattn_doc_matrix_entry(mpq_t out, const exattn_doc_matrix *m,
                             size_t r, size_t c);

/* How a lesson wrote its mask, when a shorthand stands for the 0/1
 * matrix it means (mask_kind EXATTN_MASK_MATRIX). */
typedef enum
{
    EXATTN_MASK_WRITTEN_AS_KIND = 0,    /* as mask_kind says */
    EXATTN_MASK_WRITTEN_KEY_PADDING = 1,    /* [1, 1, 1, 0] */
    EXATTN_MASK_WRITTEN_VALID_LENS = 2  /* {"valid_lens": 3} */
} exattn_mask_written_t;

/* A lesson's header, as the lesson gives it: every section of a lesson
 * (or of one of its variants) points to it (`header`), so a writer needs
 * nothing of the lesson itself.  Borrowed from the lesson, valid during
 * the walk. */
typedef struct
{
    const char *file;               /* the lesson's file, for messages */
    const char *title;              /* NULL: none */
    const char *name;               /* a variant's name; NULL for the
                                       lesson itself */
    size_t n, m, dk, dv;            /* queries, keys, d_k, d_v */
    char *const *query_labels;      /* n labels */
    char *const *key_labels;        /* m labels */
    int default_query_labels;       /* the labels are 1, 2, ...: the lesson
                                       names none */
    int default_key_labels;
    exattn_doc_matrix q, k, v;      /* after projection and interventions */
    exattn_scale_kind_t scale_kind;
    mpq_srcptr scale_value;         /* the factor, or the radicand d */
    exattn_mask_kind_t mask_kind;
    const unsigned char *allowed;   /* n*m visibility flags, row-major */
    size_t blend_count;
    const char *const *blend_names;
    int has_block;                  /* the lesson is a block (its own
                                       section follows) */
    /* (after every field above, which keep their places) */
    /* What the lesson gave before projection: X (and a cross-attention's
     * memory) with W_Q, W_K and W_V, so that q = X·W_Q, k and v = X·W_K,
     * X·W_V (memory·W_K, memory·W_V); all empty (rows 0) when it gave Q,
     * K and V, or is a block.  A lab intervention may change q or v
     * after the projection: */
    exattn_doc_matrix x, memory, w_q, w_k, w_v;
    int q_multiplied;               /* a query row multiplied */
    int v_overridden;               /* a value entry overridden */
    /* The mask as written */
    exattn_mask_written_t mask_written;
    const unsigned char *key_padding;   /* KEY_PADDING: m flags, 1 a
                                           token, 0 padding */
    const size_t *valid_lens;       /* VALID_LENS: the visible keys of
                                       every row (count 1) or of each row
                                       (count n) */
    size_t valid_lens_count;
    int mask_causal;                /* a shorthand with "causal": true */
    /* (after every field above, which keep their places) */
    mpq_srcptr scale_root;          /* SCALE_INV_SQRT: √d when it is
                                       rational (√4 = 2, √(9/4) = 3/2),
                                       else NULL */
} exattn_doc_header;

/* The shape of a block (EXATTN_SECTION_BLOCK). */
typedef struct
{
    size_t n, m, d_model, d_ff, heads;
    const size_t *d_k, *d_v;        /* per head */
    int cross;                      /* keys and values from a memory */
    int positional;                 /* sinusoidal positions added */
    int post_ln;                    /* residual, then a norm (Post-LN) */
    int ffn;                        /* a feed-forward sublayer */
    int w_o;                        /* heads joined by W_O (else A = H1) */
    int scale_per_head;             /* 1/sqrt(d_k) in each head */
    /* a decoder: cross-attention to an encoder's output (its memory)
     * after the first layer norm, then its residual and layer norm */
    int decoder;
    size_t memory_rows, cross_heads;
    const size_t *cross_d_k, *cross_d_v;    /* per cross head */
    char *const *memory_labels;     /* one per memory row */
    int cross_w_o;                  /* its heads joined by a W_O */
    /* (after every field above, which keep their places) */
    int pre_ln;                     /* a norm, then the sublayer, then the
                                       residual (Pre-LN) */
    int rms_norm;                   /* its norms are RMSNorms */
    int final_norm;                 /* Pre-LN: a norm after the last
                                       residual */
} exattn_doc_block;

/* One control of a lesson's live lab (its kind: include/exattn/lesson.h). */
typedef struct
{
    exattn_lab_control_t kind;
    size_t count;               /* MULTIPLIER, OVERRIDE: its positions */
    mpq_t *positions;           /* count exact values, increasing */
    size_t start;               /* the baseline: MULTIPLIER, OVERRIDE the
                                   position of 1 (of V's entry); QUERY the
                                   row followed first; CAUSAL 1 when the
                                   lesson's mask is causal, else 0; BLOCK
                                   SIZE_MAX (no key blocked) */
    size_t row, col;            /* OVERRIDE: the entry of V, 0-based */
    mpq_srcptr step;            /* MULTIPLIER, OVERRIDE given as a range:
                                   its step; NULL for a list of values */
} exattn_doc_lab_control;

/* What a lab shows: OR of these. */
#define EXATTN_LAB_SHOW_WEIGHTS 1u  /* the followed row's weights */
#define EXATTN_LAB_SHOW_OUTPUT 2u   /* its output */
#define EXATTN_LAB_SHOW_MAP 4u      /* every row's weights, as a map */
#define EXATTN_LAB_SHOW_CHANGE 8u   /* what changed against the baseline */
#define EXATTN_LAB_SHOW_ALL 15u

/* A lesson's live lab.  Every state is the lesson (its Q, K, V, scale
 * and mask: the section's `header`) with one variant: the multiplier on
 * the followed row's query, the override, and the mask -- with a causal
 * control `causal_allowed` or `open_allowed`, else the lesson's -- less
 * the blocked key's column.  Borrowed from the lesson, valid during the
 * walk. */
typedef struct
{
    const char *title;          /* its heading; NULL: none */
    size_t follow;              /* the row followed at first, 0-based */
    size_t control_count;
    const exattn_doc_lab_control *controls;     /* in the lesson's order */
    unsigned show;              /* OR of EXATTN_LAB_SHOW_*, never 0 */
    const unsigned char *causal_allowed;    /* with a causal control: the
                                               n*m visibility with the
                                               causal mask, row-major;
                                               else NULL */
    const unsigned char *open_allowed;      /* and without it */
    /* With a block control, the keys a reader may block: m flags, key j
     * when no row would be left without a key.  `blockable` under the
     * lesson's mask, or with a causal control under causal_allowed;
     * `blockable_open` under open_allowed (NULL without a causal
     * control). */
    const unsigned char *blockable;
    const unsigned char *blockable_open;
} exattn_doc_lab;

/* What the rows of a block stage are. */
typedef enum
{
    EXATTN_ROWS_QUERIES = 0,        /* the tokens (query labels) */
    EXATTN_ROWS_KEYS = 1,           /* the keys (key labels) */
    EXATTN_ROWS_POSITIONS = 2,      /* positions 0, 1, ... */
    EXATTN_ROWS_MEMORY = 3          /* a decoder's memory rows (the
                                       block's memory_labels) */
} exattn_rows_t;

typedef struct
{
    exattn_section_t kind;
    const exattn_lesson *lesson;    /* the lesson or variant (borrowed;
                                       what a writer prints of it is in
                                       `header`) */
    size_t row;                     /* ROW, CONTRAST_ROW; else SIZE_MAX */
    /* ROW */
    exattn_rule_t rule;
    int compact;                    /* more allowed keys than the sum
                                       threshold, named weights: written
                                       around Z_i, blocked keys not
                                       listed, contributions only when
                                       asked for by name */
    size_t allowed_count;
    const unsigned char *allowed;   /* m flags */
    mpq_srcptr weight;              /* EQUAL_SCORES, SINGLE_KEY: every
                                       allowed weight; else NULL */
    size_t exact_outputs;           /* output coordinates that are exact */
    const char *symbol[2];          /* compact: "Z3", "Z_{3}" */
    const char *denominator[2];     /* compact: Z_i's definition */
    const char *key_set[2];         /* the allowed keys in runs:
                                       "{K1…K7,K9}", "\\{1, \\dots, 7, 9\\}" */
    unsigned show;                  /* the quantities listed: OR of
                                       EXATTN_SHOW(kind) */
    /* BLEND */
    size_t blend;
    /* BLOCK */
    const exattn_doc_block *block;
    /* HEAD, and a head's STAGE */
    size_t head;                    /* 0-based; SIZE_MAX elsewhere */
    size_t d_k, d_v;                /* HEAD */
    /* STAGE */
    const char *stage;              /* its identifier: "q", "scores",
                                       "ln1_mean", "ffn_hidden" */
    const char *path;               /* its claim path: "h1.q", "ln1.mean",
                                       "cross.h1.weights" */
    const char *name[2];            /* its symbol in text and LaTeX: "μ",
                                       "\\mu", "q^{(2)}" */
    size_t rows, cols;
    exattn_rows_t rows_are;         /* what its rows are indexed by */
    int per_token;                  /* one value per token (a mean, a
                                       variance) */
    /* CONTRAST, CONTRAST_ROW */
    const exattn_lesson *against;   /* the lesson contrasted with */
    int shapes_differ;              /* no row-by-row contrast */
    int permuted;                   /* tokens permuted, mask kept */
    exattn_contrast_t contrast;     /* CONTRAST_ROW */
    size_t token;                   /* permuted: the row of `against` that
                                       holds this row's token */
    /* (sink version 2: after every field of version 1, which keep their
     * places) */
    int symbolic;                   /* ROW: a named row in symbols
                                       (EXATTN_PRESENT_SYMBOLS): `symbol`
                                       and `denominator` define Z_i */
    int cross;                      /* HEAD, STAGE: of a decoder's
                                       cross-attention */
    /* (after every field above, which keep their places) */
    exattn_stage_t stage_kind;      /* STAGE: which stage it is */
    const char *heading[2];         /* BLOCK: what it is ("self-attention,
                                       Post-LN (residual, then
                                       LayerNorm)", text only); HEAD,
                                       STAGE: the line that introduces it
                                       in text ("layer norm: u = γ·(z −
                                       μ)/√(σ² + ε) + β, γ = (1, 1), …"),
                                       and in LaTeX the formula that
                                       defines it, without its `title`
                                       (lines broken by \\ for a
                                       gathered display); NULL where it
                                       has none */
    int opens_part;                 /* STAGE: its heading opens a part of
                                       the block (a sublayer, a norm) */
    exattn_repeat_t repeats;        /* STAGE: a quantity shown before it,
                                       entry by entry */
    char *const *row_labels;        /* STAGE: its rows' labels (tokens,
                                       keys or memory rows); NULL for
                                       positions */
    int weights;                    /* STAGE: its rows are softmax
                                       weights, each with its `rule` */
    const exattn_doc_header *header;    /* every section: the header of
                                           the lesson it belongs to (the
                                           variant's, in a variant) */
    const exattn_doc_header *against_header;    /* CONTRAST,
                                                   CONTRAST_ROW: the
                                                   header of `against` */
    /* CHECK, AUDIT (after every field above, which keep their places) */
    const char *file;               /* CHECK: the lesson's file; AUDIT:
                                       the page's */
    const char *lesson_file;        /* AUDIT: the lesson's file */
    const exattn_check_summary_t *check_summary;    /* CHECK, at its end:
                                                       the counts; NULL
                                                       when only failures
                                                       are reported */
    const exattn_audit_summary_t *audit_summary;    /* AUDIT, likewise */
    /* (after every field above, which keep their places) */
    const char *title;              /* BLOCK, HEAD, STAGE: the title of
                                       its heading on a page ("Layer
                                       norm", "Head 1", "Residual"; the
                                       block's is what it is); NULL where
                                       it has none (a head's scores) */
    char *const *column_labels;     /* STAGE: its columns' labels when
                                       they are keys or memory rows
                                       (scores, weights); NULL when they
                                       are coordinates */
    /* (after every field above, which keep their places) */
    const struct exattn_doc_contrast_summary *contrast_summary;
                                    /* CONTRAST, at its end: what changed,
                                       counted; NULL elsewhere and when
                                       the shapes differ */
    int same_as_against;            /* ROW of a variant: proved to be the
                                       row of `against` (`against_header`)
                                       in every quantity -- the same
                                       scores, scale, weights and values
                                       --, so it is not derived again:
                                       no entries or notes follow, and
                                       only `row`, `header` and the
                                       `against` fields are set */
    /* (after every field above, which keep their places) */
    const exattn_doc_lab *lab;      /* LAB: the lab; NULL elsewhere */
    /* (after every field above, which keep their places) */
    const struct exattn_doc_grade_summary *grade_summary;
                                    /* GRADE, at its end: each quantity's
                                       and the totals; NULL elsewhere */
} exattn_doc_section;

/* A contrast in one sentence: how many rows, weights and output
 * coordinates changed and which way, every count from a proved relation
 * of the contrast's entries. */
typedef struct exattn_doc_contrast_summary
{
    size_t rows;                    /* rows compared */
    size_t rows_changed;            /* rows with a change entry that is
                                       not proved equal */
    const size_t *changed;          /* their indices, increasing */
    size_t listed;                  /* how many of them a sentence names
                                       (the rest are counted) */
    size_t weights_up, weights_down;    /* weights proved to increase,
                                           decrease */
    size_t outputs_up, outputs_down;    /* output coordinates likewise */
    size_t different;               /* proved different, direction not
                                       decided (and, permuted, outputs
                                       that did not move with their
                                       token) */
    size_t unproved;                /* neither proved equal nor
                                       different */
} exattn_doc_contrast_summary;

/* A sink: each callback returns EXATTN_OK to go on, or an error code that
 * ends the walk (exattn_derive returns it; the sink fills `err` if it
 * wants a message).  NULL callbacks are skipped. */
typedef struct
{
    unsigned version;               /* EXATTN_DOC_SINK_VERSION */
    unsigned notations;             /* OR of EXATTN_NOTATION_*; 0: all */
    unsigned decimals;              /* OR of EXATTN_SHOW(kind): the row
                                       quantities whose decimals the sink
                                       writes, when opts->digits asks for
                                       decimals; 0: all of them */
    unsigned forms;                 /* OR of EXATTN_SHOW(kind): the row
                                       quantities whose values' forms the
                                       sink writes (a contribution's
                                       `factor`, an output's whole form
                                       and a compact row's output
                                       coordinates' forms are always
                                       built); 0: all */
    int (*begin)(void *ctx, const exattn_doc_section *section);
    int (*entry)(void *ctx, const exattn_doc_entry *entry);
    int (*note)(void *ctx, const exattn_doc_note *note);
    int (*end)(void *ctx, const exattn_doc_section *section);
    unsigned presentation;          /* (version 2) OR of EXATTN_PRESENT_* */
} exattn_doc_sink;

/* The LaTeX forms of a named row in symbols (a textbook's derivation):
 * its section defines Z_i once (`symbol`, `denominator` the explicit sum
 * of its e^{s_j}), a weight is e^{s_j}/Z_i, a weight as a factor and in
 * an output coordinate is its symbol w_{i,j}, and the output coordinate
 * is the sum of those symbols times the values.  Long sums carry line
 * breaks for an aligned display (by the width of their terms).  The text forms are not affected; a compact row is written in
 * its own way; EXATTN_LATEX_EXPANDED in the options turns it off. */
#define EXATTN_PRESENT_SYMBOLS 1u

#define EXATTN_DOC_SINK_VERSION 2
#define EXATTN_DOC_SINK_INIT { EXATTN_DOC_SINK_VERSION, 0, 0, 0, 0, 0, 0, 0, \
                               0 }

/* Walk the derivation of `lesson` into `sink`: the lesson's section with
 * its rows and blends, then a variant section for each variant (its
 * contrast, its own lesson section); for a block lesson, the block's
 * section with its stages and heads.  `opts` NULL: the defaults
 * (EXATTN_WRITE_OPTS_INIT). */
EXATTN_WUR int exattn_derive(const exattn_doc_sink *sink, void *ctx,
                             const exattn_lesson *lesson,
                             const exattn_write_opts *opts,
                             exattn_error_t *err);

/* What a report lists: every claim or number, or only those that do not
 * pass (`--quiet`); the counts are those of all of them either way. */
#define EXATTN_REPORT_ALL 0u
#define EXATTN_REPORT_FAILURES 1u

/* Check every claim of `lesson` into `sink`: a CHECK section, a CLAIM
 * entry per claim (each handed over before the next is checked) and, at
 * the section's end, the counts (check_summary; NULL with
 * EXATTN_REPORT_FAILURES).  `summary` (may be NULL) receives the counts
 * too.  `max_prec` caps the working precision (0: the default). */
EXATTN_WUR int exattn_derive_check(const exattn_doc_sink *sink, void *ctx,
                                   exattn_check_summary_t *summary,
                                   const exattn_lesson *lesson,
                                   mpfr_prec_t max_prec, unsigned report,
                                   exattn_error_t *err);

/* Audit the page `page` (len bytes, named `file`) with `auditor` into
 * `sink`: every verdict is decided first -- bad input is an error before
 * any callback --, then an AUDIT section, a NUMBER entry per number and,
 * at the end, the counts (audit_summary; NULL with
 * EXATTN_REPORT_FAILURES, which lists the numbers that neither pass nor
 * are mentions).  `summary` (may be NULL) receives the counts. */
EXATTN_WUR int exattn_derive_audit(const exattn_doc_sink *sink, void *ctx,
                                   exattn_audit_summary_t *summary,
                                   exattn_auditor *auditor,
                                   const char *file, const char *page,
                                   size_t len, exattn_page_format fmt,
                                   unsigned report, exattn_error_t *err);

/* Grade the results file `results` (len bytes, named `file`) against
 * `lesson` into `sink`: the file is read first -- bad input there is an
 * error before any callback; a path the lesson has not, or a shape that
 * differs, ends the walk where it is met (the library's writers then
 * write nothing) --, then a GRADE section, a GRADE entry per
 * value (with EXATTN_REPORT_FAILURES in opts, only those not correctly
 * rounded, wrongly displayed or over the bound) and, at its end, each
 * quantity's summary and the totals (grade_summary).  `summary` (may be
 * NULL) receives the counts. */
EXATTN_WUR int exattn_derive_grade(const exattn_doc_sink *sink, void *ctx,
                                   exattn_grade_summary_t *summary,
                                   const exattn_lesson *lesson,
                                   const char *file, const char *results,
                                   size_t len,
                                   const exattn_grade_options_t *opts,
                                   exattn_error_t *err);

#endif
