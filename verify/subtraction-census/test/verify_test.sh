#!/usr/bin/env bash
# cgt-verify-subtraction-census passes a correct census, and fails (status 1) a file whose rows
# a forger changed with a matching checksum, and the same file against a changed published
# figure: the checks can fail.
#   verify_test.sh CGT_SUBTRACTION_CENSUS CGT_VERIFY_SUBTRACTION_CENSUS H5_TAMPER DATA_DIR
set -uo pipefail
driver=$1 verify=$2 tamper=$3 data=$4
dir=$(mktemp -d /tmp/cgt-verify-census.XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$driver" --quiet --sets-max 12 --three-move-max 40 --out "$dir/r.h5" || fail "cgt-subtraction-census failed"
"$verify" --data-dir "$data" "$dir/r.h5" >"$dir/pass.txt"
status=$?
[ $status = 0 ] || { cat "$dir/pass.txt"; fail "verify of a correct file: status $status"; }
tail -1 "$dir/pass.txt" | grep -q "^verdict: PASS (" || fail "no PASS verdict: $(tail -1 "$dir/pass.txt")"
grep -q "^  {1,2,3} .* ok$" "$dir/pass.txt" || fail "31game's {1,2,3} was not compared"
grep -A2 "period is a sum of two moves: ok" "$dir/pass.txt" | grep -q "first {1,3,5}: period 2 from 0" ||
  fail "the counterexample {1,3,5} to the literal conjecture was not reported"

# A forger's rows: the period of {1,3,4} (mask 13, row 12) copied onto {1,2,3} (row 6); the
# period of {1,2,4} (three-move row 1) onto {1,2,3} (row 0); checksums made to match.
cp "$dir/r.h5" "$dir/sets.h5"
"$tamper" "$dir/sets.h5" copy /sets/period 12 6 || fail "h5_tamper failed"
"$verify" --data-dir "$data" "$dir/sets.h5" >"$dir/sets.txt"
status=$?
[ $status = 1 ] || { cat "$dir/sets.txt"; fail "a forged sets row: status $status, expected 1"; }
grep -q "^  {1,2,3} .* FAIL$" "$dir/sets.txt" || fail "the forged {1,2,3} was not reported"
grep -q "sets: every S within {1..10} .*FAIL$" "$dir/sets.txt" || fail "the definition did not catch the forged row"
cp "$dir/r.h5" "$dir/three.h5"
"$tamper" "$dir/three.h5" copy /three_move/period 1 0 || fail "h5_tamper failed"
"$verify" --data-dir "$data" "$dir/three.h5" >"$dir/three.txt"
status=$?
[ $status = 1 ] || { cat "$dir/three.txt"; fail "a forged three-move row: status $status, expected 1"; }
grep -q "three-move games: every c <= 30 .*FAIL$" "$dir/three.txt" || fail "the definition did not catch the forged three-move row"

# The same file against reference data with one published figure changed.
cp -r "$data" "$dir/data"
chmod -R u+w "$dir/data"
sed -i 's/^s134.period = 7$/s134.period = 6/' "$dir/data/subtraction-census.txt"
"$verify" --data-dir "$dir/data" "$dir/r.h5" >"$dir/fail.txt"
status=$?
[ $status = 1 ] || fail "verify against an altered s134.period: status $status, expected 1"
grep -q "^  {1,3,4} .* FAIL$" "$dir/fail.txt" || fail "the altered period of {1,3,4} was not reported"
tail -1 "$dir/fail.txt" | grep -q "^verdict: FAIL (1 of " || fail "verdict: $(tail -1 "$dir/fail.txt")"
echo "PASS: a correct census passes; forged rows and a changed published figure fail"
