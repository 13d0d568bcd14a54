#include "impartial/multisets.hpp"
#include "impartial/take_away.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cgt::impartial;

TEST_CASE("Mex: smallest missing value", "[impartial]") {
    struct Row { std::vector<Grundy> set; Grundy mex; };
    const std::vector<Row> rows = {
        {{}, 0}, {{0, 1, 3}, 2}, {{1, 2}, 0}, {{0, 0, 0}, 1}, {{3, 2, 1, 0}, 4}, {{5, 0, 1}, 2}};
    for (const auto& row : rows) {
        CHECK(mex(row.set) == row.mex);
        MexSet s;
        for (Grundy v : row.set) s.mark(v);
        CHECK(s.mex() == row.mex);
        s.clear();
        CHECK(s.mex() == 0);
    }
}

TEST_CASE("TakeAway: Nim's values are the heap sizes", "[impartial]") {
    const auto g = TakeAway::nim().grundy_values(40);
    for (Heap h = 0; h <= 40; ++h) CHECK(g[h] == h);
}

TEST_CASE("TakeAway: S={1,3,4} is 0 1 0 1 2 3 2 with period 7 from 0", "[impartial]") {
    const auto g = TakeAway::parse("{1,3,4}").grundy_values(700);
    const Grundy period[7] = {0, 1, 0, 1, 2, 3, 2};
    for (Heap h = 0; h <= 700; ++h) CHECK(g[h] == period[h % 7]);
}

TEST_CASE("TakeAway: known subtraction sequences", "[impartial]") {
    struct Row { std::string set; std::vector<Grundy> values; };
    const std::vector<Row> rows = {
        {"1,2,3", {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}},
        {"1", {0, 1, 0, 1, 0, 1}},
        {"2", {0, 0, 1, 1, 0, 0, 1, 1}},
        {"2,3,7", {0, 0, 1, 1, 2, 0, 0, 1, 1, 2}},  // period 5 from 0 (the article's example)
    };
    for (const auto& row : rows) {
        const auto g = TakeAway::parse(row.set).grundy_values(static_cast<Heap>(row.values.size() - 1));
        CHECK(g == row.values);
    }
}

TEST_CASE("TakeAway: bad subtraction sets are refused with a reason", "[impartial]") {
    struct Row { std::string text; std::string message; };
    const std::vector<Row> rows = {
        {"", "empty"},          {"{}", "empty"},        {"0", "contains 0"},
        {"1,0,3", "contains 0"}, {"1,,3", "empty element"}, {"1,x", "not a non-negative integer"},
        {"-1", "not a non-negative integer"}, {"{1,2", "unbalanced"},
        {"foo", "'foo' is not a game: write nim or a subtraction set such as 1,3,4"},
    };
    for (const auto& row : rows) {
        INFO(row.text);
        CHECK_THROWS_WITH(TakeAway::parse(row.text), Catch::Contains(row.message));
    }
    CHECK(TakeAway::parse("3, 1,4,1").name() == "S={1,3,4}");
    CHECK(TakeAway::parse("nim").name() == "nim");
}

TEST_CASE("TakeAway: XOR rule equals value-free search on 3 heaps up to 8", "[impartial]") {
    std::size_t checked = 0;
    for (const auto& game : {TakeAway::nim(), TakeAway::parse("1,3,4")}) {
        const auto values = game.grundy_values(8);
        WinLossSearch search(game);
        for (Heap a = 0; a <= 8; ++a)
            for (Heap b = a; b <= 8; ++b)
                for (Heap c = b; c <= 8; ++c) {
                    const Grundy g[3] = {values[a], values[b], values[c]};
                    CHECK(search.first_player_wins({a, b, c}) == (nim_sum(g) != 0));
                    ++checked;
                }
    }
    CHECK(checked == 330);
}

TEST_CASE("TakeAway: the winning move in Nim 3,5,7 takes 1 from the 3, 3,5,6 is lost",
          "[impartial]") {
    const auto nim = TakeAway::nim();
    const auto values = nim.grundy_values(10);
    const Heap win[3] = {3, 5, 7};
    const auto move = winning_move(nim, win, values);
    REQUIRE(move);
    CHECK(move->heap_index == 0);
    CHECK(move->take == 1);
    const Heap lose[3] = {3, 5, 6};
    CHECK_FALSE(winning_move(nim, lose, values));
    // The article's exercise: 1, 4, 5, 6 has XOR 6, so a move exists; it reaches XOR 0.
    const Heap ex[4] = {1, 4, 5, 6};
    const auto m = winning_move(nim, ex, values);
    REQUIRE(m);
    Heap after[4] = {1, 4, 5, 6};
    after[m->heap_index] -= m->take;
    CHECK((after[0] ^ after[1] ^ after[2] ^ after[3]) == 0);
}

TEST_CASE("Multisets: 3 heaps up to 8 are the 165 sorted triples in order", "[impartial]") {
    Multisets sets(3, 8);
    REQUIRE(sets.count() == 165);
    std::vector<std::uint32_t> expect = {0, 0, 0};
    std::uint64_t i = 0;
    do {
        CHECK(sets.unrank(i) == expect);
        CHECK(sets.rank(expect) == i);
        ++i;
    } while (sets.next(expect));
    CHECK(i == 165);
    CHECK(sets.unrank(164) == std::vector<std::uint32_t>{8, 8, 8});
}

TEST_CASE("Multisets: sizes out of range are refused", "[impartial]") {
    CHECK_THROWS_WITH(Multisets(0, 8), Catch::Contains("1..16"));
    CHECK_THROWS_WITH(Multisets(17, 8), Catch::Contains("1..16"));
    CHECK_THROWS_WITH(Multisets(16, 4000000000u), Catch::Contains("64 bits"));
    CHECK(Multisets(16, 20).count() == 7307872110ull); // C(36, 16)
}
