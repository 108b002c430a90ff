/* Internal representation of expressions: a tree of nodes owned by the
 * exattn_expr, each knowing whether it is exact. */
#ifndef EXATTN_EXPR_INTERNAL_H
#define EXATTN_EXPR_INTERNAL_H

#include "internal.h"
#include "eval/ziv.h"

typedef enum
{
    EXATTN_X_NUM, EXATTN_X_E, EXATTN_X_ADD, EXATTN_X_SUB, EXATTN_X_MUL,
    EXATTN_X_DIV, EXATTN_X_POW, EXATTN_X_NEG, EXATTN_X_EXP, EXATTN_X_SQRT,
    EXATTN_X_SIN, EXATTN_X_COS, EXATTN_X_LN,
    EXATTN_X_RELU,              /* max(0, a): built, never parsed */
    EXATTN_X_SYM                /* a named constant (literal), maybe with
                                   a value for evaluation */
} exattn_xop;

/* The enclosure of a node at one working precision, kept so that a node
 * shared by many others (a DAG built by src/block/) is enclosed once. */
typedef struct
{
    exattn_ball ball;
    mpfr_prec_t wp;             /* 0: nothing kept */
} exattn_xmemo;

typedef struct exattn_xnode exattn_xnode;
typedef struct exattn_lform exattn_lform;
struct exattn_xnode
{
    exattn_xop op;
    exattn_xnode *a, *b;        /* operands (b for binary operators) */
    int exact;                  /* value holds the exact value */
    mpq_t value;
    char *literal;              /* a number as written ("2.028"), or a
                                   symbol's name */
    char *label, *label_tex;    /* printed instead of the node when it is
                                   not the root (NULL: expand) */
    exattn_xmemo *memo;         /* the last enclosure, kept for nodes
                                   with several parents (NULL: none) */
    unsigned parents;           /* nodes built on this one */
    int memoize;                /* built nodes: keep enclosures when
                                   shared */
    int has_value;              /* EXATTN_X_SYM: value holds its value */
    unsigned long hash;         /* structural hash (0: not computed) */
    exattn_lform *lin;          /* built nodes: a rational combination of
                                   atoms (src/expr/linear.c); NULL: the
                                   node is an atom */
    int atom_in_forms;          /* forms built on this node take it as an
                                   atom, though it has one of its own */
    unsigned long column;       /* where it starts, for messages */
    exattn_xnode *next;         /* allocation list of the expression */
};

struct exattn_expr
{
    exattn_xnode *root;
    exattn_xnode *nodes;        /* every node, for freeing */
    char *name;
};

exattn_xnode *exattn_expr__node(exattn_expr *e, exattn_xop op,
                                exattn_xnode *a, exattn_xnode *b,
                                unsigned long column);

/* A domain error at node n ("sqrt of a negative number"). */
int exattn_expr__domain(const exattn_xnode *n, const char *name,
                        exattn_error_t *err, const char *what);

/* Decide exactness of a new node from its operands (src/expr/fold.c). */
int exattn_expr__fold(exattn_xnode *n, const char *name,
                      unsigned long max_bits, exattn_error_t *err);

/* Exact results of built expressions stay within the default limit. */
#define EXATTN_EXPR_MAX_BITS 1000000UL

/* Enclose a node's value at precision wp (src/expr/eval.c): 0 ok, 1 too
 * wide (refine), or a negative exattn_code_t with err filled. */
/* An exattn_enclose_fn over a whole expression (ctx: the exattn_expr). */
int exattn_expr__enclose(exattn_ball *out, void *ctx, mpfr_prec_t wp,
                         exattn_error_t *err);
int exattn_expr__ball(exattn_ball *out, const exattn_xnode *n,
                      mpfr_prec_t wp, const char *name, exattn_error_t *err);

/* Decide the rounding of a named expression (as exattn_row_eval__decide). */
int exattn_expr__decide(mpz_t d, exattn_ball *cert, mpfr_prec_t *wp_used,
                        const exattn_expr *e, const exattn_ziv_opts *ask,
                        exattn_error_t *err);

/* ---- normal forms (src/expr/linear.c, lform.c) ------------------------- */

/* The form of a new node from its operands' forms: a rational function
 * of atoms whose terms carry radicals and exponentials.  NULL when it is
 * not one (or beyond the caps, or out of memory: then it is an atom). */
exattn_lform *exattn_lform__of(const exattn_xnode *n);
void exattn_lform__free(exattn_lform *f);
/* 1 and the value when the form has no atom left. */
int exattn_lform__is_constant(const exattn_lform *f, mpq_t value);
/* A polynomial of a form: terms, each a coefficient times atoms with
 * integer exponents, radicals b^r (0 < r < 1, pairwise coprime bases)
 * and an exponential e^X (X a polynomial, NULL for none). */
typedef struct exattn_lpoly exattn_lpoly;
/* The form's polynomial when it has no denominator, else NULL. */
const exattn_lpoly *exattn_lform__polynomial(const exattn_lform *f);
size_t exattn_lpoly__terms(const exattn_lpoly *p);
mpq_srcptr exattn_lpoly__coef(const exattn_lpoly *p, size_t k);
size_t exattn_lpoly__factors(const exattn_lpoly *p, size_t k);
const exattn_xnode *exattn_lpoly__factor(const exattn_lpoly *p, size_t k,
                                         size_t i, long *exp);
size_t exattn_lpoly__radicals(const exattn_lpoly *p, size_t k);
mpz_srcptr exattn_lpoly__radical(const exattn_lpoly *p, size_t k, size_t i,
                                 mpq_srcptr *exp);
const exattn_lpoly *exattn_lpoly__expo(const exattn_lpoly *p, size_t k);

/* ---- expressions built by the library (src/expr/build.c) -------------- */

/* An empty expression that owns nodes built into it: a pool.  Its root is
 * NULL until set; views (below) point at its nodes. */
exattn_expr *exattn_expr__pool(const char *name);

/* A number node (written as an integer, -a, or p/q). */
exattn_xnode *exattn_expr__num(exattn_expr *pool, const mpq_t q);
exattn_xnode *exattn_expr__num_si(exattn_expr *pool, long v);

/* A symbol: `text` as printed, `tex` in LaTeX, `value` (may be NULL) what
 * it stands for when evaluated. */
exattn_xnode *exattn_expr__sym(exattn_expr *pool, const char *text,
                               const char *tex, const mpq_t value);
/* Does n hold a symbol with no value (a symbolic ε)?  Within *budget
 * nodes (a block's DAG shares them); past it, no. */
int exattn_expr__has_unvalued(const exattn_xnode *n, size_t *budget);

/* Parsing with paths: a name followed by bracketed indices
 * ("weights[rises][3]") is handed to `resolve`, which returns the node
 * of the quantity it names, built in `pool` (the expression being
 * parsed), or NULL with `why` filled. */
typedef exattn_xnode *(*exattn_expr__resolver)(void *ctx, exattn_expr *pool,
                                                const char *path,
                                                exattn_error_t *why);
int exattn_expr__parse_paths(exattn_expr **out, const char *text,
                             size_t len, const char *name,
                             const exattn_limits_t *limits,
                             exattn_expr__resolver resolve, void *ctx,
                             exattn_error_t *err);

/* The node op(a, b) (b NULL for functions), simplified where the result
 * is plain (x + 0 = x, 1·x = x, 0·x = 0, ...) and folded: an exact result
 * becomes a number node.  NULL with err filled on failure. */
exattn_xnode *exattn_expr__apply(exattn_expr *pool, exattn_xop op,
                                 exattn_xnode *a, exattn_xnode *b,
                                 exattn_error_t *err);

/* e^x as exattn_expr__apply builds it, except that e^0 stays a node of
 * its own: exactly 1, printed e^0 as the softmax terms of a lesson are
 * (e^0/(e^0+e^1)), not folded to 1. */
exattn_xnode *exattn_expr__exp_written(exattn_expr *pool, exattn_xnode *e,
                                       exattn_xnode *x, exattn_error_t *err);

/* Name a node for printing (text and LaTeX); 0 when out of memory. */
int exattn_expr__set_label(exattn_xnode *n, const char *text,
                           const char *tex);

/* Forget n's polynomial form: n is the intermediate of a chain of sums
 * whose next link copied it, and nothing else refers to n. */
void exattn_expr__drop_form(exattn_xnode *n);

/* Forms built from now on take n as an atom (its own form is kept for
 * comparing n itself): a norm's large coordinates (src/block/layers.c). */
void exattn_expr__atom_in_forms(exattn_xnode *n);

/* Has n a form with more terms than a norm expands (EXATTN_SMALL_FORM:
 * its square has at most the terms a form keeps)? */
int exattn_expr__large_form(const exattn_xnode *n);

/* A non-owning expression whose root is n (freed with exattn_expr_free,
 * which then releases only the view). */
exattn_expr *exattn_expr__view(const exattn_expr *pool, exattn_xnode *n);

/* Print n: labelled nodes below it as their labels when `labels`, else
 * expanded (then as its polynomial form when that is shorter); NULL
 * when the text would be longer than `limit` bytes (0: no
 * limit) or memory ran out. */
char *exattn_expr__print(const exattn_xnode *n, unsigned flags, int labels,
                         size_t limit);

/* tex, a printed LaTeX form, set over the lines of an aligned display:
 * its top-level sum broken before a term that would take a line past
 * `budget` points (exattn_latex__width), continuation lines starting
 * "\\ &\qquad"; the first line already holds `first` points, the last
 * leaves `tail` for what follows (or, when even one term leaves too
 * little, the form ends with a break before it); a root fraction of a
 * sum is written 1/D times the sum in \Bigl( \Bigr) to break inside.
 * A copy (malloc'd; NULL when out of memory). */
char *exattn_expr__break_latex(const char *tex, double first, double budget,
                               double tail);

/* The sign of n, proved: exact nodes from their value, named ones by
 * enclosures refined up to max_prec bits.  EXATTN_EUNABLE when no proof
 * was found (the value may be 0), or the error of an evaluation. */
int exattn_expr__sign(int *sign, const exattn_xnode *n, mpfr_prec_t max_prec,
                      const char *name, exattn_error_t *err);

/* A hash of n's structure (computed once per node): nodes of the same
 * structure have the same hash, so atoms of polynomial forms, which
 * exattn_expr__same compares by structure, can be ordered by it. */
unsigned long exattn_expr__hash(const exattn_xnode *n);

/* One node per distinct named subtree of a parsed expression
 * (src/expr/share.c): the parser's table. */
typedef struct
{
    exattn_xnode **slot;        /* open addressing by structural hash */
    size_t cap, used;
} exattn_xshare;

/* The node interchangeable with n kept in t (n itself when it is new,
 * exact, or the table cannot grow); n is kept when new. */
exattn_xnode *exattn_xshare__canonical(exattn_xshare *t, exattn_xnode *n);

void exattn_xshare__clear(exattn_xshare *t);

/* Are a and b the same expression (the same normal form, or the same
 * operations on the same exact numbers and symbols)?  Then they are
 * equal. */
int exattn_expr__same(const exattn_xnode *a, const exattn_xnode *b);

/* The exact-identity engine: is a = b?  Equal when their normal forms
 * are (or their trees); different only when both are exact rationals.
 * Otherwise unknown -- a difference of forms proves nothing: atoms such
 * as sin 1 may hide a zero, forms past the caps keep equal terms apart
 * -- and certified enclosures that separate the two are the proof of a
 * difference (the claims' and the contrasts' next step). */
typedef enum
{
    EXATTN_IDENTITY_EQUAL,
    EXATTN_IDENTITY_DIFFERENT,
    EXATTN_IDENTITY_UNKNOWN
} exattn_identity_t;

exattn_identity_t exattn_expr__identity(const exattn_xnode *a,
                                        const exattn_xnode *b);

#endif
