#include "hex/search/transposition_table.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace cgt::hex {

TranspositionTable::TranspositionTable(std::size_t size_mib) {
    if (size_mib == 0 || size_mib > 65536)
        throw std::invalid_argument("transposition table size must be 1..65536 MiB, got " + std::to_string(size_mib));
    const std::size_t buckets = std::bit_floor(size_mib * (std::size_t{1} << 20) / sizeof(Bucket));
    m_buckets.assign(buckets, Bucket{});
    m_mask = buckets - 1;
}

void TranspositionTable::store(std::uint64_t key, bool win, std::uint64_t subtree_nodes) {
    Bucket& b = m_buckets[key & m_mask];
    const std::uint64_t work = static_cast<std::uint64_t>(std::bit_width(subtree_nodes | 1)); // 1..64
    const std::uint64_t entry = (key & CHECK_MASK) | (std::uint64_t{win} << WIN_SHIFT) | work;
    if (!m_in_use_overflow && (b.entry[0] | b.entry[1] | b.entry[2] | b.entry[3]) == 0) {
        if (m_in_use.size() < m_buckets.size() / 4) {
            m_in_use.push_back(static_cast<std::uint32_t>(key & m_mask));
        } else {
            m_in_use_overflow = true;
            m_in_use = {};
        }
    }
    int victim = 0;
    for (int i = 0; i < ENTRIES_PER_BUCKET; ++i) {
        const std::uint64_t e = b.entry[i];
        if ((e & CHECK_MASK) == (key & CHECK_MASK) && (e & WORK_MASK) != 0) {
            victim = i;
            break;
        }
        if ((e & WORK_MASK) < (b.entry[victim] & WORK_MASK)) victim = i;
    }
    b.entry[victim] = entry;
}

void TranspositionTable::clear() {
    if (m_in_use_overflow) {
        std::fill(m_buckets.begin(), m_buckets.end(), Bucket{});
    } else {
        for (std::uint32_t i : m_in_use) m_buckets[i] = Bucket{};
    }
    m_in_use.clear();
    m_in_use_overflow = false;
}

std::size_t TranspositionTable::used() const {
    std::size_t n = 0;
    for (const Bucket& b : m_buckets)
        for (std::uint64_t e : b.entry) n += (e & WORK_MASK) != 0;
    return n;
}

} // namespace cgt::hex
