#include "common/runtime/distinct_texts.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

using namespace cgt::common;

namespace {
const Comm& world() {
    static const Comm comm(MPI_COMM_WORLD);
    return comm;
}
int world_rank() { return world().rank(); }
int world_size() { return world().size(); }

// The shares of every rank, concatenated in rank order (on every rank).
std::vector<std::string> all_shares(const DistinctTexts& d) {
    std::vector<std::uint64_t> lengths;
    std::vector<char> bytes;
    for (const std::string& s : d.owned) {
        lengths.push_back(s.size());
        bytes.insert(bytes.end(), s.begin(), s.end());
    }
    const auto all_lengths = world().allgatherv(std::span<const std::uint64_t>(lengths), "test lengths");
    const auto all_bytes = world().allgatherv(std::span<const char>(bytes), "test bytes");
    std::vector<std::string> all;
    std::size_t at = 0;
    for (std::uint64_t n : all_lengths) {
        all.emplace_back(all_bytes.data() + at, n);
        at += n;
    }
    return all;
}

// Game-like texts: many shared between ranks, some repeated on one rank.
std::string text_of(int k) { return "{" + std::to_string(k % 97) + "|" + std::string(static_cast<std::size_t>(k % 5), '*') + "}"; }
} // namespace

TEST_CASE("DistinctTexts: indices are places in byte order, whatever the split", "[mpi]") {
    // Item k of 0..999 goes to rank k % size; the texts repeat within and across ranks.
    std::vector<std::string> mine, everything;
    for (int k = 0; k < 1000; ++k) {
        everything.push_back(text_of(k));
        if (k % world_size() == world_rank()) mine.push_back(text_of(k));
    }
    std::set<std::string> sorted(everything.begin(), everything.end());
    const std::vector<std::string> expected(sorted.begin(), sorted.end());
    const std::vector<std::string> copy = mine;
    const DistinctTexts d = index_distinct_texts(world(), mine);
    CHECK(d.total == expected.size());
    CHECK(d.total == 485); // 97 x 5 combinations, all reached by k < 1000
    REQUIRE(d.index.size() == copy.size());
    for (std::size_t i = 0; i < copy.size(); ++i) {
        REQUIRE(d.index[i] < expected.size());
        CHECK(expected[d.index[i]] == copy[i]);
    }
    CHECK(all_shares(d) == expected);
    CHECK(std::is_sorted(d.owned.begin(), d.owned.end()));
    std::uint64_t first = d.first;
    if (world_rank() == 0) CHECK(first == 0);
}

TEST_CASE("DistinctTexts: byte order puts '-' before digits and '{' after letters, bytes above 127 last",
          "[mpi]") {
    std::vector<std::string> mine;
    if (world_rank() == world_size() - 1) mine = {"{0|}", "1/2", "-1", "\xe2\x86\x91*", "^*", "-1"};
    const DistinctTexts d = index_distinct_texts(world(), mine);
    CHECK(d.total == 5);
    CHECK(all_shares(d) == std::vector<std::string>{"-1", "1/2", "^*", "{0|}", "\xe2\x86\x91*"});
    if (!mine.empty()) CHECK(d.index == std::vector<std::uint64_t>{3, 1, 0, 4, 2, 0});
}

TEST_CASE("DistinctTexts: ranks without texts and no texts at all", "[mpi]") {
    const DistinctTexts none = index_distinct_texts(world(), {});
    CHECK(none.total == 0);
    CHECK(none.owned.empty());
    CHECK(none.index.empty());
    std::vector<std::string> mine;
    if (world_rank() == 0) mine = {"b", "a", "b", ""};
    const DistinctTexts d = index_distinct_texts(world(), mine);
    CHECK(d.total == 3);
    if (world_rank() == 0) CHECK(d.index == std::vector<std::uint64_t>{2, 1, 2, 0});
    CHECK(all_shares(d) == std::vector<std::string>{"", "a", "b"});
}

TEST_CASE("DistinctTexts: distinct indices per group are counted across ranks", "[mpi]") {
    // Group g = k % 3 of items k = 0..299 with index k % 10 (k % 3 == 0) or k % 7 (others);
    // each rank holds every size-th item.
    std::vector<std::uint64_t> group, index;
    for (std::uint64_t k = 0; k < 300; ++k)
        if (k % static_cast<std::uint64_t>(world_size()) == static_cast<std::uint64_t>(world_rank())) {
            group.push_back(k % 3);
            index.push_back(k % 3 == 0 ? k % 10 : k % 7);
        }
    CHECK(count_distinct_per_group(world(), 10, 4, group, index) == std::vector<std::uint64_t>{10, 7, 7, 0});
    CHECK_THROWS_WITH(count_distinct_per_group(world(), 5, 4, std::vector<std::uint64_t>{0},
                                               std::vector<std::uint64_t>{5}),
                      "count_distinct_per_group: item 0 has group 0 and index 5 (limits 4 and 5)");
}
