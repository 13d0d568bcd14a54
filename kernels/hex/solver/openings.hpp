#pragma once
// The article's experiment: every first move on an n x n board, solved with a fresh
// transposition table, and the facts the literature states about the result maps.
#include "hex/board/board.hpp"
#include "hex/solver/solver.hpp"

#include <optional>
#include <string>
#include <vector>

namespace cgt::hex {

// The first player's result after opening at `cell` on the empty board, best play by both.
struct OpeningResult {
    Cell cell;
    Outcome outcome = Outcome::unknown; // for the first player (red)
    std::uint64_t nodes = 0;            // 0 when the opening itself connects (1x1)
    std::uint64_t saved_nodes = 0;      // of them, those of the saved search it continued
    bool stopped = false;               // stopped at a pause (Solver::set_pauses): unknown
};

// Clears the solver's table, opens at `cell` and solves for blue, so the node count does not
// depend on what the solver did before. The solver's position is the empty board afterwards.
// With `stats`, the search's counters are copied there. With `saved` (states saved at the
// pauses of this opening's search, Solver::save_search), the search continues from them, to
// the result, nodes and counters of a search never stopped.
OpeningResult solve_opening(Solver& solver, Cell cell, SearchStats* stats = nullptr,
                            std::span<const std::vector<std::byte>> saved = {});

// (r, c) -> (rows-1-r, cols-1-c): the opening with the same result.
Cell rotate(Shape shape, Cell cell);
inline Cell rotate(int size, Cell cell) { return rotate(Shape::square(size), cell); }
// Whether `cell` is the one of its 180-degree pair that is solved (the smaller row-major
// index; the centre of an odd board is its own pair).
bool is_representative(Shape shape, Cell cell);
inline bool is_representative(int size, Cell cell) { return is_representative(Shape::square(size), cell); }
// All cells of the board, row-major.
std::vector<Cell> all_cells(Shape shape);
inline std::vector<Cell> all_cells(int size) { return all_cells(Shape::square(size)); }

// On a board that is not square, the player whose sides are closer (the shorter distance to
// span) wins whoever moves first: blue when there are more rows than columns, red when more
// columns; none on a square board. (The classical pairing strategy of the n x (n+1) board,
// played on the first n+1 rows or columns of a longer one.)
std::optional<Colour> spanning_winner(Shape shape);

// The cells the literature's statements are about (red's own edges are rows 0 and n-1).
bool is_acute_corner(int size, Cell cell);      // (0, 0), (n-1, n-1)
bool is_obtuse_corner(int size, Cell cell);     // (0, n-1), (n-1, 0)
bool is_short_diagonal(int size, Cell cell);    // r + c = n - 1, obtuse corner to obtuse corner
bool is_own_edge(int size, Cell cell);          // r = 0 or r = n - 1
bool is_beside_acute_corner(int size, Cell cell); // on the own edge next to an acute corner

// Rows of 'W' (first player wins), 'L' (loses) or '?' (unknown), top row first, from the
// board's outcomes in row-major order.
std::vector<std::string> outcome_map(Shape shape, const std::vector<Outcome>& row_major);
inline std::vector<std::string> outcome_map(int size, const std::vector<Outcome>& row_major) {
    return outcome_map(Shape::square(size), row_major);
}

} // namespace cgt::hex
