#pragma once
// Static split of an enumeration range [0, total) into contiguous blocks, one per rank.
// Pure functions: no MPI here, so the arithmetic is unit-tested alone.
#include <cstdint>

namespace cgt::common {

struct Range {
    std::uint64_t begin = 0;
    std::uint64_t end = 0; // one past the last
    [[nodiscard]] std::uint64_t size() const { return end - begin; }
    [[nodiscard]] bool empty() const { return begin == end; }
    friend bool operator==(const Range&, const Range&) = default;
};

// Block `index` of `parts` near-equal contiguous blocks of [0, total): the first
// total % parts blocks hold one item more. Blocks are in order, disjoint, and cover the
// range; a block is empty when parts > total. Requires parts >= 1 and index < parts.
Range block_range(std::uint64_t total, std::uint64_t parts, std::uint64_t index);

// The block holding `item` (item < total): the inverse of block_range.
std::uint64_t block_owner(std::uint64_t total, std::uint64_t parts, std::uint64_t item);

} // namespace cgt::common
