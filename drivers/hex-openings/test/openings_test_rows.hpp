#pragma once
// The openings job's rows as the unit tests compare them (test_openings_tasks.cpp,
// test_openings_store.cpp).
#include "hex-openings/openings_tasks.hpp"
#include "hex-openings/openings_schema.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>

namespace cgt::jobs::hex_openings::test {

struct Row {
    std::int64_t size, cols, row, col;
    std::string variant, rules, result;
    std::uint64_t nodes;
    int copied;
    friend bool operator==(const Row&, const Row&) = default;
};

// The rows of a table by their block key (each block of this job holds one row).
inline std::map<std::uint64_t, Row> rows_by_key(common::LocalTable& t) {
    std::map<std::uint64_t, Row> out;
    t.end_blocks();
    for (const auto& b : t.blocks()) {
        REQUIRE(b.rows == 1);
        const std::size_t i = b.first_row;
        out[b.key] = Row{t.column(schema::size)[i], t.column(schema::cols)[i], t.column(schema::row)[i],
                         t.column(schema::col)[i], t.column(schema::variant)[i],
                         t.column(schema::rules)[i], t.column(schema::openings::result)[i],
                         t.column(schema::openings::nodes)[i], t.column(schema::openings::copied)[i]};
    }
    return out;
}

} // namespace cgt::jobs::hex_openings::test
