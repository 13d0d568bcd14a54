#!/usr/bin/env bash
# Compaction of a long opening's journal (drivers/common/runtime/journal_compaction.hpp), with the
# skeleton's test hooks: every rewrite is due as soon as dead records outweigh live ones
# (CGT_TEST_COMPACT_FLOOR_BYTES=1), and the process kills itself in its N-th rewrite
# (CGT_TEST_KILL_IN_COMPACTION=N) after half the new file is written.
#   1. journal-every from an INI file is accepted and is no parameter of the result;
#   2. a run killed in its second compaction during the run leaves its old journal whole
#      (and a half-written left-over beside it);
#   3. a resume killed in its compaction at resume leaves the journal as it was;
#   4. a resume (with another --journal-every) compacts the journal at resume (it shrinks),
#      removes the left-over, continues the opening, and is killed in a compaction during
#      the run: the opening's saved states, in file order, have increasing serial numbers
#      (new states sort after the old ones, although compaction dropped some);
#   5. a resume on 2 ranks finishes: the tables of the uninterrupted run (timings aside),
#      the opening continued from its saved search, no journal or left-over remains.
#   compaction_test.sh JOURNAL_TAMPER CGT_MERGE DRIVER [driver options: one long opening]
set -uo pipefail
. "$(dirname "$0")/../../../cmake/run_test_lib.sh"
tamper=$1 merge=$2 driver=$3; shift 3
opts=("$@")
excluded=(timings)
dir=$(mktemp -d /tmp/cgt-compaction.XXXXXX)
trap 'rm -rf "$dir"' EXIT
out=$dir/run.h5 journal=$dir/run.h5.journal
file=$journal/rank-0.log left_over=$journal/rank-0.log.compact
printf 'journal-every = 0\n' >"$dir/job.ini"
export CGT_TEST_COMPACT_FLOOR_BYTES=1

# 1.
env -u CGT_TEST_COMPACT_FLOOR_BYTES "$driver" --quiet --config "$dir/job.ini" --out "$dir/whole.h5" "${opts[@]}" ||
  fail "the uninterrupted run with journal-every from an INI file failed"
h5dump -a /parameters "$dir/whole.h5" | grep -q journal-every && fail "journal-every is among the result's parameters"
echo "PASS: journal-every from an INI file is accepted and is no parameter"

# 2.
CGT_TEST_KILL_IN_COMPACTION=2 "$driver" --quiet --config "$dir/job.ini" --out "$out" "${opts[@]}"
status=$?
[ $status = 137 ] || fail "the run was to be killed in its second compaction: status $status (too short an opening?)"
[ -e "$left_over" ] || fail "no half-written compaction beside the journal after the kill"
journal_state "$journal"
[ "$done_tasks" = 0 ] && [ "$states" -ge 1 ] || fail "after the kill: $done_tasks tasks done, $states saved states"
echo "PASS: killed in a compaction during the run: $states saved states kept, a left-over beside them"

# 3.
cp "$file" "$dir/before.log"
CGT_TEST_KILL_IN_COMPACTION=1 "$driver" --quiet --out "$out" --resume --journal-every 0 "${opts[@]}"
status=$?
[ $status = 137 ] || fail "the resume was to be killed in its compaction at resume: status $status"
cmp -s "$file" "$dir/before.log" || fail "a kill in the compaction at resume changed the journal"
echo "PASS: killed in the compaction at resume: the journal is as it was"

# 4.
before=$(stat -c %s "$file")
CGT_TEST_KILL_IN_COMPACTION=2 "$driver" --out "$out" --resume --journal-every 0.001 "${opts[@]}" 2>"$dir/err.txt"
status=$?
[ $status = 137 ] || { cat "$dir/err.txt"; fail "the resume was to be killed in its first compaction during the run: status $status"; }
line=$(tr '\r' '\n' <"$dir/err.txt" | grep -E "^note: compacted $file: [0-9]+ bytes -> [0-9]+ bytes$")
[ -n "$line" ] || { cat "$dir/err.txt"; fail "no note of the compaction at resume"; }
read -r from to <<<"$(echo "$line" | sed -E 's/.*: ([0-9]+) bytes -> ([0-9]+) bytes$/\1 \2/')"
[ "$from" = "$before" ] && [ "$to" -lt "$from" ] || fail "compaction at resume: $line (the file had $before bytes)"
"$tamper" "$file" serials >"$dir/serials.txt" || fail "the journal's states cannot be listed"
awk '$1 == t && $2 <= s { bad = bad " " $2 " after " s } { t = $1; s = $2 } END { if (bad) { print bad; exit 1 } }' \
  "$dir/serials.txt" || { cat "$dir/serials.txt"; fail "saved states out of serial order after a compacted resume"; }
[ "$(wc -l <"$dir/serials.txt")" -ge 2 ] || fail "too few saved states to tell their order"
echo "PASS: compacted at resume ($from -> $to bytes), the opening's $(wc -l <"$dir/serials.txt") saved states in serial order"

# 5.
mpiexec --quiet --oversubscribe -n 2 "$driver" --quiet --out "$out" --resume "${opts[@]}" || fail "the last resume failed"
[ -e "$journal" ] && fail "the journal is still there after the run completed: $(ls "$journal")"
same_tables "$dir/whole.h5" "$out" "compacted, killed and resumed"
read -ra nodes <<<"$(h5_values "$out" /openings/nodes)"
read -ra run <<<"$(h5_values "$out" /timings/nodes_run)"
[ "${run[0]}" -lt "${nodes[0]}" ] || fail "the opening searched ${run[0]} of its ${nodes[0]} nodes: not continued"
echo "PASS: every table is identical to the uninterrupted run's; the last run searched ${run[0]} of ${nodes[0]} nodes"
