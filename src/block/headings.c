/* The lines that introduce a block's heads and stages ("layer norm: u =
 * γ·(z − μ)/√(σ² + ε) + β, γ = (1, 1), …"), built from the stage table's
 * symbols and the block's parameters: the document hands them to every
 * writer, which prints them as they are.  A new stage gets its line here
 * and nowhere else. */
#include <stdio.h>
#include <string.h>
#include "block/block.h"

#define SYM(bq) (exattn_block__stage(bq)->text)

exattn_stage_t
exattn_block__norm_input(const exattn_block_spec *s, exattn_stage_part part)
{
    switch (part)
    {
    case EXATTN_PART_SELF:
        return s->pre_ln ? EXATTN_STAGE_INPUT : EXATTN_STAGE_RES1;
    case EXATTN_PART_CROSS: return EXATTN_STAGE_CRES;
    case EXATTN_PART_FFN:
        return s->pre_ln ? EXATTN_STAGE_RES1 : EXATTN_STAGE_RES2;
    default: return s->has_ffn ? EXATTN_STAGE_RES2 : EXATTN_STAGE_RES1;
    }
}

exattn_stage_t
exattn_block__head_input(const exattn_block_spec *s)
{
    return s->pre_ln ? EXATTN_STAGE_LN1 : EXATTN_STAGE_INPUT;
}

void
exattn_block__residual_terms(exattn_stage_t *from, exattn_stage_t *add,
                             const exattn_block_spec *s, exattn_stage_t bq)
{
    *from = bq == EXATTN_STAGE_RES1 ? EXATTN_STAGE_INPUT
          : bq == EXATTN_STAGE_CRES ? EXATTN_STAGE_LN1
          : s->pre_ln ? EXATTN_STAGE_RES1 : exattn_block__ffn_input(s);
    *add = bq == EXATTN_STAGE_RES1 ? EXATTN_STAGE_ATTN
         : bq == EXATTN_STAGE_CRES ? EXATTN_STAGE_CATTN : EXATTN_STAGE_FFN;
}

exattn_stage_t
exattn_block__ffn_input(const exattn_block_spec *s)
{
    if (s->pre_ln)
        return EXATTN_STAGE_LN2;
    return s->cross.present ? EXATTN_STAGE_CLN : EXATTN_STAGE_LN1;
}

static void
vector(exattn_sbuf *out, const exattn_matrix *m)
{
    size_t c;

    exattn_sbuf__puts(out, "(");
    for (c = 0; c < m->cols; c++)
    {
        exattn_sbuf__puts(out, c ? ", " : "");
        exattn_sbuf__mpq(out, EXATTN_AT(m, 0, c));
    }
    exattn_sbuf__puts(out, ")");
}

/* "γ = (1, 1), β = (0, 0), ε = 1/100": a norm's parameters. */
static void
norm_params(exattn_sbuf *out, const exattn_norm_spec *ns)
{
    exattn_sbuf__puts(out, "γ = ");
    vector(out, &ns->gamma);
    exattn_sbuf__puts(out, ", β = ");
    vector(out, &ns->beta);
    exattn_sbuf__puts(out, ", ε");
    if (ns->eps_symbol && strcmp(ns->eps_symbol, "ε") != 0)
        exattn_sbuf__printf(out, " written %s", ns->eps_symbol);
    if (ns->eps_symbol && !ns->eps_has_value)
        exattn_sbuf__puts(out, " symbolic (> 0, no value)");
    else
        exattn_sbuf__puts(out, ns->eps_symbol ? " standing for " : " = ");
    if (ns->eps_has_value)
        exattn_sbuf__mpq(out, ns->eps);
}

/* "layer norm: u = γ·(z − μ)/√(σ² + ε) + β, …" or "RMS norm: u =
 * γ·x'/√(ν + ε) + β, …", at the norm's first stage. */
static void
norm_heading(exattn_sbuf *out, const exattn_block_spec *s,
             exattn_stage_part part)
{
    const exattn_norm_stages *n = exattn_block__norm_stages(part);
    const char *in = SYM(exattn_block__norm_input(s, part));

    if (s->rms)
        exattn_sbuf__printf(out, "RMS norm: %s = γ·%s/√(%s + ε) + β, ",
                            SYM(n->out), in, SYM(n->ms));
    else
        exattn_sbuf__printf(out, "layer norm: %s = γ·(%s − %s)/√(%s + ε) "
                            "+ β, ", SYM(n->out), in, SYM(n->mean),
                            SYM(n->var));
    norm_params(out, exattn_block__norm_spec(s, part));
}

/* "multi-head: A = [H1, H2]·W_O" or "one head, no W_O: A = H1". */
static void
joined_heading(exattn_sbuf *out, exattn_stage_t bq, size_t heads, int w_o)
{
    int cross = exattn_block__is_cross(bq);
    const char *part = SYM(cross ? EXATTN_STAGE_CHEAD : EXATTN_STAGE_HEAD);
    size_t h;

    if (!w_o)
    {
        exattn_sbuf__printf(out, "one %shead, no W_O: %s = %s1",
                            cross ? "cross " : "", SYM(bq), part);
        return;
    }
    exattn_sbuf__printf(out, "%smulti-head: %s = [", cross ? "cross " : "",
                        SYM(bq));
    for (h = 0; h < heads; h++)
        exattn_sbuf__printf(out, "%s%s%zu", h ? ", " : "", part, h + 1);
    exattn_sbuf__puts(out, "]·W_O");
}

/* The lines of the stages inside a head: no blank line before them. */
static int
head_stage_heading(exattn_sbuf *out, const exattn_block *b,
                   exattn_stage_t bq, size_t head)
{
    char text[32], tex[48];
    int cross = exattn_block__is_cross(bq);

    switch (exattn_block__stage(bq)->kind)
    {
    case EXATTN_KIND_SCORES:
        exattn_sbuf__puts(out, cross
            ? "scaled scores cs = cq·ck × scale, over the memory rows; "
              "weights ca = softmax over all of them"
            : "scaled scores s = q·k × scale, over the keys; weights a = "
              "softmax over the allowed keys");
        return 1;
    case EXATTN_KIND_HEAD_OUTPUT:
        exattn_block__symbol(text, sizeof text, tex, sizeof tex, bq, head,
                             exattn_block__heads_of(b, bq));
        exattn_sbuf__printf(out, "output %s = Σ %s", text,
                            cross ? "ca·cv" : "a·v");
        return 1;
    default:
        return 0;
    }
}

int
exattn_block__stage_heading(exattn_sbuf *out, int *opens_part,
                            const exattn_block *b, exattn_stage_t bq,
                            size_t head)
{
    const exattn_block_spec *s = b->spec;
    const exattn_stage_info *st = exattn_block__stage(bq);
    exattn_stage_t from, add;

    *opens_part = 1;
    switch (st->kind)
    {
    case EXATTN_KIND_POSITIONS:
        exattn_sbuf__printf(out, "positional encoding (sinusoidal, "
            "d_model=%zu): PE(p,2r) = sin(p/10000^(2r/%zu)), PE(p,2r+1) = "
            "cos(p/10000^(2r/%zu))", b->d, b->d, b->d);
        return 1;
    case EXATTN_KIND_INPUT:
        *opens_part = 0;
        if (!s->positional)
            return 0;
        exattn_sbuf__puts(out, "input: x' = X + PE (position p = row - 1)");
        return 1;
    case EXATTN_KIND_JOINED:
        joined_heading(out, bq, exattn_block__heads_of(b, bq),
                       exattn_block__is_cross(bq) ? s->cross.wo.rows != 0
                                                  : s->wo.rows != 0);
        return 1;
    case EXATTN_KIND_RESIDUAL:
        exattn_block__residual_terms(&from, &add, s, bq);
        exattn_sbuf__printf(out, "residual: %s = %s + %s", st->text,
                            SYM(from), SYM(add));
        return 1;
    case EXATTN_KIND_MEAN:
    case EXATTN_KIND_MEAN_SQUARE:
        norm_heading(out, s, st->part);
        return 1;
    case EXATTN_KIND_HIDDEN:
        exattn_sbuf__printf(out, "feed-forward: h = %s·W_1 + b_1, r = "
                            "max(0, h), f = r·W_2 + b_2",
                            SYM(exattn_block__ffn_input(s)));
        return 1;
    default:
        *opens_part = 0;
        return head_stage_heading(out, b, bq, head);
    }
}

void
exattn_block__head_heading(exattn_sbuf *out, const exattn_block *b,
                           int cross, size_t h)
{
    const char *q = SYM(exattn_block__head_input(b->spec));
    const char *src = b->spec->memory.rows ? "memory" : q;

    if (cross)
        exattn_sbuf__printf(out, "cross-attention head %zu: cq = u·W_Q, ck "
                            "= memory·W_K, cv = memory·W_V", h + 1);
    else
        exattn_sbuf__printf(out, "head %zu: q = %s·W_Q, k = %s·W_K, v = "
                            "%s·W_V", h + 1, q, src, src);
}

void
exattn_block__block_heading(exattn_sbuf *out, const exattn_block *b)
{
    const exattn_block_spec *s = b->spec;
    const char *norm = s->rms ? "RMSNorm" : "LayerNorm";

    exattn_sbuf__puts(out, s->cross.present
        ? "decoder (self-attention, then cross-attention to the encoder's "
          "output, memory)"
        : s->memory.rows && s->pre_ln
            ? "cross-attention (queries from u, the norm of X; keys and "
              "values from memory)"
        : s->memory.rows ? "cross-attention (queries from X, keys and "
                           "values from memory)"
                         : "self-attention");
    if (s->pre_ln)
        exattn_sbuf__printf(out, ", Pre-LN (%s, then the sublayer, then "
                            "the residual%s)", norm,
                            s->final.present ? "; a final norm" : "");
    else if (s->ln1.present)
        exattn_sbuf__printf(out, ", Post-LN (residual, then %s)", norm);
    else
        exattn_sbuf__puts(out, ", residual");
}

exattn_repeat_t
exattn_block__repeats(const exattn_block *b, exattn_stage_t bq)
{
    const exattn_block_spec *s = b->spec;

    switch (exattn_block__stage(bq)->kind)
    {
    case EXATTN_KIND_INPUT:
        return s->positional ? EXATTN_REPEATS_NONE : EXATTN_REPEATS_INPUT;
    case EXATTN_KIND_JOINED:
        return (exattn_block__is_cross(bq) ? s->cross.wo.rows
                                           : s->wo.rows) != 0
                   ? EXATTN_REPEATS_NONE : EXATTN_REPEATS_HEAD;
    default:
        return EXATTN_REPEATS_NONE;
    }
}
