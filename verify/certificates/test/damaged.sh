#!/bin/sh
# Damaged copies of the 4.344 certificate must be refused: usage: damaged.sh CHECKER DIR
set -u
checker=$1
dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
good=$dir/4.344.txt
fail=0
expect() { # status name file
    "$checker" "$3" > "$work/out" 2>&1
    got=$?
    if [ "$got" != "$1" ]; then
        echo "FAIL: $2: status $got, expected $1"; cat "$work/out"; fail=1
    else
        echo "ok: $2: $(head -1 "$work/out")"
    fi
}
expect 0 "the certificate as committed" "$good"
# One value changed (G(500), in the preperiod): the mex of its options is another.
awk 'BEGIN{n=0} /^[0-9a-f]+$/ && !done { if (n + length($0)/2 > 500) { i = 2*(500-n)+1; c = substr($0,i,2); r = (c == "00") ? "01" : "00"; $0 = substr($0,1,i-1) r substr($0,i+2); done=1 } n += length($0)/2 } {print}' "$good" > "$work/value.txt"
expect 1 "a changed value" "$work/value.txt"
# A value of the period changed: every continuation of it is wrong too.
awk '/^[0-9a-f]+$/ {last=NR} {line[NR]=$0} END{for(i=1;i<=NR;i++){ if(i==last){c=substr(line[i],1,2); r=(c=="00")?"01":"00"; line[i]=r substr(line[i],3)} print line[i]}}' "$good" > "$work/tail.txt"
expect 1 "a changed value of the period" "$work/tail.txt"
# Twice the period (with the matching values and range): periodic, but not the least period.
"$checker" "$good" > /dev/null || fail=1
/usr/bin/python3 - "$good" "$work/double.txt" <<'PY' || fail=1
import sys
lines = open(sys.argv[1]).read().split("\n")
keys = {l.split()[0]: l.split()[1:] for l in lines if l and not l.startswith("#") and not l[0] in "0123456789abcdef"}
vals = "".join(l for l in lines if l and l[0] in "0123456789abcdef")
n0, p, t = int(keys["preperiod"][0]), int(keys["period"][0]), int(keys["largest-removal"][0])
v = [vals[i:i+2] for i in range(0, len(vals), 2)]
v = v + v[n0:n0+p]
p2 = 2 * p
out = ["# doubled", "game " + keys["game"][0], "preperiod %d" % n0, "period %d" % p2, "largest-removal %d" % t,
       "guy-smith %d %d" % (n0, 2*n0+p2+t), "heaps %d" % (2*n0+2*p2+t), "rare-mask " + keys["rare-mask"][0],
       "values %d" % len(v)]
out += ["".join(v[i:i+64]) for i in range(0, len(v), 64)]
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
expect 1 "twice the period" "$work/double.txt"
# A claimed preperiod one too large is not the least.
sed -e 's/^preperiod 998$/preperiod 999/' -e 's/^guy-smith 998 2050$/guy-smith 999 2052/' -e 's/^heaps 2101$/heaps 2103/' \
    -e 's/^values 1049$/values 1050/' "$good" > "$work/pre.txt"
# (one more listed value: the period's first value again)
/usr/bin/python3 - "$work/pre.txt" <<'PY' || fail=1
import sys
lines = open(sys.argv[1]).read().rstrip("\n").split("\n")
vals = "".join(l for l in lines if l and l[0] in "0123456789abcdef")
head = [l for l in lines if not (l and l[0] in "0123456789abcdef")]
vals += vals[2*998:2*998+2]
open(sys.argv[1], "w").write("\n".join(head + [vals[i:i+128] for i in range(0, len(vals), 128)]) + "\n")
PY
expect 1 "a preperiod that is not the least" "$work/pre.txt"
# Unreadable input: status 2.
printf 'game 4.344\n' > "$work/short.txt"
expect 2 "a certificate without its lines" "$work/short.txt"
expect 2 "a file that does not exist" "$work/none.txt"
exit $fail
