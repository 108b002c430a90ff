#!/bin/sh
# exattn audit on a site at once: 200 pages against seed 002's complete
# lesson (about 5,000 quantities) with one command, against one page, in
# the same run.  The lesson's quantities are evaluated once for all the
# pages (an auditor), so 200 pages should cost at most 3x one page.  Not
# part of make check: it prints, never asserts.
#   bench/site.sh [PAGES]     (default 200), from a built tree
# With valgrind installed it also counts instructions (callgrind), which
# do not vary with the machine's other work as a tenth of a second does.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
exattn=${EXATTN:-$top/exattn}
lesson=$top/docs/examples/002-complete.json
page=$top/docs/examples/pages/002-grid-load-rises.md
n=${1:-200}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
i=0
while [ "$i" -lt "$n" ]; do
    cp "$page" "$dir/p$i.md"
    i=$((i + 1))
done
# the best of five runs: a tenth of a second is at the mercy of the
# machine's other work, and the least time is the one closest to the
# work itself
seconds() {
    best=""
    for run in 1 2 3 4 5; do
        s=$(date +%s.%N)
        "$exattn" audit "$@" --lesson "$lesson" > /dev/null || true
        e=$(date +%s.%N)
        t=$(echo "$e - $s" | bc)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" -eq 1 ]; then
            best=$t
        fi
    done
    echo "$best"
}
t1=$(seconds "$dir/p0.md")
tn=$(seconds "$dir"/p*.md)
printf 'pages %4d  seconds %7.3f (best of 5)\n' 1 "$t1"
printf 'pages %4d  seconds %7.3f (best of 5)\n' "$n" "$tn"
printf 'ratio t(%d pages)/t(1 page) = %.2f (goal: at most 3)\n' "$n" \
    "$(echo "$tn / $t1" | bc -l)"

# the same ratio in instructions, when valgrind is here
if [ "$n" -gt 1 ] && command -v valgrind > /dev/null 2>&1; then
    instructions() {
        valgrind --tool=callgrind --callgrind-out-file="$dir/cg.out" \
            "$exattn" audit "$@" --lesson "$lesson" > /dev/null 2>&1 || true
        callgrind_annotate "$dir/cg.out" 2>/dev/null \
            | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
    }
    i1=$(instructions "$dir/p0.md")
    in=$(instructions "$dir"/p*.md)
    printf 'instructions: 1 page %s, %d pages %s, ratio %.2f, per further page %.2f M\n' \
        "$i1" "$n" "$in" "$(echo "$in / $i1" | bc -l)" \
        "$(echo "($in - $i1) / ($n - 1) / 1000000" | bc -l)"
fi
