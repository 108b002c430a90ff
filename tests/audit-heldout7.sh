#!/bin/sh
# exattn audit on the seventh page set (tests/audit-heldout7/, TAP): no
# false alarm, no missed slip, every named formula proved or refuted.
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
AUDIT_CORPUS=audit-heldout7 AUDIT_MIN_PAGES=6 AUDIT_MIN_SLIPS=31 \
    exec python3 "$top/tests/audit-corpus.py"
