#!/bin/bash
# Scale benchmark (issue 7): a real attention head, n tokens, d = d_k =
# d_v, random integer Q, K, V in [-3, 3] (seeded), causal mask, scale
# 1/sqrt(d_k) -- bench/workload.h, written as a lesson by gen_head.c.
#
#   exattn     exattn derive --format json --digits 30 (certified, every
#              quantity of every row, streamed)
#   baseline   bench/baseline_head.c: MPFR, one exp per distinct integer
#              score, every weight and output printed to 30 digits,
#              uncertified -- measured in the same run
#
# Prints, for each (d, n): wall times, exattn/baseline, exattn's peak
# memory (GNU time's maximum resident set), its output size, and the
# growth of its time against n^2 d; and checks that exattn's weights and
# outputs agree with the baseline's digits where the baseline is within
# 10^-28 (it is not certified).  Run from the top of a built tree:
#   bench/scale.sh                      # d = 32 and 64, n = 64 .. 4096
#   bench/scale.sh "32" "256 512"       # chosen d and n
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
dims=${1:-"32 64"}
sizes=${2:-"64 256 512 1024 4096"}
reps=${REPS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flags="-O2 $(pkg-config --cflags mpfr gmp 2>/dev/null || true)"
libs="$(pkg-config --libs mpfr gmp 2>/dev/null || echo -lmpfr -lgmp)"
cc $flags -Ibench bench/gen_head.c -o "$work/gen_head"
cc $flags -Ibench bench/baseline_head.c $libs -o "$work/baseline_head"
. "$top/bench/lib.sh"

# median of `reps` runs (time), and the peak memory of the last
measure_median() {
    local i t m times=()
    for ((i = 0; i < reps; i++)); do
        read -r t m < <(measure "$@")
        times+=("$t")
    done
    printf '%s %s\n' "$(printf '%s\n' "${times[@]}" | sort -g |
        sed -n "$(( (reps + 1) / 2 ))p")" "$m"
}

printf '%-4s %-6s %10s %10s %8s %10s %10s %12s\n' d n baseline exattn \
    ratio peak_MiB out_MiB 'us/(n^2 d)'
for d in $dims; do
    for n in $sizes; do
        r=$reps
        [ "$n" -ge 2048 ] && reps=1
        "$work/gen_head" "$n" "$d" > "$work/lesson.json"
        read -r tb _ < <(measure_median "$work/baseline_head" "$n" "$d")
        cp "$work/out" "$work/base.txt"
        read -r tx mx < <(measure_median "${exattn[@]}" derive \
            "$work/lesson.json" --format json --digits 30)
        size=$(stat -c %s "$work/out")
        # weights (allowed keys, row order) and outputs, as the baseline
        # prints them
        if [ "$n" -le 512 ]; then
            python=${PYTHON:-/usr/bin/python3}
            agree=$("$python" bench/scale_agree.py "$work/out" \
                "$work/base.txt" 2>&1 || true)
        else
            agree="(not compared above n = 512)"
        fi
        reps=$r
        awk -v d="$d" -v n="$n" -v tb="$tb" -v tx="$tx" -v mx="$mx" \
            -v sz="$size" -v ag="$agree" 'BEGIN {
            printf "%-4s %-6s %10.2f %10.2f %8.2f %10.1f %10.1f %12.4f   %s\n",
                d, n, tb, tx, tx / tb, mx / 1024, sz / 1048576,
                tx * 1e6 / (n * n * d), ag }'
    done
done
