#!/usr/bin/env bash
# A stop signal where the skeleton does not poll for one ends the run at once all the same,
# with status 3 and one line naming the journal and the command that continues it, and no
# result file; that command completes a file that verifies. Two places, each reached for
# certain through the skeleton's hooks:
#   - the final write (rank 0 held by CGT_TEST_PARK_IN_FINAL_WRITE, its tables written and
#     the file not renamed);
#   - a task that never asks whether to stop (every task made to sleep 600 s after it is
#     journaled, CGT_TEST_TASK_SECONDS; the signal sent while rank 0 is held after its first
#     task, CGT_TEST_PARK_AFTER_TASKS): the run ends a grace second after the signal.
# 1 rank: SIGTERM to the driver; 2 ranks: SIGUSR1 to mpiexec (which passes it to every rank).
#   stop_anywhere_test.sh DRIVER VERIFY [driver options...]
set -uo pipefail
. "$(dirname "$0")/run_test_lib.sh"
driver=$1 verify=$2; shift 2
name=$(basename "$driver")
dir=$(mktemp -d /tmp/cgt-stop-final.XXXXXX)
pid=
trap '[ -n "$pid" ] && kill -KILL $(session) 2>/dev/null; rm -rf "$dir"' EXIT

for case in "in the final write" "during a task"; do
 for ranks in 1 2; do
  out=$dir/${case// /-}-$ranks.h5
  signal=TERM launcher=()
  [ $ranks = 2 ] && signal=USR1 launcher=(mpiexec --quiet --oversubscribe -n 2)
  rm -f "$dir/hold"
  hooks=(CGT_TEST_PARK_IN_FINAL_WRITE="$dir/hold")
  [ "$case" = "during a task" ] && hooks=(CGT_TEST_PARK_AFTER_TASKS="1:$dir/hold" CGT_TEST_TASK_SECONDS=600)
  env "${hooks[@]}" setsid "${launcher[@]}" "$driver" --quiet --out "$out" "$@" >/dev/null 2>"$dir/err" &
  pid=$!
  until [ -e "$dir/hold" ]; do # the hook's file: rank 0 is there now
    alive || { cat "$dir/err"; fail "$ranks rank(s): the run ended before it held $case"; }
    sleep 0.05
  done
  start=$(date +%s%N)
  kill -$signal $pid
  for _ in $(seq 600); do alive || break; sleep 0.05; done # hang guard: 30 s
  alive && fail "$ranks rank(s), $case: still running 30 s after the signal"
  wait $pid
  status=$?
  pid=
  seconds=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
  [ $status = 3 ] || { cat "$dir/err"; fail "$ranks rank(s): SIG$signal $case: status $status, expected 3"; }
  line="^$name: stopped by SIG$signal $case; the tasks done are kept in $out.journal; continue with: .* --resume$"
  if [ "$(wc -l <"$dir/err")" != 1 ] || ! grep -Eq -- "$line" "$dir/err"; then
    cat "$dir/err"
    fail "$ranks rank(s), $case: not the one line '$line'"
  fi
  [ -e "$out" ] && fail "$ranks rank(s): a result file after the stop"
  [ -e "$out.lock" ] && fail "$ranks rank(s): the lock file is left after the stop"
  resume=$(sed 's/.*; continue with: //' "$dir/err" | sed 's/^mpiexec /mpiexec --quiet --oversubscribe /')
  eval "$resume" >/dev/null 2>&1 || fail "$ranks rank(s): the printed command failed: $resume"
  "$verify" "$out" >"$dir/verify" 2>&1 || { tail "$dir/verify"; fail "$ranks rank(s): the resumed file does not verify"; }
  [ -e "$out.journal" ] && fail "$ranks rank(s): the journal is left after the resumed run"
  echo "PASS: $ranks rank(s): SIG$signal $case: status 3 after $seconds s, '$(cut -c1-110 "$dir/err")...'; the printed command completes a file that verifies"
 done
done
