#pragma once
// The order in which ResultFile::write_table places a rank's rows: blocks by key. Job tests
// use it to compare what different splits would write without MPI.
#include "common/runtime/table.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace cgt::jobs::hackenbush_common {

// Local row indices of `table` in the order of its blocks' keys (call end_blocks first).
inline std::vector<std::uint64_t> rows_in_key_order(const common::LocalTable& table) {
    std::vector<common::Block> blocks = table.blocks();
    std::sort(blocks.begin(), blocks.end(), [](const auto& a, const auto& b) { return a.key < b.key; });
    std::vector<std::uint64_t> rows;
    for (const auto& b : blocks)
        for (std::uint64_t r = 0; r < b.rows; ++r) rows.push_back(b.first_row + r);
    return rows;
}

// A column's values in that order.
template <class T>
std::vector<T> column_in_key_order(common::LocalTable& table, const common::Col<T>& name) {
    const auto& column = table.column(name);
    std::vector<T> out;
    for (std::uint64_t r : rows_in_key_order(table)) out.push_back(column[r]);
    return out;
}

} // namespace cgt::jobs::hackenbush_common
