#!/usr/bin/python3
"""Every --json output stays valid JSON whatever bytes a user gives: random byte strings
(the same for a seed) go to the programs themselves as paths, games, expressions, moves and
file names, and each line they print on stdout must be UTF-8 and parse as one JSON object.
A run with status 0 prints at least one; a verify program's refusal (status 2) prints its
REFUSED object, naming the path as given (or, if it was not UTF-8, as "not_utf8").

  json_random_test.py COUNT SEED [--verify EXE]... [--calc EXE] [--octal EXE] [--hex EXE]
      [--grundy-play EXE [CGT_GRUNDY]] [--hackenbush EXE]
      [--lookup EXE CGT_HACKENBUSH_STALKS CGT_HACKENBUSH_COLOUR]

COUNT strings per program and kind of input. Each program's runs and seconds are printed.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import time


def random_strings(count, seed):
    """Four kinds in turn: any bytes; ASCII; valid UTF-8; valid UTF-8 with one byte changed.
    No NUL (an argument cannot hold one), 1-40 bytes."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        length = rng.randint(1, 40)
        kind = i % 4
        if kind == 0:
            s = bytes(rng.randint(1, 255) for _ in range(length))
        elif kind == 1:
            s = bytes(rng.randint(1, 127) for _ in range(length))
        else:
            text = ""
            while len(text.encode()) < length:
                cp = rng.randrange(1, rng.choice([0x80, 0x800, 0xD800, 0x110000]))
                text += chr(cp if not 0xD800 <= cp < 0xE000 else cp - 0x800)
            s = bytearray(text.encode())
            if kind == 3:
                s[rng.randrange(len(s))] = rng.randint(1, 255)
            s = bytes(s)
        out.append(s)
    return out


def valid_utf8(b):
    try:
        b.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


class Checker:
    def __init__(self):
        self.runs = self.objects = self.failures = 0

    def run(self, what, argv, given=None, refused_names_file=False, stdin=None):
        """Runs argv; every stdout line must be a JSON object. Returns the objects."""
        self.runs += 1
        p = subprocess.run(argv, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        objects = []
        try:
            # Lines end at "\n" only: a text may hold U+0085 or U+2028, which splitlines() cuts at.
            text = p.stdout.decode("utf-8")
            if text and not text.endswith("\n"):
                raise ValueError("the last line has no newline")
            for line in text.split("\n")[:-1]:
                obj = json.loads(line)
                if not isinstance(obj, dict):
                    raise ValueError("not an object")
                objects.append(obj)
        except ValueError as e:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            return self.fail(what, given, f"stdout is not JSON lines ({e}): {p.stdout[:300]!r}")
        self.objects += len(objects)
        if p.returncode not in (0, 1, 2):
            return self.fail(what, given, f"status {p.returncode}: {p.stderr[:300]!r}")
        if p.returncode == 0 and not objects:
            return self.fail(what, given, "status 0 without a JSON object")
        if refused_names_file and p.returncode == 2:
            if len(objects) != 1 or objects[0].get("verdict") != "REFUSED":
                return self.fail(what, given, f"no REFUSED object: {p.stdout[:300]!r}")
            o = objects[0]
            if valid_utf8(given) and o["file"] != given.decode():
                return self.fail(what, given, f"file {o['file']!r}")
            if not valid_utf8(given) and "/file" not in o.get("not_utf8", []):
                return self.fail(what, given, f"not_utf8 does not name /file: {o}")
        return objects

    def fail(self, what, given, why):
        self.failures += 1
        if self.failures <= 10:
            print(f"FAIL: {what} {given!r}: {why}")
        return []


def main(args):
    count, seed = int(args[0]), int(args[1])
    strings = random_strings(count, seed)
    c = Checker()
    tmp = tempfile.mkdtemp(prefix="cgt-json-random.")
    i = 2
    while i < len(args):
        opt, exe = args[i], args[i + 1]
        i += 2
        runs, start = c.runs, time.monotonic()
        if opt == "--verify":  # random relative paths ("./" first: never an option)
            for s in strings:
                c.run(os.path.basename(exe), [exe, "--json", b"./" + s], b"./" + s, refused_names_file=True)
        elif opt == "--calc":  # random expressions, as arguments and as comparisons on stdin
            for s in strings:
                c.run("cgt-calc", [exe, "--json", "--", s], s)
                c.run("cgt-calc stdin", [exe, "--json"], s, stdin=b"^ <= *\n" + s.replace(b"\n", b" ") + b" >= 0\n")
        elif opt == "--octal":  # random games
            for s in strings:
                c.run("cgt-octal", [exe, "--json", "--max-heap", "200", "--", s], s)
        elif opt == "--hex":  # random moves and pictures
            for s in strings:
                c.run("cgt-hex --moves", [exe, "--json", "--size", "3", "--moves", s], s)
                c.run("cgt-hex --board", [exe, "--json", "--board", s], s)
        elif opt == "--grundy-play":  # random heaps; with cgt-grundy, random names of its file
            table = None
            if i < len(args) and not args[i].startswith("--"):
                table = os.path.join(tmp, "g.h5")
                subprocess.run([args[i], "--max-heap", "1000", "--quiet", "--out", table], check=True)
                i += 1
            for s in strings:
                c.run("cgt-grundy-play", [exe, "--json", "--", s], s)
                if table:
                    name = link_named(tmp, s, table)
                    if name:
                        objs = c.run("cgt-grundy-play --table", [exe, "--json", "--table", name, "7", "10"], name)
                        os.unlink(name)
                        if not objs:
                            c.fail("cgt-grundy-play --table", name, "no JSON for a real table")
        elif opt == "--hackenbush":  # a real picture under random file names
            picture = os.path.join(tmp, "picture.txt")
            with open(picture, "w") as f:
                f.write("0 1 B\n1 2 R\n")
            for s in strings:
                name = link_named(tmp, s, picture)
                if name:
                    objs = c.run("cgt-hackenbush", [exe, "--json", "--to-move", "blue", name], name)
                    os.unlink(name)
                    if not objs:
                        c.fail("cgt-hackenbush", name, "no JSON for a real picture")
        elif opt == "--lookup":  # random queries of small files the drivers write
            stalks, graphs = os.path.join(tmp, "stalks.h5"), os.path.join(tmp, "colour.h5")
            subprocess.run([args[i], "--max-length", "6", "--quiet", "--out", stalks], check=True)
            subprocess.run([args[i + 1], "--vertices", "3", "--max-edges", "2", "--quiet", "--out", graphs], check=True)
            i += 2
            files = [exe, "--stalks", stalks, "--graphs", graphs, "--json"]
            if not c.run("cgt-lookup", files + ["--value", "^*"], b"^*"):
                c.fail("cgt-lookup", b"^*", "no JSON for a query the files answer")
            for s in strings:
                c.run("cgt-lookup --stalk", [exe, "--stalks", stalks, "--graphs", graphs, "--json", "--stalk", s], s)
                c.run("cgt-lookup --value", [exe, "--stalks", stalks, "--graphs", graphs, "--json", "--value", s], s)
        else:
            print(f"unknown option {opt}")
            return 2
        print(f"{os.path.basename(exe)}: {c.runs - runs} runs in {time.monotonic() - start:.1f} s")
    subprocess.run(["rm", "-rf", tmp])
    if c.failures:
        print(f"FAIL: {c.failures} of {c.runs} runs")
        return 1
    print(f"PASS: {c.runs} runs on {count} random byte strings (seed {seed}), {c.objects} JSON objects, all valid")
    return 0


def link_named(folder, s, target):
    """A symbolic link to target named by the bytes s (a name holds no '/'), or None."""
    name = s.replace(b"/", b"_")
    if name in (b".", b".."):
        return None
    path = os.path.join(os.fsencode(folder), name)
    try:
        os.symlink(target, path)
    except FileExistsError:
        return None
    return path


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
