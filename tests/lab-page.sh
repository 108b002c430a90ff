#!/bin/sh
# The live lab of seed 002 (TAP): the page built with exattn in
# WebAssembly (DIST: wasm/build/dist), audited clean against its lesson,
# then used in headless Chromium by docs/page/test-lab.mjs -- the
# multiplier to 0 with the keyboard (weights exactly 1/3, output exactly
# [2/3, 4/3]), the override (output 2 up by 2a3 ≈ 1.152), the causal mask,
# a blocked key, a phone's width, labels that are HTML -- with screenshots
# at 390 and 1200 px in OUT_DIR.
# Needs: node with docs/page/node_modules (npm ci), chromium.
# Usage: tests/lab-page.sh DIST [OUT_DIR]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
dist=${1:?usage: tests/lab-page.sh DIST [OUT_DIR]}
out=${2:-$PWD/tests/out/lab-page}
exattn=${EXATTN:-$top/exattn}
lesson=$top/docs/examples/002-grid-load-rises.json
mkdir -p "$out"
"$exattn" derive "$lesson" --format json --digits 3 > "$out/lab.json" &&
    "$exattn" derive "$lesson" --format svg > "$out/lab.svg" &&
    rm -rf "$out/site" &&
    node "$top/docs/page/build.mjs" "$out/lab.json" "$out/site" \
        "$out/lab.svg" --engine "$dist" > /dev/null &&
    [ -s "$out/site/exattn-core.wasm" ] && [ -s "$out/site/lab.mjs" ]
built=$?
[ $built = 0 ] && echo "ok 1 - the seed-002 page built with its lab and engine" ||
    echo "not ok 1 - the seed-002 page with its lab"
audited=1
if "$exattn" audit "$out/site/index.html" --lesson "$lesson" --strict \
    > "$out/audit.txt" 2>&1; then
    audited=0
    echo "ok 2 - the built page audits clean against its lesson" \
        "($(tail -n 1 "$out/audit.txt"))"
else
    echo "not ok 2 - the built page's audit (see $out/audit.txt)"
fi
# labels that are HTML, as a hostile lesson writes them
cat > "$out/hostile.json" <<'JSON'
{"title": "<img src=x onerror=window.__xss=1> title",
 "tokens": ["<img src=x onerror=window.__xss=1>",
            "</script><script>window.__xss=1</script>", "a\"b'c&d"],
 "Q": [[1, 0], [0, 1], [1, 1]], "K": [[1, 1], [0, 1], [1, 2]],
 "V": [[1, 0], [0, 2], [1, 2]], "mask": "causal",
 "lab": {"title": "<b onmouseover=window.__xss=1>lab</b>",
   "controls": {"query": true, "multiplier": {"values": [0, 1]},
     "causal": true, "override": {"row": 3, "col": 2, "values": [2, 4]},
     "block": true}}}
JSON
"$exattn" derive "$out/hostile.json" --format json --digits 3 \
    > "$out/hostile-doc.json" && rm -rf "$out/hostile" &&
    node "$top/docs/page/build.mjs" "$out/hostile-doc.json" "$out/hostile" \
        --engine "$dist" > /dev/null
# the page's own construction of states against the same changes written
# by hand, then the browser's tests, numbered after these, then the plan
node "$top/docs/page/test-states.mjs" "$dist" "$exattn" "$top" \
    > "$out/states.tap"
grep -v '^1\.\.' "$out/states.tap" | awk '{ sub(/^ok [0-9]+/, "ok " NR + 2);
    sub(/^not ok [0-9]+/, "not ok " NR + 2); print }'
after=$((2 + $(grep -c '^\(not \)\{0,1\}ok ' "$out/states.tap")))
LAB_TAP_AFTER=$after node "$top/docs/page/test-lab.mjs" "$out/site" \
    "$out/hostile" "$out" > "$out/browser.tap"
cat "$out/browser.tap"
# the status says whether every test passed, this script's own included
! grep -q '^not ok' "$out/states.tap" "$out/browser.tap" &&
    grep -q '^1\.\.' "$out/browser.tap" && [ "$built$audited" = 00 ]
