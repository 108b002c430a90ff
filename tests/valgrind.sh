#!/bin/sh
# Run the whole Criterion suite under valgrind (memcheck, full leak check).
# Criterion forks a process per test, hence --trace-children; the CLI
# tests run the exattn binary (itself, not a libtool wrapper script: it
# links the library's objects in), so it is checked as well.  Two test
# programs run at once (VALGRIND_JOBS), one per core: valgrind is the
# longest stage of CI.
# Usage (from the build directory, after `make check`): tests/valgrind.sh
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=${EXATTN_BUILDDIR:-$PWD}
export EXATTN_SRCDIR=${EXATTN_SRCDIR:-$top}
export EXATTN="$build/exattn"

for t in "$build"/tests/t-*; do
    case $t in *.c|*.o|*.log|*.trs) continue ;; esac
    [ -x "$t" ] && echo "$t"
done | xargs -n 1 -P "${VALGRIND_JOBS:-2}" sh -c '
    if valgrind -q --trace-children=yes --error-exitcode=99 \
        --leak-check=full --show-leak-kinds=definite,indirect \
        --errors-for-leak-kinds=definite,indirect "$1" >"$1.vg.log" 2>&1
    then
        echo "ok: $(basename "$1") under valgrind"
    else
        echo "FAIL: $(basename "$1") under valgrind (see $1.vg.log)"
        exit 1
    fi' valgrind-one
