#pragma once
// Grundy's game: a move picks one heap and splits it into two heaps of different sizes, so
// heaps of 1 and 2 tokens are dead; whoever cannot move loses. The value of a heap of n is
// G(n) = mex{ G(a) xor G(n - a) : 1 <= a < n - a } (OEIS A002188). This file holds the
// definition (the O(n^2) reference), the split of values into the common and sparse classes
// that the fast sweep (sparse_sweep.hpp) rests on, and what a player needs: the splits of a
// heap, each marked winning or losing, and a value-free search to check the xor rule against.
#include "impartial/mex.hpp"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace cgt::impartial {

using HeapSize = std::uint64_t;

// A legal move on one heap: heap = small + large with 1 <= small < large.
struct Split {
    HeapSize small;
    HeapSize large;
};

// Every split of `heap`, smaller part ascending: (1, heap-1), (2, heap-2), ... up to the
// last part smaller than its complement. Empty for heaps 0, 1 and 2; never an equal halving.
std::vector<Split> grundy_splits(HeapSize heap);

// G(0..max_heap) by the definition: every split of every heap, O(max_heap^2) xor operations.
// The reference the sweep is tested against; use it up to some 10^5.
std::vector<Grundy> grundy_values_by_definition(HeapSize max_heap);

// Flammenkamp's classes (Winning Ways vol. 1 ch. 4): a value is sparse when the bits above
// bit 0 hold an even number of ones (parity of v AND 0111...10 is 0), common otherwise.
// 0, 1, 6, 7, 10, 11, 12, 13 are sparse; 2, 3, 4, 5, 8, 9 are common. Since the parity is
// additive under xor: common ^ common and sparse ^ sparse are sparse, common ^ sparse is common.
constexpr bool is_sparse_value(Grundy value) {
    return (__builtin_popcount(value >> 1) & 1) == 0;
}

// One split of one heap of a position, judged by the xor rule.
struct SplitVerdict {
    std::size_t heap_index; // which heap of the position (0-based, as given)
    Split split;
    Grundy value_after;     // xor of the position's values after the split
    bool winning;           // the split leaves value 0: the opponent to move loses
};

// Every split of every heap of `heaps`, in heap order and, within a heap, smaller part
// ascending. values[h] must hold G(h) for every heap h of the position
// (std::invalid_argument otherwise).
std::vector<SplitVerdict> judge_splits(std::span<const HeapSize> heaps,
                                       std::span<const Grundy> values);

// The xor of the heaps' values: the player to move wins iff it is not 0.
Grundy position_value(std::span<const HeapSize> heaps, std::span<const Grundy> values);

// Parses a list of heap sizes typed by a user, separated by commas and/or blanks
// ("10 7 5", "10,7,5"). Each must be an integer 1..max_heap; std::invalid_argument with a
// message naming the offending item otherwise, if the list is empty, or if a comma has no
// heap on one side ("10,,7", ",3").
std::vector<HeapSize> parse_heaps(const std::string& text, HeapSize max_heap);

// Win/loss of positions of Grundy's game by plain game-tree search, memoised on the sorted
// multiset of heaps, using no Grundy values: the player to move wins iff some split reaches
// a losing position. Heaps of 1 and 2 (dead) are dropped from the key.
class GrundyWinLossSearch {
public:
    [[nodiscard]] bool first_player_wins(std::vector<HeapSize> heaps);
    [[nodiscard]] std::size_t positions_memoised() const { return m_memo.size(); }

private:
    std::map<std::vector<HeapSize>, bool> m_memo;
};

} // namespace cgt::impartial
