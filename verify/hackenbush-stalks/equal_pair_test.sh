#!/usr/bin/env bash
# The distinctness check can fail: a file in which one stalk is given another's value (its
# table checksum forged to match, so the reader accepts it) fails with that pair named.
#   equal_pair_test.sh DRIVER VERIFY H5_TAMPER
set -uo pipefail
driver=$1 verify=$2 tamper=$3
dir=$(mktemp -d /tmp/cgt-equal-pair-test.XXXXXX)
trap 'rm -rf "$dir"' EXIT
"$driver" --max-length 6 --quiet --out "$dir/r.h5" || { echo "FAIL: the driver failed"; exit 1; }
# Rows 3 and 4 are BB (value 2) and BR (value 1/2): BR is given BB's value.
"$tamper" "$dir/r.h5" copy /stalks/value 3 4 || { echo "FAIL: h5_tamper failed"; exit 1; }
"$verify" "$dir/r.h5" >"$dir/out.txt"; rc=$?
[ $rc = 1 ] || { cat "$dir/out.txt"; echo "FAIL: status $rc on a file with an equal pair, expected 1"; exit 1; }
grep -A2 '^  length 2: FAIL' "$dir/out.txt" | grep -q 'ours: *first equal pair: BB and BR, both 2$' ||
  { cat "$dir/out.txt"; echo "FAIL: the pair BB, BR is not named at length 2"; exit 1; }
"$verify" --json "$dir/r.h5" >"$dir/out.json"
grep -q '"ours": *"first equal pair: BB and BR, both 2"' "$dir/out.json" ||
  { cat "$dir/out.json"; echo "FAIL: --json does not name the pair"; exit 1; }
grep -A2 '^  length 3: ok' "$dir/out.txt" | grep -q 'ours: *all 27 stalks of length 3 have distinct values$' ||
  { cat "$dir/out.txt"; echo "FAIL: length 3 is not stated distinct"; exit 1; }
echo "PASS: status 1, the pair BB and BR named (text and --json), the other lengths distinct"
