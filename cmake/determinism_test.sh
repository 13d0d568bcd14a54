#!/usr/bin/env bash
# Runs a driver at 1 rank and at 3 ranks and requires every table of the two result files
# to be identical (data, order, attributes including checksums; the root's provenance
# attributes aside). Columns that measure the run itself (seconds) can be left out; a
# table with a column left out is compared column by column (its checksum covers it all).
#   determinism_test.sh [--exclude TABLE/COLUMN]... DRIVER [driver options...]
set -uo pipefail
excluded=()
while [ "${1:-}" = --exclude ]; do excluded+=("$2"); shift 2; done
driver=$1; shift
dir=$(mktemp -d /tmp/cgt-determinism.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for n in 1 3; do
  mpiexec --quiet --oversubscribe -n $n "$driver" --quiet --out "$dir/r$n.h5" "$@" || { echo "FAIL: $n-rank run failed"; exit 1; }
done
tables=$(h5ls "$dir/r1.h5" | awk '$2 == "Group" {print $1}')
[ -n "$tables" ] || { echo "FAIL: no tables in the result file"; exit 1; }
is_excluded() { local e; for e in "${excluded[@]}"; do [ "$e" = "$1" ] && return 0; done; return 1; }
for t in $tables; do
  partial=0
  for c in $(h5ls "$dir/r1.h5/$t" | awk '{print $1}'); do is_excluded "$t/$c" && partial=1; done
  if [ $partial = 0 ]; then
    h5diff -c "$dir/r1.h5" "$dir/r3.h5" "/$t" "/$t" || { echo "FAIL: table $t differs between 1 and 3 ranks"; exit 1; }
    echo "table $t: identical at 1 and 3 ranks"
    continue
  fi
  for c in $(h5ls "$dir/r1.h5/$t" | awk '{print $1}'); do
    is_excluded "$t/$c" && { echo "column $t/$c: left out (it measures the run)"; continue; }
    h5diff "$dir/r1.h5" "$dir/r3.h5" "/$t/$c" "/$t/$c" || { echo "FAIL: column $t/$c differs between 1 and 3 ranks"; exit 1; }
    echo "column $t/$c: identical at 1 and 3 ranks"
  done
done
