#!/bin/sh
# Random Transformer blocks (bench/gen-block.sh, seeded) derived in full:
#   bench/blocks.sh [COUNT [MAX_TOKENS [MAX_WIDTH [MAX_HEADS]]]]
# (defaults 200, 8, 8, 4: issue 24's "n <= 8 tokens, d_model <= 8, up to
# 4 heads, with positions, LayerNorm or RMSNorm, FFN"). Each lesson is
# derived with `exattn derive --format json --digits 12` under GNU time;
# the script reports the median, 90th percentile and worst time and peak
# memory, the lessons over 2 s or 256 MiB, and the lessons exattn refused
# (a norm dividing by zero is a lesson error, exit 2). The baseline,
# measured in the same run, is exattn's start-up: `exattn eval 1`.
# Run from the top of a built tree; needs GNU time (/usr/bin/time).
set -eu
count=${1:-200}
max_n=${2:-8}
max_d=${3:-8}
max_h=${4:-4}
top=$(cd "$(dirname "$0")/.." && pwd)
exattn=${EXATTN:-$top/exattn}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

/usr/bin/time -f "%e %M" -o "$work/base" "$exattn" eval 1 > /dev/null
seed=1
while [ "$seed" -le "$count" ]; do
    "$top/bench/gen-block.sh" "$seed" "$max_n" "$max_d" "$max_h" \
        > "$work/block.json"
    rc=0
    /usr/bin/time -f "%e %M" -o "$work/time" "$exattn" derive \
        --format json --digits 12 "$work/block.json" > /dev/null \
        2> "$work/err" || rc=$?
    echo "$seed $(tail -n 1 "$work/time") $rc"
    seed=$((seed + 1))
done > "$work/all"

echo "blocks: $count (seeds 1..$count), n <= $max_n, d_model <= $max_d," \
    "heads <= $max_h"
echo "baseline (exattn eval 1): $(cut -d' ' -f1 "$work/base") s," \
    "$(cut -d' ' -f2 "$work/base") KiB"
awk '$4 != 0 { refused++ }
     $4 == 0 { t[++n] = $2; m[n] = $3; seed[n] = $1
               if ($2 > 2) slow++
               if ($3 > 256 * 1024) big++ }
     END {
         # sort the times and the memories (insertion sort: n is small)
         for (i = 2; i <= n; i++)
             for (j = i; j > 1 && t[j - 1] > t[j]; j--) {
                 x = t[j]; t[j] = t[j - 1]; t[j - 1] = x
             }
         for (i = 2; i <= n; i++)
             for (j = i; j > 1 && m[j - 1] > m[j]; j--) {
                 x = m[j]; m[j] = m[j - 1]; m[j - 1] = x
             }
         printf "derived: %d, refused: %d\n", n, refused
         printf "time (s):     median %.2f  p90 %.2f  worst %.2f\n",
             t[int((n + 1) / 2)], t[int(n * 0.9)], t[n]
         printf "memory (MiB): median %.1f  p90 %.1f  worst %.1f\n",
             m[int((n + 1) / 2)] / 1024, m[int(n * 0.9)] / 1024,
             m[n] / 1024
         printf "over 2 s: %d, over 256 MiB: %d\n", slow, big
     }' "$work/all"
echo "slowest seeds (seed, s, KiB):"
sort -k2 -n -r "$work/all" | awk '$4 == 0' | head -n 3 | sed 's/ [0-9]*$//'
