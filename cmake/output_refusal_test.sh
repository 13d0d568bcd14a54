#!/usr/bin/env bash
# A driver refuses every --out it must not write, with one line, status 2 and nothing
# written, and leaves what was there as it was: a character device (when run as root: a
# scratch node made by mknod, never /dev/null), a FIFO, a directory or a symbolic link named
# OUT.partial, and an OUT.partial that another run holds locked (flock(1)), on 1 and 2 ranks.
#   output_refusal_test.sh [--ranks 1] DRIVER [driver options...]   (--ranks 1: a sequential driver)
set -uo pipefail
max_ranks=2
if [ "$1" = --ranks ]; then max_ranks=$2; shift 2; fi
driver=$1; shift
dir=$(mktemp -d /tmp/cgt-refusal.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fail=0 cases=0

# expect NAME RANKS REGEX COMMAND...: status 2, one line of stderr matching REGEX.
expect() {
  local name=$1 ranks=$2 regex=$3; shift 3
  local err=$dir/stderr rc
  if [ "$ranks" = 1 ]; then "$@" >/dev/null 2>"$err"; else
    mpiexec --quiet --oversubscribe -n "$ranks" "$@" >/dev/null 2>"$err"; fi
  rc=$?
  cases=$((cases + 1))
  if [ $rc != 2 ] || [ "$(wc -l <"$err")" != 1 ] || ! grep -Eq -- "$regex" "$err"; then
    echo "FAIL: $name: status $rc, stderr:"; head -c 2000 "$err"; fail=1
  fi
}
# intact NAME TEST PATH: `test TEST PATH` still holds, and no result appeared beside it.
intact() {
  [ "$2" "$3" ] || { echo "FAIL: $1: $3 is no longer what it was"; fail=1; }
}
run() { "$driver" --quiet "$@"; }

if [ "$(id -u)" = 0 ]; then
  mknod "$dir/device" c 1 3 # the numbers of /dev/null, at a scratch name
  expect "a character device" 1 "^error: cannot write --out '$dir/device': it is a character device$" \
    run --out "$dir/device" "$@"
  intact "a character device" -c "$dir/device"
fi
mkfifo "$dir/fifo"
expect "a FIFO" "$max_ranks" "^error: cannot write --out '$dir/fifo': it is a FIFO$" "$driver" --quiet --out "$dir/fifo" "$@"
intact "a FIFO" -p "$dir/fifo"

mkdir "$dir/d.h5.partial"
expect "a directory OUT.partial" 1 "^error: cannot write --out '$dir/d.h5': '$dir/d.h5.partial' is a directory$" \
  run --out "$dir/d.h5" "$@"
intact "a directory OUT.partial" -d "$dir/d.h5.partial"

ln -s /dev/null "$dir/s.h5.partial"
expect "a symbolic link OUT.partial" 1 "^error: cannot write --out '$dir/s.h5': '$dir/s.h5.partial' is a symbolic link$" \
  run --out "$dir/s.h5" "$@"
intact "a symbolic link OUT.partial" -L "$dir/s.h5.partial"

# Another run holds OUT.partial: here flock(1), holding it while it sleeps.
echo "first run" >"$dir/l.h5.partial"
flock -o "$dir/l.h5.partial" sleep 300 >/dev/null 2>&1 &
holder=$!
stop_holder() { kill $(pgrep -P $holder) $holder 2>/dev/null; } # flock and its sleep
trap 'stop_holder; rm -rf "$dir"' EXIT
for _ in $(seq 50); do flock -n -o "$dir/l.h5.partial" true || break; sleep 0.1; done # until it holds
for ranks in $(seq "$max_ranks"); do
  expect "a locked OUT.partial on $ranks rank(s)" "$ranks" \
    "^error: another run is writing '$dir/l.h5.partial' \(it is locked\): wait for it to finish, or choose another --out$" \
    "$driver" --quiet --out "$dir/l.h5" "$@"
done
[ "$(cat "$dir/l.h5.partial")" = "first run" ] || { echo "FAIL: the locked l.h5.partial was changed"; fail=1; }
stop_holder

for f in "$dir"/*.h5; do [ -e "$f" ] && { echo "FAIL: a result file was written: $f"; fail=1; }; done
[ $fail = 0 ] && echo "PASS: $cases refusals, each one line and status 2, nothing replaced or written"
exit $fail
