#!/usr/bin/env bash
# --job-search 0 is off: a --config file's job-search switched off on the command line gives
# the sequential search, the run without the option: the same parameters (--out aside) and
# the same tables (timings aside: they measure the run; the openings' node counts are the
# sequential search's, which --job-search would make 0), and a journal of either resumes
# with the other (stopped by the test hook CGT_TEST_STOP_AFTER_TASKS: a count, not a clock).
#   job_search_off_test.sh CGT_MERGE DRIVER [driver options of both runs]
set -uo pipefail
. "$(dirname "$0")/../../../cmake/run_test_lib.sh"
merge=$1 driver=$2; shift 2
opts=("$@")
excluded=(timings)
dir=$(mktemp -d /tmp/cgt-job-search-off.XXXXXX)
trap 'rm -rf "$dir"' EXIT
printf 'rules = dfpn+vc\njob-search = 100\n' >"$dir/job.ini"
on=("--config" "$dir/job.ini")
off=("--config" "$dir/job.ini" "--job-search" "0")
plain=("--rules" "dfpn+vc")
parameters() { h5dump -a parameters "$1" | sed -n "/DATA {/,/^   }/p" | grep -v "out = "; }
nodes() { h5dump -y -w 0 -d /openings/nodes "$1" | awk '/DATA \{/ { f = 1; next } f && /\}/ { exit } f'; }

"$driver" --quiet --out "$dir/plain.h5" "${plain[@]}" "${opts[@]}" || fail "the run without --job-search failed"
"$driver" --quiet --out "$dir/off.h5" "${off[@]}" "${opts[@]}" || fail "the run with --job-search 0 failed"
"$driver" --quiet --out "$dir/on.h5" "${on[@]}" "${opts[@]}" || fail "the run with the INI's job-search failed"
[ "$(parameters "$dir/off.h5")" = "$(parameters "$dir/plain.h5")" ] || {
  diff <(parameters "$dir/plain.h5") <(parameters "$dir/off.h5")
  fail "--job-search 0: parameters other than those of the run without it"
}
parameters "$dir/off.h5" | grep -q 'job-search' && fail "--job-search 0 is in the parameters"
parameters "$dir/on.h5" | grep -q 'job-search = 100' || fail "the INI's job-search is not in its run's parameters"
echo "$(nodes "$dir/plain.h5")" | grep -qE '[1-9]' || fail "the sequential run counted no nodes"
same_tables "$dir/plain.h5" "$dir/off.h5" "--job-search 0 against the run without it"
echo "PASS: --config with job-search and --job-search 0: the parameters and tables of the run without the option"

# A journal of a run without the option resumes with --job-search 0, and the other way round.
for way in "plain off" "off plain"; do
  first=${way% *} second=${way#* }
  out=$dir/stopped-$first.h5
  declare -n a=$first b=$second
  CGT_TEST_STOP_AFTER_TASKS=2 "$driver" --quiet --out "$out" "${a[@]}" "${opts[@]}" 2>"$dir/err.txt"
  status=$?
  [ $status = 3 ] || { cat "$dir/err.txt"; fail "stopped ($first): status $status, expected 3"; }
  journal_state "$out.journal"
  [ "$done_tasks" -lt "$all_tasks" ] || fail "stopped ($first): every opening was done before the stop"
  "$driver" --quiet --resume --out "$out" "${b[@]}" "${opts[@]}" || fail "stopped ($first), resumed ($second): failed"
  [ -e "$out.journal" ] && fail "stopped ($first), resumed ($second): the journal is still there"
  same_tables "$dir/plain.h5" "$out" "stopped ($first), resumed ($second)"
  echo "PASS: stopped ($first) after $done_tasks of $all_tasks openings, resumed ($second): the same tables"
  unset -n a b
done
