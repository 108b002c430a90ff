#!/bin/sh
# LaTeX of every shipped example (TAP):
#   - every display of the fragments, with decimals, with paren vectors and
#     with the \sum form, renders in KaTeX with strict: "error";
#   - the standalone document compiles with pdflatex (amsmath only);
# and the same for tests/data/unicode-labels.json (Greek, arrows, √,
# accented Latin and a script pdflatex has no font for, in the title and
# the labels).
# Needs: node with tests/katex/node_modules (npm ci), pdflatex.
# Usage: tests/latex.sh [OUT_DIR]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$PWD/tests/out/latex}
exattn=${EXATTN:-$top/exattn}
mkdir -p "$out"
out=$(cd "$out" && pwd)      # file:// URLs need an absolute path
examples="$(ls "$top"/docs/examples/*.json | grep -v all-blocked)
$top/tests/data/unicode-labels.json"
n=$(echo "$examples" | wc -l)
echo "1..$((n + 1))"
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
        > "$out/$b-standalone.tex"
    fragments="$fragments $out/$b.tex $out/$b-digits.tex $out/$b-sum.tex"
    i=$((i + 1))
    if (cd "$out" && pdflatex -interaction=nonstopmode -halt-on-error \
            "$b-standalone.tex" > "$b-standalone.out" 2>&1) &&
        [ -s "$out/$b-standalone.pdf" ]; then
        echo "ok $i - $b: the standalone document compiles with pdflatex"
    else
        echo "not ok $i - $b: pdflatex failed (see $out/$b-standalone.log)"
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
