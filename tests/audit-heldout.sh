#!/bin/sh
# exattn audit on the page set of tests/audit-heldout/ (TAP): no false
# alarm, no missed slip, every named formula proved or refuted.
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
AUDIT_CORPUS=audit-heldout AUDIT_MIN_PAGES=8 AUDIT_MIN_SLIPS=25 \
    exec python3 "$top/tests/audit-corpus.py"
