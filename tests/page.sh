#!/bin/sh
# The lesson page of seed 004 in a real browser (headless Chromium):
# builds docs/page from `exattn derive --format json`, loads it, and checks
# that KaTeX rendered every formula (no .katex-error), that the named
# weight e^1/(e^1+e^1+e^2) is rendered, that the exact single-key output
# and the assigned blend are there; saves a screenshot.  Then the page of
# seed 002's encoder block: every stage rendered, the LayerNorm of [1,3]
# with its surd, no .katex-error.
# Then a lesson with compact rows (010).  Last, the page of every
# shipped example audits clean against its own lesson (exattn audit
# --strict), with named formulas proved on every page that has them.
# Needs: node with docs/page/node_modules (npm ci), chromium.
# Usage: tests/page.sh [OUT_DIR]     (TAP output)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$PWD/tests/out/page}
exattn=${EXATTN:-$top/exattn}
mkdir -p "$out"
out=$(cd "$out" && pwd)      # file:// URLs need an absolute path
echo "1..13"
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
if grep -qF '<h2>Layer norm</h2>' "$out/block-dom.html" &&
    grep -qF -e '-\frac{1}{\sqrt{\frac{100001}{100000}}}</annotation>' \
        "$out/block-dom.html"; then
    echo "ok 7 - the LayerNorm of [1,3] is rendered with its surd"
else
    echo "not ok 7 - the LayerNorm stage is missing"
fi
# The complete page of seed 002's lab: the whole derivation, its rows and
# variants, the attention map inlined; at a phone's width and a desktop's.
"$exattn" derive "$top/docs/examples/002-grid-load-rises.json" \
    --format json --digits 3 > "$out/lab.json" &&
"$exattn" derive "$top/docs/examples/002-grid-load-rises.json" \
    --format svg > "$out/lab.svg" &&
    node "$top/docs/page/build.mjs" --static "$out/lab.json" "$out/lab-site" \
        "$out/lab.svg" > /dev/null
$chrome --virtual-time-budget=5000 --dump-dom \
    "file://$out/lab-site/index.html" > "$out/lab-dom.html" \
    2>> "$out/chromium.log"
if why=$(python3 - "$out/lab.json" "$out/lab-dom.html" <<'PY'
import html, json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
dom = open(sys.argv[2], encoding="utf-8").read()
if "katex-error" in dom:
    sys.exit("a .katex-error")
lessons = [doc] + [v for v in doc["variants"] if "rows" in v]
named = 0
for l in lessons:
    for row in l["rows"]:
        if "<h2>Query %s</h2>" % html.escape(row["query"]) not in dom:
            sys.exit("no heading for row %s" % row["query"])
        if row.get("unchanged"):
            # a variant's row its contrast proved unchanged: said so
            if "proved unchanged, not derived again" not in dom:
                sys.exit("row %s: unchanged, and not said" % row["query"])
            continue
        for w in row["weights"]:
            if w["status"] == "named":
                named += 1
                if html.escape(w["latex"], quote=False) + "</annotation>" \
                        not in dom:
                    sys.exit("a named weight is not rendered: " + w["latex"])
for v in doc["variants"]:
    if "<h2>Variant: %s</h2>" % html.escape(v["name"]) not in dom:
        sys.exit("no section for variant " + v["name"])
print("%d rows' headings, %d named weights, %d variants" %
      (sum(len(l["rows"]) for l in lessons), named, len(doc["variants"])))
PY
); then
    echo "ok 8 - the complete lab page: $why rendered, no .katex-error"
else
    echo "not ok 8 - the complete lab page: $why"
fi
if grep -q '<svg xmlns="http://www.w3.org/2000/svg"' "$out/lab-dom.html" &&
    grep -q '<title>w\[rises, grid\] = ' "$out/lab-dom.html"; then
    echo "ok 9 - the attention map is on the page, with its tooltips"
else
    echo "not ok 9 - no attention map on the page"
fi
# headless Chromium opens no window under 500 px: this is the narrowest
# it gives; tests/layout.sh frames every page at a true 390 px
$chrome --window-size=500,2400 --screenshot="$out/lab-phone.png" \
    "file://$out/lab-site/index.html" >> "$out/chromium.log" 2>&1
$chrome --window-size=1200,2400 --screenshot="$out/lab-desktop.png" \
    "file://$out/lab-site/index.html" >> "$out/chromium.log" 2>&1
if [ -s "$out/lab-phone.png" ] && [ -s "$out/lab-desktop.png" ]; then
    echo "ok 10 - screenshots at 500 and 1200 px: $out/lab-phone.png," \
        "$out/lab-desktop.png"
else
    echo "not ok 10 - no screenshots (see $out/chromium.log)"
fi
"$exattn" derive "$top/docs/examples/002-decoder-block.json" \
    --format json --digits 3 > "$out/decoder.json" &&
"$exattn" derive "$top/docs/examples/002-decoder-block.json" \
    --format svg > "$out/decoder.svg" &&
    node "$top/docs/page/build.mjs" "$out/decoder.json" \
        "$out/decoder-site" "$out/decoder.svg" > /dev/null
$chrome --virtual-time-budget=5000 --dump-dom \
    "file://$out/decoder-site/index.html" > "$out/decoder-dom.html" \
    2>> "$out/chromium.log"
if ! grep -q 'katex-error' "$out/decoder-dom.html" &&
    grep -qF '<h2>Cross-attention head 1</h2>' "$out/decoder-dom.html" &&
    grep -qF '\tilde{u} = \gamma \odot' "$out/decoder-dom.html" &&
    grep -qF '>cross-attention head 1: weights</text>' \
        "$out/decoder-dom.html"; then
    echo "ok 11 - the decoder page: every stage and each head's map"
else
    echo "not ok 11 - the decoder page (see $out/decoder-dom.html)"
fi
# a lesson whose long rows are written compact (allowed keys by index,
# no contributions) builds, and each compact row lists its keys
"$exattn" derive "$top/docs/examples/010-generated-head.json" \
    --format json --digits 3 > "$out/generated.json" &&
    node "$top/docs/page/build.mjs" "$out/generated.json" \
        "$out/generated-site" > /dev/null 2> "$out/generated.log"
if [ -s "$out/generated-site/index.html" ] &&
    grep -qF 'Query 12' "$out/generated-site/index.html"; then
    echo "ok 12 - the page of a lesson with compact rows builds"
else
    echo "not ok 12 - compact rows (see $out/generated.log)"
fi
# exattn's own page of every example audits clean against its lesson
bad=""
for f in "$top"/docs/examples/0*.json; do
    b=$(basename "$f" .json)
    "$exattn" derive "$f" --format json --digits 3 > "$out/self-$b.json" &&
        "$exattn" derive "$f" --format svg > "$out/self-$b.svg" 2>/dev/null
    node "$top/docs/page/build.mjs" --static "$out/self-$b.json" "$out/self-$b" \
        "$out/self-$b.svg" > /dev/null 2>> "$out/self.log" ||
        { bad="$bad $b(build)"; continue; }
    "$exattn" audit "$out/self-$b/index.html" --lesson "$f" --strict \
        --format json > "$out/self-$b.audit.json" 2>> "$out/self.log"
    status=$?
    named=$(grep -c '"status": "named"' "$out/self-$b.json")
    proved=$(grep -o '"verdict": "pass-named"' "$out/self-$b.audit.json" |
        wc -l)
    if [ "$status" -ne 0 ] || { [ "$named" -gt 0 ] && [ "$proved" -eq 0 ]; }
    then
        bad="$bad $b"
    fi
done
if [ -z "$bad" ]; then
    echo "ok 13 - every example's page audits clean against its lesson"
else
    echo "not ok 13 - pages that do not audit clean:$bad (see $out/self-*)"
fi
