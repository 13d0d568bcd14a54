// A split opening's leaves gathered on rank 0 and combined into its rows and splits.
#include "hex-openings/openings_tasks.hpp"

#include "hex-openings/openings_append.hpp"
#include "hex-openings/openings_schema.hpp"

#include <cstring>
#include <map>
#include <stdexcept>
#include <utility>

namespace cgt::jobs::hex_openings {

namespace {

hex::Outcome parse_outcome(const std::string& text) {
    if (text == hex::outcome_name(hex::Outcome::win)) return hex::Outcome::win;
    if (text == hex::outcome_name(hex::Outcome::loss)) return hex::Outcome::loss;
    return hex::Outcome::unknown;
}

template <class T>
void copy_rows(const std::vector<T>& from, std::vector<T>& to, std::uint64_t first,
               std::uint64_t rows) {
    to.insert(to.end(), from.begin() + static_cast<std::ptrdiff_t>(first),
              from.begin() + static_cast<std::ptrdiff_t>(first + rows));
}

} // namespace

std::vector<std::uint64_t> OpeningTasks::encode_leaves(common::LocalTable& counts,
                                                       common::LocalTable& timings,
                                                       common::LocalTable& splits) const {
    counts.end_blocks();
    timings.end_blocks();
    splits.end_blocks();
    // The rows of the leaf blocks of counts and timings by their split key.
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> count_rows; // first row, rows
    struct LeafTiming {
        double seconds;
        std::uint64_t nodes_run;
    };
    std::map<std::uint64_t, LeafTiming> leaf_timings;
    for (const common::Block& b : counts.blocks())
        if (b.key >= leaf_key(0)) count_rows[b.key - leaf_key(0)] = {b.first_row, b.rows};
    for (const common::Block& b : timings.blocks())
        if (b.key >= leaf_key(0))
            leaf_timings[b.key - leaf_key(0)] = {
                timings.column(schema::timings::seconds).at(b.first_row),
                timings.column(schema::timings::nodes_run).at(b.first_row)};
    std::vector<std::uint64_t> out;
    for (const common::Block& b : splits.blocks()) {
        const auto c = count_rows.find(b.key);
        const auto t = leaf_timings.find(b.key);
        if (b.rows != 1 || c == count_rows.end() || t == leaf_timings.end())
            throw std::logic_error("encode_leaves: split " + std::to_string(b.key) +
                                   " lacks its counts or seconds");
        std::uint64_t bits;
        std::memcpy(&bits, &t->second.seconds, sizeof bits);
        out.insert(out.end(), {b.key,
                               static_cast<std::uint64_t>(parse_outcome(
                                   splits.column(schema::splits::result)[b.first_row])),
                               splits.column(schema::splits::nodes)[b.first_row], bits,
                               t->second.nodes_run, c->second.second});
        for (std::uint64_t i = 0; i < c->second.second; ++i)
            out.push_back(counts.column(schema::rule_counts::count).at(c->second.first + i));
    }
    return out;
}

namespace {
// A leaf of a split opening as encode_leaves gave it.
struct Leaf {
    hex::Outcome outcome; // for the first player
    std::uint64_t nodes;
    double seconds;
    std::uint64_t nodes_run; // of them, those its run searched (not a saved search's)
    std::vector<std::uint64_t> counts;
};

// Every rank's encode_leaves concatenated, by split key.
std::map<std::uint64_t, Leaf> decode_leaves(const std::vector<std::uint64_t>& leaves) {
    std::map<std::uint64_t, Leaf> by_key;
    for (std::size_t i = 0; i + 6 <= leaves.size();) {
        Leaf leaf{static_cast<hex::Outcome>(leaves[i + 1]), leaves[i + 2], 0.0, leaves[i + 4], {}};
        std::memcpy(&leaf.seconds, &leaves[i + 3], sizeof leaf.seconds);
        const std::size_t n = leaves[i + 5];
        if (i + 6 + n > leaves.size())
            throw std::logic_error("append_split_rows: a truncated leaf record");
        leaf.counts.assign(leaves.begin() + static_cast<std::ptrdiff_t>(i + 6),
                           leaves.begin() + static_cast<std::ptrdiff_t>(i + 6 + n));
        by_key[leaves[i]] = std::move(leaf);
        i += 6 + n;
    }
    return by_key;
}
} // namespace

void OpeningTasks::append_split_nodes(std::uint64_t r, const std::vector<hex::Outcome>& outcome,
                                      const std::vector<bool>& needed,
                                      std::vector<std::uint64_t>& nodes,
                                      common::LocalTable& splits) const {
    const hex::SplitTree& t = *m_trees[r];
    const Opening& o = m_rows[r];
    const std::size_t n = t.nodes.size();
    // Nodes: a needed task's search (an unneeded leaf: 0), one for each analysis, and a
    // negamax node's own analysis and its children's.
    for (std::size_t k = n; k-- > 0;) {
        const hex::SplitNode& node = t.nodes[k];
        if (node.leaf()) continue;
        nodes[k] = node.analysed ? 1 : 0;
        for (int c : node.children)
            nodes[k] += nodes[static_cast<std::size_t>(c)];
    }
    for (std::size_t k = 1; k < n; ++k) {
        const hex::SplitNode& node = t.nodes[k];
        splits.begin_block(split_key(r, static_cast<int>(k)));
        append_key(splits, o);
        splits.column(schema::splits::line).push_back(hex::line_name(node.line));
        splits.column(schema::splits::result)
            .push_back(hex::outcome_name(for_red(node, outcome[k])));
        splits.column(schema::splits::nodes).push_back(nodes[k]);
        splits.column(schema::splits::how)
            .push_back(node.leaf()             ? (needed[k] ? "task" : "unneeded")
                       : node.children.empty() ? "analysis"
                                               : "negamax");
    }
}

void OpeningTasks::append_split_rows(const std::vector<std::uint64_t>& leaves,
                                     common::LocalTable& table, common::LocalTable& counts,
                                     common::LocalTable& timings,
                                     common::LocalTable& splits) const {
    const std::map<std::uint64_t, Leaf> by_key = decode_leaves(leaves);
    for (std::uint64_t r = 0; r < m_rows.size(); ++r) {
        const hex::SplitTree* t = m_trees[r].get();
        if (!t) continue;
        const Opening& o = m_rows[r];
        const std::size_t n = t->nodes.size();
        // Every leaf solved (the speculative ones too), for its mover; then the needed ones.
        std::vector<hex::Outcome> solved(n, hex::Outcome::unknown);
        std::vector<const Leaf*> found(n, nullptr);
        for (int k : t->leaves()) {
            const auto it = by_key.find(split_key(r, k));
            if (it == by_key.end()) continue;
            const hex::SplitNode& node = t->nodes[static_cast<std::size_t>(k)];
            found[static_cast<std::size_t>(k)] = &it->second;
            solved[static_cast<std::size_t>(k)] = node.position.mover == hex::Colour::red
                                                      ? it->second.outcome
                                                      : hex::negate(it->second.outcome);
        }
        const std::vector<bool> needed = hex::needed_leaves(*t, solved);
        std::vector<hex::Outcome> leaf_outcomes(n, hex::Outcome::unknown);
        std::vector<std::uint64_t> nodes(n, 0);
        std::vector<std::uint64_t> sums;
        const std::vector<RuleCount> names = counters(o, t->stats, 0);
        for (const RuleCount& c : names)
            sums.push_back(c.value);
        double seconds = 0;
        std::uint64_t parts = 0, speculative_nodes = 0, saved_nodes = 0;
        for (int k : t->leaves()) {
            const auto at = static_cast<std::size_t>(k);
            const Leaf* leaf = found[at];
            if (leaf) { // measures the run: every leaf it solved, less the saved searches
                seconds += leaf->seconds;
                saved_nodes += leaf->nodes - leaf->nodes_run;
            }
            if (!needed[at]) {
                if (leaf) speculative_nodes += leaf->nodes;
                continue;
            }
            if (!leaf)
                throw std::logic_error("append_split_rows: the needed split " +
                                       hex::cell_name(o.cell) + " " +
                                       hex::line_name(t->nodes[at].line) + " (" +
                                       std::to_string(split_key(r, k)) + ") was not solved");
            leaf_outcomes[at] = solved[at];
            nodes[at] = leaf->nodes;
            if (leaf->counts.size() != sums.size())
                throw std::logic_error("append_split_rows: counters of another rule family");
            for (std::size_t j = 0; j < sums.size(); ++j)
                sums[j] += leaf->counts[j];
            ++parts;
        }
        const std::vector<hex::Outcome> outcome = hex::combine_split(*t, leaf_outcomes);
        append_split_nodes(r, outcome, needed, nodes, splits);
        // The root is blue to move after the opening.
        append_row(r, for_red(t->nodes[0], outcome[0]), nodes[0],
                   nodes[0] + speculative_nodes - saved_nodes, parts, seconds, table, &timings);
        counts.begin_block(r);
        for (std::size_t j = 0; j < names.size(); ++j) {
            append_key(counts, o);
            counts.column(schema::rule_counts::rule).push_back(names[j].name);
            counts.column(schema::rule_counts::count).push_back(sums[j]);
        }
    }
}

common::LocalTable OpeningTasks::strip_leaf_blocks(const common::TableSchema& schema_,
                                                   common::LocalTable& table) const {
    table.end_blocks();
    common::LocalTable out = schema_.make();
    for (const common::Block& b : table.blocks()) {
        if (b.key >= leaf_key(0)) continue;
        out.begin_block(b.key);
        for (std::size_t c = 0; c < table.columns().size(); ++c)
            std::visit(
                [&](auto& to) {
                    copy_rows(std::get<std::decay_t<decltype(to)>>(table.columns()[c].data), to,
                              b.first_row, b.rows);
                },
                out.columns()[c].data);
    }
    out.end_blocks();
    return out;
}

} // namespace cgt::jobs::hex_openings
