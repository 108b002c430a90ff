#!/bin/sh
# The lab section of the JSON document against arithmetic of its own
# (tests/lab.py, Python fractions): exact positions and their refusals,
# the lab's lesson deriving the lesson's rows, and states built as the
# page builds them equal to the same changes written by hand.
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
exattn=${EXATTN:-./exattn}
exec python3 "$top/tests/lab.py" "$exattn" "$top"
