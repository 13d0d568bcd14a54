#pragma once
// The reference the solver is tested against: plain minimax over every empty cell, with no
// table and no pruning, and its own cell-by-cell connection test (a breadth-first search over
// the six neighbours), sharing no code with the bit-parallel solver. Exponential: for
// positions with up to about 12 empty cells.
#include "hex/analysis/rule_set.hpp"
#include "hex/board/board.hpp"

namespace cgt::hex {

// Whether the colour's stones join its edges, by breadth-first search from the first edge.
bool connected_by_search(const Board& board, Colour colour);

// Whether the player to move wins. The board must not be finished (std::invalid_argument).
bool minimax_wins(const Board& board, Variant variant = Variant::normal);

} // namespace cgt::hex
