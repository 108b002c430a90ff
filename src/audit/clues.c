/* The clues of a number's lead (clues.h): the vocabulary of words and
 * symbols that name a kind of quantity, and its reading of prose and
 * math.  The nearest clue decides the kind ("the weights give the output
 * o = ..." is an output); a metric or a training setting ("a BLEU score
 * of 41.0") makes the number a mention. */
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "audit/clues.h"
#include "audit/decide.h"

#define F(x) EXATTN_FAM_##x

/* Prose words, lower case, matched whole.  Every vocabulary table is in
 * byte order (strcmp): in_table searches it by halves, as it is asked
 * for every word of every number's lead (a test keeps the order). */

/* words that name a kind of quantity */
static const exattn_audit_vocab kind_words[] = {
    { "attends", F(WEIGHT) }, { "attention", F(WEIGHT) | F(OUTPUT) },
    { "average", F(OUTPUT) | F(MEAN) }, { "blend", F(OUTPUT) },
    { "component", F(ALL) }, { "components", F(ALL) },
    { "context", F(OUTPUT) }, { "contribution", F(CONTRIB) },
    { "contributions", F(CONTRIB) }, { "coordinate", F(ALL) },
    { "coordinates", F(ALL) }, { "denominator", F(Z) },
    { "dimension", F(SHAPE) }, { "dimensions", F(SHAPE) },
    { "divided", F(SCALE) | F(SCALED) },
    { "dividing", F(SCALE) | F(SCALED) }, { "embedding", F(INPUT) },
    { "embeddings", F(INPUT) }, { "encoding", F(POSITION) },
    { "entries", F(ALL) }, { "entry", F(ALL) }, { "exp", F(EXP) },
    { "exponential", F(EXP) }, { "exponentials", F(EXP) },
    { "exponentiated", F(EXP) }, { "factor", F(SCALE) }, { "ffn", F(FFN) },
    { "hidden", F(FFN) }, { "input", F(INPUT) }, { "key", F(INPUT) },
    { "keys", F(INPUT) }, { "layernorm", F(NORM) | F(MEAN) | F(VARIANCE) },
    { "length", F(SHAPE) | F(INPUT) }, { "lengths", F(SHAPE) | F(INPUT) },
    { "logit", F(SCORE) | F(SCALED) }, { "logits", F(SCORE) | F(SCALED) },
    { "mean", F(MEAN) }, { "mixture", F(OUTPUT) }, { "normalised", F(NORM) },
    { "normaliser", F(Z) }, { "normalized", F(NORM) },
    { "normalizer", F(Z) }, { "output", F(OUTPUT) },
    { "outputs", F(OUTPUT) }, { "partition", F(Z) },
    { "position", F(POSITION) }, { "positional", F(POSITION) },
    { "probabilities", F(WEIGHT) }, { "probability", F(WEIGHT) },
    { "product", F(SCORE) | F(CONTRIB) },
    { "products", F(SCORE) | F(CONTRIB) }, { "queries", F(INPUT) },
    { "query", F(INPUT) }, { "relu", F(FFN) }, { "residual", F(RESIDUAL) },
    { "result", F(OUTPUT) }, { "root", F(SCALE) }, { "scale", F(SCALE) },
    { "scaled", F(SCALED) }, { "scaling", F(SCALE) },
    { "score", F(SCORE) | F(SCALED) }, { "scores", F(SCORE) | F(SCALED) },
    { "share", F(WEIGHT) | F(CONTRIB) },
    { "similarities", F(SCORE) | F(SCALED) },
    { "similarity", F(SCORE) | F(SCALED) }, { "softmax", F(WEIGHT) },
    { "sum", F(OUTPUT) | F(Z) | F(SUM) }, { "term", F(CONTRIB) | F(EXP) },
    { "terms", F(CONTRIB) | F(EXP) }, { "tokens", F(SHAPE) },
    { "total", F(Z) | F(SUM) | F(OUTPUT) },
    { "value", F(INPUT) | F(OUTPUT) }, { "values", F(INPUT) | F(OUTPUT) },
    { "variance", F(VARIANCE) }, { "vector", F(ALL) },
    { "weighs", F(WEIGHT) }, { "weight", F(WEIGHT) },
    { "weighted", F(OUTPUT) | F(CONTRIB) }, { "weights", F(WEIGHT) },
    { "width", F(SHAPE) },
};

/* a variant's change from its base */
static const exattn_audit_vocab change_words[] = {
    { "change", F(CHANGE) }, { "changed", F(CHANGE) },
    { "changes", F(CHANGE) }, { "climbs", F(CHANGE) },
    { "decrease", F(CHANGE) }, { "decreased", F(CHANGE) },
    { "decreases", F(CHANGE) }, { "delta", F(CHANGE) },
    { "difference", F(CHANGE) }, { "differences", F(CHANGE) },
    { "drop", F(CHANGE) }, { "dropped", F(CHANGE) }, { "drops", F(CHANGE) },
    { "fall", F(CHANGE) }, { "fallen", F(CHANGE) }, { "falls", F(CHANGE) },
    { "fell", F(CHANGE) }, { "gained", F(CHANGE) }, { "gains", F(CHANGE) },
    { "grew", F(CHANGE) }, { "grows", F(CHANGE) }, { "increase", F(CHANGE) },
    { "increased", F(CHANGE) }, { "increases", F(CHANGE) },
    { "loses", F(CHANGE) }, { "moves", F(CHANGE) }, { "rise", F(CHANGE) },
    { "risen", F(CHANGE) }, { "rises", F(CHANGE) }, { "rose", F(CHANGE) },
    { "shift", F(CHANGE) }, { "shifts", F(CHANGE) },
};

/* metrics, training settings, sizes of models, a course's grading ("the
 * median score was 21/25"), a control's setting ("a slider: 0 to 4,
 * step 1/2"): mentions */
static const exattn_audit_vocab mention_words[] = {
    { "accuracy", 0 }, { "batch", 0 }, { "billion", 0 }, { "bleu", 0 },
    { "days", 0 }, { "decay", 0 }, { "dropout", 0 }, { "epoch", 0 },
    { "epochs", 0 }, { "exam", 0 }, { "f1", 0 }, { "gpu", 0 }, { "gpus", 0 },
    { "grade", 0 }, { "graded", 0 }, { "grades", 0 }, { "hours", 0 },
    { "layers", 0 }, { "loss", 0 }, { "lr", 0 }, { "marks", 0 },
    { "median", 0 }, { "million", 0 }, { "parameters", 0 }, { "params", 0 },
    { "percent", 0 }, { "perplexity", 0 }, { "points", 0 }, { "quiz", 0 },
    { "rate", 0 }, { "rouge", 0 }, { "seconds", 0 }, { "slider", 0 },
    { "sliders", 0 }, { "smoothing", 0 },
    { "students", 0 }, { "temperature", 0 }, { "warmup", 0 }, { "year", 0 },
    { "years", 0 },
};

/* Math symbols: a letter or a command, then its indices. */
static const exattn_audit_vocab symbols[] = {
    { "A", F(WEIGHT) }, { "K", F(INPUT) }, { "O", F(OUTPUT) },
    { "Q", F(INPUT) }, { "V", F(INPUT) }, { "X", F(INPUT) }, { "Z", F(Z) },
    { "\\Delta", F(CHANGE) }, { "\\alpha", F(WEIGHT) },
    { "\\ell", F(SCORE) | F(SCALED) }, { "\\exp", F(EXP) },
    { "\\mathrm{Attention}", F(OUTPUT) }, { "\\mathrm{softmax}", F(WEIGHT) },
    { "\\operatorname{Attention}", F(OUTPUT) },
    { "\\operatorname{softmax}", F(WEIGHT) }, { "\\sqrt", F(SCALE) },
    { "\\text{Attention}", F(OUTPUT) }, { "\\text{softmax}", F(WEIGHT) },
    { "\\tilde{s}", F(SCALED) }, { "a", F(WEIGHT) | F(OUTPUT) },
    { "c", F(OUTPUT) }, { "d", F(SHAPE) | F(SCALE) },
    { "d_k", F(SHAPE) | F(SCALE) }, { "d_v", F(SHAPE) },
    { "e", F(SCORE) | F(SCALED) }, { "k", F(INPUT) }, { "m", F(SHAPE) },
    { "n", F(SHAPE) }, { "o", F(OUTPUT) }, { "p", F(WEIGHT) },
    { "q", F(INPUT) }, { "s", F(SCORE) | F(SCALED) },
    { "softmax", F(WEIGHT) }, { "v", F(INPUT) }, { "w", F(WEIGHT) },
    { "x", F(INPUT) },
};

/* Symbols of a block, when the lesson has a block; the Greek letters
 * also as exattn's text writes them (μ, σ, γ, β, ε).  A stage's symbol
 * that is not here is found in the stage table (stage_symbol, below). */
static const exattn_audit_vocab block_symbols[] = {
    { "A", F(WEIGHT) | F(OUTPUT) }, { "C", F(OUTPUT) }, { "H", F(OUTPUT) },
    { "PE", F(POSITION) }, { "\\beta", F(NORM) }, { "\\epsilon", F(NORM) },
    { "\\gamma", F(NORM) }, { "\\mathrm{PE}", F(POSITION) },
    { "\\mu", F(MEAN) }, { "\\sigma", F(VARIANCE) },
    { "\\varepsilon", F(NORM) }, { "d_{\\mathrm{model}}", F(SHAPE) },
    { "d_{\\text{model}}", F(SHAPE) }, { "d_{model}", F(SHAPE) },
    { "f", F(FFN) }, { "h", F(FFN) }, { "r", F(FFN) }, { "u", F(NORM) },
    { "y", F(NORM) | F(OUTPUT) }, { "z", F(RESIDUAL) },
    { "\xce\xb2", F(NORM) }, { "\xce\xb3", F(NORM) },
    { "\xce\xb5", F(NORM) }, { "\xce\xbc", F(MEAN) },
    { "\xcf\x83", F(VARIANCE) },
};

/* Is the word [w, w + n) a token label of the lesson ("rises", "sum"),
 * which names a token, not a kind? */
static int
is_label(const exattn_lesson *l, const char *w, size_t n)
{
    size_t k;

    for (k = 0; l != NULL && !l->default_query_labels && k < l->n; k++)
        if (strlen(l->query_labels[k]) == n
            && strncasecmp(l->query_labels[k], w, n) == 0)
            return 1;
    for (k = 0; l != NULL && !l->default_key_labels && k < l->m; k++)
        if (strlen(l->key_labels[k]) == n
            && strncasecmp(l->key_labels[k], w, n) == 0)
            return 1;
    for (k = 0; l != NULL && k < exattn_block__memory_rows(l); k++)
        if (exattn_block__memory_label(l, k) != NULL
            && strlen(exattn_block__memory_label(l, k)) == n
            && strncasecmp(exattn_block__memory_label(l, k), w, n) == 0)
            return 1;
    return 0;
}

/* Is the word a control's ("slider"), whose settings are numbers only
 * until a kind word speaks of a result? */
static int
setting_word(const char *text, size_t n)
{
    return (n == 6 || n == 7) && strncasecmp(text, "sliders", n) == 0;
}

static void
take(exattn_audit_clue *c, size_t at, unsigned families, int mention,
     const char *kind, const char *text, size_t n)
{
    if (mention)
    {
        c->mention_at = at;
        c->mention_setting = setting_word(text, n);
        return;
    }
    /* "vector", "entry": a result, of no kind in particular */
    if (families != F(ALL))
        c->families |= families;
    else if (c->families == 0)
        c->generic = 1;
    if (at < c->at && c->at != (size_t)-1)
        return;
    c->at = at;
    c->nearest = families;
    /* said in words only when the nearest is the evidence */
    c->kind = kind;
    c->text = text;
    c->text_len = n;
}

static const exattn_audit_vocab *find_word(const char *w, size_t n);

/* Prose set as text in math, [from, to): its words of change ("\text{
 * (increases by }\tfrac{1}{30}") say the number after is a change, as
 * they do in prose.  Its other words stay a part of the formula. */
static void
text_change_words(exattn_audit_clue *c, const char *s, size_t from,
                  size_t to)
{
    size_t k = from, j, n;
    const exattn_audit_vocab *v;
    char w[32];

    while (k < to)
    {
        if (!isalpha((unsigned char)s[k]))
        {
            k++;
            continue;
        }
        for (j = k; j < to && isalpha((unsigned char)s[j]); j++)
            ;
        for (n = 0; n < j - k && n < sizeof w - 1; n++)
            w[n] = (char)tolower((unsigned char)s[k + n]);
        w[n] = '\0';
        if ((v = find_word(w, n)) != NULL && v->families == F(CHANGE)
            && !is_label(c->l, s + k, j - k))
            take(c, j, v->families, 0, "the word", s + k, j - k);
        k = j;
    }
}

/* strcmp's order of word against [s, s + n), at once (no call: it runs
 * a few times for every word of every lead). */
static int
spelled_order(const char *word, const char *s, size_t n)
{
    size_t i;

    for (i = 0; i < n && word[i] != '\0' && word[i] == s[i]; i++)
        ;
    if (i == n)
        return word[i] != '\0';
    return (unsigned char)word[i] < (unsigned char)s[i] ? -1 : 1;
}

/* The entry of table t spelled exactly [s, s + n), or NULL, by halves
 * (the table is in byte order). */
static const exattn_audit_vocab *
in_table(const exattn_audit_vocab *t, size_t count, const char *s, size_t n)
{
    size_t lo = 0, hi = count, mid;
    int order;

    while (lo < hi)
    {
        mid = lo + (hi - lo) / 2;
        order = spelled_order(t[mid].word, s, n);
        if (order == 0)
            return &t[mid];
        if (order < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

#define IN_TABLE(t, s, n) in_table(t, sizeof t / sizeof *t, s, n)

/* A math symbol at s[k]: its length (a letter, or a command with its
 * braced argument when it has one, "d_k", "d_{\mathrm{model}}"). */
size_t
exattn_audit__symbol_at(const char *s, size_t k, size_t len)
{
    size_t j = k;

    if (s[j] == '\\')
    {
        for (j++; j < len && isalpha((unsigned char)s[j]); j++)
            ;
        if (j < len && s[j] == '{')
        {
            size_t depth = 0;

            for (; j < len; j++)
                if (s[j] == '{')
                    depth++;
                else if (s[j] == '}' && --depth == 0)
                {
                    j++;
                    break;
                }
        }
        return j - k;
    }
    /* a Greek letter as plain text writes it, γ, μ */
    if (((unsigned char)s[j] == 0xce || (unsigned char)s[j] == 0xcf)
        && j + 1 < len)
        return 2;
    return isalpha((unsigned char)s[j]) ? 1 : 0;
}

/* The kinds of quantity each kind of block stage is (EXATTN_FAM_ bits:
 * a norm's output is also an output), the one mapping the claims' and
 * the symbols' families share. */
static const exattn_audit_vocab stage_kinds[] = {
    [EXATTN_KIND_POSITIONS] = { "", F(POSITION) },
    [EXATTN_KIND_INPUT] = { "", F(INPUT) },
    [EXATTN_KIND_QUERY] = { "", F(INPUT) },
    [EXATTN_KIND_KEY] = { "", F(INPUT) },
    [EXATTN_KIND_VALUE] = { "", F(INPUT) },
    [EXATTN_KIND_SCORES] = { "", F(SCALED) },
    [EXATTN_KIND_WEIGHTS] = { "", F(WEIGHT) },
    [EXATTN_KIND_HEAD_OUTPUT] = { "", F(OUTPUT) },
    [EXATTN_KIND_JOINED] = { "", F(OUTPUT) },
    [EXATTN_KIND_RESIDUAL] = { "", F(RESIDUAL) },
    [EXATTN_KIND_MEAN] = { "", F(MEAN) },
    [EXATTN_KIND_VARIANCE] = { "", F(VARIANCE) },
    [EXATTN_KIND_MEAN_SQUARE] = { "", F(MEAN) | F(VARIANCE) },
    [EXATTN_KIND_NORM] = { "", F(NORM) | F(OUTPUT) },
    [EXATTN_KIND_HIDDEN] = { "", F(FFN) },
    [EXATTN_KIND_RELU] = { "", F(FFN) },
    [EXATTN_KIND_FFN] = { "", F(FFN) },
};

unsigned
exattn_audit__stage_families(exattn_stage_t bq)
{
    return stage_kinds[exattn_block__stage(bq)->kind].families;
}

/* The symbol of a stage the block has, as the stage table writes it, in
 * LaTeX (\nu) or in exattn's text (ν): its kind's families, or NULL. */
static const exattn_audit_vocab *
stage_symbol(const char *s, size_t n, const exattn_block_spec *block)
{
    const exattn_stage_info *st;
    size_t k;

    for (k = 0; k < EXATTN_STAGE_COUNT; k++)
    {
        st = exattn_block__stage((exattn_stage_t)k);
        if (!exattn_block__present(block, (exattn_stage_t)k))
            continue;
        if ((strlen(st->tex) == n && strncmp(st->tex, s, n) == 0)
            || (strlen(st->text) == n && strncmp(st->text, s, n) == 0))
            return &stage_kinds[st->kind];
    }
    return NULL;
}

const exattn_audit_vocab *
exattn_audit__find_symbol(const char *s, size_t n,
                          const exattn_block_spec *block)
{
    static const char *const fonts[] = { "\\mathbf{", "\\boldsymbol{",
                                         "\\bm{", "\\vec{", "\\mathit{",
                                         "\\hat{", "\\bar{",
                                         "\\tilde{" };
    const exattn_audit_vocab *v;
    size_t k, name, f;

    /* \mathbf{o}, \boldsymbol{\alpha}: its argument names it */
    for (k = 0; k < sizeof fonts / sizeof *fonts; k++)
        if (n > (f = strlen(fonts[k])) + 1 && strncmp(s, fonts[k], f) == 0
            && s[n - 1] == '}')
            return exattn_audit__find_symbol(s + f, n - f - 1, block);
    /* \sqrt{2}: the command names it */
    for (name = 1; s[0] == '\\' && name < n && isalpha((unsigned char)s[name]);
         name++)
        ;
    if (s[0] == '\\' && name < n
        && (strncmp(s, "\\sqrt", 5) == 0 || strncmp(s, "\\exp", 4) == 0))
        n = name;

    /* a block's own symbols first: its A is the attention stage; then
     * the symbols every lesson has, then those of its block's stages */
    if (block && (v = IN_TABLE(block_symbols, s, n)) != NULL)
        return v;
    if ((v = IN_TABLE(symbols, s, n)) != NULL || !block)
        return v;
    return stage_symbol(s, n, block);
}

/* Past what stands at k when no symbol does: a transpose between q and
 * k makes a score; an exponent is no kind (e^{\sqrt{2}} is an
 * exponential, e^{s_{ij}} too); anything else is one byte. */
static size_t
past_non_symbol(exattn_audit_clue *c, const char *s, size_t k, size_t to)
{
    size_t depth = 0;

    if (s[k] == '^' && k + 1 < to
        && (s[k + 1] == 'T' || strncmp(s + k + 1, "\\top", 4) == 0
            || strncmp(s + k + 1, "{T}", 3) == 0
            || strncmp(s + k + 1, "{\\top}", 6) == 0
            || strncmp(s + k + 1, "{\\mathsf{T}}", 12) == 0
            || strncmp(s + k + 1, "\\intercal", 9) == 0
            || strncmp(s + k + 1, "{\\intercal}", 11) == 0))
        take(c, k, F(SCORE) | F(SCALED), 0, "the product", "q k^T", 5);
    else if (s[k] == '^' && k + 1 < to && s[k + 1] == '{')
    {
        for (k++; k < to; k++)
        {
            if (s[k] == '{')
                depth++;
            else if (s[k] == '}' && --depth == 0)
                break;
        }
    }
    return k + 1;
}

/* The symbols of a math stretch [from, to) of the lead or the subject:
 * "e^{...}" is an exponential, "d_k" and "d_{\mathrm{model}}" are read
 * whole, a "^T" between q and k makes a score.  In a lead (`locators`),
 * q, k, v and x say whose quantity follows ("the scores of q_3 are"),
 * not what it is. */
void
exattn_audit__read_math(exattn_audit_clue *c, const char *s, size_t from,
                        size_t to, const exattn_block_spec *block,
                        int locators)
{
    size_t k = from, n;
    const exattn_audit_vocab *v;

    while (k < to)
    {
        if ((n = exattn_audit__symbol_at(s, k, to)) == 0)
        {
            k = past_non_symbol(c, s, k, to);
            continue;
        }
        /* d_k, d_{\mathrm{model}}: the index is part of the name */
        if (n == 1 && s[k] == 'd' && k + 2 < to && s[k + 1] == '_')
        {
            size_t j = k + 2;

            while (j < to && (isalnum((unsigned char)s[j]) || s[j] == '_'))
                j++;
            if (j == k + 2 && s[k + 2] == '{')
                for (j = k + 2; j < to && s[j] != '}'; j++)
                    ;
            if (j < to && s[j] == '}')
                j++;
            /* d_{model} of a head lesson is no d */
            if ((v = exattn_audit__find_symbol(s + k, j - k, block)) != NULL)
                take(c, j, v->families, 0, "the symbol", s + k, j - k);
            k = j;
            continue;
        }
        if (n == 1 && k + 1 < to && isalpha((unsigned char)s[k + 1])
            && !(k > from && s[k - 1] == '\\'))
        {
            /* a word in math or a subject ("output", "softmax") */
            size_t j = k;
            char w[32];

            while (j < to && isalpha((unsigned char)s[j]))
                j++;
            for (n = 0; n < j - k && n < sizeof w - 1; n++)
                w[n] = (char)tolower((unsigned char)s[k + n]);
            w[n] = '\0';
            if ((v = find_word(w, n)) != NULL && !is_label(c->l, s + k, j - k))
                take(c, j, v->families, v->families == 0, "the word",
                     s + k, j - k);
            k = j;
            continue;
        }
        if (n > 6 && strncmp(s + k, "\\text{", 6) == 0)
            text_change_words(c, s, k + 6, k + n);
        if (n == 1 && s[k] == 'e' && k + 1 < to && s[k + 1] == '^')
            take(c, k + 1, F(EXP), 0, "the exponential", "e^", 2);
        else if ((v = exattn_audit__find_symbol(s + k, n, block)) != NULL
                 && !(k > from && isalpha((unsigned char)s[k - 1]))
                 && !(locators && v->families == F(INPUT)))
            take(c, k + n, v->families, 0, "the symbol", s + k, n);
        k += n;
    }
}

static const exattn_audit_vocab *
find_word(const char *w, size_t n)
{
    const exattn_audit_vocab *v;

    if ((v = IN_TABLE(kind_words, w, n)) == NULL
        && (v = IN_TABLE(change_words, w, n)) == NULL)
        v = IN_TABLE(mention_words, w, n);
    return v;
}

/* Is every vocabulary table in byte order, as in_table needs?  1 or 0,
 * for the tests. */
int
exattn_audit__vocabulary_sorted(void)
{
    const struct
    {
        const exattn_audit_vocab *t;
        size_t count;
    } tables[] = {
#define TABLE(t) { t, sizeof t / sizeof *t }
        TABLE(kind_words), TABLE(change_words), TABLE(mention_words),
        TABLE(symbols), TABLE(block_symbols)
#undef TABLE
    };
    size_t k, i;

    for (k = 0; k < sizeof tables / sizeof *tables; k++)
        for (i = 1; i < tables[k].count; i++)
            if (strcmp(tables[k].t[i - 1].word, tables[k].t[i].word) >= 0)
                return 0;
    return 1;
}

/* Is the prose word [k, j) a letter with its index, as a text page
 * writes a symbol: w[bread], s_12, V11? */
static int
indexed_letter(const char *s, size_t k, size_t j, size_t to)
{
    size_t i;

    if (!isalpha((unsigned char)s[k]))
        return 0;
    if (j - k == 1)
        return j < to && (s[j] == '[' || s[j] == '_');
    for (i = k + 1; i < j; i++)
        if (!isdigit((unsigned char)s[i]))
            return 0;
    return 1;
}

static void
read_prose(exattn_audit_clue *c, const char *s, size_t from, size_t to)
{
    char w[32];
    size_t k = from, j, n;
    const exattn_audit_vocab *v;

    while (k < to)
    {
        if (!exattn_audit__word_char(s[k]))
        {
            k++;
            continue;
        }
        for (j = k; j < to && exattn_audit__word_char(s[j]); j++)
            ;
        n = j - k < sizeof w - 1 ? j - k : sizeof w - 1;
        for (size_t i = 0; i < n; i++)
            w[i] = (char)tolower((unsigned char)s[k + i]);
        w[n] = '\0';
        /* "query 2", "key 3": where, not what (index_named reads it);
         * a token's label names the token */
        if ((v = find_word(w, n)) != NULL && is_label(c->l, s + k, j - k))
            v = NULL;
        if (v != NULL && v->families == F(INPUT)
            && j + 1 < to && s[j] == ' ' && isdigit((unsigned char)s[j + 1]))
            v = NULL;
        if (v != NULL)
        {
            take(c, j, v->families, v->families == 0, "the word", s + k,
                 j - k);
            if (v->families != F(ALL))
                c->words |= v->families;
        }
        else if (indexed_letter(s, k, j, to)
                 && (v = exattn_audit__find_symbol(s + k, 1, 0)) != NULL
                 && (v->families != F(INPUT) || isupper((unsigned char)s[k])))
            /* a text page's symbol: w[bread], s_12, K[rises] (q, k, v
             * say whose, not what) */
            take(c, j, v->families, 0, "the symbol", s + k, 1);
        k = j;
    }
}

/* The nearest clue in a lead ("... softmax gives $a \approx$"). */
void
exattn_audit__read_lead(exattn_audit_clue *c, const char *lead,
                        const exattn_block_spec *block)
{
    size_t k = 0, len = strlen(lead), open;

    while (k < len)
    {
        open = k;
        while (k < len && lead[k] != '$')
            k++;
        read_prose(c, lead, open, k);
        if (k >= len)
            break;
        open = ++k;
        while (k < len && lead[k] != '$')
            k++;
        exattn_audit__read_math(c, lead, open, k, block, 1);
        if (k < len)
            k++;
    }
}

/* The nearest clue in words: "the word \"weights\"". */
const char *
exattn_audit__what_of(const exattn_audit_clue *c, char *buf, size_t size)
{
    snprintf(buf, size, "%s \"%.*s\"", c->kind,
             (int)(c->text_len > 60 ? 60 : c->text_len), c->text);
    return buf;
}
