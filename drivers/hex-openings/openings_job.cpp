#include "hex-openings/openings_job.hpp"

#include "hex-openings/openings_schema.hpp"
#include "common/hash.hpp"
#include "common/result_reader.hpp"
#include "hex/openings.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace cgt::jobs::hex_openings {

std::vector<hex::Shape> parse_sizes(const std::string& text) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    std::istringstream in(spaced);
    std::vector<hex::Shape> out;
    const auto add = [&](hex::Shape s, const std::string& item) {
        if (std::find(out.begin(), out.end(), s) != out.end())
            throw std::invalid_argument("--sizes: the " + s.name() + " board is listed twice ('" + item + "')");
        out.push_back(s);
    };
    for (std::string item; in >> item;) {
        try {
            if (const auto dash = item.find('-'); dash != std::string::npos) {
                const hex::Shape a = hex::Shape::parse(item.substr(0, dash)), b = hex::Shape::parse(item.substr(dash + 1));
                if (!a.is_square() || !b.is_square() || item.find_first_of("xX") != std::string::npos)
                    throw std::invalid_argument("a range A-B is of square sides");
                if (a.rows > b.rows) throw std::invalid_argument("the range is empty (first > last)");
                for (int n = a.rows; n <= b.rows; ++n) add(hex::Shape::square(n), item);
            } else {
                add(hex::Shape::parse(item), item);
            }
        } catch (const std::invalid_argument& e) {
            const std::string what = e.what();
            if (what.rfind("--sizes", 0) == 0) throw;
            throw std::invalid_argument("--sizes: '" + item + "': " + what);
        }
    }
    if (out.empty()) throw std::invalid_argument("--sizes is empty: give N, A-B or WxH (e.g. 1-5 or 6x7,7x8)");
    return out;
}

std::vector<RuleSpec> parse_rule_specs(const std::string& text) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    std::istringstream in(spaced);
    std::vector<RuleSpec> out;
    for (std::string item; in >> item;) {
        RuleSpec spec;
        std::string name = item;
        if (const auto at = item.find('@'); at != std::string::npos) {
            name = item.substr(0, at);
            const std::string size = item.substr(at + 1);
            if (size.empty() || size.size() > 2 || size.find_first_not_of("0123456789") != std::string::npos ||
                std::stoi(size) < 1 || std::stoi(size) > hex::MAX_BOARD_SIZE)
                throw std::invalid_argument("--rules: '" + item + "': the size after @ must be 1.." +
                                            std::to_string(hex::MAX_BOARD_SIZE));
            spec.max_size = std::stoi(size);
        }
        try {
            spec.rules = hex::RuleSet::parse(name);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument("--rules: " + std::string(e.what()));
        }
        for (const RuleSpec& seen : out)
            if (seen.rules == spec.rules)
                throw std::invalid_argument("--rules: " + spec.rules.name() + " is listed twice");
        out.push_back(spec);
    }
    if (out.empty()) throw std::invalid_argument("--rules is empty: name at least one rule set (e.g. rule1+2)");
    return out;
}

hex::RuleSet parse_misere_rules(const std::string& text) {
    hex::RuleSet rules;
    try {
        rules = hex::RuleSet::parse(text);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("--misere-rules: " + std::string(e.what()));
    }
    if (rules.rules != hex::Rules::plain)
        throw std::invalid_argument("--misere-rules must be plain (optionally +history or +distance): the threat "
                                    "rules assume that connecting wins; got " + text);
    return rules;
}

std::vector<Opening> enumerate(const Params& params) {
    std::vector<Opening> rows;
    const auto add_board = [&](hex::Variant variant, const hex::RuleSet& rules, hex::Shape shape) {
        const std::uint64_t first = rows.size();
        const bool copy = std::max(shape.rows, shape.cols) >= params.copy_from;
        for (const hex::Cell c : hex::all_cells(shape)) {
            Opening o{variant, rules, shape, c, rows.size()};
            if (copy && !hex::is_representative(shape, c)) {
                const hex::Cell partner = hex::rotate(shape, c);
                o.source = first + static_cast<std::uint64_t>(partner.row * shape.cols + partner.col);
            }
            rows.push_back(o);
        }
    };
    for (const RuleSpec& spec : params.rules)
        for (const hex::Shape shape : params.sizes)
            if (std::max(shape.rows, shape.cols) <= spec.max_size) add_board(hex::Variant::normal, spec.rules, shape);
    for (int n = params.misere_min; n <= params.misere_max; ++n)
        add_board(hex::Variant::misere, params.misere_rules, hex::Shape::square(n));
    if (params.cells.empty()) return rows;
    std::vector<Opening> chosen;
    for (const std::string& name : params.cells)
        if (std::none_of(rows.begin(), rows.end(), [&](const Opening& o) { return hex::cell_name(o.cell) == name; }))
            throw std::invalid_argument("--cells: '" + name + "' is not a cell of the boards of this run");
    for (Opening o : rows)
        if (std::find(params.cells.begin(), params.cells.end(), hex::cell_name(o.cell)) != params.cells.end()) {
            o.source = chosen.size();
            chosen.push_back(o);
        }
    return chosen;
}

std::vector<std::uint64_t> tasks(const std::vector<Opening>& rows) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t i = 0; i < rows.size(); ++i)
        if (rows[i].source == i) out.push_back(i);
    const auto weight = [&](std::uint64_t i) {
        const Opening& o = rows[i];
        const int variant = o.variant == hex::Variant::misere ? 0 : 1;
        const int rules = static_cast<int>(o.rules.rules) * 8 + (o.rules.search == hex::Search::dfpn ? 4 : 0) +
                          (o.rules.inferior ? 2 : 0) + (o.rules.proof ? 1 : 0);
        const int order = o.rules.order == hex::Order::distance ? 1 : 0;
        const bool vc = o.rules.rules == hex::Rules::vc;
        const int r = o.cell.row, c = o.cell.col;
        const int edge = vc ? std::min(c, o.shape.cols - 1 - c) : 0;
        const int middle = vc ? std::abs(2 * r - (o.shape.rows - 1)) : 0;
        return std::make_tuple(-o.shape.cells(), variant, rules, order, edge, middle, i);
    };
    std::sort(out.begin(), out.end(), [&](std::uint64_t a, std::uint64_t b) { return weight(a) < weight(b); });
    return out;
}

std::vector<RuleCount> rule_counters(const hex::RuleSet& rules, const hex::SearchStats& s) {
    if (rules.rules != hex::Rules::vc)
        return {{"tt-hits", s.tt_hits},
                {"rule1-losses", s.rule1_losses},
                {"forced-moves", s.forced_moves},
                {"rule2-wins", s.rule2_wins},
                {"rule2-losses", s.rule2_losses}};
    return {{"tt-hits", s.tt_hits},
            {"expansions", s.expansions},
            {"fill-dead", s.filled_dead},
            {"fill-captured", s.filled_captured},
            {"fill-pairs", s.filled_pairs},
            {"fill-decided", s.fill_decided},
            {"vc-wins", s.vc_wins},
            {"vc-losses", s.vc_losses},
            {"mustplay-losses", s.mustplay_losses},
            {"mustplay-cut", s.mustplay_cut},
            {"dominated-cut", s.dominated_cut},
            {"proof-cut", s.proof_cut}};
}

std::vector<std::string> parse_cell_names(const std::string& text, const std::string& option,
                                          const std::string& none_word) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    std::istringstream in(spaced);
    std::vector<std::string> out;
    for (std::string name; in >> name;) {
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (name == none_word) continue;
        const bool letter = name.size() >= 2 && name[0] >= 'a' && name[0] < 'a' + hex::MAX_BOARD_SIZE;
        const std::string digits = letter ? name.substr(1) : "";
        if (!letter || digits.size() > 2 || digits.find_first_not_of("0123456789") != std::string::npos ||
            digits[0] == '0' || std::stoi(digits) > hex::MAX_BOARD_SIZE)
            throw std::invalid_argument(option + ": '" + name + "' is not a cell name (a column letter and a row from 1: g2)");
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
    return out;
}

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

void append_counts(common::LocalTable& counts, std::uint64_t key, const Opening& o, const std::vector<RuleCount>& values) {
    counts.begin_block(key);
    for (const RuleCount& c : values) {
        append_key(counts, o);
        counts.column(schema::rule_counts::rule).push_back(c.name);
        counts.column(schema::rule_counts::count).push_back(c.value);
    }
}

// A node's outcome for its mover, as the first player's.
hex::Outcome for_red(const hex::SplitNode& n, hex::Outcome o) { return n.position.mover == hex::Colour::red ? o : hex::negate(o); }

hex::Outcome parse_outcome(const std::string& text) {
    if (text == hex::outcome_name(hex::Outcome::win)) return hex::Outcome::win;
    if (text == hex::outcome_name(hex::Outcome::loss)) return hex::Outcome::loss;
    return hex::Outcome::unknown;
}

template <class T> void copy_rows(const std::vector<T>& from, std::vector<T>& to, std::uint64_t first, std::uint64_t rows) {
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
        if (!found) throw std::invalid_argument("--split: '" + name + "' is not a cell of the boards of this run");
    }
    std::uint64_t base = 0;
    for (std::uint64_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].source != i) continue;
        if (!split[i]) {
            m_parts.push_back({i, -1});
            continue;
        }
        const Opening& o = m_rows[i];
        m_trees[i] = std::make_unique<hex::SplitTree>(hex::split_position(
            o.shape, o.variant, o.rules, hex::SplitPosition::after(o.shape, {o.cell}), params.split_plies));
        m_split_base[i] = base;
        base += m_trees[i]->nodes.size();
        m_first_task[i] = m_parts.size();
        for (int leaf : m_trees[i]->leaves()) m_parts.push_back({i, leaf});
    }
}

std::vector<std::uint64_t> OpeningTasks::dispatch_order() const {
    std::vector<std::uint64_t> first, rest;
    for (std::uint64_t row : m_tasks)
        for (std::uint64_t t : tasks_of_row(row)) (m_trees[row] ? first : rest).push_back(t);
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

const hex::SplitTree* OpeningTasks::tree(std::uint64_t row) const { return m_trees.at(row).get(); }

bool OpeningTasks::skips() const {
    return std::any_of(m_trees.begin(), m_trees.end(), [](const auto& t) { return t != nullptr; });
}

std::uint64_t OpeningTasks::leaf_verdict(hex::Outcome outcome) { return static_cast<std::uint64_t>(outcome); }

namespace {
hex::Outcome verdict_outcome(std::uint64_t verdict) {
    if (verdict > static_cast<std::uint64_t>(hex::Outcome::unknown))
        throw std::logic_error("a split leaf's verdict " + std::to_string(verdict) + " is no outcome");
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
        if (verdicts.known(leaf_task)) known[static_cast<std::size_t>(leaves[j])] = verdict_outcome(verdicts.at(leaf_task));
    }
    return hex::leaf_needed(t, known, part.node);
}

// Made at the first task that needs it, not when the job is read: --max-memory is checked
// in between. The vc rule sets keep a table of their own in each solver.
std::shared_ptr<hex::TranspositionTable> OpeningTasks::article_table(const Opening& o) {
    if (!m_table && o.rules.rules != hex::Rules::vc)
        m_table = std::make_shared<hex::TranspositionTable>(m_params.tt_size_mib);
    return m_table;
}

void OpeningTasks::declare_columns(common::LocalTable& table) { schema::openings::table.declare(table); }

void OpeningTasks::declare_count_columns(common::LocalTable& counts) { schema::rule_counts::table.declare(counts); }

void OpeningTasks::declare_timing_columns(common::LocalTable& timings) { schema::timings::table.declare(timings); }

void OpeningTasks::declare_split_columns(common::LocalTable& splits) { schema::splits::table.declare(splits); }

std::vector<RuleCount> OpeningTasks::counters(const Opening& o, const hex::SearchStats& stats,
                                              std::uint64_t store_hits) const {
    std::vector<RuleCount> out = rule_counters(o.rules, stats);
    if (m_params.store && o.rules.rules == hex::Rules::vc) out.push_back({"store-hits", store_hits});
    return out;
}

void OpeningTasks::append_row(std::uint64_t index, hex::Outcome outcome, std::uint64_t nodes, std::uint64_t nodes_run,
                              std::uint64_t parts, double seconds, common::LocalTable& table, common::LocalTable* timings) const {
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
    for (std::uint64_t copy : m_copies[index]) append(copy, true);
}


namespace {

// Solves an opening as SearchHooks says: pauses, saves, continues what was saved.
hex::OpeningResult solve_saving(hex::Solver& solver, hex::Cell cell, std::uint64_t pause_nodes, hex::SearchStats& stats,
                                SearchHooks& hooks) {
    std::size_t full_bytes = 0, change_bytes = 0; // of the saved states: the last full one, the changes since
    for (std::size_t i = 0; i < hooks.saved.size(); ++i) (i == 0 ? full_bytes : change_bytes) += hooks.saved[i].size();
    std::vector<std::byte> state;
    solver.set_pauses(pause_nodes, [&] {
        const bool stop = hooks.stop_requested();
        if (!stop && !hooks.state_due()) return true;
        bool full = full_bytes == 0;
        state.clear();
        solver.save_search(state, !full);
        if (!full && change_bytes + state.size() > full_bytes) {
            full = true;
            state.clear();
            solver.save_search(state, false);
        }
        hooks.save(state, full);
        if (full) {
            full_bytes = state.size();
            change_bytes = 0;
        } else {
            change_bytes += state.size();
        }
        return !stop;
    });
    return hex::solve_opening(solver, cell, &stats, hooks.saved);
}

} // namespace

bool OpeningTasks::run(std::uint64_t index, common::LocalTable& table, common::LocalTable* counts,
                       common::LocalTable* timings, SearchHooks* hooks, common::LocalTable* records) {
    const Opening& o = m_rows.at(index);
    if (o.source != index) throw std::logic_error("OpeningTasks::run: row " + std::to_string(index) + " is a copy");
    hex::SolverOptions options{o.variant, o.rules, m_params.node_limit, m_params.tt_size_mib};
    hex::Solver solver(o.shape, options, article_table(o));
    const bool vc = o.rules.rules == hex::Rules::vc;
    if (vc && m_params.store) solver.set_store(m_params.store);
    if (vc && records && m_params.store_plies >= 0) solver.set_recording(m_params.store_plies, m_params.store_min_work);
    const auto start = std::chrono::steady_clock::now();
    hex::SearchStats stats;
    const bool pauses = o.rules.rules == hex::Rules::vc && o.rules.search == hex::Search::dfpn;
    if (pauses && !hooks) solver.set_pauses(m_params.pause_nodes, [] { return true; });
    const hex::OpeningResult r = pauses && hooks ? solve_saving(solver, o.cell, m_params.pause_nodes, stats, *hooks)
                                                 : hex::solve_opening(solver, o.cell, &stats);
    if (r.stopped) return false;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    append_row(index, r.outcome, r.nodes, r.nodes - r.saved_nodes, 0, seconds, table, timings);
    if (counts) append_counts(*counts, index, o, counters(o, stats, vc ? solver.store_hits() : 0));
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
            records->column(sr::mover).push_back(static_cast<std::uint8_t>(hex::colour_index(p.mover)));
            records->column(sr::winner).push_back(static_cast<std::uint8_t>(hex::colour_index(p.winner)));
            records->column(schema::store::work).push_back(p.work);
        }
    }
    return true;
}

bool OpeningTasks::run_task(std::uint64_t task, common::LocalTable& table, common::LocalTable& counts,
                            common::LocalTable& timings, common::LocalTable& splits, SearchHooks* hooks,
                            common::LocalTable* records) {
    const Part part = m_parts.at(task);
    if (part.node < 0) {
        m_leaf_solver.reset(); // one table a rank at a time (the --max-memory estimate)
        return run(part.row, table, &counts, &timings, hooks, records);
    }
    const Opening& o = m_rows[part.row];
    const hex::SplitNode& node = m_trees[part.row]->nodes.at(static_cast<std::size_t>(part.node));
    const hex::SolverOptions options{o.variant, o.rules, m_params.node_limit, m_params.tt_size_mib};
    const auto start = std::chrono::steady_clock::now();
    hex::SearchResult r;
    if (o.rules.rules == hex::Rules::vc) {
        if (!m_leaf_solver || m_leaf_solver->shape() != o.shape || !(m_leaf_solver->options().rules == o.rules)) {
            m_leaf_solver.reset(); // one table at a time
            m_leaf_solver = std::make_unique<hex::PositionSolver>(o.shape, options);
            if (m_params.store) m_leaf_solver->set_store(m_params.store);
        }
        r = m_leaf_solver->solve(node.position);
    } else {
        r = hex::solve_position(o.shape, options, node.position, article_table(o));
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (hooks && hooks->set_verdict) hooks->set_verdict(leaf_verdict(r.outcome));
    const std::uint64_t key = split_key(part.row, part.node);
    splits.begin_block(key);
    append_key(splits, o);
    splits.column(schema::splits::line).push_back(hex::line_name(node.line));
    splits.column(schema::splits::result).push_back(hex::outcome_name(for_red(node, r.outcome)));
    splits.column(schema::splits::nodes).push_back(r.stats.nodes);
    splits.column(schema::splits::how).push_back("task");
    append_counts(counts, leaf_key(key), o,
                  counters(o, r.stats, o.rules.rules == hex::Rules::vc ? m_leaf_solver->store_hits() : 0));
    timings.begin_block(leaf_key(key));
    append_key(timings, o);
    timings.column(schema::timings::seconds).push_back(seconds);
    timings.column(schema::timings::nodes_run).push_back(r.stats.nodes);
    return true;
}

std::vector<std::uint64_t> OpeningTasks::encode_leaves(common::LocalTable& counts, common::LocalTable& timings,
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
        if (b.key >= leaf_key(0)) seconds[b.key - leaf_key(0)] = timings.column(schema::timings::seconds).at(b.first_row);
    std::vector<std::uint64_t> out;
    for (const common::Block& b : splits.blocks()) {
        const auto c = count_rows.find(b.key);
        const auto s = seconds.find(b.key);
        if (b.rows != 1 || c == count_rows.end() || s == seconds.end())
            throw std::logic_error("encode_leaves: split " + std::to_string(b.key) + " lacks its counts or seconds");
        std::uint64_t bits;
        std::memcpy(&bits, &s->second, sizeof bits);
        out.insert(out.end(), {b.key, static_cast<std::uint64_t>(parse_outcome(splits.column(schema::splits::result)[b.first_row])),
                               splits.column(schema::splits::nodes)[b.first_row], bits, c->second.second});
        for (std::uint64_t i = 0; i < c->second.second; ++i)
            out.push_back(counts.column(schema::rule_counts::count).at(c->second.first + i));
    }
    return out;
}

void OpeningTasks::append_split_rows(const std::vector<std::uint64_t>& leaves, common::LocalTable& table,
                                     common::LocalTable& counts, common::LocalTable& timings,
                                     common::LocalTable& splits) const {
    struct Leaf {
        hex::Outcome outcome; // for the first player
        std::uint64_t nodes;
        double seconds;
        std::vector<std::uint64_t> counts;
    };
    std::map<std::uint64_t, Leaf> by_key;
    for (std::size_t i = 0; i + 5 <= leaves.size();) {
        Leaf leaf{static_cast<hex::Outcome>(leaves[i + 1]), leaves[i + 2], 0.0, {}};
        std::memcpy(&leaf.seconds, &leaves[i + 3], sizeof leaf.seconds);
        const std::size_t n = leaves[i + 4];
        if (i + 5 + n > leaves.size()) throw std::logic_error("append_split_rows: a truncated leaf record");
        leaf.counts.assign(leaves.begin() + static_cast<std::ptrdiff_t>(i + 5),
                           leaves.begin() + static_cast<std::ptrdiff_t>(i + 5 + n));
        by_key[leaves[i]] = std::move(leaf);
        i += 5 + n;
    }
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
            solved[static_cast<std::size_t>(k)] = node.position.mover == hex::Colour::red ? it->second.outcome : hex::negate(it->second.outcome);
        }
        const std::vector<bool> needed = hex::needed_leaves(*t, solved);
        std::vector<hex::Outcome> leaf_outcomes(n, hex::Outcome::unknown);
        std::vector<std::uint64_t> nodes(n, 0);
        std::vector<std::uint64_t> sums;
        const std::vector<RuleCount> names = counters(o, t->stats, 0);
        for (const RuleCount& c : names) sums.push_back(c.value);
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
                throw std::logic_error("append_split_rows: the needed split " + hex::cell_name(o.cell) + " " +
                                       hex::line_name(t->nodes[at].line) + " (" + std::to_string(split_key(r, k)) +
                                       ") was not solved");
            leaf_outcomes[at] = solved[at];
            nodes[at] = leaf->nodes;
            if (leaf->counts.size() != sums.size()) throw std::logic_error("append_split_rows: counters of another rule family");
            for (std::size_t j = 0; j < sums.size(); ++j) sums[j] += leaf->counts[j];
            ++parts;
        }
        const std::vector<hex::Outcome> outcome = hex::combine_split(*t, leaf_outcomes);
        // Nodes: a needed task's search (an unneeded leaf: 0), one for each analysis, and a
        // negamax node's own analysis and its children's.
        for (std::size_t k = n; k-- > 0;) {
            const hex::SplitNode& node = t->nodes[k];
            if (node.leaf()) continue;
            nodes[k] = node.analysed ? 1 : 0;
            for (int c : node.children) nodes[k] += nodes[static_cast<std::size_t>(c)];
        }
        for (std::size_t k = 1; k < n; ++k) {
            const hex::SplitNode& node = t->nodes[k];
            splits.begin_block(split_key(r, static_cast<int>(k)));
            append_key(splits, o);
            splits.column(schema::splits::line).push_back(hex::line_name(node.line));
            splits.column(schema::splits::result).push_back(hex::outcome_name(for_red(node, outcome[k])));
            splits.column(schema::splits::nodes).push_back(nodes[k]);
            splits.column(schema::splits::how)
                .push_back(node.leaf() ? (needed[k] ? "task" : "unneeded") : node.children.empty() ? "analysis" : "negamax");
        }
        // The root is blue to move after the opening.
        append_row(r, for_red(t->nodes[0], outcome[0]), nodes[0], nodes[0] + speculative_nodes, parts, seconds, table,
                   &timings);
        counts.begin_block(r);
        for (std::size_t j = 0; j < names.size(); ++j) {
            append_key(counts, o);
            counts.column(schema::rule_counts::rule).push_back(names[j].name);
            counts.column(schema::rule_counts::count).push_back(sums[j]);
        }
    }
}

common::LocalTable OpeningTasks::strip_leaf_blocks(const common::TableSchema& schema_, common::LocalTable& table) const {
    table.end_blocks();
    common::LocalTable out = schema_.make();
    for (const common::Block& b : table.blocks()) {
        if (b.key >= leaf_key(0)) continue;
        out.begin_block(b.key);
        for (std::size_t c = 0; c < table.columns().size(); ++c)
            std::visit([&](auto& to) { copy_rows(std::get<std::decay_t<decltype(to)>>(table.columns()[c].data), to, b.first_row, b.rows); },
                       out.columns()[c].data);
    }
    out.end_blocks();
    return out;
}

namespace {

hex::Colour parse_colour(const std::string& text, const char* column) {
    if (text == "red") return hex::Colour::red;
    if (text == "blue") return hex::Colour::blue;
    throw std::invalid_argument(std::string(column) + " '" + text + "' is not red or blue");
}

hex::Wide wide(std::uint64_t lo, std::uint64_t hi) { return (hex::Wide{hi} << 64) | lo; }

} // namespace

std::uint64_t store_digest(const hex::PositionStore& store) {
    std::vector<std::uint64_t> words;
    words.reserve(store.entries().size() * 11);
    for (const hex::StoredPosition& p : store.entries())
        for (const hex::Wide w : {p.stones[0], p.stones[1], p.proof})
            words.insert(words.end(), {static_cast<std::uint64_t>(w), static_cast<std::uint64_t>(w >> 64)});
    for (const hex::StoredPosition& p : store.entries())
        words.insert(words.end(), {static_cast<std::uint64_t>(p.shape.rows), static_cast<std::uint64_t>(p.shape.cols),
                                   static_cast<std::uint64_t>(hex::colour_index(p.mover)),
                                   static_cast<std::uint64_t>(hex::colour_index(p.winner)), p.work});
    return common::hash_bytes(words.data(), words.size() * sizeof(std::uint64_t));
}

void add_store_rows(hex::PositionStore& store, const common::Table& t, const std::string& where) {
    namespace st = schema::store;
    const std::vector<std::int64_t> sizes = t.ints(schema::size.name), board_cols = t.ints(schema::cols.name);
    const auto& red = t.texts(st::red.name);
    const auto& blue = t.texts(st::blue.name);
    const auto& mover = t.texts(st::mover.name);
    const auto& winner = t.texts(st::winner.name);
    const auto& proof = t.texts(st::proof.name);
    const std::vector<std::int64_t> work = t.ints(st::work.name);
    hex::StoredPosition last;
    for (std::uint64_t i = 0; i < t.rows; ++i) {
        hex::StoredPosition p;
        try {
            if (sizes[i] < 1 || sizes[i] > hex::MAX_BOARD_SIZE || board_cols[i] < 1 || board_cols[i] > hex::MAX_BOARD_SIZE)
                throw std::invalid_argument("the board is not 1..11 x 1..11");
            p.shape = {static_cast<int>(sizes[i]), static_cast<int>(board_cols[i])};
            p.stones[0] = hex::parse_cells(p.shape, red[i]);
            p.stones[1] = hex::parse_cells(p.shape, blue[i]);
            p.proof = hex::parse_cells(p.shape, proof[i]);
            p.mover = parse_colour(mover[i], "mover");
            p.winner = parse_colour(winner[i], "winner");
            if (work[i] < 1 || work[i] > 0xffffffffLL) throw std::invalid_argument("work must be 1..2^32-1");
            p.work = static_cast<std::uint32_t>(work[i]);
            if (const std::string why = hex::entry_problem(p); !why.empty()) throw std::invalid_argument(why);
            if (i > 0 && !hex::position_less(last, p))
                throw std::invalid_argument("the rows are not sorted by position, or a position is repeated");
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(where + ": store row " + std::to_string(i) + ": " + e.what());
        }
        store.add(p);
        last = p;
    }
}

LoadedStore load_store(const std::vector<std::string>& paths) {
    auto store = std::make_shared<hex::PositionStore>();
    for (const std::string& path : paths) {
        const std::string where = "--store: '" + path + "'";
        common::Table t;
        try {
            const common::ResultReader reader(path, "cgt-hex-openings");
            if (!reader.has_table(schema::store::table.name))
                throw std::invalid_argument("has no store table (a run writes one with --store-plies)");
            t = reader.read_table(schema::store::table);
        } catch (const std::exception& e) {
            std::string what = e.what();
            if (what.rfind(path + " ", 0) == 0) what = what.substr(path.size() + 1); // the path is said already
            throw std::invalid_argument(where + ": " + what);
        }
        add_store_rows(*store, t, where);
    }
    try {
        store->seal();
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("--store: the files contradict each other: " + std::string(e.what()));
    }
    LoadedStore out;
    out.digest = store_digest(*store);
    out.store = std::move(store);
    return out;
}

std::vector<std::uint64_t> encode_records(common::LocalTable& records) {
    namespace sr = schema::store_records;
    std::vector<std::uint64_t> out;
    const std::size_t n = records.column(schema::size).size();
    out.reserve(n * 11);
    for (std::size_t i = 0; i < n; ++i)
        out.insert(out.end(), {static_cast<std::uint64_t>(records.column(schema::size)[i]),
                               static_cast<std::uint64_t>(records.column(schema::cols)[i]), records.column(sr::red_lo)[i],
                               records.column(sr::red_hi)[i], records.column(sr::blue_lo)[i],
                               records.column(sr::blue_hi)[i], records.column(sr::proof_lo)[i],
                               records.column(sr::proof_hi)[i], records.column(sr::mover)[i],
                               records.column(sr::winner)[i], records.column(schema::store::work)[i]});
    return out;
}

common::LocalTable store_table(const std::vector<std::uint64_t>& encoded) {
    hex::PositionStore store;
    for (std::size_t i = 0; i + 11 <= encoded.size(); i += 11) {
        const std::uint64_t* w = &encoded[i];
        hex::StoredPosition p;
        p.shape = {static_cast<int>(w[0]), static_cast<int>(w[1])};
        p.stones[0] = wide(w[2], w[3]);
        p.stones[1] = wide(w[4], w[5]);
        p.proof = wide(w[6], w[7]);
        p.mover = static_cast<hex::Colour>(w[8]);
        p.winner = static_cast<hex::Colour>(w[9]);
        p.work = static_cast<std::uint32_t>(w[10]);
        store.add(p);
    }
    store.seal(); // two searches that disagree on a position would be a bug: std::invalid_argument
    namespace st = schema::store;
    common::LocalTable t = st::table.make();
    t.begin_block(0);
    for (const hex::StoredPosition& p : store.entries()) {
        t.column(schema::size).push_back(p.shape.rows);
        t.column(schema::cols).push_back(p.shape.cols);
        t.column(st::red).push_back(hex::cells_text(p.shape, p.stones[0]));
        t.column(st::blue).push_back(hex::cells_text(p.shape, p.stones[1]));
        t.column(st::mover).push_back(hex::colour_name(p.mover));
        t.column(st::winner).push_back(hex::colour_name(p.winner));
        t.column(st::proof).push_back(hex::cells_text(p.shape, p.proof));
        t.column(st::work).push_back(p.work);
    }
    t.end_blocks();
    return t;
}

} // namespace cgt::jobs::hex_openings
