#!/usr/bin/env bash
# A program blocked reading its --config from a FIFO that nobody writes (as on a stalled
# file system) still hears SIGTERM, SIGINT and SIGUSR1: it ends at once with status
# 128 + the signal and the one line "PROGRAM: stopped by SIGxxx", and creates nothing.
# The signal is sent once the program is certainly blocked in the FIFO's open: the kernel
# says so (/proc/PID/wchan reads wait_for_partner, or /proc/PID/syscall names openat), so
# no sleep decides it. With --ranks 2 the driver runs under mpiexec: SIGUSR1 to mpiexec (which
# passes it to every rank) and SIGTERM to rank 0 alone end the run alike, one line (mpiexec's
# own SIGTERM to the other rank then, as to any rank it ends, prints nothing).
#   signal_fifo_test.sh [--ranks 2] [--out] PROGRAM    (--out: the program takes --out FILE)
set -uo pipefail
. "$(dirname "$0")/run_test_lib.sh"
ranks=1 with_out=0
while :; do
  case "$1" in
    --ranks) ranks=$2; shift 2 ;;
    --out) with_out=1; shift ;;
    *) break ;;
  esac
done
program=$1
name=$(basename "$program")
dir=$(mktemp -d /tmp/cgt-signal-fifo.XXXXXX)
pid=
trap '[ -n "$pid" ] && kill -KILL $(session) 2>/dev/null; rm -rf "$dir"' EXIT
mkfifo "$dir/config.ini"
args=(--config "$dir/config.ini")
[ $with_out = 1 ] && args+=(--out "$dir/out.h5")

case "$(uname -m)" in x86_64) openat=257 ;; aarch64) openat=56 ;; *) openat=none ;; esac
# blocked PID: whether the process waits in the open of a FIFO.
blocked() {
  local wchan call
  wchan=$(cat "/proc/$1/wchan" 2>/dev/null)
  [ "$wchan" = wait_for_partner ] && return 0
  call=$(cut -d' ' -f1 "/proc/$1/syscall" 2>/dev/null)
  [ "$call" = "$openat" ] && [ "$(ps -o stat= -p "$1" | cut -c1)" = S ]
}
# The processes that must be blocked: the program, or each rank under mpiexec.
processes() { if [ "$ranks" = 1 ]; then echo "$pid"; else ps -o pid= --ppid "$pid"; fi; }

# run SIGNAL TARGET: starts the program, waits until it blocks, sends SIGNAL to TARGET
# (self: the program or mpiexec; rank: one rank alone); checks status and line.
run() {
  local signal=$1 target=$2 p ready expected
  if [ "$ranks" = 1 ]; then
    setsid "$program" "${args[@]}" >"$dir/out" 2>"$dir/err" &
  else
    setsid mpiexec --quiet --oversubscribe -n "$ranks" "$program" "${args[@]}" >"$dir/out" 2>"$dir/err" &
  fi
  pid=$!
  for _ in $(seq 6000); do # a hang guard only: the loop ends when every process is blocked
    ready=$(processes | wc -w)
    for p in $(processes); do blocked "$p" || ready=0; done
    [ "$ready" = "$ranks" ] && break
    alive || { cat "$dir/err"; fail "$signal: the program ended before it blocked on the FIFO"; }
    sleep 0.05
  done
  [ "$ready" = "$ranks" ] || fail "$signal: the program never blocked on the FIFO"
  if [ "$target" = rank ]; then # rank 0 (the one that prints; mpiexec then ends the other)
    for p in $(processes); do tr '\0' '\n' <"/proc/$p/environ" | grep -qx OMPI_COMM_WORLD_RANK=0 && target=$p; done
  else
    target=$pid
  fi
  kill -"$signal" "$target"
  local start
  start=$(date +%s%N)
  for _ in $(seq 600); do alive || break; sleep 0.05; done # hang guard: 30 s
  alive && fail "$signal: still running 30 s after the signal"
  wait "$pid"
  status=$?
  pid=
  seconds=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
  expected=$((128 + $(kill -l "$signal")))
  [ "$status" = "$expected" ] || { cat "$dir/err"; fail "$signal to $2: status $status, expected $expected"; }
  if [ "$(wc -l <"$dir/err")" != 1 ] || ! grep -qx "$name: stopped by SIG$signal" "$dir/err"; then
    cat "$dir/err"
    fail "$signal to $2: not the one line '$name: stopped by SIG$signal'"
  fi
  [ "$(ls "$dir")" = "config.ini
err
out" ] || fail "$signal to $2: it left files: $(ls "$dir" | tr '\n' ' ')"
  echo "PASS: $ranks rank(s), SIG$signal to $2 while blocked on the FIFO: status $status after ${seconds} s, '$(cat "$dir/err")'"
}

if [ "$ranks" = 1 ]; then
  for signal in TERM INT USR1; do run $signal self; done
else
  run USR1 self
  run TERM rank
fi
