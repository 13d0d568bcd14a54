#!/usr/bin/env bash
# A long opening whose search was saved continues from there: cgt-hex-openings killed with
# SIGKILL after an opening's search saved its state (resumed on 2 ranks), and stopped by
# SIGUSR1 and by SIGTERM in the middle of an opening (continued with the command it prints),
# writes the tables of a run never interrupted (timings aside: it measures the run), and
# the run that continued the opening searched fewer nodes than the opening takes
# (timings/nodes_run < openings/nodes); a run not --quiet tells the progress of the opening at
# each save of its search. With --split, the same for a leaf of the split opening (a task
# of its own) killed or stopped in its search.
#   long_opening_test.sh CGT_MERGE DRIVER [driver options: one board of vc dfpn openings]
set -uo pipefail
. "$(dirname "$0")/../../../cmake/run_test_lib.sh"
merge=$1 driver=$2; shift 2
opts=("$@")
excluded=(timings)
dir=$(mktemp -d /tmp/cgt-long-opening.XXXXXX)
pid=
trap '[ -n "$pid" ] && kill -KILL $(session) 2>/dev/null; rm -rf "$dir"' EXIT
# --journal-every 0 saves at every pause of the search; the kill and the signals land right
# after the first saved state of an opening, where the run kills itself or holds (the
# skeleton's test hooks CGT_TEST_KILL_AFTER_STATES and CGT_TEST_HOLD_AFTER_STATES).
launch() { # OUT [options]: one rank, in the background, in a session of its own
  local out=$1; shift
  setsid "$driver" --journal-every 0 --out "$out" "$@" "${opts[@]}" &
  pid=$!
}
# continued OUT WHAT: the tables of the uninterrupted run, and an opening continued from its
# saved search with fewer nodes of its own than it takes.
continued() {
  [ -e "$1.journal" ] && fail "$2: the journal is still there after the run completed"
  same_tables "$dir/whole.h5" "$1" "$2"
  local nodes run i fewer=
  read -ra nodes <<<"$(h5_values "$1" /openings/nodes)"
  read -ra run <<<"$(h5_values "$1" /timings/nodes_run)"
  [ "${#nodes[@]}" = "${#run[@]}" ] || fail "$2: openings and timings have different row counts"
  for i in "${!nodes[@]}"; do
    [ "${run[$i]}" -gt "${nodes[$i]}" ] && fail "$2: row $i: the run searched ${run[$i]} nodes, the opening takes ${nodes[$i]}"
    [ "${run[$i]}" -lt "${nodes[$i]}" ] && fewer="row $i: ${run[$i]} of its ${nodes[$i]} nodes searched by the run that continued it"
  done
  [ -n "$fewer" ] || fail "$2: no opening continued from a saved search (every opening searched all its nodes again)"
  echo "PASS: $2: every table is identical to the uninterrupted run's; $fewer"
}

"$driver" --quiet --out "$dir/whole.h5" "${opts[@]}" || fail "the uninterrupted run failed"

CGT_TEST_KILL_AFTER_STATES=1 launch "$dir/killed.h5"
wait "$pid"
[ $? = 137 ] || fail "the run was to kill itself after its first saved search; use a longer opening"
kill_run
journal_state "$dir/killed.h5.journal"
echo "killed with $done_tasks of $all_tasks openings done and $states saved states in the journal"
[ "$done_tasks" -lt "$all_tasks" ] || fail "every opening was done before the kill; use a longer opening"
mpiexec --quiet --oversubscribe -n 2 "$driver" --quiet --out "$dir/killed.h5" --resume "${opts[@]}" ||
  fail "the resumed run failed"
continued "$dir/killed.h5" "killed with a saved search on 1 rank, resumed on 2"

for signal in USR1 TERM; do
  out=$dir/stopped-$signal.h5
  CGT_TEST_HOLD_AFTER_STATES=1 launch "$out" 2>"$dir/err-$signal.txt"
  wait_held "$out" || fail "$signal: the run ended before an opening saved its search; use a longer opening"
  kill -"$signal" "$pid"
  wait "$pid"
  status=$?
  pid=
  rm -f "$out.held"
  [ $status = 3 ] || { cat "$dir/err-$signal.txt"; fail "$signal: status $status, expected 3"; }
  journal_state "$out.journal"
  [ "$states" -ge 1 ] || fail "$signal: no saved search in the journal after the stop"
  line=$(tr '\r' '\n' <"$dir/err-$signal.txt" | grep -E ": stopped: [0-9]+ of [0-9]+ tasks are done and kept in .*; continue with: ")
  [ -n "$line" ] || { cat "$dir/err-$signal.txt"; fail "$signal: no 'stopped' line"; }
  progress_agrees "$line" "$dir/err-$signal.txt" "$signal"
  # The opening told how far it had come when it saved its search.
  grep -Eq ': task [0-9]+ \(rank 0\): [a-k][0-9]+ \([0-9]+x[0-9]+\)(, leaf [a-k0-9 ]+)?: [0-9]+ nodes, proof numbers [0-9]+ for a first-player win and [0-9]+ for a loss; saved \(whole table, ' "$dir/err-$signal.txt" ||
    { cat "$dir/err-$signal.txt"; fail "$signal: no line of the opening's progress at its saved search"; }
  echo "$signal: status 3 with $done_tasks of $all_tasks openings done and $states saved states"
  eval "${line#*continue with: }" || fail "$signal: the printed command failed"
  continued "$out" "stopped by SIG$signal in the middle of an opening, continued with the printed command"
done
