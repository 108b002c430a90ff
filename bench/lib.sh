# Shared by the bench scripts (bash): sourced after `top` and `work` are
# set.
#
# exattn: the real binary, not libtool's wrapper script (whose shell
# start-up would be timed too).
if [ -x "$top/.libs/exattn" ]; then
    exattn=(env LD_LIBRARY_PATH="$top/.libs" "$top/.libs/exattn")
else
    exattn=("$top/exattn")
fi

# run "$@" with stdout to $work/out; prints "seconds maxrss_kib"
measure() {
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" > "$work/out"
    cat "$work/time"
}

# exattn grade of $1/lesson.json against $1/results.json, --quiet:
# prints "seconds maxrss_kib values correct max_ulp", the last three from
# its summary line (its exit status 1 -- a wrong display -- is a result
# here, not a failure)
grade_dir() {
    local tx mx summary values correct max
    (cd "$1" && measure "${exattn[@]}" grade lesson.json results.json \
        --quiet > "$work/grade_time") || true
    read -r tx mx < "$work/grade_time"
    summary=$(tail -n 1 "$work/out")
    values=$(sed -n 's/.*in all: \([0-9]*\) values.*/\1/p' <<< "$summary")
    correct=$(sed -n 's/.*values, \([0-9]*\) correctly.*/\1/p' <<< "$summary")
    max=$(sed -n 's/.*max \([0-9.]*\) ulp.*/\1/p' <<< "$summary")
    echo "$tx $mx $values $correct $max"
}
