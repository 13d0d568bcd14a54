"""cgt_results against files the drivers wrote (results_test.sh read):

    check_results.py RESULTS_DIR H5_TAMPER BIN_DIR SCHEMA_MD JOB=DRIVER...

- its table of jobs and programs is the INIs' (JOB=DRIVER, from jobs/common.sh) and names
  every program of SCHEMA.md's headings;
- every table of every file is read with its checksum recomputed (columns of every type the
  drivers write: int64, uint64, uint16, uint8, float64, text), has the rows it says, and a
  description of itself and of each column;
- each altered copy of a file is refused with the very line its verify program prints
  (`error: ...`, status 2 both): renamed .partial, only the .partial there, complete = 0,
  another program, a value bumped in a column of each type, parameters edited, two rows
  swapped, a column renamed, a row count edited; and a copy a forger altered with a
  matching checksum (h5_tamper copy) is read, as the C++ reader reads it.
"""
import os
import re
import shutil
import subprocess
import sys

import h5py
import numpy as np

import cgt_results

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def one_line(text):
    lines = text.strip("\n").split("\n")
    return lines[0] if len(lines) == 1 else f"<{len(lines)} lines: {text!r}>"


def refusal_lines(path, job, verify):
    """(status, stderr line) of `python3 -m cgt_results PATH --job JOB` and of VERIFY PATH."""
    ours = subprocess.run([sys.executable, "-m", "cgt_results", path, "--job", job], capture_output=True, text=True)
    theirs = subprocess.run([verify, path], capture_output=True, text=True)
    return (ours.returncode, one_line(ours.stderr)), (theirs.returncode, one_line(theirs.stderr))


def check_jobs_table(pairs, schema_md):
    ini = dict(p.split("=", 1) for p in pairs)
    check(cgt_results.JOBS == ini, f"cgt_results.JOBS {cgt_results.JOBS} is not the INIs' {ini}")
    with open(schema_md, encoding="utf-8") as f:
        named = set(re.findall(r"^## .*\(`(cgt-[a-z0-9-]+)`\)", f.read(), re.M))
    check(set(cgt_results.PROGRAMS) == named, f"cgt_results.PROGRAMS {cgt_results.PROGRAMS} against SCHEMA.md's {sorted(named)}")


def check_file(path, job):
    """Reads every table; returns the numpy kinds of its columns."""
    kinds = set()
    rows = 0
    with cgt_results.open_result(path, job=job) as f, h5py.File(path, "r") as h5:
        check(f.program == cgt_results.JOBS[job] and f.parameters.get("out") == path,
              f"{path}: program {f.program}, parameters {f.parameters}")
        for name in f.tables:
            t = f.table(name)
            check(bool(t.description), f"{path}: table {name} has no description")
            for c in t.columns:
                a = t[c]
                check(len(a) == t.n_rows == len(t), f"{path}: {name}/{c} has {len(a)} rows, the table {t.n_rows}")
                check(bool(t.descriptions[c]), f"{path}: {name}/{c} has no description")
                raw = h5[name][c]
                kinds.add(raw.dtype.str[1:] if raw.dtype.kind != "S" else "text")
                if raw.dtype.kind == "S":
                    check(a.dtype == object and all(isinstance(v, str) for v in a[:100]), f"{path}: {name}/{c} texts not str")
            first = t.rows(0, 1)
            check(t.n_rows == 0 or list(first[0]) == t.columns, f"{path}: {name}: a row's keys are not the columns")
            rows += t.n_rows
        tables = len(f.tables)
    print(f"{os.path.basename(path)}: {tables} tables, {rows} rows, every checksum recomputed")
    return kinds


def edit(path, how):
    """Alters the file with h5py: `how` is (table, action)."""
    table, action = how
    with h5py.File(path, "r+") as f:
        g = f[table]
        if action == "swap":
            c = g.attrs["columns"].decode().split(",")[1]
            v = g[c][()]
            i = next(k for k in range(1, len(v)) if v[k] != v[0])
            v[0], v[i] = v[i], v[0]
            g[c][...] = v
        elif action == "rename":
            columns = g.attrs["columns"].decode().split(",")
            g.move(columns[-1], columns[-1] + "_x")
            columns[-1] += "_x"
            g.attrs["columns"] = np.bytes_(",".join(columns))
        elif action == "rows":
            g.attrs["rows"] = np.int64(int(g.attrs["rows"]) + 1)


def check_refusals(results, tamper, bin_dir, scratch):
    cases = [  # (file job, what, how): how is a path suffix, h5_tamper arguments or an h5py edit
        ("nim", "renamed .partial", ".partial"),
        ("nim", "only the .partial there", "only-partial"),
        ("nim", "complete = 0", ["set-int", "complete", "0"]),
        ("nim", "another program", ["set-text", "program", "cgt-other-job"]),
        ("nim", "parameters edited", ["set-text", "parameters", "max-heap = 9"]),
        ("nim", "an int64 bumped", ["bump", "/positions/value"]),
        ("nim", "a text bumped", ["bump", "/positions/move"]),
        ("grundy", "a uint16 bumped", ["bump", "/grundy/value"]),
        ("grundy", "a uint64 bumped", ["bump", "/sparse/heap"]),
        ("grundy", "a float64 bumped", ["bump", "/scan/mean"]),
        ("hex-openings", "a uint8 bumped", ["bump", "/openings/copied"]),
        ("nim", "two rows swapped", ("positions", "swap")),
        ("hackenbush-stalks", "a column renamed", ("stalks", "rename")),
        ("nim", "a row count edited", ("values", "rows")),
    ]
    for i, (job, what, how) in enumerate(cases):
        source = os.path.join(results, job + ".h5")
        path = os.path.join(scratch, f"{job}-{i}.h5")
        shutil.copy(source, path)
        if how == ".partial":
            os.rename(path, path + ".partial")
            path += ".partial"
        elif how == "only-partial":
            os.rename(path, path + ".partial")
        elif isinstance(how, list):
            subprocess.run([tamper, path] + how, check=True)
        else:
            edit(path, how)
        ours, theirs = refusal_lines(path, job, os.path.join(bin_dir, cgt_results.JOBS[job].replace("cgt-", "cgt-verify-")))
        ok = ours == theirs and ours[0] == 2 and ours[1].startswith("error: ")
        check(ok, f"{what}: cgt_results said {ours}, the verify program {theirs}")
        if ok:
            print(f"{what}: refused as the verify program refuses it: {ours[1]}")
    # A forger's copy of one row over another, the checksum made to match: read as C++ reads it.
    path = os.path.join(scratch, "forged.h5")
    shutil.copy(os.path.join(results, "nim.h5"), path)
    subprocess.run([tamper, path, "copy", "/positions/move", "1", "0"], check=True)
    subprocess.run([tamper, path, "copy", "/positions/value", "1", "0"], check=True)
    with cgt_results.open_result(path, job="nim") as f:
        t = f.table("positions")
        check(t["move"][0] == t["move"][1] and t["value"][0] == t["value"][1], "the forged copy was not read back")
    print("a forged copy with a matching checksum: read, as the C++ reader reads it")
    try:
        cgt_results.open_result(os.path.join(scratch, "nim-3.h5"))
        check(False, "a file of another program was read without a job named")
    except cgt_results.Refused as e:
        check("not by a program of cgt-pipeline" in str(e), f"a foreign file without a job: {e}")


def main(argv):
    results, tamper, bin_dir, schema_md = argv[1:5]
    check_jobs_table(argv[5:], schema_md)
    kinds = set()
    for name in sorted(os.listdir(results)):
        if name.endswith(".h5"):
            kinds |= check_file(os.path.join(results, name), name[:-3])
    wanted = {"i8", "u8", "u2", "u1", "f8", "text"}
    check(kinds >= wanted, f"column types read: {sorted(kinds)}, not all of {sorted(wanted)}")
    scratch = os.path.join(results, "..", "scratch")
    os.makedirs(scratch, exist_ok=True)
    check_refusals(results, tamper, bin_dir, scratch)
    print("FAIL" if failures else "PASS")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
