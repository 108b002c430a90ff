#!/bin/sh
# The bad-input catalogue (TAP): every file of tests/bad/ is a case.
#   NAME.json   a lesson, run as `exattn derive NAME.json`;
#   NAME.args   a command line, one argument per line;
#   NAME.expect its exit status ("status 2"), then its standard error,
#               exactly.
# Each case must exit with that status, print that message and nothing on
# standard output (no partial result).  Run from tests/bad, so messages
# name files as the case does.
#   tests/bad.sh            (EXATTN: the program; default ./exattn)
#   tests/bad.sh --update   rewrite the .expect files from what happens
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
exattn=${EXATTN:-$PWD/exattn}
case $exattn in /*) ;; *) exattn=$PWD/$exattn ;; esac
update=${1:-}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$top/tests/bad" || exit 1
cases=$(ls ./*.json ./*.args | sed 's|^\./||; s|\.[a-z]*$||' | sort -u)
echo "1..$(echo "$cases" | wc -l)"
i=0
status=0
for c in $cases; do
    i=$((i + 1))
    if [ -f "$c.json" ]; then
        set -- derive "$c.json"
    else
        set --
        while IFS= read -r arg; do set -- "$@" "$arg"; done < "$c.args"
    fi
    # standard input empty: a command reads it when no file is named
    "$exattn" "$@" < /dev/null > "$out/stdout" 2> "$out/stderr"
    rc=$?
    if [ "$update" = --update ]; then
        { echo "status $rc"; cat "$out/stderr"; } > "$c.expect"
    fi
    { echo "status $rc"; cat "$out/stderr"; } > "$out/got"
    if ! [ -f "$c.expect" ]; then
        echo "not ok $i - $c: no $c.expect"
        status=1
    elif ! cmp -s "$out/got" "$c.expect"; then
        echo "not ok $i - $c: status or message differs"
        diff "$c.expect" "$out/got" | sed 's/^/# /'
        status=1
    elif [ -s "$out/stdout" ]; then
        echo "not ok $i - $c: printed something on standard output"
        status=1
    else
        echo "ok $i - $c: $(sed -n 2p "$c.expect" | cut -c1-100)"
    fi
done
exit $status
