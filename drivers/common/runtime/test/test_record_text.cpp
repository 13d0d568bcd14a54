#include "common/runtime/journal.hpp"
#include "common/runtime/record_text.hpp"
#include "common/runtime/task_record.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <limits>

using namespace cgt::common;

TEST_CASE("Record text: a task record read without its job gives every table's rows as text", "[common]") {
    const Col<std::int64_t> n{"n", "a number"};
    const Col<std::uint64_t> value{"value", "a text id"};
    const Col<std::uint64_t> count{"count", "a plain count"};
    const Col<std::string> name{"name", "a text"};
    const Col<double> seconds{"seconds", "how long"};
    const Col<std::uint8_t> flag{"copied", "0 or 1"};
    const TableSchema rows{.name = "rows", .order = "n", .meaning = "rows", .columns = {n, value, count, name, flag}};
    const TableSchema empty{.name = "none", .order = "n", .meaning = "no rows", .columns = {n}};
    const TableSchema timings{.name = "timings", .order = "n", .meaning = "t", .columns = {n, seconds}, .measures_run = true};
    const TaskTableSpec spec{.tables = {&rows, &empty, &timings}, .text_ids = {{&rows, "value"}}, .counters = 3};

    TaskTables t(spec);
    t.begin_task();
    const std::uint64_t ids[2] = {t.texts().add("win"), t.texts().add("loss")};
    t.table(rows).begin_block(7);
    for (int k = 0; k < 3; ++k) {
        t.table(rows).column(n).push_back(-5 + k);
        t.table(rows).column(value).push_back(ids[k % 2]);
        t.table(rows).column(count).push_back(std::numeric_limits<std::uint64_t>::max() - static_cast<std::uint64_t>(k));
        t.table(rows).column(name).push_back(k == 1 ? "" : "b2 c3");
        t.table(rows).column(flag).push_back(static_cast<std::uint8_t>(k == 2));
    }
    t.table(timings).begin_block(7);
    t.table(timings).column(n).push_back(7);
    t.table(timings).column(seconds).push_back(0.125);
    // Counters whose bytes could pass for a column's head, were the end not checked.
    t.task_counters() = {3, 0x6162636400000000ULL, 0};
    const EncodedRecord record = t.end_task();
    std::vector<std::byte> payload;
    for (const auto& p : record.pieces) payload.insert(payload.end(), p.begin(), p.end());

    const auto tables = record_tables(payload, "test");
    REQUIRE(tables.size() == 3);
    CHECK(tables[0].columns == std::vector<std::string>{"n", "value", "count", "name", "copied"});
    REQUIRE(tables[0].rows.size() == 3);
    CHECK(tables[0].rows[0] == std::vector<std::string>{"-5", "win", "18446744073709551615", "b2 c3", "0"});
    CHECK(tables[0].rows[1] == std::vector<std::string>{"-4", "loss", "18446744073709551614", "", "0"});
    CHECK(tables[0].rows[2][4] == "1");
    CHECK(tables[1].rows.empty());
    CHECK(tables[1].columns == std::vector<std::string>{"n"});
    CHECK(tables[2].rows == std::vector<std::vector<std::string>>{{"7", "0.125"}});

    // Cut short, or with a byte more: refused, never half-read.
    std::vector<std::byte> cut(payload.begin(), payload.end() - 1);
    CHECK_THROWS_AS(record_tables(cut, "test"), JournalError);
    std::vector<std::byte> longer = payload;
    longer.push_back(std::byte{0});
    CHECK_THROWS_AS(record_tables(longer, "test"), JournalError);
}

TEST_CASE("Task records: numbers are byte-shuffled, and a record of journal format 2 (as in memory) is read alike",
          "[common]") {
    const Col<std::uint64_t> count{"count", "a plain count"};
    const Col<std::uint16_t> small{"small", "a small number"};
    const Col<std::string> name{"name", "a text"};
    const TableSchema rows{.name = "rows", .order = "count", .meaning = "rows", .columns = {count, small, name}};
    const TaskTableSpec spec{.tables = {&rows}, .counters = 1};
    // Format 2: hash, 1 table (no SHUFFLED_LAYOUT), 2 rows in one block of key 4, the columns
    // with their numbers as they are in memory, one counter.
    ByteWriter old;
    old.u64(0);
    old.u32(1);
    old.u64(2);
    old.u32(1);
    old.u64(4);
    old.u64(2);
    old.text("count");
    old.u8(static_cast<std::uint8_t>(ColumnType::UInt64));
    old.u8(0);
    old.u64(0x0102030405060708ULL);
    old.u64(9);
    old.text("small");
    old.u8(static_cast<std::uint8_t>(ColumnType::UInt16));
    old.u8(0);
    old.u16(0x0a0b);
    old.u16(12);
    old.text("name");
    old.u8(static_cast<std::uint8_t>(ColumnType::Text));
    old.u8(0);
    old.u32(2);
    old.u32(0);
    old.raw("ab", 2);
    old.u32(1);
    old.u64(77);
    TaskTables from_old(spec);
    from_old.decode(old.bytes(), "format 2");
    CHECK(from_old.table(rows).column(count) == std::vector<std::uint64_t>{0x0102030405060708ULL, 9});
    CHECK(from_old.table(rows).column(small) == std::vector<std::uint16_t>{0x0a0b, 12});
    CHECK(from_old.table(rows).column(name) == std::vector<std::string>{"ab", ""});
    CHECK(from_old.counters() == std::vector<std::uint64_t>{77});
    CHECK(record_tables(old.bytes(), "format 2")[0].rows ==
          std::vector<std::vector<std::string>>{{"72623859790382856", "2571", "ab"}, {"9", "12", ""}});

    // The same rows written now: the first byte of each number, then the second ...
    TaskTables t(spec);
    t.begin_task();
    t.table(rows).begin_block(4);
    t.table(rows).column(count) = {0x0102030405060708ULL, 9};
    t.table(rows).column(small) = {0x0a0b, 12};
    t.table(rows).column(name) = {"ab", ""};
    t.task_counters() = {77};
    const EncodedRecord record = t.end_task();
    std::vector<std::byte> now;
    for (const auto& p : record.pieces) now.insert(now.end(), p.begin(), p.end());
    REQUIRE(now.size() == old.size());
    std::uint32_t tables = 0;
    std::memcpy(&tables, now.data() + 8, 4);
    CHECK(tables == (1 | SHUFFLED_LAYOUT));
    const std::size_t numbers_at = 8 + 4 + 8 + 4 + 16 + 8 + 5 + 2; // after the head of column "count"
    const std::vector<std::uint8_t> shuffled{0x08, 9, 0x07, 0, 0x06, 0, 0x05, 0, 0x04, 0, 0x03, 0, 0x02, 0, 0x01, 0};
    for (std::size_t k = 0; k < shuffled.size(); ++k)
        CHECK(static_cast<std::uint8_t>(now[numbers_at + k]) == shuffled[k]);
    TaskTables back(spec);
    back.decode(now, "format 3");
    CHECK(back.table(rows).column(count) == from_old.table(rows).column(count));
    CHECK(back.table(rows).column(small) == from_old.table(rows).column(small));
    CHECK(back.table(rows).column(name) == from_old.table(rows).column(name));
    CHECK(back.counters() == std::vector<std::uint64_t>{77});
    CHECK(record_tables(now, "format 3")[0].rows == record_tables(old.bytes(), "format 2")[0].rows);
}
