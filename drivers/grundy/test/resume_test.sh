#!/usr/bin/env bash
# A cgt-grundy run killed with SIGKILL after a checkpoint, then continued with --resume,
# writes the same tables as a run that was never interrupted, and removes its checkpoint.
#   resume_test.sh CGT_GRUNDY
set -uo pipefail
driver=$1
dir=$(mktemp -d /tmp/cgt-grundy-resume.XXXXXX)
pid=
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
size=(--quiet --max-heap 2000000 --checkpoint-every 250000)

"$driver" "${size[@]}" --out "$dir/whole.h5" || fail "the uninterrupted run failed"
"$driver" "${size[@]}" --out "$dir/resumed.h5" &
pid=$!
for _ in $(seq 12000); do   # up to 10 min: sanitizer builds are slow
  [ -e "$dir/resumed.h5.checkpoint" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.05
done
kill -KILL "$pid" 2>/dev/null || fail "the run ended before a checkpoint was seen; use a larger size"
wait "$pid" 2>/dev/null
pid=
[ -e "$dir/resumed.h5" ] && fail "a result file exists after the kill"
[ -e "$dir/resumed.h5.checkpoint" ] || fail "no checkpoint left after the kill"
saved=$(h5dump -a /next_heap "$dir/resumed.h5.checkpoint" 2>/dev/null | sed -n 's/^ *(0): \([0-9]*\)/\1/p')
echo "killed with a checkpoint of ${saved:-?} heaps"
err=$("$driver" --quiet --max-heap 1000 --resume --out "$dir/resumed.h5" 2>&1)
[ $? = 2 ] || fail "--resume with a smaller --max-heap did not exit with status 2"
echo "$err" | grep -Eq "^error: --resume: checkpoint '.*' holds G\(0\.\.[0-9]+\), beyond --max-heap 1000$" ||
  fail "--resume with a smaller --max-heap: unexpected message: $err"
"$driver" "${size[@]}" --resume --out "$dir/resumed.h5" || fail "the resumed run failed"
[ -e "$dir/resumed.h5.checkpoint" ] && fail "the checkpoint was not removed after the run completed"
tables=$(h5ls "$dir/whole.h5" | awk '$2 == "Group" {print $1}')
[ "$(echo $tables)" = "grundy records scan sparse value_counts" ] || fail "tables are: $(echo $tables)"
for t in $tables; do
  h5diff -c "$dir/whole.h5" "$dir/resumed.h5" "/$t" "/$t" || fail "table $t differs after kill and resume"
done
echo "PASS: killed after a checkpoint and resumed: every table is identical"
