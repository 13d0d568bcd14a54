#pragma once
// The Hex board of `rows` x `cols` cells (the n x n rhombus, or a parallelogram as Benzene's
// `boardsize W H`) on one word per cell set (see cell_set.hpp): the masks of the edges,
// neighbour sets, dilation and flood fill by shifts, 180-degree rotation and the centre-first
// move order. Cell (r, c) has index r*cols + c and the neighbours (r, c-1), (r, c+1),
// (r-1, c), (r-1, c+1), (r+1, c), (r+1, c-1); (0, 0) and (rows-1, cols-1) are the acute
// corners.
#include "hex/board/cell_set.hpp"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cgt::hex {

// Red moves first and connects row 0 (top) to row rows-1 (bottom); blue connects column 0
// (left) to column cols-1 (right).
enum class Colour : std::uint8_t { red = 0, blue = 1 };

constexpr Colour opponent(Colour c) { return c == Colour::red ? Colour::blue : Colour::red; }
constexpr int colour_index(Colour c) { return static_cast<int>(c); }
const char* colour_name(Colour c);

// Throws std::invalid_argument unless 1 <= size <= max_size, naming what was given.
void check_board_size(int size, int max_size = MAX_BOARD_SIZE);

// A board's rows and columns, each 1..MAX_BOARD_SIZE. Written as Benzene writes `boardsize W
// H`, columns first: "6x7" has 6 columns (a-f) and 7 rows (1-7), so red, joining the top and
// bottom rows, has the sides farther apart; a square board is also just "7".
struct Shape {
    int rows = 1, cols = 1;
    constexpr Shape() = default;
    constexpr Shape(int rows_, int cols_) : rows(rows_), cols(cols_) {}
    static constexpr Shape square(int n) { return {n, n}; }
    [[nodiscard]] constexpr int cells() const { return rows * cols; }
    [[nodiscard]] constexpr bool is_square() const { return rows == cols; }
    // "7x7" or "6x7" (columns x rows).
    [[nodiscard]] std::string name() const;
    // Reads "N", "NxN" or "WxH" (also with X); throws std::invalid_argument naming the text
    // and the accepted range.
    static Shape parse(std::string_view text);
    friend constexpr bool operator==(const Shape&, const Shape&) = default;
};
// Throws std::invalid_argument unless both sides are 1..MAX_BOARD_SIZE and the cells fit
// `max_cells`.
void check_shape(Shape shape, int max_cells = MAX_CELLS);

template <class Bits> class Geometry {
public:
    explicit Geometry(int size) : Geometry(Shape::square(size)) {}
    explicit Geometry(Shape shape) : m_rows(shape.rows), m_cols(shape.cols) {
        check_shape(shape, CELL_CAPACITY<Bits>);
        const int rows = m_rows, cols = m_cols;
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                const Bits b = cell_bit<Bits>(r * cols + c);
                m_all |= b;
                if (c == 0) m_edge[1][0] |= b;
                if (c == cols - 1) m_edge[1][1] |= b;
                if (r == 0) m_edge[0][0] |= b;
                if (r == rows - 1) m_edge[0][1] |= b;
            }
        m_not_first_col = m_all & ~m_edge[1][0];
        m_not_last_col = m_all & ~m_edge[1][1];
        for (int i = 0; i < cells(); ++i) m_neighbours[i] = dilate(cell_bit<Bits>(i)) & ~cell_bit<Bits>(i);
        // Centre first by hex distance from the centre (in doubled coordinates so that even
        // sizes stay integral), ties by index: the article's order, which reproduces its
        // node counts.
        int k = 0;
        for (int d = 0; d < 2 * MAX_BOARD_SIZE; ++d)
            for (int i = 0; i < cells(); ++i)
                if (centre_distance(i) == d) {
                    m_centre_rank[i] = static_cast<std::uint8_t>(k);
                    m_centre_order[k++] = static_cast<std::uint8_t>(i);
                    m_centre_ring[d] |= cell_bit<Bits>(i);
                }
    }

    [[nodiscard]] Shape shape() const { return {m_rows, m_cols}; }
    [[nodiscard]] int rows() const { return m_rows; }
    [[nodiscard]] int cols() const { return m_cols; }
    [[nodiscard]] int cells() const { return m_rows * m_cols; }
    [[nodiscard]] int index(int row, int col) const { return row * m_cols + col; }
    [[nodiscard]] Bits all() const { return m_all; }
    // side 0: the colour's first edge (top row for red, left column for blue); side 1: the
    // opposite edge.
    [[nodiscard]] Bits edge(Colour c, int side) const { return m_edge[colour_index(c)][side]; }
    [[nodiscard]] Bits neighbours(int index) const { return m_neighbours[index]; }

    // x together with every cell adjacent to x. Six shifts of the whole word: +-1 along a row
    // (masking the cells that wrapped into the first or last column), +-cols between rows,
    // and the two diagonals -(cols-1) (up-right) and +(cols-1) (down-left), masked the same
    // way.
    [[nodiscard]] Bits dilate(Bits x) const {
        const int n = m_cols;
        const Bits right = ((x << 1) | (x >> (n - 1))) & m_not_first_col;
        const Bits left = ((x >> 1) | (x << (n - 1))) & m_not_last_col;
        return (x | right | left | (x << n) | (x >> n)) & m_all;
    }

    // The cells of `within` connected to `seed & within` through `within`.
    [[nodiscard]] Bits flood(Bits seed, Bits within) const {
        Bits g = seed & within;
        for (;;) {
            const Bits next = dilate(g) & within;
            if (next == g) return g;
            g = next;
        }
    }

    // (r, c) -> (rows-1-r, cols-1-c) maps the game to itself: each colour keeps its pair of
    // edges.
    [[nodiscard]] int rotate(int index) const { return cells() - 1 - index; }
    [[nodiscard]] Bits rotate(Bits x) const { return reverse_cells(x & m_all, cells()); }

    // Hex distance of a cell from the centre of the board, doubled so that it is an integer
    // on even boards too (0 .. 2 MAX_BOARD_SIZE - 2).
    [[nodiscard]] int centre_distance(int index) const {
        const int dr = 2 * (index / m_cols) - (m_rows - 1);
        const int dc = 2 * (index % m_cols) - (m_cols - 1);
        const int a = dr < 0 ? -dr : dr, b = dc < 0 ? -dc : dc, s = dr + dc < 0 ? -(dr + dc) : dr + dc;
        return a > b ? (a > s ? a : s) : (b > s ? b : s);
    }
    // Every cell once, centre first.
    [[nodiscard]] const std::array<std::uint8_t, MAX_CELLS>& centre_order() const { return m_centre_order; }
    // The position of each cell in centre_order().
    [[nodiscard]] const std::uint8_t* centre_rank() const { return m_centre_rank.data(); }
    // The cells at doubled distance d from the centre, d = 0..2 MAX_BOARD_SIZE - 1: visiting
    // the rings in turn and each ring by index is centre_order().
    [[nodiscard]] Bits centre_ring(int d) const { return m_centre_ring[d]; }

private:
    int m_rows, m_cols;
    Bits m_all = 0;
    Bits m_edge[2][2] = {{0, 0}, {0, 0}};
    Bits m_not_first_col = 0;
    Bits m_not_last_col = 0;
    std::array<Bits, MAX_CELLS> m_neighbours{};
    std::array<std::uint8_t, MAX_CELLS> m_centre_order{};
    std::array<std::uint8_t, MAX_CELLS> m_centre_rank{};
    std::array<Bits, 2 * MAX_BOARD_SIZE> m_centre_ring{};
};

} // namespace cgt::hex
