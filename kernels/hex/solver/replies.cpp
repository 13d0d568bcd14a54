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
    solver.set_position(Board(solver.shape()));
    solver.play(opening);
    if (const auto w = solver.winner()) {
        solver.set_position(Board(solver.shape()));
        throw std::invalid_argument("solve_replies: the opening " + cell_name(opening) +
                                    " connects " + colour_name(*w));
    }
    OpeningReplies out;
    out.opening = opening;
    bool all_lose = true;
    for (Cell reply : solver.position().empty_cells()) {
        solver.clear_table();
        const SearchResult r = solver.solve_move(reply);
        out.replies.push_back({reply, r.outcome, r.stats.nodes});
        out.nodes += r.stats.nodes;
        if (r.outcome == Outcome::win) out.outcome = Outcome::loss;
        all_lose = all_lose && r.outcome == Outcome::loss;
    }
    if (all_lose) out.outcome = Outcome::win;
    solver.set_position(Board(solver.shape()));
    return out;
}

} // namespace cgt::hex
