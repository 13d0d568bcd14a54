"""Runs the Python examples of results/SCHEMA.md (results_test.sh examples):

    run_examples.py SCHEMA_MD DIR

Each ```python block of SCHEMA.md runs in DIR (which holds results/JOB.h5 as the drivers
wrote them) and must end with status 0 and print something; a `# prints: TEXT` line in the
block is what it must print: the k-th such line, its k-th line of output. Every job section of SCHEMA.md has an example.
"""
import re
import subprocess
import sys


def main(argv):
    schema, where = argv[1], argv[2]
    text = open(schema, encoding="utf-8").read()
    failures, count = [], 0
    for section in text.split("\n## ")[1:]:
        heading = section.split("\n", 1)[0]
        blocks = re.findall(r"```python\n(.*?)```", section, re.S)
        if not blocks and "(`cgt-" in heading:
            failures.append(f"section '{heading}' has no Python example")
        for code in blocks:
            count += 1
            run = subprocess.run([sys.executable, "-c", code], cwd=where, capture_output=True, text=True)
            expected = [line.split("# prints:", 1)[1].strip() for line in code.splitlines() if "# prints:" in line]
            printed = run.stdout.strip().split("\n")[:len(expected)]
            problem = (f"status {run.returncode}: {run.stderr.strip()}" if run.returncode != 0
                       else "no output" if not run.stdout.strip()
                       else f"printed {printed}, not {expected}" if printed != expected else None)
            if problem:
                failures.append(f"the example of '{heading}': {problem}")
            print(f"{heading}: {run.stdout.strip() if not problem else 'FAIL: ' + problem}")
    for f in failures:
        print("FAIL:", f)
    print("FAIL" if failures else f"PASS: {count} examples")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
