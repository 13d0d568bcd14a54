#include "common/runtime/task_record.hpp"

#include "common/plumbing/hash.hpp"
#include "common/runtime/journal.hpp"
#include "common/runtime/journal_codec.hpp"

#include <climits>
#include <cstring>
#include <stdexcept>
#include <unordered_map>

namespace cgt::common {

namespace {

// Pieces of a record under construction: small fields go to a buffer of the record's own,
// big runs of numbers are pointed to where they lie.
class PieceBuilder {
public:
    explicit PieceBuilder(EncodedRecord& record) : m_record(record) {}
    ByteWriter& meta() { return m_meta; }
    void point_to(std::span<const std::byte> bytes) {
        flush();
        if (!bytes.empty()) m_record.pieces.push_back(bytes);
    }
    void own(std::vector<std::byte> bytes) {
        flush();
        m_record.buffers.push_back(std::move(bytes));
        m_record.pieces.emplace_back(m_record.buffers.back());
    }
    void flush() {
        if (m_meta.size() == 0) return;
        m_record.buffers.push_back(std::move(m_meta.bytes()));
        m_record.pieces.emplace_back(m_record.buffers.back());
        m_meta = ByteWriter();
    }
    [[nodiscard]] std::size_t pieces() {
        flush();
        return m_record.pieces.size();
    }

private:
    EncodedRecord& m_record;
    ByteWriter m_meta;
};

std::uint32_t u32_count(std::uint64_t n, const char* what) {
    if (n > UINT32_MAX) throw std::runtime_error(std::string("a task's ") + what + " exceed 2^32 - 1 in one journal record");
    return static_cast<std::uint32_t>(n);
}

template <class T> std::span<const std::byte> bytes_of(const std::vector<T>& v, std::uint64_t first, std::uint64_t end) {
    return std::as_bytes(std::span<const T>(v.data() + first, end - first));
}

// Numbers of `width` bytes as a record piece: shuffled (journal_codec.hpp) into a buffer of
// the record's own, or pointed to where they lie when a byte wide.
void add_numbers(PieceBuilder& out, std::span<const std::byte> bytes, std::size_t width) {
    if (width == 1) {
        out.point_to(bytes);
        return;
    }
    std::vector<std::byte> shuffled(bytes.size());
    shuffle_bytes(bytes, width, shuffled.data());
    out.own(std::move(shuffled));
}

// A column's rows r0 .. r1 - 1 as record pieces: numbers pointed to where they lie, texts
// as their lengths and bytes, text ids as the task's own list of the texts it names (in
// order of first use) and an index into it.
void encode_column(PieceBuilder& out, const Column& column, std::uint64_t r0, std::uint64_t r1, bool text_id,
                   const TextPool& texts) {
    std::visit(
        [&](const auto& values) {
            using T = typename std::decay_t<decltype(values)>::value_type;
            if constexpr (std::is_same_v<T, std::string>) {
                std::vector<std::uint32_t> lengths;
                std::uint64_t bytes = 0;
                for (std::uint64_t r = r0; r < r1; ++r) {
                    lengths.push_back(u32_count(values[r].size(), "texts' lengths"));
                    bytes += values[r].size();
                }
                add_numbers(out, std::as_bytes(std::span(lengths)), 4);
                ByteWriter w;
                w.bytes().reserve(bytes);
                for (std::uint64_t r = r0; r < r1; ++r) w.raw(values[r].data(), values[r].size());
                out.own(std::move(w.bytes()));
            } else if constexpr (std::is_same_v<T, std::uint64_t>) {
                if (!text_id) {
                    add_numbers(out, bytes_of(values, r0, r1), 8);
                    return;
                }
                std::unordered_map<std::uint64_t, std::uint32_t> local;
                std::vector<std::uint64_t> order;
                ByteWriter w;
                std::vector<std::uint32_t> index(r1 - r0);
                for (std::uint64_t r = r0; r < r1; ++r) {
                    auto [it, fresh] = local.try_emplace(values[r], static_cast<std::uint32_t>(order.size()));
                    if (fresh) order.push_back(values[r]);
                    index[r - r0] = it->second;
                }
                w.u32(u32_count(order.size(), "texts"));
                for (std::uint64_t id : order) w.text(texts.at(id));
                out.own(std::move(w.bytes()));
                add_numbers(out, std::as_bytes(std::span(index)), 4);
            } else {
                add_numbers(out, bytes_of(values, r0, r1), sizeof(T));
            }
        },
        column.data);
}

// The content hash of a finished record: every piece after the head, but those of the
// tables that measure the run (pieces [a, b) of `measured`), written into the head.
void set_content_hash(EncodedRecord& record, const std::vector<std::pair<std::size_t, std::size_t>>& measured) {
    const auto counted = [&](std::size_t p) {
        for (const auto& [a, b] : measured)
            if (p >= a && p < b) return false;
        return true;
    };
    std::uint64_t total = record.pieces.front().size() - 8;
    for (std::size_t p = 1; p < record.pieces.size(); ++p)
        if (counted(p)) total += record.pieces[p].size();
    StreamHash hash(total);
    hash.update(record.pieces.front().subspan(8));
    for (std::size_t p = 1; p < record.pieces.size(); ++p)
        if (counted(p)) hash.update(record.pieces[p]);
    record.content_hash = hash.value();
    // The head is the first piece, in the first buffer: write the hash into it.
    std::memcpy(record.buffers.front().data(), &record.content_hash, 8);
}

} // namespace

TaskTables::TaskTables(TaskTableSpec spec) : m_spec(std::move(spec)) {
    for (const TableSchema* s : m_spec.tables) m_tables.push_back(s->make());
    for (const auto& [t, column] : m_spec.text_ids)
        if (m_spec.tables.at(index_of(*t))->column(column).type != ColumnType::UInt64)
            throw std::logic_error("text-id column " + column + " of " + t->name + " is not uint64");
    m_counters.assign(m_spec.counters, 0);
    m_task_counters.assign(m_spec.counters, 0);
}

std::size_t TaskTables::index_of(const TableSchema& schema) const {
    for (std::size_t i = 0; i < m_spec.tables.size(); ++i)
        if (m_spec.tables[i]->name == schema.name) return i;
    throw std::logic_error("no task table " + schema.name + " among the job's tables");
}

bool TaskTables::is_text_id(std::size_t table, const std::string& column) const {
    for (const auto& [t, c] : m_spec.text_ids)
        if (t->name == m_spec.tables[table]->name && c == column) return true;
    return false;
}

void TaskTables::begin_task() {
    m_mark_rows.clear();
    m_mark_blocks.clear();
    for (LocalTable& t : m_tables) {
        t.end_blocks();
        m_mark_rows.push_back(t.rows());
        m_mark_blocks.push_back(t.blocks().size());
    }
    std::fill(m_task_counters.begin(), m_task_counters.end(), 0);
}

void TaskTables::abandon_task() {
    for (std::size_t i = 0; i < m_tables.size(); ++i)
        if (m_tables[i].rows() != m_mark_rows.at(i) || m_tables[i].blocks().size() != m_mark_blocks.at(i))
            throw std::logic_error("a task that stopped early added rows to " + schema(i).name);
}

EncodedRecord TaskTables::end_task() {
    EncodedRecord record;
    PieceBuilder out(record);
    out.meta().u64(0); // the content hash, filled in below
    out.meta().u32(u32_count(m_tables.size(), "tables") | SHUFFLED_LAYOUT);
    // Pieces [measured_from[i], measured_to[i]) belong to tables that measure the run.
    std::vector<std::pair<std::size_t, std::size_t>> measured;
    for (std::size_t i = 0; i < m_tables.size(); ++i) {
        LocalTable& table = m_tables[i];
        table.end_blocks();
        const std::uint64_t r0 = m_mark_rows.at(i), r1 = table.rows();
        const auto& blocks = table.blocks();
        const std::size_t b0 = m_mark_blocks.at(i);
        if (r1 > r0 && (blocks.size() == b0 || blocks[b0].first_row != r0))
            throw std::logic_error("a task added rows to " + schema(i).name + " outside blocks of its own");
        const std::size_t first_piece = out.pieces();
        out.meta().u64(r1 - r0);
        out.meta().u32(u32_count(blocks.size() - b0, "blocks"));
        for (std::size_t b = b0; b < blocks.size(); ++b) {
            out.meta().u64(blocks[b].key);
            out.meta().u64(blocks[b].rows);
        }
        for (const Column& column : table.columns()) {
            const bool text_id = is_text_id(i, column.name);
            out.meta().text(column.name);
            out.meta().u8(static_cast<std::uint8_t>(column.type()));
            out.meta().u8(text_id ? 1 : 0);
            encode_column(out, column, r0, r1, text_id, m_texts);
        }
        if (schema(i).measures_run) measured.emplace_back(first_piece, out.pieces());
    }
    out.meta().u32(u32_count(m_task_counters.size(), "counters"));
    add_numbers(out, std::as_bytes(std::span(m_task_counters)), 8);
    out.flush();
    for (std::size_t k = 0; k < m_task_counters.size(); ++k) m_counters[k] += m_task_counters[k];

    set_content_hash(record, measured);
    return record;
}

std::uint64_t TaskTables::content_hash(std::span<const std::byte> head) {
    if (head.size() < 8) throw JournalError("a task record is shorter than its head");
    std::uint64_t h = 0;
    std::memcpy(&h, head.data(), 8);
    return h;
}

std::uint64_t TaskTables::decode(std::span<const std::byte> payload, const std::string& what) {
    ByteReader in(payload, what);
    const std::uint64_t hash = in.u64();
    const std::uint32_t tables = in.u32();
    const bool shuffled = (tables & SHUFFLED_LAYOUT) != 0;
    // `n` numbers of `width` bytes into `to`, shuffled or as they are.
    const auto numbers = [&](void* to, std::size_t n, std::size_t width) {
        if (!shuffled || width == 1) return in.raw(to, n * width);
        if (n > payload.size()) in.fail("the record ends too soon");
        unshuffle_bytes(in.take(n * width), width, static_cast<std::byte*>(to));
    };
    if ((tables & ~SHUFFLED_LAYOUT) != m_tables.size()) in.fail("the record holds another number of tables than this program's");
    for (std::size_t i = 0; i < m_tables.size(); ++i) {
        LocalTable& table = m_tables[i];
        table.end_blocks();
        const std::uint64_t base = table.rows();
        const std::uint64_t rows = in.u64();
        const std::uint32_t n_blocks = in.u32();
        std::vector<Block> blocks;
        std::uint64_t at = base;
        for (std::uint32_t b = 0; b < n_blocks; ++b) {
            Block block{in.u64(), at, in.u64()};
            at += block.rows;
            blocks.push_back(block);
        }
        if (at - base != rows) in.fail("the blocks of table " + schema(i).name + " do not add up to its rows");
        for (Column& column : table.columns()) {
            const bool text_id = is_text_id(i, column.name);
            if (in.text() != column.name || in.u8() != static_cast<std::uint8_t>(column.type()) ||
                (in.u8() != 0) != text_id)
                in.fail("table " + schema(i).name + " has other columns than this program's (column " + column.name + ")");
            std::visit(
                [&](auto& values) {
                    using T = typename std::decay_t<decltype(values)>::value_type;
                    const std::size_t n = static_cast<std::size_t>(rows);
                    if constexpr (std::is_same_v<T, std::string>) {
                        std::vector<std::uint32_t> lengths(n);
                        numbers(lengths.data(), n, 4);
                        for (std::uint32_t len : lengths) {
                            const auto b = in.take(len);
                            values.emplace_back(reinterpret_cast<const char*>(b.data()), b.size());
                        }
                    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
                        if (!text_id) {
                            const std::size_t old = values.size();
                            values.resize(old + n);
                            numbers(values.data() + old, n, 8);
                            return;
                        }
                        const std::uint32_t count = in.u32();
                        std::vector<std::uint64_t> ids(count);
                        for (std::uint32_t k = 0; k < count; ++k) ids[k] = m_texts.add(in.text());
                        std::vector<std::uint32_t> index(n);
                        numbers(index.data(), n, 4);
                        for (std::uint32_t k : index) {
                            if (k >= count) in.fail("a text id outside the record's texts");
                            values.push_back(ids[k]);
                        }
                    } else {
                        const std::size_t old = values.size();
                        values.resize(old + n);
                        numbers(values.data() + old, n, sizeof(T));
                    }
                },
                column.data);
        }
        for (const Block& b : blocks) table.add_block(b);
        table.end_blocks();
    }
    if (in.u32() != m_counters.size()) in.fail("the record holds another number of counters than this program's");
    std::vector<std::uint64_t> counters(m_counters.size());
    numbers(counters.data(), counters.size(), 8);
    for (std::size_t k = 0; k < counters.size(); ++k) m_counters[k] += counters[k];
    if (!in.at_end()) in.fail("bytes left over after the record");
    return hash;
}

} // namespace cgt::common
