#!/usr/bin/env bash
# cgt-grundy-play --table: a cgt-grundy file to 1,100,000 gives the same answers as the sweep
# on heaps both know, answers heaps above 10^6 that the sweep refuses, refuses heaps beyond
# the file, and its --json parses.
#   play_table_test.sh CGT_GRUNDY CGT_GRUNDY_PLAY
set -uo pipefail
grundy=$1 play=$2
dir=$(mktemp -d /tmp/cgt-play-table.XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$grundy" --max-heap 1100000 --quiet --out "$dir/g.h5" || fail "cgt-grundy failed"
a=$("$play" 10 7 5 1000) || fail "the sweep failed"
b=$("$play" --table "$dir/g.h5" 10 7 5 1000) || fail "--table failed"
[ "$a" = "$b" ] || fail "--table and the sweep differ on 10 7 5 1000"
"$play" 1000001 >/dev/null 2>&1 && fail "the sweep accepted 1000001"
out=$("$play" --table "$dir/g.h5" 1099999 3) || fail "--table refused 1099999"
echo "$out" | head -1
echo "$out" | tail -1 | grep -Eq "^[0-9]+ of 550000 splits win$" || fail "not 549,999 + 1 splits: $(echo "$out" | tail -1)"
err=$("$play" --table "$dir/g.h5" 1100001 2>&1 >/dev/null); status=$?
[ $status = 2 ] && [ "$err" = "error: --heaps: heap '1100001' must be an integer 1..1100000" ] || fail "beyond the file: $status '$err'"
"$play" --table "$dir/g.h5" --json 1099999 | /usr/bin/python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["heaps"] == [1099999] and len(d["splits"]) == 549999, d["heaps"]
assert d["winning_splits"] == sum(s["winning"] for s in d["splits"])
assert (d["xor"] != 0) == (d["to_move"] == "wins")
print("json:", d["heaps"], "G =", d["values"], d["winning_splits"], "winning splits")' || fail "--json"
echo PASS
