#pragma once
// What cgt-hex prints: the position with a letter on every empty cell (W: the player to
// move wins by playing there, L: loses, ?: undecided within the node limit), the winning
// cells by name, and the effort.
#include "hex/board.hpp"
#include "hex/hints.hpp"

#include <string>
#include <vector>

namespace cgt::hex_tool {

// Reads a position: a move list ("c3 d2") on a board of `size`, or a picture (see
// hex::Board::parse). Exactly one of moves and picture may be non-empty; neither gives the
// empty board. Throws std::invalid_argument naming what is wrong.
hex::Board read_position(int size, const std::string& moves, const std::string& picture);

// The report for `board` with the hints of the player to move (row-major, empty cells only).
std::string hint_report(const hex::Board& board, const std::vector<hex::CellOutcome>& hints,
                        const std::string& rules, hex::Variant variant, double seconds);

} // namespace cgt::hex_tool
