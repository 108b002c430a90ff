#!/bin/sh
# The pandoc Lua filter (filters/exattn.lua) with Debian's pandoc (TAP):
# a page whose numbers are right converts; a page with one wrong digit
# fails the conversion, names the number's FILE:LINE:COLUMN on standard
# error, and writes no output; a page without exattn-lesson is converted
# untouched; a lesson that is missing fails with exattn's message.
#   tests/pandoc.sh [OUTDIR]     (from a built tree; needs pandoc)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-${TMPDIR:-/tmp}/exattn-pandoc.$$}
mkdir -p "$out" && out=$(cd "$out" && pwd)     # absolute: the test moves
EXATTN=${EXATTN:-$top/exattn}
export EXATTN
filter=$top/filters/exattn.lua
cd "$top/tests/data/pandoc" || exit 1
echo "1..4"

rm -f "$out/right.html"
if pandoc right.md --lua-filter "$filter" -o "$out/right.html" \
        2> "$out/right.err" && [ -s "$out/right.html" ] &&
    ! grep -q 'FAIL' "$out/right.err"; then
    echo "ok 1 - a right page converts"
else
    echo "not ok 1 - a right page"; sed 's/^/# /' "$out/right.err"
fi

rm -f "$out/wrong.html"
pandoc wrong.md --lua-filter "$filter" -o "$out/wrong.html" \
    2> "$out/wrong.err"
rc=$?
if [ $rc -ne 0 ] && [ ! -e "$out/wrong.html" ] &&
    grep -q '^wrong.md:12:10: FAIL \[0.269, 0.732, 0\] (true: weights\[2\]' \
        "$out/wrong.err"; then
    echo "ok 2 - one wrong digit fails the conversion at wrong.md:12:10"
else
    echo "not ok 2 - a wrong page (rc=$rc)"; sed 's/^/# /' "$out/wrong.err"
fi

sed '/^exattn-lesson:/d' wrong.md > "$out/plain.md"
if pandoc "$out/plain.md" --lua-filter "$filter" -o "$out/plain.html" \
        2> "$out/plain.err" && [ -s "$out/plain.html" ] &&
    [ ! -s "$out/plain.err" ]; then
    echo "ok 3 - a page without exattn-lesson is converted untouched"
else
    echo "not ok 3 - a page without a lesson"; sed 's/^/# /' "$out/plain.err"
fi

sed 's|^exattn-lesson:.*|exattn-lesson: no-such-lesson.json|' right.md \
    > "$out/missing.md"
pandoc "$out/missing.md" --lua-filter "$filter" -o "$out/missing.html" \
    2> "$out/missing.err"
rc=$?
if [ $rc -ne 0 ] && grep -q 'no-such-lesson.json' "$out/missing.err"; then
    echo "ok 4 - a missing lesson fails the conversion, named"
else
    echo "not ok 4 - a missing lesson (rc=$rc)"
    sed 's/^/# /' "$out/missing.err"
fi
