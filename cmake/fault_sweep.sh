#!/usr/bin/env bash
# The fault sweep: a driver run in which the Nth counted call (write, fsync, rename, ...) of
# one rank fails or kills the run, for every N the run makes (or every STRIDE-th), on each
# rank count, through libcgt_fault_inject.so (cmake/fault_inject.c). Each outcome is put in
# one class and printed in a table; the acceptable ones are
#   ok            status 0, a file that verifies, tables identical to an untroubled run's
#   ok-ignored    the same, though a call failed (an fsync, a close): listed, not refused
#   err1+resumed  status 1, one line `error: ...`, no result file; --resume without the
#                 fault then writes the identical file
#   killed+resumed  (--action kill) --resume after the kill writes the identical file
#   killed+restarted  (--action kill) killed before anything was kept (no journal, no
#                 result): a run started again writes the identical file
#   stop3         (--action term) status 3
#   refused       status 2, one line, before anything was kept (no journal, no result): a
#                 check at the start (can --out be created?) met the fault
#   ok+journal-noted  status 0 and a whole file, but the journal could not be removed: one
#                 warning line, and --resume removes it (the result is complete already)
# and anything else is a failure: signal (a death the sweep did not cause), hang (no end in
# --timeout seconds), banner (Open MPI's abort text on stderr), lines (more than one line),
# badfile (a result file left after a failure, or one that does not verify or differs),
# journal-left (status 0, the journal still there and not removed by --resume),
# resume-failed, status-N.
#   fault_sweep.sh --lib SO --verify VERIFY [--ranks "1 2"] [--calls "write fsync rename"]
#     [--action fail|kill|kill-after|term] [--errno ENOSPC] [--sticky] [--after SUFFIX]
#     [--stride S] [--sample K] [--timeout SECONDS] [--table FILE] [--fault-ranks "0 1"]
#     DRIVER [driver options...]
# --fault-ranks: the ranks whose calls are failed in turn (default: every rank).
# --sample K: only K of the N, spread evenly from the first call to the last (the quick
#   sweep of the ctest label `faults`); CGT_FAULT_SWEEP=full in the environment sweeps every
#   N all the same: CGT_FAULT_SWEEP=full ctest --preset release -L faults
# --after SUFFIX counts only from the first write to OUT.SUFFIX (".partial": the final write).
set -uo pipefail
lib= verify= ranks="1 2" calls="write fsync rename" action=fail err=ENOSPC sticky=0 after=
stride=1 sample=0 timeout=60 table= fault_ranks=
while :; do
  case "${1:-}" in
    --lib) lib=$2; shift 2 ;;
    --verify) verify=$2; shift 2 ;;
    --ranks) ranks=$2; shift 2 ;;
    --calls) calls=$2; shift 2 ;;
    --action) action=$2; shift 2 ;;
    --errno) err=$2; shift 2 ;;
    --sticky) sticky=1; shift ;;
    --after) after=$2; shift 2 ;;
    --stride) stride=$2; shift 2 ;;
    --sample) sample=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --table) table=$2; shift 2 ;;
    --fault-ranks) fault_ranks=$2; shift 2 ;;
    *) break ;;
  esac
done
driver=$1; shift
[ "${CGT_FAULT_SWEEP:-}" = full ] && sample=0 stride=1
opts=("$@")
. "$(dirname "$0")/run_test_lib.sh" # same_tables, fail
excluded=()
export OMPI_MCA_hwloc_base_binding_policy=${OMPI_MCA_hwloc_base_binding_policy:-none}
export OMPI_MCA_odls_base_sigkill_timeout=${OMPI_MCA_odls_base_sigkill_timeout:-0} # as jobs/run: no 1 s wait for the others once a rank ended
dir=$(mktemp -d /tmp/cgt-fault-sweep.XXXXXX)
trap 'rm -rf "$dir"' EXIT
table=${table:-$dir/table.txt}

# run RANKS OUT [ENV...] -- [driver options]: the driver, under mpiexec past 1 rank; the
# shim (ENV) only in the ranks. Sets rc (124: no end within --timeout); stderr in $dir/err.
run() {
  local n=$1 out=$2; shift 2
  local env=() x=() e
  while [ "$1" != "--" ]; do env+=("$1"); shift; done
  shift
  if [ "$n" = 1 ]; then
    env "${env[@]}" timeout -k 10 "$timeout" "$driver" --quiet --out "$out" "$@" "${opts[@]}" >/dev/null 2>"$dir/err"
  else
    for e in "${env[@]}"; do x+=(-x "$e"); done
    timeout -k 10 "$timeout" mpiexec --quiet --oversubscribe -n "$n" "${x[@]}" \
      "$driver" --quiet --out "$out" "$@" "${opts[@]}" >/dev/null 2>"$dir/err"
  fi
  rc=$?
}
# shim OUT CALL: the shim's environment for a run writing OUT, counting CALL.
shim() {
  env=(LD_PRELOAD="$lib" CGT_FAULT_CALLS="$2" CGT_FAULT_PATHS="$1" CGT_FAULT_REPORT="$dir/report")
  [ -n "$after" ] && env+=(CGT_FAULT_AFTER="$1$after")
  return 0
}
# fault_points TOTAL: the N to fault, every --stride-th of 1..TOTAL, or --sample of them
# spread evenly (the first and the last included).
fault_points() {
  local i
  if [ "$sample" -gt 1 ] && [ "$1" -gt "$sample" ]; then
    for i in $(seq 0 $((sample - 1))); do echo $((1 + i * ($1 - 1) / (sample - 1))); done
  elif [ "$sample" = 1 ] && [ "$1" -gt 0 ]; then
    echo 1
  else
    seq 1 "$stride" "$1"
  fi
}
# Whether OUT is a whole result: it verifies and its tables are the reference's.
good_file() {
  [ -f "$1" ] && [ ! -e "$1.partial" ] && "$verify" "$1" >/dev/null 2>&1 &&
    (same_tables "$dir/ref.h5" "$1" "sweep" >/dev/null 2>&1)
}
banner() { grep -Eq "MPI_ABORT|^-{20,}|Primary job|mpiexec noticed|prterun|PRRTE" "$dir/err"; }
# resumed OUT N: --resume without the shim writes the reference's tables and removes the
# journal; the outcome is WHAT+resumed, else resume-failed.
resumed() {
  run "$2" "$1" -- --resume
  if [ $rc = 0 ] && good_file "$1" && [ ! -e "$1.journal" ]; then outcome=$3+resumed
  else outcome=resume-failed first="resume: status $rc: $(head -1 "$dir/err" | cut -c1-90)"; fi
}

run 1 "$dir/ref.h5" -- || fail "the untroubled run failed: $(cat "$dir/err")"
printf "%-5s %-8s %-4s %-6s %-6s %-5s %-15s %s\n" ranks call rank N status lines outcome "stderr (first line)" >"$table"
declare -A tally
for n in $ranks; do
  for call in $calls; do
    # Counting run: how many such calls each rank makes.
    out=$dir/count.h5
    rm -rf "$out" "$out".* "$dir/report"
    shim "$out" "$call"
    run "$n" "$out" "${env[@]}" -- || fail "the counting run ($n ranks, $call) failed: $(cat "$dir/err")"
    declare -A total=()
    for r in $(seq 0 $((n - 1))); do
      total[$r]=$(sed -n "s/^fault-inject rank $r pid [0-9]* counted \([0-9]*\) at 0 .*/\1/p" "$dir/report" | sort -n | tail -1)
    done
    for r in ${fault_ranks:-$(seq 0 $((n - 1)))}; do
      [ "$r" -lt "$n" ] || continue
      for N in $(fault_points "${total[$r]:-0}"); do
        out=$dir/s.h5
        rm -rf "$out" "$out".* "$dir/report"
        shim "$out" "$call"
        run "$n" "$out" "${env[@]}" CGT_FAULT_AT="$N" CGT_FAULT_RANK="$r" CGT_FAULT_ACTION="$action" \
          CGT_FAULT_ERRNO="$err" CGT_FAULT_STICKY="$sticky" --
        status=$rc lines=$(wc -l <"$dir/err") first=$(head -1 "$dir/err" | cut -c1-100)
        faulted=$(grep -c " at $N $call " "$dir/report" 2>/dev/null)
        if [ $status = 124 ]; then outcome=hang
        elif [ "$faulted" -gt 0 ] && { [ "$action" = kill ] || [ "$action" = kill-after ]; }; then
          if [ ! -e "$out.journal" ] && [ ! -e "$out" ]; then
            rm -f "$out.partial"
            run "$n" "$out" --
            if [ $rc = 0 ] && good_file "$out"; then outcome=killed+restarted; else outcome=resume-failed; fi
          else
            resumed "$out" "$n" killed
          fi
        elif [ $status -gt 128 ]; then outcome=signal
        elif banner; then outcome=banner
        elif [ $status = 0 ]; then
          if ! good_file "$out"; then outcome=badfile
          elif [ -e "$out.journal" ]; then
            outcome=journal-left
            if [ "$lines" = 1 ]; then
              run "$n" "$out" -- --resume
              [ $rc = 0 ] && [ ! -e "$out.journal" ] && good_file "$out" && outcome=ok+journal-noted
            fi
          elif [ "$faulted" -gt 0 ]; then outcome=ok-ignored
          else outcome=ok; fi
        elif [ $status = 3 ] && [ "$action" = term ]; then outcome=stop3
        elif [ "$lines" != 1 ]; then outcome=lines
        elif [ $status = 2 ] && [ ! -e "$out" ] && [ ! -e "$out.partial" ] && [ ! -e "$out.journal" ]; then
          outcome=refused
        elif [ -e "$out" ] || [ -e "$out.partial" ]; then outcome=badfile
        elif [ $status = 1 ]; then resumed "$out" "$n" err1
        else outcome=status-$status; fi
        printf "%-5s %-8s %-4s %-6s %-6s %-5s %-15s %s\n" "$n" "$call" "$r" "$N" "$status" "$lines" "$outcome" "$first" >>"$table"
        key="$n $call $outcome"
        tally[$key]=$((${tally[$key]:-0} + 1))
      done
    done
  done
done
cat "$table"
echo "---- outcomes (ranks call outcome: runs) ----"
bad=0
for key in "${!tally[@]}"; do echo "$key: ${tally[$key]}"; done | sort
for key in "${!tally[@]}"; do
  case "${key##* }" in
    ok | ok-ignored | err1+resumed | killed+resumed | killed+restarted | stop3 | refused | ok+journal-noted) ;;
    *) bad=1 ;;
  esac
done
[ $bad = 0 ] && echo "PASS: every fault ended in an accepted outcome" || echo "FAIL: some faults ended badly (see the table)"
exit $bad
