#!/usr/bin/env python3
"""The results report: REPORT.md and a self-contained report.html from a results folder.

    python3 verify/report/cgt_report.py RESULTS_DIR JOB...

For every job it reads RESULTS_DIR/JOB.h5 (provenance and the tables behind the figures)
and RESULTS_DIR/JOB.verify.json (the verify program's --json output: each published figure
beside ours with its verdict), and writes RESULTS_DIR/REPORT.md, RESULTS_DIR/report.html
(the figures embedded as data: URIs) and the figures as RESULTS_DIR/report/*.png.
A job whose file is missing, unfinished (.partial) or refused by its verify program is
shown as such, with no figures; the files are read through cgt_results (verify/python), which
refuses what the verify programs refuse. Needs h5py, numpy and matplotlib (Debian's
python3-h5py and python3-matplotlib).
"""
import base64
import html
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import cgt_results  # noqa: E402  (verify/python, or share/cgt/python of an install)
import figures  # noqa: E402

USAGE = ("usage: cgt_report.py RESULTS_DIR JOB...   (writes RESULTS_DIR/REPORT.md, report.html, report/*.png)\n"
         "example: python3 verify/report/cgt_report.py results nim grundy   (jobs/report runs it for every job)")


# ---- the document: a list of blocks rendered both as Markdown and as HTML ----------------

class Doc:
    def __init__(self):
        self.blocks = []

    def heading(self, level, text, anchor=None):
        self.blocks.append(("heading", level, text, anchor))

    def para(self, text):
        self.blocks.append(("para", text))

    def table(self, header, rows):
        self.blocks.append(("table", header, rows))

    def figure(self, path, caption):
        self.blocks.append(("figure", path, caption))

    def pre(self, text):
        self.blocks.append(("pre", text))


def md_cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def render_markdown(doc, figure_dir_name):
    out = []
    for block in doc.blocks:
        kind = block[0]
        if kind == "heading":
            out.append("#" * block[1] + " " + block[2])
        elif kind == "para":
            out.append(block[1])
        elif kind == "table":
            header, rows = block[1], block[2]
            out.append("| " + " | ".join(md_cell(h) for h in header) + " |")
            out.append("|" + "---|" * len(header))
            out.extend("| " + " | ".join(md_cell(c) for c in row) + " |" for row in rows)
        elif kind == "figure":
            out.append(f"![{md_cell(block[2])}]({figure_dir_name}/{os.path.basename(block[1])})")
            out.append("")
            out.append("*" + block[2] + "*")
        elif kind == "pre":
            out.append("```\n" + block[1].rstrip("\n") + "\n```")
        out.append("")
    return "\n".join(out)


CSS = """
body { font-family: sans-serif; max-width: 72em; margin: 1em auto; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #eee; }
td.PASS, td.ok { background: #d8f0d8; } td.FAIL { background: #f6d0d0; }
td.REFUSED, td.MISSING, td.UNFINISHED, td.UNVERIFIED { background: #f6e6c0; }
figure { margin: 1em 0; } figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { font-size: 0.9em; color: #444; }
pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; font-size: 0.85em; }
"""

VERDICT_CLASSES = {"PASS", "FAIL", "ok", "REFUSED", "MISSING", "UNFINISHED", "UNVERIFIED"}


def render_html(doc, title):
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"]
    for block in doc.blocks:
        kind = block[0]
        if kind == "heading":
            anchor = f' id="{html.escape(block[3])}"' if block[3] else ""
            out.append(f"<h{block[1]}{anchor}>{html.escape(block[2])}</h{block[1]}>")
        elif kind == "para":
            out.append(f"<p>{html.escape(block[1])}</p>")
        elif kind == "table":
            out.append("<table><tr>" + "".join(f"<th>{html.escape(str(h))}</th>" for h in block[1]) + "</tr>")
            for row in block[2]:
                cells = []
                for c in row:
                    c = str(c)
                    cls = f' class="{c}"' if c in VERDICT_CLASSES else ""
                    cells.append(f"<td{cls}>{html.escape(c)}</td>")
                out.append("<tr>" + "".join(cells) + "</tr>")
            out.append("</table>")
        elif kind == "figure":
            with open(block[1], "rb") as f:
                data = base64.b64encode(f.read()).decode("ascii")
            out.append(f'<figure><img alt="{html.escape(block[2])}" src="data:image/png;base64,{data}">'
                       f"<figcaption>{html.escape(block[2])}</figcaption></figure>")
        elif kind == "pre":
            out.append(f"<pre>{html.escape(block[1])}</pre>")
    out.append("</body></html>")
    return "\n".join(out)


# ---- one job: its file, its verify report, its figures ---------------------------------

class Job:
    """What the report knows of one job: status (PASS, FAIL, REFUSED, MISSING, UNFINISHED,
    UNVERIFIED), why, provenance, and the verify program's checks."""

    def __init__(self, results, name):
        self.name = name
        self.path = os.path.join(results, name + ".h5")
        self.verify = None
        self.provenance = {}
        self.why = ""
        json_path = os.path.join(results, name + ".verify.json")
        if os.path.exists(json_path):
            try:
                with open(json_path, encoding="utf-8") as f:
                    self.verify = json.load(f)
            except (OSError, ValueError) as e:
                self.why = f"{json_path} is not the JSON of a verify program ({e})"
        if not os.path.exists(self.path):
            self.status = "UNFINISHED" if os.path.exists(self.path + ".partial") else "MISSING"
            self.why = (f"{self.path}.partial only: the run did not finish" if self.status == "UNFINISHED"
                        else f"no {self.path}: the job was not run")
            return
        try:
            with cgt_results.open_result(self.path, job=name if name in cgt_results.JOBS else None) as f:
                for key in ("program", "version", "ranks", "started", "wall_seconds", "complete"):
                    self.provenance[key] = str(f.attrs.get(key, ""))
                self.provenance["parameters"] = f.parameters_text
        except cgt_results.Refused as e:
            self.status, self.why = "REFUSED", str(e)
            return
        if self.verify is None:
            self.status = "UNVERIFIED"
            self.why = self.why or f"no {json_path}: its verify program was not run"
        else:
            self.status = self.verify.get("verdict", "UNVERIFIED")
            if self.status == "REFUSED":
                self.why = f"refused by {self.verify.get('verify', 'its verify program')}: {self.verify.get('error', '')}"

    @property
    def plottable(self):
        return self.status in ("PASS", "FAIL", "UNVERIFIED")


def describe_job(doc, job, figure_dir):
    doc.heading(2, f"{job.name}", anchor=job.name)
    summary = [["status", job.status]]
    if job.why:
        summary.append(["why", job.why])
    p = job.provenance
    if p:
        summary += [["file", job.path], ["written by", f"{p.get('program')} {p.get('version')}"],
                    ["ranks", p.get("ranks")], ["started", p.get("started")],
                    ["wall seconds", fmt_seconds(p.get("wall_seconds"))]]
    if job.verify and job.verify.get("verdict") in ("PASS", "FAIL"):
        v = job.verify
        summary.append(["checks", f"{v['checks_total'] - v['failed']} of {v['checks_total']} agree "
                                  f"({v['rows']:,} rows read by {v['verify']})"])
    doc.table(["", job.name], summary)
    if job.verify:
        for source in job.verify.get("sources", []):
            doc.para("Published figures: " + source)
    if not job.plottable:
        doc.para(f"No figures: {job.why}.")
        return
    try:
        with cgt_results.open_result(job.path) as f:
            for path, caption in figures.for_job(job.name, f, figure_dir):
                doc.figure(path, caption)
    except Exception as e:  # a figure that cannot be drawn is reported, not hidden
        doc.para(f"Figures could not be drawn from {job.path}: {type(e).__name__}: {e}")
    if job.verify and job.verify.get("checks"):
        doc.heading(3, f"{job.name}: the published figures beside ours")
        rows, section = [], None
        for c in job.verify["checks"]:
            rows.append([c["section"] if c["section"] != section else "", c["name"], c["published"], c["ours"],
                         c["verdict"]])
            section = c["section"]
        doc.table(["section", "figure", "published", "ours", "verdict"], rows)
    notes = [n["text"] for n in (job.verify or {}).get("notes", [])]
    if notes:
        doc.pre("\n".join(notes))
    if p.get("parameters"):
        doc.pre(f"# parameters of this run (a --config file that repeats it)\n{p['parameters']}")


def fmt_seconds(text):
    try:
        x = float(text)
        return f"{x:.1f}" if x >= 1 else f"{x:.2f}"
    except (TypeError, ValueError):
        return str(text)


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        print(USAGE, file=sys.stdout if len(argv) > 1 else sys.stderr)
        return 0 if len(argv) > 1 else 2
    results, names = argv[1], argv[2:]
    if not os.path.isdir(results):
        print(f"error: results folder '{results}' does not exist", file=sys.stderr)
        return 2
    figure_dir = os.path.join(results, "report")
    os.makedirs(figure_dir, exist_ok=True)
    for old in os.listdir(figure_dir):  # figures of jobs no longer plotted must not linger
        if old.endswith(".png"):
            os.remove(os.path.join(figure_dir, old))
    jobs = [Job(results, name) for name in names]

    doc = Doc()
    doc.heading(1, "cgt-pipeline: results report")
    doc.para(f"From the result files in {results} and their verify programs' --json reports. "
             "Every figure below is drawn from the HDF5 tables alone; the tables are described in "
             "results/SCHEMA.md of the repository, the published figures' sources in verify/data/SOURCES.md.")
    doc.heading(2, "Summary and provenance", anchor="summary")
    rows = []
    for j in jobs:
        v = j.verify or {}
        checks = f"{v['checks_total'] - v['failed']}/{v['checks_total']}" if "checks_total" in v else "-"
        rows.append([j.name, j.status, checks, j.provenance.get("version", "-"), j.provenance.get("ranks", "-"),
                     fmt_seconds(j.provenance.get("wall_seconds", "-"))])
    doc.table(["job", "verdict", "checks agreeing", "version", "ranks", "wall seconds"], rows)
    timed = [(j.name, float(j.provenance["wall_seconds"]), int(j.provenance["ranks"])) for j in jobs
             if j.provenance.get("wall_seconds") and j.provenance.get("ranks")]
    if timed:
        doc.figure(*figures.wall_seconds(timed, figure_dir))
    for j in jobs:
        describe_job(doc, j, figure_dir)

    with open(os.path.join(results, "REPORT.md"), "w", encoding="utf-8") as f:
        f.write(render_markdown(doc, "report"))
    with open(os.path.join(results, "report.html"), "w", encoding="utf-8") as f:
        f.write(render_html(doc, "cgt-pipeline: results report"))
    bad = [j.name for j in jobs if j.status != "PASS"]
    print(f"report: {results}/REPORT.md and {results}/report.html, {len(jobs)} jobs"
          + (f" ({len(bad)} not passing: {' '.join(bad)})" if bad else ", all passing"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
