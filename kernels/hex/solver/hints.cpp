#include "hex/solver/hints.hpp"

#include <stdexcept>

namespace cgt::hex {

std::vector<CellOutcome> hint_map(Solver& solver) {
    const Board board = solver.position();
    if (const auto w = solver.winner())
        throw std::invalid_argument(std::string("the game is over: ") + colour_name(*w) + " has connected");
    std::vector<CellOutcome> out;
    for (Cell cell : board.empty_cells()) {
        const SearchResult r = solver.solve_move(cell);
        out.push_back({cell, r.outcome, r.stats.nodes});
    }
    return out;
}

} // namespace cgt::hex
