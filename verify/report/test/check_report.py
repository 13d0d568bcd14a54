#!/usr/bin/python3
"""Checks a rendered results report (report_test.sh): every figure REPORT.md names exists and
is a valid PNG (signature, IHDR first, every chunk's CRC, IEND last), the HTML embeds each of
them and names every job, each job shows the status its file calls for, and the figures the
report promises for Grundy's game, Hex, Hackenbush and the octal games are there.

    check_report.py [--schema SCHEMA_MD] [--screenshot PNG] RESULTS_DIR JOB...

With --schema it also checks that SCHEMA.md lists every table and column the result files
hold; with --screenshot, that headless Chromium's picture of report.html is a valid PNG
showing the verdict colours of the tables (a PASS cell's green, a REFUSED cell's amber).
"""
import base64
import os
import re
import struct
import sys
import zlib

EXPECTED_STATUS = {"hex-large": "MISSING", "hackenbush-sums": "REFUSED"}  # the rest: PASS
EXPECTED_FIGURES = ["provenance_wall_seconds", "grundy_values", "grundy_records", "grundy_value_counts",
                    "hex_normal_maps", "hex_normal_nodes", "hex_misere_maps", "hackenbush_stalks_kinds",
                    "hackenbush_stalks_distinct", "hackenbush_signs_distinct", "hackenbush_green_v3",
                    "octal_periods", "nim_values", "hackenbush_colour_graphs"]


def png_problem(data):
    """None for a valid PNG, else what is wrong."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "no PNG signature"
    pos, first, last = 8, None, None
    while pos < len(data):
        if pos + 8 > len(data):
            return "truncated chunk header"
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc = data[pos + 8 + length:pos + 12 + length]
        if len(body) != length or len(crc) != 4:
            return f"truncated {kind!r} chunk"
        if zlib.crc32(kind + body) != struct.unpack(">I", crc)[0]:
            return f"bad CRC in {kind!r}"
        first = first or kind
        last = kind
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
            if width < 100 or height < 100:
                return f"only {width}x{height} pixels"
        pos += 12 + length
    if first != b"IHDR" or last != b"IEND":
        return f"chunks from {first!r} to {last!r}"
    return None


def schema_sections(text):
    """{job: {table: text of its subsection}} from SCHEMA.md: `## <jobs> (...)` sections,
    `### `table`` subsections (one heading may name several tables)."""
    out = {}
    for part in text.split("\n## ")[1:]:
        head, _, body = part.partition("\n")
        jobs = re.findall(r"[a-z][a-z0-9-]+", head.split("(")[0])
        tables = {}
        for sub in body.split("\n### ")[1:]:
            sub_head, _, sub_body = sub.partition("\n")
            for table in re.findall(r"`([a-z_]+)`", sub_head):
                tables[table] = sub_body
        for job in jobs:
            out[job] = tables
    return out


def schema_problems(results, jobs, schema_path):
    """Every table and column of every result file in RESULTS_DIR listed in SCHEMA.md."""
    import h5py
    sections = schema_sections(open(schema_path, encoding="utf-8").read())
    problems = []
    for job in jobs:
        path = os.path.join(results, job + ".h5")
        if not os.path.exists(path):
            continue
        with h5py.File(path, "r") as f:
            for table in f:
                documented = sections.get(job, {}).get(table)
                if documented is None:
                    problems.append(f"SCHEMA.md does not list table {table} of {job}")
                    continue
                for column in f[table].attrs["columns"].decode().split(","):
                    if f"`{column}`" not in documented:
                        problems.append(f"SCHEMA.md does not list column {table}/{column} of {job}")
    return problems


def screenshot_problems(path):
    import matplotlib.image
    import numpy as np
    with open(path, "rb") as f:
        problem = png_problem(f.read())
    if problem:
        return [f"screenshot {path}: {problem}"]
    pixels = (matplotlib.image.imread(path)[:, :, :3] * 255).round().astype(int).reshape(-1, 3)
    colours = {tuple(p) for p in np.unique(pixels, axis=0)}
    problems = []
    for name, rgb in (("PASS green", (0xd8, 0xf0, 0xd8)), ("REFUSED amber", (0xf6, 0xe6, 0xc0))):
        if rgb not in colours:
            problems.append(f"screenshot {path} shows no {name} table cell")
    if len(colours) < 50:
        problems.append(f"screenshot {path} has only {len(colours)} colours: nothing drawn?")
    return problems


def main(results, jobs, schema_path, screenshot):
    failures = schema_problems(results, jobs, schema_path) if schema_path else []
    if screenshot:
        failures += screenshot_problems(screenshot)
    md = open(os.path.join(results, "REPORT.md"), encoding="utf-8").read()
    page = open(os.path.join(results, "report.html"), encoding="utf-8").read()
    figures = re.findall(r"!\[[^\]]*\]\(report/([^)]+\.png)\)", md)
    if not figures:
        failures.append("REPORT.md names no figure")
    on_disk = sorted(f for f in os.listdir(os.path.join(results, "report")) if f.endswith(".png"))
    if sorted(figures) != on_disk:
        failures.append(f"figures named {sorted(figures)} but on disk {on_disk}")
    embedded = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    if len(embedded) != len(figures):
        failures.append(f"report.html embeds {len(embedded)} images, REPORT.md names {len(figures)}")
    for name in figures:
        with open(os.path.join(results, "report", name), "rb") as f:
            data = f.read()
        problem = png_problem(data)
        if problem:
            failures.append(f"{name}: {problem}")
        if base64.b64encode(data).decode() not in embedded:
            failures.append(f"{name} is not embedded in report.html")
    for problem in filter(None, (png_problem(base64.b64decode(e)) for e in embedded)):
        failures.append(f"an embedded image: {problem}")
    for stem in EXPECTED_FIGURES:
        if stem + ".png" not in figures:
            failures.append(f"no figure {stem}.png")
    for job in jobs:
        if f'<h2 id="{job}">{job}</h2>' not in page:
            failures.append(f"report.html has no section for {job}")
        want = EXPECTED_STATUS.get(job, "PASS")
        section = page.split(f'<h2 id="{job}">', 1)[-1].split("<h2", 1)[0]
        got = re.search(r"<tr><td>status</td><td[^>]*>([A-Z]+)</td></tr>", section)
        if not got or got.group(1) != want:
            failures.append(f"{job}: status {got.group(1) if got else 'none'}, expected {want}")
    for line in failures:
        print("FAIL:", line)
    if not failures:
        print(f"report of {len(jobs)} jobs: {len(figures)} figures, all valid PNGs, embedded; statuses as expected"
              + ("; every table and column in SCHEMA.md" if schema_path else "")
              + ("; the Chromium screenshot shows the tables" if screenshot else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    import argparse
    parser = argparse.ArgumentParser(description="checks a rendered results report")
    parser.add_argument("--schema")
    parser.add_argument("--screenshot")
    parser.add_argument("results")
    parser.add_argument("jobs", nargs="+")
    a = parser.parse_args()
    sys.exit(main(a.results, a.jobs, a.schema, a.screenshot))
