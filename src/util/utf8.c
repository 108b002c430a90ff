/* UTF-8 validation, for every reader of text the user hands in (lesson
 * files, lesson pages). */
#include "internal.h"

size_t
exattn_utf8__sequence(const unsigned char *p, size_t left)
{
    size_t n, i;
    unsigned long cp;

    if (p[0] < 0x80)
        return 1;
    n = p[0] >= 0xF0 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC0 ? 2 : 0;
    if (n == 0 || n > left || p[0] > 0xF4)
        return 0;
    cp = p[0] & (0x7F >> n);
    for (i = 1; i < n; i++)
    {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800)
        || (n == 4 && cp < 0x10000) || cp > 0x10FFFF
        || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

size_t
exattn_utf8__count(const char *s, size_t n)
{
    size_t k, c = 0;

    for (k = 0; k < n; k++)
        c += ((unsigned char)s[k] & 0xC0) != 0x80;
    return c;
}
