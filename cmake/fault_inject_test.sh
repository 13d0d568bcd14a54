#!/usr/bin/env bash
# libcgt_fault_inject.so does what cmake/fault_inject.c says, on plain commands: it counts
# the calls on the files asked for, fails the Nth with the errno asked for, kills the
# process at or after the Nth, opens its window at the marker, and leaves other ranks be.
# dd bs=1 makes one write(2) a byte (the shells' printf goes through stdio, which the shim
# does not see).
#   fault_inject_test.sh LIB
set -uo pipefail
lib=$1
dir=$(mktemp -d /tmp/cgt-fault-inject.XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail=0
check() { # WHAT EXPECTED ACTUAL
  if [ "$2" != "$3" ]; then echo "FAIL: $1: expected '$2', got '$3'"; fail=1; else echo "ok: $1"; fi
}
shim() { rm -f "$dir/report"; env LD_PRELOAD="$lib" CGT_FAULT_REPORT="$dir/report" "$@" 2>"$dir/err"; }
counted() { sed -n 's/^fault-inject rank 0 pid [0-9]* counted \([0-9]*\) at 0 .*/\1/p' "$dir/report"; }
printf 123 >"$dir/src"
copy="dd if=$dir/src of=$dir/a bs=1 status=none"

shim CGT_FAULT_CALLS=write CGT_FAULT_PATHS="$dir/a" $copy
check "three writes counted on the filtered file" 3 "$(counted)"
shim CGT_FAULT_CALLS=write CGT_FAULT_PATHS="$dir/other" $copy
check "none counted on another file" 0 "$(counted)"

shim CGT_FAULT_CALLS=write CGT_FAULT_PATHS="$dir/a" CGT_FAULT_AT=2 $copy
check "the second write fails: dd fails" 1 "$?"
check "the first write landed" 1 "$(cat "$dir/a")"
check "the failure is ENOSPC" 1 "$(grep -c "No space left on device" "$dir/err")"
check "the fault is reported with its call and path" 1 "$(grep -c " at 2 write $dir/a$" "$dir/report")"
shim CGT_FAULT_CALLS=write CGT_FAULT_PATHS="$dir/a" CGT_FAULT_AT=3 CGT_FAULT_ERRNO=EIO $copy
check "the third write fails with EIO" 1 "$(grep -c "Input/output error" "$dir/err")"
shim CGT_FAULT_CALLS=write CGT_FAULT_PATHS="$dir/a" CGT_FAULT_AT=2 CGT_FAULT_ACTION=kill $copy
check "a kill at the second write: status 137, one byte written" "137 1" "$? $(cat "$dir/a")"
shim CGT_FAULT_CALLS=write CGT_FAULT_PATHS="$dir/a" CGT_FAULT_AT=2 CGT_FAULT_ACTION=kill-after $copy
check "a kill after the second write: status 137, two bytes written" "137 12" "$? $(cat "$dir/a")"

echo x >"$dir/c"
shim CGT_FAULT_CALLS=rename CGT_FAULT_PATHS="$dir/c" CGT_FAULT_AT=1 mv "$dir/c" "$dir/d"
check "a failed rename names ENOSPC, nothing renamed" "1 yes" \
  "$(grep -c "No space left on device" "$dir/err") $([ -e "$dir/c" ] && echo yes)"
shim CGT_FAULT_CALLS=rename CGT_FAULT_PATHS="$dir/d" CGT_FAULT_AT=1 CGT_FAULT_ACTION=kill-after mv "$dir/c" "$dir/d"
check "a kill after a rename matched by its target: status 137, renamed" "137 no" \
  "$? $([ -e "$dir/c" ] && echo yes || echo no)"

# The window opens at the first write to the marker: with a as the marker every write to a
# counts, and with a marker never written none.
shim CGT_FAULT_CALLS=write CGT_FAULT_PATHS="$dir/a" CGT_FAULT_AFTER="$dir/a" $copy
check "the window opened at the marker's open" 3 "$(counted)"
shim CGT_FAULT_CALLS=write CGT_FAULT_PATHS="$dir/a" CGT_FAULT_AFTER="$dir/never" $copy
check "the window never opened" 0 "$(counted)"

shim CGT_FAULT_CALLS=write CGT_FAULT_PATHS="$dir/a" CGT_FAULT_AT=1 CGT_FAULT_RANK=1 OMPI_COMM_WORLD_RANK=0 $copy
check "a fault for rank 1 leaves rank 0 alone" "0 123" "$? $(cat "$dir/a")"
shim CGT_FAULT_CALLS=write CGT_FAULT_PATHS="$dir/a" CGT_FAULT_AT=1 CGT_FAULT_RANK=1 OMPI_COMM_WORLD_RANK=1 $copy
check "a fault for rank 1 fails rank 1" 1 "$?"

[ $fail = 0 ] && echo "PASS: the fault-injection library counts, fails, kills and filters as asked"
exit $fail
