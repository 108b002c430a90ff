/* Reading a lesson's claims (after its variants). */
#ifndef EXATTN_LESSON_CLAIMS_H
#define EXATTN_LESSON_CLAIMS_H

#include "lesson/fields.h"

int exattn_claims__read(exattn_lesson *l, const exattn_jnode *node,
                        const exattn_rctx *rc);
void exattn_claims__free(exattn_lesson *l);

/* Resolve claim c's path (c->text) in c->lesson: its target, indices
 * and count; an input error at `at` (NULL: no position) when it names
 * nothing (src/claims/paths.c). */
int exattn_claims__resolve_path(exattn_claim *c, const exattn_rctx *rc,
                                const exattn_jnode *at);

/* The one row quantity a path inside an expression names: every index
 * given ("weights[rises][3]", "output[2][1]"), in lesson l (a lesson
 * without a block).  EXATTN_EFIELD with `why` filled when it names none. */
int exattn_claims__ref(exattn_claim_ref *out, const exattn_lesson *l,
                       const char *path, exattn_error_t *why);

/* Claims built by a program (the audit of a page) rather than read: the
 * quantity at `path` of lesson l or of its variant (NULL: the base),
 * minus the same quantity of `minus` (NULL: none; "base" or a variant);
 * or the expression `text`.  Then their `approx` or `is` values.  Release
 * each with exattn_claims__clear_claim, whatever the result. */
int exattn_claims__path_claim(exattn_claim *c, const exattn_lesson *l,
                              const char *variant, const char *path,
                              const char *minus, exattn_error_t *err);
/* The same, its messages naming the path a `noun` ("path": exattn get)
 * rather than a claim (NULL). */
int exattn_claims__path_quantity(exattn_claim *c, const exattn_lesson *l,
                                 const char *variant, const char *path,
                                 const char *minus, const char *noun,
                                 exattn_error_t *err);
int exattn_claims__expr_claim(exattn_claim *c, const exattn_lesson *l,
                              const char *text, exattn_error_t *err);
/* The same for an expression the caller parsed (the claim owns e from
 * here, whatever the result). */
int exattn_claims__parsed_claim(exattn_claim *c, const exattn_lesson *l,
                                const char *text, struct exattn_expr *e,
                                exattn_error_t *err);
int exattn_claims__set_values(exattn_claim *c, exattn_claim_kind kind,
                              char *const *values, exattn_error_t *err);
void exattn_claims__clear_claim(exattn_claim *c);

/* Matrix `which` of lesson l (empty when the lesson does not give it),
 * and the labels of its rows: the queries' (Q, X), the keys' (K, V,
 * memory), or NULL (W_Q, W_K, W_V: rows by index) (src/claims/paths.c). */
const exattn_matrix *exattn_claims__matrix(const exattn_lesson *l,
                                           exattn_matrix_t which);
char *const *exattn_claims__matrix_labels(const exattn_lesson *l,
                                          exattn_matrix_t which);

#endif
