// An opening solved whole: saved and continued at pauses, its replies (--misere-replies),
// and the rows, counts and store records it appends.
#include "hex-openings/openings_tasks.hpp"

#include "common/runtime/memory_limit.hpp"
#include "hex-openings/openings_append.hpp"
#include "hex-openings/openings_replies.hpp"
#include "hex-openings/openings_schema.hpp"
#include "hex/solver/openings.hpp"

#include <chrono>
#include <optional>
#include <stdexcept>
#include <utility>

namespace cgt::jobs::hex_openings {

PauseSaver::PauseSaver(Pausing pausing, std::uint64_t pause_nodes, SearchHooks& hooks,
                       std::span<const std::vector<std::byte>> search, Wrap wrap, Note note)
    : m_solver(std::move(pausing)), m_hooks(hooks), m_wrap(std::move(wrap)),
      m_note(std::move(note)) {
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

std::string saved_search_text(const std::string& what, const hex::Solver::Progress& p,
                              bool first_to_move, std::size_t bytes, bool full) {
    auto number = [](std::uint32_t n) {
        return n >= hex::Solver::Progress::INF ? std::string("none") : std::to_string(n);
    };
    return what + ": " + std::to_string(p.nodes) + " nodes, proof numbers " +
           number(first_to_move ? p.to_win : p.to_lose) + " for a first-player win and " +
           number(first_to_move ? p.to_lose : p.to_win) + " for a loss; saved (" +
           (full ? "whole table, " : "changes, ") +
           common::format_bytes(static_cast<double>(bytes)) + ")";
}

namespace {

// How far a saved opening has come, from the first player's side: the root is the
// second player's move.
std::string progress_text(const hex::Solver& solver, hex::Cell cell, std::size_t bytes, bool full) {
    return saved_search_text(hex::cell_name(cell) + " (" + solver.shape().name() + ")",
                             solver.pause_progress(), false, bytes, full);
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

} // namespace cgt::jobs::hex_openings
