#!/bin/sh
# What a reader sees on a phone and on a desktop (TAP): every shipped
# example (and the lesson of hostile labels) as the Markdown through
# pandoc and KaTeX with docs/markdown.css, and as the page builder's page
# with its attention map, framed at 390 and 1200 px in headless Chromium
# with tests/layout-probe.js.  Each must keep the page within the screen
# (no sideways scrolling of the page), every element within it or inside
# a scroll box of its own that is, render every formula (no
# .katex-error), and set the map's text at 11 px or more.  Screenshots
# of four lessons at both widths go to OUT_DIR for a person to look at.
# Needs: pandoc, chromium, node with docs/page/node_modules,
# tests/katex/node_modules.  Usage: tests/layout.sh [OUT_DIR]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$PWD/tests/out/layout}
exattn=${EXATTN:-$top/exattn}
katex=$top/tests/katex/node_modules/katex/dist/
mkdir -p "$out"
out=$(cd "$out" && pwd)      # file:// URLs need an absolute path
examples="$(ls "$top"/docs/examples/*.json)
$top/tests/data/unicode-labels.json"
n=$(echo "$examples" | wc -l)
echo "1..$((n * 4 + 1))"
chrome="chromium --headless --no-sandbox --disable-gpu --disable-quic \
--no-first-run --disable-background-networking --disable-component-update \
--disable-sync --hide-scrollbars --user-data-dir=$out/profile"

# frame PAGE WIDTH HEIGHT: a page showing PAGE in a frame WIDTH px wide,
# which writes the probe's report into its own DOM
frame() {
    cat <<EOF
<!DOCTYPE html><html><body style="margin:0;background:#888">
<iframe src="$1" style="width:$2px;height:$3px;border:0;background:#fff">
</iframe><pre id="layout-report"></pre>
<script>addEventListener('message', function (e) {
  document.getElementById('layout-report').textContent = e.data; });
</script></body></html>
EOF
}

# probed HTML OUT: HTML with the probe before its </body>
probed() {
    python3 - "$1" "$2" "$top/tests/layout-probe.js" <<'PY'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
probe = "<script>\n" + open(sys.argv[3], encoding="utf-8").read() + \
    "</script>\n"
at = page.rfind("</body>")
page = page[:at] + probe + page[at:] if at >= 0 else page + probe
open(sys.argv[2], "w", encoding="utf-8").write(page)
PY
}

# verdict REPORT SVG?: why the report fails, or nothing
verdict() {
    python3 - "$1" "$2" <<'PY'
import html, json, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<pre id="layout-report">(.*?)</pre>', dom, re.S)
if not m or not m.group(1).strip():
    sys.exit("the page never reported (see %s)" % sys.argv[1])
r = json.loads(html.unescape(m.group(1)))
why = []
if r["pageWidth"] > r["width"] + 1:
    why.append("the page is %d px wide on a %d px screen" %
               (r["pageWidth"], r["width"]))
why += r["overflows"][:3]
if r["katexErrors"]:
    why.append("%d .katex-error" % r["katexErrors"])
if r["katex"] == 0:
    why.append("no formula rendered")
if sys.argv[2] == "svg" and r["svgText"] == 0:
    why.append("no map on the page")
why += ["map text " + t for t in r["smallSvgText"][:3]]
if why:
    sys.exit("; ".join(why))
print("%d formulas, %d map labels" % (r["katex"], r["svgText"]))
PY
}

# check I NAME HTML WIDTH SVG?
check() {
    probed "$3" "${3%.html}.probe.html"
    frame "$(basename "${3%.html}").probe.html" "$4" 2400 \
        > "${3%.html}.frame$4.html"
    $chrome --window-size=1300,900 --virtual-time-budget=8000 --dump-dom \
        "file://${3%.html}.frame$4.html" > "${3%.html}.$4.dom.html" \
        2>> "$out/chromium.log"
    if why=$(verdict "${3%.html}.$4.dom.html" "${5:-}"); then
        echo "ok $1 - $2 at $4 px: within the screen, $why"
    else
        echo "not ok $1 - $2 at $4 px: $why"
    fi
}

i=0
for f in $examples; do
    b=$(basename "$f" .json)
    "$exattn" derive "$f" --format markdown --digits 3 > "$out/$b.md" &&
        pandoc -f commonmark_x -t html5 -s --katex="file://$katex" \
            --css="$top/docs/markdown.css" --metadata title="$b" \
            "$out/$b.md" -o "$out/$b.md.html"
    "$exattn" derive "$f" --format json --digits 3 > "$out/$b.json" &&
        "$exattn" derive "$f" --format svg > "$out/$b.svg" &&
        node "$top/docs/page/build.mjs" --static "$out/$b.json" "$out/$b" \
            "$out/$b.svg" > /dev/null
    for w in 390 1200; do
        i=$((i + 1))
        check $i "$b Markdown" "$out/$b.md.html" $w
        i=$((i + 1))
        check $i "$b page" "$out/$b/index.html" $w svg
    done
done

# pictures for a person: the lessons the issue names, at both widths
i=$((i + 1))
shots=0
for b in 002-complete 011-padded-head 012-cross-attention-head \
         013-two-head-pre-ln-block; do
    [ -f "$out/$b/index.html" ] || continue
    for w in 390 1200; do
        for page in "$b.md.html" "$b/index.html"; do
            frame "$(basename "$page")" $w 3000 > "$out/$(dirname "$page")/shot.html"
            png="$out/$(echo "$page" | tr '/.' '--')-$w.png"
            $chrome --window-size=$((w < 500 ? 500 : w)),3000 \
                --virtual-time-budget=8000 --screenshot="$png" \
                "file://$out/$(dirname "$page")/shot.html" \
                >> "$out/chromium.log" 2>&1
            [ -s "$png" ] && shots=$((shots + 1))
        done
    done
done
if [ "$shots" -gt 0 ]; then
    echo "ok $i - $shots screenshots at 390 and 1200 px in $out"
else
    echo "not ok $i - no screenshots (see $out/chromium.log)"
fi
