#!/usr/bin/env bash
# The 8x8 openings decided so far, kept as the journals of the parts that decided them
# (drivers/hex-openings/parts/8x8/CELL.h5.journal: `jobs/run hex-8x8 --openings CELL`):
#   - each is a finished part of hex-8x8 as its INI stands now: a --resume of it (on a copy)
#     is accepted and computes nothing, so a later run's parts merge with it;
#   - each opening's result is the one Benzene's 8x8 map gives (verify/data/hex-large.txt),
#     and so is its copy by the 180-degree symmetry;
#   - together they merge into one result file, which cgt-verify-hex-openings passes, or,
#     while openings are missing, the merge refuses naming missing tasks and nothing else.
#   parts_test.sh BIN_DIR SOURCE_DIR
set -uo pipefail
bin=$1 src=$2
parts=$src/drivers/hex-openings/parts/8x8
dir=$(mktemp -d /tmp/cgt-hex-8x8-parts.XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
map=$(sed -n 's/^normal\.8\.map = //p' "$src/verify/data/hex-large.txt")
[ -n "$map" ] || fail "no normal.8.map in verify/data/hex-large.txt"
shopt -s nullglob
journals=("$parts"/*.h5.journal)
[ ${#journals[@]} -gt 0 ] || fail "no journals in $parts"
opened=0
for j in "${journals[@]}"; do
  cell=$(basename "$j" .h5.journal)
  cp -r "$j" "$dir/"
  "$bin/cgt-hex-openings" --config "$src/jobs/hex-8x8.ini" --quiet --openings "$cell" \
    --out "$dir/$cell.h5" --resume >"$dir/resume.out" 2>&1 ||
    fail "$cell: a --resume with jobs/hex-8x8.ini is refused: $(tail -1 "$dir/resume.out")"
  rows=$("$bin/cgt-merge" --list --rows "$dir/$cell.h5.journal" | grep ', table 0: ')
  [ -n "$rows" ] || fail "$cell: its journal holds no finished opening"
  while read -r row; do
    r=$(sed 's/.* row=\([0-9]*\) .*/\1/' <<<"$row") c=$(sed 's/.* col=\([0-9]*\) .*/\1/' <<<"$row")
    result=$(sed 's/.* result=\([a-z]*\) .*/\1/' <<<"$row")
    expected=$(tr ' ' '\n' <<<"$map" | sed -n "$((r + 1))p" | cut -c$((c + 1)))
    [ "$expected" = W ] && expected=win || expected=loss
    [ "$result" = "$expected" ] || fail "$cell: row $r, column $c is a $result, Benzene's map says $expected"
    opened=$((opened + 1))
  done <<<"$rows"
  echo "$cell: a finished part of hex-8x8, $(grep -c 'copied=0' <<<"$rows") opening(s) as Benzene's map says"
done
if "$bin/cgt-merge" --quiet --out "$dir/map.h5" "${journals[@]/#$parts/$dir}" 2>"$dir/merge.err"; then
  "$bin/cgt-verify-hex-openings" "$dir/map.h5" >"$dir/verify.out" || fail "the merged map fails: $(grep FAIL "$dir/verify.out" | head -3)"
  echo "the whole map: merged and verified ($opened rows)"
else
  grep -Eq '^error: tasks [0-9, -]+ are in none of the journals \([0-9]+ of 32 missing\)$' "$dir/merge.err" ||
    fail "the merge is refused for another reason than missing openings: $(cat "$dir/merge.err")"
  echo "the parts merge but for the openings not yet decided: $(cat "$dir/merge.err")"
fi
