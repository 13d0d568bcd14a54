#!/bin/sh
# damaged_input_test.sh BIN SOURCE_DIR WORK_DIR: every program that reads a file refuses a
# damaged or foreign one with one line on stderr ("error: ...") and status 2, never status 1
# (an internal failure), a crash or an answer. The files: a result file cut in half, cut
# short by 1000 bytes, overwritten in its middle; an HDF5 file of someone else (the OEIS
# values kept in verify/data); a text file; an empty file. Prints a table of the outcomes.
set -u
bin=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
good=$work/stalks.h5
"$bin/cgt-hackenbush-stalks" --max-length 8 --quiet --out "$good" >/dev/null 2>&1 || {
    echo "cannot make the result file $good"; exit 1; }
size=$(wc -c <"$good")
head -c $((size / 2)) "$good" >"$work/half.h5"
head -c $((size - 1000)) "$good" >"$work/short.h5"
cp "$good" "$work/overwritten.h5" && chmod u+w "$work/overwritten.h5"
# 400 bytes of 0xA5 in the middle of the file: in the values table, which every reader of
# a stalks file reads.
head -c 400 /dev/zero | tr '\000' '\245' |
    dd of="$work/overwritten.h5" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
cp "$src/verify/data/grundy_a002188.h5" "$work/foreign.h5"
echo "this is not a result file" >"$work/text.h5"
: >"$work/empty.h5"

# Each program with FILE where the input goes.
cat >"$work/programs" <<EOF
cgt-lookup --stalks FILE --stalk BRG
cgt-lookup --graphs FILE --in graphs --counts
cgt-grundy-play --table FILE 3 4
cgt-hex --table FILE
cgt-hex-openings --sizes 2 --store FILE --out $work/store-out.h5
cgt-octal .6 --ceiling 100 --checkpoint FILE
cgt-hackenbush FILE
cgt-merge --out $work/merged.h5 FILE
cgt-merge --list FILE
cgt-verify-hackenbush-stalks FILE
cgt-verify-hackenbush-colour FILE
cgt-verify-hackenbush-green FILE
cgt-verify-hackenbush-signs FILE
cgt-verify-hackenbush-sums FILE
cgt-verify-hex-openings FILE
cgt-verify-nim FILE
cgt-verify-octal-sweep FILE
cgt-verify-grundy FILE
cgt-check-certificate FILE
cgt-subtraction-certificate --census FILE --out $work/certificates-out
EOF

failures=0
printf '%-6s %-6s %-12s %s\n' status lines file program
while read -r line; do
    for kind in half short overwritten foreign text empty; do
        file=$work/$kind.h5
        cp "$file" "$work/input.h5" 2>/dev/null && chmod u+w "$work/input.h5"
        # shellcheck disable=SC2086 # the command line is split on purpose
        set -- $(echo "$line" | sed "s|FILE|$work/input.h5|")
        program=$1
        shift
        "$bin/$program" "$@" >"$work/out" 2>"$work/err" </dev/null
        status=$?
        lines=$(wc -l <"$work/err")
        printf '%-6s %-6s %-12s %s\n' "$status" "$lines" "$kind" "$line"
        if [ "$status" != 2 ] || [ "$lines" != 1 ] || ! grep -q '^error: ' "$work/err"; then
            echo "  FAIL: expected status 2 and one 'error: ' line; stderr:"
            sed 's/^/    /' "$work/err"
            failures=$((failures + 1))
        fi
    done
done <"$work/programs"
[ "$failures" = 0 ] || { echo "$failures outcomes are not status 2 with one line"; exit 1; }
echo "every program refuses every damaged or foreign file with one line and status 2"
