#!/usr/bin/env bash
# Openings solved over every rank at once (--job-search): on 1, 2 and 3 ranks each opening
# has the outcome the sequential search gives (the same run without --job-search), and the
# tables are the same at every rank count (timings aside: they measure the run); a run
# stopped in the middle of an opening by the test hook CGT_TEST_STOP_AFTER_JOBS (SIGTERM on
# rank 0 at the first result, from that many on, that leaves its opening undecided: a count,
# not a clock) ends with status 3, its search tree saved in the journal, and --resume on
# another rank count continues it to the same tables; so does a run killed after it saved a
# tree.
#   job_search_test.sh CGT_MERGE DRIVER JOB_NODES STOP_AFTER_JOBS [driver options: vc dfpn openings]
set -uo pipefail
. "$(dirname "$0")/../../../cmake/run_test_lib.sh"
. "$(dirname "$0")/openings_lib.sh"
merge=$1 driver=$2 job_nodes=$3 stop_after=$4; shift 4
opts=("$@")
excluded=(timings)
dir=$(mktemp -d /tmp/cgt-job-search.XXXXXX)
trap 'rm -rf "$dir"' EXIT
run() { # RANKS OUT [options]
  local ranks=$1 out=$2; shift 2
  mpiexec --quiet --oversubscribe -n "$ranks" "$driver" --quiet --out "$out" "$@"
}

"$driver" --quiet --out "$dir/sequential.h5" "${opts[@]}" || fail "the sequential run failed"
expected=$(outcomes "$dir/sequential.h5")
[ -n "$expected" ] || fail "the sequential run wrote no rows"
for ranks in 1 2 3; do
  out=$dir/ranks-$ranks.h5
  run "$ranks" "$out" --job-search "$job_nodes" "${opts[@]}" || fail "the run on $ranks ranks failed"
  [ "$(outcomes "$out")" = "$expected" ] || {
    diff <(echo "$expected") <(outcomes "$out") | head
    fail "$ranks ranks: outcomes other than the sequential search's"
  }
  same_tables "$dir/ranks-1.h5" "$out" "$ranks ranks against 1"
  echo "PASS: $ranks ranks: $(echo "$expected" | wc -l) openings as the sequential search, the tables of 1 rank"
done

for ranks in 1 2; do
  out=$dir/stopped-$ranks.h5
  CGT_TEST_STOP_AFTER_JOBS=$stop_after run "$ranks" "$out" --job-search "$job_nodes" "${opts[@]}" \
    2>"$dir/err-$ranks.txt"
  status=$?
  [ $status = 3 ] || { cat "$dir/err-$ranks.txt"; fail "stopped on $ranks ranks: status $status, expected 3"; }
  journal_state "$out.journal"
  [ "$done_tasks" -lt "$all_tasks" ] || fail "every opening was done before the stop: a smaller STOP_AFTER_JOBS"
  [ "$states" -ge 1 ] || fail "stopped on $ranks ranks: no saved search tree in the journal"
  line=$(tr '\r' '\n' <"$dir/err-$ranks.txt" | grep -E ": stopped: [0-9]+ of [0-9]+ tasks are done and kept in .*; continue with: ")
  [ -n "$line" ] || { cat "$dir/err-$ranks.txt"; fail "stopped on $ranks ranks: no 'stopped' line"; }
  echo "stopped on $ranks ranks: status 3, $done_tasks of $all_tasks openings done, $states saved trees"
  resume_ranks=$((ranks + 1))
  run "$resume_ranks" "$out" --resume --job-search "$job_nodes" "${opts[@]}" ||
    fail "the resume on $resume_ranks ranks failed"
  [ -e "$out.journal" ] && fail "the journal is still there after the resumed run completed"
  same_tables "$dir/ranks-1.h5" "$out" "stopped on $ranks ranks, resumed on $resume_ranks"
  echo "PASS: stopped on $ranks ranks in the middle of an opening, resumed on $resume_ranks: the same tables"
done

# Killed (SIGKILL on rank 0 by the skeleton's CGT_TEST_KILL_AFTER_STATES, after its second
# saved tree; --journal-every 0 saves at every step) on 2 ranks, resumed on 1.
out=$dir/killed.h5
CGT_TEST_KILL_AFTER_STATES=2 run 2 "$out" --journal-every 0 --job-search "$job_nodes" "${opts[@]}" 2>/dev/null &&
  fail "the run was to be killed after its second saved tree"
journal_state "$out.journal"
[ "$states" -ge 1 ] || fail "killed on 2 ranks: no saved search tree in the journal"
run 1 "$out" --resume --job-search "$job_nodes" "${opts[@]}" || fail "the resume on 1 rank after the kill failed"
same_tables "$dir/ranks-1.h5" "$out" "killed on 2 ranks, resumed on 1"
echo "PASS: killed on 2 ranks after $done_tasks of $all_tasks openings and a saved tree, resumed on 1: the same tables"
