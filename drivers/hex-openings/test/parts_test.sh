#!/usr/bin/env bash
# The 8x8 (and 9x9) openings decided so far, kept as the journals of the parts that decided
# them (drivers/hex-openings/parts/8x8/CELL.h5.journal: `jobs/run hex-8x8 --openings CELL`;
# parts/9x9: `jobs/run hex-9x9 --openings CELL --job-search 0`, parts/9x9/README.md):
#   - each is a finished part of the job as its INI stands now: a --resume of it (on a copy)
#     is accepted and computes nothing, so a later run's parts merge with it;
#   - each opening's result is the one Benzene's 8x8 map gives (verify/data/hex-large.txt),
#     or on 9x9 the published result listed there (normal.9.known), and so is its copy by
#     the 180-degree symmetry; a 9x9 opening with no published result listed there must be in
#     parts/9x9/unpublished.txt (this program's result, not checked against the record);
#   - together they merge into one result file, which cgt-verify-hex-openings passes, or,
#     while openings are missing, the merge refuses naming missing tasks and nothing else.
#   parts_test.sh BIN_DIR SOURCE_DIR [SIZE: 8 (default) or 9]
set -uo pipefail
bin=$1 src=$2 n=${3:-8}
job=hex-${n}x$n
parts=$src/drivers/hex-openings/parts/${n}x$n
dir=$(mktemp -d "/tmp/cgt-$job-parts.XXXXXX")
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
resume_args=()
if [ "$n" = 9 ]; then
  # No whole 9x9 map here: the published results of single openings, e.g. "e5:W d1:L".
  known=$(sed -n 's/^normal\.9\.known = //p' "$src/verify/data/hex-large.txt")
  [ -n "$known" ] || fail "no normal.9.known in verify/data/hex-large.txt"
  resume_args=(--job-search 0) # the parts were decided by the sequential search
  # Decided here, the published result not transcribed (parts/9x9/unpublished.txt).
  unpublished=$(sed -n 's/^\([a-i][1-9]:[WL]\)$/\1/p' "$parts/unpublished.txt" 2>/dev/null | tr '\n' ' ')
else
  map=$(sed -n "s/^normal\.$n\.map = //p" "$src/verify/data/hex-large.txt")
  [ -n "$map" ] || fail "no normal.$n.map in verify/data/hex-large.txt"
fi
# The published result at row r, column c (from 0): W, L, or nothing if not published; with
# a third argument, on 9x9, this program's result of parts/9x9/unpublished.txt instead.
published() {
  if [ "$n" = 9 ]; then
    local letters=abcdefghijklmnopqrstuvwxyz cell turned list=$known
    cell=${letters:$2:1}$(($1 + 1))
    turned=${letters:$((n - 1 - $2)):1}$((n - $1)) # the same opening turned 180 degrees
    [ $# -gt 2 ] && list=$unpublished
    tr ' ' '\n' <<<"$list" | sed -n "s/^\($cell\|$turned\):\([WL]\)$/\2/p" | head -1
  else
    tr ' ' '\n' <<<"$map" | sed -n "$(($1 + 1))p" | cut -c$(($2 + 1))
  fi
}
shopt -s nullglob
journals=("$parts"/*.h5.journal)
[ ${#journals[@]} -gt 0 ] || fail "no journals in $parts"
opened=0 unchecked=""
for j in "${journals[@]}"; do
  cell=$(basename "$j" .h5.journal)
  cp -r "$j" "$dir/"
  "$bin/cgt-hex-openings" --config "$src/jobs/$job.ini" --quiet --openings "$cell" "${resume_args[@]}" \
    --out "$dir/$cell.h5" --resume >"$dir/resume.out" 2>&1 ||
    fail "$cell: a --resume with jobs/$job.ini is refused: $(tail -1 "$dir/resume.out")"
  rows=$("$bin/cgt-merge" --list --rows "$dir/$cell.h5.journal" | grep ', table 0: ')
  [ -n "$rows" ] || fail "$cell: its journal holds no finished opening"
  while read -r row; do
    r=$(sed 's/.* row=\([0-9]*\) .*/\1/' <<<"$row") c=$(sed 's/.* col=\([0-9]*\) .*/\1/' <<<"$row")
    result=$(sed 's/.* result=\([a-z]*\) .*/\1/' <<<"$row")
    expected=$(published "$r" "$c") what="the published result"
    if [ -z "$expected" ] && [ "$n" = 9 ]; then
      expected=$(published "$r" "$c" here) what="this program's result in parts/9x9/unpublished.txt"
      [ -n "$expected" ] && unchecked="$unchecked $cell"
    fi
    [ -n "$expected" ] || fail "$cell: row $r, column $c has no published result in verify/data/hex-large.txt"
    [ "$expected" = W ] && expected=win || expected=loss
    [ "$result" = "$expected" ] || fail "$cell: row $r, column $c is a $result, $what is a $expected"
    opened=$((opened + 1))
  done <<<"$rows"
  case " $unchecked " in
    *" $cell "*) echo "$cell: a finished part of $job, as decided here before (parts/9x9/unpublished.txt): not checked against the published map, which is not transcribed" ;;
    *) echo "$cell: a finished part of $job, $(grep -c 'copied=0' <<<"$rows") opening(s) as published" ;;
  esac
done
if "$bin/cgt-merge" --quiet --out "$dir/map.h5" "${journals[@]/#$parts/$dir}" 2>"$dir/merge.err"; then
  "$bin/cgt-verify-hex-openings" "$dir/map.h5" >"$dir/verify.out" || fail "the merged map fails: $(grep FAIL "$dir/verify.out" | head -3)"
  echo "the whole map: merged and verified ($opened rows)"
else
  # One task per 180-degree pair of openings: 32 on 8x8, 41 on 9x9.
  grep -Eq "^error: tasks [0-9, -]+ are in none of the journals \([0-9]+ of $(((n * n + 1) / 2)) missing\)\$" "$dir/merge.err" ||
    fail "the merge is refused for another reason than missing openings: $(cat "$dir/merge.err")"
  echo "the parts merge but for the openings not yet decided: $(cat "$dir/merge.err")"
fi
