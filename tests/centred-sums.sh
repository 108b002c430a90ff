#!/bin/sh
# A LayerNorm's centred coordinates sum to 0 in the FFN's input however
# large the attention's forms (tests/centred-sums.py): random blocks of
# bench/gen-block.sh, expectations computed from the lesson with
# fractions.  CENTRED_SEEDS blocks (default 130, about 20 s).
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
exattn=${EXATTN:-./exattn}
exec python3 "$top/tests/centred-sums.py" "$exattn" \
    "$top/bench/gen-block.sh" "${CENTRED_SEEDS:-130}"
