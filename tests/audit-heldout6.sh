#!/bin/sh
# exattn audit on the sixth page set (tests/audit-heldout6/, TAP): no
# false alarm, no missed slip, every named formula proved or refuted.
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
AUDIT_CORPUS=audit-heldout6 AUDIT_MIN_PAGES=6 AUDIT_MIN_SLIPS=31 \
    exec python3 "$top/tests/audit-corpus.py"
