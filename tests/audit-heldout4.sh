#!/bin/sh
# exattn audit on the fourth page set (tests/audit-heldout4/, TAP): no
# false alarm, no missed slip, every named formula proved or refuted.
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
AUDIT_CORPUS=audit-heldout4 AUDIT_MIN_PAGES=8 AUDIT_MIN_SLIPS=31 \
    exec python3 "$top/tests/audit-corpus.py"
