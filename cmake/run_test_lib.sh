# shellcheck shell=bash
# What the resume, stop and merge tests share (sourced, not run). They take
#   [--serial] [--exclude TABLE]... [--task-seconds S] TOOLS... DRIVER [driver options...]
# cgt_test_options sets `serial` (1: the driver runs on 1 rank) and `excluded` (tables that
# measure the run, left out of comparisons), exports --task-seconds S as CGT_TEST_TASK_SECONDS
# (the skeleton's delay per task, 0.005 s unless given: lower for thousands of tasks), sets
# `middle_tasks` from --middle-tasks N (resume_test.sh) and leaves the rest in `rest`.
cgt_test_options() {
  serial=0 excluded=() rest=() middle_tasks=
  while :; do
    case "${1:-}" in
      --serial) serial=1; shift ;;
      --exclude) excluded+=("$2"); shift 2 ;;
      --task-seconds) export CGT_TEST_TASK_SECONDS=$2; shift 2 ;;
      --middle-tasks) middle_tasks=$2; shift 2 ;;
      *) break ;;
    esac
  done
  rest=("$@")
}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# As jobs/run: no 1 s wait (Open MPI's default) before the other ranks are killed once one
# ended. The wait was kept while a rank could end before rank 0 printed its stop line; a rank
# other than 0 now waits up to 10 s for rank 0 (drivers/common/runtime/stop_signal.cpp,
# cmake/stop_rank_order_test.sh).
export OMPI_MCA_odls_base_sigkill_timeout=${OMPI_MCA_odls_base_sigkill_timeout:-0}
fail() { echo "FAIL: $*"; exit 1; }
# h5_values FILE DATASET: the dataset's values, blank-separated (its first DATA block: not
# the attributes').
h5_values() { h5dump -y -w 0 -d "$2" "$1" | awk '/DATA \{/ { f = 1; next } f && /\}/ { exit } f' | tr ',\n' '  '; }

# progress_agrees STOP_LINE ERR_FILE WHAT: where the progress units are the tasks (its total
# is the stop line's task count), its last line says as many done as the stop line keeps:
# a task stopped midway, its state saved, is not done.
progress_agrees() {
  local kept counted
  kept=$(echo "$1" | sed -E 's/.*stopped: ([0-9]+) of ([0-9]+) tasks.*/\1 \2/')
  counted=$(tr '\r' '\n' <"$2" | grep -E ": [0-9]+/[0-9]+ done in " | tail -1 | sed -E 's/.*: ([0-9]+)\/([0-9]+) done in .*/\1 \2/')
  if [ -n "$counted" ] && [ "${counted#* }" = "${kept#* }" ] && [ "${counted% *}" != "${kept% *}" ]; then
    fail "$3: progress counted ${counted% *} tasks done, the stop kept ${kept% *}"
  fi
}
# Whether the run started as $pid is still going (an ended run that is not reaped yet is a
# zombie), and every process of its session: mpiexec gives each rank a process group of its
# own, so a run is killed by its session (it is started with setsid).
alive() { case "$(ps -o stat= -p "$pid" 2>/dev/null)" in "" | Z*) return 1 ;; *) return 0 ;; esac; }
session() { ps -o pid= -s "$pid" 2>/dev/null; }
kill_run() {
  local i
  kill -KILL $(session) 2>/dev/null
  wait "$pid" 2>/dev/null
  for i in $(seq 200); do [ -z "$(session)" ] && break; sleep 0.05; done
  pid=
}
# wait_held OUT: waits until the run started as $pid holds at its test hook
# (CGT_TEST_HOLD_AFTER_TASKS / _STATES: it creates OUT.held and waits for a signal or
# OUT.release); false if the run ended first. The wait is for a point the run reaches for
# certain, not a race: the run stays there until the test lets it go.
wait_held() {
  while [ ! -e "$1.held" ]; do
    alive || return 1
    sleep 0.05
  done
}
# journal_state JOURNAL (with $merge, cgt-merge): done_tasks, all_tasks and states (saved
# states of unfinished tasks) of a journal, 0 when it is not there yet.
journal_state() {
  local line
  line=$("$merge" --list "$1" 2>/dev/null | head -1)
  done_tasks=$(echo "$line" | sed -n 's/.*tasks done: \([0-9]*\) of.*/\1/p')
  all_tasks=$(echo "$line" | sed -n 's/.*tasks done: [0-9]* of \([0-9]*\).*/\1/p')
  states=$(echo "$line" | sed -n 's/.* with \([0-9]*\) saved states.*/\1/p')
  done_tasks=${done_tasks:-0} all_tasks=${all_tasks:-0} states=${states:-0}
}
is_excluded() { local e; for e in "${excluded[@]}"; do [ "$e" = "$1" ] && return 0; done; return 1; }
rows_of() { h5dump -a "/$2/rows" "$1" 2>/dev/null | sed -n 's/^ *(0): \([0-9]*\)/\1/p'; }
# same_tables REFERENCE FILE WHAT: every table of REFERENCE but the excluded is in FILE,
# identical (h5diff, attributes and checksums included).
same_tables() {
  local t out
  for t in $(h5ls "$1" | awk '$2 == "Group" {print $1}'); do
    is_excluded "$t" && continue
    [ "$(rows_of "$1" "$t")" = "$(rows_of "$2" "$t")" ] || fail "$3: table $t has another row count"
    # h5diff calls two empty datasets "not comparable": equal row counts of 0 are the same table.
    [ "$(rows_of "$1" "$t")" = 0 ] && continue
    out=$(h5diff -c "$1" "$2" "/$t" "/$t" 2>&1) || { echo "$out" | head -20; fail "$3: table $t differs"; }
    echo "$out" | grep -qi "not comparable" && fail "$3: table $t: $out"
  done
  return 0
}
