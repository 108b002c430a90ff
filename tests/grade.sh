#!/bin/sh
# exattn grade against independent arithmetic (TAP; tests/grade.py): the
# shipped JavaScript and NumPy programs' results for seed 002's lab
# states and a random head, every figure checked, and the 5.13-ULP
# example against --max-ulp 5 and 6.
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
command -v node > /dev/null && python3 -c 'import numpy' 2> /dev/null || {
    echo "grade.sh: needs node and NumPy (Debian: nodejs, python3-numpy;" \
         ".ci/setup installs them)" >&2
    exit 1
}
exec python3 "$top/tests/grade.py"
