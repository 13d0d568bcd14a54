#!/usr/bin/env bash
# Rank 0 prints its stop line even where another rank ends by itself first. mpiexec ends the
# whole job once a rank has ended with a non-zero status, at once with
# odls_base_sigkill_timeout 0 (as jobs/run sets it): a rank other than 0 that ends by itself
# on a stop (in the final write, in a task that never asks) must wait for rank 0 to end. On 2
# ranks, rank 0 held by a hook (CGT_TEST_PARK_IN_FINAL_WRITE, or CGT_TEST_PARK_AFTER_TASKS
# with every task made to sleep 600 s after it is journaled), the other rank alone gets
# SIGUSR1 first; once it waits for rank 0 (CGT_TEST_MARK_WAIT_FOR_ROOT: it says so, and waits
# without its bound) rank 0 gets SIGUSR1: status 3, rank 0's one 'stopped by SIGUSR1' line,
# no result file, and the printed command completes a file that verifies. A build where the
# other rank ends at once fails here: mpiexec kills rank 0 before its line.
#   stop_rank_order_test.sh DRIVER VERIFY [driver options...]
set -uo pipefail
. "$(dirname "$0")/run_test_lib.sh"
driver=$1 verify=$2; shift 2
name=$(basename "$driver")
dir=$(mktemp -d /tmp/cgt-stop-order.XXXXXX)
pid=
trap '[ -n "$pid" ] && kill -KILL $(session) 2>/dev/null; rm -rf "$dir"' EXIT
export OMPI_MCA_odls_base_sigkill_timeout=0
export OMPI_MCA_hwloc_base_binding_policy=${OMPI_MCA_hwloc_base_binding_policy:-none}

for case in "in the final write" "during a task"; do
  out=$dir/${case// /-}.h5
  rm -f "$dir/hold" "$dir/waits"
  hooks=(CGT_TEST_PARK_IN_FINAL_WRITE="$dir/hold")
  [ "$case" = "during a task" ] && hooks=(CGT_TEST_PARK_AFTER_TASKS="1:$dir/hold" CGT_TEST_TASK_SECONDS=600)
  env "${hooks[@]}" CGT_TEST_MARK_WAIT_FOR_ROOT="$dir/waits" setsid mpiexec --quiet --oversubscribe -n 2 \
    "$driver" --quiet --out "$out" "$@" >/dev/null 2>"$dir/err" &
  pid=$! # setsid runs mpiexec in this process: the ranks are its children
  until [ -e "$dir/hold" ]; do # the hook's file, rank 0's process id in it: rank 0 is there now
    alive || { cat "$dir/err"; fail "$case: the run ended before rank 0 held"; }
    sleep 0.05
  done
  root=$(cat "$dir/hold")
  other=$(ps -o pid= --ppid "$pid" | awk -v r="$root" '$1 != r { print $1 }')
  [ "$(echo "$other" | grep -c .)" = 1 ] || fail "$case: not one rank beside rank 0 ($root) under mpiexec: '$other'"
  kill -USR1 "$other"
  until [ -e "$dir/waits" ]; do # the other rank waits for rank 0 now, or (wrongly) the run ended
    alive || break
    sleep 0.05
  done
  alive && kill -USR1 "$root"
  for _ in $(seq 600); do alive || break; sleep 0.05; done # hang guard: 30 s
  alive && fail "$case: still running 30 s after the signals"
  wait $pid
  status=$?
  pid=
  [ $status = 3 ] || { cat "$dir/err"; fail "$case: status $status, expected 3"; }
  line="^$name: stopped by SIGUSR1 $case; the tasks done are kept in $out.journal; continue with: .* --resume$"
  if [ "$(wc -l <"$dir/err")" != 1 ] || ! grep -Eq -- "$line" "$dir/err"; then
    echo "--- stderr:"; cat "$dir/err"
    fail "$case: the other rank ended first and rank 0's line is lost: not the one line '$line'"
  fi
  [ -e "$out" ] && fail "$case: a result file after the stop"
  [ -e "$out.lock" ] && fail "$case: the lock file is left after the stop"
  resume=$(sed 's/.*; continue with: //' "$dir/err" | sed 's/^mpiexec /mpiexec --quiet --oversubscribe /')
  eval "$resume" >/dev/null 2>&1 || fail "$case: the printed command failed: $resume"
  "$verify" "$out" >"$dir/verify" 2>&1 || { tail "$dir/verify"; fail "$case: the resumed file does not verify"; }
  echo "PASS: 2 ranks, the other rank signalled first and waiting, then rank 0: status 3, '$(cut -c1-100 "$dir/err")...'; the printed command completes a file that verifies"
done
