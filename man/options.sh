#!/bin/sh
# The manual from its template: each line "@OPTIONS COMMAND@" becomes
# that command's option list, written by the command itself from its
# option table (exattn --options-roff COMMAND), so that the manual, the
# parser and --help cannot say different things.
#   man/options.sh EXATTN TEMPLATE > exattn.1
set -eu
exattn=$1
template=$2
while IFS= read -r line; do
    case $line in
    @OPTIONS\ *@)
        command=${line#@OPTIONS }
        "$exattn" --options-roff "${command%@}"
        ;;
    *)
        printf '%s\n' "$line"
        ;;
    esac
done < "$template"
