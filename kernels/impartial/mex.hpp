#pragma once
// The minimum excludant, the one operation every impartial game is valued with.
#include <cstdint>
#include <span>
#include <vector>

namespace cgt::impartial {

using Grundy = std::uint32_t;

// Smallest non-negative integer not in `values` (values in any order, repeats allowed).
// mex{} = 0, mex{0,1,3} = 2, mex{1,2} = 0.
Grundy mex(std::span<const Grundy> values);

// A reusable mex set for hot loops: mark values, read the mex, clear in O(marked).
class MexSet {
public:
    void mark(Grundy value);
    [[nodiscard]] Grundy mex() const;
    void clear();

private:
    std::vector<std::uint8_t> m_seen;
    std::vector<Grundy> m_marked;
};

} // namespace cgt::impartial
