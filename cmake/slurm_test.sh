#!/usr/bin/env bash
# Runs a job's Slurm batch script on a real single-node Slurm cluster started here, then
# its verify program on what the job wrote:
#   slurm_test.sh JOB BIN_DIR [driver options...]   (options override the job's INI)
# The cluster (munged, slurmctld, slurmd from Debian's munge and slurm-wlm) lives in a
# private temp folder: its own config, key, socket, ports and state; the daemons are
# stopped by PID when the test ends, whatever happens.
set -uo pipefail
job=$1 bin=$2
shift 2
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
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
slurmctld -i || fail "slurmctld did not start"
slurmd || fail "slurmd did not start"
for _ in $(seq 100); do
  sinfo -h -o %t 2>/dev/null | grep -q idle && break
  sleep 0.1
done
sinfo -h -o %t | grep -q idle || fail "the node did not become idle"

cd "$root"
CGT_BIN=$bin timeout 600 sbatch --wait --quiet --output="$dir/job.log" "jobs/$job.slurm" --out "$dir/$job.h5" "$@" \
  || fail "sbatch --wait jobs/$job.slurm failed"
verify=$(. jobs/common.sh && cgt_job_verify "$job")
"$bin/$verify" "$dir/$job.h5" >"$dir/verify.txt" || { cat "$dir/verify.txt"; fail "verify of the Slurm job's file failed"; }
tail -1 "$dir/verify.txt"
ranks=$(h5dump -a /ranks "$dir/$job.h5" | sed -n 's/^ *(0): \([0-9]*\)/\1/p')
expected=$(sed -n 's/^#SBATCH --ntasks=\([0-9]*\).*/\1/p' "jobs/$job.slurm" | head -1)
[ "$ranks" = "${expected:-1}" ] || fail "the Slurm job ran on ${ranks:-?} ranks, expected ${expected:-1} (its --ntasks)"
echo "PASS: jobs/$job.slurm ran on a real Slurm cluster ($ranks ranks) and verified"
