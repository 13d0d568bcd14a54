#!/usr/bin/env bash
# A verify program passes a correct file (status 0) and fails it against reference data
# with one published figure changed (status 1). (Refused files: cgt_add_verify_refusal_test.)
#   verify_test.sh DRIVER VERIFY DATA_DIR KEY NEW_VALUE [driver options...]
set -uo pipefail
driver=$1 verify=$2 data=$3 key=$4 new_value=$5; shift 5
dir=$(mktemp -d /tmp/cgt-verify-test.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpiexec --quiet --oversubscribe -n 2 "$driver" --quiet --out "$dir/r.h5" "$@" || { echo "FAIL: the driver failed"; exit 1; }
"$verify" "$dir/r.h5" >"$dir/pass.txt"; rc=$?
[ $rc = 0 ] && grep -q '^verdict: PASS' "$dir/pass.txt" || { cat "$dir/pass.txt"; echo "FAIL: status $rc on a correct file"; exit 1; }
cp -r "$data" "$dir/data"
grep -q "^$key = " "$dir/data/hackenbush.txt" || { echo "FAIL: no key $key in hackenbush.txt"; exit 1; }
sed -i "s|^$key = .*|$key = $new_value|" "$dir/data/hackenbush.txt"
"$verify" --data-dir "$dir/data" "$dir/r.h5" >"$dir/fail.txt"; rc=$?
[ $rc = 1 ] && grep -q '^verdict: FAIL (1 of' "$dir/fail.txt" || { cat "$dir/fail.txt"; echo "FAIL: status $rc with $key changed, expected 1 and one failed check"; exit 1; }
echo "PASS: 0 on a correct file, 1 with $key changed ($(grep -c FAIL "$dir/fail.txt") FAIL lines)"
