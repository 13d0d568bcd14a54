#!/usr/bin/env bash
# cgt-verify-grundy passes a correct cgt-grundy file, and fails (status 1) when a published
# figure it compares with is changed: the checks can fail.
#   verify_test.sh CGT_GRUNDY CGT_VERIFY_GRUNDY DATA_DIR
set -uo pipefail
driver=$1 verify=$2 data=$3
dir=$(mktemp -d /tmp/cgt-verify-grundy.XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$driver" --quiet --max-heap 250000 --out "$dir/r.h5" || fail "cgt-grundy failed"
"$verify" --data-dir "$data" "$dir/r.h5" >"$dir/pass.txt"
status=$?
[ $status = 0 ] || { cat "$dir/pass.txt"; fail "verify of a correct file: status $status"; }
tail -1 "$dir/pass.txt" | grep -q "^verdict: PASS (" || fail "no PASS verdict: $(tail -1 "$dir/pass.txt")"
grep -q "G(0..200,000) = the a-file .* equal .* ok$" "$dir/pass.txt" || fail "the a-file was not compared"

# The same file against reference data with one published figure changed.
cp -r "$data" "$dir/data"
chmod -R u+w "$dir/data"
sed -i 's/^42 1222$/42 1223/' "$dir/data/grundy_A036685.txt"
"$verify" --data-dir "$dir/data" "$dir/r.h5" >"$dir/fail.txt"
status=$?
[ $status = 1 ] || fail "verify against altered A036685: status $status, expected 1"
grep -q "heaps with G = 0 .* FAIL$" "$dir/fail.txt" || fail "the altered A036685 was not reported"
tail -1 "$dir/fail.txt" | grep -q "^verdict: FAIL (1 of " || fail "verdict: $(tail -1 "$dir/fail.txt")"
echo "PASS: a correct file passes; a changed published figure fails"
