#!/usr/bin/env bash
# parts/keep.sh on a copy of the source's 9x9 parts, one decided opening taken out of them and
# handed to it as a run's journal, as a finished run leaves it:
#   - it keeps it again: the journal copied back, its result in unpublished.txt as before,
#     the parts' test passing, the figures printed;
#   - it refuses, one line, status 1, the copy of the source untouched: a second time (the
#     part is there), a journal with no finished opening, a cell off the board.
#   keep_test.sh BIN_DIR SOURCE_DIR
set -uo pipefail
bin=$1 src=$2
dir=$(mktemp -d /tmp/cgt-keep.XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail() {
  echo "FAIL: $*"
  exit 1
}
cell=e1 # decided here (a loss), its published result not transcribed (unpublished.txt)
copy=$dir/src parts=$dir/src/drivers/hex-openings/parts/9x9
mkdir -p "$copy/jobs" "$copy/verify/data" "$copy/drivers/hex-openings/test" "${parts%/*}" "$dir/run"
cp "$src/jobs/hex-9x9.ini" "$copy/jobs/"
cp "$src/verify/data/hex-large.txt" "$copy/verify/data/"
cp "$src/drivers/hex-openings/test/parts_test.sh" "$copy/drivers/hex-openings/test/"
cp -r "$src/drivers/hex-openings/parts/9x9" "$parts"
grep -qx "$cell:L" "$parts/unpublished.txt" || fail "$cell:L is not in parts/9x9/unpublished.txt"
mv "$parts/$cell.h5.journal" "$dir/run/"
sed -i "/^$cell:L\$/d" "$parts/unpublished.txt"
snapshot() { (cd "$copy" && find . -type f -exec md5sum {} + | sort); }
keep="$src/drivers/hex-openings/parts/keep.sh"

# Refusals first, each leaving the copy as it was.
refused() { # refused WHAT REGEX ARGS...: status 1, one line on stderr matching REGEX
  local what=$1 regex=$2 before
  shift 2
  before=$(snapshot)
  bash "$keep" "$@" >"$dir/out" 2>"$dir/err"
  local status=$?
  [ "$status" = 1 ] || fail "$what: status $status, not 1: $(cat "$dir/err")"
  [ "$(wc -l <"$dir/err")" = 1 ] && grep -Eq "$regex" "$dir/err" ||
    fail "$what: stderr is not one line matching $regex: $(cat "$dir/err")"
  [ "$(snapshot)" = "$before" ] || fail "$what: the source was changed"
  echo "refused, $what: $(cat "$dir/err")"
}
mkdir -p "$dir/empty/d1.h5.journal"
refused "a journal with no finished opening" '^keep.sh: d1: .*holds no finished opening' \
  "$bin" "$copy" "$dir/empty" d1
refused "a cell off the board" '^keep.sh: j1: not a cell of the 9x9 board$' "$bin" "$copy" "$dir/run" j1
refused "no journal" '^keep.sh: a2: no journal ' "$bin" "$copy" "$dir/run" a2

# The opening kept again.
bash "$keep" "$bin" "$copy" "$dir/run" "$cell" >"$dir/out" 2>"$dir/err" ||
  fail "keep.sh $cell: status $?: $(cat "$dir/err")"
cat "$dir/out"
cmp -s "$dir/run/$cell.h5.journal/rank-0.log" "$parts/$cell.h5.journal/rank-0.log" ||
  fail "$cell: the kept journal is not the run's"
[ "$(grep -cx "$cell:L" "$parts/unpublished.txt")" = 1 ] || fail "$cell:L is not in unpublished.txt once"
grep -Eq "^$cell: first-player loss in 29,970,680 nodes, kept in " "$dir/out" ||
  fail "$cell: the figures printed are not its result and nodes"
grep -q "^$cell: the parts' test passes" "$dir/out" || fail "$cell: the parts' test is not reported passing"

refused "a second time" "^keep.sh: $cell: .* is there already\$" "$bin" "$copy" "$dir/run" "$cell"
echo "keep.sh: $cell kept again, and the refusals are one line each"
