// cgt-verify-hex-openings: checks a cgt-hex-openings result file against sen-ltd's Hex article
// (Qiita) and the literature it cites: the first-move maps and win counts of 1x1..5x5 (Hayward et
// al. 2004, Figure 2) and of 6x6, 7x7, 8x8, 6x7 and 7x8 (Benzene's regression tests; the hex-large
// and hex-8x8 jobs), 180-degree symmetry, on boards that are not square that the player with the
// farther sides loses every opening, Beck's two theorems, the short-diagonal and own-edge
// observations, that every opening is decided, misere Hex (Lagarias and Sleator; Evans; Hayward,
// Toft and Henderson) and the replies to its losing openings (replies_checks.hpp); prints sen-ltd's
// and the literature's node counts beside ours (a yardstick, not compared), the effort per
// opening on the large boards and what each rule did (the rule_counts table); and what a
// store table of proven positions promises (store_checks.hpp) and what a splits table of
// split openings does (split_checks.hpp). A run of --cells has some openings of a board: its
// checks are over those (the published map cell by cell, a theorem where it names a cell the
// file has), and the counts of a whole board are not compared.
#include "hex-openings/openings_schema.hpp"
#include "hex/solver/openings.hpp"
#include "verify/common/checks.hpp"
#include "verify/common/parameters.hpp"
#include "verify/common/report.hpp"
#include "verify/hex-openings/board_runs.hpp"
#include "verify/hex-openings/misere_definition.hpp"
#include "verify/hex-openings/parameters_check.hpp"
#include "verify/hex-openings/replies_checks.hpp"
#include "verify/hex-openings/rule_effects.hpp"
#include "verify/hex-openings/split_checks.hpp"
#include "verify/hex-openings/store_checks.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

namespace cgt::verify::hex_openings {
namespace {

namespace schema = jobs::hex_openings::schema;

// The file as the checks read it: the openings table, seconds per opening (the timings
// table, keyed like the openings, row for row), the openings grouped by board.
struct HexFile {
    const common::ResultReader& file;
    FactFiles facts;
    common::Table openings{};
    std::vector<double> seconds{};
    std::optional<BoardRuns> boards{};

    [[nodiscard]] const std::vector<BoardRun>& runs() const { return boards->all(); }
    [[nodiscard]] const std::vector<std::string>& normal_rules() const {
        return boards->normal_rules();
    }
};

HexFile read_hex_file(const common::ResultReader& file, const std::string& data_dir,
                      Report& report) {
    HexFile f{file, FactFiles(data_dir)};
    f.openings = file.read_table(schema::openings::table);
    report.count_rows(f.openings.rows);
    const auto timings = file.read_table(schema::timings::table);
    if (timings.rows != f.openings.rows)
        throw common::ResultRefused(file.path() + ": timings and openings differ in rows");
    f.seconds = timings.floats(schema::timings::seconds);
    return f;
}

// How a board's checks are named when the file has only some of its openings (--cells):
// "" for a whole board, else ": the openings of --cells", after the board's name.
std::string scope_of(const BoardRun& run) {
    return run.complete() ? "" : ": the openings of --cells";
}

// Every opening the file has of the board is decided (all of them, for a whole board).
void check_decided(const std::string& what, const BoardRun& run, Report& report) {
    check_holds(
        report,
        what + scope_of(run) +
            (run.complete() ? ": every opening decided" : ": every opening in the file decided"),
        run.decided(), "all", "some unknown");
}

// A published map (rows of W and L) with '?' where the file lacks the opening, to compare
// with BoardRun::map() of a run of --cells.
std::vector<std::string> present_only(const BoardRun& run, std::vector<std::string> rows) {
    for (int r = 0; r < run.size && r < static_cast<int>(rows.size()); ++r)
        for (int c = 0;
             c < run.cols && c < static_cast<int>(rows[static_cast<std::size_t>(r)].size()); ++c)
            if (!run.present({r, c}))
                rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = '?';
    return rows;
}

// The map of a board drawn beside the published one, as rhombi.
void draw_map(const BoardRun& run, const std::optional<std::string>& published_text,
              const std::string& source, Report& report) {
    const std::string what = run.board() + " " + run.rules;
    report.note(what + ":   ours" +
                std::string(static_cast<std::size_t>(run.size + run.cols + 2), ' ') +
                (published_text ? "published (" + source + ")" : "(no published map)"));
    const auto left = rhombus(run.map(), static_cast<std::size_t>(run.size + 2 * run.cols + 2));
    const auto right =
        published_text ? rhombus(words(*published_text), 0) : std::vector<std::string>(left.size());
    for (std::size_t r = 0; r < left.size(); ++r)
        report.note("      " + left[r] + right[r]);
}

void check_maps(const HexFile& f, Report& report) {
    report.section("Normal Hex: the first player's result after each first move (W win, L loss)");
    for (const auto& run : f.runs()) {
        if (run.variant != "normal") continue;
        const std::string what = run.board() + " " + run.rules;
        const auto published_text = f.facts.text("normal." + run.fact_name() + ".map");
        if (run.rules == f.normal_rules().front()) // the pictures once, for the first rule set
            draw_map(run, published_text,
                     f.facts.text("normal." + run.fact_name() + ".source")
                         .value_or("Hayward et al. 2004, Fig. 2"),
                     report);
        // A run of --cells: its openings, each against the published map.
        const bool all = run.complete();
        check_decided(what, run, report);
        if (published_text)
            report.check_equal(what + scope_of(run) +
                                   (all ? ": map" : ": map of the openings in the file"),
                               join(present_only(run, words(*published_text))), join(run.map()));
        if (!all)
            report.note(what + ": " + std::to_string(run.wins()) + " winning of the " +
                        std::to_string(run.present_count()) +
                        " openings in the file (no count compared)");
        else if (const auto wins = f.facts.number("normal." + run.fact_name() + ".wins"))
            report.check_equal(what + ": winning openings", *wins, run.wins());
        else
            report.note(what + ": " + std::to_string(run.wins()) +
                        " winning openings (no published count)");
    }
}

// The theorems of square boards over every size of one rule set decided in the file.
struct SquareTheorems {
    std::vector<int> sizes, copied_sizes, beck1_sizes, beck2_sizes;
    bool symmetric = true, beck1 = true, beck2 = true, diagonal = true, edges = true;
};

SquareTheorems square_theorems(const HexFile& f, const std::string& rules) {
    SquareTheorems t;
    for (int n = 1; n <= hex::MAX_BOARD_SIZE; ++n) {
        const BoardRun* run = f.boards->find("normal", rules, n);
        if (!run || !run->decided()) continue;
        t.sizes.push_back(n);
        bool copied = false;
        for (const hex::Cell c : hex::all_cells(n)) {
            if (!run->present(c)) continue; // a run of --cells
            copied = copied || run->copied[run->index(c)];
            const std::string& v = run->at(c);
            if (run->present(hex::rotate(n, c)))
                t.symmetric = t.symmetric && v == run->at(hex::rotate(n, c));
            if (n >= 2 && hex::is_acute_corner(n, c)) t.beck1 = t.beck1 && v == "loss";
            if (n >= 3 && hex::is_beside_acute_corner(n, c)) t.beck2 = t.beck2 && v == "loss";
            if (hex::is_short_diagonal(n, c))
                t.diagonal = t.diagonal && v == "win";
            else if (hex::is_own_edge(n, c))
                t.edges = t.edges && v == "loss";
        }
        if (copied) t.copied_sizes.push_back(n);
        if (n >= 2) t.beck1_sizes.push_back(n);
        if (n >= 3) t.beck2_sizes.push_back(n);
    }
    return t;
}

void check_square_theorems(const HexFile& f, const std::string& rules, Report& report) {
    const SquareTheorems t = square_theorems(f, rules);
    report.note(rules + ", n = " + range_text(t.sizes) + ":");
    const auto holds = [&](const std::string& what, bool ok) {
        check_holds(report, what, ok, "holds", "fails");
    };
    holds("180-degree symmetry" +
              (t.copied_sizes.empty()
                   ? std::string()
                   : " (n = " + range_text(t.copied_sizes) + ": one of each pair solved, copied)"),
          t.symmetric);
    holds("acute corner loses (Beck), n = " + range_text(t.beck1_sizes), t.beck1);
    holds("beside it on own edge loses (Beck), n = " + range_text(t.beck2_sizes), t.beck2);
    holds("short diagonal wins (Hayward et al.)", t.diagonal);
    holds("other own-edge cells lose (Hayward et al.)", t.edges);
}

// Boards that are not square: the player whose sides are farther apart loses, whoever
// starts (the pairing strategy of n x (n+1) boards, Gardner's Mathematical Games,
// Scientific American, July 1957, works for any longer side).
void check_rectangles(const HexFile& f, const std::string& rules, Report& report) {
    for (const auto& run : f.runs()) {
        if (run.variant != "normal" || run.rules != rules || run.square()) continue;
        const bool red_farther = run.size > run.cols; // red joins the rows, `size` apart
        bool longer = run.decided(), turned = true;
        for (const hex::Cell c : hex::all_cells(run.shape())) {
            if (!run.present(c)) continue; // a run of --cells
            longer = longer && run.at(c) == (red_farther ? "loss" : "win");
            if (run.present(hex::rotate(run.shape(), c)))
                turned = turned && run.at(c) == run.at(hex::rotate(run.shape(), c));
        }
        const std::string board = run.board() + " (" + std::to_string(run.size) + " rows, " +
                                  std::to_string(run.cols) + " columns): ";
        check_holds(report, board + "180-degree symmetry", turned, "holds", "fails");
        check_holds(report,
                    board + "the first player, whose sides are " +
                        (red_farther ? "farther apart, loses" : "closer, wins") + " every opening",
                    longer, "holds", "fails");
    }
}

// The checks of each normal rule set, in the order of its rows.
const NamedCheck<const HexFile&, const std::string&, Report&> RULE_SET_CHECKS[] = {
    {"theorems of square boards", "identity",
     "Beck (acute corners); Hayward et al. 2004 (short diagonal, own edges); 180-degree symmetry",
     check_square_theorems},
    {"boards that are not square", "identity",
     "Gardner, Scientific American, July 1957 (the pairing strategy)", check_rectangles},
};

void check_theorems(const HexFile& f, Report& report) {
    report.section("Theorems and observations, every normal rule set in the file");
    for (const auto& rules : f.normal_rules())
        run_checks(RULE_SET_CHECKS, f, rules, report);
}

void check_rule_sets_agree(const HexFile& f, Report& report) {
    if (f.normal_rules().size() <= 1) return;
    bool same = true;
    int compared = 0;
    std::vector<std::pair<int, int>> boards;
    for (const auto& run : f.runs())
        if (run.variant == "normal" &&
            std::find(boards.begin(), boards.end(), std::pair{run.size, run.cols}) == boards.end())
            boards.emplace_back(run.size, run.cols);
    for (const auto& [n, m] : boards) {
        const BoardRun* first = nullptr;
        for (const auto& r : f.normal_rules()) {
            const BoardRun* run = f.boards->find("normal", r, n, m);
            if (!run) continue;
            if (first) {
                same = same && run->result == first->result;
                ++compared;
            } else {
                first = run;
            }
        }
    }
    check_holds(report, "rule sets agree (" + std::to_string(compared) + " pairs of boards)", same,
                "agree", "differ");
}

void check_misere_board(const HexFile& f, const BoardRun& run, Report& report) {
    const int n = run.size;
    const std::string what = std::to_string(n) + "x" + std::to_string(n) + " " + run.rules;
    const bool all = run.complete();
    // A run of --cells: each check over the openings in the file, where one can say anything.
    const std::string part = scope_of(run);
    report.note(what + ": " + join(rhombus(run.map(), 0), " / "));
    check_decided(what, run, report);
    const bool even = n % 2 == 0;
    if (all)
        report.check_equal(what + ": first player wins", even ? "yes" : "no",
                           run.wins() > 0 ? "yes" : "no");
    else if (run.wins() > 0) // a winning opening in the file is a first-player win
        report.check_equal(what + part + ": first player wins (a winning opening in the file)",
                           even ? "yes" : "no", "yes");
    if (const auto wins = f.facts.number("misere." + std::to_string(n) + ".wins"); wins && all)
        report.check_equal(what + ": winning openings", *wins, run.wins());
    // Every one of `cells` that the file has wins; nothing to check when it has none.
    const auto check_wins = [&](const std::string& name, std::initializer_list<hex::Cell> cells) {
        bool any = false, win = true;
        for (const hex::Cell c : cells)
            if (run.present(c)) {
                any = true;
                win = win && run.at(c) == "win";
            }
        if (any) check_holds(report, what + part + ": " + name, win, "win", "loss");
    };
    if (even) check_wins("the acute corners win (Evans)", {{0, 0}, {n - 1, n - 1}});
    if (even && n >= 4) // next to the acute corner on the first player's (red's, top) edge
        check_wins("b1 and its rotation win (Hayward, Toft, Henderson)", {{0, 1}, {n - 1, n - 2}});
    if (n <= MisereDefinition::MAX_SIZE && run.decided()) { // the definition, exhaustively
        MisereDefinition game(n);
        std::string differ;
        for (int o = 0; o < n * n; ++o) {
            const std::string& r = run.result[static_cast<std::size_t>(o)];
            if (r.empty()) continue; // not in the file
            const bool first_wins = !game.mover_wins(std::uint32_t{1} << o, 0);
            if ((r == "win") != first_wins && differ.empty())
                differ = hex::cell_name({o / n, o % n});
        }
        report.check(
            what + part + ": every opening as the game's definition says (exhaustive search)",
            "all agree", differ.empty() ? "all agree" : "differs at " + differ, differ.empty());
    }
    if (n == 4) { // the published losing openings, those the file has
        const auto published = words(f.facts.text("misere.4.losing").value_or("?"));
        std::string expected, losing;
        for (const hex::Cell c : hex::all_cells(n)) {
            if (!run.present(c)) continue;
            const std::string name = std::to_string(c.row) + "," + std::to_string(c.col);
            if (std::find(published.begin(), published.end(), name) != published.end())
                expected += (expected.empty() ? "" : " ") + name;
            if (run.at(c) == "loss") losing += (losing.empty() ? "" : " ") + name;
        }
        report.check_equal(what + part + ": the losing openings", all ? join(published) : expected,
                           losing);
    }
}

void check_misere(const HexFile& f, Report& report) {
    const auto& runs = f.runs();
    if (std::none_of(runs.begin(), runs.end(),
                     [](const BoardRun& run) { return run.variant == "misere"; }))
        return;
    report.section(
        "Misere Hex (connecting loses): the first player wins iff n is even (Lagarias, Sleator)");
    for (const auto& run : runs)
        if (run.variant == "misere") check_misere_board(f, run, report);
}

void check_misere_replies(const HexFile& f, Report& report) {
    check_replies(f.file, report, *f.boards);
}

// Nodes beside sen-ltd's and the literature's: printed, not compared.
void print_effort(const HexFile& f, Report& report) {
    report.section("Search effort beside sen-ltd's Hex article (Qiita; a yardstick: not compared)");
    // The rule-set column as wide as the longest name.
    int width = 22;
    for (const auto& run : f.runs())
        width =
            std::max(width, static_cast<int>(run.rules.size() + (run.variant == "misere" ? 7 : 0)));
    char head[200];
    std::snprintf(head, sizeof head, "board  %-*s %15s %16s   %6s %9s %9s", width, "rule set",
                  "sen-ltd nodes", "our nodes", "solved", "seconds", "nodes/s");
    report.note(head);
    for (const auto& run : f.runs()) {
        const std::string key = run.variant == "misere"
                                    ? "nodes.misere." + run.fact_name() + "." + run.rules
                                    : "nodes." + run.fact_name() + "." + run.rules;
        const auto article = f.facts.number(key);
        char buf[300];
        const double rate =
            run.seconds > 0 ? static_cast<double>(run.total_nodes()) / run.seconds : 0.0;
        std::snprintf(buf, sizeof buf, "%-6s %-*s %15s %16s   %6d %9.2f %9.0f", run.board().c_str(),
                      width, (run.variant == "misere" ? "misere " + run.rules : run.rules).c_str(),
                      (article ? thousands(*article) : "-").c_str(),
                      thousands(static_cast<long long>(run.total_nodes())).c_str(), run.solved(),
                      run.seconds, rate);
        report.note(buf);
    }
    for (const auto& run : f.runs()) {
        if (run.variant != "normal" || run.shape() != hex::Shape::square(7)) continue;
        if (const auto hayward = f.facts.number("nodes.7.hayward2003"))
            report.note("7x7: Hayward et al. 2003 (depth-first, virtual connections) needed " +
                        thousands(*hayward) + " nodes for the 49 openings; " + run.rules +
                        " here: " + thousands(static_cast<long long>(run.total_nodes())) +
                        " for the " + std::to_string(run.solved()) + " solved");
        break;
    }
}

// The large boards opening by opening: which openings cost the most.
void print_large_openings(const HexFile& f, Report& report) {
    for (const auto& run : f.runs()) {
        if (run.variant != "normal" || std::max(run.size, run.cols) < 6) continue;
        report.note(run.board() + " " + run.rules +
                    ", each opening solved: cell, result, nodes, seconds");
        std::string line_text;
        int in_line = 0;
        for (const hex::Cell c : hex::all_cells(run.shape())) {
            const auto i = run.index(c);
            if (run.copied[i] || !run.present(c)) continue; // copied, or not in the file
            char buf[80];
            std::snprintf(buf, sizeof buf, "  %-3s %-4s %9s %7.2f", hex::cell_name(c).c_str(),
                          run.result[i].c_str(),
                          thousands(static_cast<long long>(run.nodes[i])).c_str(),
                          run.cell_seconds[i]);
            line_text += buf;
            if (++in_line == 3) {
                report.note(line_text);
                line_text.clear();
                in_line = 0;
            }
        }
        if (!line_text.empty()) report.note(line_text);
    }
}

void print_rule_savings(const HexFile& f, Report& report) {
    std::vector<RunTotals> totals;
    for (const auto& run : f.runs()) {
        if (run.variant != "normal") continue;
        RunTotals sum{run.rules,   run.size,     run.cols, run.total_nodes(),
                      run.seconds, run.solved(), 0};
        for (std::size_t i = 0; i < run.result.size(); ++i)
            sum.unknown += !run.copied[i] && run.result[i] == "unknown";
        totals.push_back(sum);
    }
    print_savings(totals, report);
}

void check_split_openings(const HexFile& f, Report& report) {
    check_splits(f.file, report, f.openings);
}

void check_store_table(const HexFile& f, Report& report) {
    check_store(f.file, report, f.openings);
}

void print_rules_counted(const HexFile& f, Report& report) {
    if (f.file.has_table("rule_counts")) print_rule_counts(f.file, report);
}

// sen-ltd's nodes of single openings on 5x5 with rule1+2, beside ours (of the rotated cell
// where ours was copied).
void print_five_openings(const HexFile& f, Report& report) {
    const BoardRun* five = f.boards->find("normal", "rule1+2", 5);
    if (!five) return;
    report.note("5x5 rule1+2, single openings (sen-ltd's table):  cell  sen-ltd nodes  our nodes");
    const auto v = f.facts.numbers("nodes.5.rule1+2.openings");
    for (std::size_t i = 0; i + 2 < v.size(); i += 3) {
        hex::Cell c{static_cast<int>(v[i]), static_cast<int>(v[i + 1])};
        if (five->copied[five->index(c)]) c = hex::rotate(5, c);
        char buf[160];
        std::snprintf(buf, sizeof buf, "  (%lld, %lld)  %14s  %14s", v[i], v[i + 1],
                      thousands(v[i + 2]).c_str(),
                      thousands(static_cast<long long>(five->nodes[five->index(c)])).c_str());
        report.note(buf);
    }
}

const NamedCheck<const HexFile&, Report&> CHECKS[] = {
    {"first-move maps and winning openings", "normal.N.map, normal.N.wins",
     "Hayward et al. 2004, Figure 2 (1x1..5x5, via sen-ltd's Hex article); Benzene's regression "
     "tests (larger boards)",
     check_maps},
    {"theorems and observations", "identity", "Beck; Hayward et al. 2004; Gardner 1957",
     check_theorems},
    {"rule sets agree", "identity", "every rule set solves the same game", check_rule_sets_agree},
    {"misere Hex", "misere.N.wins, misere.4.losing",
     "Lagarias and Sleator 1999; Evans 1974; Hayward, Toft and Henderson 2012", check_misere},
    {"misere replies", "identity", "negamax; Hayward, Toft and Henderson 2012 (replies_checks.hpp)",
     check_misere_replies},
    {"search effort (not compared)", "nodes.*",
     "sen-ltd's Hex article (Qiita); Hayward et al. 2003", print_effort},
    {"the large boards opening by opening (not compared)", "-", "the file's nodes and seconds",
     print_large_openings},
    {"what the switches save (not compared)", "-", "the file's nodes and seconds",
     print_rule_savings},
    {"split openings", "identity", "negamax of the replies (split_checks.hpp)",
     check_split_openings},
    {"the store table", "identity", "the store's promises (store_checks.hpp)", check_store_table},
    {"what each rule did (not compared)", "-", "the rule_counts table", print_rules_counted},
    {"5x5 single openings (not compared)", "nodes.5.rule1+2.openings",
     "sen-ltd's Hex article (Qiita)", print_five_openings},
};

void check(const common::ResultReader& file, Report& report, const std::string& data_dir) {
    HexFile f = read_hex_file(file, data_dir, report);
    check_parameters(file, report, f.openings);
    f.boards.emplace(f.openings, f.seconds);
    run_checks(CHECKS, f, report);
}

} // namespace
} // namespace cgt::verify::hex_openings

int main(int argc, char* argv[]) {
    return cgt::verify::run_verify(
        argc, argv, "cgt-verify-hex-openings", "hex-openings", "cgt-hex-openings",
        "Checks a cgt-hex-openings result file against sen-ltd's Hex article (Qiita), Hayward\n"
        "et al. 2004 (Figure 2), Benzene's 6x6/7x7 regression maps and the theorems of Hex.",
        cgt::verify::hex_openings::check);
}
