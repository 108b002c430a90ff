#!/bin/sh
# Installation from the sequences a user tries (TAP), in a copy of the
# tree: install, reconfigure with another prefix and install over the
# earlier build, override the prefix at `make install`, stage with
# DESTDIR; each installed exattn runs with the earlier prefixes deleted,
# and `make uninstall` leaves no file behind.  Run by .ci/run (it
# configures and builds a second tree, so it is not part of make check).
# The copy is a clone: it tries what is committed, not the work tree.
#   tests/install.sh
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
example=$src/docs/examples/004-value-weighting.json
echo "1..7"
status=0
ok() { echo "ok $*"; }
no() { echo "not ok $*"; status=1; }
# the installed command under $1 checks a lesson, with nothing else left
runs() {
    "$1/bin/exattn" check "$example" 2>&1 | tail -n 1 \
        | grep -q ' passed, 0 failed, 0 undecided$'
}

git clone -q "$src" "$work/tree" && cd "$work/tree" || exit 1
{ autoreconf -fi && ./configure -q --prefix="$work/one" && make -j2 \
    && make install; } > "$work/log" 2>&1
if runs "$work/one"; then ok "1 - configure --prefix, make install"
else no "1 - the first install: $(tail -n 3 "$work/log")"; fi

# the issue's sequence: reconfigure over the in-place build, install
{ ./configure -q --prefix="$work/two" && make install; } > "$work/log" 2>&1
rm -rf "$work/one"
if runs "$work/two"; then ok "2 - reconfigured --prefix, installed over the build"
else no "2 - after reconfiguring: $("$work/two/bin/exattn" --version 2>&1)"; fi

make install prefix="$work/three" > "$work/log" 2>&1
rm -rf "$work/two"
if runs "$work/three"; then ok "3 - make install prefix=..."
else no "3 - prefix at install: $("$work/three/bin/exattn" --version 2>&1)"; fi

make install DESTDIR="$work/stage" > "$work/log" 2>&1
if runs "$work/stage$work/two"; then ok "4 - make install DESTDIR=... runs where it is staged"
else no "4 - DESTDIR: $("$work/stage$work/two/bin/exattn" --version 2>&1)"; fi

if MANWIDTH=80 man -l "$work/three/share/man/man1/exattn.1" 2>/dev/null \
    | grep -q 'EXIT STATUS'
then ok "5 - man -l of the installed manual"
else no "5 - no installed manual at $work/three/share/man/man1"; fi

# the pandoc filter, installed, runs the installed exattn
lua=$work/three/share/exattn/exattn.lua
if [ -f "$lua" ] && { ! command -v pandoc >/dev/null ||
    (cd "$src/tests/data/pandoc" && EXATTN="$work/three/bin/exattn" \
        pandoc right.md --lua-filter "$lua" -o /dev/null); }
then ok "6 - the pandoc filter is installed at share/exattn/exattn.lua"
else no "6 - no working filter at $lua"; fi

make uninstall prefix="$work/three" > "$work/log" 2>&1
left=$(find "$work/three" -type f | sed "s|$work/three/||")
if [ -d "$work/three/bin" ] && [ -z "$left" ]; then ok "7 - make uninstall removes every file it installed"
else no "7 - make uninstall left: $left"; fi
exit $status
