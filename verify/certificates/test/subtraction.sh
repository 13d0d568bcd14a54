#!/usr/bin/env bash
# The subtraction-game certificates: every committed one checks and certifies a record game of
# the committed census figures; damaged copies are refused (status 1; 2 when a line does not
# follow from the game); a census's figures written by cgt-subtraction-certificate --figures
# check, and are refused when a figure is changed or the census had a forged row.
#   subtraction.sh CHECKER WRITER CENSUS H5_TAMPER DIR   (DIR: verify/certificates/subtraction)
set -uo pipefail
checker=$1 writer=$2 census=$3 tamper=$4 dir=$5
work=$(mktemp -d /tmp/cgt-subtraction-certificates.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail=0
expect() { # status name file...
    local want=$1 name=$2
    shift 2
    "$checker" "$@" >"$work/out" 2>&1
    local got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL: $name: status $got, expected $want"; cat "$work/out"; fail=1
    else
        echo "ok: $name: $(tail -1 "$work/out" | cut -c1-200)"
    fi
}

# Every committed certificate checks, and each record of the figures has its certificate.
certificates=$(ls "$dir"/normal-*.txt "$dir"/misere-*.txt)
expect 0 "the $(echo "$certificates" | wc -l) committed certificates" $certificates
records=0
while read -r _ play _ _ set pre per; do
    file=$dir/$play-$(echo "$set" | tr -d '{}' | tr ',' '-').txt
    records=$((records + 1))
    if ! grep -q "^preperiod $pre$" "$file" 2>/dev/null || ! grep -q "^period $per$" "$file"; then
        echo "FAIL: the record $play $set ($pre, $per) has no certificate $file"; fail=1
    fi
done < <(grep '^longest ' "$dir/sets-20.txt")
[ "$records" = 40 ] || { echo "FAIL: $records records in sets-20.txt, expected 40"; fail=1; }
echo "ok: each of the $records records of sets-20.txt has its certificate"

# Damaged copies of a misere certificate (preperiod 27, period 1178, t 20, outcomes 14 and 38).
good=$dir/misere-2-3-5-7-8-9-11-13-15-18-20.txt
grep -q '^outcome-preperiod 14$' "$good" || { echo "FAIL: $good is not the one this test knows"; exit 1; }
expect 0 "the certificate as committed" "$good"
# G(10) changed (in the preperiod): it is not the mex of its options.
awk '/^[0-9a-z]+$/ && !done { c = substr($0, 11, 1); $0 = substr($0, 1, 10) (c == "0" ? "1" : "0") substr($0, 12); done = 1 } {print}' "$good" >"$work/value.txt"
expect 1 "a changed value" "$work/value.txt"
# The last listed value (in the period) changed.
awk '/^[0-9a-z]+$/ {last = NR} {line[NR] = $0} END {for (i = 1; i <= NR; i++) { if (i == last) { n = length(line[i]); c = substr(line[i], n, 1); line[i] = substr(line[i], 1, n - 1) (c == "0" ? "1" : "0") } print line[i] }}' "$good" >"$work/tail.txt"
expect 1 "a changed value of the period" "$work/tail.txt"
# Twice the period, or a preperiod one too large (with matching lines): periodic, not least.
/usr/bin/python3 - "$good" "$work" <<'PY' || fail=1
import sys
lines = open(sys.argv[1]).read().split("\n")
keys, vals = {}, ""
for l in lines:
    if not l or l.startswith("#"):
        continue
    if " " in l:
        k, v = l.split(" ", 1)
        keys[k] = v
    else:
        vals += l
def write(name, n0, p, values, opre, oper):
    t = int(keys["largest-removal"])
    out = ["# altered", "game " + keys["game"], "play " + keys["play"], "preperiod %d" % n0,
           "period %d" % p, "largest-removal %d" % t, "window %d %d" % (n0, n0 + t),
           "outcome-preperiod %d" % opre, "outcome-period %d" % oper, "values %d" % len(values)]
    out += [values[i:i + 64] for i in range(0, len(values), 64)]
    open(sys.argv[2] + "/" + name, "w").write("\n".join(out) + "\n")
n0, p = int(keys["preperiod"]), int(keys["period"])
opre, oper = int(keys["outcome-preperiod"]), int(keys["outcome-period"])
write("double.txt", n0, 2 * p, vals + vals[n0:n0 + p], opre, oper)
write("pre.txt", n0 + 1, p, vals + vals[n0], opre, oper)
write("outcome.txt", n0, p, vals, 12, oper)  # normal play's outcome preperiod
write("window.txt", n0, p, vals, opre, oper)
PY
expect 1 "twice the period" "$work/double.txt"
expect 1 "a preperiod that is not the least" "$work/pre.txt"
expect 1 "the outcome preperiod of normal play claimed in misere play" "$work/outcome.txt"
sed -i 's/^window \([0-9]*\) \([0-9]*\)$/window \1 99/' "$work/window.txt"
expect 2 "a window that does not follow from t" "$work/window.txt"
sed 's/^play misere$/play normal/' "$good" >"$work/normal.txt"
expect 1 "the misere values claimed for normal play" "$work/normal.txt"
sed 's/^110022/11#022/' "$good" >"$work/digit.txt"
expect 2 "a value that is no digit" "$work/digit.txt"

# A census's figures (every S within {1..12}): they check; a changed figure and a census
# with a forged row (h5_tamper copies a period with a matching checksum) are refused.
"$census" --quiet --sets-max 12 --three-move-max 0 --out "$work/c.h5" || { echo "FAIL: the census"; exit 1; }
"$writer" --census "$work/c.h5" --figures "$work/sets-12.txt" --out "$work/records" >/dev/null ||
    { echo "FAIL: the writer"; exit 1; }
expect 0 "the figures of a census of {1..12}" --subtraction-sets "$work/sets-12.txt"
expect 0 "the records of a census of {1..12}" "$work"/records/*.txt
sed 's/^outcome-preperiod-differs \([0-9]*\) /outcome-preperiod-differs 1\1 /' "$work/sets-12.txt" >"$work/changed.txt"
expect 1 "a changed figure" --subtraction-sets "$work/changed.txt"
"$tamper" "$work/c.h5" copy /sets/period 12 6 >/dev/null || { echo "FAIL: h5_tamper"; exit 1; }
"$writer" --census "$work/c.h5" --figures "$work/forged.txt" >/dev/null || { echo "FAIL: the writer on the forged file"; exit 1; }
expect 1 "the figures of a census with a forged row" --subtraction-sets "$work/forged.txt"
exit $fail
