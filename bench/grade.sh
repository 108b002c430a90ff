#!/bin/bash
# Grading a float head (issue 29): n tokens, d = d_k = d_v, binary32 Q,
# K, V normally distributed (bench/float_head.h), causal mask, scale
# 1/sqrt(d) -- written by gen_float_head.c as .npy files and a lesson.
#
#   float32    float32_head.c: the graded program, attention in float32
#              the straightforward way (its output.npy and results.json)
#   baseline   baseline_float_head.c: the same reference from MPFR at 128
#              bits, every output to 12 digits, uncertified
#   exattn     exattn grade lesson.json results.json --quiet: every
#              output certified in ULPs, the report of every value not
#              correctly rounded written to a file
#
# Prints, for each (d, n): wall times, exattn/baseline, exattn's peak
# memory (GNU time's maximum resident set), the values graded and how
# many are correctly rounded, the largest error; up to n = 512 it checks
# that exattn's certified truths agree with the baseline's 12 digits.
# Run from the top of a built tree:
#   bench/grade.sh                      # d = 128, n = 256 1024 4096
#   bench/grade.sh 64 "512 2048"        # chosen d and n
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
dims=${1:-128}
sizes=${2:-"256 1024 4096"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flags="-O2 $(pkg-config --cflags mpfr gmp 2>/dev/null || true)"
libs="$(pkg-config --libs mpfr gmp 2>/dev/null || echo -lmpfr -lgmp)"
cc $flags -Ibench bench/gen_float_head.c -o "$work/gen" -lm
cc $flags -Ibench bench/float32_head.c -o "$work/float32" -lm
cc $flags -Ibench bench/baseline_float_head.c $libs -lm -o "$work/baseline"
. "$top/bench/lib.sh"

printf '%-4s %-6s %9s %9s %9s %8s %9s %9s %10s %12s\n' d n float32 \
    baseline exattn ratio peak_MiB values correct max_ulp
for d in $dims; do
    for n in $sizes; do
        dir="$work/$n-$d"
        mkdir -p "$dir"
        "$work/gen" "$n" "$d" "$dir"
        read -r tf _ < <(measure "$work/float32" "$n" "$d" "$dir")
        read -r tb _ < <(measure "$work/baseline" "$n" "$d" "$dir")
        cp "$work/out" "$dir/base.txt"
        read -r tx mx values correct max < <(grade_dir "$dir")
        printf '%-4s %-6s %9s %9s %9s %8.2f %9.1f %9s %9s %12s' "$d" "$n" \
            "$tf" "$tb" "$tx" "$(bc -l <<< "$tx / $tb")" \
            "$(bc -l <<< "$mx / 1024")" "$values" "$correct" "$max"
        if [ "$n" -le 512 ]; then
            (cd "$dir" && "${exattn[@]}" grade lesson.json results.json \
                --format json > grade.json || true)
            printf '   agree: %s\n' "$(${PYTHON:-/usr/bin/python3} \
                bench/grade_agree.py "$dir/grade.json" "$dir/base.txt")"
        else
            printf '\n'
        fi
    done
done
