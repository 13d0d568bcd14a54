#!/usr/bin/env bash
# Runs cgt-hex-openings at 1 and 3 ranks and requires every column of the openings table to
# be identical except `seconds` (wall time per opening, which no two runs share). The
# project's determinism_test.sh compares whole tables, so this job has its own.
#   same_tables.sh DRIVER [driver options...]
set -uo pipefail
driver=$1; shift
dir=$(mktemp -d /tmp/cgt-hex-determinism.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for n in 1 3; do
  mpiexec --quiet --oversubscribe -n $n "$driver" --quiet --out "$dir/r$n.h5" "$@" || { echo "FAIL: $n-rank run failed"; exit 1; }
done
columns=$(h5ls "$dir/r1.h5/openings" | awk '{print $1}')
[ -n "$columns" ] || { echo "FAIL: no openings table in the result file"; exit 1; }
echo "$columns" | grep -qx seconds || { echo "FAIL: no seconds column"; exit 1; }
for c in $columns; do
  [ "$c" = seconds ] && continue
  if ! h5diff "$dir/r1.h5" "$dir/r3.h5" "/openings/$c" "/openings/$c"; then
    echo "FAIL: column $c differs between 1 and 3 ranks"; exit 1
  fi
  echo "column $c: identical at 1 and 3 ranks"
done
