# shellcheck shell=bash
# What every Slurm batch script of jobs/ does (sourced, not run): cgt_slurm_run JOB [driver options...]
#   - runs the job's driver under srun with the job's INI and the options given;
#   - writes to results/JOB-<job id>.h5 unless --out is given, so two submissions never
#     write the same file (and a requeued job, which keeps its id, finds its own journal);
#   - continues with --resume when the --out file's journal is there: a run that was
#     stopped, requeued, or died with its node;
#   - passes Slurm's warning signal (#SBATCH --signal=B:USR1@SECONDS, sent to this shell
#     that long before the time limit) on to the ranks, which stop taking tasks, make the
#     journal durable and exit with status 3; the job then requeues itself and continues
#     where it stopped when it runs again. A stop by SIGTERM (scancel) is not requeued.
#   - runs from any directory: relative paths (--out, results/) are relative to the directory
#     sbatch was run in, the INI and the programs are found beside this file (a batch script
#     finds this file as CGT_JOBS, or in the folder sbatch was given the script from:
#     CGT_SLURM_SCRIPT, that path, asked of scontrol, since Slurm runs a copy of the script).
# CGT_BIN selects another build's bin folder (jobs/common.sh); CGT_SRUN_MPI the MPI plugin
# of srun (--mpi=CGT_SRUN_MPI: pmix, pmi2, cray_shasta, ...; unset: the site's default,
# MpiDefault of slurm.conf).

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

cgt_slurm_run() {
  local job=$1
  shift
  cgt_require_job "$job"
  local driver
  driver=$CGT_BIN/$(cgt_job_driver "$job") || return 2
  [ -x "$driver" ] || { echo "error: no program $driver (CGT_BIN=$CGT_BIN)" >&2; return 2; }
  local out= resume=0 args=("$@") i
  for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[i]}" in
      --out) out=${args[i + 1]:-} ;;
      --out=*) out=${args[i]#--out=} ;;
      --resume) resume=1 ;;
    esac
  done
  local extra=()
  if [ -z "$out" ]; then
    out=results/$job-${SLURM_JOB_ID:-local}.h5
    extra+=(--out "$out")
  fi
  if [ $resume = 0 ] && [ -d "$out.journal" ]; then
    echo "cgt_slurm_run: $out.journal is there: continuing with --resume" >&2
    extra+=(--resume)
  fi
  mkdir -p "$(dirname "$out")"

  # srun in the background, so that this shell can take the signals and pass them on.
  local pid= warned=0 status=0
  trap 'warned=1; [ -n "$pid" ] && kill -USR1 "$pid" 2>/dev/null' USR1
  trap '[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null' TERM
  srun ${CGT_SRUN_MPI:+"--mpi=$CGT_SRUN_MPI"} "$driver" --config "$CGT_ROOT/jobs/$job.ini" "${extra[@]}" "$@" &
  pid=$!
  # wait returns early (status > 128) when a trapped signal arrives: wait again until srun
  # has ended, and take its own status.
  while :; do
    status=0
    wait "$pid" || status=$?
    [ "$status" -le 128 ] && break
    if ! kill -0 "$pid" 2>/dev/null; then
      local again=0
      wait "$pid" || again=$?
      [ "$again" != 127 ] && status=$again
      break
    fi
  done
  trap - USR1 TERM
  if [ "$status" = 3 ] && [ $warned = 1 ] && [ -n "${SLURM_JOB_ID:-}" ]; then
    echo "cgt_slurm_run: stopped before the time limit; requeueing job $SLURM_JOB_ID to continue" >&2
    scontrol requeue "$SLURM_JOB_ID" && exit 0
    echo "cgt_slurm_run: scontrol requeue failed; continue with: sbatch ${CGT_SLURM_SCRIPT:-$0} $* --out $out" >&2
  fi
  return "$status"
}
