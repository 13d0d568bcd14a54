#include "impartial/grundy_game.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

using namespace cgt::impartial;

TEST_CASE("GrundyGame: the definition starts as OEIS A002188", "[impartial][grundy]") {
    // A002188, n = 0..40 (the OEIS data section).
    const std::vector<Grundy> a002188 = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
                                         4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1};
    CHECK(grundy_values_by_definition(40) == a002188);
    CHECK(grundy_values_by_definition(0) == std::vector<Grundy>{0});
}

TEST_CASE("GrundyGame: splits are unequal, of heaps of 3 or more, smaller part ascending",
          "[impartial][grundy]") {
    for (HeapSize n = 0; n <= 300; ++n) {
        const auto splits = grundy_splits(n);
        CHECK(splits.size() == (n >= 1 ? (n - 1) / 2 : 0));
        for (std::size_t i = 0; i < splits.size(); ++i) {
            const Split& s = splits[i];
            CHECK(s.small == i + 1);
            CHECK(s.small + s.large == n);
            CHECK(s.small < s.large); // never the equal halves
        }
    }
    CHECK(grundy_splits(1).empty());
    CHECK(grundy_splits(2).empty());
    const auto six = grundy_splits(6); // 1 + 5, 2 + 4; 3 + 3 is not a move
    REQUIRE(six.size() == 2);
    CHECK((six[0].small == 1 && six[0].large == 5 && six[1].small == 2 && six[1].large == 4));
}

TEST_CASE("GrundyGame: sparse and common values by Flammenkamp's mask", "[impartial][grundy]") {
    struct Row { Grundy value; bool sparse; };
    const std::vector<Row> rows = {{0, true},   {1, true},   {2, false},  {3, false},  {4, false},
                                   {5, false},  {6, true},   {7, true},   {8, false},  {10, true},
                                   {13, true},  {14, false}, {256, false}, {258, true}, {259, true},
                                   {265, true}, {280, false}, {511, true}};
    for (const auto& row : rows) {
        INFO(row.value);
        CHECK(is_sparse_value(row.value) == row.sparse);
    }
}

TEST_CASE("GrundyGame: the classes are closed under xor as the article says (0..511)",
          "[impartial][grundy]") {
    std::size_t pairs = 0;
    for (Grundy x = 0; x < 512; ++x)
        for (Grundy y = 0; y < 512; ++y) {
            const bool sx = is_sparse_value(x), sy = is_sparse_value(y);
            // common ^ common and sparse ^ sparse are sparse; common ^ sparse is common
            if (is_sparse_value(x ^ y) != (sx == sy)) FAIL("x = " << x << ", y = " << y);
            ++pairs;
        }
    CHECK(pairs == 512 * 512);
}

namespace {
// Every partition of every total 0..max_tokens, heaps of at least 1, largest first.
void for_each_position(unsigned max_tokens, const std::function<void(const std::vector<HeapSize>&)>& visit) {
    std::vector<HeapSize> heaps;
    std::function<void(unsigned, HeapSize)> extend = [&](unsigned left, HeapSize largest) {
        visit(heaps);
        for (HeapSize h = 1; h <= largest && h <= left; ++h) {
            heaps.push_back(h);
            extend(left - static_cast<unsigned>(h), h);
            heaps.pop_back();
        }
    };
    extend(max_tokens, max_tokens);
}
} // namespace

TEST_CASE("GrundyGame: xor rule equals value-free search on all 7,338 positions of <= 24 tokens",
          "[impartial][grundy]") {
    const auto values = grundy_values_by_definition(24);
    GrundyWinLossSearch search;
    std::size_t positions = 0, won = 0;
    for_each_position(24, [&](const std::vector<HeapSize>& heaps) {
        ++positions;
        const bool wins = position_value(heaps, values) != 0;
        won += wins;
        if (search.first_player_wins(heaps) != wins) FAIL("position of " << heaps.size() << " heaps");
        // A split is winning exactly when the opponent, to move after it, loses; and a won
        // position has one.
        bool any = false;
        for (const SplitVerdict& v : judge_splits(heaps, values)) {
            std::vector<HeapSize> after = heaps;
            after[v.heap_index] = v.split.small;
            after.push_back(v.split.large);
            CHECK(v.winning == !search.first_player_wins(after));
            CHECK(v.winning == (v.value_after == 0));
            any = any || v.winning;
        }
        CHECK(any == wins);
    });
    CHECK(positions == 7338);
    CHECK(won > 0);
    CHECK(won < positions);
}

TEST_CASE("GrundyGame: judging the splits of 6, 7 and 10", "[impartial][grundy]") {
    const auto values = grundy_values_by_definition(10);
    // G(6) = 1: 1 + 5 leaves G(1) ^ G(5) = 2; 2 + 4 leaves 0 and wins.
    const std::vector<HeapSize> six = {6};
    const auto v6 = judge_splits(six, values);
    REQUIRE(v6.size() == 2);
    CHECK((v6[0].value_after == 2 && !v6[0].winning));
    CHECK((v6[1].value_after == 0 && v6[1].winning));
    // 7 (G = 0) and 10 (G = 0) together are lost: no split of either wins.
    const std::vector<HeapSize> lost = {7, 10};
    CHECK(position_value(lost, values) == 0);
    const auto v = judge_splits(lost, values);
    CHECK(v.size() == 3 + 4);
    for (const auto& s : v) CHECK_FALSE(s.winning);
    const std::vector<HeapSize> too_big = {11};
    CHECK_THROWS_WITH(judge_splits(too_big, values), Catch::Contains("heap 11 has no value"));
}

TEST_CASE("GrundyGame: heap lists typed by a user", "[impartial][grundy]") {
    struct Row { std::string text; std::vector<HeapSize> heaps; std::string error; };
    const std::vector<Row> rows = {
        {"10 7 5", {10, 7, 5}, ""},
        {"10,7,5", {10, 7, 5}, ""},
        {" 3 ,\t4 ", {3, 4}, ""},
        {"1000", {1000}, ""},
        {"", {}, "no heaps given"},
        {" , ", {}, "no heaps given"},
        {"0", {}, "heap '0' must be an integer 1..1000"},
        {"1001", {}, "heap '1001' must be an integer 1..1000"},
        {"5 x", {}, "heap 'x' must be an integer 1..1000"},
        {"-3", {}, "heap '-3' must be an integer 1..1000"},
        {"99999999999999999999999", {}, "heap '99999999999999999999999' must be"},
        {"10, 7", {10, 7}, ""},
        {"10,,7", {}, "'10,,7' has an empty item: a comma with no heap on one side"},
        {"10 , , 7", {}, "has an empty item"},
        {",3", {}, "has an empty item"},
        {"3,", {}, "has an empty item"},
    };
    for (const auto& row : rows) {
        INFO(row.text);
        if (row.error.empty())
            CHECK(parse_heaps(row.text, 1000) == row.heaps);
        else
            CHECK_THROWS_WITH(parse_heaps(row.text, 1000), Catch::Contains(row.error));
    }
}
