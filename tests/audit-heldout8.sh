#!/bin/sh
# exattn audit on the eighth page set (tests/audit-heldout8/, TAP): no
# false alarm, no missed slip, every named formula proved or refuted
# (a wrong formula in a symbolic epsilon may be UNDECIDED: run8.py).
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
AUDIT_CORPUS=audit-heldout8 AUDIT_MIN_PAGES=4 AUDIT_MIN_SLIPS=12 \
    exec python3 "$top/tests/audit-heldout8/run8.py"
