#!/usr/bin/env bash
# cgt-hex --table: the first moves read from a cgt-hex-openings file (4x4 solved, 3x3 and
# 4x4 misere) are the ones the search finds; the JSON says the same; a board the file lacks
# and a position that is not the empty board are refused.
#   table_test.sh CGT_HEX_OPENINGS CGT_HEX
set -uo pipefail
openings=$1 hex=$2
dir=$(mktemp -d /tmp/cgt-hex-table.XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$openings" --sizes 1-4 --rules rule1+2+distance --misere 3-4 --misere-rules plain --copy-from 4 --quiet \
  --out "$dir/o.h5" || fail "cgt-hex-openings failed"
for args in "--size 4" "--size 3 --misere --rules plain" "--size 2"; do
  searched=$("$hex" $args | grep '^winning moves') || fail "search $args"
  read=$("$hex" $args --table "$dir/o.h5" | grep '^winning moves') || fail "--table $args"
  [ "$searched" = "$read" ] || fail "$args: search '$searched', file '$read'"
  echo "$args: $read"
done
"$hex" --size 4 --table "$dir/o.h5" | grep -q "read from $dir/o.h5 (searched there with rule1+2+distance)" ||
  fail "the report does not name the file"
"$hex" --size 4 --table "$dir/o.h5" --json | /usr/bin/python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["size"] == 4 and len(d["cells"]) == 16, d
assert d["winning"] == ["d1", "c2", "b3", "a4"], d["winning"]
assert sum(c["result"] == "win" for c in d["cells"]) == 4
print("json: winning", d["winning"])' || fail "--json"
err=$("$hex" --size 5 --table "$dir/o.h5" 2>&1 >/dev/null); status=$?
[ $status = 2 ] && [ "$err" = "error: $dir/o.h5 holds no complete 5x5 normal board (it has: 1x1, 2x2, 3x3, 4x4)" ] ||
  fail "5x5: $status '$err'"
err=$("$hex" --size 4 --moves a1 --table "$dir/o.h5" 2>&1 >/dev/null); status=$?
[ $status = 2 ] && [ "$err" = "error: --table answers the first move on the empty board only (the file holds openings)" ] ||
  fail "a move played: $status '$err'"
echo PASS
