/* The text writer's lines, wrapped at 100 columns for a terminal and a
 * diff: a line longer than that goes on over lines indented four more
 * columns than its own, breaking between the items of a row (after
 * " ; "), then before an operator set in spaces (" + ", " = ", " → ";
 * not " - ", which a reader takes for a bullet),
 * then after a comma, then at any space, then before a '+' inside a form
 * -- the break that keeps the longest first part within the width.  The
 * same characters in the same order, only line breaks and indentation
 * added; a run with none of those places stays whole. */
#include <string.h>
#include "print/text.h"

#define WIDTH 100
#define INDENT 4

/* The byte offset just past `cols` columns of [s, s + n). */
static size_t
bytes_of(const char *s, size_t n, size_t cols)
{
    size_t k, c = 0;

    for (k = 0; k < n; k++)
    {
        if (((unsigned char)s[k] & 0xC0) != 0x80 && c++ == cols)
            return k;
    }
    return n;
}

/* The places to break at, best first: after a row's " ; " (or "; "), before an
 * operator set in spaces, after a comma, at a space, before a '+'
 * inside a form.  `after`: the separator ends the line; `space`: the
 * next line starts past one space. */
static const struct
{
    const char *text;
    int after, space;
} places[] = {
    { " ; ", 1, 1 }, { "; ", 1, 1 }, { " + ", 0, 1 }, { " = ", 0, 1 },
    { " → ", 0, 1 }, { ", ", 1, 1 }, { " ", 0, 1 }, { "+", 0, 0 },
};

/* The latest place of kind k in [s, s + n) whose first part fits `room`
 * bytes: the offset of its text, or 0. */
static size_t
latest(const char *s, size_t n, size_t room, size_t k)
{
    size_t len = strlen(places[k].text), at, best = 0;

    for (at = 1; at + len <= n
                 && at + (places[k].after ? len - 1 : 0) <= room; at++)
        if (memcmp(s + at, places[k].text, len) == 0
            /* a lone space is not one of an operator's ("a + b" breaks
             * before the '+', never after it) */
            && !(len == 1 && s[at] == ' '
                 && (strchr("+-=", s[at - 1]) != NULL
                     || (at + 1 < n && strchr("+-=", s[at + 1]) != NULL)))
            /* nor a lone '+' one set in spaces ("a + b" is the kind
             * above) */
            && !(len == 1 && s[at] == '+'
                 && (s[at - 1] == ' ' || (at + 1 < n && s[at + 1] == ' '))))
            best = at;
    return best;
}

/* Where to break [s, s + n) so that the first part is at most `room`
 * bytes: the best kind of place that keeps at least half the room on
 * the line, else the latest place of any kind.  The offset the next part
 * starts at, the first part ending at *cut; 0 when there is none. */
static size_t
break_at(const char *s, size_t n, size_t room, size_t *cut)
{
    size_t k, at, pick = 0, kind = 0;

    for (k = 0; k < sizeof places / sizeof *places; k++)
    {
        if ((at = latest(s, n, room, k)) == 0)
            continue;
        if (2 * at >= room)
        {
            pick = at, kind = k;
            break;
        }
        if (at > pick)
            pick = at, kind = k;
    }
    if (pick == 0)
        return 0;
    if (places[kind].after)
    {
        *cut = pick + strlen(places[kind].text) - 1;
        return pick + strlen(places[kind].text);
    }
    *cut = pick;
    return places[kind].space ? pick + 1 : pick;
}

/* One line [s, s + n) (no '\n'), wrapped into out. */
static void
wrap_line(exattn_sbuf *out, const char *s, size_t n)
{
    size_t lead = 0, indent, room, cut, next, first = 1;

    while (lead < n && s[lead] == ' ')
        lead++;
    indent = lead + INDENT;
    while (exattn_utf8__count(s, n) + (first ? 0 : indent) > WIDTH)
    {
        room = bytes_of(s, n, WIDTH - (first ? 0 : indent));
        if ((next = break_at(s, n, room, &cut)) == 0)
        {
            /* a run longer than the line: break at the space after it */
            const char *space = memchr(s + room, ' ', n - room);

            if (space == NULL)
                break;              /* one unbreakable run: as it is */
            cut = (size_t)(space - s);
            next = cut + 1;
        }
        if (!first)
            exattn_sbuf__printf(out, "%*s", (int)indent, "");
        exattn_sbuf__putn(out, s, cut);
        exattn_sbuf__puts(out, "\n");
        s += next;
        n -= next;
        while (n > 0 && *s == ' ')
            s++, n--;
        first = 0;
    }
    if (!first)
        exattn_sbuf__printf(out, "%*s", (int)indent, "");
    exattn_sbuf__putn(out, s, n);
}

int
exattn_text__flush_wrapped(exattn_sbuf *b, FILE *f, const char *file,
                           exattn_error_t *err)
{
    exattn_sbuf out;
    const char *s = b->s, *nl;
    size_t left = b->len;
    int code;

    if (b->oom || b->len == 0)
        return exattn_sbuf__flush(b, f, file, err);
    exattn_sbuf__init(&out);
    while (left > 0)
    {
        nl = memchr(s, '\n', left);
        wrap_line(&out, s, nl ? (size_t)(nl - s) : left);
        if (nl == NULL)
            break;
        exattn_sbuf__puts(&out, "\n");
        left -= (size_t)(nl - s) + 1;
        s = nl + 1;
    }
    b->len = 0;
    code = exattn_sbuf__flush(&out, f, file, err);
    exattn_sbuf__clear(&out);
    return code;
}
