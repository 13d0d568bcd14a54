#!/usr/bin/env bash
# cgt-octal-sweep with a small --window-heaps and --prefix-heaps: Grundy's game's rare heaps
# reach 82,860 below 2^18, so a window of 4096 heaps grows (in place while nothing is dropped,
# then starting again from heap 0), each growth one line in the log naming the game; 4.364
# (11,687 + 62, proven at 26,244 heaps) grows it in place. The tables equal those of a run
# with the default sizes; the window is in the run's parameters, the prefix (run control) is
# not.
#   window_growth_test.sh RUN_TEST_LIB DRIVER
set -uo pipefail
. "$1"
driver=$2
dir=$(mktemp -d /tmp/cgt-octal-window.XXXXXX)
trap 'rm -rf "$dir"' EXIT
games=(--subtraction-max 0 --octal-digits 0 --games "grundy@2^18 4.364@2^16")
"$driver" --quiet "${games[@]}" --out "$dir/default.h5" || fail "the run with default sizes"
"$driver" "${games[@]}" --prefix-heaps 1048576 --window-heaps 4096 --out "$dir/small.h5" \
  >"$dir/small.out" 2>"$dir/small.err" || { cat "$dir/small.err"; fail "the run with a small window"; }
excluded=()
same_tables "$dir/default.h5" "$dir/small.h5" "a window of 4096 heaps"
log=$(tr '\r' '\n' <"$dir/small.err")
growth='the sweep.s prefix 1048576 -> [0-9]+ heaps, window [0-9]+ -> [0-9]+ heaps, [0-9]+ [KM]iB of values$'
echo "$log" | grep -Eq "task [0-9]+ \(rank 0\): grundy: starting again from heap 0 at heap [0-9]+: $growth" ||
  { echo "$log"; fail "no line for the restart of grundy's sweep"; }
echo "$log" | grep -Eq "4\.364: growing in place at heap 4096: the sweep.s prefix 1048576 -> 1048576 heaps, window 4096 -> 8192 heaps" ||
  { echo "$log"; fail "no line for the growth of 4.364's window"; }
# Every line about a growth is one whole line of that form.
echo "$log" | grep -E "growing in place|starting again" | grep -Evq ": (grundy|4\.364): (growing in place|starting again from heap 0) at heap [0-9]+: $growth" &&
  { echo "$log"; fail "a growth line of another form"; }
params=$(h5dump -a /parameters "$dir/small.h5")
echo "$params" | grep -q "window-heaps = 4096" || fail "--window-heaps is not in the parameters"
echo "$params" | grep -q "prefix-heaps =" && fail "--prefix-heaps (run control) is in the parameters"
echo "PASS"
