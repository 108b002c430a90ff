#!/bin/sh
# exattn audit on the page corpus (tests/audit-corpus/, TAP): no false
# alarm, no missed slip, no coincidence certified (tests/audit-corpus.py).
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
exec python3 "$top/tests/audit-corpus.py"
