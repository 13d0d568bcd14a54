#include "common/table.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>

namespace cgt::common {

std::size_t Column::size() const {
    return std::visit([](const auto& v) { return v.size(); }, data);
}

void LocalTable::begin_block(std::uint64_t key) {
    end_blocks();
    m_blocks.push_back({key, rows(), 0});
}

void LocalTable::end_blocks() {
    const std::uint64_t n = rows();
    for (const auto& c : m_columns)
        if (c.size() != n)
            throw std::logic_error("table column '" + c.name + "' has " +
                                   std::to_string(c.size()) + " rows, expected " +
                                   std::to_string(n));
    if (!m_blocks.empty()) m_blocks.back().rows = n - m_blocks.back().first_row;
}

std::uint64_t LocalTable::rows() const { return m_columns.empty() ? 0 : m_columns.front().size(); }

Column& LocalTable::find(const std::string& name) {
    for (auto& c : m_columns)
        if (c.name == name) return c;
    throw std::logic_error("no table column '" + name + "'");
}

namespace {
// splitmix64 finaliser: a fixed, well-mixed 64-bit hash step (no process-dependent seed).
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}
std::uint64_t load_le(const unsigned char* b, std::size_t n) {
    // n <= 8 bytes as a little-endian word (compilers turn a full word into one load).
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < n; ++k) word |= std::uint64_t{b[k]} << (8 * k);
    return word;
}
std::uint64_t hash_bytes(const void* p, std::size_t n) {
    // Eight bytes at a time as little-endian words, the tail zero-padded and the length
    // mixed in: the same on every process and platform, and fast on long texts.
    const auto* b = static_cast<const unsigned char*>(p);
    std::uint64_t h = mix(0xcbf29ce484222325ull ^ n);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) h = mix(h ^ load_le(b + i, 8));
    if (i < n) h = mix(h ^ load_le(b + i, n - i));
    return h;
}
template <class T> std::uint64_t value_hash(const T& v) {
    if constexpr (std::is_same_v<T, std::string>) return hash_bytes(v.data(), v.size());
    else if constexpr (std::is_same_v<T, double>) {
        std::uint64_t bits;
        static_assert(sizeof bits == sizeof v);
        std::memcpy(&bits, &v, sizeof bits);
        return mix(bits);
    } else return mix(static_cast<std::uint64_t>(v));
}
} // namespace

std::uint64_t column_checksum(const std::string& name, const ColumnData& data,
                              std::span<const Segment> segments) {
    const std::uint64_t name_hash = hash_bytes(name.data(), name.size());
    return std::visit(
        [&](const auto& values) {
            std::uint64_t sum = 0;
            for (const Segment& s : segments) {
                if (s.local_first + s.rows > values.size())
                    throw std::logic_error("column_checksum: segment outside the column");
                for (std::uint64_t i = 0; i < s.rows; ++i)
                    sum += mix(name_hash ^ mix((s.global_first + i) ^ value_hash(values[s.local_first + i])));
            }
            return sum;
        },
        data);
}

std::vector<std::uint64_t> block_offsets(std::span<const Block> local,
                                         std::span<const std::uint64_t> all_keys,
                                         std::span<const std::uint64_t> all_rows) {
    std::vector<std::size_t> order(all_keys.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return all_keys[a] < all_keys[b]; });
    std::vector<std::pair<std::uint64_t, std::uint64_t>> key_offset; // sorted by key
    key_offset.reserve(order.size());
    std::uint64_t offset = 0;
    for (std::size_t i : order) {
        if (!key_offset.empty() && key_offset.back().first == all_keys[i])
            throw std::invalid_argument("two table blocks share the key " +
                                        std::to_string(all_keys[i]));
        key_offset.emplace_back(all_keys[i], offset);
        offset += all_rows[i];
    }
    std::vector<std::uint64_t> out;
    out.reserve(local.size());
    for (const Block& b : local) {
        auto it = std::lower_bound(key_offset.begin(), key_offset.end(),
                                   std::make_pair(b.key, std::uint64_t{0}));
        if (it == key_offset.end() || it->first != b.key)
            throw std::logic_error("block_offsets: local block missing from the global list");
        out.push_back(it->second);
    }
    return out;
}

} // namespace cgt::common
