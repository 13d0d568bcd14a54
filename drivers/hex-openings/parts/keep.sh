#!/usr/bin/env bash
# Keeps a decided opening as the journal of the finished part that decided it (parts/9x9 and
# parts/8x8, README there):
#   keep.sh BIN_DIR SOURCE_DIR RUN_DIR CELL [SIZE: 9 (default) or 8]
# RUN_DIR holds the run's CELL.h5.journal, made by
#   CGT_RANKS=1 jobs/run hex-9x9 --openings CELL --job-search 0 --out RUN_DIR/CELL.h5
# (on 8x8: jobs/run hex-8x8 --openings CELL --out RUN_DIR/CELL.h5). The script
#   - refuses a journal that holds no finished opening (the run goes on, or was stopped);
#   - compacts it in RUN_DIR (a --resume of a finished part computes nothing and keeps only
#     its rows: hundreds of MB become about a KB) and refuses one that is still large;
#   - copies it into SOURCE_DIR's parts/SIZExSIZE/CELL.h5.journal, refusing to replace one;
#   - on 9x9, where verify/data/hex-large.txt gives no published result for the opening (nor
#     for its 180-degree turn), adds this program's CELL:W or CELL:L to parts/9x9/unpublished.txt;
#   - runs test/parts_test.sh on the parts, the new one with them, and prints the figures
#     for the opening's rows in parts/SIZExSIZE/README.md and FRONTIER.md (written by hand:
#     how the run went, its processes and clocks, is known only to whoever ran it).
# Every refusal is one line "keep.sh: ..." and status 1, with SOURCE_DIR left as it was.
set -uo pipefail
if [ $# -lt 4 ] || [ $# -gt 5 ]; then
  echo "usage: keep.sh BIN_DIR SOURCE_DIR RUN_DIR CELL [SIZE: 9 or 8]" >&2
  exit 2
fi
bin=$1 src=$2 run=$3 cell=$4 n=${5:-9}
grouped() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; } # 29970680: 29,970,680
fail() {
  echo "keep.sh: $cell: $*" >&2
  exit 1
}
case $n in 8 | 9) ;; *) fail "SIZE must be 8 or 9, got '$n'" ;; esac
letters=abcdefghi
[[ $cell =~ ^[${letters:0:n}][1-$n]$ ]] || fail "not a cell of the ${n}x$n board"
job=hex-${n}x$n
parts=$src/drivers/hex-openings/parts/${n}x$n
journal=$run/$cell.h5.journal
kept=$parts/$cell.h5.journal
[ -d "$parts" ] || fail "no folder $parts"
[ -d "$journal" ] || fail "no journal $journal"
[ -e "$kept" ] && fail "$kept is there already"
rows() { "$bin/cgt-merge" --list --rows "$journal" 2>/dev/null | grep ', table 0: '; }
[ -n "$(rows)" ] || fail "$journal holds no finished opening (is the run still going, or stopped?)"
bytes() { cat "$journal"/rank-*.log | wc -c; }
before=$(bytes)
resume_args=()
[ "$n" = 9 ] && resume_args=(--job-search 0) # the 9x9 parts are made by the sequential search
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$bin/cgt-hex-openings" --config "$src/jobs/$job.ini" --quiet --openings "$cell" "${resume_args[@]}" \
  --out "$run/$cell.h5" --resume >"$out" 2>&1 ||
  fail "the --resume that compacts it is refused: $(tail -1 "$out")"
after=$(bytes)
[ "$after" -le 65536 ] || fail "$journal is $after bytes after its compaction (a finished part is about a KB)"
# The opening's own row (not its 180-degree copy): the result and the nodes.
row=$(rows | grep -m1 ' copied=0 ') || fail "$journal has no row of the opening itself"
result=$(sed 's/.* result=\([a-z]*\) .*/\1/' <<<"$row")
nodes=$(sed 's/.* nodes=\([0-9]*\) .*/\1/' <<<"$row")
case $result in win) mark=W what="first-player win" ;; loss) mark=L what="first-player loss" ;;
  *) fail "its row's result is '$result', not a win or a loss" ;; esac
record=""
if [ "$n" = 9 ]; then
  known=$(sed -n 's/^normal\.9\.known = //p' "$src/verify/data/hex-large.txt")
  col=${cell:0:1} r=${cell:1}
  i=${letters%%"$col"*}
  turned=${letters:$((n - 1 - ${#i})):1}$((n + 1 - r))
  if ! tr ' ' '\n' <<<"$known" | grep -Eq "^($cell|$turned):[WL]$"; then
    grep -Eq "^($cell|$turned):[WL]$" "$parts/unpublished.txt" &&
      fail "parts/9x9/unpublished.txt lists it already, with no part kept"
    record="$cell:$mark"
  fi
fi
if ! mkdir -p "$kept" || ! cp "$journal"/rank-*.log "$kept/"; then
  rm -rf "$kept"
  fail "cannot copy $journal to $kept"
fi
[ -n "$record" ] && echo "$record" >>"$parts/unpublished.txt"
if ! bash "$src/drivers/hex-openings/test/parts_test.sh" "$bin" "$src" "$n" >"$out" 2>&1; then
  rm -rf "$kept"
  [ -n "$record" ] && sed -i "/^$record\$/d" "$parts/unpublished.txt"
  fail "the parts' test fails with it (nothing kept): $(grep FAIL "$out" | head -1)"
fi
echo "$cell: $what in $(grouped "$nodes") nodes, kept in $kept ($(grouped "$before") bytes of journal, $(grouped "$after") compacted)"
[ -n "$record" ] && echo "$cell: its result added to parts/9x9/unpublished.txt ($record: no published result transcribed)"
echo "$cell: the parts' test passes ($(tail -1 "$out")); now its rows in parts/${n}x$n/README.md and FRONTIER.md"
