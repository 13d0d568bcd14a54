#include "core/dyadic.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using cgt::core::Dyadic;

TEST_CASE("Dyadic: reads and writes n and n/2^k, refusing what is not dyadic", "[cgt]") {
    struct Row { std::string text; std::string written; std::string error; };
    const std::vector<Row> rows = {
        {"0", "0", ""},           {"7", "7", ""},          {"-3", "-3", ""},
        {"3/4", "3/4", ""},       {"-5/2", "-5/2", ""},    {"6/4", "3/2", ""},
        {"4/2", "2", ""},         {"1/1", "1", ""},        {"\u22121/2", "-1/2", ""},
        {"0/8", "0", ""},         {"1365/2048", "1365/2048", ""},
        {"1/3", "", "power of two"}, {"1/0", "", "power of two"}, {"", "", "not a number"},
        {"-", "", "not a number"},   {"1/", "", "not a number"},  {"x", "", "not a number"},
        {"1.5", "", "not a number"}, {"+1", "", "not a number"},
        {"123456789012345678", "", "outside the exact dyadic range"},
    };
    for (const auto& row : rows) {
        INFO(row.text);
        if (row.error.empty()) {
            CHECK(Dyadic::parse(row.text).to_string() == row.written);
        } else {
            CHECK_THROWS_WITH(Dyadic::parse(row.text), Catch::Contains(row.error));
        }
    }
}

TEST_CASE("Dyadic: exact sums, order, floor, ceil and birthdays", "[cgt]") {
    const auto d = [](const char* t) { return Dyadic::parse(t); };
    CHECK(d("1/2") + d("1/4") == d("3/4"));
    CHECK(d("1/2") + d("1/2") == d("1"));
    CHECK(d("-5/2") - d("1/2") == d("-3"));
    CHECK(-d("3/8") == d("-3/8"));
    CHECK(d("1/1024") < d("1/512"));
    CHECK(d("-1/2") < d("-1/4"));
    CHECK(d("7/4") > d("1"));
    struct Row { const char* x; std::int64_t floor, ceil; std::uint64_t birthday; };
    const std::vector<Row> rows = {
        {"0", 0, 0, 0},       {"3", 3, 3, 3},      {"-2", -2, -2, 2},  {"1/2", 0, 1, 2},
        {"3/4", 0, 1, 3},     {"3/2", 1, 2, 3},    {"-5/2", -3, -2, 4}, {"5/4", 1, 2, 4},
        {"-1/8", -1, 0, 4},   {"1365/2048", 0, 1, 12},
    };
    for (const auto& row : rows) {
        INFO(row.x);
        CHECK(d(row.x).floor() == row.floor);
        CHECK(d(row.x).ceil() == row.ceil);
        CHECK(d(row.x).birthday() == row.birthday);
    }
}

TEST_CASE("Dyadic: the simplest number between two bounds", "[cgt]") {
    struct Row { const char* lo; const char* hi; const char* simplest; };
    // "" is an unbounded side.
    const std::vector<Row> rows = {
        {"", "", "0"},         {"0", "", "1"},        {"", "0", "-1"},       {"3/2", "", "2"},
        {"", "-5/2", "-3"},    {"-1", "1", "0"},      {"0", "1", "1/2"},     {"1/2", "1", "3/4"},
        {"1", "2", "3/2"},     {"0", "3", "1"},       {"-3", "-1", "-2"},    {"-1", "0", "-1/2"},
        {"1/4", "7/8", "1/2"}, {"5/8", "7/8", "3/4"}, {"11/16", "3/4", "23/32"},
        {"-7/8", "-5/8", "-3/4"}, {"2", "9/4", "17/8"},
    };
    for (const auto& row : rows) {
        INFO(row.lo << " .. " << row.hi);
        const Dyadic lo = *row.lo ? Dyadic::parse(row.lo) : Dyadic();
        const Dyadic hi = *row.hi ? Dyadic::parse(row.hi) : Dyadic();
        CHECK(cgt::core::simplest_between(*row.lo ? &lo : nullptr, *row.hi ? &hi : nullptr) ==
              Dyadic::parse(row.simplest));
    }
}

TEST_CASE("Dyadic: results beyond 2^55 or 2^-62 are refused", "[cgt]") {
    const Dyadic big(Dyadic::MAX_NUMERATOR);
    CHECK_THROWS_AS(big + Dyadic(1), std::overflow_error);
    CHECK_THROWS_AS(Dyadic(Dyadic::MAX_NUMERATOR + 1), std::overflow_error);
    CHECK_THROWS_AS(Dyadic::fraction(1, 63), std::overflow_error);
    CHECK(Dyadic::fraction(2, 63) == Dyadic::fraction(1, 62));
}
