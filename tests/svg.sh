#!/bin/sh
# The attention map of every shipped example (TAP): valid XML (parsed),
# an <svg> with <title> and <desc>, one cell per query and key (a block:
# per head), the same bytes twice; a lesson too large to draw refused
# with exit status 2.
# Needs: python3.  Usage: tests/svg.sh [OUT_DIR]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$PWD/tests/out/svg}
exattn=${EXATTN:-$top/exattn}
mkdir -p "$out"
examples=$(ls "$top"/docs/examples/*.json)
n=$(echo "$examples" | wc -l)
echo "1..$((n + 1))"
i=0
for f in $examples; do
    b=$(basename "$f" .json)
    i=$((i + 1))
    "$exattn" derive "$f" --format svg > "$out/$b.svg" 2> "$out/$b.err" &&
        "$exattn" derive "$f" --format svg > "$out/$b.again.svg" 2>&1
    if ! cmp -s "$out/$b.svg" "$out/$b.again.svg"; then
        echo "not ok $i - $b: two runs differ (or derive failed: $out/$b.err)"
    elif why=$(python3 - "$out/$b.svg" "$f" <<'PY'
import json, sys, xml.dom.minidom
doc = xml.dom.minidom.parse(sys.argv[1])          # a parser: valid XML
svg = doc.documentElement
if svg.tagName != "svg" or svg.getAttribute("xmlns") != \
        "http://www.w3.org/2000/svg":
    sys.exit("not an SVG document")
kids = [c.tagName for c in svg.childNodes if c.nodeType == c.ELEMENT_NODE]
if kids[:2] != ["title", "desc"]:
    sys.exit("no <title> and <desc> first")
titles = [t.firstChild.data for t in doc.getElementsByTagName("title")
          if t.firstChild and t.firstChild.data.startswith("w[")]
print(len(titles) // 2, "cells")
PY
    ); then
        echo "ok $i - $b: valid SVG with title and description, $why, deterministic"
    else
        echo "not ok $i - $b: $why"
    fi
done
i=$((i + 1))
# 65 tokens: past what a picture shows
awk 'BEGIN { printf "{\"Q\": ["; for (i = 0; i < 65; i++)
    printf "%s[1]", i ? "," : ""; printf "], \"K\": [[1]], \"V\": [[1]]}\n" }' \
    > "$out/wide.json"
"$exattn" derive "$out/wide.json" --format svg > "$out/wide.svg" \
    2> "$out/wide.err"
status=$?
if [ "$status" -eq 2 ] && [ ! -s "$out/wide.svg" ] &&
    grep -q 'at most 64' "$out/wide.err"; then
    echo "ok $i - a lesson of 65 queries is refused with exit status 2"
else
    echo "not ok $i - 65 queries: status $status (see $out/wide.err)"
fi
