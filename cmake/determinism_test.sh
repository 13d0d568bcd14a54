#!/usr/bin/env bash
# Runs a driver at 1 rank and at 3 ranks (or at each count of --ranks "1 2 3") and requires
# every table of the result files to be identical to the 1-rank run's (data, order,
# attributes including checksums; the root's provenance attributes aside). Columns that
# measure the run itself (seconds) can be left out; a table with a column left out is
# compared column by column (its checksum covers it all).
#   determinism_test.sh [--ranks "1 2 3"] [--exclude TABLE/COLUMN]... DRIVER [driver options...]
set -uo pipefail
excluded=()
counts="1 3"
while [ "${1:-}" = --exclude ] || [ "${1:-}" = --ranks ]; do
  if [ "$1" = --ranks ]; then counts=$2; else excluded+=("$2"); fi
  shift 2
done
driver=$1; shift
dir=$(mktemp -d /tmp/cgt-determinism.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for n in $counts; do
  mpiexec --quiet --oversubscribe -n $n "$driver" --quiet --out "$dir/r$n.h5" "$@" || { echo "FAIL: $n-rank run failed"; exit 1; }
done
for m in $counts; do
[ "$m" = 1 ] && continue
tables=$(h5ls "$dir/r1.h5" | awk '$2 == "Group" {print $1}')
[ -n "$tables" ] || { echo "FAIL: no tables in the result file"; exit 1; }
is_excluded() { local e; for e in "${excluded[@]}"; do [ "$e" = "$1" ] && return 0; done; return 1; }
rows_of() { h5dump -a "/$2/rows" "$1" 2>/dev/null | sed -n 's/^ *(0): \([0-9]*\)/\1/p'; }
# h5diff calls empty datasets "not comparable" and still exits 0: compare row counts first,
# and treat any "not comparable" as a difference.
h5diff_strict() {
  local out
  out=$(h5diff "$@" 2>&1); local status=$?
  [ -n "$out" ] && echo "$out"
  [ $status = 0 ] && ! echo "$out" | grep -qi "not comparable"
}
for t in $tables; do
  r1=$(rows_of "$dir/r1.h5" "$t") r3=$(rows_of "$dir/r$m.h5" "$t")
  [ -n "$r1" ] && [ "$r1" = "$r3" ] || { echo "FAIL: table $t has ${r1:-?} rows at 1 rank, ${r3:-?} at $m"; exit 1; }
  if [ "$r1" = 0 ]; then echo "table $t: empty at 1 and $m ranks"; continue; fi
  partial=0
  for c in $(h5ls "$dir/r1.h5/$t" | awk '{print $1}'); do is_excluded "$t/$c" && partial=1; done
  if [ $partial = 0 ]; then
    h5diff_strict -c "$dir/r1.h5" "$dir/r$m.h5" "/$t" "/$t" || { echo "FAIL: table $t differs between 1 and $m ranks"; exit 1; }
    echo "table $t: identical at 1 and $m ranks"
    continue
  fi
  for c in $(h5ls "$dir/r1.h5/$t" | awk '{print $1}'); do
    is_excluded "$t/$c" && { echo "column $t/$c: left out (it measures the run)"; continue; }
    h5diff_strict "$dir/r1.h5" "$dir/r$m.h5" "/$t/$c" "/$t/$c" || { echo "FAIL: column $t/$c differs between 1 and $m ranks"; exit 1; }
    echo "column $t/$c: identical at 1 and $m ranks"
  done
done
done
