#include "common/runtime/journal.hpp"
#include "common/runtime/record_text.hpp"
#include "common/runtime/task_record.hpp"

#include <catch2/catch.hpp>

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
