#include "verify/common/checks.hpp"
#include "verify/hackenbush-common/figures.hpp"
#include "verify/hackenbush-common/frame.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

using namespace cgt;
using verify::hackenbush_common::indexes_valid;
using verify::hackenbush_common::values_sorted;

namespace {

// A values table as the Hackenbush drivers write it: `value` 0..N-1 and the canonical texts.
common::Table values_table(std::vector<std::uint64_t> index, std::vector<std::string> texts) {
    common::Table t;
    t.name = "values";
    t.rows = texts.size();
    t.columns.push_back({"value", std::move(index)});
    t.columns.push_back({"text", std::move(texts)});
    return t;
}

} // namespace

TEST_CASE("Hackenbush frame: a values table is sorted only with its texts ascending and distinct, "
          "indexed 0..N-1",
          "[hackenbush]") {
    CHECK(values_sorted(values_table({}, {})));
    CHECK(values_sorted(values_table({0, 1, 2}, {"*", "0", "1/2"}))); // byte order: '*' < '0' < '1'
    CHECK_FALSE(values_sorted(values_table({0, 1, 2}, {"0", "*", "1/2"})));
    CHECK_FALSE(values_sorted(values_table({0, 1, 2}, {"*", "0", "0"})));
    CHECK_FALSE(values_sorted(values_table({0, 2, 1}, {"*", "0", "1/2"})));
    CHECK_FALSE(values_sorted(values_table({1, 2, 3}, {"*", "0", "1/2"})));
}

TEST_CASE("Hackenbush frame: an index is valid only as a row of the values table", "[hackenbush]") {
    CHECK(indexes_valid({}, 0));
    CHECK(indexes_valid({0, 2, 1, 2}, 3));
    CHECK_FALSE(indexes_valid({0, 3}, 3));
    CHECK_FALSE(indexes_valid({-1, 0}, 3));
    CHECK_FALSE(indexes_valid({0}, 0));
}

TEST_CASE("Hackenbush figures: numbers and words blank-separated, as verify/data lists them",
          "[hackenbush]") {
    CHECK(verify::hackenbush_common::join({4, 19, 83, -1}) == "4 19 83 -1");
    CHECK(verify::hackenbush_common::join({}).empty());
    CHECK(verify::hackenbush_common::join_words({"BR", "BRG"}) == "BR BRG");
    CHECK(verify::hackenbush_common::join_words({"BR:1"}) == "BR:1");
}

TEST_CASE("Named checks: run in the order of the list, each with the same arguments", "[verify]") {
    using Log = std::vector<std::string>;
    const verify::NamedCheck<Log&, int> checks[] = {
        {"first", "a.key", "a source",
         [](Log& log, int n) { log.push_back("first " + std::to_string(n)); }},
        {"second", "identity", "a fact",
         [](Log& log, int n) { log.push_back("second " + std::to_string(n)); }},
        {"third", "b.key", "a source",
         [](Log& log, int n) { log.push_back("third " + std::to_string(n)); }},
    };
    Log log;
    verify::run_checks(checks, log, 7);
    CHECK(log == Log{"first 7", "second 7", "third 7"});
}
