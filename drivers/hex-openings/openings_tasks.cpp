// The openings job's tasks: an opening solved whole (saved and continued at pauses), a
// split opening's leaves, and the rows, counts and splits they append.
#include "hex-openings/openings_tasks.hpp"

#include "common/runtime/memory_limit.hpp"
#include "hex-openings/openings_replies.hpp"
#include "hex-openings/openings_schema.hpp"
#include "hex/solver/openings.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <stdexcept>
#include <utility>

namespace cgt::jobs::hex_openings {

namespace {

// The key columns every table starts with.
void append_key(common::LocalTable& t, const Opening& row) {
    t.column(schema::size).push_back(row.shape.rows);
    t.column(schema::cols).push_back(row.shape.cols);
    t.column(schema::row).push_back(row.cell.row);
    t.column(schema::col).push_back(row.cell.col);
    t.column(schema::variant).push_back(hex::variant_name(row.variant));
    t.column(schema::rules).push_back(row.rules.name());
}

void append_counts(common::LocalTable& counts, std::uint64_t key, const Opening& o,
                   const std::vector<RuleCount>& values) {
    counts.begin_block(key);
    for (const RuleCount& c : values) {
        append_key(counts, o);
        counts.column(schema::rule_counts::rule).push_back(c.name);
        counts.column(schema::rule_counts::count).push_back(c.value);
    }
}

// A node's outcome for its mover, as the first player's.
hex::Outcome for_red(const hex::SplitNode& n, hex::Outcome o) {
    return n.position.mover == hex::Colour::red ? o : hex::negate(o);
}

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

OpeningTasks::OpeningTasks(const Params& params)
    : m_params(params), m_rows(enumerate(params)), m_tasks(tasks(m_rows)), m_copies(m_rows.size()),
      m_trees(m_rows.size()), m_split_base(m_rows.size(), 0), m_first_task(m_rows.size(), 0) {
    for (std::uint64_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].source != i) m_copies[m_rows[i].source].push_back(i);
    // The split openings: a row named by --split, or whose copy is named.
    std::vector<bool> split(m_rows.size(), false);
    for (const std::string& name : params.split) {
        bool found = false;
        for (const Opening& o : m_rows)
            if (hex::cell_name(o.cell) == name) {
                found = true;
                split[o.source] = true;
            }
        if (!found)
            throw std::invalid_argument("--split: '" + name +
                                        "' is not a cell of the boards of this run");
    }
    std::uint64_t base = 0;
    for (std::uint64_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].source != i) continue;
        if (!split[i]) {
            m_parts.push_back({i, -1});
            continue;
        }
        const Opening& o = m_rows[i];
        m_trees[i] = std::make_unique<hex::SplitTree>(
            hex::split_position(o.shape, o.variant, o.rules,
                                hex::SplitPosition::after(o.shape, {o.cell}), params.split_plies));
        m_split_base[i] = base;
        base += m_trees[i]->nodes.size();
        m_first_task[i] = m_parts.size();
        for (int leaf : m_trees[i]->leaves())
            m_parts.push_back({i, leaf});
    }
}

std::vector<std::uint64_t> OpeningTasks::dispatch_order() const {
    std::vector<std::uint64_t> first, rest;
    for (std::uint64_t row : m_tasks)
        for (std::uint64_t t : tasks_of_row(row))
            (m_trees[row] ? first : rest).push_back(t);
    first.insert(first.end(), rest.begin(), rest.end());
    return first;
}

std::vector<std::uint64_t> OpeningTasks::tasks_of_row(std::uint64_t row) const {
    const std::uint64_t source = m_rows.at(row).source;
    const auto at = std::lower_bound(m_parts.begin(), m_parts.end(), source,
                                     [](const Part& p, std::uint64_t r) { return p.row < r; });
    std::vector<std::uint64_t> out;
    for (auto it = at; it != m_parts.end() && it->row == source; ++it)
        out.push_back(static_cast<std::uint64_t>(it - m_parts.begin()));
    return out;
}

const hex::SplitTree* OpeningTasks::tree(std::uint64_t row) const {
    return m_trees.at(row).get();
}

bool OpeningTasks::skips_tasks() const {
    return std::any_of(m_trees.begin(), m_trees.end(), [](const auto& t) { return t != nullptr; });
}

std::uint64_t OpeningTasks::leaf_verdict(hex::Outcome outcome) {
    return static_cast<std::uint64_t>(outcome);
}

namespace {
hex::Outcome verdict_outcome(std::uint64_t verdict) {
    if (verdict > static_cast<std::uint64_t>(hex::Outcome::unknown))
        throw std::logic_error("a split leaf's verdict " + std::to_string(verdict) +
                               " is no outcome");
    return static_cast<hex::Outcome>(verdict);
}
} // namespace

bool OpeningTasks::task_needed(std::uint64_t task, const common::TaskVerdicts& verdicts) const {
    const Part part = m_parts.at(task);
    if (part.node < 0) return true;
    const hex::SplitTree& t = *m_trees[part.row];
    std::vector<hex::Outcome> known(t.nodes.size(), hex::Outcome::unknown);
    const std::vector<int> leaves = t.leaves(); // the row's tasks, in order from m_first_task
    for (std::size_t j = 0; j < leaves.size() && leaves[j] < part.node; ++j) {
        const std::uint64_t leaf_task = m_first_task[part.row] + j;
        if (verdicts.known(leaf_task))
            known[static_cast<std::size_t>(leaves[j])] = verdict_outcome(verdicts.at(leaf_task));
    }
    return hex::leaf_needed(t, known, part.node);
}

// Made at the first task that needs it, not when the job is read: --max-memory is checked
// in between. The vc and rex rule sets keep a table of their own in each solver.
std::shared_ptr<hex::TranspositionTable> OpeningTasks::article_table(const Opening& o) {
    if (!m_table && !o.rules.analysed())
        m_table = std::make_shared<hex::TranspositionTable>(m_params.tt_size_mib);
    return m_table;
}

void OpeningTasks::declare_columns(common::LocalTable& table) {
    schema::openings::table.declare(table);
}

void OpeningTasks::declare_count_columns(common::LocalTable& counts) {
    schema::rule_counts::table.declare(counts);
}

void OpeningTasks::declare_timing_columns(common::LocalTable& timings) {
    schema::timings::table.declare(timings);
}

void OpeningTasks::declare_split_columns(common::LocalTable& splits) {
    schema::splits::table.declare(splits);
}

void OpeningTasks::declare_reply_columns(common::LocalTable& replies) {
    schema::replies::table.declare(replies);
}

void OpeningTasks::append_replies(std::uint64_t index, const hex::OpeningReplies& replies,
                                  common::LocalTable& table) const {
    const auto append = [&](std::uint64_t row_index, bool copied) {
        const Opening& row = m_rows[row_index];
        // A copy's replies rotated, in row-major order as the source's.
        std::vector<hex::CellOutcome> cells = replies.replies;
        if (copied) {
            for (hex::CellOutcome& c : cells)
                c.cell = hex::rotate(row.shape, c.cell);
            std::reverse(cells.begin(), cells.end());
        }
        table.begin_block(row_index);
        for (const hex::CellOutcome& c : cells) {
            append_key(table, row);
            table.column(schema::replies::reply_row).push_back(c.cell.row);
            table.column(schema::replies::reply_col).push_back(c.cell.col);
            table.column(schema::replies::result).push_back(hex::outcome_name(c.outcome));
            table.column(schema::replies::nodes).push_back(copied ? 0 : c.nodes);
            table.column(schema::replies::copied).push_back(copied ? 1 : 0);
        }
    };
    append(index, false);
    for (std::uint64_t copy : m_copies[index])
        append(copy, true);
}

std::vector<RuleCount> OpeningTasks::counters(const Opening& o, const hex::SearchStats& stats,
                                              std::uint64_t store_hits) const {
    std::vector<RuleCount> out = rule_counters(o.rules, stats);
    if (m_params.store && o.rules.rules == hex::Rules::vc)
        out.push_back({"store-hits", store_hits});
    return out;
}

void OpeningTasks::append_row(std::uint64_t index, hex::Outcome outcome, std::uint64_t nodes,
                              std::uint64_t nodes_run, std::uint64_t parts, double seconds,
                              common::LocalTable& table, common::LocalTable* timings) const {
    const auto append = [&](std::uint64_t row_index, bool copied) {
        const Opening& row = m_rows[row_index];
        table.begin_block(row_index);
        append_key(table, row);
        table.column(schema::openings::result).push_back(hex::outcome_name(outcome));
        table.column(schema::openings::nodes).push_back(copied ? 0 : nodes);
        table.column(schema::openings::copied).push_back(copied ? 1 : 0);
        table.column(schema::openings::parts).push_back(copied ? 0 : parts);
        if (!timings) return;
        timings->begin_block(row_index);
        append_key(*timings, row);
        timings->column(schema::timings::seconds).push_back(copied ? 0.0 : seconds);
        timings->column(schema::timings::nodes_run).push_back(copied ? 0 : nodes_run);
    };
    append(index, false);
    for (std::uint64_t copy : m_copies[index])
        append(copy, true);
}

PauseSaver::PauseSaver(hex::Solver& solver, std::uint64_t pause_nodes, SearchHooks& hooks,
                       std::span<const std::vector<std::byte>> search, Wrap wrap, Note note)
    : m_solver(solver), m_hooks(hooks), m_wrap(std::move(wrap)), m_note(std::move(note)) {
    for (std::size_t i = 0; i < search.size(); ++i)
        (i == 0 ? m_full_bytes : m_change_bytes) += search[i].size();
    m_solver.set_pauses(pause_nodes, [this] { return at_pause(); });
}

PauseSaver::~PauseSaver() {
    m_solver.set_pauses(0, nullptr);
}

bool PauseSaver::at_pause() {
    const bool stop = m_hooks.stop_requested();
    if (!stop && !m_hooks.state_due()) return true;
    bool full = m_full_bytes == 0;
    m_state.clear();
    m_solver.save_search(m_state, !full);
    if (!full && m_change_bytes + m_state.size() > m_full_bytes) {
        full = true;
        m_state.clear();
        m_solver.save_search(m_state, false);
    }
    if (m_wrap)
        m_hooks.save(m_wrap(m_state), full);
    else
        m_hooks.save(m_state, full);
    if (m_hooks.note && m_note) m_hooks.note(m_note(m_state.size(), full));
    if (full) {
        m_full_bytes = m_state.size();
        m_change_bytes = 0;
    } else {
        m_change_bytes += m_state.size();
    }
    return !stop;
}

namespace {

// How far a saved opening has come, from the first player's side: the root is the
// second player's move.
std::string progress_text(const hex::Solver& solver, hex::Cell cell, std::size_t bytes, bool full) {
    const hex::Solver::Progress p = solver.pause_progress();
    auto number = [](std::uint32_t n) {
        return n >= hex::Solver::Progress::INF ? std::string("none") : std::to_string(n);
    };
    return hex::cell_name(cell) + " (" + solver.shape().name() + "): " + std::to_string(p.nodes) +
           " nodes, proof numbers " + number(p.to_lose) + " for a first-player win and " +
           number(p.to_win) + " for a loss; saved (" + (full ? "whole table, " : "changes, ") +
           common::format_bytes(static_cast<double>(bytes)) + ")";
}

// Solves an opening as SearchHooks says: pauses, saves, continues what was saved.
hex::OpeningResult solve_saving(hex::Solver& solver, hex::Cell cell, std::uint64_t pause_nodes,
                                hex::SearchStats& stats, SearchHooks& hooks) {
    const PauseSaver saver(
        solver, pause_nodes, hooks, hooks.saved, {},
        [&](std::size_t bytes, bool full) { return progress_text(solver, cell, bytes, full); });
    return hex::solve_opening(solver, cell, &stats, hooks.saved);
}

} // namespace

bool OpeningTasks::run(std::uint64_t index, common::LocalTable& table, common::LocalTable* counts,
                       common::LocalTable* timings, SearchHooks* hooks, common::LocalTable* records,
                       common::LocalTable* replies) {
    const Opening& o = m_rows.at(index);
    if (o.source != index)
        throw std::logic_error("OpeningTasks::run: row " + std::to_string(index) + " is a copy");
    hex::SolverOptions options{o.variant, o.rules, m_params.node_limit, m_params.tt_size_mib};
    hex::Solver solver(o.shape, options, article_table(o));
    const bool vc = o.rules.rules == hex::Rules::vc;
    if (vc && m_params.store) solver.set_store(m_params.store);
    if (vc && records && m_params.store_plies >= 0)
        solver.set_recording(m_params.store_plies, m_params.store_min_work);
    const auto start = std::chrono::steady_clock::now();
    hex::SearchStats stats;
    const bool pauses = o.rules.analysed() && o.rules.search == hex::Search::dfpn;
    if (pauses && !hooks) solver.set_pauses(m_params.pause_nodes, [] { return true; });
    const bool with_replies =
        replies && m_params.misere_replies && o.variant == hex::Variant::misere;
    std::vector<std::vector<std::byte>> reply_search;
    const auto in_replies =
        with_replies && hooks ? read_replies_state(hooks->saved, reply_search) : std::nullopt;
    if (in_replies) // the opening was decided by an earlier run, which stopped in its replies
        return run_replies(index, *in_replies, reply_search, 0, start,
                           {table, counts, timings, *replies}, hooks, solver);
    const hex::OpeningResult r =
        pauses && hooks ? solve_saving(solver, o.cell, m_params.pause_nodes, stats, *hooks)
                        : hex::solve_opening(solver, o.cell, &stats);
    if (r.stopped) return false;
    const std::vector<RuleCount> rule_counts = counters(o, stats, vc ? solver.store_hits() : 0);
    if (with_replies && r.outcome == hex::Outcome::loss) {
        RepliesHeader header{r.outcome, r.nodes, {}, {}};
        for (const RuleCount& c : rule_counts)
            header.counts.emplace_back(c.name, c.value);
        if (pauses && hooks) hooks->save(replies_chunk(header, {}), true); // the opening, decided
        return run_replies(index, header, {}, r.nodes - r.saved_nodes, start,
                           {table, counts, timings, *replies}, pauses ? hooks : nullptr, solver);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    append_row(index, r.outcome, r.nodes, r.nodes - r.saved_nodes, 0, seconds, table, timings);
    if (counts) append_counts(*counts, index, o, rule_counts);
    if (records && vc && m_params.store_plies >= 0) {
        records->begin_block(index);
        namespace sr = schema::store_records;
        for (const hex::StoredPosition& p : solver.recorded()) {
            records->column(schema::size).push_back(p.shape.rows);
            records->column(schema::cols).push_back(p.shape.cols);
            records->column(sr::red_lo).push_back(static_cast<std::uint64_t>(p.stones[0]));
            records->column(sr::red_hi).push_back(static_cast<std::uint64_t>(p.stones[0] >> 64));
            records->column(sr::blue_lo).push_back(static_cast<std::uint64_t>(p.stones[1]));
            records->column(sr::blue_hi).push_back(static_cast<std::uint64_t>(p.stones[1] >> 64));
            records->column(sr::proof_lo).push_back(static_cast<std::uint64_t>(p.proof));
            records->column(sr::proof_hi).push_back(static_cast<std::uint64_t>(p.proof >> 64));
            records->column(sr::mover).push_back(
                static_cast<std::uint8_t>(hex::colour_index(p.mover)));
            records->column(sr::winner)
                .push_back(static_cast<std::uint8_t>(hex::colour_index(p.winner)));
            records->column(schema::store::work).push_back(p.work);
        }
    }
    return true;
}

bool OpeningTasks::run_replies(std::uint64_t index, const RepliesHeader& header,
                               const std::vector<std::vector<std::byte>>& search,
                               std::uint64_t nodes_run, std::chrono::steady_clock::time_point start,
                               RowTables out, SearchHooks* hooks, hex::Solver& solver) {
    const Opening& o = m_rows[index];
    std::optional<hex::OpeningReplies> solved;
    if (hooks)
        solved = solve_replies_saving(solver, o.cell, m_params.pause_nodes, header, search, *hooks);
    else
        solved = hex::solve_replies(solver, o.cell); // the pauses, if any, as the opening's
    if (!solved) return false;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    append_replies(index, *solved, out.replies);
    append_row(index, header.opening, header.nodes, nodes_run, 0, seconds, out.table, out.timings);
    if (out.counts) {
        std::vector<RuleCount> counts; // names held by `header` while they are appended
        for (const auto& [name, value] : header.counts)
            counts.push_back({name.c_str(), value});
        append_counts(*out.counts, index, o, counts);
    }
    return true;
}

bool OpeningTasks::run_task(std::uint64_t task, common::LocalTable& table,
                            common::LocalTable& counts, common::LocalTable& timings,
                            common::LocalTable& splits, SearchHooks* hooks,
                            common::LocalTable* records, common::LocalTable* replies) {
    const Part part = m_parts.at(task);
    if (part.node < 0) {
        m_leaf_solver.reset(); // one table a rank at a time (the --max-memory estimate)
        return run(part.row, table, &counts, &timings, hooks, records, replies);
    }
    const Opening& o = m_rows[part.row];
    const hex::SplitNode& node = m_trees[part.row]->nodes.at(static_cast<std::size_t>(part.node));
    const hex::SolverOptions options{o.variant, o.rules, m_params.node_limit, m_params.tt_size_mib};
    const auto start = std::chrono::steady_clock::now();
    hex::SearchResult r;
    if (o.rules.analysed()) {
        if (!m_leaf_solver || m_leaf_solver->shape() != o.shape ||
            !(m_leaf_solver->options().rules == o.rules)) {
            m_leaf_solver.reset(); // one table at a time
            m_leaf_solver = std::make_unique<hex::PositionSolver>(o.shape, options);
            if (m_params.store && o.rules.rules == hex::Rules::vc)
                m_leaf_solver->set_store(m_params.store);
        }
        r = m_leaf_solver->solve(node.position);
    } else {
        r = hex::solve_position(o.shape, options, node.position, article_table(o));
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (hooks && hooks->set_verdict) hooks->set_verdict(leaf_verdict(r.outcome));
    const std::uint64_t key = split_key(part.row, part.node);
    splits.begin_block(key);
    append_key(splits, o);
    splits.column(schema::splits::line).push_back(hex::line_name(node.line));
    splits.column(schema::splits::result).push_back(hex::outcome_name(for_red(node, r.outcome)));
    splits.column(schema::splits::nodes).push_back(r.stats.nodes);
    splits.column(schema::splits::how).push_back("task");
    append_counts(
        counts, leaf_key(key), o,
        counters(o, r.stats, o.rules.rules == hex::Rules::vc ? m_leaf_solver->store_hits() : 0));
    timings.begin_block(leaf_key(key));
    append_key(timings, o);
    timings.column(schema::timings::seconds).push_back(seconds);
    timings.column(schema::timings::nodes_run).push_back(r.stats.nodes);
    return true;
}

std::vector<std::uint64_t> OpeningTasks::encode_leaves(common::LocalTable& counts,
                                                       common::LocalTable& timings,
                                                       common::LocalTable& splits) const {
    counts.end_blocks();
    timings.end_blocks();
    splits.end_blocks();
    // The rows of the leaf blocks of counts and timings by their split key.
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> count_rows; // first row, rows
    std::map<std::uint64_t, double> seconds;
    for (const common::Block& b : counts.blocks())
        if (b.key >= leaf_key(0)) count_rows[b.key - leaf_key(0)] = {b.first_row, b.rows};
    for (const common::Block& b : timings.blocks())
        if (b.key >= leaf_key(0))
            seconds[b.key - leaf_key(0)] = timings.column(schema::timings::seconds).at(b.first_row);
    std::vector<std::uint64_t> out;
    for (const common::Block& b : splits.blocks()) {
        const auto c = count_rows.find(b.key);
        const auto s = seconds.find(b.key);
        if (b.rows != 1 || c == count_rows.end() || s == seconds.end())
            throw std::logic_error("encode_leaves: split " + std::to_string(b.key) +
                                   " lacks its counts or seconds");
        std::uint64_t bits;
        std::memcpy(&bits, &s->second, sizeof bits);
        out.insert(out.end(),
                   {b.key,
                    static_cast<std::uint64_t>(
                        parse_outcome(splits.column(schema::splits::result)[b.first_row])),
                    splits.column(schema::splits::nodes)[b.first_row], bits, c->second.second});
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
    std::vector<std::uint64_t> counts;
};

// Every rank's encode_leaves concatenated, by split key.
std::map<std::uint64_t, Leaf> decode_leaves(const std::vector<std::uint64_t>& leaves) {
    std::map<std::uint64_t, Leaf> by_key;
    for (std::size_t i = 0; i + 5 <= leaves.size();) {
        Leaf leaf{static_cast<hex::Outcome>(leaves[i + 1]), leaves[i + 2], 0.0, {}};
        std::memcpy(&leaf.seconds, &leaves[i + 3], sizeof leaf.seconds);
        const std::size_t n = leaves[i + 4];
        if (i + 5 + n > leaves.size())
            throw std::logic_error("append_split_rows: a truncated leaf record");
        leaf.counts.assign(leaves.begin() + static_cast<std::ptrdiff_t>(i + 5),
                           leaves.begin() + static_cast<std::ptrdiff_t>(i + 5 + n));
        by_key[leaves[i]] = std::move(leaf);
        i += 5 + n;
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
        std::uint64_t parts = 0, speculative_nodes = 0;
        for (int k : t->leaves()) {
            const auto at = static_cast<std::size_t>(k);
            const Leaf* leaf = found[at];
            if (leaf) seconds += leaf->seconds; // measures the run: every leaf it solved
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
        append_row(r, for_red(t->nodes[0], outcome[0]), nodes[0], nodes[0] + speculative_nodes,
                   parts, seconds, table, &timings);
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
