#!/bin/sh
# The manual page (TAP): it renders without a warning, `man -l` shows it,
# and each command's section names exactly the options its --help lists,
# so that neither can change without the other.
#   tests/man.sh   (EXATTN: the program; EXATTN_BUILDDIR: where
#                   configure wrote man/exattn.1)
set -u
for tool in groff man col; do
    command -v $tool > /dev/null || {
        echo "man.sh: needs groff, man and col (Debian: groff-base, man-db," \
             "bsdextrautils; .ci/setup installs them)" >&2
        exit 1
    }
done
exattn=${EXATTN:-$PWD/exattn}
page=${EXATTN_BUILDDIR:-$PWD}/man/exattn.1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
commands="derive check audit grade get eval"
echo "1..$((4 + $(echo $commands | wc -w)))"
status=0
ok() { echo "ok $*"; }
no() { echo "not ok $*"; status=1; }

# 1: groff reads it with every warning on, and says nothing
if groff -man -ww -z "$page" > "$out/warnings" 2>&1 && ! [ -s "$out/warnings" ]
then ok "1 - groff -man -ww: no warning"
else no "1 - groff -man -ww: $(head -n 3 "$out/warnings")"; fi

# 2: man -l formats it: the name line, every command, the exit statuses
MANWIDTH=80 MAN_KEEP_FORMATTING= man -l "$page" 2> "$out/man.err" \
    | col -bx | tr -s " " > "$out/man.txt"
missing=""
version=$("$exattn" --version) || version=""
[ -n "$version" ] || missing="'exattn --version'"
for want in "exattn - exact and named arithmetic" "EXIT STATUS" \
            "exattn derive" "exattn check" "exattn audit" "exattn grade" \
            "exattn get" \
            "exattn eval" \
            "${version:-exattn --version}"; do
    grep -qF -- "$want" "$out/man.txt" || missing="$missing '$want'"
done
if [ -z "$missing" ] && ! [ -s "$out/man.err" ]
then ok "2 - man -l shows the page ($(wc -l < "$out/man.txt") lines)"
else no "2 - man -l: missing$missing $(head -n 2 "$out/man.err")"; fi

# 3: the commands of exattn --help are the page's sections
listed=$("$exattn" --help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p' | tr '\n' ' ')
if [ "$listed" = "$commands " ]
then ok "3 - exattn --help lists $listed"
else no "3 - exattn --help lists '$listed', the page has '$commands'"; fi

# 4...: per command, the options of --help and of its .SS section
i=3
for c in $commands; do
    i=$((i + 1))
    "$exattn" "$c" --help | sed -n 's/^  \(-[-a-zA-Z, ]*[a-zA-Z]\)\( [A-Z=]*\)\{0,1\}  .*/\1/p' \
        | tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep . | sort > "$out/help.$c"
    # the section: from ".SS \"exattn C" to the next .SS or .SH; its
    # option lines are the .TP items' next lines
    awk -v c="$c" '
        /^\.S[SH] / { on = ($0 ~ "^\\.SS \"exattn " c " ") ; next }
        on && /^\.TP/ { getline; print }' "$page" \
        | sed 's/\\-/-/g; s/\\f[BIR]//g; s/^\.B[IR]* //; s/"//g' \
        | tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep '^-' | sort > "$out/man.$c"
    if [ -s "$out/help.$c" ] && cmp -s "$out/help.$c" "$out/man.$c"
    then ok "$i - $c: $(tr '\n' ' ' < "$out/man.$c")"
    else no "$i - $c: --help and the page differ: $(diff "$out/help.$c" "$out/man.$c" | grep '^[<>]' | tr '\n' ' ')"; fi
done
# last: every line of every --help fits 79 columns (a character counted
# once, whatever its UTF-8 bytes)
i=$((i + 1))
wide=$(for c in "" $commands; do "$exattn" $c --help; done \
    | LC_ALL=C tr -d '\200-\277' | LC_ALL=C awk 'length($0) > 79')
if [ -z "$wide" ]; then ok "$i - every --help line fits 79 columns"
else no "$i - wider than 79 columns: $wide"; fi
exit $status
