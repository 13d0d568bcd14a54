#include "impartial/rare_common.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <stdexcept>

namespace cgt::impartial {

void OptionMarks::begin(Grundy bound) {
    if (m_stamp.size() < std::size_t{bound} + 1) m_stamp.resize(std::size_t{bound} + 1, 0);
    if (++m_now == 0) { // the stamp wrapped after 2^32 heaps: forget every old mark
        std::fill(m_stamp.begin(), m_stamp.end(), 0);
        m_now = 1;
    }
}

// The hot loops of every game that splits heaps. The stamp and the array are read into
// locals once: through m_stamp the compiler would assume each store may change m_now.
void OptionMarks::mark_splits(const Grundy* values, Heap length, Heap first, Heap last) {
    std::uint32_t* stamp = m_stamp.data();
    const std::uint32_t now = m_now;
    for (Heap a = first; a <= last; ++a) stamp[values[a] ^ values[length - a]] = now;
}

void OptionMarks::mark_splits(const Grundy* values, Heap length, const Heap* parts,
                              const Heap* parts_end) {
    std::uint32_t* stamp = m_stamp.data();
    const std::uint32_t now = m_now;
    for (; parts != parts_end && *parts < length; ++parts)
        stamp[values[*parts] ^ values[length - *parts]] = now;
}

Grundy OptionMarks::mex() const {
    Grundy v = 0;
    while (v < m_stamp.size() && m_stamp[v] == m_now) ++v;
    return v;
}

std::string to_string(const RareMask& mask) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "%x", static_cast<unsigned>(mask.mask));
    return std::string(hex) + (mask.position_parity ? "+pos" : "");
}

std::optional<unsigned> split_phase(const OctalGame& game) {
    if (game.leave_two().empty()) return std::nullopt;
    const unsigned phase = game.leave_two().front() & 1;
    for (Heap k : game.leave_two())
        if ((k & 1) != phase) return std::nullopt;
    return phase;
}

RareMask best_rare_mask(std::span<const Grundy> values, std::optional<unsigned> phase) {
    constexpr unsigned MAX_VALUE_BITS = 20;
    Grundy largest = 0;
    for (Grundy v : values) largest = std::max(largest, v);
    const unsigned bits = std::max(1u, static_cast<unsigned>(std::bit_width(largest)));
    if (bits > MAX_VALUE_BITS)
        throw std::invalid_argument("no rare/common split is sought for values of 2^20 and more");
    // Index = value | (heap parity << bits): a mask over these b+1 bits with the top bit
    // set is a "+pos" mask. W[m] = sum over heaps of (-1)^parity(index & m), so
    // (heaps + W[m]) / 2 heaps have even parity, and with +pos of phase 1 the other ones.
    const std::size_t size = std::size_t{2} << bits;
    std::vector<std::int64_t> w(size, 0);
    for (std::size_t a = 0; a < values.size(); ++a) ++w[values[a] | ((a & 1) << bits)];
    for (std::size_t len = 1; len < size; len <<= 1)
        for (std::size_t i = 0; i < size; i += 2 * len)
            for (std::size_t j = i; j < i + len; ++j) {
                const std::int64_t x = w[j], y = w[j + len];
                w[j] = x + y;
                w[j + len] = x - y;
            }
    const auto heaps = static_cast<std::int64_t>(values.size());
    const std::size_t position_only = std::size_t{1} << bits;
    RareMask best;
    std::int64_t best_rare = heaps + 1;
    const std::size_t last = phase ? size : position_only;
    for (std::size_t m = 1; m < last; ++m) {
        if (m == position_only) continue; // rarity by heap parity alone is no split of values
        const bool pos = m > position_only;
        const std::int64_t rare = (heaps + (pos && *phase ? -w[m] : w[m])) / 2;
        if (rare < best_rare) {
            best_rare = rare;
            best.mask = static_cast<Grundy>(m & (position_only - 1));
            best.position_parity = pos;
            best.phase = pos ? *phase : 0;
        }
    }
    best.rare_heaps = static_cast<std::uint64_t>(best_rare);
    return best;
}

RareCommonSplit::RareCommonSplit(const RareMask& mask, std::span<const Grundy> values)
    : m_mask(mask) {
    m_mask.rare_heaps = 0;
    for (std::size_t a = 0; a < values.size(); ++a) record(static_cast<Heap>(a), values[a]);
}

bool RareCommonSplit::parity(Grundy value) const {
    return (std::popcount(value & m_mask.mask) & 1) != 0;
}

bool RareCommonSplit::is_rare(Heap heap, Grundy value) const {
    return parity(value) == (m_mask.position_parity && ((heap ^ m_mask.phase) & 1));
}

void RareCommonSplit::record(Heap heap, Grundy value) {
    if (!is_rare(heap, value)) return;
    ++m_mask.rare_heaps;
    if (heap > 0) m_rare.push_back(heap);
}

Grundy RareCommonSplit::mex_with_splits(const OctalGame& game, std::span<const Grundy> values,
                                        Heap n, OptionMarks& marks) const {
    // Split lengths L = n - k; a split of L into a + b has value parity
    // rarity(a) ^ rarity(b) ^ (pos & L): the "mixed" class of L is parity 1 ^ (pos & L).
    std::vector<Heap> lengths;
    for (Heap k : game.leave_two())
        if (n >= k + 2) lengths.push_back(n - k);
    for (Heap length : lengths)
        marks.mark_splits(values.data(), length, m_rare.data(), m_rare.data() + m_rare.size());
    // Which value parities two common parts can give, over all lengths.
    std::array<bool, 2> common_pair_parity = {false, false};
    Heap longest = 0;
    for (Heap length : lengths) {
        common_pair_parity[m_mask.position_parity && (length & 1)] = true;
        longest = std::max(longest, length);
    }
    // Values of a class two common parts can give are confirmed by scanning the splits
    // a + (L - a) in order of a, all lengths side by side, marking every value seen: one
    // scan serves all the values below the mex, and stops as soon as the smallest unmarked
    // value is one that no unscanned split can give. It runs to the end only when that
    // value is missing, i.e. the mex itself is of the common-pair class (a rare heap).
    Heap next_a = 1;
    Heap chunk = 8;
    for (Grundy v = 0;;) {
        while (marks.has(v)) ++v;
        if (!common_pair_parity[parity(v)] || 2 * next_a > longest) return v;
        const Heap end = std::min<Heap>(longest / 2, next_a + chunk - 1);
        for (Heap length : lengths)
            if (2 * next_a <= length) marks.mark_splits(values.data(), length, next_a, std::min(end, length / 2));
        next_a = end + 1;
        chunk = std::min<Heap>(chunk * 2, 4096);
    }
}

} // namespace cgt::impartial
