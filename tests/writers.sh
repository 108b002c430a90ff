#!/bin/sh
# TAP: the writers (src/print/) serialize the derivation document.  They
# include the public headers, the bottom layer (internal.h, util/) and
# their own (print/) -- nothing of the layers that make its decisions --,
# read nothing of a lesson but through the document's headers
# (exattn_doc_header: no "lesson->" or "against->"), and never pick a
# layout by a block stage's name: what a stage is comes with its section
# (stage_kind, heading, repeats, row_labels, weights), from the stage
# table.
top=${EXATTN_SRCDIR:-.}
cd "$top" || exit 1
echo "1..4"

bad=$(grep -n '^#include "' src/print/*.c src/print/*.h |
      grep -v '#include "\(internal\.h\|exattn/[a-z]*\.h\|print/[a-z_]*\.h\|util/[a-z_]*\.h\)"')
if [ -z "$bad" ]; then
    echo "ok 1 - writers include public headers, the bottom layer and their own"
else
    echo "not ok 1 - writers include deciding layers:"
    printf '%s\n' "$bad" | sed 's/^/# /'
fi

# the stage table's claim names and identifiers that only a block has
# ("ln1_mean", "cross_weights", "ffn.relu"; not "weights", which a row's
# JSON names too)
names=$(awk -F'"' '/^ *\{ EXATTN_STAGE_[A-Z0-9]*, "/ { print $2; print $4 }' \
        src/block/stages.c | grep '[._0-9]' | sort -u)
count=$(printf '%s\n' "$names" | grep -c .)
if [ "$count" -lt 20 ]; then
    echo "not ok 2 - read only $count stage names from src/block/stages.c"
else
    found=$(for n in $names; do
                grep -n "\"$n\"" src/print/*.c src/print/*.h
            done)
    if [ -z "$found" ]; then
        echo "ok 2 - no writer names one of the $count stage names"
    else
        echo "not ok 2 - writers name stages:"
        printf '%s\n' "$found" | sed 's/^/# /'
    fi
fi

cmp=$(grep -n 'str\(n\)\{0,1\}\(case\)\{0,1\}cmp([^;]*stage\|stage[a-z_]* *== *"' \
      src/print/*.c)
if [ -z "$cmp" ]; then
    echo "ok 3 - no writer compares a stage by its name"
else
    echo "not ok 3 - writers compare stage names:"
    printf '%s\n' "$cmp" | sed 's/^/# /'
fi

reads=$(grep -n 'lesson->\|against->\|[^_]l->block\b' src/print/*.c src/print/*.h)
if [ -z "$reads" ]; then
    echo "ok 4 - no writer reads a lesson but through the document"
else
    echo "not ok 4 - writers read the lesson:"
    printf '%s\n' "$reads" | sed 's/^/# /'
fi
