#include "hex/dfpn_table.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace cgt::hex {

template <class Bits> DfpnTable<Bits>::DfpnTable(std::size_t size_mib) {
    if (size_mib == 0 || size_mib > 65536)
        throw std::invalid_argument("transposition table size must be 1..65536 MiB, got " + std::to_string(size_mib));
    const std::size_t buckets = std::bit_floor(std::max<std::size_t>(1, size_mib * (std::size_t{1} << 20) / NOMINAL_BUCKET_BYTES));
    m_buckets.assign(buckets, Bucket{});
    m_mask = buckets - 1;
}

template <class Bits> void DfpnTable<Bits>::store(const DfpnEntry<Bits>& entry) {
    Bucket& b = m_buckets[entry.key & m_mask];
    for (auto& e : b.entry)
        if (e.work != 0 && e.key == entry.key) {
            e = entry;
            return;
        }
    DfpnEntry<Bits>& victim = b.entry[0].work < b.entry[1].work ? b.entry[0] : b.entry[1];
    victim = entry;
}

template <class Bits> void DfpnTable<Bits>::clear() { std::fill(m_buckets.begin(), m_buckets.end(), Bucket{}); }

template <class Bits> std::size_t DfpnTable<Bits>::used() const {
    std::size_t n = 0;
    for (const Bucket& b : m_buckets)
        for (const auto& e : b.entry) n += e.work != 0;
    return n;
}

template class DfpnTable<Narrow>;
template class DfpnTable<Wide>;

} // namespace cgt::hex
