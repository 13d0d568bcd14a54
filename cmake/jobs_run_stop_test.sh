#!/usr/bin/env bash
# jobs/run turns a SIGTERM or SIGINT into the ranks' stop: the nim job on 2 ranks, held after
# its first task by the skeleton's hook (CGT_TEST_PARK_AFTER_TASKS, so the signal lands
# mid-run for certain), gets SIGTERM (then SIGINT) on jobs/run itself, then SIGINT and SIGHUP
# on its whole process group, as a terminal's Ctrl-C and hangup come (mpiexec, in a group of
# its own, must not take them); jobs/run ends with status 3 (not mpiexec's own 1), the one
# 'stopped:' line of rank 0, the journal kept and no result file; the same jobs/run with
# --resume completes a file that verifies.
#   jobs_run_stop_test.sh SOURCE_DIR BIN_DIR
set -uo pipefail
. "$(dirname "$0")/run_test_lib.sh"
root=$1 bin=$2
dir=$(mktemp -d /tmp/cgt-jobs-run-stop.XXXXXX)
pid=
trap '[ -n "$pid" ] && kill -KILL $(session) 2>/dev/null; rm -rf "$dir"' EXIT
export CGT_BIN=$bin CGT_RANKS=2
options=(--heaps 4 --max-heap 30)

for case in TERM INT INT:group HUP:group; do
  signal=${case%%:*} what="jobs/run"
  [ "$case" != "$signal" ] && what="jobs/run's process group"
  out=$dir/nim-${case/:/-}.h5
  rm -f "$dir/hold"
  # A script's background command starts with SIGINT ignored, which no shell can trap;
  # env --default-signal gives jobs/run the SIGINT of a foreground command (Ctrl-C).
  CGT_TEST_PARK_AFTER_TASKS=1:$dir/hold setsid env --default-signal=INT "$root/jobs/run" nim "${options[@]}" --out "$out" \
    >"$dir/out" 2>"$dir/err" &
  pid=$!
  until [ -e "$dir/hold" ]; do # the hook's file: the run holds now
    alive || { cat "$dir/err"; fail "$signal: jobs/run ended before the run held"; }
    sleep 0.05
  done
  if [ "$case" = "$signal" ]; then kill -"$signal" "$pid"; else kill -"$signal" -- -"$pid"; fi # setsid: pid = group
  wait "$pid"
  status=$?
  pid=
  [ $status = 3 ] || { cat "$dir/err"; fail "SIG$signal to $what: status $status, expected 3"; }
  line=$(tr '\r' '\n' <"$dir/err" | grep -E "^cgt-nim: stopped: [0-9]+ of [0-9]+ tasks are done and kept in .*; continue with: ")
  [ "$(echo "$line" | grep -c .)" = 1 ] || { cat "$dir/err"; fail "SIG$signal to $what: no single 'stopped' line"; }
  [ -d "$out.journal" ] || fail "SIG$signal to $what: no journal kept"
  [ -e "$out" ] && fail "SIG$signal to $what: a result file after the stop"
  "$root/jobs/run" nim "${options[@]}" --out "$out" --resume --quiet || fail "SIG$signal: jobs/run --resume failed"
  "$bin/cgt-verify-nim" "$out" >"$dir/verify" 2>&1 || { tail "$dir/verify"; fail "SIG$signal: the resumed file does not verify"; }
  echo "PASS: SIG$signal to $what: status 3, '${line%%; continue with*}'; --resume completes a file that verifies"
done
