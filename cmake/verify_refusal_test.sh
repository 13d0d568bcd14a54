#!/usr/bin/env bash
# A verify program passes a fresh result file of its job and refuses (status 2, one line
# naming why) the same file renamed .partial, marked incomplete, written by another
# program, with one data value altered, or with its parameters attribute edited.
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
# The same report as JSON (--json) parses, passes, and holds the checks the text counted.
"$verify" --json "$dir/good.h5" >"$dir/out.json" || fail "verify --json of a fresh file failed"
/usr/bin/python3 -m json.tool "$dir/out.json" >/dev/null || fail "verify --json does not parse"
/usr/bin/python3 -c '
import json, re, sys
d = json.load(open(sys.argv[1]))
n = int(re.search(r"\((\d+) checks", open(sys.argv[2]).read().splitlines()[-1]).group(1))
assert d["verdict"] == "PASS" and d["failed"] == 0 and d["checks_total"] == n == len(d["checks"]), (d["verdict"], n)
assert all(set(c) >= {"name", "published", "ours", "verdict"} for c in d["checks"]) and d["sources"]
print("fresh file as JSON:", d["checks_total"], "checks,", len(d["sources"]), "sources")' "$dir/out.json" "$dir/out.txt" ||
  fail "verify --json disagrees with the text report"

expect_refusal() { # NAME FILE REGEX
  "$verify" "$2" >"$dir/out.txt" 2>"$dir/err.txt"
  local status=$?
  [ $status = 2 ] || { cat "$dir/out.txt" "$dir/err.txt"; fail "$1: status $status, expected 2"; }
  [ "$(wc -l <"$dir/err.txt")" = 1 ] || { cat "$dir/err.txt"; fail "$1: stderr is not one line"; }
  grep -Eq "$3" "$dir/err.txt" || fail "$1: '$(cat "$dir/err.txt")' does not match '$3'"
  echo "$1: refused: $(cat "$dir/err.txt")"
  { "$verify" --json "$2" 2>/dev/null || true; } | /usr/bin/python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["verdict"] == "REFUSED" and d["error"], d' || fail "$1: --json does not say REFUSED"
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
for edit in "garbage = 1" "max-heap = 9"; do # another provenance: a plausible and an unknown option
  cp "$dir/good.h5" "$dir/params.h5"
  "$tamper" "$dir/params.h5" set-text parameters "$edit" || fail "h5_tamper failed"
  expect_refusal "parameters set to '$edit'" "$dir/params.h5" "the parameters attribute does not match its checksum"
done
echo "PASS"
