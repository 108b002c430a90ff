#!/bin/sh
# exattn grade against independent arithmetic (TAP; tests/grade.py): the
# shipped JavaScript and NumPy programs' results for seed 002's lab
# states and a random head, every figure checked, .npy and hex inputs,
# and the 5.13-ULP example against --max-ulp 5 and 6.
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
# the first python3 with NumPy: Debian's python3-numpy is /usr/bin's
# when another python3 comes first on the PATH
python=""
for p in python3 /usr/bin/python3; do
    if "$p" -c 'import numpy' 2> /dev/null; then python=$p; break; fi
done
command -v node > /dev/null && [ -n "$python" ] || {
    echo "grade.sh: needs node and NumPy (Debian: nodejs, python3-numpy;" \
         ".ci/setup installs them)" >&2
    exit 1
}
exec "$python" "$top/tests/grade.py"
