#include "common/runtime/table.hpp"

#include <catch2/catch.hpp>

using namespace cgt::common;

TEST_CASE("Table: blocks record their rows and global offsets follow key order", "[common]") {
    LocalTable t;
    auto& a = t.add_column<std::int64_t>("a");
    auto& b = t.add_column<std::string>("b");
    t.begin_block(5);
    a.push_back(1); b.push_back("x");
    a.push_back(2); b.push_back("y");
    t.begin_block(9);
    a.push_back(3); b.push_back("z");
    t.end_blocks();
    REQUIRE(t.blocks().size() == 2);
    CHECK(t.blocks()[0].rows == 2);
    CHECK(t.blocks()[1].first_row == 2);
    // Another rank holds keys 1 (4 rows) and 7 (10 rows).
    const std::vector<std::uint64_t> keys = {5, 9, 1, 7}, rows = {2, 1, 4, 10};
    const auto offsets = block_offsets(t.blocks(), keys, rows);
    CHECK(offsets == std::vector<std::uint64_t>{4, 16});
    const std::vector<std::uint64_t> dup_keys = {5, 9, 5}, dup_rows = {2, 1, 1};
    CHECK_THROWS_WITH(block_offsets(t.blocks(), dup_keys, dup_rows), Catch::Contains("share the key 5"));
}

TEST_CASE("Table: unequal column lengths are a logic error", "[common]") {
    LocalTable t;
    auto& a = t.add_column<std::int64_t>("a");
    t.add_column<double>("b");
    t.begin_block(0);
    a.push_back(1);
    CHECK_THROWS_WITH(t.end_blocks(), Catch::Contains("column 'b' has 0 rows"));
}

TEST_CASE("Table: the checksum is split-independent and sees any change", "[common]") {
    const ColumnData values = std::vector<std::string>{"0", "*", "1/2", "{0|*}"};
    const Segment whole{0, 0, 4};
    const std::uint64_t full = column_checksum("value", values, std::span(&whole, 1));
    // The same rows held by two ranks in two runs sum to the same checksum.
    const ColumnData first = std::vector<std::string>{"0", "*"};
    const ColumnData second = std::vector<std::string>{"1/2", "{0|*}"};
    const Segment s1{0, 0, 2}, s2{0, 2, 2};
    CHECK(column_checksum("value", first, std::span(&s1, 1)) +
              column_checksum("value", second, std::span(&s2, 1)) == full);
    // A changed value, swapped rows or another column name change it.
    const ColumnData changed = std::vector<std::string>{"0", "*", "1/4", "{0|*}"};
    const ColumnData swapped = std::vector<std::string>{"*", "0", "1/2", "{0|*}"};
    CHECK(column_checksum("value", changed, std::span(&whole, 1)) != full);
    CHECK(column_checksum("value", swapped, std::span(&whole, 1)) != full);
    CHECK(column_checksum("values", values, std::span(&whole, 1)) != full);
    const ColumnData numbers = std::vector<double>{0.5, 1.5, -2.0, 3.25};
    const ColumnData numbers2 = std::vector<double>{0.5, 1.5, -2.0, 3.2500001};
    CHECK(column_checksum("x", numbers, std::span(&whole, 1)) != column_checksum("x", numbers2, std::span(&whole, 1)));
}
