/* Why a printed number is a result, and of what: the page's evidence
 * (docs/cli.md, "Results and mentions").  A number is audited as a result
 * only when the page says so -- a symbol it is set equal to, a word or a
 * symbol naming a kind of quantity just before it, a token label, a
 * vector of a quantity's shape, the page's own arithmetic, a table's
 * column heading.  The nearest such word decides the kind ("the weights
 * give the output o = ..." is an output).  A symbol the lesson does not
 * define ($N = 6$ layers, $\beta_2 = 0.98$), a metric or a training
 * setting ("a BLEU score of 41.0", "dropout 0.1") and an example ("such
 * as -0.5") make the number a mention. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "audit/audit.h"
#include "audit/decide.h"
#include "audit/clues.h"

#define F(x) EXATTN_FAM_##x
#define word_char exattn_audit__word_char  /* clues.h */
#define METRIC_REACH 24         /* a metric word this close names the
                                   number */
#define EXAMPLE_REACH 8         /* "such as", "e.g." this close: an
                                   example's value */

/* Words that make what follows an example or a value the page reports
 * as wrong, not a result. */
static const char *const examples[] = {
    "such as", "e.g.", "for example", "for instance", "say,", "say"
};
/* Words anywhere in its sentence that make a number a value the page
 * retracts. */
static const char *const retractions[] = {
    "earlier version", "previous version", "incorrectly", "mistakenly",
    "wrongly", "erroneously"
};
/* Words after a number that say it is not what the lesson computes. */
static const char *const denials[] = {
    "would indicate", "would mean", "would signal", "would suggest",
    "would be a bug", "would be wrong", "is impossible", "cannot happen",
    "never happens", "would be invalid"
};

/* ---- what the words say ------------------------------------------------ */

static int
has_any(const char *text, const char *const *list, size_t count)
{
    size_t k, n = strlen(text), m;
    char low[256];

    m = n < sizeof low - 1 ? n : sizeof low - 1;
    for (k = 0; k < m; k++)
        low[k] = (char)tolower((unsigned char)text[k]);
    low[m] = '\0';
    for (k = 0; k < count; k++)
        if (strstr(low, list[k]) != NULL)
            return 1;
    return 0;
}

/* Does one of `list` stand just before the end of the lead, with at
 * most EXAMPLE_REACH bytes after it ("such as $-0.5$", "e.g. 0.1")?  "For
 * example" that opens a sentence about the lesson's own numbers ("For
 * example, the weight on grid is 0.284") says nothing of them. */
static int
said_just_before(const char *lead, const char *const *list, size_t count)
{
    size_t k, n = strlen(lead), m, i, from = n > 255 ? n - 255 : 0;
    char low[256];
    const char *p, *last;

    for (i = from; i < n; i++)
        low[i - from] = (char)tolower((unsigned char)lead[i]);
    low[n - from] = '\0';
    for (k = 0; k < count; k++)
    {
        m = strlen(list[k]);
        /* whole words: no "say" in "essay" */
        for (last = NULL, p = strstr(low, list[k]); p != NULL;
             p = strstr(p + 1, list[k]))
            if ((p == low || !isalpha((unsigned char)p[-1]))
                && !isalpha((unsigned char)p[m]))
                last = p;
        if (last != NULL && (size_t)(low + (n - from) - (last + m))
                                <= EXAMPLE_REACH)
            return 1;
    }
    return 0;
}

/* A vector with as many entries as some quantity of the lesson. */
static int
shape_fits(const exattn_page_number *n, const exattn_audit_candidates *all)
{
    return n->count > 1 && exattn_audit__group(all, n->count) != NULL;
}

/* Does only a copula stand between the nearest clue and the number
 * ("weight is", "weights are exactly", "with weight")?  Then the word
 * says what the number is, as a symbol set equal to it does. */
static int
says_it_is(const char *rest)
{
    static const char *const copulas[] = {
        "is", "are", "was", "were", "equals", "becomes", "be", "of", "the",
        "exactly", "then", "now", "gets", "get", "takes", "take", "to",
        "=", "$=$", "$\\approx$", "$=", "$\\approx", "\xe2\x89\x88"
    };
    size_t count = 0, k, n;

    while (*rest)
    {
        while (*rest == ' ' || *rest == ':' || *rest == ',')
            rest++;
        if (*rest == '\0' || (*rest == '$' && rest[1] == '\0'))
            return 1;
        for (n = 0; rest[n] && rest[n] != ' '; n++)
            ;
        for (k = 0; k < sizeof copulas / sizeof *copulas; k++)
            if (strlen(copulas[k]) == n && strncmp(rest, copulas[k], n) == 0)
                break;
        if (k == sizeof copulas / sizeof *copulas || ++count > 3)
            return 0;
        rest += n;
    }
    return 1;
}

static int
has_decimal(const exattn_page_number *n)
{
    size_t i;

    for (i = 0; i < n->count; i++)
        if (n->decimal[i])
            return 1;
    return 0;
}

/* A subject that is a computation, not a name: \frac, \sum, an
 * operator, a number in it. */
static int
is_formula(const char *s)
{
    static const char *const ops[] = { "\\frac", "\\sum", "\\dfrac",
                                       "\\tfrac", "\\cdot", "\\times",
                                       "+", "*", "/",
                                       "\xc2\xb7",        /* · */
                                       "\xc3\x97",        /* × */
                                       "\xce\xa3",        /* Σ */
                                       "\xe2\x88\x91" }; /* ∑ */
    size_t k;

    for (k = 0; k < sizeof ops / sizeof *ops; k++)
        if (strstr(s, ops[k]) != NULL)
            return 1;
    return isdigit((unsigned char)s[0]);
}

static int
set_why(exattn_audit_evidence *e, const char *why)
{
    return (e->why = exattn_str__dup(why)) != NULL ? EXATTN_OK
                                                   : EXATTN_ENOMEM;
}

/* Does a relation (=, ≈, \approx) end at lead[k - 1]?  Its length, or 0. */
static size_t
relation_ending(const char *lead, size_t k)
{
    if (k >= 1 && lead[k - 1] == '=')
        return 1;
    if (k >= 3 && memcmp(lead + k - 3, "\xe2\x89\x88", 3) == 0)
        return 3;
    if (k >= 7 && memcmp(lead + k - 7, "\\approx", 7) == 0)
        return 7;
    return 0;
}

/* Back from `end` over spaces and math's dollars. */
static size_t
back_over_blanks(const char *lead, size_t end)
{
    while (end > 0 && (isspace((unsigned char)lead[end - 1])
                       || lead[end - 1] == '$'))
        end--;
    return end;
}

/* The kinds the prose words of a formula's own clause name, into *out:
 * the lead after the relation before its subject ("The contribution of
 * key 9 to output9[1] =": contribution), not the lines before it (a text
 * page's "weights: w1 = ..." above "output9[3] = ...").  0 when out of
 * memory. */
static int
clause_words(unsigned *out, const char *lead, const exattn_lesson *l,
             const exattn_block_spec *block)
{
    size_t end = strlen(lead), from, n;
    exattn_audit_clue c = EXATTN_AUDIT_CLUE_INIT(l);
    char *clause;

    /* the formula's own relation and its subject, off the end ("score$
     * a_{12} =$": the lead's math between dollars) */
    end = back_over_blanks(lead, end);
    if ((n = relation_ending(lead, end)) != 0)
        end = back_over_blanks(lead, end - n);
    while (end > 0 && !isspace((unsigned char)lead[end - 1])
           && lead[end - 1] != '$')
        end--;
    for (from = end; from > 0 && relation_ending(lead, from) == 0; from--)
        ;
    if ((clause = malloc(end - from + 1)) == NULL)
        return 0;
    memcpy(clause, lead + from, end - from);
    clause[end - from] = '\0';
    exattn_audit__read_lead(&c, clause, block);
    free(clause);
    *out = c.words;
    return 1;
}

/* ---- the evidence ------------------------------------------------------ */

/* What the lead and the subject say, read (lead: with the variant's name
 * blanked, its words being no kind of quantity). */
typedef struct
{
    const exattn_page_number *n;
    const char *lead;
    exattn_audit_clue words, subject;
} reading;

/* Units after a number that make it a measurement ("1.56 MB", "12 ms",
 * "1.08 bits"): of a file, a run, a screen or an entropy, never a
 * quantity of the lesson. */
static const char *const units[] = {
    "B", "kB", "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB", "bytes",
    "ms", "\xc2\xb5s", "us", "ns", "px", "pt", "em", "rem", "Hz", "kHz",
    "MHz", "GHz", "FLOPs", "GFLOPs", "TFLOPs", "fps", "seconds", "minutes",
    "hours", "days", "MiB/s", "GB/s", "bits", "nats"
};

/* Does the tail open with a unit ("MB, mostly fonts")? */
static int
unit_after(const char *tail)
{
    size_t k, n;

    if (tail == NULL)
        return 0;
    while (*tail == ' ')
        tail++;
    for (k = 0; k < sizeof units / sizeof *units; k++)
        if (strncmp(tail, units[k], n = strlen(units[k])) == 0
            && !word_char(tail[n]))
            return 1;
    return 0;
}

/* Does a table column's heading name a unit as a word of its own ("µs
 * per call", "time (ms)", "size [MB]")?  A one-letter unit is no word of
 * a heading ("key B"). */
static int
unit_heading(const char *head)
{
    size_t k, n;
    const char *p;

    if (head == NULL)
        return 0;
    for (k = 0; k < sizeof units / sizeof *units; k++)
        for (n = strlen(units[k]), p = head;
             n > 1 && (p = strstr(p, units[k])) != NULL; p++)
            if ((p == head || !word_char(p[-1])) && !word_char(p[n]))
                return 1;
    return 0;
}

/* What the words around a number say it is instead of a result: an
 * example, a value the page denies, a metric or a grade just before it,
 * a measurement with its unit; NULL when they say nothing such. */
static const char *
said_otherwise(const exattn_page_number *n, const char *lead,
               const exattn_audit_clue *said)
{
    if (said_just_before(lead, examples, sizeof examples / sizeof *examples))
        return "an example, not a result (\"such as\", \"e.g.\")";
    if (has_any(lead, retractions, sizeof retractions / sizeof *retractions))
        return "a value the page retracts (\"an earlier version said\")";
    if (n->tail && has_any(n->tail, denials,
                           sizeof denials / sizeof *denials))
        return "a value the page says is not the lesson's";
    if (said->mention_at != (size_t)-1
        && strlen(lead) - said->mention_at <= METRIC_REACH
        && !(said->mention_setting && said->at != (size_t)-1
             && said->at > said->mention_at))
        /* "a BLEU score of 41.0", "dropout 0.1", "Quiz 3 average was" */
        return "a metric or a setting of another model";
    if (unit_after(n->tail))
        return "a measurement with its unit (\"1.56 MB\")";
    if (unit_heading(n->column_head))
        return "a measurement: its column's heading names a unit";
    return NULL;
}

/* Is `subject` a weight matrix or a bias as a page names one -- W_1,
 * W_{Q}, W^{O}, \mathbf{W}_2, b_1 -- whose entries the lesson is given? */
static int
parameter_symbol(const char *subject)
{
    static const char *const fonts[] = { "\\mathbf{", "\\boldsymbol{",
                                         "\\bm{" };
    size_t k, n;

    for (k = 0; k < sizeof fonts / sizeof *fonts; k++)
        if (strncmp(subject, fonts[k], n = strlen(fonts[k])) == 0
            && subject[n] != '\0' && subject[n + 1] == '}')
        {
            subject += n;       /* \mathbf{W}_2: its letter */
            return (subject[0] == 'W' || subject[0] == 'b')
                   && (subject[2] == '_' || subject[2] == '^');
        }
    return (subject[0] == 'W' || subject[0] == 'b')
           && (subject[1] == '_' || subject[1] == '^');
}

static const char *prose_label(const exattn_page_number *n,
                               const exattn_lesson *l);

/* A mention after all: a symbol of another model, an example, a value
 * the page denies, a metric; 1 when it is one. */
static int
mention_after_all(exattn_audit_evidence *e, const reading *r,
                  const exattn_lesson *l, int *rc)
{
    const exattn_page_number *n = r->n;
    const char *given;
    size_t at;

    if ((given = n->subject != NULL && parameter_symbol(n->subject)
                 ? n->subject
                 : n->matrix_subject != NULL
                   && parameter_symbol(n->matrix_subject)
                   ? n->matrix_subject : NULL) != NULL)
    {
        /* W_1 = [[3, -1], ...], b_1 = (-1, 0): given, not derived */
        e->mention = "a weight or bias the lesson is given, not a result";
        return *rc = set_why(e, given), 1;
    }
    if (n->subject != NULL && r->subject.at == (size_t)-1
        && strlen(n->subject) <= 24
        && !exattn_audit__nearest_label(n->subject, l, &at)
        && !(!n->math && exattn_audit__label_tail(r->lead, n->subject, l))
        && prose_label(n, l) == NULL
        && !exattn_audit__lesson_letter(l, n->subject))
    {
        /* $N = 6$, $\beta_2 = 0.98$: a symbol of another model */
        e->mention = "a symbol the lesson does not define";
        return *rc = set_why(e, n->subject), 1;
    }
    if ((e->mention = said_otherwise(n, r->lead, &r->words)) == NULL)
        return 0;
    return *rc = set_why(e, ""), 1;
}

/* The entry a subject's index names: \alpha_{2,3}, w_{23}, o_2 (query 2,
 * key 3), or a_{C,A} (labels: the first). */
static void
entry_named(exattn_audit_evidence *e, const char *subject, int labelled)
{
    const char *u = strchr(subject, '_'), *k;
    size_t a, b;
    /* q, o, Z: one index, the query's; w_{23}: a query's and a key's */
    int one = strchr("qoZxzhyuHc", subject[0]) != NULL;

    /* PE(1)_{2}: the argument names the row, the index a coordinate */
    if (u != NULL && memchr(subject, '(', (size_t)(u - subject)) != NULL)
        return;
    if (u == NULL)
        return;
    u++;
    if (*u != '{')
    {
        if (isdigit((unsigned char)*u) && !labelled)
            e->row_index = (size_t)(*u - '0');
        return;
    }
    u++;
    if (!one && isdigit((unsigned char)u[0]) && isdigit((unsigned char)u[1])
        && u[2] == '}')
    {
        e->row_index = (size_t)(u[0] - '0');    /* w_{23} */
        e->key_index = (size_t)(u[1] - '0');
        return;
    }
    a = strtoul(u, (char **)&u, 10);
    if (a > 0 && *u == '}' && !labelled)
    {
        e->row_index = a;
        /* q_{10}k_{1}^T: the key's index on k */
        if (subject[0] == 'q' && (k = strstr(u, "k_")) != NULL)
        {
            k += 2;
            b = strtoul(k + (*k == '{'), NULL, 10);
            e->key_index = b;
        }
    }
    else if (a > 0 && *u == ',' && (b = strtoul(u + 1, (char **)&u, 10)) > 0
             && *u == '}')
    {
        e->row_index = a;
        e->key_index = b;
    }
}

/* Does the lead say "of SUBJECT" just before the number ("the weight of
 * d ≈")? */
static int
of_subject(const char *lead, const char *subject)
{
    size_t z = strlen(lead), n = strlen(subject);

    while (z > 0 && (isspace((unsigned char)lead[z - 1])
                     || strchr("=:~", lead[z - 1]) != NULL))
        z--;
    if (z >= 3 && memcmp(lead + z - 3, "\xe2\x89\x88", 3) == 0)
        z -= 3;                 /* ≈ */
    while (z > 0 && isspace((unsigned char)lead[z - 1]))
        z--;
    if (z < n + 3 || memcmp(lead + z - n, subject, n) != 0)
        return 0;
    z -= n;
    return isspace((unsigned char)lead[z - 1])
           && strncasecmp(lead + z - 3, "of", 2) == 0
           && (z == 3 || !exattn_audit__word_char(lead[z - 4]));
}

/* Does a change word stand just before the number ("increases by",
 * "w_{2,1}: 1/6 -> 1/5 (increases by 1/30)"): the number is the
 * change, whatever the symbol before? */
static int
change_just_before(const reading *r)
{
    const char *p;

    if (r->words.at == (size_t)-1 || !(r->words.nearest & F(CHANGE)))
        return 0;
    for (p = r->lead + r->words.at; *p != '\0';)
        if (isspace((unsigned char)*p) || strchr("{}()~:", *p) != NULL)
            p++;
        else if ((strncmp(p, "by", 2) == 0 || strncmp(p, "of", 2) == 0)
                 && !word_char(p[2]))
            p += 2;
        else
            return 0;
    return 1;
}

/* Is `label` the prose subject: the subject itself, or a label it ends
 * after a sign ("d" read of "c&d"), said "of LABEL" before the number? */
static int
is_prose_subject(const exattn_page_number *n, const char *label)
{
    return exattn_audit__label_ends(label, n->subject)
           && of_subject(n->lead, label);
}

/* The token label a prose subject is, whole, when the words make it one
 * ("the weight of d ≈ 0.047" with a token "d", "the weight of c&d ≈"
 * with a token "c&d"), or NULL: in math, and as a page's own symbol
 * ("a = (1/2, 1/2)"), d stays the letter. */
static const char *
prose_label(const exattn_page_number *n, const exattn_lesson *l)
{
    size_t k;

    if (n->math || n->subject == NULL || n->lead == NULL)
        return NULL;
    for (k = 0; !l->default_query_labels && k < l->n; k++)
        if (is_prose_subject(n, l->query_labels[k]))
            return l->query_labels[k];
    for (k = 0; !l->default_key_labels && k < l->m; k++)
        if (is_prose_subject(n, l->key_labels[k]))
            return l->key_labels[k];
    return NULL;
}

/* A result by what names it: the subject, the sentence's words, a label,
 * the page's arithmetic, a vector's shape. */
static int
result_by(exattn_audit_evidence *e, reading *r, const exattn_lesson *l,
          const exattn_audit_candidates *all)
{
    const exattn_page_number *n = r->n;
    const char *own;
    char what[96];
    size_t at;

    if (r->words.families == 0 && r->words.generic)
        r->words.families = F(ALL);
    if (r->subject.families == 0 && r->subject.generic)
        r->subject.families = F(ALL);
    if (strstr(r->lead, "\xc3\x97") || strstr(r->lead, "\\times")
        || strstr(r->lead, "\\cdot"))
    {
        /* "weight × value": a product of the two */
        r->words.families |= F(CONTRIB);
        r->words.nearest |= F(CONTRIB);
    }
    if (r->subject.at != (size_t)-1 && (own = prose_label(n, l)) != NULL)
    {
        /* "weight of d ≈ 0.047" in prose, with a token "d": the token,
         * not the letter d; its kind is what the words say */
        e->label = own;
        r->subject.at = (size_t)-1;
    }
    if (r->subject.at != (size_t)-1)
    {
        /* "load: z_1 = 0": with the row named by its label, one index
         * is a coordinate */
        entry_named(e, n->subject, e->label != NULL || e->row_index != 0);
        /* a_{C,A}: the subject's own label, not the sentence's; with
         * two, the first is the row's and the second the key's */
        if ((own = exattn_audit__nearest_label(n->subject, l, &at)) != NULL)
        {
            e->label = own;
            exattn_audit__subject_labels(e, n->subject, l);
            exattn_audit__label_as_index(e, l);
        }
        e->families = r->subject.families;
        e->nearest = r->subject.nearest;
        if (change_just_before(r))
        {
            /* its change: the same entry, a variant's minus its base's */
            e->families |= F(CHANGE);
            e->nearest = F(CHANGE);
        }
        /* the number was meant for one of that kind when the symbol
         * names an entry (w_{1,2}, o_2) or the words agree: a bare
         * letter (c, s, p) means too many things */
        e->direct = strchr(n->subject, '_') != NULL
                    || (r->words.words & r->subject.families) != 0;
        return set_why(e, exattn_audit__what_of(&r->subject, what,
                                                sizeof what));
    }
    if (r->words.at != (size_t)-1)
    {
        e->families = r->words.families;
        e->nearest = r->words.nearest == F(ALL) ? r->words.families
                                                : r->words.nearest;
        /* "= 7.389 / 11.107 = 0.6653": the page's arithmetic says more
         * than the nearest word (an "exp" of its formula): a slip may be
         * of any kind the sentence names */
        if (n->arithmetic != NULL)
            e->nearest = e->families;
        e->direct = says_it_is(r->lead + r->words.at);
        return set_why(e, exattn_audit__what_of(&r->words, what, sizeof what));
    }
    if (e->label != NULL)
    {
        exattn_sbuf b;

        e->families = e->nearest = F(ALL);
        exattn_sbuf__init(&b);
        exattn_sbuf__printf(&b, "the label \"%s\"", e->label);
        return (e->why = exattn_sbuf__take(&b)) ? EXATTN_OK : EXATTN_ENOMEM;
    }
    e->families = e->nearest = F(ALL);
    if (n->arithmetic != NULL)
        return set_why(e, "the page's own arithmetic");
    if (shape_fits(n, all) && (n->math || n->decimal[0]
                               || strchr(n->values[0], '/')))
        return set_why(e, "a vector of a quantity's shape");
    e->families = e->nearest = 0;
    return EXATTN_OK;
}

/* Past the index or exponent at s[k] ("_{2,3}", "_j", "^{(1)}"). */
static size_t
past_index(const char *s, size_t k, size_t len)
{
    size_t depth = 0;

    while (k < len && (s[k] == '_' || s[k] == '^'))
    {
        if (++k < len && s[k] != '{')
        {
            k++;
            continue;
        }
        for (; k < len; k++)
            if (s[k] == '{')
                depth++;
            else if (s[k] == '}' && --depth == 0)
            {
                k++;
                break;
            }
    }
    return k;
}

/* Is the subject a weight times a value ("w_{q,3}V_{3}", "\alpha_{2,1}
 * \mathbf{v}_1", "a_j \cdot v_j"): a contribution? */
static int
weighted_value(const char *s, const exattn_block_spec *block)
{
    size_t len = strlen(s), k = 0, n;
    const exattn_audit_vocab *v;

    if ((n = exattn_audit__symbol_at(s, k, len)) == 0
        || (v = exattn_audit__find_symbol(s, n, block)) == NULL
        || v->families != F(WEIGHT))
        return 0;
    k = past_index(s, k + n, len);
    for (;;)
    {
        while (k < len && isspace((unsigned char)s[k]))
            k++;
        if (strncmp(s + k, "\\cdot", 5) == 0)
            k += 5;
        else if (strncmp(s + k, "\\,", 2) == 0)
            k += 2;
        else
            break;
    }
    if ((n = exattn_audit__symbol_at(s, k, len)) == 0
        || (v = exattn_audit__find_symbol(s + k, n, block)) == NULL)
        return 0;
    /* the value: v, V, \mathbf{v} -- not another weight or a query */
    return v->families == F(INPUT)
           && strchr("vV", s[k + n - (s[k + n - 1] == '}' ? 2 : 1)]);
}

/* Is the subject a weight summed over its index ("\sum_{j} w_{j} = 1"):
 * the weights' sum, not a weight? */
static int
summed_weight(const char *lead, const char *s, const exattn_block_spec *block)
{
    size_t len = strlen(s), n, k;
    const exattn_audit_vocab *v;
    const char *p, *at = NULL;

    if ((n = exattn_audit__symbol_at(s, 0, len)) == 0
        || (v = exattn_audit__find_symbol(s, n, block)) == NULL
        || v->families != F(WEIGHT) || past_index(s, n, len) != len)
        return 0;
    for (p = strstr(lead, s); p != NULL; p = strstr(p + 1, s))
        at = p;
    if (at == NULL)
        return 0;
    k = (size_t)(at - lead);
    while (k > 0 && isspace((unsigned char)lead[k - 1]))
        k--;
    if (k > 0 && lead[k - 1] == '}')
    {
        /* the sum's index set, "_{j}" */
        while (k > 0 && lead[k - 1] != '{')
            k--;
        if (k > 0)
            k--;
    }
    else if (k > 0 && isalnum((unsigned char)lead[k - 1]))
        k--;                    /* "_j" */
    if (k > 0 && lead[k - 1] == '_')
        k--;
    return k >= 4 && strncmp(lead + k - 4, "\\sum", 4) == 0;
}

/* A scalar that multiplies a value ("o_{cat} \approx 0.88\,v_{the} +
 * ...", "\frac{1}{2}(4, 0)"): a weight, the subject's row's on the
 * value's key -- not the side the relation sets equal.  1 when it is
 * one. */
static int
factor_of_value(exattn_audit_evidence *e, const exattn_page_number *n,
                const exattn_lesson *l, int *rc)
{
    const char *row = NULL, *key = NULL;
    size_t at;
    exattn_sbuf b;

    if (n->times == NULL || n->count != 1)
        return 0;
    /* the row: the symbol the sum is of (o_{cat}), not a term of it */
    if (n->subject != NULL && !is_formula(n->subject))
        row = exattn_audit__nearest_label(n->subject, l, &at);
    if (strcmp(n->times, "(vector)") != 0)
        key = exattn_audit__nearest_label(n->times, l, &at);
    e->families = e->nearest = F(WEIGHT);
    e->label = row != NULL ? row : key;
    e->key_label = row != NULL && key != NULL && row != key ? key : NULL;
    e->direct = row != NULL && key != NULL;
    exattn_sbuf__init(&b);
    exattn_sbuf__printf(&b, "a factor of \"%.40s\": a weight",
                        strcmp(n->times, "(vector)") == 0 ? "a value vector"
                                                          : n->times);
    *rc = (e->why = exattn_sbuf__take(&b)) ? EXATTN_OK : EXATTN_ENOMEM;
    return 1;
}

/* A table's row of one token ("| dog blocked (... weight exactly 0) |
 * -1 |" under "scaled score"): the row label names whose entry the cell
 * is, whatever else the text before the table names; its column's
 * heading, when it names a kind, what the cell is -- the row label's
 * other words are a note on the token.  Under a pairwise kind (a score,
 * a weight) in a table of one query's keys ("Query eel", before the
 * table or as its heading), the entry is that query's and that key's. */
static void
table_row(exattn_audit_evidence *e, reading *r, const exattn_lesson *l)
{
    const exattn_page_number *n = r->n;
    const char *token = exattn_audit__row_token(n->row_head, l), *query;
    exattn_audit_clue column = EXATTN_AUDIT_CLUE_INIT(l);
    size_t k;

    if (token == NULL || n->column_head == NULL)
        return;
    e->label = token;
    e->key_label = NULL;
    exattn_audit__read_lead(&column, n->column_head, l->block);
    if (column.at != (size_t)-1 && column.nearest != 0)
    {
        r->words.nearest = column.nearest;
        r->words.families |= column.families;
        r->words.kind = column.kind;
        r->words.text = column.text;
        r->words.text_len = column.text_len;
    }
    if (column.at == (size_t)-1
        || (column.families & ~(F(SCORE) | F(SCALED) | F(EXP) | F(WEIGHT)
                                | F(CONTRIB))) != 0
        || (query = exattn_audit__table_query(n, l)) == NULL)
        return;
    for (k = 0; !l->default_key_labels && k < l->m; k++)
        if (l->key_labels[k] == token
            || strcmp(l->key_labels[k], token) == 0)
        {
            e->label = query;
            e->key_label = l->key_labels[k];
            return;
        }
}

static int
weigh(exattn_audit_evidence *e, reading *r, const exattn_lesson *l,
      const exattn_audit_candidates *all)
{
    static const char *const rows[] = { "query", "row", "token", "output",
                                        "position" };
    static const char *const keys[] = { "key" };
    const exattn_page_number *n = r->n;
    const exattn_block_spec *block = l->block;
    int rc;
    size_t at;

    if (n->subject != NULL)
        exattn_audit__read_math(&r->subject, n->subject, 0,
                                strlen(n->subject), block, 0);
    if (n->subject != NULL && weighted_value(n->subject, block))
    {
        /* a product, or with \sum before it the output */
        r->subject.families = F(CONTRIB) | F(OUTPUT);
        r->subject.nearest = F(CONTRIB);
        r->subject.kind = "the product";
        r->subject.text = n->subject;
        r->subject.text_len = strlen(n->subject);
    }
    if (n->subject != NULL && summed_weight(r->lead, n->subject, block))
    {
        r->subject.families = F(SUM);
        r->subject.nearest = F(SUM);
        r->subject.kind = "the sum";
        r->subject.text = n->subject;
        r->subject.text_len = strlen(n->subject);
    }
    exattn_audit__read_lead(&r->words, r->lead, block);
    e->words = r->words.words;
    if (n->formula && !clause_words(&e->clause_words, r->lead, l, block))
        return EXATTN_ENOMEM;
    e->label = exattn_audit__nearest_label(r->lead, l, &at);
    e->row_index = exattn_audit__index_named(r->lead, rows, 5);
    e->key_index = exattn_audit__index_named(r->lead, keys, 1);
    if (e->row_index == 0)
        exattn_audit__label_as_index(e, l);
    if (mention_after_all(e, r, l, &rc))
        return rc;
    if (n->subject == NULL && exattn_audit__table_entry(e, n, l, block, &rc))
        return rc;
    if (n->subject == NULL)
        table_row(e, r, l);
    if (factor_of_value(e, n, l, &rc))
        return rc;
    return result_by(e, r, l, all);
}

/* The variant a section's heading names (variants.c), read once for
 * the numbers of a section: the memo keeps the last heading's. */
static int
section_variant(const char *section, const exattn_lesson *l,
                const exattn_audit_candidates *all, const char **variant)
{
    exattn_audit_section_memo *m = all->section_memo;
    char *kept;

    if (m != NULL && m->section != NULL && m->lesson == l
        && strcmp(m->section, section) == 0)
    {
        *variant = m->variant;
        return EXATTN_OK;
    }
    if (exattn_audit__variant_of_heading(section, l, variant) != EXATTN_OK)
        return EXATTN_ENOMEM;
    if (m != NULL && (kept = exattn_str__dup(section)) != NULL)
    {
        /* out of memory here only forgets: the answer stands */
        free(m->section);
        m->section = kept;
        m->lesson = l;
        m->variant = *variant;
    }
    return EXATTN_OK;
}

int
exattn_audit__evidence(exattn_audit_evidence *e, const exattn_page_number *n,
                       const exattn_lesson *l,
                       const exattn_audit_candidates *all)
{
    reading r = { n, NULL, EXATTN_AUDIT_CLUE_INIT(l),
                  EXATTN_AUDIT_CLUE_INIT(l) };
    char *lead;
    const char *v;
    size_t from, to;
    int rc;

    memset(e, 0, sizeof *e);
    /* "## Variant: zero query": a heading names the variant of all its
     * section (the base lesson's values may still be quoted there) */
    if (n->section != NULL)
    {
        if (section_variant(n->section, l, all, &e->variant) != EXATTN_OK)
            return EXATTN_ENOMEM;
        e->variant_by_section = e->variant != NULL;
    }
    if (n->operand || (n->subject != NULL && is_formula(n->subject)))
    {
        /* the page's arithmetic, unless its words say it is not the
         * lesson's ("Quiz 3 average was 8.2/10") */
        exattn_audit_clue said = EXATTN_AUDIT_CLUE_INIT(l);
        const char *lead_text = n->lead ? n->lead : "";

        exattn_audit__read_lead(&said, lead_text, l->block);
        if ((e->mention = said_otherwise(n, lead_text, &said)) != NULL)
            return set_why(e, "");
    }
    if (n->operand)
    {
        /* "0.24 / 3.27": any quantity the page computes with, and the
         * symbol before "=" names the result, not the operand; a slip
         * only in a decimal (an integer may be a factor of the page's) */
        e->families = F(ALL);
        e->nearest = has_decimal(n) ? F(ALL) : 0;
        return set_why(e, "an operand of the page's arithmetic");
    }
    if (n->subject != NULL && is_formula(n->subject))
    {
        /* "\frac{2.028}{5.056} = 0.401": the page computes it */
        e->families = e->nearest = F(ALL);
        return set_why(e, "a formula the page sets it equal to");
    }
    if ((lead = exattn_str__dup(n->lead ? n->lead : "")) == NULL)
        return EXATTN_ENOMEM;
    if ((v = exattn_audit__variant_named(lead, l, &from, &to)) != NULL)
    {
        e->variant = v;
        e->variant_by_section = 0;
        memset(lead + from, ' ', to - from);
    }
    r.lead = lead;
    rc = weigh(e, &r, exattn_audit__variant_lesson(l, e->variant), all);
    free(lead);
    return rc;
}

void
exattn_audit__evidence_clear(exattn_audit_evidence *e)
{
    free(e->why);
    memset(e, 0, sizeof *e);
}
