#!/usr/bin/env bash
# A driver killed with SIGKILL at three points and resumed gives the tables of a run that was
# never interrupted (tables that measure the run aside), and removes its journal when done:
#   early   killed after its first task (or saved state) is in the journal; resumed on 2 ranks
#   middle  killed with half its tasks done (or --middle-tasks N) on 2 ranks; resumed on 3
#           (another rank count)
#   final   killed while it writes the result file; resumed on 1 rank
# Sequential drivers (--serial) run on 1 rank throughout and are killed after their first
# and their third saved state.
#   resume_test.sh [--serial] [--exclude TABLE]... CGT_MERGE DRIVER [driver options...]
set -uo pipefail
. "$(dirname "$0")/run_test_lib.sh"
cgt_test_options "$@"
set -- "${rest[@]}"
merge=$1 driver=$2; shift 2
opts=("$@")
dir=$(mktemp -d /tmp/cgt-resume.XXXXXX)
pid=
trap '[ -n "$pid" ] && kill -KILL $(session) 2>/dev/null; rm -rf "$dir"' EXIT
# Every task lasts 5 ms longer (the skeleton's test hook), so that the kills land mid-run
# however fast the machine is.
export CGT_TEST_TASK_SECONDS=${CGT_TEST_TASK_SECONDS:-0.005}
launch() { # RANKS OUT [options]: runs in the background in a session of its own
  local n=$1 out=$2; shift 2
  if [ $serial = 1 ] || [ "$n" = 1 ]; then
    setsid "$driver" --quiet --out "$out" "$@" "${opts[@]}" &
  else
    setsid mpiexec --quiet --oversubscribe -n "$n" "$driver" --quiet --out "$out" "$@" "${opts[@]}" &
  fi
  pid=$!
}
run() { launch "$@"; wait "$pid"; local s=$?; pid=; return $s; }
wait_for() { # DESCRIPTION TEST: polls TEST while the run lives (up to 10 min)
  local i
  for i in $(seq 6000); do
    eval "$2" && return 0
    alive || fail "the run ended before $1; use a larger size"
    sleep 0.1
  done
  fail "no $1 within 10 minutes"
}
resumed() { # RANKS OUT WHAT
  run "$1" "$2" --resume || fail "$3: the resumed run failed"
  [ -e "$2.journal" ] && fail "$3: the journal is still there after the run completed"
  same_tables "$dir/whole.h5" "$2" "$3"
  echo "PASS: $3: every table is identical to the uninterrupted run's"
}
two=2 three=3
[ $serial = 1 ] && two=1 three=1

run "$two" "$dir/whole.h5" || fail "the uninterrupted run failed"

# Early: the first record.
launch "$two" "$dir/early.h5"
wait_for "a first record in the journal" 'journal_state "$dir/early.h5.journal"; [ $((done_tasks + states)) -ge 1 ]'
kill_run
journal_state "$dir/early.h5.journal"
echo "early: killed with $done_tasks of $all_tasks tasks and $states saved states in the journal"
[ -e "$dir/early.h5" ] || [ -e "$dir/early.h5.partial" ] && fail "early: a result file exists after the kill"
resumed "$two" "$dir/early.h5" "killed early on $two rank(s), resumed on $two"

# Middle: half of the tasks (or a third saved state).
launch "$two" "$dir/middle.h5"
if [ $serial = 1 ]; then
  wait_for "a third saved state" 'journal_state "$dir/middle.h5.journal"; [ "$states" -ge 3 ]'
else
  # A job that skips tasks (Job::skips_tasks) ends with fewer than half done: N of them then.
  wait_for "half of the tasks (or --middle-tasks) done" 'journal_state "$dir/middle.h5.journal"; [ "$all_tasks" -gt 0 ] && { [ $((2 * done_tasks)) -ge "$all_tasks" ] || { [ -n "$middle_tasks" ] && [ "$done_tasks" -ge "$middle_tasks" ]; }; }'
fi
kill_run
journal_state "$dir/middle.h5.journal"
echo "middle: killed with $done_tasks of $all_tasks tasks and $states saved states in the journal"
resumed "$three" "$dir/middle.h5" "killed in the middle on $two rank(s), resumed on $three"

# Final: while the result file is written (the skeleton waits before its rename).
CGT_TEST_HOLD_FINAL_WRITE=600 launch "$two" "$dir/final.h5"
wait_for "the result file being written" '[ -e "$dir/final.h5.partial" ]'
sleep 0.5
kill_run
[ -e "$dir/final.h5" ] && fail "final: the result file was renamed although the run was killed first"
complete=$(h5dump -a /complete "$dir/final.h5.partial" 2>/dev/null | sed -n 's/^ *(0): \([0-9]*\)/\1/p')
[ "${complete:-0}" = 0 ] || fail "final: the .partial file says complete = $complete"
journal_state "$dir/final.h5.journal"
# (A job that skips tasks, --middle-tasks, holds only the tasks it needed.)
[ "$done_tasks" = "$all_tasks" ] || [ -n "$middle_tasks" ] || fail "final: the journal holds $done_tasks of $all_tasks tasks"
echo "final: killed during the final write; the journal holds $done_tasks of $all_tasks tasks"
resumed 1 "$dir/final.h5" "killed during the final write on $two rank(s), resumed on 1"
