#!/usr/bin/env bash
# A file system without locks: every flock() fails as it does there (LD_PRELOAD of
# libcgt_no_flock.so, with ENOLCK, EOPNOTSUPP and ENOSYS in turn). The driver ends with one
# line naming the folder of --out, its file system and the way on, status 2, nothing
# created, and never says another run is writing; with CGT_ALLOW_UNLOCKED=1 the same run
# (same --out) completes and its result verifies.
# On 1 and 2 ranks.
#   no_locks_test.sh DRIVER VERIFY LIBCGT_NO_FLOCK    (DRIVER's defaults: a small run)
set -uo pipefail
driver=$1 verify=$2 shim=$3
dir=$(mktemp -d /tmp/cgt-no-locks.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fail=0

# run RANKS ERRNO OUT [env...]: the driver with every flock() failing with ERRNO.
run() {
  local ranks=$1 error=$2 out=$3; shift 3
  if [ "$ranks" = 1 ]; then
    env LD_PRELOAD="$shim" CGT_NO_FLOCK_ERRNO="$error" "$@" "$driver" --quiet --out "$out"
  else
    local pass=()
    for v in "$@"; do pass+=(-x "$v"); done
    mpiexec --quiet --oversubscribe -n "$ranks" -x LD_PRELOAD="$shim" -x CGT_NO_FLOCK_ERRNO="$error" \
      "${pass[@]}" "$driver" --quiet --out "$out"
  fi
}

for ranks in 1 2; do
  for error in ENOLCK EOPNOTSUPP ENOSYS; do
    case $error in
      ENOLCK) cause="No locks available" ;; EOPNOTSUPP) cause="Operation not supported" ;;
      ENOSYS) cause="Function not implemented" ;;
    esac
    out=$dir/r-$ranks-$error.h5
    run "$ranks" "$error" "$out" >/dev/null 2>"$dir/err"
    rc=$?
    line="^error: $dir: this file system offers no file locks \\(flock: $cause\\); write to a file system with locks \\(for Lustre: mount -o flock\\), or set CGT_ALLOW_UNLOCKED=1 to run without them at your own risk \\(README: Installing on a cluster\\)$"
    if [ $rc != 2 ] || [ "$(wc -l <"$dir/err")" != 1 ] || ! grep -Eq -- "$line" "$dir/err" || [ -e "$out" ] || [ -e "$out.partial" ] || [ -e "$out.journal" ]; then
      echo "FAIL: $ranks rank(s), $error: status $rc, stderr:"; head -c 2000 "$dir/err"; fail=1
    fi
    if grep -q "another run" "$dir/err"; then echo "FAIL: $ranks rank(s), $error: blamed on another run"; fail=1; fi
    run "$ranks" "$error" "$out" CGT_ALLOW_UNLOCKED=1 >/dev/null 2>"$dir/err" ||
      { echo "FAIL: $ranks rank(s), $error, CGT_ALLOW_UNLOCKED=1: status $?"; head -c 2000 "$dir/err"; fail=1; }
    "$verify" "$out" >"$dir/verify" 2>&1 ||
      { echo "FAIL: $ranks rank(s), $error: the unlocked run's result does not verify"; tail -5 "$dir/verify"; fail=1; }
  done
done
[ $fail = 0 ] && echo "PASS: on 1 and 2 ranks, ENOLCK, EOPNOTSUPP and ENOSYS: one line naming the file system, status 2; with CGT_ALLOW_UNLOCKED=1 a result that verifies"
exit $fail
