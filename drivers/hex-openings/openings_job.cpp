#include "hex-openings/openings_job.hpp"

#include "hex-openings/openings_schema.hpp"
#include "hex/openings.hpp"

#include <algorithm>
#include <cstdlib>
#include <chrono>
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
    return rows;
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

OpeningTasks::OpeningTasks(const Params& params)
    : m_params(params), m_rows(enumerate(params)), m_tasks(tasks(m_rows)), m_copies(m_rows.size()) {
    for (std::uint64_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].source != i) m_copies[m_rows[i].source].push_back(i);
        // The vc rule sets keep a table of their own in each solver.
        if (!m_table && m_rows[i].rules.rules != hex::Rules::vc)
            m_table = std::make_shared<hex::TranspositionTable>(params.tt_size_mib);
    }
}

void OpeningTasks::declare_columns(common::LocalTable& table) { schema::openings::table.declare(table); }

void OpeningTasks::declare_count_columns(common::LocalTable& counts) { schema::rule_counts::table.declare(counts); }

void OpeningTasks::declare_timing_columns(common::LocalTable& timings) { schema::timings::table.declare(timings); }

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
                       common::LocalTable* timings, SearchHooks* hooks) {
    const Opening& o = m_rows.at(index);
    if (o.source != index) throw std::logic_error("OpeningTasks::run: row " + std::to_string(index) + " is a copy");
    hex::SolverOptions options{o.variant, o.rules, m_params.node_limit, m_params.tt_size_mib};
    hex::Solver solver(o.shape, options, m_table);
    const auto start = std::chrono::steady_clock::now();
    hex::SearchStats stats;
    const bool pauses = o.rules.rules == hex::Rules::vc && o.rules.search == hex::Search::dfpn;
    if (pauses && !hooks) solver.set_pauses(m_params.pause_nodes, [] { return true; });
    const hex::OpeningResult r = pauses && hooks ? solve_saving(solver, o.cell, m_params.pause_nodes, stats, *hooks)
                                                 : hex::solve_opening(solver, o.cell, &stats);
    if (r.stopped) return false;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    // The key columns every table starts with.
    const auto key = [](common::LocalTable& t, const Opening& row) {
        t.column(schema::size).push_back(row.shape.rows);
        t.column(schema::cols).push_back(row.shape.cols);
        t.column(schema::row).push_back(row.cell.row);
        t.column(schema::col).push_back(row.cell.col);
        t.column(schema::variant).push_back(hex::variant_name(row.variant));
        t.column(schema::rules).push_back(row.rules.name());
    };
    const auto append = [&](std::uint64_t row_index, bool copied) {
        const Opening& row = m_rows[row_index];
        table.begin_block(row_index);
        key(table, row);
        table.column(schema::openings::result).push_back(hex::outcome_name(r.outcome));
        table.column(schema::openings::nodes).push_back(copied ? 0 : r.nodes);
        table.column(schema::openings::copied).push_back(copied ? 1 : 0);
        if (!timings) return;
        timings->begin_block(row_index);
        key(*timings, row);
        timings->column(schema::timings::seconds).push_back(copied ? 0.0 : seconds);
        timings->column(schema::timings::nodes_run).push_back(copied ? 0 : r.nodes - r.saved_nodes);
    };
    append(index, false);
    for (std::uint64_t copy : m_copies[index]) append(copy, true);
    if (!counts) return true;
    counts->begin_block(index);
    for (const RuleCount& c : rule_counters(o.rules, stats)) {
        key(*counts, o);
        counts->column(schema::rule_counts::rule).push_back(c.name);
        counts->column(schema::rule_counts::count).push_back(c.value);
    }
    return true;
}

} // namespace cgt::jobs::hex_openings
