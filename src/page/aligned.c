/* A plain-text table whose columns are set by spaces, as an e-mail or a
 * program's printout writes one:
 *
 *                 key 0    key 1    key 2
 *        who      0.6651   0.2447   0.0900
 *        what     0.8808   0.1192   0
 *
 * Cells are runs of text apart by two blanks or more (or a tab), so a
 * heading may hold a space ("key 0").  A row has a label and two values
 * at least; the rows stand together under a heading line, and a value's
 * column is the heading cell it stands under -- the one whose extent
 * along the line overlaps its own. */
#include <string.h>
#include "page/page.h"

#define MAX_CELLS 64            /* cells of one line read */
#define MAX_ROWS 64             /* rows between a value and its heading */
#define MAX_LINE 1024           /* the longest line read as a row */

typedef struct
{
    size_t a, z;                /* in the cleaned text */
} span;

/* The cells of line [from, to) into out; how many, 0 when it is no line
 * of such a table (math or a bar in it, too many cells, too long). */
static size_t
cells_of(const exattn_page_clean *c, size_t from, size_t to, span *out)
{
    const char *t = c->text.s;
    size_t k = from, n = 0, gap;

    if (to - from > MAX_LINE)
        return 0;
    while (k < to)
    {
        while (k < to && (t[k] == ' ' || t[k] == '\t'))
            k++;
        if (k >= to)
            break;
        if (n == MAX_CELLS)
            return 0;
        out[n].a = out[n].z = k;
        while (k < to && t[k] != '\t')
        {
            if (c->math[k] || t[k] == '|')
                return 0;
            if (t[k] == ' ')
            {
                /* one blank is inside a cell ("key 0"), two end it */
                for (gap = k; gap < to && t[gap] == ' '; gap++)
                    ;
                if (gap - k >= 2 || gap >= to)
                    break;
                k = gap;
                continue;
            }
            out[n].z = ++k;
        }
        n++;
    }
    return n;
}

/* Is the cell [a, z) a value (it opens with a digit, a sign or a
 * point), not a heading? */
static int
value_cell(const exattn_page_clean *c, const span *s)
{
    char ch = c->text.s[s->a];

    return (ch >= '0' && ch <= '9') || ch == '-' || ch == '+' || ch == '.';
}

/* Do the cells [a, z) and [p, q), each at its line's column, overlap? */
static int
under(size_t a, size_t z, size_t p, size_t q)
{
    return a < q && p < z;
}

int
exattn_page__aligned_cell(const exattn_page_clean *c, size_t at,
                          size_t *row_a, size_t *row_z, size_t *col_a,
                          size_t *col_z, size_t *top)
{
    span row[MAX_CELLS], head[MAX_CELLS];
    size_t from = exattn_page__line_start(c, at),
           to = exattn_page__line_stop(c, at), n, h, i, k, up, rows = 0,
           found = (size_t)-1, hf = 0;

    n = cells_of(c, from, to, row);
    if (n < 3 || at < row[0].z)
        return 0;               /* a label and two values; not the label */
    for (i = 1; i < n && !(row[i].a <= at && at < row[i].z); i++)
        ;
    if (i == n)
        return 0;
    /* up over rows of as many cells to the heading line: one cell
     * fewer (an empty corner), or the first line of the block when its
     * cells are no values (a corner of its own, "token  key 0  key 1") */
    for (up = from, h = 0; up > 0 && rows < MAX_ROWS; rows++)
    {
        span above[MAX_CELLS];

        hf = exattn_page__line_start(c, up - 1);
        k = cells_of(c, hf, up - 1, above);
        if (k == n && value_cell(c, &above[1]))
        {
            up = hf;
            continue;
        }
        if (k + 1 == n || k == n)
        {
            memcpy(head, above, k * sizeof *above);
            h = k;
        }
        break;
    }
    if (h == 0)
        return 0;
    /* the heading cell the value stands under, and only it */
    for (k = 0; k < h; k++)
        if (under(row[i].a - from, row[i].z - from, head[k].a - hf,
                  head[k].z - hf))
        {
            if (found != (size_t)-1)
                return 0;
            found = k;
        }
    if (found == (size_t)-1)
        return 0;
    *row_a = row[0].a;
    *row_z = row[0].z;
    *col_a = head[found].a;
    *col_z = head[found].z;
    *top = hf;
    return 1;
}
