#include "common/runtime/record_text.hpp"

#include "common/runtime/journal.hpp"
#include "common/runtime/journal_codec.hpp"
#include "common/runtime/task_record.hpp"
#include "common/runtime/table.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <optional>

namespace cgt::common {

namespace {

// `n` numbers of type T from the reader, byte-shuffled or not (task_record.hpp).
template <class T> std::vector<T> numbers(ByteReader& in, std::size_t n, bool shuffled) {
    std::vector<T> out(n);
    if (shuffled && sizeof(T) > 1)
        unshuffle_bytes(in.take(n * sizeof(T)), sizeof(T), reinterpret_cast<std::byte*>(out.data()));
    else
        in.raw(out.data(), n * sizeof(T));
    return out;
}

// `n` numbers of type T from the reader, as text.
template <class T>
void read_numbers(ByteReader& in, std::size_t n, bool shuffled, std::vector<std::string>& out, const char* format) {
    for (const T v : numbers<T>(in, n, shuffled)) {
        char text[40];
        if constexpr (std::is_floating_point_v<T>)
            std::snprintf(text, sizeof text, format, static_cast<double>(v));
        else if constexpr (std::is_signed_v<T>)
            std::snprintf(text, sizeof text, format, static_cast<std::int64_t>(v));
        else
            std::snprintf(text, sizeof text, format, static_cast<std::uint64_t>(v));
        out.emplace_back(text);
    }
}

// The head of the next column of a table (its name, type and text-id flag), read from `in`;
// nullopt, `in` unmoved, when what follows is no column head. The record does not count a
// table's columns: they run until the next table's row count or the counters. A column's
// head is a name of [a-z0-9_] (u64 length 1..64, its bytes), its type (u8, 0..5) and its
// text-id flag (u8, 0 or 1); what follows a table's last column is the next table's u64 row
// count and u32 block count, or the u32 counter count and the u64 counters, which read as
// such a head only if a block count passes 800 million or a counter 7e16. Even then nothing
// is misread: the counters must end the record to the byte, or it is refused.
struct ColumnHead {
    std::string name;
    ColumnType type;
    bool text_id;
};
std::optional<ColumnHead> column_head(ByteReader& in) {
    try {
        ByteReader peek = in;
        const std::uint64_t length = peek.u64();
        if (length == 0 || length > 64) return std::nullopt;
        peek = in;
        std::string name = peek.text();
        if (name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos) return std::nullopt;
        const std::uint8_t t8 = peek.u8(), flag = peek.u8();
        if (t8 > static_cast<std::uint8_t>(ColumnType::Text) || flag > 1) return std::nullopt;
        in = peek;
        return ColumnHead{std::move(name), static_cast<ColumnType>(t8), flag == 1};
    } catch (const JournalError&) {
        return std::nullopt;
    }
}

// The `n` values of a column as text.
std::vector<std::string> column_values(ByteReader& in, const ColumnHead& head, std::size_t n, bool shuffled) {
    std::vector<std::string> values;
    values.reserve(n);
    switch (head.type) {
    case ColumnType::Int64: read_numbers<std::int64_t>(in, n, shuffled, values, "%" PRId64); break;
    case ColumnType::UInt64:
        if (head.text_id) {
            const std::uint32_t count = in.u32();
            std::vector<std::string> texts;
            for (std::uint32_t k = 0; k < count; ++k) texts.push_back(in.text());
            for (const std::uint32_t k : numbers<std::uint32_t>(in, n, shuffled)) {
                if (k >= count) in.fail("a text id outside the record's texts");
                values.push_back(texts[k]);
            }
        } else {
            read_numbers<std::uint64_t>(in, n, shuffled, values, "%" PRIu64);
        }
        break;
    case ColumnType::UInt16: read_numbers<std::uint16_t>(in, n, shuffled, values, "%" PRIu64); break;
    case ColumnType::UInt8: read_numbers<std::uint8_t>(in, n, shuffled, values, "%" PRIu64); break;
    case ColumnType::Float64: read_numbers<double>(in, n, shuffled, values, "%.6g"); break;
    case ColumnType::Text: {
        for (const std::uint32_t len : numbers<std::uint32_t>(in, n, shuffled)) {
            const auto b = in.take(len);
            values.emplace_back(reinterpret_cast<const char*>(b.data()), b.size());
        }
        break;
    }
    default: in.fail("a column of unknown type " + std::to_string(static_cast<int>(head.type)));
    }
    return values;
}

// One table of the record: its row count, blocks and columns.
RecordTable read_table(ByteReader& in, std::size_t payload_size, bool shuffled) {
    const std::uint64_t rows = in.u64();
    if (rows > payload_size) in.fail("a table of more rows than the record has bytes");
    const std::size_t n = static_cast<std::size_t>(rows);
    const std::uint32_t n_blocks = in.u32();
    std::uint64_t in_blocks = 0;
    for (std::uint32_t b = 0; b < n_blocks; ++b) {
        (void)in.u64(); // the block's key
        in_blocks += in.u64();
    }
    if (in_blocks != rows) in.fail("the blocks of a table do not add up to its rows");
    RecordTable table;
    std::vector<std::vector<std::string>> columns;
    while (const std::optional<ColumnHead> head = column_head(in)) {
        columns.push_back(column_values(in, *head, n, shuffled));
        table.columns.push_back(head->name);
    }
    table.rows.assign(n, {});
    for (std::size_t r = 0; r < n; ++r)
        for (const auto& c : columns) table.rows[r].push_back(c[r]);
    return table;
}

} // namespace

std::vector<RecordTable> record_tables(std::span<const std::byte> payload, const std::string& what) {
    ByteReader in(payload, what);
    (void)in.u64(); // the content hash
    const std::uint32_t word = in.u32();
    const bool shuffled = (word & SHUFFLED_LAYOUT) != 0;
    const std::uint32_t n_tables = word & ~SHUFFLED_LAYOUT;
    std::vector<RecordTable> out;
    for (std::uint32_t t = 0; t < n_tables; ++t) out.push_back(read_table(in, payload.size(), shuffled));
    const std::uint32_t counters = in.u32();
    if (in.position() + 8ULL * counters != payload.size()) in.fail("not a task record (its counters do not end it)");
    return out;
}

} // namespace cgt::common
