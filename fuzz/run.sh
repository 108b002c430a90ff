#!/bin/sh
# Build the libFuzzer harnesses with clang (-fsanitize=fuzzer,address,
# undefined) and run each for SECONDS (default 60), starting from the seed
# corpora in fuzz/corpus/.  Needs a configured tree (config.h), clang and
# libclang-rt-14-dev.  Findings go to fuzz/build/artifacts/; the exit
# status is non-zero if any harness found one.
#   fuzz/run.sh [SECONDS] [HARNESS...]   (harnesses: lesson expr check page
#                                         formula results npy)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-60}
[ $# -gt 0 ] && shift
harnesses=${*:-lesson expr check page formula results npy}
out=${FUZZ_OUT:-$top/fuzz/build}
cc=${FUZZ_CC:-clang}
flags="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
-fno-sanitize-recover=undefined"
[ -f "$top/config.h" ] || { echo "fuzz: configure the tree first" >&2; exit 2; }
mkdir -p "$out/obj" "$out/artifacts"

# the library, instrumented for coverage: the sources the build compiles
# into libexattn (Makefile.am's list, asked of make), not a second list
sources=$(make -s -C "$top" print-library-sources)
objs=""
for rel in $sources; do
    src=$top/$rel
    o=$out/obj/$(echo "${src#$top/src/}" | tr / _ | sed 's/\.c$/.o/')
    # a header changed since the object was built (a struct's layout)
    # makes it stale as surely as its own source
    if [ ! -f "$o" ] || [ "$src" -nt "$o" ] ||
        [ -n "$(find "$top/src" "$top/include" "$top/config.h" \
                -name '*.h' -newer "$o" | head -n 1)" ]; then
        # shellcheck disable=SC2086
        $cc $flags -fsanitize=fuzzer-no-link -I"$top" -I"$top/include" \
            -I"$top/src" $(pkg-config --cflags yajl) -c "$src" -o "$o"
    fi
    objs="$objs $o"
done
for h in $harnesses; do
    # shellcheck disable=SC2086
    $cc $flags -fsanitize=fuzzer -I"$top/include" -I"$top/src" \
        "$top/fuzz/fuzz_$h.c" $objs $(pkg-config --libs yajl) -lmpfr -lgmp \
        -lm -o "$out/fuzz_$h"
done

status=0
for h in $harnesses; do
    mkdir -p "$out/corpus-$h"
    echo "fuzz: $h for $secs s"
    if "$out/fuzz_$h" -max_total_time="$secs" -timeout=25 \
        -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/$h-" \
        "$out/corpus-$h" "$top/fuzz/corpus/$h" > "$out/$h.log" 2>&1; then
        grep -E '^stat::number_of_executed_units|^Done' "$out/$h.log" |
            sed "s/^/fuzz: $h: /"
    else
        echo "fuzz: $h FOUND A PROBLEM (see $out/$h.log, $out/artifacts)"
        tail -n 40 "$out/$h.log"
        status=1
    fi
done
exit $status
