#!/bin/sh
# exattn audit's scaling: pages of N and 2N lines (each line five numbers:
# a vector, a scalar, and the page's own arithmetic), against seed 002's
# complete lesson (about 5,000 quantities). Linear reading and binding
# give a ratio t(2N)/t(N) near 2; the N page is the baseline, measured in
# the same run. Not part of make check: it prints, never asserts.
#   bench/audit.sh [LINES]     (default 10000), from a built tree
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
exattn=${EXATTN:-$top/exattn}
lesson=$top/docs/examples/002-complete.json
n=${1:-10000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
page() {    # LINES FILE
    awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++)
        printf "Row %d: $a \\approx [0.284, 0.140, 0.576]$, w = 0.%03d and 2.028 / 5.056 = 0.401\n", i, i % 1000 }' > "$2"
}
seconds() { # FILE
    s=$(date +%s.%N)
    "$exattn" audit "$1" --lesson "$lesson" > /dev/null || true
    e=$(date +%s.%N)
    echo "$e - $s" | bc
}
page "$n" "$dir/n.md"
page $((2 * n)) "$dir/2n.md"
t1=$(seconds "$dir/n.md")
t2=$(seconds "$dir/2n.md")
printf 'lines %8d  bytes %9d  seconds %7.2f\n' "$n" "$(wc -c < "$dir/n.md")" "$t1"
printf 'lines %8d  bytes %9d  seconds %7.2f\n' $((2 * n)) "$(wc -c < "$dir/2n.md")" "$t2"
printf 'ratio t(2N)/t(N) = %.2f (linear: 2)\n' "$(echo "$t2 / $t1" | bc -l)"
