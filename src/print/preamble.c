/* The preamble of a standalone LaTeX document (--standalone), for
 * pdflatex: amsmath, and for characters of scripts pdflatex has no fonts
 * for a visible box instead of an error (docs/output-formats.md gives the
 * route to typeset them).  Greek, arrows and math symbols of titles and
 * labels are written as macros already (src/util/sbuf.c); accented Latin
 * is LaTeX's own (its UTF-8 input composes the accents). */
#include "print/latex.h"

void
exattn_print__latex_preamble(exattn_sbuf *b)
{
    exattn_sbuf__puts(b, "\\documentclass{article}\n"
                         "\\usepackage{amsmath}\n"
                         /* a long block's stage may fill more than a
                          * page: its align* breaks between lines */
                         "\\allowdisplaybreaks\n");
    /* any other character pdflatex has no glyph for: a box, not an
     * error (lualatex with fontspec typesets other scripts) */
    exattn_sbuf__puts(b, "\\makeatletter\n"
                         "\\def\\UTFviii@undefined@err#1{\\fbox{?}}\n"
                         "\\makeatother\n"
                         "\\begin{document}\n"
                         /* titles of hyphenated words wrap rather than
                          * stick out of the margin */
                         "\\sloppy\n\n");
}
