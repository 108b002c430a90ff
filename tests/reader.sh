#!/bin/sh
# TAP: what a reader sees, in make check when the tools are there -- the
# LaTeX through KaTeX and pdflatex (tests/latex.sh), the Markdown through
# pandoc and KaTeX in headless Chromium (markdown.sh), the SVG maps
# (svg.sh), the lesson page in Chromium (page.sh), the pandoc filter
# (pandoc.sh) and both pages at a phone's and a desktop's width
# (layout.sh); one test each, ok when every test of its plan is.  Skipped
# as a whole, saying what is missing, when a tool or the npm modules
# (npm ci in tests/katex and docs/page) are not installed: .ci/run
# installs them and runs the scripts on their own too.  tests/install.sh
# reconfigures and rebuilds the tree, so it stays in .ci/run only.
top=${EXATTN_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
out=${EXATTN_BUILDDIR:-.}/tests/out/reader
# the scripts run $EXATTN, else the source tree's: name the built one
EXATTN=${EXATTN:-${EXATTN_BUILDDIR:-$top}/exattn}
export EXATTN
missing=""
for tool in pdflatex pdffonts chromium pandoc node python3; do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
for dir in tests/katex docs/page; do
    [ -d "$top/$dir/node_modules" ] || missing="$missing $dir/node_modules"
done
if [ -n "$missing" ]; then
    echo "1..0 # SKIP missing:$missing"
    exit 0
fi
mkdir -p "$out"
echo "1..6"
i=0
for script in latex markdown svg page pandoc layout; do
    i=$((i + 1))
    log="$out/$script.tap"
    sh "$top/tests/$script.sh" "$out/$script" > "$log" 2>&1
    plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$log" | head -n 1)
    # a skipped test is no pass, and a plan of none proves nothing
    oks=$(grep '^ok ' "$log" | grep -vc '# *SKIP')
    if [ -n "$plan" ] && [ "$plan" -gt 0 ] && [ "$oks" -eq "$plan" ]; then
        echo "ok $i - tests/$script.sh: $oks of $plan"
    else
        echo "not ok $i - tests/$script.sh: ${oks} of ${plan:-?} (log: $log)"
        grep '^not ok' "$log" | head -n 5 | sed 's/^/# /'
    fi
done
