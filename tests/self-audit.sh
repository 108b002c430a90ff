#!/bin/sh
# exattn's own pages audit clean against their own lessons (TAP): every
# shipped example and seeded random lessons and blocks, as Markdown and
# standalone LaTeX (tests/self-audit.py).
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
exec python3 "$top/tests/self-audit.py"
