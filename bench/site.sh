#!/bin/sh
# exattn audit on a site at once: 200 pages against seed 002's complete
# lesson (about 5,000 quantities) with one command, against one page, in
# the same run.  The lesson's quantities are evaluated once for all the
# pages (an auditor), so 200 pages should cost at most 3x one page.  Not
# part of make check: it prints, never asserts.
#   bench/site.sh [PAGES]     (default 200), from a built tree
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
seconds() {
    s=$(date +%s.%N)
    "$exattn" audit "$@" --lesson "$lesson" > /dev/null || true
    e=$(date +%s.%N)
    echo "$e - $s" | bc
}
t1=$(seconds "$dir/p0.md")
tn=$(seconds "$dir"/p*.md)
printf 'pages %4d  seconds %7.2f\n' 1 "$t1"
printf 'pages %4d  seconds %7.2f\n' "$n" "$tn"
printf 'ratio t(%d pages)/t(1 page) = %.2f (goal: at most 3)\n' "$n" \
    "$(echo "$tn / $t1" | bc -l)"
