#include "hex/solver/replies.hpp"

#include <stdexcept>

namespace cgt::hex {

std::vector<Cell> OpeningReplies::winning() const {
    std::vector<Cell> out;
    for (const CellOutcome& r : replies)
        if (r.outcome == Outcome::win) out.push_back(r.cell);
    return out;
}

OpeningReplies solve_replies(Solver& solver, Cell opening) {
    return continue_replies(solver, opening, {}, {}, {}).replies;
}

RepliesRun continue_replies(Solver& solver, Cell opening, std::vector<CellOutcome> done,
                            std::span<const std::vector<std::byte>> saved,
                            const std::function<void(const OpeningReplies&)>& after_reply) {
    const Board empty(solver.shape());
    solver.set_position(empty);
    solver.play(opening);
    if (const auto w = solver.winner()) {
        solver.set_position(empty);
        throw std::invalid_argument("solve_replies: the opening " + cell_name(opening) +
                                    " connects " + colour_name(*w));
    }
    const std::vector<Cell> cells = solver.position().empty_cells();
    bool matches = done.size() <= cells.size();
    for (std::size_t i = 0; matches && i < done.size(); ++i) matches = done[i].cell == cells[i];
    if (!matches) {
        solver.set_position(empty);
        throw std::invalid_argument("continue_replies: the replies done are not the first of " + cell_name(opening));
    }
    RepliesRun run;
    OpeningReplies& out = run.replies;
    out.opening = opening;
    out.replies = done;
    for (const CellOutcome& c : done) out.nodes += c.nodes;
    const std::size_t first = done.size(); // `done` is a copy: after_reply may change the caller's
    for (std::size_t i = first; i < cells.size(); ++i) {
        solver.clear_table();
        if (i == first && !saved.empty()) {
            solver.load_search(saved);
            solver.set_position(empty); // as solve_opening: the state loaded, then the position
            solver.play(opening);
        }
        const SearchResult r = solver.solve_move(cells[i]);
        if (solver.stopped()) {
            run.stopped = true;
            break;
        }
        out.replies.push_back({cells[i], r.outcome, r.stats.nodes});
        out.nodes += r.stats.nodes;
        if (after_reply) after_reply(out);
    }
    if (!run.stopped) {
        bool all_lose = true;
        for (const CellOutcome& c : out.replies) {
            if (c.outcome == Outcome::win) out.outcome = Outcome::loss;
            all_lose = all_lose && c.outcome == Outcome::loss;
        }
        if (all_lose) out.outcome = Outcome::win;
    }
    solver.set_position(empty);
    return run;
}

} // namespace cgt::hex
