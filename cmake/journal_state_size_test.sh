#!/usr/bin/env bash
# A long task that replaces its whole state (TaskContext::replace_state) keeps one state in its
# journal however often it saves. Run with --journal-every 0 (a save at every step) and killed
# by the skeleton's test hook once its 2nd and, in another run, its 8th saved state is durable
# (no clock): each journal holds one state file (state-T.log), no state record in its log, and
# besides the state file no more bytes after 8 saves than after 2. The journal of 8 saves then
# resumes to the tables of an uninterrupted run.
#   journal_state_size_test.sh CGT_MERGE JOURNAL_TAMPER DRIVER [driver options: one long task]
set -uo pipefail
. "$(dirname "$0")/run_test_lib.sh"
merge=$1 tamper=$2 driver=$3; shift 3
opts=("$@")
dir=$(mktemp -d /tmp/cgt-state-size.XXXXXX)
trap 'rm -rf "$dir"' EXIT
bytes() { if [ $# -gt 0 ] && [ -e "$1" ]; then stat -c %s "$@" | awk '{ s += $1 } END { print s + 0 }'; else echo 0; fi; }

"$driver" --quiet --out "$dir/whole.h5" "${opts[@]}" || fail "the uninterrupted run failed"
for saves in 2 8; do
  out=$dir/saves-$saves.h5 journal=$dir/saves-$saves.h5.journal
  CGT_TEST_KILL_AFTER_STATES=$saves "$driver" --quiet --out "$out" --journal-every 0 "${opts[@]}"
  status=$?
  [ $status = 137 ] || fail "$saves saves: status $status, expected the hook's kill (137): too short a task?"
  states=("$journal"/state-*.log)
  [ ${#states[@]} = 1 ] && [ -e "${states[0]}" ] || fail "$saves saves: ${#states[@]} state files: $(ls "$journal")"
  for log in "$journal"/rank-*.log; do
    n=$("$tamper" "$log" states)
    [ "${n:-x}" = 0 ] || fail "$saves saves: $log holds ${n:-?} saved states besides the state file"
  done
  state_bytes[$saves]=$(bytes "${states[0]}")
  rest_bytes[$saves]=$(bytes "$journal"/rank-*.log)
  echo "$saves saves: a state file of ${state_bytes[$saves]} bytes, the logs ${rest_bytes[$saves]} bytes"
done
[ "${rest_bytes[8]}" -le "${rest_bytes[2]}" ] || fail "the logs grew from ${rest_bytes[2]} to ${rest_bytes[8]} bytes between 2 and 8 saves"
"$driver" --quiet --out "$dir/saves-8.h5" --resume "${opts[@]}" || fail "the resume after 8 saves failed"
[ -e "$dir/saves-8.h5.journal" ] && fail "the journal is still there after the resumed run completed"
same_tables "$dir/whole.h5" "$dir/saves-8.h5" "resumed after 8 saves"
echo "PASS: one state in the journal after 2 and after 8 saves; resumed to the uninterrupted run's tables"
