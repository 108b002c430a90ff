#!/bin/sh
# The Markdown of every shipped example through a real Markdown toolchain
# (TAP): `exattn derive --format markdown` -> pandoc (CommonMark with
# $-math and pipe tables) -> HTML with KaTeX -> headless Chromium.  Each
# page must render every formula (no .katex-error, as many rendered
# formulas as math elements) and show no TeX source (no \frac, \begin,
# $$ or \text{ in the visible text).  Screenshots of seed 002's lab page
# at a phone and a desktop width go to OUT_DIR.
# Needs: pandoc, chromium, python3, tests/katex/node_modules (npm ci).
# Usage: tests/markdown.sh [OUT_DIR]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$PWD/tests/out/markdown}
exattn=${EXATTN:-$top/exattn}
katex=$top/tests/katex/node_modules/katex/dist/
mkdir -p "$out"
out=$(cd "$out" && pwd)      # file:// URLs need an absolute path
examples="$(ls "$top"/docs/examples/*.json)
$top/tests/data/unicode-labels.json"
n=$(echo "$examples" | wc -l)
echo "1..$((n + 1))"
chrome="chromium --headless --no-sandbox --disable-gpu --disable-quic \
--no-first-run --disable-background-networking --disable-component-update \
--disable-sync --user-data-dir=$out/profile"
i=0
for f in $examples; do
    b=$(basename "$f" .json)
    i=$((i + 1))
    if ! "$exattn" derive "$f" --format markdown --digits 3 > "$out/$b.md" ||
        ! pandoc -f commonmark_x -t html5 -s --katex="file://$katex" \
            --metadata title="$b" "$out/$b.md" -o "$out/$b.html"; then
        echo "not ok $i - $b: derive or pandoc failed"
        continue
    fi
    $chrome --virtual-time-budget=5000 --dump-dom "file://$out/$b.html" \
        > "$out/$b.dom.html" 2>> "$out/chromium.log"
    if why=$(python3 - "$out/$b.dom.html" <<'PY'
import re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
if 'katex-error' in dom:
    sys.exit("a formula KaTeX could not render (.katex-error)")
maths = len(re.findall(r'<span class="math (?:inline|display)">', dom))
rendered = len(re.findall(r'<span class="katex">', dom))
if maths == 0 or rendered < maths:
    sys.exit("%d of %d formulas rendered" % (rendered, maths))
# what a reader sees: the text without the TeX KaTeX keeps for
# accessibility (annotation), scripts and styles
for tag in ("annotation", "script", "style"):
    dom = re.sub(r"<%s[^>]*>.*?</%s>" % (tag, tag), "", dom, flags=re.S)
text = re.sub(r"<[^>]+>", "", dom)
for tex in ("\\frac", "\\begin", "$$", "\\text{", "\\sqrt"):
    if tex in text:
        sys.exit("TeX source is visible: %r" % tex)
print("%d formulas" % maths)
PY
    ); then
        echo "ok $i - $b: pandoc and KaTeX render it, $why, no TeX visible"
    else
        echo "not ok $i - $b: $why (see $out/$b.dom.html)"
    fi
done
i=$((i + 1))
# (500 px: the narrowest window headless Chromium opens; tests/layout.sh
# frames the pages at 390 px)
$chrome --window-size=500,1600 --screenshot="$out/lab-phone.png" \
    "file://$out/002-grid-load-rises.html" >> "$out/chromium.log" 2>&1
$chrome --window-size=1200,1600 --screenshot="$out/lab-desktop.png" \
    "file://$out/002-grid-load-rises.html" >> "$out/chromium.log" 2>&1
if [ -s "$out/lab-phone.png" ] && [ -s "$out/lab-desktop.png" ]; then
    echo "ok $i - screenshots at phone and desktop widths in $out"
else
    echo "not ok $i - no screenshots (see $out/chromium.log)"
fi
