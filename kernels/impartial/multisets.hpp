#pragma once
// Positions of K heaps of size 0..H as sorted multisets, in lexicographic order, with rank
// and unrank so that any contiguous range of the enumeration can be walked on its own.
#include <cstdint>
#include <vector>

namespace cgt::impartial {

class Multisets {
public:
    // K heaps (1..16), each of size 0..max_heap. Throws std::invalid_argument otherwise, or
    // if the count does not fit in 64 bits.
    Multisets(unsigned heaps, std::uint32_t max_heap);

    // C(H + K, K): the number of sorted multisets.
    [[nodiscard]] std::uint64_t count() const { return m_count; }
    // The index-th multiset (0-based, ascending lexicographic order: 0 0 0, 0 0 1, ...).
    [[nodiscard]] std::vector<std::uint32_t> unrank(std::uint64_t index) const;
    // Inverse of unrank.
    [[nodiscard]] std::uint64_t rank(const std::vector<std::uint32_t>& heaps) const;
    // Steps to the next multiset in order; false after the last.
    bool next(std::vector<std::uint32_t>& heaps) const;

private:
    // Multisets of `slots` heaps with values in lo..max: C(max - lo + slots, slots).
    [[nodiscard]] std::uint64_t tail_count(unsigned slots, std::uint32_t lo) const;
    unsigned m_heaps;
    std::uint32_t m_max;
    std::uint64_t m_count;
};

} // namespace cgt::impartial
