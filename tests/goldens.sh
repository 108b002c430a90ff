#!/bin/sh
# Regenerate the goldens of tests/data/ from docs/examples/ with the
# built exattn, after a change of presentation that docs/ describes:
#   tests/goldens.sh        (from the top of a built tree; EXATTN: the program)
# Each tests/data/NAME.expected.{txt,json,tex,md,svg} is `exattn derive
# docs/examples/NAME.json` in that format; the script says which changed,
# so that `git diff tests/data` shows what a reader will see.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
exattn=${EXATTN:-$top/exattn}
for golden in "$top"/tests/data/*.expected.*; do
    name=$(basename "$golden")
    lesson=${name%%.expected.*}
    case ${name##*.} in
        txt) format=text ;;
        json) format=json ;;
        tex) format=latex ;;
        md) format=markdown ;;
        svg) format=svg ;;
        *) continue ;;
    esac
    new=$(mktemp)
    "$exattn" derive "$top/docs/examples/$lesson.json" --format "$format" \
        > "$new"
    if cmp -s "$new" "$golden"; then
        rm -f "$new"
    else
        mv "$new" "$golden"
        echo "updated tests/data/$name"
    fi
done
