#include "hex/hints.hpp"

#include <stdexcept>

namespace cgt::hex {

std::vector<CellOutcome> hint_map(Solver& solver) {
    const Board board = solver.position();
    if (const auto w = solver.winner())
        throw std::invalid_argument(std::string("the game is over: ") + colour_name(*w) + " has connected");
    std::vector<CellOutcome> out;
    for (Cell cell : board.empty_cells()) {
        CellOutcome h{cell};
        solver.play(cell);
        if (solver.winner()) {
            h.outcome = solver.options().variant == Variant::normal ? Outcome::win : Outcome::loss;
        } else {
            const SearchResult r = solver.solve();
            h.outcome = negate(r.outcome);
            h.nodes = r.stats.nodes;
        }
        solver.undo();
        out.push_back(h);
    }
    return out;
}

} // namespace cgt::hex
