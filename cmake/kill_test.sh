#!/usr/bin/env bash
# Kills a running driver after SECONDS and requires that only OUT.partial is left (no OUT),
# marked complete = 0.
#   kill_test.sh SECONDS DRIVER [driver options...]   (the options must not include --out)
set -uo pipefail
after=$1 driver=$2; shift 2
dir=$(mktemp -d /tmp/cgt-kill.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpiexec --quiet --oversubscribe -n 2 "$driver" --quiet --out "$dir/r.h5" "$@" &
pid=$!
sleep "$after"
kill -TERM $pid 2>/dev/null || { echo "FAIL: the run ended before it was killed; use a larger size"; exit 1; }
wait $pid 2>/dev/null
[ -e "$dir/r.h5" ] && { echo "FAIL: $dir/r.h5 exists after the kill"; exit 1; }
[ -e "$dir/r.h5.partial" ] || { echo "FAIL: no r.h5.partial left"; exit 1; }
complete=$(h5dump -a /complete "$dir/r.h5.partial" 2>/dev/null | sed -n 's/^ *(0): \([0-9]*\)/\1/p')
[ "${complete:-0}" = 0 ] || { echo "FAIL: the partial file says complete = $complete"; exit 1; }
echo "PASS: killed after $after s: only r.h5.partial (complete = ${complete:-unreadable}) is left"
