#!/usr/bin/env bash
# SIGUSR1 (Slurm's warning signal, passed on by mpiexec) and SIGTERM stop a running driver:
# no task starts after the signal, the run exits with status 3 and one line naming the
# command that continues it; that command, run as printed, gives the tables of a run that
# was never stopped (tables that measure the run aside). A run with --force over an older
# complete result, stopped, keeps its journal: --resume alone is refused with one line naming
# --force (never taken for the leftover of the complete run and dropped), and its printed
# command continues it.
#   stop_test.sh [--serial] [--exclude TABLE]... CGT_MERGE DRIVER [driver options...]
set -uo pipefail
. "$(dirname "$0")/run_test_lib.sh"
cgt_test_options "$@"
set -- "${rest[@]}"
merge=$1 driver=$2; shift 2
dir=$(mktemp -d /tmp/cgt-stop.XXXXXX)
pid=
trap '[ -n "$pid" ] && kill -KILL $(session) 2>/dev/null; rm -rf "$dir"' EXIT
ranks=2
[ $serial = 1 ] && ranks=1
command_of() { # OUT: the driver's command line on $ranks ranks
  if [ $ranks = 1 ]; then echo "$driver"; else echo "mpiexec --quiet --oversubscribe -n $ranks $driver"; fi
}

$(command_of) --quiet --out "$dir/whole.h5" "$@" || fail "the uninterrupted run failed"

for signal in USR1 TERM; do
  out=$dir/stopped-$signal.h5
  # The run holds once a first task (serial: a first saved state) is in its journal (the
  # skeleton's test hook): the signal lands there, mid-run, for certain.
  CGT_TEST_HOLD_AFTER_TASKS=1 CGT_TEST_HOLD_AFTER_STATES=1 setsid $(command_of) --out "$out" "$@" 2>"$dir/err-$signal.txt" &
  pid=$!
  wait_held "$out" || fail "$signal: the run ended before a first record; use a larger size"
  # USR1 goes to mpiexec (which passes it on to every rank), TERM to one rank alone.
  target=$pid
  [ $signal = TERM ] && [ $ranks -gt 1 ] && target=$(ps -o pid= --ppid "$pid" | head -1)
  start=$(date +%s%N)
  kill -"$signal" $target
  touch "$out.release" # the ranks the signal did not reach go on, and hear of it
  wait "$pid"
  status=$?
  rm -f "$out.held" "$out.release"
  seconds=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
  pid=
  [ $status = 3 ] || { cat "$dir/err-$signal.txt"; fail "$signal: status $status, expected 3"; }
  line=$(tr '\r' '\n' <"$dir/err-$signal.txt" | grep -E ": stopped: [0-9]+ of [0-9]+ tasks are done and kept in .*; continue with: ")
  [ "$(echo "$line" | wc -l)" = 1 ] || { cat "$dir/err-$signal.txt"; fail "$signal: no single 'stopped' line"; }
  [ -e "$out" ] || [ -e "$out.partial" ] && fail "$signal: a result file exists after the stop"
  progress_agrees "$line" "$dir/err-$signal.txt" "$signal"
  echo "$signal: status 3 after $seconds s; $(echo "$line" | sed 's/; continue with.*//')"
  resume=${line#*continue with: }
  echo "$resume" | grep -q -- "--resume$" || fail "$signal: the printed command does not end in --resume: $resume"
  # The printed command as it stands (mpiexec needs its options here: root, oversubscribe).
  resume=$(echo "$resume" | sed 's/^mpiexec /mpiexec --quiet --oversubscribe /')
  eval "$resume --quiet" || fail "$signal: the printed command failed: $resume"
  [ -e "$out.journal" ] && fail "$signal: the journal is still there after the run completed"
  same_tables "$dir/whole.h5" "$out" "$signal"
  echo "PASS: stopped by SIG$signal, continued with the printed command: every table is identical"
done

# --force over a complete result (older than anything the run writes), stopped mid-run.
out=$dir/forced.h5
cp "$dir/whole.h5" "$out"
touch -d '-1 minute' "$out"
CGT_TEST_HOLD_AFTER_TASKS=1 CGT_TEST_HOLD_AFTER_STATES=1 setsid $(command_of) --out "$out" --force "$@" 2>"$dir/err-force.txt" &
pid=$!
wait_held "$out" || fail "--force: the run ended before a first record; use a larger size"
kill -USR1 $pid
touch "$out.release"
wait "$pid"
status=$?
pid=
rm -f "$out.held" "$out.release"
[ $status = 3 ] || { cat "$dir/err-force.txt"; fail "--force: status $status after the stop, expected 3"; }
"$driver" --quiet --out "$out" --resume "$@" 2>"$dir/err-force-resume.txt"
status=$?
[ $status = 2 ] && [ "$(wc -l <"$dir/err-force-resume.txt")" = 1 ] && grep -q -- "--resume --force" "$dir/err-force-resume.txt" ||
  { cat "$dir/err-force-resume.txt"; fail "--resume after a stopped --force run: status $status, expected 2 and one line naming --resume --force"; }
[ -d "$out.journal" ] || fail "--resume after a stopped --force run dropped its journal"
line=$(tr '\r' '\n' <"$dir/err-force.txt" | grep -E ": stopped: .*; continue with: ")
resume=$(echo "${line#*continue with: }" | sed 's/^mpiexec /mpiexec --quiet --oversubscribe /')
echo "$resume" | grep -q -- "--force" || fail "--force: the printed command lost --force: $resume"
eval "$resume --quiet" || fail "--force: the printed command failed: $resume"
[ -e "$out.journal" ] && fail "--force: the journal is still there after the run completed"
same_tables "$dir/whole.h5" "$out" "--force"
echo "PASS: a stopped --force run over a complete result: --resume alone refused in one line, the printed command continues it"
