#!/usr/bin/env bash
# A journal damaged after it was written (one flipped byte) is never trusted: --resume refuses
# it with one line and status 2 and writes nothing, whether the byte is in a task's rows, in a
# record's frame or in a long task's saved state. Only the last record of a file may be cut
# short by a crash: one that fails its hash is dropped and its task computed again, so the
# result still equals an uninterrupted run's.
#   journal_damage_test.sh tasks CGT_MERGE JOURNAL_TAMPER DRIVER [driver options...]
#       a part of the first 3 tasks is journaled; task 0's rows, task 0's frame and the last
#       record (task 2) are damaged in turn
#   journal_damage_test.sh state CGT_MERGE JOURNAL_TAMPER DRIVER [driver options...]
#       a sequential driver with one long task is stopped (SIGTERM) after 3 saved states;
#       the first saved state (in the log, or the task's state file) is damaged
set -uo pipefail
. "$(dirname "$0")/run_test_lib.sh"
mode=$1 merge=$2 tamper=$3 driver=$4; shift 4
opts=("$@")
dir=$(mktemp -d /tmp/cgt-damage.XXXXXX)
pid=
trap '[ -n "$pid" ] && kill -KILL $(session) 2>/dev/null; rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cases=0

# refused NAME OUT: --resume of OUT's journal is status 2, one line naming the damage, no file.
refused() {
  local err=$dir/$1.err rc
  cases=$((cases + 1))
  "$driver" --quiet --resume --out "$2" "${opts[@]}" >/dev/null 2>"$err"
  rc=$?
  if [ $rc != 2 ] || [ "$(wc -l <"$err")" != 1 ] ||
    ! grep -Eq "^error: --resume: .*/(rank|state)-0\.log is damaged: .*(checksum|hash).*" "$err"; then
    echo "FAIL: $1: status $rc, stderr:"; head -c 2000 "$err"; echo; exit 1
  fi
  [ -e "$2" ] || [ -e "$2.partial" ] && fail "$1: a result file was written"
  echo "PASS: $1: refused: $(cat "$err")"
}
# copy FROM TO: a copy of FROM's journal for TO.
copy() { cp -r "$1.h5.journal" "$2.h5.journal"; }

if [ "$mode" = tasks ]; then
  "$driver" --quiet --out "$dir/whole.h5" "${opts[@]}" || fail "the uninterrupted run failed"
  "$driver" --quiet --tasks 0-2 --out "$dir/part.h5" "${opts[@]}" || fail "the part of tasks 0-2 failed"
  copy "$dir/part" "$dir/rows"; copy "$dir/part" "$dir/frame"; copy "$dir/part" "$dir/last"
  "$tamper" "$dir/rows.h5.journal/rank-0.log" flip 0 || fail "journal_tamper flip failed"
  refused "a flipped byte in task 0's rows" "$dir/rows.h5"
  "$tamper" "$dir/frame.h5.journal/rank-0.log" flip-frame 0 || fail "journal_tamper flip-frame failed"
  refused "a flipped byte in task 0's frame" "$dir/frame.h5"
  "$tamper" "$dir/last.h5.journal/rank-0.log" flip 2 || fail "journal_tamper flip failed"
  cases=$((cases + 1))
  "$driver" --quiet --resume --out "$dir/last.h5" "${opts[@]}" || fail "--resume after the last record was cut failed"
  same_tables "$dir/whole.h5" "$dir/last.h5" "the last record damaged"
  echo "PASS: a damaged last record is dropped as a torn write; the resumed file equals the uninterrupted run's"
else
  # Held at its third saved state (the skeleton's test hook), then stopped there.
  CGT_TEST_HOLD_AFTER_STATES=3 setsid "$driver" --quiet --out "$dir/state.h5" "${opts[@]}" &
  pid=$!
  wait_held "$dir/state.h5" || fail "the run ended before its third saved state; use a larger size"
  kill -TERM "$pid"
  wait "$pid"
  rc=$?
  pid=
  rm -f "$dir/state.h5.held"
  [ $rc = 3 ] || fail "the stopped run's status is $rc, not 3"
  # The saved states are in the log, or (a state replaced whole) in the task's state file.
  file=$dir/state.h5.journal/state-0.log
  [ -e "$file" ] || file=$dir/state.h5.journal/rank-0.log
  "$tamper" "$file" flip-state 0 || fail "journal_tamper flip-state failed"
  refused "a flipped byte in the first saved state" "$dir/state.h5"
fi
echo "PASS: $cases damaged journals: refused, or the torn last record dropped"
