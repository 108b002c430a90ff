#!/bin/sh
# exattn audit on the ninth page set (tests/audit-heldout9/, TAP): a
# notebook export, LaTeX lecture notes, a KaTeX blog post and a plain-text
# e-mail; no false alarm, no missed slip, every named formula proved or
# refuted (run9.py, which reuses audit-heldout8/run8.py and audit-corpus.py).
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
AUDIT_CORPUS=audit-heldout9 AUDIT_MIN_PAGES=4 AUDIT_MIN_SLIPS=10 \
    exec python3 "$top/tests/audit-heldout9/run9.py"
