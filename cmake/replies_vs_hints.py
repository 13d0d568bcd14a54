#!/usr/bin/python3
"""For a CLI test: the second player's winning replies to one misere opening as the replies
table of a cgt-hex-openings file has them, against cgt-hex --json's winning cells after that
opening (on stdin). Prints `same: N cells` and exits 0, or what differs and exits 1.
   cgt-hex --size 5 --misere --moves a1 --json | replies_vs_hints.py FILE.h5 a1"""
import json
import sys

import h5py


def name(row, col):
    return chr(ord("a") + int(col)) + str(int(row) + 1)


path, opening = sys.argv[1], sys.argv[2]
hints = set(json.load(sys.stdin)["winning"])
with h5py.File(path, "r") as f:
    t = f["replies"]
    rows = zip(t["row"][:], t["col"][:], t["reply_row"][:], t["reply_col"][:], t["result"][:])
    table = {name(rr, rc) for r, c, rr, rc, res in rows if name(r, c) == opening and res == b"win"}
if table != hints:
    print(f"differ: table only {sorted(table - hints)}, cgt-hex only {sorted(hints - table)}")
    sys.exit(1)
print(f"same: {len(table)} cells")
