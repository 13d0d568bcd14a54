#!/usr/bin/env bash
# One lock for the whole run: while a run computes (held after its first task by the
# skeleton's hook CGT_TEST_PARK_AFTER_TASKS, so it is certainly mid-way), a second run to the
# same --out, with --force, with --resume and with neither, on 1 and on 2 ranks, is refused
# at once: status 2 and one line naming the running process (its pid and host), the first
# run's journal untouched. The first run then completes, its file verifies, and neither its
# lock file nor its journal is left. A lock left by a killed run (SIGKILL while held) is
# taken over by the next run, which says so and completes.
# The first run on 1 and on 2 ranks.
#   run_lock_test.sh DRIVER VERIFY [driver options...]
set -uo pipefail
. "$(dirname "$0")/run_test_lib.sh"
driver=$1 verify=$2; shift 2
dir=$(mktemp -d /tmp/cgt-run-lock.XXXXXX)
pid=
trap '[ -n "$pid" ] && kill -KILL $(session) 2>/dev/null; rm -rf "$dir"' EXIT
program=$(basename "$driver")
host=$(hostname)

command_of() { # RANKS: the driver on that many ranks
  if [ "$1" = 1 ]; then echo "$driver"; else echo "mpiexec --quiet --oversubscribe -n $1 $driver"; fi
}

# start_held RANKS OUT: the driver in the background (its own session), held by rank 0 after
# its first task; returns once it holds ($holder: the pid of rank 0, from the hook's file).
start_held() {
  rm -f "$dir/hold"
  CGT_TEST_PARK_AFTER_TASKS=1:$dir/hold setsid $(command_of "$1") --quiet --out "$2" "${args[@]}" \
    >"$dir/first.out" 2>"$dir/first.err" &
  pid=$!
  # The hook's file appears when the run holds; the run's own end would be a failure.
  until [ -e "$dir/hold" ]; do
    alive || { cat "$dir/first.err"; fail "$1 rank(s): the first run ended before it held"; }
    sleep 0.05
  done
  holder=$(cat "$dir/hold")
}

args=("$@")
for ranks in 1 2; do
  out=$dir/r$ranks.h5
  start_held $ranks "$out"
  journal=$out.journal/rank-0.log
  before=$(cksum <"$journal")
  for second_ranks in 1 2; do
    for mode in --force --resume ""; do
      what="first run on $ranks rank(s), second on $second_ranks with '${mode:-no flag}'"
      $(command_of $second_ranks) --out "$out" $mode "${args[@]}" >/dev/null 2>"$dir/err"
      status=$?
      line="^error: another run holds $out: $program, pid $holder on host $host, since [0-9-]+ [0-9:]+ UTC \\($out.lock\\); wait for it to end, or choose another --out$"
      if [ $status != 2 ] || [ "$(wc -l <"$dir/err")" != 1 ] || ! grep -Eq -- "$line" "$dir/err"; then
        cat "$dir/err"
        fail "$what: status $status (expected 2 and the line naming pid $holder on $host)"
      fi
      [ -e "$out" ] && fail "$what: a result file appeared"
      [ "$(cksum <"$journal")" = "$before" ] || fail "$what: the first run's journal changed"
      echo "ok: $what: refused, status 2: $(cat "$dir/err")"
    done
  done
  rm "$dir/hold"
  wait "$pid"
  status=$?
  pid=
  [ $status = 0 ] || { cat "$dir/first.err"; fail "$ranks rank(s): the first run ended with status $status"; }
  "$verify" "$out" >"$dir/verify.out" 2>&1 || { tail -20 "$dir/verify.out"; fail "$ranks rank(s): $out does not verify"; }
  [ -e "$out.lock" ] && fail "$ranks rank(s): the lock file is left after the run"
  [ -e "$out.journal" ] && fail "$ranks rank(s): the journal is left after the run"
  echo "PASS: first run on $ranks rank(s): every second run refused; it completed and $(basename "$verify") passes"
done

# A lock left by a dead run: its file stays (SIGKILL removes nothing), its lock is gone.
out=$dir/killed.h5
start_held 2 "$out"
kill_run
[ -e "$out.lock" ] || fail "killed run: no lock file left to take over (the test proves nothing)"
grep -q "pid $holder " "$out.lock" || fail "killed run: its lock file does not name it: $(cat "$out.lock")"
$(command_of 2) --out "$out" --resume "${args[@]}" >/dev/null 2>"$dir/err"
status=$?
[ $status = 0 ] || { cat "$dir/err"; fail "after a killed run: --resume ended with status $status"; }
grep -Eq "^note: $out.lock was left by a run that ended without letting go \\($program, pid $holder on host $host, since .*\\): taken over$" \
  "$dir/err" || { cat "$dir/err"; fail "after a killed run: no note of the lock taken over"; }
"$verify" "$out" >"$dir/verify.out" 2>&1 || { tail -20 "$dir/verify.out"; fail "after a killed run: $out does not verify"; }
[ -e "$out.lock" ] && fail "after a killed run: the lock file is left"
echo "PASS: the lock of a killed run (pid $holder) is taken over by --resume, which completes a file that verifies"
