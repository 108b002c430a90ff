/* The clues of a number's lead (clues.c): the words and symbols before
 * it that name a kind of quantity -- "weights", $a \approx$, w[bread] --
 * the nearest of them, and the metric words that make it a mention.
 * The evidence (evidence.c) decides from them. */
#ifndef EXATTN_AUDIT_CLUES_H
#define EXATTN_AUDIT_CLUES_H

#include <ctype.h>
#include "audit/audit.h"

/* A word or symbol and the kinds it names (EXATTN_FAM_ bits; 0: a
 * mention). */
typedef struct
{
    const char *word;
    unsigned families;
} exattn_audit_vocab;

/* What the lead says so far: the kinds every word and symbol of the
 * sentence names (a sentence may speak of values and weights before the
 * number), and the nearest of them. */
typedef struct
{
    size_t at;                  /* where the nearest ends in the lead */
    unsigned families;          /* all of them */
    size_t mention_at;          /* where the last metric word ends, or -1 */
    unsigned nearest;           /* the nearest's kinds */
    int generic;                /* a word of no kind ("entry") was seen */
    unsigned words;             /* the kinds its prose words name */
    const char *kind;           /* the nearest: "the word", */
    const char *text;           /* "weights" (in the lead or the subject) */
    size_t text_len;
    const exattn_lesson *l;     /* whose token labels are no kind words */
    int mention_setting;        /* the last metric word names a control
                                   ("slider"): a kind word after it takes
                                   the number back ("with the slider at
                                   1 the weight is 0.576") */
} exattn_audit_clue;

#define EXATTN_AUDIT_CLUE_INIT(l) \
    { (size_t)-1, 0, (size_t)-1, 0, 0, 0, "", "", 0, (l), 0 }

/* The clues of a lead: its prose words, and its math between dollars
 * (`block`: the lesson has a block, whose symbols count too). */
void exattn_audit__read_lead(exattn_audit_clue *c, const char *lead,
                             const exattn_block_spec *block);
/* The symbols of a math stretch [from, to) of a lead or a subject; in a
 * lead (`locators`), q, k, v and x say whose quantity follows. */
void exattn_audit__read_math(exattn_audit_clue *c, const char *s,
                             size_t from, size_t to,
                             const exattn_block_spec *block, int locators);
/* A math symbol at s[k]: its length (a letter, a command with its braced
 * argument); 0 when none. */
size_t exattn_audit__symbol_at(const char *s, size_t k, size_t len);
/* The nearest clue in words, into buf: "the word \"weights\"". */
const char *exattn_audit__what_of(const exattn_audit_clue *c, char *buf,
                                  size_t size);
/* The kinds of quantity block stage bq is (EXATTN_FAM_ bits). */
unsigned exattn_audit__stage_families(exattn_stage_t bq);
/* The vocabulary's entry for symbol [s, s + n), or NULL; with `block`,
 * a block's symbols and its stages' (the stage table's) first. */
const exattn_audit_vocab *
exattn_audit__find_symbol(const char *s, size_t n,
                          const exattn_block_spec *block);
/* A letter, a digit, a hyphen or a byte of a UTF-8 sequence: a word's
 * (inline: it is asked at every byte of every lead). */
static inline int
exattn_audit__word_char(char ch)
{
    return isalnum((unsigned char)ch) || ch == '-'
           || (unsigned char)ch >= 0x80;
}

/* ---- labels and indices (labels.c) ---------------------------------- */

/* The end of the last whole-word match of `label` in lead, case aside,
 * or 0. */
size_t exattn_audit__label_in(const char *lead, const char *label);
/* The token label of lesson l the lead names last, its end in *at; or
 * NULL. */
const char *exattn_audit__nearest_label(const char *lead,
                                        const exattn_lesson *l, size_t *at);
/* Is `subject` the label itself, or its end after a sign inside it ("D"
 * of "R&D")? */
int exattn_audit__label_ends(const char *label, const char *subject);
/* Is `subject` the tail of a token label the lead names, after a sign
 * inside it ("f" of "e/f", "D" of "R&D")?  Then it is no symbol. */
int exattn_audit__label_tail(const char *lead, const char *subject,
                             const exattn_lesson *l);
/* A default label ("2") names its row by index: into e->row_index. */
void exattn_audit__label_as_index(exattn_audit_evidence *e,
                                  const exattn_lesson *l);
/* Two labels in a subject, a query's then a key's ("w_{rises,load}"):
 * into e->label and e->key_label. */
void exattn_audit__subject_labels(exattn_audit_evidence *e,
                                  const char *subject,
                                  const exattn_lesson *l);
/* The index the lead names last after one of `nouns` ("query 2"), or
 * 0. */
size_t exattn_audit__index_named(const char *lead, const char *const *nouns,
                                 size_t count);

/* ---- variants (variants.c) ---------------------------------------- */

/* The variant the lead names last ("the zero query"): its name, and its
 * bytes in the lead [*from, *to); or NULL. */
const char *exattn_audit__variant_named(const char *lead,
                                        const exattn_lesson *l, size_t *from,
                                        size_t *to);
/* The variant a heading names, into *best (NULL: none); EXATTN_OK or
 * EXATTN_ENOMEM. */
int exattn_audit__variant_of_heading(const char *section,
                                     const exattn_lesson *l,
                                     const char **best);

#endif
