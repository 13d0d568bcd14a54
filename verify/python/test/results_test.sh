#!/usr/bin/env bash
# The Python package cgt_results against files the drivers write: small runs of every job of
# jobs/main, then
#   results_test.sh read BUILD_DIR H5_TAMPER       check_results.py: every table read and
#       checked; partial, incomplete, foreign, altered and edited files refused with the
#       verify programs' own line; rows moved or a column renamed with h5py refused
#   results_test.sh examples BUILD_DIR H5_TAMPER   run_examples.py: results/SCHEMA.md's
#       example per job runs against them and prints what its `# prints:` line says
# The Python: the one jobs/report takes (CGT_PYTHON, or the first python3 with h5py).
set -uo pipefail
mode=$1 build=$2 tamper=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
. "$root/jobs/common.sh"
python=$(cgt_python) || exit 1
bin=$build/bin
dir=$(mktemp -d "${TMPDIR:-/tmp}/cgt-python.XXXXXX")
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/results"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fail() { echo "FAIL: $*"; exit 1; }
run() { # JOB OPTIONS...: the job's driver with its INI and smaller parameters, on 1 rank
  local job=$1; shift
  "$bin/$(cgt_job_driver "$job")" --config "$root/jobs/$job.ini" --quiet --out "$dir/results/$job.h5" "$@" \
    >"$dir/$job.log" 2>&1 || { cat "$dir/$job.log"; fail "the driver of $job failed"; }
}
. "$root/verify/common/small_results.sh"
small_results run
export PYTHONPATH=$root/verify/python${PYTHONPATH:+:$PYTHONPATH}
case $mode in
read)
  jobs_and_drivers=$(for j in $(cgt_all_jobs); do echo "$j=$(cgt_job_driver "$j")"; done)
  "$python" "$here/check_results.py" "$dir/results" "$tamper" "$bin" "$root/results/SCHEMA.md" $jobs_and_drivers
  ;;
examples)
  "$python" "$here/run_examples.py" "$root/results/SCHEMA.md" "$dir"
  ;;
*) fail "unknown mode $mode" ;;
esac
