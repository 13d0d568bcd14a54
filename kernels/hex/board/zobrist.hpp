#pragma once
// Zobrist keys from a fixed table: the same position has the same key in every run, on
// every machine and at every rank count, so node counts are reproducible. The table is
// generated at compile time by splitmix64 from a fixed seed, one key per colour and cell
// of the 11x11 capacity grid (cell (r, c) at r*MAX_BOARD_SIZE + c).
//
// A position and its 180-degree rotation are the same game, so they share one key: the
// smaller of the keys of the two boards, then the side to move (and the variant) mixed in.
#include "hex/board/cell_set.hpp"
#include "hex/board/geometry.hpp"

#include <array>
#include <cstdint>

namespace cgt::hex {

namespace detail {
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
constexpr std::array<std::uint64_t, 2 * MAX_CELLS + 2> make_zobrist_table() {
    std::array<std::uint64_t, 2 * MAX_CELLS + 2> t{};
    std::uint64_t state = 0x4865782031393432ULL; // "Hex 1942"
    for (auto& k : t) k = splitmix64(state);
    return t;
}
inline constexpr auto ZOBRIST_TABLE = make_zobrist_table();
} // namespace detail

// Key of one stone of `colour` at (row, col).
constexpr std::uint64_t zobrist_stone(Colour colour, int row, int col) {
    return detail::ZOBRIST_TABLE[colour_index(colour) * MAX_CELLS + row * MAX_BOARD_SIZE + col];
}
// Mixed into the key when blue is to move.
inline constexpr std::uint64_t ZOBRIST_BLUE_TO_MOVE = detail::ZOBRIST_TABLE[2 * MAX_CELLS];
// Mixed into the key of misere positions, so that one table may serve both variants.
inline constexpr std::uint64_t ZOBRIST_MISERE = detail::ZOBRIST_TABLE[2 * MAX_CELLS + 1];

// The keys of a stone at each cell of a board and of the stone at the rotated cell, indexed
// like Geometry (r*cols + c), so a move updates both board keys by two XORs.
class ZobristKeys {
public:
    explicit ZobristKeys(int size) : ZobristKeys(Shape::square(size)) {}
    explicit ZobristKeys(Shape shape) {
        const int rows = shape.rows, cols = shape.cols;
        for (int colour = 0; colour < 2; ++colour)
            for (int r = 0; r < rows; ++r)
                for (int c = 0; c < cols; ++c) {
                    const auto col = static_cast<Colour>(colour);
                    m_stone[colour][r * cols + c] = zobrist_stone(col, r, c);
                    m_rotated[colour][r * cols + c] = zobrist_stone(col, rows - 1 - r, cols - 1 - c);
                }
    }
    [[nodiscard]] std::uint64_t stone(Colour c, int index) const { return m_stone[colour_index(c)][index]; }
    [[nodiscard]] std::uint64_t rotated(Colour c, int index) const { return m_rotated[colour_index(c)][index]; }

    // The shared key of a position from the keys of the board and of its rotation.
    static constexpr std::uint64_t position_key(std::uint64_t board, std::uint64_t rotated, Colour to_move) {
        return (board < rotated ? board : rotated) ^ (to_move == Colour::blue ? ZOBRIST_BLUE_TO_MOVE : 0);
    }

private:
    std::array<std::uint64_t, MAX_CELLS> m_stone[2]{};
    std::array<std::uint64_t, MAX_CELLS> m_rotated[2]{};
};

} // namespace cgt::hex
