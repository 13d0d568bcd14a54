#!/usr/bin/env bash
# A verify program passes a fresh result file of its job and refuses (status 2, one line
# naming why) the same file renamed .partial, marked incomplete, written by another
# program, or with one data value altered.
#   verify_refusal_test.sh [--ranks N] H5_TAMPER VERIFY DATASET DRIVER [driver options...]
# DATASET is a column to alter, e.g. /positions/value; the driver runs on N ranks (2).
set -uo pipefail
ranks=2
[ "$1" = --ranks ] && { ranks=$2; shift 2; }
tamper=$1 verify=$2 dataset=$3 driver=$4; shift 4
dir=$(mktemp -d /tmp/cgt-refusal.XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpiexec --quiet --oversubscribe -n "$ranks" "$driver" --quiet --out "$dir/good.h5" "$@" || fail "the driver failed"
"$verify" "$dir/good.h5" >"$dir/out.txt" 2>&1 || { cat "$dir/out.txt"; fail "verify of a fresh file failed"; }
echo "fresh file: $(tail -1 "$dir/out.txt")"

expect_refusal() { # NAME FILE REGEX
  "$verify" "$2" >"$dir/out.txt" 2>"$dir/err.txt"
  local status=$?
  [ $status = 2 ] || { cat "$dir/out.txt" "$dir/err.txt"; fail "$1: status $status, expected 2"; }
  [ "$(wc -l <"$dir/err.txt")" = 1 ] || { cat "$dir/err.txt"; fail "$1: stderr is not one line"; }
  grep -Eq "$3" "$dir/err.txt" || fail "$1: '$(cat "$dir/err.txt")' does not match '$3'"
  echo "$1: refused: $(cat "$dir/err.txt")"
}
cp "$dir/good.h5" "$dir/run.h5.partial"
expect_refusal "a .partial file" "$dir/run.h5.partial" "is a partial file"
cp "$dir/good.h5" "$dir/incomplete.h5"
"$tamper" "$dir/incomplete.h5" set-int complete 0 || fail "h5_tamper failed"
expect_refusal "complete = 0" "$dir/incomplete.h5" "is incomplete"
cp "$dir/good.h5" "$dir/other.h5"
"$tamper" "$dir/other.h5" set-text program cgt-other-job || fail "h5_tamper failed"
expect_refusal "another job's file" "$dir/other.h5" "written by cgt-other-job"
cp "$dir/good.h5" "$dir/altered.h5"
"$tamper" "$dir/altered.h5" bump "$dataset" || fail "h5_tamper failed"
expect_refusal "altered data in $dataset" "$dir/altered.h5" "data altered"
echo "PASS"
