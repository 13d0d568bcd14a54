#include "common/plumbing/partition.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace cgt::common;

TEST_CASE("Partition: blocks are in order, disjoint, near-equal and cover the range", "[common]") {
    for (std::uint64_t total : {0ull, 1ull, 2ull, 7ull, 165ull, 1000003ull}) {
        for (std::uint64_t parts : {1ull, 2ull, 3ull, 4ull, 16ull, 200ull}) {
            std::uint64_t next = 0, smallest = UINT64_MAX, largest = 0;
            for (std::uint64_t i = 0; i < parts; ++i) {
                const Range r = block_range(total, parts, i);
                CHECK(r.begin == next);
                next = r.end;
                smallest = std::min(smallest, r.size());
                largest = std::max(largest, r.size());
                for (std::uint64_t item = r.begin; item < r.end; item += 1 + r.size() / 5)
                    CHECK(block_owner(total, parts, item) == i);
                if (!r.empty()) CHECK(block_owner(total, parts, r.end - 1) == i);
            }
            CHECK(next == total);
            CHECK(largest - smallest <= 1);
        }
    }
}

TEST_CASE("Partition: known splits", "[common]") {
    CHECK(block_range(165, 3, 0) == Range{0, 55});
    CHECK(block_range(165, 3, 2) == Range{110, 165});
    CHECK(block_range(10, 4, 0) == Range{0, 3});
    CHECK(block_range(10, 4, 1) == Range{3, 6});
    CHECK(block_range(10, 4, 2) == Range{6, 8});
    CHECK(block_range(10, 4, 3) == Range{8, 10});
    CHECK(block_range(2, 3, 2).empty());
}

TEST_CASE("Partition: bad arguments are refused", "[common]") {
    CHECK_THROWS_AS(block_range(10, 0, 0), std::invalid_argument);
    CHECK_THROWS_AS(block_range(10, 3, 3), std::invalid_argument);
    CHECK_THROWS_AS(block_owner(10, 3, 10), std::invalid_argument);
}
