"""python3 -m cgt_results FILE [--job JOB | --program PROGRAM] [--rows N]

Opens a result file, checks it as a verify program does (every table's checksum included),
and prints its provenance and each table's columns with what they mean, and its first N rows
(default 0). A refused file: one line `error: ...` on stderr, status 2.
"""
import argparse
import sys

from .reader import JOBS, Refused, open_result


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        print(f"error: {message}", file=sys.stderr)
        sys.exit(2)


def main(argv=None):
    parser = _Parser(prog="python3 -m cgt_results",
                     description="Checks a cgt-pipeline result file and lists its tables.",
                     epilog="example: python3 -m cgt_results results/nim.h5 --job nim --rows 3")
    parser.add_argument("file")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--job", choices=sorted(JOBS), help="the job that must have written the file")
    who.add_argument("--program", help="the program that must have written the file (cgt-nim, ...)")
    parser.add_argument("--rows", type=int, default=0, help="rows of each table to print (default 0)")
    args = parser.parse_args(argv)
    if args.rows < 0:
        parser.error(f"--rows must be >= 0, got {args.rows}")
    try:
        with open_result(args.file, program=args.program, job=args.job) as f:
            print(f"{f.path}: {f.program} {f.version}, {f.ranks} rank(s), started {f.started}, "
                  f"{f.wall_seconds} s")
            for name in f.tables:
                t = f.table(name)
                print(f"table {name} ({t.n_rows} rows, order: {t.order}): {t.description}")
                for c in t.columns:
                    print(f"  {c} ({t[c].dtype}): {t.descriptions[c]}")
                for row in t.rows(0, args.rows):
                    print("  " + " | ".join(str(v) for v in row.values()))
            print(f"{f.path}: complete, {len(f.tables)} tables, every checksum agrees")
    except Refused as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
