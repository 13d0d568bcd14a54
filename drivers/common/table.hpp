#pragma once
// A result table as one rank holds it before the collective write: named columns of equal
// length, and the rows grouped into blocks that each carry a global sort key (the task id
// of the dynamic queue, or the rank of a static split). The writer places blocks in key
// order, so the file's row order is the enumeration order whatever the rank count.
// Pure C++: no MPI or HDF5 here.
#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace cgt::common {

using ColumnData = std::variant<std::vector<std::int64_t>, std::vector<std::uint64_t>,
                                std::vector<std::uint16_t>, std::vector<std::uint8_t>,
                                std::vector<double>, std::vector<std::string>>;

enum class ColumnType { Int64, UInt64, UInt16, UInt8, Float64, Text };

struct Column {
    std::string name;
    ColumnData data;
    [[nodiscard]] ColumnType type() const { return static_cast<ColumnType>(data.index()); }
    [[nodiscard]] std::size_t size() const;
};

struct Block {
    std::uint64_t key;       // global order of the block among all ranks' blocks
    std::uint64_t first_row; // local row index
    std::uint64_t rows;
};

class LocalTable {
public:
    // Declares a column; all ranks must declare the same columns in the same order.
    template <class T> std::vector<T>& add_column(const std::string& name) {
        m_columns.push_back({name, std::vector<T>{}});
        return std::get<std::vector<T>>(m_columns.back().data);
    }
    template <class T> std::vector<T>& column(const std::string& name) {
        return std::get<std::vector<T>>(find(name).data);
    }

    // Starts a block: the rows appended from now on, until the next begin_block, go to
    // the file as one run at the place of `key` in the global key order. Keys must be
    // unique across all ranks.
    void begin_block(std::uint64_t key);
    // Closes the last block at the current column length; checks equal column lengths.
    void end_blocks();

    [[nodiscard]] const std::deque<Column>& columns() const { return m_columns; }
    [[nodiscard]] const std::vector<Block>& blocks() const { return m_blocks; }
    [[nodiscard]] std::uint64_t rows() const;

private:
    Column& find(const std::string& name);
    std::deque<Column> m_columns; // a deque: add_column's references stay valid
    std::vector<Block> m_blocks;
};

// The order-independent checksum of a column's rows: the sum (mod 2^64) over rows of a
// 64-bit hash of (column name, global row index, value). Summing per-rank partial sums
// gives the same result whatever the split, and a reader recomputes it from the file, so
// an altered value, a moved row or a renamed column is detected.
// A run of rows: `rows` local rows from `local_first` on, at global rows from `global_first`.
struct Segment {
    std::uint64_t local_first;
    std::uint64_t global_first;
    std::uint64_t rows;
};
std::uint64_t column_checksum(const std::string& name, const ColumnData& data,
                              std::span<const Segment> segments);

// Global offsets of the local blocks, given every rank's (key, rows) pairs. Throws
// std::invalid_argument if two blocks share a key.
std::vector<std::uint64_t> block_offsets(std::span<const Block> local,
                                         std::span<const std::uint64_t> all_keys,
                                         std::span<const std::uint64_t> all_rows);

} // namespace cgt::common
