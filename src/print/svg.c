/* The attention map as a picture (docs/output-formats.md, "SVG"): the
 * weights as a heatmap -- rows the queries, columns the keys, each cell
 * shaded by its weight, blocked cells hatched, the exact or named value
 * and its certified decimal in the cell's <title> -- and, as in seed
 * 000's figure, one bar chart per query row: each key's weight as a bar
 * on a shared 0-1 scale beside its value V_j and its contribution.  A
 * sink of the derivation document; the shading and the bar lengths are
 * the certified decimals it gives (3 digits unless more are asked for).
 * A block lesson gets one map per head of each sublayer, without bars.
 * The bytes depend on the lesson and options alone. */
#include <string.h>
#include "internal.h"
#include "exattn/doc.h"

/* A picture a person reads: beyond this, a table says more. */
#define SVG_MAX 64
/* The layout is narrow enough for a phone: a picture of at most
 * NARROW px scaled into a 390 px screen's column (about 358 px) keeps
 * its 13 px text at 11 px or more, so the legend and the values go
 * below the map and the bars rather than beside them, and the cells of
 * a map of many keys shrink (their numbers then only in the tooltips). */
#define NARROW 420
#define CELL 56             /* heatmap cell, px, at most */
#define CELL_MIN 20
#define CELL_TEXT 52        /* the narrowest cell that shows its number */
#define LABEL_MIN 72        /* room for "weight 0" and "queries" */
#define LABEL_MAX 120       /* room for labels of 10 characters */
#define TOP 150             /* title and key labels above the grid */
#define LEGEND_H 40         /* the colour scale under a map */
#define BAR_W 160           /* a weight of 1 */
#define LINE_H 40           /* one key in a row's bar chart: two lines */
#define CHAR_W 9            /* px a character of 13 px type, erring wide */

typedef struct
{
    FILE *f;
    exattn_sbuf b;
    const exattn_doc_header *l;  /* the lesson's (its first section's) */
    int in_base;            /* inside the base lesson's section */
    size_t row;             /* the current query row */
    int bars_open;          /* the row's bar chart is open */
    size_t bar_line;        /* keys drawn in it */
    const exattn_doc_block *blk;    /* a block's picture */
    size_t map;             /* the block's head being drawn (its map) */
    size_t heads_seen;
    int cross;              /* of its cross-attention sublayer */
    int in_weights;         /* inside a head's weights stage */
    size_t shift;           /* below a title of several lines: the
                               picture is drawn this much lower */
    size_t label_w;         /* room for the row labels, left */
    size_t cell;            /* the maps' cell size */
    size_t line_h;          /* one key of a bar chart */
    size_t contrib_x, contrib_dy;   /* where w·V_j starts */
    unsigned digits;        /* of the certified decimals */
    exattn_error_t *err;
} svg_sink;

/* [s, s + n) escaped for XML. */
static void
xml_span(exattn_sbuf *b, const char *s, size_t n)
{
    const char *end = s + n;

    for (; s < end && *s; s++)
        switch (*s)
        {
        case '&': exattn_sbuf__puts(b, "&amp;"); break;
        case '<': exattn_sbuf__puts(b, "&lt;"); break;
        case '>': exattn_sbuf__puts(b, "&gt;"); break;
        case '"': exattn_sbuf__puts(b, "&quot;"); break;
        default:
            /* XML 1.0 has no C0 controls but tab and line ends */
            if ((unsigned char)*s >= 0x20 || *s == '\t' || *s == '\n')
                exattn_sbuf__putn(b, s, 1);
        }
}

static void
xml(exattn_sbuf *b, const char *s)
{
    xml_span(b, s, strlen(s));
}

/* A decimal the document certified ("0.284", "1.000"), as thousandths in
 * [0, 1000]: a shade or a length, read digit by digit (no locale). */
static unsigned
permille(const char *decimal)
{
    unsigned v = 0, k;

    if (decimal == NULL || *decimal == '-')
        return 0;
    for (; *decimal >= '0' && *decimal <= '9'; decimal++)
        if ((v = v * 10 + (unsigned)(*decimal - '0')) >= 1)
            v = 1;      /* an integer part of 1 or more: a weight of 1 */
    v *= 1000;
    if (*decimal == '.')
        for (decimal++, k = 100; k > 0 && *decimal >= '0' && *decimal <= '9';
             decimal++, k /= 10)
            v += (unsigned)(*decimal - '0') * k;
    return v > 1000 ? 1000 : v;
}

/* What a cell or a bar shows of a weight: an exact one as itself ("1",
 * "1/2") when that is short, else its certified decimal, after "≈" when
 * the decimal is rounded ("≈0.284"). */
#define SHORT_EXACT 5

static int
shown(exattn_sbuf *b, const exattn_doc_value *v, const char *approx)
{
    char *q = v->status == EXATTN_EXACT ? exattn_mpq_get_str(v->exact)
                                        : NULL;
    int whole = 1;      /* what was written is the value itself */

    if (q != NULL && strlen(q) <= SHORT_EXACT)
        exattn_sbuf__puts(b, q);
    else if (v->decimal == NULL)
    {
        exattn_sbuf__puts(b, "?");      /* undecided within the cap */
        whole = 0;
    }
    else
    {
        exattn_sbuf__printf(b, "%s%s", v->decimal_exact ? "" : approx,
                            v->decimal);
        whole = v->decimal_exact;
    }
    exattn_free(q);
    return whole;
}

/* The room the row labels take at the left, from the longest of them
 * (13 px type, 8 px a character), right of the rotated "queries". */
static size_t
label_room(size_t room, char *const *labels, size_t count)
{
    size_t k, w;

    for (k = 0; labels != NULL && k < count; k++)
        if ((w = 32 + 8 * exattn_utf8__count(labels[k], strlen(labels[k])))
            > room)
            room = w;
    return room > LABEL_MAX ? LABEL_MAX : room;
}

/* A map's cells: as large as CELL, smaller for many keys so that the
 * picture stays within NARROW, never under CELL_MIN. */
static size_t
cell_size(const svg_sink *s, size_t keys)
{
    size_t c = keys > 0 ? (NARROW - s->label_w - 10) / keys : CELL;

    return c > CELL ? CELL : c < CELL_MIN ? CELL_MIN : c;
}

/* The map's height with its colour scale below it. */
static size_t
grid_h(const svg_sink *s)
{
    return TOP + s->l->n * s->cell + LEGEND_H;
}

/* The y of query row i's bar chart: below the grid, one chart a row. */
static size_t
bars_y(const svg_sink *s, size_t i)
{
    return grid_h(s) + i * (s->l->m * s->line_h + 50);
}

/* The document's opening: its title and description, the hatching. */
/* The end of the title's next line from `from`: at most `per_line`
 * characters, broken at a space (the whole rest when it fits, or a word
 * longer than a line). */
static size_t
line_end(const char *t, size_t from, size_t per_line)
{
    size_t len = strlen(t), k, cut = 0;

    if (exattn_utf8__count(t + from, len - from) <= per_line)
        return len;
    for (k = from;
         k < len && exattn_utf8__count(t + from, k - from) <= per_line; k++)
        if (t[k] == ' ')
            cut = k;
    return cut > from ? cut : len;
}

/* The picture's title over as many lines as the width takes (16 px bold
 * type, up to 11 px a character), written when `write`; how many lines. */
static size_t
title_lines(svg_sink *s, const char *title, size_t w, int write)
{
    size_t per_line = (w - 20) / 11, from = 0, to, line = 0;

    while (title[from] != '\0')
    {
        to = line_end(title, from, per_line);
        if (write)
        {
            exattn_sbuf__printf(&s->b, "<text x=\"10\" y=\"%zu\" "
                                "font-size=\"16\" font-weight=\"bold\">",
                                24 + 20 * line);
            xml_span(&s->b, title + from, to - from);
            exattn_sbuf__puts(&s->b, "</text>\n");
        }
        line++;
        for (from = to; title[from] == ' '; from++)
            ;
    }
    return line;
}

static void
svg_open(svg_sink *s, size_t w, size_t h, const char *what)
{
    const char *title = s->l->title ? s->l->title : "Attention weights";
    /* a title longer than a line pushes the picture down */
    size_t lines = title_lines(s, title, w, 0);

    s->shift = lines > 1 ? 20 * (lines - 1) : 0;
    h += s->shift;
    /* its own size in a viewer; on a page narrower than that, scaled
     * down with the page (max-width), never cut off */
    exattn_sbuf__printf(&s->b, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                        "width=\"%zu\" height=\"%zu\" viewBox=\"0 0 %zu %zu\" "
                        "style=\"max-width:100%%;height:auto\" "
                        "role=\"img\" aria-labelledby=\"t d\" "
                        "font-family=\"DejaVu Sans, sans-serif\" "
                        "font-size=\"13\">\n<title id=\"t\">", w, h, w, h);
    xml(&s->b, title);
    exattn_sbuf__printf(&s->b, "</title>\n<desc id=\"d\">%s: each cell's "
                        "shade is its weight (white 0, dark 1), blocked "
                        "cells are hatched; each cell's title gives the "
                        "exact or named weight and its certified decimal."
                        "</desc>\n", what);
    exattn_sbuf__puts(&s->b, "<defs><pattern id=\"blocked\" width=\"8\" "
                      "height=\"8\" patternUnits=\"userSpaceOnUse\"><path "
                      "d=\"M0,8 L8,0\" stroke=\"#999\" stroke-width=\"1\"/>"
                      "</pattern><linearGradient id=\"scale\" x1=\"0\" "
                      "y1=\"0\" x2=\"1\" y2=\"0\"><stop offset=\"0\" "
                      "stop-color=\"#1f4e99\" stop-opacity=\"0\"/><stop "
                      "offset=\"1\" stop-color=\"#1f4e99\" "
                      "stop-opacity=\"1\"/></linearGradient></defs>\n");
    title_lines(s, title, w, 1);
    if (s->shift > 0)
        exattn_sbuf__printf(&s->b, "<g transform=\"translate(0,%zu)\">\n",
                            s->shift);
}

/* A map's labels: keys above (slanted), queries to the left; its grid
 * starts at y0.  A caption above it when the picture has several. */
/* The map's axis titles: what its columns are above the key labels,
 * "queries" along its rows' labels. */
static void
axes(svg_sink *s, size_t y0, size_t m, const char *keys_title)
{
    size_t mid = y0 + s->l->n * s->cell / 2;

    exattn_sbuf__printf(&s->b, "<text x=\"%zu\" y=\"%zu\" "
                        "text-anchor=\"middle\" font-style=\"italic\" "
                        "fill=\"#555\">%s</text>\n",
                        s->label_w + m * s->cell / 2, y0 - 82, keys_title);
    exattn_sbuf__printf(&s->b, "<text transform=\"translate(18,%zu) "
                        "rotate(-90)\" text-anchor=\"middle\" "
                        "font-style=\"italic\" fill=\"#555\">queries"
                        "</text>\n", mid);
}

/* The colour scale under a map: "weight 0", the shade from 0 to 1,
 * "1", then the hatching of a blocked key. */
static void
legend(svg_sink *s, size_t y0)
{
    size_t y = y0 + s->l->n * s->cell + 14;

    exattn_sbuf__printf(&s->b, "<g fill=\"#555\"><text x=\"%zu\" "
                        "y=\"%zu\" text-anchor=\"end\">weight 0</text>"
                        "<rect x=\"%zu\" y=\"%zu\" width=\"100\" "
                        "height=\"14\" fill=\"url(#scale)\" "
                        "stroke=\"#999\"/><text x=\"%zu\" y=\"%zu\">1"
                        "</text><rect x=\"%zu\" y=\"%zu\" width=\"14\" "
                        "height=\"14\" fill=\"url(#blocked)\" "
                        "stroke=\"#999\"/><text x=\"%zu\" y=\"%zu\">"
                        "blocked</text></g>\n", s->label_w - 6, y + 12,
                        s->label_w, y, s->label_w + 106, y + 12, s->label_w + 130, y,
                        s->label_w + 150, y + 12);
}

static void
map_labels(svg_sink *s, size_t y0, char *const *keys, size_t m,
           const char *caption, const char *keys_title)
{
    size_t i, j;

    if (caption != NULL)
    {
        exattn_sbuf__printf(&s->b, "<text x=\"10\" y=\"%zu\" "
                            "font-weight=\"bold\">", y0 - TOP + 50);
        xml(&s->b, caption);
        exattn_sbuf__puts(&s->b, "</text>\n");
    }
    for (j = 0; j < m; j++)
    {
        exattn_sbuf__printf(&s->b, "<text transform=\"translate(%zu,%zu) "
                            "rotate(-45)\">",
                            s->label_w + j * s->cell + s->cell / 2, y0 - 8);
        xml(&s->b, keys[j]);
        exattn_sbuf__puts(&s->b, "</text>\n");
    }
    for (i = 0; i < s->l->n; i++)
    {
        exattn_sbuf__printf(&s->b, "<text x=\"%zu\" y=\"%zu\" "
                            "text-anchor=\"end\">", s->label_w - 8,
                            y0 + i * s->cell + s->cell / 2 + 5);
        xml(&s->b, s->l->query_labels[i]);
        exattn_sbuf__puts(&s->b, "</text>\n");
    }
    axes(s, y0, m, keys_title);
    legend(s, y0);
}

/* The characters of "V = (1, 0)" for key j, and the most any one of its
 * coordinates has. */
static size_t
value_chars(const exattn_doc_header *l, size_t j, size_t *widest)
{
    size_t c, n = 6, k;

    for (c = 0; c < l->dv; c++)
    {
        char *q = exattn_mpq_get_str(EXATTN_AT(&l->v, j, c));

        k = q ? strlen(q) : 1;
        n += k + (c ? 2 : 0);
        if (k > *widest)
            *widest = k;
        exattn_free(q);
    }
    return n;
}

/* The bar charts' columns: under each bar its value V_j, then its
 * contribution w·V_j when both fit the narrow width, else w·V_j on a
 * line of its own.  A coordinate of w·V_j is a certified decimal no
 * longer than V_j's longest coordinate (its sign too) with the point
 * and the digits.
 * Returns the widest line's end. */
static size_t
bar_columns(svg_sink *s)
{
    const exattn_doc_header *l = s->l;
    size_t j, v = 0, widest = 1, per, contrib_w;

    for (j = 0; j < l->m; j++)
    {
        size_t n = value_chars(l, j, &widest);

        if (n > v)
            v = n;
    }
    per = widest + s->digits + 1;
    contrib_w = (8 + l->dv * (per + 2)) * CHAR_W;   /* "w·V ≈ (…, …)" */
    s->contrib_x = s->label_w + v * CHAR_W + 16;
    s->contrib_dy = 0;
    s->line_h = LINE_H;
    if (s->contrib_x + contrib_w > NARROW)
    {
        s->contrib_x = s->label_w + 4;
        s->contrib_dy = 18;
        s->line_h = LINE_H + 18;
    }
    if (s->label_w + v * CHAR_W > s->contrib_x + contrib_w)
        return s->label_w + v * CHAR_W;
    return s->contrib_x + contrib_w;
}

static void
open_document(svg_sink *s)
{
    const exattn_doc_header *l = s->l;
    size_t w, bars, weight_end = (s->label_w + BAR_W + 8) + (s->digits + 4) * CHAR_W;
    char what[160];

    s->label_w = label_room(label_room(LABEL_MIN, l->query_labels, l->n),
                            l->key_labels, l->m);
    s->cell = cell_size(s, l->m);
    w = s->label_w + l->m * s->cell + 10;
    if (w < s->label_w + 200)      /* the colour scale under the map */
        w = s->label_w + 200;
    if (w < weight_end)
        w = weight_end;
    if (w < (bars = bar_columns(s)))
        w = bars;
    snprintf(what, sizeof what, "The attention weights of %zu queries over "
             "%zu keys, and below, each query's weights as bars on a 0-1 "
             "scale with each key's value and contribution", l->n, l->m);
    svg_open(s, w, bars_y(s, l->n), what);
    map_labels(s, TOP, l->key_labels, l->m, NULL, "keys");
}

/* A block's picture: one map for each head of each sublayer. */
static size_t
block_map_h(const svg_sink *s)
{
    return s->l->n * s->cell + LEGEND_H + TOP;
}

static void
open_block(svg_sink *s, const exattn_doc_block *k)
{
    size_t keys = k->m > k->memory_rows ? k->m : k->memory_rows;
    size_t maps = k->heads + k->cross_heads;
    size_t w;
    char what[160];

    s->blk = k;
    s->label_w = label_room(label_room(label_room(LABEL_MIN,
                                                  s->l->query_labels,
                                                  s->l->n),
                                       s->l->key_labels, s->l->m),
                            k->memory_labels, k->memory_rows);
    s->cell = cell_size(s, keys);
    w = s->label_w + keys * s->cell + 10;
    /* room for the colour scale and a few words of the title */
    if (w < s->label_w + 240)
        w = s->label_w + 240;
    snprintf(what, sizeof what, "The attention weights of each of the "
             "block's %zu heads, queries by keys", maps);
    svg_open(s, w, 40 + maps * block_map_h(s), what);
}

/* One weight of a map: query row, key, its value, whether blocked. */
typedef struct
{
    size_t row, key;
    const char *key_label;
    const exattn_doc_value *v;
    int blocked;
} weight_t;

static weight_t
weight_of(const svg_sink *s, const exattn_doc_entry *e)
{
    weight_t w = { e->row, e->key, s->l->key_labels[e->key], e->values,
                   e->blocked };

    return w;
}

/* "w[rises,grid] = e^{√2}/(…) ≈ 0.284 (named)" */
static void
cell_title(svg_sink *s, const weight_t *w)
{
    const exattn_doc_value *v = w->v;

    exattn_sbuf__puts(&s->b, "<title>w[");
    xml(&s->b, s->l->query_labels[w->row]);
    exattn_sbuf__puts(&s->b, ", ");
    xml(&s->b, w->key_label);
    exattn_sbuf__puts(&s->b, "] = ");
    if (v->status == EXATTN_EXACT)
    {
        char *q = exattn_mpq_get_str(v->exact);

        xml(&s->b, q ? q : "?");
        exattn_free(q);
    }
    else
        xml(&s->b, v->form[EXATTN_FORM_TEXT]);
    if (v->decimal && v->status != EXATTN_EXACT)
    {
        exattn_sbuf__puts(&s->b, v->decimal_exact ? " = " : " ≈ ");
        exattn_sbuf__puts(&s->b, v->decimal);
    }
    exattn_sbuf__puts(&s->b, w->blocked ? " (exact: blocked)"
                             : v->status == EXATTN_EXACT ? " (exact)"
                                                         : " (named)");
    exattn_sbuf__puts(&s->b, "</title>");
}

/* The cell of a map whose grid starts at y0. */
static void
cell(svg_sink *s, const weight_t *wt, size_t y0)
{
    size_t c = s->cell, x = s->label_w + wt->key * c, y = y0 + wt->row * c;
    const char *d = wt->v->decimal;
    unsigned w = permille(d);

    exattn_sbuf__puts(&s->b, "<g>");
    cell_title(s, wt);
    if (wt->blocked)
        exattn_sbuf__printf(&s->b, "<rect x=\"%zu\" y=\"%zu\" width=\"%zu\" "
                            "height=\"%zu\" fill=\"url(#blocked)\" "
                            "stroke=\"#fff\"/><text x=\"%zu\" y=\"%zu\" "
                            "text-anchor=\"middle\" fill=\"#666\">×"
                            "</text>", x, y, c, c, x + c / 2, y + c / 2 + 5);
    else if (d == NULL)     /* undecided within the cap: not a zero */
        exattn_sbuf__printf(&s->b, "<rect x=\"%zu\" y=\"%zu\" width=\"%zu\" "
                            "height=\"%zu\" fill=\"#f4e4c4\" stroke=\"#fff\"/>"
                            "<text x=\"%zu\" y=\"%zu\" text-anchor=\"middle\">"
                            "?</text>", x, y, c, c, x + c / 2, y + c / 2 + 5);
    else
    {
        exattn_sbuf__printf(&s->b, "<rect x=\"%zu\" y=\"%zu\" width=\"%zu\" "
                            "height=\"%zu\" fill=\"#1f4e99\" "
                            "fill-opacity=\"%u.%03u\" stroke=\"#fff\"/>",
                            x, y, c, c, w / 1000, w % 1000);
        /* a cell too small for its number leaves it to the tooltip */
        if (c >= CELL_TEXT)
        {
            exattn_sbuf__printf(&s->b, "<text x=\"%zu\" y=\"%zu\" "
                                "text-anchor=\"middle\" fill=\"%s\">",
                                x + c / 2, y + c / 2 + 5,
                                w > 500 ? "#fff" : "#000");
            shown(&s->b, wt->v, "≈");
            exattn_sbuf__puts(&s->b, "</text>");
        }
    }
    exattn_sbuf__puts(&s->b, "</g>\n");
}

/* A row of a block head's weights: a cell per key (a memory row in a
 * decoder's cross-attention). */
static void
block_cells(svg_sink *s, const exattn_doc_entry *e)
{
    size_t y0 = 40 + s->map * block_map_h(s) + TOP - 40, k;
    char *const *keys = s->cross ? s->blk->memory_labels : s->l->key_labels;

    for (k = 0; k < e->count; k++)
    {
        /* a block's mask: a blocked key's weight is an exact 0 */
        weight_t w = { e->row, k, keys[k], &e->values[k],
                       !s->cross && !s->l->allowed[e->row * s->l->m + k] };

        cell(s, &w, y0);
    }
}

/* The bar chart's scale under its bars (at y): weights 0, 1/2 and 1. */
static void
ticks(svg_sink *s, size_t y)
{
    static const char *const at[] = { "0", "0.5", "1" };
    size_t t;

    exattn_sbuf__printf(&s->b, "<g fill=\"#555\"><line "
                        "x1=\"%zu\" y1=\"%zu\" x2=\"%zu\" y2=\"%zu\" "
                        "stroke=\"#999\"/>", s->label_w, y, s->label_w + BAR_W, y);
    for (t = 0; t < 3; t++)
        exattn_sbuf__printf(&s->b, "<line x1=\"%zu\" y1=\"%zu\" "
                            "x2=\"%zu\" y2=\"%zu\" stroke=\"#999\"/><text "
                            "x=\"%zu\" y=\"%zu\" text-anchor=\"middle\">%s"
                            "</text>", s->label_w + t * BAR_W / 2, y,
                            s->label_w + t * BAR_W / 2, y + 4,
                            s->label_w + t * BAR_W / 2, y + 17, at[t]);
    exattn_sbuf__puts(&s->b, "</g>\n");
}

/* One key of the row's bar chart: label, bar, value V_j. */
static void
bar(svg_sink *s, const exattn_doc_entry *e)
{
    const exattn_doc_header *l = s->l;
    size_t y = bars_y(s, e->row) + 30 + e->key * s->line_h, c;
    unsigned long len = (unsigned long)permille(e->values->decimal) * BAR_W;

    if (!s->bars_open)
    {
        size_t y0 = bars_y(s, e->row), axis = y0 + 30 + l->m * s->line_h;

        exattn_sbuf__printf(&s->b, "<g><text x=\"10\" y=\"%zu\" "
                            "font-weight=\"bold\">query ", y0 + 16);
        xml(&s->b, l->query_labels[e->row]);
        exattn_sbuf__printf(&s->b, ": each key's weight</text><line "
                            "x1=\"%zu\" y1=\"%zu\" x2=\"%zu\" y2=\"%zu\" "
                            "stroke=\"#999\"/></g>\n", s->label_w, y0 + 24,
                            s->label_w, axis);
        ticks(s, axis);
        s->bars_open = 1;
    }
    exattn_sbuf__printf(&s->b, "<g><text x=\"%zu\" y=\"%zu\" "
                        "text-anchor=\"end\">", s->label_w - 8, y + 14);
    xml(&s->b, l->key_labels[e->key]);
    exattn_sbuf__puts(&s->b, "</text>");
    {
        weight_t w = weight_of(s, e);

        cell_title(s, &w);
    }
    /* the bar's length in px, to a tenth, by integer arithmetic */
    exattn_sbuf__printf(&s->b, "<rect x=\"%zu\" y=\"%zu\" width=\"%lu.%lu\" "
                        "height=\"16\" fill=\"%s\"/><text x=\"%zu\" y=\"%zu\">",
                        s->label_w, y + 2, len / 1000, len % 1000 / 100,
                        e->blocked ? "#ccc" : "#1f4e99", (s->label_w + BAR_W + 8), y + 14);
    if (e->blocked)
        exattn_sbuf__puts(&s->b, "blocked");
    else
        shown(&s->b, e->values, "≈ ");
    /* under the bar, in grey: the key's value, then its contribution */
    exattn_sbuf__printf(&s->b, "</text><text x=\"%zu\" y=\"%zu\" "
                        "fill=\"#555\">V = (", s->label_w + 4, y + 33);
    for (c = 0; c < l->dv; c++)
    {
        char *q = exattn_mpq_get_str(EXATTN_AT(&l->v, e->key, c));

        exattn_sbuf__puts(&s->b, c ? ", " : "");
        xml(&s->b, q ? q : "?");
        exattn_free(q);
    }
    exattn_sbuf__puts(&s->b, ")</text></g>\n");
}

/* A contribution w·V_j: its decimals, after the key's value. */
static void
contribution(svg_sink *s, const exattn_doc_entry *e)
{
    size_t y = bars_y(s, e->row) + 30 + e->key * s->line_h, c;
    exattn_sbuf coords;
    int exact = 1;

    if (e->blocked)
        return;             /* exactly 0: its bar says blocked */
    /* "=" only when every coordinate written is the value itself */
    exattn_sbuf__init(&coords);
    for (c = 0; c < e->count; c++)
    {
        exattn_sbuf__puts(&coords, c ? ", " : "");
        exact &= shown(&coords, &e->values[c], "");
    }
    exattn_sbuf__printf(&s->b, "<text x=\"%zu\" y=\"%zu\" fill=\"#555\">"
                        "w·V %s (", s->contrib_x, y + 33 + s->contrib_dy,
                        exact ? "=" : "≈");
    exattn_sbuf__putn(&s->b, coords.s ? coords.s : "", coords.len);
    s->b.oom |= coords.oom;
    exattn_sbuf__clear(&coords);
    exattn_sbuf__puts(&s->b, ")</text>\n");
}

static int
entry(void *ctx, const exattn_doc_entry *e)
{
    svg_sink *s = ctx;

    if (s->blk != NULL)
    {
        if (e->role == EXATTN_ROLE_STAGE_ROW && s->in_weights)
            block_cells(s, e);
        return EXATTN_OK;
    }
    if (e->role == EXATTN_ROLE_STAGE_ROW)
        return EXATTN_OK;       /* a block variant's */
    if (!s->in_base)
        return EXATTN_OK;
    if (e->role == EXATTN_ROLE_WEIGHT)
    {
        weight_t w = weight_of(s, e);

        cell(s, &w, TOP);
        bar(s, e);
    }
    else if (e->role == EXATTN_ROLE_CONTRIBUTION)
        contribution(s, e);
    return EXATTN_OK;
}

static int
begin(void *ctx, const exattn_doc_section *sec)
{
    svg_sink *s = ctx;

    char caption[96];

    if (s->l == NULL)
    {
        /* the first section is the lesson's own; a block's document
         * opens at its section */
        s->l = sec->header;
        if (!s->l->has_block)
            open_document(s);
    }
    if (sec->kind == EXATTN_SECTION_VARIANT)
        s->in_base = 0;     /* the map is of the lesson itself */
    if (sec->kind == EXATTN_SECTION_ROW)
        s->bars_open = 0;
    /* the map is of the lesson itself: a block variant's is not drawn */
    if (sec->kind == EXATTN_SECTION_BLOCK && sec->header == s->l)
        open_block(s, sec->block);
    if (sec->kind == EXATTN_SECTION_HEAD && s->blk != NULL)
    {
        s->map = s->heads_seen++;
        s->cross = sec->cross;
        snprintf(caption, sizeof caption, "%s %zu: weights",
                 sec->cross ? "cross-attention head" : "head",
                 sec->head + 1);
        map_labels(s, 40 + s->map * block_map_h(s) + TOP - 40,
                   sec->cross ? s->blk->memory_labels : s->l->key_labels,
                   sec->cross ? s->blk->memory_rows : s->l->m, caption,
                   sec->cross ? "memory rows" : "keys");
    }
    if (sec->kind == EXATTN_SECTION_STAGE)
        s->in_weights = sec->weights;
    return EXATTN_OK;
}

static int
end(void *ctx, const exattn_doc_section *sec)
{
    svg_sink *s = ctx;

    return exattn_sbuf__flush(&s->b, s->f, sec->header->file, s->err);
}

int
exattn_write_svg(FILE *f, const exattn_lesson *l,
                 const exattn_write_opts *opts, exattn_error_t *err)
{
    exattn_write_opts o = EXATTN_WRITE_OPTS_INIT;
    exattn_doc_sink sink = EXATTN_DOC_SINK_INIT;
    svg_sink s = { 0 };
    int code;

    if (opts != NULL && (opts->version < 1
                         || opts->version > EXATTN_WRITE_OPTS_VERSION))
        return exattn_error__set(err, EXATTN_EINVAL, exattn_lesson_file(l),
                                 0, 0, "exattn_write_svg: options of another "
                                 "version (%u)", opts->version);
    if (exattn_lesson_queries(l) > SVG_MAX || exattn_lesson_keys(l) > SVG_MAX)
        return exattn_error__set(err, EXATTN_ELIMIT, exattn_lesson_file(l),
            0, 0, "svg: %zu queries and %zu keys; an attention map is drawn "
            "for at most %d of each (the JSON has every weight)",
            exattn_lesson_queries(l), exattn_lesson_keys(l), SVG_MAX);
    /* the caller's options (of version 1: its fields, no more) */
    if (opts != NULL && opts->version >= 2)
        o = *opts;
    else if (opts != NULL)
    {
        o.digits = opts->digits;
        o.max_prec = opts->max_prec;
    }
    o.version = EXATTN_WRITE_OPTS_VERSION;
    /* the shades and bars are certified decimals: 3 digits at least */
    if (o.digits == EXATTN_DIGITS_NONE)
        o.digits = 3;
    o.quantities = exattn_lesson_has_block(l) ? 0
                   : EXATTN_SHOW(EXATTN_WEIGHT)
                         | EXATTN_SHOW(EXATTN_CONTRIBUTION);
    o.sum_threshold = EXATTN_SUM_NEVER;     /* every key, blocked ones too */
    sink.notations = EXATTN_NOTATION_TEXT;
    sink.decimals = EXATTN_SHOW(EXATTN_WEIGHT)
                    | EXATTN_SHOW(EXATTN_CONTRIBUTION);
    sink.forms = EXATTN_SHOW(EXATTN_WEIGHT);
    sink.begin = begin;
    sink.entry = entry;
    sink.end = end;
    s.f = f;
    s.in_base = 1;
    s.digits = o.digits;
    s.err = err;
    exattn_sbuf__init(&s.b);
    code = exattn_derive(&sink, &s, l, &o, err);
    if (code == EXATTN_OK)
    {
        exattn_sbuf__puts(&s.b, s.shift > 0 ? "</g>\n</svg>\n" : "</svg>\n");
        code = exattn_sbuf__flush(&s.b, f, exattn_lesson_file(l), err);
    }
    exattn_sbuf__clear(&s.b);
    if (code == EXATTN_OK && ferror(f))
        code = exattn_error__set(err, EXATTN_EIO, exattn_lesson_file(l), 0,
                                 0, "cannot write the output");
    return code;
}
