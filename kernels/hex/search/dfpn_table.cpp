#include "hex/search/dfpn_table.hpp"

#include "hex/search/byte_io.hpp"

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
    const auto index = static_cast<std::uint32_t>(entry.key & m_mask);
    Bucket& b = m_buckets[index];
    if (m_tracking && !m_changed_flag[index]) {
        m_changed_flag[index] = 1;
        m_changed.push_back(index);
    }
    for (auto& e : b.entry)
        if (e.work != 0 && e.key == entry.key) {
            e = entry;
            return;
        }
    if (b.entry[0].work == 0 && b.entry[1].work == 0) m_in_use.push_back(index);
    DfpnEntry<Bits>& victim = b.entry[0].work < b.entry[1].work ? b.entry[0] : b.entry[1];
    victim = entry;
}

template <class Bits> void DfpnTable<Bits>::clear() {
    for (std::uint32_t i : m_in_use) m_buckets[i] = Bucket{};
    m_in_use.clear();
    for (std::uint32_t i : m_changed) m_changed_flag[i] = 0;
    m_changed.clear();
}

template <class Bits> std::size_t DfpnTable<Bits>::used() const {
    std::size_t n = 0;
    for (std::uint32_t i : m_in_use)
        for (const auto& e : m_buckets[i].entry) n += e.work != 0;
    return n;
}

template <class Bits> void DfpnTable<Bits>::track_changes(bool on) {
    m_tracking = on;
    m_changed.clear();
    m_changed_flag.assign(on ? m_buckets.size() : 0, 0);
}

// A record: u32 slot (bucket * 2 + entry), then the entry's fields, its moves[0..count).
template <class Bits> void DfpnTable<Bits>::encode_bucket(std::vector<std::byte>& out, std::uint32_t bucket) const {
    for (std::uint32_t slot = 0; slot < 2; ++slot) {
        const DfpnEntry<Bits>& e = m_buckets[bucket].entry[slot];
        if (e.work == 0) continue;
        append_bytes(out, bucket * 2 + slot);
        append_bytes(out, e.key);
        append_bytes(out, e.bounds.phi);
        append_bytes(out, e.bounds.delta);
        append_bytes(out, e.work);
        append_bytes(out, e.count);
        append_bytes(out, e.rotated);
        append_bytes(out, e.filled[0]);
        append_bytes(out, e.filled[1]);
        append_bytes(out, e.aux);
        const auto* moves = reinterpret_cast<const std::byte*>(e.moves.data());
        out.insert(out.end(), moves, moves + e.count);
    }
}

// The encoding: u64 buckets, u32 width of a cell set in bytes, u64 records, the records.
template <class Bits> void DfpnTable<Bits>::encode(std::vector<std::byte>& out, bool changes_only) {
    if (changes_only && !m_tracking) throw std::logic_error("DfpnTable::encode: changes are not tracked");
    const std::vector<std::uint32_t>& buckets = changes_only ? m_changed : m_in_use;
    std::vector<std::uint32_t> order(buckets);
    std::sort(order.begin(), order.end());
    std::uint64_t records = 0;
    for (std::uint32_t i : order)
        for (const auto& e : m_buckets[i].entry) records += e.work != 0;
    // A record takes 26 bytes, the three cell sets and its moves (about 30 on 8x8).
    out.reserve(out.size() + 20 + records * (26 + 3 * sizeof(Bits) + 32));
    append_bytes(out, static_cast<std::uint64_t>(m_buckets.size()));
    append_bytes(out, static_cast<std::uint32_t>(sizeof(Bits)));
    append_bytes(out, records);
    for (std::uint32_t i : order) encode_bucket(out, i);
    for (std::uint32_t i : m_changed) m_changed_flag[i] = 0;
    m_changed.clear();
}

template <class Bits> void DfpnTable<Bits>::decode(std::span<const std::byte>& in) {
    try {
        const auto buckets = take_bytes<std::uint64_t>(in, "table size");
        const auto width = take_bytes<std::uint32_t>(in, "table size");
        if (buckets != m_buckets.size() || width != sizeof(Bits))
            throw std::invalid_argument("the saved search's table has " + std::to_string(buckets) + " buckets of " +
                                        std::to_string(width) + "-byte cell sets, this one " +
                                        std::to_string(m_buckets.size()) + " of " + std::to_string(sizeof(Bits)));
        const auto records = take_bytes<std::uint64_t>(in, "table size");
        for (std::uint64_t r = 0; r < records; ++r) {
            const auto slot = take_bytes<std::uint32_t>(in, "table");
            if (slot / 2 >= m_buckets.size()) throw std::invalid_argument("a saved search's table slot lies off the table");
            DfpnEntry<Bits> e;
            e.key = take_bytes<std::uint64_t>(in, "table");
            e.bounds.phi = take_bytes<std::uint32_t>(in, "table");
            e.bounds.delta = take_bytes<std::uint32_t>(in, "table");
            e.work = take_bytes<std::uint32_t>(in, "table");
            e.count = take_bytes<std::uint8_t>(in, "table");
            e.rotated = take_bytes<std::uint8_t>(in, "table");
            e.filled[0] = take_bytes<Bits>(in, "table");
            e.filled[1] = take_bytes<Bits>(in, "table");
            e.aux = take_bytes<Bits>(in, "table");
            if (e.work == 0 || e.count > e.moves.size() || in.size() < e.count)
                throw std::invalid_argument("a saved search's table entry is damaged or cut short");
            std::memcpy(e.moves.data(), in.data(), e.count);
            in = in.subspan(e.count);
            Bucket& b = m_buckets[slot / 2];
            if (b.entry[0].work == 0 && b.entry[1].work == 0) m_in_use.push_back(slot / 2);
            b.entry[slot % 2] = e;
        }
    } catch (const std::invalid_argument&) {
        clear();
        throw;
    }
}

template class DfpnTable<Narrow>;
template class DfpnTable<Wide>;

} // namespace cgt::hex
