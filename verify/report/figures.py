"""The figures of the results report, one function per job, drawn from its HDF5 tables.

Each function takes the open result file (cgt_results.ResultFile: its tables checked
against their checksums as they are read) and the folder for the PNGs and returns a list of
(png path, caption). Tables and columns are those of results/SCHEMA.md; a table a run did
not write (a smaller parameter set) gives no figure rather than an error.
"""
import math
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.collections import PatchCollection  # noqa: E402
from matplotlib.patches import RegularPolygon  # noqa: E402

DPI = 110
WIN, LOSS, UNKNOWN = "#4caf50", "#e57373", "#bdbdbd"
RED_SIDE, BLUE_SIDE = "#c62828", "#1565c0"


def texts(column):
    return [t.decode() if isinstance(t, bytes) else str(t) for t in column]


def save(fig, folder, name):
    path = os.path.join(folder, name + ".png")
    fig.savefig(path, dpi=DPI, bbox_inches="tight")
    plt.close(fig)
    return path


def big(n):
    """1,234 / 12.3k / 4.5M: node counts short enough for a hex cell."""
    if n >= 10_000_000:
        return f"{n / 1e6:.0f}M"
    if n >= 1_000_000:
        return f"{n / 1e6:.1f}M"
    if n >= 10_000:
        return f"{n / 1e3:.0f}k"
    if n >= 1000:
        return f"{n / 1e3:.1f}k"
    return str(n)


# ---- provenance ---------------------------------------------------------------------------

def wall_seconds(timed, folder):
    names = [t[0] for t in timed]
    seconds = [t[1] for t in timed]
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(names) + 1))
    bars = ax.barh(names, seconds, color="#5c6bc0")
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("wall seconds (log scale)")
    for bar, (_, s, ranks) in zip(bars, timed):
        ax.text(bar.get_width() * 1.05, bar.get_y() + bar.get_height() / 2, f"{s:.1f} s, {ranks} rank(s)",
                va="center", fontsize=8)
    ax.set_xlim(min(seconds) / 2, max(seconds) * 8)
    ax.set_title("Wall seconds per job (the driver's own measure, root attribute wall_seconds)")
    return save(fig, folder, "provenance_wall_seconds"), \
        "Wall seconds of each job's driver, as recorded in its file, with its rank count."


# ---- Grundy's game --------------------------------------------------------------------------

def grundy(f, folder):
    out = []
    if "grundy" in f:
        values = f["grundy"]["value"]
        n = len(values)
        # Sampled on log-spaced heaps: all of the first 1000, then about 4000 per decade.
        idx = np.unique(np.concatenate([np.arange(min(n, 1000)),
                                        np.geomspace(1000, n - 1, 4000 * max(1, int(math.log10(n)))).astype(np.int64)
                                        if n > 1000 else np.array([], dtype=np.int64)]))
        fig, ax = plt.subplots(figsize=(10, 5))
        ax.scatter(idx[1:], values[idx[1:]], s=1, color="#546e7a", label=f"G(n), {len(idx):,} sampled heaps")
        if "sparse" in f:
            heap, value = f["sparse"]["heap"], f["sparse"]["value"]
            ax.scatter(heap[heap > 0], value[heap > 0], s=9, color="#d32f2f", marker="x",
                       label=f"the {len(heap):,} sparse heaps (all of them)")
        ax.set_xscale("log")
        ax.set_xlabel("heap n (log scale)")
        ax.set_ylabel("G(n)")
        ax.set_title(f"Grundy's game: G(n) for n = 1 .. {n - 1:,}")
        ax.legend(loc="upper left", markerscale=3)
        out.append((save(fig, folder, "grundy_values"),
                    f"G(n) of Grundy's game against n on a log scale, {len(idx):,} heaps sampled of {n:,}; "
                    f"red crosses: every sparse heap of the file's sparse table."))
    if "records" in f:
        heap, value = f["records"]["heap"], f["records"]["value"]
        fig, ax = plt.subplots(figsize=(10, 4.5))
        ax.step(np.maximum(heap, 1), value, where="post", color="#1e88e5")
        ax.scatter(np.maximum(heap, 1), value, s=10, color="#1e88e5")
        last = len(heap) - 1
        ax.annotate(f"last: G({heap[last]:,}) = {value[last]}", (heap[last], value[last]), textcoords="offset points",
                    xytext=(-190, -4), fontsize=9, arrowprops={"arrowstyle": "->", "color": "#555"})
        ax.set_xscale("log")
        ax.set_xlabel("heap n where G first exceeds every earlier value (log scale)")
        ax.set_ylabel("record value")
        ax.set_title(f"Grundy's game: the {len(heap)} record values (n = 0 included)")
        out.append((save(fig, folder, "grundy_records"),
                    f"The {len(heap)} records of G (the heaps where a new largest value appears), the last one named."))
    if "value_counts" in f:
        value, count = f["value_counts"]["value"], f["value_counts"]["count"]
        klass = texts(f["value_counts"]["class"])
        seen = count > 0
        colours = ["#d32f2f" if k == "sparse" else "#546e7a" for k, s in zip(klass, seen) if s]
        fig, ax = plt.subplots(figsize=(10, 4.5))
        ax.bar(value[seen], count[seen], width=1.0, color=colours)
        ax.set_xlim(-1, value.max() + 1)
        ax.set_yscale("log")
        ax.set_xlabel("value g")
        ax.set_ylabel("heaps n with G(n) = g (log scale)")
        ax.set_title("Grundy's game: how often each value occurs (red: sparse values, grey: common)")
        out.append((save(fig, folder, "grundy_value_counts"),
                    f"The number of heaps taking each value 0..{value.max()}, sparse values in red "
                    f"({int((~seen).sum())} values never occur); a common value occurs up to "
                    f"{int(count.max()):,} times, a sparse one at most {int(count[[k == 'sparse' for k in klass]].max()):,}."))
    return out


# ---- Hex ------------------------------------------------------------------------------------

SQRT3 = math.sqrt(3)


def cell_name(row, col):
    return chr(ord("a") + col) + str(row + 1)


def draw_board(ax, size, colour_of, label_of, title, cols=None):
    """A Hex board of `size` rows and `cols` columns (= size: a rhombus): row r shifted right
    by r/2; red joins top and bottom, blue left and right (drawn as coloured borders)."""
    rows = size
    cols = size if cols is None else cols
    patches, colours = [], []
    for r in range(rows):
        for c in range(cols):
            x, y = c + r / 2, -r * SQRT3 / 2
            patches.append(RegularPolygon((x, y), numVertices=6, radius=1 / SQRT3, orientation=0))
            colours.append(colour_of(r, c))
            ax.text(x, y, label_of(r, c), ha="center", va="center", fontsize=8 if max(rows, cols) <= 7 else 6)
    ax.add_collection(PatchCollection(patches, facecolor=colours, edgecolor="white", linewidth=1))
    # The four sides: offset from the outer cells' centres, along the rhombus' directions.
    down = np.array([0.5, -SQRT3 / 2])  # from row r to row r + 1
    far = (rows - 1) * down
    for start, colour in (((-0.62, 0.0), BLUE_SIDE), ((cols - 1 + 0.62, 0.0), BLUE_SIDE)):
        a = np.array(start) - 0.4 * down
        b = np.array(start) + far + 0.4 * down
        ax.plot([a[0], b[0]], [a[1], b[1]], color=colour, linewidth=3)
    ax.plot([-0.5, cols - 0.5], [0.64, 0.64], color=RED_SIDE, linewidth=3)
    bottom = far + np.array([0, -0.64])
    ax.plot([bottom[0] - 0.5, bottom[0] + cols - 0.5], [bottom[1], bottom[1]], color=RED_SIDE, linewidth=3)
    ax.set_aspect("equal")
    ax.set_xlim(-1.1, cols + (rows - 1) / 2 + 0.2)
    ax.set_ylim(-(rows - 1) * SQRT3 / 2 - 1, 1)
    ax.axis("off")
    ax.set_title(title, fontsize=10)


def hex_runs(f):
    """{(variant, (rows, cols)): (rules, {(row, col): (result, nodes, copied)})} for the first
    rule set listed for each board (the fast one: every rule set gives the same map)."""
    t = f["openings"]
    size, row, col = t["size"], t["row"], t["col"]
    board_cols = t["cols"] if "cols" in t else size
    variant, rules, result = texts(t["variant"]), texts(t["rules"]), texts(t["result"])
    nodes, copied = t["nodes"], t["copied"]
    runs = {}
    for i in range(len(size)):
        key = (variant[i], (int(size[i]), int(board_cols[i])))
        first_rules = runs.setdefault(key, (rules[i], {}))[0]
        if rules[i] == first_rules:
            runs[key][1][(int(row[i]), int(col[i]))] = (result[i], int(nodes[i]), int(copied[i]))
    return runs


def board_name(board):
    rows, cols = board
    return f"{cols}x{rows}"  # as --sizes and Benzene's boardsize: columns x rows


def hex_openings(f, folder, prefix="hex"):
    if "openings" not in f:
        return []
    runs = hex_runs(f)
    out = []
    for variant in ("normal", "misere"):
        boards = sorted(b for v, b in runs if v == variant)
        if not boards:
            continue
        width = [b[1] + b[0] / 2 + 0.5 for b in boards]
        fig, axes = plt.subplots(1, len(boards), figsize=(0.35 * sum(width) + 1, 3.4),
                                 gridspec_kw={"width_ratios": width}, squeeze=False)
        wins = []
        for ax, board in zip(axes[0], boards):
            rules, cells = runs[(variant, board)]
            n_win = sum(1 for r in cells.values() if r[0] == "win")
            wins.append(f"{board_name(board)}: {n_win}")
            draw_board(ax, board[0], lambda r, c: {"win": WIN, "loss": LOSS}.get(cells.get((r, c), ("",))[0], UNKNOWN),
                       lambda r, c: cell_name(r, c), f"{board_name(board)}: {n_win} of {board[0] * board[1]} openings win",
                       cols=board[1])
        word = "Misère Hex" if variant == "misere" else "Hex"
        fig.suptitle(f"{word}: the first player's openings (green: wins, red: loses; "
                     f"red joins top and bottom, blue left and right)", fontsize=11, y=1.04)
        out.append((save(fig, folder, f"{prefix}_{variant}_maps"),
                    f"{word} opening maps: every first move of each solved board, green where the first player "
                    f"(red) wins by playing it, red where it loses ({', '.join(wins)} winning openings)."))
        # Nodes per opening, on the same boards, for the largest boards of the variant.
        shown = sorted(boards, key=lambda b: (b[0] * b[1], b))[-3:]
        fig, axes = plt.subplots(1, len(shown), figsize=(3.6 * len(shown) + 1, 3.8),
                                 gridspec_kw={"width_ratios": [b[1] + b[0] / 2 + 0.5 for b in shown]}, squeeze=False)
        cmap = plt.get_cmap("viridis")
        for ax, board in zip(axes[0], shown):
            rules, cells = runs[(variant, board)]
            rows, cols = board

            def solved(r, c, rows=rows, cols=cols, cells=cells):  # a copied opening shows its partner's search
                res = cells.get((r, c))
                if res and res[2]:
                    res = cells.get((rows - 1 - r, cols - 1 - c), res)
                return res[1] if res else 0

            logs = [math.log10(max(1, solved(r, c))) for r in range(rows) for c in range(cols)]
            lo, hi = min(logs), max(max(logs), min(logs) + 1)
            searched = sum(res[1] for res in cells.values())  # copied openings were not searched
            draw_board(ax, rows, lambda r, c: cmap((math.log10(max(1, solved(r, c))) - lo) / (hi - lo) * 0.85 + 0.1),
                       lambda r, c: big(solved(r, c)), f"{board_name(board)} {rules}:\n{big(searched)} nodes searched",
                       cols=cols)
        fig.suptitle(f"{word}: search nodes per opening (colour: log of the nodes; a copied opening shows "
                     f"its 180-degree partner's count)", fontsize=10, y=1.04)
        out.append((save(fig, folder, f"{prefix}_{variant}_nodes"),
                    f"{word}: nodes searched per opening with each board's first rule set, on the board itself."))
    return out


def hex_large(f, folder):
    return hex_openings(f, folder, prefix="hex_large")


# ---- Hackenbush -----------------------------------------------------------------------------

def hackenbush_stalks(f, folder):
    if "lengths" not in f:
        return []
    t = f["lengths"]
    length = t["length"]
    kinds = [("numbers", "numbers", "#1e88e5"), ("number_nimber", "x + *m", "#43a047"),
             ("number_up_star", "x ± ↑*", "#fb8c00"), ("number_ups_other", "x + n·↑ + *m (other)", "#8e24aa"),
             ("other", "other (general form)", "#757575")]
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(12, 4.5))
    bottom = np.zeros(len(length))
    for column, label, colour in kinds:
        if column in t:
            v = t[column]
            ax.bar(length, v, bottom=bottom, label=label, color=colour)
            bottom = bottom + v
    ax.set_yscale("log")
    ax.set_ylim(bottom=0.8)
    ax.set_xlabel("stalk length (edges)")
    ax.set_ylabel("stalks (log scale; a kind's share of a bar is not to scale)")
    ax.set_title("Blue-Red-Green stalks by the kind of their value")
    ax.legend(fontsize=8)
    share = np.array([t[c] for c, _, _ in kinds if c in t], dtype=float)
    share = share / np.maximum(share.sum(axis=0), 1)
    ax2.stackplot(length, share, labels=[lab for c, lab, _ in kinds if c in t],
                  colors=[col for c, _, col in kinds if c in t])
    ax2.set_xlabel("stalk length (edges)")
    ax2.set_ylabel("share of the stalks of that length")
    ax2.set_title("The same as shares")
    ax2.set_xlim(length[0], length[-1])
    out = [(save(fig, folder, "hackenbush_stalks_kinds"),
            "Every Blue-Red-Green stalk of each length by the kind of its value: numbers (blue-red stalks), "
            "x + *m, x ± ↑*, and the general forms, as counts (log) and as shares.")]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(length, t["stalks"], "o-", label="stalks (3^n)")
    ax.plot(length, t["distinct"], "x--", label="distinct values")
    ax.set_yscale("log")
    ax.set_xlabel("stalk length (edges)")
    ax.set_ylabel("count (log scale)")
    ax.set_title("Blue-Red-Green stalks: distinct values per length")
    ax.legend()
    out.append((save(fig, folder, "hackenbush_stalks_distinct"),
                "Stalks and distinct values per length: the two lines coincide when every stalk has its own value."))
    return out


def hackenbush_signs(f, folder):
    if "lengths" not in f:
        return []
    t = f["lengths"]
    length = t["length"]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(length, t["stalks"], "o-", label="blue-red stalks (2^n)")
    ax.plot(length, t["distinct"], "x--", label="distinct values")
    ax.bar(length, np.maximum(t["mismatches"], 0), color="#d32f2f", label="values differing from Berlekamp's rule")
    ax.set_yscale("log")
    ax.set_xlabel("stalk length (edges)")
    ax.set_ylabel("count (log scale)")
    ax.set_title("Blue-red stalks: distinct values per length, mismatches with the sign expansion")
    ax.legend()
    mismatches = int(t["mismatches"].sum())
    return [(save(fig, folder, "hackenbush_signs_distinct"),
             f"Blue-red stalks of each length and their distinct values (2^n of each); {mismatches} "
             f"differ from Berlekamp's sign-expansion rule (red bars, none drawn when 0).")]


def hackenbush_green(f, folder):
    if "nim_values" not in f:
        return []
    t = f["nim_values"]
    vertices, edges, nim, graphs = t["vertices"], t["edges"], t["nim"], t["graphs"]
    out = []
    for v in sorted(set(vertices.tolist())):
        sel = vertices == v
        es, ns, gs = edges[sel], nim[sel], graphs[sel]
        grid = np.zeros((es.max(), ns.max() + 1))
        for e, n, g in zip(es, ns, gs):
            grid[e - 1, n] = g
        fig, ax = plt.subplots(figsize=(1.0 + 0.6 * grid.shape[1], 0.5 * grid.shape[0] + 1.5))
        ax.imshow(np.log10(np.maximum(grid, 0.5)), cmap="Greens", aspect="auto", origin="lower")
        for (e, n), g in np.ndenumerate(grid):
            if g:
                ax.text(n, e, f"{int(g):,}", ha="center", va="center", fontsize=6)
        ax.set_xticks(range(grid.shape[1]))
        ax.set_xticklabels([f"*{n}" for n in range(grid.shape[1])])
        ax.set_yticks(range(grid.shape[0]))
        ax.set_yticklabels([str(e + 1) for e in range(grid.shape[0])])
        ax.set_xlabel("nim value")
        ax.set_ylabel("edges")
        ax.set_title(f"Green Hackenbush graphs on the ground and {v} vertices: graphs per nim value")
        out.append((save(fig, folder, f"hackenbush_green_v{v}"),
                    f"Green graphs on the ground and {v} vertices by edge count and nim value "
                    f"({int(gs.sum()):,} graphs; colour: log of the count)."))
    return out


def hackenbush_colour(f, folder):
    if "by_edges" not in f:
        return []
    t = f["by_edges"]
    colours, edges = texts(t["colours"]), t["edges"]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for cs in sorted(set(colours)):
        sel = np.array([c == cs for c in colours])
        ax.plot(edges[sel], t["graphs"][sel], "o-", label=f"{cs}: graphs")
        if "numbers" in t:
            ax.plot(edges[sel], t["numbers"][sel], "x--", label=f"{cs}: graphs valued a number")
    ax.set_yscale("log")
    ax.set_xlabel("edges")
    ax.set_ylabel("graphs (log scale)")
    ax.set_title("Coloured Hackenbush graphs on the ground and 3 vertices")
    ax.legend(fontsize=8)
    return [(save(fig, folder, "hackenbush_colour_graphs"),
             "Blue-red and blue-red-green graphs per edge count, and how many of them are worth a number.")]


def hackenbush_sums(f, folder):
    if "triples" not in f:
        return []
    outcome, search = texts(f["triples"]["outcome"]), texts(f["triples"]["search"])
    names = ["L", "R", "P", "N"]
    ours = [outcome.count(n) for n in names]
    theirs = [search.count(n) for n in names]
    fig, ax = plt.subplots(figsize=(7, 4))
    x = np.arange(len(names))
    ax.bar(x - 0.2, ours, 0.4, label="outcome of the sum of the three values")
    ax.bar(x + 0.2, theirs, 0.4, label="value-free search on the three pictures")
    ax.set_xticks(x)
    ax.set_xticklabels(["L (Left wins)", "R (Right wins)", "P (second player)", "N (first player)"])
    ax.set_ylabel("triples")
    agree = sum(1 for a, b in zip(outcome, search) if a == b)
    ax.set_title(f"Random sums: {agree:,} of {len(outcome):,} triples agree")
    ax.legend(fontsize=8)
    return [(save(fig, folder, "hackenbush_sums_outcomes"),
             "Outcomes of the random triples, from the sum of their values and from a search on the pictures.")]


# ---- subtraction and octal games ----------------------------------------------------------

def octal_sweep(f, folder):
    if "games" not in f:
        return []
    t = f["games"]
    family, game, status = texts(t["family"]), texts(t["game"]), texts(t["status"])
    pre, per = t["preperiod"], t["period"]
    out = []
    families = sorted(set(family))
    fig, axes = plt.subplots(2, len(families), figsize=(4 * len(families), 7), squeeze=False)
    named = []
    for j, fam in enumerate(families):
        sel = [i for i in range(len(family)) if family[i] == fam and status[i] == "periodic"]
        others = sum(1 for i in range(len(family)) if family[i] == fam and status[i] != "periodic")
        for row, (values, what) in enumerate(((per, "period"), (pre, "preperiod"))):
            ax = axes[row][j]
            v = np.array([values[i] for i in sel])
            if len(v):
                bins = np.unique(np.geomspace(1, max(2, v.max() + 1), 30).astype(int))
                ax.hist(np.maximum(v, 0) + 1, bins=bins, color="#5c6bc0" if row == 0 else "#26a69a")
                ax.set_xscale("log")
                longest = max(sel, key=lambda i: (values[i], -i))
                ax.set_title(f"{fam}: {what}s of {len(sel):,} periodic games\nlongest: {game[longest]} "
                             f"({values[longest]:,})", fontsize=9)
                named.append(f"{fam} longest {what}: {game[longest]} ({values[longest]:,})")
            else:
                ax.set_title(f"{fam}: no periodic game", fontsize=9)
            ax.set_xlabel(f"{what} + 1 (log scale)")
            ax.set_ylabel("games")
        axes[0][j].text(0.98, 0.95, f"{others} not yet periodic", transform=axes[0][j].transAxes, ha="right",
                        va="top", fontsize=8)
    fig.suptitle("Subtraction and octal games: periods (top) and preperiods (bottom) by family", fontsize=11)
    fig.tight_layout()
    out.append((save(fig, folder, "octal_periods"),
                "Periods and preperiods of every game proven periodic, by family, the longest of each named: "
                + "; ".join(named) + "."))
    return out


def subtraction_census(f, folder, prefix="subtraction_census"):
    """The census: the distribution of periods and preperiods per family and play (log-log),
    and a table-like caption of the literature's checks."""
    if "periods" not in f or "preperiods" not in f:
        return []
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    named = []
    for ax, (table, what) in zip(axes, ((f["periods"], "period"), (f["preperiods"], "preperiod"))):
        family, play = texts(table["family"]), texts(table["play"])
        value, games = np.asarray(table[what]), np.asarray(table["games"])
        for group in sorted(set(zip(family, play))):
            sel = np.array([(a, b) == group for a, b in zip(family, play)], dtype=bool)
            v, g = value[sel], games[sel]
            found = v >= 0
            if not found.any():
                continue
            label = f"{group[0]} {group[1]} ({int(g.sum()):,} games)"
            ax.plot(v[found] + (1 if what == "preperiod" else 0), g[found], "x" if group[1] == "misere" else ".",
                    ms=4 if group[1] == "misere" else 3, label=label)
            top = int(v[found].max())
            named.append(f"{group[0]} {group[1]}: longest {what} {top:,}")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel(what + (" + 1" if what == "preperiod" else "") + " (log scale)")
        ax.set_ylabel("games")
        ax.set_title(f"games by least {what}", fontsize=10)
        ax.legend(fontsize=8)
    fig.suptitle("Subtraction-game census: distributions of periods and preperiods", fontsize=11)
    fig.tight_layout()
    checks = []
    if "checks" in f:
        t = f["checks"]
        for name, applied, bad in zip(texts(t["check"]), t["applied"], t["counterexamples"]):
            checks.append(f"{name}: " + (f"holds for all {int(applied):,}" if bad == 0
                                          else f"{int(bad):,} counterexamples of {int(applied):,}"))
    return [(save(fig, folder, prefix + "_periods"),
             "Games of each family and play by least period (left) and preperiod (right), every period "
             "proven by a repeated window: " + "; ".join(named) + ". The literature's statements: "
             + "; ".join(checks) + ".")]


def nim(f, folder):
    if "values" not in f:
        return []
    game, heap, g = texts(f["values"]["game"]), f["values"]["heap"], f["values"]["grundy"]
    fig, ax = plt.subplots(figsize=(8, 4))
    for name in sorted(set(game)):
        sel = np.array([x == name for x in game])
        ax.plot(heap[sel], g[sel], "o-", label=name)
    ax.set_xlabel("heap")
    ax.set_ylabel("Grundy value")
    ax.set_title("Nim and S = {1,3,4}: Grundy values of one heap")
    ax.legend()
    return [(save(fig, folder, "nim_values"),
             "Grundy values per heap: Nim's G(h) = h, and the period 7 of the subtraction game S = {1,3,4}.")]


FIGURES = {
    "grundy": grundy,
    "hex-openings": hex_openings,
    "hex-large": hex_large,
    "hackenbush-stalks": hackenbush_stalks,
    "hackenbush-signs": hackenbush_signs,
    "hackenbush-green": hackenbush_green,
    "hackenbush-colour": hackenbush_colour,
    "hackenbush-sums": hackenbush_sums,
    "octal-sweep": octal_sweep,
    "subtraction-census": subtraction_census,
    "subtraction-census-small": lambda f, folder: subtraction_census(f, folder, "subtraction_census_small"),
    "subtraction-census-2000": lambda f, folder: subtraction_census(f, folder, "subtraction_census_2000"),
    "nim": nim,
}


def for_job(name, f, folder):
    draw = FIGURES.get(name)
    return draw(f, folder) if draw else []
