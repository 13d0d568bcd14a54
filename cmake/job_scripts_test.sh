#!/usr/bin/env bash
# Tests of the job scripts (jobs/) as a cluster site runs them, one case a run:
#   job_scripts_test.sh CASE ROOT BUILD_DIR
#   slurm-bin     jobs/nim.slurm and jobs/array.slurm run the programs of CGT_BIN: the parts
#                 and the merge alike
#   srun-mpi      srun gets no --mpi (the site's default) unless CGT_SRUN_MPI names a plugin
#   slurm-anywhere  a batch script run as Slurm runs it (a copy, from a directory that is not
#                 the repository) finds jobs/ from the path sbatch was given, and writes
#                 results/ in the directory it was submitted from
#   run-anywhere  jobs/run from another directory writes results/ there and takes --out as
#                 relative to it
#   slurm-shapes  every batch script's job, at the script's own --ntasks and within its --mem
#                 (or --mem-per-cpu) on one node, passes the start checks (a job of days asks
#                 for it with allow-long in its INI): the hook CGT_TEST_STOP_AFTER_CHECKS
#                 stops each there, before any work
#   report-python jobs/report runs with the first python3 on PATH that imports h5py, numpy and
#                 matplotlib, or with CGT_PYTHON, on a node where dpkg knows none of them; a
#                 CGT_PYTHON that cannot import them is one line and status 2
# The Slurm cases use stand-ins for srun, sbatch and scontrol that record their arguments
# (the real cluster: cmake/slurm_test.sh).
set -uo pipefail
case=$1 root=$2 build=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cgt-jobs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; [ -f "$tmp/calls.log" ] && { echo "--- calls:"; cat "$tmp/calls.log"; }; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset CGT_BIN CGT_BUILD CGT_JOBS CGT_PYTHON CGT_SRUN_MPI SLURM_JOB_ID

# Stand-ins: each appends "NAME ARGS" to calls.log; scontrol show job prints FAKE_COMMAND.
mkdir -p "$tmp/fake" "$tmp/otherbin" "$tmp/work"
for tool in srun sbatch scontrol apt-get; do
  cat >"$tmp/fake/$tool" <<EOF
#!/bin/sh
echo "$tool \$*" >>"$tmp/calls.log"
# An array's job id shows every task of the array: a record each.
[ "$tool \$1" = "scontrol show" ] && printf '   JobId=%s JobName=x\n   Command=%s\n' "\$3" "\$FAKE_COMMAND"
[ "$tool \$1 \$3" = "scontrol show \${SLURM_ARRAY_JOB_ID:-}" ] && printf '   JobId=%s_2 JobName=x\n   Command=%s\n' "\$3" "\$FAKE_COMMAND"
[ "$tool" = apt-get ] && exit 1
exit 0
EOF
  chmod +x "$tmp/fake/$tool"
done
for p in cgt-nim cgt-merge; do printf '#!/bin/sh\nexit 0\n' >"$tmp/otherbin/$p"; chmod +x "$tmp/otherbin/$p"; done
srun_line() { grep '^srun ' "$tmp/calls.log" | tail -1; }

case $case in
slurm-bin)
  (cd "$root" && PATH=$tmp/fake:$PATH CGT_BIN=$tmp/otherbin SLURM_JOB_ID=11 SLURM_SUBMIT_DIR=$root \
     FAKE_COMMAND=jobs/nim.slurm bash jobs/nim.slurm --out "$tmp/n.h5") || fail "jobs/nim.slurm failed"
  srun_line | grep -q " $tmp/otherbin/cgt-nim --config " || fail "jobs/nim.slurm ran '$(srun_line)', not CGT_BIN's cgt-nim"
  : >"$tmp/calls.log"
  (cd "$root" && PATH=$tmp/fake:$PATH CGT_BIN=$tmp/otherbin SLURM_JOB_ID=20 SLURM_SUBMIT_DIR=$root \
     SLURM_ARRAY_JOB_ID=20 SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_COUNT=2 \
     FAKE_COMMAND="jobs/array.slurm nim --out $tmp/a.h5" bash jobs/array.slurm nim --out "$tmp/a.h5") ||
    fail "jobs/array.slurm failed"
  grep '^sbatch ' "$tmp/calls.log" | grep -q -- "--wrap $tmp/otherbin/cgt-merge " || fail "the merge does not run CGT_BIN's cgt-merge"
  srun_line | grep -q " $tmp/otherbin/cgt-nim --config " || fail "the array part ran '$(srun_line)', not CGT_BIN's cgt-nim"
  srun_line | grep -q -- "--tasks 1/2 --out $tmp/a.part-1.h5" || fail "the array part ran '$(srun_line)'"
  echo "PASS: the batch scripts and the array's parts and merge run CGT_BIN's programs"
  ;;
srun-mpi)
  run_nim() { (cd "$root" && PATH=$tmp/fake:$PATH SLURM_JOB_ID=12 SLURM_SUBMIT_DIR=$root FAKE_COMMAND=jobs/nim.slurm \
                 CGT_BIN=$tmp/otherbin bash jobs/nim.slurm --out "$tmp/n.h5") || fail "jobs/nim.slurm failed"; }
  run_nim
  srun_line | grep -q -- "--mpi" && fail "srun was given '$(srun_line)': no --mpi, the site's default, expected"
  CGT_SRUN_MPI=pmi2 run_nim
  srun_line | grep -q "^srun --mpi=pmi2 $tmp/otherbin/cgt-nim " || fail "CGT_SRUN_MPI=pmi2 gave '$(srun_line)'"
  echo "PASS: srun takes the site's MPI plugin, or CGT_SRUN_MPI's"
  ;;
slurm-anywhere)
  # Slurm runs a copy of the script (in its spool folder) in the submit directory; sbatch
  # was given a path relative to that directory, through a link to the repository.
  ln -s "$root" "$tmp/cgt"
  mkdir -p "$tmp/spool"
  cp "$root/jobs/nim.slurm" "$tmp/spool/slurm_script"
  (cd /tmp && PATH=$tmp/fake:$PATH CGT_BIN=$tmp/otherbin SLURM_JOB_ID=31 SLURM_SUBMIT_DIR=$tmp/work \
     FAKE_COMMAND="../cgt/jobs/nim.slurm --max-heap 5" bash "$tmp/spool/slurm_script" --max-heap 5) ||
    fail "the copy of jobs/nim.slurm failed in $tmp/work"
  srun_line | grep -q "cgt-nim --config $tmp/work/../cgt/jobs/nim.ini --out results/nim-31.h5 --max-heap 5$\|cgt-nim --config $tmp/cgt/jobs/nim.ini --out results/nim-31.h5 --max-heap 5$" ||
    fail "srun was given '$(srun_line)'"
  [ -d "$tmp/work/results" ] || fail "no results/ in the submit directory"
  echo "PASS: a batch script submitted from another directory finds its jobs/ folder and writes results/ there"
  ;;
run-anywhere)
  cd "$tmp/work"
  CGT_BUILD=$build CGT_RANKS=1 "$root/jobs/run" nim --quiet >"$tmp/run.log" 2>&1 || { cat "$tmp/run.log"; fail "jobs/run nim failed"; }
  [ -f "$tmp/work/results/nim.h5" ] || fail "jobs/run from $tmp/work wrote no results/nim.h5 there"
  CGT_BUILD=$build CGT_RANKS=1 "$root/jobs/run" nim --quiet --out mine.h5 >"$tmp/run.log" 2>&1 || { cat "$tmp/run.log"; fail "jobs/run nim --out mine.h5 failed"; }
  [ -f "$tmp/work/mine.h5" ] || fail "jobs/run --out mine.h5 from $tmp/work did not write $tmp/work/mine.h5"
  "$build/bin/cgt-verify-nim" "$tmp/work/mine.h5" >/dev/null || fail "cgt-verify-nim refuses $tmp/work/mine.h5"
  echo "PASS: jobs/run from another directory writes there"
  ;;
slurm-shapes)
  checked=0
  for script in "$root"/jobs/*.slurm; do
    job=$(basename "$script" .slurm) ini=$root/jobs/$(basename "$script" .slurm).ini
    [ -f "$ini" ] || continue # array.slurm runs the INI it is given
    ranks=$(sed -n 's/^#SBATCH --ntasks=\([0-9][0-9]*\).*/\1/p' "$script" | head -1)
    driver=$(sed -n 's/^driver *= *//p' "$ini")
    [ -n "$driver" ] || fail "jobs/$job.ini names no driver"
    # The memory Slurm gives the job on one node (every rank there: the worst case), as
    # --max-memory: this machine is not the node the script asks for.
    cpus=$(sed -n 's/^#SBATCH --cpus-per-task=\([0-9][0-9]*\).*/\1/p' "$script" | head -1)
    mem=$(sed -n 's/^#SBATCH --mem=\([0-9][0-9]*[KMGT]\).*/\1/p' "$script" | head -1)
    per_cpu=$(sed -n 's/^#SBATCH --mem-per-cpu=\([0-9][0-9]*\)\([KMGT]\).*/\1 \2/p' "$script" | head -1)
    if [ -z "$mem" ] && [ -n "$per_cpu" ]; then
      set -- $per_cpu
      mem=$(($1 * ${ranks:-1} * ${cpus:-1}))$2
    fi
    [ -n "$mem" ] || fail "jobs/$job.slurm asks for no --mem or --mem-per-cpu"
    CGT_TEST_STOP_AFTER_CHECKS=1 mpiexec --oversubscribe -n "${ranks:-1}" "$build/bin/$driver" \
      --config "$ini" --out "$tmp/$job.h5" --max-memory "$mem" >"$tmp/out.txt" 2>"$tmp/err.txt"
    status=$?
    grep -q "^$driver: stopped by SIGTERM" "$tmp/err.txt" ||
      fail "jobs/$job.slurm's job on its ${ranks:-1} ranks in $mem did not start: status $status, '$(head -1 "$tmp/err.txt")'"
    ls "$tmp/$job.h5"* >/dev/null 2>&1 && fail "jobs/$job.slurm's job left $(ls -d "$tmp/$job.h5"*) at its start checks"
    checked=$((checked + 1))
  done
  [ $checked -ge 20 ] || fail "only $checked batch scripts with an INI found"
  echo "PASS: the $checked batch scripts' jobs, each on its script's ranks and memory, pass the start checks"
  ;;
report-python)
  # A login node whose Python packages come from modules: dpkg knows none of them (dpkg-query
  # fails), the first python3 on PATH lacks h5py (-S: no site packages), the next has them.
  mkdir -p "$tmp/nodeb" "$tmp/module/bin"
  printf '#!/bin/sh\nexit 1\n' >"$tmp/nodeb/dpkg-query"
  printf '#!/bin/sh\nexec /usr/bin/python3 -S "$@"\n' >"$tmp/nodeb/python3"
  printf '#!/bin/sh\necho "module python3 $*" >>"%s/calls.log"\nexec /usr/bin/python3 "$@"\n' "$tmp" >"$tmp/module/bin/python3"
  chmod +x "$tmp/nodeb/dpkg-query" "$tmp/nodeb/python3" "$tmp/module/bin/python3"
  mkdir "$tmp/results"
  path=$tmp/fake:$tmp/nodeb:$tmp/module/bin:$PATH
  PATH=$path CGT_BUILD=$build "$root/jobs/report" "$tmp/results" >"$tmp/out.txt" 2>&1 || { cat "$tmp/out.txt"; fail "jobs/report failed"; }
  grep -q "^module python3 .*cgt_report.py $tmp/results" "$tmp/calls.log" || fail "jobs/report did not draw with the module's python3"
  [ -s "$tmp/results/REPORT.md" ] || fail "no REPORT.md"
  grep -q "^apt-get" "$tmp/calls.log" && fail "jobs/report called apt-get"
  : >"$tmp/calls.log"
  PATH=$tmp/fake:$tmp/nodeb:$PATH CGT_PYTHON=$tmp/module/bin/python3 CGT_BUILD=$build "$root/jobs/report" "$tmp/results" \
    >"$tmp/out.txt" 2>&1 || { cat "$tmp/out.txt"; fail "jobs/report with CGT_PYTHON failed"; }
  grep -q "^module python3 .*cgt_report.py" "$tmp/calls.log" || fail "jobs/report did not draw with CGT_PYTHON"
  PATH=$path CGT_PYTHON=$tmp/nodeb/python3 CGT_BUILD=$build "$root/jobs/report" "$tmp/results" >"$tmp/out.txt" 2>"$tmp/err.txt"
  status=$?
  [ $status = 2 ] || fail "a CGT_PYTHON without h5py: status $status, expected 2"
  [ "$(cat "$tmp/err.txt")" = "error: CGT_PYTHON=$tmp/nodeb/python3 cannot import h5py, numpy and matplotlib" ] ||
    fail "a CGT_PYTHON without h5py: '$(cat "$tmp/err.txt")'"
  echo "PASS: jobs/report draws with the first python3 that has h5py, numpy and matplotlib, or CGT_PYTHON"
  ;;
*) echo "job_scripts_test.sh: unknown case $case" >&2; exit 2 ;;
esac
