#!/bin/bash
# Benchmark of certified decimals (issue 3): the seed-002 row "rises"
# (three weights, two output coordinates) at 10^3 .. 10^6 digits.
#
#   exattn      exattn derive --digits N --show weights,output (certified)
#   one-exp     bench/baseline_one_exp.c: one mpfr_exp, integer powers,
#               no certification -- the cost floor
#   three-exp   bench/baseline_three_exp.c: three mpfr_exp, uncertified
#   mpmath      bench/mpmath_rises.py (Debian python3-mpmath), uncertified
#
# Every program prints the same five numbers; the script checks that they
# agree, and prints times (median of REPS runs; one run at 10^6) and the
# ratios to one-exp, all measured in this run.  A "*" after mpmath's time
# marks output that differs from one-exp's.  Run from the top of a
# built tree:  bench/run.sh [N ...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sizes=${*:-1000 10000 100000 1000000}
reps=${REPS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc -O2 bench/baseline_one_exp.c $(pkg-config --cflags --libs mpfr gmp) \
    -o "$work/one_exp"
cc -O2 bench/baseline_three_exp.c $(pkg-config --cflags --libs mpfr gmp) \
    -o "$work/three_exp"
. "$top/bench/lib.sh"
# Debian's python3-mpmath (with python3-gmpy2 as its backend), not
# whatever python3 comes first on PATH
python=${PYTHON:-/usr/bin/python3}
have_mpmath=0
"$python" -c 'import mpmath' 2>/dev/null && have_mpmath=1

# median wall time of running "$@" (output to $work/out) $1 times
timeit() {
    local n=$1; shift
    local times=() i start end
    for ((i = 0; i < n; i++)); do
        start=$(date +%s.%N)
        "$@" > "$work/out"
        end=$(date +%s.%N)
        times+=("$(echo "$end - $start" | bc -l)")
    done
    printf '%s\n' "${times[@]}" | sort -g | sed -n "$(( (n + 1) / 2 ))p"
}

# the five numbers exattn prints, one per line
exattn_numbers() {
    grep -o '"decimal": "[^"]*"' "$work/out" | cut -d'"' -f4
}

printf '%-8s %10s %10s %10s %10s %12s %12s %12s\n' digits one-exp \
    three-exp mpmath exattn exattn/one three/one mpmath/one
for n in $sizes; do
    r=$reps
    [ "$n" -ge 1000000 ] && r=1
    t1=$(timeit "$r" "$work/one_exp" "$n"); cp "$work/out" "$work/one.txt"
    t3=$(timeit "$r" "$work/three_exp" "$n")
    tm=nan
    if [ $have_mpmath = 1 ]; then
        tm=$(timeit "$r" "$python" bench/mpmath_rises.py "$n")
        cmp -s "$work/one.txt" "$work/out" || tm="$tm(differs)"
    fi
    tx=$(timeit "$r" "${exattn[@]}" derive \
        docs/examples/000-scores-to-mixture.json --digits "$n" \
        --show weights,output --format json)
    exattn_numbers > "$work/exattn.txt"
    agree=yes
    cmp -s "$work/one.txt" "$work/exattn.txt" || agree="NO (uncertified baseline differs)"
        tmf=n/a
    [ "$tm" = nan ] || tmf=$(printf '%.3f%s' "${tm%%(*}" \
        "$( [ "${tm#*(}" != "$tm" ] && echo '*')")
    printf '%-8s %10.3f %10.3f %10s %10.3f %12.2f %12.2f %12s   agree: %s\n' \
        "$n" "$t1" "$t3" "$tmf" "$tx" "$(echo "$tx / $t1" | bc -l)" \
        "$(echo "$t3 / $t1" | bc -l)" \
        "$( [ "$tm" = nan ] && echo n/a || printf '%.2f' "$(echo "${tm%%(*} / $t1" | bc -l)")" \
        "$agree"
done
