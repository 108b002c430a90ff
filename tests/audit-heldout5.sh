#!/bin/sh
# exattn audit on the fifth page set (tests/audit-heldout5/, TAP): no
# false alarm, no missed slip, every named formula proved or refuted.
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
AUDIT_CORPUS=audit-heldout5 AUDIT_MIN_PAGES=6 AUDIT_MIN_SLIPS=24 \
    exec python3 "$top/tests/audit-corpus.py"
