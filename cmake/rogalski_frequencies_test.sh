#!/bin/sh
# cgt-octal-sweep's frontier frequencies of .161 and .014 to 2^20 heaps against Rogalski's
# published ones (verify/data/octal/rogalski_frequencies.csv): the check passes with the
# published figures and fails, naming the (game, N), when one published count is altered.
# Usage: rogalski_frequencies_test.sh SWEEP VERIFY DATA_DIR WORK_DIR
set -u
sweep=$1 verify=$2 data=$3 dir=$4
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir" || fail "cannot make $dir"
"$sweep" --subtraction-max 0 --octal-digits 0 --games '.161@2^20 .014@2^20' --quiet --force \
  --out "$dir/r.h5" || fail "cgt-octal-sweep failed"
"$verify" --data-dir "$data" "$dir/r.h5" > "$dir/good.txt" || { cat "$dir/good.txt"; fail "verify failed"; }
for g in .161 .014; do
  grep -q "^  $g at N = 1,048,576: every value's frequency .* ok$" "$dir/good.txt" ||
    { cat "$dir/good.txt"; fail "no passing Rogalski check of $g at 2^20"; }
done
# The published count of value 2 of .161 at 2^20, one more: that check alone must fail.
cp -r "$data" "$dir/data" || fail "cannot copy $data"
awk -F, 'BEGIN { OFS = "," } $1 == ".161" && $2 == "1048576" && $3 == "2" { $4 = $4 + 1 } { print }' \
  "$data/octal/rogalski_frequencies.csv" > "$dir/data/octal/rogalski_frequencies.csv"
cmp -s "$data/octal/rogalski_frequencies.csv" "$dir/data/octal/rogalski_frequencies.csv" && fail "nothing altered"
"$verify" --data-dir "$dir/data" "$dir/r.h5" > "$dir/bad.txt"
status=$?
[ $status -eq 1 ] || { cat "$dir/bad.txt"; fail "status $status with an altered published count, not 1"; }
grep -q "^  \.161 at N = 1,048,576: every value's frequency: FAIL" "$dir/bad.txt" ||
  { cat "$dir/bad.txt"; fail "the altered (game, N) is not the failing check"; }
[ "$(grep -c ': FAIL$' "$dir/bad.txt")" -eq 1 ] || { grep FAIL "$dir/bad.txt"; fail "other checks failed too"; }
echo "Rogalski's frequencies: pass as published, fail when one count is altered"
