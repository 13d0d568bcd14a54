#include "common/runtime/table.hpp"

#include "common/plumbing/hash.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <utility>

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

void LocalTable::add_block(const Block& block) {
    const std::uint64_t end = m_blocks.empty() ? 0 : m_blocks.back().first_row + m_blocks.back().rows;
    if (block.first_row != end || block.first_row + block.rows > rows())
        throw std::logic_error("LocalTable::add_block: block of rows " + std::to_string(block.first_row) + ".." +
                               std::to_string(block.first_row + block.rows) + " does not follow the blocks before it");
    m_blocks.push_back(block);
}

std::uint64_t LocalTable::rows() const { return m_columns.empty() ? 0 : m_columns.front().size(); }

Column& LocalTable::find(const std::string& name) {
    return const_cast<Column&>(std::as_const(*this).find(name));
}

const Column& LocalTable::find(const std::string& name) const {
    for (const auto& c : m_columns)
        if (c.name == name) return c;
    throw std::logic_error("no table column '" + name + "'");
}

namespace {
template <class T> std::uint64_t value_hash(const T& v) {
    if constexpr (std::is_same_v<T, std::string>) return hash_bytes(v.data(), v.size());
    else if constexpr (std::is_same_v<T, double>) {
        std::uint64_t bits;
        static_assert(sizeof bits == sizeof v);
        std::memcpy(&bits, &v, sizeof bits);
        return mix64(bits);
    } else return mix64(static_cast<std::uint64_t>(v));
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
                    sum += mix64(name_hash ^ mix64((s.global_first + i) ^ value_hash(values[s.local_first + i])));
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
