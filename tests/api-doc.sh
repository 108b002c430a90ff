#!/bin/sh
# TAP: every function the shared library exports has its entry in
# docs/api.md, and every entry names an exported function.
top=${EXATTN_SRCDIR:-.}
lib=${EXATTN_BUILDDIR:-.}/.libs/libexattn.so
if [ ! -f "$lib" ]; then
    echo "1..0 # SKIP no shared library to inspect"
    exit 0
fi
exported=$(nm -D --defined-only "$lib" | awk '$2 == "T" {print $3}' | sort)
documented=$(sed -n 's/^### \(exattn_[a-z0-9_]*\)$/\1/p' "$top/docs/api.md" | sort)
echo "1..2"
missing=$(printf '%s\n' "$exported" | grep -vxF "$documented")
if [ -z "$missing" ]; then
    echo "ok 1 - every exported function is documented"
else
    echo "not ok 1 - undocumented: $(echo $missing)"
fi
stale=$(printf '%s\n' "$documented" | grep -vxF "$exported")
if [ -z "$stale" ]; then
    echo "ok 2 - every documented function is exported"
else
    echo "not ok 2 - documented but not exported: $(echo $stale)"
fi
