#pragma once
// The n x n Hex rhombus on one word per cell set (see cell_set.hpp): the masks of the edges,
// neighbour sets, dilation and flood fill by shifts, 180-degree rotation and the centre-first
// move order. Cell (r, c) has index r*n + c and the neighbours (r, c-1), (r, c+1), (r-1, c),
// (r-1, c+1), (r+1, c), (r+1, c-1); (0, 0) and (n-1, n-1) are the acute corners.
#include "hex/cell_set.hpp"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace cgt::hex {

// Red moves first and connects row 0 (top) to row n-1 (bottom); blue connects column 0
// (left) to column n-1 (right).
enum class Colour : std::uint8_t { red = 0, blue = 1 };

constexpr Colour opponent(Colour c) { return c == Colour::red ? Colour::blue : Colour::red; }
constexpr int colour_index(Colour c) { return static_cast<int>(c); }
const char* colour_name(Colour c);

// Throws std::invalid_argument unless 1 <= size <= max_size, naming what was given.
void check_board_size(int size, int max_size = MAX_BOARD_SIZE);

template <class Bits> class Geometry {
public:
    explicit Geometry(int size) : m_size(size) {
        check_board_size(size, CAPACITY<Bits>);
        const int n = size;
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                const Bits b = cell_bit<Bits>(r * n + c);
                m_all |= b;
                if (c == 0) m_edge[1][0] |= b;
                if (c == n - 1) m_edge[1][1] |= b;
                if (r == 0) m_edge[0][0] |= b;
                if (r == n - 1) m_edge[0][1] |= b;
            }
        m_not_first_col = m_all & ~m_edge[1][0];
        m_not_last_col = m_all & ~m_edge[1][1];
        for (int i = 0; i < n * n; ++i) m_neighbours[i] = dilate(cell_bit<Bits>(i)) & ~cell_bit<Bits>(i);
        // Centre first by hex distance from the centre (in doubled coordinates so that even
        // sizes stay integral), ties by index: the article's order, which reproduces its
        // node counts.
        int k = 0;
        for (int d = 0; d < 2 * n; ++d)
            for (int i = 0; i < n * n; ++i)
                if (centre_distance(i) == d) {
                    m_centre_rank[i] = static_cast<std::uint8_t>(k);
                    m_centre_order[k++] = static_cast<std::uint8_t>(i);
                    m_centre_ring[d] |= cell_bit<Bits>(i);
                }
    }

    [[nodiscard]] int size() const { return m_size; }
    [[nodiscard]] int cells() const { return m_size * m_size; }
    [[nodiscard]] int index(int row, int col) const { return row * m_size + col; }
    [[nodiscard]] Bits all() const { return m_all; }
    // side 0: the colour's first edge (top row for red, left column for blue); side 1: the
    // opposite edge.
    [[nodiscard]] Bits edge(Colour c, int side) const { return m_edge[colour_index(c)][side]; }
    [[nodiscard]] Bits neighbours(int index) const { return m_neighbours[index]; }

    // x together with every cell adjacent to x. Six shifts of the whole word: +-1 along a row
    // (masking the cells that wrapped into the first or last column), +-n between rows, and
    // the two diagonals -(n-1) (up-right) and +(n-1) (down-left), masked the same way.
    [[nodiscard]] Bits dilate(Bits x) const {
        const int n = m_size;
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

    // (r, c) -> (n-1-r, n-1-c) maps the game to itself: each colour keeps its pair of edges.
    [[nodiscard]] int rotate(int index) const { return cells() - 1 - index; }
    [[nodiscard]] Bits rotate(Bits x) const { return reverse_cells(x & m_all, cells()); }

    // Hex distance of a cell from the centre of the board, doubled so that it is an integer
    // on even boards too (0 .. 2n-2).
    [[nodiscard]] int centre_distance(int index) const {
        const int dr = 2 * (index / m_size) - (m_size - 1);
        const int dc = 2 * (index % m_size) - (m_size - 1);
        const int a = dr < 0 ? -dr : dr, b = dc < 0 ? -dc : dc, s = dr + dc < 0 ? -(dr + dc) : dr + dc;
        return a > b ? (a > s ? a : s) : (b > s ? b : s);
    }
    // Every cell once, centre first.
    [[nodiscard]] const std::array<std::uint8_t, MAX_CELLS>& centre_order() const { return m_centre_order; }
    // The position of each cell in centre_order().
    [[nodiscard]] const std::uint8_t* centre_rank() const { return m_centre_rank.data(); }
    // The cells at doubled distance d from the centre, d = 0..2n-1: visiting the rings in
    // turn and each ring by index is centre_order().
    [[nodiscard]] Bits centre_ring(int d) const { return m_centre_ring[d]; }

private:
    int m_size;
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
