#!/usr/bin/env bash
# A verify program checks the tables against the run's parameters: a file whose parameter
# NAME is forged to VALUE (with a matching parameters_checksum, so the reader accepts it)
# fails the check named by CHECK_RE, and the genuine file passes it.
#   verify_parameters_test.sh DRIVER VERIFY TAMPER DATA_DIR NAME VALUE CHECK_RE [DRIVER ARGS...]
set -u
driver=$1 verify=$2 tamper=$3 data=$4 name=$5 value=$6 check_re=$7
shift 7
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$driver" "$@" --out "$dir/a.h5" --quiet || fail "$driver failed"
"$verify" --data-dir "$data" "$dir/a.h5" >"$dir/good.txt" 2>&1 || { cat "$dir/good.txt"; fail "the genuine file does not pass"; }
grep -E -- "$check_re" "$dir/good.txt" | grep -q " ok" || { cat "$dir/good.txt"; fail "no passed check matching $check_re"; }
"$tamper" "$dir/a.h5" forge-parameter "$name" "$value" || fail "h5_tamper failed"
"$verify" --data-dir "$data" "$dir/a.h5" >"$dir/bad.txt" 2>&1
rc=$?
[ "$rc" = 1 ] || { cat "$dir/bad.txt"; fail "status $rc on the forged file, expected 1"; }
grep -E -- "$check_re" "$dir/bad.txt" | grep -q "FAIL" || { cat "$dir/bad.txt"; fail "no failed check matching $check_re"; }
echo "ok: $name = $value fails '$check_re'"
