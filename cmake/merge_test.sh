#!/usr/bin/env bash
# A job split into three parts (--tasks 1/3, 2/3, 3/3) computed on 1, 2 and 3 ranks and
# merged by cgt-merge gives the tables of one run of the whole (tables that measure the run
# aside); parts that overlap and agree merge too; a missing part, an overlap that disagrees,
# a part of another task count and a part of other parameters are refused with one line and
# status 2.
#   merge_test.sh [--exclude TABLE]... CGT_MERGE JOURNAL_TAMPER DRIVER OTHER_OPTIONS [driver options...]
# OTHER_OPTIONS (one word, options separated by blanks, say "--max-heap 9") stand for the
# driver options in a part of other parameters.
set -uo pipefail
. "$(dirname "$0")/run_test_lib.sh"
cgt_test_options "$@"
set -- "${rest[@]}"
merge=$1 tamper=$2 driver=$3 other=$4; shift 4
dir=$(mktemp -d /tmp/cgt-merge.XXXXXX)
trap 'rm -rf "$dir"' EXIT
run() { # RANKS OUT [options]
  local n=$1 out=$2; shift 2
  mpiexec --quiet --oversubscribe -n "$n" "$driver" --quiet --out "$out" "$@"
}
refused() { # WHAT REGEX OUT JOURNAL...
  local what=$1 regex=$2 out=$3; shift 3
  "$merge" --quiet --out "$out" "$@" >"$dir/out.txt" 2>"$dir/err.txt"
  local status=$?
  [ $status = 2 ] || { cat "$dir/err.txt"; fail "$what: status $status, expected 2"; }
  [ "$(wc -l <"$dir/err.txt")" = 1 ] || { cat "$dir/err.txt"; fail "$what: stderr is not one line"; }
  grep -Eq "$regex" "$dir/err.txt" || fail "$what: '$(cat "$dir/err.txt")' does not match '$regex'"
  [ -e "$out" ] && fail "$what: $out was written"
  echo "refused, $what: $(cat "$dir/err.txt")"
}

run 1 "$dir/whole.h5" "$@" || fail "the run of the whole failed"
for k in 1 2 3; do
  run $k "$dir/part$k.h5" --tasks $k/3 "$@" || fail "part $k/3 on $k ranks failed"
  [ -e "$dir/part$k.h5" ] && fail "part $k/3 wrote a result file"
done
"$merge" --list "$dir"/part*.h5.journal
"$merge" --quiet --out "$dir/merged.h5" "$dir"/part{1,2,3}.h5.journal || fail "the merge failed"
same_tables "$dir/whole.h5" "$dir/merged.h5" "three parts merged"
echo "PASS: parts 1/3, 2/3, 3/3 on 1, 2 and 3 ranks merged: every table is one run's"

# Parts that overlap and agree: the first half and the three thirds.
run 2 "$dir/half.h5" --tasks 1/2 "$@" || fail "part 1/2 failed"
"$merge" --quiet --out "$dir/overlap.h5" "$dir/half.h5.journal" "$dir"/part{1,2,3}.h5.journal || fail "merging overlapping parts failed"
same_tables "$dir/whole.h5" "$dir/overlap.h5" "overlapping parts merged"
echo "PASS: overlapping parts that agree merged: every table is one run's"

# (A job whose tasks leave verdicts: the program says it, the tasks missing being the needed ones.)
refused "a missing part" "^error: (--merge: )?tasks [0-9, -]+ are in none of the journals" "$dir/gap.h5" "$dir"/part{1,3}.h5.journal
first=$("$merge" --list "$dir/part1.h5.journal" | sed -n 's/.*(\([0-9]*\).*/\1/p')
# The rank that computed the task holds its record (the queue hands tasks to any rank).
tampered=0
for log in "$dir"/half.h5.journal/rank-*.log; do
  "$tamper" "$log" content "$first" 2>/dev/null && { tampered=1; break; }
done
[ $tampered = 1 ] || fail "journal_tamper found task $first in no log of half.h5.journal"
refused "an overlap that disagrees" "^error: --merge: task $first differs between .*half.h5.journal and .*part1.h5.journal$" \
  "$dir/differ.h5" "$dir/half.h5.journal" "$dir"/part{1,2,3}.h5.journal
# A part whose header names another task count (a build with another task list) and the
# same parameters.
cp -r "$dir/part3.h5.journal" "$dir/counted.h5.journal"
tasks=$("$merge" --list "$dir/part3.h5.journal" | sed -n 's/.*tasks done: [0-9]* of \([0-9]*\).*/\1/p')
[ -n "$tasks" ] || fail "cgt-merge --list named no task count"
for log in "$dir"/counted.h5.journal/rank-*.log; do
  "$tamper" "$log" task-count $((tasks + 1)) || fail "journal_tamper could not set the task count of $log"
done
refused "a part of another task count" "^error: .*counted.h5.journal is a journal of $((tasks + 1)) tasks, .*part1.h5.journal of $tasks \\(another build\\?\\)$" \
  "$dir/counted.h5" "$dir"/part{1,2}.h5.journal "$dir/counted.h5.journal"
# shellcheck disable=SC2086 # OTHER_OPTIONS are options separated by blanks
run 1 "$dir/other.h5" --tasks 3/3 $other || fail "a part with $other failed"
refused "a part of other parameters" "^error: .*other.h5.journal is a journal of other parameters than .*part1.h5.journal \\('[^']*' in it, '[^']*' in .*part1.h5.journal\\)$" \
  "$dir/mixed.h5" "$dir"/part{1,2}.h5.journal "$dir/other.h5.journal"
echo "PASS"
