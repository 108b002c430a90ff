#!/bin/bash
# `exattn eval` at the documented maximum of digits (issue 24): sin(1)
# and e^{1/sqrt 2}/(1 + e^{1/sqrt 2}), certified, against MPFR's own
# functions at the same precision, printed with the same digits and
# uncertified (bench/baseline_eval.c), timed in the same run.  The
# seed-000 row at these sizes is bench/run.sh's one-exp comparison:
#   REPS=1 bench/run.sh 10000000
# Prints time, peak memory and the ratio, and checks that the digits
# agree.  Run from the top of a built tree:  bench/digits.sh [N ...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sizes=${*:-1000000 10000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 bench/baseline_eval.c $(pkg-config --cflags --libs mpfr gmp) \
    -o "$work/baseline"
. "$top/bench/lib.sh"

# a / b, or 0 when b rounds to 0 s (too small to time)
ratio() {
    if [ "$(echo "$2 > 0" | bc)" = 1 ]; then echo "$1 / $2" | bc -l
    else echo 0; fi
}

printf '%-9s %-9s %10s %9s %10s %9s %7s\n' workload digits mpfr_s \
    mpfr_MiB exattn_s exattn_MiB ratio
for n in $sizes; do
    for w in sin logistic; do
        case $w in
            sin) expr='sin(1)' ;;
            logistic) expr='e^(1/sqrt(2))/(1+e^(1/sqrt(2)))' ;;
        esac
        read -r tb mb < <(measure "$work/baseline" "$w" "$n")
        mv "$work/out" "$work/base.txt"
        read -r tx mx < <(measure "${exattn[@]}" eval "$expr" --digits "$n")
        # exattn's digits are certified; the baseline's last may differ
        agree=yes
        sed -n 's/^decimal: \([-0-9.]*\) .*/\1/p' "$work/out" \
            | cmp -s - "$work/base.txt" || agree="last digits differ"
        printf '%-9s %-9s %10.2f %9.1f %10.2f %9.1f %7.2f   agree: %s\n' \
            "$w" "$n" "$tb" "$(echo "$mb / 1024" | bc -l)" "$tx" \
            "$(echo "$mx / 1024" | bc -l)" "$(ratio "$tx" "$tb")" \
            "$agree"
    done
done
