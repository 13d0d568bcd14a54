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
#include <type_traits>
#include <variant>
#include <vector>

namespace cgt::common {

using ColumnData = std::variant<std::vector<std::int64_t>, std::vector<std::uint64_t>,
                                std::vector<std::uint16_t>, std::vector<std::uint8_t>,
                                std::vector<double>, std::vector<std::string>>;

enum class ColumnType { Int64, UInt64, UInt16, UInt8, Float64, Text };

// The ColumnType of a column's element type.
template <class T> constexpr ColumnType column_type_of() {
    if constexpr (std::is_same_v<T, std::int64_t>) return ColumnType::Int64;
    else if constexpr (std::is_same_v<T, std::uint64_t>) return ColumnType::UInt64;
    else if constexpr (std::is_same_v<T, std::uint16_t>) return ColumnType::UInt16;
    else if constexpr (std::is_same_v<T, std::uint8_t>) return ColumnType::UInt8;
    else if constexpr (std::is_same_v<T, double>) return ColumnType::Float64;
    else {
        static_assert(std::is_same_v<T, std::string>, "a column holds int64, uint64, uint16, uint8, double or text");
        return ColumnType::Text;
    }
}

// A column as a job's schema declares it (common/runtime/schema.hpp): its name, its element type
// and one line of what it means. Code names a column by its Col, never by a string
// literal of its own, so the driver, its tests and its verify program cannot drift apart.
template <class T> struct Col {
    using value_type = T;
    const char* name;
    const char* meaning;
    static constexpr ColumnType type = column_type_of<T>();
    operator std::string() const { return name; } // NOLINT: a Col stands where a name is asked for
};

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
    template <class T> std::vector<T>& column(const Col<T>& col) { return column<T>(col.name); }
    template <class T> const std::vector<T>& column(const Col<T>& col) const {
        return std::get<std::vector<T>>(find(col.name).data);
    }

    // Starts a block: the rows appended from now on, until the next begin_block, go to
    // the file as one run at the place of `key` in the global key order. Keys must be
    // unique across all ranks.
    void begin_block(std::uint64_t key);
    // Closes the last block at the current column length; checks equal column lengths.
    void end_blocks();
    // Records a block of rows already appended to the columns (a task restored from the
    // journal): it must start where the earlier blocks end. Call end_blocks() after the
    // last one.
    void add_block(const Block& block);

    [[nodiscard]] const std::deque<Column>& columns() const { return m_columns; }
    [[nodiscard]] std::deque<Column>& columns() { return m_columns; }
    [[nodiscard]] const std::vector<Block>& blocks() const { return m_blocks; }
    [[nodiscard]] std::uint64_t rows() const;

private:
    Column& find(const std::string& name);
    [[nodiscard]] const Column& find(const std::string& name) const;
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
