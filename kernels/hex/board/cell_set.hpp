#pragma once
// Sets of cells as machine words. A board of size n keeps each colour's stones in one word in
// which row r occupies bits r*n .. r*n+n-1 (bit r*n+c is cell (r, c)): the article's row
// masks laid end to end, so that one shift of the whole word moves every row at once.
//
// Two word types: Narrow (64 bits, boards up to 8x8, what the solver runs on) and Wide
// (128 bits, boards up to MAX_BOARD_SIZE = 11, what positions are stored and parsed in).
// Everything that works on cell sets is a template over the word type.
#include <bit>
#include <cstdint>
#include <type_traits>

namespace cgt::hex {

// The largest board a position may have: 11x11 = 121 cells fit one Wide word.
inline constexpr int MAX_BOARD_SIZE = 11;
inline constexpr int MAX_CELLS = MAX_BOARD_SIZE * MAX_BOARD_SIZE;

using Narrow = std::uint64_t;
__extension__ typedef unsigned __int128 Wide;

// The largest square board whose cells fit the word type, and the most cells of any board
// on it (a board is searched on Narrow when its cells fit 64 bits: 8x8, 7x9).
template <class Bits> inline constexpr int CAPACITY = 0;
template <> inline constexpr int CAPACITY<Narrow> = 8;
template <> inline constexpr int CAPACITY<Wide> = MAX_BOARD_SIZE;
template <class Bits> inline constexpr int CELL_CAPACITY = 0;
template <> inline constexpr int CELL_CAPACITY<Narrow> = 64;
template <> inline constexpr int CELL_CAPACITY<Wide> = MAX_CELLS;

template <class Bits> constexpr Bits cell_bit(int index) { return Bits{1} << index; }

template <class Bits> constexpr int count_cells(Bits x) {
    if constexpr (std::is_same_v<Bits, Wide>) {
        return std::popcount(static_cast<std::uint64_t>(x)) +
               std::popcount(static_cast<std::uint64_t>(x >> 64));
    } else {
        return std::popcount(x);
    }
}

// Set-size tests without a population count (which is a library call unless the target
// has the instruction).
template <class Bits> constexpr bool at_least_two(Bits x) { return (x & (x - 1)) != 0; }
template <class Bits> constexpr bool exactly_one(Bits x) { return x != 0 && (x & (x - 1)) == 0; }
template <class Bits> constexpr bool exactly_two(Bits x) { return at_least_two(x) && exactly_one(x & (x - 1)); }
template <class Bits> constexpr Bits lowest_cell(Bits x) { return x & (~x + 1); }

// Index of the lowest cell of a non-empty set.
template <class Bits> constexpr int first_cell(Bits x) {
    if constexpr (std::is_same_v<Bits, Wide>) {
        const auto low = static_cast<std::uint64_t>(x);
        return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(x >> 64));
    } else {
        return std::countr_zero(x);
    }
}

// Bits in both words at the same index, for converting a position between word types
// (the caller guarantees the cells fit the narrower one).
template <class To, class From> constexpr To convert_cells(From x) { return static_cast<To>(x); }

// The 64 bits of x in reverse order.
constexpr std::uint64_t reverse_bits(std::uint64_t x) {
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return __builtin_bswap64(x);
}

// Cell i of x moved to cells - 1 - i (1 <= cells <= the word's bits): the 180-degree
// rotation of a board of `cells` cells.
template <class Bits> constexpr Bits reverse_cells(Bits x, int cells) {
    if constexpr (std::is_same_v<Bits, Wide>) {
        const Wide r = (static_cast<Wide>(reverse_bits(static_cast<std::uint64_t>(x))) << 64) |
                       reverse_bits(static_cast<std::uint64_t>(x >> 64));
        return r >> (128 - cells);
    } else {
        return reverse_bits(x) >> (64 - cells);
    }
}

// Calls f(index) for every cell of the set, lowest index first.
template <class Bits, class F> constexpr void for_each_cell(Bits x, F&& f) {
    while (x) {
        f(first_cell(x));
        x &= x - 1;
    }
}

} // namespace cgt::hex
