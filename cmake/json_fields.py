#!/usr/bin/python3
"""For CLI tests of --json: parses stdin as one JSON object (exit 1 if it is not) and prints
`ok:` then each named member, `name:N` for the first N items of a list, `len:name` for a
list's length.   cgt-octal .77 --json | json_fields.py game period values:5"""
import json
import sys

try:
    obj = json.load(sys.stdin)
except ValueError as e:
    print(f"not JSON: {e}")
    sys.exit(1)
out = []
for arg in sys.argv[1:]:
    if arg.startswith("len:"):
        out.append(str(len(obj[arg[4:]])))
    elif ":" in arg:
        name, count = arg.split(":")
        out.append(str(obj[name][: int(count)]))
    else:
        out.append(str(obj[arg]))
print("ok:", " ".join(out))
