#!/usr/bin/env bash
# Every job in jobs/ names its driver and its verify program in keys of its INI, read as
# jobs/common.sh reads them for jobs/run, jobs/main and the Slurm scripts: the driver one
# of the MPI drivers given, the verify program a cgt-verify-* program, both built. (The
# driver checks the key too: drivers/nim's test "cgt-nim: INI file of another driver".)
#   job_keys_test.sh BIN_DIR DRIVER...
set -uo pipefail
bin=$1
shift
drivers=" $* "
. "$(dirname "$0")/../jobs/common.sh"
failed=0
fail() { echo "FAIL: $*"; failed=1; }
jobs=$(cgt_all_jobs)
[ -n "$jobs" ] || fail "no jobs/*.ini"
for job in $jobs; do
  driver=$(cgt_job_setting "$job" driver "")
  verify=$(cgt_job_setting "$job" verify "")
  if [ -z "$driver" ]; then
    fail "jobs/$job.ini has no key 'driver = PROGRAM'"
  elif [[ "$drivers" != *" $driver "* ]]; then
    fail "jobs/$job.ini: driver = $driver is none of the MPI drivers ($*)"
  elif [ ! -x "$bin/$driver" ]; then
    fail "jobs/$job.ini: driver = $driver is not built in $bin"
  fi
  if [ -z "$verify" ]; then
    fail "jobs/$job.ini has no key 'verify = PROGRAM'"
  elif [[ "$verify" != cgt-verify-* ]] || [ ! -x "$bin/$verify" ]; then
    fail "jobs/$job.ini: verify = $verify is not a verify program built in $bin"
  fi
  echo "$job: $driver, $verify"
done
exit $failed
