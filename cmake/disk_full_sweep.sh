#!/usr/bin/env bash
# A full disk at every fill level: the driver runs with --out on a tmpfs of SIZE KiB, for
# every SIZE from --from to --to in steps of --step, so that the disk fills during the
# journal, the partial file, the final write or not at all. Each outcome is put in a class
# and printed in a table; the accepted ones are
#   ok            status 0, a file that verifies, the tables of a run with room
#   err1+resumed  status 1, one line `error: ...`, no result file and no PATH.partial; with
#                 room made (the tmpfs grown, its content kept) --resume writes the same tables
# and anything else fails the sweep: signal, hang (no end in --timeout seconds), lines (more
# than one line), badfile, resume-failed, status-N. Needs root (mount); exits 77 (a
# skipped test) where a tmpfs cannot be mounted.
#   disk_full_sweep.sh --verify VERIFY [--ranks N] [--from KIB] [--to KIB] [--step KIB]
#     [--timeout SECONDS] DRIVER [driver options...]
# --from and --to default to the peak use of a run with room (journal and partial file
# together, sampled while it runs, at least the result's size: the samples miss the last
# moments of a short run) less 40% and twice it; --step to 1024 (1 MiB). The sweep fails
# unless some size filled the disk and some size had room (else the range missed the run).
set -uo pipefail
verify= ranks=1 from= to= step=1024 timeout=120
while :; do
  case "${1:-}" in
    --verify) verify=$2; shift 2 ;;
    --ranks) ranks=$2; shift 2 ;;
    --from) from=$2; shift 2 ;;
    --to) to=$2; shift 2 ;;
    --step) step=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    *) break ;;
  esac
done
driver=$1; shift
opts=("$@")
. "$(dirname "$0")/run_test_lib.sh" # same_tables, fail
excluded=()
export OMPI_MCA_hwloc_base_binding_policy=${OMPI_MCA_hwloc_base_binding_policy:-none}
export OMPI_MCA_odls_base_sigkill_timeout=${OMPI_MCA_odls_base_sigkill_timeout:-0} # as jobs/run: no 1 s wait for the others once a rank ended
dir=$(mktemp -d /tmp/cgt-disk-full.XXXXXX)
mnt=$dir/disk
mkdir -p "$mnt"
cleanup() {
  mountpoint -q "$mnt" && umount "$mnt"
  rm -rf "$dir"
}
trap cleanup EXIT
if ! mount -t tmpfs -o size=1m tmpfs "$mnt" 2>/dev/null; then
  echo "SKIP: cannot mount a tmpfs here (root and a mount namespace are needed)"
  exit 77
fi
umount "$mnt"

# run OUT [driver options]: the driver on --ranks ranks; rc (124: no end), stderr in $dir/err.
run() {
  local out=$1
  shift
  if [ "$ranks" = 1 ]; then
    timeout -k 10 "$timeout" "$driver" --quiet --out "$out" "$@" "${opts[@]}" >/dev/null 2>"$dir/err"
  else
    timeout -k 10 "$timeout" mpiexec --quiet --oversubscribe -n "$ranks" "$driver" --quiet --out "$out" "$@" \
      "${opts[@]}" >/dev/null 2>"$dir/err"
  fi
  rc=$?
}
good_file() {
  [ -f "$1" ] && [ ! -e "$1.partial" ] && "$verify" "$1" >/dev/null 2>&1 &&
    (same_tables "$dir/ref.h5" "$1" "sweep" >/dev/null 2>&1)
}

# The reference run, on a disk with room: its peak use (journal + partial) sets the range.
mount -t tmpfs -o size=4g tmpfs "$mnt" || fail "cannot mount the reference tmpfs"
run "$mnt/ref.h5" &
peak=0
while kill -0 $! 2>/dev/null; do
  used=$(df -k --output=used "$mnt" | tail -1)
  [ "$used" -gt "$peak" ] && peak=$used
  sleep 0.05
done
wait $!
rc=$?
[ $rc = 0 ] || fail "the run with room failed: $(cat "$dir/err")"
cp "$mnt/ref.h5" "$dir/ref.h5"
# The samples may miss the last moments of a short run: at least the result file's size.
result_kib=$(du -k "$dir/ref.h5" | cut -f1)
[ "$result_kib" -gt "$peak" ] && peak=$result_kib
umount "$mnt"
from=${from:-$((peak * 6 / 10))}
to=${to:-$((peak * 2 + 64))}
echo "peak use with room: $peak KiB; tmpfs sizes $from..$to KiB, step $step"

printf "%-5s %-8s %-6s %-5s %-15s %s\n" ranks size_kib status lines outcome "stderr (first line)" >"$dir/table"
declare -A tally
for size in $(seq "$from" "$step" "$to"); do
  mount -t tmpfs -o "size=${size}k" tmpfs "$mnt" || fail "cannot mount a tmpfs of $size KiB"
  out=$mnt/s.h5
  run "$out"
  status=$rc lines=$(wc -l <"$dir/err") first=$(head -1 "$dir/err" | cut -c1-100)
  if [ $status = 124 ]; then outcome=hang
  elif [ $status -gt 128 ]; then outcome=signal
  elif [ $status = 0 ]; then
    if good_file "$out" && [ ! -e "$out.journal" ]; then outcome=ok; else outcome=badfile; fi
  elif [ "$lines" != 1 ]; then outcome=lines
  elif [ -e "$out" ] || [ -e "$out.partial" ]; then outcome=badfile
  elif [ $status = 1 ]; then
    mount -o remount,size=4g "$mnt" # room made, the journal kept
    run "$out" --resume
    if [ $rc = 0 ] && good_file "$out" && [ ! -e "$out.journal" ]; then outcome=err1+resumed
    else outcome=resume-failed first="resume: status $rc: $(head -1 "$dir/err" | cut -c1-90)"; fi
  else outcome=status-$status; fi
  umount "$mnt"
  printf "%-5s %-8s %-6s %-5s %-15s %s\n" "$ranks" "$size" "$status" "$lines" "$outcome" "$first" >>"$dir/table"
  tally[$outcome]=$((${tally[$outcome]:-0} + 1))
done
cat "$dir/table"
echo "---- outcomes (outcome: runs) ----"
bad=0
for key in "${!tally[@]}"; do
  echo "$key: ${tally[$key]}"
  case "$key" in ok | err1+resumed) ;; *) bad=1 ;; esac
done
# A sweep in which no size filled the disk tested nothing (a fixed range set once below the
# run's needs was left far above them as the run came to need less), and one in which no
# size had room did not reach the end of the final write.
if [ $bad = 0 ] && { [ "${tally[err1+resumed]:-0}" = 0 ] || [ "${tally[ok]:-0}" = 0 ]; }; then
  echo "FAIL: the sizes $from..$to KiB do not reach from a full disk to room enough (peak use sampled: $peak KiB)"
  exit 1
fi
[ $bad = 0 ] && echo "PASS: every fill level ended in an accepted outcome" || echo "FAIL: some fill levels ended badly (see the table)"
exit $bad
