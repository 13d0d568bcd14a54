#!/usr/bin/env bash
# A driver killed with SIGKILL at three points and resumed gives the tables of a run that was
# never interrupted (tables that measure the run aside), and removes its journal when done:
#   early   killed once its first task is in the journal; resumed on 2 ranks
#   middle  killed on 2 ranks once a rank has a quarter of the tasks (or --middle-tasks N,
#           half of N) in its journal, so that about half are done; resumed on 3 (another
#           rank count)
#   final   killed after the result file's tables are written, before its rename; then
#           stopped by SIGTERM while --resume reads its journal (status 3, the journal
#           unchanged); resumed on 1 rank
# Sequential drivers (--serial) run on 1 rank throughout and are killed after their first
# and their third saved state. Every kill is the driver's own, at a point it reaches for
# certain (the skeleton's test hooks, drivers/common/runtime/test_hooks.hpp): no clock, no
# polling of a live run.
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
killed() { # WHAT RANKS OUT [options]: a run that a test hook in its environment kills
  local what=$1; shift
  launch "$@" 2>"$dir/killed.err"
  wait "$pid"
  local s=$?
  [ "$s" = 0 ] && fail "$what: the run completed although a test hook was to kill it"
  kill_run # what is left of the run's session (mpiexec's other ranks)
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

# Early: the first task (or saved state) in the journal.
if [ $serial = 1 ]; then
  CGT_TEST_KILL_AFTER_STATES=1 killed early "$two" "$dir/early.h5"
else
  CGT_TEST_KILL_AFTER_TASKS=1 killed early "$two" "$dir/early.h5"
fi
journal_state "$dir/early.h5.journal"
echo "early: killed with $done_tasks of $all_tasks tasks and $states saved states in the journal"
[ $((done_tasks + states)) -ge 1 ] || fail "early: nothing in the journal after the kill"
[ -e "$dir/early.h5" ] || [ -e "$dir/early.h5.partial" ] && fail "early: a result file exists after the kill"
tasks=$all_tasks
resumed "$two" "$dir/early.h5" "killed early on $two rank(s), resumed on $two"

# Middle: about half of the tasks (or a third saved state). A job that skips tasks
# (Job::skips_tasks) ends with fewer than half done: --middle-tasks N of them then. With N
# tasks to reach on 2 ranks, a rank reaches ceil(N / 2) of its own for certain.
if [ $serial = 1 ]; then
  CGT_TEST_KILL_AFTER_STATES=3 killed middle "$two" "$dir/middle.h5"
else
  target=${middle_tasks:-$(((tasks + 1) / 2))}
  per_rank=$(((target + 1) / 2))
  [ "$per_rank" -ge 1 ] || fail "middle: the job has $tasks tasks"
  CGT_TEST_KILL_AFTER_TASKS=$per_rank killed middle "$two" "$dir/middle.h5"
fi
journal_state "$dir/middle.h5.journal"
echo "middle: killed with $done_tasks of $all_tasks tasks and $states saved states in the journal"
if [ $serial = 1 ]; then
  [ "$states" -ge 1 ] || [ "$done_tasks" -ge 1 ] || fail "middle: no saved state in the journal after the kill"
else
  [ "$done_tasks" -ge "$per_rank" ] || fail "middle: $done_tasks tasks in the journal, a rank had $per_rank"
fi
resumed "$three" "$dir/middle.h5" "killed in the middle on $two rank(s), resumed on $three"

# Final: after the result file's tables are written, before its rename.
CGT_TEST_KILL_BEFORE_RENAME=1 killed final "$two" "$dir/final.h5"
[ -e "$dir/final.h5" ] && fail "final: the result file was renamed although the run was killed first"
complete=$(h5dump -a /complete "$dir/final.h5.partial" 2>/dev/null | sed -n 's/^ *(0): \([0-9]*\)/\1/p')
[ "${complete:-0}" = 0 ] || fail "final: the .partial file says complete = $complete"
journal_state "$dir/final.h5.journal"
# (A job that skips tasks, --middle-tasks, holds only the tasks it needed.)
[ "$done_tasks" = "$all_tasks" ] || [ -n "$middle_tasks" ] || fail "final: the journal holds $done_tasks of $all_tasks tasks"
echo "final: killed during the final write; the journal holds $done_tasks of $all_tasks tasks"

# Stopped while --resume reads the journal (a SIGTERM after its first task read): status 3,
# no result file, and the journal as it was: byte for byte, or, where the resume compacted it
# first (the saved states of finished tasks dropped), with the same tasks, rows and states.
cp -r "$dir/final.h5.journal" "$dir/final.before"
"$merge" --list --rows "$dir/final.h5.journal" >"$dir/list.before" 2>&1
run_status=0
CGT_TEST_STOP_IN_RESTORE=1 run 1 "$dir/final.h5" --resume 2>"$dir/stop.err" || run_status=$?
[ "$run_status" = 3 ] || { cat "$dir/stop.err"; fail "reading: a SIGTERM while the journal is read ended the run with status $run_status, not 3"; }
if ! diff -r "$dir/final.before" "$dir/final.h5.journal" >/dev/null; then
  "$merge" --list --rows "$dir/final.h5.journal" >"$dir/list.after" 2>&1
  diff "$dir/list.before" "$dir/list.after" || fail "reading: the journal changed when a SIGTERM stopped its reading"
fi
[ -e "$dir/final.h5" ] && fail "reading: a result file exists after the stop"
echo "reading: a SIGTERM while the journal is read stops the run with status 3, the journal unchanged"
resumed 1 "$dir/final.h5" "killed during the final write on $two rank(s), resumed on 1"
