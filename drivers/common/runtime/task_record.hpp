#pragma once
// What a job's tasks compute, as one rank holds it, and as the journal stores it task by
// task. A job declares the tables its tasks fill (from its schema), the columns among them
// that hold ids of texts in the rank's TextPool (a value's canonical text, written once per
// distinct value), and how many counters a task adds up. A task appends its rows to the
// tables as blocks of its own keys and fills its counters; encode() turns exactly what
// the task added into a journal record, decode() appends a record back, so that a rank
// that restores a task holds what a rank that computed it would (text ids then point to
// the restored texts: the same texts, other ids, which the global numbering of texts
// makes irrelevant). Pure C++: no MPI here.
//
// A record's payload:
//   u64 content hash (of what follows but the tables that measure the run: runs that agree
//       on a task have equal content hashes)
//   u32 tables, with the bit SHUFFLED_LAYOUT set; per table: u64 rows, u32 blocks, (u64 key,
//       u64 rows) per block, and per column: its name, u8 type, u8 text-id flag, then the
//       rows: numbers (little-endian) byte-shuffled (journal_codec.hpp: the first bytes of
//       all, then the second bytes ...), texts as shuffled u32 lengths and the bytes, text
//       ids as the task's own list of distinct texts and a shuffled u32 index per row
//   u32 counters, then the u64 counters shuffled
// so that the deflated record (journal.hpp) is about as small as the rows are in the HDF5
// file, which shuffles and deflates them alike. A record without SHUFFLED_LAYOUT (journal
// format 2) holds its numbers as they are in memory, and is read as well.
#include "common/runtime/schema.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cgt::common {

// The bit of a task record's table count that marks its numbers as shuffled.
inline constexpr std::uint32_t SHUFFLED_LAYOUT = 0x80000000u;

// The texts a rank's text-id columns refer to, by id (repeats allowed: ids are numbered
// across ranks by text later, index_distinct_texts).
class TextPool {
public:
    std::uint64_t add(std::string text) {
        m_texts.push_back(std::move(text));
        return m_texts.size() - 1;
    }
    [[nodiscard]] const std::string& at(std::uint64_t id) const { return m_texts.at(id); }
    [[nodiscard]] std::size_t size() const { return m_texts.size(); }
    [[nodiscard]] const std::vector<std::string>& texts() const { return m_texts; }
    // Hands the texts over; the pool is then empty (and must not be added to again).
    std::vector<std::string> take() {
        std::vector<std::string> out = std::move(m_texts);
        m_texts.clear();
        return out;
    }

private:
    std::vector<std::string> m_texts;
};

// The tables a job's tasks fill.
struct TaskTableSpec {
    std::vector<const TableSchema*> tables = {};
    // (table, column name) of every column holding TextPool ids (uint64); the table is one
    // of `tables`.
    std::vector<std::pair<const TableSchema*, std::string>> text_ids = {};
    std::size_t counters = 0; // counters per task, added up over tasks
};

// A record encoded for JournalWriter::append: pieces that point into the tables (numbers
// are not copied) and into buffers of its own; valid while the tables are unchanged.
struct EncodedRecord {
    std::vector<std::span<const std::byte>> pieces;
    std::vector<std::vector<std::byte>> buffers;
    std::uint64_t content_hash = 0;
};

class TaskTables {
public:
    explicit TaskTables(TaskTableSpec spec);

    // The table `schema` declares (one of the spec's tables, found by its name); std::logic_error
    // if the spec has none of that name.
    [[nodiscard]] LocalTable& table(const TableSchema& schema) { return m_tables[index_of(schema)]; }
    // The spec's i-th table: for the runtime, which goes through them all in order.
    [[nodiscard]] LocalTable& table_at(std::size_t i) { return m_tables.at(i); }
    [[nodiscard]] std::size_t table_count() const { return m_tables.size(); }
    // The place of `schema`'s table among the spec's tables; std::logic_error if none.
    [[nodiscard]] std::size_t index_of(const TableSchema& schema) const;
    [[nodiscard]] const TableSchema& schema(std::size_t i) const { return *m_spec.tables.at(i); }
    [[nodiscard]] TextPool& texts() { return m_texts; }
    // Starts a block of `key` in every table (LocalTable::begin_block).
    void begin_blocks(std::uint64_t key) {
        for (LocalTable& t : m_tables) t.begin_block(key);
    }
    // This rank's counters: the sum over the tasks it computed or restored.
    [[nodiscard]] std::vector<std::uint64_t>& counters() { return m_counters; }
    [[nodiscard]] std::vector<std::uint64_t>& task_counters() { return m_task_counters; }
    [[nodiscard]] const TaskTableSpec& spec() const { return m_spec; }

    // Before a task: where its rows will start. Zeroes the task's counters.
    void begin_task();
    // After a task: closes its blocks and checks that its rows are all in blocks of its
    // own (std::logic_error otherwise), adds its counters to the rank's; returns the record.
    EncodedRecord end_task();
    // After a task that stopped early: checks that it added no rows.
    void abandon_task();
    // Appends the rows and counters of a record (JournalError if it does not fit these
    // tables: another build's journal). Returns its content hash.
    std::uint64_t decode(std::span<const std::byte> payload, const std::string& what);
    // The content hash at the head of a payload.
    static std::uint64_t content_hash(std::span<const std::byte> payload_head);

private:
    bool is_text_id(std::size_t table, const std::string& column) const;

    TaskTableSpec m_spec;
    std::vector<LocalTable> m_tables;
    TextPool m_texts;
    std::vector<std::uint64_t> m_counters, m_task_counters;
    // At begin_task: rows and blocks of each table.
    std::vector<std::uint64_t> m_mark_rows, m_mark_blocks;
};

} // namespace cgt::common
