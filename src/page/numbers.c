/* The numbers of a cleaned page (src/page/clean.c): decimals, fractions
 * (5/4, \frac{2}{3}), signed values and vectors of them ([0.284,0.140],
 * (1,5/4), a one-row or one-column bmatrix), in prose and in math.  Not
 * numbers: identifiers (CL-001, S1, q1, d_k), section numbers (§3.2.1,
 * 3.2.1), indices and exponents in math (w_{1}, e^{2}), radicands (√2,
 * \sqrt{2}), units and ordinals (2D, 3rd, 40%), the arguments of a
 * function written against its name (score(1,1)), and integers in prose,
 * which a reader takes as counts ("three tokens, d_k = 2") unless a
 * marker names them.  The scan into lexemes is scan.c's, the page's
 * arithmetic between numbers operands.c's. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "page/scan.h"

/* ---- from lexemes to the page's numbers --------------------------------- */

/* Lower-case ASCII copy of the up to 40 bytes before `at`, without the
 * spaces, '=', ':', '$' and brackets just before it. */
static void
lead_in(const scanner *s, size_t at, char *out, size_t size)
{
    size_t from = at > size - 1 ? at - (size - 1) : 0, k, n = 0;

    while (at > from && (isspace((unsigned char)s->t[at - 1])
                         || strchr("=:$([{", s->t[at - 1])))
        at--;
    for (k = from; k < at; k++)
        out[n++] = (char)tolower((unsigned char)s->t[k]);
    out[n] = '\0';
}

static int
ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);

    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static void
wording(const scanner *s, size_t at, int *exactly, int *approx)
{
    static const char *const approx_words[] = {
        "\xe2\x89\x88", "\\approx", "approximately", "about", "roughly",
        "\xe2\x89\x83", "\\sim", "around", "circa"
    };
    char lead[48];
    size_t k;

    lead_in(s, at, lead, sizeof lead);
    /* "not exactly 0.33" says the opposite */
    *exactly = (ends_with(lead, "exactly") || ends_with(lead, "exactly}")
                || ends_with(lead, "exactly equal to"))
               && !ends_with(lead, "not exactly")
               && !ends_with(lead, "not exactly}")
               && !ends_with(lead, "not exactly equal to");
    *approx = 0;
    for (k = 0; k < sizeof approx_words / sizeof *approx_words; k++)
        *approx |= ends_with(lead, approx_words[k]);
}

static void
lexeme_clear(lexeme *l)
{
    size_t i;

    for (i = 0; i < l->count; i++)
        free(l->values[i]);
    free(l->values);
    free(l->decimal);
    free(l->from);
    free(l->to);
}

static int
keep(const lexeme *l, int math, const exattn_page_marker *m)
{
    /* an integer in prose is a count, unless a marker names it; a
     * vector written against a factor is part of a product */
    if (l->factor && m == NULL)
        return 0;
    return m != NULL || math || l->vector || l->decimal[0]
           || strchr(l->values[0], '/') != NULL;
}

/* Move the position cursor forward to byte `to` of the page. */
static void
advance(scanner *s, const char *page, size_t to)
{
    for (; s->at < to; s->at++)
        if (page[s->at] == '\n')
            s->line++, s->column = 1;
        else if (((unsigned char)page[s->at] & 0xC0) != 0x80)
            s->column++;
}

/* Why lexeme k is a mention, if the page says (a heading, a reference,
 * "Figures 2 and 3" after "Figures 2"). */
static const char *
mention_of(const scanner *s, size_t k, const char *before)
{
    const lexeme *l = &s->lx[k];
    const char *why = exattn_page__mention(s->c, l->start, l->end);

    if (why == NULL && before != NULL && k > 0
        && exattn_page__joins_references(s->c, s->lx[k - 1].end, l->start))
        why = before;
    return why;
}

static int
to_number(exattn_page_number *n, scanner *s, size_t k,
          const exattn_page_marker *m, const char *page)
{
    lexeme *l = &s->lx[k];
    size_t last = l->end > l->start ? l->end - 1 : l->start, i;

    memset(n, 0, sizeof *n);
    n->start = s->c->off[l->start];
    n->end = s->c->off[last] + 1;
    advance(s, page, n->start);
    n->line = s->line;
    n->column = s->column;
    n->math = s->c->math[l->start];
    wording(s, l->start, &n->exactly, &n->approx);
    /* copied: a later number's arithmetic reads this one's values */
    if ((n->values = calloc(l->count, sizeof *n->values)) == NULL
        || (n->decimal = malloc(l->count)) == NULL)
        return 0;
    for (n->count = 0; n->count < l->count; n->count++)
        if ((n->values[n->count] = exattn_str__dup(l->values[n->count]))
            == NULL)
            return 0;
    memcpy(n->decimal, l->decimal, l->count);
    if ((n->entry_start = malloc(l->count * sizeof *n->entry_start)) == NULL
        || (n->entry_end = malloc(l->count * sizeof *n->entry_end)) == NULL)
        return 0;
    for (i = 0; i < l->count; i++)
    {
        n->entry_start[i] = s->c->off[l->from[i]];
        n->entry_end[i] = s->c->off[l->to[i] - 1] + 1;
    }
    n->arithmetic = exattn_page__arithmetic(s, k);
    n->operand = exattn_page__operand(s, k);
    /* "≈ 3(0.2119) + 0.5761": the wording is the whole sum's, not its
     * first operand's */
    if (n->operand)
        n->approx = n->exactly = 0;
    if ((n->lead = exattn_page__lead(s->c, l->start)) == NULL
        || (n->tail = exattn_page__tail(s->c, l->end)) == NULL)
        return 0;
    n->subject = exattn_page__subject(s->c, l->start);
    n->matrix_subject = exattn_page__matrix_subject(s->c, l->start);
    n->sentence = exattn_page__sentence_start(s->c, l->start);
    n->section = exattn_page__section(s->c, l->start);
    /* a decimal or a fraction times a value is a weight; an integer
     * there is the formula's coefficient (1 \cdot V_1) */
    if (l->count == 1 && (l->decimal[0] || strchr(l->values[0], '/')))
        n->times = exattn_page__factor_after(s->c, l->end);
    if (exattn_page__table_heads(s->c, l->start, &n->row_head,
                                 &n->column_head, &n->table_about)
        != EXATTN_OK)
        return 0;
    if (m != NULL && (n->marker = exattn_str__dup(m->text)) == NULL)
        return 0;
    return 1;
}

static int
push(exattn_page *p, exattn_page_number *n)
{
    if (p->count == p->cap)
    {
        size_t cap = p->cap ? 2 * p->cap : 32;
        exattn_page_number *items = realloc(p->items, cap * sizeof *items);

        if (items == NULL)
            return 0;
        p->items = items;
        p->cap = cap;
    }
    p->items[p->count++] = *n;
    return 1;
}

static void
number_clear(exattn_page_number *n)
{
    size_t i;

    for (i = 0; i < n->count; i++)
        free(n->values[i]);
    free(n->values);
    free(n->decimal);
    free(n->entry_start);
    free(n->entry_end);
    free(n->marker);
    free(n->arithmetic);
    free(n->lead);
    free(n->tail);
    free(n->subject);
    free(n->matrix_subject);
    free(n->subject_form);
    free(n->section);
    free(n->row_head);
    free(n->column_head);
    free(n->table_about);
    free(n->times);
}

void
exattn_page__clear(exattn_page *p)
{
    size_t i;

    for (i = 0; i < p->count; i++)
        number_clear(&p->items[i]);
    free(p->items);
    memset(p, 0, sizeof *p);
}

/* By their position in the page. */
static int
by_start(const void *a, const void *b)
{
    const exattn_page_number *x = a, *y = b;

    return x->start < y->start ? -1 : x->start > y->start;
}

/* A named formula as an item of the page: one value, its expression. */
static int
formula_number(exattn_page_number *n, const exattn_page_clean *c,
               exattn_page_formula *f, scanner *at, const char *page)
{
    memset(n, 0, sizeof *n);
    n->formula = 1;
    n->math = !f->prose;
    n->start = c->off[f->from];
    n->end = c->off[f->to - 1] + 1;
    /* formulas come in page order: the position cursor moves on, and a
     * page of many formulas stays linear */
    advance(at, page, n->start);
    n->line = at->line;
    n->column = at->column;
    if ((n->values = calloc(1, sizeof *n->values)) == NULL
        || (n->decimal = calloc(1, 1)) == NULL
        || (n->entry_start = malloc(sizeof *n->entry_start)) == NULL
        || (n->entry_end = malloc(sizeof *n->entry_end)) == NULL)
        return 0;
    n->values[0] = f->expr;
    f->expr = NULL;
    n->subject_form = f->subject_form;
    f->subject_form = NULL;
    n->count = 1;
    n->entry_start[0] = n->start;
    n->entry_end[0] = n->end;
    if ((n->lead = exattn_page__lead(c, f->from)) == NULL
        || (n->tail = exattn_page__tail(c, f->to)) == NULL)
        return 0;
    n->section = exattn_page__section(c, f->from);
    if (f->subject_to > f->subject_from)
    {
        size_t a = f->subject_from, b = f->subject_to;

        /* past spaces, and the "\ " after a label's colon */
        while (a < b && (isspace((unsigned char)c->text.s[a])
                         || (c->text.s[a] == '\\' && a + 1 < b
                             && c->text.s[a + 1] == ' ')))
            a += c->text.s[a] == '\\' ? 2 : 1;
        while (b > a && isspace((unsigned char)c->text.s[b - 1]))
            b--;
        if (b > a && (n->subject = malloc(b - a + 24)) != NULL)
        {
            memcpy(n->subject, c->text.s + a, b - a);
            n->subject[b - a] = '\0';
            /* an entry of a vector: u = (f1, f2) sets u[2] to f2 */
            if (f->entry != 0)
                snprintf(n->subject + (b - a), 24, "[%zu]", f->entry);
        }
    }
    return 1;
}

/* An empty pair of markers (<!-- exattn P --><!-- /exattn -->): a
 * number the page does not print yet, at the closing marker. */
static int
push_empty(exattn_page *out, scanner *s, const exattn_page_marker *open,
           const exattn_page_marker *close, const char *page)
{
    exattn_page_number n;

    memset(&n, 0, sizeof n);
    n.start = n.end = close->origin;
    advance(s, page, n.start);
    n.line = s->line;
    n.column = s->column;
    if ((n.marker = exattn_str__dup(open->text)) == NULL || !push(out, &n))
    {
        free(n.marker);
        return 0;
    }
    return 1;
}

typedef struct
{
    size_t next;                        /* the next marker to read */
    size_t next_subject;                /* the next formula that may be a
                                           number's subject */
    const exattn_page_marker *open;     /* read, not yet bound */
    const exattn_page_marker *twice;    /* an open marker followed by
                                           another: an error */
    const exattn_page_marker *off;      /* <!-- exattn off --> in force */
    const exattn_page_marker *stray_on; /* "on" with no "off": an error */
    exattn_page_formula *formulas;      /* the page's named formulas */
    size_t formula_count, next_formula;
    exattn_page_formula *values;        /* values of generic letters' */
    size_t value_count, next_value;     /* symbols, and the next one */
    unsigned char *bound;               /* each: bound to a marker */
} marker_walk;

/* A number the page sets a symbol of a generically defined letter equal
 * to ("A_{12} \approx 1.25", formulas.c): that symbol read through the
 * definition is its subject's form.  1, or 0 when out of memory. */
static int
generic_value(exattn_page_number *n, marker_walk *w, size_t start,
              size_t end)
{
    const exattn_page_formula *v;

    while (w->next_value < w->value_count
           && w->values[w->next_value].to <= start)
        w->next_value++;
    if (w->next_value >= w->value_count)
        return 1;
    v = &w->values[w->next_value];
    /* the side is this one number, no operand of arithmetic on it
     * ("s_{12} = 1 \cdot 1 + 2 \cdot 1 = 3": only the 3) */
    if (v->from != start || v->to != end || n->count != 1 || n->operand)
        return 1;
    return (n->subject_form = exattn_str__dup(v->subject_form)) != NULL;
}

/* A prose formula the page sets a number equal to ("e²/(2e + e²) ≈
 * 0.5762": the relation between them and nothing else) is that number's
 * subject, as math before a relation is: the page's own computation.
 * 1, or 0 when out of memory. */
static int
formula_subject(exattn_page_number *n, marker_walk *w,
                const exattn_page_clean *c, size_t start)
{
    static const char *const relations[] = { "\xe2\x89\x88", "=", "~" };
    const char *t = c->text.s;
    const exattn_page_formula *f;
    size_t k = start, r, len;

    while (w->next_subject < w->formula_count
           && w->formulas[w->next_subject].to <= start
           && w->next_subject + 1 < w->formula_count
           && w->formulas[w->next_subject + 1].to <= start)
        w->next_subject++;
    if (n->subject != NULL || w->next_subject >= w->formula_count)
        return 1;
    f = &w->formulas[w->next_subject];
    if (!f->prose || f->to > start)
        return 1;
    while (k > f->to && isspace((unsigned char)t[k - 1]))
        k--;
    for (r = 0; r < sizeof relations / sizeof *relations; r++)
        if (k >= f->to + (len = strlen(relations[r]))
            && memcmp(t + k - len, relations[r], len) == 0)
            break;
    if (r == sizeof relations / sizeof *relations)
        return 1;
    k -= len;
    while (k > f->to && isspace((unsigned char)t[k - 1]))
        k--;
    if (k != f->to)
        return 1;
    if ((n->subject = malloc(f->to - f->from + 1)) == NULL)
        return 0;
    memcpy(n->subject, t + f->from, f->to - f->from);
    n->subject[f->to - f->from] = '\0';
    return 1;
}

static const char IGNORED[] = "ignored: <!-- exattn ignore --> before it";
static const char SWITCHED_OFF[] = "in a passage the page switches off "
                                   "(<!-- exattn off -->)";

/* A marker that stands before a named formula binds it when the formula
 * starts before `limit` (the next number, or the pair's closing marker,
 * which the formula must end before): 1 when one was bound, 0 when
 * none, -1 when out of memory. */
static int
bind_formula(marker_walk *w, exattn_page *out, scanner *s,
             const exattn_page_marker *m, size_t limit, int pair,
             const char *page)
{
    exattn_page_formula *f;
    exattn_page_number n;

    while (w->next_formula < w->formula_count
           && w->formulas[w->next_formula].from < m->at)
        w->next_formula++;
    if (w->next_formula >= w->formula_count)
        return 0;
    f = &w->formulas[w->next_formula];
    if (f->from >= limit || (pair && f->to > limit))
        return 0;
    if (!formula_number(&n, s->c, f, s, page))
    {
        number_clear(&n);
        return -1;
    }
    if (strcmp(m->text, "ignore") == 0)
        n.mention = IGNORED;
    else if ((n.marker = exattn_str__dup(m->text)) == NULL)
    {
        number_clear(&n);
        return -1;
    }
    if (!push(out, &n))
    {
        number_clear(&n);
        return -1;
    }
    w->bound[w->next_formula++] = 1;
    return 1;
}

/* Read the markers before `limit` (cleaned position): empty pairs become
 * empty numbers; the open marker left binds the next number. */
static int
markers_until(marker_walk *w, exattn_page *out, scanner *s, size_t limit,
              const char *page)
{
    const exattn_page_marker *m;

    while (w->next < s->c->marker_count
           && s->c->markers[w->next].at <= limit)
    {
        m = &s->c->markers[w->next++];
        if (strcmp(m->text, "off") == 0)
            w->off = m;
        else if (strcmp(m->text, "on") == 0)
        {
            if (w->off == NULL)
            {
                w->stray_on = m;
                return 1;
            }
            w->off = NULL;
        }
        else if (m->text[0] == '/')
        {
            /* the end of a pair: a named formula between, or nothing (an
             * empty pair) */
            int f = w->open ? bind_formula(w, out, s, w->open, m->at, 1,
                                           page) : 0;

            if (f < 0 || (w->open != NULL && f == 0
                          && !push_empty(out, s, w->open, m, page)))
                return 0;
            w->open = NULL;
        }
        else if (w->open != NULL)
        {
            int f = bind_formula(w, out, s, w->open, m->at, 0, page);

            if (f < 0)
                return 0;
            if (f == 0)
            {
                w->twice = w->open;
                return 1;
            }
            w->open = m;
        }
        else
            w->open = m;
    }
    return 1;
}

/* The page's named formulas no marker bound, among its numbers in page
 * order. */
static int
add_formulas(exattn_page *out, marker_walk *w, const exattn_page_clean *c,
             const char *page, size_t len)
{
    exattn_page_number n;
    scanner at;
    size_t k;
    int ok = 1;

    memset(&at, 0, sizeof at);
    at.line = at.column = 1;
    if (len >= 3 && memcmp(page, "\xef\xbb\xbf", 3) == 0)
        at.at = 3;              /* a byte-order mark is no column */
    for (k = 0; ok && k < w->formula_count; k++)
    {
        if (w->bound[k])
            continue;
        ok = formula_number(&n, c, &w->formulas[k], &at, page)
             && push(out, &n);
        if (!ok)
            number_clear(&n);
    }
    if (ok && w->formula_count > 0)
        qsort(out->items, out->count, sizeof *out->items, by_start);
    return ok;
}

/* Lexeme k after the markers before it: a named formula between the
 * open marker and it is the marker's; then the number, kept or not, with
 * why it is a mention (its words, "ignore", "exattn off"); 0 when out
 * of memory. */
static int
read_lexeme(exattn_page *out, marker_walk *w, scanner *s,
            const exattn_page_clean *c, size_t k, const char **before,
            const char *page)
{
    const exattn_page_marker *m = w->open;
    exattn_page_number n;
    const char *why;
    size_t i;
    int ok;

    w->open = NULL;
    if (m != NULL && (i = (size_t)bind_formula(w, out, s, m, s->lx[k].start,
                                              0, page)) != 0)
    {
        if (i != 1)
            return 0;           /* out of memory */
        m = NULL;
    }
    why = mention_of(s, k, *before);
    *before = why;
    if (m != NULL && strcmp(m->text, "ignore") == 0)
        why = IGNORED;
    else if (m == NULL && w->off != NULL)
        why = SWITCHED_OFF;
    if (!keep(&s->lx[k], c->math[s->lx[k].start], m))
        return 1;
    ok = to_number(&n, s, k, why == IGNORED ? NULL : m, page)
         && formula_subject(&n, w, c, s->lx[k].start)
         && generic_value(&n, w, s->lx[k].start, s->lx[k].end)
         && push(out, &n);
    if (!ok)
        number_clear(&n);
    else if (m == NULL || why == IGNORED)
        out->items[out->count - 1].mention = why;
    return ok;
}

static void
walk_clear(marker_walk *w)
{
    size_t i;

    for (i = 0; i < w->formula_count; i++)
    {
        free(w->formulas[i].expr);
        free(w->formulas[i].subject_form);
    }
    for (i = 0; i < w->value_count; i++)
        free(w->values[i].subject_form);
    free(w->values);
    free(w->formulas);
    free(w->bound);
}

/* A marker before another, or after the last number, names nothing; so
 * does "on" with no "off". */
static int
marker_error(exattn_error_t *err, const char *file, const char *page,
             const marker_walk *w)
{
    const exattn_page_marker *lone = w->stray_on ? w->stray_on
                                     : w->twice ? w->twice : w->open;
    unsigned long line, column;

    exattn_page__position(page, lone->origin, &line, &column);
    if (w->stray_on != NULL)
        return exattn_error__set(err, EXATTN_EFIELD, file, line, column,
                                 "marker \"exattn on\" with no \"exattn "
                                 "off\" before it");
    if (strcmp(lone->text, "ignore") == 0)
        return exattn_error__set(err, EXATTN_EFIELD, file, line, column,
                                 "marker \"ignore\" is followed by no "
                                 "number for it to leave alone");
    return exattn_error__set(err, EXATTN_EFIELD, file, line, column,
                             "marker \"%.60s\" is followed by no number "
                             "(an empty one is closed: <!-- exattn PATH "
                             "digits=3 --><!-- /exattn -->)", lone->text);
}

int
exattn_page__read(exattn_page *out, const char *file, const char *page,
                  size_t len, exattn_page_format fmt, exattn_error_t *err)
{
    exattn_page_clean c;
    scanner s;
    size_t k, i;
    marker_walk w;
    const char *before = NULL;
    int code, ok = 1;

    memset(out, 0, sizeof *out);
    if ((code = exattn_page__clean(&c, file, page, len, fmt, err))
        != EXATTN_OK)
    {
        exattn_page__clean_clear(&c);
        return code;
    }
    memset(&s, 0, sizeof s);
    s.line = s.column = 1;
    if (len >= 3 && memcmp(page, "\xef\xbb\xbf", 3) == 0)
        s.at = 3;               /* a byte-order mark is no column */
    s.c = &c;
    s.t = c.text.s ? c.text.s : "";
    s.len = c.text.len;
    exattn_page__scan(&s);
    memset(&w, 0, sizeof w);
    /* the named formulas first: a marker may name one */
    ok = exattn_page__formulas(&w.formulas, &w.formula_count, &w.values,
                               &w.value_count, &c)
         && (w.bound = calloc(w.formula_count + 1, 1)) != NULL;
    for (k = 0; ok && !s.oom && k <= s.count && w.twice == NULL; k++)
    {
        ok = markers_until(&w, out, &s, k < s.count ? s.lx[k].start
                                                    : (size_t)-1, page);
        if (k == s.count || !ok || w.twice != NULL || w.stray_on != NULL)
            break;
        ok = read_lexeme(out, &w, &s, &c, k, &before, page);
    }
    /* a marker after the last number may name a formula after it */
    if (ok && !s.oom && w.twice == NULL && w.stray_on == NULL
        && w.open != NULL
        && (i = (size_t)bind_formula(&w, out, &s, w.open, (size_t)-1, 0,
                                     page)) != 0)
    {
        ok = i == 1;
        w.open = NULL;
    }
    if (ok && !s.oom && w.twice == NULL && w.stray_on == NULL
        && w.open == NULL)
        ok = add_formulas(out, &w, &c, page, len);
    walk_clear(&w);
    if (ok && !s.oom
        && (w.stray_on != NULL || w.twice != NULL || w.open != NULL))
        code = marker_error(err, file, page, &w);
    else if (!ok || s.oom)
        code = exattn_error__set(err, EXATTN_ENOMEM, file, 0, 0,
                                 "out of memory");
    for (i = 0; i < s.count; i++)
        lexeme_clear(&s.lx[i]);
    free(s.lx);
    exattn_page__clean_clear(&c);
    if (code != EXATTN_OK)
        exattn_page__clear(out);
    return code;
}
