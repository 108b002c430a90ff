/* Growable strings.  Allocation failure is sticky (b->oom) so builders can
 * append without checking each call; the taker sees NULL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

void
exattn_sbuf__init(exattn_sbuf *b)
{
    b->s = NULL;
    b->len = 0;
    b->cap = 0;
    b->oom = 0;
    b->spool = NULL;
}

void
exattn_sbuf__clear(exattn_sbuf *b)
{
    free(b->s);
    if (b->spool != NULL)
        fclose(b->spool);
    exattn_sbuf__init(b);
}

void
exattn_sbuf__spool(exattn_sbuf *b, size_t limit)
{
    if (b->oom || b->len <= limit)
        return;
    if (b->spool == NULL && (b->spool = tmpfile()) == NULL)
        return;
    if (fwrite(b->s, 1, b->len, b->spool) != b->len)
        b->oom = 2;             /* the bytes are lost: fail the flush */
    b->len = 0;
}

/* The spooled bytes to f; 0 when they could not be read or written. */
static int
unspool(exattn_sbuf *b, FILE *f)
{
    char chunk[65536];
    size_t n;
    int ok = fflush(b->spool) == 0 && fseek(b->spool, 0, SEEK_SET) == 0;

    while (ok && (n = fread(chunk, 1, sizeof chunk, b->spool)) > 0)
        ok = fwrite(chunk, 1, n, f) == n;
    ok = ok && !ferror(b->spool);
    fclose(b->spool);
    b->spool = NULL;
    return ok;
}

static int
reserve(exattn_sbuf *b, size_t extra)
{
    size_t need, cap;
    char *s;

    if (b->oom)
        return 0;
    if (extra > (size_t)-1 - b->len - 1)
    {
        b->oom = 1;
        return 0;
    }
    need = b->len + extra + 1;
    if (need <= b->cap)
        return 1;
    cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap = cap > (size_t)-1 / 2 ? need : cap * 2;
    s = realloc(b->s, cap);
    if (s == NULL)
    {
        b->oom = 1;
        return 0;
    }
    b->s = s;
    b->cap = cap;
    return 1;
}

void
exattn_sbuf__putn(exattn_sbuf *b, const char *s, size_t n)
{
    if (!reserve(b, n))
        return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void
exattn_sbuf__puts(exattn_sbuf *b, const char *s)
{
    exattn_sbuf__putn(b, s, strlen(s));
}

void
exattn_sbuf__printf(exattn_sbuf *b, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(b, (size_t)n))
    {
        b->oom = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* A size in decimal without printf: a real head's JSON writes millions of
 * key indices. */
void
exattn_sbuf__size(exattn_sbuf *b, size_t v)
{
    char digits[24];
    size_t i = sizeof digits;

    do
        digits[--i] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    exattn_sbuf__putn(b, digits + i, sizeof digits - i);
}

void
exattn_sbuf__mpz(exattn_sbuf *b, const mpz_t z)
{
    size_t n = mpz_sizeinbase(z, 10) + 2;

    if (!reserve(b, n))
        return;
    mpz_get_str(b->s + b->len, 10, z);
    b->len += strlen(b->s + b->len);
}

void
exattn_sbuf__mpq(exattn_sbuf *b, const mpq_t q)
{
    exattn_sbuf__mpz(b, mpq_numref(q));
    if (mpz_cmp_ui(mpq_denref(q), 1) != 0)
    {
        exattn_sbuf__putn(b, "/", 1);
        exattn_sbuf__mpz(b, mpq_denref(q));
    }
}

void
exattn_sbuf__mpq_latex_with(exattn_sbuf *b, const mpq_t q, const char *frac)
{
    mpz_t num;

    if (mpz_cmp_ui(mpq_denref(q), 1) == 0)
    {
        exattn_sbuf__mpz(b, mpq_numref(q));
        return;
    }
    mpz_init(num);
    mpz_abs(num, mpq_numref(q));
    exattn_sbuf__puts(b, mpq_sgn(q) < 0 ? "-" : "");
    exattn_sbuf__puts(b, frac);
    exattn_sbuf__puts(b, "{");
    exattn_sbuf__mpz(b, num);
    exattn_sbuf__puts(b, "}{");
    exattn_sbuf__mpz(b, mpq_denref(q));
    exattn_sbuf__puts(b, "}");
    mpz_clear(num);
}

void
exattn_sbuf__mpq_latex(exattn_sbuf *b, const mpq_t q)
{
    exattn_sbuf__mpq_latex_with(b, q, "\\frac");
}

char *
exattn_sbuf__take(exattn_sbuf *b)
{
    char *s;

    if (b->oom || b->spool != NULL)
    {
        exattn_sbuf__clear(b);
        return NULL;
    }
    if (b->s == NULL)
        exattn_sbuf__putn(b, "", 0);
    s = b->s;
    exattn_sbuf__init(b);
    return s;
}

int
exattn_sbuf__flush(exattn_sbuf *b, FILE *f, const char *file,
                   exattn_error_t *err)
{
    int code = EXATTN_OK;

    if (b->oom)
        code = b->oom == 2 ? exattn_error__set(err, EXATTN_EIO, file, 0, 0,
                                               "cannot write the report's "
                                               "temporary file")
                           : exattn_error__set(err, EXATTN_ENOMEM, file, 0,
                                               0, "out of memory");
    else if (b->spool != NULL && !unspool(b, f))
        code = exattn_error__set(err, EXATTN_EIO, file, 0, 0,
                                 "cannot write the output");
    else if (b->len > 0 && fwrite(b->s, 1, b->len, f) != b->len)
        code = exattn_error__set(err, EXATTN_EIO, file, 0, 0,
                                 "cannot write the output");
    b->len = 0;
    return code;
}

void
exattn_sbuf__json(exattn_sbuf *b, const char *s)
{
    size_t run;

    exattn_sbuf__puts(b, "\"");
    while (*s)
    {
        /* copy the longest run that needs no escape in one go: decimals
         * can be millions of characters long */
        for (run = 0; (unsigned char)s[run] >= 0x20 && s[run] != '"'
                      && s[run] != '\\'; run++)
            ;
        exattn_sbuf__putn(b, s, run);
        s += run;
        if (*s == '\0')
            break;
        if (*s == '"' || *s == '\\')
            exattn_sbuf__printf(b, "\\%c", *s);
        else if (*s == '\n')
            exattn_sbuf__puts(b, "\\n");
        else
            exattn_sbuf__printf(b, "\\u%04x", (unsigned char)*s);
        s++;
    }
    exattn_sbuf__puts(b, "\"");
}

char *
exattn_str__dup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);

    if (d != NULL)
        memcpy(d, s, n);
    return d;
}

/* Characters of lesson text that pdflatex (without extra packages) and
 * KaTeX's \text{} (strict) do not take as they are: Greek, arrows,
 * relations and operators, written as their macros.  Accented Latin and
 * other scripts pass through (pdflatex composes the accents; for scripts
 * its fonts lack, a standalone document shows a box: src/print/preamble.c). */
static const struct
{
    const char *utf8, *latex;
} text_symbols[] = {
    { "α", "\\(\\alpha\\)" }, { "β", "\\(\\beta\\)" },
    { "γ", "\\(\\gamma\\)" }, { "δ", "\\(\\delta\\)" },
    { "ε", "\\(\\varepsilon\\)" }, { "θ", "\\(\\theta\\)" },
    { "λ", "\\(\\lambda\\)" }, { "μ", "\\(\\mu\\)" }, { "π", "\\(\\pi\\)" },
    { "σ", "\\(\\sigma\\)" }, { "τ", "\\(\\tau\\)" }, { "φ", "\\(\\phi\\)" },
    { "ω", "\\(\\omega\\)" }, { "≠", "\\(\\neq\\)" }, { "≤", "\\(\\leq\\)" },
    { "≥", "\\(\\geq\\)" }, { "×", "\\(\\times\\)" }, { "·", "\\(\\cdot\\)" },
    { "≈", "\\(\\approx\\)" }, { "—", "---" }, { "–", "--" }, { "’", "'" },
    { "‘", "`" }, { "“", "``" }, { "”", "''" }, { "…", "..." }, { "Α", "A" },
    { "Β", "B" }, { "Γ", "\\(\\Gamma\\)" }, { "Δ", "\\(\\Delta\\)" },
    { "Ε", "E" }, { "Ζ", "Z" }, { "Η", "H" }, { "Θ", "\\(\\Theta\\)" },
    { "Ι", "I" }, { "Κ", "K" }, { "Λ", "\\(\\Lambda\\)" }, { "Μ", "M" },
    { "Ν", "N" }, { "Ξ", "\\(\\Xi\\)" }, { "Ο", "O" }, { "Π", "\\(\\Pi\\)" },
    { "Ρ", "P" }, { "Σ", "\\(\\Sigma\\)" }, { "Τ", "T" },
    { "Υ", "\\(\\Upsilon\\)" }, { "Φ", "\\(\\Phi\\)" }, { "Χ", "X" },
    { "Ψ", "\\(\\Psi\\)" }, { "Ω", "\\(\\Omega\\)" }, { "ζ", "\\(\\zeta\\)" },
    { "η", "\\(\\eta\\)" }, { "ι", "\\(\\iota\\)" }, { "κ", "\\(\\kappa\\)" },
    { "ν", "\\(\\nu\\)" }, { "ξ", "\\(\\xi\\)" }, { "ο", "o" },
    { "ρ", "\\(\\rho\\)" }, { "ς", "\\(\\varsigma\\)" },
    { "υ", "\\(\\upsilon\\)" }, { "χ", "\\(\\chi\\)" },
    { "ψ", "\\(\\psi\\)" }, { "ϕ", "\\(\\phi\\)" },
    { "←", "\\(\\leftarrow\\)" }, { "↑", "\\(\\uparrow\\)" },
    { "→", "\\(\\rightarrow\\)" }, { "↓", "\\(\\downarrow\\)" },
    { "↔", "\\(\\leftrightarrow\\)" }, { "⇐", "\\(\\Leftarrow\\)" },
    { "⇒", "\\(\\Rightarrow\\)" }, { "⇔", "\\(\\Leftrightarrow\\)" },
    { "↦", "\\(\\mapsto\\)" }, { "∀", "\\(\\forall\\)" },
    { "∂", "\\(\\partial\\)" }, { "∃", "\\(\\exists\\)" },
    { "∅", "\\(\\emptyset\\)" }, { "∇", "\\(\\nabla\\)" },
    { "∈", "\\(\\in\\)" }, { "∉", "\\(\\notin\\)" }, { "∏", "\\(\\prod\\)" },
    { "∑", "\\(\\sum\\)" }, { "−", "\\(-\\)" }, { "∓", "\\(\\mp\\)" },
    { "√", "\\(\\surd\\)" }, { "∝", "\\(\\propto\\)" },
    { "∞", "\\(\\infty\\)" }, { "∧", "\\(\\wedge\\)" },
    { "∨", "\\(\\vee\\)" }, { "∩", "\\(\\cap\\)" }, { "∪", "\\(\\cup\\)" },
    { "∫", "\\(\\int\\)" }, { "∼", "\\(\\sim\\)" }, { "≡", "\\(\\equiv\\)" },
    { "≪", "\\(\\ll\\)" }, { "≫", "\\(\\gg\\)" }, { "⊂", "\\(\\subset\\)" },
    { "⊃", "\\(\\supset\\)" }, { "⊆", "\\(\\subseteq\\)" },
    { "⊇", "\\(\\supseteq\\)" }, { "⊕", "\\(\\oplus\\)" },
    { "⊗", "\\(\\otimes\\)" }, { "⋅", "\\(\\cdot\\)" },
    { "′", "\\(\\prime\\)" }, { "‖", "\\(\\|\\)" }, { "•", "\\(\\bullet\\)" },
    { "⟨", "\\(\\langle\\)" }, { "⟩", "\\(\\rangle\\)" },
    { "∥", "\\(\\parallel\\)" }, { "∘", "\\(\\circ\\)" },
    { "±", "\\(\\pm\\)" }, { "÷", "\\(\\div\\)" }, { "¬", "\\(\\neg\\)" },
    { "²", "\\(^{2}\\)" }, { "³", "\\(^{3}\\)" }, { "¹", "\\(^{1}\\)" },
    { "⁰", "\\(^{0}\\)" }, { "⁴", "\\(^{4}\\)" }, { "⁻", "\\(^{-}\\)" },
    { "₀", "\\(_{0}\\)" }, { "₁", "\\(_{1}\\)" }, { "₂", "\\(_{2}\\)" },
    { "₃", "\\(_{3}\\)" }, { "ⱼ", "\\(_{j}\\)" }, { "ᵢ", "\\(_{i}\\)" },
};

void
exattn_sbuf__latex_text(exattn_sbuf *b, const char *s)
{
    size_t k, n;

    while (*s)
    {
        for (k = 0; k < sizeof text_symbols / sizeof *text_symbols; k++)
        {
            n = strlen(text_symbols[k].utf8);
            if (strncmp(s, text_symbols[k].utf8, n) == 0)
                break;
        }
        if (k < sizeof text_symbols / sizeof *text_symbols)
        {
            exattn_sbuf__puts(b, text_symbols[k].latex);
            s += n;
            continue;
        }
        switch (*s)
        {
        case '_': case '%': case '&': case '#': case '{': case '}':
        case '$':
            exattn_sbuf__printf(b, "\\%c", *s);
            break;
        case '\\': exattn_sbuf__puts(b, "\\textbackslash{}"); break;
        case '^': exattn_sbuf__puts(b, "\\textasciicircum{}"); break;
        case '~': exattn_sbuf__puts(b, "\\textasciitilde{}"); break;
        /* text symbols, which pdflatex (its OML default) and KaTeX set
         * alike; math inside \text{} would space '>' as a relation in
         * KaTeX, and a Markdown page's $ would end its formula */
        case '<': exattn_sbuf__puts(b, "\\textless{}"); break;
        case '>': exattn_sbuf__puts(b, "\\textgreater{}"); break;
        default: exattn_sbuf__putn(b, s, 1);
        }
        s++;
    }
}

void
exattn_sbuf__latex_comment(exattn_sbuf *b, const char *s)
{
    for (; *s; s++)
        exattn_sbuf__putn(b, *s == '\n' || *s == '\r' ? " " : s, 1);
}

void
exattn_sbuf__markdown_text(exattn_sbuf *b, const char *s)
{
    for (; *s; s++)
    {
        if (*s == '\n' || *s == '\r')
        {
            exattn_sbuf__putn(b, " ", 1);
            continue;
        }
        /* CommonMark's ASCII punctuation that can open markup, math ($)
         * or a table cell (|) */
        if (strchr("\\`*_{}[]<>()#+-.!|$~&", *s) != NULL)
            exattn_sbuf__putn(b, "\\", 1);
        exattn_sbuf__putn(b, s, 1);
    }
}

void
exattn_sbuf__latex_label(exattn_sbuf *b, const char *label, int plain)
{
    if (plain)
        exattn_sbuf__puts(b, label);
    else
    {
        exattn_sbuf__puts(b, "\\text{");
        exattn_sbuf__latex_text(b, label);
        exattn_sbuf__puts(b, "}");
    }
}
