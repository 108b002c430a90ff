/* What a page shows above a block's parts: the title of its heading
 * ("Layer norm", "Head 1", "Residual") and the formula that defines the
 * part, in LaTeX -- a norm with its γ, β and ε, a head's projections, a
 * feed-forward sublayer.  The text line of src/block/headings.c says the
 * same on one line; the document hands both to every writer. */
#include <stdio.h>
#include <string.h>
#include "block/block.h"

#define TEX(bq) (exattn_block__stage(bq)->tex)

/* "\begin{bmatrix}1 & \tfrac{1}{2}\end{bmatrix}": a norm's γ or β. */
static void
row_vector(exattn_sbuf *out, const exattn_matrix *m)
{
    size_t c;

    exattn_sbuf__puts(out, "\\begin{bmatrix}");
    for (c = 0; c < m->cols; c++)
    {
        exattn_sbuf__puts(out, c ? " & " : "");
        exattn_sbuf__mpq_latex(out, EXATTN_AT(m, 0, c));
    }
    exattn_sbuf__puts(out, "\\end{bmatrix}");
}

/* A line of the page's width, in points (article, 10 pt): wider
 * parameters go a line each. */
#define LINE_WIDTH 330.0

/* "\varepsilon = \frac{1}{100}", "\varepsilon > 0\ \text{(symbolic)}" */
static void
norm_epsilon(exattn_sbuf *out, const exattn_norm_spec *ns)
{
    exattn_sbuf__puts(out, "\\varepsilon");
    if (ns->eps_symbol && strcmp(ns->eps_symbol, "ε") != 0)
    {
        exattn_sbuf__puts(out, "\\ (\\text{written }");
        exattn_sbuf__puts(out, ns->eps_tex ? ns->eps_tex : "?");
        exattn_sbuf__puts(out, ")");
    }
    if (ns->eps_symbol && !ns->eps_has_value)
        exattn_sbuf__puts(out, " > 0\\ \\text{(symbolic)}");
    else
        exattn_sbuf__puts(out, " = ");
    if (ns->eps_has_value)
        exattn_sbuf__mpq_latex(out, ns->eps);
}

/* "\gamma = [..],\quad \beta = [..],\quad \varepsilon = \tfrac{1}{100}"
 * on the definition's second line, or a line each when that is wider
 * than the page. */
static void
norm_params(exattn_sbuf *out, const exattn_norm_spec *ns)
{
    exattn_sbuf p[3];
    size_t i;
    double w = 0;

    for (i = 0; i < 3; i++)
        exattn_sbuf__init(&p[i]);
    exattn_sbuf__puts(&p[0], "\\gamma = ");
    row_vector(&p[0], &ns->gamma);
    exattn_sbuf__puts(&p[1], "\\beta = ");
    row_vector(&p[1], &ns->beta);
    norm_epsilon(&p[2], ns);
    for (i = 0; i < 3; i++)
    {
        out->oom |= p[i].oom;
        w += p[i].s ? exattn_latex__width(p[i].s) + 10.0 : 0;
    }
    for (i = 0; i < 3; i++)
    {
        exattn_sbuf__puts(out, i == 0 || w > LINE_WIDTH ? " \\\\ "
                                                        : ",\\quad ");
        exattn_sbuf__puts(out, p[i].s ? p[i].s : "");
        exattn_sbuf__clear(&p[i]);
    }
}

static void
norm(exattn_sbuf *title, exattn_sbuf *tex, const exattn_block_spec *s,
     exattn_stage_part part)
{
    const exattn_norm_stages *n = exattn_block__norm_stages(part);
    const char *in = TEX(exattn_block__norm_input(s, part));

    if (part == EXATTN_PART_FINAL)
        exattn_sbuf__puts(title, s->rms ? "Final RMS norm"
                                        : "Final layer norm");
    else
        exattn_sbuf__puts(title, s->rms ? "RMS norm" : "Layer norm");
    if (s->rms)
        exattn_sbuf__printf(tex, "%s = \\gamma \\odot \\frac{%s}{\\sqrt{%s "
                            "+ \\varepsilon}} + \\beta", TEX(n->out), in,
                            TEX(n->ms));
    else
        exattn_sbuf__printf(tex, "%s = \\gamma \\odot \\frac{%s - %s}"
                            "{\\sqrt{%s + \\varepsilon}} + \\beta",
                            TEX(n->out), in, TEX(n->mean), TEX(n->var));
    norm_params(tex, exattn_block__norm_spec(s, part));
}

/* "A = \begin{bmatrix}H^{(1)} & H^{(2)}\end{bmatrix} W_O", or A = H^{(1)}
 * with one head and no W_O. */
static void
joined(exattn_sbuf *title, exattn_sbuf *tex, const exattn_block *b,
       exattn_stage_t bq)
{
    int cross = exattn_block__is_cross(bq);
    exattn_stage_t part = cross ? EXATTN_STAGE_CHEAD : EXATTN_STAGE_HEAD;
    size_t h, heads = exattn_block__heads_of(b, bq);
    int w_o = cross ? b->spec->cross.wo.rows != 0 : b->spec->wo.rows != 0;
    char text[32], sym[48];

    exattn_sbuf__puts(title, !w_o ? (cross ? "One cross-attention head, "
                                             "no output projection"
                                           : "One head, no output "
                                             "projection")
                                  : cross ? "Cross-attention heads joined"
                                          : "Heads joined");
    exattn_sbuf__printf(tex, "%s = %s", TEX(bq),
                        w_o ? "\\begin{bmatrix}" : "");
    for (h = 0; h < (w_o ? heads : 1); h++)
    {
        exattn_block__symbol(text, sizeof text, sym, sizeof sym, part, h,
                             heads);
        exattn_sbuf__printf(tex, "%s%s", h ? " & " : "", sym);
    }
    if (w_o)
        exattn_sbuf__puts(tex, "\\end{bmatrix} W_O");
}

static void
residual(exattn_sbuf *title, exattn_sbuf *tex, const exattn_block_spec *s,
         exattn_stage_t bq)
{
    exattn_stage_t from, add;

    exattn_block__residual_terms(&from, &add, s, bq);
    exattn_sbuf__puts(title, "Residual");
    exattn_sbuf__printf(tex, "%s = %s + %s", TEX(bq), TEX(from), TEX(add));
}

/* A head's inner stages: its scores and weights, its output. */
static int
head_stage(exattn_sbuf *tex, const exattn_block *b, exattn_stage_t bq,
           size_t head)
{
    char text[32], sym[48];
    int cross = exattn_block__is_cross(bq);

    switch (exattn_block__stage(bq)->kind)
    {
    case EXATTN_KIND_SCORES:
        exattn_sbuf__puts(tex, cross
            ? "\\tilde{s}_{i,j} = \\tilde{q}_i \\cdot \\tilde{k}_j \\times "
              "\\text{scale},\\quad \\tilde{a}_i = \\operatorname{softmax}"
              "_j\\, \\tilde{s}_{i,j}\\ \\text{(every memory row)}"
            : "s_{i,j} = q_i \\cdot k_j \\times \\text{scale},\\quad a_i = "
              "\\operatorname{softmax}_j\\, s_{i,j}\\ \\text{(the allowed "
              "keys)}");
        return 1;
    case EXATTN_KIND_HEAD_OUTPUT:
        exattn_block__symbol(text, sizeof text, sym, sizeof sym, bq, head,
                             exattn_block__heads_of(b, bq));
        exattn_sbuf__printf(tex, "%s_i = \\sum_j %s_{i,j}\\, %s_j", sym,
                            cross ? "\\tilde{a}" : "a",
                            cross ? "\\tilde{v}" : "v");
        return 1;
    default:
        return 0;
    }
}

int
exattn_block__stage_definition(exattn_sbuf *title, exattn_sbuf *tex,
                               const exattn_block *b, exattn_stage_t bq,
                               size_t head)
{
    const exattn_block_spec *s = b->spec;
    const exattn_stage_info *st = exattn_block__stage(bq);

    switch (st->kind)
    {
    case EXATTN_KIND_POSITIONS:
        exattn_sbuf__puts(title, "Positional encoding (sinusoidal)");
        exattn_sbuf__printf(tex, "\\mathrm{PE}(p, 2r) = \\sin\\frac{p}"
                            "{10000^{2r/%zu}},\\quad \\mathrm{PE}(p, 2r+1) "
                            "= \\cos\\frac{p}{10000^{2r/%zu}}", b->d, b->d);
        return 1;
    case EXATTN_KIND_INPUT:
        exattn_sbuf__puts(title, "Input");
        if (!s->positional)
        {
            exattn_sbuf__puts(tex, "x' = X");
            return 1;
        }
        exattn_sbuf__puts(tex, "x'_p = X_p + \\mathrm{PE}(p)\\quad "
                               "(p = \\text{row} - 1)");
        return 1;
    case EXATTN_KIND_JOINED: joined(title, tex, b, bq); return 1;
    case EXATTN_KIND_RESIDUAL: residual(title, tex, s, bq); return 1;
    case EXATTN_KIND_MEAN:
    case EXATTN_KIND_MEAN_SQUARE:
        norm(title, tex, s, st->part);
        return 1;
    case EXATTN_KIND_HIDDEN:
        exattn_sbuf__puts(title, "Feed-forward");
        exattn_sbuf__printf(tex, "h = %s W_1 + b_1,\\quad r = \\max(0, h),"
                            "\\quad f = r W_2 + b_2",
                            TEX(exattn_block__ffn_input(s)));
        return 1;
    default:
        return head_stage(tex, b, bq, head);
    }
}

void
exattn_block__head_definition(exattn_sbuf *title, exattn_sbuf *tex,
                              const exattn_block *b, int cross, size_t h)
{
    const char *q = TEX(exattn_block__head_input(b->spec));
    const char *src = b->spec->memory.rows ? "\\mathrm{memory}" : q;

    if (cross)
    {
        exattn_sbuf__printf(title, "Cross-attention head %zu", h + 1);
        exattn_sbuf__puts(tex, "\\tilde{q} = u W_Q,\\quad \\tilde{k} = "
                               "\\mathrm{memory}\\, W_K,\\quad \\tilde{v} = "
                               "\\mathrm{memory}\\, W_V");
        return;
    }
    exattn_sbuf__printf(title, "Head %zu", h + 1);
    exattn_sbuf__printf(tex, "q = %s W_Q,\\quad k = %s W_K,\\quad v = %s W_V",
                        q, src, src);
}
