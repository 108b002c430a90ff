#!/bin/sh
# The lesson page of seed 004 in a real browser (headless Chromium):
# builds docs/page from `exattn derive --format json`, loads it, and checks
# that KaTeX rendered every formula (no .katex-error), that the named
# weight e^1/(e^1+e^1+e^2) is rendered, that the exact single-key output
# and the assigned blend are there; saves a screenshot.  Then the page of
# seed 002's encoder block: every stage rendered, the LayerNorm of [1,3]
# with its surd, no .katex-error.
# Needs: node with docs/page/node_modules (npm ci), chromium.
# Usage: tests/page.sh [OUT_DIR]     (TAP output)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$PWD/tests/out/page}
exattn=${EXATTN:-$top/exattn}
mkdir -p "$out"
out=$(cd "$out" && pwd)      # file:// URLs need an absolute path
echo "1..7"
"$exattn" derive "$top/docs/examples/004-value-weighting.json" \
    --format json --digits 3 > "$out/lesson.json" &&
    node "$top/docs/page/build.mjs" "$out/lesson.json" "$out/site" \
        > /dev/null
[ -s "$out/site/index.html" ] && echo "ok 1 - page built" ||
    echo "not ok 1 - page built"
chrome="chromium --headless --no-sandbox --disable-gpu --disable-quic \
--no-first-run --disable-background-networking --disable-component-update \
--disable-sync --user-data-dir=$out/profile"
$chrome --virtual-time-budget=5000 --dump-dom "file://$out/site/index.html" \
    > "$out/dom.html" 2> "$out/chromium.log"
$chrome --window-size=1000,1400 --screenshot="$out/page-004.png" \
    "file://$out/site/index.html" >> "$out/chromium.log" 2>&1
if [ -s "$out/dom.html" ] && ! grep -q 'katex-error' "$out/dom.html" &&
    [ "$(grep -o 'class="katex"' "$out/dom.html" | wc -l)" -gt 20 ]; then
    echo "ok 2 - every formula rendered by KaTeX, no .katex-error"
else
    echo "not ok 2 - KaTeX rendering (see $out/dom.html)"
fi
if grep -qF '\frac{e^{1}}{e^{1}+e^{1}+e^{2}}</annotation>' "$out/dom.html"; then
    echo "ok 3 - the named weight e^1/(e^1+e^1+e^2) is rendered"
else
    echo "not ok 3 - the named weight is not rendered"
fi
if grep -q 'NAMED' "$out/dom.html" && grep -q 'EXACT' "$out/dom.html" &&
    grep -q 'Assigned weights: assigned' "$out/dom.html"; then
    echo "ok 4 - exact and named labels, and the assigned blend"
else
    echo "not ok 4 - labels or blend missing"
fi
if [ -s "$out/page-004.png" ]; then
    echo "ok 5 - screenshot saved to $out/page-004.png"
else
    echo "not ok 5 - no screenshot (see $out/chromium.log)"
fi
"$exattn" derive "$top/docs/examples/002-encoder-block.json" \
    --format json --digits 3 > "$out/block.json" &&
    node "$top/docs/page/build.mjs" "$out/block.json" "$out/block-site" \
        > /dev/null
$chrome --virtual-time-budget=5000 --dump-dom \
    "file://$out/block-site/index.html" > "$out/block-dom.html" \
    2>> "$out/chromium.log"
if [ -s "$out/block-dom.html" ] && ! grep -q 'katex-error' "$out/block-dom.html" &&
    [ "$(grep -o 'class="katex"' "$out/block-dom.html" | wc -l)" -gt 100 ]; then
    echo "ok 6 - the encoder block page: every formula rendered, no .katex-error"
else
    echo "not ok 6 - the encoder block page (see $out/block-dom.html)"
fi
if grep -qF 'LayerNorm u' "$out/block-dom.html" &&
    grep -qF '\frac{-1}{\sqrt{\frac{100001}{100000}}}</annotation>' \
        "$out/block-dom.html"; then
    echo "ok 7 - the LayerNorm of [1,3] is rendered with its surd"
else
    echo "not ok 7 - the LayerNorm stage is missing"
fi
