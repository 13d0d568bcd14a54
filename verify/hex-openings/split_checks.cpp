#include "verify/hex-openings/split_checks.hpp"

#include "hex-openings/openings_schema.hpp"
#include "hex/solver/split.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace cgt::verify::hex_openings {

namespace schema = cgt::jobs::hex_openings::schema;

namespace {

// The rows of one split opening as its split tree: pre-order, a line's parent the last row
// one move shorter before it; decided where the analysis decided it, a leaf where a task
// (or an unneeded one) stands. Outcomes for each node's mover (the root: the second player).
struct FileTree {
    hex::SplitTree tree;
    std::vector<std::size_t> row;                // table row of node k (k >= 1)
    std::vector<hex::Outcome> solved;            // the task rows' results
};

hex::Outcome parse_result(const std::string& text) {
    return text == "win" ? hex::Outcome::win : text == "loss" ? hex::Outcome::loss : hex::Outcome::unknown;
}

FileTree file_tree(const common::Table& t, const std::vector<std::size_t>& rows) {
    FileTree f;
    f.tree.nodes.resize(1);
    f.row.push_back(0);
    f.solved.push_back(hex::Outcome::unknown);
    std::vector<int> path{0}; // the last node seen at each depth
    for (std::size_t i : rows) {
        const std::string& line = t.texts(schema::splits::line)[i];
        const int depth = 1 + static_cast<int>(std::count(line.begin(), line.end(), ' '));
        if (depth > static_cast<int>(path.size())) throw std::invalid_argument("line '" + line + "' has no parent row");
        path.resize(static_cast<std::size_t>(depth));
        const int k = static_cast<int>(f.tree.nodes.size());
        hex::SplitNode n;
        n.depth = depth;
        // The root (depth 0) is the second player's move: odd depths are the first player's.
        const bool red_moves = depth % 2 == 1;
        const hex::Outcome red = parse_result(t.texts(schema::splits::result)[i]);
        const hex::Outcome mover = red_moves ? red : hex::negate(red);
        const std::string& how = t.texts(schema::splits::how)[i];
        if (how == "analysis") n.decided = mover;
        f.tree.nodes[static_cast<std::size_t>(path.back())].children.push_back(k);
        f.tree.nodes.push_back(n);
        f.row.push_back(i);
        f.solved.push_back(how == "task" ? mover : hex::Outcome::unknown);
        path.push_back(k);
    }
    return f;
}

// The needed leaves of each split opening: solved (how = task, a result unless the opening
// is unknown), the others unneeded (result unknown, no nodes); the task rows are exactly
// the leaves a search of the leaves in order needs (hex::needed_leaves, recomputed from the
// file); and nodes add up: a negamax row's are its children's plus at most one analysis,
// the opening's its replies' plus at most one, so that unneeded leaves count nowhere.
template <class KeyOf>
void check_split_needed(const common::Table& t, verify::Report& report, const common::Table& openings, KeyOf key_of) {
    std::map<std::string, std::vector<std::size_t>> by_opening; // rows in file order
    for (std::size_t i = 0; i < t.rows; ++i) by_opening[key_of(t, i)].push_back(i);
    std::map<std::string, std::pair<std::string, std::int64_t>> opening; // result, nodes
    for (std::size_t i = 0; i < openings.rows; ++i)
        opening[key_of(openings, i)] = {openings.texts(schema::openings::result)[i], openings.ints(schema::openings::nodes.name)[i]};
    const std::vector<std::int64_t> nodes = t.ints(schema::splits::nodes.name);
    std::string bad_solved, bad_needed, bad_nodes;
    std::size_t needed = 0, unneeded = 0;
    for (const auto& [key, rows] : by_opening) {
        const auto o = opening.find(key);
        FileTree f;
        try {
            f = file_tree(t, rows);
        } catch (const std::invalid_argument& e) {
            if (bad_needed.empty()) bad_needed = key + ": " + e.what();
            continue;
        }
        const std::vector<bool> want = hex::needed_leaves(f.tree, f.solved);
        std::vector<std::int64_t> sum(f.tree.nodes.size(), 0);
        for (std::size_t k = f.tree.nodes.size(); k-- > 1;) {
            const std::size_t i = f.row[k];
            const std::string& how = t.texts(schema::splits::how)[i];
            const std::string& result = t.texts(schema::splits::result)[i];
            const std::string where = key + " " + t.texts(schema::splits::line)[i];
            if (how == "task") {
                ++needed;
                if (result == "unknown" && o != opening.end() && o->second.first != "unknown" && bad_solved.empty())
                    bad_solved = where + " (a needed leaf without a result)";
            } else if (how == "unneeded") {
                ++unneeded;
                if ((result != "unknown" || nodes[i] != 0) && bad_solved.empty())
                    bad_solved = where + " (unneeded, yet a result or nodes)";
            }
            const bool leaf = how == "task" || how == "unneeded";
            if (leaf && want[k] != (how == "task") && bad_needed.empty())
                bad_needed = where + (want[k] ? " is needed" : " is not needed");
        }
        for (std::size_t k = 1; k < f.tree.nodes.size(); ++k)
            for (int c : f.tree.nodes[k].children) sum[k] += nodes[f.row[static_cast<std::size_t>(c)]];
        for (std::size_t k = 1; k < f.tree.nodes.size(); ++k) {
            const std::size_t i = f.row[k];
            if (t.texts(schema::splits::how)[i] == "negamax" && (nodes[i] < sum[k] || nodes[i] > sum[k] + 1) &&
                bad_nodes.empty())
                bad_nodes = key + " " + t.texts(schema::splits::line)[i];
        }
        std::int64_t replies = 0;
        for (int c : f.tree.nodes[0].children) replies += nodes[f.row[static_cast<std::size_t>(c)]];
        if (o != opening.end() && (o->second.second < replies || o->second.second > replies + 1) && bad_nodes.empty())
            bad_nodes = key + " (the opening)";
    }
    report.check("split openings: needed leaves solved, unneeded ones without a result or nodes (splits)", "all",
                 bad_solved.empty() ? std::to_string(needed) + " needed, " + std::to_string(unneeded) + " unneeded"
                                    : "not at " + bad_solved,
                 bad_solved.empty());
    report.check("split openings: the needed leaves are those a search of the leaves in order needs", "yes",
                 bad_needed.empty() ? "yes" : bad_needed, bad_needed.empty());
    report.check("split openings: nodes add up over the needed leaves and the analyses", "yes",
                 bad_nodes.empty() ? "yes" : "not at " + bad_nodes, bad_nodes.empty());
}

} // namespace

// A split opening (the splits table) wins for the first player exactly when every reply's
// line (one move after it) does: the negamax the driver combined, recomputed from the file.
void check_splits(const common::ResultReader& file, verify::Report& report, const common::Table& openings) {
    if (!file.has_table(schema::splits::table.name)) return;
    const auto t = file.read_table(schema::splits::table);
    if (t.rows == 0) return;
    const auto key_of = [](const common::Table& tab, std::size_t i) {
        return tab.texts(schema::variant)[i] + "|" + tab.texts(schema::rules)[i] + "|" + std::to_string(tab.ints(schema::size)[i]) +
               "x" + std::to_string(tab.ints(schema::cols)[i]) + "|" + std::to_string(tab.ints(schema::row)[i]) + "," +
               std::to_string(tab.ints(schema::col)[i]);
    };
    std::map<std::string, std::string> negamax; // opening -> win / loss / unknown, from its replies
    for (std::size_t i = 0; i < t.rows; ++i) {
        if (t.texts(schema::splits::line)[i].find(' ') != std::string::npos) continue; // a longer line
        std::string& r = negamax.try_emplace(key_of(t, i), "win").first->second;
        const std::string& reply = t.texts(schema::splits::result)[i];
        if (reply == "loss") r = "loss";
        else if (reply != "win" && r == "win") r = "unknown";
    }
    std::size_t agree = 0;
    std::string first_bad;
    for (std::size_t i = 0; i < openings.rows; ++i) {
        const auto it = negamax.find(key_of(openings, i));
        if (it == negamax.end()) continue;
        if (it->second == openings.texts(schema::openings::result)[i]) ++agree;
        else if (first_bad.empty()) first_bad = it->first;
        negamax.erase(it);
    }
    const bool ok = first_bad.empty() && negamax.empty();
    report.check("split openings: the result is the negamax of the replies' rows (splits)", "all agree",
                 ok ? std::to_string(agree) + " agree" : "differs at " + (first_bad.empty() ? negamax.begin()->first : first_bad), ok);
    check_split_needed(t, report, openings, key_of);
}

} // namespace cgt::verify::hex_openings
