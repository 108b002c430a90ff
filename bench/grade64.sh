#!/bin/bash
# Grading a float64 head (issue 29): n tokens, d = d_k = d_v, binary64
# Q, K, V from a standard normal, causal mask, computed the NumPy way
# (bench/numpy_float64_head.py, Debian's python3-numpy), every weight and
# output graded by exattn grade.  Prints, for each n: NumPy's seconds,
# exattn's seconds and peak memory, the values graded, how many NumPy
# rounded correctly and its largest error.  Run from a built tree:
#   bench/grade64.sh                    # d = 64; n = 256 1024
#   bench/grade64.sh 32 "128 512"       # chosen d and n
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
dims=${1:-64}
sizes=${2:-"256 1024"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python=${PYTHON:-/usr/bin/python3}
. "$top/bench/lib.sh"

printf '%-4s %-6s %9s %9s %9s %9s %9s %12s\n' d n numpy exattn peak_MiB \
    values correct max_ulp
for d in $dims; do
    for n in $sizes; do
        dir="$work/$n-$d"
        mkdir -p "$dir"
        tn=$("$python" bench/numpy_float64_head.py "$n" "$d" "$dir")
        read -r tx mx values correct max < <(grade_dir "$dir")
        printf '%-4s %-6s %9s %9s %9.1f %9s %9s %12s\n' "$d" "$n" "$tn" \
            "$tx" "$(bc -l <<< "$mx / 1024")" "$values" "$correct" "$max"
    done
done
