// cgt-verify-hex-openings: checks a cgt-hex-openings result file against sen-ltd's Hex article
// (Qiita) and the literature it cites: the first-move maps and win counts of 1x1..5x5 (Hayward et al.
// 2004, Figure 2) and of 6x6, 7x7, 8x8, 6x7 and 7x8 (Benzene's regression tests; the
// hex-large and hex-8x8 jobs), 180-degree symmetry, on boards that are not square that the
// player with the farther sides loses every opening, Beck's two theorems, the short-diagonal and own-edge observations,
// that every opening is decided, misere Hex (Lagarias and Sleator); prints sen-ltd's
// and the literature's node counts beside ours (a yardstick, not compared), the effort per
// opening on the large boards and what each rule did (the rule_counts table); and what a
// store table of proven positions promises (store_checks.hpp) and what a splits table of
// split openings does (split_checks.hpp).
#include "hex/solver/openings.hpp"
#include "verify/common/reference_data.hpp"
#include "verify/common/report.hpp"
#include "verify/hex-openings/rule_effects.hpp"
#include "verify/hex-openings/split_checks.hpp"
#include "verify/hex-openings/store_checks.hpp"
#include "hex-openings/openings_tasks.hpp"
#include "hex-openings/openings_schema.hpp"
#include "verify/common/parameters.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>
#include <vector>

using namespace cgt;

namespace schema = cgt::jobs::hex_openings::schema;

namespace {

// The openings of one board with one variant and rule set, row-major.
struct BoardRun {
    std::string variant, rules;
    int size = 0, cols = 0; // rows and columns
    std::vector<std::string> result; // "win", "loss", "unknown"; "" if the file lacks the cell
    std::vector<std::uint64_t> nodes;
    std::vector<bool> copied;
    std::vector<double> cell_seconds;
    double seconds = 0;

    [[nodiscard]] hex::Shape shape() const { return {size, cols}; }
    [[nodiscard]] bool square() const { return size == cols; }
    // "7x7", or "6x7" for 6 columns and 7 rows (Benzene's boardsize W H).
    [[nodiscard]] std::string board() const { return std::to_string(cols) + "x" + std::to_string(size); }
    // The key of its facts: "7" for 7x7, "6x7" for a board that is not square.
    [[nodiscard]] std::string fact_name() const { return square() ? std::to_string(size) : board(); }
    [[nodiscard]] const std::string& at(hex::Cell c) const { return result[static_cast<std::size_t>(c.row * cols + c.col)]; }
    [[nodiscard]] std::vector<std::string> map() const {
        std::vector<std::string> rows(static_cast<std::size_t>(size));
        for (int i = 0; i < size * cols; ++i) {
            const std::string& r = result[static_cast<std::size_t>(i)];
            rows[static_cast<std::size_t>(i / cols)] += r == "win" ? 'W' : r == "loss" ? 'L' : '?';
        }
        return rows;
    }
    [[nodiscard]] int wins() const { return static_cast<int>(std::count(result.begin(), result.end(), "win")); }
    [[nodiscard]] bool decided() const {
        return std::all_of(result.begin(), result.end(), [](const std::string& r) { return r == "win" || r == "loss"; });
    }
    [[nodiscard]] std::uint64_t total_nodes() const {
        std::uint64_t t = 0;
        for (auto n : nodes) t += n;
        return t;
    }
    [[nodiscard]] int solved() const { return static_cast<int>(std::count(copied.begin(), copied.end(), false)); }
};

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string join(const std::vector<std::string>& rows, const char* sep = " ") {
    std::string s;
    for (const auto& r : rows) s += (s.empty() ? "" : sep) + r;
    return s;
}

// A map as the rhombus: row r indented by r spaces, cells separated by blanks.
std::vector<std::string> rhombus(const std::vector<std::string>& rows, std::size_t width) {
    std::vector<std::string> out;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        std::string line(r, ' ');
        for (std::size_t c = 0; c < rows[r].size(); ++c) line += (c ? " " : "") + std::string(1, rows[r][c]);
        line.resize(std::max(line.size(), width), ' ');
        out.push_back(line);
    }
    return out;
}

// The reference facts: hex-openings.txt (sen-ltd's boards) and hex-large.txt (6x6, 7x7).
class FactFiles {
public:
    explicit FactFiles(const std::string& data_dir) {
        for (const char* name : {"/hex-openings.txt", "/hex-large.txt"})
            if (std::filesystem::exists(data_dir + name) || std::string(name) == "/hex-openings.txt")
                m_files.emplace_back(data_dir + name);
    }
    [[nodiscard]] std::optional<std::string> text(const std::string& key) const {
        for (const auto& f : m_files) {
            try {
                return f.text(key);
            } catch (const std::runtime_error&) {
            }
        }
        return std::nullopt;
    }
    [[nodiscard]] std::optional<long long> number(const std::string& key) const {
        for (const auto& f : m_files) {
            try {
                return f.number(key);
            } catch (const std::runtime_error&) {
            }
        }
        return std::nullopt;
    }
    [[nodiscard]] std::vector<long long> numbers(const std::string& key) const { return m_files.front().numbers(key); }

private:
    std::vector<verify::Facts> m_files;
};

std::string range_text(const std::vector<int>& sizes) {
    if (sizes.empty()) return "-";
    return std::to_string(sizes.front()) + (sizes.size() > 1 ? ".." + std::to_string(sizes.back()) : "");
}


// The rows the run's parameters call for, in table order: each rule set of --rules on each
// board of --sizes (up to its @N), then the misere boards of --misere with --misere-rules,
// every cell row-major; with --cells only those cells, each solved. Boards with a side of
// --copy-from or more copy one opening of each 180-degree pair. Counted here from the
// parameters alone, and compared with the file's key columns and its copied column.
void check_parameters(const common::ResultReader& file, verify::Report& report, const common::Table& t) {
    namespace hexjob = cgt::jobs::hex_openings;
    report.section("The file against its parameters");
    const auto parameters = verify::run_parameters(file);
    const auto text = [&](const std::string& name) { return verify::parameter_text(parameters, name); };
    std::vector<hex::Shape> sizes;
    std::vector<hexjob::RuleSpec> rules;
    hex::RuleSet misere_rules;
    std::vector<std::string> cells;
    long misere_min = 1, misere_max = 0;
    try {
        sizes = hexjob::parse_sizes(text("sizes"));
        rules = hexjob::parse_rule_specs(text("rules"));
        misere_rules = hexjob::parse_misere_rules(text("misere-rules"));
        cells = hexjob::parse_cell_names(text("cells"), "--cells", "all");
        if (const std::string m = text("misere"); m != "none" && !m.empty())
            std::tie(misere_min, misere_max) = common::parse_range(m, "--misere");
    } catch (const std::invalid_argument& e) { // UsageError is one too
        throw common::ResultRefused(std::string("the file's parameters: ") + e.what());
    }
    if (misere_min < 1 || misere_max > hex::MAX_BOARD_SIZE)
        throw common::ResultRefused("the file's parameters: misere sizes out of 1.." + std::to_string(hex::MAX_BOARD_SIZE));
    const long long copy_from = verify::parameter_number(parameters, "copy-from");

    struct Row {
        std::string key;
        bool copied;
    };
    std::vector<Row> expected;
    const auto board = [&](const std::string& variant, const hex::RuleSet& r, hex::Shape shape) {
        const bool copy = cells.empty() && std::max(shape.rows, shape.cols) >= copy_from;
        for (int row = 0; row < shape.rows; ++row)
            for (int col = 0; col < shape.cols; ++col) {
                const hex::Cell c{row, col};
                if (!cells.empty() && std::find(cells.begin(), cells.end(), hex::cell_name(c)) == cells.end()) continue;
                expected.push_back({variant + " " + r.name() + " " + shape.name() + " " + hex::cell_name(c),
                                    copy && !hex::is_representative(shape, c)});
            }
    };
    for (const auto& spec : rules)
        for (const hex::Shape shape : sizes)
            if (std::max(shape.rows, shape.cols) <= spec.max_size) board("normal", spec.rules, shape);
    for (long n = misere_min; n <= misere_max; ++n) board("misere", misere_rules, hex::Shape::square(static_cast<int>(n)));

    const auto size = t.ints(schema::size), cols = t.ints(schema::cols), row = t.ints(schema::row), col = t.ints(schema::col),
               copied = t.ints(schema::openings::copied);
    std::size_t same = 0;
    std::string first_difference;
    bool copies = true;
    for (std::size_t i = 0; i < std::max(expected.size(), t.rows); ++i) {
        std::string ours = "(none)";
        if (i < t.rows) {
            const hex::Shape shape{static_cast<int>(size[i]), static_cast<int>(cols[i])};
            ours = t.texts(schema::variant)[i] + " " + t.texts(schema::rules)[i] + " " + shape.name() + " " +
                   hex::cell_name({static_cast<int>(row[i]), static_cast<int>(col[i])});
        }
        if (i < expected.size() && i < t.rows && expected[i].key == ours) {
            ++same;
            copies = copies && expected[i].copied == (copied[i] != 0);
        } else if (first_difference.empty()) {
            first_difference = "row " + std::to_string(i) + ": " + ours + ", expected " +
                               (i < expected.size() ? expected[i].key : std::string("(none)"));
        }
    }
    report.check("openings: the rows of --sizes, --rules, --misere and --cells, in order",
                 std::to_string(expected.size()) + " rows",
                 first_difference.empty() ? std::to_string(same) + " rows" : first_difference, first_difference.empty());
    report.check("openings: copied exactly on boards of a side >= --copy-from (one of each 180-degree pair)", "yes",
                 copies ? "yes" : "no", copies);
}

void check(const common::ResultReader& file, verify::Report& report, const std::string& data_dir) {
    const FactFiles facts(data_dir);
    const auto t = file.read_table(schema::openings::table);
    report.count_rows(t.rows);
    const auto size = t.ints(schema::size), cols = t.ints(schema::cols), row = t.ints(schema::row), col = t.ints(schema::col),
               nodes = t.ints(schema::openings::nodes),
               copied = t.ints(schema::openings::copied);
    const auto& variant = t.texts(schema::variant);
    const auto& rules = t.texts(schema::rules);
    const auto& result = t.texts(schema::openings::result);
    // Seconds per opening: the timings table, keyed like the openings, row for row.
    const auto timings = file.read_table(schema::timings::table);
    if (timings.rows != t.rows) throw common::ResultRefused(file.path() + ": timings and openings differ in rows");
    const auto& seconds = timings.floats(schema::timings::seconds);
    check_parameters(file, report, t);

    // Group the rows by (variant, rules, size, cols), keeping the file's order of first appearance.
    std::vector<BoardRun> runs;
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < t.rows; ++i) {
        const std::string key = variant[i] + "|" + rules[i] + "|" + std::to_string(size[i]) + "x" + std::to_string(cols[i]);
        auto it = index.find(key);
        if (it == index.end()) {
            const int n = static_cast<int>(size[i]), m = static_cast<int>(cols[i]);
            if (n < 1 || n > hex::MAX_BOARD_SIZE || m < 1 || m > hex::MAX_BOARD_SIZE)
                throw common::ResultRefused("row " + std::to_string(i) + ": board of " + std::to_string(n) + " rows and " +
                                            std::to_string(m) + " columns");
            const auto cells = static_cast<std::size_t>(n * m);
            BoardRun run{variant[i], rules[i], n, m, std::vector<std::string>(cells), std::vector<std::uint64_t>(cells, 0),
                         std::vector<bool>(cells, false), std::vector<double>(cells, 0.0)};
            it = index.emplace(key, runs.size()).first;
            runs.push_back(std::move(run));
        }
        BoardRun& run = runs[it->second];
        if (row[i] < 0 || row[i] >= run.size || col[i] < 0 || col[i] >= run.cols)
            throw common::ResultRefused("row " + std::to_string(i) + ": cell off the board");
        const auto cell = static_cast<std::size_t>(row[i] * run.cols + col[i]);
        run.result[cell] = result[i];
        run.nodes[cell] = static_cast<std::uint64_t>(nodes[i]);
        run.copied[cell] = copied[i] != 0;
        run.cell_seconds[cell] = seconds[i];
        run.seconds += seconds[i];
    }
    std::vector<std::string> normal_rules;
    for (const auto& run : runs)
        if (run.variant == "normal" && std::find(normal_rules.begin(), normal_rules.end(), run.rules) == normal_rules.end())
            normal_rules.push_back(run.rules);
    const auto find_run = [&](const std::string& v, const std::string& r, int n, int m = 0) -> const BoardRun* {
        auto it = index.find(v + "|" + r + "|" + std::to_string(n) + "x" + std::to_string(m ? m : n));
        return it == index.end() ? nullptr : &runs[it->second];
    };

    report.section("Normal Hex: the first player's result after each first move (W win, L loss)");
    for (const auto& run : runs) {
        if (run.variant != "normal") continue;
        const std::string what = run.board() + " " + run.rules;
        const std::string map_key = "normal." + run.fact_name() + ".map";
        const std::string wins_key = "normal." + run.fact_name() + ".wins";
        const auto published_text = facts.text(map_key);
        const bool has_map = published_text.has_value();
        const std::vector<std::string> published = has_map ? words(*published_text) : std::vector<std::string>{};
        const auto ours = run.map();
        if (run.rules == normal_rules.front()) { // the pictures once, for the first rule set
            const std::string source =
                facts.text("normal." + run.fact_name() + ".source").value_or("Hayward et al. 2004, Fig. 2");
            report.note(what + ":   ours" + std::string(static_cast<std::size_t>(run.size + run.cols + 2), ' ') +
                        (has_map ? "published (" + source + ")" : "(no published map)"));
            const auto left = rhombus(ours, static_cast<std::size_t>(run.size + 2 * run.cols + 2));
            const auto right = has_map ? rhombus(published, 0) : std::vector<std::string>(left.size());
            for (std::size_t r = 0; r < left.size(); ++r) report.note("      " + left[r] + right[r]);
        }
        report.check(what + ": every opening decided", "all", run.decided() ? "all" : "some unknown", run.decided());
        if (has_map) report.check_equal(what + ": map", join(published), join(ours));
        if (const auto wins = facts.number(wins_key))
            report.check_equal(what + ": winning openings", *wins, run.wins());
        else
            report.note(what + ": " + std::to_string(run.wins()) + " winning openings (no published count)");
    }

    report.section("Theorems and observations, every normal rule set in the file");
    for (const auto& r : normal_rules) {
        std::vector<int> sizes, copied_sizes;
        bool symmetric = true, beck1 = true, beck2 = true, diagonal = true, edges = true;
        std::vector<int> beck1_sizes, beck2_sizes;
        for (int n = 1; n <= hex::MAX_BOARD_SIZE; ++n) {
            const BoardRun* run = find_run("normal", r, n);
            if (!run || !run->decided()) continue;
            sizes.push_back(n);
            if (run->solved() < n * n) copied_sizes.push_back(n);
            for (const hex::Cell c : hex::all_cells(n)) {
                const std::string& v = run->at(c);
                symmetric = symmetric && v == run->at(hex::rotate(n, c));
                if (n >= 2 && hex::is_acute_corner(n, c)) beck1 = beck1 && v == "loss";
                if (n >= 3 && hex::is_beside_acute_corner(n, c)) beck2 = beck2 && v == "loss";
                if (hex::is_short_diagonal(n, c)) diagonal = diagonal && v == "win";
                else if (hex::is_own_edge(n, c)) edges = edges && v == "loss";
            }
            if (n >= 2) beck1_sizes.push_back(n);
            if (n >= 3) beck2_sizes.push_back(n);
        }
        report.note(r + ", n = " + range_text(sizes) + ":");
        const auto yes = [](bool b) { return std::string(b ? "holds" : "fails"); };
        report.check("180-degree symmetry" +
                         (copied_sizes.empty() ? std::string()
                                               : " (n = " + range_text(copied_sizes) + ": one of each pair solved, copied)"),
                     "holds", yes(symmetric), symmetric);
        report.check("acute corner loses (Beck), n = " + range_text(beck1_sizes), "holds", yes(beck1), beck1);
        report.check("beside it on own edge loses (Beck), n = " + range_text(beck2_sizes), "holds", yes(beck2), beck2);
        report.check("short diagonal wins (Hayward et al.)", "holds", yes(diagonal), diagonal);
        report.check("other own-edge cells lose (Hayward et al.)", "holds", yes(edges), edges);
        // Boards that are not square: the player whose sides are farther apart loses, whoever
        // starts (the pairing strategy of n x (n+1) boards, Gardner's Mathematical Games,
        // Scientific American, July 1957, works for any longer side).
        for (const auto& run : runs) {
            if (run.variant != "normal" || run.rules != r || run.square()) continue;
            const bool red_farther = run.size > run.cols; // red joins the rows, `size` apart
            bool longer = run.decided(), turned = true;
            for (const hex::Cell c : hex::all_cells(run.shape())) {
                longer = longer && run.at(c) == (red_farther ? "loss" : "win");
                turned = turned && run.at(c) == run.at(hex::rotate(run.shape(), c));
            }
            const std::string board = run.board() + " (" + std::to_string(run.size) + " rows, " + std::to_string(run.cols) +
                                      " columns): ";
            report.check(board + "180-degree symmetry", "holds", yes(turned), turned);
            report.check(board + "the first player, whose sides are " + (red_farther ? "farther apart, loses" : "closer, wins") +
                             " every opening",
                         "holds", yes(longer), longer);
        }
    }
    if (normal_rules.size() > 1) {
        bool same = true;
        int compared = 0;
        std::vector<std::pair<int, int>> boards;
        for (const auto& run : runs)
            if (run.variant == "normal" && std::find(boards.begin(), boards.end(), std::pair{run.size, run.cols}) == boards.end())
                boards.emplace_back(run.size, run.cols);
        for (const auto& [n, m] : boards) {
            const BoardRun* first = nullptr;
            for (const auto& r : normal_rules) {
                const BoardRun* run = find_run("normal", r, n, m);
                if (!run) continue;
                if (first) {
                    same = same && run->result == first->result;
                    ++compared;
                } else {
                    first = run;
                }
            }
        }
        report.check("rule sets agree (" + std::to_string(compared) + " pairs of boards)", "agree",
                     same ? "agree" : "differ", same);
    }

    bool any_misere = false;
    for (const auto& run : runs) any_misere = any_misere || run.variant == "misere";
    if (any_misere) {
        report.section("Misere Hex (connecting loses): the first player wins iff n is even (Lagarias, Sleator)");
        for (const auto& run : runs) {
            if (run.variant != "misere") continue;
            const int n = run.size;
            const std::string what = std::to_string(n) + "x" + std::to_string(n) + " " + run.rules;
            report.note(what + ": " + join(rhombus(run.map(), 0), " / "));
            report.check(what + ": every opening decided", "all", run.decided() ? "all" : "some unknown", run.decided());
            const bool even = n % 2 == 0;
            report.check_equal(what + ": first player wins", even ? "yes" : "no", run.wins() > 0 ? "yes" : "no");
            if (const auto wins = facts.number("misere." + std::to_string(n) + ".wins"))
                report.check_equal(what + ": winning openings", *wins, run.wins());
            if (even) {
                const bool corners = run.at({0, 0}) == "win" && run.at({n - 1, n - 1}) == "win";
                report.check(what + ": the acute corners win", "win", corners ? "win" : "loss", corners);
            }
            if (n == 4) {
                std::string losing;
                for (const hex::Cell c : hex::all_cells(n))
                    if (run.at(c) == "loss") losing += (losing.empty() ? "" : " ") + std::to_string(c.row) + "," + std::to_string(c.col);
                report.check_equal(what + ": the losing openings", facts.text("misere.4.losing").value_or("?"), losing);
            }
        }
    }

    report.section("Search effort beside sen-ltd's Hex article (Qiita; a yardstick: not compared)");
    // The rule-set column as wide as the longest name.
    int width = 22;
    for (const auto& run : runs)
        width = std::max(width, static_cast<int>(run.rules.size() + (run.variant == "misere" ? 7 : 0)));
    char head[200];
    std::snprintf(head, sizeof head, "board  %-*s %15s %16s   %6s %9s %9s", width, "rule set", "sen-ltd nodes",
                  "our nodes", "solved", "seconds", "nodes/s");
    report.note(head);
    const auto line = [&](const BoardRun& run, const std::string& article) {
        char buf[300];
        const double rate = run.seconds > 0 ? static_cast<double>(run.total_nodes()) / run.seconds : 0.0;
        std::snprintf(buf, sizeof buf, "%-6s %-*s %15s %16s   %6d %9.2f %9.0f", run.board().c_str(), width,
                      (run.variant == "misere" ? "misere " + run.rules : run.rules).c_str(), article.c_str(),
                      verify::thousands(static_cast<long long>(run.total_nodes())).c_str(), run.solved(), run.seconds, rate);
        report.note(buf);
    };
    for (const auto& run : runs) {
        const std::string key = run.variant == "misere" ? "nodes.misere." + run.fact_name() + "." + run.rules
                                                        : "nodes." + run.fact_name() + "." + run.rules;
        const auto article = facts.number(key);
        line(run, article ? verify::thousands(*article) : "-");
    }
    for (const auto& run : runs) {
        if (run.variant != "normal" || run.shape() != hex::Shape::square(7)) continue;
        if (const auto hayward = facts.number("nodes.7.hayward2003"))
            report.note("7x7: Hayward et al. 2003 (depth-first, virtual connections) needed " +
                        verify::thousands(*hayward) + " nodes for the 49 openings; " + run.rules + " here: " +
                        verify::thousands(static_cast<long long>(run.total_nodes())) + " for the " +
                        std::to_string(run.solved()) + " solved");
        break;
    }
    // The large boards opening by opening: which openings cost the most.
    for (const auto& run : runs) {
        if (run.variant != "normal" || std::max(run.size, run.cols) < 6) continue;
        report.note(run.board() + " " + run.rules + ", each opening solved: cell, result, nodes, seconds");
        std::string line_text;
        int in_line = 0;
        for (const hex::Cell c : hex::all_cells(run.shape())) {
            const auto i = static_cast<std::size_t>(c.row * run.cols + c.col);
            if (run.copied[i]) continue;
            char buf[80];
            std::snprintf(buf, sizeof buf, "  %-3s %-4s %9s %7.2f", hex::cell_name(c).c_str(), run.result[i].c_str(),
                          verify::thousands(static_cast<long long>(run.nodes[i])).c_str(), run.cell_seconds[i]);
            line_text += buf;
            if (++in_line == 3) {
                report.note(line_text);
                line_text.clear();
                in_line = 0;
            }
        }
        if (!line_text.empty()) report.note(line_text);
    }
    std::vector<verify::hex_openings::RunTotals> totals;
    for (const auto& run : runs) {
        if (run.variant != "normal") continue;
        verify::hex_openings::RunTotals sum{run.rules, run.size, run.cols, run.total_nodes(), run.seconds, run.solved(), 0};
        for (std::size_t i = 0; i < run.result.size(); ++i) sum.unknown += !run.copied[i] && run.result[i] == "unknown";
        totals.push_back(sum);
    }
    verify::hex_openings::print_savings(totals, report);
    verify::hex_openings::check_splits(file, report, t);
    verify::hex_openings::check_store(file, report, t);
    if (file.has_table("rule_counts")) verify::hex_openings::print_rule_counts(file, report);
    if (const BoardRun* five = find_run("normal", "rule1+2", 5)) {
        report.note("5x5 rule1+2, single openings (sen-ltd's table):  cell  sen-ltd nodes  our nodes");
        const auto v = facts.numbers("nodes.5.rule1+2.openings");
        for (std::size_t i = 0; i + 2 < v.size(); i += 3) {
            hex::Cell c{static_cast<int>(v[i]), static_cast<int>(v[i + 1])};
            if (five->copied[static_cast<std::size_t>(c.row * 5 + c.col)]) c = hex::rotate(5, c);
            char buf[160];
            std::snprintf(buf, sizeof buf, "  (%lld, %lld)  %14s  %14s", v[i], v[i + 1], verify::thousands(v[i + 2]).c_str(),
                          verify::thousands(static_cast<long long>(five->nodes[static_cast<std::size_t>(c.row * 5 + c.col)])).c_str());
            report.note(buf);
        }
    }
}

} // namespace

int main(int argc, char* argv[]) {
    return verify::run_verify(argc, argv, "cgt-verify-hex-openings", "hex-openings", "cgt-hex-openings",
                              "Checks a cgt-hex-openings result file against sen-ltd's Hex article (Qiita), Hayward\n"
                              "et al. 2004 (Figure 2), Benzene's 6x6/7x7 regression maps and the theorems of Hex.",
                              check);
}
