#include "hackenbush-signs/signs_rows.hpp"
#include "hackenbush-signs/signs_schema.hpp"

#include <catch2/catch.hpp>

namespace common = cgt::common;
namespace jobs = cgt::jobs;
using cgt::core::GameId;
using cgt::core::GameStore;

namespace schema = cgt::jobs::hackenbush_signs::schema;

TEST_CASE("SignJob: every blue-red stalk up to 14 edges follows Berlekamp's rule, 2^n distinct values",
          "[hackenbush]") {
    const jobs::hackenbush_signs::Params params{14};
    const jobs::hackenbush_signs::SignTasks tasks(params);
    jobs::hackenbush_signs::SignWalk walk(params);
    for (std::uint64_t t = 0; t < tasks.count(); ++t) walk.run(tasks, t);
    const auto intervals = walk.intervals();
    const auto distinct = jobs::hackenbush_signs::distinct_by_length(14, intervals);
    // One walk in prefix order: each length's values chain into a single interval.
    CHECK(intervals.size() == 14);
    common::LocalTable table;
    jobs::hackenbush_signs::declare_length_columns(table);
    jobs::hackenbush_signs::append_length_rows(walk.stalks(), walk.mismatches(), distinct, intervals, table);
    for (std::size_t n = 1; n <= 14; ++n) {
        INFO("length " << n);
        CHECK(walk.stalks()[n] == std::uint64_t{1} << n);
        CHECK(walk.mismatches()[n] == 0);
        CHECK(distinct[n] == std::int64_t{1} << n);
        CHECK(table.column(schema::lengths::smallest)[n - 1] == "-" + std::to_string(n)); // all red
        CHECK(table.column(schema::lengths::largest)[n - 1] == std::to_string(n));        // all blue
    }
}

TEST_CASE("SignJob: ranks' intervals add up to the whole walk's counts", "[hackenbush]") {
    const jobs::hackenbush_signs::Params params{13};
    const jobs::hackenbush_signs::SignTasks tasks(params);
    // Three ranks with contiguous blocks of tasks and their own stores.
    std::vector<jobs::hackenbush_signs::Interval> all;
    std::vector<std::uint64_t> stalks(14, 0);
    for (std::uint64_t rank = 0; rank < 3; ++rank) {
        jobs::hackenbush_signs::SignWalk walk(params);
        for (std::uint64_t t = rank * tasks.count() / 3; t < (rank + 1) * tasks.count() / 3; ++t) walk.run(tasks, t);
        const auto mine = jobs::hackenbush_signs::unpack(jobs::hackenbush_signs::pack(walk.intervals())); // as gathered
        all.insert(all.end(), mine.begin(), mine.end());
        for (std::size_t n = 1; n <= 13; ++n) stalks[n] += walk.stalks()[n];
    }
    const auto distinct = jobs::hackenbush_signs::distinct_by_length(13, all);
    for (std::size_t n = 1; n <= 13; ++n) {
        CHECK(stalks[n] == std::uint64_t{1} << n);
        CHECK(distinct[n] == std::int64_t{1} << n);
    }
}

TEST_CASE("SignJob: overlapping intervals or values that are not numbers leave the count unknown",
          "[hackenbush]") {
    GameStore store;
    const auto num = [](std::int64_t n) { return GameStore::integer(n); };
    using I = jobs::hackenbush_signs::Interval;
    const std::vector<I> intervals = {
        {1, 2, true, num(-1), num(1)}, {1, 1, true, num(2), num(2)},   // disjoint: 3
        {2, 2, true, num(0), num(3)},  {2, 2, true, num(3), num(5)},   // 3 shared: unknown
        {3, 4, true, num(0), num(3)},  {3, 1, false, num(0), num(0)},  // a non-number: unknown
        {4, 2, true, num(5), num(9)},  {4, 2, true, num(-5), num(-1)}, // out of order, disjoint: 4
    };
    CHECK(jobs::hackenbush_signs::distinct_by_length(4, intervals) == std::vector<std::int64_t>{0, 3, -1, -1, 4});
    (void)store;
}

TEST_CASE("SignJob: tasks are prefixes, R before B, of length max(min(L, 5), L - 21)", "[hackenbush]") {
    struct Row { std::size_t length, depth; };
    for (const Row& row : std::vector<Row>{{1, 1}, {5, 5}, {6, 5}, {22, 5}, {26, 5}, {27, 6}, {33, 12}, {56, 35}}) {
        INFO("L = " << row.length);
        const jobs::hackenbush_signs::SignTasks tasks(jobs::hackenbush_signs::Params{row.length});
        CHECK(tasks.prefix_length() == row.depth);
        CHECK(tasks.count() == 1 + (std::uint64_t{1} << row.depth));
    }
    const jobs::hackenbush_signs::SignTasks tasks(jobs::hackenbush_signs::Params{22});
    CHECK(tasks.prefix(0).empty());
    CHECK(tasks.prefix(1) == "RRRRR");
    CHECK(tasks.prefix(2) == "RRRRB");
    CHECK(tasks.prefix(32) == "BBBBB");
}

TEST_CASE("SignJob: lengths beyond the engine's exact range are refused", "[hackenbush]") {
    for (long bad : {0L, -3L, 57L})
        CHECK_THROWS_WITH(jobs::hackenbush_signs::MAX_LENGTH_OPTION.check(bad),
                          "--max-length must be 1..56 (the engine holds blue-red stalks exactly up to 56 edges), "
                          "got " + std::to_string(bad));
    CHECK_NOTHROW(jobs::hackenbush_signs::MAX_LENGTH_OPTION.check(56));
}

TEST_CASE("SignJob: the examples table holds the article's BR = 1/2, BBR = 3/2, BRB = 3/4", "[hackenbush]") {
    common::LocalTable table;
    jobs::hackenbush_signs::declare_example_columns(table);
    jobs::hackenbush_signs::append_example_rows(jobs::hackenbush_signs::Params{22}, table);
    const auto& colours = table.column(schema::examples::colours);
    const auto& value = table.column(schema::examples::value);
    const auto& rule = table.column(schema::examples::sign_expansion);
    REQUIRE(colours.size() == 30);
    CHECK(colours.front() == "B");
    CHECK(colours[2] == "BB");
    CHECK(colours.back() == "RRRR");
    CHECK(value == rule);
    const auto find = [&](const std::string& c) {
        return value[static_cast<std::size_t>(std::find(colours.begin(), colours.end(), c) - colours.begin())];
    };
    CHECK(find("BR") == "1/2");
    CHECK(find("BBR") == "3/2");
    CHECK(find("BRB") == "3/4");
    CHECK(find("RBBR") == "-3/8"); // -1 + 1/2 + 1/4 - 1/8
}
