#!/bin/sh
# LaTeX of every shipped example (TAP):
#   - every display of the fragments, with decimals, with paren vectors and
#     with the \sum form, every "latex" string of the JSON and every
#     formula of the Markdown renders in KaTeX with strict: "error";
#   - the standalone document compiles with pdflatex (amsmath only), with
#     no overfull box (every display fits the text width) and only Type 1
#     fonts (pdffonts: no bitmap Type 3 font, which blurs when zoomed);
#   - with --labels, every display is numbered and labelled once: as
#     many \label as displays, no label defined twice, each referenced
#     by \eqref without an undefined reference, no overfull box;
# and the same for tests/data/unicode-labels.json (Greek, arrows, √,
# accented Latin and a script pdflatex has no font for, in the title and
# the labels), random heads and random blocks.
# Needs: node with tests/katex/node_modules (npm ci), pdflatex, pdffonts
# (poppler-utils).
# Usage: tests/latex.sh [OUT_DIR]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$PWD/tests/out/latex}
exattn=${EXATTN:-$top/exattn}
mkdir -p "$out/other"
out=$(cd "$out" && pwd)      # file:// URLs need an absolute path
# random lessons of 8 keys: labels of every length up to 9 letters,
# values from -9 to 9, causal or not, scaled or not (seeded: the same
# lessons every run)
random_lesson() {
    awk -v seed="$1" 'BEGIN {
        srand(seed); n = 8; d = 3
        printf "{\"tokens\": ["
        for (i = 0; i < n; i++) {
            len = 1 + int(rand() * 9); w = ""
            for (k = 0; k < len; k++) w = w sprintf("%c", 97 + int(rand() * 26))
            printf "%s\"%s%d\"", (i ? ", " : ""), w, i
        }
        printf "], \"mask\": \"%s\", \"scale\": \"%s\"", \
            (rand() < 0.5 ? "causal" : "none"), \
            (rand() < 0.5 ? "1/sqrt(3)" : "none")
        split("Q K V", names, " ")
        for (m = 1; m <= 3; m++) {
            printf ", \"%s\": [", names[m]
            for (i = 0; i < n; i++) {
                printf "%s[", (i ? ", " : "")
                for (k = 0; k < d; k++)
                    printf "%s%d", (k ? ", " : ""), int(rand() * 19) - 9
                printf "]"
            }
            printf "]"
        }
        printf "}\n"
    }'
}
for seed in 1 2 3 4; do
    random_lesson "$seed" > "$out/random-$seed.json"
done
# random Transformer blocks (bench/gen-block.sh, seeded): positions, 1-4
# heads, LayerNorm or RMSNorm, Pre-LN or Post-LN, FFN, decoders with
# cross-attention, labels up to 10 letters; 16 of up to 4 tokens and
# width 4, 4 of up to 8
for seed in $(seq 1 16); do
    sh "$top/bench/gen-block.sh" "$seed" 4 4 4 > "$out/block-$seed.json"
done
for seed in 17 18 19 20; do
    sh "$top/bench/gen-block.sh" "$seed" 8 8 4 > "$out/block-$seed.json"
done
examples="$(ls "$top"/docs/examples/*.json)
$top/tests/data/unicode-labels.json
$(ls "$out"/random-*.json)
$(ls "$out"/block-*.json)"
n=$(echo "$examples" | wc -l)
labelled="$(ls "$top"/docs/examples/*.json)
$(ls "$out"/block-1*.json)"
nl=$(echo "$labelled" | wc -l)
echo "1..$((n + 1 + nl))"
i=0
fragments=""
for f in $examples; do
    b=$(basename "$f" .json)
    "$exattn" derive "$f" --format latex > "$out/$b.tex" &&
    "$exattn" derive "$f" --format latex --digits 3 --vectors paren \
        > "$out/$b-digits.tex" &&
    "$exattn" derive "$f" --format latex --sum-threshold 1 \
        > "$out/$b-sum.tex" &&
    "$exattn" derive "$f" --format latex --standalone --digits 3 \
        > "$out/$b-standalone.tex" &&
    "$exattn" derive "$f" --format json --digits 3 > "$out/other/$b.json" &&
    "$exattn" derive "$f" --format markdown --digits 3 > "$out/other/$b.md"
    fragments="$fragments $out/$b.tex $out/$b-digits.tex $out/$b-sum.tex"
    fragments="$fragments $out/other/$b.json $out/other/$b.md"
    i=$((i + 1))
    if ! (cd "$out" && pdflatex -interaction=nonstopmode -halt-on-error \
            "$b-standalone.tex" > "$b-standalone.out" 2>&1) ||
        [ ! -s "$out/$b-standalone.pdf" ]; then
        echo "not ok $i - $b: pdflatex failed (see $out/$b-standalone.log)"
    elif grep -q '^Overfull' "$out/$b-standalone.log"; then
        echo "not ok $i - $b: overfull boxes:"
        grep -A1 '^Overfull' "$out/$b-standalone.log" | sed 's/^/# /'
    elif pdffonts "$out/$b-standalone.pdf" > "$out/$b-fonts.out" 2>&1 &&
        grep -q 'Type 3' "$out/$b-fonts.out"; then
        # bitmap fonts blur when a reader zooms
        echo "not ok $i - $b: Type 3 fonts (see $out/$b-fonts.out)"
    elif ! grep -q 'Type 1' "$out/$b-fonts.out"; then
        echo "not ok $i - $b: pdffonts listed no Type 1 font" \
            "(see $out/$b-fonts.out)"
    else
        echo "ok $i - $b: compiles with pdflatex, no overfull box," \
            "Type 1 fonts only"
    fi
done
i=$((i + 1))
# shellcheck disable=SC2086
if node "$top/tests/katex/check.js" $fragments > "$out/katex.out" 2>&1; then
    echo "ok $i - KaTeX strict: $(tail -n 1 "$out/katex.out")"
else
    echo "not ok $i - KaTeX strict rejected displays:"
    sed 's/^/# /' "$out/katex.out"
fi
for f in $labelled; do
    b=$(basename "$f" .json)-labels
    i=$((i + 1))
    "$exattn" derive "$f" --format latex --standalone --labels --digits 3 \
        > "$out/$b.tex" || { echo "not ok $i - $b: derive failed"; continue; }
    # a reference to every label, before \end{document}: each resolves
    grep -o '\\label{[^}]*}' "$out/$b.tex" | sed 's/^\\label/\\eqref/' \
        > "$out/$b.refs"
    displays=$(grep -c '^\\begin{equation}\|^\\refstepcounter{equation}' \
        "$out/$b.tex")
    labels=$(grep -c '\\label{exattn:\(base\|v[0-9][0-9]*\):' "$out/$b.tex")
    awk -v refs="$out/$b.refs" '/^\\end\{document\}/ {
            print "\\noindent"
            while ((getline line < refs) > 0) print line
        } { print }' "$out/$b.tex" > "$out/$b.tmp" &&
        mv "$out/$b.tmp" "$out/$b.tex"
    if [ "$displays" -eq 0 ] || [ "$displays" -ne "$labels" ]; then
        echo "not ok $i - $b: $displays numbered displays, $labels labels"
    elif ! (cd "$out" && pdflatex -interaction=nonstopmode -halt-on-error \
            "$b.tex" > "$b.out" 2>&1 && pdflatex -interaction=nonstopmode \
            -halt-on-error "$b.tex" > "$b.out" 2>&1); then
        echo "not ok $i - $b: pdflatex failed (see $out/$b.log)"
    elif grep -q 'multiply defined\|undefined references\|^Overfull' \
            "$out/$b.log"; then
        echo "not ok $i - $b: $(grep -m 3 'multiply defined\|undefined' \
            "$out/$b.log" | tr '\n' ' ')$(grep -c '^Overfull' "$out/$b.log") overfull"
    else
        echo "ok $i - $b: $displays displays numbered, each labelled once" \
            "and referenced"
    fi
done
