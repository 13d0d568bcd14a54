#!/usr/bin/env bash
# Runs a job's Slurm batch script on a real single-node Slurm cluster started here, then
# its verify program on what the job wrote:
#   slurm_test.sh JOB BIN_DIR [driver options...]   (options override the job's INI)
#   slurm_test.sh --time-limit JOB BIN_DIR [...]    the job's time limit is cut short while it
#       runs (scontrol update), so that Slurm sends the script's warning signal: the job must
#       stop with status 3, requeue itself, resume from its journal and verify
#   slurm_test.sh --array N JOB BIN_DIR [...]       jobs/array.slurm with N array tasks, merged
#   slurm_test.sh --elsewhere JOB BIN_DIR [...]     the job's script submitted by its absolute path
#       from an empty directory (no results/ there, not the repository), its default log and
#       output, CGT_BIN a folder of stand-ins that run BIN_DIR's programs: the log and
#       results/JOB-<id>.h5 must appear in that directory, written by CGT_BIN's program
#   slurm_test.sh --sbatch 'OPTIONS' JOB BIN_DIR [...]  the plain test with sbatch options that
#       override the script's #SBATCH lines, for a script sized for a cluster larger than
#       this one ('--ntasks=2 --mem=2G --time=5'); the ranks are then checked against the
#       --ntasks=N given there
# The cluster (munged, slurmctld, slurmd from Debian's munge and slurm-wlm) lives in a
# private temp folder: its own config, key, socket, ports, state and PMIx folders; the daemons are
# stopped by PID when the test ends, whatever happens.
set -uo pipefail
scenario=plain parts=0 sbatch_options=()
if [ "${1:-}" = --sbatch ]; then
  read -r -a sbatch_options <<<"$2"
  shift 2
fi
case "${1:-}" in
  --time-limit) scenario=time-limit; shift ;;
  --array) scenario=array; parts=$2; shift 2 ;;
  --elsewhere) scenario=elsewhere; shift ;;
esac
job=$1 bin=$2
shift 2
[ ${#sbatch_options[@]} = 0 ] || [ $scenario = plain ] || { echo "FAIL: --sbatch goes with the plain test only"; exit 1; }
root=$(cd "$(dirname "$0")/.." && pwd)
for tool in munged slurmctld slurmd sbatch; do
  command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || {
    echo "FAIL: $tool not found: install the Debian packages slurm-wlm and munge"; exit 1; }
done
export PATH=$PATH:/usr/sbin

dir=$(mktemp -d /tmp/cgt-slurm.XXXXXX)
chmod 755 "$dir"   # munged wants its socket folder not writable by others
mkdir "$dir/state" "$dir/spool"
stop() {
  for pid_file in slurmd slurmctld munged; do
    [ -f "$dir/$pid_file.pid" ] && kill "$(cat "$dir/$pid_file.pid")" 2>/dev/null
  done
  for _ in $(seq 50); do
    alive=0
    for pid_file in slurmd slurmctld munged; do
      [ -f "$dir/$pid_file.pid" ] && kill -0 "$(cat "$dir/$pid_file.pid")" 2>/dev/null && alive=1
    done
    [ $alive = 0 ] && break
    sleep 0.2
  done
  for pid_file in slurmd slurmctld munged; do
    [ -f "$dir/$pid_file.pid" ] && kill -9 "$(cat "$dir/$pid_file.pid")" 2>/dev/null
  done
  rm -rf "$dir"
}
trap stop EXIT
fail() {
  echo "FAIL: $*"
  for log in munged slurmctld slurmd job; do
    [ -f "$dir/$log.log" ] && { echo "--- $log.log"; tail -20 "$dir/$log.log"; }
  done
  exit 1
}

head -c 1024 /dev/urandom >"$dir/munge.key"
chmod 400 "$dir/munge.key"
munged --key-file="$dir/munge.key" --socket="$dir/munge.sock" --pid-file="$dir/munged.pid" \
  --log-file="$dir/munged.log" --seed-file="$dir/munge.seed" -f || fail "munged did not start"

host=$(hostname -s)
user=$(id -un)
# Two free ports below the kernel's ephemeral range (an outgoing connection may take any
# port inside it at any moment): a port is taken if /proc/net/tcp* lists it.
port_taken() {
  local hex
  hex=$(printf ':%04X ' "$1")
  grep -qi "$hex" /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
ephemeral_low=$(awk '{ print $1 }' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
span=$((ephemeral_low - 12000))
[ "$span" -gt 1000 ] || span=1000
for _ in $(seq 50); do
  port=$((10000 + (RANDOM * 32768 + RANDOM) % span))
  port_taken "$port" || port_taken $((port + 1)) || break
done
cat >"$dir/slurm.conf" <<CONF
ClusterName=cgttest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge.sock
CredType=cred/munge
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
MpiDefault=pmix
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
TmpFS=$dir/pmix
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024)) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
# PMIx's client folders (spmix_appdir_UID_JOB.STEP: the same names in every cluster, whose
# job ids start at 1) in this test's own folder, so that two tests at once, or a folder a
# killed test left in /tmp, never meet (mpi.conf beside slurm.conf; TmpFS the fallback).
mkdir "$dir/pmix"
echo "PMIxCliTmpDirBase=$dir/pmix" >"$dir/mpi.conf"
export SLURM_CONF=$dir/slurm.conf
slurmctld -i || fail "slurmctld did not start"
slurmd || fail "slurmd did not start"
for _ in $(seq 100); do
  sinfo -h -o %t 2>/dev/null | grep -q idle && break
  sleep 0.1
done
sinfo -h -o %t | grep -q idle || fail "the node did not become idle"

cd "$root"
verify=$(. jobs/common.sh && cgt_job_verify "$job")
verified() { # FILE
  "$bin/$verify" "$1" >"$dir/verify.txt" || { cat "$dir/verify.txt"; fail "verify of the Slurm job's file failed"; }
  tail -1 "$dir/verify.txt"
}
field() { scontrol show job "$1" 2>/dev/null | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
wait_until() { # SECONDS DESCRIPTION TEST
  local i
  for i in $(seq $(($1 * 2))); do
    eval "$3" && return 0
    sleep 0.5
  done
  fail "no $2 within $1 s"
}

case $scenario in
plain)
  # Submitted, then its state polled twice a second (sbatch --wait polls every 2..10 s).
  id=$(CGT_BIN=$bin sbatch --parsable --output="$dir/job.log" "${sbatch_options[@]}" "jobs/$job.slurm" \
       --out "$dir/$job.h5" "$@") || fail "sbatch ${sbatch_options[*]} jobs/$job.slurm failed"
  wait_until 600 "end of job $id" 'case $(field "$id" JobState) in PENDING|CONFIGURING|RUNNING|COMPLETING|"") false ;; esac'
  [ "$(field "$id" JobState)" = COMPLETED ] || { cat "$dir/job.log"; fail "job $id (jobs/$job.slurm ${sbatch_options[*]}) ended $(field "$id" JobState)"; }
  verified "$dir/$job.h5"
  ranks=$(h5dump -a /ranks "$dir/$job.h5" | sed -n 's/^ *(0): \([0-9]*\)/\1/p')
  expected=$(sed -n 's/^#SBATCH --ntasks=\([0-9]*\).*/\1/p' "jobs/$job.slurm" | head -1)
  for option in "${sbatch_options[@]}"; do
    case $option in --ntasks=*) expected=${option#--ntasks=} ;; esac
  done
  [ "$ranks" = "${expected:-1}" ] || fail "the Slurm job ran on ${ranks:-?} ranks, expected ${expected:-1} (its --ntasks)"
  echo "PASS: jobs/$job.slurm${sbatch_options[*]:+ (sbatch ${sbatch_options[*]})} ran on a real Slurm cluster ($ranks ranks) and verified"
  ;;
time-limit)
  warn=$(sed -n 's/^#SBATCH --signal=B:USR1@\([0-9]*\).*/\1/p' "jobs/$job.slurm")
  [ -n "$warn" ] || fail "jobs/$job.slurm asks for no warning signal (#SBATCH --signal=B:USR1@...)"
  id=$(CGT_BIN=$bin sbatch --parsable --output="$dir/job.log" "jobs/$job.slurm" --out "$dir/$job.h5" "$@") \
    || fail "sbatch jobs/$job.slurm failed"
  wait_until 120 "start of job $id" '[ "$(field "$id" JobState)" = RUNNING ]'
  # A limit in whole minutes that leaves less than the warning time: Slurm signals the
  # script at its next look at the running jobs' limits (every 30 s or so).
  elapsed=$(field "$id" RunTime | awk -F: '{ print ($1 * 60 + $2) * 60 + $3 }')
  minutes=$(( (elapsed + warn) / 60 ))
  [ $((minutes * 60 - elapsed)) -ge 45 ] || minutes=$((minutes + 1))
  scontrol update JobId="$id" TimeLimit="$minutes" || fail "scontrol update of the time limit failed"
  echo "job $id: time limit cut to $minutes min after ${elapsed} s: the warning is ${warn} s before it"
  wait_until 240 "stop and requeue of job $id" 'grep -q "requeueing job $id" "$dir/job.log"'
  # The rest of the run: its own limit again. Slurm holds a requeued job back (BeginTime,
  # about 150 s here). Once it is pending again (its first run completed) it may start
  # sooner, but not within the second its old credential was revoked in, or slurmd refuses
  # the launch ("Job credential revoked"): 3 s later.
  wait_until 120 "requeued job $id pending" '[ "$(field "$id" JobState)" = PENDING ]'
  sleep 3
  scontrol update JobId="$id" TimeLimit=30 StartTime=now || fail "scontrol update of the requeued job failed"
  wait_until 600 "end of job $id" '[ "$(field "$id" JobState)" = COMPLETED ] || [ "$(field "$id" JobState)" = FAILED ]'
  [ "$(field "$id" JobState)" = COMPLETED ] || { cat "$dir/job.log"; fail "job $id ended $(field "$id" JobState)"; }
  grep -E ": stopped: [0-9]+ of [0-9]+ tasks are done and kept in " "$dir/job.log" | tail -1
  grep -q "continuing with --resume" "$dir/job.log" || { cat "$dir/job.log"; fail "the requeued job did not resume"; }
  restarts=$(field "$id" Restarts)
  [ "${restarts:-0}" -ge 1 ] || fail "job $id was not requeued (Restarts=${restarts:-?})"
  [ -e "$dir/$job.h5.journal" ] && fail "the journal is still there after the job completed"
  verified "$dir/$job.h5"
  echo "PASS: jobs/$job.slurm, signalled before its time limit, stopped, requeued itself $restarts time(s), resumed and verified"
  ;;
elsewhere)
  mkdir "$dir/elsewhere" "$dir/bin"
  driver=$(. jobs/common.sh && cgt_job_driver "$job")
  printf '#!/bin/sh\necho "$0" >>"%s/stand-in.log"\nexec "%s/%s" "$@"\n' "$dir" "$bin" "$driver" >"$dir/bin/$driver"
  chmod +x "$dir/bin/$driver"
  id=$(cd "$dir/elsewhere" && CGT_BIN=$dir/bin sbatch --parsable "$root/jobs/$job.slurm" "$@") ||
    fail "sbatch $root/jobs/$job.slurm from $dir/elsewhere failed"
  wait_until 600 "end of job $id" 'case $(field "$id" JobState) in PENDING|CONFIGURING|RUNNING|COMPLETING|"") false ;; esac'
  name=$(sed -n 's/^#SBATCH --job-name=//p' "jobs/$job.slurm")
  log=$dir/elsewhere/$name-$id.log
  [ "$(field "$id" JobState)" = COMPLETED ] || { cat "$log" 2>/dev/null; fail "job $id ended $(field "$id" JobState) ($(field "$id" Reason))"; }
  [ -f "$log" ] || fail "no log $log in the submit directory"
  [ -s "$dir/stand-in.log" ] || fail "the job did not run CGT_BIN's $driver"
  verified "$dir/elsewhere/results/$job-$id.h5"
  echo "PASS: $root/jobs/$job.slurm submitted from another directory ran CGT_BIN's $driver, wrote its log and results/ there, verified"
  ;;
array)
  id=$(CGT_BIN=$bin sbatch --parsable --array=1-"$parts" --output="$dir/array-%a.log" jobs/array.slurm "$job" \
       --out "$dir/$job.h5" "$@") || fail "sbatch --array jobs/array.slurm failed"
  wait_until 600 "merged file of array $id" '[ -e "$dir/$job.h5" ] && [ -z "$(squeue -h -n cgt-merge 2>/dev/null)" ]'
  for f in "$dir"/array-*.log; do grep -q "tasks are done and kept in" "$f" || { cat "$f"; fail "$f: no part done"; }; done
  ls -d "$dir/$job".part-*.h5.journal >/dev/null 2>&1 && fail "the parts' journals are still there after the merge"
  verified "$dir/$job.h5"
  echo "PASS: jobs/array.slurm ran $job as $parts array tasks of parts --tasks K/$parts, merged by cgt-merge, verified"
  ;;
esac
