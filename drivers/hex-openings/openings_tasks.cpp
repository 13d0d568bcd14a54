// The openings job's tasks: the list of them (an opening solved whole, or a split opening's
// leaves), the order they are handed out in, which leaves are needed, and a task's run.
#include "hex-openings/openings_tasks.hpp"

#include "hex-openings/openings_append.hpp"
#include "hex-openings/openings_schema.hpp"
#include "hex/solver/openings.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>

namespace cgt::jobs::hex_openings {

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
            m_leaf_solver->keep_table(m_params.split_keep_table);
            if (m_params.store && o.rules.rules == hex::Rules::vc)
                m_leaf_solver->set_store(m_params.store);
        }
        // Paused as a whole opening is (the same node counts with and without hooks), and
        // with hooks saved at its pauses and continued from what an earlier run saved.
        hex::PositionSolver& solver = *m_leaf_solver;
        if (o.rules.search != hex::Search::dfpn) {
            r = solver.solve(node.position);
        } else if (!hooks) {
            solver.set_pauses(m_params.pause_nodes, [] { return true; });
            r = solver.solve(node.position);
            solver.set_pauses(0, nullptr);
        } else {
            const PauseSaver saver(solver, m_params.pause_nodes, *hooks, hooks->saved, {},
                                   [&](std::size_t bytes, bool full) {
                                       return saved_search_text(
                                           hex::cell_name(o.cell) + " (" + o.shape.name() +
                                               "), leaf " + hex::line_name(node.line),
                                           solver.pause_progress(),
                                           node.position.mover == hex::Colour::red, bytes, full);
                                   });
            r = solver.solve(node.position, hooks->saved);
            if (solver.stopped()) return false;
        }
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
    const std::uint64_t saved = o.rules.analysed() ? m_leaf_solver->saved_nodes() : 0;
    timings.column(schema::timings::nodes_run).push_back(r.stats.nodes - saved);
    return true;
}

} // namespace cgt::jobs::hex_openings
