#include "hex/openings.hpp"

#include <stdexcept>

namespace cgt::hex {

OpeningResult solve_opening(Solver& solver, Cell cell, SearchStats* stats) {
    solver.clear_table();
    solver.set_position(Board(solver.board_size()));
    const SearchResult r = solver.solve_move(cell); // connects at once only on 1x1
    if (stats) *stats = r.stats;
    return {cell, r.outcome, r.stats.nodes};
}

Cell rotate(int size, Cell cell) { return {size - 1 - cell.row, size - 1 - cell.col}; }

bool is_representative(int size, Cell cell) {
    const Cell other = rotate(size, cell);
    return cell.row * size + cell.col <= other.row * size + other.col;
}

std::vector<Cell> all_cells(int size) {
    check_board_size(size);
    std::vector<Cell> out;
    for (int r = 0; r < size; ++r)
        for (int c = 0; c < size; ++c) out.push_back({r, c});
    return out;
}

bool is_acute_corner(int size, Cell cell) {
    return (cell.row == 0 && cell.col == 0) || (cell.row == size - 1 && cell.col == size - 1);
}
bool is_obtuse_corner(int size, Cell cell) {
    return (cell.row == 0 && cell.col == size - 1) || (cell.row == size - 1 && cell.col == 0);
}
bool is_short_diagonal(int size, Cell cell) { return cell.row + cell.col == size - 1; }
bool is_own_edge(int size, Cell cell) { return cell.row == 0 || cell.row == size - 1; }
bool is_beside_acute_corner(int size, Cell cell) {
    return size >= 2 && ((cell.row == 0 && cell.col == 1) || (cell.row == size - 1 && cell.col == size - 2));
}

std::vector<std::string> outcome_map(int size, const std::vector<Outcome>& row_major) {
    if (static_cast<int>(row_major.size()) != size * size)
        throw std::invalid_argument("outcome_map: " + std::to_string(row_major.size()) + " outcomes for a " +
                                    std::to_string(size) + "x" + std::to_string(size) + " board");
    std::vector<std::string> rows(static_cast<std::size_t>(size));
    for (int i = 0; i < size * size; ++i) {
        const Outcome o = row_major[static_cast<std::size_t>(i)];
        rows[static_cast<std::size_t>(i / size)] += o == Outcome::win ? 'W' : o == Outcome::loss ? 'L' : '?';
    }
    return rows;
}

} // namespace cgt::hex
