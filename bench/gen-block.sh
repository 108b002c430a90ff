#!/bin/sh
# A random Transformer-block lesson, the same one for the same seed:
#   bench/gen-block.sh SEED [MAX_TOKENS [MAX_WIDTH [MAX_HEADS]]]
# (defaults 4, 4 and 4). It draws, each from its own range:
#   - n tokens (2..MAX_TOKENS) labelled with 1 to 10 lower-case letters and
#     their position, d_model (2..MAX_WIDTH), entries of X and of every
#     weight matrix from {-1, -1/2, 0, 1/4, 1/2, 1, 2};
#   - Post-LN or Pre-LN, LayerNorm or RMSNorm, sinusoidal positions or
#     none, a causal mask or none;
#   - 1 to MAX_HEADS heads of width 1 or 2 (W_O whenever it is required,
#     and sometimes for one head of width d_model too);
#   - an FFN with both norms (d_ff 1..3), or the first norm alone;
#   - in the Post-LN order, sometimes a decoder's cross-attention over a
#     memory of 2..MAX_TOKENS rows with labels of their own;
#   - ε as 0, 1/1000 or 1/100000, γ and β given or left to their defaults.
# The lessons are for the tests that look at what a reader sees
# (tests/latex.sh) and for bench/ (issue 24's block timings).
set -eu
seed=${1:?usage: gen-block.sh SEED [MAX_TOKENS [MAX_WIDTH [MAX_HEADS]]]}
awk -v seed="$seed" -v max_n="${2:-4}" -v max_d="${3:-4}" \
    -v max_h="${4:-4}" '
function pick(lo, hi) { return lo + int(rand() * (hi - lo + 1)) }
function entry(    vals, v) {
    split("-1 -1/2 0 1/4 1/2 1 2", vals, " ")
    v = vals[pick(1, 7)]
    return v ~ /\// ? "\"" v "\"" : v
}
function matrix(rows, cols,    i, j, s) {
    s = "["
    for (i = 0; i < rows; i++) {
        s = s (i ? ", " : "") "["
        for (j = 0; j < cols; j++)
            s = s (j ? ", " : "") entry()
        s = s "]"
    }
    return s "]"
}
function vector(cols,    j, s) {
    s = "["
    for (j = 0; j < cols; j++)
        s = s (j ? ", " : "") entry()
    return s "]"
}
function labels(count, tag,    i, k, len, w, s) {
    s = "["
    for (i = 0; i < count; i++) {
        len = pick(1, 10); w = ""
        for (k = 0; k < len; k++) w = w sprintf("%c", 97 + pick(0, 25))
        s = s (i ? ", " : "") "\"" w tag i "\""
    }
    return s "]"
}
function epsilon(    r) {
    r = pick(0, 2)
    return r == 0 ? "0" : (r == 1 ? "\"1/1000\"" : "\"1/100000\"")
}
function norm(d,    s) {
    s = "{\"epsilon\": " epsilon()
    if (rand() < 0.5)
        s = s ", \"gamma\": " vector(d)
    if (rand() < 0.3)
        s = s ", \"beta\": " vector(d)
    return s "}"
}
# heads reading d_in-wide queries and d_kv-wide keys and values; out is
# the width their joined output must reach
function heads(count, d_in, d_kv, out,    h, dk, dv, s, total) {
    s = "\"heads\": ["
    total = 0
    for (h = 0; h < count; h++) {
        dk = pick(1, 2); dv = count == 1 && rand() < 0.5 ? out : pick(1, 2)
        total += dv
        s = s (h ? ", " : "") "{\"W_Q\": " matrix(d_in, dk) \
            ", \"W_K\": " matrix(d_kv, dk) ", \"W_V\": " matrix(d_kv, dv) "}"
    }
    s = s "]"
    if (count > 1 || total != out || rand() < 0.3)
        s = s ", \"W_O\": " matrix(total, out)
    return s
}
BEGIN {
    srand(seed)
    n = pick(2, max_n); d = pick(2, max_d)
    pre = rand() < 0.5
    cross = !pre && rand() < 0.3
    ffn = rand() < 0.7
    printf "{\"title\": \"Random block %d\",\n", seed
    printf " \"tokens\": %s,\n", labels(n, "")
    printf " \"X\": %s,\n", matrix(n, d)
    printf " \"mask\": \"%s\",\n", rand() < 0.5 ? "causal" : "none"
    printf " \"block\": {\"order\": \"%s\", \"norm\": \"%s\",\n", \
        pre ? "pre" : "post", rand() < 0.5 ? "layer_norm" : "rms_norm"
    if (rand() < 0.5)
        printf "  \"positional\": \"sinusoidal\",\n"
    printf "  %s,\n", heads(pick(1, max_h), d, d, d)
    printf "  \"layer_norm\": %s", norm(d)
    if (cross) {
        m = pick(2, max_n); dm = pick(2, max_d)
        printf ",\n  \"cross_attention\": {\"memory\": %s,\n", matrix(m, dm)
        printf "   \"memory_tokens\": %s,\n", labels(m, "m")
        printf "   %s,\n", heads(pick(1, max_h), d, dm, d)
        printf "   \"layer_norm\": %s}", norm(d)
    }
    if (ffn || cross) {
        f = pick(1, 3)
        printf ",\n  \"ffn\": {\"W_1\": %s, \"b_1\": %s,\n", \
            matrix(d, f), vector(f)
        printf "   \"W_2\": %s, \"b_2\": %s},\n", matrix(f, d), vector(d)
        printf "  \"layer_norm_2\": %s", norm(d)
        if (pre && rand() < 0.5)
            printf ",\n  \"final_norm\": %s", norm(d)
    }
    printf "}}\n"
}'
