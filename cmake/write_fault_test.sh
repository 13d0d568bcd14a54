#!/usr/bin/env bash
# A write that fails on one rank (a full disk) ends the run on every rank within seconds:
# one line `error: ...` naming the file and the cause, status 1, no result file (neither
# OUT nor OUT.partial), and the journal keeps what was done, so that --resume after it
# writes the file an uninterrupted run writes. The faults:
#   - CGT_TEST_FAIL_WRITE=journal:R: rank R's journal append fails (as with ENOSPC), on
#     1 rank and on 2 ranks for R = 0 and R = 1;
#   - CGT_TEST_FAIL_WRITE=result:1: rank 1's part of the collective result write fails;
#   - a real one: the ranks' file size limit (ulimit -f, SIGXFSZ ignored, so a write returns
#     EFBIG) below what the run writes, on 2 ranks (a full disk needs a mount: see the
#     README for the tmpfs reproducer).
#   write_fault_test.sh DRIVER [driver options...]
set -uo pipefail
driver=$1; shift
dir=$(mktemp -d /tmp/cgt-fault.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fail=0 cases=0

# fault NAME RANKS REGEX [VAR=VALUE]: runs the driver to $dir/NAME.h5 with the fault in its
# environment and expects status 1 within 60 s, one line of stderr matching REGEX, no result.
fault() {
  local name=$1 ranks=$2 regex=$3 env=$4 out=$dir/$1.h5 err=$dir/$1.err rc
  shift 4
  cases=$((cases + 1))
  env $env timeout 60 mpiexec --quiet --oversubscribe -n "$ranks" "$driver" --quiet --out "$out" "$@" \
    >/dev/null 2>"$err"
  rc=$?
  if [ $rc = 124 ]; then echo "FAIL: $name: still running after 60 s (a deadlock?)"; fail=1; return; fi
  if [ $rc != 1 ] || [ "$(wc -l <"$err")" != 1 ] || ! grep -Eq -- "$regex" "$err"; then
    echo "FAIL: $name: status $rc, stderr:"; head -c 2000 "$err"; echo; fail=1
  fi
  for f in "$out" "$out.partial"; do [ -e "$f" ] && { echo "FAIL: $name: $f was left"; fail=1; }; done
}
# resumes NAME: the run continues from its journal with no fault and completes.
resumes() {
  local name=$1 out=$dir/$1.h5
  shift
  cases=$((cases + 1))
  if ! timeout 120 mpiexec --quiet --oversubscribe -n 2 "$driver" --quiet --resume --out "$out" "$@" \
    >/dev/null 2>"$dir/$name.resume.err" || [ ! -f "$out" ]; then
    echo "FAIL: $name: --resume after the fault did not complete:"; cat "$dir/$name.resume.err"; fail=1
  fi
}

kept='\([0-9]+ of [0-9]+ tasks are kept in .*\.h5\.journal: continue with --resume\)$'
for case in "1 0" "2 0" "2 1"; do
  read -r ranks rank <<<"$case"
  fault "journal-$ranks-$rank" "$ranks" \
    "^error: cannot write journal .*journal/rank-$rank\.log: No space left on device $kept" \
    "CGT_TEST_FAIL_WRITE=journal:$rank" "$@"
done
resumes journal-2-1 "$@"

fault result 2 \
  "^error: cannot write '.*/result\.h5\.partial' \(H5Dwrite of [a-z_]+/[a-z_]+\): the write failed; the run's tasks stay in its journal: make room and run it again with --resume$" \
  CGT_TEST_FAIL_WRITE=result:1 "$@"
resumes result "$@"

# The real thing: no file may grow past 16 KiB. Whichever write meets the limit first (a
# journal or the result), the run ends as above; a result write names the MPI-IO call and
# its cause when MPI-IO reported one (mpi_io_guard), which depends on which write meets it.
cases=$((cases + 1))
out=$dir/limit.h5
timeout 60 mpiexec --quiet --oversubscribe -n 2 bash -c 'trap "" XFSZ; ulimit -f 16; exec "$@"' limit \
  "$driver" --quiet --out "$out" "$@" >/dev/null 2>"$dir/limit.err" # the ranks' limit, not mpiexec's
rc=$?
if [ $rc != 1 ] || [ "$(wc -l <"$dir/limit.err")" != 1 ] ||
  ! grep -Eq "^error: cannot write (journal .*: File too large|'.*\.partial' \(H5[A-Za-z]+ .*\): (the write failed|MPI_File_[a-z_]+: File too large))" "$dir/limit.err"; then
  echo "FAIL: a file size limit of 16 KiB: status $rc, stderr:"; head -c 2000 "$dir/limit.err"; echo; fail=1
fi
[ -e "$out" ] && { echo "FAIL: a file size limit of 16 KiB: $out was written"; fail=1; }

[ $fail = 0 ] && echo "PASS: $cases write faults, each one line and status 1 within seconds, no result file"
exit $fail
