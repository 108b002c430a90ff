#!/bin/sh
# Run the whole Criterion suite under valgrind (memcheck, full leak check).
# Criterion forks a process per test, hence --trace-children; the CLI
# tests run the exattn binary (itself, not a libtool wrapper script: it
# links the library's objects in), so it is checked as well.
# Usage (from the build directory, after `make check`): tests/valgrind.sh
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=${EXATTN_BUILDDIR:-$PWD}
export EXATTN_SRCDIR=${EXATTN_SRCDIR:-$top}
export EXATTN="$build/exattn"

status=0
for t in "$build"/tests/t-*; do
    case $t in *.c|*.o|*.log|*.trs) continue ;; esac
    [ -x "$t" ] || continue
    if valgrind -q --trace-children=yes --error-exitcode=99 \
        --leak-check=full --show-leak-kinds=definite,indirect \
        --errors-for-leak-kinds=definite,indirect "$t" >"$t.vg.log" 2>&1
    then
        echo "ok: $(basename "$t") under valgrind"
    else
        echo "FAIL: $(basename "$t") under valgrind (see $t.vg.log)"
        status=1
    fi
done
exit $status
