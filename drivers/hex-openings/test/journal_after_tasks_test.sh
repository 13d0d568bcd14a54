#!/usr/bin/env bash
# The journal a finished run leaves holds its task records, not the saved searches of its
# finished openings (dead weight, below the compaction floor of 64 MiB during the run): a run
# that saves its search at every pause (--journal-every 0), killed by the skeleton's hook
# after its last task and before the result file is renamed (CGT_TEST_KILL_BEFORE_RENAME),
# leaves a journal without a saved state and within 1.5 times the result file of an
# uninterrupted run; it resumes to that run's tables.
#   journal_after_tasks_test.sh JOURNAL_TAMPER DRIVER [driver options: a long opening]
set -uo pipefail
. "$(dirname "$0")/../../../cmake/run_test_lib.sh"
tamper=$1 driver=$2; shift 2
opts=("$@")
excluded=(timings)
dir=$(mktemp -d /tmp/cgt-journal-after.XXXXXX)
trap 'rm -rf "$dir"' EXIT
out=$dir/run.h5 journal=$dir/run.h5.journal

"$driver" --quiet --out "$dir/whole.h5" "${opts[@]}" || fail "the uninterrupted run failed"
CGT_TEST_KILL_BEFORE_RENAME=1 "$driver" --quiet --out "$out" --journal-every 0 "${opts[@]}"
status=$?
[ $status = 137 ] || fail "the run was to be killed before its rename: status $status"
saved=0
for log in "$journal"/rank-*.log; do
  n=$("$tamper" "$log" states) || fail "journal_tamper cannot read $log"
  saved=$((saved + n))
done
journal_bytes=$(du -sb "$journal" | cut -f1) result=$(stat -c %s "$dir/whole.h5")
[ "$saved" = 0 ] || fail "the journal of a finished run holds $saved saved states ($journal_bytes bytes, the result $result)"
[ $((2 * journal_bytes)) -le $((3 * result)) ] || fail "the journal of a finished run has $journal_bytes bytes, over 1.5 times the result's $result"
echo "PASS: killed before the rename: no saved state in the journal, $journal_bytes bytes against the result's $result"
"$driver" --quiet --out "$out" --resume "${opts[@]}" || fail "the resume failed"
same_tables "$dir/whole.h5" "$out" "resumed"
echo "PASS: it resumes to the tables of the uninterrupted run"
