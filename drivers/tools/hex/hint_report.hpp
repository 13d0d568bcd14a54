#pragma once
// What cgt-hex prints: the position with a letter on every empty cell (W: the player to
// move wins by playing there, L: loses, ?: undecided within the node limit), the winning
// cells by name, and the effort.
#include "hex/board/board.hpp"
#include "hex/solver/hints.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace cgt::hex_tool {

// Reads a position: a move list ("c3 d2") on a board of `size`, or a picture of a square
// board (see hex::Board::parse). Exactly one of moves and picture may be non-empty; neither
// gives the empty board. Throws std::invalid_argument naming what is wrong.
hex::Board read_position(int size, const std::string& moves, const std::string& picture);

// The report for `board` with the hints of the player to move (row-major, empty cells only).
// `rules` names where the answers come from: a rule set searched now, or a result file.
std::string hint_report(const hex::Board& board, const std::vector<hex::CellOutcome>& hints,
                        const std::string& rules, hex::Variant variant, double seconds);

// The same as one JSON object (cgt-hex --json):
//   {"size": 5, "variant": "normal", "to_move": "red", "rules": "rule1+2+distance",
//    "cells": [{"cell": "a1", "result": "loss", "nodes": 12}, ...],
//    "winning": ["c3", ...], "nodes": 1234, "seconds": 0.01}
std::string hint_json(const hex::Board& board, const std::vector<hex::CellOutcome>& hints,
                      const std::string& rules, hex::Variant variant, double seconds);

// The answers of a result file of cgt-hex-openings (the hex-openings or hex-large job) for
// the first move on the empty board of `size` in `variant`: one CellOutcome per cell,
// row-major, with the nodes the file's search took (a copied opening: its 180-degree
// partner's). Rows of every rule set must agree (a verified file's do). Throws
// std::invalid_argument naming the file when it holds no such board or disagrees.
struct OpeningRow {
    long size, row, col;
    std::string variant, rules, result;
    std::uint64_t nodes;
    bool copied;
};
std::vector<hex::CellOutcome> openings_from_rows(const std::vector<OpeningRow>& rows, int size,
                                                 hex::Variant variant, const std::string& file,
                                                 std::string& rules_used);

} // namespace cgt::hex_tool
