#include "hex/solver/openings.hpp"

#include <stdexcept>

namespace cgt::hex {

OpeningResult solve_opening(Solver& solver, Cell cell, SearchStats* stats, std::span<const std::vector<std::byte>> saved) {
    solver.clear_table();
    const std::uint64_t saved_nodes = saved.empty() ? 0 : solver.load_search(saved);
    solver.set_position(Board(solver.shape()));
    const SearchResult r = solver.solve_move(cell); // connects at once only on 1x1
    if (stats) *stats = r.stats;
    return {cell, r.outcome, r.stats.nodes, saved_nodes, solver.stopped()};
}

Cell rotate(Shape shape, Cell cell) { return {shape.rows - 1 - cell.row, shape.cols - 1 - cell.col}; }

bool is_representative(Shape shape, Cell cell) {
    const Cell other = rotate(shape, cell);
    return cell.row * shape.cols + cell.col <= other.row * shape.cols + other.col;
}

std::vector<Cell> all_cells(Shape shape) {
    check_shape(shape);
    std::vector<Cell> out;
    for (int r = 0; r < shape.rows; ++r)
        for (int c = 0; c < shape.cols; ++c) out.push_back({r, c});
    return out;
}

std::optional<Colour> spanning_winner(Shape shape) {
    if (shape.rows == shape.cols) return std::nullopt;
    return shape.rows > shape.cols ? Colour::blue : Colour::red;
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

std::vector<std::string> outcome_map(Shape shape, const std::vector<Outcome>& row_major) {
    if (static_cast<int>(row_major.size()) != shape.cells())
        throw std::invalid_argument("outcome_map: " + std::to_string(row_major.size()) + " outcomes for a " +
                                    shape.name() + " board");
    std::vector<std::string> rows(static_cast<std::size_t>(shape.rows));
    for (int i = 0; i < shape.cells(); ++i) {
        const Outcome o = row_major[static_cast<std::size_t>(i)];
        rows[static_cast<std::size_t>(i / shape.cols)] += o == Outcome::win ? 'W' : o == Outcome::loss ? 'L' : '?';
    }
    return rows;
}

} // namespace cgt::hex
