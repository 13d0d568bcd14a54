#pragma once
// The article's hint mode: for every empty cell, whether the player to move wins by playing
// there.
#include "hex/board/board.hpp"
#include "hex/solver/solver.hpp"

#include <vector>

namespace cgt::hex {

struct CellOutcome {
    Cell cell;
    Outcome outcome = Outcome::unknown; // for the player to move, after playing the cell
    std::uint64_t nodes = 0;
};

// Each empty cell of the solver's position in row-major order. A move that connects wins
// (normal) or loses (misere) without search; otherwise the reply position is solved within
// the solver's node limit (unknown past it). The table is shared by the cells, so later
// cells reuse earlier proofs. The solver's position is unchanged. Throws
// std::invalid_argument when the game is over.
std::vector<CellOutcome> hint_map(Solver& solver);

} // namespace cgt::hex
