#!/bin/sh
# exattn audit on the page set of tests/audit-heldout3/ (TAP): no false
# alarm, no missed slip, every named formula proved or refuted.
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
AUDIT_CORPUS=audit-heldout3 AUDIT_MIN_PAGES=9 AUDIT_MIN_SLIPS=30 \
    exec python3 "$top/tests/audit-corpus.py"
