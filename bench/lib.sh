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
