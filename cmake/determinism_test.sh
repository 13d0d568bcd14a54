#!/usr/bin/env bash
# Runs a driver at 1 rank and at 3 ranks and requires every table of the two result files
# to be identical (data, order, checksums; the root's provenance attributes aside).
#   determinism_test.sh DRIVER [driver options...]
set -uo pipefail
driver=$1; shift
dir=$(mktemp -d /tmp/cgt-determinism.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for n in 1 3; do
  mpiexec --quiet --oversubscribe -n $n "$driver" --quiet --out "$dir/r$n.h5" "$@" || { echo "FAIL: $n-rank run failed"; exit 1; }
done
tables=$(h5ls "$dir/r1.h5" | awk '$2 == "Group" {print $1}')
[ -n "$tables" ] || { echo "FAIL: no tables in the result file"; exit 1; }
for t in $tables; do
  if ! h5diff -c "$dir/r1.h5" "$dir/r3.h5" "/$t" "/$t"; then echo "FAIL: table $t differs between 1 and 3 ranks"; exit 1; fi
  echo "table $t: identical at 1 and 3 ranks"
done
