# shellcheck shell=bash
# Shell helpers shared by jobs/main, jobs/test and jobs/run (sourced, not run).
# Set-up on a fresh Debian 12 machine: as root the packages are installed with apt-get;
# as another user a missing package stops the script with one line naming it.

# CGT_ROOT: the repository, or share/cgt of an install (cmake --install), which holds the
# same jobs/ folder beside the programs' prefix. The programs: CGT_BIN if set, otherwise the
# build tree's (CGT_BUILD, default build/release) or the install's bin folder.
CGT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# CGT_REPORT_DIR: the results report's Python (verify/report, or share/cgt/report).
if [ -f "$CGT_ROOT/CMakeLists.txt" ]; then
  CGT_INSTALLED=0
  CGT_BUILD=${CGT_BUILD:-$CGT_ROOT/build/release}
  CGT_BIN=${CGT_BIN:-$CGT_BUILD/bin}
  CGT_REPORT_DIR=$CGT_ROOT/verify/report
else
  CGT_INSTALLED=1
  # jobs/install_paths.sh, written by cmake --install: CGT_INSTALLED_BIN (relative to CGT_ROOT).
  . "$CGT_ROOT/jobs/install_paths.sh"
  CGT_BIN=${CGT_BIN:-$CGT_ROOT/$CGT_INSTALLED_BIN}
  CGT_REPORT_DIR=$CGT_ROOT/report
fi

# Debian packages: to build and run the jobs; to draw the results report (jobs/report, run
# by the first python3 that imports h5py and matplotlib, or CGT_PYTHON); to run the tests
# (adds a real Slurm, and Chromium for a screenshot of the report).
CGT_PACKAGES_BUILD="cmake make g++ git libopenmpi-dev openmpi-bin libhdf5-openmpi-dev zlib1g-dev hdf5-tools libboost-program-options-dev nlohmann-json3-dev catch2 help2man"
CGT_PACKAGES_REPORT="python3 python3-h5py python3-matplotlib"
CGT_PACKAGES_TEST="slurm-wlm munge chromium fonts-ipafont-gothic"

cgt_missing_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  echo "${missing[@]}"
}

# cgt_ensure_packages PACKAGE...: installs what is missing (root) or names it (others).
cgt_ensure_packages() {
  local missing
  missing=$(cgt_missing_packages "$@")
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ]; then
    echo "set-up: installing $missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    local log
    log=$(mktemp /tmp/cgt-apt.XXXXXX.log)
    if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing; } >"$log" 2>&1; then
      echo "error: apt-get install $missing failed (log: $log)" >&2
      exit 2
    fi
  else
    echo "error: missing Debian packages: $missing (install them with: sudo apt-get install $missing)" >&2
    exit 2
  fi
}

# cgt_build: configures (once) and builds the release preset.
cgt_build() {
  if [ "$CGT_INSTALLED" = 1 ]; then
    echo "error: the programs are not in $CGT_BIN (an install of cgt-pipeline: set CGT_BIN to its bin folder)" >&2
    exit 2
  fi
  local log
  log=$(mktemp /tmp/cgt-build.XXXXXX.log)
  if [ "$CGT_BUILD" = "$CGT_ROOT/build/release" ]; then
    (cd "$CGT_ROOT" &&
      { [ -f "$CGT_BUILD/CMakeCache.txt" ] || cmake --preset release; } &&
      cmake --build --preset release -j "$(nproc)")
  else # another build folder (CGT_BUILD), configured by its owner
    cmake --build "$CGT_BUILD" -j "$(nproc)"
  fi >"$log" 2>&1 || {
    tail -30 "$log" >&2
    echo "error: the build failed (full log: $log)" >&2
    exit 1
  }
  rm -f "$log"
}

# cgt_need_program NAME: builds the release preset unless CGT_BIN holds the program; a
# CGT_BIN the user chose is never built, only named.
cgt_need_program() {
  [ -x "$CGT_BIN/$1" ] && return 0
  if [ "$CGT_INSTALLED" = 1 ] || [ "$CGT_BIN" != "$CGT_BUILD/bin" ]; then
    echo "error: no program $CGT_BIN/$1 (CGT_BIN=$CGT_BIN)" >&2
    exit 2
  fi
  cgt_build
}

# cgt_python: prints the Python that draws the report: CGT_PYTHON, or else the first python3
# (on PATH, then /usr/bin/python3) that imports h5py, numpy and matplotlib. Returns 1, with
# one line on stderr, when there is none.
cgt_python_can() { "$1" -c 'import h5py, numpy, matplotlib' >/dev/null 2>&1; }
cgt_python() {
  local p
  if [ -n "${CGT_PYTHON:-}" ]; then
    cgt_python_can "$CGT_PYTHON" && { echo "$CGT_PYTHON"; return 0; }
    echo "error: CGT_PYTHON=$CGT_PYTHON cannot import h5py, numpy and matplotlib" >&2
    return 1
  fi
  for p in $(type -ap python3) /usr/bin/python3; do
    cgt_python_can "$p" && { echo "$p"; return 0; }
  done
  echo "error: no python3 on PATH imports h5py, numpy and matplotlib: set CGT_PYTHON to one that does (on Debian: apt-get install $CGT_PACKAGES_REPORT)" >&2
  return 1
}

# cgt_build_fuzz: configures (once) and builds the fuzz preset (clang's libFuzzer targets),
# with CGT_FUZZ_SECONDS (default 30) per target for its tests.
cgt_build_fuzz() {
  local log
  log=$(mktemp /tmp/cgt-fuzz-build.XXXXXX.log)
  (cd "$CGT_ROOT" &&
    cmake --preset fuzz -DCGT_FUZZ_SECONDS="${CGT_FUZZ_SECONDS:-30}" &&
    cmake --build --preset fuzz -j "$(nproc)") >"$log" 2>&1 || {
    tail -30 "$log" >&2
    echo "error: the fuzz build failed (full log: $log)" >&2
    return 1
  }
  rm -f "$log"
}

# cgt_mpiexec RANKS COMMAND...: mpiexec that works as root and with more ranks than cores.
# Ranks are not bound to cores unless OMPI_MCA_hwloc_base_binding_policy says so (e.g.
# "core" on a node of one's own): Open MPI binds rank r to core r by default, and on a
# shared machine a rank stuck on a busy core does a third of the other's work (2 ranks of
# hex-openings at load 14: 48.7 and 16.7 CPU s bound, 28.6 and 37.4 unbound; 103 against 82 s).
# Once a rank has ended with a non-zero status (3 after a stop), mpiexec sends SIGTERM to the
# others and waits odls_base_sigkill_timeout (1 s) before its SIGKILL, whether they are gone or
# not: 0 (unless OMPI_MCA_odls_base_sigkill_timeout says otherwise) ends a stopped 2-rank
# run of cgt-hackenbush-signs in 0.3-0.9 s instead of 2.5-2.8 s. A rank killed then loses at
# most the task it was running: its journal holds every record it wrote (a torn last one is
# dropped at --resume). Where the ranks end each by itself (a task that never asks whether
# to stop, the final write), a rank other than 0 waits for rank 0 to end first (10 s at most,
# stop_signal.hpp), so that rank 0 is not killed before its stop line.
cgt_mpiexec() {
  local ranks=$1; shift
  local extra=()
  [ "$ranks" -gt "$(nproc)" ] && extra+=(--oversubscribe)
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    OMPI_MCA_hwloc_base_binding_policy=${OMPI_MCA_hwloc_base_binding_policy:-none} \
    OMPI_MCA_odls_base_sigkill_timeout=${OMPI_MCA_odls_base_sigkill_timeout:-0} \
    mpiexec --quiet -n "$ranks" "${extra[@]}" "$@"
}

# cgt_mpiexec_stoppable RANKS COMMAND...: cgt_mpiexec, where a SIGTERM or SIGINT to this script
# stops the ranks as the drivers expect (journal kept, status 3). Open MPI 4.1's mpiexec turns
# its own SIGTERM or SIGINT into a SIGTERM of every rank and then exits 1 whatever the ranks
# do; it passes SIGUSR1 on to every rank and exits with their status. So mpiexec runs in the
# background, the script's SIGTERM, SIGINT and SIGHUP go to it as SIGUSR1, and its status is
# returned. mpiexec and its ranks run in a process group of their own (set -m), so that a
# terminal's Ctrl-C or hangup, sent to the whole foreground group, reaches this script alone:
# otherwise mpiexec takes it too, exits 1 and kills the ranks in their stop.
cgt_mpiexec_stoppable() {
  local ranks=$1; shift
  local extra=() status=0 launcher
  [ "$ranks" -gt "$(nproc)" ] && extra+=(--oversubscribe)
  set -m
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    OMPI_MCA_hwloc_base_binding_policy=${OMPI_MCA_hwloc_base_binding_policy:-none} \
    OMPI_MCA_odls_base_sigkill_timeout=${OMPI_MCA_odls_base_sigkill_timeout:-0} \
    mpiexec --quiet -n "$ranks" "${extra[@]}" "$@" </dev/null &
  launcher=$!
  set +m
  trap 'kill -USR1 "$launcher" 2>/dev/null' TERM INT HUP
  while :; do
    # A trapped signal ends `wait` early (status > 128) while mpiexec still runs: wait again.
    wait "$launcher" && status=0 || status=$?
    kill -0 "$launcher" 2>/dev/null || break
  done
  trap - TERM INT HUP
  return "$status"
}

# The jobs: one per INI file in jobs/, by name.
cgt_all_jobs() { (cd "$CGT_ROOT/jobs" && ls *.ini | sed 's/\.ini$//'); }
# The jobs of jobs/main, jobs/report and jobs/bench when named none: all but those whose INI
# says "main = no" (hours of work or a cluster's size, e.g. hex-8x8, octal-frontier: run
# them by name with jobs/run JOB or sbatch jobs/JOB.slurm, resumable).
cgt_default_jobs() { for j in $(cgt_all_jobs); do [ "$(cgt_job_setting "$j" main yes)" = no ] || echo "$j"; done; }
# cgt_require_job JOB: stops with one line and status 2 unless jobs/JOB.ini exists.
cgt_require_job() {
  [ -f "$CGT_ROOT/jobs/$1.ini" ] || { echo "error: no job '$1' (no jobs/$1.ini)" >&2; exit 2; }
}

# cgt_job_setting JOB KEY DEFAULT: the value of KEY in the job's INI, or DEFAULT. The job
# keys (driver, verify, ranks, main) are INI keys the driver itself accepts and checks
# (drivers/common/runtime/options.hpp); they are read here as its --config reader reads a
# `KEY = VALUE` line: a UTF-8 byte order mark ignored, '#' and what follows it a comment,
# blanks around the key and the value dropped, no [section] (the job keys come before any).
cgt_job_setting() {
  local v
  v=$(sed -e '1s/^\xEF\xBB\xBF//' -e '/^[[:space:]]*\[/,$d' -e 's/#.*//' "$CGT_ROOT/jobs/$1.ini" |
    sed -n "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*\(.*[^[:space:]]\)[[:space:]]*$/\1/p" | head -1)
  echo "${v:-$3}"
}
# cgt_job_key JOB KEY: the value of a key every job's INI must hold (driver, verify); one
# line and status 2 if it does not.
cgt_job_key() {
  local v
  v=$(cgt_job_setting "$1" "$2" "")
  [ -n "$v" ] || { echo "error: jobs/$1.ini names no $2 (a line '$2 = PROGRAM')" >&2; exit 2; }
  echo "$v"
}
# The programs of a job: its driver (cgt-nim, or an existing driver with other parameters:
# hex-8x8 is cgt-hex-openings) and its verify program.
cgt_job_driver() { cgt_job_key "$1" driver; }
cgt_job_verify() { cgt_job_key "$1" verify; }

# cgt_job_ranks JOB: ranks for a local run: the INI's "ranks = N" (sequential jobs say 1),
# otherwise one per core.
cgt_job_ranks() { cgt_job_setting "$1" ranks "$(nproc)"; }
