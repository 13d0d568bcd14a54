#!/usr/bin/env bash
# --share-window (the proven positions rank 0 keeps to ship with --job-search) is run
# control: with a window of one position on 2 ranks every opening has the sequential
# search's outcome, and the option is not among the run's parameters (so a resume may
# change it).
#   share_window_test.sh DRIVER [driver options: vc dfpn openings]
set -uo pipefail
. "$(dirname "$0")/../../../cmake/run_test_lib.sh"
. "$(dirname "$0")/openings_lib.sh"
driver=$1; shift
opts=("$@")
dir=$(mktemp -d /tmp/cgt-share-window.XXXXXX)
trap 'rm -rf "$dir"' EXIT
"$driver" --quiet --out "$dir/sequential.h5" "${opts[@]}" || fail "the sequential run failed"
expected=$(outcomes "$dir/sequential.h5")
[ -n "$expected" ] || fail "the sequential run wrote no rows"
mpiexec --quiet --oversubscribe -n 2 "$driver" --quiet --out "$dir/window.h5" --job-search 8 \
  --share-window 1 "${opts[@]}" || fail "the run with --share-window 1 failed"
[ "$(outcomes "$dir/window.h5")" = "$expected" ] || {
  diff <(echo "$expected") <(outcomes "$dir/window.h5") | head
  fail "--share-window 1: outcomes other than the sequential search's"
}
h5dump -a /parameters "$dir/window.h5" | grep -q "job-search = 8" || fail "no job-search in the parameters"
h5dump -a /parameters "$dir/window.h5" | grep -q "share-window =" && fail "--share-window is in the parameters"
echo "PASS: $(echo "$expected" | wc -l) openings as the sequential search with --share-window 1 on 2 ranks"
